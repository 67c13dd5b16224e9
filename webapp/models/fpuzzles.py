"""f-puzzles and SudokuPad links, in and out.

An f-puzzles link is https://f-puzzles.com/?load=VALUE, VALUE being the LZString base64 (the
`lzstring` package) of a JSON object: "size", "grid" (rows of cells: "value" with "given": true
for a given, "region" from 0 for a jigsaw), and one list per constraint ("killercage",
"thermometer", "arrow", "difference", "ratio", "xv", …) whose cells are written "R1C1", and flags
("diagonal+", "antiknight", "negative": ["ratio", "xv"], …). SudokuPad opens the same value as
https://sudokupad.app/fpuzzlesVALUE.

read_link() turns a link into an Imported puzzle: the grid text, variant names, regions map and
constraints in normal form, with a note for everything in it that is not solved here. Nothing is
dropped silently: a rule the solver does not keep is in `unsolved` (the solve refuses it unless
asked to solve without it), a mark that carries no rule is in `notes` only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

import lzstring

from ..words.messages import say
from . import sudoku
from .constraints import Constraint, ConstraintError, Setup, diagonal_cells, read_one
from .variants import Rules, VariantError, window_corners

FPUZZLES = "https://f-puzzles.com/?load="
SUDOKUPAD = "https://sudokupad.app/fpuzzles"
# The longest link read (a 25×25 full of constraints is well under it).
MOST_CHARACTERS = 200_000
CELL = re.compile(r"R(\d+)C(\d+)", re.IGNORECASE)

# Keys of the f-puzzles JSON that say nothing about the rules (the editor's own state).
QUIET = {"size", "title", "author", "ruleset", "grid", "solution", "highlighted", "disabledlogic",
         "truecandidatesoptions", "version", "successMessage"}
# Kinds f-puzzles has that are not solved here: their name in words.
NOT_SOLVED = {"betweenline": "between lines", "minimum": "minimum cells", "maximum": "maximum cells",
              "clone": "clones", "disjointgroups": "disjoint groups", "doublearrow": "double arrows",
              "entropicline": "entropic lines", "modularline": "modular lines", "regionsumline": "region sum lines",
              "nabner": "nabner lines", "zipperline": "zipper lines", "xsum": "X-sums", "skyscraper": "skyscrapers",
              "lockout": "lockout lines", "killer": "killer clues"}
COSMETIC = {"line": "lines", "rectangle": "rectangles", "circle": "circles", "text": "texts", "cage": "cages",
            "arrowcosmetic": "arrows"}


class LinkError(VariantError):
    """A link that cannot be read: says what is wrong with it."""

    def __init__(self, message: str):
        super().__init__(message, "import")


@dataclass
class Imported:
    """A puzzle read from a link, in the forms the rest of the app takes."""

    puzzle: str
    variants: list[str]
    regions: str | None
    constraints: list[Constraint]
    negative: list[str]
    title: str | None = None
    author: str | None = None
    rules: str | None = None
    unsolved: list[str] = field(default_factory=list)     # rules not kept: each a sentence
    notes: list[str] = field(default_factory=list)        # every note, the unsolved first


def load_value(link: str) -> str:
    """The LZString base64 value of a link: from ?load=, from SudokuPad's fpuzzles form, or the value alone."""
    if not isinstance(link, str) or not link.strip():
        raise LinkError(say("link.not_text"))
    text = link.strip()
    if len(text) > MOST_CHARACTERS:
        raise LinkError(say("link.too_long", count=len(text), most=MOST_CHARACTERS))
    found = re.search(r"[?&]load=([^&#]*)", text)
    if found:
        value = found.group(1)
    elif "fpuzzles" in text:
        value = text[text.index("fpuzzles") + len("fpuzzles"):].split("&")[0].split("#")[0]
    elif "://" in text or "sudokupad" in text.lower() or text.lower().startswith("f-puzzles"):
        raise LinkError(say("link.no_value"))
    else:
        value = text
    value = unquote(value).replace(" ", "+")
    if not value:
        raise LinkError(say("link.no_value"))
    return value


