#!/usr/bin/env bash
# Runs one target for RUNS executions (default 10^6) on its corpus, with a
# hang limit of TIMEOUT seconds (default 10: the instrumented build runs about
# 20 times slower than a release build, so this flags inputs that take about
# half a second in release) and a 2 GB memory limit, and prints libFuzzer's
# final stats. SANITIZER (default none) is cargo-fuzz's -s: the crates have
# no unsafe code, and AddressSanitizer halves the rate; `SANITIZER=address`
# brings it back.
# A crash, hang or out-of-memory input lands in fuzz/artifacts/TARGET/; keep
# it as edits of its gold network in crates/sous-sim/tests/fixtures/fuzz/
# (see README.md) so an ordinary test replays it.
set -euo pipefail
cd "$(dirname "$0")"
target="${1:?usage: fuzz/run.sh TARGET [RUNS]}"
runs="${2:-1000000}"
timeout="${TIMEOUT:-10}"
sanitizer="${SANITIZER:-none}"
# TRACE_COMPARES=0 builds without libFuzzer's comparison tracing: about
# three times the rate for `evaluate`, whose time goes to comparisons in
# Smatch's hill climbing, at the cost of guidance towards magic values.
compares=()
if [ "${TRACE_COMPARES:-1}" = 0 ]; then compares=(--no-trace-compares); fi
# CORPUS: another corpus folder (e.g. corpus/execute-quantitative).
corpus="${CORPUS:-corpus/$target}"
mkdir -p "$corpus" "artifacts/$target"
cargo +nightly fuzz run -O -s "$sanitizer" "${compares[@]}" "$target" "$corpus" -- \
  -runs="$runs" -timeout="$timeout" -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="artifacts/$target/"
