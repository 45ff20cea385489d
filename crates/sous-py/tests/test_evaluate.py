"""`sous.evaluate`: exactly the numbers of `sous evaluate --format json`."""

import pytest

import sous

ALL = ["smatch-score", "goal-condition-success", "dish-approximation-score", "execution-time"]


def test_the_ten_examples_match_the_command_line(example_files, cli_json):
    for f in example_files:
        ours = [r.to_dict() for r in sous.evaluate(f, metrics=ALL)]
        theirs = cli_json("evaluate", str(f), "--format", "json", "--metrics", *ALL)
        assert ours == theirs, f.name


def test_the_thirty_gold_networks_match_the_command_line(gold_files, cli_json):
    for f in gold_files:
        ours = [r.to_dict() for r in sous.evaluate(str(f), metrics=ALL)]
        theirs = cli_json("evaluate", str(f), "--format", "json", "--metrics", *ALL)
        assert ours == theirs, f.name


def test_the_documented_figures(benchmark_dir):
    f = benchmark_dir / "documentation" / "examples" / "evaluation" / "wrong-ingredient.solution"
    (r,) = sous.evaluate(f, metrics=ALL)
    assert (r.smatch_score, round(r.goal_condition_success, 2), round(r.dish_approximation_score, 2), r.execution_time) == (
        1.0,
        0.42,
        0.76,
        2600.0,
    )
    assert r.recipe_id == "almond-crescent-cookies"
    assert "wrong-ingredient" not in repr(r)


def test_the_errors_say_what_differs_from_the_gold(benchmark_dir):
    f = benchmark_dir / "documentation" / "examples" / "evaluation" / "wrong-ingredient.solution"
    (r,) = sous.evaluate(f)
    assert r.errors is None
    (r,) = sous.evaluate(f, errors=True)
    assert [(e["kind"], e["role"], e["primary"], e["gold_line"]) for e in r.errors] == [
        ("wrong-argument", "ingredient", True, 5)
    ]
    assert r.to_dict()["errors"] == r.errors


def test_explanations_and_default_metrics(example_files):
    (r,) = sous.evaluate(example_files[0])
    assert r.smatch_score is None  # the reference's default leaves Smatch out
    assert r.explanation is None
    (r,) = sous.evaluate(example_files[0], explain=True)
    assert r.explanation is not None


def test_a_network_as_text_with_a_recipe_id(almond):
    body = "\n".join(l for l in almond.splitlines() if not l.startswith("#"))
    (r,) = sous.evaluate(body, recipe="almond-crescent-cookies")
    assert r.dish_approximation_score == 1.0


def test_smatch_options(example_files):
    (r,) = sous.evaluate(example_files[0], smatch="exact")
    assert r.smatch["exact"] is not None
    (r,) = sous.evaluate(example_files[0], smatch_runs=5)
    assert r.smatch["runs"]["runs"] == 5
    with pytest.raises(ValueError):
        sous.evaluate(example_files[0], smatch="fast")
    with pytest.raises(ValueError, match="unknown metric"):
        sous.evaluate(example_files[0], metrics=["taste"])


def test_bad_recipes_are_reported_and_the_others_scored(tmp_path, almond):
    f = tmp_path / "mixed.solution"
    f.write_text(almond.replace("#almond-crescent-cookies", "#no-such-recipe") + "\n" + almond + "\n#broken\n(get-kitchen ?k\n")
    reports = sous.evaluate(f)
    assert [r.recipe_id for r in reports] == ["no-such-recipe", "almond-crescent-cookies", "broken"]
    assert reports[0].problem["kind"] == "unknown-recipe"
    assert reports[1].dish_approximation_score == 1.0
    assert reports[2].problem["kind"] == "invalid"


def test_unreadable_input_raises(tmp_path):
    with pytest.raises(sous.NetworkError, match="cannot read"):
        sous.evaluate(tmp_path / "missing.solution")
    empty = tmp_path / "empty.solution"
    empty.write_text("")
    with pytest.raises(sous.NetworkError):
        sous.evaluate(empty)


def test_missing_benchmark_raises(monkeypatch, almond, tmp_path):
    monkeypatch.delenv("SOUS_BENCHMARK_DIR")
    with pytest.raises(sous.BenchmarkError, match="SOUS_BENCHMARK_DIR"):
        sous.evaluate(almond)
    with pytest.raises(sous.BenchmarkError):
        sous.evaluate(almond, benchmark=tmp_path)


def test_a_gold_folder_of_ones_own(tmp_path, almond):
    (tmp_path / "almond-crescent-cookies.solution").write_text(almond)
    (r,) = sous.evaluate(almond, gold=tmp_path)
    assert r.dish_approximation_score == 1.0


def test_parallel_jobs_give_the_same_reports(gold_files, tmp_path):
    f = tmp_path / "all.solution"
    f.write_text("\n".join(g.read_text() for g in gold_files))
    one = [r.to_dict() for r in sous.evaluate(f, jobs=1)]
    many = [r.to_dict() for r in sous.evaluate(f, jobs=0)]
    assert one == many and len(one) == 30
