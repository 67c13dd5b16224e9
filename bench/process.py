"""Whole-process solving: a fresh process solves a file of puzzles, as a user's command does.

    bench/.venv/bin/python bench/process.py [--sets A,B] [--peers A,B] [--rounds R] [--limit N] [--quick]
    .venv/bin/python bench/process.py --c-peers DIR --peers none --solutions 2 --limit 0 \
        --sets forum1106,top1465,17clue        (issue 36's run: ours against tdoku's compiled solvers)

For each set the puzzles go to a file; each solver then runs as a new Python
process over that file: ours is the command a user types,
`python -m webapp solve FILE --no-progress` (each engine, `--engine`), and a
peer is `bench/peers/solve_file.py PEER FILE`, which imports the peer and
solves the file one line after another, printing each grid the way ours
does. The time is the whole process's: interpreter start, imports, reading,
every solve, printing (wall clock, and the children's CPU time beside it).
The solvers take turns within each round (the order rotated every round, so
a change of machine load hits all of them alike); a solver's time is the
median of its rounds. Every grid printed is checked with
webapp.models.sudoku.is_solution after the timing; a solver with a wrong or missing
grid is reported.

Glossary
    set       a puzzle set of bench/common.py.
    round     every solver once over the set's file.
    wall      the median over rounds of a process's elapsed seconds.
    cpu       the median over rounds of its user + system CPU seconds.
    ours/peer our wall time over the peer's: below 1 means ours is faster.
    speed     the other way round, the peer's time over ours: "1.5×" means ours is 1.5 times as fast.
    startup   a process that solves a file of one easy puzzle: interpreter,
              imports and one solve, measured the same way and printed apart
              (not subtracted).

Bytecode (--bytecode): this machine sets PYTHONDONTWRITEBYTECODE=1, so a
Python process here compiles every module it imports at every start (about
100 ms of CPU for `solve`, measured 2026-11-28 with callgrind: 425 million
instructions against 225 million with bytecode). An installed wheel has its
bytecode (pip compiles it), so by default (`cached`) every Python process
reads bytecode written once into a folder of the benchmark's own
(PYTHONPYCACHEPREFIX; the checkout is not touched), and `--bytecode compiled`
measures the compiling start instead. The compiled peers are not Python.

--c-peers DIR: a checkout of github.com/t-dillon/tdoku (bench/c_peers.py
builds kudoku, fast_solv_9r2 and tdoku from it, with our loop
bench/peers/c_loop.c): each is a solver here, a compiled process over the
same file. --solutions N asks ours (`--limit N`) and the compiled peers for
up to N solutions of each puzzle (2: uniqueness checked); the Python peers
solve for one. --peers none leaves the Python peers out (they need
bench/.venv; the compiled ones and ours run from the project's .venv).

Why whole-process as well as bench/throughput.py's per-call figures: a
user's `solve FILE` pays the interpreter, the imports and each library's
per-process set-up once, and a per-call benchmark inside a long-lived worker
hides them (issue 19 found ours ahead per call and behind whole-process on
the hardest sets).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import c_peers
import common

from webapp.engine import exact_cover as ec
from webapp.models import sudoku

HERE = Path(__file__).resolve().parent
DEFAULT_SETS = ("17clue", "top95", "top1465", "hardest")
DEFAULT_PEERS = ("exact-cover", "dlx-cython")


def ours(engine: str, solutions: int = 1):
    """The command a user runs: solve a file, no progress bar."""
    def command(path: Path) -> list[str]:
        return [sys.executable, "-m", "webapp", "solve", str(path), "--no-progress", "--engine", engine,
                "--limit", str(solutions)]
    return command


def peer(name: str):
    """A peer over the same file, through bench/peers/solve_file.py."""
    def command(path: Path) -> list[str]:
        return [sys.executable, str(HERE / "peers" / "solve_file.py"), name, str(path)]
    return command


# The environment of every process (PYTHONPYCACHEPREFIX set by main for --bytecode cached).
ENVIRONMENT = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": str(common.ROOT)}


def run_once(command: list[str]) -> tuple[float, float, str]:
    """(wall, cpu, stdout) of one process; the CPU time is the children's, before and after."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=common.ROOT, env=ENVIRONMENT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def wrong_grids(puzzles: list[str], output: str) -> int:
    """Puzzles whose printed grid is missing or not a solution (lines starting with '#' are remarks)."""
    grids = [line.strip() for line in output.splitlines() if line.strip() and not line.startswith("#")]
    if len(grids) != len(puzzles):
        return abs(len(puzzles) - len(grids)) or 1
    bad = 0
    for text, grid in zip(puzzles, grids):
        puzzle = sudoku.parse(text)
        try:
            candidate = sudoku.parse(grid)
        except sudoku.ParseError:
            bad += 1
            continue
        bad += not sudoku.is_solution(puzzle, candidate)
    return bad


