"""The culprits of a dead end with bounds (webapp/analysis/bounded_facts.py), against an independent checker.

The checker shares no code with the solver or the analysis: it walks the events
with its own stack to know each level's way and the options each level tried,
and for a set S of levels asks directly whether the choices at S alone leave the
starved item short: the options S places, S sets aside, and every other option
of the item that can join S's placed options without passing an item's most (or,
for a secondary item, without clashing colours), counted against its least. It
tries every S (the levels are few), so "the fewest" is checked, not trusted.
"""

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.test_bounds import KNUTH
from tests.strategies import bounded_problems
from webapp.analysis import facts as an
from webapp.engine import exact_cover as ec


def levels_of_events(problem, events):
    """(event index, item, [(way, tried options, sets aside) per open level]) at each dead end, from the
    events alone. A way is an option, or None for a settle."""
    stack: list[list] = []
    previous = None
    for index, code in enumerate(events):
        kind, arg = code & ec.KIND_MASK, code >> ec.KIND_BITS
        if kind == ec.CHOOSE:
            stack.append([None, [], True, arg])
        elif kind == ec.COVER and previous == ec.CHOOSE:
            # Covered at its choose with nothing to spare (least == most): Algorithm X's branch, no tweak.
            least, most = problem.bounds_of(arg)
            stack[-1][2] = least != most
        elif kind == ec.TRY:
            stack[-1][0] = arg
            stack[-1][1].append(arg)
        elif kind == ec.SETTLE:
            stack[-1][0] = None
        elif kind == ec.BACKUP:
            stack.pop()
        elif kind == ec.DEAD_END:
            yield index, arg, [(way, list(tried), aside) for way, tried, aside, _ in stack[:-1]]
        previous = kind


def short(problem, item, levels, chosen):
    """Whether the choices at the levels `chosen` alone leave item fewer options (placed, or free to
    add) than its least."""
    placed = [levels[lv][0] for lv in chosen if levels[lv][0] is not None]
    set_aside = set()
    for lv in chosen:
        way, tried, aside = levels[lv]
        if aside:
            set_aside |= set(tried if way is None else tried[:-1])

    def fits(extra):
        counts: dict[int, int] = {}
        for o in placed + [extra]:
            for j in problem.options[o]:
                counts[j] = counts.get(j, 0) + 1
        if any(j < problem.primary and n > problem.bounds_of(j)[1] for j, n in counts.items()):
            return False
        # A secondary item held already: only in the one colour both give it.
        return all(problem.colour_of(extra, j) and problem.colour_of(extra, j) == problem.colour_of(p, j)
                   for j in problem.options[extra] if j >= problem.primary
                   for p in placed if j in problem.options[p])

    mine = [o for o in range(len(problem.options)) if item in problem.options[o]]
    have = sum(1 for o in placed if o in mine)
    free = sum(1 for o in mine if o not in placed and o not in set_aside and fits(o))
    return have + free < problem.bounds_of(item)[0]


def next_way_level(events, index):
    """How many back-ups come between event index and the next way (a try or a settle; None: none)."""
    depth = 0
    for later in range(index + 1, len(events)):
        kind = events[later] & ec.KIND_MASK
        if kind == ec.BACKUP:
            depth += 1
        elif kind in (ec.TRY, ec.SETTLE):
            return depth
    return None


def check_bounded_dead_ends(problem, events, found, finished):
    dead_ends = iter(found.dead_ends)
    checked = 0
    for index, item, levels in levels_of_events(problem, events):
        dead = next(dead_ends)
        depth = len(levels)
        assert (dead.step, dead.item, dead.level) == (index, item, depth)
        assert short(problem, item, levels, range(depth)), f"event {index}: not a dead end"
        # Every set of levels, fewest first, each size in order of the least bit set: the first short one.
        want = None
        for size in range(depth + 1):
            sets = sorted(combinations(range(depth), size), key=lambda c: sum(1 << lv for lv in c))
            want = next((list(c) for c in sets if short(problem, item, levels, c)), None)
            if want is not None:
                break
        assert dead.culprits == want, f"event {index}"
        assert dead.culprit_options == [levels[lv][0] if levels[lv][0] is not None else an.NOT_NAMED
                                        for lv in want]
        jump = next(deepest for deepest in range(-1, depth) if short(problem, item, levels, range(deepest + 1)))
        assert dead.jump_to == jump, f"event {index}"
        back = next_way_level(events, index)
        assert dead.back_to == (depth - back if back is not None else (-1 if finished else None))
        checked += 1
    assert next(dead_ends, None) is None
    return checked


def test_knuths_example_names_the_choice_that_left_c_short():
    found, outcome = an.run(KNUTH, max_solutions=None)
    recording = ec.Recording()
    ec.Search(KNUTH).run(recording=recording, max_solutions=None)
    assert check_bounded_dead_ends(KNUTH, recording.events, found, True) == outcome.stats.dead_ends == 1
    # C (2 or 3 times) at level 1: "A B X:0 Y:0" at level 0 covers A (so "A C X:1 Y:1" is out) and makes Y 0
    # (so "C Y:1" is out): only "C X:0" is left for the 2 covers C needs. Level 0 alone is to blame.
    assert found.dead_ends[0].culprits == [0]


SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))


@SETTINGS
@given(bounded_problems(primary=(3, 5), options=(6, 16), width=3, most=3), st.sampled_from(["mrv", "first"]),
       st.one_of(st.none(), st.integers(1, 3)), st.one_of(st.none(), st.integers(1, 80)))
def test_random_problems_with_bounds_hold_against_the_independent_checker(problem, choose, max_solutions, max_steps):
    recording = ec.Recording()
    outcome = ec.Search(problem, ec.PYTHON).run(recording=recording, choose=choose, max_solutions=max_solutions,
                                                max_steps=max_steps)
    found = an.analyse(problem, [], recording, passes=an.PYTHON)
    assert check_bounded_dead_ends(problem, recording.events, found, found.finished) == outcome.stats.dead_ends
