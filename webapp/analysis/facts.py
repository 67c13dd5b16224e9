"""The whole search at a glance: why each dead end happened and what each choice cost.

One pass over a recorded search (exact_cover.Recording) computes the facts that
a reader of the search needs, for any exact cover problem:

- each dead end: the starved item, who ruled out each of its options (a given,
  or the choice at some level), a minimal conflict set of earlier choices (its
  culprits), where the search goes back to and where it could have jumped to;
- each back-up: the level it leaves, the choice it takes back, and where a
  conflict-directed backjumping search would have jumped;
- each tried option (a node): the size of its subtree, and whether it lies on
  the path to a solution; the wrong choices: the failed subtrees hanging off
  that path;
- thrashing (the same culprits causing dead end after dead end) and a heat
  count of dead ends per item.

Glossary
    level     depth of a frame; the choice at level l is the option tried there.
    placed    the givens (level -1) and the choice at every level above the
              current one.
    ruler     of an option o of a starved item i: the placed option that holds
              an item of o other than i, so o cannot be used. When several do,
              the earliest: a given first, then the lowest level; on a tie the
              first such item of o (explain.rulings, the same rule).
    conflict  of a dead end on item i at level L: levels above L (each standing
              for its choice) such that the givens plus those choices alone
              leave i no option.
    culprits  of a dead end: a smallest conflict set (no conflict set has
              fewer levels); among the smallest, the one whose deepest level is
              shallowest, then its next deepest, and so on (the least as a bit
              set). An exact minimum hitting set of the options' rulers
              (smallest_hitting), not just one with no culprit to spare.
    jump_to   the shallowest deepest level of any conflict set, or -1 when the
              givens alone starve the item: where a backjumping search would go
              back to (the deepest of the options' earliest rulers). It may lie
              above the deepest culprit: fewest and shallowest are two questions.
    back_to   the level where the search tries its next option after a dead
              end (chronological backtracking): -1 when the search ends
              instead, None when the recording stops first.
    nogood    of a level that is left (a back-up): the levels whose choices,
              with the givens, leave no solution below. Conflict-directed
              backjumping (Prosser's CBJ) builds it from the conflict sets of
              the dead ends below and the earliest rulers of the level's item's
              options that were ruled out when it was chosen. Sound, not
              necessarily minimal. Its deepest level is the back-up's jump_to.
    wasted    the nodes the search tried after a dead end or back-up whose
              jump_to lies above its back_to, before it got back to jump_to:
              none of them could lead to a solution. A back-up's back_to, like a
              dead end's, is the level of the next try.
    node      one tried option (a try event), numbered from 0 in log order; a
              node's subtree is itself plus the nodes tried below it, so node t
              holds nodes t .. t + size[t] - 1.
    path      the nodes whose subtree holds a solution, and the nodes still
              open when a limit stopped the recording.
    wrong     a wrong choice: a finished node with no solution below it whose
              parent is the root or on the path. Path nodes plus the wrong
              choices' subtrees are every node. With no solution, every node
              of level 0 is a wrong choice; with many, the paths to all of
              them form the path and the wrong choices hang off any of them.
    thrashing dead ends whose culprits are the same choices (the same options
              at the same levels) in different branches: the search meets the
              same conflict again after changing only innocent choices.

With bounds (Knuth's DLX3, exact_cover.Problem.bounds) a dead end is an item
that cannot reach its least with the options left, and options leave an item
not only through the placed options' items but also because a level above set
them aside (bounded.py's tweak). bounded_facts.py says what a conflict set and
the culprits are then (a level's choice counts with the options it set aside;
an option is ruled out through a primary item only when the item is full, and
then by all of the item's holders together) and finds them; jump_to is the shallowest
deepest level of a conflict set as here. A dead end's rulers are NOT_NAMED
(an option may be ruled out only by several levels together); its every_ruler
holds the levels of all its reasons. A back-up's nogood is every level above
(sound; no back-up jump is claimed), and no thrashing is reported (a settle
names no option). The tree's facts (nodes, subtree sizes, wrong choices, heat)
hold as they are; a settle (a level that takes no option) is a node whose
option is NOT_NAMED.

Nothing here knows about JSON, the web or the command line.
"""

from __future__ import annotations

import functools
import weakref
from array import array
from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter
from typing import overload

import orjson

from ..engine import exact_cover as ec
from . import bounded_facts
from .fact_types import (  # noqa: F401 (the facts' types, read as facts.X by the layers above)
    DEAD,
    GIVEN,
    NOT_NAMED,
    SOLVED,
    UNPLACED,
    Analysis,
    BackUps,
    DeadEnd,
    Jump,
    Thrash,
    Tries,
)

