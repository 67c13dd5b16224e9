"""What both benchmarks share: puzzle sets, timing and plain-text tables.

Glossary
    set       a named list of puzzle lines (one puzzle a line, '.' for a blank),
              read from webapp/puzzles/ or bench/data/ (gzip allowed).
    sample    a seeded random choice of lines from a set, kept in file order.
    quick     the smaller puzzle counts used by --quick.
    table     rows of strings printed in aligned columns under a header.
    clock     cpu: this process's CPU time (time.process_time), which other
              work on a shared machine does not inflate; wall: perf_counter.
"""

from __future__ import annotations

import gzip
import os
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "webapp" / "puzzles"
DATA = ROOT / "bench" / "data"
SEED = 17
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}   # the first is the default

# The 9×9 puzzle with the most events (136,128, fewest options first, one
# solution) among every 9×9 puzzle of webapp/puzzles/*.txt and
# bench/data/*.txt.gz: found by solving each with
# webapp.models.sudoku.solve(grid, recording=webapp.engine.exact_cover.Recording()) (what
# `--scan` does). It is a 17-clue puzzle of royle17_all; the runners-up were
# 95,087 events (magictour top1465) and 24,608 (Norvig's top95). The issue's
# "about 165,000 events" is not reached by any bundled set.
HARDEST_9X9 = "................12..3.45......1....6...7..3...2....4.....89....3........546......"


@dataclass(frozen=True)
class PuzzleSet:
    """A named puzzle file and how many of its lines a run takes."""

    name: str
    path: Path
    default: int | None        # puzzles in a default run (None: all)
    quick: int | None          # puzzles with --quick (None: all)
    what: str


SETS = {
    "17clue": PuzzleSet("17clue", DATA / "royle17_all.txt.gz", 1000, 100,
                        "17-clue puzzles (Royle)"),
    "top95": PuzzleSet("top95", PUZZLES / "norvig_top95.txt", None, 30, "Norvig's top95 (hard)"),
    "top1465": PuzzleSet("top1465", DATA / "magictour_top1465.txt.gz", 500, 150,
                         "magictour top1465 (hard)"),
    "16x16": PuzzleSet("16x16", PUZZLES / "gecode_16x16.txt", None, 10, "Gecode's 16×16 instances"),
    "hardest": PuzzleSet("hardest", PUZZLES / "norvig_hardest.txt", None, None, "Norvig's hardest 11"),
    # The New Sudoku Players' Forum "hardest" lists, as packaged in the tdoku
    # benchmark data (bench/data/SOURCES.md). Ours takes about 10 ms (1905_11)
    # and 20 ms (1106) a puzzle on them, 3-4 and 7 times its mean on top95; the
    # pure Python peers run into their budgets on both. Not in throughput's
    # default sets (see bench/README.md).
    "forum1905_11": PuzzleSet("forum1905_11", DATA / "forum_hardest_1905_11.txt.gz", 300, 50,
                              "forum hardest 1905, SE rating 11+ (hard)"),
    "forum1106": PuzzleSet("forum1106", DATA / "forum_hardest_1106.txt.gz", 100, 30,
                           "forum hardest 1106 (the hardest for backtracking)"),
}


def read_lines(path: Path) -> list[str]:
    """The puzzle lines of a file: not blank, not a '#' comment."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.lstrip().startswith("#")]


def sample(lines: list[str], count: int | None, seed: int = SEED) -> list[str]:
    """count lines chosen at random with a fixed seed, in file order (all if count is None)."""
    if count is None or count >= len(lines):
        return list(lines)
    picked = sorted(random.Random(seed).sample(range(len(lines)), count))
    return [lines[k] for k in picked]


def load(name: str, quick: bool = False, count: int | None = None, everything: bool = False) -> list[str]:
    """The puzzles of a set for this run: count of them (0: all), else all or the quick or default size."""
    spec = SETS[name]
    if count == 0 or (count is None and everything):
        count = None
    elif count is None:
        count = spec.quick if quick else spec.default
    return sample(read_lines(spec.path), count)


def describe(name: str, puzzles: list[str]) -> str:
    """'top95: Norvig's top95 (hard): 30 of 95 puzzles (seeded sample)'."""
    total = len(read_lines(SETS[name].path))
    part = f"{len(puzzles):,} puzzles" if len(puzzles) == total else \
        f"{len(puzzles):,} of {total:,} puzzles (seeded sample, seed {SEED})"
    return f"{name}: {SETS[name].what}: {part}"


def median_ms(times: list[float]) -> float:
    """The median of seconds, in milliseconds (nan when empty)."""
    return statistics.median(times) * 1e3 if times else float("nan")


def table(header: list[str], rows: list[list[str]], right: set[int] | None = None) -> str:
    """Rows in aligned columns; columns whose index is in right are right-aligned."""
    right = right if right is not None else set(range(1, len(header)))
    widths = [max(len(str(r[k])) for r in [header] + rows) for k in range(len(header))]

    def line(cells):
        return "  ".join(str(c).rjust(w) if k in right else str(c).ljust(w)
                         for k, (c, w) in enumerate(zip(cells, widths))).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule] + [line(r) for r in rows])


def split_names(text: str | None, known, what: str) -> list[str]:
    """A comma-separated filter checked against the known names (all when text is None)."""
    if text is None:
        return list(known)
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"unknown {what}: {', '.join(unknown)} (known: {', '.join(known)})")
    return names


def load_average() -> str:
    """The 1-minute load average, to show how busy the machine was."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "unknown"
