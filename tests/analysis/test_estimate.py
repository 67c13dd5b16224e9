"""Knuth's estimate of the search tree: close to the real size where the real size is known,
and leaving the search exactly as it found it."""

import pytest

from webapp.analysis.estimate import estimate, probe
from webapp.engine import exact_cover as ec
from webapp.models import problems, sudoku

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def whole_tree(problem, givens, choose="mrv") -> int:
    """The nodes of the whole search tree, counted by the real search run to its end."""
    search = ec.Search(problem)
    for g in givens:
        search.select(g)
    return search.run(max_solutions=None, keep=0, choose=choose).stats.nodes


@pytest.mark.parametrize("choose", ["mrv", "first"])
@pytest.mark.parametrize("name, params", [("queens", {"n": 6}), ("latin", {"n": 4}), ("small-packing", {})])
def test_many_probes_come_close_to_the_real_size(name, params, choose):
    builtin = problems.make(name, **params)
    real = whole_tree(builtin.problem, [], choose)
    found = estimate(builtin.problem, choose=choose, probes=3000, max_seconds=None, seed=7)
    assert found.probes == 3000
    # Unbiased: with 3,000 probes the mean is within a few standard errors of the truth.
    assert abs(found.nodes - real) <= max(4 * found.spread * found.nodes, 0.02 * real), (found, real)


def test_a_sudoku_estimate_is_of_the_right_order_and_says_its_spread():
    grid = sudoku.parse(HARD)
    real = whole_tree(sudoku.problem_for(3), sudoku.given_options(grid))
    found = estimate(sudoku.problem_for(3), sudoku.given_options(grid), probes=400, max_seconds=None, seed=1)
    assert real / 10 < found.nodes < real * 10
    assert 0 < found.spread < 1


def test_probes_leave_the_links_as_they_were():
    grid = sudoku.parse(HARD)
    problem, givens = sudoku.problem_for(3), sudoku.given_options(grid)
    search = ec.Search(problem, ec.PYTHON)     # as estimate() makes it
    for g in givens:
        search.select(g)
    before = (list(search.up), list(search.down), bytes(search.len), list(search.left), list(search.right))
    import random
    rng = random.Random(3)
    for _ in range(50):
        probe(search, "mrv", rng)
    search.sanity()
    assert (list(search.up), list(search.down), bytes(search.len), list(search.left), list(search.right)) == before


def test_a_solved_board_has_no_tree_and_a_seed_repeats_itself():
    solved = sudoku.solve(sudoku.parse(HARD)).grids[0]
    assert estimate(sudoku.problem_for(3), sudoku.given_options(solved)).nodes == 0
    a = estimate(problems.make("queens", n=8).problem, probes=50, seed=5, max_seconds=None)
    b = estimate(problems.make("queens", n=8).problem, probes=50, seed=5, max_seconds=None)
    assert a == b


def test_an_unknown_choice_rule_is_refused():
    with pytest.raises(ValueError, match="unknown item choice"):
        estimate(problems.make("queens", n=4).problem, choose="random")


def test_probing_stops_once_the_client_is_gone():
    """A server passes its client's hang-up as `cancelled`: the probes stop at the next look."""
    looks = []

    def gone_after_three():
        looks.append(1)
        return len(looks) >= 3

    found = estimate(sudoku.problem_for(3), sudoku.given_options(sudoku.parse(HARD)), probes=1000,
                     max_seconds=None, cancelled=gone_after_three)
    assert found.probes == 3 and len(looks) == 3
