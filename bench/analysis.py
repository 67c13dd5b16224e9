"""The search analysis: its time beside the recorded solve, and the step log's facts beside its events.

    python bench/analysis.py [--quick] [--repeat R] [--clock cpu|wall]

For each case the search runs once, recorded (exact_cover.Recording); then
webapp.analysis.facts.analyse runs over the recording R times and the fastest
counts. "analysis/solve" is that time over the recorded solve's, measured in
the same run. The facts are steplog.facts() of that analysis as compact JSON
(what `python -m webapp log` and the page's log carry), set beside the
events' own JSON, plain and gzipped.

Cases: the hardest bundled 9×9 (common.HARDEST_9X9) under fewest options
first (one solution) and under first item (stopped at a million steps: dead
ends are dense there); two Gecode 25×25 puzzles stopped at a million steps;
--quick stops the large cases at 200,000 steps.

Glossary
    B/event   bytes over events of the same log.
    facts %   the facts' bytes over the events' bytes.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import json
import platform
import sys

import common

from webapp.analysis import facts as an
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku

MILLION = 1_000_000


def cases(quick: bool) -> list[tuple[str, str, dict]]:
    """(name, puzzle, search limits) of every case."""
    big = 200_000 if quick else MILLION
    twenty_five = common.read_lines(common.PUZZLES / "gecode_25x25.txt")
    return [
        ("9x9 hardest, fewest options", common.HARDEST_9X9, {"choose": "mrv"}),
        ("9x9 hardest, first item", common.HARDEST_9X9, {"choose": "first", "max_steps": big}),
        ("25x25 gecode 1", twenty_five[0], {"max_steps": big}),
        ("25x25 gecode 2", twenty_five[1], {"max_steps": big}),
    ]


def compact(value) -> bytes:
    """JSON as the step log writes it."""
    return json.dumps(value, separators=(",", ":")).encode()


def measure(puzzle: str, limits: dict, repeat: int, clock) -> list[str]:
    """One table row: events, nodes, dead ends, solve and analysis time, facts' size."""
    grid = sudoku.parse(puzzle)
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    gc.collect()
    recording = ec.Recording()
    start = clock()
    outcome = sudoku.solve(grid, recording=recording, max_seconds=120, **limits).outcome
    solve_seconds = clock() - start
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = clock()
        found = an.analyse(problem, givens, recording)
        best = min(best, clock() - start)
    assert found.nodes == outcome.stats.nodes and len(found.dead_ends) == outcome.stats.dead_ends
    events = len(recording.events)
    events_json = compact(steplog.as_list(recording.events))
    facts_json = compact(steplog.facts(found))
    return [f"{events:,}", f"{outcome.stats.nodes:,}", f"{outcome.stats.dead_ends:,}",
            f"{solve_seconds:.2f}", f"{best:.2f}", f"{best / solve_seconds:.2f}",
            f"{len(events_json) / events:.2f}", f"{len(facts_json) / events:.2f}",
            f"{len(facts_json) / len(events_json):.0%}",
            f"{len(gzip.compress(events_json, 6)) / events:.2f}", f"{len(gzip.compress(facts_json, 6)) / events:.2f}"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="stop the large cases at 200,000 steps")
    parser.add_argument("--repeat", type=int, default=3, help="analyses per case; the fastest counts")
    parser.add_argument("--clock", choices=list(common.CLOCKS), default="cpu")
    args = parser.parse_args(argv)
    clock = common.CLOCKS[args.clock]
    print(f"# analysis: {platform.python_implementation()} {platform.python_version()}, "
          f"clock {args.clock}, best of {args.repeat}, load average {common.load_average()}")
    header = ["case", "events", "nodes", "dead ends", "solve s", "analyse s", "analysis/solve",
              "events B/ev", "facts B/ev", "facts %", "events gz B/ev", "facts gz B/ev"]
    rows = []
    for name, puzzle, limits in cases(args.quick):
        rows.append([name] + measure(puzzle, limits, args.repeat, clock))
        print(f"# done: {name}", file=sys.stderr, flush=True)
    print(common.table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
