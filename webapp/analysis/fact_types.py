"""The facts' record types: a dead end, the back-ups, the tries (the nodes), a thrashing group,
a jump, and the whole Analysis that facts.py computes (its glossary says what each means).

Nothing here knows about JSON, the web or the command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

GIVEN = -1              # the level of a given
UNPLACED = 1 << 40      # the level of an item that no placed option holds (above every real level)
DEAD, SOLVED = 1, 2     # marks of a frame: a dead end, a solution below
NOT_NAMED = -2          # with bounds: a dead end's rulers are not named; a settle's option (none)


@dataclass
class DeadEnd:
    """One dead end: where it happened, the starved item, who ruled out what, and its culprits."""

    step: int                           # event index of the dead_end event (step + 1 on the page)
    level: int
    item: int
    options: list[int]                  # the item's options, in option-id order
    ruler: list[int]                    # per option: the placed option that ruled it out
    ruler_level: list[int]              # per option: the ruler's level (-1: a given)
    culprits: list[int]                 # levels, ascending
    culprit_options: list[int]          # the choice at each culprit level
    back_to: int | None                 # see the glossary
    jump_to: int
    wasted: int = 0                     # nodes tried before the search got back to jump_to
    conflict: int = 0                   # bits (l + 1): a conflict set whose deepest level is jump_to, for the nogoods
    # per option: bits (l + 1) of every placed option that rules it out, bit 0 for a given (ruler: the earliest)
    every_ruler: list[int] = field(default_factory=list)

    @property
    def innocent(self) -> range:
        """The levels a backjumping search would skip: below jump_to, down to back_to."""
        if self.back_to is None or self.jump_to >= self.back_to:
            return range(0)
        return range(self.jump_to + 1, self.back_to + 1)


@dataclass
class BackUps:
    """Every back-up, as parallel lists in log order."""

    step: Sequence[int] = field(default_factory=list)      # event index
    level: Sequence[int] = field(default_factory=list)     # the level left; the search returns to level - 1
    # the choice at level - 1 it takes back (-1: none, the search is over)
    takes_back: Sequence[int] = field(default_factory=list)
    back_to: list[int | None] = field(default_factory=list)  # the level of the next try, as for a dead end
    nogood: Sequence[int] = field(default_factory=list)    # bit l + 1 set for each level l of the nogood
    jump_to: Sequence[int] = field(default_factory=list)   # deepest level of the nogood, -1 when empty
    wasted: Sequence[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.step)


@dataclass
class Tries:
    """Every tried option (node), as parallel lists in log order."""

    # (lists, or from the compiled pass arrays of 64-bit integers)
    step: Sequence[int] = field(default_factory=list)      # event index of the try
    level: Sequence[int] = field(default_factory=list)
    option: Sequence[int] = field(default_factory=list)
    parent: Sequence[int] = field(default_factory=list)    # the node one level up (-1: the root)
    size: list[int] = field(default_factory=list)          # nodes in its subtree, itself included
    solved: bytearray = field(default_factory=bytearray)   # 1: a solution lies in its subtree
    open: bytearray = field(default_factory=bytearray)     # 1: still open when the recording ended

    def __len__(self) -> int:
        return len(self.step)

    def on_path(self, t: int) -> bool:
        """Whether node t leads to a solution or was still being explored when the recording ended."""
        return bool(self.solved[t] or self.open[t])


@dataclass
class Thrash:
    """Dead ends that share their culprits: the same choices at the same levels."""

    culprits: tuple[tuple[int, int], ...]      # (level, option) pairs, ascending levels
    dead_ends: list[int]                       # indexes into Analysis.dead_ends, in log order


@dataclass
class Jump:
    """A dead end or back-up whose jump_to lies above back_to: the levels between were innocent."""

    step: int
    kind: int                   # exact_cover.DEAD_END or exact_cover.BACKUP
    level: int                  # the dead end's level, or the level the back-up leaves
    back_to: int                # where the search tried its next option
    jump_to: int                # where a backjumping search would have (-1: no solution at all)
    wasted: int                 # nodes tried from here until the search got back to jump_to

    @property
    def innocent(self) -> range:
        """The levels a backjumping search would skip."""
        return range(self.jump_to + 1, self.back_to + 1)


@dataclass
class Analysis:
    """Everything analyse() finds in one recorded search."""

    events: int
    solutions: int
    dead_ends: Sequence[DeadEnd]               # a list, or from the compiled pass a DeadEndTable
    backups: BackUps
    tries: Tries
    wrong_choices: list[int]                   # node ids, in log order
    thrashing: list[Thrash]                    # groups of two or more, largest first
    heat: list[int]                            # dead ends per item id
    finished: bool                             # the recording ran to the search's end (every level left)
    jumps: list[Jump]                          # the dead ends and back-ups after which nodes were wasted
    wasted: int                                # nodes in the union of their wasted stretches

    @property
    def nodes(self) -> int:
        """Options tried (the search tree's size): exact_cover.Stats.nodes."""
        return len(self.tries)

    def path_nodes(self) -> list[int]:
        """The nodes on the path (see the glossary), in log order."""
        solved, unfinished = self.tries.solved, self.tries.open
        return [t for t in range(len(self.tries)) if solved[t] or unfinished[t]]

    def worst_wrong_choices(self, count: int) -> list[int]:
        """The wrong choices with the largest subtrees, largest first (ties: earliest first)."""
        size = self.tries.size
        return sorted(self.wrong_choices, key=lambda t: (-size[t], t))[:count]

