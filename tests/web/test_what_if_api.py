"""/api/solve and /api/cover with "choices" and "branch_on": a what-if search below the learner's
choices, its outcome in words, the errors that name a clashing choice, and the answer cache."""

from __future__ import annotations

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import examples

BERRY = examples.BERRY


def solve(client, **body):
    return client.post("/api/solve", json={"puzzle": BERRY, **body})


def path_to(log: dict, node: int) -> list[int]:
    """The options of levels 0 .. the node's level at the node's try."""
    step = [e for e, code in enumerate(log["events"]) if code & ec.KIND_MASK == ec.TRY][node] + 1
    return [f.option for f in steplog.replay(log, step).frames]


def test_a_wrong_choice_tried_again_says_no_solution_and_blames_choices(client):
    log = solve(client).get_json()["log"]
    wrong = log["facts"]["tries"]["wrong"][0]
    path = path_to(log, wrong)
    answer = solve(client, choices=path).get_json()
    message = answer["outcome"]["message"]
    assert answer["outcome"]["status"] == "no_solution" and answer["outcome"]["complete"]
    assert message.startswith("No solution below your choices: with the givens, your choice")
    assert log["labels"][path[-1]] in message            # the wrong choice itself is among the blamed
    assert answer["log"]["outcome"]["message"] == message
    assert answer["log"]["choices"] == path and answer["log"]["branch_on"] is None
    # The search below the wrong choice is its subtree: as many nodes, counting the choices above.
    assert answer["stats"]["nodes"] == log["facts"]["tries"]["nodes"][wrong] + len(path) - 1
    lines = steplog.explain_step(answer["log"], 3)
    assert lines[0].startswith("Level 0 (") and "your choice, " + log["labels"][path[0]] in lines[0]


def test_the_solutions_path_says_a_solution_lies_below(client):
    log = solve(client).get_json()["log"]
    answer = solve(client, choices=log["solutions"][0][:3]).get_json()
    assert answer["outcome"]["message"] == "A solution lies below your choices (the search stopped at the first)."
    assert answer["log"]["solutions"][0][:3] == log["solutions"][0][:3]


def test_a_clashing_choice_is_a_400_that_names_it(client):
    log = solve(client).get_json()["log"]
    given = log["givens"][0]
    other = given - given % 9 + (given % 9 + 1) % 9          # another digit in the given's cell
    answer = solve(client, choices=[other])
    assert answer.status_code == 400 and answer.get_json()["field"] == "choices"
    assert answer.get_json()["error"] == (f"choice 0, {log['labels'][other]}, clashes with the given "
                                          f"{log['labels'][given]}: {log['labels'][given].split(' in ')[1]} "
                                          "is already filled")
    first = log["solutions"][0][0]
    twin = first - first % 9 + (first % 9 + 1) % 9
    answer = solve(client, choices=[first, twin]).get_json()
    assert answer["error"].startswith(f"choice 1, {log['labels'][twin]}, clashes with your choice at level 0, "
                                      f"{log['labels'][first]}: ")
    for body, field in (({"choices": "1,2"}, "choices"), ({"choices": [True]}, "choices"),
                        ({"choices": [729]}, "choices"), ({"branch_on": 324}, "branch_on"),
                        ({"branch_on": given // 9}, "branch_on")):
        answer = solve(client, **body)
        assert answer.status_code == 400 and answer.get_json()["field"] == field, body


def test_branch_on_and_the_cache_key(client):
    plain = solve(client).get_json()["log"]
    cell = next(c for c in range(81) if BERRY[c] == "." and c != plain["events"][0] >> ec.KIND_BITS)
    branched = solve(client, branch_on=cell).get_json()["log"]
    assert branched["events"][0] == ec.pack(ec.CHOOSE, cell) and branched["branch_on"] == cell
    # Each what-if has its own answer: never another's from the cache.
    again = solve(client, branch_on=cell).get_json()["log"]
    assert again["events"] == branched["events"]
    other = solve(client, choices=plain["solutions"][0][:1]).get_json()["log"]
    assert other["events"] != branched["events"] != plain["events"]
    assert solve(client).get_json()["log"]["events"] == plain["events"]


def test_cover_takes_choices_too(client):
    answer = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 6}, "choices": [0],
                                             "max_solutions": "all"}).get_json()
    assert answer["outcome"]["message"] == "No solution below your choices: your choice at level 0, queen at a1, " \
                                           "leaves none."
    # The count of every solution is the whole search's: a what-if has none (nor Knuth's estimate).
    assert answer["count"] is None and answer["estimate"] is None
    clash = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 6}, "choices": [0, 1]})
    assert clash.status_code == 400 and "clashes with your choice at level 0, queen at a1" in clash.get_json()["error"]
