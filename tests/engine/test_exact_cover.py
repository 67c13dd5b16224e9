"""The exact cover engine on its own: Knuth's examples, limits, recording, sanity.

Every test runs on each engine (the compiled core and the Python reference)
as the default; check=True (sanity() after every event) is the Python
engine's alone and asks for it by name.
"""

import collections
import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.engine import exact_cover as ec

# Knuth, "Dancing links" (2000), the matrix of his figure: one solution.
KNUTH_ITEMS = "ABCDEFG"
KNUTH_OPTIONS = ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]


@pytest.fixture(autouse=True, scope="module", params=ec.ENGINES)
def engine(request):
    """Each engine in turn as the default engine (module scope: hypothesis allows no function-scoped fixture)."""
    if request.param == ec.COMPILED and not ec.compiled_available():
        pytest.skip("the compiled engine is not built here (no C compiler at install): its tests skip")
    default = ec.default_engine
    ec.default_engine = lambda: request.param
    yield request.param
    ec.default_engine = default


def knuth():
    return ec.Problem.from_names(KNUTH_ITEMS, [], KNUTH_OPTIONS)


def queens(n):
    """N queens: rows and columns primary, diagonals secondary (at most one queen)."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{s}" for s in range(2 * n - 1)] + [f"b{s}" for s in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)]
    return ec.Problem.from_names(rows + cols, diagonals, options)


def brute_force_count(problem):
    """Exact covers by trying every subset of options (tiny problems only).

    As in Knuth's generalized exact cover, an option without a primary item
    is never part of a solution: the search only picks options for primary items.
    """
    usable = [o for o in problem.options if min(o) < problem.primary]
    count = 0
    for r in range(len(usable) + 1):
        for subset in itertools.combinations(usable, r):
            seen = [i for option in subset for i in option]
            if len(seen) == len(set(seen)) and set(range(problem.primary)) <= set(seen):
                count += 1
    return count


def test_knuth_example_has_its_one_solution():
    outcome = ec.solve(knuth(), max_solutions=None)
    assert outcome.status == ec.SOLVED and outcome.complete and outcome.unique
    [solution] = outcome.solutions
    names = sorted("".join(KNUTH_ITEMS[i] for i in knuth().options[o]) for o in solution)
    assert names == ["AD", "BG", "CEF"]


def test_matrix_without_solution_is_proved_empty():
    problem = ec.Problem.from_names("ABC", [], ["AB", "BC", "AC"])
    outcome = ec.solve(problem, max_solutions=None)
    ec.solve(problem, max_solutions=None, check=True, engine=ec.PYTHON)
    assert (outcome.status, outcome.complete, outcome.limit) == (ec.NO_SOLUTION, True, None)
    assert outcome.solutions == [] and outcome.stats.dead_ends >= 1


def test_item_with_no_option_is_a_dead_end_at_once():
    problem = ec.Problem.from_names("AB", [], ["A"])
    recording = ec.Recording()
    outcome = ec.Search(problem).run(recording=recording)
    assert outcome.status == ec.NO_SOLUTION
    kinds = [ec.KIND_NAMES[k] for k, _, _ in recording.decoded()]
    assert kinds[:3] == ["choose", "cover", "dead_end"]


@pytest.mark.parametrize("n, count", [(1, 1), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_queens_counts_use_secondary_items(n, count):
    assert ec.solve(queens(n), max_solutions=None).stats.solutions == count


def test_secondary_items_are_never_chosen():
    recording = ec.Recording()
    problem = queens(5)
    ec.Search(problem).run(max_solutions=None, recording=recording)
    chosen = [arg for kind, arg, _ in recording.decoded() if kind == ec.CHOOSE]
    assert chosen and all(i < problem.primary for i in chosen)


def test_solution_limit_and_uniqueness():
    problem = queens(6)
    two = ec.solve(problem, max_solutions=2)
    assert (two.status, two.complete, two.limit, two.stats.solutions) == (ec.SOLVED, False, "solutions", 2)
    assert not two.unique
    assert ec.solve(queens(1), max_solutions=2).unique


def test_step_budget_stops_cleanly_with_counts():
    outcome = ec.solve(queens(10), max_solutions=None, max_steps=500)
    assert (outcome.status, outcome.complete, outcome.limit) == (ec.STOPPED, False, ec.LIMIT_STEPS)
    assert 490 <= outcome.stats.steps <= 500 and outcome.stats.nodes > 0


def test_time_budget_stops_cleanly():
    # All 365,596 solutions of 14 queens take minutes: only the clock can stop this one.
    outcome = ec.solve(queens(14), max_solutions=None, max_seconds=0.2)
    assert (outcome.status, outcome.limit) == (ec.STOPPED, ec.LIMIT_TIME)
    assert outcome.stats.solutions > 0 and len(outcome.solutions) == min(outcome.stats.solutions, 1000)


def many_hidden_per_try() -> ec.Problem:
    """Issue 20's shape: each of 1,000 short options of P covers H, hiding its 25,500 others."""
    options = ((0, 1),) * 1000 + ((1, 2, 3, 4),) * 25500
    return ec.Problem(("P", "H", "a", "b", "c"), 1, options)


