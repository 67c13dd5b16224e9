"""Narrowing each cell's digits before the search, by every rule the cell is in.

Glossary
    mask      the digits a cell may still hold, as bits (bit d - 1 set: digit d is possible).
    rule      what narrows: a house (its singles), a relation between two cells, a constraint given
              as its ways (a thermometer, an arrow), a cage or renban line by its digit sets, a sum
              along cells (a little killer), a sandwich by its ways, a quadruple by its counts. Each
              revision keeps every digit some filling of the rule's cells within their masks uses
              (sound), so narrowing never loses a solution.
    trial     singleton consistency: a digit left in a cell is tried alone; when the rules then leave
              some cell no digit, the digit is taken away.

webapp/models/constraint_cover.py narrows before the search (from the setup and the givens) and
gives each narrowed cell an item only its digits left cover, named with what narrowed it. All of it
is bounded by work (revisions, weighted by a rule's size), never by a clock, so the same puzzle gets
the same model on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from . import build_clock

# -- narrowing: domains as bit masks (bit d - 1 set: digit d still possible) ------------------

def mask_of(digits) -> int:
    out = 0
    for d in digits:
        out |= 1 << (d - 1)
    return out


def digits_of(mask: int) -> set[int]:
    return {k + 1 for k in range(mask.bit_length()) if mask >> k & 1}


class Conflict(Exception):
    """A cell with no digit left."""


@dataclass
class Rule:
    """One thing that narrows: its cells, its words and how it narrows (revise: the new masks of its
    cells from the old, each a subset; the work it took is counted by the caller)."""

    cells: tuple[int, ...]
    words: str
    revise: Callable[[list[int]], list[int]]
    cost: int = 1           # work units of one revision (a rule with many ways costs more)


def pair_rule(a: int, c: int, fits: Callable[[int, int], bool], size: int, words: str) -> Rule:
    """A relation between two cells: each digit keeps a partner."""
    for_a = [0] + [mask_of(y for y in range(1, size + 1) if fits(x, y)) for x in range(1, size + 1)]

    def revise(masks: list[int]) -> list[int]:
        ma, mc = masks
        keep_a = 0
        reach_c = 0
        for x in range(1, size + 1):
            if ma >> (x - 1) & 1 and for_a[x] & mc:
                keep_a |= 1 << (x - 1)
                reach_c |= for_a[x]
        return [keep_a, mc & reach_c]
    return Rule((a, c), words, revise)


def ways_rule(cells: Sequence[int], ways: Sequence[tuple[int, ...]], words: str) -> Rule:
    """A constraint given as its ways: each digit keeps a way the other cells allow. A cell a line
    passes twice is one place."""
    places = tuple(sorted(set(cells)))
    at = [places.index(c) for c in cells]
    size = max((max(w) for w in ways), default=1)
    # has[k][d - 1]: the ways with d in the k-th place, as bits of a number (bit i: way i)
    has = [[0] * size for _ in places]
    for i, w in enumerate(ways):
        for k, d in enumerate(w):
            has[at[k]][d - 1] |= 1 << i

    def revise(masks: list[int]) -> list[int]:
        alive = (1 << len(ways)) - 1
        for k, mask in enumerate(masks):
            allowed = 0
            for d in range(size):
                if mask >> d & 1:
                    allowed |= has[k][d]
            alive &= allowed
        out = []
        for k, mask in enumerate(masks):
            keep = 0
            for d in range(size):
                if mask >> d & 1 and has[k][d] & alive:
                    keep |= 1 << d
            out.append(keep)
        return out
    return Rule(places, words, revise, 1 + len(ways) // 256)


def sets_rule(cells: Sequence[int], sets: Sequence[Sequence[int]], words: str) -> Rule:
    """A cage or a renban line (each digit once, a set of digits from sets): a set stays while every
    cell has a digit of it and its cells' digits together cover it; each cell keeps the digits of the
    sets that stay."""
    set_masks = [mask_of(s) for s in sets]

    def revise(masks: list[int]) -> list[int]:
        keep = 0
        for sm in set_masks:
            together = 0
            for m in masks:
                if not m & sm:
                    break
                together |= m & sm
            else:
                if together == sm:
                    keep |= sm
        return [m & keep for m in masks]
    return Rule(tuple(cells), words, revise, 1 + len(set_masks) // 64)


def sum_rule(cells: Sequence[int], totals: set[int], size: int, words: str) -> Rule:
    """Cells whose digits add up to one of totals (repeats allowed): each digit keeps a sum before
    it and a sum after it that reach a total."""
    m = len(cells)
    goal = mask_of(t + 1 for t in totals)       # sums as bit masks: bit s set, sum s reachable

    def revise(masks: list[int]) -> list[int]:
        digits = [[d for d in range(1, size + 1) if masks[i] >> (d - 1) & 1] for i in range(m)]
        ahead = [1] + [0] * m
        for i in range(m):
            for d in digits[i]:
                ahead[i + 1] |= ahead[i] << d
        back = [0] * m + [goal]
        for i in range(m - 1, -1, -1):
            for d in digits[i]:
                back[i] |= back[i + 1] >> d
        out = []
        for i in range(m):
            keep = 0
            for d in digits[i]:
                if (ahead[i] << d) & back[i + 1]:
                    keep |= 1 << (d - 1)
            out.append(keep)
        return out
    return Rule(tuple(cells), words, revise)


def sandwich_rule(cells: Sequence[int], ways: Sequence[tuple[int, int, Sequence[int]]], size: int,
                  words: str) -> Rule:
    """A sandwich: a way (the 1's place, the N's place, the digits between) stays while its ends may
    hold 1 and N, each cell between has a digit of its set and together they cover it, and each cell
    outside has a digit outside it; each cell keeps what the ways that stay give it."""
    one, top = 1, 1 << (size - 1)
    every = (1 << size) - 1
    prepared = [(p, q, mask_of(chosen)) for p, q, chosen in ways]

    def revise(masks: list[int]) -> list[int]:
        seen = [0] * len(cells)
        for p, q, between in prepared:
            if not (masks[p] & one and masks[q] & top):
                continue
            low, high = min(p, q), max(p, q)
            outside = every & ~between & ~one & ~top
            together = 0
            fits = True
            for k in range(len(cells)):
                if k in (p, q):
                    continue
                allowed = between if low < k < high else outside
                if not masks[k] & allowed:
                    fits = False
                    break
                if low < k < high:
                    together |= masks[k] & between
            if not fits or together != between:
                continue
            seen[p] |= one
            seen[q] |= top
            for k in range(len(cells)):
                if k not in (p, q):
                    seen[k] |= masks[k] & (between if low < k < high else outside)
        return [m & s for m, s in zip(masks, seen)]
    return Rule(tuple(cells), words, revise, 1 + len(prepared) // 2)   # a revision weighs each way


def count_rule(cells: Sequence[int], digits: Sequence[int], size: int, words: str) -> Rule:
    """A quadruple: each listed digit in the cells as often as listed. A digit with just enough cells
    that may hold it fills them; when the listed digits fill every cell, no cell holds another."""
    needed = {d: digits.count(d) for d in set(digits)}
    full = len(digits) == len(cells)
    listed = mask_of(needed)

    def revise(masks: list[int]) -> list[int]:
        out = list(masks)
        if full:
            out = [m & listed for m in out]
        for d, times in needed.items():
            bit = 1 << (d - 1)
            places = [k for k, m in enumerate(out) if m & bit]
            if len(places) < times:
                return [0] * len(out)
            if len(places) == times:
                for k in places:
                    out[k] = bit
        return out
    return Rule(tuple(cells), words, revise)


def house_rule(cells: Sequence[int], full: bool, words: str) -> Rule:
    """A house: a cell with one digit left takes it from the others; in a house of N cells, a digit
    with one place left fills it."""
    every = 0
    for _ in cells:
        every = every << 1 | 1

    def revise(masks: list[int]) -> list[int]:
        singles = 0
        for m in masks:
            if not m & (m - 1):
                if m & singles:
                    return [0] * len(masks)       # two cells left the same one digit
                singles |= m
        out = [m if not m & (m - 1) else m & ~singles for m in masks]
        if full:
            once = twice = 0
            for m in out:
                twice |= once & m
                once |= m
            if once != every:
                return [0] * len(out)             # a digit with no place left
            once &= ~twice
            out = [m & once if m & once else m for m in out]
        return out
    return Rule(tuple(cells), words, revise)


@dataclass
class Narrowing:
    """Every cell's digits (as masks), narrowed by the rules to a fixpoint; work counts the rules'
    revisions, so the whole is bounded by work, not by a clock (the same model on every machine)."""

    size: int
    rules: list[Rule]
    masks: list[int] = field(default_factory=list)
    why: dict[int, set[str]] = field(default_factory=dict)
    work: int = 0
    watch: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.masks = self.masks or [(1 << self.size) - 1] * (self.size * self.size)
        self.watch = [[] for _ in range(self.size * self.size)]
        for r, rule in enumerate(self.rules):
            for cell in rule.cells:
                self.watch[cell].append(r)

    def limit(self, cell: int, digits: set[int], words: str) -> None:
        new = self.masks[cell] & mask_of(digits)
        if new != self.masks[cell]:
            self.masks[cell] = new
            self.why.setdefault(cell, set()).add(words)

    def propagate(self, masks: list[int], queue: list[int], why: dict[int, set[str]] | None) -> bool:
        """Narrow masks (in place) from the rules in queue; False when a cell is left no digit."""
        waiting = set(queue)
        while queue:
            r = queue.pop()
            waiting.discard(r)
            rule = self.rules[r]
            self.work += rule.cost
            build_clock.tick()          # a request's deadline counts the build (webapp/models/build_clock.py)
            new = rule.revise([masks[c] for c in rule.cells])
            for cell, mask in zip(rule.cells, new):
                if mask == masks[cell]:
                    continue
                masks[cell] = mask
                if not mask:
                    return False
                if why is not None:
                    why.setdefault(cell, set()).add(rule.words)
                for other in self.watch[cell]:
                    if other not in waiting:
                        waiting.add(other)
                        queue.append(other)
        return True

    def run(self, probe_words: str, most_work: int, tried: Sequence[int] | None = None) -> None:
        """Narrow to a fixpoint, then try each digit left in each cell of tried (every cell when None;
        singleton consistency): a digit whose trial leaves a cell no digit is taken away, until nothing
        changes or the work passes most_work (what was found so far stays: each step is sound on its own)."""
        if not self.propagate(self.masks, list(range(len(self.rules))), self.why):
            return
        changed = True
        while changed:
            changed = False
            for cell in range(self.size * self.size) if tried is None else tried:
                mask = self.masks[cell]
                if not mask & (mask - 1):
                    continue
                for d in range(1, self.size + 1):
                    bit = 1 << (d - 1)
                    if not mask & bit:
                        continue
                    if self.work > most_work:
                        return
                    trial = list(self.masks)
                    trial[cell] = bit
                    if self.propagate(trial, list(self.watch[cell]), None):
                        continue
                    self.masks[cell] &= ~bit
                    self.why.setdefault(cell, set()).add(probe_words)
                    changed = True
                    if not self.propagate(self.masks, list(self.watch[cell]), self.why):
                        return
                    mask = self.masks[cell]
