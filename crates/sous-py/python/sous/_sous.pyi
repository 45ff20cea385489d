"""Type stubs of the native extension (see the package docstring)."""

from os import PathLike
from pathlib import Path
from typing import Any, Literal, Optional, Sequence, Union, final

__version__: str
__all__ = [
    "Benchmark",
    "BenchmarkError",
    "Execution",
    "NetworkError",
    "Report",
    "Session",
    "SousError",
    "ToolKitchen",
    "UnknownRecipeError",
    "__version__",
    "_panic_for_tests",
    "evaluate",
    "kitchen",
    "primitives",
    "probe_judge",
    "run",
]

_Profile = Literal["reference", "corrected"]
_Metric = Literal["smatch-score", "goal-condition-success", "dish-approximation-score", "execution-time"]
_Entity = dict[str, Any]

class SousError(Exception):
    """Base class of the errors sous raises."""

class NetworkError(SousError):
    """A network that cannot be read or validated."""

    line: Optional[int]
    """Line of the first error (1-based)."""
    column: Optional[int]
    """Column of the first error (1-based)."""
    diagnostics: list[dict[str, Any]]
    """Every problem: severity, code, message, span (line, column, offset, len), help."""

class BenchmarkError(SousError):
    """The benchmark data cannot be found or read."""

class UnknownRecipeError(SousError):
    """A recipe id the benchmark (or the gold folder) does not have."""

@final
class Execution:
    """An executed network: the content of ``sous run --format json``."""

    @property
    def recipe_id(self) -> str:
        """The recipe id (the ``#recipe-id`` header, or ``network``)."""
    @property
    def solved(self) -> bool:
        """Whether every action ran and every variable is bound."""
    @property
    def execution_time(self) -> Optional[float]:
        """The recipe execution time in seconds (``None`` without a solution)."""
    @property
    def bindings(self) -> dict[str, Optional[_Entity]]:
        """Variable → the entity bound to it, or ``None``."""
    @property
    def available_at(self) -> dict[str, Optional[float]]:
        """Variable → the time its value is available."""
    @property
    def steps(self) -> list[dict[str, Any]]:
        """The actions in the order they ran."""
    @property
    def failed_actions(self) -> list[dict[str, Any]]:
        """The actions that failed, with the reason."""
    @property
    def final_kitchen(self) -> Optional[_Entity]:
        """The kitchen state after the last action."""
    def to_dict(self) -> dict[str, Any]:
        """The whole execution as a dict."""
    def to_json(self) -> str:
        """The execution as JSON text (``sous run --format json`` with ``compact=False``)."""

@final
class Report:
    """The scores of one recipe: one element of ``sous evaluate --format json``."""

    @property
    def recipe_id(self) -> str:
        """The recipe the report is for."""
    @property
    def smatch_score(self) -> Optional[float]:
        """Smatch F1 (two decimals, as the reference prints it), or ``None``."""
    @property
    def smatch(self) -> Optional[dict[str, Any]]:
        """Smatch in full: f1, precision, recall, matches, exact, runs."""
    @property
    def goal_condition_success(self) -> Optional[float]:
        """Share of the gold goal conditions the prediction meets, or ``None``."""
    @property
    def dish_approximation_score(self) -> Optional[float]:
        """How close the predicted dish is to the gold dish (0 to 1), or ``None``."""
    @property
    def execution_time(self) -> Optional[float]:
        """The prediction's execution time in seconds, or ``None``."""
    @property
    def problem(self) -> Optional[dict[str, Any]]:
        """Why the recipe has no (or partial) scores: kind, message, details."""
    @property
    def failures(self) -> list[str]:
        """The failed actions of the prediction."""
    @property
    def explanation(self) -> Optional[dict[str, Any]]:
        """The explanation of the scores (with ``explain=True``)."""
    @property
    def errors(self) -> Optional[list[dict[str, Any]]]:
        """The prediction's errors against the gold (with ``errors=True``):
        kind, primary, caused_by, line, column, gold_line, role, message."""
    def to_dict(self) -> dict[str, Any]:
        """The report with the keys of ``sous evaluate --format json``."""
    def to_json(self) -> str:
        """The report as JSON text."""

