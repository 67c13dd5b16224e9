"""The compiled core (webapp/engine/_dlx.c) against the Python engine, its reference.

Same problem, limits and choice rule: the same events in the same order, the
same outcome and counts, and the same link arrays where the search stopped.
The whole step log (analysis included) is compared for Sudoku of every size
and for the cover page's built-ins; random problems come from Hypothesis. The
core must also refuse malformed arrays and misuse without ever crashing.
"""

import json
import random
import subprocess
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import coloured_problems
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import problems, sudoku
from webapp.models.examples import PUZZLES

pytestmark = pytest.mark.skipif(
    not ec.compiled_available(),
    reason="the compiled engine is not built here (no C compiler when the package was installed): "
           "only the Python engine runs, so there is nothing to compare")

if ec.compiled_available():
    from webapp.engine import _dlx


def searched(problem, engine, givens=(), **limits):
    """(outcome, events, sizes, arrays where it stopped) of one recorded search."""
    search = ec.Search(problem, engine)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    outcome = search.run(recording=recording, **limits)
    arrays = tuple(list(a) for a in search.links())
    return outcome, list(recording.events), list(recording.sizes), arrays


def assert_same_search(problem, givens=(), **limits):
    """Both engines, one search: everything but the seconds and the engine's name agrees."""
    python = searched(problem, ec.PYTHON, givens, **limits)
    compiled = searched(problem, ec.COMPILED, givens, **limits)
    (a, *a_rest), (b, *b_rest) = python, compiled
    assert (b.stats.engine, a.stats.engine) == (ec.COMPILED, ec.PYTHON)
    assert b_rest[0] == a_rest[0], "the events differ"
    assert b_rest[1:] == a_rest[1:], "the choose sizes or the stopped search's links differ"
    assert (b.status, b.complete, b.limit, b.solutions) == (a.status, a.complete, a.limit, a.solutions)
    for name in ("solutions", "nodes", "dead_ends", "steps", "max_level"):
        assert getattr(b.stats, name) == getattr(a.stats, name), name
    return a


def comparable(log: dict) -> dict:
    """A step log without what may differ between engines: the measured seconds and the engine's name."""
    stats = {k: v for k, v in log["stats"].items() if k not in ("seconds", "engine")}
    return {**log, "stats": stats}


def sudoku_log(text, engine, **limits):
    grid = sudoku.parse(text)
    recording = ec.Recording()
    solved = sudoku.solve(grid, recording=recording, engine=engine, **limits)
    log = steplog.build(sudoku.problem_for(grid.n), sudoku.phrases_for(grid.n), sudoku.given_options(grid),
                        recording, solved.outcome, {"kind": "sudoku", "n": grid.n, "puzzle": text})
    return json.loads(steplog.dumps(log))


def puzzle_lines(name, count=None, seed=7):
    lines = [line.strip() for line in (PUZZLES / name).read_text().splitlines() if line.strip()]
    return lines if count is None else random.Random(seed).sample(lines, count)


def four_by_four(count, seed=1):
    """4x4 puzzles with many solutions: a solved grid with most cells blanked."""
    rng = random.Random(seed)
    solved = "1234341221434321"
    out = []
    for _ in range(count):
        cells = list(solved)
        for k in rng.sample(range(16), rng.randint(8, 14)):
            cells[k] = "."
        out.append("".join(cells))
    return out


# -- the same step log, Sudoku of every size ----------------------------------

SUDOKU_CASES = (
    [(p, {"max_solutions": None}) for p in four_by_four(12)]
    + [(p, {"max_solutions": 2}) for p in puzzle_lines("norvig_top95.txt", 12)]
    + [(p, {"max_solutions": 2, "choose": "first", "max_steps": 30_000}) for p in puzzle_lines("norvig_hardest.txt", 4)]
    + [(p, {"max_solutions": 1}) for p in puzzle_lines("royle17_sample1000.txt", 8)]
    + [(p, {"max_solutions": 3, "max_steps": 4_000}) for p in puzzle_lines("serg_sample200.txt", 4)]
    + [(p, {"max_steps": 20_000}) for p in puzzle_lines("gecode_16x16.txt", 3)]
    + [(p, {"max_steps": 20_000}) for p in puzzle_lines("gecode_25x25.txt", 2)]
)


