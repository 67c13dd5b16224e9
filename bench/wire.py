"""Bytes on the wire: the step logs of long searches raw, gzip and brotli, by level.

    .venv/bin/python bench/wire.py [--steps 200000 1000000] [--repeat 5]

For each log (the naive worst case under "first item", stopped at each step
budget given, and the hardest puzzle of webapp/puzzles/norvig_top95.txt under
fewest options first) it prints the answer's raw size, then for gzip 6, 9 and
brotli 4, 5, 6 the compressed size, bytes an event and the median time to
compress. Last, the app's own answer (compressed as served, the answer cache
off so that every request solves) for
Accept-Encoding identity, gzip and br: median request time in the test client
over --repeat runs, so the compression's share of a request is seen beside
the solve it rides on. Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import time
from pathlib import Path

import brotli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webapp import create_app  # noqa: E402
from webapp.models.examples import puzzle_lines  # noqa: E402

NAIVE_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
CODECS = [("gzip 6", lambda b: gzip.compress(b, 6)), ("gzip 9", lambda b: gzip.compress(b, 9)),
          ("br 4", lambda b: brotli.compress(b, quality=4)), ("br 5", lambda b: brotli.compress(b, quality=5)),
          ("br 6", lambda b: brotli.compress(b, quality=6))]


def median_ms(work, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[200_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    client = create_app({"ANSWER_CACHE": "none"}).test_client()
    top95 = puzzle_lines("norvig_top95.txt")
    hardest = max(top95, key=lambda p: len(client.post("/api/solve", json={"puzzle": p}).get_json()["log"]["events"]))
    requests = [(f"naive worst, first item, {s:,} steps", {"puzzle": NAIVE_WORST, "choose": "first", "max_steps": s})
                for s in args.steps] + [("hardest of top95, fewest options", {"puzzle": hardest})]
    print(f"{'log':<40} {'codec':<7} {'bytes':>10} {'B/event':>8} {'ms':>7}")
    for name, body in requests:
        answer = client.post("/api/solve", json=body, headers={"Accept-Encoding": "identity"})
        raw, events = answer.data, len(answer.get_json()["log"]["events"])
        print(f"{name:<40} {'raw':<7} {len(raw):>10,} {len(raw) / events:>8.3f} {'':>7}   ({events:,} events)")
        for codec, compress in CODECS:
            size = len(compress(raw))
            ms = median_ms(lambda c=compress, r=raw: c(r), args.repeat)
            print(f"{'':<40} {codec:<7} {size:>10,} {size / events:>8.3f} {ms:>7.1f}")
        for encoding in ("identity", "gzip", "br"):
            ms = median_ms(lambda e=encoding, b=body: client.post("/api/solve", json=b, headers={"Accept-Encoding": e}),
                           args.repeat)
            print(f"{'':<40} served as {encoding:<8} request median {ms:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
