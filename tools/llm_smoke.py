#!/usr/bin/env python3
"""The harness against a real language model: starts the local model server
(tools/local_llm.py: llama-cpp-python and SmolLM2-135M-Instruct from PyPI),
runs one development recipe of the benchmark one action at a time under the
grammar of what is bound (`--incremental --constrain grammar`), checks what
a user relies on, and stops the server (one that was running before stays).

  python3 tools/llm_smoke.py [--recipe ID] [--port 8089] [--harness-python PY]

Checks:
- every answer parsed as predicates of the language (or `(done)`);
- the network ran: every one of its actions executed, and it was scored;
- every answer's tokens came from the endpoint's `usage`;
- no request, its answer's share included, was over the 8,192-token context;
- with `--harness-python`, Inspect AI and lm-evaluation-harness run against
  the same server from that Python (tools/harness_smoke.py).

Needs the `sous` binary (`SOUS_BIN`, default target/debug/sous) and the
benchmark (`SOUS_BENCHMARK_DIR`). Files go to target/llm/smoke.*. Exit 0
when every check holds, 1 when one fails.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOME = ROOT / "target" / "llm"
CONTEXT = 8192
MODEL = "SmolLM2-135M-Instruct-Q4_1"


def fail(msg):
    print(f"llm_smoke: FAILED: {msg}", file=sys.stderr)
    return 1


def check(summary, transcript, answer_tokens):
    t = summary["totals"]
    problems = []
    if t["answers"] == 0 or t["parsed"] != t["answers"]:
        problems.append(f"{t['parsed']} of {t['answers']} answers parsed")
    if t["executed"] != t["recipes"] or t.get("mean_dish") is None:
        problems.append(f"executed {t['executed']}/{t['recipes']}, dish {t.get('mean_dish')}: {summary['recipes']}")
    if t["without_usage"] or t["prompt_tokens"] == 0 or t["completion_tokens"] == 0:
        problems.append(f"tokens not from usage: {t}")
    for line in transcript:
        if line.get("kind") != "exchange":
            continue
        u = line.get("usage") or {}
        if u.get("prompt_tokens", 0) + answer_tokens > CONTEXT:
            problems.append(f"a request of {u.get('prompt_tokens')} prompt tokens and {answer_tokens} for the answer is over {CONTEXT}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--recipe", default="cranberry-fluff-salad", help="a development recipe of the benchmark")
    ap.add_argument("--port", type=int, default=8089)
    ap.add_argument("--harness-python", help="a Python with sous[inspect,lm-eval]: also run tools/harness_smoke.py")
    args = ap.parse_args()
    bench = os.environ.get("SOUS_BENCHMARK_DIR")
    if not bench or not pathlib.Path(bench, "data").is_dir():
        return fail("the benchmark is missing: set SOUS_BENCHMARK_DIR (.ci/run sets it)")
    sous = os.environ.get("SOUS_BIN") or str(ROOT / "target" / "debug" / "sous")
    if not pathlib.Path(sous).is_file():
        return fail(f"no sous binary at {sous}: run `cargo build -p sous-cli` or set SOUS_BIN")
    recipe = pathlib.Path(bench, "data", "recipe-texts", f"{args.recipe}.xml")
    local = [sys.executable, str(ROOT / "tools" / "local_llm.py")]
    started = time.monotonic()
    served = subprocess.run(local + ["serve", "--port", str(args.port)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    print(served.stderr, file=sys.stderr, end="")
    # A server that was running before is left running.
    ours = "already running" not in served.stderr
    if served.returncode != 0:
        return fail("the local model server did not start (see target/llm/server.log)")
    print(f"llm_smoke: server ready in {time.monotonic() - started:.0f} s", file=sys.stderr)
    # The URL the server is at, as `serve` prints it: a server that was
    # already running keeps its own port.
    words = served.stdout.split()
    url = words[words.index("--llm-url") + 1] if "--llm-url" in words else f"http://127.0.0.1:{args.port}/v1"
    out = {k: HOME / f"smoke.{k}" for k in ("jsonl", "json", "solution")}
    for f in out.values():
        f.unlink(missing_ok=True)
    answer_tokens = 128
    harnesses = 0
    try:
        started = time.monotonic()
        run = subprocess.run(
            [sous, "understand", str(recipe), "--agent", "llm",
             "--llm-url", url, "--model", MODEL,
             "--context-tokens", str(CONTEXT), "--answer-tokens", str(answer_tokens),
             "--incremental", "--constrain", "grammar", "--server-kind", "llama-cpp",
             "--seed", "1", "--max-step-actions", "2",
             "--transcript", str(out["jsonl"]), "--summary", str(out["json"]),
             "--evaluate", "--output", str(out["solution"])],
            text=True, capture_output=True)
        print(run.stderr, file=sys.stderr, end="")
        print(f"llm_smoke: {recipe.stem} in {time.monotonic() - started:.0f} s", file=sys.stderr)
        if args.harness_python:
            started = time.monotonic()
            harnesses = subprocess.run(
                [args.harness_python, str(ROOT / "tools" / "harness_smoke.py"), "--llm-url", url,
                 "--model", MODEL], env={**os.environ, "SOUS_BIN": sous}).returncode
            print(f"llm_smoke: harnesses in {time.monotonic() - started:.0f} s", file=sys.stderr)
    finally:
        if ours:
            subprocess.run(local + ["stop"])
    if harnesses != 0:
        return fail("Inspect AI or lm-evaluation-harness against the model (tools/harness_smoke.py)")
    if run.returncode != 0 or not out["json"].is_file():
        return fail(f"sous understand exited with {run.returncode}")
    summary = json.loads(out["json"].read_text())
    transcript = [json.loads(l) for l in out["jsonl"].read_text().splitlines() if l.strip()]
    problems = check(summary, transcript, answer_tokens)
    for p in problems:
        fail(p)
    if problems:
        return 1
    t = summary["totals"]
    print(f"llm_smoke: ok: {t['parsed']}/{t['answers']} answers parsed, the network ran "
          f"({t['executed']}/{t['recipes']}), dish {t['mean_dish']:.3f}, "
          f"{t['prompt_tokens']:,} prompt and {t['completion_tokens']:,} completion tokens", file=sys.stderr)
    print(out["solution"].read_text(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
