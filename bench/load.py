"""Load test of the production server on loopback: many clients, mixed puzzles.

Starts `python -m webapp serve` as `make serve` does (on a free 127.0.0.1 port), sends a
bounded number of requests from concurrent clients for at most a bounded
time, then prints requests per second, p50/p99 latency per kind, the count of
5xx answers (must be 0) and the server's peak memory (master and workers).

    python bench/load.py [--clients 8] [--requests 400] [--seconds 60] [--workers 3] [--cache]
    python bench/load.py --scenario heavy [--clients 20] [--workers 2] [--root DIR]
    python bench/load.py --scenario budget [--clients 4] [--workers 2] [--root DIR]

Requests ask for brotli, as browsers do. Without --cache the server's answer
cache is off (ANSWER_CACHE=none: every request solves); with it, a fresh
filesystem cache, so repeated requests are answered from it.

Scenarios (issue 37):
    mix      the default: the mixed load above.
    heavy    --clients solves of 2 s each sent at once, and the page asked for a
             second later: how the solves spread over the workers (each answer's
             X-Worker header; a server without it counts as '?'), what they answered
             (a 503: waited past its budget), and how long the page waited.
    budget   --clients clients keep the workers busy with 2 s solves while one asks
             five times for a recorded 25×25 solve with max_seconds 1: how long each
             took to answer.
--root DIR serves another checkout of the project (e.g. `git worktree add` of an older
commit, with its compiled core built) with this Python: figures before and after a change.

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


def start_server(port: int, workers: int, env: dict | None = None, root: Path = ROOT) -> subprocess.Popen:
    """The production server on 127.0.0.1:port, as `make serve` runs it; waits until it answers."""
    server = subprocess.Popen([sys.executable, "-m", "webapp", "serve", "--port", str(port),
                               "--workers", str(workers)], cwd=root,
                              env={**os.environ, "PYTHONPATH": str(root), "DLX_WORKER_HEADER": "1", **(env or {})},
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


HEAVY = {"puzzle": puzzle_lines("gecode_25x25.txt")[0], "record": False, "max_steps": 10 ** 9}


def post(port: int, body: dict, timeout: float = 120) -> tuple[int, str, float]:
    """One solve on its own connection: (status, the X-Worker that answered or '?', seconds)."""
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", "/api/solve", body=json.dumps(body),
                     headers={"Content-Type": "application/json", "Accept-Encoding": "br"})
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("X-Worker") or "?", time.perf_counter() - start
    except (OSError, http.client.HTTPException):
        return 0, "-", time.perf_counter() - start
    finally:
        conn.close()


def heavy(port: int, clients: int) -> int:
    """The heavy scenario: `clients` 2 s solves at once, the page a second later."""
    results: list = [None] * clients

    def one(k):
        results[k] = post(port, {**HEAVY, "max_seconds": 2})

    threads = [threading.Thread(target=one, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    time.sleep(1)
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", "/")
    page_status = conn.getresponse().status
    page = time.perf_counter() - start
    for t in threads:
        t.join()
    by_worker: dict = {}
    for status, worker, _ in results:
        by_worker.setdefault(worker, []).append(status)
    for worker, statuses in sorted(by_worker.items()):
        print(f"worker {worker}: {len(statuses)} answers "
              f"({', '.join(f'{statuses.count(s)}× {s}' for s in sorted(set(statuses)))})")
    print(f"slowest solve answered after {max(r[2] for r in results):.1f} s")
    print(f"GET / answered {page_status} after {page:.2f} s")
    return 0


def budget(port: int, clients: int) -> int:
    """The budget scenario: `clients` keep the server busy; a max_seconds 1 solve is timed five times."""
    stop = threading.Event()

    def load():
        while not stop.is_set():
            post(port, {**HEAVY, "max_seconds": 2})

    threads = [threading.Thread(target=load) for _ in range(clients)]
    for t in threads:
        t.start()
    time.sleep(1.5)
    took = []
    for _ in range(5):
        status, worker, seconds = post(port, {"puzzle": HEAVY["puzzle"], "max_seconds": 1})
        took.append(seconds)
        print(f"max_seconds 1: {status} from worker {worker} after {seconds:.2f} s")
    stop.set()
    for t in threads:
        t.join()
    print(f"max_seconds 1 with {clients} other clients: {min(took):.2f}–{max(took):.2f} s")
    return 0


def main(argv=None) -> int:
    """Run the load test and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=("mix", "heavy", "budget"), default="mix")
    parser.add_argument("--clients", type=int, default=None, help="default 8 (mix), 20 (heavy), 4 (budget)")
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=None, help="default 3 (mix), 2 (heavy, budget)")
    parser.add_argument("--cache", action="store_true", help="answer from a fresh filesystem cache")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve (default: this one)")
    args = parser.parse_args(argv)
    if args.scenario != "mix":
        clients = args.clients or {"heavy": 20, "budget": 4}[args.scenario]
        port = free_port()
        server = start_server(port, args.workers or 2, {"ANSWER_CACHE": "none"}, args.root.resolve())
        try:
            print(f"python -m webapp serve ({args.root}), {args.workers or 2} workers, {clients} clients, "
                  f"scenario {args.scenario}, load average {os.getloadavg()[0]:.1f}")
            return (heavy if args.scenario == "heavy" else budget)(port, clients)
        finally:
            server.terminate()
            server.wait(timeout=60)
    args.clients = args.clients or 8
    args.workers = args.workers or 3
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
