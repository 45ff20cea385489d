#!/usr/bin/env python3
"""Streams N predictions to stdout for the evaluator's throughput figure
(tools/perf_table.py, docs/performance.md): the benchmark's 30 gold
networks, each with its `#id` header, over and over until there are N.

Usage: SOUS_BENCHMARK_DIR=… python3 tools/gen_predictions.py 100000 \\
           | /usr/bin/time -f %M sous evaluate - --format jsonl > /dev/null
"""

import itertools
import sys

from docs import gold_dir


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    networks = []
    for path in sorted(gold_dir().glob("*.solution")):
        body = path.read_text().strip()
        if not body.startswith("#"):
            body = f"#{path.stem}\n{body}"
        networks.append(body)
    out = sys.stdout
    for body in itertools.islice(itertools.cycle(networks), n):
        out.write(body)
        out.write("\n\n")


if __name__ == "__main__":
    main()
