"""Search.count_on: a count that goes on from where a recorded search stopped at a limit.

Its totals (solutions, nodes, dead ends, steps, deepest level) must be exactly those of one
unrecorded search from the start with no solutions cap, whichever limit stopped the first part
and at whichever step: the compiled core resumes its loop where it broke off (each of its
breaks leaves another state: before a try, before a level's choose, during a back-up, after
a solution), and the Python engine, which cannot resume, counts from the start.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import coloured_problems
from webapp.engine import exact_cover as ec
from webapp.models import problems, sudoku

ENGINES = [e for e in ec.ENGINES if e != ec.COMPILED or ec.compiled_available()]


def totals(stats: ec.Stats) -> tuple:
    return stats.solutions, stats.nodes, stats.dead_ends, stats.steps, stats.max_level


def whole(problem, engine, givens=(), choose="mrv") -> ec.Outcome:
    """One unrecorded search from the start, every solution counted."""
    search = ec.Search(problem, engine)
    for g in givens:
        search.select(g)
    return search.run(max_solutions=None, keep=0, choose=choose)


def counted_on(problem, engine, givens=(), choose="mrv", **first_limits) -> tuple[ec.Outcome, ec.Outcome]:
    """(the recorded part's outcome, the count's) of a search stopped by first_limits, then counted on."""
    search = ec.Search(problem, engine)
    for g in givens:
        search.select(g)
    first = search.run(recording=ec.Recording(), choose=choose, **first_limits)
    return first, search.count_on()


# The pentominoes' count is for the compiled core alone: the Python engine takes minutes on it.
CASES = [(engine, builtin, params) for engine in ENGINES
         for builtin, params in [("queens", {"n": 8}), ("knuth", {}), ("latin", {"n": 4}), ("word-square", {}),
                                 ("small-packing", {})]]
CASES += [(ec.COMPILED, "pentominoes", {"width": 20, "height": 3})] if ec.compiled_available() else []


@pytest.mark.parametrize("engine, builtin, params", CASES, ids=str)
def test_a_count_after_a_solutions_cap_or_a_step_budget_equals_the_whole_search(engine, builtin, params):
    problem = problems.make(builtin, **params).problem
    every = whole(problem, engine)
    for limits in ({"max_solutions": 1}, {"max_solutions": 3}, {"max_steps": 50}, {"max_steps": 1001}):
        first, count = counted_on(problem, engine, **limits)
        if first.complete:
            continue
        assert totals(count.stats) == totals(every.stats), (builtin, limits)
        assert count.complete and count.limit is None and count.solutions == []
        assert count.status == (ec.SOLVED if every.stats.solutions else ec.NO_SOLUTION)


@pytest.mark.skipif(not ec.compiled_available(), reason="the compiled core resumes; the Python engine recounts")
@pytest.mark.parametrize("choose", ["mrv", "first"])
def test_the_compiled_core_resumes_from_every_step_it_can_stop_at(choose):
    """A step budget of k for every k stops the loop at each of its breaks in turn; a count
    capped again goes on again, so every break is also a place a count resumes from."""
    problem = problems.make("queens", n=6).problem
    every = whole(problem, ec.COMPILED, choose=choose)
    for cap in range(1, 400):
        first, count = counted_on(problem, ec.COMPILED, choose=choose, max_steps=cap)
        assert totals(count.stats) == totals(every.stats), cap
    search = ec.Search(problem, ec.COMPILED)
    cap, outcome = search.run(max_solutions=1, choose=choose).stats.steps, None
    while outcome is None or outcome.limit == ec.LIMIT_STEPS:
        cap += 37
        outcome = search.count_on(max_steps=cap)
        assert outcome.stats.steps <= cap
    assert totals(outcome.stats) == totals(every.stats)


def test_a_count_goes_on_below_the_givens():
    grid = sudoku.parse("1...\n..3.\n....\n...4")
    problem, givens = sudoku.problem_for(2), sudoku.given_options(grid)
    for engine in ENGINES:
        every = whole(problem, engine, givens)
        first, count = counted_on(problem, engine, givens, max_solutions=2)
        assert first.stats.solutions == 2 and totals(count.stats) == totals(every.stats)


@settings(max_examples=150, deadline=None)
@given(coloured_problems(), st.integers(1, 300), st.sampled_from(["mrv", "first"]))
def test_random_coloured_problems_count_on_to_the_whole_search(problem, cap, choose):
    for engine in ENGINES:
        every = whole(problem, engine, choose=choose)
        first, count = counted_on(problem, engine, choose=choose, max_steps=cap)
        if not first.complete:
            assert totals(count.stats) == totals(every.stats)


def test_a_count_is_bounded_by_its_steps_and_refuses_what_it_cannot_do():
    problem = problems.make("queens", n=8).problem
    for engine in ENGINES:
        search = ec.Search(problem, engine)
        with pytest.raises(RuntimeError):
            search.count_on()
        assert search.run(max_solutions=1).stats.steps < 1500
        capped = search.count_on(max_steps=1500)
        assert capped.limit == ec.LIMIT_STEPS and 1400 < capped.stats.steps <= 1500 and not capped.complete
        assert 1 <= capped.stats.solutions < 92
        what_if = ec.Search(problem, engine)
        what_if.run(choices=[0], max_solutions=1)
        with pytest.raises(ec.ChoiceError):
            what_if.count_on()


@pytest.mark.skipif(not ec.compiled_available(), reason="the stop flag is read by the compiled core")
def test_a_count_with_a_stop_flag_reads_the_flag_and_the_clock_itself():
    """stop: the core reads a bytearray's first byte (1 cancelled, 2 the time is up) and
    CLOCK_MONOTONIC, time.perf_counter's clock, never calling back into Python."""
    problem = problems.make("queens", n=8).problem
    every = whole(problem, ec.COMPILED)

    def stopped_at(**budget) -> ec.Outcome:
        search = ec.Search(problem, ec.COMPILED)
        search.run(max_solutions=1)
        return search.count_on(**budget)

    assert totals(stopped_at(stop=bytearray(1)).stats) == totals(every.stats)
    assert stopped_at(stop=bytearray([1])).limit == ec.LIMIT_CANCELLED
    assert stopped_at(stop=bytearray([2])).limit == ec.LIMIT_TIME
    assert stopped_at(stop=bytearray(1), max_seconds=1e-9).limit == ec.LIMIT_TIME
    # Without a clock the core takes no callable for a flag.
    core = ec.Search(problem, ec.COMPILED).core
    with pytest.raises(TypeError):
        core.run(True, False, 100, -1, 0, -1.0, 0.0, 0.0, None, lambda: False, [], None, [], -1, 0)
