"""A whole answer against its search: what /api/solve costs around the search itself.

    python bench/answer.py [--puzzles 20] [--repeat 3] [--passes compiled|python] [--quick]

The answer cache is off (every request solves). Requests go through the app in
this process (Flask's test client, Accept-Encoding: br, as the page sends), and
each answer's time is the wall time of the request; its search's time is the
stats.seconds the answer carries (the engine's own clock, measured in the same
request). "answer/search" is the one over the other:

1. hard 9x9: the first --puzzles of bench/data/forum_hardest_1106.txt.gz (the hardest
   for backtracking) under fewest options first; the median of the puzzles' ratios
   (issue 36's target: at most 5);
2. 1,000,000 events: the empty 25x25 under "first item", stopped at its
   1,000,000-step budget (max_seconds 60, so the clock does not stop it first);
   the median over --repeat requests (target: at most 8).

Each is printed again in CPU time (time.process_time): the fastest of --repeat
answers over the fastest of --repeat recorded searches of the same puzzle, run
apart: on a shared machine the wall clock of a request counts other processes.

Then where an answer's time goes, measured apart on the same searches: the
search, the analysis (webapp.analysis.facts.analyse), the rest of the step log
(steplog.build less the analysis, with the recording's native arrays as the routes
build it), JSON (steplog.encode, the events written in C) and brotli at the
server's level for the answer's size (answers.compress); each is the fastest of --repeat.
--passes python runs facts.py's pass (the reference) instead of the compiled
one: the figures before the analysis was compiled. Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brotli  # noqa: E402
import orjson  # noqa: E402

from webapp import create_app  # noqa: E402
from webapp.analysis import facts  # noqa: E402
from webapp.engine import exact_cover as ec  # noqa: E402
from webapp.log import steplog  # noqa: E402
from webapp.models import sudoku  # noqa: E402
from webapp.web import answers  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
EMPTY_25 = "." * 625
MILLION = 1_000_000


def hard_puzzles(count: int) -> list[str]:
    with gzip.open(DATA / "forum_hardest_1106.txt.gz", "rt") as lines:
        return [line.strip() for line in lines if line.strip()][:count]


def request(client, body: dict, cpu: list | None = None) -> tuple[float, dict]:
    """(wall seconds, the answer) of one solve; its CPU seconds appended to cpu."""
    start, start_cpu = time.perf_counter(), time.process_time()
    response = client.post("/api/solve", json=body, headers={"Accept-Encoding": "br"})
    seconds = time.perf_counter() - start
    if cpu is not None:
        cpu.append(time.process_time() - start_cpu)
    assert response.status_code == 200, response.data[:300]
    return seconds, orjson.loads(brotli.decompress(response.data))


def cpu_ratio(client, body: dict, repeat: int) -> float:
    """The answer's CPU time over its search's (recorded, as the request's), the fastest of repeat each:
    steadier than the wall clock when other work shares the cores."""
    answer_cpu: list[float] = []
    for _ in range(repeat):
        request(client, body, answer_cpu)
    grid = sudoku.parse(body["puzzle"])
    limits = {k: v for k, v in body.items() if k in ("choose", "max_steps", "max_seconds")}
    search_cpu = []
    for _ in range(repeat):
        start = time.process_time()
        sudoku.solve(grid, recording=ec.Recording(), **limits)
        search_cpu.append(time.process_time() - start)
    return min(answer_cpu) / min(search_cpu)


def parts(body: dict, repeat: int) -> dict[str, float]:
    """The fastest of repeat for each part of one answer, measured apart."""
    grid = sudoku.parse(body["puzzle"])
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    limits = {k: v for k, v in body.items() if k in ("choose", "max_steps", "max_seconds")}
    best: dict[str, float] = {}

    def keep(name: str, seconds: float) -> None:
        best[name] = min(best.get(name, float("inf")), seconds)

    for _ in range(repeat):
        recording = ec.Recording()
        start = time.perf_counter()
        outcome = sudoku.solve(grid, recording=recording, **limits).outcome
        keep("search", time.perf_counter() - start)
        start = time.perf_counter()
        facts.analyse(problem, givens, recording)
        keep("analysis", time.perf_counter() - start)
        start = time.perf_counter()
        log = steplog.build(problem, sudoku.phrases_for(grid.n), givens, recording, outcome,
                            {"kind": "sudoku", "n": grid.n}, native=True)      # as /api/solve builds it
        keep("log", time.perf_counter() - start - best["analysis"])
        start = time.perf_counter()
        raw = steplog.encode({"log": log})
        keep("json", time.perf_counter() - start)
        start = time.perf_counter()
        answers.compress(raw)
        keep("brotli", time.perf_counter() - start)
    best["events"] = len(recording.events)
    return best


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=20, help="hard 9x9 puzzles (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="requests of the 1,000,000-event answer")
    parser.add_argument("--passes", choices=[facts.COMPILED, facts.PYTHON], default=facts.COMPILED)
    parser.add_argument("--quick", action="store_true", help="5 puzzles, one 1,000,000-event request")
    args = parser.parse_args(argv)
    if args.quick:
        args.puzzles, args.repeat = 5, 1
    if args.passes == facts.PYTHON:
        facts._facts = None         # the reference pass: what every answer cost before _facts.c
    elif not facts.compiled_available():
        print("the compiled analysis is not built here: use --passes python", file=sys.stderr)
        return 2
    os.environ["ANSWER_CACHE"] = "none"
    client = create_app().test_client()
    gc.freeze()                     # as each server worker does once its app is made (serve_worker.run_worker)
    load = os.getloadavg()[0]
    print(f"# answer/search, analysis {args.passes}, load average {load:.2f} (2 cores)")
    hard = hard_puzzles(args.puzzles)
    request(client, {"puzzle": hard[0]})          # warm: the 9x9 problem and its phrases
    ratios, answer_ms, search_ms = [], [], []
    for puzzle in hard:
        seconds, answer = request(client, {"puzzle": puzzle})
        ratios.append(seconds / answer["stats"]["seconds"])
        answer_ms.append(seconds * 1e3)
        search_ms.append(answer["stats"]["seconds"] * 1e3)
    print(f"hard 9x9 ({len(hard)} of forum_hardest_1106): answer/search median {statistics.median(ratios):.1f} "
          f"(answer median {statistics.median(answer_ms):.2f} ms, search median {statistics.median(search_ms):.3f} ms)")
    cpu = statistics.median(cpu_ratio(client, {"puzzle": p}, args.repeat) for p in hard)
    print(f"  in CPU time (the fastest of {args.repeat} answers over the fastest of {args.repeat} searches): "
          f"median {cpu:.1f}")
    big = {"puzzle": EMPTY_25, "choose": "first", "max_steps": MILLION, "max_seconds": 60}
    request(client, {**big, "max_steps": 1000})      # warm: the 25x25 problem and its phrases
    rows = []
    for _ in range(args.repeat):
        seconds, answer = request(client, big)
        rows.append((seconds / answer["stats"]["seconds"], seconds, answer["stats"]["seconds"],
                     len(answer["log"]["events"])))
    ratio, seconds, search, events = sorted(rows)[len(rows) // 2]
    print(f"{events:,} events (empty 25x25, first item): answer/search {ratio:.1f} "
          f"(answer {seconds:.3f} s, search {search:.3f} s)")
    print(f"  in CPU time (as above): {cpu_ratio(client, big, args.repeat):.1f}")
    for name, body in (("hard 9x9, the median puzzle's", {"puzzle": hard[len(hard) // 2]}), ("1,000,000 events", big)):
        found = parts(body, args.repeat)
        shown = ", ".join(f"{k} {found[k] * 1e3:.1f} ms" for k in ("search", "analysis", "log", "json", "brotli"))
        print(f"# parts, {name} ({found['events']:,} events): {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