def test_the_cancel_flag_is_looked_at_by_work_done_not_by_tries():
    # Each try here hides 26,499 options; counting tries alone looked after
    # 256 of them (seconds of work). Counted by options hidden, the flag is
    # looked at again after every try.
    looks = []

    def cancelled() -> bool:
        looks.append(True)
        return len(looks) == 3
    outcome = ec.solve(many_hidden_per_try(), max_solutions=None, cancelled=cancelled)
    assert (outcome.status, outcome.limit) == (ec.STOPPED, ec.LIMIT_CANCELLED)
    assert outcome.stats.nodes <= 3


def test_cheap_tries_are_counted_too():
    # Queens whose tries hide little still look at the flag: the tries themselves count.
    looks = []
    outcome = ec.solve(queens(12), max_solutions=None, cancelled=lambda: looks.append(True) or len(looks) == 2)
    assert outcome.limit == ec.LIMIT_CANCELLED and 0 < outcome.stats.nodes < 2 * ec.LOOK_EVERY


def test_cancel_flag_stops_the_search():
    outcome = ec.solve(queens(12), max_solutions=None, cancelled=lambda: True)
    assert (outcome.status, outcome.limit) == (ec.STOPPED, ec.LIMIT_CANCELLED)


def test_first_item_choice_finds_the_same_solutions():
    mrv = ec.solve(queens(6), max_solutions=None, choose="mrv")
    first = ec.solve(queens(6), max_solutions=None, choose="first")
    assert sorted(map(sorted, mrv.solutions)) == sorted(map(sorted, first.solutions))
    assert first.stats.nodes != mrv.stats.nodes


def test_select_places_options_and_refuses_clashes():
    search = ec.Search(knuth())
    search.select(3)                   # {A, D}
    with pytest.raises(ec.ConflictError) as caught:
        search.select(1)               # {A, D, G} shares A
    assert caught.value.other == 3
    outcome = search.run(max_solutions=None)
    assert outcome.solutions == [[4, 0]] or sorted(outcome.solutions[0]) == [0, 4]


def test_bad_problems_are_refused():
    with pytest.raises(ec.ProblemError, match="not an item"):
        ec.Problem.from_names("AB", [], ["AC"])
    with pytest.raises(ec.ProblemError, match="twice"):
        ec.Problem.from_names("AA", [], ["A"])
    with pytest.raises(ec.ProblemError, match="empty"):
        ec.Problem(("A",), 1, ((),))
    with pytest.raises(ValueError):
        ec.solve(knuth(), choose="random")


def test_sanity_catches_a_broken_link():
    search = ec.Search(knuth(), ec.PYTHON)       # the compiled core's arrays are read as copies
    search.sanity()
    search.down[0] = search.down[search.down[0]]     # skip a node in column A
    with pytest.raises(AssertionError):
        search.sanity()


def test_deep_search_needs_no_recursion():
    # 200 queens would recurse 200 levels deep; the loop is iterative.
    outcome = ec.solve(queens(60), max_solutions=1, max_seconds=30)
    assert outcome.status == ec.SOLVED and outcome.stats.max_level >= 59


# -- properties over random small problems -------------------------------------

