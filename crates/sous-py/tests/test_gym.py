"""The Gymnasium environment `sous/Recipe-v0`."""

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env

import sous
import sous.gym


def lines(text):
    return [l for l in text.splitlines() if l.startswith("(")]


def test_import_sous_does_not_import_gymnasium_but_registers_with_it():
    import subprocess
    import sys

    code = (
        "import sys, sous; assert 'gymnasium' not in sys.modules; "
        "import gymnasium; assert 'sous/Recipe-v0' in gymnasium.registry"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_registered_and_passes_the_env_checker():
    env = gymnasium.make("sous/Recipe-v0", recipe="almond-crescent-cookies")
    check_env(env.unwrapped, skip_render_check=True)


def test_replaying_the_gold_network_returns_one(almond):
    env = gymnasium.make("sous/Recipe-v0", recipe="almond-crescent-cookies")
    obs, info = env.reset(seed=1)
    assert obs["recipe"].startswith("Almond Crescent Cookies")
    assert obs["kitchen"] == ""
    total = 0.0
    for l in lines(almond):
        obs, reward, terminated, truncated, info = env.step(l)
        assert not info["rejected"], obs["feedback"]
        assert not (terminated or truncated)
        total += reward
    obs, reward, terminated, truncated, info = env.step("(done)")
    total += reward
    assert terminated and not truncated
    assert total == pytest.approx(1.0, abs=1e-12)
    assert info["dish_approximation_score"] == 1.0
    assert info["goal_condition_success"] == 1.0
    assert "baking-tray" in obs["kitchen"]


def test_a_rejected_action_changes_nothing():
    env = sous.gym.RecipeEnv("almond-crescent-cookies")
    env.reset()
    env.step("(get-kitchen ?kitchen)")
    obs, reward, terminated, truncated, info = env.step("(fetch ?a ?b")
    assert info["rejected"] and reward == 0.0
    assert "rejected" in obs["feedback"] and "unbalanced-parenthesis" in obs["feedback"]
    assert info["network"] == "(get-kitchen ?kitchen)\n"


def test_rewards_and_limits(almond):
    env = sous.gym.RecipeEnv("almond-crescent-cookies", reward="sparse", max_steps=3)
    env.reset()
    rewards = []
    for l in lines(almond)[:3]:
        _, r, terminated, truncated, _ = env.step(l)
        rewards.append(r)
    assert truncated and not terminated
    assert rewards[:2] == [0.0, 0.0]
    goal = sous.gym.RecipeEnv("almond-crescent-cookies", reward="goal")
    goal.reset()
    total = sum(goal.step(l)[1] for l in lines(almond))
    assert total == pytest.approx(1.0)
    with pytest.raises(ValueError):
        sous.gym.RecipeEnv("almond-crescent-cookies", reward="taste")
    with pytest.raises(sous.UnknownRecipeError):
        sous.gym.RecipeEnv("no-such-recipe")


def test_observations_stay_inside_their_spaces():
    env = sous.gym.RecipeEnv("almond-crescent-cookies")
    obs, _ = env.reset()
    obs, *_ = env.step("(get-kitchen ?k)\n; ½ ° “quotes” \u4e2d")
    assert env.observation_space.contains(obs)
