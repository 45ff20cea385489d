#!/usr/bin/env python3
"""Measures the four speed goals of issue 24 on this checkout, and writes
README.md's before/after table (`<!-- perf-tables:goals -->`) from two such
measurements.

  perf_table.py record LABEL [--target DIR]
      measures this checkout and writes crates/sous-perf/figures/LABEL.toml:
      - criterion: `cargo bench -p sous-sim --bench gold`, `cargo bench -p
        sous-eval --bench evaluate` (30 gold networks), `cargo bench -p
        sous-server --bench execute` (means, ms);
      - instructions: tools/instructions.py's counts, when sous-perf exists;
      - the API: `sous serve` on core 0, `wrk -t2 -c16 -d15s --latency` on
        core 1, POSTing the almond gold network (compact answer);
      - streaming: tools/gen_predictions.py N | sous evaluate - --format
        jsonl (default metrics), recipes per second and peak RSS.
  perf_table.py render
      writes the table from figures/before.toml and figures/after.toml.

Each measurement is meant to be taken in one sitting on a quiet machine
(`uptime`'s load is recorded with them). SOUS_BENCHMARK_DIR as for the tests.
"""

import argparse
import datetime
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

from readme import README, ROOT, gold_dir, replace

FIGURES = ROOT / "crates/sous-perf/figures"
BENCHES = {
    "sim_gold_ms": ("sous-sim", "gold", "execute all 30 gold networks"),
    "eval_all_ms": ("sous-eval", "evaluate", "30 gold networks, all four metrics"),
    "eval_no_smatch_ms": ("sous-eval", "evaluate", "30 gold networks, without smatch"),
    "handler_ms": ("sous-server", "execute", "execute almond-crescent-cookies"),
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, **kw)


