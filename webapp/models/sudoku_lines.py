"""Plain Sudoku lines solved in C, a block of a file at a time: `solve FILE`'s fast path.

The compiled module webapp/models/_sudoku_lines.c (built by pip beside the
engine's core when a C compiler is there) reads the lines of a block of bytes,
and solves, checks and prints every line that is certainly a plain puzzle of
4×4 to 25×25 (N² cells of '.', '0' and its digits, no clashing givens), with
the engine's own search (fewest options first, ties to the leftmost: the same
nodes, solutions and steps as exact_cover.Search on problem_for(n)). It hands
back every other line, and every puzzle whose output needs words, to the
Python path (webapp/cli/batch.py says how).

Glossary
    block    bytes of the source, read as they come; a line cut by its end waits for the next.
    stop     why solve_lines returned (the names below).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

try:
    from . import _sudoku_lines as _compiled
except ImportError:                             # no C compiler when installed: the Python path runs
    _compiled = None  # type: ignore[assignment]

# Why solve_lines returned (webapp/models/_sudoku_lines.c).
MORE, CHUNK, DEFER, OUTCOME, CHECK_FAILED, INTERRUPTED, RAISED = range(7)
# What is printed: a grid as one line, as rows (--grid), or only the count (--count).
LINE, GRID, COUNT = range(3)


def available() -> bool:
    """Whether the compiled fast path is built here."""
    return _compiled is not None


class Settings(NamedTuple):
    """What solve asks of each puzzle: solutions to stop at (None: all), budgets, item choice, output."""

    limit: int | None
    max_steps: int | None
    max_seconds: float | None
    mrv: bool
    style: int

    def packed(self) -> tuple:
        return (-1 if self.limit is None else self.limit, -1 if self.max_steps is None else self.max_steps,
                -1.0 if self.max_seconds is None else self.max_seconds, self.mrv, self.style)


class Block(NamedTuple):
    """What one call did: the text to print, where it stopped (position in the block and line
    number), the puzzles it printed, why it stopped, and what goes with that (see solve_lines)."""

    output: str
    position: int
    line: int
    puzzles: int
    stop: int
    extra: object


def solve_lines(block: bytes, start: int, eof: bool, line: int, settings: Settings,
                interrupted: Callable[[], bool] | None) -> Block:
    """Solve the lines of block from start (numbered from line) until a stop; eof: block ends the source."""
    assert _compiled is not None, "the compiled fast path is not built"
    return Block(*_compiled.solve_lines(block, start, eof, line, settings.packed(), interrupted))


def solve_puzzle(text: str, settings: Settings) -> tuple | None:
    """One plain puzzle line: (ending, found, nodes, dead ends, steps, levels, grids as text), or None
    when it is not a line the fast path reads. For tests and benchmarks."""
    assert _compiled is not None, "the compiled fast path is not built"
    return _compiled.solve_puzzle(text, settings.packed())
