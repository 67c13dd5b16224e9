"""Narrowing sums along many cells before the search: bounds by the houses the cells share, and the
sums the houses themselves make (a house's digits add up to 1 + 2 + … + N).

Glossary
    clique      cells of one house on a sum's cells: their digits differ, so together they hold at
                least the smallest digits they can be given one each (and at most the largest).
    bounds      the least and the most a sum's cells can add up to: the cells fall into cliques
                (greedily, the house with most of them first), each clique's least and most found
                exactly (digits given in order, each kept while the clique's cells can still take the
                digits kept one each: a greedy on a matching, exact since a cell's cost is its digit).
    innies      a house (or a band of rows or columns) less the cages inside it: its other cells add
                up to the house's total less the cages' sums.
    outies      a band whose every cell is in a cage: the cages' cells outside it add up to the
                cages' sums less the band's total.

A sum rule (sum_bounds_rule) keeps a digit d in a cell while the least the other cells can add up to,
with d in it, stays at or under the largest total left, and the most at or over the smallest
(sound: tests/models/test_narrow_sums.py compares it with brute force). The totals are a set, or the
number an arrow's circle reads (its digits in reading order), which the bounds narrow too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import product

from ..words.messages import join_and, say
from .constraint_ways import Rule, pair_rule
from .sudoku import cell_name


def cliques(cells: Sequence[int], house_of: Callable[[int], Iterable[int]]) -> list[list[int]]:
    """The places of cells (indices into cells) in cliques, each within one house: the house holding
    most of the places left first (ties: the lowest house); a place in no house is a clique alone.
    A cell named twice is two places that hold the same digit, never in one clique."""
    left = list(range(len(cells)))
    out: list[list[int]] = []
    while left:
        count: dict[int, list[int]] = {}
        for k in left:
            for h in house_of(cells[k]):
                places = count.setdefault(h, [])
                if all(cells[j] != cells[k] for j in places):
                    places.append(k)
        best = min(count.items(), key=lambda item: (-len(item[1]), item[0]))[1] if count else [left[0]]
        if len(best) < 2:
            best = [left[0]]
        out.append(best)
        taken = set(best)
        left = [k for k in left if k not in taken]
    return out


LEAST_CACHED = 50_000      # least()'s answers kept (trials ask the same cliques again and again)
_least_cache: dict[tuple, tuple[int, int] | None] = {}


def least(masks: Sequence[int], size: int, most: bool = False) -> tuple[int, int] | None:
    """least_of, remembered (the answers depend only on the arguments)."""
    key = (tuple(masks), size, most)
    found = _least_cache.get(key, key)
    if found is not key:
        return found        # type: ignore[return-value]
    if len(_least_cache) >= LEAST_CACHED:
        _least_cache.clear()
    answer = _least_cache[key] = least_of(masks, size, most)
    return answer


def least_of(masks: Sequence[int], size: int, most: bool = False) -> tuple[int, int] | None:
    """The least (with most: the most) the cells add up to with different digits each within its
    mask, and the digits that do it (as bits); None when the cells cannot all have different digits.
    Digits are taken in order and kept while the kept digits can still be given to the cells one
    each: the digit sets that can are a matroid's independent sets, so the greedy is exact."""
    k = len(masks)
    union = 0
    for m in masks:
        union |= m
    if all(m == union for m in masks):          # the cells alike: the k least (or most) digits
        if union.bit_count() < k:
            return None
        used = 0
        for _ in range(k):
            bit = 1 << (union.bit_length() - 1) if most else union & -union
            used |= bit
            union ^= bit
        return sum(d + 1 for d in range(size) if used >> d & 1), used
    held = [0] * k                    # cell → its digit bit (0: none yet)

    def place(bit: int, seen: list[int]) -> bool:
        """Give the digit bit a cell, moving the digits held on the way (an augmenting path)."""
        for i in range(k):
            if masks[i] & bit and not seen[0] >> i & 1:
                seen[0] |= 1 << i
                if not held[i] or place(held[i], seen):
                    held[i] = bit
                    return True
        return False

    total = used = count = 0
    order = range(size, 0, -1) if most else range(1, size + 1)
    for d in order:
        bit = 1 << (d - 1)
        if place(bit, [0]):
            total += d
            used |= bit
            count += 1
            if count == k:
                return total, used
    return None if count < k else (total, used)


