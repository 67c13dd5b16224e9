"""Solver throughput, without recording: ours against peer solvers, in one run.

    python bench/throughput.py [--quick] [--all-17] [--sets A,B] [--peers A,B]
                               [--budget S] [--limit N] [--clock cpu|wall]
                               [--chunk N] [--shared] [--json FILE]

Every solver gets the same puzzle lines, one call per puzzle, and runs in a
process of its own. A set is cut into chunks (a fifth of it by default); the
solvers take turns, each solving a whole chunk, one puzzle after another, as
a user solving a file would, so that a change of machine load hits all of
them alike. A call runs from the puzzle line to a full grid: the
peer's own parsing and, for generic exact cover libraries, building the exact
cover matrix count inside its time, as they would for a user. Before a set,
each solver solves one easy puzzle of that size untimed (warm-up: imports,
caches, Numba's JIT compile). Every answer is checked with webapp.models.sudoku.is_solution
outside the timing; a wrong grid is reported and not counted.

Glossary
    runner    a loaded solver: solve(line) -> N² digits or None.
    set       a puzzle set of bench/common.py (17clue, top95, top1465, 16x16; with
              --sets also hardest, forum1905_11, forum1106).
    budget    wall seconds a peer may spend on one set; past it the peer stops
              and its ratio uses the puzzles it finished. Ours has no budget.
    cut       a call stopped by the budget (a timer signal; C and Numba code
              are only stopped when they return to Python).
    ratio     ours/peer: our total time over the peer's, on the puzzles both
              solved correctly. Below 1 means ours is faster.
    clock     cpu (default): the solver's process's CPU time, so other work on
              the machine does not count; wall: elapsed time (perf_counter).
    chunk     the puzzles a solver solves in one turn, one after another.
    round     one pass of every solver over the whole set (3 by default); a
              puzzle's time is the mean of its rounds. Not the median or the
              minimum: measured, dlx-cython's slow calls (p99 14-19 ms against
              a median of 1 ms on top1465) recur in every round on other
              puzzles, a cost its users pay, which a median would hide.
    worker    the process a solver runs in; the benchmark sends it chunks over
              a pipe and gets back each call's times and answer.

Why a process per solver and chunks, not every solver on puzzle 1, then
every solver on puzzle 2, in one process (--shared --chunk 1, the first
design): measured on 2026-11-23, that made ours 1.8× slower on the 17-clue
puzzles (each call found the link arrays it reuses evicted from the CPU
caches by the other solvers) and dlx-cython about 1.9× faster than a user
running either over a file gets. Neither is how a solver is used.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import multiprocessing
import os
import platform
import signal
import statistics
import sys
import time
from dataclasses import dataclass, field

# The NumPy peers solve with no BLAS call, but OpenBLAS's idle threads spin on
# the other core and count in CPU time: measured, one thread leaves their wall
# times as they were and cuts their CPU time by a third (dlx-cython) to a half
# (exact-cover). Set before any import of
# NumPy, and inherited by every worker.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import common
from peers import PEERS
from peers.encode import digits_of

from webapp.models import sudoku

DEFAULT_SETS = ("17clue", "top95", "top1465", "16x16")
WARMUP_LIMIT = 120.0        # seconds; Numba compiles exact-cover-py in a few
DEFAULT_TURNS = 5           # a set is cut into this many chunks unless --chunk says otherwise
DEFAULT_ROUNDS = 3          # passes over each set; a puzzle's time is the mean of its rounds
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
    samples: dict[int, list[float]] = field(default_factory=dict)   # puzzle index -> seconds of each correct call
    attempted: int = 0                # calls, over every round
    spent: float = 0.0                # wall seconds, for the budget
    problems: dict[str, set[int]] = field(default_factory=dict)     # verdict -> the puzzles that got it
    first_error: str = ""
    warmup: float = 0.0
    stopped: str = ""                 # why it stopped early, if it did

    def add(self, k: int, seconds: float, verdict: str, error: str | None) -> None:
        """Count one call."""
        self.attempted += 1
        if verdict == OK:
            self.samples.setdefault(k, []).append(seconds)
        else:
            self.problems.setdefault(verdict, set()).add(k)
            if error and not self.first_error:
                self.first_error = error

    @property
    def times(self) -> dict[int, float]:
        """Puzzle index -> the mean seconds of its correct calls."""
        return {k: statistics.fmean(v) for k, v in self.samples.items()}


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


class Solver:
    """A solver run in this process: warm-up and chunks, timed by an alarm."""

    def __init__(self, name: str, clock: str):
        self.run = PEERS[name].load()
        self.alarm = Alarm(clock)

    def warm(self, line: str):
        """(seconds, wall, result, error) of an untimed first call."""
        return self.alarm.call(self.run, line, WARMUP_LIMIT)

    def chunk(self, items: list[tuple[int, str]], limit: float | None) -> list[tuple]:
        """(k, seconds, wall, result, error) of each puzzle in turn, until limit wall seconds are spent."""
        done, spent = [], 0.0
        for k, line in items:
            left = None if limit is None else limit - spent
            if left is not None and left <= 0:
                break
            seconds, wall, result, error = self.alarm.call(self.run, line, left)
            spent += wall
            done.append((k, seconds, wall, result, error))
            if error == CUT:
                break
        return done

    def close(self) -> None:
        """Nothing to release."""


class Worker:
    """A solver in a process of its own, driven over a pipe; the same calls as Solver."""

    def __init__(self, name: str, clock: str):
        context = multiprocessing.get_context("spawn")    # a fresh interpreter, nothing inherited
        self.pipe, child = context.Pipe()
        self.process = context.Process(target=serve, args=(name, clock, child), daemon=True)
        self.process.start()
        child.close()
        reply = self._ask(None)
        if reply[0] != "ready":
            self.close()
            raise RuntimeError(reply[1])

    def _ask(self, message):
        """Send a message (None: only listen) and wait for the reply; a dead worker raises."""
        if message is not None:
            self.pipe.send(message)
        try:
            return self.pipe.recv()
        except EOFError:
            raise RuntimeError(f"the solver's process died (exit code {self.process.exitcode})") from None

    def warm(self, line: str):
        return self._ask(("warm", line))

    def chunk(self, items: list[tuple[int, str]], limit: float | None) -> list[tuple]:
        return self._ask(("chunk", items, limit))

    def close(self) -> None:
        """Stop the process."""
        if self.process.is_alive():
            with contextlib.suppress(OSError):
                self.pipe.send(("stop",))
            self.process.join(5)
            if self.process.is_alive():
                self.process.kill()


def serve(name: str, clock: str, pipe) -> None:
    """A worker's life: load one solver, then answer warm and chunk messages until stop."""
    try:
        solver = Solver(name, clock)
    except Exception as exc:
        pipe.send(("missing", f"not available: {type(exc).__name__}: {exc}"[:160]))
        return
    pipe.send(("ready",))
    while True:
        message = pipe.recv()
        if message[0] == "stop":
            return
        pipe.send(solver.warm(message[1]) if message[0] == "warm" else solver.chunk(message[1], message[2]))


