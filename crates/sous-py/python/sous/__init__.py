"""sous: the Recipe Execution Benchmark's kitchen simulator and evaluator.

The same engine as the ``sous`` command line and HTTP API, as a native
extension:

- :func:`run` executes a network in the simulated kitchen;
- :func:`evaluate` scores networks against the benchmark's gold standard,
  with exactly the numbers of ``sous evaluate --format json``;
- :class:`Session` builds a network call by call, as the HTTP sessions do;
- :class:`Benchmark` reads the benchmark's recipes and gold networks;
- :class:`ToolKitchen` is the kitchen of ``--protocol tools``: the
  primitives as function tools, for a harness's own agent loop;
- :func:`primitives` and :func:`kitchen` are the data of ``/api/primitives``
  and ``/api/kitchen``;
- :func:`probe_judge` judges one answer to a probing question as
  ``sous probe score`` does (lm-evaluation-harness's ``process_results``
  in the folder ``sous probe export --lm-eval`` writes);
- :mod:`sous.gym` has a Gymnasium environment (``sous/Recipe-v0``).

Calls release the GIL while Rust works, so threads scale over cores.
"""

from ._sous import (
    Benchmark,
    BenchmarkError,
    Execution,
    NetworkError,
    Report,
    Session,
    SousError,
    ToolKitchen,
    UnknownRecipeError,
    __version__,
    evaluate,
    kitchen,
    primitives,
    probe_judge,
    run,
)

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
    "evaluate",
    "kitchen",
    "primitives",
    "probe_judge",
    "run",
]


#: The Gymnasium id of :class:`sous.gym.RecipeEnv`.
GYM_ID = "sous/Recipe-v0"


def _register(registration) -> None:
    if GYM_ID not in registration.registry:
        registration.register(id=GYM_ID, entry_point="sous.gym:RecipeEnv")


def _register_with_gymnasium() -> None:
    """Makes ``gymnasium.make("sous/Recipe-v0")`` work after ``import sous``
    without importing Gymnasium here (it takes 100 ms, and ``import sous``
    must stay fast): registers at once if Gymnasium is loaded, else as soon
    as its registry module is."""
    import sys

    loaded = sys.modules.get("gymnasium.envs.registration")
    if loaded is not None:
        _register(loaded)
        return

    import importlib.abc
    import importlib.util

    class _Loader(importlib.abc.Loader):
        def __init__(self, inner):
            self.inner = inner

        def create_module(self, spec):
            return self.inner.create_module(spec)

        def exec_module(self, module):
            self.inner.exec_module(module)
            _register(module)

    class _Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name != "gymnasium.envs.registration":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            if spec is not None and spec.loader is not None:
                spec.loader = _Loader(spec.loader)
            return spec

    sys.meta_path.insert(0, _Finder())


_register_with_gymnasium()
