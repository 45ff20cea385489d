#!/usr/bin/env python3
"""The Python package's figures (docs/python.md, "Measured"): import time, `sous.run`,
`sous.evaluate` per recipe, and the speed-up from two threads.

    SOUS_BENCHMARK_DIR=../shared/recipe-execution-benchmark python crates/sous-py/bench/bench.py

Each figure is the median of several rounds after a warm-up; compare
`sous.evaluate` with `cargo bench -p sous-eval --bench evaluate -- "as text"`
(the same work in-process in Rust: parse, then score with all four metrics).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sous

ALL = ["smatch-score", "goal-condition-success", "dish-approximation-score", "execution-time"]


def median_time(f, rounds: int, inner: int = 1) -> float:
    f()
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(inner):
            f()
        times.append((time.perf_counter() - t) / inner)
    return statistics.median(times)


def import_time(rounds: int = 20) -> float:
    code = "import time; t = time.perf_counter(); import sous; print(time.perf_counter() - t)"
    times = [float(subprocess.check_output([sys.executable, "-c", code])) for _ in range(rounds)]
    return statistics.median(times)


def main() -> None:
    bench = Path(os.environ["SOUS_BENCHMARK_DIR"])
    gold_dir = bench / "data" / "gold-standard-solutions" / "meaning-only"
    gold = [p.read_text() for p in sorted(gold_dir.glob("*.solution"))]
    almond = (gold_dir / "almond-crescent-cookies.solution").read_text()

    print(f"import sous: {import_time() * 1e3:.1f} ms (median of 20 fresh interpreters)")
    print(f"sous.run(almond gold network): {median_time(lambda: sous.run(almond), 50, 40) * 1e6:.0f} µs")

    def evaluate_all(texts):
        for t in texts:
            sous.evaluate(t, metrics=ALL)

    one = median_time(lambda: evaluate_all(gold), 15)
    print(f"sous.evaluate, 30 gold networks, all four metrics, one thread: {one * 1e3:.1f} ms ({one / 30 * 1e3:.2f} ms per recipe)")

    halves = [gold[0::2], gold[1::2]]
    with ThreadPoolExecutor(2) as pool:
        two = median_time(lambda: list(pool.map(evaluate_all, halves)), 15)
    print(f"the same from two threads: {two * 1e3:.1f} ms, speed-up {one / two:.2f}x on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
