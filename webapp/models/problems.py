"""Built-in exact cover problems, each with its own words and a picture.

Glossary
    builtin   a Builtin: the exact cover problem, its phrases (need, empty,
              held per item; labels per option, as sudoku.phrases_for), a
              title, and picture(option_ids) → what a front end draws.
    spec      a Spec in BUILTINS: an id, a title, the parameters with their
              defaults and limits, and the function that builds the problem.
    picture   a JSON-ready dict whose "kind" says how to draw it:
                "matrix"  {"chosen": [option ids]}: rows of Knuth's 0/1 matrix
                "queens"  {"n": N, "queens": [[row, col], ...]} from 0;
                          row 0 is rank 1, col 0 is file a
                "pieces"  {"width": w, "height": h, "cells": h rows of w names
                          or None}: the piece covering each cell, row 0 on top
                "latin"   {"n": n, "cells": n rows of n symbols (1..n) or None}
    cell      (row, col) from 0; named r1c1 … in items and words.
    placement one way to put a piece in the box: piece, orientation, cells.

make(id, **params) builds one; catalogue() lists them for a menu. Nothing
here knows about the web or the command line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..engine import exact_cover as ec
from ..words.messages import say
from .cover_text import parse_cover, range_words


class BuiltinError(ValueError):
    """A built-in that does not exist, or parameters outside its limits."""


@dataclass(frozen=True, eq=False)
class Builtin:
    """One built-in problem, ready to solve, explain and draw."""

    id: str
    params: dict
    title: str
    problem: ec.Problem
    phrases: dict
    draw: Callable[[Sequence[int]], dict] = field(repr=False)
    note: str = ""

    def picture(self, option_ids: Sequence[int]) -> dict:
        """What to draw for a partial or full solution (option ids, any order)."""
        return self.draw(list(option_ids))

    def about(self) -> dict:
        """The step log's "problem" field for this built-in."""
        return {"kind": "cover", "title": self.title, "builtin": self.id, "params": dict(self.params)}


def cell_name(r: int, c: int) -> str:
    """'r2c5' for row 1, column 4 (from 0)."""
    return f"r{r + 1}c{c + 1}"


# -- Knuth's example ----------------------------------------------------------------

KNUTH_ITEMS = "ABCDEFG"
KNUTH_OPTIONS = ("CEF", "ADG", "BCF", "AD", "BG", "DEG")


def knuth() -> Builtin:
    """Knuth's 7-item example from "Dancing links" (2000): one solution, rows 1, 4 and 5."""
    problem = ec.Problem.from_names(KNUTH_ITEMS, [], KNUTH_OPTIONS)
    phrases = {
        "need": tuple(say("phrase.knuth.need", item=a) for a in KNUTH_ITEMS),
        "empty": tuple(say("phrase.knuth.empty", item=a) for a in KNUTH_ITEMS),
        "held": tuple(say("phrase.knuth.held", item=a) for a in KNUTH_ITEMS),
        "labels": tuple(say("phrase.knuth.label", row=k + 1, items=" ".join(o)) for k, o in enumerate(KNUTH_OPTIONS)),
    }
    return Builtin("knuth", {}, "Knuth's example: 7 items, 6 options", problem, phrases,
                   lambda chosen: {"kind": "matrix", "chosen": chosen},
                   "The matrix of Knuth's paper: exactly one solution.")


# -- Knuth's DLX3 example: bounds -------------------------------------------------------

