"""Constraints as exact cover: each constraint adds items and options to the variant's problem.

The first N³ options stay digit d in cell c (id c*N + d - 1), as in webapp/models/sudoku.py; a
constraint's own options follow them. Primary items of the constraints follow the houses' items,
secondary ones follow the variants' pairs. Every item says what it needs in the constraint's words.

Encodings, chosen to keep the search small (bench/constraints.py measures them):
    set      a killer cage or a renban line: one option per set of digits that can fill it (not per
             permutation), covering the cage's item and, for each digit NOT in the set, the item
             "cage#d"; each cell's option for d covers "cage#d" too. So each digit of the set goes
             in exactly one cell of the cage, a digit outside it in none.
    pair     a relation between two cells (a dot, an X or V, neighbours on a whispers line, the two
             ends of a palindrome, two cells of a thermometer, a negative constraint): a secondary
             item per digit y of the second cell, covered by its option for y and by every option of
             the first cell that does not go with y. No option and no choice of its own.
    allowed  digits a cell may still hold: one primary item covered only by the cell's allowed options.
             They are what its own limits (even, odd, its place on a thermometer) and the givens leave,
             narrowed by every rule to a fixpoint and by trying each digit (constraint_ways), so the
             search starts where a solver's first sweep of logic ends; the item names what narrowed it.
    house    an extra region or a one-diagonal: an item per digit, primary with N cells (each digit
             once), else secondary (at most once).
    chain    a sum along cells (an arrow's shaft, a little killer): one step item per cell, one option
             per (sum so far, digit), the sums so far as coloured secondary items (Knuth's colours):
             two steps agree when they give the sum between them the same colour.
    witness  a quadruple or a sandwich: one option per way it can hold (the first cells holding a
             quadruple's digit, or where a sandwich's 1 and N stand and which digits lie between);
             it rules out the digits that would break that way through secondary items "c#x" that the
             cell's option for x covers. Each filled grid has exactly one witness, so a solution is
             found once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from math import comb

from ..engine import exact_cover as ec
from ..words.messages import join_and, say
from . import build_clock, constraint_ways, narrow_sums, sudoku, variants
from .constraints import Constraint, ConstraintError, Setup, kind_words
from .sudoku import Grid, cell_name, symbol, with_article

# A thermometer or an arrow gets one option per way to fill it when it has at most this many ways
# (a thermometer of 4 cells on a 9×9 has 126, an arrow of 3 shaft cells 84); past it, only its
# relations and sums so far.
MOST_TUPLES = 3000
MOST_TRIES = 20_000     # partial fillings tried to find an arrow's ways (a long shaft has many)
# A constraint may add at most this many options (a 16×16 cage of 8 cells without a sum has 12,870 sets),
# and all of them together at most MOST_ENTRIES items in their options. The request's deadline
# (build_clock) bounds the time of the work, these its size.
MOST_OPTIONS = 20_000
MOST_ENTRIES = 250_000
# The most revisions of a rule the narrowing before the search may make (constraint_ways.Narrowing).
MOST_NARROWING = 200_000
SETUPS_CACHED = 32


@dataclass
class Item:
    name: str
    need: str
    empty: str
    held: str


@dataclass
class Builder:
    """Collects the constraints' items and options; build() makes the Problem."""

    size: int
    primary: list[Item] = field(default_factory=list)
    secondary: list[Item] = field(default_factory=list)
    cell_items: dict[int, list[tuple[tuple[str, int], int]]] = field(default_factory=dict)   # cell option → items
    options: list[tuple[str, list[tuple[tuple[str, int], int]]]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    entries: int = 0        # items in the constraints' own options so far
    colour_names: list[str] = field(default_factory=list)     # colour k is colour_names[k - 1]
    # (a, c, allowed(x, y), words) of every two-cell relation, for the digits each cell may hold at all
    relations: list[tuple[int, int, Callable[[int, int], bool], str]] = field(default_factory=list)

    house_of: dict[int, set[int]] = field(default_factory=dict)     # cell → the houses it is in
    # add_tuples' calls, made once every cell's digits are known (so a way rules out only those)
    pending: list[tuple] = field(default_factory=list)
    domain: dict[int, set[int]] = field(default_factory=dict)       # cell → the digits it may hold at all
    # what narrows the cells' digits before the search (constraint_ways), besides the relations
    rules: list[constraint_ways.Rule] = field(default_factory=list)
    houses_end: int = 0     # rules[:houses_end] are the variants' houses

    def houses(self, cell: int) -> set[int]:
        """The houses a cell is in (numbers)."""
        return self.house_of.get(cell, set())

    def apart(self, a: int, c: int) -> bool:
        """Whether two cells share a house (so they hold different digits)."""
        return bool(self.house_of.get(a, set()) & self.house_of.get(c, set()))

    def colour(self, name: str) -> int:
        """The colour of this name (a sum so far, a digit, "ruled out"), from 1."""
        if name not in self.colour_names:
            self.colour_names.append(name)
        return self.colour_names.index(name) + 1

    def item(self, primary: bool, name: str, need: str, empty: str, held: str) -> tuple[str, int]:
        while name in self.names:     # two constraints on the same cells: names stay apart
            name += "'"
        self.names.add(name)
        table = self.primary if primary else self.secondary
        table.append(Item(name, need, empty, held))
        return ("p" if primary else "s", len(table) - 1)

    def cell_covers(self, cell: int, digit: int, key: tuple[str, int]) -> None:
        """The option of digit in cell covers the item too (never with a colour: it may be a given)."""
        self.cell_items.setdefault(cell * self.size + digit - 1, []).append((key, 0))

    def option(self, label: str, items: list[tuple[tuple[str, int], int]]) -> None:
        build_clock.tick()
        self.options.append((label, items))
        self.entries += len(items)
        if self.entries > MOST_ENTRIES:
            raise ConstraintError(say("constraint.too_large", most=MOST_ENTRIES), None)


def digits_words(digits, size: int) -> str:
    """'1, 4 and 9'."""
    return join_and([symbol(d, size) for d in digits])


def allowed_words(digits: list[int], size: int) -> str:
    """A set of digits as a solver says it: 'a 4 or a 6', 'a digit from 2 to 7', 'no digit'."""
    if not digits:
        return say("constraint.allowed.none")
    if len(digits) > 2 and digits == list(range(digits[0], digits[-1] + 1)):
        return say("constraint.allowed.range", low=symbol(digits[0], size), high=symbol(digits[-1], size))
    return " or ".join(with_article(symbol(d, size)) for d in digits) if len(digits) <= 2 else \
        say("constraint.allowed.among", digits=digits_words(digits, size))


# -- encodings --------------------------------------------------------------------------------

def add_set(b: Builder, words: str, stem: str, cells: tuple[int, ...], sets: list[tuple[int, ...]],
            target: str) -> None:
    """A cage or a renban line: an option per set of digits (see the module's glossary)."""
    size = b.size
    if not sets:
        raise ConstraintError(say("constraint.no_sets", name=words, count=len(cells)), None, cells)
    if len(sets) > MOST_OPTIONS:
        raise ConstraintError(say("constraint.too_many", name=words, count=len(sets), most=MOST_OPTIONS), None,
                              cells)
    whole = b.item(True, stem, say("constraint.set.need", name=words),
                   say("constraint.set.empty", name=words, target=target),
                   say("constraint.set.held", name=words))
    per_digit = {}
    for d in range(1, size + 1):
        digit = with_article(symbol(d, size))
        per_digit[d] = b.item(True, f"{stem}#{symbol(d, size)}", say("constraint.digit.need", name=words, digit=digit),
                              say("constraint.digit.empty", name=words, digit=digit),
                              say("constraint.digit.held", name=words, digit=digit))
        for cell in cells:
            b.cell_covers(cell, d, per_digit[d])
    b.rules.append(constraint_ways.sets_rule(cells, sets, words))
    for chosen in sets:
        b.option(say("constraint.set.label", name=words, digits=digits_words(chosen, size)),
                 [(whole, 0)] + [(per_digit[d], 0) for d in range(1, size + 1) if d not in chosen])


def add_pair(b: Builder, words: str, stem: str, a: int, c: int, allowed) -> None:
    """A relation between cells a and c: allowed(x, y) for x in a, y in c (see the module's glossary)."""
    size = b.size
    digits = range(1, size + 1)
    build_clock.tick()
    if a == c:          # a line that passes a cell twice: the cell agrees with itself
        return
    b.relations.append((a, c, allowed, words))
    for y in digits:
        bad = [x for x in digits if not allowed(x, y)]
        if not bad:
            continue
        fits = [x for x in digits if allowed(x, y)]
        text = say("constraint.pair.held", name=words, digit=with_article(symbol(y, size)),
                   cell=cell_name(c, size), allowed=allowed_words(fits, size), other=cell_name(a, size))
        key = b.item(False, f"{stem}.{cell_name(a, size)}.{cell_name(c, size)}#{symbol(y, size)}", text, text, text)
        b.cell_covers(c, y, key)
        for x in bad:
            b.cell_covers(a, x, key)


def add_house(b: Builder, words: str, stem: str, cells: tuple[int, ...]) -> None:
    """An extra region or one diagonal: each digit at most once (exactly once with N cells)."""
    size = b.size
    whole = len(cells) == size
    b.rules.append(constraint_ways.house_rule(cells, whole, words))
    for d in range(1, size + 1):
        digit = with_article(symbol(d, size))
        if whole:
            key = b.item(True, f"{stem}#{symbol(d, size)}", say("constraint.house.need", name=words, digit=digit),
                         say("constraint.house.empty", name=words, digit=digit),
                         say("constraint.house.held", name=words, digit=digit))
        else:
            text = say("constraint.house.held", name=words, digit=digit)
            key = b.item(False, f"{stem}#{symbol(d, size)}", text, text, text)
        for cell in cells:
            b.cell_covers(cell, d, key)


def add_chain(b: Builder, words: str, stem: str, cells: tuple[int, ...], totals: set[int],
              end_key: tuple[str, int] | None = None, circle: int | None = None) -> None:
    """A sum along cells that must end at one of totals; with end_key, the final sum's colour item
    (which a two-cell circle's option colours too); with circle, the cell that holds the final sum
    (the last steps rule out its other digits)."""
    size, m = b.size, len(cells)
    # reach[i]: the sums possible after i cells that can still end in totals.
    ahead: list[set[int]] = [set() for _ in range(m + 1)]
    ahead[m] = set(totals)
    for i in range(m - 1, -1, -1):
        ahead[i] = {s - x for s in ahead[i + 1] for x in range(1, size + 1) if s - x >= 0}
    reach: list[set[int]] = [{0}] + [set() for _ in range(m)]
    for i in range(m):
        reach[i + 1] = {s + x for s in reach[i] for x in range(1, size + 1)} & ahead[i + 1]
    if not reach[m]:
        raise ConstraintError(say("constraint.chain.none", name=words, count=m), None, cells)
    sums: list[tuple[str, int] | None] = [None]
    for i in range(1, m):
        sums.append(b.item(False, f"{stem}.s{i}", *[say("constraint.chain.sum", name=words, count=i)] * 3))
    sums.append(end_key)
    in_circle = exclusions(b, words, f"{stem}.o", [circle]) if circle is not None else {}
    count = 0
    for i, cell in enumerate(cells):
        place = cell_name(cell, size)
        step = b.item(True, f"{stem}.{place}", say("constraint.chain.need", name=words, cell=place),
                      say("constraint.chain.empty", name=words, cell=place),
                      say("constraint.chain.held", name=words, cell=place))
        rule_out = exclusions(b, words, f"{stem}.{i + 1}", [cell])
        for before in sorted(reach[i]):
            for x in range(1, size + 1):
                after = before + x
                if after not in reach[i + 1]:
                    continue
                items = [(step, 0)] + [(rule_out[cell, y], 0) for y in range(1, size + 1) if y != x]
                if circle is not None and i == m - 1:
                    items += [(in_circle[circle, y], 0) for y in range(1, size + 1) if y != after]
                before_key = sums[i]
                if before_key is not None:
                    items.append((before_key, b.colour(str(before))))
                after_key = sums[i + 1]
                if after_key is not None:
                    items.append((after_key, b.colour(str(after))))
                b.option(say("constraint.chain.label", name=words, digit=symbol(x, size), cell=place, total=after),
                         items)
                count += 1
    if count > MOST_OPTIONS:
        raise ConstraintError(say("constraint.too_many", name=words, count=count, most=MOST_OPTIONS), None, cells)


def exclusions(b: Builder, words: str, stem: str, cells,
               digits: dict[int, set[int]] | None = None) -> dict[tuple[int, int], tuple[str, int]]:
    """Secondary items 'cell#x' to rule out x in a cell, each covered by the cell's option for x without
    a colour (a given may be such an option, and a given takes no colour); a witness that may share
    the item with another gives it the colour "ruled out", so both may rule out the same digit."""
    size = b.size
    found = {}
    for cell in cells:
        for x in sorted(digits[cell]) if digits is not None else range(1, size + 1):
            text = say("constraint.witness.held", name=words, digit=with_article(symbol(x, size)),
                       cell=cell_name(cell, size))
            found[cell, x] = b.item(False, f"{stem}.{cell_name(cell, size)}#{symbol(x, size)}", text, text, text)
            b.cell_covers(cell, x, found[cell, x])
    return found


def add_tuples(b: Builder, words: str, stem: str, cells: tuple[int, ...], tuples, empty: str, label: str) -> None:
    """A constraint as one option per way to fill its cells (made by emit_tuples once every cell's
    digits are known): MRV then sees how many ways are left, and a way left alone is forced."""
    b.pending.append((words, stem, cells, tuples, empty, label))
    b.rules.append(constraint_ways.ways_rule(cells, tuples, words))


def emit_tuples(b: Builder) -> None:
    """The options of add_tuples: each way a cell's digits allow rules out that cell's other allowed
    digits (those it may not hold at all its allowed item rules out already)."""
    size = b.size
    every = set(range(1, size + 1))
    for words, stem, cells, tuples, empty, label in b.pending:
        key = b.item(True, stem, say("constraint.tuple.need", name=words), empty,
                     say("constraint.tuple.held", name=words))
        places = sorted(set(cells))
        rule_out = exclusions(b, words, stem, places, {cell: b.domain.get(cell, every) for cell in places})
        for digits in tuples:
            chosen = dict(zip(cells, digits))
            if any(d not in b.domain.get(cell, every) for cell, d in chosen.items()):
                continue
            items = [(key, 0)] + [(rule_out[cell, y], 0) for cell, d in chosen.items()
                                  for y in sorted(b.domain.get(cell, every)) if y != d]
            b.option(say(label, name=words, digits=", ".join(symbol(d, size) for d in digits)), items)


def add_quadruple(b: Builder, words: str, stem: str, c: Constraint) -> None:
    """Each listed digit in the cells (as often as listed): a witness per first cells holding it."""
    size = b.size
    rule_out = exclusions(b, words, stem, c.cells)
    out = b.colour(say("constraint.colour.ruled_out"))
    b.rules.append(constraint_ways.count_rule(c.cells, c.digits, size, words))
    for d in sorted(set(c.digits)):
        times = c.digits.count(d)
        digit = with_article(symbol(d, size))
        key = b.item(True, f"{stem}#{symbol(d, size)}", say("constraint.quad.need", name=words, digit=digit),
                     say("constraint.quad.empty", name=words, digit=digit),
                     say("constraint.quad.held", name=words, digit=digit))
        for chosen in combinations(range(len(c.cells)), times):
            items = [(key, 0)]
            for k in chosen:
                items += [(rule_out[c.cells[k], x], out) for x in range(1, size + 1) if x != d]
            items += [(rule_out[c.cells[k], d], out) for k in range(chosen[-1]) if k not in chosen]
            b.option(say("constraint.quad.label", name=words, digit=digit,
                         cells=join_and([cell_name(c.cells[k], size) for k in chosen])), items)


def add_sandwich(b: Builder, words: str, stem: str, c: Constraint) -> None:
    """Where the 1 and the N stand and the set of digits between them: a witness per way."""
    size = b.size
    line = c.cells
    middle = range(2, size)
    ways = []
    for p, q in product(range(size), repeat=2):
        if p == q:
            continue
        low, high = min(p, q), max(p, q)
        between = high - low - 1
        for chosen in build_clock.ticking(combinations(middle, between)):   # 25×25: millions
            if sum(chosen) == c.sum:
                ways.append((p, q, chosen))
    if not ways:
        raise ConstraintError(say("constraint.no_sets", name=words, count=size), None, line)
    b.rules.append(constraint_ways.sandwich_rule(line, ways, size, words))
    rule_out = exclusions(b, words, stem, line)
    out = b.colour(say("constraint.colour.ruled_out"))
    key = b.item(True, stem, say("constraint.sandwich.need", name=words),
                 say("constraint.sandwich.empty", name=words, total=c.sum or 0),
                 say("constraint.sandwich.held", name=words))
    for p, q, chosen in ways:
        items = [(key, 0)]
        items += [(rule_out[line[p], x], out) for x in range(2, size + 1)]
        items += [(rule_out[line[q], x], out) for x in range(1, size)]
        for k in range(min(p, q) + 1, max(p, q)):
            items += [(rule_out[line[k], x], out) for x in middle if x not in chosen]
        b.option(say("constraint.sandwich.label", name=words, one=cell_name(line[p], size),
                     top=symbol(size, size), high=cell_name(line[q], size),
                     digits=digits_words(chosen, size) if chosen else say("constraint.allowed.none")), items)


# -- relations --------------------------------------------------------------------------------

def whisper_gap(size: int) -> int:
    """How far apart neighbours on a German whispers line are: 5 on a 9×9, ⌈N/2⌉ in general."""
    return (size + 1) // 2


def relation(kind: str, c: Constraint, size: int):
    """allowed(x, y) of a two-cell constraint kind."""
    if kind == "kropki-white":
        return lambda x, y: abs(x - y) == 1
    if kind == "kropki-black":
        return lambda x, y: x == 2 * y or y == 2 * x
    if kind == "xv":
        total = 10 if c.value == "X" else 5
        return lambda x, y: x + y == total
    if kind == "whispers":
        gap = whisper_gap(size)
        return lambda x, y: abs(x - y) >= gap
    if kind == "palindrome":
        return lambda x, y: x == y
    raise ValueError(kind)


VARIANT_PAIRS = {"anti-knight": lambda x, y: x != y, "anti-king": lambda x, y: x != y,
                 "non-consecutive": lambda x, y: abs(x - y) != 1}

NOT_MARKED = {"kropki-white": lambda x, y: abs(x - y) != 1,
              "kropki-black": lambda x, y: x != 2 * y and y != 2 * x,
              "xv": lambda x, y: x + y not in (5, 10)}


def add_constraint(b: Builder, c: Constraint, index: int, allowed: dict[int, list[tuple[set[int], str]]]) -> None:
    """One constraint's items and options (allowed: each cell's digit limits, collected for all)."""
    size = b.size
    words = kind_words(c, size)
    stem = f"{STEMS[c.kind]}{index + 1}"
    if c.kind == "killer":
        sets = [s for s in build_clock.ticking(combinations(range(1, size + 1), len(c.cells)))
                if c.sum is None or sum(s) == c.sum]
        add_set(b, words, stem, c.cells, sets, str(c.sum) if c.sum is not None else say("constraint.no_repeat"))
    elif c.kind == "renban":
        k = len(c.cells)
        add_set(b, words, stem, c.cells, [tuple(range(a, a + k)) for a in range(1, size - k + 2)],
                say("constraint.run"))
    elif c.kind in ("kropki-white", "kropki-black", "xv"):
        add_pair(b, words, stem, c.cells[0], c.cells[1], relation(c.kind, c, size))
    elif c.kind == "whispers":
        for a, d in zip(c.cells, c.cells[1:]):
            add_pair(b, words, stem, a, d, relation(c.kind, c, size))
    elif c.kind == "palindrome":
        for k in range(len(c.cells) // 2):
            add_pair(b, words, stem, c.cells[k], c.cells[-1 - k], relation(c.kind, c, size))
    elif c.kind == "thermo":
        m = len(c.cells)
        if m > size:
            raise ConstraintError(say("constraint.thermo_long", name=words, count=m, size=size), None, c.cells)
        for i, j in combinations(range(m), 2):
            add_pair(b, words, stem, c.cells[i], c.cells[j], lambda x, y, gap=j - i: y - x >= gap)
        for i, cell in enumerate(c.cells):
            allowed.setdefault(cell, []).append((set(range(i + 1, size - m + i + 2)), words))
        if comb(size, m) <= MOST_TUPLES:
            add_tuples(b, words, stem + "t", c.cells, list(combinations(range(1, size + 1), m)),
                       say("constraint.thermo.empty", name=words), "constraint.thermo.label")
    elif c.kind in ("even", "odd"):
        allowed.setdefault(c.cells[0], []).append(({d for d in range(1, size + 1) if d % 2 == (c.kind == "odd")},
                                                   say(f"constraint.parity.{c.kind}")))
    elif c.kind in ("extra-region", "diagonal"):
        add_house(b, words, stem, c.cells)
    elif c.kind == "arrow":
        add_arrow(b, words, stem, c)
    elif c.kind == "little-killer":
        add_chain(b, words, stem, c.cells, {c.sum or 0})
        b.rules.append(constraint_ways.sum_rule(c.cells, {c.sum or 0}, size, words, b.apart))
        b.rules.append(narrow_sums.sum_bounds_rule(c.cells, size, words, b.houses, totals={c.sum or 0}))
    elif c.kind == "quadruple":
        add_quadruple(b, words, stem, c)
    elif c.kind == "sandwich":
        add_sandwich(b, words, stem, c)


def add_arrow(b: Builder, words: str, stem: str, c: Constraint) -> None:
    """An option per way to fill the arrow when there are few enough (arrow_ways); else the shaft's sum
    as a chain whose end the circle holds: a one-cell circle its own digit, a two-cell circle an option
    per pair of digits (read as one number, in reading order)."""
    size = b.size
    ways = arrow_ways(c, size, b.apart)
    if ways is not None:
        if not ways:
            raise ConstraintError(say("constraint.chain.none", name=words, count=len(c.cells)), None, c.cells)
        add_tuples(b, words, stem, (*c.circle, *c.cells), ways, say("constraint.arrow.empty", name=words),
                   "constraint.arrow.tuple")
        return
    b.rules.append(narrow_sums.sum_bounds_rule(c.cells, size, words, b.houses, circle=reading_order(c.circle)))
    if len(c.circle) == 1:
        add_chain(b, words, stem, c.cells, set(range(1, size + 1)), circle=c.circle[0])
        return
    end = b.item(False, f"{stem}.sum", *[say("constraint.arrow.total", name=words)] * 3)
    key = b.item(True, f"{stem}.circle", say("constraint.arrow.need", name=words),
                 say("constraint.arrow.empty", name=words), say("constraint.arrow.held", name=words))
    rule_out = exclusions(b, words, f"{stem}.o", c.circle)
    totals = set()
    for digits in product(range(1, size + 1), repeat=len(c.circle)):
        value = int("".join(map(str, digits)))
        if value <= size * len(c.cells):
            totals.add(value)
            items = [(key, 0), (end, b.colour(str(value)))]
            for cell, d in zip(reading_order(c.circle), digits):
                items += [(rule_out[cell, y], 0) for y in range(1, size + 1) if y != d]
            b.option(say("constraint.arrow.label", name=words, value=value), items)
    if not totals:
        raise ConstraintError(say("constraint.chain.none", name=words, count=len(c.cells)), None, c.cells)
    add_chain(b, words, stem, c.cells, totals, end_key=end)


def reading_order(cells) -> list[int]:
    """A circle's cells as its number is read: rows top down, then columns left to right."""
    return sorted(cells)


def arrow_ways(c: Constraint, size: int, apart) -> list[tuple[int, ...]] | None:
    """Every way to fill an arrow (circle digits, then shaft digits, in the constraint's cell order) where
    two cells that share a house differ; None when there are more than MOST_TUPLES, or when finding them
    would try more than MOST_TRIES partial fillings (a long shaft: then its sums are a chain)."""
    circle = reading_order(c.circle)
    cells = list(c.circle) + list(c.cells)
    found: list[tuple[int, ...]] = []
    tries = [0]
    for digits in product(range(1, size + 1), repeat=len(circle)):
        value = int("".join(str(d) for d in digits))
        by_cell = dict(zip(circle, digits))
        start = tuple(by_cell[x] for x in c.circle)
        if not fill_shaft(cells, start, value, size, apart, found, tries):
            return None
    return found


def fill_shaft(cells, start: tuple[int, ...], value: int, size: int, apart, found: list, tries: list[int]) -> bool:
    """Add to found every shaft filling that sums to value (False once found passes MOST_TUPLES or
    tries[0], the partial fillings tried for the arrow so far, passes MOST_TRIES)."""
    shaft = len(cells) - len(start)
    clash = [[j for j in range(k) if apart(cells[j], cells[k])] for k in range(len(cells))]

    def grow(prefix: tuple[int, ...], left: int) -> bool:
        build_clock.tick()
        k = len(prefix)
        tries[0] += 1
        if tries[0] > MOST_TRIES:
            return False
        if k == len(cells):
            if left == 0:
                found.append(prefix)
            return len(found) <= MOST_TUPLES
        remaining = len(cells) - k - 1
        if left > size * (remaining + 1):     # even the largest digits cannot reach it
            return True
        for d in range(1, min(size, left - remaining) + 1):
            if any(prefix[j] == d for j in clash[k]):
                continue
            if not grow(prefix + (d,), left - d):
                return False
        return True

    for j in range(len(start)):
        for i in range(j):
            if start[i] == start[j] and apart(cells[i], cells[j]):
                return True
    return shaft > 0 and grow(start, value)


STEMS = {"killer": "cage", "thermo": "th", "arrow": "ar", "kropki-white": "wd", "kropki-black": "bd", "xv": "xv",
         "even": "ev", "odd": "od", "whispers": "gw", "palindrome": "pal", "renban": "rb", "extra-region": "xr",
         "diagonal": "dg", "quadruple": "qd", "sandwich": "sw", "little-killer": "lk"}


def add_negative(b: Builder, setup: Setup) -> None:
    """Orthogonal neighbours without a mark may not hold what the mark would say."""
    size = b.size
    marked: dict[str, set[tuple[int, int]]] = {"kropki": set(), "xv": set()}
    for c in setup.constraints:
        if c.kind in ("kropki-white", "kropki-black", "xv"):
            marked["xv" if c.kind == "xv" else "kropki"].add((min(c.cells), max(c.cells)))
    for name in setup.negative:
        keep = marked["xv" if name == "xv" else "kropki"]
        rule = NOT_MARKED[name]
        for a in range(size * size):
            r, col = divmod(a, size)
            for other in ([a + 1] if col + 1 < size else []) + ([a + size] if r + 1 < size else []):
                if (a, other) not in keep:
                    words = say(f"constraint.negative.{name}", a=cell_name(a, size), b=cell_name(other, size))
                    add_pair(b, words, f"n{STEMS[name]}", a, other, rule)


def add_allowed(b: Builder, allowed: dict[int, list[tuple[set[int], str]]], most_work: int) -> None:
    """One primary item a limited cell: only its allowed digits' options cover it. A cell's digits are
    those its own limits leave (even, odd, its place on a thermometer) that also have a partner in
    every relation it is in and a way of every rule (constraint_ways), the houses' singles and the
    givens included, and survive being tried (singleton consistency, bounded by most_work)."""
    size = b.size
    every = set(range(1, size + 1))
    rules = b.rules + [constraint_ways.pair_rule(a, c, fits, size, words) for a, c, fits, words in b.relations]
    narrowing = constraint_ways.Narrowing(size, rules)
    for cell, limits in allowed.items():
        for found, reason in limits:
            narrowing.limit(cell, found, reason)
    # Only the cells a constraint, a variant's pair or a limit names are tried: a cell only houses hold is
    # rarely narrowed by a trial, and an empty grid has 81 of them.
    tried = sorted({cell for rule in b.rules[b.houses_end:] for cell in rule.cells}
                   | {cell for a, c, _, _ in b.relations for cell in (a, c)} | set(allowed))
    narrowing.run(say("constraint.why.probe"), most_work, tried)
    domain = {cell: constraint_ways.digits_of(mask) for cell, mask in enumerate(narrowing.masks)
              if mask != (1 << size) - 1}
    why = narrowing.why
    b.domain = domain
    for cell in sorted(domain):
        digits = domain[cell]
        if digits == every:
            continue
        shown = allowed_words(sorted(digits), size)
        reasons = join_and(sorted(why.get(cell, ())))
        place = cell_name(cell, size)
        key = b.item(True, f"al.{place}", say("constraint.allowed.need", cell=place, allowed=shown, why=reasons),
                     say("constraint.allowed.empty", cell=place, allowed=shown, why=reasons),
                     say("constraint.allowed.held", cell=place))
        for d in sorted(digits):
            b.cell_covers(cell, d, key)


# -- the model --------------------------------------------------------------------------------

@lru_cache(maxsize=SETUPS_CACHED)
@build_clock.building
def model(setup: Setup, givens: tuple[tuple[int, int], ...] = (), trials: bool = False) -> variants.Model:
    """The exact cover problem and phrases of a puzzle's setup (the variants' own without constraints).
    The same object for the same setup while cached (the answer cache digests it once). With givens
    ((cell, digit) pairs, givens_of), the cells' digits are narrowed from them too, and with trials by
    trying each digit left (the costly part): a puzzle's model, puzzle_model. Without them the
    model serves to check a setup and its givens, quickly."""
    base = variants.model(setup.rules)
    if setup.plain_rules:
        return base
    size = setup.size
    b = Builder(size)
    for number, (family, index, cells) in enumerate(variants.houses(setup.rules)):
        for cell in cells:
            b.house_of.setdefault(cell, set()).add(number)
        b.rules.append(constraint_ways.house_rule(cells, len(cells) == size,
                                                  say(f"sudoku.house.{family}", n=index + 1)))
    b.houses_end = len(b.rules)
    for kind, a, other in variants.pairs(setup.rules):
        b.relations.append((a, other, VARIANT_PAIRS[kind], say("constraint.why.variant",
                                                           rule=say(f"variant.name.{kind}").lower())))
    allowed: dict[int, list[tuple[set[int], str]]] = {}
    for cell, digit in givens:
        allowed.setdefault(cell, []).append(({digit}, say("constraint.why.given")))
    for index, c in enumerate(setup.constraints):
        try:
            add_constraint(b, c, index, allowed)
        except ConstraintError as error:
            raise ConstraintError(say("constraint.which", number=index + 1, kind=c.kind) + ": " + error.message,
                                  index, error.cells) from None
    add_negative(b, setup)
    houses = [(say(f"sudoku.house.{family}", n=index + 1), cells)
              for family, index, cells in variants.houses(setup.rules)]
    cages = [(kind_words(c, size), c.cells, c.sum)
             for c in setup.constraints if c.kind == "killer" and c.sum is not None]
    b.rules += narrow_sums.house_sum_rules(size, houses, cages, b.houses, b.apart)
    add_allowed(b, allowed, MOST_NARROWING if trials else 0)
    emit_tuples(b)
    return assemble(base, b)


def assemble(base: variants.Model, b: Builder) -> variants.Model:
    """The base problem with the builder's items and options put in their places."""
    problem, phrases = base.problem, base.phrases
    p0, extra = problem.primary, len(b.primary)
    where = {("p", k): p0 + k for k in range(extra)}
    secondary_start = len(problem.items) + extra
    where.update({("s", k): secondary_start + k for k in range(len(b.secondary))})

    def moved(i: int) -> int:
        return i if i < p0 else i + extra

    items = (*problem.items[:p0], *(it.name for it in b.primary), *problem.items[p0:],
             *(it.name for it in b.secondary))
    words = {key: (*phrases[key][:p0], *(getattr(it, key) for it in b.primary), *phrases[key][p0:],
                   *(getattr(it, key) for it in b.secondary)) for key in ("need", "empty", "held")}
    options, colours = [], []
    for o, base_items in enumerate(build_clock.ticking(problem.options)):
        added = b.cell_items.get(o, [])
        options.append(tuple(moved(i) for i in base_items) + tuple(where[k] for k, _ in added))
        colours.append((0,) * len(base_items) + tuple(c for _, c in added))
    labels = list(phrases["labels"])
    for label, option_items in b.options:
        options.append(tuple(where[k] for k, _ in option_items))
        colours.append(tuple(c for _, c in option_items))
        labels.append(label)
    coloured = bool(b.colour_names)
    new = ec.Problem(items, p0 + extra, tuple(options), tuple(colours) if coloured else (),
                     tuple(b.colour_names))
    return variants.Model(new, {**words, "labels": tuple(labels)})


# -- givens and solving -----------------------------------------------------------------------

def check_givens(grid: Grid, setup: Setup) -> None:
    """Raise VariantError when the givens break a rule: the variants' houses and pairs first, then
    the constraints: givens that cannot all be placed in the constraints' problem, or that leave an
    item of a constraint without any option."""
    variants.check_givens(grid, setup.rules)
    if setup.plain_rules:
        return
    found = model(setup)
    problem, size = found.problem, grid.size
    search = ec.Search(problem)
    for o in sudoku.given_options(grid):
        try:
            search.select(o)
        except ec.ConflictError as error:
            cells = sorted({o // size} | ({error.other // size} if error.other < size ** 3 else set()))
            raise variants.VariantError(say("constraint.given_clash", cells=join_and(
                [cell_name(c, size) for c in cells]), rule=found.phrases["held"][error.item]),
                "puzzle", cells) from None
    counts = search.counts()
    for item in range(variants.model(setup.rules).problem.primary, problem.primary):
        if counts[item] == 0 and not search.is_covered(item):
            raise variants.VariantError(say("constraint.givens_leave", empty=found.phrases["empty"][item]), "puzzle")


def givens_of(grid: Grid) -> tuple[tuple[int, int], ...]:
    """The givens as (cell, digit) pairs: what a puzzle's model is narrowed from besides its setup."""
    return tuple((cell, digit) for cell, digit in enumerate(grid.cells) if digit)


def puzzle_model(grid: Grid, setup: Setup) -> variants.Model:
    """The model a puzzle is searched in: its setup's, narrowed from its givens too."""
    return model(setup, givens_of(grid), trials=True)


def solve(puzzle: Grid, setup: Setup, recording: ec.Recording | None = None, engine: str | None = None,
          **limits) -> sudoku.Solved:
    """Solve a puzzle under its setup: givens placed first, then the search; constraint options are
    left out of the grids."""
    if setup.plain_rules:
        return variants.solve(puzzle, setup.rules, recording=recording, engine=engine, **limits)
    search = ec.Search(puzzle_model(puzzle, setup).problem, engine)
    for o in sudoku.given_options(puzzle):
        search.select(o)       # check_givens already refused givens that conflict
    outcome = search.run(recording=recording, **limits)
    cells = puzzle.size ** 3
    grids = [sudoku.decode(puzzle.n, [o for o in s if o < cells], puzzle) for s in outcome.solutions]
    return sudoku.Solved(puzzle, outcome, grids)


def about(grid: Grid, setup: Setup) -> dict:
    """A log's problem: the variants' fields, and the constraints when there are any."""
    base = variants.about(grid, setup.rules)
    if not setup.plain_rules:
        base.update(setup.rules.about())
        base.update(setup.about())
    return base
