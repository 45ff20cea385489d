"""examples/ray_evaluate.py on a local Ray instance: the same CSV as one
process, and the numbers of `sous evaluate --format json`."""

import csv
import io
import shutil
import subprocess
import sys

import pytest

from conftest import REPO

SCRIPT = REPO / "examples" / "ray_evaluate.py"
ALL = ["smatch-score", "goal-condition-success", "dish-approximation-score", "execution-time"]


@pytest.fixture(scope="module")
def predictions(tmp_path_factory, gold_files, example_files, benchmark_dir):
    """Three "models": the gold networks, the ten examples, and the
    multi-recipe example; plus one unreadable file."""
    root = tmp_path_factory.mktemp("predictions")
    for name, files in [("model-gold", gold_files), ("model-examples", example_files)]:
        (root / name).mkdir()
        for f in files:
            shutil.copy(f, root / name / f.name)
    (root / "model-multi").mkdir()
    shutil.copy(benchmark_dir / "documentation" / "examples" / "script" / "example-multiple-recipes.solution", root / "model-multi")
    (root / "model-multi" / "empty.solution").write_text("")
    return root


def run_script(predictions, out, *extra):
    p = subprocess.run(
        [sys.executable, str(SCRIPT), str(predictions), "--output", str(out), *extra],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr
    return out.read_text(), p.stderr


def test_ray_gives_the_csv_of_one_process(predictions, tmp_path, cli_json):
    with_ray, log = run_script(predictions, tmp_path / "ray.csv", "--num-cpus", "2")
    assert "recipes/s/core" in log
    one_process, _ = run_script(predictions, tmp_path / "one.csv", "--no-ray")
    assert with_ray == one_process
    rows = list(csv.DictReader(io.StringIO(with_ray)))
    files = sorted(f for f in predictions.rglob("*.solution"))
    # Every recipe of every readable file, in the files' order.
    expected = []
    for f in files:
        if f.stat().st_size == 0:
            expected.append({"file": f.relative_to(predictions).as_posix(), "recipe-id": ""})
            continue
        for d in cli_json("evaluate", str(f), "--format", "json", "--metrics", *ALL):
            row = {"file": f.relative_to(predictions).as_posix(), "recipe-id": d["recipe-id"]}
            for m in ALL:
                v = d["smatch"]["f1"] if m == "smatch-score" and d.get("smatch") else d.get(m)
                row[m] = "" if v is None else repr(v)
            expected.append(row)
    # 30 gold networks, 10 examples, the 2 recipes of the multi-recipe file, the empty file.
    assert len(rows) == len(expected) == 30 + 10 + 2 + 1
    for got, want in zip(rows, expected):
        assert {k: got[k] for k in want} == want
    (empty,) = [r for r in rows if r["file"].endswith("empty.solution")]
    assert "no recipe in this file" in empty["problem"]
