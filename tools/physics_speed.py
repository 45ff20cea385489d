#!/usr/bin/env python3
"""How long the physics kitchen takes next to the symbolic one, on edited
networks: CPU seconds of `sous run --mode quantitative` against `sous run`
(one process, one thread, so one core), on

- `gold`: the 30 gold networks;
- `seed`: the fuzz seed corpus's edited networks (fuzz/seed.sh: per gold
  network, line 5 dropped, the last three dropped, line 4 repeated, lines 3
  and 6 swapped), made with the project's edit tool;
- `bound-twice`: networks with lines repeated, so variables are bound twice
  (the fuzz findings that were slow were of this kind): every line repeated
  in turn, and 10 random sets of three repeated lines, of each network
  named by --bound-twice (default: almond-crescent-cookies-4 and
  mexican-wedding-cookies).

Writes the table between the `<!-- physics-speed:edits -->` markers of
docs/physics.md with --write.

Usage: SOUS_BENCHMARK_DIR=… python3 tools/physics_speed.py [--sous target/release/sous] [--write]
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from docs import DOCS, ROOT, gold_dir, shown, target_dir, write_tables

CHAPTER = DOCS / "physics.md"
SEED = ["drop 5", "drop-last 3", "dup 4", "swap 3 6"]


def cpu_seconds(cmd):
    """CPU time (user + system) of one run of `cmd`, and its exit code."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - start, p.returncode


def actions(path):
    return sum(1 for l in path.read_text().splitlines() if l.startswith("("))


def make(specs, out):
    """Writes each `gold:<id>; <edit>` spec's network with the edit tool."""
    lines = "".join(f"{spec}\t{out / name}\n" for name, spec in specs)
    subprocess.run(["cargo", "run", "-q", "-p", "sous-eval", "--example", "edit_gold"],
                   input=lines, text=True, cwd=ROOT, check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sous", default=str(target_dir() / "release" / "sous"))
    ap.add_argument("--bound-twice", nargs="*",
                    default=["almond-crescent-cookies-4", "mexican-wedding-cookies"])
    ap.add_argument("--write", action="store_true", help="write the table into docs/physics.md")
    args = ap.parse_args()
    golds = sorted(gold_dir().glob("*.solution"))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        sets = {"gold": [(g.stem, g) for g in golds]}
        specs = [(f"{g.stem}--{e.replace(' ', '-')}.solution", f"gold:{g.stem}; {e}")
                 for g in golds for e in SEED]
        twice = []
        for rid in args.bound_twice:
            n = actions(gold_dir() / f"{rid}.solution")
            twice += [(f"{rid}--dup-{k}.solution", f"gold:{rid}; dup {k}") for k in range(1, n + 1)]
            twice += [(f"{rid}--duplicate-{s}-3.solution", f"gold:{rid}; duplicate {s} 3")
                      for s in range(1, 11)]
        make(specs + twice, tmp)
        sets["seed"] = [(name, tmp / name) for name, _ in specs]
        sets["bound-twice"] = [(name, tmp / name) for name, _ in twice]
        rows, slow = [], []
        for label, items in sets.items():
            worst_q = worst_ratio_case = None
            worst_q_fast_sym = 0.0
            over = 0
            qs = []
            for name, path in items:
                sym, _, _ = cpu_seconds([args.sous, "run", "--format", "json", str(path)])
                q, _, _ = cpu_seconds([args.sous, "run", "--mode", "quantitative", "--format", "json",
                                       str(path)])
                qs.append(q)
                if worst_q is None or q > worst_q[0]:
                    worst_q = (q, name, sym)
                if sym < 0.1:
                    worst_q_fast_sym = max(worst_q_fast_sym, q)
                    if q > 3.0:
                        over += 1
                        slow.append(f"{name}: {q:.2f} s quantitative, {sym:.3f} s symbolic")
            qs.sort()
            rows.append(
                f"| {label} | {len(items)} | {qs[len(qs) // 2]:.2f} | {worst_q[0]:.2f} ({worst_q[1]}; "
                f"symbolic {worst_q[2]:.3f}) | {worst_q_fast_sym:.2f} | {over} |")
            print(rows[-1], file=sys.stderr)
    table = ("| networks | runs | quantitative, median (CPU s) | slowest quantitative (CPU s) "
             "| slowest quantitative where the symbolic run is under 0.1 s | over 3 s there |\n"
             "|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")
    if slow:
        table += "\nOver 3 s where the symbolic run is under 0.1 s: " + "; ".join(slow) + ".\n"
    print(table)
    if args.write:
        write_tables(CHAPTER, "physics-speed", {"edits": table})
        print(f"{shown(CHAPTER)}: speed table written", file=sys.stderr)


if __name__ == "__main__":
    main()