# The test case at the head of Knuth's program DLX3 (dlx3.w, Stanford, 2017), in its text format:
# C is covered 2 or 3 times; X and Y are secondary items with colours 0 and 1.
KNUTH_DLX3 = """\
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def knuth_bounds() -> Builtin:
    """Knuth's DLX3 example: bounds (Knuth's multiplicities) and colours; one solution, options 2, 4 and 5."""
    problem = parse_cover(KNUTH_DLX3)
    names = problem.items

    def need(i: int) -> str:
        if i < problem.primary and problem.bounds[i] != (1, 1):
            return say("phrase.bounds.need", item=names[i], range=range_words(*problem.bounds[i]))
        if i < problem.primary:
            return say("phrase.generic.need", item=names[i])
        return say("phrase.generic.coloured.need", item=names[i])

    phrases = {
        "need": tuple(need(i) for i in range(len(names))),
        "empty": tuple(say("phrase.generic.empty", item=name) for name in names),
        "held": tuple(say("phrase.generic.held", item=name) for name in names),
        "labels": tuple(" ".join(problem.entry_name(k, p) for p in range(len(option)))
                        for k, option in enumerate(problem.options)),
    }
    return Builtin("knuth-bounds", {}, "Knuth's DLX3 example (bounds: C 2 or 3 times)", problem, phrases,
                   lambda chosen: {"kind": "matrix", "chosen": chosen},
                   "From the head of Knuth's program DLX3 (dlx3.w, 2017): C must be covered 2 or 3 "
                   "times (written 2:3|C), A and B once; X and Y take colours. One solution.")


# -- N queens ---------------------------------------------------------------------

FILES = "abcdefghijklmnopqrstuvwxyz"


def square(r: int, c: int) -> str:
    """Chess name of a square: file letter, then rank number ('a4' is row 3, col 0)."""
    return f"{FILES[c]}{r + 1}"


def diagonal_name(squares: list[tuple[int, int]]) -> str:
    """'diagonal a3–c1' by its end squares ('diagonal a1' for a corner)."""
    ends = [square(*squares[0]), square(*squares[-1])]
    return f"diagonal {ends[0]}" if len(squares) == 1 else f"diagonal {ends[0]}–{ends[1]}"


def queens(n: int) -> Builtin:
    """N queens: rows and columns primary (one queen each), diagonals secondary (at most one)."""
    rows = [f"r{r + 1}" for r in range(n)]
    cols = [f"c{c + 1}" for c in range(n)]
    sums = [f"s{s + 2}" for s in range(2 * n - 1)]                # r + c, counted from 1 each
    diffs = [f"d{d - (n - 1)}" for d in range(2 * n - 1)]         # r - c
    options = [[rows[r], cols[c], sums[r + c], diffs[r - c + n - 1]] for r in range(n) for c in range(n)]
    problem = ec.Problem.from_names(rows + cols, sums + diffs, options)
    cells = [(r, c) for r in range(n) for c in range(n)]
    by_sum = [[(r, c) for r, c in cells if r + c == s] for s in range(2 * n - 1)]
    by_diff = [[(r, c) for r, c in cells if r - c == d - (n - 1)] for d in range(2 * n - 1)]
    lines = ([f"row {r + 1}" for r in range(n)] + [f"column {FILES[c]}" for c in range(n)])
    diagonals = [diagonal_name(sq) for sq in by_sum + by_diff]
    phrases = {
        "need": tuple([say("phrase.queens.line.need", line=x) for x in lines]
                      + [say("phrase.queens.diagonal.need", line=x) for x in diagonals]),
        "empty": tuple(say("phrase.queens.empty", line=x) for x in lines + diagonals),
        "held": tuple(say("phrase.queens.held", line=x) for x in lines + diagonals),
        "labels": tuple(say("phrase.queens.label", square=square(r, c)) for r, c in cells),
    }
    return Builtin("queens", {"n": n}, f"{n} queens", problem, phrases,
                   lambda chosen: {"kind": "queens", "n": n, "queens": [list(divmod(k, n)) for k in chosen]},
                   f"Place {n} queens on a {n}×{n} board, no two on a row, column or diagonal. "
                   "Rows and columns must each get a queen; the diagonals are secondary items "
                   "(at most one queen).")


# -- polyomino packing ---------------------------------------------------------------

# The 12 pentominoes with Golomb's letters, drawn with '#'.
PENTOMINOES = {
    "F": (".##", "##.", ".#."),
    "I": ("#####",),
    "L": ("####", "#..."),
    "N": ("##..", ".###"),
    "P": ("##", "##", "#."),
    "T": ("###", ".#.", ".#."),
    "U": ("#.#", "###"),
    "V": ("#..", "#..", "###"),
    "W": ("#..", "##.", ".##"),
    "X": (".#.", "###", ".#."),
    "Y": ("####", ".#.."),
    "Z": ("##.", ".#.", ".##"),
}
# The piece whose orientations are cut down to count solutions up to symmetry:
# F has no symmetry of its own, so the box's symmetries move it to a different
# orientation every time (see symmetry_representatives).
SYMMETRY_PIECE = "F"
PENTOMINO_CELLS = 60

# The 8 symmetries of the square as maps of (row, col): the 4 turns, then 4 mirrors.
TURNS = (lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r))
MIRRORS = (lambda r, c: (r, -c), lambda r, c: (-r, c), lambda r, c: (c, r), lambda r, c: (-c, -r))
SYMMETRIES = TURNS + MIRRORS
# The symmetries of a box that is not square: identity, half turn, the two mirrors.
BOX_SYMMETRIES = (TURNS[0], TURNS[2], MIRRORS[0], MIRRORS[1])

Shape = tuple[tuple[int, int], ...]


def shape_of(drawing: Sequence[str]) -> Shape:
    """The cells of a drawing, '#' for a cell."""
    return normalized([(r, c) for r, row in enumerate(drawing) for c, ch in enumerate(row) if ch == "#"])


def normalized(cells) -> Shape:
    """Cells moved to touch row 0 and column 0, sorted."""
    cells = list(cells)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def moved(shape: Shape, symmetry) -> Shape:
    """A shape under one symmetry of the square, normalized."""
    return normalized(symmetry(r, c) for r, c in shape)


def orientations(shape: Shape) -> list[Shape]:
    """The distinct turns and mirror images of a shape, in the order of SYMMETRIES."""
    found: list[Shape] = []
    for symmetry in SYMMETRIES:
        image = moved(shape, symmetry)
        if image not in found:
            found.append(image)
    return found


def symmetry_representatives(shape: Shape, square_box: bool) -> list[Shape]:
    """One orientation from each orbit under the box's symmetries (the first in order).

    For a piece with no symmetry of its own the box's symmetries act freely on
    its 8 orientations, so every solution of the whole puzzle has exactly one
    image under the box's symmetries in which the piece has a kept orientation:
    2 of 8 kept for an oblong box (the shape and its quarter turn), 1 for a square.
    """
    group = SYMMETRIES if square_box else BOX_SYMMETRIES
    kept: list[Shape] = []
    for o in orientations(shape):
        if not any(moved(o, g) in kept for g in group):
            kept.append(o)
    return kept


def placements(pieces: dict[str, Shape], width: int, height: int,
               keep: dict[str, list[Shape]] | None = None) -> list[tuple[str, Shape]]:
    """(piece, cells in the box) for every orientation and position that fits, piece by piece.

    keep: for some pieces, the orientations allowed (default: all of them).
    """
    found = []
    for name, shape in pieces.items():
        for o in (keep or {}).get(name, orientations(shape)):
            rows, cols = max(r for r, _ in o) + 1, max(c for _, c in o) + 1
            for r0 in range(height - rows + 1):
                for c0 in range(width - cols + 1):
                    found.append((name, tuple(sorted((r0 + r, c0 + c) for r, c in o))))
    return found


def packing(id: str, params: dict, title: str, note: str, width: int, height: int,
            piece_words: Mapping[str | None, str], placed: Sequence[tuple[str | None, Shape]]) -> Builtin:
    """A packing of a width × height box: piece items, then one item per cell.

    placed: (piece or None, cells); a None piece is a filler with no item of its own.
    """
    names = [p for p in piece_words if p is not None]
    cells = [(r, c) for r in range(height) for c in range(width)]
    options = [([p] if p else []) + [cell_name(r, c) for r, c in where] for p, where in placed]
    problem = ec.Problem.from_names(names + [cell_name(r, c) for r, c in cells], [], options)
    phrases = {
        "need": tuple([say("phrase.pieces.piece.need", piece=piece_words[p]) for p in names]
                      + [say("phrase.pieces.cell.need", cell=cell_name(*x)) for x in cells]),
        "empty": tuple([say("phrase.pieces.piece.empty", piece=piece_words[p]) for p in names]
                       + [say("phrase.pieces.cell.empty", cell=cell_name(*x)) for x in cells]),
        "held": tuple([say("phrase.pieces.piece.held", piece=piece_words[p]) for p in names]
                      + [say("phrase.pieces.cell.held", cell=cell_name(*x)) for x in cells]),
        "labels": tuple(say("phrase.pieces.label", piece=piece_words[p] if p else piece_words[None],
                            cells=" ".join(cell_name(r, c) for r, c in where)) for p, where in placed),
    }

    def draw(chosen):
        grid = [[None] * width for _ in range(height)]
        fillers = 0
        for k in chosen:
            piece, where = placed[k]
            if piece is None:
                fillers += 1
            for r, c in where:
                grid[r][c] = piece or f"s{fillers}"
        return {"kind": "pieces", "width": width, "height": height, "cells": grid}

    return Builtin(id, params, title, problem, phrases, draw, note)


def pentomino_shapes() -> dict[str, Shape]:
    """The 12 pentominoes as shapes, by letter."""
    return {name: shape_of(drawing) for name, drawing in PENTOMINOES.items()}


def pentominoes(width: int, height: int, all_orientations: bool = False) -> Builtin:
    """The 12 pentominoes packed into a width × height box (60 cells), each piece once.

    all_orientations False counts solutions up to the box's symmetries: the F
    keeps one orientation per orbit (see symmetry_representatives).
    """
    if width * height != PENTOMINO_CELLS:
        raise BuiltinError(f"a box for the 12 pentominoes has {PENTOMINO_CELLS} cells, but "
                           f"{width}×{height} has {width * height}: try 10×6, 12×5, 15×4 or 20×3 "
                           "(either way round)")
    shapes = pentomino_shapes()
    keep = None if all_orientations else {
        SYMMETRY_PIECE: symmetry_representatives(shapes[SYMMETRY_PIECE], width == height)}
    placed = placements(shapes, width, height, keep)
    how = ("every solution counted, mirror images and turns of the box included" if all_orientations
           else f"solutions counted up to the box's symmetries: the {SYMMETRY_PIECE} is never "
                "mirrored and only turned by 0° or 90°")
    return packing("pentominoes", {"width": width, "height": height, "all_orientations": all_orientations},
                   f"Pentominoes in a {width}×{height} box" + ("" if all_orientations else " (up to symmetry)"),
                   f"Pack the 12 pentominoes into a {width}×{height} box: each piece turns and flips; "
                   f"{how}.",
                   width, height, {name: f"{name} pentomino" for name in shapes}, placed)  # no fillers


# The small packing of the Lisp write-up of DLX, defined here: a 3×3 box filled
# by an L tromino (any turn), a 2×2 square, and 1×1 squares. The 1×1 squares
# are options of one cell each with no piece item: by area there are two, and
# being alike they are not counted twice. 4 solutions: the 2×2 in a corner, the
# L in the opposite corner, the two 1×1 squares in the remaining corners.
SMALL_PIECES = {"L": ("#.", "##"), "B": ("##", "##")}
SMALL_WORDS = {"L": "L tromino", "B": "2×2 square", None: "1×1 square"}


def small_packing() -> Builtin:
    """An L tromino, a 2×2 square and 1×1 squares filling a 3×3 box."""
    shapes = {name: shape_of(drawing) for name, drawing in SMALL_PIECES.items()}
    placed: list[tuple[str | None, Shape]] = list(placements(shapes, 3, 3))
    placed += [(None, ((r, c),)) for r in range(3) for c in range(3)]
    return packing("small-packing", {}, "An L, a 2×2 and 1×1 squares in a 3×3 box",
                   "A 3×3 box filled by an L tromino, a 2×2 square and two 1×1 squares "
                   "(the small example of the Lisp write-up of DLX): 4 solutions.",
                   3, 3, SMALL_WORDS, placed)


# -- Latin squares -----------------------------------------------------------------

def latin(n: int) -> Builtin:
    """Latin squares of order n: each cell one symbol, each symbol once per row and column."""
    cells = [f"r{r + 1}c{c + 1}" for r in range(n) for c in range(n)]
    row_items = [f"r{r + 1}#{s + 1}" for r in range(n) for s in range(n)]
    col_items = [f"c{c + 1}#{s + 1}" for c in range(n) for s in range(n)]
    options = [[cells[r * n + c], row_items[r * n + s], col_items[c * n + s]]
               for r in range(n) for c in range(n) for s in range(n)]
    problem = ec.Problem.from_names(cells + row_items + col_items, [], options)
    units = [(f"row {a + 1}", s + 1) for a in range(n) for s in range(n)]
    units += [(f"column {a + 1}", s + 1) for a in range(n) for s in range(n)]
    phrases = {
        "need": tuple([say("phrase.latin.cell.need", cell=x) for x in cells]
                      + [say("phrase.latin.unit.need", unit=u, symbol=s) for u, s in units]),
        "empty": tuple([say("phrase.latin.cell.empty", cell=x) for x in cells]
                       + [say("phrase.latin.unit.empty", unit=u, symbol=s) for u, s in units]),
        "held": tuple([say("phrase.latin.cell.held", cell=x) for x in cells]
                      + [say("phrase.latin.unit.held", unit=u, symbol=s) for u, s in units]),
        "labels": tuple(say("phrase.latin.label", symbol=k % n + 1, cell=cells[k // n]) for k in range(n ** 3)),
    }

    def draw(chosen):
        grid = [[None] * n for _ in range(n)]
        for k in chosen:
            grid[k // n // n][k // n % n] = k % n + 1
        return {"kind": "latin", "n": n, "cells": grid}

    return Builtin("latin", {"n": n}, f"Latin squares of order {n}", problem, phrases, draw,
                   f"Fill an {n}×{n} grid with symbols 1 to {n}, each once in every row and column.")


# -- a word square, with colours ---------------------------------------------------------

# Six words that make one 3×3 double word square (rows ago, lid, end; columns ale,
# gin, odd), and decoys that fit some of its letters, so the search meets dead ends.
SQUARE_WORDS = ("ago", "lid", "end", "ale", "gin", "odd", "age", "lie", "den", "oil", "ode", "log", "dog")


def square_line(k: int) -> str:
    """'row 1' .. 'row 3' for k = 0..2, 'column 1' .. 'column 3' for k = 3..5."""
    if k < 3:
        return say("phrase.square.row", n=k + 1)
    return say("phrase.square.col", n=k - 2)


def word_square() -> Builtin:
    """A 3×3 double word square (Knuth's DLX2 colours): each row and column needs a word of the list.

    Items: the rows and columns (primary, each needs a word); the cells, whose
    colour is the letter put there, so a row word and a column word can share a
    cell only when they put the same letter in it; and each word, used without
    a colour, so no word is used twice.
    """
    lines = [f"row{r + 1}" for r in range(3)] + [f"col{c + 1}" for c in range(3)]
    cells = [cell_name(r, c) for r in range(3) for c in range(3)]
    names = lines + cells + list(SQUARE_WORDS)
    index = {name: k for k, name in enumerate(names)}
    letters = list(dict.fromkeys("".join(SQUARE_WORDS)))     # in order of first use, as the text reads them
    options, colours, labels, fills = [], [], [], []
    for line in range(6):
        across = line < 3
        for word in SQUARE_WORDS:
            spots = [(line, k) if across else (k, line - 3) for k in range(3)]
            options.append((line, *(index[cell_name(r, c)] for r, c in spots), index[word]))
            colours.append((0, *(letters.index(ch) + 1 for ch in word), 0))
            labels.append(say("phrase.square.label", line=square_line(line), word=word))
            fills.append([(r, c, ch) for (r, c), ch in zip(spots, word)])
    problem = ec.Problem(tuple(names), 6, tuple(options), tuple(colours), tuple(letters))
    need = [say("phrase.square.line.need", line=square_line(k)) for k in range(6)]
    need += [say("phrase.square.cell.need", cell=c) for c in cells]
    need += [say("phrase.square.word.need", word=w) for w in SQUARE_WORDS]
    empty = [say("phrase.square.line.empty", line=square_line(k)) for k in range(6)]
    empty += need[6:]           # a cell or a word is never chosen: it never runs out
    held = [say("phrase.square.line.held", line=square_line(k)) for k in range(6)]
    held += [say("phrase.square.cell.held", cell=c) for c in cells]
    held += [say("phrase.square.word.held", word=w) for w in SQUARE_WORDS]
    phrases = {"need": tuple(need), "empty": tuple(empty), "held": tuple(held), "labels": tuple(labels)}

    def draw(chosen):
        grid: list[list[str | None]] = [[None] * 3 for _ in range(3)]
        for o in chosen:
            for r, c, ch in fills[o]:
                grid[r][c] = ch
        return {"kind": "latin", "n": 3, "cells": grid}

    return Builtin("word-square", {}, "A 3×3 word square (colours)", problem, phrases, draw,
                   "Each cell's colour is its letter: a row word and a column word may share a cell "
                   "only when they give it the same letter (Knuth's DLX2 colours).")


# -- the registry ---------------------------------------------------------------------

@dataclass(frozen=True)
class Param:
    """One parameter of a built-in: its kind ("int" or "bool"), default and limits."""

    name: str
    kind: str
    default: int | bool
    low: int | None = None
    high: int | None = None
    help: str = ""


@dataclass(frozen=True)
class Spec:
    """A built-in in the registry: how to build it and what it takes."""

    id: str
    title: str
    params: tuple[Param, ...]
    build: Callable[..., Builtin] = field(repr=False)


BUILTINS: dict[str, Spec] = {spec.id: spec for spec in (
    Spec("knuth", "Knuth's 7-item example", (), knuth),
    Spec("queens", "N queens", (Param("n", "int", 8, 1, 20, "board side"),), queens),
    Spec("pentominoes", "The 12 pentominoes in a box", (
        Param("width", "int", 10, 1, 60, "box width; width × height must be 60"),
        Param("height", "int", 6, 1, 60, "box height"),
        Param("all_orientations", "bool", False, help="count every solution, not one per symmetry class"),
    ), pentominoes),
    Spec("latin", "Latin squares", (Param("n", "int", 4, 1, 12, "order"),), latin),
    Spec("small-packing", "An L, a 2×2 and 1×1 squares in a 3×3 box", (), small_packing),
    Spec("word-square", "A 3×3 word square (colours)", (), word_square),
    Spec("knuth-bounds", "Knuth's DLX3 example (bounds: C 2 or 3 times)", (), knuth_bounds),
)}


def make(id: str, /, **params) -> Builtin:
    """Build a built-in by id; missing parameters take their defaults. BuiltinError if wrong."""
    spec = BUILTINS.get(id)
    if spec is None:
        raise BuiltinError(f"no built-in problem {id!r}: choose one of {', '.join(BUILTINS)}")
    return _build(id, tuple(sorted(checked(spec, params).items())))


@lru_cache(maxsize=32)
def _build(id: str, params: tuple) -> Builtin:
    """Build once per id and parameters (a built-in is never changed), each item with its family."""
    builtin = BUILTINS[id].build(**dict(params))
    family = tuple(FAMILY_OF_ITEM[id](name) for name in builtin.problem.items)
    return replace(builtin, phrases={**builtin.phrases, "family": family})


def _cell_or(other: str) -> Callable[[str], str]:
    """A family rule: "cell" for an item named like r2c5, else `other`."""
    return lambda name: "cell" if re.fullmatch(r"r\d+c\d+", name) else other


# Each built-in's item families (phrases["family"]): what a forced move on one of its items is named
# after (webapp/log/singles.py: "single-row" for a queens row with one place left).
FAMILY_OF_ITEM: dict[str, Callable[[str], str]] = {
    "knuth": lambda name: "item",
    "knuth-bounds": lambda name: "item",
    "queens": lambda name: {"r": "row", "c": "column"}.get(name[0], "diagonal"),
    "pentominoes": _cell_or("piece"),
    "small-packing": _cell_or("piece"),
    "latin": lambda name: "cell" if "#" not in name else "row" if name[0] == "r" else "column",
    "word-square": lambda name: "row" if name.startswith("row") else "column" if name.startswith("col") else "word",
}


def checked(spec: Spec, params: dict) -> dict:
    """Every parameter of a spec, given or default, each checked against its limits."""
    known = {p.name: p for p in spec.params}
    for name in params:
        if name not in known:
            takes = ", ".join(known) or "no parameters"
            raise BuiltinError(f"{spec.id} takes {takes}, not {name!r}")
    values = {}
    for p in spec.params:
        value = params.get(p.name, p.default)
        if p.kind == "bool":
            if not isinstance(value, bool):
                raise BuiltinError(f"{p.name} of {spec.id} must be true or false, not {value!r}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise BuiltinError(f"{p.name} of {spec.id} must be a whole number, not {value!r}")
        elif p.low is not None and p.high is not None and not p.low <= value <= p.high:
            raise BuiltinError(f"{p.name} of {spec.id} must be from {p.low} to {p.high}, not {value}")
        values[p.name] = value
    return values


def catalogue() -> list[dict]:
    """The built-ins for a menu, as JSON-ready dicts: id, title and parameters."""
    return [{"id": s.id, "title": s.title,
             "params": [{"name": p.name, "kind": p.kind, "default": p.default, "min": p.low,
                         "max": p.high, "help": p.help} for p in s.params]}
            for s in BUILTINS.values()]


@lru_cache(maxsize=32)
def picture_parts(builtin: Builtin) -> dict:
    """The picture split by option, so a front end can draw any set of placed options.

    {"kind", the sizes of the empty picture, "parts": one entry per option}:
    queens [row, col]; pieces and latin [[row, col, value], ...]; matrix [option].
    """
    empty = builtin.picture([])
    kind = empty["kind"]
    sizes = {key: value for key, value in empty.items() if key not in ("chosen", "queens", "cells")}
    parts = []
    for o in range(len(builtin.problem.options)):
        one = builtin.picture([o])
        if kind == "queens":
            parts.append(one["queens"][0])
        elif kind in ("pieces", "latin"):
            parts.append([[r, c, v] for r, row in enumerate(one["cells"]) for c, v in enumerate(row)
                          if v is not None])
        else:
            parts.append([o])
    return {**sizes, "kind": kind, "parts": parts}
