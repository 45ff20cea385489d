"""A Gymnasium environment in which an agent cooks one recipe.

``gymnasium.make("sous/Recipe-v0", recipe="almond-crescent-cookies")``

- **Observation**: a dict of three texts: ``recipe`` (the recipe as a cook
  reads it), ``kitchen`` (the kitchen as far as it changed, the compact text
  the LLM harness of ``sous understand`` shows a model) and ``feedback`` (to
  the last action: an error, the failures, or the new bindings).
- **Action**: one or more MUHAI Cooking Language predicates, as text. The
  action ``(done)`` ends the episode; so does the step limit.
- **Reward** (``reward=``): ``"dish"`` (default), the change in dish
  approximation score against the recipe's gold dish, so the return of an
  episode is its final dish score; ``"goal"``, the same with goal-condition
  success; ``"sparse"``, the final dish score when the episode ends and 0
  before.
- **info**: the current scores (``dish_approximation_score``,
  ``goal_condition_success``, ``execution_time``), the bindings the action
  added, the whole network so far and whether the last action was rejected.

An action that does not parse or validate is rejected: the network stays as
it was, the feedback says why, and the reward is 0.
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
from gymnasium import spaces

from . import Benchmark, NetworkError, Session

#: Every character an observation or action may hold: printable ASCII, tab
#: and newline, and the Latin-1, general-punctuation, letter-like, number
#: form, arrow and math blocks that recipes use (°, ½, –, …). Anything else
#: is replaced by ``?`` in observations.
CHARSET = frozenset(
    "\t\n"
    + "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xA0, 0x250))
    + "".join(chr(c) for c in range(0x2000, 0x2070))
    + "".join(chr(c) for c in range(0x2100, 0x2200))
)

#: Longest texts the spaces admit (the kitchen of a long recipe is a few kB).
MAX_RECIPE = 20_000
MAX_KITCHEN = 200_000
MAX_FEEDBACK = 100_000
MAX_ACTION = 20_000

REWARDS = ("dish", "goal", "sparse")


def _clean(text: str, limit: int) -> str:
    """``text`` inside the charset and the length limit."""
    text = "".join(c if c in CHARSET else "?" for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class RecipeEnv(gymnasium.Env):
    """Cooking one benchmark recipe, one or more predicates per step."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        recipe: str = "almond-crescent-cookies",
        *,
        reward: str = "dish",
        max_steps: int = 200,
        profile: str = "reference",
        benchmark: Optional[str] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"unknown reward {reward!r}; supported: {', '.join(REWARDS)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"unsupported render mode {render_mode!r}; supported: ansi")
        self.benchmark = Benchmark(benchmark)
        self.recipe = recipe.lower()
        self.recipe_text = _clean(self.benchmark.text(self.recipe), MAX_RECIPE)
        self.reward_kind = reward
        self.max_steps = max_steps
        self.profile = profile
        self.render_mode = render_mode
        text = lambda n: spaces.Text(max_length=n, min_length=0, charset=CHARSET)  # noqa: E731
        self.observation_space = spaces.Dict(
            {"recipe": text(MAX_RECIPE), "kitchen": text(MAX_KITCHEN), "feedback": text(MAX_FEEDBACK)}
        )
        self.action_space = spaces.Text(max_length=MAX_ACTION, min_length=1, charset=CHARSET)
        self._session: Optional[Session] = None
        self._steps = 0
        self._scores: dict[str, Any] = {}
        self._feedback = ""

    # -- helpers -----------------------------------------------------------

    def _observation(self) -> dict[str, str]:
        assert self._session is not None
        return {
            "recipe": self.recipe_text,
            "kitchen": _clean(self._session.kitchen_text, MAX_KITCHEN),
            "feedback": _clean(self._feedback, MAX_FEEDBACK),
        }

    def _evaluate(self) -> dict[str, Any]:
        assert self._session is not None
        if not self._session.network.strip():
            return {"dish_approximation_score": 0.0, "goal_condition_success": 0.0, "execution_time": None}
        report = self._session.evaluate(
            ["goal-condition-success", "dish-approximation-score", "execution-time"], explain=False
        )
        return {
            "dish_approximation_score": report.dish_approximation_score or 0.0,
            "goal_condition_success": report.goal_condition_success or 0.0,
            "execution_time": report.execution_time,
        }

    def _info(self, new_bindings: dict[str, Any], rejected: bool) -> dict[str, Any]:
        assert self._session is not None
        return {
            **self._scores,
            "new_bindings": new_bindings,
            "network": self._session.network,
            "rejected": rejected,
            "steps": self._steps,
        }

    # -- the Gymnasium API ---------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None):
        super().reset(seed=seed)
        self._session = Session(self.recipe, profile=self.profile, benchmark=str(self.benchmark.path))
        self._steps = 0
        self._scores = self._evaluate()
        self._feedback = "Start with (get-kitchen ?kitchen)."
        return self._observation(), self._info({}, False)

    def step(self, action: str):
        if self._session is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        self._steps += 1
        done = action.strip() == "(done)"
        new_bindings: dict[str, Any] = {}
        rejected = False
        before = self._scores
        if not done:
            try:
                new_bindings = self._session.add(action)
            except NetworkError as e:
                rejected = True
                self._feedback = f"rejected, the network is unchanged:\n{e}"
            else:
                self._scores = self._evaluate()
                failed = self._session.failed_actions
                if failed:
                    self._feedback = "failed actions:\n" + "\n".join(
                        f"- {f.get('predicate', f)}: {f.get('message', '')}" for f in failed
                    )
                else:
                    names = ", ".join(new_bindings) or "nothing new"
                    self._feedback = f"ok; bound {names}"
        truncated = not done and self._steps >= self.max_steps
        terminated = done
        key = "goal_condition_success" if self.reward_kind == "goal" else "dish_approximation_score"
        if self.reward_kind == "sparse":
            reward = float(self._scores[key]) if (terminated or truncated) else 0.0
        else:
            reward = float(self._scores[key]) - float(before[key])
        if done:
            self._feedback = "done"
        return self._observation(), reward, terminated, truncated, self._info(new_bindings, rejected)

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi" or self._session is None:
            return None
        return f"{self._session.network}\n{self._session.kitchen_text}"


def register_envs() -> None:
    """Registers ``sous/Recipe-v0`` (``import sous`` arranges it too, as
    soon as Gymnasium is imported)."""
    from gymnasium.envs.registration import register, registry

    if "sous/Recipe-v0" not in registry:
        register(id="sous/Recipe-v0", entry_point="sous.gym:RecipeEnv")


register_envs()

__all__ = ["RecipeEnv", "register_envs", "CHARSET"]