try:
    from webapp.analysis import _facts
except ImportError:     # built without a C compiler: the pass below runs
    _facts = None  # type: ignore[assignment]

# The passes, by name: "compiled" (webapp/analysis/_facts.c) and "python" (_Pass below, the reference).
COMPILED, PYTHON = ec.COMPILED, ec.PYTHON


def compiled_available() -> bool:
    """Whether the compiled pass was built (pip install compiles webapp/analysis/_facts.c when it can)."""
    return _facts is not None


def forced_items(events: Sequence[int], sizes: Sequence[int], passes: str | None = None) -> Sequence[int]:
    """The item of every choose with one option left (its sizes entry 1: a forced move), in log order.
    sizes: one entry per choose. The compiled module walks a compiled recording's native arrays
    (a 1,000,000-event log: a Python loop over its events cost 0.3 s, the most of an answer)."""
    native = all((isinstance(a, array) and a.typecode == "q") or (isinstance(a, memoryview) and a.format == "q")
                 for a in (events, sizes))
    if (passes or (COMPILED if _facts is not None else PYTHON)) == COMPILED and native:
        return int64s(_facts.forced_items(events, sizes))
    chooses = (code >> ec.KIND_BITS for code in events if code & ec.KIND_MASK == ec.CHOOSE)
    return [item for d, item in zip(sizes, chooses) if d == 1]


def json_ints(codes) -> bytes:
    """Native 64-bit integers (an array('q') or a memoryview of them) as a JSON array, the bytes
    orjson writes for their list; in C when the compiled module is built."""
    if _facts is not None and (codes.typecode if isinstance(codes, array) else codes.format) in ("q", "l"):
        return _facts.json_ints(codes)
    return orjson.dumps(codes.tolist())


def first_uses(values: Sequence[int], table: Sequence[int] | None = None) -> tuple[list[int], Sequence[int]]:
    """(firsts, indexes): the table entries of values (table[v], from 0 to len(table) - 1; without a
    table each value itself) in the order they are first used, and for each value the index of its
    entry in firsts. In C for native arrays."""
    if _facts is not None and all(isinstance(a, array) and a.typecode == "q" for a in (values, table or values)):
        firsts, packed = _facts.first_uses(values, table)
        return firsts, int64s(packed)
    number: dict[int, int] = {}
    entries = [table[value] for value in values] if table is not None else values
    for entry in entries:
        number.setdefault(entry, len(number))
    return list(number), [number[entry] for entry in entries]


def analyse(problem: ec.Problem, givens: Sequence[int], recording: ec.Recording,
            passes: str | None = None) -> Analysis:
    """The analysis of one recorded search over problem with givens placed first.

    The recording may stop anywhere (a step or time limit): the open levels
    are then left as they are (their nodes open, no back-up). passes: "compiled"
    (the default when it is built) or "python"; both find the same facts, with bounds (Knuth's
    DLX3) too.
    """
    if passes is None:
        passes = COMPILED if _facts is not None else PYTHON
    if passes == COMPILED:
        if _facts is None:
            raise ec.EngineError("the compiled analysis is not built here")
        return compiled_pass(problem, givens, recording.events)
    if passes != PYTHON:
        raise ec.EngineError(f"unknown analysis pass {passes!r}")
    return _Pass(problem, givens).run(recording.events)


def run(problem: ec.Problem, givens: Sequence[int] = (), engine: str | None = None,
        **limits) -> tuple[Analysis, ec.Outcome]:
    """Search with the givens placed (limits as exact_cover.Search.run) and analyse what it did."""
    search = ec.Search(problem, engine)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    outcome = search.run(recording=recording, **limits)
    return analyse(problem, givens, recording), outcome


# What analysing a recorded search and writing its log cost, in seconds: an
# amount an event, and at each dead end an amount for every option of the
# item that ran out (the culprits are looked for among them); the analysis,
# the rest of the log, its JSON and its brotli all count. Fitted with margin on
# this 2-core machine (CPython 3.11) with `python bench/bounded.py`, which
# prints the measured cost beside this estimate. The compiled pass (_facts.c):
# measured 0.13-0.35 us an event over 25x25 Sudoku and queens, and 0.09 us a
# dead end's option on the pentominoes (1,000,000 events, 42,050 dead ends of
# 155 options); doubled. facts.py's own pass, where no compiler built it:
# measured 0.8-2 us an event and 1.1-1.6 us a dead end's option.
COMPILED_SECONDS = (0.6e-6, 0.2e-6)
PYTHON_SECONDS = (1.5e-6, 1.6e-6)
SECONDS_AN_EVENT, SECONDS_A_DEAD_END_OPTION = COMPILED_SECONDS if _facts is not None else PYTHON_SECONDS

