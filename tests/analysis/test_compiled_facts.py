"""The compiled analysis (webapp/analysis/_facts.c) against facts.py's pass, its reference.

One recording, both passes: every fact of the Analysis (each dead end whole, every
back-up, every node, the jumps, thrashing, heat, the wasted count) is the same, and
so is the step log's facts as JSON, to the byte. Hard, many-solution, coloured,
variant, stopped and random problems (Hypothesis); searches deeper than 63 levels
(level sets of more than one word). The compiled pass must also refuse malformed
input with a ValueError, never crash (make sanitize runs this file under ASan/UBSan).
"""

from __future__ import annotations

import json
from array import array
from dataclasses import asdict

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import bounded_problems, coloured_problems
from webapp.analysis import facts as an
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import problems, sudoku, variants
from webapp.models.examples import PUZZLES

pytestmark = pytest.mark.skipif(
    not an.compiled_available(),
    reason="the compiled analysis is not built here (no C compiler when the package was installed): "
           "only facts.py's pass runs, so there is nothing to compare")


def everything(found: an.Analysis) -> dict:
    """Every fact of an analysis as plain values."""
    backups, tries = found.backups, found.tries
    return {
        "counts": (found.events, found.solutions, found.finished, found.wasted, found.nodes),
        "dead_ends": [asdict(d) for d in found.dead_ends],
        "backups": {name: list(getattr(backups, name)) for name in
                    ("step", "level", "takes_back", "back_to", "nogood", "jump_to", "wasted")},
        "tries": {name: list(getattr(tries, name)) for name in
                  ("step", "level", "option", "parent", "size", "solved", "open")},
        "wrong": list(found.wrong_choices),
        "thrashing": [asdict(t) for t in found.thrashing],
        "heat": list(found.heat),
        "jumps": [asdict(j) for j in found.jumps],
        "path": found.path_nodes(),
    }


def assert_same_facts(problem: ec.Problem, givens, recording: ec.Recording) -> an.Analysis:
    reference = an.analyse(problem, givens, recording, passes=an.PYTHON)
    compiled = an.analyse(problem, givens, recording, passes=an.COMPILED)
    want, got = everything(reference), everything(compiled)
    for name in want:
        assert got[name] == want[name], name
    assert (json.dumps(steplog.facts(compiled), separators=(",", ":"))
            == json.dumps(steplog.facts(reference), separators=(",", ":")))
    # The forced moves that facts.singles names: the compiled walk finds the Python loop's.
    events, sizes = (array("q", recording.events), array("q", recording.sizes))
    want_forced = an.forced_items(list(events), list(sizes), passes=an.PYTHON)
    assert list(an.forced_items(events, sizes, passes=an.COMPILED)) == want_forced
    assert len(want_forced) == sum(1 for d in sizes if d == 1)
    return compiled


def recorded(problem: ec.Problem, givens=(), **limits) -> ec.Recording:
    search = ec.Search(problem)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    search.run(recording=recording, **limits)
    return recording


def sudoku_case(text: str, **limits):
    grid = sudoku.parse(text)
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    return problem, givens, recorded(problem, givens, **limits)


def lines(name: str, count: int) -> list[str]:
    return [line.strip() for line in (PUZZLES / name).read_text().splitlines() if line.strip()][:count]


HARDEST = "................12..3.45......1....6...7..3...2....4.....89....3........546......"


@pytest.mark.parametrize("text, limits", [
    *[(text, {}) for text in lines("norvig_top95.txt", 3)],
    (HARDEST, {}),                                                   # 136,128 events: the heaviest bundled 9x9
    (HARDEST, {"max_solutions": None, "max_steps": 30_000}),         # stopped: levels left open
    (lines("norvig_top95.txt", 2)[1], {"choose": "first", "max_steps": 40_000}),   # dense dead ends, jumps
    ("." * 81, {"choose": "first", "max_solutions": None, "max_steps": 20_000}),   # 81 levels: two-word sets
    (lines("gecode_16x16.txt", 1)[0], {"max_steps": 20_000}),
])
def test_sudoku_facts_are_the_reference_s(text, limits):
    assert_same_facts(*sudoku_case(text, **limits))


def test_an_empty_grid_goes_deeper_than_a_word_of_levels():
    problem, givens, recording = sudoku_case("." * 81, choose="first", max_steps=5_000)
    found = assert_same_facts(problem, givens, recording)
    assert max(found.tries.level) >= 64