@pytest.mark.parametrize("text, limits", SUDOKU_CASES, ids=lambda v: v[:12] if isinstance(v, str) else None)
def test_a_sudoku_step_log_is_the_same_with_either_engine(text, limits):
    python = sudoku_log(text, ec.PYTHON, **limits)
    compiled = sudoku_log(text, ec.COMPILED, **limits)
    assert len(compiled["events"]) == len(python["events"]) > 0
    assert comparable(compiled) == comparable(python)
    assert compiled["stats"]["engine"] == ec.COMPILED


@pytest.mark.parametrize("text", puzzle_lines("norvig_top95.txt", 20, seed=3))
def test_links_agree_where_a_step_budget_stops_the_search(text):
    grid = sudoku.parse(text)
    for max_steps in (1, 7, 300, 2_501):
        assert_same_search(sudoku.problem_for(3), sudoku.given_options(grid), max_steps=max_steps)


# -- cover problems -------------------------------------------------------------

BUILTIN_CASES = [
    ("knuth", {}, {"max_solutions": None}),
    ("queens", {"n": 8}, {"max_solutions": None}),
    ("queens", {"n": 12}, {"max_solutions": None, "max_steps": 50_000, "choose": "first"}),
    ("pentominoes", {"width": 10, "height": 6}, {"max_solutions": None, "max_steps": 120_000}),
    ("latin", {"n": 4}, {"max_solutions": None}),
    ("word-square", {}, {"max_solutions": None}),
    ("word-square", {}, {"max_solutions": None, "max_steps": 100, "choose": "first"}),
]


@pytest.mark.parametrize("builtin, params, limits", BUILTIN_CASES, ids=lambda v: str(v))
def test_a_builtin_problems_step_log_is_the_same_with_either_engine(builtin, params, limits):
    made = problems.make(builtin, **params)
    logs = []
    for engine in (ec.PYTHON, ec.COMPILED):
        recording = ec.Recording()
        outcome = ec.Search(made.problem, engine).run(recording=recording, **limits)
        logs.append(comparable(json.loads(steplog.dumps(
            steplog.build(made.problem, made.phrases, [], recording, outcome, made.about())))))
    assert logs[0] == logs[1] and logs[0]["events"]


@st.composite
def problems_with_limits(draw):
    """Random problems (secondary items too, repeated options too) and limits."""
    primary = draw(st.integers(1, 7))
    secondary = draw(st.integers(0, 3))
    n = primary + secondary
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1, max_size=n).map(sorted),
                            min_size=1, max_size=14))
    problem = ec.Problem(tuple(f"i{k}" for k in range(n)), primary, tuple(tuple(o) for o in options))
    limits = {"max_solutions": draw(st.one_of(st.none(), st.integers(1, 4))),
              "max_steps": draw(st.one_of(st.none(), st.integers(0, 120))),
              "choose": draw(st.sampled_from(["mrv", "first"])),
              "keep": draw(st.one_of(st.none(), st.integers(0, 3)))}
    givens = draw(st.lists(st.integers(0, len(options) - 1), max_size=2, unique=True))
    return problem, givens, limits


@settings(max_examples=300, deadline=None)
@given(problems_with_limits())
def test_random_problems_search_the_same_with_either_engine(case):
    problem, givens, limits = case
    try:
        assert_same_search(problem, givens, **limits)
    except ec.ConflictError:
        # Clashing givens: both engines refuse the same option, before any search.
        with pytest.raises(ec.ConflictError):
            searched(problem, ec.PYTHON, givens, **limits)


@st.composite
def coloured_problems_with_limits(draw):
    """Random problems whose options give secondary items colours (Knuth's DLX2), and limits."""
    problem = draw(coloured_problems(primary=(1, 6), secondary=(1, 4), options=(1, 16), width=5))
    limits = {"max_solutions": draw(st.one_of(st.none(), st.integers(1, 4))),
              "max_steps": draw(st.one_of(st.none(), st.integers(0, 150))),
              "choose": draw(st.sampled_from(["mrv", "first"]))}
    return problem, limits


@settings(max_examples=300, deadline=None)
@given(coloured_problems_with_limits())
def test_random_coloured_problems_search_the_same_with_either_engine(case):
    problem, limits = case
    assert_same_search(problem, **limits)