# The mean option count of a problem's primary items, by id(problem) while the problem lives.
_mean_options: dict[int, float] = {}


def seconds_kept_back(problem: ec.Problem) -> tuple[float, float]:
    """About how long analysing and writing the log take, an event and a dead end
    (exact_cover.Search.run's keep_back), so a time budget covers them."""
    options = _mean_options.get(id(problem))
    if options is None:
        primary = range(problem.primary)
        options = sum(len(problem.options_of_item[i]) for i in primary) / max(1, len(primary))
        _mean_options[id(problem)] = options
        weakref.finalize(problem, _mean_options.pop, id(problem), None)
    return SECONDS_AN_EVENT, SECONDS_A_DEAD_END_OPTION * options


def smallest_hitting(masks: list[int], bound: int) -> int:
    """The smallest set of levels (bits) that meets every mask; among the smallest, the least as
    a number, i.e. the one whose deepest level is shallowest, then its next deepest, and so on.

    bound: a set that meets every mask (a first answer to improve on). An exact branch and
    bound: the masks are few (one per option of the starved item) and small (the levels
    holding an option's other items), and a mask that holds another needs no branch of its own.
    """
    if not masks:
        return 0
    common = masks[0]
    for m in masks:
        common &= m
    if common:                          # one level meets every mask: its shallowest
        return common & -common
    # A mask that holds another is met whenever the other is; duplicates once.
    needed: list[int] = []
    for m in sorted(set(masks), key=int.bit_count):
        if not any(n & m == n for n in needed):
            needed.append(m)
    best = [bound.bit_count(), bound]

    def search(uncovered: list[int], chosen: int, count: int) -> None:
        if len(uncovered) <= 1:         # done, or one mask left: its shallowest level is the least finish
            if uncovered:
                chosen, count = chosen | (uncovered[0] & -uncovered[0]), count + 1
            if count < best[0] or (count == best[0] and chosen < best[1]):
                best[0], best[1] = count, chosen
            return
        # At least one more level for each of a run of pairwise disjoint masks.
        lower, seen = 0, 0
        for m in uncovered:
            if not m & seen:
                lower += 1
                seen |= m
        if count + lower > best[0] or (count + lower == best[0] and chosen >= best[1]):
            return
        branch = min(uncovered, key=int.bit_count)
        rest = branch
        while rest:                     # shallowest first: the least sets come early
            low = rest & -rest
            rest ^= low
            search([m for m in uncovered if not m & low], chosen | low, count + 1)

    search(needed, 0, 0)
    return best[1]


def levels_of(mask: int) -> list[int]:
    """The levels of a bit set (bit l + 1 for level l), ascending."""
    levels = []
    while mask:
        low = mask & -mask
        levels.append(low.bit_length() - 2)
        mask ^= low
    return levels


