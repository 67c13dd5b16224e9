"""Constraints beyond the houses (killer cages, thermometers, arrows, dots, lines, …): their normal form.

Glossary
    constraint  a Constraint: its kind and cells (cell indices, row * N + column, from 0), and the
                fields of its kind (docs/api.md, "The normal form of a constraint").
    negative    the negative constraints: "kropki-white", "kropki-black", "xv" (orthogonal neighbours
                without such a mark may not hold what the mark would say).
    setup       a Setup: the rules (variants and regions) with the constraints and the negative list,
                everything beyond the givens that decides a puzzle's solutions.

This module reads and writes the normal form (JSON with [row, column] cells) and checks its shape;
webapp/models/constraint_cover.py makes it exact cover, webapp/models/constraint_check.py checks a
filled grid against it without any of that code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..words.messages import say
from .sudoku import cell_name
from .variants import Rules, VariantError

# In the order of the table in docs/api.md.
KINDS = ("killer", "thermo", "arrow", "kropki-white", "kropki-black", "xv", "even", "odd", "whispers",
         "palindrome", "renban", "extra-region", "diagonal", "quadruple", "sandwich", "little-killer")
NEGATIVES = ("kropki-white", "kropki-black", "xv")
PAIR_KINDS = ("kropki-white", "kropki-black", "xv")       # two orthogonal neighbours
LINE_KINDS = ("thermo", "whispers", "palindrome", "renban")   # cells that follow one another
REPEATING = ("whispers", "palindrome")      # lines that may pass a cell again (a loop, a crossing)
# The most cells a constraint names (a line may wander, but not for ever).
MOST_CELLS = 4 * 25 * 25


@dataclass(frozen=True)
class Constraint:
    """One constraint in normal form (cells as cell indices); the fields its kind does not use stay empty."""

    kind: str
    cells: tuple[int, ...] = ()
    sum: int | None = None
    circle: tuple[int, ...] = ()
    value: str | None = None            # xv: "X" or "V"
    digits: tuple[int, ...] = ()        # quadruple
    side: str | None = None             # sandwich: "row" or "column"
    index: int | None = None            # sandwich: the row or column, from 0
    clue: tuple[int, int] | None = None  # little killer: [row, column] just outside the grid
    direction: str | None = None        # diagonal: "+" or "-"

    def as_json(self, size: int) -> dict:
        """The normal form: [row, column] cells, only the fields of the kind."""
        def rc(cells):
            return [[c // size, c % size] for c in cells]
        out: dict = {"kind": self.kind}
        if self.kind == "sandwich":
            return {**out, "side": self.side, "index": self.index, "sum": self.sum}
        if self.kind == "arrow":
            out["circle"] = rc(self.circle)
        if self.kind == "little-killer":
            out["clue"] = list(self.clue or ())
        if self.kind == "diagonal":
            out["direction"] = self.direction
        out["cells"] = rc(self.cells)
        if self.kind in ("killer", "little-killer"):
            out["sum"] = self.sum
        if self.kind == "xv":
            out["value"] = self.value
        if self.kind == "quadruple":
            out["digits"] = list(self.digits)
        return out


@dataclass(frozen=True)
class Setup:
    """A puzzle's rules beyond its givens: variants and regions, constraints, negative constraints."""

    rules: Rules
    constraints: tuple[Constraint, ...] = ()
    negative: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return self.rules.size

    @property
    def plain_rules(self) -> bool:
        """No constraint and no negative one: the variants' own model."""
        return not self.constraints and not self.negative

    def about(self) -> dict:
        """What an answer and a log's problem say of the constraints."""
        return {"constraints": [c.as_json(self.size) for c in self.constraints], "negative": list(self.negative)}


class ConstraintError(VariantError):
    """A constraint that is not well formed: says which (index, from 0) and what, with its cells."""

    def __init__(self, message: str, index: int | None, cells=()):
        super().__init__(message, "constraints", cells)
        self.index = index


