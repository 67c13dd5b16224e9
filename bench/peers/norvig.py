"""Peter Norvig's Sudoku solver: constraint propagation and search.

A re-implementation for this benchmark of the method in Peter Norvig's essay
"Solving Every Sudoku Puzzle" (2006, norvig.com/sudoku.html; code in
norvig/pytudes). Written anew here, credited to him; any bug is ours. The
method is his: candidate strings per square, assign/eliminate propagating
both rules, depth-first search on the square with the fewest candidates,
copying the state for every branch. Squares are list indices instead of
'A1'..'I9' dictionary keys, so the same code takes 16×16.

Glossary
    square    a cell index 0..N²-1.
    values    a list: for each square, the string of digits it may still hold.
    units     the row, column and box of a square; peers: the other squares in them.
    assign    keep only digit d in a square, eliminating every other.
    eliminate remove d from a square, then (1) a square left with one digit
              removes it from its peers, and (2) a unit left with one place for
              d puts it there. False means a contradiction.
    search    try each digit of the square with fewest (>1) candidates on a copy.
"""

from __future__ import annotations

import sys
from functools import cache

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@cache
def geometry(n: int) -> tuple[list[list[list[int]]], list[list[int]]]:
    """(units, peers) of every square of an N×N grid."""
    size = n * n
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    cols = [[r * size + c for r in range(size)] for c in range(size)]
    boxes = [[(br + i) * size + bc + j for i in range(n) for j in range(n)]
             for br in range(0, size, n) for bc in range(0, size, n)]
    unitlist = cols + rows + boxes
    units = [[u for u in unitlist if s in u] for s in range(size * size)]
    peers = [sorted(set(sq for u in units[s] for sq in u) - {s}) for s in range(size * size)]
    return units, peers


class Norvig:
    """The solver for one grid size: units and peers bound once."""

    def __init__(self, n: int):
        self.digits = SYMBOLS[:n * n]
        self.units, self.peers = geometry(n)

    def parse_grid(self, cells):
        """Candidate strings after assigning every given, or False on a contradiction."""
        values = [self.digits] * len(cells)
        for s, d in enumerate(cells):
            if d and not self.assign(values, s, self.digits[d - 1]):
                return False
        return values

    def assign(self, values, s, d):
        """Eliminate every digit but d from square s."""
        other = values[s].replace(d, "")
        if all(self.eliminate(values, s, d2) for d2 in other):
            return values
        return False

    def eliminate(self, values, s, d):
        """Remove d from square s and propagate both rules."""
        if d not in values[s]:
            return values
        values[s] = values[s].replace(d, "")
        if not values[s]:
            return False
        if len(values[s]) == 1:
            d2 = values[s]
            if not all(self.eliminate(values, s2, d2) for s2 in self.peers[s]):
                return False
        for u in self.units[s]:
            places = [s2 for s2 in u if d in values[s2]]
            if not places:
                return False
            if len(places) == 1 and not self.assign(values, places[0], d):
                return False
        return values

    def search(self, values):
        """Depth first on the square with fewest candidates; the solved values or False."""
        if values is False:
            return False
        if all(len(v) == 1 for v in values):
            return values
        _, s = min((len(v), s) for s, v in enumerate(values) if len(v) > 1)
        for d in values[s]:
            result = self.search(self.assign(list(values), s, d))
            if result:
                return result
        return False


def solve(n: int, cells: tuple[int, ...]) -> tuple[int, ...] | None:
    """The first solution found, as digits, or None."""
    if n > 3:
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    solver = Norvig(n)
    values = solver.search(solver.parse_grid(cells))
    if not values:
        return None
    return tuple(solver.digits.index(v) + 1 for v in values)
