"""One dead end's per-option facts on request (/api/dead-end-facts): exactly the answer's own,
for the answer that named them and no other."""

import json

import brotli
import pytest

from webapp import create_app
from webapp.engine import exact_cover as ec
from webapp.log import details, steplog
from webapp.models import problems
from webapp.web import answers, dead_end_facts

QUEENS = {"builtin": "queens", "params": {"n": 8}, "solutions": None, "max_steps": 3000}


def app_keeping_facts(tmp_path, **config):
    return create_app({"TESTING": True, "ANSWER_CACHE_DIR": str(tmp_path / "answers"),
                       "SOLVE_DEAD_END_FACTS_APART": 1, **config})


def ask(client, body):
    response = client.post("/api/cover", json=body, headers={"Accept-Encoding": "br"})
    return response, json.loads(brotli.decompress(response.data))


def per_dead_end(answer):
    """Each dead end's step, ruler and also as the whole answer has them."""
    dead, events = answer["log"]["facts"]["dead_ends"], answer["log"]["events"]
    options_of = steplog.problem_of(answer["log"]).options_of_item
    parts = dead["also"].split(",") if dead["also"] else []
    found, start = [], 0
    for k, step in enumerate(dead["step"]):
        count = len(options_of[events[step] >> ec.KIND_BITS])
        found.append({"dead_end": k, "step": step, "ruler": dead["ruler"][start:start + count],
                      "also": ",".join(parts[start:start + count])})
        start += count
    return found


def test_every_dead_end_is_served_as_the_answer_has_it_and_a_hit_names_the_same(tmp_path, monkeypatch):
    monkeypatch.setattr(details, "BLOCK", 7)        # dead ends in several blocks, a block's end mid-way
    client = app_keeping_facts(tmp_path).test_client()
    response, answer = ask(client, QUEENS)
    expected = per_dead_end(answer)
    assert len(expected) > 50 and any(e["also"] for e in expected)
    named = response.headers[dead_end_facts.HEADER]
    for k, facts in enumerate(expected):
        served = client.get(f"/api/dead-end-facts/{named}/{k}")
        assert served.status_code == 200 and served.get_json() == facts
    again, _ = ask(client, QUEENS)
    assert again.headers["X-Answer-Cache"] == "hit" and again.headers[dead_end_facts.HEADER] == named


def test_another_problem_its_key_or_a_wrong_one_never_gets_these_facts(tmp_path):
    client = app_keeping_facts(tmp_path).test_client()
    first, _ = ask(client, QUEENS)
    other, other_answer = ask(client, {**QUEENS, "params": {"n": 7}})
    ours, theirs = first.headers[dead_end_facts.HEADER], other.headers[dead_end_facts.HEADER]
    assert ours != theirs
    assert client.get(f"/api/dead-end-facts/{theirs}/0").get_json() == per_dead_end(other_answer)[0]
    stale = ours[:-1] + ("0" if ours[-1] != "0" else "1")
    missing = client.get(f"/api/dead-end-facts/{stale}/0")
    assert missing.status_code == 404 and "ask for the answer again" in missing.get_json()["error"]
    for bad in ("nonsense", ours + "x", "cover:" + "A" * 64):
        refused = client.get(f"/api/dead-end-facts/{bad}/0")
        assert refused.status_code == 400 and "X-Dead-End-Facts" in refused.get_json()["error"]
    for k in (-1, 10 ** 9):
        out = client.get(f"/api/dead-end-facts/{ours}/{k}")
        assert out.status_code == 400 and out.get_json()["field"] == "k" and "dead ends" in out.get_json()["error"]


def test_an_answer_that_is_not_stored_names_its_own_facts_not_the_keys(tmp_path, monkeypatch):
    client = app_keeping_facts(tmp_path).test_client()
    # An answer the clock cut short is not stored; here the step limit is taken as the clock's.
    monkeypatch.setattr(answers, "NOT_STORED", (*answers.NOT_STORED, ec.LIMIT_STEPS))
    response, answer = ask(client, QUEENS)
    named = response.headers[dead_end_facts.HEADER]
    assert response.headers["X-Answer-Cache"] == "skip" and "-" in named
    assert client.get(f"/api/dead-end-facts/{named}/3").get_json() == per_dead_end(answer)[3]


def test_small_logs_and_no_cache_name_nothing(tmp_path):
    small, _ = ask(create_app({"TESTING": True, "ANSWER_CACHE_DIR": str(tmp_path / "a")}).test_client(), QUEENS)
    assert dead_end_facts.HEADER not in small.headers
    client = create_app({"TESTING": True, "ANSWER_CACHE": "none", "SOLVE_DEAD_END_FACTS_APART": 1}).test_client()
    uncached, _ = ask(client, QUEENS)
    assert dead_end_facts.HEADER not in uncached.headers
    assert client.get(f"/api/dead-end-facts/cover:{'0' * 64}/0").status_code == 404


def test_a_payload_holds_dead_ends_with_no_options_and_refuses_what_it_is_not():
    problem = problems.make("queens", n=6).problem
    log = {"events": [ec.DEAD_END | 0 << ec.KIND_BITS],
           "facts": {"dead_ends": {"step": [0], "ruler": [2] * len(problem.options_of_item[0]), "also": ""}}}
    log["facts"]["dead_ends"]["also"] = ",".join([""] * len(log["facts"]["dead_ends"]["ruler"]))
    packed = details.pack(problem, log)
    assert details.one(packed, 0) == {"dead_end": 0, "step": 0, "ruler": log["facts"]["dead_ends"]["ruler"],
                                      "also": log["facts"]["dead_ends"]["also"]}
    with pytest.raises(details.DetailsError):
        details.one(b"not a payload", 0)
