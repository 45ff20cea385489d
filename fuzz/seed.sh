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
# Slices for runs of the physics kitchen at a useful rate: for each action of
# each gold network, that action and the actions it takes its inputs from
# (followed through the variables), with the kitchen states threaded through
# them again in their order. A gold network costs about a second of physics,
# a slice of up to 12 actions a tenth of that; longer slices are left out,
# but for the shortest of each primitive that has none so short (bake,
# transfer-items: 14 actions; dip, flatten, spread, top-with). In
# corpus/execute-slices, with the gold networks cut after 4 and 8 actions
# (CORPUS=corpus/execute-slices TRACE_COMPARES=0 fuzz/run.sh execute).
mkdir -p corpus/execute-slices
cp corpus/execute-quantitative/q-*-4 corpus/execute-quantitative/q-*-8 corpus/execute-slices/
python3 - "$gold" <<'PY'
import pathlib, sys

def actions_of(path):
    lines = path.read_text().splitlines()
    head = [l for l in lines if not l.startswith("(")][:1]
    return head, [l.strip()[1:-1].split() for l in lines if l.startswith("(")]

def slices(path):
    head, acts = actions_of(path)
    # A kitchen state is get-kitchen's output or the argument just before a
    # known kitchen state (every primitive writes its state before the one
    # it reads); outputs come before the output state, inputs after the input.
    states, info = set(), []
    for name, *args in acts:
        at = None
        if name == "get-kitchen":
            states.add(args[0])
        else:
            at = next((k for k, a in enumerate(args) if a in states and k > 0), None)
            if at is not None:
                states.add(args[at - 1])
        info.append((name, args, at))
    made_by = {}
    for n, (_, args, at) in enumerate(info):
        for a in args[: at - 1] if at else []:
            made_by.setdefault(a, n)
    kitchen = info[0][1][0] if info and info[0][0] == "get-kitchen" else "?kitchen"
    for t, (name, _, at) in enumerate(info):
        if at is None:
            continue
        keep, todo = set(), [t]
        while todo:
            n = todo.pop()
            if n not in keep:
                keep.add(n)
                _, args, at_n = info[n]
                todo += [made_by[a] for a in args[at_n + 1 :] if made_by.get(a, n) < n]
        state, text = kitchen, head + [f"(get-kitchen {kitchen})"]
        for n in sorted(keep):
            nm, args, at_n = info[n]
            args = list(args)
            args[at_n], state = state, args[at_n - 1]
            text.append("(" + " ".join([nm] + args) + ")")
        yield name, f"{name}-{t}", len(keep), "\n".join(text) + "\n"

every = [(g.stem, *s) for g in sorted(pathlib.Path(sys.argv[1]).glob("*.solution")) for s in slices(g)]
shortest = {}
for stem, name, key, size, text in every:
    shortest[name] = min(shortest.get(name, size), size)
seen = set()
for stem, name, key, size, text in every:
    if (size <= 12 or size == shortest[name]) and text not in seen:
        seen.add(text)
        (pathlib.Path("corpus/execute-slices") / f"s-{stem}-{key}").write_bytes(b"\x01" + text.encode())
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
for t in parse execute execute-quantitative execute-slices evaluate api; do echo "$t: $(ls corpus/$t | wc -l) seeds"; done
