"""Solver throughput, without recording: ours against peer solvers, in one run.

    python bench/throughput.py [--quick] [--all-17] [--sets A,B] [--peers A,B]
                               [--budget S] [--limit N] [--clock cpu|wall] [--json FILE]

Every solver gets the same puzzle lines, one call per puzzle, interleaved
(puzzle 1 for every solver, then puzzle 2, …) so that a change of machine load
hits all of them alike. A call runs from the puzzle line to a full grid: the
peer's own parsing and, for generic exact cover libraries, building the exact
cover matrix count inside its time, as they would for a user. Before a set,
each solver solves one easy puzzle of that size untimed (warm-up: imports,
caches, Numba's JIT compile). Every answer is checked with webapp.sudoku.is_solution
outside the timing; a wrong grid is reported and not counted.

Glossary
    runner    a loaded solver: solve(line) -> N² digits or None.
    set       a puzzle set of bench/common.py (17clue, top95, top1465, 16x16, hardest).
    budget    wall seconds a peer may spend on one set; past it the peer stops
              and its ratio uses the puzzles it finished. Ours has no budget.
    cut       a call stopped by the budget (a timer signal; C and Numba code
              are only stopped when they return to Python).
    ratio     ours/peer: our total time over the peer's, on the puzzles both
              solved correctly. Below 1 means ours is faster.
    clock     cpu (default): this process's CPU time, so other work on the
              machine does not count; wall: elapsed time (perf_counter).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import signal
import sys
import time
from dataclasses import dataclass, field

import common
from peers import PEERS
from peers.encode import digits_of
from webapp import sudoku

DEFAULT_SETS = ("17clue", "top95", "top1465", "16x16")
WARMUP_LIMIT = 120.0        # seconds; Numba compiles exact-cover-py in a few
OK, WRONG, NONE, ERROR, CUT = "ok", "wrong", "no answer", "error", "cut"


class Cut(BaseException):
    """Raised by the alarm when a call runs past its peer's budget.

    A BaseException, so that a peer's own `except Exception` (dlxsudoku has
    one) does not turn it into an error of its own.
    """


class Alarm:
    """A wall-clock timer (SIGALRM) that raises Cut only while a call is running.

    Budgets are wall time whatever the clock: they bound how long a run takes.
    (A CPU-time timer, ITIMER_PROF, would also make Linux count this process's
    CPU time in whole ticks while armed, ruining the cpu clock's precision.)
    """

    def __init__(self, clock: str = "cpu"):
        self.armed = self.rang = False
        self.clock = common.CLOCKS[clock]
        signal.signal(signal.SIGALRM, self._ring)

    def _ring(self, signum, frame):
        """The signal handler."""
        if self.armed:
            self.armed, self.rang = False, True
            raise Cut()

    def call(self, run, line: str, limit: float | None):
        """(seconds, wall seconds, result, error) of run(line), cut after limit wall seconds (None: never)."""
        result, error = None, None
        self.rang = False
        wall = time.perf_counter()
        start = self.clock()
        try:
            if limit is not None:
                self.armed = True
                signal.setitimer(signal.ITIMER_REAL, max(limit, 0.05))
            result = run(line)
            self.armed = False
        except Cut:
            error = CUT
        except Exception as exc:        # a peer's failure is a result, not a crash
            self.armed = False
            error = f"{type(exc).__name__}: {exc}"[:120]
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.armed = False
        seconds, wall = self.clock() - start, time.perf_counter() - wall
        return seconds, wall, (None if self.rang else result), (CUT if self.rang else error)


@dataclass
class Tally:
    """One solver on one set: per-puzzle times and what went wrong."""

    name: str
    times: dict[int, float] = field(default_factory=dict)     # puzzle index -> seconds, correct only
    attempted: int = 0
    spent: float = 0.0                # wall seconds, for the budget
    problems: dict[str, int] = field(default_factory=dict)
    first_error: str = ""
    warmup: float = 0.0
    stopped: str = ""                 # why it stopped early, if it did

    def add(self, k: int, seconds: float, verdict: str, error: str | None) -> None:
        """Count one call."""
        self.attempted += 1
        if verdict == OK:
            self.times[k] = seconds
        else:
            self.problems[verdict] = self.problems.get(verdict, 0) + 1
            if error and not self.first_error:
                self.first_error = error


def verdict_of(line: str, result, error: str | None) -> str:
    """ok, wrong, no answer, error or cut for one call's result."""
    if error == CUT:
        return CUT
    if error:
        return ERROR
    if result is None:
        return NONE
    puzzle = sudoku.parse(line)
    try:
        grid = sudoku.Grid(puzzle.n, tuple(int(d) for d in result))
    except (TypeError, ValueError):
        return WRONG
    return OK if sudoku.is_solution(puzzle, grid) else WRONG


def load_runners(names: list[str]) -> tuple[dict, dict[str, str]]:
    """(name -> runner, name -> why it is unavailable) for the chosen solvers."""
    runners, missing = {}, {}
    for name in names:
        try:
            runners[name] = PEERS[name].load()
        except Exception as exc:
            missing[name] = f"not available: {type(exc).__name__}: {exc}"[:160]
    return runners, missing


def run_set(puzzles: list[str], runners: dict, budget: float | None, alarm: Alarm) -> dict[str, Tally]:
    """Time every runner that takes this grid size on every puzzle, interleaved."""
    side = digits_of(puzzles[0])[0]
    easy = warmup_puzzle(puzzles[0])
    tallies = {}
    for name, run in runners.items():
        tally = tallies[name] = Tally(name)
        if side not in PEERS[name].sides:
            tally.stopped = f"does not take {side * side}×{side * side}"
            continue
        tally.warmup, _, _, error = alarm.call(run, easy, WARMUP_LIMIT)
        if error:
            tally.stopped = f"warm-up failed: {error}"
    for k, line in enumerate(puzzles):
        for name, run in runners.items():
            tally = tallies[name]
            if not tally.stopped:
                time_one(tally, PEERS[name], run, k, line, budget, alarm)
    return tallies


def warmup_puzzle(line: str) -> str:
    """An easy puzzle of the same size: the solution of line with its first row blanked."""
    puzzle = sudoku.parse(line)
    cells = list(sudoku.solve(puzzle).grids[0].cells)
    cells[:puzzle.size] = [0] * puzzle.size
    return sudoku.format_grid(sudoku.Grid(puzzle.n, tuple(cells)))


def time_one(tally: Tally, peer, run, k: int, line: str, budget: float | None, alarm: Alarm) -> None:
    """Time one call of a runner within what is left of its budget, and count it."""
    limit = None if peer.name == "ours" else peer_budget(peer, budget)
    if limit is not None and tally.spent >= limit:
        tally.stopped = f"budget {limit:g} s: stopped after {tally.attempted} puzzles"
        return
    seconds, wall, result, error = alarm.call(run, line, None if limit is None else limit - tally.spent)
    tally.spent += wall
    verdict = verdict_of(line, result, error)
    if verdict == CUT:
        tally.stopped = (f"budget {limit:g} s: stopped after {tally.attempted} puzzles "
                         f"(the next cut after {wall:.1f} s)")
        return
    tally.add(k, seconds, verdict, error)
    if peer.cap is not None and tally.attempted >= peer.cap:
        tally.stopped = f"capped at {peer.cap} puzzles"


def peer_budget(peer, budget: float | None) -> float | None:
    """The seconds a peer may spend on a set: the smaller of its own budget and the run's."""
    limits = [b for b in (peer.budget, budget) if b is not None]
    return min(limits) if limits else None


def ratio(ours: Tally, peer: Tally) -> float | None:
    """Our total time over the peer's on the puzzles both solved correctly."""
    both = [k for k in peer.times if k in ours.times]
    if not both or peer is ours:
        return None
    return sum(ours.times[k] for k in both) / sum(peer.times[k] for k in both)


def ratio_words(r: float | None) -> str:
    """'0.42 (ours 2.38× faster)' for a ratio."""
    return "" if r is None else f"{r:.2f} (ours {faster_slower(r)})"


def faster_slower(r: float) -> str:
    """'2.38× faster' or '1.05× slower' for ours/peer r."""
    factor = 1 / r if r < 1 else r
    shown = f"{factor:.2f}" if factor < 10 else f"{factor:.0f}"
    return f"{shown}× {'faster' if r < 1 else 'slower'}"


def set_rows(tallies: dict[str, Tally], missing: dict[str, str], total: int) -> list[list[str]]:
    """The table rows of one set."""
    ours = tallies.get("ours")
    rows = []
    for name in list(tallies) + list(missing):
        peer = PEERS[name]
        if name in missing:
            rows.append([name, peer.origin(), "-", "", "", "", "", missing[name]])
            continue
        t = tallies[name]
        times = sorted(t.times.values())
        notes = [t.stopped] if t.stopped else []
        notes += [f"{v} {k}" for k, v in t.problems.items()]
        if t.first_error:
            notes.append(t.first_error)
        if t.warmup > 0.5:
            notes.append(f"warm-up {t.warmup:.1f} s")
        if not t.attempted:
            rows.append([name, peer.origin(), "-", "", "", "", "", "; ".join(notes)])
            continue
        rate = len(times) / sum(times) if times and sum(times) else 0.0
        r = ratio(ours, t) if ours else None
        median = f"{common.median_ms(times):.2f}" if times else ""
        worst = f"{max(times) * 1e3:.1f}" if times else ""
        rows.append([name, peer.origin(), f"{len(times)}/{total}", f"{rate:,.1f}", median, worst,
                     ratio_words(r), "; ".join(notes)])
    return rows


def summary_rows(results: dict[str, dict[str, Tally]], names: list[str]) -> list[list[str]]:
    """One row per peer: its ratio on every set."""
    rows = []
    for name in names:
        if name == "ours":
            continue
        cells = []
        for tallies in results.values():
            t, ours = tallies.get(name), tallies.get("ours")
            r = ratio(ours, t) if t and ours else None
            if r is None:
                cells.append("-")
                continue
            cell = faster_slower(r)
            partial = len(t.times) < len(ours.times)
            cells.append(f"{cell} ({len(t.times)})" if partial else cell)
        rows.append([name] + cells)
    return rows


def header_lines(args) -> list[str]:
    """What was run, where and how."""
    budget = "none" if args.budget is None else f"{args.budget:g} s per peer per set"
    return [
        f"# throughput: {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} cores, load average {common.load_average()}; "
        f"{args.clock} clock; budget {budget}",
        "# one call per puzzle from the puzzle line to a full grid: parsing and, for the generic",
        "# exact cover libraries, building the exact cover matrix (givens' clashes pruned) count",
        "# inside each peer's time. Each solver first solves an easy puzzle of the set's size",
        "# untimed (warm-up, JIT). Every answer is checked with webapp.sudoku.is_solution.",
        "# ours/peer: our time over the peer's on the puzzles both solved (below 1: ours is faster).",
    ]


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(prog="bench/throughput.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles per set and a 3 s budget")
    parser.add_argument("--all-17", action="store_true",
                        help="all 49,158 17-clue puzzles, not a 1,000 sample")
    parser.add_argument("--sets",
                        help=f"comma-separated sets (default {','.join(DEFAULT_SETS)}; also: hardest)")
    parser.add_argument("--peers", help="comma-separated solvers (default: all; ours is always included)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per peer per set (default 10, 3 with --quick; 0: no run budget)")
    parser.add_argument("--limit", type=int, default=None,
                        help="N puzzles per set (a seeded sample; 0: every puzzle)")
    parser.add_argument("--clock", choices=common.CLOCKS, default="cpu",
                        help="time calls by this process's CPU time (default: steady on a shared machine) "
                             "or by the wall clock")
    parser.add_argument("--json", help="also write the per-set figures to this JSON file")
    args = parser.parse_args(argv)
    if args.budget is None:
        args.budget = 3.0 if args.quick else 10.0
    if args.budget == 0:
        args.budget = None
    return args


def chosen_sets(args) -> dict[str, list[str]]:
    """Set name -> the puzzle lines of this run."""
    names = common.split_names(args.sets, common.SETS, "set") if args.sets else list(DEFAULT_SETS)
    return {name: common.load(name, args.quick, args.limit, everything=args.all_17 and name == "17clue")
            for name in names}


def to_json(results: dict[str, dict[str, Tally]], missing: dict[str, str]) -> dict:
    """The figures as plain JSON values."""
    out = {"missing": missing, "sets": {}}
    for set_name, tallies in results.items():
        ours = tallies.get("ours")
        out["sets"][set_name] = {name: {
            "solved": len(t.times), "attempted": t.attempted, "seconds": sum(t.times.values()),
            "median_ms": common.median_ms(list(t.times.values())) if t.times else None,
            "worst_ms": max(t.times.values()) * 1e3 if t.times else None,
            "ours_over_peer": ratio(ours, t) if ours else None,
            "problems": t.problems, "stopped": t.stopped} for name, t in tallies.items()}
    return out


def main(argv=None) -> int:
    """Run the chosen sets with the chosen solvers and print the tables."""
    args = parse_args(argv)
    names = common.split_names(args.peers, PEERS, "solver") if args.peers else list(PEERS)
    if "ours" not in names:
        names.insert(0, "ours")
    sets = chosen_sets(args)
    for line in header_lines(args):
        print(line)
    runners, missing = load_runners(names)
    alarm = Alarm(args.clock)
    results = {}
    for set_name, puzzles in sets.items():
        gc.collect()
        print(f"\n## {common.describe(set_name, puzzles)}", flush=True)
        start = time.perf_counter()
        tallies = run_set(puzzles, runners, args.budget, alarm)
        results[set_name] = tallies
        header = ["solver", "from", "solved", "puzzles/s", "median ms", "worst ms", "ours/peer", "notes"]
        print(common.table(header, set_rows(tallies, missing, len(puzzles)), right={2, 3, 4, 5}))
        print(f"# {time.perf_counter() - start:.1f} s for this set", flush=True)
    print("\n## ours against each peer (total time on the puzzles both solved; (k): only k puzzles)")
    print(common.table(["peer"] + list(results), summary_rows(results, names)))
    print("\n## the solvers")
    for name in names:
        print(f"# {name}: {PEERS[name].kind}" + (f" ({missing[name]})" if name in missing else ""))
    print(f"# load average at the end: {common.load_average()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(to_json(results, missing), f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
