"""`sous.Session`: the network built call by call, as the HTTP sessions do."""

import pytest

import sous


def lines(text):
    return [l for l in text.splitlines() if l.startswith("(")]


def without_ids(v):
    """`v` without object ids: a session numbers an action's constants when
    the action comes, a whole network all of them first."""
    if isinstance(v, dict):
        return {k: without_ids(x) for k, x in v.items() if k not in ("id", "ids")}
    if isinstance(v, list):
        return [without_ids(x) for x in v]
    return v


def test_replaying_the_gold_network_line_by_line(almond):
    s = sous.Session("almond-crescent-cookies")
    assert s.kitchen is None and s.bindings == {} and s.steps == []
    new = s.add("(get-kitchen ?kitchen)")
    assert list(new) == ["?kitchen"]
    for l in lines(almond)[1:]:
        s.add(l)
    whole = sous.run(almond)
    assert without_ids(s.bindings) == without_ids(whole.bindings)
    # The same steps (the lines differ: the session's network has no header).
    strip = lambda steps: [{k: v for k, v in st.items() if k != "line"} for st in steps]  # noqa: E731
    assert strip(s.steps) == strip(whole.steps)
    assert without_ids(s.kitchen) == without_ids(whole.final_kitchen)
    assert s.execution.execution_time == 2600
    assert "baking-tray" in s.kitchen_text
    r = s.evaluate()
    assert (r.goal_condition_success, r.dish_approximation_score, r.execution_time) == (1.0, 1.0, 2600.0)
    assert r.smatch_score == 1.0


def test_the_bindings_a_call_adds():
    s = sous.Session()
    s.add("(get-kitchen ?k)")
    new = s.add("(fetch ?tray ?ks ?k baking-tray 1)")
    assert list(new) == ["?tray", "?ks"]
    assert new["?tray"]["class"] == "baking-tray"


def test_a_bad_action_leaves_the_session_as_it_was():
    s = sous.Session()
    s.add("(get-kitchen ?k)")
    before = s.network
    with pytest.raises(sous.NetworkError) as e:
        s.add("(fetch ?a ?b")
    assert e.value.line == 2
    assert s.network == before


def test_errors():
    with pytest.raises(sous.SousError, match="no recipe"):
        sous.Session().evaluate()
    with pytest.raises(sous.UnknownRecipeError):
        sous.Session("no-such-recipe")
    with pytest.raises(ValueError):
        sous.Session(profile="fixed")


def test_a_session_in_the_corrected_kitchen(gold_dir):
    broccoli = (gold_dir / "broccoli-salad.solution").read_text()
    s = sous.Session("broccoli-salad", profile="corrected")
    for l in lines(broccoli):
        s.add(l)
    assert s.profile == "corrected"
    r = s.evaluate(["dish-approximation-score", "execution-time"])
    assert (r.dish_approximation_score, r.execution_time) == (1.0, 87140.0)
