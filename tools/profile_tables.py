#!/usr/bin/env python3
"""Writes the two tables of docs/running.md that compare the reference
kitchen with the corrected one (`--profile reference|corrected`), between
`<!-- profile-tables:gold -->` and `<!-- profile-tables:examples -->` markers:

- gold: every benchmark gold network scored as a prediction of its own recipe
  (goal-condition success / dish / time), the rows where the profiles differ;
- examples: the ten documented example solutions (Smatch / goal / dish / time).

It runs the `sous` binary (`--sous PATH`; default target/release/sous, else
target/debug/sous) with `--format json`; the benchmark comes from
SOUS_BENCHMARK_DIR or ../shared/recipe-execution-benchmark.

  python3 tools/profile_tables.py           # rewrite the tables in docs/running.md
  python3 tools/profile_tables.py --print   # print them, touch nothing
"""

import argparse
import json
import subprocess
import sys

from docs import ROOT, benchmark_dir, gold_dir, require, write_tables

CHAPTER = ROOT / "docs" / "running.md"
PROFILES = ("reference", "corrected")


def evaluate(sous, path, profile, metrics, others=()):
    """The report of the one recipe in `path`, read from standard input. A
    header that names the recipe of another file of `others` is corrected to
    this file's name, as the reference binds a gold file to its recipe by
    file name (black-bean-salad-2.solution is headed #black-bean-salad-4)."""
    lines = path.read_text().splitlines()

    def header(line):
        rid = line[1:].strip()
        return f"#{path.stem}" if rid != path.stem and rid in others else line
    text = "\n".join(header(l) if l.startswith("#") else l for l in lines) + "\n"
    out = subprocess.run(
        [sous, "evaluate", "-", "--profile", profile, "--format", "jsonl", "--metrics", ",".join(metrics),
         "--benchmark", str(benchmark_dir())],
        input=text, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"sous evaluate {path} --profile {profile} failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout.splitlines()[0])


def two(x):
    """The CSV's two decimals (the reference rounds the shortest decimal half up)."""
    if x is None:
        return "NIL"
    from decimal import Decimal, ROUND_HALF_UP
    return str(Decimal(repr(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def cells(r, smatch):
    parts = []
    if smatch:
        parts.append(f'{r["smatch"]["f1"]:.2f}')
    parts += [two(r.get("goal-condition-success")), two(r.get("dish-approximation-score"))]
    t = r.get("execution-time")
    parts.append("NIL" if t is None else f"{t:.0f}" if float(t).is_integer() else str(t))
    return " / ".join(parts)


def tables(sous):
    gold = sorted(gold_dir().glob("*.solution"))
    examples = sorted((benchmark_dir() / "documentation" / "examples" / "evaluation").glob("*.solution"))
    m = ["goal-condition-success", "dish-approximation-score", "execution-time"]
    rows = ["| gold network | reference: goal / dish / time | corrected: goal / dish / time |", "|---|---|---|"]
    stems = {f.stem for f in gold}
    for f in gold:
        a, c = (cells(evaluate(sous, f, p, m, stems), False) for p in PROFILES)
        if a != c:
            rows.append(f"| {f.stem} | {a} | {c} |")
    g = "\n".join(rows) + "\n"
    rows = ["| example | reference: Smatch / goal / dish / time | corrected: Smatch / goal / dish / time |", "|---|---|---|"]
    for f in examples:
        a, c = (cells(evaluate(sous, f, p, ["smatch-score"] + m), True) for p in PROFILES)
        rows.append(f"| {f.stem} | {a} | {c} |")
    return g, "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sous", help="the sous binary (default target/release/sous, else target/debug/sous)")
    ap.add_argument("--print", action="store_true", help="print the tables instead of writing docs/running.md")
    args = ap.parse_args()
    sous = args.sous or next((str(p) for p in (ROOT / "target" / "release" / "sous", ROOT / "target" / "debug" / "sous")
                              if p.exists()), None)
    if not sous:
        sys.exit("no sous binary: build it (cargo build --release -p sous-cli) or pass --sous")
    if not args.print:
        require(CHAPTER, "profile-tables", ["gold", "examples"])
    g, e = tables(sous)
    if args.print:
        sys.stdout.write(g + "\n" + e)
        return
    write_tables(CHAPTER, "profile-tables", {"gold": g, "examples": e})


if __name__ == "__main__":
    main()
