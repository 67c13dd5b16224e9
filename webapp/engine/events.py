"""What a search writes and returns: its events, packed, and how it ended.

An event is one thing the search did (choose, try, cover, uncover, solution,
dead end, back up, purify, unpurify), packed as one integer ``arg * 16 + kind``;
a Recording keeps them, with the option count d of each choose event. Outcome
and Stats say how a search ended. The glossary of exact_cover.py holds here too.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from .matrix import PYTHON

# Event kinds. A recorded event is packed as ``arg * 16 + kind``.
# PURIFY and UNPURIFY (Knuth's DLX2 colours): a try gave a secondary item a
# colour, setting aside the options that give it another or none; arg: the item.
# TAKE, UNTAKE, SETTLE and UNSETTLE (Knuth's DLX3 bounds, webapp/engine/bounded.py): a try counted
# once more for a primary item that can take more (no cover: its most is not reached), and its
# undoing; a level's move that takes no more options for its item (the item leaves the list,
# covered often enough), and its undoing. arg: the item.
CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP, PURIFY, UNPURIFY = range(9)
TAKE, UNTAKE, SETTLE, UNSETTLE = range(9, 13)
KIND_NAMES = ("choose", "try", "cover", "uncover", "solution", "dead_end", "backup", "purify", "unpurify",
              "take", "untake", "settle", "unsettle")
KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1

# Outcome statuses and the limits that can stop a search.
SOLVED, NO_SOLUTION, STOPPED = "solved", "no_solution", "stopped"
LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED = "solutions", "steps", "time", "cancelled"


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

