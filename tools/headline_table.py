#!/usr/bin/env python3
"""Writes the two headline tables, between `<!-- headline:fidelity -->` and
`<!-- /headline:fidelity -->` and between `<!-- headline:speed -->` and
`<!-- /headline:speed -->`: both in README.md, the fidelity table also in
docs/fidelity.md and the speed table in docs/performance.md (nothing else in
those files changes, and nothing is written when a pair of markers is
missing). `--print` prints them instead.

- `fidelity`: how many of the reference's recorded numbers the `sous`
  binary reproduces, computed by running it now: the execution times of the
  30 current and the 30 January-2023 gold networks, the ten documented
  example solutions, the 30 gold networks scored against themselves, and the
  predictions the reference itself scored (each built as
  crates/sous-eval/tests/reference_cases.rs builds it, with the
  `edit_gold` example of sous-eval, which calls the same
  `sous_testdata::edits::network`). "The reference" is the reference
  evaluator (Babel 7da80f59) run under SBCL, whose numbers are in
  $SOUS_SPEC_DIR/expected/*.tsv and
  crates/sous-eval/tests/fixtures/reference-cases.tsv.
- `speed`: sous's figures from crates/sous-perf/figures/after.toml
  (measured by tools/perf_table.py) beside the reference's from
  crates/sous-perf/figures/reference.toml.

The output depends only on those files and on what `sous` computes: running
it twice changes nothing. Disagreements are listed on standard error.

Usage: python3 tools/headline_table.py [--sous PATH] [--print]
  (SOUS_BENCHMARK_DIR, SOUS_BENCHMARK_2023_DIR and SOUS_SPEC_DIR as for the
  tests; `--sous` defaults to target/release/sous, else target/debug/sous)
"""

import argparse
import csv
import json
import math
import os
import pathlib
import subprocess
import sys
import tempfile
import tomllib

from docs import (README, ROOT, benchmark_2023_dir, benchmark_dir, gold_dir, require, shown,
                  spec_dir, target_dir, write_tables)

FIGURES = ROOT / "crates" / "sous-perf" / "figures"
REFERENCE_CASES = ROOT / "crates" / "sous-eval" / "tests" / "fixtures" / "reference-cases.tsv"
REFERENCE_FILES = REFERENCE_CASES.parent / "reference"
OWN_GOLD = REFERENCE_FILES / "gold"
ALL_METRICS = "smatch-score,goal-condition-success,dish-approximation-score,execution-time"

# What "agree" means, said the same way in every row that uses it.
SCORES_6 = "goal and dish equal to 6 decimals, time equal"
TIME_EQUAL = "equal (whole time steps)"