@final
class Session:
    """A network built up call by call (the HTTP API's sessions)."""

    def __new__(
        cls,
        recipe: Optional[str] = None,
        *,
        profile: _Profile = "reference",
        benchmark: Union[str, PathLike[str], None] = None,
    ) -> "Session":
        """A new, empty session for ``recipe`` (needed to evaluate it)."""
    def add(self, actions: str) -> dict[str, _Entity]:
        """Adds predicates (one per line) and returns the bindings they added."""
    @property
    def recipe(self) -> Optional[str]:
        """The benchmark recipe the session is for."""
    @property
    def profile(self) -> _Profile:
        """The kitchen the session runs in."""
    @property
    def network(self) -> str:
        """The predicates received so far, one per line."""
    @property
    def execution(self) -> Optional[Execution]:
        """The latest execution of the whole network."""
    @property
    def bindings(self) -> dict[str, Optional[_Entity]]:
        """Every variable → its entity (``None`` when unbound)."""
    @property
    def steps(self) -> list[dict[str, Any]]:
        """The actions in the order they ran."""
    @property
    def failed_actions(self) -> list[dict[str, Any]]:
        """The actions that failed, with the reason."""
    @property
    def kitchen(self) -> Optional[_Entity]:
        """The kitchen state reached (compact), or ``None`` before the first action."""
    @property
    def kitchen_text(self) -> str:
        """The kitchen reached as text: only what differs from the initial kitchen."""
    def evaluate(self, metrics: Optional[Sequence[_Metric]] = None, *, explain: bool = True) -> Report:
        """Scores the network so far against the recipe's gold network."""

@final
class Benchmark:
    """A checkout of the Recipe Execution Benchmark (default: ``SOUS_BENCHMARK_DIR``)."""

    def __new__(cls, path: Union[str, PathLike[str], None] = None) -> "Benchmark":
        """Loads the benchmark at ``path`` (default: ``SOUS_BENCHMARK_DIR``)."""
    @property
    def path(self) -> Path:
        """The benchmark folder."""
    def recipes(self) -> list[str]:
        """The recipe ids, sorted."""
    def text(self, id: str) -> str:
        """Title, ingredient lines and numbered instructions."""
    def title(self, id: str) -> str:
        """The recipe's title."""
    def prompt(self, id: str, *, examples: int = 0, compact: bool = True,
               protocol: Literal["text", "tools"] = "text") -> tuple[str, str]:
        """The (system, user) messages `sous understand --agent llm` sends for the recipe."""
    def mentioned(self, id: str) -> list[str]:
        """The kitchen's ingredients the recipe's text mentions."""
    def ingredients(self, id: str) -> list[str]:
        """The recipe's ingredient lines."""
    def instructions(self, id: str) -> list[str]:
        """The recipe's instructions."""
    def gold(self, id: str) -> str:
        """The gold network's text."""
    def recipe_xml(self, id: str) -> str:
        """The recipe's XML file."""
    def __len__(self) -> int:
        """The number of recipes."""
    def __contains__(self, id: str, /) -> bool:
        """Whether the benchmark has this recipe."""

def run(network: str, *, compact: bool = True, profile: _Profile = "reference") -> Execution:
    """Executes a network in the simulated kitchen."""

def evaluate(
    network_or_path: Union[str, PathLike[str]],
    *,
    recipe: Optional[str] = None,
    gold: Union[str, PathLike[str], None] = None,
    benchmark: Union[str, PathLike[str], None] = None,
    metrics: Optional[Sequence[_Metric]] = None,
    explain: bool = False,
    errors: bool = False,
    smatch: Literal["heuristic", "exact"] = "heuristic",
    smatch_runs: int = 1,
    profile: _Profile = "reference",
    jobs: int = 1,
) -> list[Report]:
    """Scores predicted networks against the benchmark's gold standard."""

def primitives() -> list[dict[str, Any]]:
    """Every primitive: arguments, types, roles, defaults and cases."""

def kitchen() -> _Entity:
    """The kitchen state every execution starts from."""

def probe_judge(instance: str | dict[str, Any], answer: Any) -> tuple[bool, Optional[float]]:
    """One probing answer judged as ``sous probe score`` judges it: whether
    it is right and, where the answer is a set, its set F1 (else None)."""

def _panic_for_tests() -> None:
    """Panics in Rust on purpose: the tests check that it raises ``SousError``."""

@final
class ToolKitchen:
    """The kitchen of ``sous understand --protocol tools``, for harnesses that
    hold the conversation themselves: the primitives as function tools, each
    call run at once and answered with what it made, or why it failed."""

    finish: str
    """The name of the tool that ends the conversation."""

    def __new__(cls, recipe: str) -> ToolKitchen: ...
    @staticmethod
    def tools(ingredients: Optional[Sequence[str]] = None, described: bool = True) -> list[dict[str, Any]]:
        """The tools as OpenAI function tools, ``finish`` last."""
    def call(self, name: str, arguments: str | dict[str, Any]) -> dict[str, Any]:
        """Runs one tool call; the result has ``ran``, ``outputs``, ``defaults``
        and ``kitchen``, or ``error``."""
    @property
    def network(self) -> str:
        """``(get-kitchen ?kitchen)`` and every action that ran, one a line."""
    @property
    def actions(self) -> int:
        """How many actions ran."""