@st.composite
def small_problems(draw):
    """Random exact cover problems with up to 6 primary and 2 secondary items."""
    primary = draw(st.integers(1, 6))
    secondary = draw(st.integers(0, 2))
    n = primary + secondary
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1, max_size=n).map(sorted),
                            min_size=1, max_size=9))
    names = [f"p{i}" for i in range(primary)] + [f"s{i}" for i in range(secondary)]
    return ec.Problem(tuple(names), primary, tuple(tuple(o) for o in options))


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.sampled_from(["mrv", "first"]))
def test_count_matches_brute_force_and_sanity_holds(problem, choose):
    outcome = ec.solve(problem, max_solutions=None, choose=choose)
    checked = ec.solve(problem, max_solutions=None, choose=choose, check=True, engine=ec.PYTHON)
    assert outcome.complete and outcome.solutions == checked.solutions
    assert outcome.stats.solutions == brute_force_count(problem)
    for solution in outcome.solutions:
        covered = [i for o in solution for i in problem.options[o]]
        assert len(covered) == len(set(covered)) and set(range(problem.primary)) <= set(covered)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.one_of(st.none(), st.integers(1, 3)), st.one_of(st.none(), st.integers(1, 60)))
def test_recording_never_changes_the_search(problem, max_solutions, max_steps):
    plain = ec.solve(problem, max_solutions=max_solutions, max_steps=max_steps)
    recording = ec.Recording()
    recorded = ec.Search(problem).run(max_solutions=max_solutions, max_steps=max_steps, recording=recording)
    assert plain.solutions == recorded.solutions
    assert (plain.status, plain.limit) == (recorded.status, recorded.limit)
    for field in ("solutions", "nodes", "dead_ends", "steps", "max_level"):
        assert getattr(plain.stats, field) == getattr(recorded.stats, field)
    assert recorded.stats.steps == len(recording.events)
    if max_steps is not None:
        assert len(recording.events) <= max_steps
    assert len(recording.sizes) == sum(1 for k, _, _ in recording.decoded() if k == ec.CHOOSE)


@settings(max_examples=150, deadline=None)
@given(small_problems(), st.one_of(st.none(), st.integers(1, 3)), st.integers(1, 80))
def test_a_step_budget_cuts_the_full_log_within_one_action(problem, max_solutions, max_steps):
    full = ec.Recording()
    ec.Search(problem).run(max_solutions=max_solutions, recording=full)
    cut = ec.Recording()
    outcome = ec.Search(problem).run(max_solutions=max_solutions, max_steps=max_steps, recording=cut)
    assert cut.events == full.events[:len(cut.events)]
    if outcome.limit == ec.LIMIT_STEPS:
        # Stopped before an action that would pass the cap: no action writes
        # more than a choose, its cover and a dead end, or a try and its covers.
        longest = max(map(len, problem.options))
        assert max_steps - max(3, longest) < len(cut.events) <= max_steps
    else:
        assert cut.events == full.events


def assert_choices_follow_the_rule(problem, recording, selected=()):
    """Each choose event names the leftmost uncovered primary item with the
    fewest live options, and records that count: checked by replaying the
    covers and counting live options from scratch, not through the links."""
    covered = {i for k in selected for i in problem.options[k]}
    chooses = 0
    for kind, arg, d in recording.decoded():
        if kind == ec.COVER:
            covered.add(arg)
        elif kind == ec.UNCOVER:
            covered.discard(arg)
        elif kind == ec.CHOOSE:
            live = [o for o in problem.options if covered.isdisjoint(o)]
            per_item = collections.Counter(i for o in live for i in set(o))     # one pass, not one per item
            counts = {i: per_item[i] for i in range(problem.primary) if i not in covered}
            fewest = min(counts, key=lambda i: (counts[i], i))
            assert (arg, d) == (fewest, counts[fewest])
            chooses += 1
    return chooses


@settings(max_examples=150, deadline=None)
@given(small_problems())
def test_each_choice_is_the_leftmost_item_with_fewest_options(problem):
    recording = ec.Recording()
    ec.Search(problem).run(max_solutions=None, recording=recording)
    assert assert_choices_follow_the_rule(problem, recording) >= 1


