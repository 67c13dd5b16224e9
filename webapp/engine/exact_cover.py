"""Knuth's Algorithm X on dancing links (DLX), for any exact cover problem.

Glossary
    item      something to cover. Primary items must be covered exactly once;
              secondary items at most once (Knuth's generalized exact cover).
              An option with no primary item is never used: the search only
              picks options to cover primary items.
    option    a set of items. A solution is a set of options that covers every
              primary item exactly once and no secondary item twice.
    node      an index into the flat link arrays. Nodes 0..N-1 are the item
              headers; each option's nodes follow. A pointer is an index.
    level     depth in the search; x[l] is the node of the option tried at l.
    option k of d
              the k-th of the d options the item chosen at a level had left.
    event     one thing the search did: choose, try, cover, uncover, solution,
              dead end, back up. A recording keeps them as packed integers.
    step      one event; step budgets count events, recorded or not.
    nodes     (in statistics) the number of options tried: the search tree.
    len       an item's option count, plus a mark while it is covered (its
              count no longer changes then). A byte array when every count
              fits, so byte searches find the leftmost uncovered item with
              the fewest options without walking the item list.

Engines
    The search loop exists twice: Search.run below, in Python (the readable
    reference), and webapp/_dlx.c, a compiled core built when a C compiler
    is at hand. Both write the same events in the same order; ENGINES names
    them, default_engine() picks the compiled one when it is built.

Nothing here knows about Sudoku, JSON or the web.
"""

from __future__ import annotations

import sys
import time
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import cast

from .matrix import BYTE_MARK, LOOK_EVERY, WORD_MARK, EngineError, Matrix, _dlx

__all__ = ["BYTE_MARK", "LOOK_EVERY", "WORD_MARK", "EngineError", "Matrix"]     # defined in matrix.py

# Event kinds. A recorded event is packed as ``arg * 16 + kind``.
# PURIFY and UNPURIFY (Knuth's DLX2 colours): a try gave a secondary item a
# colour, setting aside the options that give it another or none; arg: the item.
CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP, PURIFY, UNPURIFY = range(9)
KIND_NAMES = ("choose", "try", "cover", "uncover", "solution", "dead_end", "backup", "purify", "unpurify")
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1

# Outcome statuses and the limits that can stop a search.
SOLVED, NO_SOLUTION, STOPPED = "solved", "no_solution", "stopped"
LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED = "solutions", "steps", "time", "cancelled"

# The largest option count that the choice of the fewest options looks for
# with bytearray.find, one call a count, before it walks the item list: enough
# for a 16x16 Sudoku's counts, and a bound for problems whose every count is
# large (120 calls a choice cost 17% more than the walk on such a problem).
FIND_UP_TO = 16


# The engines, by name: "compiled" (webapp/_dlx.c) and "python" (Search.run).
COMPILED, PYTHON = "compiled", "python"
ENGINES = (COMPILED, PYTHON)


def compiled_available() -> bool:
    """Whether the compiled core was built (pip install compiles webapp/_dlx.c when it can)."""
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


def pack(kind: int, arg: int) -> int:
    """One event as one small integer."""
    return (arg << KIND_BITS) | kind


def unpack(code: int) -> tuple[int, int]:
    """(kind, arg) of a packed event."""
    return code & KIND_MASK, code >> KIND_BITS


def _record_nothing_yet() -> int:
    """The events recorded by a search that records none."""
    return 0


def _record_nothing(_value: int) -> None:
    """Where no recording is kept: sizes go nowhere."""


class ProblemError(ValueError):
    """An exact cover problem that is not well formed."""


class ConflictError(ValueError):
    """An option selected before the search shares an item with an earlier one."""

    def __init__(self, message: str, option: int, item: int, other: int):
        super().__init__(message)
        self.option, self.item, self.other = option, item, other


