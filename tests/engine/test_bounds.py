"""Knuth's multiplicities (DLX3): Algorithm M in both engines.

Every solution of a random problem with bounds is found once and only once (against a brute force
that tries every set of options: tests/strategies.brute_force_bounded, which shares no code with
the engines); the compiled core writes the Python engine's events to the byte, under step,
solution and choice settings alike; the link arrays come back to where they began; and with every
bound (1, 1) Algorithm M's loop writes exactly Algorithm X's log.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import bounded_problems, brute_force_bounded, coloured_problems
from webapp.engine import exact_cover as ec

ENGINES = [ec.PYTHON] + ([ec.COMPILED] if ec.compiled_available() else [])
QUICK = settings(max_examples=90, deadline=None, suppress_health_check=list(HealthCheck))

# Knuth's example in dlx3.w: items A, B (once each), C (2 or 3 times); X, Y secondary with colours.
KNUTH = ec.Problem(("A", "B", "C", "X", "Y"), 3, ((0, 1, 3, 4), (0, 2, 3, 4), (2, 3), (1, 3), (2, 4)),
                   ((0, 0, 1, 1), (0, 0, 2, 2), (0, 1), (0, 2), (0, 2)), ("0", "1"), ((1, 1), (1, 1), (2, 3)))


def recorded(problem, engine, **limits):
    search = ec.Search(problem, engine)
    recording = ec.Recording()
    outcome = search.run(recording=recording, **limits)
    return search, outcome, list(recording.events), list(recording.sizes)


@pytest.mark.parametrize("engine", ENGINES)
def test_knuths_example_has_his_one_solution(engine):
    _, outcome, events, _ = recorded(KNUTH, engine, max_solutions=None)
    # A C X:1 Y:1, B X:1, C Y:1
    assert outcome.solutions == [[1, 3, 4]] and outcome.complete
    assert {ec.TAKE, ec.UNTAKE} <= {code & ec.KIND_MASK for code in events}


@QUICK
@given(bounded_problems())
def test_every_solution_once_against_a_brute_force(problem):
    want = brute_force_bounded(problem)
    for engine in ENGINES:
        search, outcome, events, _ = recorded(problem, engine, max_solutions=None, keep=None)
        found = [frozenset(s) for s in outcome.solutions]
        assert len(found) == len(set(found)) == outcome.stats.solutions, "a solution found twice"
        assert set(found) == want
        assert len(events) == outcome.stats.steps
        # Every level backed up: the arrays are those of the problem with nothing covered.
        m = problem.matrix
        up, down, length, left, right = search.links()
        assert (list(up), list(down), list(length), list(left), list(right)) == (m.up, m.down, m.len, m.left, m.right)


@pytest.mark.skipif(not ec.compiled_available(), reason="the compiled engine is not built here")
@QUICK
@given(bounded_problems(options=(1, 14), most=4), st.sampled_from(["mrv", "first"]),
       st.one_of(st.none(), st.integers(0, 80)), st.one_of(st.none(), st.integers(1, 3)))
def test_both_engines_write_the_same_log(problem, choose, max_steps, max_solutions):
    logs = []
    for engine in (ec.PYTHON, ec.COMPILED):
        search, outcome, events, sizes = recorded(problem, engine, choose=choose, max_steps=max_steps,
                                                  max_solutions=max_solutions, keep=None)
        s = outcome.stats
        logs.append((events, sizes, outcome.solutions, outcome.status, outcome.limit, s.solutions, s.nodes,
                     s.dead_ends, s.steps, s.max_level, search.level, tuple(map(list, search.links()))))
    assert logs[0] == logs[1]


@QUICK
@given(coloured_problems(), st.sampled_from(["mrv", "first"]))
def test_with_every_bound_one_algorithm_m_writes_algorithm_xs_log(problem, choose):
    plain = recorded(problem, ec.PYTHON, choose=choose, max_solutions=None)
    search = ec.Search(problem, ec.PYTHON)
    m = search.matrix
    m.bound, m.slack = [1] * problem.primary, [0] * problem.primary     # Algorithm M on an exact cover
    try:
        recording = ec.Recording()
        outcome = search._run_bounded(None, None, None, choose, recording, 1000, None, None, False, None, (0, 0))
    finally:
        m.bound = m.slack = None
    assert (list(recording.events), list(recording.sizes)) == (plain[2], plain[3])
    assert (outcome.solutions, outcome.stats.nodes, outcome.stats.dead_ends) == (
        plain[1].solutions, plain[1].stats.nodes, plain[1].stats.dead_ends)


def test_all_bounds_one_is_a_problem_without_bounds():
    problem = ec.Problem(("a", "b"), 2, ((0,), (1,), (0, 1)), bounds=((1, 1), (1, 1)))
    assert not problem.bounded
    assert ec.Problem(("a",), 1, ((0,),), bounds=((0, 2),)).bounded


@pytest.mark.parametrize("bounds, says", [
    (((1, 1),), "1 bounds for 2 primary items"),
    (((2, 1), (1, 1)), "0 <= least <= most"),
    (((0, 0), (1, 1)), "most >= 1"),
    (((-1, 1), (1, 1)), "0 <= least"),
])
def test_bad_bounds_are_refused(bounds, says):
    with pytest.raises(ec.ProblemError, match=says):
        ec.Problem(("a", "b"), 2, ((0, 1),), bounds=bounds)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_given_is_refused_on_a_problem_with_bounds(engine):
    with pytest.raises(ec.ProblemError, match="bounds"):
        ec.Search(KNUTH, engine).select(3)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_level_that_takes_none_is_a_node_and_its_item_settles(engine):
    # a: 0 to 2 times, one option: take it, or take none (a settle).
    problem = ec.Problem(("a",), 1, ((0,),), bounds=((0, 2),))
    _, outcome, events, sizes = recorded(problem, engine, max_solutions=None)
    kinds = [ec.KIND_NAMES[code & ec.KIND_MASK] for code in events]
    assert sorted(outcome.solutions) == [[], [0]]
    assert outcome.stats.nodes == kinds.count("try") + kinds.count("settle") == 3
    assert "settle" in kinds and kinds.count("settle") == kinds.count("unsettle")
    assert sizes[0] == 2        # the option or none


@pytest.mark.parametrize("engine", ENGINES)
def test_too_few_options_for_the_least_is_a_dead_end(engine):
    problem = ec.Problem(("a", "b"), 2, ((0, 1), (0,)), bounds=((3, 3), (1, 1)))
    _, outcome, events, sizes = recorded(problem, engine, max_solutions=None)
    assert outcome.status == ec.NO_SOLUTION and outcome.stats.nodes == 0
    assert [ec.KIND_NAMES[c & ec.KIND_MASK] for c in events] == ["choose", "dead_end", "backup"]
    assert sizes == [0]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_bounded_search_stops_when_cancelled(engine):
    # Eight items each wanting 0 to 3 of 12 options: far more nodes than one look's worth of work.
    options = tuple(tuple(i for i in range(8) if (k >> (i % 4)) & 1 or i == k % 8) for k in range(1, 13))
    problem = ec.Problem(tuple(f"i{k}" for k in range(8)), 8, options, bounds=((0, 3),) * 8)
    outcome = ec.solve(problem, engine, max_solutions=None, keep=0, cancelled=lambda: True)
    assert outcome.limit == ec.LIMIT_CANCELLED and not outcome.complete
