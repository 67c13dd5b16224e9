"""An exact cover problem and its dancing-links arrays, built once per problem.

Problem holds the item names and the options; Problem.matrix builds a Matrix; every exact_cover.Search copies its
mutable arrays (up, down, len, left, right, and colour when the problem has
colours) and the compiled core (webapp/engine/_dlx.c) checks and copies the same
arrays (Matrix.compiled). The glossary of exact_cover.py holds here too.

Colours (Knuth's DLX2): colour[x] of an option node x is the colour its
option gives x's item (a secondary one), 0 for none; headers have 0. A search
keeps its own copy because purify marks the nodes that agree with the colour
it imposes (-1), so a later option of that colour does not purify the item
again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

try:
    from webapp.engine import _dlx
except ImportError:     # built without a C compiler: the Python engine runs
    _dlx = None  # type: ignore[assignment]


class EngineError(ValueError):
    """An engine that is not known, or not built here."""


# The engines, by name: "compiled" (webapp/engine/_dlx.c) and "python" (Search.run).
COMPILED, PYTHON = "compiled", "python"
ENGINES = (COMPILED, PYTHON)


def compiled_available() -> bool:
    """Whether the compiled core was built (pip install compiles webapp/engine/_dlx.c when it can)."""
    return _dlx is not None


def default_engine() -> str:
    """The engine a search uses unless told: the compiled core when it is built."""
    return COMPILED if compiled_available() else PYTHON


def engine_named(name: str | None) -> str:
    """The engine to run: name checked, or the default for None."""
    if name is None:
        return default_engine()
    if name not in ENGINES:
        raise EngineError(f"unknown engine {name!r}: use {' or '.join(repr(e) for e in ENGINES)}")
    if name == COMPILED and not compiled_available():
        raise EngineError("the compiled engine is not built here (no C compiler when the package was "
                          "installed): use --engine python, or reinstall with a C compiler")
    return name


class ProblemError(ValueError):
    """An exact cover problem that is not well formed."""


class ConflictError(ValueError):
    """An option selected before the search shares an item with an earlier one."""

    def __init__(self, message: str, option: int, item: int, other: int):
        super().__init__(message)
        self.option, self.item, self.other = option, item, other


class ChoiceError(ValueError):
    """A what-if's choice (exact_cover.Search.run's choices, branch_on) that cannot be placed:
    level is its place in the choices, option the option (-1 for branch_on), item the item
    already held (-1: none)."""

    def __init__(self, message: str, level: int, option: int, item: int = -1):
        super().__init__(message)
        self.level, self.option, self.item = level, option, item


@dataclass(frozen=True)
class Problem:
    """Item names (primary first) and options as tuples of item ids.

    colours (Knuth's DLX2), empty for a problem without any: for each option,
    parallel to its items, the colour it gives each item, 0 for none, else k
    for colour_names[k - 1]. Only secondary items take a colour. Options that
    share a secondary item are compatible when both give it the same colour;
    an uncoloured use excludes every other use.

    bounds (Knuth's DLX3 multiplicities), empty for a problem without any: for
    each primary item a pair (least, most): a solution covers it at least
    least and at most most times (most >= 1). (1, 1) is an exact cover's
    "exactly once"; a problem whose every pair is (1, 1) searches as one
    without bounds (see bounded). Secondary items keep "at most once".
    """

    items: tuple[str, ...]
    primary: int
    options: tuple[tuple[int, ...], ...]
    colours: tuple[tuple[int, ...], ...] = ()
    colour_names: tuple[str, ...] = ()
    bounds: tuple[tuple[int, int], ...] = ()

    def __post_init__(self):
        n = len(self.items)
        if not 0 <= self.primary <= n:
            raise ProblemError(f"primary count {self.primary} is outside 0..{n}")
        for k, option in enumerate(self.options):
            if not option:
                raise ProblemError(f"option {k} is empty")
            if len(set(option)) != len(option):
                raise ProblemError(f"option {k} names an item twice")
            for i in option:
                if not 0 <= i < n:
                    raise ProblemError(f"option {k} names item {i}, but there are {n} items")
        if self.colours or self.colour_names:
            self._check_colours()
        if self.bounds:
            self._check_bounds()

    def _check_bounds(self) -> None:
        """Refuse bounds that are not one pair (least, most) per primary item with 0 <= least <= most, most >= 1."""
        if len(self.bounds) != self.primary:
            raise ProblemError(f"{len(self.bounds)} bounds for {self.primary} primary items")
        for i, pair in enumerate(self.bounds):
            if (len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
                    or not 0 <= pair[0] <= pair[1] or pair[1] < 1):
                raise ProblemError(f"item {self.items[i]!r} has bounds {pair!r}: write (least, most) with "
                                   "0 <= least <= most and most >= 1")

    @cached_property
    def bounded(self) -> bool:
        """Whether some primary item has bounds other than (1, 1) (Knuth's DLX3), so the search runs Algorithm M.
        Kept: select() asks it for every given, and a Sudoku has dozens."""
        return any(pair != (1, 1) for pair in self.bounds)

    def bounds_of(self, item: int) -> tuple[int, int]:
        """(least, most) of an item: (1, 1) for a primary item without bounds, (0, 1) for a secondary one."""
        if item >= self.primary:
            return (0, 1)
        return self.bounds[item] if self.bounds else (1, 1)

    def _check_colours(self) -> None:
        """Refuse colours that do not match the options, or that colour a primary item."""
        if len(self.colours) != len(self.options):
            raise ProblemError(f"{len(self.colours)} colour lists for {len(self.options)} options")
        if len(set(self.colour_names)) != len(self.colour_names):
            raise ProblemError("a colour is named twice")
        for k, (option, colours) in enumerate(zip(self.options, self.colours)):
            if len(colours) != len(option):
                raise ProblemError(f"option {k} has {len(option)} items but {len(colours)} colours")
            for i, c in zip(option, colours):
                if not 0 <= c <= len(self.colour_names):
                    raise ProblemError(f"option {k} gives item {i} colour {c}, but there are "
                                       f"{len(self.colour_names)} colours")
                if c and i < self.primary:
                    raise ProblemError(f"option {k} colours {self.items[i]!r}, a primary item: "
                                       "only secondary items take a colour")

    @property
    def coloured(self) -> bool:
        """Whether some option gives an item a colour (Knuth's DLX2), so the search purifies."""
        return any(any(c) for c in self.colours)

    def colour_of(self, option: int, item: int) -> int:
        """The colour option gives item (0: none, or the item is not in it)."""
        if not self.colours:
            return 0
        for i, c in zip(self.options[option], self.colours[option]):
            if i == item:
                return c
        return 0

    def entry_name(self, option: int, position: int) -> str:
        """The item at a position of an option as the text writes it: 'x', or 'x:red' with a colour."""
        name = self.items[self.options[option][position]]
        c = self.colours[option][position] if self.colours else 0
        return f"{name}:{self.colour_names[c - 1]}" if c else name

    def compatible(self, a: int, b: int) -> bool:
        """Whether options a and b can be in one solution: every item they share, both give one colour."""
        shared = set(self.options[a]).intersection(self.options[b])
        return all(self.colour_of(a, i) and self.colour_of(a, i) == self.colour_of(b, i) for i in shared)

    @classmethod
    def from_names(cls, primary: Sequence[str], secondary: Sequence[str],
                   options: Iterable[Iterable[str]]) -> Problem:
        """A problem from item names and options given as lists of names."""
        names = list(primary) + list(secondary)
        index: dict[str, int] = {}
        for name in names:
            if name in index:
                raise ProblemError(f"item {name!r} is named twice")
            index[name] = len(index)
        built = []
        for k, option in enumerate(options):
            ids = []
            for name in option:
                if name not in index:
                    raise ProblemError(f"option {k + 1} names {name!r}, which is not an item")
                ids.append(index[name])
            built.append(tuple(ids))
        return cls(tuple(names), len(primary), tuple(built))

    @cached_property
    def options_of_item(self) -> tuple[tuple[int, ...], ...]:
        """For each item, the ids of the options that contain it, in order."""
        lists: list[list[int]] = [[] for _ in self.items]
        for k, option in enumerate(self.options):
            for i in option:
                lists[i].append(k)
        return tuple(tuple(x) for x in lists)

    @cached_property
    def matrix(self) -> Matrix:
        """The dancing-links arrays, built once and copied by every search."""
        return Matrix(self)



# How much work may pass between two looks at the clock or the cancel flag,
# counted in options that tries may hide: a try of option x counts 1 plus the
# options of x's other items before the search began (an upper bound on what
# its covers hide, known before the search, so the loop adds one number a
# try). Counting work rather than tries keeps the look prompt whatever the
# problem's shape: one try of an option whose item has 26,000 options hides
# them all. The count is scaled by the longest option, since hiding an option
# updates the links of each of its other items.
LOOK_EVERY = 16384

# Added to len[i] while item i is covered, so a search for the leftmost count
# of 0 or 1 skips it: a bit of a byte when every count fits in seven bits, a
# bit no count reaches otherwise.
BYTE_MARK, WORD_MARK = 1 << 7, 1 << 28


class Matrix:
    """The link arrays of a problem with nothing covered: a template to copy.

    Nodes 0..N-1 are item headers (TOP of a header is its own id); the nodes of
    option k follow in order. The item list uses arrays L and R of size N+2:
    N is the head of the primary items, N+1 the head of the secondary ones,
    so secondary items are never chosen but can still be covered.
    """

    def __init__(self, problem: Problem):
        n = len(problem.items)
        top = list(range(n))
        up = list(range(n))
        down = list(range(n))
        length = [0] * n
        option_of = [-1] * n
        first: list[int] = []           # first node of each option
        for k, option in enumerate(problem.options):
            first.append(len(top))
            for i in option:
                node = len(top)
                top.append(i)
                option_of.append(k)
                last = up[i]
                up.append(last)
                down.append(i)
                down[last] = node
                up[i] = node
                length[i] += 1
        # Why tuples of "the other nodes": an inner loop over a tuple is much
        # faster in CPython than Knuth's walk with spacer tests. The order is
        # his: the nodes after x in its option, then those before (cyclic).
        others: list[tuple[int, ...]] = [()] * n
        for k, option in enumerate(problem.options):
            base, size = first[k], len(option)
            for j in range(size):
                others.append(tuple(base + (j + t) % size for t in range(1, size)))
        root, second = n, n + 1
        left = list(range(n + 2))
        right = list(range(n + 2))
        for head, lo, hi in ((root, 0, problem.primary), (second, problem.primary, n)):
            chain = [head] + list(range(lo, hi))
            for a, b in zip(chain, chain[1:] + chain[:1]):
                right[a], left[b] = b, a
        # One int object per node id, shared by every array and made in order,
        # so the objects whose counts the inner loops touch sit together in
        # memory (measured: 1-3% faster than the scattered ints of the build).
        canon = list(range(len(top) + 2))
        top, up, down, left, right = ([canon[v] for v in a] for a in (top, up, down, left, right))
        others = [tuple(canon[q] for q in t) for t in others]
        self.size, self.root, self.primary = n, root, problem.primary
        self.top, self.up, self.down, self.len = top, up, down, length
        self.left, self.right = left, right
        self.option_of, self.first = option_of, first
        self.others = others
        # The items that trying node x covers (those of its other nodes), and
        # the order in which backing up from x uncovers them.
        self.covers = [tuple(top[q] for q in t) for t in others]
        self.uncovers = [tuple(reversed(t)) for t in self.covers]
        self.cover_counts = [len(t) for t in self.covers]
        self.most_covers = max(self.cover_counts, default=0)
        # Look at the clock every look_every options that tries may hide (see LOOK_EVERY).
        longest = max((len(option) for option in problem.options), default=1)
        self.look_every = max(16, LOOK_EVERY // max(1, longest - 1))
        self.work = [1 + sum(length[i] for i in t) for t in self.covers]
        # Why a byte array when the counts fit: bytearray.find is a C memchr,
        # so the leftmost item with 0 or 1 option (most choices in a Sudoku)
        # costs one call, and the inner loops keep no second array (measured:
        # 3% faster than a list of counts beside a byte array of 0, 1 or many).
        self.mark = BYTE_MARK if max(length, default=0) < BYTE_MARK else WORD_MARK
        # Each node's colour (0: none), or None for a problem without colours: the
        # search loops then take their uncoloured path, untouched by colours.
        self.colour: list[int] | None = None
        if problem.coloured:
            self.colour = [0] * n + [c for option in problem.colours for c in option]
        # With bounds (Knuth's DLX3): each primary item's most (the bound a search counts down)
        # and its slack (most - least, fixed); None without, so the search runs Algorithm X untouched.
        self.bound: list[int] | None = None
        self.slack: list[int] | None = None
        if problem.bounded:
            self.bound = [most for _, most in problem.bounds]
            self.slack = [most - least for least, most in problem.bounds]

    @cached_property
    def compiled(self):
        """The same arrays as the compiled core's checked template (_dlx.Links), built once."""
        if _dlx is None:
            raise EngineError("the compiled engine is not built here")
        starts = [0]
        for t in self.others:
            starts.append(starts[-1] + len(t))
        return _dlx.Links(primary=self.primary, top=self.top,
                          up=self.up, down=self.down, len=self.len, left=self.left, right=self.right,
                          option_of=self.option_of, others=[q for t in self.others for q in t],
                          others_start=starts, mark=self.mark, look_every=self.look_every,
                          colour=self.colour, bound=self.bound, slack=self.slack)
