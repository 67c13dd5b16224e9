"""An independent checker for Sudoku variants: a filled grid against each rule, directly.

It shares no code with the exact cover model (webapp/models/variants.py) or the
solver: each rule is written out again from its definition, cell by cell, so
a mistake in the model's items cannot hide here too.

    cells    a filled grid as a flat sequence of N² digits (1..N), row by row.
    names    variant names as webapp.models.variants.NAMES spells them.
    regions  for a jigsaw, each cell's region (any labels), else None.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt


def broken_rules(cells: Sequence[int], names: Sequence[str] = (), regions: Sequence | None = None) -> list[str]:
    """Every rule the grid breaks, in words; empty when it keeps them all."""
    count = len(cells)
    size = isqrt(count)
    n = isqrt(size)
    if n < 1 or n * n != size or size * size != count:
        return [f"{count} cells is not a square of a square"]
    grid = [list(cells[r * size:(r + 1) * size]) for r in range(size)]
    digits = set(range(1, size + 1))
    broken = []

    def group(words: str, members: list[tuple[int, int]]) -> None:
        if {grid[r][c] for r, c in members} != digits or len(members) != size:
            broken.append(f"{words} does not hold each digit once")

    for r in range(size):
        group(f"row {r + 1}", [(r, c) for c in range(size)])
    for c in range(size):
        group(f"column {c + 1}", [(r, c) for r in range(size)])
    if regions is None:
        for br in range(n):
            for bc in range(n):
                group(f"box {br * n + bc + 1}", [(br * n + i, bc * n + j) for i in range(n) for j in range(n)])
    else:
        if len(regions) != count:
            return broken + ["the regions map does not have a region for each cell"]
        for label in dict.fromkeys(regions):
            group(f"region {label}", [divmod(i, size) for i, g in enumerate(regions) if g == label])
    if "x" in names:
        group("the main diagonal", [(k, k) for k in range(size)])
        group("the anti-diagonal", [(k, size - 1 - k) for k in range(size)])
    if "windoku" in names:
        # Windows: n - 1 a side, each n×n, starting one cell in and one cell apart.
        corners = [1 + k * (n + 1) for k in range(n - 1)]
        for top in corners:
            for left in corners:
                group(f"the window at r{top + 1}c{left + 1}",
                      [(top + i, left + j) for i in range(n) for j in range(n)])

    def apart(rule: str, steps: list[tuple[int, int]], bad) -> None:
        for r in range(size):
            for c in range(size):
                for dr, dc in steps:
                    r2, c2 = r + dr, c + dc
                    if 0 <= r2 < size and 0 <= c2 < size and bad(grid[r][c], grid[r2][c2]):
                        broken.append(f"r{r + 1}c{c + 1} ({grid[r][c]}) and r{r2 + 1}c{c2 + 1} "
                                      f"({grid[r2][c2]}) break the {rule} rule")

    if "anti-knight" in names:
        apart("anti-knight", [(1, 2), (2, 1), (2, -1), (1, -2)], lambda a, b: a == b)
    if "anti-king" in names:
        apart("anti-king", [(0, 1), (1, -1), (1, 0), (1, 1)], lambda a, b: a == b)
    if "non-consecutive" in names:
        apart("non-consecutive", [(0, 1), (1, 0)], lambda a, b: abs(a - b) == 1)
    return broken


def is_solution(puzzle: Sequence[int], candidate: Sequence[int], names: Sequence[str] = (),
                regions: Sequence | None = None) -> bool:
    """Whether candidate fills puzzle (0 for a blank) and keeps every rule."""
    if len(puzzle) != len(candidate):
        return False
    if any(g and g != v for g, v in zip(puzzle, candidate)):
        return False
    return not broken_rules(candidate, names, regions)
