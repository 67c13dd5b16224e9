"""Search time of this checkout against another one (before/after a change to the engines), in one run.

    python bench/checkouts.py --base DIR [--rounds 7]

DIR is another checkout of the project with its compiled core built in place
(`python setup.py build_ext --inplace`), e.g. a `git worktree add DIR COMMIT`.
Each problem is searched by each engine of each checkout in its own process
(PYTHONPATH picks the checkout), the checkouts taking turns round by round so
a busy machine's load falls on both alike; each figure is the least of the
rounds' search times (Stats.seconds, no recording and no analysis), and the
ratio is this checkout's over the base's (below 1: this one is faster).
Problems: the exact cover built-ins (every solution counted) and the forum's
hardest Sudoku (bench/data), none of them with bounds: the search a change
for bounds must leave as fast as it was.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

CHILD = r"""
import gzip, json, sys
from webapp.engine import exact_cover as ec
from webapp.models import problems, sudoku
engine, kind, name = sys.argv[1], sys.argv[2], sys.argv[3]
seconds = 0.0
if kind == "builtin":
    spec, _, params = name.partition(":")
    b = problems.make(spec, **json.loads(params or "{}"))
    seconds = ec.solve(b.problem, engine, max_solutions=None, keep=0).stats.seconds
else:
    for line in gzip.open(name, "rt").read().split()[:int(sys.argv[4])]:
        seconds += sudoku.solve(sudoku.parse(line), engine=engine, max_solutions=2).outcome.stats.seconds
print(json.dumps(seconds))
"""

PROBLEMS = [("builtin", 'pentominoes:{"width": 10, "height": 6}'), ("builtin", 'queens:{"n": 10}'),
            ("builtin", 'latin:{"n": 5}'), ("sudoku", "bench/data/forum_hardest_1106.txt.gz")]


def measure(root: Path, engine: str, kind: str, name: str, count: int) -> float:
    if kind == "sudoku":
        name = str(root / name) if (root / name).exists() else str(HERE / name)
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-c", CHILD, engine, kind, name, str(count)], env=env, check=True,
                          capture_output=True, text=True, cwd=root)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, type=Path, help="the other checkout (its core built in place)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--puzzles", type=int, default=20, help="Sudoku puzzles from the set")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; this checkout {HERE} against {args.base.resolve()}")
    print(f"{'problem':40} {'engine':9} {'base s':>9} {'this s':>9} {'this/base':>9}")
    for kind, name in PROBLEMS:
        for engine in ("compiled", "python"):
            if engine == "python" and name.startswith("pentominoes"):
                continue        # minutes in CPython: the compiled figure says it
            best = {"base": float("inf"), "this": float("inf")}
            for _ in range(args.rounds):
                for who, root in (("base", args.base.resolve()), ("this", HERE)):
                    best[who] = min(best[who], measure(root, engine, kind, name, args.puzzles))
            print(f"{name:40} {engine:9} {best['base']:9.4f} {best['this']:9.4f} {best['this'] / best['base']:9.3f}")


if __name__ == "__main__":
    main()
