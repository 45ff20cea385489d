#!/usr/bin/env python3
"""Soak test of `sous serve` on loopback (run by hand; the result goes in the
documentation): starts the server, then for DURATION seconds runs WORKERS clients
in one mix — executions, evaluations, and sessions created, extended,
evaluated, ended, abandoned (left to expire) — at a fixed rate (--rate,
150 requests/s by default), and samples the server's memory every second.

    SOUS_BENCHMARK_DIR=../shared/recipe-execution-benchmark \
        python3 tools/soak.py --sous target/release/sous --duration 1800

Reports throughput, p50/p99 latency per kind of request, errors (anything
but the expected answer, or a failed connection), and the resident memory,
sampled every second: the fifth minute against the last one, by median and
by peak (flat means under 10 % growth for both).

With --quantitative-share F, that fraction of the executions, evaluations
and sessions run in the physics kitchen ("mode": "quantitative"; a session
is quantitative as a whole, so all its calls are). The server runs at most
--physics-workers of those at once and answers the excess 503 with
`Retry-After`: such answers are counted as shed load, per kind, not as
errors (a 503 to a qualitative request is still an error). Their latency
(the short wait for a worker) is not mixed into the served requests'.
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client:
    """One client; with a `rate` (requests/s), requests start on a fixed
    schedule, whatever the latency (an open loop), so the load, and with it
    the number of live sessions, does not follow the server's speed."""

    def __init__(self, base: str, rate: float | None = None):
        self.base = base
        self.interval = 1 / rate if rate else 0.0
        self.next = time.time()
        # When the last request was sent: latency is measured from here,
        # not from before the wait for the request's turn on the schedule
        # (which is up to one interval, and was once counted in).
        self.sent = self.next

    def pace(self):
        if self.interval:
            self.next += self.interval
            delay = self.next - time.time()
            if delay > 0:
                time.sleep(delay)

    def call(self, method: str, path: str, body=None):
        self.pace()
        self.sent = time.time()
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                raw = r.read()
                return r.status, (json.loads(raw) if raw else None)
        except urllib.error.HTTPError as e:
            e.read()
            return e.code, None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sous", default="target/release/sous")
    p.add_argument("--duration", type=float, default=1800)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--rate", type=float, default=150,
                   help="requests per second, all clients together (0: as fast as the server answers)")
    p.add_argument("--output", type=Path, default=None, help="write the figures as JSON here")
    p.add_argument("--quantitative-share", type=float, default=0.0, metavar="F",
                   help="fraction of executions, evaluations and sessions in quantitative mode (0 to 1)")
    p.add_argument("--physics-workers", type=int, default=None, metavar="N",
                   help="passed to `sous serve` (default: the server's, one per core)")
    args = p.parse_args()
    if not 0 <= args.quantitative_share <= 1:
        p.error("--quantitative-share must be between 0 and 1")
    bench = Path(os.environ["SOUS_BENCHMARK_DIR"])
    gold = sorted((bench / "data/gold-standard-solutions/meaning-only").glob("*.solution"))
    examples = [f.read_text() for f in sorted((bench / "documentation/examples/evaluation").glob("*.solution"))]
    # The recipe id as the header writes it (two gold files are named otherwise).
    networks = [(t.splitlines()[0].lstrip("#").strip(), t) for t in (g.read_text() for g in gold)]
    port = free_port()
    command = [args.sous, "serve", "--port", str(port), "--session-idle-seconds", "60", "--max-sessions", "100000"]
    if args.physics_workers is not None:
        command += ["--physics-workers", str(args.physics_workers)]
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/api/kitchen", timeout=1).read()
            break
        except OSError:
            time.sleep(0.1)
    start = time.time()
    stop = start + args.duration
    lock = threading.Lock()
    latencies: dict[str, list[float]] = {}
    errors: list[str] = []
    shed: dict[str, int] = {}
    memory: list[tuple[float, int]] = []

    def record(kind: str, t0: float, ok: bool, what: str, quantitative: bool = False, code: int = 0):
        """One answer. `kind` gets a `:quantitative` suffix for physics
        requests; their 503s are shed load, counted apart."""
        if quantitative:
            kind += ":quantitative"
        with lock:
            if quantitative and code == 503:
                shed[kind] = shed.get(kind, 0) + 1
                return
            latencies.setdefault(kind, []).append(time.time() - t0)
            if not ok:
                errors.append(f"{kind}: {what}")

    def worker(seed: int):
        rng = random.Random(seed)
        c = Client(base, args.rate / args.workers if args.rate else None)
        while time.time() < stop:
            roll = rng.random()
            q = rng.random() < args.quantitative_share
            mode = {"mode": "quantitative"} if q else {}
            try:
                if roll < 0.35:
                    rid, text = rng.choice(networks)
                    code, x = c.call("POST", "/api/execute", {"network": text, **mode})
                    record("execute", c.sent, code == 200 and x["solved"] is not None, str(code), q, code)
                elif roll < 0.6:
                    example = rng.choice(examples)
                    code, r = c.call(
                        "POST", "/api/evaluate",
                        {"recipe": "almond-crescent-cookies", "network": example, "explain": rng.random() < 0.5, **mode},
                    )
                    record("evaluate", c.sent, code == 200, str(code), q, code)
                else:
                    rid, text = rng.choice(networks)
                    lines = [l for l in text.splitlines() if l.startswith("(")]
                    # Making a session runs nothing: never shed.
                    code, s = c.call("POST", "/api/sessions", {"recipe": rid, **mode})
                    record("session-create", c.sent, code == 201, str(code), q)
                    if code != 201:
                        continue
                    sid = s["id"]
                    steps = rng.randint(1, len(lines))
                    chunk = rng.randint(1, 6)
                    shed_here = False
                    for i in range(0, steps, chunk):
                        code, _ = c.call("POST", f"/api/sessions/{sid}/actions", {"actions": "\n".join(lines[i : i + chunk])})
                        record("session-actions", c.sent, code == 200, str(code), q, code)
                        if q and code == 503:
                            # The rest would use variables this call did
                            # not bind: the client gives the session up.
                            shed_here = True
                            break
                    if not shed_here:
                        code, _ = c.call("POST", f"/api/sessions/{sid}/evaluate", {})
                        record("session-evaluate", c.sent, code in (200, 409), str(code), q, code)
                    if rng.random() < 0.7:
                        code, _ = c.call("DELETE", f"/api/sessions/{sid}")
                        record("session-end", c.sent, code == 204, str(code), q)
                    # else abandoned: it expires after 60 s idle.
            except Exception as e:  # a failed connection is an error too
                record("connection", time.time(), False, repr(e))

    def sampler():
        while time.time() < stop:
            memory.append((time.time() - start, rss_kb(server.pid)))
            time.sleep(1)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(args.workers)]
    threads.append(threading.Thread(target=sampler))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    server.terminate()
    server.wait()

    elapsed = time.time() - start
    served = sum(len(v) for v in latencies.values())
    total = served + sum(shed.values())
    # RSS moves by several MB from one second to the next with what is in
    # flight (four requests, each holding its kitchen states), so a single
    # sample says little. Memory "at minute 5" is the fifth minute's samples
    # (one a second), "at the end" the last minute's; both their median and
    # their peak are compared.
    fifth = [m for t, m in memory if 240 <= t < 300] or [memory[0][1]]
    last = [m for t, m in memory if t >= memory[-1][0] - 60]

    def window(ms):
        return {"median": int(statistics.median(ms)), "peak": max(ms), "samples": len(ms)}

    def growth(a, b):
        return round((b - a) / a * 100, 2)

    rss = {
        "minute_5": window(fifth),
        "last_minute": window(last),
        "max": max(m for _, m in memory),
        "growth_median_pct": growth(statistics.median(fifth), statistics.median(last)),
        "growth_peak_pct": growth(max(fifth), max(last)),
        "single_samples": {"at_300_s": next((m for t, m in memory if t >= 300), memory[0][1]),
                           "last": memory[-1][1]},
    }
    figures = {
        "duration_s": round(elapsed),
        "workers": args.workers,
        "rate_target_per_s": args.rate,
        "quantitative_share": args.quantitative_share,
        "physics_workers": args.physics_workers,
        "requests": total,
        "throughput_per_s": round(total / elapsed, 1),
        "errors": len(errors),
        "shed_503": sum(shed.values()),
        "shed_by_kind": {
            k: {"shed": n, "served": len(latencies.get(k, [])),
                "shed_pct": round(n / (n + len(latencies.get(k, []))) * 100, 1)}
            for k, n in sorted(shed.items())
        },
        "first_errors": errors[:10],
        "latency_ms": {
            k: {
                "n": len(v),
                "p50": round(statistics.median(v) * 1000, 1),
                "p99": round(sorted(v)[min(len(v) - 1, math.ceil(len(v) * 0.99) - 1)] * 1000, 1),
            }
            for k, v in sorted(latencies.items())
        },
        "rss_kb": rss,
        "rss_samples": memory,
    }
    text = json.dumps({k: v for k, v in figures.items() if k != "rss_samples"}, indent=2)
    print(text)
    if args.output:
        args.output.write_text(json.dumps(figures, indent=2))
    flat = rss["growth_median_pct"] < 10 and rss["growth_peak_pct"] < 10
    return 0 if not errors and flat else 1


if __name__ == "__main__":
    sys.exit(main())