def kind_words(constraint: Constraint, size: int) -> str:
    """A constraint in words, for its phrases: 'cage 14 at r4c2', 'the thermometer from r9c4'."""
    c = constraint
    first = cell_name(c.cells[0], size) if c.cells else ""
    if c.kind == "killer":
        return say("constraint.name.killer" if c.sum is not None else "constraint.name.killer_bare",
                   sum=c.sum if c.sum is not None else 0, cell=first)
    if c.kind == "xv":
        return say("constraint.name.xv", value=c.value or "", a=first, b=cell_name(c.cells[1], size))
    if c.kind in PAIR_KINDS:
        return say(f"constraint.name.{c.kind}", a=first, b=cell_name(c.cells[1], size))
    if c.kind == "arrow":
        return say("constraint.name.arrow", cell=cell_name(c.circle[0], size))
    if c.kind == "sandwich":
        return say("constraint.name.sandwich", sum=c.sum or 0, side=c.side or "", number=(c.index or 0) + 1)
    if c.kind == "little-killer":
        return say("constraint.name.little-killer", sum=c.sum or 0, cell=first)
    if c.kind == "quadruple":
        return say("constraint.name.quadruple", digits=", ".join(map(str, c.digits)), cell=first)
    return say(f"constraint.name.{c.kind}", cell=first)


# -- reading the normal form -------------------------------------------------------------

def read_negative(names) -> tuple[str, ...]:
    """The negative list, checked, each once, in NEGATIVES order ("kropki" is both dots)."""
    if names is None:
        return ()
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list):
        raise VariantError(say("negative.not_list", names=", ".join(NEGATIVES)), "negative")
    found: set[str] = set()
    for name in names:
        key = name.strip().lower() if isinstance(name, str) else None
        if key == "kropki":
            found.update(("kropki-white", "kropki-black"))
        elif key in NEGATIVES:
            found.add(key)
        else:
            raise VariantError(say("negative.unknown", name=repr(name), names=", ".join(NEGATIVES)), "negative")
    return tuple(n for n in NEGATIVES if n in found)


def read_constraints(items, size: int) -> tuple[Constraint, ...]:
    """Constraints from their normal form (JSON), each checked; ConstraintError names the first at fault."""
    if items is None:
        return ()
    if not isinstance(items, list):
        raise ConstraintError(say("constraint.not_list"), None)
    return tuple(read_one(item, index, size) for index, item in enumerate(items))


def read_one(item, index: int, size: int) -> Constraint:
    """One constraint from its normal form, checked."""
    reader = Reader(index, size)
    if not isinstance(item, dict):
        raise reader.error("constraint.not_object")
    kind = item.get("kind")
    if kind not in KINDS:
        raise reader.error("constraint.kind", kind=repr(kind), kinds=", ".join(KINDS))
    reader.kind = kind
    if kind == "sandwich":
        side = item.get("side")
        if side not in ("row", "column"):
            raise reader.error("constraint.side")
        number = reader.integer(item, "index", 0, size - 1)
        return Constraint(kind, tuple(range(number * size, number * size + size)) if side == "row"
                          else tuple(range(number, size * size, size)),
                          sum=reader.integer(item, "sum", 0, size * size), side=side, index=number)
    cells = reader.cells(item, "cells", repeats=kind in REPEATING)
    if kind == "killer":
        total = item.get("sum")
        return Constraint(kind, cells, sum=None if total is None else reader.integer(item, "sum", 1, size * size))
    if kind in PAIR_KINDS:
        reader.neighbours(cells, 2)
        if kind == "xv":
            value = item.get("value")
            if not isinstance(value, str) or value.upper() not in ("X", "V"):
                raise reader.error("constraint.xv_value")
            return Constraint(kind, cells, value=value.upper())
        return Constraint(kind, cells)
    if kind in ("even", "odd"):
        reader.count(cells, 1, 1)
        return Constraint(kind, cells)
    if kind in LINE_KINDS:
        reader.count(cells, 2 if kind != "renban" else 1, size * size)
        reader.line(cells)
        return Constraint(kind, cells)
    if kind == "extra-region":
        reader.count(cells, 1, size)
        return Constraint(kind, cells)
    if kind == "diagonal":
        direction = item.get("direction")
        if direction not in ("+", "-"):
            raise reader.error("constraint.direction")
        return Constraint(kind, diagonal_cells(direction, size), direction=direction)
    if kind == "quadruple":
        reader.count(cells, 2, 4)
        digits = item.get("digits")
        if (not isinstance(digits, list) or not 1 <= len(digits) <= len(cells)
                or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= size for d in digits)):
            raise reader.error("constraint.digits", count=len(cells), size=size)
        return Constraint(kind, cells, digits=tuple(sorted(digits)))
    if kind == "arrow":
        circle = reader.cells(item, "circle")
        reader.count(circle, 1, 2 if size <= 9 else 1)
        reader.count(cells, 1, size * size)
        if set(circle) & set(cells):
            raise reader.error("constraint.circle_on_shaft", cells=sorted(set(circle) & set(cells)))
        return Constraint(kind, cells, circle=circle)
    # little-killer
    clue = item.get("clue")
    if (not isinstance(clue, list) or len(clue) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in clue)):
        raise reader.error("constraint.clue", size=size)
    reader.count(cells, 1, size)
    reader.diagonal_line(cells)
    return Constraint(kind, cells, sum=reader.integer(item, "sum", 1, size * size), clue=(clue[0], clue[1]))


