#!/usr/bin/env python3
"""Regenerates the physics kitchen's tables in docs/physics.md (between the
`<!-- physics-tables:NAME -->` and `<!-- /physics-tables:NAME -->` markers;
nothing else in the file changes, and nothing is written when a pair of
markers is missing):

- `gold`: each benchmark gold network in both modes: the dish score and the
  failed actions in each, the physics figures and the custom dynamics that
  fired, from `sous evaluate` and `sous run --format json`;
- `triggers`: every trigger over the 30 gold networks, fired and not;
- `physical`: the networks that are fine in the symbolic kitchen and wrong
  physically (`crates/sous-physics/tests/fixtures/physical`), from the
  `physical_cases` example;
- `calibration`: the heat law against real kitchens, from `sous physics
  calibrate`;
- `heat`: every heat step of the 30 gold networks: the time the recipe
  gives and the time the physics took, and what it reached.

Times per network come from criterion's last `cargo bench -p sous-physics
--bench gold` (target/criterion/quantitative/*/new/estimates.json) when it
has been run; otherwise the column says so.

Usage: SOUS_BENCHMARK_DIR=… python3 tools/physics_tables.py [--sous target/release/sous]
"""

import argparse
import collections
import json
import re
import subprocess
import sys

from docs import DOCS, ROOT, gold_dir, require, shown, target_dir, write_tables

CHAPTER = DOCS / "physics.md"
NAMES = ("gold", "triggers", "physical", "calibration", "heat")


def run_json(sous, args):
    out = subprocess.run([sous, *args], capture_output=True, text=True)
    if not out.stdout.strip():
        sys.exit(f"{' '.join(args)}: {out.stderr}")
    j = json.loads(out.stdout)
    return j[0] if isinstance(j, list) else j


def dish(sous, path, mode):
    r = run_json(sous, ["evaluate", "--mode", mode, "--metrics", "dish-approximation-score",
                        "--format", "json", "-input", str(path)])
    return r["dish-approximation-score"]


def bench_ms(name):
    est = target_dir() / "criterion" / "quantitative" / name / "new" / "estimates.json"
    if not est.is_file():
        return None
    return json.loads(est.read_text())["median"]["point_estimate"] / 1e6


def fmt(x, digits=2):
    return "—" if x is None else f"{x:,.{digits}f}"


