"""Sudoku as an exact cover problem: parse, format, encode, decode, check.

Glossary
    n       box side: 2 for 4×4, 3 for 9×9, 4 for 16×16, … (n = 2 to 8).
    size    N = n², the side of the grid and the number of digits.
    cell    index r*N + c, rows and columns counted from 0.
    digit   1..N; 0 is a blank. Written 1–9 then A–Z (10–35), or as numbers.
    grid    a Grid: n and a tuple of N² digits.
    unit    a row, a column or a box; boxes are numbered left to right, top down.
    item    (exact cover) a cell needs a digit, or a unit needs a digit.
    option  (exact cover) digit d in cell (r, c): id (r*N + c)*N + d - 1.

parse() and format_grid() are the only text boundary. is_solution() is an
independent checker: it shares no code with the encoding or the solver.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import islice

from ..engine import exact_cover as ec
from ..words.messages import say

MIN_N, MAX_N = 2, 8
SEPARATORS = "|+-/"          # between cells, like whitespace: box lines, and / between rows
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"      # digit d is SYMBOLS[d - 1]
BLANKS = ".0"
FAMILIES = ("cell", "row", "column", "box")


class ParseError(ValueError):
    """Text that is not a puzzle: says what is wrong and where.

    cells: the cell indices involved (for duplicate givens);
    position: (line, column) of a bad character, both from 1, or None;
    unplaced: the message without its position, for a caller that says the
    position its own way (a file's line number instead of the text's);
    count: the number of cells found, when that number is what is wrong.
    """

    def __init__(self, message: str, cells: tuple[int, ...] = (), position: tuple[int, int] | None = None,
                 unplaced: str | None = None, count: int | None = None):
        super().__init__(message)
        self.message, self.cells, self.position = message, tuple(cells), position
        self.unplaced = message if unplaced is None else unplaced
        self.count = count

    @classmethod
    def at(cls, position: tuple[int, int], subject: str, rest: str) -> ParseError:
        """'<subject> at line L, column C<rest>', remembering the position and the message without it."""
        line, column = position
        return cls(f"{subject} at line {line}, column {column}{rest}", position=position,
                   unplaced=subject + rest)


@dataclass(frozen=True)
class Grid:
    """A Sudoku grid of box side n: N² digits, 0 for a blank."""

    n: int
    cells: tuple[int, ...]

    @property
    def size(self) -> int:
        """N, the side of the grid."""
        return self.n * self.n

    def __str__(self) -> str:
        return format_grid(self)


# -- names -------------------------------------------------------------------

def symbol(d: int, size: int) -> str:
    """How digit d is written in a grid of this size."""
    return SYMBOLS[d - 1] if size <= len(SYMBOLS) else str(d)


def symbol_range(size: int) -> str:
    """The digits of a grid of this size in words: '1 to 9', '1 to 9 and A to G', '1 to 36'."""
    if size <= 9 or size > len(SYMBOLS):
        return f"1 to {size}"
    return f"1 to 9 and A to {SYMBOLS[size - 1]}"


def cell_name(cell: int, size: int) -> str:
    """'r4c5' for a cell index."""
    return f"r{cell // size + 1}c{cell % size + 1}"


def box_of(r: int, c: int, n: int) -> int:
    """The box number (from 0) of row r, column c."""
    return (r // n) * n + c // n


@cache
def cell_counts() -> dict[int, int]:
    """Cell count → box side, for every supported size."""
    return {n ** 4: n for n in range(MIN_N, MAX_N + 1)}


# -- parse and format (the only text boundary) --------------------------------

NUMBER_TOKEN = re.compile(r"[0-9]{1,2}|\.")      # ASCII digits only: \d also takes "١٦" or "１６"


def parse(text: str, check: bool = True) -> Grid:
    """A Grid from any supported text form; ParseError names what and where.

    check=False lets clashing givens through (a page shows them marked).
    """
    if not isinstance(text, str):
        raise ParseError("a puzzle must be text")
    text = text.removeprefix("\ufeff")      # a byte order mark some editors put first
    quick = _parse_plain_line(text, check)
    if quick is not None:
        return quick
    counts = cell_counts()
    # Read at most one token, and one cell, past the largest puzzle: a 50 MB
    # line then costs its own string, not a tuple per character (8 GB).
    largest = max(counts)
    tokens = list(islice(_tokens(text), largest + 1))
    numbers = [NUMBER_TOKEN.fullmatch(t) is not None for t, _ in tokens]
    numeric = len(tokens) in counts and all(numbers) and any(len(t) == 2 for t, _ in tokens)
    if (len(tokens) in counts and 0 < numbers.count(False) <= 3
            and any(len(t) == 2 and ok for (t, _), ok in zip(tokens, numbers))):
        # Numbers apart from one slip ("123", "1O"): name it, rather than count its characters as cells.
        word, where = next((t, pos) for (t, pos), ok in zip(tokens, numbers) if not ok)
        size = counts[len(tokens)] ** 2
        raise ParseError.at(where, repr(word), f" is not a number from 1 to {size}, nor '.' or 0 for a blank")
    if numeric:
        cells = [(0 if t == "." else int(t), t, pos) for t, pos in tokens]
    else:
        cells = list(islice((_char_value(ch, pos) for word, start in tokens
                             for ch, pos in zip(word, _positions(start, len(word)))), largest + 1))
    if len(cells) not in counts:
        count = len(cells) if len(cells) <= largest else len(text.translate(NOT_A_CELL))
        raise ParseError(count_message(count), count=count)
    n = counts[len(cells)]
    size = n * n
    for value, shown, (line, column) in cells:
        if value > size:
            raise ParseError.at((line, column), repr(shown),
                                f" is not a digit of a {size}×{size} puzzle, which takes {symbol_range(size)}")
    grid = Grid(n, tuple(v for v, _, _ in cells))
    if check:
        check_givens(grid)
    return grid


CHAR_VALUES = {ch: 0 for ch in BLANKS} | {ch: d for d, ch in enumerate(SYMBOLS, 1)}
LINE_VALUES = CHAR_VALUES | {"-": 0}       # one line of N² cells only (see _parse_plain_line)


def _parse_plain_line(text: str, check: bool) -> Grid | None:
    """The common case, one line of blanks and 1-9 (and letters), fast; None otherwise.

    Anything unusual (separators, bad characters, clashes, digits too large)
    returns None or raises through the general path, which says where.
    """
    line = text.strip()
    n = cell_counts().get(len(line))
    if n is None:
        return None
    try:
        # Some sites write a blank as '-'. In a line of exactly N² cells with a
        # digit among them it cannot be a box line; elsewhere '-' separates.
        cells = tuple(map(LINE_VALUES.__getitem__, line))
    except KeyError:
        return None
    if "-" in line and not any(cells):
        return None
    if max(cells) > n * n:
        return None
    grid = Grid(n, cells)
    if check:
        check_givens(grid)
    return grid


WORD = re.compile(rf"[^\s{re.escape(SEPARATORS)}]+")     # what lies between whitespace and separators
# Every character str.isspace takes (the last is U+3000), written out: finding them at import
# walked 12,289 characters on every start (tests/models/test_sudoku.py checks the list).
WHITESPACE = ("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
              "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
# str.translate deletes these: whitespace (as \s and str.isspace see it) and separators,
# leaving the characters of WORDs.
NOT_A_CELL = dict.fromkeys(map(ord, SEPARATORS + WHITESPACE))


def _tokens(text: str):
    """Words between whitespace and separators, each with (line, column) of its start, lazily."""
    for line_no, line in enumerate(text.splitlines() or [""], start=1):
        for match in WORD.finditer(line):
            yield match.group(), (line_no, match.start() + 1)


def _positions(start: tuple[int, int], length: int):
    """(line, column) of each character of a word starting at start, lazily."""
    line, column = start
    return ((line, column + k) for k in range(length))


def _char_value(ch: str, pos: tuple[int, int]):
    """(digit, shown, position) of one character of a puzzle."""
    if ch in BLANKS:
        return 0, ch, pos
    index = SYMBOLS.find(ch.upper()) if ch.isascii() else -1     # 'ı'.upper() is 'I'
    if index < 0:
        raise ParseError.at(pos, f"bad character {ch!r}",
                            ": use 1-9 and A-Z for digits and '.' or '0' for a blank")
    return index + 1, ch, pos


def count_message(count: int, largest: int = MAX_N) -> str:
    """Why a cell count is no puzzle, listing the sizes up to box side largest."""
    sizes = ", ".join(f"{c} ({n * n}×{n * n})" for c, n in cell_counts().items() if n <= largest)
    return (f"found {count:,} cell{'s' if count != 1 else ''}, but a puzzle has a square of a "
            f"square of cells: {sizes}")


def format_grid(grid: Grid, style: str = "line") -> str:
    """The grid as one line ('line') or as rows with box separators ('grid')."""
    size = grid.size
    numeric = size > len(SYMBOLS)
    width = len(str(size)) if numeric else 1

    def show(d):
        return ("." if d == 0 else symbol(d, size)).rjust(width)

    if style == "line":
        if not numeric:     # a character a digit: one lookup a cell (every answer writes its puzzle twice)
            return "".join(map(("." + SYMBOLS[:size]).__getitem__, grid.cells))
        return " ".join(show(d).strip() for d in grid.cells)
    if style != "grid":
        raise ValueError(f"unknown style {style!r}")
    n = grid.n
    rows = []
    for r in range(size):
        row = grid.cells[r * size:(r + 1) * size]
        boxes = [" ".join(show(d) for d in row[b * n:(b + 1) * n]) for b in range(n)]
        rows.append(" | ".join(boxes))
        if r % n == n - 1 and r != size - 1:
            rows.append("-+-".join("-" * len(b) for b in boxes))
    return "\n".join(rows)


# -- givens ------------------------------------------------------------------

@cache
def units(n: int) -> list[tuple[str, int, list[int]]]:
    """(family, number from 0, cells) for every row, column and box."""
    size = n * n
    out = [("row", r, [r * size + c for c in range(size)]) for r in range(size)]
    out += [("column", c, [r * size + c for r in range(size)]) for c in range(size)]
    out += [("box", b, [((b // n) * n + i // n) * size + (b % n) * n + i % n for i in range(size)])
            for b in range(size)]
    return out


def clashes(grid: Grid) -> list[tuple[int, int, int, str, int]]:
    """Every pair of givens that repeat a digit in a unit: (cell, cell, digit, family, number)."""
    found = []
    for family, number, cells in units(grid.n):
        first: dict[int, int] = {}
        for cell in cells:
            d = grid.cells[cell]
            if d and d in first:
                found.append((first[d], cell, d, family, number))
            elif d:
                first[d] = cell
    return found


def check_givens(grid: Grid) -> None:
    """Raise ParseError naming both cells and their unit when a given repeats."""
    # Most grids have no clash: then their givens' items are all distinct, a
    # test cheaper than walking every unit (a quarter of solving a 17-clue
    # puzzle with the compiled engine).
    options = problem_for(grid.n).options
    held = [i for o in given_options(grid) for i in options[o]]
    if len(set(held)) == len(held):
        return
    found = clashes(grid)
    if not found:
        return
    # Two cells in one row and one box clash in both: one clash, both units named.
    pairs: dict[tuple[int, int], list[str]] = {}
    for a, b, _, family, number in found:
        pairs.setdefault((a, b), []).append(f"{family} {number + 1}")
    (a, b), where = next(iter(pairs.items()))
    size = grid.size
    message = say("variant.clash.same", a=cell_name(a, size), b=cell_name(b, size),
                  digit=symbol(grid.cells[a], size), where=" and ".join(where))
    if len(pairs) > 1:
        message += say("variant.clash.more", count=len(pairs) - 1)
    cells = sorted({c for a, b, *_ in found for c in (a, b)})
    raise ParseError(message, cells=tuple(cells))


# -- exact cover encoding ------------------------------------------------------

def item_id(family: int, a: int, b: int, size: int) -> int:
    """Item id: family 0 cell (a row, b column), 1 row, 2 column, 3 box (a unit, b digit-1)."""
    return family * size * size + a * size + b


def option_id(cell: int, d: int, size: int) -> int:
    """Option id of digit d in a cell."""
    return cell * size + d - 1


def option_items(r: int, c: int, d: int, n: int) -> tuple[int, int, int, int]:
    """The four items of digit d at (r, c): its cell, row, column and box."""
    size = n * n
    return (item_id(0, r, c, size), item_id(1, r, d - 1, size),
            item_id(2, c, d - 1, size), item_id(3, box_of(r, c, n), d - 1, size))


@cache
def problem_for(n: int) -> ec.Problem:
    """The exact cover problem of an empty grid of box side n (cached)."""
    size = n * n
    names = []
    for family, (fmt_a, fmt_b) in enumerate((("r{}", "c{}"), ("r{}", "#{}"), ("c{}", "#{}"), ("b{}", "#{}"))):
        for a in range(size):
            for b in range(size):
                second = fmt_b.format(b + 1 if family == 0 else symbol(b + 1, size))
                names.append(fmt_a.format(a + 1) + second)
    options = tuple(option_items(r, c, d, n) for r in range(size) for c in range(size)
                    for d in range(1, size + 1))
    return ec.Problem(tuple(names), len(names), options)


def given_options(grid: Grid) -> list[int]:
    """The option ids of the givens, in cell order."""
    size = grid.size
    return [cell * size + d - 1 for cell, d in enumerate(grid.cells) if d]    # option_id, inline


def decode(n: int, options, puzzle: Grid | None = None) -> Grid:
    """The grid that a set of option ids fills in (over a puzzle's givens)."""
    size = n * n
    cells = list(puzzle.cells) if puzzle else [0] * size * size
    for o in options:
        cells[o // size] = o % size + 1
    return Grid(n, tuple(cells))


@dataclass
class Solved:
    """A Sudoku solve: the exact cover outcome and the solution grids."""

    puzzle: Grid
    outcome: ec.Outcome
    grids: list[Grid]


def solve(puzzle: Grid, recording: ec.Recording | None = None, engine: str | None = None, **limits) -> Solved:
    """Solve a puzzle with DLX: givens placed first, then the search."""
    search = ec.Search(problem_for(puzzle.n), engine)
    for o in given_options(puzzle):
        search.select(o)       # parse() already refused clashing givens
    outcome = search.run(recording=recording, **limits)
    return Solved(puzzle, outcome, [decode(puzzle.n, s, puzzle) for s in outcome.solutions])


# -- phrases -------------------------------------------------------------------

@cache
def phrases_for(n: int) -> dict[str, tuple[str, ...]]:
    """Sudoku words for every item (need, empty, held) and option (labels)."""
    size = n * n
    need, empty, held = [], [], []
    for family in range(4):
        for a in range(size):
            for b in range(size):
                if family == 0:
                    cell = cell_name(a * size + b, size)
                    need.append(say("phrase.sudoku.cell.need", cell=cell))
                    empty.append(say("phrase.sudoku.cell.empty", cell=cell))
                    held.append(say("phrase.sudoku.cell.held", cell=cell))
                else:
                    unit = f"{FAMILIES[family]} {a + 1}"
                    digit = with_article(symbol(b + 1, size))
                    need.append(say("phrase.sudoku.unit.need", unit=unit, digit=digit))
                    empty.append(say("phrase.sudoku.unit.empty", unit=unit, digit=digit))
                    held.append(say("phrase.sudoku.unit.held", unit=unit, digit=digit))
    labels = tuple(say("phrase.sudoku.label", digit=symbol(o % size + 1, size), cell=cell_name(o // size, size))
                   for o in range(size ** 3))
    return {"need": tuple(need), "empty": tuple(empty), "held": tuple(held), "labels": labels}


def with_article(digit: str) -> str:
    """The digit with its article: 'a 7', 'an 8', 'an A'."""
    vowel_sound = digit[0] == "8" or digit in ("11", "18") or (digit.isalpha() and digit in "AEFHILMNORSX")
    return f"{'an' if vowel_sound else 'a'} {digit}"


# -- the independent checker --------------------------------------------------

def is_solution(puzzle: Grid, candidate: Grid) -> bool:
    """Whether candidate is a full, valid grid that keeps every given of puzzle."""
    n = puzzle.n
    N = n * n
    if candidate.n != n or len(candidate.cells) != N * N or len(puzzle.cells) != N * N:
        return False
    if any(g and g != v for g, v in zip(puzzle.cells, candidate.cells)):
        return False
    rows = [candidate.cells[i * N:(i + 1) * N] for i in range(N)]
    columns = [tuple(row[j] for row in rows) for j in range(N)]
    boxes = [tuple(rows[br + i][bc + j] for i in range(n) for j in range(n))
             for br in range(0, N, n) for bc in range(0, N, n)]
    every_digit = set(range(1, N + 1))
    return all(set(group) == every_digit for group in rows + columns + boxes)