class _Pass:
    """The state of the one pass over the events: placed options and the frames of the levels."""

    def __init__(self, problem: ec.Problem, givens: Sequence[int]):
        self.problem = problem
        options = problem.options
        self.owner = [UNPLACED] * len(problem.items)        # level of the placed option holding each item
        self.given_of = [-1] * len(problem.items)           # the given holding each item
        self.givens = list(givens)
        for g in givens:
            for i in options[g]:
                self.owner[i] = GIVEN
                self.given_of[i] = g
        # With colours (Knuth's DLX2) several placed options may hold one secondary item, all giving
        # it one colour: owner is then the earliest one's level and held the colour they give it.
        self.coloured = problem.coloured
        self.bounded = problem.bounded
        self.held = [0] * len(problem.items)
        # Per item, lazily: (option, the option's other items) for each of its options.
        self.others_cache: dict[int, list[tuple[int, tuple[int, ...], int]]] = {}
        self.gather_cache: dict[int, tuple] = {}

    def others(self, item: int) -> list[tuple[int, tuple[int, ...], int]]:
        """The options of an item, each with its items other than the item itself and the given that
        rules it out whatever the choices (the one holding the first such item held by a given), or -1."""
        found = self.others_cache.get(item)
        if found is None:
            options, given_of = self.problem.options, self.given_of
            found = []
            for o in self.problem.options_of_item[item]:
                others = tuple(j for j in options[o] if j != item)
                given = next((given_of[j] for j in others if given_of[j] >= 0), -1)
                found.append((o, others, given))
            self.others_cache[item] = found
        return found

    def run(self, events: Sequence[int]) -> Analysis:
        """Walk the events once (covers and uncovers only cost a test) and gather every fact."""
        problem = self.problem
        options = problem.options
        owner = self.owner
        CHOOSE, TRY, SOLUTION, DEAD_END, BACKUP = ec.CHOOSE, ec.TRY, ec.SOLUTION, ec.DEAD_END, ec.BACKUP
        COVER, UNCOVER, BITS, MASK = ec.COVER, ec.UNCOVER, ec.KIND_BITS, ec.KIND_MASK

        # One frame per open level: [item, choice (-1 before its first try), the choice's node,
        # nogood gathered from below (bits), DEAD (its nogood is its dead end's conflict set) / SOLVED (a solution
        # lies below: its nogood is every level above) / 0].
        frames: list[list[int]] = []
        choices: list[int] = []           # the choice at each open level, for the dead ends' rulers

        try_step: list[int] = []
        try_level: list[int] = []
        try_option: list[int] = []
        try_parent: list[int] = []
        tries = Tries(try_step, try_level, try_option, try_parent)
        try_size, try_solved = tries.size, tries.solved
        nogoods: list[int] = []
        backup_step: list[int] = []
        backup_level: list[int] = []
        backup_takes_back: list[int] = []
        backup_jump_to: list[int] = []
        backup_wasted: list[int] = []
        backups = BackUps(backup_step, backup_level, backup_takes_back, nogood=nogoods, jump_to=backup_jump_to,
                          wasted=backup_wasted)
        dead_ends: list[DeadEnd] = []
        heat = [0] * len(problem.items)
        waiting: DeadEnd | None = None     # the dead end whose back_to the next try tells
        waiting_backups: list[int] = []    # the back-ups since the last try, likewise
        # Wasted stretches to measure once every subtree's size is known:
        # (first node after the event, the open node at jump_to or -1, the dead end or back-up index).
        stretches: list[tuple[int, int, DeadEnd | int]] = []
        solutions = 0

        quiet = (COVER, UNCOVER, ec.PURIFY, ec.UNPURIFY, ec.TAKE, ec.UNTAKE, ec.UNSETTLE)
        coloured = self.coloured
        SETTLE = ec.SETTLE
        # With bounds (bounded_facts.py): whether each open level sets its tries aside, and the options
        # the open levels set aside -> the level.
        bounded = self.bounded
        sets_aside: list[bool] = []
        aside: dict[int, int] = {}
        aside_at: list[list[int]] = []      # per open level: the options it set aside
        chose = -2              # the event index of the last choose
        for step, code in enumerate(events):
            kind = code & MASK
            if kind in quiet:
                # A level sets aside unless its item is covered at its choose and its least is its most.
                if bounded and kind == COVER and step == chose + 1:
                    least, most = problem.bounds_of(code >> BITS)
                    sets_aside[-1] = least != most
                continue
            arg = code >> BITS
            if kind == SETTLE:      # with bounds: a node that places no option
                kind, arg = TRY, NOT_NAMED
            if kind == TRY:
                top = len(frames) - 1
                frame = frames[top]
                previous = frame[1]
                node = len(try_step)
                if bounded and previous >= 0 and sets_aside[top]:
                    aside[previous] = top
                    aside_at[top].append(previous)
                if previous >= 0:
                    if coloured:
                        self.unplace(previous, top)
                    else:
                        for j in options[previous]:
                            owner[j] = UNPLACED
                if frame[2] >= 0:
                    try_size[frame[2]] = node - frame[2]
                if arg < 0:
                    pass            # a settle places nothing
                elif coloured:
                    self.place(arg, top)
                else:
                    for j in options[arg]:
                        owner[j] = top
                frame[1] = choices[top] = arg
                frame[2] = node
                try_step.append(step)
                try_level.append(top)
                try_option.append(arg)
                try_parent.append(frames[top - 1][2] if top else -1)
                try_size.append(0)
                try_solved.append(0)
                if waiting is not None:
                    waiting.back_to = top
                    waiting = None
                if waiting_backups:
                    for k in waiting_backups:
                        backups.back_to[k] = top
                    waiting_backups.clear()
            elif kind == CHOOSE:
                frames.append([arg, -1, -1, 0, 0])
                choices.append(-1)
                if bounded:
                    sets_aside.append(True)
                    aside_at.append([])
                    chose = step
            elif kind == BACKUP:
                item, option, node, nogood, mark = frames.pop()
                choices.pop()
                top = len(frames)           # the level left
                if bounded:
                    sets_aside.pop()
                    for o in aside_at.pop():
                        del aside[o]
                if option >= 0:
                    if coloured:
                        self.unplace(option, top)
                    else:
                        for j in options[option]:
                            owner[j] = UNPLACED
                if node >= 0:
                    try_size[node] = len(try_step) - node
                if mark == SOLVED or self.bounded:
                    nogood = (1 << (top + 1)) - 2          # every level above: no jump past a solution
                elif mark != DEAD:
                    nogood |= self.ruled_at_choice(item)
                jump = nogood.bit_length() - 2 if nogood else -1
                if top:
                    frames[top - 1][3] |= nogood & ~(1 << top)
                backup_step.append(step)
                backup_level.append(arg)
                backup_takes_back.append(choices[top - 1] if top else -1)
                backups.back_to.append(None)
                waiting_backups.append(len(backup_step) - 1)
                nogoods.append(nogood)
                backup_jump_to.append(jump)
                backup_wasted.append(0)
                if jump < top - 1:
                    stretches.append((len(try_step), frames[jump][2] if jump >= 0 else -1, len(backups) - 1))
            elif kind == DEAD_END:
                top = len(frames) - 1
                if bounded:
                    dead = bounded_facts.dead_end(problem, self.givens, step, top, arg, choices, aside)
                else:
                    dead = self.dead_end(step, top, arg, choices)
                heat[arg] += 1
                frame = frames[top]
                frame[3] = dead.conflict
                frame[4] = DEAD
                dead_ends.append(dead)
                waiting = dead
                if dead.jump_to < top - 1:
                    stretches.append((len(try_step), frames[dead.jump_to][2] if dead.jump_to >= 0 else -1, dead))
            elif kind == SOLUTION:
                solutions += 1
                for frame in reversed(frames):
                    if try_solved[frame[2]]:
                        break
                    try_solved[frame[2]] = 1
                    frame[4] = SOLVED
            else:
                raise ValueError(f"event {step} has unknown kind {kind}")

        finished = not frames
        total = len(try_step)
        tries.open = bytearray(total)
        for frame in frames:                     # levels a limit left open
            node = frame[2]
            if node >= 0:
                try_size[node] = total - node
                tries.open[node] = 1
        if waiting is not None:
            waiting.back_to = -1 if finished else None
        for k in waiting_backups:
            backups.back_to[k] = -1 if finished else None
        wasted = measure_wasted(stretches, try_size, total, backup_wasted)
        # Nodes are wasted only when the search tried one before it got back to jump_to: back_to is known.
        jumps = [Jump(d.step, DEAD_END, d.level, d.back_to, d.jump_to, d.wasted)
                 for d in dead_ends if d.wasted and d.back_to is not None]
        jumps += [Jump(step, BACKUP, level, back, jump, lost) for step, level, back, jump, lost
                  in zip(backups.step, backups.level, backups.back_to, backups.jump_to, backups.wasted)
                  if lost and back is not None]
        jumps.sort(key=lambda j: j.step)
        unfinished = tries.open
        wrong = [t for t in range(total) if not try_solved[t] and not unfinished[t]
                 and (try_parent[t] < 0 or try_solved[try_parent[t]] or unfinished[try_parent[t]])]
        return Analysis(len(events), solutions, dead_ends, backups, tries, wrong,
                        [] if self.bounded else thrashing(dead_ends), heat, finished, jumps, wasted)

    def place(self, option: int, level: int) -> None:
        """With colours: the option is placed at level; an item held already (by an option above that
        gives it the same colour) keeps its earliest holder."""
        owner, held = self.owner, self.held
        for j, c in zip(self.problem.options[option], self.problem.colours[option]):
            if owner[j] == UNPLACED:
                owner[j], held[j] = level, c

    def unplace(self, option: int, level: int) -> None:
        """With colours: the option placed at level is taken back; items an option above holds stay held."""
        owner = self.owner
        for j in self.problem.options[option]:
            if owner[j] == level:
                owner[j] = UNPLACED

    def rules_out(self, option: int, item: int) -> bool:
        """Whether the placed options holding item exclude option: always without colours; with them,
        unless both give it the same colour."""
        if not self.coloured:
            return True
        c = self.problem.colour_of(option, item)
        return c == 0 or c != self.held[item]

    def dead_end(self, step: int, level: int, item: int, choices: list[int]) -> DeadEnd:
        """A dead end on item at level: the ruler of each option and a minimal conflict set."""
        owner = self.owner
        options, ruler, ruler_level = [], [], []
        masks = []              # per option not ruled out by a given: the levels holding one of its items
        earliest = 0            # the earliest ruler of each of those options
        every = []              # per option: every placed option that rules it out (bits, bit 0 a given)
        for o, others, given in self.others(item):
            options.append(o)
            if given >= 0:
                ruler_level.append(GIVEN)
                ruler.append(given)
                every.append(self.every_ruler(o, others, choices, level))
                continue
            best, mask = UNPLACED, 0
            for j in others:
                lv = owner[j]
                if lv != UNPLACED and (not self.coloured or self.rules_out(o, j)):
                    mask |= 1 << (lv + 1)
                    if lv < best:       # not min(): a call costs more in this loop
                        best = lv
            if best == UNPLACED:
                raise ValueError(f"event {step}: option {o} of the dead end's item {item} is not ruled out")
            if self.coloured:
                # owner keeps an item's earliest holder only; with colours later ones may hold it too
                # (in the same colour), and each of them rules the option out as well.
                mask = self.every_ruler(o, others, choices, level)
            ruler_level.append(best)
            ruler.append(choices[best])
            masks.append(mask)
            every.append(mask)
            earliest |= 1 << (best + 1)
        # A conflict set whose deepest level is as shallow as any's (the deepest earliest ruler):
        # the earliest rulers, dropping the deepest first while the rest still rule out every
        # option. It bounds the smallest, and backjumping goes back to its deepest level.
        # Options ruled out by the same levels count once (pentominoes: 170 options, a few dozen sets).
        distinct = list(set(masks))
        kept = earliest
        for culprit in reversed(levels_of(earliest)):
            fewer = kept & ~(1 << (culprit + 1))
            if all(m & fewer for m in distinct):
                kept = fewer
        culprits = levels_of(smallest_hitting(distinct, kept))
        return DeadEnd(step, level, item, options, ruler, ruler_level, culprits,
                       [choices[c] for c in culprits], None, kept.bit_length() - 2 if kept else -1, conflict=kept,
                       every_ruler=every)

    def every_ruler(self, option: int, others: tuple[int, ...], choices: list[int], level: int) -> int:
        """Bits (l + 1) of every placed option that rules the option out, bit 0 for the givens. Without
        colours an item has one holder, so the holders of its other items are all; with colours several
        options may hold an item in one colour, so each placed option is asked."""
        if not self.coloured:
            bits = 0
            for j in others:
                lv = self.owner[j]
                if lv != UNPLACED:
                    bits |= 1 << (lv + 1)
            return bits
        compatible = self.problem.compatible
        bits = 1 if any(not compatible(option, g) for g in self.givens) else 0
        for lv in range(level):
            if not compatible(option, choices[lv]):
                bits |= 1 << (lv + 1)
        return bits

    def ruled_at_choice(self, item: int) -> int:
        """The earliest ruler levels (bits) of the item's options that were ruled out when it was chosen.

        Called at the item's back-up, when the placed options are again those of its choice.
        """
        if self.coloured:
            # A held item rules an option out only when their colours differ: no shortcut.
            owner = self.owner
            earliest = [min((owner[j] for j in others if self.rules_out(o, j)), default=UNPLACED)
                      for o, others, given in self.others(item) if others and given < 0]
            return sum({1 << (level + 1) for level in earliest if 0 <= level < UNPLACED})
        found = self.gather_cache.get(item)
        if found is None:
            found = self.gather_cache[item] = self.gatherer(item)
        gather, width = found
        if width:
            held = gather(self.owner)
            # The lowest level holding an item of each option: one C-level map over strided slices.
            lowest = held if width == 1 else map(min, *[held[s::width] for s in range(width)])
        else:
            lowest = [min(map(self.owner.__getitem__, others)) for _, others, given in self.others(item)
                      if others and given < 0]
        bits = 0
        for level in set(lowest):
            if 0 <= level < UNPLACED:
                bits |= 1 << (level + 1)
        return bits

    def gatherer(self, item: int):
        """(a function from owner to the owner levels of the item's options' other items, in option order,
        the number of other items per option), or (None, 0) when the options differ in size."""
        # An option that a given rules out adds no level, whatever the choices: leave it out.
        others = [t for _, t, given in self.others(item) if t and given < 0]
        if not others:
            return (lambda owner: ()), 1
        widths = {len(t) for t in others}
        if len(widths) != 1:
            return None, 0
        flat = [j for t in others for j in t]
        if len(flat) == 1:
            only = flat[0]
            return (lambda owner: (owner[only],)), 1
        return itemgetter(*flat), widths.pop()


