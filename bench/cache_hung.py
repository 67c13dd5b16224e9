"""A Redis that hangs: requests a second through the app while redis-server is stopped.

    python bench/cache_hung.py [--requests 10]

Starts redis-server on a free port, stores one answer, stops it with SIGSTOP (it
still accepts connections and answers nothing), then sends --requests small cover
requests through the app in this process and prints the time they took, requests a
second and the warnings logged. Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import free_port  # noqa: E402
from webapp import create_app  # noqa: E402


class Counted(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10)
    args = parser.parse_args()
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not installed (Debian package redis-server)")
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        redis = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                  "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL)
        try:
            time.sleep(0.5)
            counted = Counted()
            logging.getLogger().addHandler(counted)
            client = create_app({"REDIS_URL": f"redis://127.0.0.1:{port}/0"}).test_client()
            client.post("/api/cover", json={"builtin": "queens", "params": {"n": 5}})
            redis.send_signal(signal.SIGSTOP)
            started = time.perf_counter()
            for k in range(args.requests):
                answer = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 4 + k % 10}})
                assert answer.status_code == 200
            took = time.perf_counter() - started
            print(f"{args.requests} requests with Redis stopped: {took:.2f} s, "
                  f"{args.requests / took:.1f} requests a second, {len(counted.lines)} warning(s)")
        finally:
            redis.send_signal(signal.SIGCONT)
            redis.terminate()
            redis.wait(timeout=10)


if __name__ == "__main__":
    main()
