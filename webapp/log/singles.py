"""Forced moves by name: every choose whose item has one option left, as a Sudoku solver says it.

A choose with d = 1 is a forced move. People who solve Sudoku by hand name it by
the item that has one option: a cell with one digit left is a *naked single*, a
row, column or box with one place left for a digit a *hidden single* in that
unit (a variant's own units, a diagonal, a window or a jigsaw region, the same
way). Any other exact cover problem names the item's family ("single-row" for
a queens row). docs/step-log.md ("Facts", `singles`) defines the names; the log
carries them so the page says them without re-deriving anything.

Glossary
    family    what kind of item: "cell", "row", "column", "box", "region",
              "diagonal", "window" for a Sudoku (read off the item's name,
              docs/step-log.md "Sudoku numbering"); for another problem the
              builtin's phrases["family"] per item, else "item".
    technique "naked-single", "hidden-single-<family>" (Sudoku) or
              "single-<family>" (any other problem).
"""

from __future__ import annotations

import re
import weakref
from array import array
from collections.abc import Sequence

from ..analysis import facts as an
from ..engine import exact_cover as ec
from ..models import variants
from ..models.sudoku import cell_name, symbol
from ..words.messages import say

# A Sudoku house's family from its item name's prefix ("r4#7": row), the inverse of variants.HOUSE_PREFIX.
HOUSE_OF_PREFIX = {prefix: family for family, prefix in variants.HOUSE_PREFIX.items()}
NAKED = "naked-single"
HIDDEN = "hidden-single-"
COVER = "single-"


CELL_NAME = re.compile(r"r\d+c\d+$")
HOUSE_NAME = re.compile(r"([a-z])\d+#")
CONSTRAINT_PREFIX = re.compile(r"[a-z]+")


def sudoku_family(name: str) -> str | None:
    """The family of a Sudoku item by its name: "r4c5" a cell, "r4#7" a row, "j3#7" a region, …;
    None for any other (a constraint's item, "cage1#5", or a variant's pair)."""
    if CELL_NAME.match(name):
        return "cell"
    house = HOUSE_NAME.match(name)
    return HOUSE_OF_PREFIX.get(house.group(1)) if house else None


def technique(about: dict, items: Sequence[str], families: Sequence[str] | None, item: int) -> str:
    """The name of the forced move on `item` (a choose with one option left)."""
    if about.get("kind") == "sudoku":
        family = sudoku_family(items[item])
        if family is not None:
            return NAKED if family == "cell" else HIDDEN + family
        # A constraint's item (docs/step-log.md, "Constraints"): its name's prefix is its family.
        prefix = CONSTRAINT_PREFIX.match(items[item])
        return COVER + (prefix.group(0) if prefix else "item")
    return COVER + (families[item] if families else "item")


# A Sudoku problem's forced-move name per item, found once while the problem lives (reading
# an item's name costs two regular expressions; an answer names a few hundred items).
_named: dict[int, dict[int, str]] = {}


def named(problem: ec.Problem, about: dict, families: Sequence[str] | None, item: int) -> str:
    """technique() of item; a Sudoku's (read off the item's name alone) remembered per problem."""
    if about.get("kind") != "sudoku":
        return technique(about, problem.items, families, item)
    names = _named.get(id(problem))
    if names is None:
        names = _named[id(problem)] = {}
        weakref.finalize(problem, _named.pop, id(problem), None)
    name = names.get(item)
    if name is None:
        name = names[item] = technique(about, problem.items, families, item)
    return name


def singles(about: dict, problem: ec.Problem, families: Sequence[str] | None,
            events: Sequence[int], sizes: Sequence[int], native: bool = False) -> dict:
    """The log's facts.singles: {"names": the techniques used, in order of first use, "technique":
    for each choose with d = 1 (a forced move), in log order, the index of its name in names}.
    A forced move is found by its sizes entry, so the facts need not repeat its step (a name's
    index is a digit or two: the facts stay small beside the events). native: "technique" as
    native 64-bit integers (steplog.build's native), not a list."""
    forced = an.forced_items(events, sizes)
    # Each item is named once, in order of its first forced move: so are the names.
    items, _ = an.first_uses(forced)
    names: list[str] = []
    number: dict[str, int] = {}
    table = array("q", bytes(8 * (max(items) + 1 if items else 0)))
    for item in items:
        name = named(problem, about, families, item)
        if name not in number:
            number[name] = len(names)
            names.append(name)
        table[item] = number[name]
    _, technique_of = an.first_uses(forced, table)
    if not native and isinstance(technique_of, array):
        technique_of = technique_of.tolist()
    return {"names": names, "technique": technique_of}


def single_at(log: dict, choose: int) -> str | None:
    """The name of the forced move made by the choose numbered `choose` (from 0), or None."""
    sizes = log["sizes"]
    if sizes[choose] != 1:
        return None
    forced = log["facts"]["singles"]
    return forced["names"][forced["technique"][sum(1 for d in sizes[:choose] if d == 1)]]


def single_line(log: dict, item: int, option: int, name: str) -> str:
    """The Why panel's line for a forced move: "Forced: hidden single in row 4, the 7 has one place left (r4c5)."

    option: the item's one option. static/js/model/explain.js's singleLine says the same.
    """
    if name == NAKED:
        size = log["problem"]["size"]
        return say("single.naked", cell=log["items"][item], digit=symbol(option % size + 1, size))
    if name.startswith(HIDDEN):
        size = log["problem"]["size"]
        unit, digit = log["items"][item].split("#")
        number = unit.lstrip("abcdefghijklmnopqrstuvwxyz")
        return say("single.hidden", unit=say(f"single.unit.{name[len(HIDDEN):]}", number=number),
                   digit=digit, cell=cell_name(option // size, size))
    return say("single.cover", need=log["phrases"]["need"][item], option=log["labels"][option])
