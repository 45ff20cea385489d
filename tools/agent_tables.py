#!/usr/bin/env python3
"""Regenerates the baseline agent's table on the development set (the
benchmark's 30 recipe texts) in README.md, between the
`<!-- agent-tables:development -->` and `<!-- /agent-tables:development -->`
markers, from `sous understand --benchmark --evaluate`.

Usage: SOUS_BENCHMARK_DIR=… python3 tools/agent_tables.py [--sous target/release/sous]
"""

import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def table(sous):
    out = subprocess.run([sous, "understand", "--benchmark", "--evaluate", "--output", "/dev/null"],
                         capture_output=True, text=True)
    rows = [l for l in out.stdout.splitlines() if l.startswith("|")]
    if len(rows) < 3:
        sys.exit(f"sous understand --benchmark --evaluate printed no table: {out.stderr}")
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sous", default=str(ROOT / "target" / "release" / "sous"))
    args = ap.parse_args()
    text = README.read_text()
    pattern = re.compile(r"(<!-- agent-tables:development -->\n).*?(<!-- /agent-tables:development -->)", re.S)
    if not pattern.search(text):
        sys.exit("README.md has no agent-tables:development markers")
    body = table(args.sous)
    README.write_text(pattern.sub(lambda m: m.group(1) + body + m.group(2), text))


if __name__ == "__main__":
    main()
