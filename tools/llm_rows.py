#!/usr/bin/env python3
"""The measured model rows of docs/llm.md: runs each row's command against
a model server on the 30 development recipes, writes its summary into
docs/llm-runs/NAME.json, and remakes the comparison table
(tools/llm_table.py --write). The rows and their flags are defined here
and nowhere else, so the table's figures always come from these commands.

  python3 tools/local_llm.py serve          # prints the --llm-url and --model
  python3 tools/llm_rows.py --llm-url http://127.0.0.1:8080/v1 [--rows text,stepwise]

A row whose transcript (target/llm-runs/NAME.jsonl) exists is resumed
(`--resume`): recipes it finished are not asked again, so a long row can
be run in several goes. `--fresh` starts every chosen row over. Needs the
`sous` binary (`SOUS_BIN`, default target/release/sous) and the benchmark
(`SOUS_BENCHMARK_DIR`).
"""

import argparse
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
RUNS = ROOT / "target" / "llm-runs"
SUMMARIES = ROOT / "docs" / "llm-runs"
MODEL = "SmolLM2-135M-Instruct-Q4_1"

# name: (label, the flags that make the row)
ROWS = {
    "text": ("SmolLM2-135M, whole network, no constraint, one answer",
             ["--max-repairs", "0"]),
    "text-grammar": ("SmolLM2-135M, whole network, grammar, one answer",
                     ["--constrain", "grammar", "--max-repairs", "0"]),
    "stepwise": ("SmolLM2-135M, one action at a time, grammar of what is bound",
                 ["--incremental", "--constrain", "grammar"]),
    # A gold network has 20 to 50 actions: 60 calls are room enough.
    "tools": ("SmolLM2-135M, tools",
              ["--protocol", "tools", "--max-calls", "60", "--tool-choice", "required"]),
}

# Every row: the 30 recipes, the 8,192-token context SmolLM2 is served
# with, temperature 0 (the harness's default) and seed 1, one recipe at a
# time (two cores), a request allowed ten minutes (a whole network under a
# grammar takes two on two cores).
COMMON = ["--benchmark", "--agent", "llm", "--context-tokens", "8192",
          "--server-kind", "llama-cpp", "--seed", "1", "--jobs", "1",
          "--timeout", "600", "--evaluate"]


def command(sous, name, url, model, fresh):
    label, flags = ROWS[name]
    transcript = RUNS / f"{name}.jsonl"
    resume = transcript.exists() and not fresh
    if fresh and transcript.exists():
        transcript.unlink()
    return [sous, "understand", *COMMON, "--llm-url", url, "--model", model, *flags,
            "--resume" if resume else "--transcript", str(transcript),
            "--output", str(RUNS / f"{name}.solution"),
            "--summary", str(SUMMARIES / f"{name}.json"),
            "--label", label]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llm-url", required=True, help="the server's OpenAI-compatible URL")
    ap.add_argument("--model", default=MODEL, help=f"the served model's name (default {MODEL})")
    ap.add_argument("--rows", default=",".join(ROWS),
                    help=f"which rows, comma-separated (default all: {','.join(ROWS)})")
    ap.add_argument("--fresh", action="store_true", help="start the rows over instead of resuming")
    ap.add_argument("--print", action="store_true", help="print the commands, run nothing")
    args = ap.parse_args()
    names = [n for n in args.rows.split(",") if n]
    unknown = [n for n in names if n not in ROWS]
    if unknown:
        sys.exit(f"unknown rows {unknown}: the rows are {', '.join(ROWS)}")
    sous = os.environ.get("SOUS_BIN", str(ROOT / "target" / "release" / "sous"))
    RUNS.mkdir(parents=True, exist_ok=True)
    for name in names:
        cmd = command(sous, name, args.llm_url, args.model, args.fresh)
        print("$ " + " ".join(f"'{c}'" if " " in c else c for c in cmd), flush=True)
        if args.print:
            continue
        # Recipes the model fails are part of the row: a non-zero exit is
        # not an error of this script, a missing summary is.
        subprocess.run(cmd)
        if not (SUMMARIES / f"{name}.json").exists():
            sys.exit(f"llm_rows: {name} wrote no summary")
    if not args.print:
        subprocess.run([sys.executable, str(ROOT / "tools" / "llm_table.py"), "--write"], check=True)


if __name__ == "__main__":
    main()
