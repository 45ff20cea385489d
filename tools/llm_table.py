#!/usr/bin/env python3
"""Makes the language-model comparison table from run summaries, one row
per file: the JSON that `sous understand --agent llm --summary FILE`
writes. Best mean dish first. By default it prints the table and touches
no file; with `--write` it replaces the table in docs/llm.md (between
`<!-- llm-tables:comparison -->` and `<!-- /llm-tables:comparison -->`,
nothing else in the file).

Columns: the run (its `--label`, else the file's name), model, protocol,
recipes, the text answers that parsed as predicates of the language (`–`
when there were none: tool calls; an answer cut at the token limit is
judged without its unfinished last line), the answers cut at the token
limit, networks that executed with no failed
action, mean dish approximation score and mean goal-condition success
(over every recipe given, a recipe without a network counting 0; `–`
without `--evaluate`), prompt and completion tokens as the endpoint
reported them, the largest request (the most prompt tokens one request
had, plus the answer's budget `--answer-tokens`: what must fit the served
context, out of `--context-tokens`), the run's wall time, and cost (at the
run's `--price-in`/`--price-out`; `–` without prices).

A second table counts each run's errors against the gold networks (root
causes, summed over its recipes, as `sous evaluate --errors` finds them):
steps missing and additional, wrong arguments, steps in another order,
actions the kitchen refused, and what the language's checks refuse before
a network runs (parse errors, unknown names, arity, unbound inputs). `–`
for a run whose summary has no error counts.

Usage: python3 tools/llm_table.py [SUMMARY.json | DIR ...] [--write]
       (default: docs/llm-runs/*.json; prints the table, or with --write
       writes it into docs/llm.md)
"""

import argparse
import json
import pathlib
import sys

from docs import DOCS, require, shown, write_tables

DEFAULT = DOCS / "llm-runs"
CHAPTER = DOCS / "llm.md"


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


def rate(part, whole):
    return "–" if not whole else f"{part / whole:.0%} ({part:,}/{whole:,})"


def tokens(n, t):
    if not t["requests"]:
        return "–"
    if t["requests"] and t.get("without_usage", 0) == t["requests"]:
        return "not reported"
    return f"{n:,}"


def largest(t, settings):
    biggest = t.get("largest_prompt")
    if not t["requests"] or not biggest:
        return "–"
    answer = settings.get("answer_tokens") or 0
    context = settings.get("context_tokens")
    of = f" of {context:,}" if context else ""
    return f"{biggest + answer:,}{of}"


def wall(seconds):
    if seconds is None:
        return "–"
    minutes = seconds / 60
    return f"{seconds:.0f} s" if minutes < 2 else f"{minutes:.0f} min"


def row(path, s):
    t = s["totals"]
    settings = s.get("settings", {})
    priced = settings.get("price_in") or settings.get("price_out")
    cost = f"{t['cost']:.2f}" if priced else "–"
    run = s.get("label") or path.stem
    return (f"| {run} | {s['model']} | {s['protocol']} | {t['recipes']} "
            f"| {rate(t.get('parsed', 0), t.get('answers', 0))} | {t.get('truncated', 0):,} "
            f"| {t['executed']}/{t['recipes']} "
            f"| {score(t.get('mean_dish'))} | {score(t.get('mean_goal'))} "
            f"| {tokens(t['prompt_tokens'], t)} | {tokens(t['completion_tokens'], t)} "
            f"| {largest(t, settings)} | {wall(t.get('seconds'))} | {cost} |")


def table(found):
    found = sorted(found, key=lambda fs: -(fs[1]["totals"].get("mean_dish") or -1))
    lines = ["| run | model | protocol | recipes | answers parsed | cut | executed | mean dish "
             "| mean goal | prompt tokens | completion tokens | largest request | wall time | cost |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    lines += [row(f, s) for f, s in found]
    return "\n".join(lines) + "\n"


ERROR_COLUMNS = [
    ("missing steps", ["missing-step"]),
    ("additional steps", ["additional-step"]),
    ("wrong arguments", ["wrong-argument"]),
    ("wrong order", ["wrong-order"]),
    ("failed actions", ["failed-action"]),
    ("refused before running", ["parse-error", "unknown-name", "arity", "unbound-input"]),
]


def errors_table(found):
    found = sorted(found, key=lambda fs: -(fs[1]["totals"].get("mean_dish") or -1))
    lines = ["| run | recipes | " + " | ".join(c for c, _ in ERROR_COLUMNS) + " |",
             "|---|---|" + "---|" * len(ERROR_COLUMNS)]
    for path, s in found:
        t = s["totals"]
        counts = t.get("errors")
        cells = ["–" if counts is None else f"{sum(counts.get(k, 0) for k in kinds):,}"
                 for _, kinds in ERROR_COLUMNS]
        lines.append(f"| {s.get('label') or path.stem} | {t['recipes']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(
        description="Prints the language-model comparison table made from run summaries; "
                    "with --write, writes it into docs/llm.md instead, between "
                    "<!-- llm-tables:comparison --> and <!-- /llm-tables:comparison -->.")
    ap.add_argument("paths", nargs="*", default=[str(DEFAULT)],
                    help="summary files or folders of them (default: docs/llm-runs/)")
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true",
                      help="write the table into docs/llm.md instead of printing it")
    what.add_argument("--print", action="store_true",
                      help="print the table (the default; kept for scripts that pass it)")
    args = ap.parse_args()
    if args.write:
        require(CHAPTER, "llm-tables", ["comparison", "errors"])
    found = summaries(args.paths)
    if not found:
        sys.exit(f"no summaries in {' '.join(args.paths)}")
    body = table(found)
    errors = errors_table(found)
    if not args.write:
        print(body + "\n" + errors, end="")
        return
    write_tables(CHAPTER, "llm-tables", {"comparison": body, "errors": errors})
    print(f"{shown(CHAPTER)}: comparison table written ({len(found)} run{'' if len(found) == 1 else 's'})", file=sys.stderr)


if __name__ == "__main__":
    main()
