"""Latency and throughput of POST /api/solve against the production server.

Starts `python -m webapp serve` on a free loopback port (as `make serve` does), then:
1. one client, sequential: p50 and p99 latency for a top95 puzzle, for
   the hardest puzzle of Norvig's hardest set (most steps), and for the 9×9
   with the most events of every bundled set (HARDEST_9X9, 136,128 events:
   the page's heaviest 9×9 answer), each with its step log;
2. concurrent clients: requests per second on top95 puzzles.

    python bench/api.py [--repeat 60] [--clients 4] [--requests 300]

The answer cache is off (ANSWER_CACHE=none): every request solves. bench/cache.py
measures the cache.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common import HARDEST_9X9  # noqa: E402
from load import free_port, percentile, start_server  # noqa: E402

from webapp.models import sudoku  # noqa: E402
from webapp.models.examples import puzzle_lines  # noqa: E402


def hardest_puzzle() -> str:
    """The puzzle of Norvig's hardest set whose solve takes the most steps."""
    lines = puzzle_lines("norvig_hardest.txt")
    return max(lines, key=lambda p: sudoku.solve(sudoku.parse(p)).outcome.stats.steps)


def post(conn, body: str) -> tuple[int, int]:
    """(status, bytes) of one solve request on an open connection."""
    conn.request("POST", "/api/solve", body=body, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    return response.status, len(response.read())


def latency(port: int, puzzle: str, repeat: int) -> tuple[list[float], int]:
    """Milliseconds per request, one client, and the answer size."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"puzzle": puzzle})
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        status, size = post(conn, body)
        assert status == 200, status
        times.append((time.perf_counter() - start) * 1e3)
    return times, size


def throughput(port: int, puzzles: list[str], clients: int, requests: int) -> float:
    """Requests per second with concurrent clients."""
    plan = [json.dumps({"puzzle": puzzles[k % len(puzzles)]}) for k in range(requests)]
    lock = threading.Lock()

    def work():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while True:
            with lock:
                if not plan:
                    return
                body = plan.pop()
            assert post(conn, body)[0] == 200

    threads = [threading.Thread(target=work) for _ in range(clients)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return requests / (time.perf_counter() - start)


def main(argv=None) -> int:
    """Run both measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--workers", type=int, default=3)
    args = parser.parse_args(argv)
    port = free_port()
    server = start_server(port, args.workers, {"ANSWER_CACHE": "none"})       # every request solves
    try:
        top95 = puzzle_lines("norvig_top95.txt")
        print(f"{'puzzle':<30} {'p50 ms':>8} {'p99 ms':>8} {'answer KB':>10}")
        puzzles = (("top95 #1", top95[0]), ("Norvig's hardest (most steps)", hardest_puzzle()),
                   ("most events of all 9x9", HARDEST_9X9))
        for name, puzzle in puzzles:
            times, size = latency(port, puzzle, args.repeat)
            print(f"{name:<30} {statistics.median(times):>8.1f} {percentile(times, 99):>8.1f} {size / 1024:>10.0f}")
        rate = throughput(port, top95, args.clients, args.requests)
        print(f"{args.clients} clients, {args.workers} workers, top95 puzzles with logs: {rate:.1f} requests/s")
    finally:
        server.terminate()
        server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