def measure_wasted(stretches, try_size: list[int], total: int, backup_wasted: list[int]) -> int:
    """Set each stretch's wasted nodes (on its dead end, or in backup_wasted), and count their union."""
    spans = []
    for start, node, whose in stretches:
        end = node + try_size[node] if node >= 0 else total
        if isinstance(whose, DeadEnd):
            whose.wasted = end - start
        else:
            backup_wasted[whose] = end - start
        if end > start:
            spans.append((start, end))
    spans.sort()
    union, reach = 0, 0
    for start, end in spans:
        start = max(start, reach)
        if end > start:
            union += end - start
            reach = end
    return union


def thrashing(dead_ends: list[DeadEnd]) -> list[Thrash]:
    """Groups of two or more dead ends with the same culprits (levels and choices), largest first."""
    groups: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for k, dead in enumerate(dead_ends):
        groups.setdefault(tuple(zip(dead.culprits, dead.culprit_options)), []).append(k)
    found = [Thrash(key, members) for key, members in groups.items() if len(members) > 1]
    found.sort(key=lambda t: (-len(t.dead_ends), t.dead_ends[0]))
    return found


# -- the compiled pass (webapp/analysis/_facts.c) ----------------------------------------

def dead_end_columns(dead_ends: Sequence[DeadEnd]) -> dict[str, list]:
    """The dead ends' facts as parallel lists (the step log's form): step, level, ruler_level and
    culprits (flat, every dead end's after the one before), culprit_count, back_to (None: unknown),
    jump_to. A DeadEndTable has them already, and the step log's `also` besides (steplog.also_text
    writes it from a list of DeadEnds); a list of DeadEnds is read once."""
    if isinstance(dead_ends, DeadEndTable):
        return dead_ends.columns()
    ruler: list[int] = []
    culprits: list[int] = []
    for dead in dead_ends:
        ruler += dead.ruler_level
        culprits += dead.culprits
    return {"step": [d.step for d in dead_ends], "level": [d.level for d in dead_ends], "ruler_level": ruler,
            "culprits": culprits, "culprit_count": [len(d.culprits) for d in dead_ends],
            "back_to": [d.back_to for d in dead_ends], "jump_to": [d.jump_to for d in dead_ends]}