def test_a_coloured_text_problems_step_log_is_the_same_with_either_engine():
    from webapp.analysis.explain import generic_phrases
    from webapp.models import cover_text
    problem = cover_text.parse_cover("A B C | x y\nA B x:0 y:0\nA C x:1 y:1\nx:0 y:1\nB x:1\nC y:1\n")
    logs = []
    for engine in (ec.PYTHON, ec.COMPILED):
        recording = ec.Recording()
        outcome = ec.Search(problem, engine).run(recording=recording, max_solutions=None)
        logs.append(comparable(json.loads(steplog.dumps(steplog.build(
            problem, generic_phrases(problem), [], recording, outcome, {"kind": "cover", "title": "colours"})))))
    assert logs[0] == logs[1]
    assert logs[0]["colour_names"] == ["0", "1"]
    assert {ec.PURIFY, ec.UNPURIFY} <= {code & ec.KIND_MASK for code in logs[0]["events"]}


def test_the_core_refuses_a_colour_on_a_primary_item():
    problem = ec.Problem(("A", "x"), 2, ((0, 1),))
    m = problem.matrix
    starts = [0]
    for t in m.others:
        starts.append(starts[-1] + len(t))
    with pytest.raises(ValueError, match="colour"):
        _dlx.Links(primary=m.primary, top=m.top, up=m.up, down=m.down, len=m.len, left=m.left, right=m.right,
                   option_of=m.option_of, others=[q for t in m.others for q in t], others_start=starts,
                   mark=m.mark, look_every=m.look_every, colour=[0, 0, 0, 1])


def test_counting_every_packing_agrees_on_a_problem_with_long_options():
    made = problems.make("pentominoes", width=10, height=6)
    python = ec.solve(made.problem, ec.PYTHON, max_solutions=None, keep=0, max_steps=400_000)
    compiled = ec.solve(made.problem, ec.COMPILED, max_solutions=None, keep=0, max_steps=400_000)
    assert (compiled.stats.solutions, compiled.stats.nodes, compiled.stats.steps) == \
        (python.stats.solutions, python.stats.nodes, python.stats.steps)


# -- solutions handed over, the clock, the cancel flag ----------------------------

def test_solutions_are_kept_and_handed_over_alike():
    problem = problems.make("queens", n=6).problem
    for keep in (None, 0, 2):
        seen = {engine: [] for engine in ec.ENGINES}
        outcomes = {engine: ec.solve(problem, engine, max_solutions=None, keep=keep, on_solution=seen[engine].append)
                    for engine in ec.ENGINES}
        assert seen[ec.COMPILED] == seen[ec.PYTHON] and len(seen[ec.PYTHON]) == 4
        assert outcomes[ec.COMPILED].solutions == outcomes[ec.PYTHON].solutions
        assert len(outcomes[ec.COMPILED].solutions) == (4 if keep is None else keep)


def test_the_cancel_flag_is_looked_at_the_same_points():
    # Both engines look after the same work, so the third look stops both at the same event.
    problem = problems.make("queens", n=12).problem
    logs = []
    for engine in ec.ENGINES:
        looks: list[int] = []

        def third_look(looks=looks) -> bool:
            looks.append(1)
            return len(looks) == 3
        recording = ec.Recording()
        outcome = ec.Search(problem, engine).run(max_solutions=None, recording=recording, cancelled=third_look)
        assert (outcome.status, outcome.limit, len(looks)) == (ec.STOPPED, ec.LIMIT_CANCELLED, 3)
        logs.append((list(recording.events), outcome.stats.nodes))
    assert logs[0] == logs[1]


def test_a_time_limit_stops_the_compiled_core_within_the_recording():
    problem = problems.make("queens", n=14).problem
    cut = ec.Recording()
    outcome = ec.Search(problem, ec.COMPILED).run(max_solutions=None, recording=cut, max_seconds=0.05)
    assert (outcome.status, outcome.limit) == (ec.STOPPED, ec.LIMIT_TIME)
    further = ec.Recording()
    ec.Search(problem, ec.PYTHON).run(max_solutions=None, recording=further, max_steps=len(cut.events) + 50)
    assert len(cut.events) > 0 and list(cut.events) == further.events[:len(cut.events)]


