"""`sous.run` and `sous.Execution`: the content of `sous run --format json`."""

import json
import threading

import pytest

import sous


def test_runs_the_almond_gold_network(almond):
    x = sous.run(almond)
    assert x.solved
    assert x.execution_time == 2600
    assert x.recipe_id == "almond-crescent-cookies"
    assert x.failed_actions == []
    assert len(x.steps) == 27
    assert x.bindings["?baked-crescents"]["class"] == "baking-tray"
    assert x.final_kitchen["class"] == "kitchen-state"
    assert "almond-crescent-cookies" in repr(x)


def test_the_same_json_as_the_command_line(almond, gold_dir, cli):
    # compact=False: the entities in full, as `sous run --format json` prints them.
    x = sous.run(almond, compact=False)
    printed = cli("run", "--format", "json", str(gold_dir / "almond-crescent-cookies.solution"))
    assert json.loads(x.to_json()) == json.loads(printed)
    assert x.to_dict() == json.loads(printed)


def test_every_gold_network_matches_the_command_line(gold_files, cli):
    for f in gold_files:
        x = sous.run(f.read_text(), compact=False)
        assert x.to_dict() == json.loads(cli("run", "--format", "json", str(f))), f.name


def test_the_corrected_profile(gold_dir):
    broccoli = (gold_dir / "broccoli-salad.solution").read_text()
    assert sous.run(broccoli).execution_time == 2_074_340
    assert sous.run(broccoli, profile="corrected").execution_time == 87_140
    with pytest.raises(ValueError, match="unknown profile"):
        sous.run(broccoli, profile="fixed")


def test_a_failed_action_is_not_an_error():
    # 600 g of butter from a 500 g stock: the corrected kitchen fails the second fetch.
    x = sous.run(
        "(get-kitchen ?k)\n(fetch-and-proportion ?a ?ks1 ?k ?t1 butter 300 g)\n"
        "(fetch-and-proportion ?b ?ks2 ?ks1 ?t2 butter 300 g)\n",
        profile="corrected",
    )
    assert len(x.failed_actions) == 1
    assert "not enough" in str(x.failed_actions[0])


@pytest.mark.parametrize(
    "text, line, column, code",
    [
        ("(get-kitchen ?k)\n(fetch ?a ?b ?k baking-tray\n", 2, 1, "unbalanced-parenthesis"),
        ("(get-kitchen ?k)\n(stir-fry ?a ?k)\n", 2, 2, "unknown-primitive"),
        ("", 1, 1, "empty"),
        ("#a\n(get-kitchen ?k)\n#b\n(get-kitchen ?k)\n", 0, 0, "not-one-network"),
    ],
)
def test_bad_networks_raise_network_error(text, line, column, code):
    with pytest.raises(sous.NetworkError) as e:
        sous.run(text)
    err = e.value
    assert isinstance(err, sous.SousError)
    assert (err.line, err.column) == (line, column)
    assert err.diagnostics[0]["code"] == code
    assert f"network:{line}:{column}: error[{code}]" in str(err)


def test_binary_junk_never_crashes():
    with pytest.raises(sous.NetworkError):
        sous.run("\x00\x01(((((" * 1000)


def test_a_panic_becomes_an_exception():
    with pytest.raises(sous.SousError, match="internal error"):
        sous._sous._panic_for_tests()


def test_threads_give_the_same_results(gold_files):
    texts = [f.read_text() for f in gold_files]
    expected = [sous.run(t).to_json() for t in texts]
    results = [None] * len(texts)

    def work(i):
        results[i] = sous.run(texts[i]).to_json()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(texts))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == expected


def test_primitives_and_kitchen(cli_json):
    prims = sous.primitives()
    names = {p["name"] for p in prims}
    assert {"beat", "bake", "fetch-and-proportion", "get-kitchen"} <= names
    k = sous.kitchen()
    assert k["class"] == "kitchen-state"
