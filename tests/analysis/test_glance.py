"""The search at a glance (issue 22): the dead-end heat and the thrashing in the log's
facts, /api/compare and /api/estimate. Every claim is checked against a count made
here from the raw events, without the solver's analysis."""

import math

import pytest

from tests.replaying import walk
from webapp.analysis import compare
from webapp.engine import exact_cover as ec
from webapp.models import examples, sudoku

EXAMPLES = {e["id"]: e["puzzle"] for e in examples.examples()}
HARD = EXAMPLES["top95-hard"]          # fewest options first thrashes on it (groups of up to 18 dead ends)
BERRY = EXAMPLES["berry"]


def solve_log(client, puzzle, **options):
    answer = client.post("/api/solve", json={"puzzle": puzzle, **options})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["log"]


def starved(log, item, placed):
    """Whether the givens and these placed options leave the item no option (sets, no links)."""
    held = set()
    for option in list(log["givens"]) + list(placed):
        held.update(log["options"][option])
    return all(held & (set(o) - {item}) for o in log["options"] if item in o)


# -- the heat -----------------------------------------------------------------------------

@pytest.mark.parametrize("puzzle, choose", [(HARD, "mrv"), (BERRY, "first")])
def test_heat_is_the_count_of_each_item_starved_in_the_events(client, puzzle, choose):
    log = solve_log(client, puzzle, choose=choose, max_steps=200_000)
    counts = [0] * len(log["items"])
    for code in log["events"]:
        if code & ec.KIND_MASK == ec.DEAD_END:
            counts[code >> ec.KIND_BITS] += 1
    heat = log["facts"]["heat"]
    assert heat["item"] == [i for i, count in enumerate(counts) if count]
    assert heat["count"] == [count for count in counts if count]
    assert sum(counts) == log["stats"]["dead_ends"] > 0


# -- thrashing ------------------------------------------------------------------------------

@pytest.mark.parametrize("puzzle, choose", [(HARD, "mrv"), (BERRY, "first")])
def test_each_thrashing_group_shares_culprits_that_starve_its_item_in_different_branches(client, puzzle, choose):
    log = solve_log(client, puzzle, choose=choose, max_steps=200_000)
    facts = log["facts"]
    dead = facts["dead_ends"]
    starts = [0]
    for count in dead["culprit_count"]:
        starts.append(starts[-1] + count)
    at = {}                     # event index -> (item, the choices at each level then)
    for index, kind, arg, levels in walk(log["events"]):
        if kind == ec.DEAD_END:
            at[index] = (arg, list(levels))
    assert sorted(at) == dead["step"]
    groups = facts["thrashing"]
    assert groups, "this search thrashes"
    grouped = set()
    for group in groups:
        assert len(group) >= 2
        keys, paths = set(), set()
        for k in group:
            item, levels = at[dead["step"][k]]
            culprits = dead["culprits"][starts[k]:starts[k + 1]]
            assert culprits, "a group shares choices"
            choices = [levels[c] for c in culprits]
            # The culprits alone (with the givens) starve the item, and none is to spare.
            assert starved(log, item, choices)
            for drop in range(len(choices)):
                assert not starved(log, item, choices[:drop] + choices[drop + 1:])
            keys.add(tuple(zip(culprits, choices)))
            paths.add(tuple(levels))
            grouped.add(k)
        assert len(keys) == 1, "the same choices at the same levels"
        assert len(paths) == len(group), "each dead end in a different branch"
    # A dead end outside every group shares its culprits with no other.
    alone = set()
    for k in range(len(dead["step"])):
        if k in grouped:
            continue
        levels = at[dead["step"][k]][1]
        key = tuple((c, levels[c]) for c in dead["culprits"][starts[k]:starts[k + 1]])
        assert key not in alone
        alone.add(key)
    assert [len(g) for g in groups] == sorted((len(g) for g in groups), reverse=True)


# -- /api/compare ------------------------------------------------------------------------------

