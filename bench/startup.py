"""What `solve` costs to start: one easy puzzle, a fresh process, in CPU time.

    .venv/bin/python bench/startup.py [--runs 20] [--imports 12]

Runs `python -m webapp solve FILE --no-progress` on a file of one easy puzzle
(the first of webapp/puzzles/norvig_easy50.txt) --runs times, and beside it the
bare interpreter (`python -c pass`, the floor no import can go under), the runs
taking turns. Each process's CPU time (user + system, from the kernel's
rusage of the child: other work on a shared machine does not count) and its
wall time; the fastest and the median of each. Issue 36's target: the solve
under 80 ms. Then the imports that cost most, by their own time, from one
`python -X importtime` run (the slowest first): where to look next.
Nothing here is timed in a test.

Bytecode: this machine sets PYTHONDONTWRITEBYTECODE=1, so no `__pycache__`
is ever written and every start compiles the project's modules again (about
55 ms of CPU, measured 2026-11-27). An installed wheel has its bytecode (pip
compiles it), so the runs read bytecode compiled once into a folder of the
benchmark's own by a first solve (PYTHONPYCACHEPREFIX; the checkout is not
touched), and the
solve runs again without it (a third row) to show what that compiling costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EASY = ROOT / "webapp" / "puzzles" / "norvig_easy50.txt"
TARGET_MS = 80


def run(command: list[str], env: dict | None = None) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process running command to its end."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    error = child.stderr.read() if child.stderr else b""
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}): {error.decode()[-500:]}")
    return usage.ru_utime + usage.ru_stime, wall


def heaviest_imports(command: list[str], count: int, env: dict) -> list[tuple[int, str]]:
    """The count imports with the most time of their own (µs, module) in one run."""
    found = subprocess.run([command[0], "-X", "importtime", *command[1:]], cwd=ROOT, capture_output=True, text=True,
                           env=env)
    rows = []
    for line in found.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "self" not in line:
            own, _, name = line[len("import time:"):].split("|")
            rows.append((int(own), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="processes of each kind (default 20)")
    parser.add_argument("--imports", type=int, default=12, help="the heaviest imports listed (default 12)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        puzzle = Path(folder) / "one.txt"
        puzzle.write_text(EASY.read_text().splitlines()[0] + "\n")
        cached = {**os.environ, "PYTHONPYCACHEPREFIX": str(Path(folder) / "bytecode")}
        solve = [sys.executable, "-m", "webapp", "solve", str(puzzle), "--no-progress"]
        commands = {"python -c pass": ([sys.executable, "-c", "pass"], cached),
                    "solve FILE (one puzzle)": (solve, cached),
                    "solve, compiling modules": (solve, {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})}
        # Every module a solve imports, compiled once into the benchmark's own folder by a solve
        # that may write bytecode.
        writing = {k: v for k, v in cached.items() if k != "PYTHONDONTWRITEBYTECODE"}
        run(solve, writing)
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                times[name].append(run(command, env))
        print(f"# start-up, {args.runs} runs each, load average {os.getloadavg()[0]:.2f} (2 cores)")
        print(f"{'process':<26} {'cpu min':>8} {'cpu median':>11} {'wall min':>9} {'wall median':>12}")
        for name, found in times.items():
            cpu, wall = [t[0] * 1e3 for t in found], [t[1] * 1e3 for t in found]
            print(f"{name:<26} {min(cpu):>6.0f}ms {statistics.median(cpu):>9.0f}ms {min(wall):>7.0f}ms "
                  f"{statistics.median(wall):>10.0f}ms")
        solve_cpu = statistics.median(t[0] * 1e3 for t in times["solve FILE (one puzzle)"])
        print(f"solve, median CPU {solve_cpu:.0f} ms: target under {TARGET_MS} ms "
              f"{'met' if solve_cpu < TARGET_MS else 'NOT met'}")
        print(f"# the {args.imports} heaviest imports of one solve (own time, -X importtime):")
        for micros, name in heaviest_imports(solve, args.imports, cached):
            print(f"  {micros / 1e3:6.1f} ms  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
