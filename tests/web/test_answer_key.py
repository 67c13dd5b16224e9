"""The answer cache's key: built from the whole problem the search runs on, so two problems
whose answers differ can never share an entry (issue 32: the key once left out colours).

The brute force here knows only the definition of a solution (every primary item exactly
once; a secondary item at most once, or several times when every use gives it one colour)
and shares no code with the engine.
"""

from __future__ import annotations

import dataclasses
import itertools
import json

import brotli
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.strategies import coloured_problems
from webapp import create_app
from webapp.engine import exact_cover as ec
from webapp.models import sudoku, variants
from webapp.web import answers

SETTINGS = {"max_solutions": 1, "max_steps": 1000, "max_seconds": 4.0, "choose": "mrv"}


def solutions(problem: ec.Problem) -> set[frozenset[int]]:
    """Every solution, by trying every set of options."""
    found = set()
    for size in range(len(problem.options) + 1):
        for chosen in itertools.combinations(range(len(problem.options)), size):
            uses: dict[int, list[int]] = {}
            for k in chosen:
                colours = problem.colours[k] if problem.colours else (0,) * len(problem.options[k])
                for item, colour in zip(problem.options[k], colours):
                    uses.setdefault(item, []).append(colour)
            primary_once = all(len(uses.get(i, ())) == 1 for i in range(problem.primary))
            secondary_fits = all(len(c) == 1 or (0 not in c and len(set(c)) == 1)
                                 for i, c in uses.items() if i >= problem.primary)
            has_primary = all(any(i < problem.primary for i in problem.options[k]) for k in chosen)
            if primary_once and secondary_fits and has_primary:
                found.add(frozenset(chosen))
    return found


def key_of(problem: ec.Problem, search=SETTINGS, givens=(), words=None) -> str:
    return answers.key("cover", problem, list(givens), words or {"kind": "cover"}, search)


def rebuilt(problem: ec.Problem, **changes) -> ec.Problem:
    """The same problem as a new object (so no digest is remembered for it), with changes."""
    return dataclasses.replace(problem, **changes)


def test_the_same_problem_built_twice_has_the_same_key():
    problem = ec.Problem(("a", "b", "c"), 2, ((0, 2), (1, 2)), ((0, 1), (0, 1)), ("red",))
    assert key_of(problem) == key_of(rebuilt(problem))


@settings(max_examples=150, deadline=None)
@given(coloured_problems(options=(1, 7)), st.data())
def test_one_colour_changed_changes_the_key(problem, data):
    coloured = [(k, j) for k, option in enumerate(problem.options) for j, item in enumerate(option)
                if item >= problem.primary]
    assume(coloured)
    k, j = data.draw(st.sampled_from(coloured))
    old = problem.colours[k][j]
    new = data.draw(st.integers(0, len(problem.colour_names)).filter(lambda c: c != old))
    colours = list(problem.colours)
    colours[k] = colours[k][:j] + (new,) + colours[k][j + 1:]
    changed = rebuilt(problem, colours=tuple(colours))
    assert key_of(changed) != key_of(problem)


@settings(max_examples=200, deadline=None)
@given(coloured_problems(primary=(1, 2), secondary=(1, 2), colours=(1, 2), options=(1, 5)),
       coloured_problems(primary=(1, 2), secondary=(1, 2), colours=(1, 2), options=(1, 5)))
def test_two_problems_whose_solutions_differ_never_share_a_key(one, other):
    if solutions(one) != solutions(other) or one.items != other.items:
        assert key_of(one) != key_of(other)


@settings(max_examples=150, deadline=None)
@given(coloured_problems(options=(1, 7)), st.data())
def test_one_option_changed_changes_the_key(problem, data):
    k = data.draw(st.integers(0, len(problem.options) - 1))
    items = len(problem.items)
    option = data.draw(st.lists(st.integers(0, items - 1), min_size=1, max_size=items, unique=True))
    assume(tuple(option) != problem.options[k])
    colours = tuple(0 if i < problem.primary else data.draw(st.integers(0, len(problem.colour_names)))
                    for i in option)
    changed = rebuilt(problem, options=problem.options[:k] + (tuple(option),) + problem.options[k + 1:],
                      colours=problem.colours[:k] + (colours,) + problem.colours[k + 1:])
    assert key_of(changed) != key_of(problem)


