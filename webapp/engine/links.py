"""The link arrays of one search, and the operations on them (Knuth's dancing links).

A search copies its problem's Matrix (matrix.py): up, down, len, left, right,
and colour when the problem has colours, or hands them to the compiled core
(webapp/engine/_dlx.c). Links holds that copy and the stack of the search, and
updates it: cover and uncover (as closures, for the loop's speed), with colours
commit and uncommit (Knuth's DLX2 purify and unpurify), select() for a given
before the search, and sanity(), every invariant of the arrays. The search loop
itself is exact_cover.Search.run. The glossary of exact_cover.py holds here too.
"""

from __future__ import annotations

from typing import cast

from .events import COVER, KIND_BITS, PURIFY, UNCOVER, UNPURIFY
from .matrix import BYTE_MARK, COMPILED, ConflictError, Problem, ProblemError, _dlx, engine_named

# The arrays Links.links() returns, in order.
_LINKS = ("up", "down", "len", "left", "right")


class Links:
    """A search's own copy of a problem's link arrays, with the stack, and what changes them:
    cover, uncover (and with colours commit, uncommit), the queries, sanity(), select().
    exact_cover.Search adds the search loop.

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

        self.purify, self.unpurify = purify, unpurify     # for the bounded search (bounded.py)

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
        if self.problem.bounded:
            # A given would count towards its items' bounds; nothing places one on a problem with bounds yet.
            raise ProblemError(f"option {option} cannot be placed before the search: the problem has bounds")
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
