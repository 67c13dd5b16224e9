"""Load test of the production server on loopback: many clients, mixed puzzles.

Starts `python -m webapp serve` as `make serve` does (on a free 127.0.0.1 port), sends a
bounded number of requests from concurrent clients for at most a bounded
time, then prints requests per second, p50/p99 latency per kind, the count of
5xx answers (must be 0) and the server's peak memory (master and workers).

    python bench/load.py [--clients 8] [--requests 400] [--seconds 60] [--workers 3] [--cache]

Requests ask for brotli, as browsers do. Without --cache the server's answer
cache is off (ANSWER_CACHE=none: every request solves); with it, a fresh
filesystem cache, so repeated requests are answered from it.

Glossary
    kind     what a request sends: easy (a top95 puzzle), hard (the top95
             puzzle with most dead ends), invalid (clashing givens), stopped
             (a Gecode 25×25 that stops at its step budget), too-big (36×36).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from webapp.models.examples import puzzle_lines  # noqa: E402


def request_kinds() -> dict[str, list[dict]]:
    """Bodies for each kind of request."""
    top95 = puzzle_lines("norvig_top95.txt")
    return {
        "easy": [{"puzzle": p} for p in top95],
        "hard": [{"puzzle": top95[48], "solutions": 2}],
        "invalid": [{"puzzle": "5" + "." * 5 + "5" + "." * 74}, {"puzzle": "x" * 81}, {"puzzle": 7}],
        "stopped": [{"puzzle": p, "max_steps": 50_000} for p in puzzle_lines("gecode_25x25.txt")[:4]],
        "too-big": [{"puzzle": " ".join(["."] * 1296)}],
    }


MIX = ["easy"] * 6 + ["hard"] * 2 + ["invalid"] * 2 + ["stopped", "too-big"]


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tree_rss_kb(pid: int) -> int:
    """Resident memory of a process and its children, in kB (from /proc)."""
    pids = [pid] + [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    total = 0
    for p in pids:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


def start_server(port: int, workers: int, env: dict | None = None) -> subprocess.Popen:
    """The production server on 127.0.0.1:port, as `make serve` runs it; waits until it answers."""
    server = subprocess.Popen([sys.executable, "-m", "webapp", "serve", "--port", str(port),
                               "--workers", str(workers)], cwd=ROOT, env={**os.environ, **(env or {})},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/examples")
            if conn.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("python -m webapp serve did not start")


def client(port, bodies, plan, results, stop_at, lock):
    """One client: takes requests from the shared plan until it is empty or time is up."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.monotonic() < stop_at:
        with lock:
            if not plan:
                return
            kind = plan.pop()
        body = json.dumps(random.choice(bodies[kind]))
        start = time.perf_counter()
        try:
            conn.request("POST", "/api/solve", body=body,
                         headers={"Content-Type": "application/json", "Accept-Encoding": "br"})
            response = conn.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            status = 0
        results.append((kind, status, time.perf_counter() - start))


def percentile(values, p):
    """The p-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main(argv=None) -> int:
    """Run the load test and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--cache", action="store_true", help="answer from a fresh filesystem cache")
    args = parser.parse_args(argv)
    random.seed(1)
    port = free_port()
    folder = tempfile.mkdtemp(prefix="dlx-load-answers-")
    env = {"ANSWER_CACHE": "filesystem", "ANSWER_CACHE_DIR": folder} if args.cache else {"ANSWER_CACHE": "none"}
    server = start_server(port, args.workers, env)
    peak, sampling = [tree_rss_kb(server.pid)], True

    def sample():
        while sampling:
            peak.append(tree_rss_kb(server.pid))
            time.sleep(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    bodies = request_kinds()
    plan = [random.choice(MIX) for _ in range(args.requests)]
    results: list = []
    lock = threading.Lock()
    start = time.perf_counter()
    stop_at = time.monotonic() + args.seconds
    threads = [threading.Thread(target=client, args=(port, bodies, plan, results, stop_at, lock))
               for _ in range(args.clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    sampling = False
    sampler.join()
    server.terminate()
    server.wait(timeout=10)
    shutil.rmtree(folder, ignore_errors=True)

    print(f"python -m webapp serve, {args.workers} workers, {args.clients} clients, {len(results)} requests "
          f"in {wall:.1f} s on {os.cpu_count()} cores, answer cache {'on' if args.cache else 'off'}")
    print(f"{'kind':<9} {'count':>6} {'p50 ms':>8} {'p99 ms':>8}  statuses")
    for kind in ["easy", "hard", "invalid", "stopped", "too-big"]:
        rows = [r for r in results if r[0] == kind]
        if rows:
            times = [r[2] * 1e3 for r in rows]
            statuses = sorted({r[1] for r in rows})
            median, p99 = statistics.median(times), percentile(times, 99)
            print(f"{kind:<9} {len(rows):>6} {median:>8.1f} {p99:>8.1f}  {statuses}")
    all_times = [r[2] * 1e3 for r in results]
    errors = sum(1 for r in results if r[1] >= 500 or r[1] == 0)
    print(f"all       {len(results):>6} {statistics.median(all_times):>8.1f} {percentile(all_times, 99):>8.1f}")
    print(f"requests per second: {len(results) / wall:.1f}")
    print(f"5xx or failed connections: {errors}")
    print(f"server peak memory (master + workers): {max(peak) / 1024:.0f} MB")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
