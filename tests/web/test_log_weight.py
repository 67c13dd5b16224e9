"""The server keeps a step log within SOLVE_MAX_LOG_WEIGHT (webapp/log/weight.py): the search stops at
the same event on every machine, and the answer says why."""

from __future__ import annotations

from webapp import create_app
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import problems


def weight(problem: ec.Problem, events) -> int:
    """The events plus, for each dead end, the options of its item, counted one event at a time."""
    return sum(1 + (len(problem.options_of_item[code >> ec.KIND_BITS]) if code & ec.KIND_MASK == ec.DEAD_END else 0)
               for code in events)


def test_a_log_past_the_servers_weight_stops_where_it_fits_the_same_way_each_time():
    app = create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_MAX_LOG_WEIGHT": 20_000})
    client = app.test_client()
    body = {"builtin": "pentominoes", "params": {"width": 20, "height": 3}, "solutions": None, "max_steps": 10**9}
    first, again = (client.post("/api/cover", json=body).get_json() for _ in range(2))
    log = first["log"]
    assert first["outcome"]["limit"] == "steps" and log["events"] == again["log"]["events"]
    problem = problems.make("pentominoes", width=20, height=3).problem
    assert weight(problem, log["events"]) == len(log["events"]) + len(log["facts"]["dead_ends"]["ruler"])
    assert 19_000 < weight(problem, log["events"]) <= 20_000
    assert first["outcome"]["message"].startswith(
        f"Stopped after {len(log['events']):,} steps, before the search ended: the step log would have passed "
        "the 20,000 entries this server records")
    # Unasked, a recorded search gets the default million steps; asked, up to ten million.
    default = create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_DEFAULT_STEPS": 3000}).test_client()
    assert default.post("/api/cover", json={**body, "max_steps": 5000}).get_json()["stats"]["steps"] > 3000
    del body["max_steps"]
    assert default.post("/api/cover", json=body).get_json()["stats"]["steps"] <= 3000


def test_all_counts_on_past_a_replay_that_stopped_at_the_weight():
    """The replay stops where its log fits; the count goes on from there (Search.count_on) to the
    whole search's end, and says how many the replay shows and how many there are."""
    client = create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_MAX_LOG_WEIGHT": 20_000}).test_client()
    response = client.post("/api/cover", json={"builtin": "pentominoes", "params": {"width": 20, "height": 3},
                                               "solutions": None, "max_steps": 10**7})
    answer = response.get_json()
    # The count, added to the answer's JSON once it was written, is written as the whole would be.
    assert list(answer)[-1] == "count" and steplog.encode(answer) == response.data
    whole = ec.solve(problems.make("pentominoes", width=20, height=3).problem, max_solutions=None, keep=0).stats
    count, shown = answer["count"], answer["stats"]["solutions"]
    assert answer["outcome"]["limit"] == "steps" and answer["stats"]["steps"] < whole.steps
    assert count == {"solutions": 2, "shown": shown, "complete": True, "limit": None, "steps": whole.steps,
                     "budget": 200_000_000,
                     "message": f"{shown} shown; 2 counted: every solution, the count is complete."}
