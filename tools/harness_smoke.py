#!/usr/bin/env python3
"""sous inside Inspect AI and lm-evaluation-harness, against a real model
server: run with the Python of a virtual environment that has
`sous[inspect,lm-eval]` (tools/llm_smoke.py does, while its server is up).

  PYTHON tools/harness_smoke.py --llm-url URL --model NAME [--limit 5]

- **Inspect:** `sous/recipe_execution` on two recipes, the model's answers
  constrained by the grammar of the language (`sous grammar`, sent as
  llama.cpp's `grammar`). Checks: the run succeeded, every sample has the
  four scores and whether it executed, and the errors against the gold
  (a list) in its metadata. Then the tool-using agent (`-T solver=tools`)
  on one recipe, four calls at most: it called tools, its network is what
  ran, and it was scored with its errors.
- **lm-evaluation-harness:** `sous probe export --lm-eval DIR`, then
  `lm_eval --model local-chat-completions --include_path DIR --tasks
  sous_probe --limit N`. Checks: it exits 0 and its table has a row for
  every probing task and the group.

Needs the `sous` binary (`SOUS_BIN`) and the benchmark (`SOUS_BENCHMARK_DIR`).
Files go to target/llm/harness/. Exit 0 when every check holds.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "target" / "llm" / "harness"
TASKS = ["step_reference", "ingredient_usage", "ingredient_tracing", "input_output", "implicit_tool",
         "habitat", "result", "amount", "ordering", "lifespan"]


def fail(msg: str) -> str:
    print(f"harness_smoke: FAILED: {msg}", file=sys.stderr)
    return msg


def inspect_run(url: str, model: str, sous: str) -> list[str]:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import GenerateConfig, get_model

    from sous.inspect_tasks import offline_tiktoken_cache, recipe_execution

    os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(offline_tiktoken_cache(OUT / "tiktoken")))
    grammar = subprocess.run([sous, "grammar", "--format", "gbnf"], check=True, capture_output=True,
                             text=True).stdout
    config = GenerateConfig(temperature=0.0, seed=1, max_tokens=384, extra_body={"grammar": grammar})
    llm = get_model(f"openai-api/local/{model}", base_url=url, api_key="local", config=config)
    (log,) = inspect_eval(recipe_execution(), model=llm, limit=2, log_dir=str(OUT / "inspect"),
                          display="none")
    problems = []
    if log.status != "success":
        return [f"Inspect: the run ended {log.status}: {log.error}"]
    for s in log.samples or []:
        score = (s.scores or {}).get("execution")
        if score is None:
            problems.append(f"Inspect: {s.id} has no score")
            continue
        if set(score.value) != {"dish", "goal", "time", "smatch", "executed"}:
            problems.append(f"Inspect: {s.id} scored {score.value}")
        if not isinstance((score.metadata or {}).get("errors"), list):
            problems.append(f"Inspect: {s.id} has no errors against the gold ({score.explanation})")
        print(f"harness_smoke: Inspect {s.id}: {json.dumps(score.value)}; {score.explanation}", file=sys.stderr)
    if len(log.samples or []) != 2:
        problems.append(f"Inspect: {len(log.samples or [])} samples, not 2")
    # The tool-using agent: the primitives as tools on a kitchen of its own.
    plain = get_model(f"openai-api/local/{model}", base_url=url, api_key="local",
                      config=GenerateConfig(temperature=0.0, seed=1, max_tokens=256))
    (log,) = inspect_eval(recipe_execution(solver="tools", max_calls=4), model=plain, limit=1,
                          log_dir=str(OUT / "inspect-tools"), display="none")
    if log.status != "success":
        return problems + [f"Inspect tools: the run ended {log.status}: {log.error}"]
    for s in log.samples or []:
        network = s.store.get("sous_network") or ""
        calls = sum(len(m.tool_calls or []) for m in s.messages if m.role == "assistant")
        score = (s.scores or {}).get("execution")
        if not network.startswith("(get-kitchen ?kitchen)") or calls == 0:
            problems.append(f"Inspect tools: {s.id} made {calls} calls and the network {network!r}")
        if score is None or not isinstance((score.metadata or {}).get("errors"), list):
            problems.append(f"Inspect tools: {s.id} has no score with errors")
        else:
            print(f"harness_smoke: Inspect tools {s.id}: {calls} calls, {json.dumps(score.value)}; "
                  f"{score.explanation}", file=sys.stderr)
    return problems


def lm_eval_run(url: str, model: str, sous: str, bench: str, limit: int) -> list[str]:
    folder = OUT / "lm-eval-tasks"
    gold = pathlib.Path(bench, "data", "gold-standard-solutions", "meaning-only")
    subprocess.run([sous, "probe", "export", "--lm-eval", str(folder), str(gold), "--seed", "1",
                    "--benchmark", bench], check=True, capture_output=True, text=True)
    args = f"model={model},base_url={url}/chat/completions,tokenizer_backend=None,num_concurrent=1,max_retries=2,timeout=600"
    run = subprocess.run(
        [sys.executable, "-m", "lm_eval", "--model", "local-chat-completions", "--model_args", args,
         "--apply_chat_template", "--include_path", str(folder), "--tasks", "sous_probe",
         "--limit", str(limit), "--output_path", str(OUT / "lm-eval"), "--log_samples", "--seed", "1"],
        capture_output=True, text=True)
    print(run.stdout, file=sys.stderr)
    if run.returncode != 0:
        print(run.stderr[-4000:], file=sys.stderr)
        return [f"lm_eval exited with {run.returncode}"]
    missing = [t for t in TASKS if f"sous_probe_{t}" not in run.stdout]
    problems = [f"lm_eval: no row for sous_probe_{t}" for t in missing]
    if "exact_match" not in run.stdout:
        problems.append("lm_eval: no exact_match in its table")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llm-url", required=True, help="the server's OpenAI-compatible URL (…/v1)")
    ap.add_argument("--model", required=True, help="the served model's name")
    ap.add_argument("--limit", type=int, default=5, help="questions per probing task")
    args = ap.parse_args()
    bench = os.environ.get("SOUS_BENCHMARK_DIR")
    if not bench or not pathlib.Path(bench, "data").is_dir():
        return 1 if fail("the benchmark is missing: set SOUS_BENCHMARK_DIR (.ci/run sets it)") else 0
    sous = os.environ.get("SOUS_BIN") or str(ROOT / "target" / "debug" / "sous")
    os.environ.setdefault("SOUS_BIN", sous)
    OUT.mkdir(parents=True, exist_ok=True)
    url = args.llm_url.rstrip("/")
    problems = inspect_run(url, args.model, sous)
    problems += lm_eval_run(url, args.model, sous, bench, args.limit)
    for p in problems:
        fail(p)
    if problems:
        return 1
    print("harness_smoke: ok: Inspect and lm-evaluation-harness ran against the model and were scored by sous",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