@dataclass(frozen=True)
class Problem:
    """Item names (primary first) and options as tuples of item ids.

    colours (Knuth's DLX2), empty for a problem without any: for each option,
    parallel to its items, the colour it gives each item, 0 for none, else k
    for colour_names[k - 1]. Only secondary items take a colour. Options that
    share a secondary item are compatible when both give it the same colour;
    an uncoloured use excludes every other use.
    """

    items: tuple[str, ...]
    primary: int
    options: tuple[tuple[int, ...], ...]
    colours: tuple[tuple[int, ...], ...] = ()
    colour_names: tuple[str, ...] = ()

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


@dataclass
class Stats:
    """Counts of one search."""

    solutions: int = 0
    nodes: int = 0          # options tried
    dead_ends: int = 0      # items found with no option left
    steps: int = 0          # events, recorded or not
    max_level: int = 0
    seconds: float = 0.0
    engine: str = PYTHON    # which engine ran: COMPILED or PYTHON


@dataclass
class Outcome:
    """How a search ended: its status, the limit that stopped it, what it found."""

    status: str                                  # SOLVED, NO_SOLUTION or STOPPED
    complete: bool                               # the whole search space was explored
    limit: str | None                            # which limit stopped it, if any
    solutions: list[list[int]] = field(default_factory=list)   # kept solutions, option ids
    stats: Stats = field(default_factory=Stats)
    settings: dict = field(default_factory=dict)  # what it ran under: choose, max_solutions, max_steps, max_seconds

    @property
    def unique(self) -> bool:
        """Exactly one solution, and the search proved there is no other."""
        return self.complete and self.stats.solutions == 1


class Recording:
    """Every event of a search, packed (``arg * 16 + kind``), and for each choose
    event the number d of options its item had left.

    A list when the Python engine records; when the compiled one does, a
    read-only view of 64-bit integers over the buffer it filled (no copy:
    copying 5,000,000 events cost a tenth of the search's time). Read them as
    sequences of ints (list(), or tolist() for JSON).
    """

    def __init__(self) -> None:
        self.events: Sequence[int] = []
        self.sizes: Sequence[int] = []

    def extend(self, events: bytes, sizes: bytes) -> None:
        """Append the compiled core's events and sizes (native 64-bit integers)."""
        for name, data in (("events", events), ("sizes", sizes)):
            kept = getattr(self, name)
            if len(kept):       # a recording used twice: one array of both
                joined = array("q", kept)
                joined.frombytes(data)
                setattr(self, name, joined)
            else:
                setattr(self, name, memoryview(data).cast("q"))

    def __len__(self) -> int:
        return len(self.events)

    def decoded(self):
        """(kind, arg, d) for each event; d is None except for choose events."""
        sizes = iter(self.sizes)
        for code in self.events:
            kind, arg = unpack(code)
            yield kind, arg, (next(sizes) if kind == CHOOSE else None)


