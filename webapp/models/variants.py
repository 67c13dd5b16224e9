"""Sudoku variants as exact cover models: extra items, no special case in the search.

Glossary
    rules    a Rules: the box side n, the variant names and, for a jigsaw, the
             region of every cell. Rules with no names are plain Sudoku.
    house    a set of N cells that holds each digit once: a row, a column, a
             box (or a jigsaw region), a long diagonal (x) or a window (windoku).
             Each house and digit is a primary item ("diagonal 1 needs a 5").
    pair     two cells a rule keeps apart: a knight's or a king's move
             (anti-knight, anti-king: a secondary item per pair and digit, so
             at most one of the two holds it), or orthogonal neighbours
             (non-consecutive: a secondary item per pair and k, held by k and
             k+1 in either cell, so the two never hold k and k+1).

The first 4N² items and every option id are those of sudoku.problem_for(n)
(a jigsaw's regions take the boxes' place), so the page draws any variant's
log as it draws a plain one. Items follow in this order: cells, rows,
columns, boxes or regions, diagonals, windows (all primary), then the pairs
(secondary). A pair whose two cells already share a house needs no item of
its own for anti-knight or anti-king: the house keeps their digits apart.

webapp/models/variant_check.py checks a filled grid against these rules without
any of this code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine import exact_cover as ec
from ..words.messages import join_and, say
from . import build_clock, sudoku
from .sudoku import Grid, cell_name, symbol, with_article

# In the order the page lists them (and a model adds their items).
NAMES = ("x", "windoku", "anti-knight", "anti-king", "non-consecutive", "jigsaw")
# What a fan might type for each.
ALIASES = {"diagonal": "x", "sudoku-x": "x", "x-sudoku": "x", "diagonals": "x", "hyper": "windoku",
           "antiknight": "anti-knight", "anti-knights": "anti-knight", "antiking": "anti-king",
           "anti-kings": "anti-king", "nonconsecutive": "non-consecutive", "non-consec": "non-consecutive",
           "nc": "non-consecutive", "squiggly": "jigsaw", "irregular": "jigsaw", "chaos": "jigsaw"}
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2))         # half the moves: each pair once (a before b)
KING = ((1, 1), (1, -1))                             # the diagonal touches; the others share a row or column

# Rules come from requests, and a jigsaw map can be anything: the caches keep the most
# recently used, not every map ever asked for.
RULES_CACHED = 32


class VariantError(ValueError):
    """Variant names, a regions map or givens that break a rule: says what and where.

    field: the request field at fault ("variant", "regions" or "puzzle"); cells: the cells involved.
    """

    def __init__(self, message: str, field: str, cells=()):
        super().__init__(message)
        self.message, self.field, self.cells = message, field, tuple(cells)


@dataclass(frozen=True)
class Rules:
    """The rules of a puzzle beyond rows, columns and boxes."""

    n: int
    names: tuple[str, ...] = ()
    regions: tuple[int, ...] | None = None     # a jigsaw: each cell's region, from 0

    @property
    def size(self) -> int:
        return self.n * self.n

    @property
    def plain(self) -> bool:
        """No variant: plain Sudoku."""
        return not self.names

    def regions_text(self) -> str | None:
        """The regions map as written: one symbol a cell, regions numbered from 1."""
        if self.regions is None:
            return None
        return "".join(symbol(r + 1, self.size) for r in self.regions)

    def about(self) -> dict:
        """What a log's or an answer's problem says of the rules."""
        return {"variants": list(self.names), "regions": self.regions_text()}


def read_names(names) -> tuple[str, ...]:
    """Variant names, checked and put in NAMES order, each once."""
    if isinstance(names, str):
        names = [names]
    found = set()
    for name in names:
        if not isinstance(name, str):
            raise VariantError(say("variant.bad_name_type"), "variant")
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        key = ALIASES.get(key, key)
        if key not in NAMES:
            raise VariantError(say("variant.unknown", name=repr(name), names=", ".join(NAMES)), "variant")
        found.add(key)
    return tuple(name for name in NAMES if name in found)


ZERO_BASED = "0" + sudoku.SYMBOLS       # f-puzzles numbers regions from 0: 0-8, or 0-9 then A-F
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def region_alphabet(chars: list[str]) -> str:
    """How a map names its regions, the first region first: from 1 (1-9, then A-Z, as our maps
    are written), from 0 (a 0 anywhere: f-puzzles' 0-8) or by letters alone (A-I)."""
    upper = [ch.upper() for ch in chars]
    if "0" in upper:
        return ZERO_BASED
    if upper and not any(ch.isdigit() for ch in upper):
        return LETTERS
    return sudoku.SYMBOLS


def read_regions(text: str, n: int) -> tuple[int, ...]:
    """A regions map: N² symbols, N cells each, regions named 1-9 then A-Z, or 0-8 (then A-Z),
    or A-Z alone (region_alphabet); whitespace and separators ignored."""
    size = n * n
    if not isinstance(text, str):
        raise VariantError(say("regions.not_text"), "regions")
    chars = [ch for ch in text if not ch.isspace() and ch not in sudoku.SEPARATORS]
    alphabet = region_alphabet(chars)
    digits = alphabet[0] + " to " + alphabet[size - 1] if size <= len(alphabet) else ""
    if size > len(alphabet):
        raise VariantError(say("regions.too_large", size=size), "regions")
    if len(chars) != size * size:
        raise VariantError(say("regions.length", count=len(chars), cells=size * size, size=size, digits=digits),
                           "regions")
    regions = []
    for index, ch in enumerate(chars):
        value = alphabet.find(ch.upper()) if ch.isascii() else -1
        if alphabet is ZERO_BASED and value == size:
            # The last region's name from 1 in a map that has a 0: it names its regions both ways.
            zero = next(i for i, c in enumerate(chars) if c == "0")
            raise VariantError(say("regions.mixed", zero=cell_name(zero, size), char=repr(ch),
                                   cell=cell_name(index, size), low=ZERO_BASED[size - 1],
                                   high=sudoku.SYMBOLS[size - 1]), "regions", [zero, index])
        if not 0 <= value < size:
            raise VariantError(say("regions.character", char=repr(ch), cell=cell_name(index, size), size=size,
                                   digits=digits), "regions", [index])
        regions.append(value)
    counts = [regions.count(r) for r in range(size)]
    wrong = [r for r in range(size) if counts[r] != size]
    if wrong:
        sizes = join_and([say("regions.one_size", region=alphabet[r], count=counts[r]) for r in wrong])
        raise VariantError(say("regions.sizes", sizes=sizes, size=size), "regions",
                           [i for i, r in enumerate(regions) if r in wrong])
    split = {r: found for r in range(size) if len(found := pieces(regions, r, size)) > 1}
    if split:
        said = [say("regions.pieces", region=alphabet[r], count=len(found),
                    pieces=join_and([say("regions.piece", cell=cell_name(piece[0], size), count=len(piece))
                                     for piece in found]))
                for r, found in split.items()]
        raise VariantError(say("regions.not_joined", regions="; ".join(said)), "regions",
                           sorted(i for found in split.values() for piece in found for i in piece))
    return tuple(regions)


def pieces(regions, region: int, size: int) -> list[list[int]]:
    """The cells of a region in pieces whose cells join side by side: each piece's cells ascending,
    pieces in the order of their first cell."""
    left = {i for i, r in enumerate(regions) if r == region}
    found = []
    for start in sorted(left):
        if start not in left:
            continue
        piece, todo = [], [start]
        left.discard(start)
        while todo:
            cell = todo.pop()
            piece.append(cell)
            r, c = divmod(cell, size)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                other = rr * size + cc
                if 0 <= rr < size and 0 <= cc < size and other in left:
                    left.discard(other)
                    todo.append(other)
        found.append(sorted(piece))
    return found


def rules_for(n: int, names=(), regions: str | None = None) -> Rules:
    """The rules of a puzzle of box side n: variant names and a regions map, checked."""
    chosen = read_names(names)
    if regions is not None and (not isinstance(regions, str) or regions.strip()):
        if "jigsaw" not in chosen:
            chosen = tuple(name for name in NAMES if name in (*chosen, "jigsaw"))
        return Rules(n, chosen, read_regions(regions, n))
    if "jigsaw" in chosen:
        raise VariantError(say("regions.missing"), "regions")
    return Rules(n, chosen, None)


# -- houses and pairs -------------------------------------------------------------

@lru_cache(maxsize=RULES_CACHED)
def houses(rules: Rules) -> tuple[tuple[str, int, tuple[int, ...]], ...]:
    """(family, number from 0, cells) of every house, in item order."""
    n, size = rules.n, rules.size
    out = [(family, number, tuple(cells)) for family, number, cells in sudoku.units(n)]
    if rules.regions is not None:
        out = [h for h in out if h[0] != "box"]
        out += [("region", r, tuple(i for i, g in enumerate(rules.regions) if g == r)) for r in range(size)]
    if "x" in rules.names:
        out.append(("diagonal", 0, tuple(k * size + k for k in range(size))))
        out.append(("diagonal", 1, tuple(k * size + size - 1 - k for k in range(size))))
    if "windoku" in rules.names:
        for number, (top, left) in enumerate(window_corners(n)):
            out.append(("window", number, tuple((top + i) * size + left + j for i in range(n) for j in range(n))))
    return tuple(out)


def window_corners(n: int) -> list[tuple[int, int]]:
    """Top-left cells of the windows: n - 1 a side, one cell in from the edge and one apart."""
    starts = [1 + k * (n + 1) for k in range(n - 1)]
    return [(top, left) for top in starts for left in starts]


@lru_cache(maxsize=RULES_CACHED)
def pairs(rules: Rules) -> tuple[tuple[str, int, int], ...]:
    """(kind, a, b) of every pair a rule keeps apart and no house already does, a < b."""
    size = rules.size
    together: set[tuple[int, int]] = set()
    for _, _, cells in houses(rules):
        together.update((a, b) for a in cells for b in cells if a < b)
    out = []
    for kind, moves in (("anti-knight", KNIGHT), ("anti-king", KING)):
        if kind not in rules.names:
            continue
        for a in range(size * size):
            r, c = divmod(a, size)
            for dr, dc in moves:
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    b = (r + dr) * size + c + dc
                    if (min(a, b), max(a, b)) not in together:
                        out.append((kind, min(a, b), max(a, b)))
    if "non-consecutive" in rules.names:
        for a in range(size * size):
            r, c = divmod(a, size)
            if c + 1 < size:
                out.append(("non-consecutive", a, a + 1))
            if r + 1 < size:
                out.append(("non-consecutive", a, a + size))
    return tuple(out)


# -- the model ----------------------------------------------------------------------

@dataclass(frozen=True)
class Model:
    """A variant's exact cover problem and its words."""

    problem: ec.Problem
    phrases: dict


HOUSE_PREFIX = {"row": "r", "column": "c", "box": "b", "region": "j", "diagonal": "d", "window": "w"}
PAIR_PREFIX = {"anti-knight": "kn", "anti-king": "kg", "non-consecutive": "nc"}


@lru_cache(maxsize=RULES_CACHED)
@build_clock.building
def model(rules: Rules) -> Model:
    """The exact cover problem and phrases of a variant (cached; plain Sudoku's own when no variant).
    The same object for the same rules while cached, so the answer cache's key digests it once."""
    n, size = rules.n, rules.size
    if rules.plain:
        return Model(sudoku.problem_for(n), sudoku.phrases_for(n))
    names: list[str] = []
    need: list[str] = []
    empty: list[str] = []
    held: list[str] = []
    items_of: list[list[int]] = [[] for _ in range(size ** 3)]    # per option
    for cell in range(size * size):
        name = cell_name(cell, size)
        names.append(name)
        need.append(say("phrase.sudoku.cell.need", cell=name))
        empty.append(say("phrase.sudoku.cell.empty", cell=name))
        held.append(say("phrase.sudoku.cell.held", cell=name))
        for d in range(size):
            items_of[cell * size + d].append(cell)
    for family, number, cells in houses(rules):
        build_clock.tick()
        unit = f"{family} {number + 1}"
        for d in range(1, size + 1):
            item = len(names)
            digit = with_article(symbol(d, size))
            names.append(f"{HOUSE_PREFIX[family]}{number + 1}#{symbol(d, size)}")
            need.append(say("phrase.sudoku.unit.need", unit=unit, digit=digit))
            empty.append(say("phrase.sudoku.unit.empty", unit=unit, digit=digit))
            held.append(say("phrase.sudoku.unit.held", unit=unit, digit=digit))
            for cell in cells:
                items_of[cell * size + d - 1].append(item)
    primary = len(names)
    for kind, a, b in pairs(rules):
        build_clock.tick()      # a 25×25 anti-knight's pairs take seconds
        ca, cb = cell_name(a, size), cell_name(b, size)
        stem = f"{PAIR_PREFIX[kind]}.{ca}.{cb}#"
        if kind == "non-consecutive":
            for k in range(1, size):
                item = len(names)
                low, high = symbol(k, size), symbol(k + 1, size)
                names.append(stem + low)
                for key, words in (("need", need), ("empty", empty), ("held", held)):
                    words.append(say(f"phrase.sudoku.neighbours.{key}", a=ca, b=cb, low=low, high=high))
                for cell in (a, b):
                    items_of[cell * size + k - 1].append(item)
                    items_of[cell * size + k].append(item)
        else:
            apart = say(f"phrase.sudoku.apart.{kind}")
            for d in range(1, size + 1):
                item = len(names)
                digit = with_article(symbol(d, size))
                names.append(stem + symbol(d, size))
                for key, words in (("need", need), ("empty", empty), ("held", held)):
                    words.append(say(f"phrase.sudoku.apart.{key}", a=ca, b=cb, apart=apart, digit=digit))
                for cell in (a, b):
                    items_of[cell * size + d - 1].append(item)
    problem = ec.Problem(tuple(names), primary, tuple(tuple(items) for items in items_of))
    phrases = {"need": tuple(need), "empty": tuple(empty), "held": tuple(held),
               "labels": sudoku.phrases_for(n)["labels"]}
    return Model(problem, phrases)


# -- givens -------------------------------------------------------------------------

def clashes(grid: Grid, rules: Rules) -> list[tuple[int, int, str]]:
    """Every pair of givens that break a rule: (cell, cell, what in words), in house then pair order."""
    cells = grid.cells
    found = []
    for family, number, members in houses(rules):
        first: dict[int, int] = {}
        for cell in members:
            d = cells[cell]
            if d and d in first:
                found.append((first[d], cell, f"{family} {number + 1}"))
            elif d:
                first[d] = cell
    for kind, a, b in pairs(rules):
        da, db = cells[a], cells[b]
        if da and db and (da == db if kind != "non-consecutive" else abs(da - db) == 1):
            found.append((a, b, kind))
    merged: dict[tuple[int, int], list[str]] = {}
    for a, b, where in found:
        merged.setdefault((min(a, b), max(a, b)), []).append(where)
    return [(a, b, " and ".join(where)) for (a, b), where in merged.items()]


def check_givens(grid: Grid, rules: Rules) -> None:
    """Raise VariantError naming both cells and the rule when two givens break one."""
    if grid.n != rules.n:
        raise VariantError(say("regions.puzzle_size", size=grid.size, map=rules.size), "regions")
    if rules.plain:         # plain Sudoku's own check and words
        try:
            sudoku.check_givens(grid)
        except sudoku.ParseError as error:
            raise VariantError(error.message, "puzzle", error.cells) from None
        return
    found = clashes(grid, rules)
    if not found:
        return
    size = grid.size
    a, b, where = found[0]
    da, db = grid.cells[a], grid.cells[b]
    ca, cb = cell_name(a, size), cell_name(b, size)
    if da == db:
        text = say("variant.clash.same", a=ca, b=cb, digit=symbol(da, size), where=rule_words(where))
    else:
        text = say("variant.clash.consecutive", a=ca, b=cb, da=symbol(da, size), db=symbol(db, size))
    if len(found) > 1:
        text += say("variant.clash.more", count=len(found) - 1)
    raise VariantError(text, "puzzle", sorted({c for a, b, _ in found for c in (a, b)}))


def rule_words(where: str) -> str:
    """A clash's houses or pair rule in words: 'row 1 and box 1', 'a knight's move apart'."""
    if where in ("anti-knight", "anti-king"):
        return say("variant.clash.apart", apart=say(f"phrase.sudoku.apart.{where}"), rule=where)
    return where


def solve(puzzle: Grid, rules: Rules, recording: ec.Recording | None = None, engine: str | None = None,
          **limits) -> sudoku.Solved:
    """Solve a puzzle under its rules with DLX: givens placed first, then the search."""
    if rules.plain:
        return sudoku.solve(puzzle, recording=recording, engine=engine, **limits)
    search = ec.Search(model(rules).problem, engine)
    for o in sudoku.given_options(puzzle):
        search.select(o)       # check_givens already refused givens that break a rule
    outcome = search.run(recording=recording, **limits)
    return sudoku.Solved(puzzle, outcome, [sudoku.decode(puzzle.n, s, puzzle) for s in outcome.solutions])


def about(grid: Grid, rules: Rules) -> dict:
    """A log's problem: the plain Sudoku fields, and the rules when there are any."""
    base = {"kind": "sudoku", "n": grid.n, "size": grid.size, "puzzle": sudoku.format_grid(grid)}
    if not rules.plain:
        base.update(rules.about())
    return base


def read(text: str, names=(), regions: str | None = None) -> tuple[Grid, Rules]:
    """A puzzle and its rules, every check done: ParseError for the text, VariantError for the rest."""
    chosen = read_names(names)      # a bad name is named before the puzzle is read
    if not chosen and regions is None:
        grid = sudoku.parse(text)
        return grid, Rules(grid.n)
    grid = sudoku.parse(text, check=False)
    rules = rules_for(grid.n, chosen, regions)
    check_givens(grid, rules)
    return grid, rules


def split_entry(text: str) -> tuple[str, str | None]:
    """A line 'PUZZLE REGIONS' (a jigsaw file's form) as its two parts; any other text as it is."""
    words = text.split()
    counts = sudoku.cell_counts()
    if len(words) == 2 and len(words[0]) == len(words[1]) in counts and "." not in words[1]:
        return words[0], words[1]
    return text, None


def check_map_alone(regions: str) -> None:
    """A regions map checked on its own (its size from its length), before any puzzle is read."""
    chars = [ch for ch in regions if not ch.isspace() and ch not in sudoku.SEPARATORS]
    n = sudoku.cell_counts().get(len(chars))
    if n is None:
        sizes = ", ".join(f"{count} ({m * m}×{m * m})" for count, m in sudoku.cell_counts().items() if m <= 5)
        raise VariantError(say("regions.count", count=len(chars), sizes=sizes), "regions")
    read_regions(regions, n)
