#!/usr/bin/env python3
"""How easy the probing tasks are to answer without reading: for the
instances `sous probe` makes from the 30 gold networks, per task, the
number of instances, the share of the most frequent answer (a majority
guess scores it), for lettered tasks the share of the most frequent letter
among the right answers against 1/k + 0.10 (k: the mean number of items),
and whether the ids of identical content are the same for seeds 1 and 2
and caps 0 and 5.

  python3 tools/probe_shortcuts.py [--sous target/debug/sous] [--benchmark DIR]

Prints a table; exits 1 when a task breaks a bound: an answer over 0.40 of
a task (0.65 for yes/no), a letter over 1/k + 0.10, ids that differ for the
same content, or fewer than 50 instances where docs/probing.md does not say
why (a bullet `- **TASK** (…` in its list of tasks with fewer than 50).
"""

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def instances(sous, gold, seed, cap):
    out = subprocess.run([sous, "probe", str(gold), "--seed", str(seed), "--max-per-recipe", str(cap)],
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def key(answer):
    return json.dumps(answer, sort_keys=True)


def content(i):
    return (i["recipe_id"], i["task"], i["question"], i["context"], key(i["answer"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sous", default=os.environ.get("SOUS_BIN", str(ROOT / "target" / "debug" / "sous")))
    ap.add_argument("--benchmark", default=os.environ.get("SOUS_BENCHMARK_DIR"))
    args = ap.parse_args()
    if not args.benchmark:
        sys.exit("set SOUS_BENCHMARK_DIR or pass --benchmark")
    gold = pathlib.Path(args.benchmark) / "data" / "gold-standard-solutions" / "meaning-only"
    runs = {(s, c): instances(args.sous, gold, s, c) for s in (1, 2) for c in (0, 5)}
    base = runs[(1, 0)]
    by_task = collections.defaultdict(list)
    for i in base:
        by_task[i["task"]].append(i)
    # Ids: the same content has the same id in every run.
    ids = collections.defaultdict(set)
    for run in runs.values():
        for i in run:
            ids[content(i)].add(i["id"])
    unstable = collections.Counter(c[1] for c, s in ids.items() if len(s) > 1)
    # The tasks whose count the docs explain.
    docs = (ROOT / "docs" / "probing.md").read_text()
    said = {t for t in by_task if f"- **{t}** (" in docs}
    failed = False
    print("| task | instances | top answer | its share | bound | top letter share | bound | ids stable | ≥ 50 or said why |")
    print("|---|---|---|---|---|---|---|---|---|")
    for task in sorted(by_task):
        items = by_task[task]
        answers = collections.Counter(key(i["answer"]) for i in items)
        top, n = answers.most_common(1)[0]
        share = n / len(items)
        yes_no = set(answers) <= {"true", "false"}
        bound = 0.65 if yes_no else 0.40
        letters = collections.Counter()
        ks = []
        for i in items:
            ev = i.get("evidence") or {}
            if isinstance(ev, dict) and "items" in ev and isinstance(i["answer"], list):
                ks.append(len(ev["items"]))
                letters.update(i["answer"])
        if letters:
            k = sum(ks) / len(ks)
            letter_share = letters.most_common(1)[0][1] / sum(letters.values())
            letter_bound = 1 / k + 0.10
            letter_cell = f"{letters.most_common(1)[0][0]}: {letter_share:.2f}"
            letter_bound_cell = f"{letter_bound:.2f}"
        else:
            letter_share, letter_bound, letter_cell, letter_bound_cell = 0, 1, "–", "–"
        enough = "yes" if len(items) >= 50 else ("said why" if task in said else "NO")
        bad = share > bound or letter_share > letter_bound or enough == "NO" or unstable[task]
        failed |= bad
        print(f"| {task} | {len(items)} | `{top[:30]}` | {share:.2f} | {bound:.2f} | {letter_cell} | "
              f"{letter_bound_cell} | {'yes' if not unstable[task] else f'no ({unstable[task]})'} | {enough} |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