def diagonal_cells(direction: str, size: int) -> tuple[int, ...]:
    """A long diagonal's cells: "-" from r1c1 down to the right, "+" from the bottom left up to the right."""
    if direction == "-":
        return tuple(k * size + k for k in range(size))
    return tuple((size - 1 - k) * size + k for k in range(size))


@dataclass
class Reader:
    """Reads one constraint's fields, naming it (its index and kind) in every error."""

    index: int
    size: int
    kind: str = ""
    seen: list = field(default_factory=list)

    def error(self, key: str, cells=(), **fields) -> ConstraintError:
        what = say(key, **fields)
        head = say("constraint.which", number=self.index + 1, kind=self.kind) if self.kind else \
            say("constraint.which_bare", number=self.index + 1)
        return ConstraintError(f"{head}: {what}", self.index, cells)

    def integer(self, item: dict, name: str, low: int, high: int) -> int:
        value = item.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error("constraint.integer", name=name, low=low, high=high)
        return value

    def cells(self, item: dict, name: str, repeats: bool = False) -> tuple[int, ...]:
        raw = item.get(name)
        if not isinstance(raw, list) or not raw or len(raw) > MOST_CELLS:
            raise self.error("constraint.cells", name=name)
        out: list[int] = []
        for pair in raw:
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)):
                raise self.error("constraint.cell_form", name=name, cell=repr(pair)[:40])
            r, c = pair
            if not (0 <= r < self.size and 0 <= c < self.size):
                raise self.error("constraint.off_grid", name=name, row=r, column=c, size=self.size)
            cell = r * self.size + c
            if cell in out and not (repeats and cell != out[-1]):
                raise self.error("constraint.twice", [cell], cell=cell_name(cell, self.size))
            out.append(cell)
        return tuple(out)

    def count(self, cells: tuple[int, ...], low: int, high: int) -> None:
        if not low <= len(cells) <= high:
            raise self.error("constraint.count", cells, count=len(cells), low=low, high=high)

    def neighbours(self, cells: tuple[int, ...], count: int) -> None:
        self.count(cells, count, count)
        self.line(cells, orthogonal=True)

    def line(self, cells: tuple[int, ...], orthogonal: bool = False) -> None:
        """Each cell touches the next (orthogonally, or diagonally too)."""
        for a, b in zip(cells, cells[1:]):
            dr, dc = abs(a // self.size - b // self.size), abs(a % self.size - b % self.size)
            if max(dr, dc) != 1 or orthogonal and dr + dc != 1:
                raise self.error("constraint.not_neighbours", [a, b], a=cell_name(a, self.size),
                                 b=cell_name(b, self.size))

    def diagonal_line(self, cells: tuple[int, ...]) -> None:
        """Each cell one diagonal step from the last, always the same way."""
        steps = {(b // self.size - a // self.size, b % self.size - a % self.size) for a, b in zip(cells, cells[1:])}
        if len(steps) > 1 or steps and abs(next(iter(steps))[0]) != 1 or steps and abs(next(iter(steps))[1]) != 1:
            raise self.error("constraint.not_diagonal", cells)


def setup_for(rules: Rules, constraints=None, negative=None) -> Setup:
    """The setup of a request's fields: the constraints and negative list read and checked."""
    return Setup(rules, read_constraints(constraints, rules.size), read_negative(negative))
