"""The answer cache: a miss (solve, analyse, compress, store) against a hit, on the real server.

    python bench/cache.py [--repeat 5]

Starts `python -m webapp serve` (one worker) with a fresh filesystem cache,
and again with Redis when `redis-server` is installed (started here on a free
port), and for each request prints the time of the first answer (a miss) and
the median of --repeat answers after it (hits), with the bytes sent (brotli,
as a browser asks), then the median of --repeat hits for a client that takes
gzip and not brotli (curl --compressed, Python requests), with their bytes.
Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import free_port, start_server  # noqa: E402
from webapp.models.examples import examples  # noqa: E402


def example(name: str) -> str:
    return next(e["puzzle"] for e in examples() if e["id"] == name)


REQUESTS = [
    ("9x9 top95-hard, log", "/api/solve", {"puzzle": example("top95-hard")}),
    ("25x25 gecode, log (1M steps)", "/api/solve", {"puzzle": example("gecode-25")}),
    ("pentominoes, 1 solution, log", "/api/cover", {"builtin": "pentominoes"}),
    ("9x9 top95-hard, no log", "/api/solve", {"puzzle": example("top95-hard"), "record": False}),
]


def start(env: dict) -> tuple[subprocess.Popen, int]:
    """The production server with one worker and these environment settings, and its port."""
    port = free_port()
    return start_server(port, 1, env), port


def timed(port: int, url: str, body: dict, encoding: str = "br") -> tuple[float, int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start_at = time.perf_counter()
    conn.request("POST", url, body=json.dumps(body),
                 headers={"Content-Type": "application/json", "Accept-Encoding": encoding})
    response = conn.getresponse()
    data = response.read()
    return time.perf_counter() - start_at, len(data), response.getheader("X-Answer-Cache", "")


def table(name: str, env: dict, repeat: int) -> None:
    server, port = start(env)
    try:
        print(f"\n{name}")
        print(f"{'request':32} {'miss ms':>9} {'hit ms':>8} {'miss/hit':>9} {'bytes':>9}"
              f" {'gzip hit ms':>12} {'gzip bytes':>11}")
        for label, url, body in REQUESTS:
            miss, size, first = timed(port, url, body)
            hits = [timed(port, url, body) for _ in range(repeat)]
            gzip_hits = [timed(port, url, body, "gzip") for _ in range(repeat)]
            if first != "miss" or any(h[2] != "hit" for h in hits + gzip_hits):
                print(f"{label:32} not cached: {first}, {[h[2] for h in hits + gzip_hits]}")
                continue
            hit = statistics.median(h[0] for h in hits)
            gzip_hit = statistics.median(h[0] for h in gzip_hits)
            print(f"{label:32} {miss * 1e3:9.1f} {hit * 1e3:8.1f} {miss / hit:9.0f} {size:9}"
                  f" {gzip_hit * 1e3:12.1f} {gzip_hits[-1][1]:11}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        table("filesystem cache (the default)", {"ANSWER_CACHE_DIR": folder, "REDIS_URL": ""}, args.repeat)
    binary = shutil.which("redis-server")
    if binary is None:
        print("\nRedis: redis-server is not installed (Debian package redis-server)")
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        redis = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "no", "--dir", folder],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            table("Redis cache (REDIS_URL)", {"REDIS_URL": f"redis://127.0.0.1:{port}/0"}, args.repeat)
        finally:
            redis.terminate()
            redis.wait(timeout=10)


if __name__ == "__main__":
    main()
