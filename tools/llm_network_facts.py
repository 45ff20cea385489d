#!/usr/bin/env python3
"""What the networks of a model row do, in counts, for the prose of
docs/llm.md: how many actions of each primitive, and how many fetches go
into a container an earlier action named (ingredients piling up in one
bowl), beside the same counts of the gold networks.

  python3 tools/llm_network_facts.py target/llm-runs/stepwise.solution

The gold networks are read from $SOUS_BENCHMARK_DIR (the recipes of the
given file only). Prints one line per figure; nothing is written.
"""

import argparse
import collections
import os
import pathlib
import sys


def networks(path: pathlib.Path) -> dict[str, list[list[str]]]:
    """The networks of a `.solution` file: recipe id to its predicates,
    each as its words."""
    out: dict[str, list[list[str]]] = {}
    current = None
    for line in path.read_text().splitlines():
        line = line.split(";")[0].strip()
        if line.startswith("#"):
            current = line[1:].strip()
            out[current] = []
        elif line.startswith("(") and current is not None:
            out[current].append(line.strip("()").split())
    return out


def facts(nets: dict[str, list[list[str]]]) -> dict[str, int]:
    """The counts over `nets`."""
    kinds: collections.Counter[str] = collections.Counter()
    into_earlier = fetches = 0
    for lines in nets.values():
        named: set[str] = set()
        for words in lines:
            kinds[words[0]] += 1
            if words[0] == "fetch-and-proportion" and len(words) == 8:
                fetches += 1
                # The target container: one an earlier action named (in
                # use), or a new name (the kitchen takes a fresh one).
                if words[4] in named:
                    into_earlier += 1
            named.update(w for w in words[1:] if w.startswith("?"))
    out = {
        "recipes": len(nets),
        "actions": sum(kinds.values()),
        "fetches of ingredients": fetches,
        "fetches into a container an earlier action named": into_earlier,
    }
    for name in ("transfer-contents", "mingle", "mix", "beat", "cut", "bake", "fetch"):
        out[f"{name} actions"] = kinds[name]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("solution", type=pathlib.Path, help="the row's networks (a .solution file)")
    args = ap.parse_args()
    made = networks(args.solution)
    bench = os.environ.get("SOUS_BENCHMARK_DIR")
    gold: dict[str, list[list[str]]] = {}
    if bench:
        folder = pathlib.Path(bench) / "data" / "gold-standard-solutions" / "meaning-only"
        for rid in made:
            f = folder / f"{rid}.solution"
            if f.exists():
                gold.update(networks(f))
    mine, theirs = facts(made), facts(gold)
    for k, v in mine.items():
        print(f"{k}: {v:,}" + (f" (gold: {theirs[k]:,})" if gold else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