def gold_tables(sous):
    rows = []
    triggers = collections.Counter()
    reasons = collections.defaultdict(list)
    heat = []
    totals = collections.Counter()
    for path in sorted(gold_dir().glob("*.solution")):
        name = path.stem
        q = run_json(sous, ["run", "--format", "json", str(path)])
        p = run_json(sous, ["run", "--mode", "quantitative", "--format", "json", str(path)])
        ph = p["physics"]
        steps = ph["steps"]
        fired = collections.Counter()
        for s in steps:
            t = s.get("trigger")
            if not t:
                continue
            primitive = s["action"].split()[0].lstrip("(")
            triggers[(primitive, t["rule"], t["fired"])] += 1
            if not t["fired"]:
                reasons[(t["rule"], primitive)].append(f"{name}: {t.get('reason', '(no reason)')}")
            ev = t.get("evidence") or {}
            if ev.get("kind") == "heat":
                heat.append(heat_row(name, s, ev))
            if t["fired"] and t["rule"] != "anywhere":
                fired[t["rule"]] += 1
        exact = sum(1 for m in ph["mass_balance"] if m["exact"])
        ms = bench_ms(name)
        frames = ph["frames"]
        totals["frames"] += frames
        totals["ms"] += ms or 0
        dq, dp = dish(sous, path, "qualitative"), dish(sous, path, "quantitative")
        rows.append(
            f"| {name} | {fmt(dq)} / {fmt(dp)} | {len(q['failed_actions'])} / {len(p['failed_actions'])} "
            f"| {fmt(ms, 0)} | {frames:,} | {ph['moved_mass_g']:,.0f} | {ph['spilled_mass_g']:.2f} "
            f"| {1000 * ph['max_penetration_m']:.1f} | {100 * ph['max_speed_at_rest']:.2f} "
            f"| {1000 * max(s.get('max_carry_contact_m', 0) for s in steps):.1f} "
            f"| {exact}/{len(ph['mass_balance'])} | {len(ph['misplaced'])} "
            f"| {', '.join(f'{k} {v}' for k, v in sorted(fired.items()))} |"
        )
    head = (
        "| gold network | dish qual. / quant. | failed actions qual. / quant. | time (bench, ms) | frames "
        "| moved g | spilled g | deepest overlap at rest (mm) | fastest at rest (cm/s) "
        "| deepest carry contact (mm) | mass balance exact | misplaced | triggers fired |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    )
    fps = f"{totals['frames'] / (totals['ms'] / 1000):,.0f}" if totals["ms"] else "—"
    gold = head + "\n" + "\n".join(rows) + (
        f"\n| **all 30** | | | **{fmt(totals['ms'] or None, 0)}** | {totals['frames']:,} | | | | | | | | |"
        f"\n\nFrames per wall second (bench): {fps}."
    )
    by_rule = collections.defaultdict(lambda: [0, 0])
    for (primitive, rule, fired), n in triggers.items():
        by_rule[(rule, primitive)][0 if fired else 1] += n
    trig = "| trigger | primitive | fired | did not fire, and why |\n|---|---|---|---|\n" + "\n".join(
        f"| {rule} | {primitive} | {f} | {n}{''.join('; ' + r for r in reasons[(rule, primitive)])} |"
        for (rule, primitive), (f, n) in sorted(by_rule.items())
    )
    heat_table = (
        "| gold network | action | law | recipe's time (s) | physics' time (s) | boiling or frying heat at (s) "
        "| piece | from (°C) | reached (°C) | needs |\n|---|---|---|---|---|---|---|---|---|---|\n"
        + "\n".join(heat)
    )
    return gold, trig, heat_table


def heat_row(name, step, ev):
    verb = step["action"].split()[0].lstrip("(")
    boil = fmt(ev.get("ready_at_s"), 0)
    return (f"| {name} | {verb} | {ev['law']} | {ev['seconds']:,.0f} | {ev['physics_seconds']:,.0f} "
            f"| {boil} | {ev['piece']} ({ev['piece_g']:,.0f} g) | {ev['start_c']:.1f} "
            f"| {ev['end_c']:.1f} | {ev['needs']} |")


def calibration_table(sous):
    out = subprocess.run([sous, "physics", "calibrate"], capture_output=True, text=True)
    if out.returncode not in (0, 1) or not out.stdout.startswith("|"):
        sys.exit(f"sous physics calibrate: {out.stderr}")
    return out.stdout.rstrip("\n")


def physical_table():
    out = subprocess.run(
        ["cargo", "run", "--quiet", "--release", "-p", "sous-physics", "--example", "physical_cases"],
        cwd=ROOT, capture_output=True, text=True,
    )
    if out.returncode != 0:
        sys.exit(out.stderr)
    rows = []
    for line in out.stdout.splitlines():
        c = json.loads(line)
        reason = c["physical_failures"][0] if c["physical_failures"] else (
            f"spilled {c['spilled_g']:.1f} g of {c['moved_g']:.0f} g")
        reason = re.sub(r"^\([^)]*\): ", "", reason)
        rows.append(f"| {c['case']} | {c['what']} | {c['qualitative_failures']} | {reason} |")
    return ("| case | what | failed actions, qualitative | the physical kitchen says |\n|---|---|---|---|\n"
            + "\n".join(rows))


def main():
    ap = argparse.ArgumentParser(
        description="Writes the physics kitchen's tables into docs/physics.md, between its "
                    "<!-- physics-tables:NAME --> markers (gold, triggers, physical, calibration, heat).")
    ap.add_argument("--sous", default=str(target_dir() / "release" / "sous"),
                    help="the sous binary (default: target/release/sous; CARGO_TARGET_DIR is honoured)")
    args = ap.parse_args()
    require(CHAPTER, "physics-tables", NAMES)
    gold, trig, heat = gold_tables(args.sous)
    # Each table on the lines between its markers, as before.
    write_tables(CHAPTER, "physics-tables", {
        "gold": gold + "\n",
        "triggers": trig + "\n",
        "physical": physical_table() + "\n",
        "calibration": calibration_table(args.sous) + "\n",
        "heat": heat + "\n",
    })
    print(f"{shown(CHAPTER)}: physics tables regenerated")


if __name__ == "__main__":
    main()