def test_choices_follow_the_rule_on_queens_and_a_sudoku():
    recording = ec.Recording()
    ec.Search(queens(6)).run(max_solutions=None, recording=recording)
    assert assert_choices_follow_the_rule(queens(6), recording) > 50
    # A hard 9×9 (top95 #1): hundreds of choices, with and without singletons.
    from webapp.models import sudoku
    grid = sudoku.parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    search = ec.Search(sudoku.problem_for(3))
    for option in sudoku.given_options(grid):
        search.select(option)
    recording = ec.Recording()
    search.run(max_solutions=2, recording=recording)
    sizes = recording.sizes
    assert assert_choices_follow_the_rule(search.problem, recording, search.selected) == len(sizes) > 100
    assert 0 in sizes and 1 in sizes and max(sizes) >= 2


def test_choices_past_the_counts_found_by_bytes_walk_the_item_list():
    # E has 2 options (found by a byte search); below it every count is above
    # FIND_UP_TO, so the choice walks the item list, where B and C tie (leftmost wins).
    many = ec.FIND_UP_TO + 1
    options = ([["A"]] * (many + 2) + [["B", "D"]] * many + [["C"]] * many + [["D"]] * (many + 1)
               + [["A", "C"]] * 2 + [["E", "A"], ["E", "B"]])
    problem = ec.Problem.from_names("ABCDE", [], options)
    search = ec.Search(problem)
    assert type(search.len) is bytearray
    recording = ec.Recording()
    search.run(max_solutions=None, keep=0, recording=recording)
    assert assert_choices_follow_the_rule(problem, recording) > 300
    assert (recording.events[0], recording.sizes[0]) == (ec.pack(ec.CHOOSE, 4), 2)
    assert max(recording.sizes) > ec.FIND_UP_TO


def test_pack_and_unpack_are_inverse():
    for kind in range(7):
        for arg in (0, 1, 7, 8, 12345, 2 ** 20):
            assert ec.unpack(ec.pack(kind, arg)) == (kind, arg)



@pytest.mark.parametrize("n, kind", [(100, bytearray), (130, list)])
def test_counts_past_a_byte_search_the_same_way(n, kind):
    # Item a has n options: past 127 the counts live in a list, not a byte array.
    bs = [f"b{k}" for k in range(n)]
    pairs = [["a", b] for b in bs] + [[b] for b in bs]
    # a pairs with one b_k, y with b0 or b1, every other b alone: 2(n-1) solutions.
    solvable = ec.Problem.from_names(["a", *bs, "y"], [], pairs + [["y", "b0"], ["y", "b1"]])
    # Three items share b0 and b1: each way ends where the third has no option left.
    pigeons = ec.Problem.from_names(["y", "x", "w", "a", *bs], [],
                                    pairs + [[p, b] for p in "yxw" for b in ("b0", "b1")])
    for problem, solutions in ((solvable, 2 * (n - 1)), (pigeons, 0)):
        search = ec.Search(problem)
        assert type(search.len) is kind
        recording = ec.Recording()
        outcome = search.run(max_solutions=None, recording=recording)
        assert outcome.stats.solutions == solutions and outcome.complete
        ec.Search(problem, ec.PYTHON).run(max_solutions=2, check=True)     # sanity after every event (slow)
        assert assert_choices_follow_the_rule(problem, recording) > 2
        assert search.counts() == [len(problem.options_of_item[i]) for i in range(len(problem.items))]
    assert outcome.stats.dead_ends == 2 and set(recording.sizes) == {0, 1, 2}


def test_the_budget_counts_from_started():
    # A server counts its parsing in max_seconds: a budget already spent stops the search at its first look.
    outcome = ec.solve(queens(12), max_solutions=None, max_seconds=1, started=time.perf_counter() - 2)
    assert outcome.limit == ec.LIMIT_TIME and outcome.stats.nodes < ec.LOOK_EVERY


def test_time_kept_back_for_the_recording_stops_the_search_sooner():
    # An hour kept back for each recorded event: the first look with any event recorded ends it.
    recording = ec.Recording()
    outcome = ec.solve(queens(12), max_solutions=None, max_seconds=60, recording=recording, keep_back=(3600.0, 0.0))
    assert outcome.limit == ec.LIMIT_TIME and len(recording.events) > 0 and outcome.stats.nodes < ec.LOOK_EVERY
    unrecorded = ec.solve(queens(8), max_solutions=None, max_seconds=60, keep_back=(3600.0, 0.0))
    assert unrecorded.complete       # nothing recorded: nothing to keep time back for
