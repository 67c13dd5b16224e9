"""Bounded work: how far past its time budget a request and a search go.

    .venv/bin/python bench/bounded.py [--seconds 1] [--repeat 3]

Two tables. The first sends requests asking max_seconds through the app
(Flask's test client, in this process) for problems of different shapes, with
and without the step log, and prints the median wall time of the request
(parsing, search, analysis, JSON, brotli), the search's own seconds, the events
recorded and what analysing the log and writing it (analysis, the rest of the log,
JSON, brotli) cost against the estimate the server keeps time back by
(webapp.analysis.facts.seconds_kept_back). The second sets a search's cancel flag
from another thread after --seconds / 2 and prints how long the search took to
notice: the pacing of the engine's look at its clock and flag by work
(webapp.engine.exact_cover.LOOK_EVERY). Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import brotli  # noqa: E402

from webapp import create_app  # noqa: E402
from webapp.analysis import facts as analysis  # noqa: E402
from webapp.analysis.explain import generic_phrases  # noqa: E402
from webapp.engine import exact_cover as ec  # noqa: E402
from webapp.log import steplog  # noqa: E402
from webapp.models import problems, sudoku  # noqa: E402
from webapp.models.examples import examples  # noqa: E402
from webapp.web import answers  # noqa: E402

# Issue 20's shape: each try of one of P's 1,000 options hides H's 25,500 others.
LONG_COVERS = "P | H a b c\n" + "P H\n" * 1000 + "H a b c\n" * 25500


def example(name: str) -> str:
    return next(e["puzzle"] for e in examples() if e["id"] == name)


def shapes() -> list[tuple[str, str, dict]]:
    """(name, endpoint, body without max_seconds) for each shape measured."""
    return [
        ("25x25 gecode, fewest first", "/api/solve", {"puzzle": example("gecode-25")}),
        ("25x25 gecode, first item", "/api/solve", {"puzzle": example("gecode-25"), "choose": "first"}),
        ("14 queens, all", "/api/cover", {"builtin": "queens", "params": {"n": 14}, "solutions": None}),
        ("pentominoes, all", "/api/cover", {"builtin": "pentominoes", "solutions": None}),
        ("long covers (issue 20), all", "/api/cover", {"text": LONG_COVERS, "solutions": None}),
    ]


def request_table(seconds: float, repeat: int) -> None:
    client = create_app().test_client()
    print(f"Requests asking max_seconds {seconds:g} (median of {repeat}):")
    print(f"{'shape':32} {'log':>4} {'wall s':>7} {'search s':>9} {'events':>9} {'analysis s':>11} {'kept back s':>12}")
    for name, url, body in shapes():
        for record in (True, False):
            walls, searches, events = [], [], []
            for _ in range(repeat):
                start = time.perf_counter()
                answer = client.post(url, json={**body, "max_seconds": seconds, "record": record}).get_json()
                walls.append(time.perf_counter() - start)
                searches.append(answer["stats"]["seconds"])
                events.append(answer["stats"]["steps"])
            wall, search, count = statistics.median(walls), statistics.median(searches), statistics.median(events)
            cost = estimate = ""
            if record:
                problem = problem_of(url, body)
                spent, kept = analysis_cost(problem, body, seconds)
                cost, estimate = f"{spent:.2f}", f"{kept:.2f}"
            logged = "yes" if record else "no"
            print(f"{name:32} {logged:>4} {wall:7.2f} {search:9.2f} {count:9.0f} {cost:>11} {estimate:>12}")


def problem_of(url: str, body: dict) -> ec.Problem:
    if url == "/api/solve":
        return sudoku.problem_for(sudoku.parse(body["puzzle"]).n)
    if "builtin" in body:
        return problems.make(body["builtin"], **body.get("params", {})).problem
    from webapp.models.cover_text import parse_cover
    return parse_cover(body["text"])


def analysis_cost(problem: ec.Problem, body: dict, seconds: float) -> tuple[float, float]:
    """The seconds that analysing a search of about the given seconds and writing its log take
    (analyse, the rest of steplog.build, its JSON and its brotli: what the server keeps time back
    for), and the seconds the server would keep back for them."""
    givens = sudoku.given_options(sudoku.parse(body["puzzle"])) if "puzzle" in body else []
    search = ec.Search(problem)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    outcome = search.run(recording=recording, max_solutions=None if "puzzle" not in body else 1,
                         choose=body.get("choose", "mrv"), max_seconds=seconds / 2)
    phrases = generic_phrases(problem)
    start = time.perf_counter()
    log = steplog.build(problem, phrases, givens, recording, outcome, {"kind": "cover"})
    brotli.compress(steplog.encode({"log": log}), quality=answers.BROTLI_LEVEL)
    per_event, per_dead_end = analysis.seconds_kept_back(problem)
    kept = per_event * len(recording.events) + per_dead_end * outcome.stats.dead_ends
    return time.perf_counter() - start, kept


def cancel_later(seconds: float, flag: threading.Event, set_at: list[float]) -> None:
    """Set the flag after the seconds, noting when."""
    time.sleep(seconds)
    set_at.append(time.perf_counter())
    flag.set()


def cancel_table(seconds: float) -> None:
    print(f"\nA search's cancel flag set after {seconds / 2:g} s: how long until the search stops")
    print(f"{'shape':32} {'noticed after s':>16}")
    for name, url, body in shapes():
        problem = problem_of(url, body)
        search = ec.Search(problem)
        if "puzzle" in body:
            for g in sudoku.given_options(sudoku.parse(body["puzzle"])):
                search.select(g)
        flag = threading.Event()
        set_at: list[float] = []
        threading.Thread(target=cancel_later, args=(seconds / 2, flag, set_at), daemon=True).start()
        search.run(max_solutions=None, choose=body.get("choose", "mrv"), cancelled=flag.is_set)
        ended = time.perf_counter()
        late = ended - set_at[0] if set_at else float("nan")
        print(f"{name:32} {late:16.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="max_seconds asked (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="requests per row (default 3)")
    args = parser.parse_args()
    request_table(args.seconds, args.repeat)
    cancel_table(args.seconds)


if __name__ == "__main__":
    main()
