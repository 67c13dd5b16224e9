"""Numbers that grow with the tree never fail an answer, and a search that records nothing
has a budget of its own (issue 32: a 500 from an estimate of 10^154, and an unrecorded
solve stopped at the recorded cap)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.analysis.estimate import estimate
from webapp.engine import exact_cover as ec
from webapp.models import problems
from webapp.words.messages import say

EMPTY_25 = "." * 625
NON_CONSECUTIVE_4 = ".3.........6.........5...7......................................................."


@pytest.fixture(scope="module")
def client():
    # A minute's budget: the step limits these tests look at must stop the searches, not a
    # clock that a loaded machine runs out of (each still ends in a few seconds).
    return create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_MAX_SECONDS": 60.0}).test_client()


def finite_json(value) -> bool:
    """Every number in a JSON value is finite (JSON has no infinity, JavaScript reads past 1.8e308 as one)."""
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(finite_json(v) for v in value.values())
    if isinstance(value, list):
        return all(finite_json(v) for v in value)
    return True


@pytest.mark.parametrize("variant", ["anti-knight", "non-consecutive"])
def test_the_estimate_of_an_empty_25x25_under_a_variant_is_an_answer(client, variant):
    response = client.post("/api/estimate", json={"puzzle": EMPTY_25, "variant": variant})
    assert response.status_code == 200, response.get_json()
    found = response.get_json()
    assert found["log10"] > 15 and finite_json(found)
    # A number a float holds is sent as one, readably rounded; past that only its power of ten.
    assert found["nodes"] is None or len(repr(found["nodes"])) < 12


def test_a_solve_stopped_on_an_empty_25x25_under_anti_knight_answers_with_its_estimate(client):
    response = client.post("/api/solve", json={"puzzle": EMPTY_25, "variant": "anti-knight", "max_steps": 2000,
                                               "max_seconds": 20})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["outcome"]["limit"] == "steps" and answer["estimate"]["log10"] > 15


def test_probes_beyond_the_largest_float_are_exact_and_stay_finite():
    # 250 items of 20 options each, no two options sharing an item: no dead end, and every
    # probe's estimate is exactly 20 + 20^2 + ... + 20^250, about 10^325.
    items, choices = 250, 20
    problem = ec.Problem(tuple(f"i{k}" for k in range(items)), items,
                         tuple((k,) for k in range(items) for _ in range(choices)))
    found = estimate(problem, probes=3, max_seconds=None)
    assert found.nodes == sum(choices ** j for j in range(1, items + 1)) and found.spread == 0
    as_sent = found.as_dict()
    assert as_sent["nodes"] is None and as_sent["log10"] == pytest.approx(325.2, abs=0.1)
    json.dumps(as_sent, allow_nan=False)
    assert say("pending.rough", nodes=10.0 ** 154.1) == \
        "Searching… Knuth's estimate from one random path (a rough guess): about 1.3 × 10¹⁵⁴ nodes."


def test_a_search_that_records_nothing_has_its_own_larger_budget(client):
    # 4 givens under non-consecutive: about 9 million steps to the solution, past the
    # 1,000,000 a recorded search may take.
    body = {"puzzle": NON_CONSECUTIVE_4, "variant": "non-consecutive", "max_seconds": 30}
    recorded = client.post("/api/solve", json=body).get_json()
    assert recorded["outcome"]["limit"] == "steps"
    unrecorded = client.post("/api/solve", json={**body, "record": False}).get_json()
    assert unrecorded["outcome"]["status"] == "solved", unrecorded["outcome"]
    assert "log" not in unrecorded and unrecorded["stats"]["steps"] > 1_000_000


def test_an_unrecorded_search_cut_short_says_nothing_of_a_replay(client):
    for route, body in (("/api/solve", {"puzzle": EMPTY_25, "variant": "anti-knight"}),
                        ("/api/cover", {"builtin": "queens", "params": {"n": 12}, "solutions": None})):
        answer = client.post(route, json={**body, "record": False, "max_steps": 500}).get_json()
        assert answer["outcome"]["limit"] == "steps"
        assert "replayed" not in answer["outcome"]["message"] and "500" in answer["outcome"]["message"]
        recorded = client.post(route, json={**body, "max_steps": 500}).get_json()
        assert "replayed" in recorded["outcome"]["message"]


def test_the_unrecorded_budget_is_a_server_cap_a_client_cannot_pass():
    client = create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_MAX_UNRECORDED_STEPS": 5000,
                         "SOLVE_MAX_SECONDS": 60.0}).test_client()
    answer = client.post("/api/solve", json={"puzzle": EMPTY_25, "variant": "anti-knight", "record": False,
                                             "max_steps": 10 ** 12}).get_json()
    assert answer["outcome"]["limit"] == "steps" and answer["stats"]["steps"] <= 5000


# Sizes, rules and settings as the page and API clients send them; every answer is below 500.
PUZZLES = {2: "1...", 3: "." * 81, 4: "1" + "." * 255, 5: EMPTY_25}
VARIANTS = ["x", "windoku", "anti-knight", "anti-king", "non-consecutive"]


@st.composite
def sudoku_requests(draw):
    n = draw(st.sampled_from(sorted(PUZZLES)))
    body = {"puzzle": PUZZLES[n], "variant": draw(st.lists(st.sampled_from(VARIANTS), max_size=3, unique=True)),
            "choose": draw(st.sampled_from(["mrv", "first"])), "max_seconds": 0.3,
            "max_steps": draw(st.integers(1, 20_000)), "record": draw(st.booleans()),
            "solutions": draw(st.sampled_from([1, 2, None]))}
    return draw(st.sampled_from(["/api/solve", "/api/estimate", "/api/compare", "/api/parse"])), body


@st.composite
def cover_requests(draw):
    builtin = draw(st.sampled_from([("queens", {"n": draw(st.integers(4, 14))}), ("latin", {"n": 4}),
                                    ("pentominoes", {"width": 10, "height": 6}), ("knuth", {})]))
    return "/api/cover", {"builtin": builtin[0], "params": builtin[1], "choose": draw(st.sampled_from(["mrv", "first"])),
                          "max_seconds": 0.3, "max_steps": draw(st.integers(1, 20_000)),
                          "record": draw(st.booleans()), "solutions": draw(st.sampled_from([1, 2, None]))}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(sudoku_requests(), cover_requests()))
def test_no_request_over_sizes_variants_and_choices_gets_a_server_error(client, request):
    route, body = request
    response = client.post(route, json=body)
    assert response.status_code < 500, (route, body, response.get_json())
    answer = response.get_json()
    assert finite_json(answer)


def test_the_builtins_named_in_the_property_test_exist():
    assert {"queens", "latin", "pentominoes", "knuth"} <= set(problems.BUILTINS)
