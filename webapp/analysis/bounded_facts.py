"""The culprits of a dead end with bounds (Knuth's DLX3, webapp/engine/bounded.py).

With bounds a dead end is an item i that cannot reach its least: fewer of its
options are left than the covers it still needs. facts.py's one pass hands
each such dead end here; the words of facts.py's glossary (level, placed,
conflict, culprits, jump_to) hold, with these meanings for a search with
bounds.

Glossary
    choice    of a level: its way, an option placed there or none (a settle),
              together with the options the level set aside. A level that sets
              aside (bounded.py's TWEAK and SPECIAL modes: all but the level
              whose item reaches its most now and whose least is its most)
              sets aside every option it tried before its way, all it tried
              once it settled (Knuth's tweak: they are out of the matrix until
              the level backs up). A level that does not set aside sets
              nothing aside.
    full      a primary item j is full under a set S of levels when the givens
              and the options placed at the levels of S cover it `most` times;
              a secondary item rules an option out as in exact cover (held by
              a placed option without a colour, or in another colour).
    blocked   an option o of i that no level places is blocked under S when a
              level of S set it aside, or one of its other items is full under
              S (primary), or held against it by a placed option of S
              (secondary). An option placed at some level is never blocked: it
              counts towards i when its level is in S and is one i could still
              take when not.
    conflict  a set S of levels above the dead end's such that the givens plus
              the choices at S alone leave i short: its options placed by S
              plus those of its options that are neither placed by S nor
              blocked under S are fewer than i's least. Equivalently: at least
              t = (i's option count) - least + 1 of i's unplaced options are
              blocked under S. Every level above is a conflict set (that is the
              dead end: bounded.py's degree is 0 or less), and a set holding a
              conflict set is one.
    reason    of an option: a set of levels that blocks it when S holds all of
              them: the level that set it aside; for each full primary item,
              the levels of every placed option covering it; for a secondary
              item, a level whose option holds it against the option. A reason
              of the givens alone (empty) blocks it under every S.

culprits and jump_to then read as in facts.py: a smallest conflict set (the
least as a bit set among the smallest), and the shallowest deepest level of any
conflict set (-1 when the givens alone leave i short). With every bound (1, 1)
a level sets nothing aside, a full item is a held one, t is i's option count,
and these are exact cover's definitions.

Nothing here knows about JSON, the web or the command line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import exact_cover as ec
from .fact_types import GIVEN, NOT_NAMED, DeadEnd

ALWAYS = 0          # a reason of the givens alone


def reasons(problem: ec.Problem, givens: Sequence[int], item: int, choices: Sequence[int],
            aside: dict[int, int]) -> list[list[int]]:
    """Per option of the item (option-id order), for the dead end on it below levels 0 .. len(choices) - 1
    (choices: each level's option, NOT_NAMED for a settle; aside: each option an open level set aside ->
    that level): its least reasons (bit sets, bit l + 1 for level l; [ALWAYS] when the givens alone block
    it), none for an option some level places or that nothing blocks."""
    options = problem.options
    holders: dict[int, list[tuple[int, int]]] = {}      # item -> (level, option) of each placed option
    placed = [(GIVEN, g) for g in givens] + [(lv, o) for lv, o in enumerate(choices) if o >= 0]
    for lv, o in placed:
        for j in options[o]:
            holders.setdefault(j, []).append((lv, o))
    placed_options = {o for _, o in placed}

    def bits(levels) -> int:
        found = 0
        for lv in levels:
            if lv != GIVEN:
                found |= 1 << (lv + 1)
        return found

    found: list[list[int]] = []
    for o in problem.options_of_item[item]:
        why: set[int] = set()
        if o not in placed_options:
            if o in aside:
                why.add(1 << (aside[o] + 1))
            for j in options[o]:
                held = holders.get(j)
                if j == item or not held:
                    continue
                if j < problem.primary:
                    if len(held) >= problem.bounds_of(j)[1]:
                        why.add(bits(lv for lv, _ in held))
                else:
                    c = problem.colour_of(o, j)
                    for lv, h in held:
                        if c == 0 or problem.colour_of(h, j) != c:
                            why.add(bits((lv,)))
        # A reason that holds another is met whenever the other is: the least ones only.
        found.append(sorted(r for r in why if not any(s != r and s & r == s for s in why)))
    return found


def blocked(found: list[list[int]], levels: int) -> int:
    """How many of the options are blocked under the levels (bits)."""
    return sum(1 for why in found if any(r & levels == r for r in why))


def smallest_conflict(found: list[list[int]], needed: int, bound: int) -> int:
    """The smallest set of levels (bits) under which `needed` of the options are blocked; among the
    smallest the least as a number. bound: one such set (a first answer to improve on).

    An exact branch and bound over the options in order: each is blocked by one of its reasons or left
    unblocked. A smallest set S is reached by taking, at each option S blocks and the levels chosen so
    far do not, a reason S holds, and leaving the others: no cut removes that branch."""
    if needed <= 0:
        return 0
    found = [why for why in found if why]
    n = len(found)
    best = [bound.bit_count(), bound]

    def search(p: int, chosen: int, count: int, left_out: int) -> None:
        if blocked(found, chosen) >= needed:
            if count < best[0] or (count == best[0] and chosen < best[1]):
                best[0], best[1] = count, chosen
            return
        # One more level at least, and adding any makes a larger number.
        if p == n or count + 1 > best[0] or (count + 1 == best[0] and chosen >= best[1]) or n - left_out < needed:
            return
        why = found[p]
        if any(r & chosen == r for r in why):
            search(p + 1, chosen, count, left_out)
            return
        for r in why:
            more = chosen | r
            search(p + 1, more, more.bit_count(), left_out)
        search(p + 1, chosen, count, left_out + 1)

    search(0, 0, 0, 0)
    return best[1]


def dead_end(problem: ec.Problem, givens: Sequence[int], step: int, level: int, item: int,
             choices: Sequence[int], aside: dict[int, int]) -> DeadEnd:
    """The dead end on item at level (see the module's glossary): its culprits and jump_to. Its rulers
    are not named (with bounds an option may be blocked only by several levels together); every_ruler
    holds, per option, the levels of all its reasons (bit 0: the givens alone block it)."""
    found = reasons(problem, givens, item, choices[:level], aside)
    every = []
    for why in found:
        union = 0
        for r in why:
            union |= r
        every.append(union if why != [ALWAYS] else 1)
    always = sum(1 for why in found if why == [ALWAYS])
    found = [[] if why == [ALWAYS] else why for why in found]
    needed = len(found) - problem.bounds_of(item)[0] + 1 - always
    if blocked(found, (1 << (level + 1)) - 2) < needed:
        raise ValueError(f"event {step}: the dead end's item {item} is not short under the levels above")
    jump_to = -1
    while blocked(found, (1 << (jump_to + 2)) - 2) < needed:
        jump_to += 1
    # A conflict set whose deepest level is jump_to: the levels to it, dropping the deepest first while the
    # rest still conflict. It bounds the smallest.
    kept = (1 << (jump_to + 2)) - 2
    for lv in range(jump_to, -1, -1):
        fewer = kept & ~(1 << (lv + 1))
        if blocked(found, fewer) >= needed:
            kept = fewer
    culprits = smallest_conflict(found, needed, kept)
    levels = [lv for lv in range(level) if culprits >> (lv + 1) & 1]
    options = list(problem.options_of_item[item])
    return DeadEnd(step, level, item, options, [NOT_NAMED] * len(options), [NOT_NAMED] * len(options), levels,
                   [choices[lv] for lv in levels], None, jump_to, conflict=kept, every_ruler=every)