def levels_of_tries(events):
    """The level of each try, and the try before each solution, from the raw events."""
    levels, solutions = [], []
    for _, kind, _, open_levels in walk(events):
        if kind == ec.TRY:
            levels.append(len(open_levels) - 1)
        elif kind == ec.SOLUTION:
            solutions.append(len(levels) - 1)
    return levels, solutions


def test_compare_gives_both_searches_counts_and_shapes_to_one_scale(client):
    answer = client.post("/api/compare", json={"puzzle": BERRY, "max_steps": 300_000})
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert [s["choose"] for s in data["searches"]] == ["mrv", "first"]
    width = data["bucket"]
    nodes = [s["stats"]["nodes"] for s in data["searches"]]
    assert width == max(1, math.ceil(max(nodes) / compare.BUCKETS))
    for search in data["searches"]:
        log = solve_log(client, BERRY, choose=search["choose"], max_steps=300_000)
        # The same search as /api/solve's: the same counts.
        for name in ("nodes", "dead_ends", "steps", "solutions"):
            assert search["stats"][name] == log["stats"][name], name
        assert search["outcome"]["status"] == log["outcome"]["status"]
        levels, solutions = levels_of_tries(log["events"])
        buckets = [levels[s:s + width] for s in range(0, len(levels), width)]
        assert search["shape"]["deepest"] == [max(b) for b in buckets]
        assert search["shape"]["shallowest"] == [min(b) for b in buckets]
        assert search["solution_nodes"] == solutions
    mrv, first = data["searches"]
    assert mrv["stats"]["nodes"] < first["stats"]["nodes"]


def test_compare_is_bounded_by_steps_and_says_where_it_stopped(client):
    answer = client.post("/api/compare", json={"puzzle": HARD, "max_steps": 5_000})
    data = answer.get_json()
    first = data["searches"][1]
    assert first["outcome"]["status"] == "stopped" and first["outcome"]["limit"] == "steps"
    assert first["stats"]["steps"] <= 5_000
    assert f"{first['stats']['steps']:,}" in first["outcome"]["message"] or \
        str(first["stats"]["steps"]) in first["outcome"]["message"]
    assert len(first["shape"]["deepest"]) <= compare.BUCKETS


@pytest.mark.parametrize("body, field", [
    ({"puzzle": 5}, "puzzle"),
    ({"puzzle": "1" * 81}, "puzzle"),
    ({"puzzle": BERRY, "max_steps": "many"}, "max_steps"),
    ({"puzzle": BERRY, "max_steps": 0}, "max_steps"),
    ({"puzzle": BERRY, "max_seconds": -1}, "max_seconds"),
    ({"puzzle": BERRY, "solutions": "x"}, "solutions"),
])
def test_compare_refuses_bad_fields_by_name(client, body, field):
    answer = client.post("/api/compare", json=body)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field


# -- /api/estimate -----------------------------------------------------------------------------

def test_estimate_answers_a_size_and_a_spread_without_searching(client):
    answer = client.post("/api/estimate", json={"puzzle": HARD})
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["choose"] == "mrv" and data["probes"] >= 1 and data["nodes"] > 0
    assert data["spread"] is None or data["spread"] >= 0
    # The same seed: the same estimate, when as many probes ran.
    again = client.post("/api/estimate", json={"puzzle": HARD}).get_json()
    if again["probes"] == data["probes"]:
        assert again["nodes"] == data["nodes"]
    # Of the right order: within a factor ten of the whole tree, counted by running it to its end.
    grid = sudoku.parse(HARD)
    search = ec.Search(sudoku.problem_for(3))
    for g in sudoku.given_options(grid):
        search.select(g)
    real = search.run(max_solutions=None, keep=0).stats.nodes
    assert real / 10 < data["nodes"] < real * 10


@pytest.mark.parametrize("body, field", [
    ({"puzzle": None}, "puzzle"),
    ({"puzzle": BERRY, "choose": "random"}, "choose"),
    ({"puzzle": BERRY, "max_seconds": "soon"}, "max_seconds"),
])
def test_estimate_refuses_bad_fields_by_name(client, body, field):
    answer = client.post("/api/estimate", json=body)
    assert answer.status_code == 400
    assert answer.get_json()["field"] == field
