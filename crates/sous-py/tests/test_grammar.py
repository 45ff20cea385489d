"""The grammar `sous grammar` generates, checked by an engine that is not
sous's own: Python's Lark (LALR). Its `file` start must accept every network
of the benchmark (the 30 gold networks, the January-2023 gold networks and
the documentation's example solutions); its `network` start, what a model
is made to write, must reject networks that are not the language: a wrong
arity, an unknown primitive, a name where a variable must stand, a number
where a name must stand."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from lark import Lark
from lark.exceptions import LarkError


def _lark(sous_bin: Path, start: str) -> Lark:
    text = subprocess.run(
        [str(sous_bin), "grammar", "--format", "lark", "--start", start],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return Lark(text, start=start, parser="lalr")


@pytest.fixture(scope="module")
def files(sous_bin: Path) -> Lark:
    """The grammar of whole files: any spacing, headers and comments."""
    return _lark(sous_bin, "file")


@pytest.fixture(scope="module")
def parser(sous_bin: Path) -> Lark:
    """The grammar a model writes under: one space, bounded variable names."""
    return _lark(sous_bin, "network")


def _benchmark_files(benchmark_dir: Path) -> list[Path]:
    old = os.environ.get("SOUS_BENCHMARK_2023_DIR")
    if not old or not Path(old, "gold-networks").is_dir():
        pytest.fail("the January-2023 gold networks are missing: set SOUS_BENCHMARK_2023_DIR (.ci/run sets it)")
    files = (
        sorted((benchmark_dir / "data" / "gold-standard-solutions" / "meaning-only").glob("*.solution"))
        + sorted(Path(old, "gold-networks").glob("*.solution"))
        + sorted((benchmark_dir / "documentation" / "examples").glob("*/*.solution"))
    )
    assert len(files) >= 70, files
    return files


def test_every_network_of_the_benchmark_is_accepted(files: Lark, benchmark_dir: Path) -> None:
    rejected = []
    for f in _benchmark_files(benchmark_dir):
        try:
            files.parse(f.read_text())
        except LarkError as e:
            rejected.append(f"{f.name}: {str(e).splitlines()[0]}")
    assert not rejected, "\n".join(rejected)


def test_the_gold_networks_as_a_model_writes_them_are_accepted(parser: Lark, gold_files: list[Path]) -> None:
    """Each current gold network, its predicates one a line with one space
    between arguments (no header, no comment), is what the grammar a model
    decodes under must allow."""
    rejected = []
    for f in gold_files:
        lines = [" ".join(l.split(";")[0].split()) for l in f.read_text().splitlines()]
        network = "".join(l.replace("( ", "(").replace(" )", ")") + "\n" for l in lines if l.startswith("("))
        try:
            parser.parse(network)
        except LarkError as e:
            rejected.append(f"{f.name}: {str(e).splitlines()[0]}")
    assert not rejected, "\n".join(rejected)


GOOD = (
    "(get-kitchen ?kitchen)\n"
    "(fetch-and-proportion ?butter ?ks-1 ?kitchen ?bowl-1 butter 230 g)\n"
    "(bring-to-temperature ?warm ?ks-2 ?ks-1 ?butter 18 degrees-celsius)\n"
    "(beat ?beaten ?ks-3 ?ks-2 ?warm ?whisk)\n"
)


def test_a_network_in_the_language_is_accepted(parser: Lark) -> None:
    parser.parse(GOOD)


@pytest.mark.parametrize(
    "what, line",
    [
        ("one argument too few", "(beat ?beaten ?ks-3 ?ks-2 ?warm)"),
        ("one argument too many", "(beat ?beaten ?ks-3 ?ks-2 ?warm ?whisk ?more)"),
        ("an unknown primitive", "(beet ?beaten ?ks-3 ?ks-2 ?warm ?whisk)"),
        ("a name where an output must stand", "(beat large-bowl ?ks-3 ?ks-2 ?warm ?whisk)"),
        ("a name where a kitchen state must stand", "(beat ?beaten ?ks-3 kitchen ?warm ?whisk)"),
        ("an ingredient the kitchen lacks", "(fetch-and-proportion ?b ?ks-1 ?kitchen ?bowl unobtainium 230 g)"),
        ("a number where a unit must stand", "(fetch-and-proportion ?b ?ks-1 ?kitchen ?bowl butter 230 17)"),
        ("a name where a quantity must stand", "(fetch-and-proportion ?b ?ks-1 ?kitchen ?bowl butter lots g)"),
        ("prose", "First, beat the butter."),
        ("two spaces", "(beat  ?beaten ?ks-3 ?ks-2 ?warm ?whisk)"),
    ],
)
def test_what_is_not_the_language_is_rejected(parser: Lark, what: str, line: str) -> None:
    with pytest.raises(LarkError):
        parser.parse(GOOD + line + "\n")
