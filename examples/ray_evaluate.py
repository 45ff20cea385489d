#!/usr/bin/env python3
"""Score a folder of prediction files with Ray and write one CSV.

Every ``*.solution`` file under FOLDER (e.g. ``model-a/afghan-biscuits.solution``
… for N models × 30 recipes) is scored by a Ray task with ``sous.evaluate``;
the rows come back in the files' sorted order, so the CSV does not depend on
how many workers there are or which finished first.

    python examples/ray_evaluate.py predictions/ --output scores.csv
    python examples/ray_evaluate.py predictions/ --output scores.csv --address auto   # on a cluster
    python examples/ray_evaluate.py predictions/ --output scores.csv --no-ray        # one process

On a cluster the script runs unchanged: start Ray on the nodes (``ray start
--head`` on one, ``ray start --address HEAD:6379`` on the others), install
``sous`` on every node (or pass ``--pip PATH-OR-WHEEL`` to ship it in Ray's
runtime environment), put the benchmark at the same path everywhere (or on
shared storage), and pass ``--address auto``. The prediction files are read
by the driver and sent to the tasks as text, so they need not be shared.

Columns: ``file`` (relative to FOLDER), ``recipe-id``, one per metric (the
exact values of ``sous evaluate --format json``; empty where the reference
prints NIL), and ``problem`` (why a recipe has no scores, if it has none).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from pathlib import Path
from typing import Optional

import sous

METRICS = [
    "smatch-score",
    "goal-condition-success",
    "dish-approximation-score",
    "execution-time",
]


def score(name: str, text: str, benchmark: Optional[str], metrics: list[str]) -> list[dict]:
    """The rows of one prediction file (one per recipe in it)."""
    rows = []
    try:
        reports = sous.evaluate(text, benchmark=benchmark, metrics=metrics)
    except sous.NetworkError as e:
        # An unreadable or empty file is reported, never fatal.
        return [{"file": name, "recipe-id": "", "problem": str(e).splitlines()[0]}]
    for r in reports:
        d = r.to_dict()
        row = {"file": name, "recipe-id": d["recipe-id"]}
        for m in metrics:
            value = d["smatch"]["f1"] if m == "smatch-score" and d.get("smatch") else d.get(m)
            row[m] = "" if value is None else repr(value)
        problem = d.get("problem")
        row["problem"] = problem["message"] if problem else ""
        rows.append(row)
    return rows


def score_batch(batch: list[tuple[str, str]], benchmark: Optional[str], metrics: list[str]) -> list[list[dict]]:
    """The rows of several files (one Ray task scores a batch, so that the
    per-task cost stays small next to the scoring)."""
    return [score(name, text, benchmark, metrics) for name, text in batch]


def main(argv: Optional[list[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", type=Path, help="folder with the prediction files (*.solution, searched recursively)")
    p.add_argument("--output", type=Path, required=True, help="the CSV to write")
    p.add_argument("--benchmark", default=os.environ.get("SOUS_BENCHMARK_DIR"), help="benchmark folder (default: SOUS_BENCHMARK_DIR)")
    p.add_argument("--metrics", nargs="+", default=METRICS, help="metrics (default: all four)")
    p.add_argument("--address", default=None, help="Ray cluster address (default: start a local Ray)")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray (default: all)")
    p.add_argument("--pip", default=None, help="ship this sous wheel or path to the workers through Ray's runtime environment")
    p.add_argument("--batch", type=int, default=None, help="files per Ray task (default: about 4 tasks per core)")
    p.add_argument("--no-ray", action="store_true", help="score in this process, one file after another")
    args = p.parse_args(argv)
    if not args.benchmark:
        print("error: no benchmark: pass --benchmark DIR or set SOUS_BENCHMARK_DIR", file=sys.stderr)
        return 2

    files = sorted(f for f in args.folder.rglob("*.solution") if f.is_file())
    if not files:
        print(f"error: no .solution files under {args.folder}", file=sys.stderr)
        return 2
    jobs = [(f.relative_to(args.folder).as_posix(), f.read_text(encoding="utf-8", errors="replace")) for f in files]

    if args.no_ray:
        start = time.perf_counter()
        results = [score(name, text, args.benchmark, args.metrics) for name, text in jobs]
        seconds = time.perf_counter() - start
        cores = 1
    else:
        import ray

        runtime_env = {"pip": [args.pip]} if args.pip else None
        ray.init(address=args.address, num_cpus=args.num_cpus, runtime_env=runtime_env, log_to_driver=False)
        cores = int(ray.cluster_resources().get("CPU", 1))
        size = args.batch or max(1, len(jobs) // (4 * cores))
        batches = [jobs[i : i + size] for i in range(0, len(jobs), size)]
        remote = ray.remote(score_batch)
        # The clock starts once the cluster is up (starting a local Ray takes seconds).
        start = time.perf_counter()
        done = ray.get([remote.remote(b, args.benchmark, args.metrics) for b in batches])
        seconds = time.perf_counter() - start
        results = [rows for batch in done for rows in batch]
        ray.shutdown()
    rows = [row for rows in results for row in rows]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with args.output.open("w", newline="", encoding="utf-8") as out:
        w = csv.DictWriter(out, fieldnames=["file", "recipe-id", *args.metrics, "problem"], restval="")
        w.writeheader()
        w.writerows(rows)
    recipes = sum(1 for r in rows if r["recipe-id"])
    print(
        f"{recipes} recipes in {len(files)} files, {seconds:.2f} s on {cores} core(s): "
        f"{recipes / seconds / cores:.1f} recipes/s/core -> {args.output}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
