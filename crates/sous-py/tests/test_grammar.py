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


# The grammar of the next action (`sous grammar --after FILE`): what
# `--incremental --constrain grammar` decodes each action under.


def _roles() -> dict[tuple[str, int], list[str]]:
    import sous

    return {(p["name"], len(p["arguments"])): [a["role"] for a in p["arguments"]] for p in sous.primitives()}


def _next(sous_bin: Path, tmp_path: Path, lines: list[str]) -> Lark:
    prefix = tmp_path / "prefix.solution"
    prefix.write_text("#prefix\n" + "\n".join(lines) + "\n")
    text = subprocess.run(
        [str(sous_bin), "grammar", "--format", "lark", "--after", str(prefix)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return Lark(text, start="next", parser="earley")


def _predicates(f: Path) -> list[list[str]]:
    out = []
    for line in f.read_text().splitlines():
        line = line.split(";")[0].strip()
        if line.startswith("("):
            out.append(line.strip("()").split())
    return out


def _as_next(words: list[str], roles: list[str], n: int, named: set[str]) -> str:
    """Gold line `words` as the next action writes it: outputs and the kitchen
    state after it under their fresh names (`?ARG-n`, `?ks-n`), and optional
    arguments the network has not named yet too."""
    import sous

    spec = {p["name"]: p for p in sous.primitives()}[words[0]]["arguments"]
    out = [words[0]]
    for word, role, arg in zip(words[1:], roles, spec):
        if role == "kitchen-state-out":
            word = f"?ks-{n}"
        elif role == "output" or (role == "optional" and word.startswith("?") and word not in named):
            word = f"?{arg['name']}-{n}"
        out.append(word)
    return "(" + " ".join(out) + ")"


def test_the_next_action_of_every_gold_network_is_accepted_and_threading_errors_are_not(
    sous_bin: Path, gold_files: list[Path], tmp_path: Path
) -> None:
    """At three places of each gold network (its second action, its middle
    and its last), the gold's next action, renamed as the grammar names new
    variables, is accepted; the same action from a kitchen state that is not
    the current one, with an input the network has not bound, or with a
    kitchen-state output that is taken is rejected."""
    roles = _roles()
    checked = rejected = 0
    problems = []
    for f in gold_files:
        # The gold's own names, out of the way of the fresh names (a gold
        # network may name a variable `?target-container-5`).
        gold = [[w[0]] + [f"?g-{x[1:]}" if x.startswith("?") else x for x in w[1:]] for w in _predicates(f)]
        # Renamed as they would have been written, line by line.
        written: list[str] = []
        named: set[str] = set()
        for k, words in enumerate(gold):
            r = roles.get((words[0], len(words) - 1))
            if r is None or k == 0:
                written.append("(" + " ".join(words) + ")")
                named.update(w for w in words[1:] if w.startswith("?"))
                continue
            renames = {}
            fresh = _as_next(words, r, k, named).strip("()").split()
            for old, new in zip(words[1:], fresh[1:]):
                if old != new:
                    renames[old] = new
            # Later lines refer to the renamed outputs.
            for later in gold[k + 1 :]:
                later[1:] = [renames.get(w, w) for w in later[1:]]
            written.append("(" + " ".join(fresh) + ")")
            named.update(w for w in fresh[1:] if w.startswith("?"))
        places = sorted({1, len(written) // 2, len(written) - 1})
        for k in places:
            words = written[k].strip("()").split()
            r = roles.get((words[0], len(words) - 1))
            previous = written[k - 1].strip("()").split()
            pr = roles.get((previous[0], len(previous) - 1))
            if r is None or pr is None:
                continue
            # The kitchen state the previous line made (`get-kitchen` has one argument).
            current = previous[1 + pr.index("kitchen-state-out")] if "kitchen-state-out" in pr else previous[1]
            ks_in = 1 + r.index("kitchen-state-in")
            if words[ks_in] != current:
                # The gold does not run in file order here: not a case.
                continue
            parser = _next(sous_bin, tmp_path, written[:k])
            try:
                parser.parse(written[k])
                checked += 1
            except LarkError as e:
                ran = subprocess.run([str(sous_bin), "run", str(tmp_path / "prefix.solution")], capture_output=True)
                if ran.returncode == 0:
                    problems.append(f"{f.name} line {k + 1}: {written[k]}: {str(e).splitlines()[0]}")
                # Else an action before it failed in the gold itself (whose
                # outputs are then failed objects, which nothing takes).
                continue
            wrong = []
            if current != "?kitchen" and k > 1:
                wrong.append(words[:ks_in] + ["?kitchen"] + words[ks_in + 1 :])
            inputs = [i + 1 for i, role in enumerate(r) if role == "input" and words[i + 1].startswith("?")]
            if inputs:
                i = inputs[0]
                wrong.append(words[:i] + ["?never-bound"] + words[i + 1 :])
            ks_out = 1 + r.index("kitchen-state-out")
            wrong.append(words[:ks_out] + [current] + words[ks_out + 1 :])
            for w in wrong:
                line = "(" + " ".join(w) + ")"
                try:
                    parser.parse(line)
                    problems.append(f"{f.name} line {k + 1}: accepted {line}")
                except LarkError:
                    rejected += 1
    assert not problems, "\n".join(problems)
    assert checked >= 60 and rejected >= 2 * checked, (checked, rejected)