class LevelSets(Sequence[int]):
    """Level sets (bit l + 1 for level l, bit 0 a given) packed as `words` little-endian 64-bit words
    each, made Python ints when read: most are never read."""

    def __init__(self, packed: bytes, words: int):
        self.packed, self.width = packed, 8 * words

    def __len__(self) -> int:
        return len(self.packed) // self.width

    @overload
    def __getitem__(self, k: int) -> int: ...

    @overload
    def __getitem__(self, k: slice) -> list[int]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError("level set index out of range")
        return int.from_bytes(self.packed[k * self.width:(k + 1) * self.width], "little")

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


class DeadEndTable(Sequence[DeadEnd]):
    """The compiled pass's dead ends as columns; a DeadEnd is made when one is read (the step
    log reads the columns only: dead_end_columns). Each option's ruler and every ruler of each
    option (the details, which the step log does not carry) are found when first read, by the
    compiled pass once more over the same events."""

    def __init__(self, found: dict, problem: ec.Problem, again: Callable[..., dict] | None = None):
        self.found, self.problem, self.again = found, problem, again
        self.conflicts = LevelSets(found["conflict"], found["words"])
        self.rulers: array | None = None
        self.every: LevelSets | None = None

    def details(self) -> tuple[array, LevelSets]:
        if self.rulers is None or self.every is None:
            f = self.found if self.again is None else self.again(details=True)
            self.rulers, self.every = int64s(f["ruler"]), LevelSets(f["every_ruler"], f["words"])
        return self.rulers, self.every

    def __len__(self) -> int:
        return len(self.found["dead_step"])

    @overload
    def __getitem__(self, k: int) -> DeadEnd: ...

    @overload
    def __getitem__(self, k: slice) -> list[DeadEnd]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError("dead end index out of range")
        f = self.found
        first, end = f["dead_first"][k], f["dead_first"][k + 1]
        c0, c1 = f["dead_culprit_first"][k], f["dead_culprit_first"][k + 1]
        rulers, every = self.details()
        return DeadEnd(f["dead_step"][k], f["dead_level"][k], f["dead_item"][k],
                       list(self.problem.options_of_item[f["dead_item"][k]]), rulers[first:end].tolist(),
                       f["ruler_level"][first:end], f["culprits"][c0:c1], f["culprit_options"][c0:c1].tolist(),
                       f["dead_back_to"][k], f["dead_jump_to"][k], f["dead_wasted"][k], self.conflicts[k],
                       every[first:end])

    def __iter__(self) -> Iterator[DeadEnd]:
        return (self[k] for k in range(len(self)))

    def columns(self) -> dict[str, list]:
        f = self.found
        starts = f["dead_culprit_first"]
        return {"step": f["dead_step"], "level": f["dead_level"].tolist(), "ruler_level": f["ruler_level"],
                "culprits": f["culprits"], "culprit_count": [b - a for a, b in zip(starts, starts[1:])],
                "back_to": f["dead_back_to"], "jump_to": f["dead_jump_to"], "also": f["also"]}