def decode(link: str) -> dict:
    """The JSON object a link carries."""
    value = load_value(link)
    if not re.fullmatch(r"[A-Za-z0-9+/=$-]+", value):
        raise LinkError(say("link.not_base64"))
    try:
        text = lzstring.LZString().decompressFromBase64(value)
    except Exception:       # the package raises what it meets in damaged input: any of them means damaged
        text = None
    if not text:
        raise LinkError(say("link.not_base64"))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise LinkError(say("link.not_json")) from None
    if not isinstance(data, dict):
        raise LinkError(say("link.not_json"))
    return data


def encode(data: dict) -> str:
    """The LZString base64 of an f-puzzles JSON object."""
    return lzstring.LZString().compressToBase64(json.dumps(data, separators=(",", ":")))


# -- reading ------------------------------------------------------------------------------------

@dataclass
class Reading:
    """Reads the lists of one f-puzzles object, naming the list and entry in every error."""

    size: int
    constraints: list[dict] = field(default_factory=list)

    def cell(self, where: str, text) -> list[int]:
        found = CELL.fullmatch(text) if isinstance(text, str) else None
        if not found:
            raise LinkError(say("link.bad_cell", where=where, cell=repr(text)[:30]))
        r, c = int(found.group(1)), int(found.group(2))
        if not (1 <= r <= self.size and 1 <= c <= self.size):
            raise LinkError(say("link.off_grid", where=where, cell=text, size=self.size))
        return [r - 1, c - 1]

    def cells(self, where: str, raw) -> list[list[int]]:
        if not isinstance(raw, list) or not raw:
            raise LinkError(say("link.no_cells", where=where))
        return [self.cell(where, t) for t in raw]

    def entries(self, data: dict, key: str) -> list[tuple[str, dict]]:
        raw = data.get(key, [])
        if not isinstance(raw, list):
            raise LinkError(say("link.not_list", name=key))
        out = []
        for k, entry in enumerate(raw):
            if not isinstance(entry, dict):
                raise LinkError(say("link.bad_entry", where=f"{key} {k + 1}"))
            out.append((f"{key} {k + 1}", entry))
        return out

    def lines(self, where: str, entry: dict) -> list[list[list[int]]]:
        raw = entry.get("lines")
        if not isinstance(raw, list) or not raw:
            raise LinkError(say("link.no_cells", where=where))
        return [self.cells(where, line) for line in raw]

    def number(self, where: str, value) -> int | None:
        """A clue's value: a whole number, or None when it has none."""
        if value is None or value == "":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().isdigit():
            return int(value.strip())
        raise LinkError(say("link.bad_value", where=where, value=repr(value)[:30]))

    def add(self, where: str, constraint: dict) -> None:
        constraint["_where"] = where
        self.constraints.append(constraint)


