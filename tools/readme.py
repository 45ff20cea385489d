"""What the scripts that regenerate README.md's tables share: where the
repository, its README and the benchmark's folder are, and how a table
between `<!-- PREFIX:NAME -->` and `<!-- /PREFIX:NAME -->` is replaced."""

import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def benchmark_dir():
    """`SOUS_BENCHMARK_DIR`, else the benchmark's folder beside the repository."""
    return pathlib.Path(os.environ.get(
        "SOUS_BENCHMARK_DIR", str(ROOT.parent / "shared" / "recipe-execution-benchmark")))


def gold_dir():
    d = benchmark_dir() / "data" / "gold-standard-solutions" / "meaning-only"
    if not d.is_dir():
        sys.exit(f"no gold networks in {d}: set SOUS_BENCHMARK_DIR to the benchmark's folder")
    return d


def replace(text, prefix, name, body):
    """`text` with the lines between the markers replaced by `body`."""
    pattern = re.compile(rf"(<!-- {prefix}:{name} -->\n).*?(<!-- /{prefix}:{name} -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"README.md has no {prefix}:{name} markers")
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), text)
