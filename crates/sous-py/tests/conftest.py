"""Shared fixtures: the benchmark data and the `sous` binary to compare with.

The tests need the benchmark (``SOUS_BENCHMARK_DIR``, which ``.ci/run``
sets) and, to compare numbers with the command line, the ``sous`` binary
(``SOUS_BIN``; ``.ci/run`` builds it). Without them they fail and say how to
get them; they never skip silently.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


def _benchmark() -> Path:
    d = os.environ.get("SOUS_BENCHMARK_DIR")
    if not d or not Path(d, "data").is_dir():
        pytest.fail(
            "the benchmark data is missing: set SOUS_BENCHMARK_DIR to a checkout of "
            "https://github.com/muhai-project/recipe-execution-benchmark (.ci/run sets it to ../shared)"
        )
    return Path(d)


@pytest.fixture(scope="session")
def benchmark_dir() -> Path:
    return _benchmark()


@pytest.fixture(scope="session")
def gold_dir(benchmark_dir: Path) -> Path:
    return benchmark_dir / "data" / "gold-standard-solutions" / "meaning-only"


@pytest.fixture(scope="session")
def gold_files(gold_dir: Path) -> list[Path]:
    files = sorted(gold_dir.glob("*.solution"))
    assert len(files) == 30, "the benchmark has 30 gold networks"
    return files


@pytest.fixture(scope="session")
def example_files(benchmark_dir: Path) -> list[Path]:
    files = sorted((benchmark_dir / "documentation" / "examples" / "evaluation").glob("*.solution"))
    assert len(files) == 10, "the benchmark documents 10 example predictions"
    return files


@pytest.fixture(scope="session")
def almond(gold_dir: Path) -> str:
    return (gold_dir / "almond-crescent-cookies.solution").read_text()


@pytest.fixture(scope="session")
def sous_bin() -> Path:
    b = os.environ.get("SOUS_BIN") or str(REPO / "target" / "debug" / "sous")
    if not Path(b).is_file():
        pytest.fail(f"the sous binary is missing at {b}: run `cargo build -p sous-cli` or set SOUS_BIN")
    return Path(b)


@pytest.fixture(scope="session")
def cli(sous_bin: Path):
    """Runs the `sous` binary and returns its standard output."""

    def run(*args: str) -> str:
        p = subprocess.run([str(sous_bin), *args], capture_output=True, text=True)
        assert p.returncode in (0, 1, 2), p.stderr
        return p.stdout

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    def run(*args: str):
        return json.loads(cli(*args))

    return run