def start_solvers(names: list[str], clock: str, shared: bool) -> tuple[dict, dict[str, str]]:
    """(name -> Solver or Worker, name -> why it is unavailable) for the chosen solvers."""
    solvers, missing = {}, {}
    for name in names:
        try:
            solvers[name] = Solver(name, clock) if shared else Worker(name, clock)
        except Exception as exc:
            text = str(exc) if not shared else f"not available: {type(exc).__name__}: {exc}"
            missing[name] = text[:160]
    return solvers, missing


def run_set(puzzles: list[str], solvers: dict, budget: float | None, chunk: int | None,
            rounds: int = DEFAULT_ROUNDS) -> dict[str, Tally]:
    """Time every solver that takes this grid size on every puzzle, a chunk per turn, rounds times."""
    side = digits_of(puzzles[0])[0]
    easy = warmup_puzzle(puzzles[0])
    tallies = {}
    for name, solver in solvers.items():
        tally = tallies[name] = Tally(name)
        if side not in PEERS[name].sides:
            tally.stopped = f"does not take {side * side}×{side * side}"
            continue
        tally.warmup, _, _, error = solver.warm(easy)
        if error:
            tally.stopped = f"warm-up failed: {error}"
    size = chunk or math.ceil(len(puzzles) / DEFAULT_TURNS)
    items = list(enumerate(puzzles))
    for _ in range(rounds):
        for start in range(0, len(items), size):
            for name, solver in solvers.items():
                if not tallies[name].stopped:
                    time_chunk(tallies[name], PEERS[name], solver, items[start:start + size], budget)
    return tallies


def warmup_puzzle(line: str) -> str:
    """An easy puzzle of the same size: the solution of line with its first row blanked."""
    puzzle = sudoku.parse(line)
    cells = list(sudoku.solve(puzzle).grids[0].cells)
    cells[:puzzle.size] = [0] * puzzle.size
    return sudoku.format_grid(sudoku.Grid(puzzle.n, tuple(cells)))


