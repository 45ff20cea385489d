"""What the scripts that write the documentation's generated tables share:
where the repository and the benchmark's folder are, and how the text
between `<!-- PREFIX:NAME -->` and `<!-- /PREFIX:NAME -->` in a Markdown
file (README.md or a chapter of docs/) is replaced.

Each script writes only between its own markers and refuses, before doing
any work, when its file or one of its markers is missing."""

import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def benchmark_dir():
    """`SOUS_BENCHMARK_DIR`, else the benchmark's folder beside the repository."""
    return pathlib.Path(os.environ.get(
        "SOUS_BENCHMARK_DIR", str(ROOT.parent / "shared" / "recipe-execution-benchmark")))


def benchmark_2023_dir():
    """`SOUS_BENCHMARK_2023_DIR`, else the January-2023 gold networks' folder
    beside the repository."""
    return pathlib.Path(os.environ.get(
        "SOUS_BENCHMARK_2023_DIR", str(ROOT.parent / "shared" / "recipe-execution-benchmark-2023")))


def spec_dir():
    """`SOUS_SPEC_DIR`, else the reference's recorded behaviour beside the repository."""
    return pathlib.Path(os.environ.get("SOUS_SPEC_DIR", str(ROOT.parent / "shared" / "spec")))


def target_dir():
    """Cargo's target folder: `CARGO_TARGET_DIR`, else `target/` in the repository."""
    return pathlib.Path(os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target")))


def gold_dir():
    d = benchmark_dir() / "data" / "gold-standard-solutions" / "meaning-only"
    if not d.is_dir():
        sys.exit(f"no gold networks in {d}: set SOUS_BENCHMARK_DIR to the benchmark's folder")
    return d


def shown(path):
    """`path` relative to the repository when it is inside it."""
    path = pathlib.Path(path)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def script():
    """The running script, as a reader would type it."""
    return shown(sys.argv[0]) if sys.argv and sys.argv[0] else "this script"


def markers(prefix, name):
    return f"<!-- {prefix}:{name} -->", f"<!-- /{prefix}:{name} -->"


def _pattern(prefix, name):
    start, end = (re.escape(m) for m in markers(prefix, name))
    return re.compile(rf"({start}\n).*?({end})", re.S)


def require(path, prefix, names):
    """Exits with a message naming `path` and the markers when the file is
    missing or lacks a pair of `<!-- PREFIX:NAME -->` … `<!-- /PREFIX:NAME -->`
    (the start marker on a line of its own) for one of `names`."""
    path = pathlib.Path(path)
    wanted = " and ".join(f"{a} … {b}" for a, b in (markers(prefix, n) for n in names))
    if not path.is_file():
        sys.exit(f"{shown(path)} does not exist: {script()} writes between {wanted} in it")
    text = path.read_text()
    missing = [n for n in names if not _pattern(prefix, n).search(text)]
    if missing:
        sys.exit(f"{shown(path)} has no " + " and no ".join(
            f"{a} … {b}" for a, b in (markers(prefix, n) for n in missing))
            + f" markers: {script()} writes only between them")


def replace(text, prefix, name, body, where="the text"):
    """`text` with the lines between the markers replaced by `body` (which
    should end in a newline)."""
    pattern = _pattern(prefix, name)
    if not pattern.search(text):
        start, end = markers(prefix, name)
        sys.exit(f"{where} has no {start} … {end} markers")
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), text)


def write_between(path, prefix, name, body):
    """Replaces what is between `<!-- PREFIX:NAME -->` and its end marker in
    the file `path` with `body`; the rest of the file is left as it was."""
    write_tables(path, prefix, {name: body})


def write_tables(path, prefix, bodies):
    """`write_between` for several NAME → body pairs, in one write: the file
    is left untouched when a pair of markers is missing."""
    path = pathlib.Path(path)
    require(path, prefix, list(bodies))
    text = path.read_text()
    for name, body in bodies.items():
        text = replace(text, prefix, name, body, shown(path))
    if text != path.read_text():
        path.write_text(text)