def test_errors_raised_by_callbacks_reach_the_caller():
    problem = problems.make("queens", n=8).problem

    def refuse(_solution):
        raise KeyError("no more")
    with pytest.raises(KeyError):
        ec.solve(problem, ec.COMPILED, max_solutions=None, on_solution=refuse)
    with pytest.raises(ZeroDivisionError):
        ec.solve(problem, ec.COMPILED, max_solutions=None, cancelled=lambda: 1 / 0,
                 recording=ec.Recording())


def test_two_searches_run_side_by_side_in_threads():
    # The core lets go of the GIL while it searches; each search has its own arrays.
    problem = problems.make("queens", n=9).problem
    counts = []
    threads = [threading.Thread(target=lambda: counts.append(
        ec.solve(problem, ec.COMPILED, max_solutions=None, keep=0).stats.solutions)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert counts == [352] * 4


# -- the CLI ----------------------------------------------------------------------

def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "webapp", *args], capture_output=True, text=True, timeout=120)


def test_log_writes_the_same_json_with_either_engine():
    text = puzzle_lines("norvig_top95.txt")[5]
    logs = []
    for engine in (ec.PYTHON, ec.COMPILED):
        done = run_cli("log", text, "-o", "-", "--limit", "2", "--engine", engine)
        assert done.returncode == 0, done.stderr
        logs.append(json.loads(done.stdout))
    assert logs[0]["stats"]["engine"] == ec.PYTHON and logs[1]["stats"]["engine"] == ec.COMPILED
    assert comparable(logs[0]) == comparable(logs[1])


def test_stats_say_which_engine_ran():
    text = puzzle_lines("norvig_top95.txt")[0]
    for engine in ec.ENGINES:
        done = run_cli("solve", text, "--stats", "--engine", engine)
        assert f"ms, {engine} engine" in done.stdout
    done = run_cli("cover", "--builtin", "queens", "--n", "6", "--count", "--stats")
    assert done.stdout.split()[0] == "4" and "compiled engine" in done.stdout


# -- malformed input and misuse: errors, never a crash -----------------------------

def template_of(problem):
    """Links's keyword arguments, as exact_cover.Matrix.compiled makes them."""
    m = problem.matrix
    starts = [0]
    for t in m.others:
        starts.append(starts[-1] + len(t))
    return {"primary": problem.primary, "top": list(m.top), "up": list(m.up), "down": list(m.down),
            "len": list(m.len), "left": list(m.left), "right": list(m.right), "option_of": list(m.option_of),
            "others": [q for t in m.others for q in t], "others_start": starts, "mark": m.mark,
            "look_every": m.look_every}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems_with_limits(), st.data())
def test_damaged_link_arrays_are_refused_or_searched_safely(case, data):
    problem, _, limits = case
    arrays = template_of(problem)
    name = data.draw(st.sampled_from(sorted(k for k in arrays if isinstance(arrays[k], list))))
    damaged = list(arrays[name])
    how = data.draw(st.sampled_from(["set", "drop", "add"]))
    if how == "set" and damaged:
        damaged[data.draw(st.integers(0, len(damaged) - 1))] = data.draw(st.integers(-2**31, 2**31 - 1))
    elif how == "drop" and damaged:
        damaged.pop(data.draw(st.integers(0, len(damaged) - 1)))
    else:
        damaged.append(data.draw(st.integers(-5, 50)))
    try:
        links = _dlx.Links(**{**arrays, name: damaged})
    except ValueError:
        return
    # Accepted: the damage kept every invariant the core checks, so the search must run and end.
    core = _dlx.Core(links)
    core.run(True, True, 10_000, -1, 0, -1.0, 0.0, 0.0, None, None, [], None, [], -1, 0)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["primary", "top", "up", "down", "len", "left", "right", "option_of",
                                        "others", "others_start", "mark", "look_every"]),
                       st.one_of(st.integers(-3, 300), st.lists(st.integers(-3, 40), max_size=30), st.text(max_size=3),
                                 st.none())))
def test_garbage_is_refused_with_an_error(arguments):
    with pytest.raises((ValueError, TypeError, OverflowError)):
        _dlx.Links(**arguments)


