#!/usr/bin/env bash
# The HTTP API against its own OpenAPI document with schemathesis: starts
# `sous serve` on a free loopback port (with the benchmark, if found) and
# runs every check on every operation. Needs `schemathesis` on the PATH
# (.ci/run installs it in target/py-venv) and a built `sous` (SOUS_BIN).
set -euo pipefail
cd "$(dirname "$0")/.."
sous="${SOUS_BIN:-target/debug/sous}"
st="${SCHEMATHESIS:-schemathesis}"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$sous" serve --port "$port" --max-sessions 100000 >/tmp/sous-schemathesis-server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(300):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/api/openapi.json", timeout=1)
        break
    except OSError:
        time.sleep(0.1)
PY
cd .ci
"$st" run "http://127.0.0.1:$port/api/openapi.json" --checks all --max-examples "${MAX_EXAMPLES:-60}" --seed 1 "$@"
