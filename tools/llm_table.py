#!/usr/bin/env python3
"""Regenerates the language-model comparison table in README.md (between
`<!-- llm-tables:comparison -->` and `<!-- /llm-tables:comparison -->`)
from run summaries, one row per file: the JSON that `sous understand
--agent llm --summary FILE` writes. Best mean dish first.

Columns: the run (its `--label`, else the file's name), model, protocol,
recipes, mean dish approximation score and mean goal-condition success
(over every recipe given, a recipe without a network counting 0; `–`
without `--evaluate`), networks that executed with no failed action,
tokens (prompt + completion, as the endpoint reported them) and cost (at
the run's `--price-in`/`--price-out`; `–` without prices).

Usage: python3 tools/llm_table.py [SUMMARY.json | DIR ...] [--print]
       (default: docs/llm-runs/*.json; --print writes the table to stdout
       instead of into README.md)
"""

import argparse
import json
import pathlib
import sys

from readme import README, ROOT, replace

DEFAULT = ROOT / "docs" / "llm-runs"


def summaries(paths):
    files = []
    for p in map(pathlib.Path, paths):
        files.extend(sorted(p.glob("*.json")) if p.is_dir() else [p])
    out = []
    for f in files:
        try:
            s = json.loads(f.read_text())
        except (OSError, ValueError) as e:
            sys.exit(f"{f}: not a summary: {e}")
        if s.get("kind") != "sous-llm-summary":
            sys.exit(f"{f}: not a summary of `sous understand --agent llm --summary`")
        out.append((f, s))
    return out


def score(x):
    return "–" if x is None else f"{x:.3f}"


def row(path, s):
    t = s["totals"]
    settings = s.get("settings", {})
    tokens = t["prompt_tokens"] + t["completion_tokens"]
    if t["requests"] and t.get("without_usage", 0) == t["requests"]:
        tokens = "not reported"
    else:
        tokens = f"{tokens:,}"
    priced = settings.get("price_in") or settings.get("price_out")
    cost = f"{t['cost']:.2f}" if priced else "–"
    run = s.get("label") or path.stem
    return (f"| {run} | {s['model']} | {s['protocol']} | {t['recipes']} | {score(t.get('mean_dish'))} "
            f"| {score(t.get('mean_goal'))} | {t['executed']}/{t['recipes']} | {tokens} | {cost} |")


def table(found):
    found = sorted(found, key=lambda fs: -(fs[1]["totals"].get("mean_dish") or -1))
    lines = ["| run | model | protocol | recipes | mean dish | mean goal | executed | tokens | cost |",
             "|---|---|---|---|---|---|---|---|---|"]
    lines += [row(f, s) for f, s in found]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)])
    ap.add_argument("--print", action="store_true", help="print the table instead of writing README.md")
    args = ap.parse_args()
    found = summaries(args.paths)
    if not found:
        sys.exit(f"no summaries in {' '.join(args.paths)}")
    body = table(found)
    if args.print:
        print(body, end="")
        return
    README.write_text(replace(README.read_text(), "llm-tables", "comparison", body))


if __name__ == "__main__":
    main()