def read_link(link: str) -> Imported:
    """An f-puzzles or SudokuPad link as a puzzle (see the module's docstring); LinkError if damaged."""
    data = decode(link)
    size = data.get("size")
    if isinstance(size, bool) or not isinstance(size, int):
        raise LinkError(say("link.no_size"))
    if size not in {n * n for n in range(sudoku.MIN_N, sudoku.MAX_N + 1)}:
        raise LinkError(say("link.size", size=size))
    n = round(size ** 0.5)
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != size or not all(isinstance(r, list) and len(r) == size for r in grid):
        raise LinkError(say("link.no_grid", size=size))
    reading = Reading(size)
    unsolved: list[str] = []
    notes: list[str] = []
    givens, regions = [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise LinkError(say("link.bad_entry", where=f"grid r{r + 1}c{c + 1}"))
            value = cell.get("value")
            given = cell.get("given") and isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= size
            givens.append(sudoku.symbol(value, size) if given and isinstance(value, int) else ".")
            region = cell.get("region", sudoku.box_of(r, c, n))
            if region is not None and (isinstance(region, bool) or not isinstance(region, int)
                                       or not 0 <= region < size):
                raise LinkError(say("link.bad_region", cell=f"r{r + 1}c{c + 1}", size=size))
            regions.append(region)
    regions_text = None
    if None in regions:      # no boxes here: solving with them would add a rule the puzzle does not have
        raise LinkError(say("link.note.no_region", count=regions.count(None)))
    if regions != [sudoku.box_of(i // size, i % size, n) for i in range(size * size)]:
        regions_text = "".join(sudoku.symbol(int(g or 0) + 1, size) for g in regions)
    names = [name for key, name in (("antiknight", "anti-knight"), ("antiking", "anti-king")) if data.get(key)]
    negative = [{"ratio": "kropki-black", "xv": "xv"}[k] for k in ("ratio", "xv")
                if k in (data.get("negative") or [])]
    if data.get("diagonal+") and data.get("diagonal-"):
        names.insert(0, "x")
    else:
        for key, direction in (("diagonal+", "+"), ("diagonal-", "-")):
            if data.get(key):
                reading.add(key, {"kind": "diagonal", "direction": direction,
                                  "cells": [[c // size, c % size] for c in diagonal_cells(direction, size)]})
    if data.get("nonconsecutive"):
        if data.get("difference"):
            negative.insert(0, "kropki-white")      # f-puzzles: the white dots are the exceptions
        else:
            names.append("non-consecutive")
    read_lists(reading, data, unsolved, notes)
    for key in data:
        if key in QUIET or key in HANDLED:
            continue
        if key in NOT_SOLVED and data[key]:
            unsolved.append(say("link.note.not_solved", count=count_of(data[key]), what=NOT_SOLVED[key]))
        elif key in COSMETIC and data[key]:
            notes.append(say("link.note.cosmetic", count=count_of(data[key]), what=COSMETIC[key]))
        elif data[key] and key not in NOT_SOLVED and key not in COSMETIC:
            unsolved.append(say("link.note.unknown", name=key))
    if regions_text is not None:
        names.append("jigsaw")
    constraints: list[Constraint] = []
    for raw in reading.constraints:
        where = raw.pop("_where")
        try:
            constraints.append(read_one(raw, len(constraints), size))
        except ConstraintError as error:
            raise LinkError(say("link.bad_constraint", where=where, error=error.message.split(": ", 1)[-1])) from None
    text = lambda key: data[key].strip() if isinstance(data.get(key), str) and data[key].strip() else None  # noqa: E731
    return Imported("".join(givens), names, regions_text, constraints, negative, text("title"), text("author"),
                    text("ruleset"), unsolved, unsolved + notes)


def count_of(value) -> int:
    return len(value) if isinstance(value, list) else 1


HANDLED = {"killercage", "thermometer", "arrow", "difference", "ratio", "xv", "whispers", "palindrome", "renban",
           "even", "odd", "extraregion", "quadruple", "sandwichsum", "littlekillersum", "diagonal+", "diagonal-",
           "antiknight", "antiking", "nonconsecutive", "negative"}


def read_lists(reading: Reading, data: dict, unsolved: list[str], notes: list[str]) -> None:
    """Every constraint list f-puzzles has and this solver keeps, into reading.constraints."""
    size = reading.size
    for where, e in reading.entries(data, "killercage"):
        reading.add(where, {"kind": "killer", "cells": reading.cells(where, e.get("cells")),
                            "sum": reading.number(where, e.get("value"))})
    for where, e in reading.entries(data, "thermometer"):
        for line in reading.lines(where, e):
            reading.add(where, {"kind": "thermo", "cells": line})
    for where, e in reading.entries(data, "arrow"):
        circle = reading.cells(where, e.get("cells"))
        for line in reading.lines(where, e):
            shaft = [c for c in line if c not in circle]
            if shaft:
                reading.add(where, {"kind": "arrow", "circle": circle, "cells": shaft})
    for key, kind, standard in (("difference", "kropki-white", 1), ("ratio", "kropki-black", 2)):
        for where, e in reading.entries(data, key):
            value = reading.number(where, e.get("value"))
            if value not in (None, standard):
                unsolved.append(say("link.note.dot_value", where=where, value=value))
                continue
            reading.add(where, {"kind": kind, "cells": reading.cells(where, e.get("cells"))})
    for where, e in reading.entries(data, "xv"):
        reading.add(where, {"kind": "xv", "cells": reading.cells(where, e.get("cells")),
                            "value": e.get("value") if isinstance(e.get("value"), str) else None})
    for key in ("whispers", "palindrome", "renban"):
        for where, e in reading.entries(data, key):
            value = reading.number(where, e.get("value")) if key == "whispers" else None
            if value not in (None, (size + 1) // 2):
                unsolved.append(say("link.note.whispers_value", where=where, value=value))
                continue
            for line in reading.lines(where, e):
                reading.add(where, {"kind": key, "cells": line})
    for key in ("even", "odd"):
        for where, e in reading.entries(data, key):
            reading.add(where, {"kind": key, "cells": [reading.cell(where, e.get("cell"))]})
    for where, e in reading.entries(data, "extraregion"):
        reading.add(where, {"kind": "extra-region", "cells": reading.cells(where, e.get("cells"))})
    for where, e in reading.entries(data, "quadruple"):
        values = e.get("values")
        if not isinstance(values, list):
            raise LinkError(say("link.bad_value", where=where, value=repr(values)[:30]))
        reading.add(where, {"kind": "quadruple", "cells": reading.cells(where, e.get("cells")),
                            "digits": [reading.number(where, v) for v in values]})
    read_outside(reading, data, notes)


def read_outside(reading: Reading, data: dict, notes: list[str]) -> None:
    """The clues outside the grid: sandwich sums and little killers."""
    size = reading.size
    for where, e in reading.entries(data, "sandwichsum"):
        found = CELL.fullmatch(e.get("cell", "")) if isinstance(e.get("cell"), str) else None
        value = reading.number(where, e.get("value"))
        if not found:
            raise LinkError(say("link.bad_cell", where=where, cell=repr(e.get("cell"))[:30]))
        r, c = int(found.group(1)), int(found.group(2))
        if value is None:
            notes.append(say("link.note.no_value", where=where))
            continue
        if r == 0 and 1 <= c <= size:
            reading.add(where, {"kind": "sandwich", "side": "column", "index": c - 1, "sum": value})
        elif c == 0 and 1 <= r <= size:
            reading.add(where, {"kind": "sandwich", "side": "row", "index": r - 1, "sum": value})
        else:
            raise LinkError(say("link.off_grid", where=where, cell=e.get("cell"), size=size))
    for where, e in reading.entries(data, "littlekillersum"):
        found = CELL.fullmatch(e.get("cell", "")) if isinstance(e.get("cell"), str) else None
        value = reading.number(where, e.get("value"))
        if not found:
            raise LinkError(say("link.bad_cell", where=where, cell=repr(e.get("cell"))[:30]))
        if value is None:
            notes.append(say("link.note.no_value", where=where))
            continue
        clue = [int(found.group(1)) - 1, int(found.group(2)) - 1]
        step = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}.get(str(e.get("direction")))
        if step is None:
            raise LinkError(say("link.bad_value", where=where, value=repr(e.get("direction"))[:30]))
        cells = []
        r, c = clue[0] + step[0], clue[1] + step[1]
        while 0 <= r < size and 0 <= c < size:
            cells.append([r, c])
            r, c = r + step[0], c + step[1]
        if not cells:
            raise LinkError(say("link.off_grid", where=where, cell=e.get("cell"), size=size))
        reading.add(where, {"kind": "little-killer", "clue": clue, "cells": cells, "sum": value})


# -- writing -------------------------------------------------------------------------------------

def rc(cell: int, size: int) -> str:
    return f"R{cell // size + 1}C{cell % size + 1}"


def to_fpuzzles(grid: sudoku.Grid, setup: Setup, title: str | None = None) -> dict:
    """The f-puzzles JSON object of a puzzle."""
    size = grid.size
    rules: Rules = setup.rules
    rows = []
    for r in range(size):
        row = []
        for c in range(size):
            cell: dict = {}
            d = grid.cells[r * size + c]
            if d:
                cell = {"value": d, "given": True}
            if rules.regions is not None:
                cell["region"] = rules.regions[r * size + c]
            row.append(cell)
        rows.append(row)
    data: dict = {"size": size, "title": title or "", "author": "", "ruleset": "", "grid": rows}
    if "x" in rules.names:
        data["diagonal+"] = data["diagonal-"] = True
    if "anti-knight" in rules.names:
        data["antiknight"] = True
    if "anti-king" in rules.names:
        data["antiking"] = True
    if "non-consecutive" in rules.names or "kropki-white" in setup.negative:
        data["nonconsecutive"] = True
    negative = [k for k, name in (("ratio", "kropki-black"), ("xv", "xv")) if name in setup.negative]
    if negative:
        data["negative"] = negative
    if "windoku" in rules.names:
        for top, left in window_corners(grid.n):
            data.setdefault("extraregion", []).append(
                {"cells": [rc((top + i) * size + left + j, size) for i in range(3) for j in range(3)]})
    for constraint in setup.constraints:
        write_one(data, constraint, size)
    return data


def write_one(data: dict, c: Constraint, size: int) -> None:
    """One constraint into its f-puzzles list."""
    cells = [rc(x, size) for x in c.cells]

    def put(key: str, entry: dict) -> None:
        data.setdefault(key, []).append(entry)

    if c.kind == "killer":
        put("killercage", {"cells": cells, **({"value": str(c.sum)} if c.sum is not None else {})})
    elif c.kind == "thermo":
        put("thermometer", {"lines": [cells]})
    elif c.kind == "arrow":
        put("arrow", {"cells": [rc(x, size) for x in c.circle], "lines": [[rc(c.circle[0], size), *cells]]})
    elif c.kind in ("kropki-white", "kropki-black"):
        put("difference" if c.kind == "kropki-white" else "ratio", {"cells": cells})
    elif c.kind == "xv":
        put("xv", {"cells": cells, "value": c.value})
    elif c.kind in ("whispers", "palindrome", "renban"):
        put(c.kind, {"lines": [cells]})
    elif c.kind in ("even", "odd"):
        put(c.kind, {"cell": cells[0]})
    elif c.kind == "extra-region":
        put("extraregion", {"cells": cells})
    elif c.kind == "diagonal":
        data["diagonal" + (c.direction or "+")] = True
    elif c.kind == "quadruple":
        put("quadruple", {"cells": cells, "values": list(c.digits)})
    elif c.kind == "sandwich":
        spot = f"R{(c.index or 0) + 1}C0" if c.side == "row" else f"R0C{(c.index or 0) + 1}"
        put("sandwichsum", {"cell": spot, "value": str(c.sum)})
    elif c.kind == "little-killer":
        clue = c.clue or (0, 0)
        first = c.cells[0]
        step = (first // size - clue[0], first % size - clue[1])
        direction = {(-1, -1): "UL", (-1, 1): "UR", (1, -1): "DL", (1, 1): "DR"}[step]
        put("littlekillersum", {"cell": f"R{clue[0] + 1}C{clue[1] + 1}", "cells": cells, "direction": direction,
                                "value": str(c.sum)})


def links_for(grid: sudoku.Grid, setup: Setup, title: str | None = None) -> dict:
    """The f-puzzles and SudokuPad links of a puzzle."""
    value = quote(encode(to_fpuzzles(grid, setup, title)), safe="")
    return {"fpuzzles": FPUZZLES + value, "sudokupad": SUDOKUPAD + value}
