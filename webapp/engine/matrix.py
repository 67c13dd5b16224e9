"""The dancing-links arrays of an exact cover problem, built once per problem.

exact_cover.Problem.matrix builds a Matrix; every exact_cover.Search copies its
mutable arrays (up, down, len, left, right, and colour when the problem has
colours) and the compiled core (webapp/_dlx.c) checks and copies the same
arrays (Matrix.compiled). The glossary of exact_cover.py holds here too.

Colours (Knuth's DLX2): colour[x] of an option node x is the colour its
option gives x's item (a secondary one), 0 for none; headers have 0. A search
keeps its own copy because purify marks the nodes that agree with the colour
it imposes (-1), so a later option of that colour does not purify the item
again.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

try:
    from webapp.engine import _dlx
except ImportError:     # built without a C compiler: the Python engine runs
    _dlx = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from .exact_cover import Problem


class EngineError(ValueError):
    """An engine that is not known, or not built here."""


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
                          colour=self.colour)