def test_the_core_refuses_misuse():
    problem = problems.make("knuth").problem
    core = _dlx.Core(problem.matrix.compiled)
    with pytest.raises(ValueError, match="outside"):
        core.cover(len(problem.items))
    with pytest.raises(ValueError, match="outside"):
        core.cover(-1)
    core.cover(0)
    with pytest.raises(ValueError, match="covered already"):
        core.cover(0)
    core.cover(1)
    with pytest.raises(ValueError, match="last item covered"):
        core.uncover(0)
    assert core.place([0, 2]) == 0 and not core.covered(2)      # nothing covered when one item is
    with pytest.raises(ValueError, match="twice"):
        core.place([3, 3])
    core.uncover(1)
    core.uncover(0)
    with pytest.raises(ValueError, match="last item covered"):
        core.uncover(0)
    core.run(True, False, 100, -1, -1, -1.0, 0.0, 0.0, None, None, [], None, [], -1, 0)
    for again in (lambda: core.cover(2),
                  lambda: core.run(True, False, 1, 1, 1, -1.0, 0.0, 0.0, None, None, [], None, [], -1, 0)):
        with pytest.raises(RuntimeError, match="before run"):
            again()


def test_an_engine_that_is_not_there_is_named():
    with pytest.raises(ec.EngineError, match="unknown engine 'fast'"):
        ec.Search(problems.make("knuth").problem, "fast")
    with pytest.raises(ec.EngineError, match="python engine"):
        ec.solve(problems.make("knuth").problem, ec.COMPILED, check=True)
    done = run_cli("solve", "x" * 81, "--engine", "quick")
    assert done.returncode == 2 and "unknown engine 'quick'" in done.stderr


# -- what if: choices placed before the search, and the item to branch on below them --------

WHAT_IF_CASES = [
    # Sudoku: two choices off the search's path, then the item below them chosen by the learner.
    ("sudoku", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
     {"choices": [(0 * 9 + 1) * 9 + 0, (0 * 9 + 2) * 9 + 1], "branch_on": 3 * 81 + 8, "max_solutions": None}),
    ("sudoku", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
     {"choices": [(8 * 9 + 8) * 9 + 2], "max_steps": 3_000}),
    ("queens", {"n": 8}, {"choices": [3, 8 + 5], "max_solutions": None}),
    ("pentominoes", {"width": 10, "height": 6}, {"choices": [0], "branch_on": 20, "max_steps": 30_000}),
]


@pytest.mark.parametrize("kind, what, limits", WHAT_IF_CASES, ids=lambda v: str(v)[:20])
def test_a_what_if_step_log_is_the_same_with_either_engine(kind, what, limits):
    logs = []
    for engine in (ec.PYTHON, ec.COMPILED):
        what_if = {k: limits[k] for k in ("choices", "branch_on") if k in limits}
        if kind == "sudoku":
            grid = sudoku.parse(what)
            problem, phrases, givens = sudoku.problem_for(3), sudoku.phrases_for(3), sudoku.given_options(grid)
            about = {"kind": "sudoku", "n": 3, "size": 9, "puzzle": what}
        else:
            made = problems.make(kind, **what)
            problem, phrases, givens, about = made.problem, made.phrases, [], made.about()
        search = ec.Search(problem, engine)
        for g in givens:
            search.select(g)
        recording = ec.Recording()
        outcome = search.run(recording=recording, **limits)
        logs.append(comparable(json.loads(steplog.dumps(
            steplog.build(problem, phrases, givens, recording, outcome, about, **what_if)))))
    assert logs[0] == logs[1] and logs[0]["events"]
    assert logs[0]["choices"] == limits["choices"]
    steplog.validate({**logs[0], "stats": {**logs[0]["stats"], "seconds": 0, "engine": ec.PYTHON}})


def test_the_core_refuses_choices_outside_the_option_nodes_and_a_first_item_that_is_not_primary():
    problem = problems.make("queens", n=4).problem
    for choices, first in (([0], -1), ([10 ** 6], -1), ([-1], -1), ([], problem.primary), (list(range(20, 40)), -1)):
        core = _dlx.Core(problem.matrix.compiled)
        with pytest.raises(ValueError):
            core.run(True, False, 100, -1, -1, -1.0, 0.0, 0.0, None, None, [], None, choices, first, 0)