# The problem's options as the compiled pass reads them, by id(problem) while the problem lives:
# (starts, entries, colours or None), array('q') each.
_flat: dict[int, tuple[array, array, array | None]] = {}


def flat_options(problem: ec.Problem) -> tuple[array, array, array | None]:
    """Option k's items are entries[starts[k]:starts[k + 1]]; colours beside them (None without any)."""
    found = _flat.get(id(problem))
    if found is None:
        starts = array("q", [0])
        entries = array("q")
        for option in problem.options:
            entries.extend(option)
            starts.append(len(entries))
        colours = array("q", [c for option in problem.colours for c in option]) if problem.coloured else None
        found = _flat[id(problem)] = (starts, entries, colours)
        weakref.finalize(problem, _flat.pop, id(problem), None)
    return found


def int64s(packed: bytes) -> array:
    """Native 64-bit integers (the compiled pass's columns that the step log does not carry)."""
    found = array("q")
    found.frombytes(packed)
    return found


# The compiled pass's columns that come as bytes: read as array('q').
PACKED = ("try_step", "try_level", "try_option", "try_parent", "backup_step", "backup_level", "backup_takes_back",
          "backup_jump_to", "backup_wasted", "dead_level", "dead_item", "dead_first", "dead_culprit_first",
          "dead_wasted", "culprit_options")


