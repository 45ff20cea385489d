#!/usr/bin/env python3
"""Regenerates the probing tasks' tables in docs/probing.md (between the
`<!-- probe-tables:NAME -->` and `<!-- /probe-tables:NAME -->` markers;
nothing else in the file changes, and nothing is written when a pair of
markers is missing):

- `filtered`: `sous probe DIR --format stats` over the 30 gold networks, as
  published (the shortcut filter on);
- `candidates`: the same with `--all-candidates`, every candidate, to show
  what the trivial rules did before the filter;
- `speed`: the medians of criterion's last `cargo bench -p sous-probe`
  (target/criterion/30 gold networks_*/new/estimates.json).

Usage: SOUS_BENCHMARK_DIR=… python3 tools/probe_tables.py [--sous target/release/sous] [--tables filtered,candidates]
"""

import argparse
import json
import subprocess
import sys

from docs import DOCS, gold_dir, require, target_dir, write_tables

CHAPTER = DOCS / "probing.md"
NAMES = ("filtered", "candidates", "speed")


def stats(sous, extra):
    out = subprocess.run([sous, "probe", str(gold_dir()), "--format", "stats", *extra],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"sous probe failed: {out.stderr}")
    # The table only: the timing line below it changes from run to run.
    return "\n".join(l for l in out.stdout.splitlines() if l.startswith("|")) + "\n"


def speed():
    rows = ["| what, over the 30 gold networks, one core | median |", "|---|---|"]
    found = sorted((target_dir() / "criterion").glob("30 gold networks_*/new/estimates.json"))
    if not found:
        sys.exit("no criterion results: run `cargo bench -p sous-probe` first")
    for est in found:
        name = est.parent.parent.name.replace("30 gold networks_ ", "")
        ms = json.loads(est.read_text())["median"]["point_estimate"] / 1e6
        rows.append(f"| execute, cut into steps, {name} | {ms:.0f} ms |")
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(
        description="Writes the probing tasks' tables into docs/probing.md, between its "
                    "<!-- probe-tables:NAME --> markers (filtered, candidates, speed).")
    ap.add_argument("--sous", default=str(target_dir() / "release" / "sous"),
                    help="the sous binary (default: target/release/sous; CARGO_TARGET_DIR is honoured)")
    ap.add_argument("--tables", default=",".join(NAMES),
                    help=f"which tables, comma-separated (default all: {','.join(NAMES)}); the "
                         "others are left as they are")
    args = ap.parse_args()
    names = [n for n in args.tables.split(",") if n]
    unknown = [n for n in names if n not in NAMES]
    if unknown:
        sys.exit(f"unknown tables {unknown}: the tables are {', '.join(NAMES)}")
    require(CHAPTER, "probe-tables", names)
    make = {
        "filtered": lambda: stats(args.sous, []),
        "candidates": lambda: stats(args.sous, ["--all-candidates"]),
        "speed": speed,
    }
    write_tables(CHAPTER, "probe-tables", {n: make[n]() for n in names})


if __name__ == "__main__":
    main()
