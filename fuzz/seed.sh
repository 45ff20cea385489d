#!/usr/bin/env bash
# Seeds the corpora (fuzz/corpus/<target>, not committed: they hold the
# benchmark's data) from the gold networks, damaged copies of them made by
# the project's own edit tool, and the malformed fixtures of the CLI tests.
set -euo pipefail
cd "$(dirname "$0")"
bench="${SOUS_BENCHMARK_DIR:?set SOUS_BENCHMARK_DIR to the benchmark checkout}"
gold="$bench/data/gold-standard-solutions/meaning-only"
mkdir -p corpus/parse corpus/execute corpus/evaluate corpus/api
for f in "$gold"/*.solution ../crates/sous-cli/tests/fixtures/malformed/*.solution; do
  for t in parse execute evaluate; do cp "$f" "corpus/$t/"; done
done
# Damaged copies: lines dropped, repeated, swapped; quantities and ingredients changed.
python3 - "$gold" > /tmp/sous-fuzz-edits.tsv <<'PY'
import pathlib, sys
for g in sorted(pathlib.Path(sys.argv[1]).glob("*.solution")):
    r = g.stem
    for spec in ["drop 5", "drop-last 3", "dup 4", "swap 3 6"]:
        name = spec.replace(" ", "-")
        print(f"gold:{r}; {spec}\tfuzz/corpus/execute/{r}-{name}.solution")
PY
(cd .. && cargo run -q -p sous-eval --example edit_gold < /tmp/sous-fuzz-edits.tsv) || true
cp corpus/execute/* corpus/evaluate/ 2>/dev/null || true
# Quantitative inputs for `execute` (a first byte 0x01 picks the physics
# kitchen): each gold network whole and cut after 4 and 8 actions (physics
# costs about a second per whole network, so short ones keep the rate up).
# Also alone in corpus/execute-quantitative, for runs of physics only
# (CORPUS=corpus/execute-quantitative fuzz/run.sh execute).
mkdir -p corpus/execute-quantitative
python3 - "$gold" <<'PY'
import pathlib, sys
for g in sorted(pathlib.Path(sys.argv[1]).glob("*.solution")):
    lines = g.read_text().splitlines()
    head = [l for l in lines if not l.startswith("(")][:1]
    actions = [l for l in lines if l.startswith("(")]
    for n in (4, 8, len(actions)):
        text = "\n".join(head + actions[:n]) + "\n"
        for d in ("corpus/execute", "corpus/execute-quantitative"):
            (pathlib.Path(d) / f"q-{g.stem}-{n}").write_bytes(b"\x01" + text.encode())
PY
# The API: a route byte (0 execute, 1 evaluate, 2 sessions, 3 session actions,
# 4 session evaluate, 5 trace), then a JSON body.
python3 - "$gold" <<'PY'
import json, pathlib, sys
gold = sorted(pathlib.Path(sys.argv[1]).glob("*.solution"))[:8]
out = pathlib.Path("corpus/api")
for i, g in enumerate(gold):
    text = g.read_text()
    rid = g.stem
    bodies = [
        (0, {"network": text}),
        (1, {"recipe": rid, "network": text, "metrics": ["smatch-score"]}),
        (2, {"recipe": rid, "profile": "corrected"}),
        (3, {"actions": "\n".join(text.splitlines()[1:4])}),
        (4, {}),
        (5, {"network": text}),
    ]
    for route, body in bodies:
        (out / f"{i}-{route}").write_bytes(bytes([route]) + json.dumps(body).encode())
PY
for t in parse execute execute-quantitative evaluate api; do echo "$t: $(ls corpus/$t | wc -l) seeds"; done