class Search:
    """One search over a problem: a copy of its link arrays plus the stack.

    engine: "compiled", "python" or None (default_engine()). The compiled
    engine keeps the arrays in C; up, down, len, left and right then read a
    copy of them, made at each access (for tests and sanity(), not loops).
    """

    def __init__(self, problem: Problem, engine: str | None = None):
        m = problem.matrix
        self.problem = problem
        self.matrix = m
        self.engine = engine_named(engine)
        self.selected: list[int] = []      # options placed before the search
        self.choice: list[int] = []        # node x[l] tried at each level
        self.item_at: list[int] = []       # item chosen at each level
        self.ran = False
        self.core = None
        if self.engine == COMPILED:
            self.core = _dlx.Core(m.compiled)
            self.cover, self.uncover = self.core.cover, self.core.uncover
            self.commit = self.uncommit = None
            return
        self.up, self.down = list(m.up), list(m.down)
        self.len = bytearray(m.len) if m.mark == BYTE_MARK else list(m.len)
        self.left, self.right = list(m.left), list(m.right)
        self.cover, self.uncover = self._updates()
        self.colour = list(m.colour) if m.colour is not None else None
        self.purified: dict[int, int] = {}       # item -> colour, kept for sanity()
        self.commit, self.uncommit = self._colour_updates() if self.colour is not None else (None, None)

    def __getattr__(self, name: str):
        # Only reached for attributes not set: the compiled engine's arrays.
        if name in _LINKS and self.__dict__.get("core") is not None:
            return self.links()[_LINKS.index(name)]
        raise AttributeError(name)

    def links(self) -> tuple:
        """(up, down, len, left, right) now: the lists themselves, or a copy of the compiled core's."""
        if self.core is not None:
            up, down, length, left, right = self.core.arrays()
            return up, down, bytearray(length) if self.matrix.mark == BYTE_MARK else length, left, right
        return self.up, self.down, self.len, self.left, self.right

    # -- the two primitive updates ---------------------------------------
    def _updates(self):
        """cover(i) and uncover(i) as closures over this search's arrays."""
        up, down, length, left, right = self.up, self.down, self.len, self.left, self.right
        top, others, mark = self.matrix.top, self.matrix.others, self.matrix.mark

        def cover(i: int) -> None:
            """Remove item i from the item list and hide every option containing it."""
            p = down[i]
            while p != i:
                for q in others[p]:
                    u = up[q]
                    d = down[q]
                    down[u] = d
                    up[d] = u
                    length[top[q]] -= 1
                p = down[p]
            length[i] += mark     # a covered item's count no longer changes
            lft = left[i]
            rgt = right[i]
            right[lft] = rgt
            left[rgt] = lft

        def uncover(i: int) -> None:
            """Undo cover(i), relinking in exactly the reverse order.

            Options come back bottom to top, the reverse of cover(i). Within
            an option the order is free: its nodes lie in distinct columns.
            """
            right[left[i]] = i
            left[right[i]] = i
            length[i] -= mark
            p = up[i]
            while p != i:
                for q in others[p]:
                    down[up[q]] = q
                    up[down[q]] = q
                    length[top[q]] += 1
                p = up[p]

        return cover, uncover

    def _colour_updates(self):
        """commit(x, emit) and uncommit(x, emit) for a problem with colours: Knuth's DLX2 try and
        its undoing for the other items of node x's option. Each returns how many events it wrote."""
        up, down, top, others = self.up, self.down, self.matrix.top, self.matrix.others
        colour, purified, length = cast(list, self.colour), self.purified, self.len
        cover, uncover = self.cover, self.uncover

        def purify(p: int) -> None:
            """Give item top[p] node p's colour: hide every option that gives it another colour or
            none; mark the options that agree (-1), so trying one of them later leaves it alone."""
            i, c = top[p], colour[p]
            purified[i] = c
            q = down[i]
            while q != i:
                if colour[q] != c:
                    for r in others[q]:
                        down[up[r]] = down[r]
                        up[down[r]] = up[r]
                        length[top[r]] -= 1
                elif q != p:
                    colour[q] = -1
                q = down[q]

        def unpurify(p: int) -> None:
            """Undo purify(p), options bottom to top."""
            i, c = top[p], colour[p]
            del purified[i]
            q = up[i]
            while q != i:
                if colour[q] < 0:
                    colour[q] = c
                elif q != p:
                    for r in others[q]:
                        down[up[r]] = r
                        up[down[r]] = r
                        length[top[r]] += 1
                q = up[q]

        def commit(x: int, emit) -> int:
            written = 0
            for q in others[x]:
                c = colour[q]
                if c == 0:
                    cover(top[q])
                    if emit:
                        emit((top[q] << KIND_BITS) | COVER)
                elif c > 0:
                    purify(q)
                    if emit:
                        emit((top[q] << KIND_BITS) | PURIFY)
                else:
                    continue        # purified by an option above with this colour
                written += 1
            return written

        def uncommit(x: int, emit) -> int:
            written = 0
            for q in reversed(others[x]):
                c = colour[q]
                if c == 0:
                    uncover(top[q])
                    if emit:
                        emit((top[q] << KIND_BITS) | UNCOVER)
                elif c > 0:
                    unpurify(q)
                    if emit:
                        emit((top[q] << KIND_BITS) | UNPURIFY)
                else:
                    continue
                written += 1
            return written

        return commit, uncommit

    # -- queries ----------------------------------------------------------
    def is_covered(self, i: int) -> bool:
        """Whether item i is out of its item list (covered)."""
        if self.core is not None:
            return self.core.covered(i)
        return self.right[self.left[i]] != i

    def counts(self) -> list[int]:
        """len without the covered marks: each item's option count."""
        mark = self.matrix.mark
        return [n - mark if n >= mark else n for n in self.links()[2]]

    def find_count(self, count: int, start: int, stop: int) -> int:
        """The leftmost item in start..stop-1 whose len is count, or -1 (bytearray.find for a list)."""
        try:
            return self.len.index(count, start, stop)
        except ValueError:
            return -1

    def covered_items(self) -> list[int]:
        """Ids of every covered item, in order."""
        _, _, _, left, right = self.links()
        return [i for i in range(self.matrix.size) if right[left[i]] != i]

    def active_options(self) -> list[int]:
        """Ids of the options all of whose items are uncovered."""
        covered = set(self.covered_items())
        return [k for k, option in enumerate(self.problem.options) if not covered.intersection(option)]

    def sanity(self) -> None:
        """Check every link invariant of the structure; raise AssertionError if broken."""
        m = self.matrix
        up, down, length, left, right = self.links()
        covered = set(self.covered_items())
        for head in (m.root, m.root + 1):
            p, seen = right[head], 0
            while p != head:
                assert left[right[p]] == p and right[left[p]] == p, f"item links broken at {p}"
                assert (p < self.problem.primary) == (head == m.root), f"item {p} in the wrong list"
                p = right[p]
                seen += 1
                assert seen <= m.size, "item list does not close"
        for i in range(m.size):
            assert (length[i] >= m.mark) == (i in covered), f"item {i} has len {length[i]}: mark wrong"
            if i in covered:
                continue
            p, count = down[i], 0
            while p != i:
                assert m.top[p] == i, f"node {p} in column {i} belongs to item {m.top[p]}"
                assert up[down[p]] == p and down[up[p]] == p, f"column links broken at node {p}"
                count += 1
                assert count <= len(m.top), f"column {i} does not close"
                p = down[p]
            assert count == length[i], f"item {i} has {count} nodes but len {length[i]}"
            # An uncovered item's column holds exactly its options that no covered item hides.
            if i in self.purified:
                # Its column keeps the options its purify set aside (Knuth's purify leaves them in
                # place), whatever covered their other items later: no simple rule counts them.
                continue
            # With colours, also every option that a purified item other than i sets aside.
            expected = [k for k in self.problem.options_of_item[i]
                        if covered.isdisjoint(self.problem.options[k])
                        and all(self.problem.colour_of(k, j) == c for j, c in self.purified.items()
                                if j != i and j in self.problem.options[k])]
            assert count == len(expected), f"item {i} lists {count} options, {len(expected)} are live"

    # -- before the search -------------------------------------------------
    def select(self, option: int) -> None:
        """Place an option before the search (a Sudoku given): cover its items."""
        if self.ran:
            raise RuntimeError("select() must come before run()")
        items = self.problem.options[option]
        if self.problem.colours and any(self.problem.colour_of(option, i) for i in items):
            # A given covers its items; a colour would ask to purify one instead.
            raise ProblemError(f"option {option} gives an item a colour: it cannot be placed before the search")
        if self.core is not None:
            clash = self.core.place(items)      # all covered in one call, or none
            if clash >= 0:
                raise self._conflict(option, clash)
        else:
            for i in items:
                if self.is_covered(i):
                    raise self._conflict(option, i)
            for i in items:
                self.cover(i)
        self.selected.append(option)

    def _conflict(self, option: int, item: int) -> ConflictError:
        """The error for an option whose item an earlier selected option covers."""
        other = next(k for k in self.selected if item in self.problem.options[k])
        return ConflictError(f"option {option} and option {other} both cover item {self.problem.items[item]}",
                             option, item, other)

    # -- the search ------------------------------------------------------
    def run(self, *, max_solutions: int | None = 1, max_steps: int | None = None,
            max_seconds: float | None = None, choose: str = "mrv",
            recording: Recording | None = None, keep: int | None = 1000,
            on_solution: Callable[[list[int]], None] | None = None,
            cancelled: Callable[[], bool] | None = None,
            check: bool = False, started: float | None = None,
            keep_back: tuple[float, float] = (0.0, 0.0)) -> Outcome:
        """Run Algorithm X until the search ends or a limit stops it.

        max_solutions: stop after this many (1 solves, 2 checks uniqueness,
        None enumerates). max_steps / max_seconds: budgets; the search stops
        before an action whose events would pass max_steps, so it never
        writes more (it stops less than one action short: a try writes
        one event and one per item it covers). choose: "mrv"
        (fewest options first, ties to the leftmost) or "first". keep: how many
        solutions to keep in the outcome (None: all). check: run sanity()
        after every event (slow; for tests). started: when max_seconds began
        to run, a time.perf_counter() reading (default now), so a server can
        count the parsing before the search in a request's budget. keep_back:
        seconds of max_seconds kept for each recorded event and for each dead
        end, for the work on the recording after the search (a server's
        analysis of the log): the clock stops the search when now plus those
        reaches the deadline.
        """
        self._start_once(choose, max_solutions)
        if self.core is not None:
            if check:
                raise EngineError("check=True runs sanity() after every event: use the python engine")
            return self._run_compiled(max_solutions, max_steps, max_seconds, choose, recording, keep,
                                      on_solution, cancelled, started, keep_back)
        m = self.matrix
        top, option_of, others = m.top, m.option_of, m.others
        covers, uncovers = m.covers, m.uncovers
        up, down, length, left, right = self.up, self.down, self.len, self.left, self.right
        root, look_every = m.root, m.look_every
        mrv = choose == "mrv"
        choice, item_at = self.choice, self.item_at
        mark, primary = m.mark, self.problem.primary
        bytewise = mark == BYTE_MARK
        # len is a bytearray exactly when items are marked bytewise (see Search.__init__).
        find_count = cast(bytearray, length).find if bytewise else self.find_count
        stats = Stats()
        solutions: list[list[int]] = []

        emit, size_of = self._event_sinks(recording, check)
        recorded = recording.events.__len__ if recording is not None else _record_nothing_yet
        per_event, per_dead_end = keep_back

        step_cap = max_steps if max_steps is not None else sys.maxsize
        # Below this many steps no action can pass the cap (none writes more
        # than 3 + most_covers events), so each exact check hides behind one
        # comparison; measured 2-3% faster on hard puzzles.
        near = step_cap - 3 - m.most_covers
        cover_counts = m.cover_counts
        solution_cap = max_solutions if max_solutions is not None else -1
        start = time.perf_counter()
        deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else None
        steps = nodes = dead_ends = found = 0
        work, done = m.work, 0      # done: the work of the tries so far, which paces the clock
        look_at = look_every
        level = 0
        status = limit = None

        cover, uncover = self.cover, self.uncover
        commit, uncommit = self.commit, self.uncommit     # None without colours

        x = -1          # the node being tried at this level (== its item: none left)
        forward = True  # at a new level: look for a solution or choose an item
        retreat = False  # this level is done: go back to the level above
        while True:
            if retreat:
                # Undo the option of the level above, then try its next one.
                if level == 0:
                    break
                x = choice[level - 1]
                if steps > near and steps + cover_counts[x] > step_cap:
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                level -= 1
                if uncommit is None:
                    # uncover(i) for the items of x, inline: a call per item costs
                    # over a tenth of the search time in CPython.
                    for i in uncovers[x]:
                        right[left[i]] = i
                        left[right[i]] = i
                        length[i] -= mark
                        p = up[i]
                        while p != i:
                            for q in others[p]:
                                down[up[q]] = q
                                up[down[q]] = q
                                length[top[q]] += 1
                            p = up[p]
                        if emit:
                            emit((i << KIND_BITS) | UNCOVER)
                    steps += cover_counts[x]
                else:
                    # Uncommit x's items (uncover or unpurify each), the reverse of its try.
                    steps += uncommit(x, emit)
                x = down[x]
                retreat = False
            elif forward:
                forward = False
                # Every budget check looks ahead: no event is written past max_steps.
                if steps > near and steps + 3 > step_cap:      # choose, cover and maybe a dead end (or a solution)
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                if right[root] == root:
                    # Every primary item is covered: a solution.
                    found += 1
                    steps += 1
                    if emit:
                        emit((level << KIND_BITS) | SOLUTION)
                    chosen = [option_of[y] for y in choice[:level]]
                    if keep is None or len(solutions) < keep:
                        solutions.append(chosen)
                    if on_solution is not None:
                        on_solution(chosen)
                    if found == solution_cap:
                        status, limit = SOLVED, LIMIT_SOLUTIONS
                        break
                    retreat = True
                    continue
                # Fewest options first, ties to the leftmost. The item list
                # keeps items in id order, so the leftmost uncovered item
                # with c options is the first count c in len (covered items
                # carry the mark). Counts 0 and 1 (most choices) are looked
                # for first; in a byte array so are 2, 3, ... up to FIND_UP_TO,
                # each one C memchr (measured: 3-10% faster on hard 9x9 sets
                # than walking the item list in Python). Past that, or in a
                # word array, the list is walked, stopping at the count above
                # the last one looked for.
                i = right[root]
                if mrv:
                    c = 0
                    k = find_count(0, 0, primary)
                    if k < 0:
                        c = 1
                        k = find_count(1, 0, primary)
                        if bytewise:
                            while k < 0 and c < FIND_UP_TO:
                                c += 1
                                k = find_count(c, 0, primary)
                    if k >= 0:
                        i = k
                    else:
                        floor = c + 1
                        t = length[i]
                        p = right[i]
                        while p != root:
                            s = length[p]
                            if s < t:
                                t = s
                                i = p
                                if s == floor:
                                    break
                            p = right[p]
                if level == len(item_at):
                    item_at.append(i)
                    choice.append(i)
                else:
                    item_at[level] = i
                if emit:
                    emit((i << KIND_BITS) | CHOOSE)
                    size_of(length[i])
                cover(i)
                if emit:
                    emit((i << KIND_BITS) | COVER)
                steps += 2
                x = down[i]
                if x == i:
                    dead_ends += 1
                    steps += 1
                    if emit:
                        emit((i << KIND_BITS) | DEAD_END)
            # Try option x at this level, or leave the level when none is left.
            i = item_at[level]
            if x == i:
                if steps > near and steps + 2 > step_cap:
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                uncover(i)
                steps += 2
                if emit:
                    emit((i << KIND_BITS) | UNCOVER)
                    emit((level << KIND_BITS) | BACKUP)
                retreat = True
                continue
            if steps > near and steps + 1 + cover_counts[x] > step_cap:
                status, limit = STOPPED, LIMIT_STEPS
                break
            nodes += 1
            done += work[x]
            if done >= look_at:
                look_at = done + look_every
                if deadline is not None and (time.perf_counter() + per_event * recorded()
                                             + per_dead_end * dead_ends >= deadline):
                    nodes -= 1
                    status, limit = STOPPED, LIMIT_TIME
                    break
                if cancelled is not None and cancelled():
                    nodes -= 1
                    status, limit = STOPPED, LIMIT_CANCELLED
                    break
            choice[level] = x
            if emit:
                emit((option_of[x] << KIND_BITS) | TRY)
            if commit is None:
                steps += 1 + cover_counts[x]
                for i in covers[x]:
                    # cover(i), inline (see the retreat above).
                    p = down[i]
                    while p != i:
                        for q in others[p]:
                            u = up[q]
                            d = down[q]
                            down[u] = d
                            up[d] = u
                            length[top[q]] -= 1
                        p = down[p]
                    length[i] += mark
                    lft = left[i]
                    rgt = right[i]
                    right[lft] = rgt
                    left[rgt] = lft
                    if emit:
                        emit((i << KIND_BITS) | COVER)
            else:
                # Commit x's items (Knuth's DLX2): cover an uncoloured one, purify a coloured one
                # unless an option above gave it this colour already.
                steps += 1 + commit(x, emit)
            level += 1
            forward = True

        if status is None:
            status, limit = (SOLVED if found else NO_SOLUTION), None
        stats.solutions, stats.nodes, stats.dead_ends = found, nodes, dead_ends
        stats.steps, stats.max_level = steps, max(len(item_at) - 1, 0)  # item_at grows one level at a time
        stats.seconds = time.perf_counter() - start
        stats.engine = PYTHON
        self.level = level
        settings = {"choose": choose, "max_solutions": max_solutions, "max_steps": max_steps,
                    "max_seconds": max_seconds}
        return Outcome(status, limit is None, limit, solutions, stats, settings)

    def _run_compiled(self, max_solutions, max_steps, max_seconds, choose, recording, keep,
                      on_solution, cancelled, started, keep_back) -> Outcome:
        """run() on the compiled core (webapp/_dlx.c): the same loop, the same events."""
        assert self.core is not None
        solutions: list[list[int]] = []
        per_event, per_dead_end = keep_back
        start = time.perf_counter()
        deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else -1.0
        ending, found, nodes, dead_ends, steps, levels, level, events, sizes = self.core.run(
            choose == "mrv", recording is not None,
            max_steps if max_steps is not None else sys.maxsize,
            max_solutions if max_solutions is not None else -1,
            keep if keep is not None else -1,
            deadline, per_event, per_dead_end, time.perf_counter, cancelled, solutions, on_solution)
        seconds = time.perf_counter() - start
        if recording is not None:
            recording.extend(events, sizes)
        limit = _COMPILED_LIMITS[ending]
        status = STOPPED if limit not in (None, LIMIT_SOLUTIONS) else SOLVED if found else NO_SOLUTION
        stats = Stats(solutions=found, nodes=nodes, dead_ends=dead_ends, steps=steps,
                      max_level=max(levels - 1, 0), seconds=seconds, engine=COMPILED)
        self.level = level
        settings = {"choose": choose, "max_solutions": max_solutions, "max_steps": max_steps,
                    "max_seconds": max_seconds}
        return Outcome(status, limit is None, limit, solutions, stats, settings)

    # The parts of run() outside its loop. The loop itself stays one function
    # on purpose: in CPython a call per try or per item costs over a tenth of
    # the search time (measured with bench/run.py), so cover, uncover and the
    # item choice are written inline there, each under a comment that names it.

    def _start_once(self, choose: str, max_solutions: int | None) -> None:
        """Check run()'s settings and mark this search as run (a Search runs once)."""
        if self.ran:
            raise RuntimeError("a Search runs once")
        if choose not in ("mrv", "first"):
            raise ValueError(f"unknown item choice {choose!r}: use 'mrv' or 'first'")
        if max_solutions is not None and max_solutions < 1:
            raise ValueError("max_solutions must be at least 1")
        self.ran = True

    def _event_sinks(self, recording: Recording | None, check: bool
                     ) -> tuple[Callable[[int], None] | None, Callable[[int], None]]:
        """Where the loop writes events and choose sizes: (emit, size_of). emit is None
        when nothing is recorded; size_of is called only where emit is set, so its
        do-nothing default costs the loop nothing. check: sanity() after every event."""
        events: list[int] = []
        sizes: list[int] = []
        if recording is not None:
            # A list to append to (a recording the compiled engine wrote first holds a view).
            if not isinstance(recording.events, list):
                recording.events, recording.sizes = list(recording.events), list(recording.sizes)
            events, sizes = cast(list, recording.events), cast(list, recording.sizes)
        if check:
            def emit_and_check(code: int, _append=events.append) -> None:
                _append(code)
                self.sanity()
            return emit_and_check, sizes.append
        if recording is not None:
            return events.append, sizes.append
        return None, _record_nothing


# The compiled core's endings (webapp/_dlx.c: ENDED ... LIMIT_CANCELLED), as run()'s limits.
_COMPILED_LIMITS = (None, LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED)
# The arrays Search.links() returns, in order.
_LINKS = ("up", "down", "len", "left", "right")


def solve(problem: Problem, engine: str | None = None, **limits) -> Outcome:
    """Run one search over a problem with nothing selected; see Search.run."""
    return Search(problem, engine).run(**limits)