def sum_bounds_rule(cells: Sequence[int], size: int, words: str, house_of: Callable[[int], Iterable[int]],
                    totals: Iterable[int] | None = None, circle: Sequence[int] = ()) -> Rule:
    """The sum of cells (repeats allowed except within a house) is one of totals, or the number the
    circle's cells read in the order given (an arrow: reading_order of its circle). Each clique's
    least and most, and each place's without it, bound what the others leave a digit (module doc)."""
    shaft = list(cells)
    places = tuple(dict.fromkeys([*circle, *shaft]))        # the rule's cells, each once
    where = {c: places.index(c) for c in places}
    at = [where[c] for c in shaft]
    round_at = [where[c] for c in circle]
    groups = cliques(shaft, house_of)
    circle_apart = [[j for j in range(i) if set(house_of(circle[i])) & set(house_of(circle[j]))]
                    for i in range(len(circle))]
    fixed = None if circle else sorted(set(totals or ()))
    weight = sum(len(g) * (len(g) + 1) for g in groups)

    def readings(masks: list[int]) -> dict[int, list[tuple[int, ...]]]:
        """Each number the circle can read, with the ways (its digits) it does."""
        out: dict[int, list[tuple[int, ...]]] = {}
        choices = [[d for d in range(1, size + 1) if masks[p] >> (d - 1) & 1] for p in round_at]
        for digits in product(*choices):
            if any(digits[i] == digits[j] for i in range(len(digits)) for j in circle_apart[i]):
                continue
            out.setdefault(int("".join(map(str, digits))), []).append(digits)
        return out

    def revise(masks: list[int]) -> list[int]:
        zero = [0] * len(places)
        low = high = 0
        parts = []
        for g in groups:
            gm = [masks[at[k]] for k in g]
            lo, hi = least(gm, size), least(gm, size, most=True)
            if lo is None or hi is None:
                return zero
            low += lo[0]
            high += hi[0]
            parts.append((gm, lo, hi))
        if circle:
            found = readings(masks)
            values = {v: ways for v, ways in found.items() if low <= v <= high}
            if not values:
                return zero
            out = list(masks)
            for p in round_at:
                out[p] = 0
            for ways in values.values():
                for digits in ways:
                    for p, d in zip(round_at, digits):
                        out[p] |= 1 << (d - 1)
            top, bottom = max(values), min(values)
        else:
            kept = [t for t in fixed or () if low <= t <= high]
            if not kept:
                return zero
            out = list(masks)
            top, bottom = kept[-1], kept[0]
        for g, (gm, lo, hi) in zip(groups, parts):
            union = 0
            for m in gm:
                union |= m
            # with d in a place the clique adds up to at most lo + d - its least digit used, and at
            # least hi + d - its largest digit used (the others keep theirs): far from the totals,
            # no digit of the clique goes
            if low + union.bit_length() - (lo[1] & -lo[1]).bit_length() <= top and \
                    high - hi[1].bit_length() + (union & -union).bit_length() >= bottom:
                continue
            for i, k in enumerate(g):
                rest = gm[:i] + gm[i + 1:]
                # the least the clique's other places add up to, and the digits that do it
                lo_rest = least(rest, size) if rest else (0, 0)
                hi_rest = least(rest, size, most=True) if rest else (0, 0)
                keep = 0
                mask = gm[i]
                while mask:
                    bit = mask & -mask
                    mask ^= bit
                    d = bit.bit_length()
                    # without d the others add up to at least lo_rest (more when lo_rest used d:
                    # then at least the clique's least less d), at most hi_rest likewise
                    if lo_rest is None or hi_rest is None:
                        break
                    floor = lo_rest[0] if not lo_rest[1] & bit else max(lo_rest[0], lo[0] - d)
                    ceiling = hi_rest[0] if not hi_rest[1] & bit else min(hi_rest[0], hi[0] - d)
                    if low - lo[0] + d + floor <= top and high - hi[0] + d + ceiling >= bottom:
                        keep |= bit
                out[at[k]] &= keep
        return out

    return Rule(places, words, revise, 2 + weight // 4)     # about a house revision's time a unit


# -- the sums the houses make: innies and outies --------------------------------------------------

MOST_HOUSE_SUM_CELLS = 9      # an innie or outie rule over more cells narrows little for its cost


def house_sum_rules(size: int, houses: Sequence[tuple[str, tuple[int, ...]]],
                    cages: Sequence[tuple[str, tuple[int, ...], int]],
                    house_of: Callable[[int], Iterable[int]],
                    apart: Callable[[int, int], bool]) -> list[Rule]:
    """Sum rules the houses give with the cages (innies and outies, in the module's glossary): for
    each house of N cells and each band of consecutive rows or columns (their digits add up to
    1 + … + N each), the cells outside the cages inside it, and, when cages cover it, the cages'
    cells outside it. houses: (words, cells) of every house; cages: (words, cells, sum) of the cages
    with a sum. Up to MOST_HOUSE_SUM_CELLS cells a rule, each cell set once."""
    whole = size * (size + 1) // 2
    regions = [(words, frozenset(cells), whole) for words, cells in houses if len(set(cells)) == size]
    for family, key in (("rows", lambda c: c // size), ("columns", lambda c: c % size)):
        for first in range(size):
            for last in range(first + 1, size - 1 if first == 0 else size):
                cells = frozenset(c for c in range(size * size) if first <= key(c) <= last)
                regions.append((say(f"constraint.why.{family}", a=first + 1, b=last + 1), cells,
                                whole * (last - first + 1)))
    cage_sets = [(words, frozenset(cells), total) for words, cells, total in cages if len(set(cells)) == len(cells)]
    rules: list[Rule] = []
    made: set[frozenset[int]] = set()

    def add(cells: frozenset[int], total: int, words: str) -> None:
        if not cells or len(cells) > MOST_HOUSE_SUM_CELLS or cells in made:
            return
        made.add(cells)
        ordered = sorted(cells)
        if len(ordered) == 2:         # two cells: each digit keeps its partner (exact, and cheap)
            a, c = ordered
            differ = apart(a, c)
            rules.append(pair_rule(a, c, lambda x, y: x + y == total and not (differ and x == y), size, words))
        else:
            rules.append(sum_bounds_rule(ordered, size, words, house_of, totals={total}))

    def named(cells) -> str:
        return join_and([cell_name(c, size) for c in sorted(cells)])

    for words, region, total in regions:
        inside = [c for c in cage_sets if c[1] <= region]
        touching = [c for c in cage_sets if c[1] & region]
        if inside and disjoint(inside):
            held = sum(c[2] for c in inside)
            rest = region - frozenset().union(*(c[1] for c in inside))
            add(rest, total - held, say("constraint.why.innies", house=words, whole=total, inside=held,
                                        cages=join_and([c[0] for c in inside]), cells=named(rest), total=total - held))
        if touching and disjoint(touching) and region <= frozenset().union(*(c[1] for c in touching)):
            held = sum(c[2] for c in touching)
            out = frozenset().union(*(c[1] for c in touching)) - region
            add(out, held - total, say("constraint.why.outies", house=words, whole=total, held=held,
                                       cages=join_and([c[0] for c in touching]), cells=named(out), total=held - total))
    return rules


def disjoint(cages: Sequence[tuple[str, frozenset[int], int]]) -> bool:
    """Whether no cell is in two of the cages (then their sums add up)."""
    return sum(len(c[1]) for c in cages) == len(frozenset().union(*(c[1] for c in cages)))