def time_chunk(tally: Tally, peer, solver, items: list[tuple[int, str]], budget: float | None) -> None:
    """Time one chunk of a solver within what is left of its budget and cap, and count it."""
    limit = None if peer.name == "ours" else peer_budget(peer, budget)
    if limit is not None and tally.spent >= limit:
        tally.stopped = f"budget {limit:g} s: stopped after {tally.attempted} calls"
        return
    if peer.cap is not None:
        items = items[:peer.cap - tally.attempted]
    lines = dict(items)
    try:
        done = solver.chunk(items, None if limit is None else limit - tally.spent)
    except RuntimeError as exc:
        tally.stopped = str(exc)
        return
    for k, seconds, wall, result, error in done:
        tally.spent += wall
        if error == CUT:
            tally.stopped = (f"budget {limit:g} s: stopped after {tally.attempted} calls "
                             f"(the next cut after {wall:.1f} s)")
            return
        tally.add(k, seconds, verdict_of(lines[k], result, error), error)
    if limit is not None and tally.spent >= limit:
        tally.stopped = f"budget {limit:g} s: stopped after {tally.attempted} calls"
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
        notes += [f"{len(v)} {k}" for k, v in t.problems.items()]
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
        f"# {'all solvers in this process' if args.shared else 'each solver in a process of its own'}; "
        f"solvers take turns, each solving {chunk_words(args.chunk)} one after another; "
        f"{args.rounds} round{'s' if args.rounds != 1 else ''} (a puzzle's time: the mean of its rounds)",
        "# one call per puzzle from the puzzle line to a full grid: parsing and, for the generic",
        "# exact cover libraries, building the exact cover matrix (givens' clashes pruned) count",
        "# inside each peer's time. Each solver first solves an easy puzzle of the set's size",
        "# untimed (warm-up, JIT). Every answer is checked with webapp.models.sudoku.is_solution.",
        "# ours/peer: our time over the peer's on the puzzles both solved (below 1: ours is faster).",
    ]


def chunk_words(chunk: int | None) -> str:
    """How many puzzles a turn takes, in words."""
    if chunk is None:
        return f"a {['', '', 'half', 'third', 'quarter', 'fifth'][DEFAULT_TURNS]} of the set"
    return "1 puzzle" if chunk == 1 else f"{chunk} puzzles"


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(prog="bench/throughput.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles per set and a 3 s budget")
    parser.add_argument("--all-17", action="store_true",
                        help="all 49,158 17-clue puzzles, not a 1,000 sample")
    parser.add_argument("--sets",
                        help=f"comma-separated sets (default {','.join(DEFAULT_SETS)}; also: "
                             f"{', '.join(name for name in common.SETS if name not in DEFAULT_SETS)})")
    parser.add_argument("--peers", help="comma-separated solvers (default: all; ours is always included)")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per peer per set (default 10, 3 with --quick; 0: no run budget)")
    parser.add_argument("--limit", type=int, default=None,
                        help="N puzzles per set (a seeded sample; 0: every puzzle)")
    parser.add_argument("--clock", choices=common.CLOCKS, default="cpu",
                        help="time calls by this process's CPU time (default: steady on a shared machine) "
                             "or by the wall clock")
    parser.add_argument("--chunk", type=int, default=None,
                        help="puzzles a solver solves per turn (default: a fifth of the set)")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help=f"passes over each set; a puzzle's time is the mean of its rounds "
                             f"(default {DEFAULT_ROUNDS}, 1 with --quick)")
    parser.add_argument("--shared", action="store_true",
                        help="run every solver in this process instead of one process each "
                             "(with --chunk 1: the first design, for comparison)")
    parser.add_argument("--json", help="also write the per-set figures to this JSON file")
    args = parser.parse_args(argv)
    if args.chunk is not None and args.chunk < 1:
        parser.error("--chunk must be at least 1")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.quick and "--rounds" not in (argv or sys.argv[1:]):
        args.rounds = 1
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
            "problems": {k: len(v) for k, v in t.problems.items()}, "stopped": t.stopped}
        for name, t in tallies.items()}
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
    solvers, missing = start_solvers(names, args.clock, args.shared)
    results = {}
    try:
        for set_name, puzzles in sets.items():
            gc.collect()
            print(f"\n## {common.describe(set_name, puzzles)}", flush=True)
            start = time.perf_counter()
            tallies = run_set(puzzles, solvers, args.budget, args.chunk, args.rounds)
            results[set_name] = tallies
            header = ["solver", "from", "solved", "puzzles/s", "median ms", "worst ms", "ours/peer", "notes"]
            print(common.table(header, set_rows(tallies, missing, len(puzzles)), right={2, 3, 4, 5}))
            print(f"# {time.perf_counter() - start:.1f} s for this set", flush=True)
    finally:
        for solver in solvers.values():
            solver.close()
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
