#!/usr/bin/env python3
"""Instruction counts of the hot paths, checked against a committed baseline.

Runs `sous-perf execute|evaluate|request|stream` (crates/sous-perf) under
`valgrind --tool=callgrind`, counting only the function `measured_*` each
one calls, and compares every count with `crates/sous-perf/baseline.toml`.
A count more than 10 % above its baseline fails (exit 1): instruction counts
do not move with the machine's load, so this is a regression check that
timings on a shared machine cannot give.

  tools/instructions.py            check (what .ci/run does)
  tools/instructions.py --update   write the counts as the new baseline
                                   (commit it on its own, saying why)
  tools/instructions.py --update stream
                                   the same for the named workloads only,
                                   the others' baselines kept as they are

Needs valgrind and a release build of sous-perf (`cargo build --release -p
sous-perf`), and SOUS_BENCHMARK_DIR like the tests.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "crates/sous-perf/baseline.toml"
WORKLOADS = {
    "execute": "the 30 gold networks executed",
    "evaluate": "the 30 gold networks scored with all four metrics",
    "request": "one POST /api/execute (almond gold, compact), handler only",
    "stream": "300 predictions streamed as sous evaluate - --format jsonl does, one thread",
    "scored": "the 30 gold networks scored with the three simulated metrics, gold executed once",
    "errors": "the same with the errors against the gold (sous evaluate --errors)",
}
TOLERANCE = 0.10


def count(binary: Path, workload: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                f"--toggle-collect=*measured_{workload}*",
                str(binary),
                workload,
            ],
            capture_output=True,
            text=True,
        )
        if run.returncode != 0:
            sys.exit(f"sous-perf {workload} failed under callgrind:\n{run.stderr}")
        text = out.read_text()
    totals = re.search(r"^(?:totals|summary): (\d+)", text, re.MULTILINE)
    if not totals:
        sys.exit(f"no instruction total in callgrind's output for {workload}")
    n = int(totals.group(1))
    if n == 0:
        sys.exit(f"callgrind counted nothing for {workload}: is measured_{workload} still there?")
    return n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--update",
        nargs="*",
        choices=list(WORKLOADS),
        metavar="WORKLOAD",
        help="write the baseline (of the named workloads only, if any are named)",
    )
    parser.add_argument(
        "--binary",
        type=Path,
        default=ROOT / "target/release/sous-perf",
        help="the sous-perf binary (default: target/release/sous-perf)",
    )
    args = parser.parse_args()
    if not args.binary.exists():
        sys.exit(f"{args.binary} is missing: cargo build --release -p sous-perf")
    if not os.environ.get("SOUS_BENCHMARK_DIR"):
        sys.exit("SOUS_BENCHMARK_DIR must point at the benchmark data (see README)")
    if args.update is not None:
        kept = tomllib.loads(BASELINE.read_text()) if BASELINE.exists() else {}
        named = args.update or list(WORKLOADS)
        fresh = {w: count(args.binary, w) for w in named}
        counts = {w: fresh[w] if w in fresh else kept[w] for w in WORKLOADS if w in fresh or w in kept}
        lines = [
            "# Instructions counted by tools/instructions.py (callgrind), one run each.",
            "# Updated on purpose only, in a commit of its own that says why.",
            "",
        ]
        for w, n in counts.items():
            lines.append(f"# {WORKLOADS[w]}")
            lines.append(f"{w} = {n}")
        BASELINE.write_text("\n".join(lines) + "\n")
        for w, n in fresh.items():
            print(f"{w:10} {n:>15,}")
        print(f"baseline written to {BASELINE.relative_to(ROOT)}")
        return 0
    counts = {w: count(args.binary, w) for w in WORKLOADS}
    baseline = tomllib.loads(BASELINE.read_text())
    failed = False
    print(f"{'workload':10} {'baseline':>15} {'now':>15} {'change':>8}")
    for w, n in counts.items():
        base = baseline.get(w)
        if base is None:
            print(f"{w:10} {'(none)':>15} {n:>15,}")
            failed = True
            continue
        change = n / base - 1
        mark = "  FAIL: over +10 %" if change > TOLERANCE else ""
        failed |= change > TOLERANCE
        print(f"{w:10} {base:>15,} {n:>15,} {change:>+8.1%}{mark}")
    if failed:
        print(
            "instruction counts grew by more than 10 % (or a baseline is missing): find the "
            "cause, or update crates/sous-perf/baseline.toml on purpose (tools/instructions.py "
            "--update) in a commit of its own that says why",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