@pytest.mark.parametrize("builtin, params", [("queens", {"n": 8}), ("knuth", {}), ("small-packing", {}),
                                             ("latin", {"n": 3}), ("word-square", {}), ("pentominoes", {})])
def test_cover_problems_with_many_solutions(builtin, params):
    problem = problems.make(builtin, **params).problem
    limits = {"max_steps": 3_000} if builtin == "pentominoes" else {}
    assert_same_facts(problem, [], recorded(problem, max_solutions=None, **limits))


@pytest.mark.parametrize("name, rules", [("anti_knight.txt", ("anti-knight",)), ("x.txt", ("x",)),
                                         ("non_consecutive.txt", ("non-consecutive",))])
def test_variants(name, rules):
    text = next(line.split()[0] for line in (PUZZLES / "variants" / name).read_text().splitlines()
                if line.strip() and not line.startswith("#"))
    grid, rules_ = variants.read(text, rules)
    problem = variants.model(rules_).problem
    givens = sudoku.given_options(grid)
    assert_same_facts(problem, givens, recorded(problem, givens, max_solutions=None, max_steps=50_000))


@st.composite
def cover_problems(draw):
    n = draw(st.integers(1, 8))
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1, max_size=n).map(sorted),
                            min_size=1, max_size=14))
    primary = n - draw(st.integers(0, min(2, n - 1)))
    return ec.Problem(tuple(f"i{k}" for k in range(n)), primary, tuple(tuple(o) for o in options))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cover_problems(), st.sampled_from(["mrv", "first"]), st.one_of(st.none(), st.integers(1, 3)),
       st.one_of(st.none(), st.integers(1, 80)))
def test_random_problems(problem, choose, max_solutions, max_steps):
    recording = recorded(problem, choose=choose, max_solutions=max_solutions, max_steps=max_steps)
    assert_same_facts(problem, [], recording)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(coloured_problems(primary=(1, 5), colours=(1, 3), options=(1, 14)), st.sampled_from(["mrv", "first"]),
       st.one_of(st.none(), st.integers(1, 80)))
def test_coloured_problems(problem, choose, max_steps):
    recording = recorded(problem, choose=choose, max_solutions=None, max_steps=max_steps)
    assert_same_facts(problem, [], recording)


def test_a_python_engine_recording_is_read_as_well():
    problem, givens, _ = sudoku_case(HARDEST, max_steps=5_000)
    search = ec.Search(problem, ec.PYTHON)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    search.run(recording=recording, max_steps=5_000)
    assert isinstance(recording.events, list)
    assert_same_facts(problem, givens, recording)


# -- malformed input: a ValueError naming the event, never a crash -----------------------

SMALL = ec.Problem(("a", "b", "c"), 3, ((0, 1), (2,), (0,), (1, 2)))


def codes(*events) -> array:
    return array("q", [ec.pack(kind, arg) for kind, arg in events])


@pytest.mark.parametrize("events, message", [
    ([(ec.TRY, 0)], "no level open"),
    ([(ec.BACKUP, 0)], "no level open"),
    ([(ec.DEAD_END, 0)], "no level open"),
    ([(ec.CHOOSE, 7)], "not in the problem"),
    ([(ec.CHOOSE, 0), (ec.TRY, 9)], "not in the problem"),
    ([(ec.CHOOSE, 0), (ec.DEAD_END, 5)], "not in the problem"),
    ([(ec.CHOOSE, 0), (ec.DEAD_END, 0)], "is not ruled out"),
    ([(ec.CHOOSE, 0), (ec.TRY, 0), (ec.CHOOSE, 2), (ec.TRY, 1), (ec.BACKUP, 1), (ec.BACKUP, 0),
      (ec.SOLUTION, 1)], None),
    ([(9, 0)], "unknown kind"),
])
def test_malformed_events_are_refused(events, message):
    recording = ec.Recording()
    recording.events = codes(*events)
    if message is None:             # well formed enough: both passes agree
        assert_same_facts(SMALL, [], recording)
        return
    with pytest.raises(ValueError, match=message):
        an.analyse(SMALL, [], recording, passes=an.COMPILED)


