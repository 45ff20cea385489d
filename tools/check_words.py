#!/usr/bin/env python3
"""Fails when a tracked file names the project's history instead of
describing the project: an issue number (`issue 24`, `issue #24`, `(#24)`),
a work session (`session 3`, `the fifth session`, `this session`, `last
session`) or a work period (a "sitting"), or a numbered task (`task 2`).
Commit messages may say such things; the files may not.

Checks every file `git ls-files` lists, or the files given as arguments:
text files only (a file with a NUL byte or that is not UTF-8 is skipped),
and not this one, which has to name what it looks for.
Prints `path:line:column: the matched text` for each hit and exits 1 when
there is any; otherwise prints a one-line summary and exits 0.

The HTTP API, the Python module and the evaluator have sessions of their
own (`POST /api/sessions`, `sous.Session`): that sense of the word passes,
and the few phrases of it that the patterns would catch are allowed below,
each with its reason.

Usage: python3 tools/check_words.py [FILE ...]
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Ordinals that can stand before "session" (first to twentieth, and 1st, 2nd, …).
_ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
             "twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
             "nineteenth|twentieth|\\d+(?:st|nd|rd|th)")

PATTERNS = [
    # An issue by number: "issue 24", "issues 21 and 23", "issue #24", "Issue #".
    re.compile(r"\bissues?[ \t]*(?:#|\d)", re.I),
    # A pull request or issue by number in parentheses: "(#12)".
    re.compile(r"\(#\d+\)"),
    # A numbered session: "session 3", "sessions 4-5" (not a flag such as
    # `--max-sessions 100000`).
    re.compile(r"(?<![-_])\bsessions?[ \t]+\d", re.I),
    # An ordinal session: "the fifth session", "the 2nd session's".
    re.compile(rf"\b(?:{_ORDINALS})[ \t]+sessions?\b", re.I),
    # A session told by when: "this session", "last session", "earlier sessions".
    re.compile(r"\b(?:this|last|previous|next|earlier|later|past|prior)[ \t]+sessions?\b",
               re.I),
    # A work period.
    re.compile(r"\bsittings?\b", re.I),
    # A numbered task: "task 2".
    re.compile(r"\btasks?[ \t]+\d", re.I),
]

# Phrases of the API's Session sense that the patterns above would catch.
# Kept as short as possible: each is blanked out of the text before the
# patterns run, so anything else on its line is still checked.
ALLOWED = [
    # The error an API, CLI or Python session started without a recipe
    # gives when asked to evaluate (sous-eval, sous-server, sous-py).
    "this session is for no recipe",
]
_ALLOWED = [re.compile(re.escape(p), re.I) for p in ALLOWED]
# Every pattern needs one of these (lower case): files without any are
# passed without running the patterns, which keeps the check to a second.
_WORDS = ("issue", "session", "sitting", "task", "(#")


def tracked():
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True,
                         check=True).stdout
    return [ROOT / p for p in out.decode().split("\0") if p]


def text_of(path):
    """The file's text, or None for a binary, missing or non-UTF-8 file."""
    if not path.is_file():
        return None
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def hits(text):
    """(line, column, matched text) for each hit, 1-based. The allowed
    phrases are blanked out first (same length, so offsets hold); no
    pattern reaches across a line."""
    lower = text.lower()
    if not any(word in lower for word in _WORDS):
        return
    masked = text
    for allowed in _ALLOWED:
        masked = allowed.sub(lambda m: " " * len(m.group(0)), masked)
    spans = sorted({(m.start(), m.end()) for p in PATTERNS for m in p.finditer(masked)})
    for start, end in spans:
        # The match, to the end of the word it stops in ("issue 2" of
        # "issue 24" is shown as "issue 24").
        while end < len(text) and (text[end].isalnum() or text[end] in "'’"):
            end += 1
        line_start = text.rfind("\n", 0, start) + 1
        yield text.count("\n", 0, start) + 1, start - line_start + 1, text[start:end]


def shown(path):
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    this = pathlib.Path(__file__).resolve()
    files = [f for f in ([pathlib.Path(a) for a in sys.argv[1:]] or tracked())
             if f.resolve() != this]
    checked = skipped = 0
    found = []
    for path in files:
        text = text_of(path)
        if text is None:
            skipped += 1
            continue
        checked += 1
        found += [(shown(path), n, col, what) for n, col, what in hits(text)]
    for path, n, col, what in found:
        print(f"{path}:{n}:{col}: {what}")
    if found:
        where = len({f[0] for f in found})
        print(f"check_words: {len(found)} hit(s) in {where} file(s): say what the project is or "
              "does, not which issue or session it came from", file=sys.stderr)
        return 1
    print(f"check_words: no issue numbers, sessions or work periods in {checked} text files "
          f"({skipped} binary or missing files skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
