"""Knuth's DLX2 colours: the text format, the search (purify and unpurify) against a brute force.

A secondary item in an option may carry a colour, `item:colour`. Two options that
share a secondary item are compatible when both give it the same colour; an
uncoloured use excludes every other use. The brute force below knows only that
rule, nothing of dancing links.
"""

import itertools
import random

import pytest
from hypothesis import given, settings

from tests.replaying import KNUTH_COLOURED
from tests.strategies import coloured_problems
from webapp.engine import exact_cover as ec
from webapp.models import cover_text as ct


def brute_force_count(problem: ec.Problem) -> int:
    """Solutions by trying every set of options: each primary item once, every pair compatible.

    Options without a primary item are left out, as the search never picks one.
    """
    usable = [k for k, o in enumerate(problem.options) if any(i < problem.primary for i in o)]
    count = 0
    for size in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, size):
            held = [0] * problem.primary
            for k in chosen:
                for i in problem.options[k]:
                    if i < problem.primary:
                        held[i] += 1
            if all(h == 1 for h in held) and all(problem.compatible(a, b)
                                                 for a, b in itertools.combinations(chosen, 2)):
                count += 1
    return count


@settings(max_examples=300, deadline=None)
@given(coloured_problems())
def test_the_search_counts_what_a_brute_force_counts(problem):
    expected = brute_force_count(problem)
    # check=True: every link invariant holds after every event, purifies included.
    python = ec.Search(problem, ec.PYTHON).run(max_solutions=None, keep=None, check=True)
    assert python.stats.solutions == expected
    for solution in python.solutions:
        assert all(problem.compatible(a, b) for a, b in itertools.combinations(solution, 2))
    if ec.compiled_available():
        assert ec.solve(problem, ec.COMPILED, max_solutions=None).stats.solutions == expected


def test_larger_random_problems_agree_with_the_brute_force():
    rng = random.Random(23)
    for _ in range(40):
        primary, secondary = rng.randint(3, 6), rng.randint(2, 4)
        n = primary + secondary
        options = [tuple(rng.sample(range(n), rng.randint(1, 4))) for _ in range(rng.randint(8, 14))]
        colouring = tuple(tuple(0 if i < primary or rng.random() < 0.25 else rng.randint(1, 2) for i in o)
                          for o in options)
        problem = ec.Problem(tuple(f"i{k}" for k in range(n)), primary, tuple(options), colouring, ("a", "b"))
        assert ec.solve(problem, max_solutions=None).stats.solutions == brute_force_count(problem)


def test_knuths_coloured_example_has_its_one_solution():
    problem = ct.parse_cover(KNUTH_COLOURED)
    assert problem.colour_names == ("0", "1") and problem.coloured
    outcome = ec.solve(problem, max_solutions=None)
    assert outcome.unique and sorted(outcome.solutions[0]) == [1, 3]


def test_a_try_purifies_its_coloured_items_and_backing_up_unpurifies_them():
    problem = ct.parse_cover(KNUTH_COLOURED)
    recording = ec.Recording()
    ec.solve(problem, ec.PYTHON, max_solutions=None, recording=recording)
    kinds = [ec.KIND_NAMES[kind] for kind, _, _ in recording.decoded()]
    assert "purify" in kinds and kinds.count("purify") == kinds.count("unpurify")
    purified = [arg for kind, arg, _ in recording.decoded() if kind == ec.PURIFY]
    assert set(purified) <= {problem.items.index("x"), problem.items.index("y")}


def test_an_option_of_the_colour_an_item_has_already_does_not_purify_it_again():
    problem = ct.parse_cover("A B | x\nA x:red\nB x:red\n")
    recording = ec.Recording()
    outcome = ec.solve(problem, ec.PYTHON, recording=recording, max_solutions=None)
    assert outcome.unique
    events = [(kind, arg) for kind, arg, _ in recording.decoded()]
    # B x:red is tried under A x:red: x keeps its colour, no second purify.
    assert events.count((ec.PURIFY, 2)) == 1 == events.count((ec.UNPURIFY, 2))