@pytest.mark.parametrize("starts, entries, givens, message", [
    ([0, 2, 1, 2], [0, 1], [], "ends before it starts"),
    ([1, 2], [0, 1], [], "from 0"),
    ([0, 2], [0, 5], [], "outside"),
    ([0, 2], [0, 0], [], "twice"),
    ([0, 2], [0, 1], [3], "given 0 is option 3"),
    ([], [], [], "at least one"),
])
def test_malformed_problems_are_refused(starts, entries, givens, message):
    with pytest.raises(ValueError, match=message):
        an._facts.analyse(3, array("q", starts), array("q", entries), None, array("q", givens), array("q"))


def test_arrays_of_another_type_are_refused():
    with pytest.raises(TypeError, match="64-bit"):
        an._facts.analyse(3, array("i", [0, 1]), array("q", [0]), None, array("q"), array("q"))


# -- the JSON writer and the first-use numbering the step log's answers use --------------

INT64 = st.integers(-(2 ** 63), 2 ** 63 - 1)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(INT64, st.integers(-1000, 100_000)), max_size=60))
def test_json_ints_writes_the_bytes_of_the_list(values):
    assert an._facts.json_ints(array("q", values)) == orjson.dumps(values)
    assert an._facts.json_ints(memoryview(array("q", values))) == orjson.dumps(values)


def test_json_ints_refuses_other_arrays():
    with pytest.raises(TypeError, match="64-bit"):
        an._facts.json_ints(array("i", [1, 2]))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(st.lists(st.integers(0, n - 1), max_size=40),
                                                      st.lists(st.integers(0, n - 1), min_size=n, max_size=n))))
def test_first_uses_numbers_as_the_python_loop_does(case):
    values, table = case
    for chosen in (table, None):
        want = an.first_uses(values, chosen)                 # lists: the Python loop
        firsts, packed = an._facts.first_uses(array("q", values), None if chosen is None else array("q", chosen))
        assert (firsts, an.int64s(packed).tolist()) == (want[0], list(want[1]))


@pytest.mark.parametrize("values, table", [([3], [0, 0]), ([-1], [0]), ([0], [5]), ([0], [-1])])
def test_first_uses_refuses_a_value_without_an_entry(values, table):
    with pytest.raises(ValueError, match="no entry"):
        an._facts.first_uses(array("q", values), array("q", table))


# -- with bounds (Knuth's DLX3: webapp/analysis/bounded_facts.py and _facts_bounds.h) ----------------

@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(bounded_problems(primary=(2, 5), options=(4, 16), width=3, most=3), st.sampled_from(["mrv", "first"]),
       st.one_of(st.none(), st.integers(1, 3)), st.one_of(st.none(), st.integers(1, 120)))
def test_problems_with_bounds(problem, choose, max_solutions, max_steps):
    recording = recorded(problem, choose=choose, max_solutions=max_solutions, max_steps=max_steps)
    assert_same_facts(problem, [], recording)


def test_a_search_with_bounds_deeper_than_a_word_of_levels():
    # 70 items wanted once, each alone or with z, and z wanted twice: the first item first takes each alone,
    # 70 levels deep, before z runs short (the choices at levels 0 to 68 are its culprits): the dead ends'
    # level sets take two words.
    n = 70
    items = tuple(f"a{k}" for k in range(n)) + ("z",)
    options = tuple((k,) for k in range(n)) + tuple((k, n) for k in range(n))
    problem = ec.Problem(items, n + 1, options, bounds=((1, 1),) * n + ((2, 2),))
    found = assert_same_facts(problem, [], recorded(problem, choose="first", max_solutions=None, max_steps=300))
    assert found.dead_ends[0].level == n and found.dead_ends[0].culprits == list(range(n - 1))


@pytest.mark.parametrize("bounds, events, message", [
    ([1, 2, 1], [], "a \\(least, most\\) pair"),
    ([2, 1], [], "bounds \\(2, 1\\)"),
    ([1, 2, 1, 1, 1, 1, 1, 1], [], "a \\(least, most\\) pair"),          # more pairs than items
    ([1, 2], [(ec.SETTLE, 0)], "settles an item that is not its level's"),
    ([1, 2], [(ec.CHOOSE, 0), (ec.SETTLE, 1)], "settles an item that is not its level's"),
    ([1, 2], [(ec.CHOOSE, 0), (ec.DEAD_END, 0)], "is not short"),
])
def test_malformed_bounds_are_refused(bounds, events, message):
    starts, entries, _ = an.flat_options(SMALL)
    with pytest.raises(ValueError, match=message):
        an._facts.analyse(3, starts, entries, None, array("q"), codes(*events), bounds=array("q", bounds))
