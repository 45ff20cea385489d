#!/usr/bin/env python3
"""Regenerates the baseline agent's tables in docs/agent.md, between its
`<!-- agent-tables:NAME -->` and `<!-- /agent-tables:NAME -->` markers
(nothing else in the file changes, and nothing is written when a pair of
markers is missing):

- `development`: the development set (the benchmark's 30 recipe texts),
  from `sous understand --benchmark --evaluate`;
- `paraphrase`: the paraphrases of `crates/sous-agent/tests/paraphrase`
  beside their original texts, scored against the benchmark's gold;
- `errata`: the development set against the official gold and against the
  gold corrected by `crates/sous-eval/data/errata.toml` (`--errata`);
- `speed`: the median of criterion's last `cargo bench -p sous-agent
  --bench understand` (target/criterion/understand the 30 benchmark
  recipes/new/estimates.json).

Usage: SOUS_BENCHMARK_DIR=… python3 tools/agent_tables.py [--sous target/release/sous]
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile

from docs import DOCS, ROOT, benchmark_dir, require, target_dir, write_tables

CHAPTER = DOCS / "agent.md"
NAMES = ("development", "paraphrase", "errata", "speed")


def table(sous):
    out = subprocess.run([sous, "understand", "--benchmark", "--evaluate", "--output", "/dev/null"],
                         capture_output=True, text=True)
    rows = [l for l in out.stdout.splitlines() if l.startswith("|")]
    if len(rows) < 3:
        sys.exit(f"sous understand --benchmark --evaluate printed no table: {out.stderr}")
    return "\n".join(rows) + "\n"


def means(sous, folder, *extra):
    out = subprocess.run([sous, "understand", str(folder), "--evaluate", "--output", "/dev/null", *extra],
                         capture_output=True, text=True)
    rows = [l for l in out.stdout.splitlines() if l.startswith("|")]
    mean = [c.strip(" *") for c in rows[-1].split("|")[1:-1]]
    return len(rows) - 3, float(mean[2]), float(mean[3])


def paraphrase(sous):
    bench = benchmark_dir()
    mine = ROOT / "crates" / "sous-agent" / "tests" / "paraphrase" / "recipes"
    with tempfile.TemporaryDirectory() as tmp:
        for f in sorted(mine.glob("*.xml")):
            shutil.copy(bench / "data" / "recipe-texts" / f.name, tmp)
        n, goal_o, dish_o = means(sous, tmp)
    _, goal_p, dish_p = means(sous, mine)
    return ("| texts | recipes | mean goal-condition success | mean dish approximation |\n"
            "|---|---|---|---|\n"
            f"| the benchmark's originals | {n} | {goal_o:.3f} | {dish_o:.3f} |\n"
            f"| the paraphrases | {n} | {goal_p:.3f} | {dish_p:.3f} |\n")


def errata(sous):
    texts = benchmark_dir() / "data" / "recipe-texts"
    n, goal, dish = means(sous, texts)
    _, goal_e, dish_e = means(sous, texts, "--errata")
    count = (ROOT / "crates" / "sous-eval" / "data" / "errata.toml").read_text().count("[[erratum]]")
    return ("| gold networks | recipes | mean goal-condition success | mean dish approximation |\n"
            "|---|---|---|---|\n"
            f"| official | {n} | {goal:.3f} | {dish:.3f} |\n"
            f"| with the errata ({count} corrected) | {n} | {goal_e:.3f} | {dish_e:.3f} |\n")


def speed():
    est = target_dir() / "criterion" / "understand the 30 benchmark recipes" / "new" / "estimates.json"
    if not est.exists():
        sys.exit("no criterion results: run `cargo bench -p sous-agent --bench understand` first")
    ms = json.loads(est.read_text())["median"]["point_estimate"] / 1e6
    return ("| what, one core | median |\n|---|---|\n"
            f"| understand the 30 development recipe texts (each action added to the network so far and run there, `sous_sim::Session`) | {ms:.0f} ms |\n")


def main():
    ap = argparse.ArgumentParser(
        description="Writes the baseline agent's tables into docs/agent.md, between its "
                    "<!-- agent-tables:NAME --> markers (development, paraphrase, errata, speed).")
    ap.add_argument("--sous", default=str(target_dir() / "release" / "sous"),
                    help="the sous binary (default: target/release/sous; CARGO_TARGET_DIR is honoured)")
    args = ap.parse_args()
    require(CHAPTER, "agent-tables", NAMES)
    write_tables(CHAPTER, "agent-tables", {
        "development": table(args.sous),
        "paraphrase": paraphrase(args.sous),
        "errata": errata(args.sous),
        "speed": speed(),
    })


if __name__ == "__main__":
    main()
