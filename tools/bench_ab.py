#!/usr/bin/env python3
"""Interleaved A/B of two criterion bench binaries: A, B, A, B ... on one
core, each run short, so that both meet the same drifts of a shared,
noisy machine. Prints each side's median and minimum and the median of
the pair-by-pair ratios A/B.

  bench_ab.py BIN_A BIN_B [--filter NAME] [--rounds N]

A bench binary is what `cargo bench -p CRATE --bench NAME --no-run` builds
(target/release/deps/NAME-HASH); copy it aside before building the other
commit's. SOUS_BENCHMARK_DIR as for the benches.
"""

import argparse
import re
import statistics
import subprocess
import sys

UNITS = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}
TIME = re.compile(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")


def run(binary: str, name: str) -> float:
    """One short criterion run: its point estimate, in ms."""
    out = subprocess.run(
        ["taskset", "-c", "0", binary, "--bench", "--measurement-time", "1",
         "--warm-up-time", "0.5", name],
        capture_output=True, text=True, check=True,
    ).stdout
    m = TIME.search(out)
    if not m:
        sys.exit(f"no `time:` line from {binary} (is `{name}` a bench of it?)")
    return float(m.group(1)) * UNITS[m.group(2)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--filter", default="execute all 30 gold networks")
    ap.add_argument("--rounds", type=int, default=16)
    args = ap.parse_args()
    pairs = [(run(args.a, args.filter), run(args.b, args.filter)) for _ in range(args.rounds)]
    a = [x for x, _ in pairs]
    b = [y for _, y in pairs]
    ratios = [x / y for x, y in pairs]
    print(f"{args.rounds} rounds of `{args.filter}`, A then B, on core 0")
    print(f"A: median {statistics.median(a):.3f} ms, min {min(a):.3f} ms")
    print(f"B: median {statistics.median(b):.3f} ms, min {min(b):.3f} ms")
    print(f"A/B: median of pair ratios {statistics.median(ratios):.3f}, "
          f"ratio of minima {min(a) / min(b):.3f}")


if __name__ == "__main__":
    main()
