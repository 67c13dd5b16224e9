"""Puzzle text to the inputs peers take: digits, candidates and exact cover rows.

Glossary
    n          box side: 3 for 9×9, 4 for 16×16; N = n² is the grid side.
    cells      the N² digits of a puzzle, 0 for a blank.
    option     digit d in a cell, numbered cell * N + d - 1 (as in webapp.models.sudoku).
    column     an exact cover item, numbered as in webapp.models.sudoku: 0 cell, 1 row-digit,
               2 column-digit, 3 box-digit, each family N² columns.
    candidates the options a generic exact cover library gets: the given digit
               in a given cell, and in a blank cell every digit that no given in
               its row, column or box already holds. Every peer that is a generic
               exact cover library gets this same (pruned) matrix, and builds it
               inside its timing, as a user solving a puzzle would.
"""

from __future__ import annotations

from functools import cache

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIDE = {16: 2, 81: 3, 256: 4, 625: 5}


def digits_of(line: str) -> tuple[int, tuple[int, ...]]:
    """(n, cells) of a one-line puzzle: '.' or '0' blank, 1-9 then A-Z."""
    text = line.strip()
    n = SIDE[len(text)]
    return n, tuple(0 if ch in ".0" else SYMBOLS.index(ch.upper()) + 1 for ch in text)


@cache
def unit_of(n: int) -> tuple[tuple[int, int, int], ...]:
    """(row, column, box) of every cell."""
    size = n * n
    return tuple((c // size, c % size, (c // size // n) * n + c % size // n) for c in range(size ** 2))


@cache
def columns_of(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """The four columns of every option."""
    size = n * n
    area = size * size
    cols = []
    for cell, (r, c, b) in enumerate(unit_of(n)):
        for d in range(size):
            cols.append((cell, area + r * size + d, 2 * area + c * size + d, 3 * area + b * size + d))
    return tuple(cols)


def candidates(n: int, cells: tuple[int, ...]) -> list[int]:
    """The options of a puzzle: each given, and each digit a blank cell may still take."""
    size = n * n
    units = unit_of(n)
    used = [[False] * size for _ in range(3 * size)]       # rows, then columns, then boxes
    for cell, d in enumerate(cells):
        if d:
            r, c, b = units[cell]
            used[r][d - 1] = used[size + c][d - 1] = used[2 * size + b][d - 1] = True
    options = []
    for cell, d in enumerate(cells):
        if d:
            options.append(cell * size + d - 1)
            continue
        r, c, b = units[cell]
        in_row, in_col, in_box = used[r], used[size + c], used[2 * size + b]
        options.extend(cell * size + e for e in range(size)
                       if not (in_row[e] or in_col[e] or in_box[e]))
    return options


def rows_of(n: int, options: list[int]) -> list[tuple[int, int, int, int]]:
    """The columns of each option, in order: a sparse exact cover matrix."""
    cols = columns_of(n)
    return [cols[o] for o in options]


def dense(n: int, options: list[int], dtype):
    """The 0/1 matrix (options × 4N² columns) as a C-contiguous NumPy array."""
    import numpy as np
    table = _column_array(n)
    matrix = np.zeros((len(options), 4 * n ** 4), dtype=dtype)
    matrix[np.arange(len(options))[:, None], table[options]] = 1
    return matrix


@cache
def _column_array(n: int):
    """columns_of(n) as a NumPy array, for fancy indexing."""
    import numpy as np
    return np.array(columns_of(n), dtype=np.intp)


def fill(n: int, cells: tuple[int, ...], options) -> tuple[int, ...]:
    """The cells with the chosen options written in."""
    size = n * n
    out = list(cells)
    for o in options:
        out[o // size] = o % size + 1
    return tuple(out)
