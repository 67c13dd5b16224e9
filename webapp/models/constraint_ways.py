"""Narrowing each cell's digits before the search, by every rule the cell is in.

Glossary
    mask      the digits a cell may still hold, as bits (bit d - 1 set: digit d is possible).
    rule      what narrows: a house (its singles), a relation between two cells, a constraint given
              as its ways (a thermometer, an arrow), a cage or renban line by its digit sets given
              to its cells one each (a matching), a sum along cells (a little killer, the digits of
              cells sharing a house apart), a sandwich by its ways, a quadruple by its counts. Each
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


def perfect_matching(rows: Sequence[int]) -> list[int] | None:
    """Each row (a cell's digits, as bits) its own digit, no digit twice (augmenting paths); None when
    there is no such matching. Returns the digit bit of each row."""
    owner: dict[int, int] = {}
    match = [0] * len(rows)

    def augment(r: int, visited: list[int]) -> bool:
        free = rows[r] & ~visited[0]
        while free:
            bit = free & -free
            free ^= bit
            visited[0] |= bit
            o = owner.get(bit)
            if o is None or augment(o, visited):
                owner[bit] = r
                match[r] = bit
                return True
        return False

    for r in range(len(rows)):
        if not augment(r, [0]):
            return None
    return match


def matched_digits(rows: Sequence[int]) -> list[int]:
    """The digits of each row that some perfect matching (each row its own digit, every digit of the
    rows' union used once, as many digits as rows) gives it; all 0 when there is none. A digit held by
    another row in one matching can be moved to this row when the two lie on a cycle of swaps (Régin's
    all-different filtering)."""
    match = perfect_matching(rows)
    if match is None:
        return [0] * len(rows)
    k = len(rows)
    owner = {bit: r for r, bit in enumerate(match)}
    reach = [0] * k         # reach[r]: the rows whose digit r can take, through swaps (bits of rows)
    for r, m in enumerate(rows):
        other = m & ~match[r]
        while other:
            bit = other & -other
            other ^= bit
            reach[r] |= 1 << owner[bit]
    for j in range(k):
        for i in range(k):
            if reach[i] >> j & 1:
                reach[i] |= reach[j]
    out = []
    for r, m in enumerate(rows):
        keep = match[r]
        other = m & ~match[r]
        while other:
            bit = other & -other
            other ^= bit
            if reach[owner[bit]] >> r & 1:      # r takes bit, its holder moves on, and so round to r
                keep |= bit
        out.append(keep)
    return out


def sets_rule(cells: Sequence[int], sets: Sequence[Sequence[int]], words: str) -> Rule:
    """A cage or a renban line (each digit once, a set of digits from sets): a set stays while its
    digits can be given to the cells, one each, within the cells' digits (a matching); each cell
    keeps the digits some such giving of a set that stays puts in it. Exact when each set has as many
    digits as there are cells (a cage, a run); else a set stays while every cell has a digit of it and
    together they cover it."""
    set_masks = [mask_of(s) for s in sets]
    k = len(cells)

    def revise(masks: list[int]) -> list[int]:
        keep = [0] * k
        for sm in set_masks:
            together = 0
            for m in masks:
                if not m & sm:
                    break
                together |= m & sm
            else:
                if together != sm:
                    continue
                if sm.bit_count() != k:
                    keep = [kept | (m & sm) for kept, m in zip(keep, masks)]
                    continue
                keep = [kept | got for kept, got in zip(keep, matched_digits([m & sm for m in masks]))]
        return [m & kept for m, kept in zip(masks, keep)]
    return Rule(tuple(cells), words, revise, 1 + len(set_masks) * k // 64)


def sum_rule(cells: Sequence[int], totals: set[int], size: int, words: str,
             apart: Callable[[int, int], bool] | None = None) -> Rule:
    """Cells whose digits add up to one of totals, repeats allowed except between cells apart (two
    cells sharing a house): the cells fall into groups joined by being apart, each group's fillings
    with different digits where apart are listed with their sums (up to MOST_GROUP_FILLINGS, past it
    the group's cells count one by one, repeats allowed), and each group keeps the fillings whose sum
    leaves the groups before and after it a way to reach a total."""
    m = len(cells)
    goal = mask_of(t + 1 for t in totals)       # sums as bit masks: bit s set, sum s reachable
    groups = sum_groups(cells, apart)
    clashes = [[[j for j in range(i) if apart is not None and apart(cells[g[i]], cells[g[j]])] for i in range(len(g))]
               for g in groups]
    weight = sum(min(size ** len(g), MOST_GROUP_FILLINGS) for g in groups if len(g) > 1)

    def revise(masks: list[int]) -> list[int]:
        # each part: {sum: the digits each of its cells holds in some filling with that sum}
        parts: list[dict[int, dict[int, int]]] = []
        for g, clash in zip(groups, clashes):
            part = group_sums(g, clash, masks, size) if len(g) > 1 else None
            if part is None:
                parts.extend({d: {k: 1 << (d - 1)} for d in range(1, size + 1) if masks[k] >> (d - 1) & 1}
                             for k in g)
            else:
                parts.append(part)
        ahead = [1] + [0] * len(parts)
        for i, part in enumerate(parts):
            for s in part:
                ahead[i + 1] |= ahead[i] << s
        back = [0] * len(parts) + [goal]
        for i in range(len(parts) - 1, -1, -1):
            for s in parts[i]:
                back[i] |= back[i + 1] >> s
        out = [0] * m
        for i, part in enumerate(parts):
            for s, held in part.items():
                if (ahead[i] << s) & back[i + 1]:
                    for k, digits in held.items():
                        out[k] |= digits
        return out
    return Rule(tuple(cells), words, revise, 1 + weight // 512)


MOST_GROUP_FILLINGS = 4096      # a sum's group of cells apart is listed up to this many fillings


def sum_groups(cells: Sequence[int], apart: Callable[[int, int], bool] | None) -> list[list[int]]:
    """The places of cells in groups: two places apart are in the same group (in the cells' order)."""
    root = list(range(len(cells)))

    def find(k: int) -> int:
        while root[k] != k:
            k = root[k]
        return k

    if apart is not None:
        for i in range(len(cells)):
            for j in range(i + 1, len(cells)):
                if cells[i] != cells[j] and apart(cells[i], cells[j]):
                    root[find(j)] = find(i)
    groups: dict[int, list[int]] = {}
    for k in range(len(cells)):
        groups.setdefault(find(k), []).append(k)
    return list(groups.values())


def group_sums(group: list[int], clash: list[list[int]], masks: list[int],
               size: int) -> dict[int, dict[int, int]] | None:
    """Each sum of the group's fillings (different digits where clash says: clash[i], the earlier
    places apart from the i-th) and the digits each of its places holds in one; None past
    MOST_GROUP_FILLINGS fillings."""
    out: dict[int, dict[int, int]] = {}
    digits = [[d for d in range(1, size + 1) if masks[k] >> (d - 1) & 1] for k in group]
    chosen = [0] * len(group)
    count = 0

    def fill(i: int, total: int) -> bool:
        nonlocal count
        if i == len(group):
            count += 1
            if count > MOST_GROUP_FILLINGS:
                return False
            held = out.setdefault(total, {})
            for k, d in zip(group, chosen):
                held[k] = held.get(k, 0) | 1 << (d - 1)
            return True
        for d in digits[i]:
            if any(chosen[j] == d for j in clash[i]):
                continue
            chosen[i] = d
            if not fill(i + 1, total + d):
                return False
        return True

    return out if fill(0, 0) else None


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