def compiled_pass(problem: ec.Problem, givens: Sequence[int], events: Sequence[int]) -> Analysis:
    """The Analysis that _Pass.run finds, found by webapp/analysis/_facts.c."""
    starts, entries, colours = flat_options(problem)
    # The compiled engine's recording is a memoryview of native 64-bit integers already: no copy.
    native = (isinstance(events, array) and events.typecode == "q") or (
        isinstance(events, memoryview) and events.format == "q")
    codes = events if native else array("q", events)
    inputs = (len(problem.items), starts, entries, colours, array("q", givens), codes)
    # With bounds: (least, most) of each primary item, flat (None: exact cover).
    bounds = array("q", [v for pair in problem.bounds for v in pair]) if problem.bounded else None
    f = _facts.analyse(*inputs, details=False, bounds=bounds)
    for name in PACKED:
        f[name] = int64s(f[name])
    tries = Tries(f["try_step"], f["try_level"], f["try_option"], f["try_parent"], f["try_size"],
                  bytearray(f["try_solved"]), bytearray(f["try_open"]))
    backups = BackUps(f["backup_step"], f["backup_level"], f["backup_takes_back"], f["backup_back_to"],
                      LevelSets(f["backup_nogood"], f["words"]), f["backup_jump_to"], f["backup_wasted"])
    jumps = [Jump(*row) for row in zip(f["jump_step"], f["jump_kind"], f["jump_level"], f["jump_back_to"],
                                       f["jump_to"], f["jump_wasted"])]
    starts_of = f["dead_culprit_first"]
    culprits, options = f["culprits"], f["culprit_options"]
    thrash = [Thrash(tuple(zip(culprits[starts_of[g[0]]:starts_of[g[0] + 1]],
                               options[starts_of[g[0]]:starts_of[g[0] + 1]])), g) for g in f["thrashing"]]
    again = functools.partial(_facts.analyse, *inputs, bounds=bounds)
    return Analysis(f["events"], f["solutions"], DeadEndTable(f, problem, again), backups, tries, f["wrong"], thrash,
                    f["heat"], f["finished"], jumps, f["wasted"])