def measure(puzzles: list[str], solvers: dict, rounds: int) -> dict[str, dict]:
    """Every solver over one file, in turns: wall and cpu medians, and wrong grids."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "puzzles.txt"
        path.write_text("\n".join(puzzles) + "\n")
        names = list(solvers)
        walls: dict[str, list[float]] = {n: [] for n in names}
        cpus: dict[str, list[float]] = {n: [] for n in names}
        outputs: dict[str, str] = {}
        for r in range(rounds):
            for name in names[r % len(names):] + names[:r % len(names)]:
                wall, cpu, outputs[name] = run_once(solvers[name](path))
                walls[name].append(wall)
                cpus[name].append(cpu)
    return {n: {"wall": statistics.median(walls[n]), "cpu": statistics.median(cpus[n]),
                "wrong": wrong_grids(puzzles, outputs[n])} for n in names}


def startup(solvers: dict, rounds: int) -> dict[str, float]:
    """Each solver's process over a file of one easy puzzle: what it costs to start."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "one.txt"
        path.write_text(common.read_lines(common.PUZZLES / "norvig_easy50.txt")[0] + "\n")
        return {n: statistics.median(run_once(solvers[n](path))[0] for _ in range(rounds)) for n in solvers}


def main(argv=None) -> int:
    """Run the chosen sets and print one table a set and the ratios."""
    parser = argparse.ArgumentParser(prog="bench/process.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", help=f"comma-separated sets (default {','.join(DEFAULT_SETS)})")
    parser.add_argument("--peers", help=f"comma-separated peers (default {','.join(DEFAULT_PEERS)})")
    parser.add_argument("--rounds", type=int, default=5, help="runs of every solver per set (default 5)")
    parser.add_argument("--limit", type=int, default=None, help="N puzzles per set (a seeded sample; 0: all)")
    parser.add_argument("--quick", action="store_true", help="the sets' quick sizes and 3 rounds")
    parser.add_argument("--c-peers", metavar="DIR", type=Path,
                        help="a checkout of t-dillon/tdoku: build kudoku, fast_solv_9r2 and tdoku from it")
    parser.add_argument("--solutions", type=int, default=1, metavar="N",
                        help="solutions asked of each puzzle by ours and the compiled peers (2: uniqueness)")
    parser.add_argument("--bytecode", choices=("cached", "compiled"), default="cached",
                        help="Python processes read bytecode compiled once, as installed (default), or "
                             "compile every module at every start")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        if args.bytecode == "cached":
            ENVIRONMENT.pop("PYTHONDONTWRITEBYTECODE", None)
            ENVIRONMENT["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "bytecode")
        else:
            ENVIRONMENT["PYTHONDONTWRITEBYTECODE"] = "1"
        return run(args)


def run(args) -> int:
    """Every set with every solver, after the start-up figures."""
    if args.quick:
        args.rounds = min(args.rounds, 3)
    sets = common.split_names(args.sets, common.SETS, "set") if args.sets else list(DEFAULT_SETS)
    peers = [] if args.peers == "none" else args.peers.split(",") if args.peers else list(DEFAULT_PEERS)
    engines = [e for e in ec.ENGINES if e != ec.COMPILED or ec.compiled_available()]
    if args.c_peers:        # the compiled peers: the Python engine would only be far behind them all
        engines = engines[:1]
    solvers = {f"ours [{e}]": ours(e, args.solutions) for e in engines}
    solvers.update({name: peer(name) for name in peers})
    if args.c_peers:
        try:
            built = c_peers.build_all(args.c_peers)
        except c_peers.BuildError as error:
            raise SystemExit(f"--c-peers: {error}") from None
        solvers.update({name: c_peers.command(binary, args.solutions) for name, binary in built.items()})
    print(f"# process: {platform.python_implementation()} {platform.python_version()}, load average "
          f"{common.load_average()}; median of {args.rounds} rounds; wall clock of a whole process; "
          f"up to {args.solutions} solution{'s' if args.solutions != 1 else ''} a puzzle; bytecode {args.bytecode}")
    if args.bytecode == "cached":
        startup(solvers, 1)         # untimed: each Python solver's first start writes its bytecode
    base = startup(solvers, args.rounds)
    print("# startup (one easy puzzle): " + ", ".join(f"{n} {s * 1e3:.0f} ms" for n, s in base.items()))
    ours_name = next(iter(solvers))
    ratio_rows = []
    for name in sets:
        puzzles = [p for p in common.load(name, args.quick, args.limit) if len(p) == 81]
        print(f"\n## {common.describe(name, puzzles)}", flush=True)
        found = measure(puzzles, solvers, args.rounds)
        rows = []
        for solver, r in found.items():
            ratio = found[ours_name]["wall"] / r["wall"]
            rows.append([solver, f"{r['wall']:.3f}", f"{r['cpu']:.3f}", f"{len(puzzles) / r['wall']:,.0f}",
                         "" if solver == ours_name else f"{ratio:.2f}", str(r["wrong"]) if r["wrong"] else ""])
            if solver != ours_name:
                cpu = found[ours_name]["cpu"] / max(r["cpu"], 1e-9)
                ratio_rows.append([name, solver, f"{ratio:.2f}", f"{1 / ratio:.2f}×", f"{1 / cpu:.2f}×",
                                   "ours faster" if ratio < 1 else "ours SLOWER"])
        print(common.table(["solver", "wall s", "cpu s", "puzzles/s", f"{ours_name}/solver", "wrong"], rows,
                           right={1, 2, 3, 4}), flush=True)
    print(f"\n## {ours_name} over each solver (wall; below 1: ours faster); speed: the solver's time over"
          " ours (above 1: ours faster), by the wall clock and by CPU time")
    print(common.table(["set", "solver", "ratio", "speed", "speed (cpu)", ""], ratio_rows, right={2, 3, 4}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
