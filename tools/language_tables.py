#!/usr/bin/env python3
"""Writes the table of primitives in docs/language.md (between
`<!-- language-tables:primitives -->` and `<!-- /language-tables:primitives -->`)
from the language's own data: crates/sous-lang/data/signatures.toml (arguments
and cases) and crates/sous-sim/data/defaults.toml (what an optional argument
left unbound becomes).

An argument is an *input* when every case of the primitive needs it bound, an
*output* when no case does (the primitive binds it), and *optional* otherwise.

  python3 tools/language_tables.py           # rewrite the table in docs/language.md
  python3 tools/language_tables.py --print   # print it, touch nothing
"""

import argparse
import sys
import tomllib

from docs import ROOT, write_between

CHAPTER = ROOT / "docs" / "language.md"
SIGNATURES = ROOT / "crates" / "sous-lang" / "data" / "signatures.toml"
DEFAULTS = ROOT / "crates" / "sous-sim" / "data" / "defaults.toml"


def table():
    sigs = tomllib.loads(SIGNATURES.read_text())["primitive"]
    defaults = tomllib.loads(DEFAULTS.read_text())
    rows = [
        "| primitive | outputs | inputs | optional inputs (what the kitchen uses when left unbound) |",
        "|---|---|---|---|",
    ]
    for p in sigs:
        if p.get("legacy"):
            continue
        names = [a[0] for a in p["args"]]
        cases = [set(c) for c in p["cases"]]
        inputs = [n for n in names if all(n in c for c in cases)]
        outputs = [n for n in names if not any(n in c for c in cases)]
        optional = [n for n in names if n not in inputs and n not in outputs]
        said = defaults.get(p["name"], {})

        def opt(n):
            d = said.get(n, {}).get("description")
            return f"`{n}` ({d})" if d else f"`{n}`"

        rows.append("| `{}` | {} | {} | {} |".format(
            p["name"],
            ", ".join(f"`{n}`" for n in outputs),
            ", ".join(f"`{n}`" for n in inputs),
            "; ".join(opt(n) for n in optional) or "—",
        ))
    return "\n".join(rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--print", action="store_true", help="print the table instead of writing docs/language.md")
    args = ap.parse_args()
    body = table()
    if args.print:
        sys.stdout.write(body)
        return
    write_between(CHAPTER, "language-tables", "primitives", body)


if __name__ == "__main__":
    main()
