"""sous's probing tasks inside lm-evaluation-harness: the folder
`sous probe export --lm-eval DIR` writes is loaded by lm-eval's own task
manager and run through its evaluator. The model here is an oracle that
answers with each question's expected answer as text, and then one that
answers nonsense, so the scores are known: 1.0 on every task, then 0. The
same folder against the local model server is part of tools/llm_smoke.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lm_eval import simple_evaluate
from lm_eval.api.model import LM
from lm_eval.tasks import TaskManager

TASKS = [
    "step-reference", "ingredient-usage", "ingredient-tracing", "input-output", "implicit-tool",
    "habitat", "result", "amount", "ordering", "lifespan",
]


class _Answers(LM):
    """Answers every question with `answer(doc)`; nothing else is asked of it."""

    def __init__(self, answer) -> None:
        super().__init__()
        self.answer = answer

    def generate_until(self, requests, disable_tqdm: bool = False):
        return [self.answer(r.doc) for r in requests]

    def loglikelihood(self, requests, disable_tqdm: bool = False):
        raise AssertionError("the probing tasks only generate")

    def loglikelihood_rolling(self, requests, disable_tqdm: bool = False):
        raise AssertionError("the probing tasks only generate")


@pytest.fixture(scope="module")
def folder(tmp_path_factory, sous_bin: Path, gold_dir: Path, benchmark_dir: Path) -> Path:
    out = tmp_path_factory.mktemp("lm-eval")
    subprocess.run(
        [str(sous_bin), "probe", "export", "--lm-eval", str(out), str(gold_dir), "--seed", "1",
         "--benchmark", str(benchmark_dir)],
        check=True, capture_output=True, text=True,
    )
    return out


def test_the_folder_has_a_task_per_probing_task_and_the_group(folder: Path):
    names = {p.name for p in folder.iterdir()}
    assert {"sous_probe.yaml", "instances.jsonl", "utils.py"} <= names
    for t in TASKS:
        assert f"sous_probe_{t.replace('-', '_')}.yaml" in names
    rows = [json.loads(l) for l in (folder / "instances.jsonl").read_text().splitlines()]
    assert {r["task"] for r in rows} == set(TASKS)
    assert all(r["prompt"] and "Question:" in r["prompt"] for r in rows)


def test_every_expected_answer_written_as_text_is_scored_right(folder: Path):
    """The text a model would write for the right answer (tables and
    descriptions included) is right by sous's scorer: what the harness
    shows as the target is what the scorer accepts."""
    sys.path.insert(0, str(folder))
    try:
        import utils  # the folder's own utils.py
    finally:
        sys.path.remove(str(folder))
    wrong = []
    for line in (folder / "instances.jsonl").read_text().splitlines():
        doc = json.loads(line)
        got = utils.process_results(doc, [doc["target"]])
        if got["exact_match"] != 1.0 or got.get("set_f1", 1.0) != 1.0:
            wrong.append((doc["id"], doc["target"][:120], got))
    assert not wrong, f"{len(wrong)} expected answers scored wrong, first: {wrong[:3]}"
    assert utils.process_results(doc, ["nothing of the sort"])["exact_match"] == 0.0


def _run(folder: Path, answer) -> dict:
    manager = TaskManager(include_path=str(folder))
    return simple_evaluate(model=_Answers(answer), tasks=["sous_probe"], task_manager=manager,
                           limit=5, apply_chat_template=False, log_samples=False)


def test_lm_eval_runs_the_group_and_scores_with_sous(folder: Path):
    results = _run(folder, lambda doc: doc["target"])["results"]
    for t in TASKS:
        r = results[f"sous_probe_{t.replace('-', '_')}"]
        assert r["exact_match,none"] == 1.0, (t, r)
    assert results["sous_probe"]["exact_match,none"] == 1.0
    wrong = _run(folder, lambda doc: "I do not know")["results"]
    for t in TASKS:
        assert wrong[f"sous_probe_{t.replace('-', '_')}"]["exact_match,none"] == 0.0, t