def test_colours_round_trip_through_the_text():
    problem = ct.parse_cover(KNUTH_COLOURED)
    assert ct.parse_cover(ct.format_cover(problem)) == problem
    assert ct.format_option(problem, 1) == "A C x:1 y:1"


@pytest.mark.parametrize("text, line, column, words", [
    ("A B | x\nA:red x\n", 2, 1, "'A:red' colours A, a primary item"),
    ("A B | x\nB\nA x:\n", 3, 4, "no colour after the ':'"),
    ("A B | x\nA z:red\n", 2, 3, "'z:red' is not an item of the header"),
    # A second ':' was reported as "'x::a' is not an item": it is x with a colour that holds a ':'.
    ("A | x\nA x::a\n", 2, 5, "'x::a' has a second ':' (column 5): an item takes one colour, "
                              "written x:colour"),
    ("A | x\nA x:a:b\n", 2, 6, "'x:a:b' has a second ':' (column 6)"),
    ("A | x\nA x:::\n", 2, 5, "'x:::' has a second ':' (column 5)"),
])
def test_bad_colours_are_named_with_where(text, line, column, words):
    with pytest.raises(ct.CoverParseError) as caught:
        ct.parse_cover(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in str(caught.value)


@pytest.mark.parametrize("text, column, name", [
    ("A | a:b\nA a:b\n", 6, "a:b"),        # it was read as an item named 'a:b'
    ("A:red B | x\nA\n", 2, "A:red"),
    ("A | x y:\nA\n", 8, "y:"),
])
def test_a_header_name_holding_a_colon_is_refused(text, column, name):
    with pytest.raises(ct.CoverParseError) as caught:
        ct.parse_cover(text)
    assert (caught.value.line, caught.value.column) == (1, column)
    assert str(caught.value) == (f"line 1, column {column}: item name {name!r} holds a ':': colours "
                                 f"belong in the options (x:red gives x the colour red), not in the "
                                 f"item list")


def test_the_problem_refuses_a_colour_on_a_primary_item():
    with pytest.raises(ec.ProblemError, match="primary item"):
        ec.Problem(("A", "x"), 1, ((0, 1),), ((1, 0),), ("red",))


def test_a_given_with_a_colour_is_refused():
    problem = ct.parse_cover("A B | x\nA x:red\nB x:red\n")
    search = ec.Search(problem, ec.PYTHON)
    with pytest.raises(ec.ProblemError, match="colour"):
        search.select(0)


def coloured_log(problem: ec.Problem, phrases, about) -> dict:
    """The step log of the whole search of a coloured problem."""
    from webapp.log import steplog
    recording = ec.Recording()
    outcome = ec.Search(problem).run(recording=recording, max_solutions=None)
    return steplog.build(problem, phrases, [], recording, outcome, about)


def dead_end_lines_of(log: dict) -> list[list[str]]:
    from webapp.log import steplog
    return [steplog.explain_step(log, step + 1) for step, code in enumerate(log["events"])
            if code & ec.KIND_MASK == ec.DEAD_END]


def test_an_option_ruled_out_by_a_colour_is_explained_with_the_colour():
    from webapp.analysis.explain import generic_phrases
    problem = ct.parse_cover(KNUTH_COLOURED)
    [lines] = dead_end_lines_of(coloured_log(problem, generic_phrases(problem), {"kind": "cover", "title": "t"}))
    # y is not covered, it is purified: 'C y:1' wants it 1 and the choice gave it 0.
    assert "C y:1: ruled out by the choice A B x:0 y:0 at level 0 (y is already 0)" in lines
    assert "A C x:1 y:1: ruled out by the choice A B x:0 y:0 at level 0 (A is already covered)" in lines


def test_the_word_squares_dead_ends_name_the_letter_a_cell_already_has():
    from webapp.models import problems
    square = problems.make("word-square")
    said = [line for lines in dead_end_lines_of(coloured_log(square.problem, square.phrases, square.about()))
            for line in lines]
    assert any(line.endswith("ruled out by the choice lid in row 1 at level 0 (r1c2 is already i)") for line in said)
    # A word used without a colour still says so in the problem's words.
    assert "end in column 1: ruled out by the choice end in row 1 at level 0 (end is already used)" in said
    assert not any("another letter" in line for line in said)