def criterion(target):
    out = {}
    done = set()
    for key, (crate, bench, name) in BENCHES.items():
        if (crate, bench) not in done:
            run(["cargo", "bench", "-p", crate, "--bench", bench],
                env={**os.environ, "CARGO_TARGET_DIR": str(target)},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
            done.add((crate, bench))
        est = Path(target) / "criterion" / name / "new" / "estimates.json"
        if not est.exists():
            sys.exit(f"no criterion estimate at {est}")
        out[key] = round(json.loads(est.read_text())["mean"]["point_estimate"] / 1e6, 3)
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def api(sous, extra=(), prefix="api"):
    network = (gold_dir() / "almond-crescent-cookies.solution").read_text()
    body = json.dumps({"network": network, "compact": True})
    port = free_port()
    server = subprocess.Popen(["taskset", "-c", "0", sous, "serve", "--port", str(port), *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/api/execute"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.1)
        answer = run(["curl", "-s", "-X", "POST", "-H", "content-type: application/json",
                      "--data-binary", body, url], capture_output=True).stdout
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
            lua.write('wrk.method = "POST"\n'
                      'wrk.headers["Content-Type"] = "application/json"\n'
                      f"wrk.body = {json.dumps(body)}\n")
        out = run(["taskset", "-c", "1", "wrk", "-t2", "-c16", "-d15s", "--latency",
                   "-s", lua.name, url], capture_output=True).stdout
        os.unlink(lua.name)
    finally:
        server.terminate()
        server.wait()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 1e-3, "ms": 1.0, "s": 1e3}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {f"{prefix}_req_per_s": round(rate),
            f"{prefix}_p99_ms": round(float(p99.group(1)) * scale, 2),
            f"{prefix}_answer_bytes": len(answer.encode()),
            f"{prefix}_errors": int(errors.group(1)) if errors else 0}


def stream(sous, n):
    gen = subprocess.Popen([sys.executable, str(ROOT / "tools/gen_predictions.py"), str(n)],
                           stdout=subprocess.PIPE)
    start = time.monotonic()
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sous, "evaluate", "-", "--format", "jsonl"],
                         stdin=gen.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    seconds = time.monotonic() - start
    gen.wait()
    rss_kb = int(out.stderr.strip().splitlines()[-1])
    return {"stream_n": n, "stream_per_s": round(n / seconds), "stream_rss_mb": round(rss_kb / 1024, 1)}


def instructions(target):
    binary = Path(target) / "release" / "sous-perf"
    if not binary.exists():
        return {}
    sys.path.insert(0, str(ROOT / "tools"))
    import instructions as ins
    return {f"instructions_{w}": ins.count(binary, w) for w in ins.WORKLOADS}


def record(label, target, n):
    commit = run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, cwd=ROOT).stdout.strip()
    sous = Path(target) / "release" / "sous"
    run(["cargo", "build", "--release", "-p", "sous-cli", "-p", "sous-perf"], cwd=ROOT,
        env={**os.environ, "CARGO_TARGET_DIR": str(target)}, stderr=subprocess.DEVNULL)
    figures = {"commit": commit, "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="minutes"),
               "load": os.getloadavg()[0]}
    figures |= criterion(target)
    figures |= instructions(target)
    figures |= api(str(sous))
    # With its caches off, when the server has them: every request parsed and executed.
    help_text = run([str(sous), "serve", "--help"], capture_output=True).stdout
    if "--answer-cache-mb" in help_text:
        figures |= api(str(sous), ["--answer-cache-mb", "0", "--network-cache-entries", "0"],
                       "api_uncached")
    figures |= stream(str(sous), n)
    FIGURES.mkdir(parents=True, exist_ok=True)
    lines = [f"# tools/perf_table.py record {label}: measured, not edited by hand"]
    for k, v in figures.items():
        lines.append(f"{k} = {json.dumps(v)}")
    (FIGURES / f"{label}.toml").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def render():
    b = tomllib.loads((FIGURES / "before.toml").read_text())
    a = tomllib.loads((FIGURES / "after.toml").read_text())

    def ratio(x, y, higher_better=False):
        r = (y / x) if higher_better else (x / y)
        return f"{r:.2f}×"

    def count(d, k):
        v = d.get(k)
        return f"{v / 1e6:,.1f} M" if v else "—"

    rows = [
        ("30 gold networks executed — `cargo bench -p sous-sim --bench gold`",
         f"{b['sim_gold_ms']:.2f} ms", f"{a['sim_gold_ms']:.2f} ms", "≤ 3 ms",
         ratio(b["sim_gold_ms"], a["sim_gold_ms"])),
        ("30 gold networks, all four metrics — `cargo bench -p sous-eval --bench evaluate`",
         f"{b['eval_all_ms']:.1f} ms ({b['eval_no_smatch_ms']:.1f} without Smatch)",
         f"{a['eval_all_ms']:.1f} ms ({a['eval_no_smatch_ms']:.1f} without Smatch)", "≤ 50 ms",
         ratio(b["eval_all_ms"], a["eval_all_ms"])),
        ("`POST /api/execute`, almond gold, compact (`wrk -t2 -c16 -d15s`, server on core 0, wrk on core 1)",
         f"{b['api_req_per_s']:,} req/s, p99 {b['api_p99_ms']} ms, {b['api_answer_bytes'] / 1024:.0f} KB",
         f"{a['api_req_per_s']:,} req/s, p99 {a['api_p99_ms']} ms, {a['api_answer_bytes'] / 1024:.1f} KB",
         "≥ 10,000 req/s", ratio(b["api_req_per_s"], a["api_req_per_s"], True)),
        ("the same with the server's caches off (every request parsed, validated and executed)",
         "(no caches)",
         f"{a['api_uncached_req_per_s']:,} req/s, p99 {a['api_uncached_p99_ms']} ms",
         "—", ratio(b["api_req_per_s"], a["api_uncached_req_per_s"], True)),
        ("the same request's handler without HTTP — `cargo bench -p sous-server --bench execute`",
         f"{b['handler_ms']:.3f} ms", f"{a['handler_ms']:.3f} ms", "—",
         ratio(b["handler_ms"], a["handler_ms"])),
        (f"`sous evaluate -` streaming {a['stream_n']:,} predictions (default metrics, 2 cores)",
         f"{b['stream_per_s']:,}/s, {b['stream_rss_mb']} MB", f"{a['stream_per_s']:,}/s, {a['stream_rss_mb']} MB",
         "≥ 3,000/s, flat", ratio(b["stream_per_s"], a["stream_per_s"], True)),
        ("instructions: 30 gold executions / their evaluation / one handler — `tools/instructions.py`",
         " / ".join(count(b, f"instructions_{w}") for w in ("execute", "evaluate", "request")),
         " / ".join(count(a, f"instructions_{w}") for w in ("execute", "evaluate", "request")),
         "—", "—"),
    ]
    out = [f"Before: `{b['commit']}` ({b['date']}, load {b['load']:.2f}); after: `{a['commit']}` "
           f"({a['date']}, load {a['load']:.2f}); same machine, each column one sitting "
           "(`python3 tools/perf_table.py record before|after`, then `render`). The machine "
           "is shared and a sitting moves by up to about 20 %: the side-by-side comparisons "
           "below (`tools/bench_ab.py`) are what the noise cannot move.", "",
           "| measure | before | after | goal | speed-up |", "|---|---|---|---|---|"]
    out += [f"| {' | '.join(r)} |" for r in rows]
    README.write_text(replace(README.read_text(), "perf-tables", "goals", "\n".join(out) + "\n"))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="what", required=True)
    r = sub.add_parser("record")
    r.add_argument("label")
    r.add_argument("--target", default=str(ROOT / "target"), help="cargo target dir")
    r.add_argument("--predictions", type=int, default=100_000)
    sub.add_parser("render")
    args = p.parse_args()
    if args.what == "record":
        record(args.label, args.target, args.predictions)
    else:
        render()


if __name__ == "__main__":
    main()