def tsv(path):
    """Rows of a tab-separated file, `#` comment lines and blank lines left out."""
    if not path.is_file():
        sys.exit(f"{path} not found: set SOUS_SPEC_DIR (or SOUS_BENCHMARK_DIR) as for the tests")
    return [line.split("\t") for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def six(x):
    return "NIL" if x is None else f"{x:.6f}"


def time_text(x):
    return "NIL" if x is None else str(int(x))


class Sous:
    def __init__(self, path):
        self.path = str(path)
        self.env = {**os.environ, "SOUS_BENCHMARK_DIR": str(benchmark_dir())}

    def run_time(self, network):
        out = subprocess.run([self.path, "run", "--format", "json", str(network)],
                             capture_output=True, text=True, env=self.env)
        if not out.stdout.strip():
            sys.exit(f"sous run {network}: {out.stderr}")
        return json.loads(out.stdout).get("execution_time")

    def evaluate(self, folder, metrics=None, gold=None, csv_out=None):
        """{file name: report} for every `.solution` file of `folder`."""
        cmd = [self.path, "evaluate", str(folder), "--format", "jsonl",
               "--benchmark", str(benchmark_dir())]
        if metrics:
            cmd += ["--metrics", metrics]
        if gold:
            cmd += ["--gold", str(gold)]
        if csv_out:
            cmd += ["--output", str(csv_out)]
        # A file the reference finds no solution for is reported, and makes
        # the exit status 1: the report is what counts.
        out = subprocess.run(cmd, capture_output=True, text=True, env=self.env)
        reports = {}
        for line in out.stdout.splitlines():
            r = json.loads(line)
            reports[pathlib.Path(r["file"]).name] = r
        if not reports:
            sys.exit(f"{' '.join(cmd)}: {out.stderr}")
        return reports


def default_sous():
    for build in ("release", "debug"):
        p = target_dir() / build / "sous"
        if p.is_file():
            return p
    sys.exit(f"no sous binary in {target_dir()}/release or /debug: `cargo build -p sous-cli` "
             "first, or pass --sous PATH")


def gold_file(folder, recipe):
    """As sous_testdata::gold_file: one recipe's file has another name."""
    stem = ("vegan-black-bean-and-sweet-potato-salad"
            if recipe == "black-bean-and-sweet-potato-salad" else recipe)
    return folder / f"{stem}.solution"


def gold_times(sous, column, folder):
    """crates/sous-sim/tests/gold_times.rs: each gold network's execution time."""
    rows = tsv(spec_dir() / "expected" / "gold-execution-times.tsv")
    wrong = []
    for row in rows:
        recipe, want = row[0], row[1 + column]
        got = sous.run_time(gold_file(folder, recipe))
        if time_text(got) != want:
            wrong.append(f"{recipe}: sous {time_text(got)}, reference {want}")
    return len(rows) - len(wrong), len(rows), wrong


def examples(sous):
    """crates/sous-eval/tests/examples.rs: the ten documented examples, all
    four metrics, against the current gold networks."""
    rows = [r for r in tsv(spec_dir() / "expected" / "examples.tsv")
            if not r[0].startswith("example-multiple")]
    folder = benchmark_dir() / "documentation" / "examples" / "evaluation"
    with tempfile.TemporaryDirectory() as tmp:
        table = pathlib.Path(tmp) / "results.csv"
        reports = sous.evaluate(folder, ALL_METRICS, csv_out=table)
        # Smatch as the CSV prints it: 2 decimals, the reference's precision.
        with open(table, newline="") as f:
            smatch = {pathlib.Path(r["file"]).name: r["smatch-score"] for r in csv.DictReader(f)}
    wrong = []
    for file, _recipe, want_smatch, want_goal, want_dish, want_time in rows:
        r = reports.get(file)
        got = (smatch.get(file), six(r and r.get("goal-condition-success")),
               six(r and r.get("dish-approximation-score")), time_text(r and r.get("execution-time")))
        want = (want_smatch, want_goal, want_dish, want_time)
        if got != want:
            wrong.append(f"{file}: sous {got}, reference {want}")
    return len(rows) - len(wrong), len(rows), wrong


def gold_self_scores(sous):
    """crates/sous-eval/tests/gold_self_scores.rs: each gold network scored as
    a prediction of its own recipe (under the recipe id of the spec's row:
    one gold file's header names another recipe)."""
    rows = tsv(spec_dir() / "expected" / "gold-self-scores.tsv")
    with tempfile.TemporaryDirectory() as tmp:
        for file, recipe, *_ in rows:
            lines = (gold_dir() / file).read_text().split("\n")
            if not lines[0].startswith("#"):
                sys.exit(f"{file}: no #recipe-id header on its first line")
            lines[0] = f"#{recipe}"
            (pathlib.Path(tmp) / file).write_text("\n".join(lines))
        reports = sous.evaluate(tmp)
    return agreement([(file, reports.get(file, {}), goal, dish, time)
                      for file, recipe, goal, dish, time in rows])


def agreement(cases):
    """(agreeing, all, disagreements) of `cases`: (name, sous's report, the
    reference's goal, dish and time as written with 6 decimals)."""
    wrong = []
    for name, r, goal, dish, time in cases:
        got = (six(r.get("goal-condition-success")), six(r.get("dish-approximation-score")),
               time_text(r.get("execution-time")))
        if got != (goal, dish, time):
            wrong.append(f"{name}: sous {got}, reference {(goal, dish, time)}")
    return len(cases) - len(wrong), len(cases), wrong


def edit_gold(specs):
    """{case: network text} made by sous-eval's `edit_gold` example, which
    calls sous_testdata::edits::network as the test does."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        lines = []
        for case, spec in specs:
            if spec.startswith("file:"):
                out[case] = (REFERENCE_FILES / spec.removeprefix("file:")).read_text()
            else:
                lines.append(f"{spec}\t{pathlib.Path(tmp) / case}.solution\n")
        if lines:
            run = subprocess.run(
                ["cargo", "run", "--quiet", "-p", "sous-eval", "--example", "edit_gold"],
                input="".join(lines), text=True, capture_output=True, cwd=ROOT,
                env={**os.environ, "SOUS_BENCHMARK_DIR": str(benchmark_dir())})
            if run.returncode != 0:
                sys.exit(f"cargo run -p sous-eval --example edit_gold: {run.stderr}")
            for case, spec in specs:
                if not spec.startswith("file:"):
                    out[case] = (pathlib.Path(tmp) / f"{case}.solution").read_text()
    return out


def reference_cases(sous):
    """crates/sous-eval/tests/reference_cases.rs: each prediction the
    reference scored, against our own gold network when its recipe is one
    of fixtures/reference/gold's, else against the benchmark's; default
    metrics (all but Smatch), as the test."""
    rows = tsv(REFERENCE_CASES)
    networks = edit_gold([(r[0], r[1]) for r in rows])
    own = {p.stem.lower() for p in OWN_GOLD.glob("*.solution")}
    with tempfile.TemporaryDirectory() as tmp:
        for case, text in networks.items():
            (pathlib.Path(tmp) / f"{case}.solution").write_text(text)
        reports = sous.evaluate(tmp)
        theirs = [f for f, r in reports.items() if r.get("recipe-id") in own]
        if theirs:
            again = pathlib.Path(tmp) / "own-gold"
            again.mkdir()
            for f in theirs:
                (again / f).write_text((pathlib.Path(tmp) / f).read_text())
            reports |= sous.evaluate(again, gold=OWN_GOLD)
    return agreement([(case, reports.get(f"{case}.solution", {}), goal, dish, time)
                      for case, _spec, goal, dish, time, *_ in rows])


def fidelity(sous):
    rows = [
        ("execution time of each current gold network",
         gold_times(sous, 0, gold_dir()), TIME_EQUAL,
         "`cargo test -p sous-sim --test gold_times`"),
        ("execution time of each January-2023 gold network, against the documentation's "
         "table 5.1",
         gold_times(sous, 1, benchmark_2023_dir() / "gold-networks"), TIME_EQUAL,
         "`cargo test -p sous-sim --test gold_times`"),
        ("the ten documented example solutions: goal-condition success, dish approximation, "
         "execution time and Smatch",
         examples(sous), SCORES_6 + ", Smatch equal to the 2 decimals the reference prints",
         "`cargo test -p sous-eval --test examples`"),
        ("each current gold network scored as a prediction of its own recipe",
         gold_self_scores(sous), SCORES_6, "`cargo test -p sous-eval --test gold_self_scores`"),
        ("predictions the reference scored: edits of gold networks, and networks of our own "
         "with float amounts",
         reference_cases(sous), SCORES_6 + ", no score where the reference gives none",
         "`cargo test -p sous-eval --test reference_cases`"),
    ]
    for what, (_, _, wrong), _, _ in rows:
        for w in wrong:
            print(f"headline_table.py: {what}: {w}", file=sys.stderr)
    out = ["“The reference” is the reference evaluator (Babel 7da80f59) run under SBCL; its "
           "numbers are in the spec's `expected/*.tsv` and in "
           "`crates/sous-eval/tests/fixtures/reference-cases.tsv`. “Equal to 6 decimals”: the "
           "same when both are written with 6 decimals. Counted by `tools/headline_table.py`, "
           "which runs the `sous` binary on each; the test named beside each row fails on "
           "any disagreement.", "",
           "| what sous reproduces | agree | agree means | pinned by |", "|---|---|---|---|"]
    out += [f"| {what} | {ok} / {n} | {means} | {test} |"
            for what, (ok, n, _), means, test in rows]
    return "\n".join(out) + "\n"


SECONDS = {"ms": 1e-3, "s": 1.0, "min": 60.0}


def figure_text(f):
    if "text" in f:
        return f["text"]
    v = f["value"]
    number = (f"{v[0]:g}–{v[1]:g}" if isinstance(v, list) else f"{v:,g}")
    return f"{'~' if f.get('about') else ''}{number} {f['unit']}"


def sous_text(key, v):
    if key.endswith("_ms"):
        return f"{v:,.1f} ms" if v >= 10 else f"{v:.2f} ms"
    if key.endswith("_mb"):
        return f"{v:,.1f} MB"
    if key.endswith("_per_s"):
        return f"{v:,.0f} per second"
    return f"{v:,}"


def times_faster(f, key, v):
    """How many times less wall time sous takes, to 2 significant figures,
    when both figures are single times."""
    if not key.endswith("_ms") or f.get("unit") not in SECONDS or not isinstance(
            f.get("value"), (int, float)):
        return "—"
    ratio = f["value"] * SECONDS[f["unit"]] / (v * SECONDS["ms"])
    exponent = math.floor(math.log10(ratio))
    rounded = round(ratio, 1 - exponent)
    number = f"{rounded:,.0f}" if rounded >= 10 else f"{rounded:.{1 - exponent}f}"
    return f"{'~' if f.get('about') else ''}{number}×"


def speed():
    after_path, ref_path = FIGURES / "after.toml", FIGURES / "reference.toml"
    a = tomllib.loads(after_path.read_text())
    figures = tomllib.loads(ref_path.read_text())["figure"]
    rows = []
    for f in figures:
        key = f.get("sous")
        if key not in a:
            print(f"headline_table.py: {shown(ref_path)}: “{f['work']}” has no sous figure "
                  f"({key} is not in {shown(after_path)}): left out", file=sys.stderr)
            continue
        rows.append(f"| {f['work']} | {sous_text(key, a[key])} | {figure_text(f)} "
                    f"| {f['by']}; {f['how']} | {times_faster(f, key, a[key])} |")
    out = [f"sous: criterion means on one core of the project's 2-core machine, measured by "
           f"`tools/perf_table.py` at commit `{a['commit']}` ({a['date']}; "
           f"`{shown(after_path)}`). The reference: `{shown(ref_path)}`, which says what ran "
           "and how each figure was taken.", "",
           "| work | sous | the reference | the reference's figure: what ran, how | "
           "sous is faster by |", "|---|---|---|---|---|"]
    return "\n".join(out + rows) + "\n"


def main():
    ap = argparse.ArgumentParser(
        description="Writes the headline tables into README.md, docs/fidelity.md and docs/performance.md (fidelity: computed by running sous "
                    "against the reference's recorded numbers; speed: from "
                    "crates/sous-perf/figures/) between its <!-- headline:fidelity --> and "
                    "<!-- headline:speed --> markers, or prints them with --print.")
    ap.add_argument("--sous", help="the sous binary (default: target/release/sous if present, "
                                   "else target/debug/sous; CARGO_TARGET_DIR is honoured)")
    ap.add_argument("--print", action="store_true", help="print the tables, write nothing")
    args = ap.parse_args()
    places = [(README, ["fidelity", "speed"]), (ROOT / "docs" / "fidelity.md", ["fidelity"]),
              (ROOT / "docs" / "performance.md", ["speed"])]
    if not args.print:
        for path, names in places:
            require(path, "headline", names)
    sous = Sous(args.sous or default_sous())
    tables = {"fidelity": fidelity(sous), "speed": speed()}
    if args.print:
        print("<!-- headline:fidelity -->")
        print(tables["fidelity"], end="")
        print("<!-- /headline:fidelity -->\n")
        print("<!-- headline:speed -->")
        print(tables["speed"], end="")
        print("<!-- /headline:speed -->")
        return
    for path, names in places:
        write_tables(path, "headline", {n: tables[n] for n in names})
        print(f"{shown(path)}: headline tables written", file=sys.stderr)


if __name__ == "__main__":
    main()