@settings(max_examples=100, deadline=None)
@given(coloured_problems(options=(1, 7)), st.sampled_from(["primary", "colour_names", "items"]))
def test_the_items_and_colour_names_are_in_the_key(problem, what):
    if what == "primary":
        assume(problem.primary > 1 and all(any(i < problem.primary - 1 for i in o) for o in problem.options))
        changed = rebuilt(problem, primary=problem.primary - 1,
                          colours=tuple(tuple(0 if i == problem.primary - 1 else c for i, c in zip(o, cs))
                                        for o, cs in zip(problem.options, problem.colours)))
    elif what == "colour_names":
        changed = rebuilt(problem, colour_names=tuple(f"{name}2" for name in problem.colour_names))
    else:
        changed = rebuilt(problem, items=tuple(f"{name}x" for name in problem.items))
    assert key_of(changed) != key_of(problem)


@pytest.mark.parametrize("change", [{"max_solutions": 2}, {"max_steps": 999}, {"max_seconds": 3.5},
                                    {"choose": "first"}, {"record": False}])
def test_every_setting_of_the_search_is_in_the_key(change):
    problem = ec.Problem(("a", "b"), 2, ((0,), (1,), (0, 1)))
    assert key_of(problem, {**SETTINGS, **change}) != key_of(problem)


def test_the_givens_and_the_words_are_in_the_key():
    problem = ec.Problem(("a", "b"), 2, ((0,), (1,), (0, 1)))
    assert key_of(problem, givens=[0]) != key_of(problem)
    assert key_of(problem, words={"kind": "cover", "title": "Other"}) != key_of(problem)


PUZZLE = "3.......71.......5....68.....5.19......9.............28....3......235..1.......9."
MAPS = ["111111123456616123456666223456622223455577323445777333445577778499998888999998888",
        "123344444122333334152222234155556234111756664881755566981777776988888876999999976"]


def sudoku_key(names=(), regions=None) -> str:
    grid = sudoku.parse(PUZZLE, check=False)
    rules = variants.rules_for(grid.n, list(names), regions)
    model = variants.model(rules)
    return answers.key("solve", model.problem, sudoku.given_options(grid), variants.about(grid, rules), SETTINGS)


def test_a_puzzle_plain_and_under_each_variant_has_a_key_of_its_own():
    keys = [sudoku_key()] + [sudoku_key([name]) for name in variants.NAMES if name != "jigsaw"]
    keys += [sudoku_key(["jigsaw"], regions) for regions in MAPS]
    assert len(set(keys)) == len(keys)


def test_two_models_of_the_same_rules_share_a_key_and_a_remembered_digest():
    assert sudoku_key(["x"]) == sudoku_key(["x"])
    assert sudoku_key(["jigsaw"], MAPS[0]) == sudoku_key(["jigsaw"], MAPS[0])


def test_the_key_form_is_in_the_key(monkeypatch):
    # Entries stored under an older form of the key can never be read as new answers.
    problem = ec.Problem(("a",), 1, ((0,),))
    before = key_of(problem)
    monkeypatch.setattr(answers, "KEY_FORM", answers.KEY_FORM + 1)
    assert key_of(problem) != before


def post(client, body):
    response = client.post("/api/cover", json=body, headers={"Accept-Encoding": "br"})
    data = response.data
    if response.headers.get("Content-Encoding") == "br":
        data = brotli.decompress(data)
    return response, json.loads(data)


def test_the_cache_never_answers_a_colour_problem_with_another_colours_answer(tmp_path):
    # The puzzle fan's report: red/red has one solution; red/blue has none, and was
    # answered "exactly one solution" from the cache, its blue option drawn red.
    client = create_app({"TESTING": True, "ANSWER_CACHE_DIR": str(tmp_path / "answers")}).test_client()
    same = {"text": "a b | c\na c:red\nb c:red\n", "solutions": None}
    other = {"text": "a b | c\na c:red\nb c:blue\n", "solutions": None}
    response, answer = post(client, same)
    assert response.headers[answers.HEADER] == "miss" and answer["outcome"]["status"] == "solved"
    response, answer = post(client, other)
    assert response.headers[answers.HEADER] == "miss"
    assert answer["outcome"]["status"] == "no_solution" and answer["solutions"] == []
    assert "blue" in answer["log"]["colour_names"]
    response, again = post(client, other)
    assert response.headers[answers.HEADER] == "hit" and again == answer


def test_bounds_change_the_key():
    # Knuth's multiplicities (DLX3): the same items and options, counted differently, answer differently.
    exact = ec.Problem(("a", "b"), 2, ((0,), (0, 1), (1,)))
    twice = rebuilt(exact, bounds=((2, 2), (1, 1)))
    up_to_two = rebuilt(exact, bounds=((1, 2), (1, 1)))
    keys = {key_of(exact), key_of(twice), key_of(up_to_two)}
    assert len(keys) == 3
    assert key_of(twice) == key_of(rebuilt(twice))
    counts = {ec.solve(p, max_solutions=None).stats.solutions for p in (exact, twice, up_to_two)}
    assert counts == {2, 1, 3}, "the three problems have different answers"
