"""The page and the JSON API through Flask's test client: every outcome and error."""

import pytest

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku
from webapp.models.examples import BERRY, NO_SOLUTION, puzzle_lines


def solve(client, **body):
    return client.post("/api/solve", json=body)


def test_index_serves_the_page(client):
    response = client.get("/")
    assert response.status_code == 200 and b"<html" in response.data.lower()


def test_solved_with_log_and_checked_solution(client):
    response = solve(client, puzzle=BERRY, solutions=2)
    assert response.status_code == 200
    body = response.get_json()
    assert body["size"] == 9 and body["n"] == 3 and len(body["grid"]) == 81
    assert body["outcome"]["status"] == "solved" and body["outcome"]["complete"]
    assert "exactly one solution" in body["outcome"]["message"]
    [solution] = body["solutions"]
    assert sudoku.is_solution(sudoku.parse(BERRY), sudoku.Grid(3, tuple(solution)))
    log = body["log"]
    steplog.validate(log)
    assert log["stats"] == body["stats"] and body["stats"]["steps"] == len(log["events"])
    assert log["problem"] == {"kind": "sudoku", "n": 3, "size": 9, "puzzle": body["puzzle"]}


def test_several_solutions_each_reachable(client):
    body = solve(client, puzzle="." * 16, solutions=3).get_json()
    assert body["outcome"]["limit"] == "solutions" and len(body["solutions"]) == 3
    assert len({tuple(s) for s in body["solutions"]}) == 3
    assert "not unique" in body["outcome"]["message"]
    assert sum(1 for code in body["log"]["events"] if code & ec.KIND_MASK == 4) == 3


def test_all_solutions_with_null(client):
    body = solve(client, puzzle="." * 16, solutions=None, record=False).get_json()
    assert body["stats"]["solutions"] == 288 and body["outcome"]["complete"] and "log" not in body


def test_no_solution(client):
    body = solve(client, puzzle=NO_SOLUTION).get_json()
    assert body["outcome"]["status"] == "no_solution" and body["solutions"] == []
    assert body["outcome"]["message"].startswith("No solution")


def test_stopped_at_a_limit_still_has_its_log(client):
    body = solve(client, puzzle=puzzle_lines("gecode_25x25.txt")[0], max_steps=3000).get_json()
    assert body["outcome"]["status"] == "stopped" and body["outcome"]["limit"] == "steps"
    assert "step budget of 3,000" in body["outcome"]["message"]
    assert 3000 <= len(body["log"]["events"]) < 3200


def test_time_limit():
    from webapp import create_app
    # A step cap the compiled engine cannot reach in 0.2 s (it passes 1,000,000 steps in about 0.2 s here).
    client = create_app({"TESTING": True, "SOLVE_MAX_STEPS": 10**10}).test_client()
    body = solve(client, puzzle=puzzle_lines("gecode_25x25.txt")[0], max_seconds=0.2, max_steps=10**10,
                 record=False).get_json()
    assert body["outcome"]["limit"] == "time" and "time limit of 0.2 s" in body["outcome"]["message"]


def test_client_cannot_exceed_the_server_caps():
    from webapp import create_app
    app = create_app({"TESTING": True, "SOLVE_MAX_STEPS": 2000})
    body = app.test_client().post("/api/solve", json={"puzzle": puzzle_lines("gecode_25x25.txt")[0],
                                                      "max_steps": 10 ** 9}).get_json()
    assert body["outcome"]["limit"] == "steps" and body["stats"]["steps"] < 2200


def test_all_solutions_stop_at_the_server_cap_and_say_so():
    from webapp import create_app
    client = create_app({"TESTING": True, "SOLVE_MAX_SOLUTIONS": 5}).test_client()
    assert "all (count them; show up to 5)" in client.get("/").get_data(as_text=True)   # the menu names the cap
    for url, body in (("/api/solve", {"puzzle": "." * 16}), ("/api/cover", {"builtin": "queens", "params": {"n": 8}})):
        answer = client.post(url, json={**body, "solutions": None}).get_json()
        assert len(answer["solutions"]) == 5 and answer["outcome"]["limit"] == "solutions"
        message = answer["outcome"]["message"]
        assert "the most the server finds in one solve" in message and "not unique" not in message
        # The count beside it says how many there are: no "there may be more" above "the count is complete".
        assert "may be more" not in message and answer["count"]["message"].endswith("the count is complete.")
        assert answer["log"]["outcome"]["message"] == message
        # Asking for 5 is the user's own limit: no word of a cap, and nothing more is counted.
        asked = client.post(url, json={**body, "solutions": 5}).get_json()
        assert "stopped at the limit of 5: the solution is not unique" in asked["outcome"]["message"]
        assert asked["count"] is None


# 4×4 Sudoku has 288 grids and the 8 queens puzzle 92 solutions (both well known).
@pytest.mark.parametrize("url, body, total", [("/api/solve", {"puzzle": "." * 16}, 288),
                                              ("/api/cover", {"builtin": "queens", "params": {"n": 8}}, 92)])
def test_asking_for_all_counts_every_solution_past_the_ones_replayed(url, body, total):
    from webapp import create_app
    client = create_app({"TESTING": True, "SOLVE_MAX_SOLUTIONS": 5}).test_client()
    answer = client.post(url, json={**body, "solutions": None}).get_json()
    assert len(answer["solutions"]) == 5 and len(answer["log"]["solutions"]) == 5
    count = answer["count"]
    assert count["solutions"] == total and count["complete"] and count["shown"] == 5
    assert count["message"] == f"5 shown; {total} counted: every solution, the count is complete."


def test_all_that_fit_the_replay_need_no_count(client):
    answer = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 6}, "solutions": None}).get_json()
    assert answer["outcome"]["complete"] and len(answer["solutions"]) == 4 and answer["count"] is None


def test_a_count_cut_short_says_at_least():
    from webapp import create_app
    client = create_app({"TESTING": True, "SOLVE_MAX_SOLUTIONS": 5, "SOLVE_MAX_COUNT_STEPS": 300}).test_client()
    count = client.post("/api/solve", json={"puzzle": "." * 16, "solutions": None}).get_json()["count"]
    assert not count["complete"] and count["limit"] == "steps" and count["steps"] <= 300
    assert 5 <= count["solutions"] < 288
    assert count["message"] == (f"5 shown; at least {count['solutions']} counted "
                                "(the count stopped at its budget of 300 steps).")


def test_a_count_goes_on_past_the_step_budget_of_the_replay():
    from webapp import create_app
    client = create_app({"TESTING": True, "SOLVE_MAX_SOLUTIONS": 3, "SOLVE_MAX_STEPS": 2000}).test_client()
    answer = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 8}, "solutions": None}).get_json()
    assert answer["outcome"]["limit"] == "solutions" and answer["stats"]["steps"] <= 2000
    assert answer["count"]["solutions"] == 92 and answer["count"]["steps"] > 2000


def test_a_body_that_is_no_object_names_the_fields_of_its_endpoint(client):
    assert "with a \"puzzle\" field" in client.post("/api/solve", json=[1]).get_json()["error"]
    assert "with a \"text\" or a \"builtin\" field" in client.post("/api/cover", json=[1]).get_json()["error"]


def test_first_item_choice(client):
    mrv = solve(client, puzzle=BERRY, record=False).get_json()
    first = solve(client, puzzle=BERRY, choose="first", record=False).get_json()
    assert mrv["solutions"] == first["solutions"]
    assert first["stats"]["nodes"] != mrv["stats"]["nodes"]


def test_duplicate_givens_name_cells(client):
    response = solve(client, puzzle="5" + "." * 5 + "5" + "." * 74)
    assert response.status_code == 400
    body = response.get_json()
    assert body == {"error": "r1c1 and r1c7 both hold 5 (row 1)", "field": "puzzle", "cells": [0, 6],
                    "position": None}


def test_bad_character_has_a_position(client):
    body = solve(client, puzzle=BERRY[:4] + "?" + BERRY[5:]).get_json()
    assert body["position"] == {"line": 1, "column": 5} and "'?'" in body["error"]


@pytest.mark.parametrize("body, field, words", [
    ({}, "puzzle", "puzzle must be a string"),
    ({"puzzle": 5}, "puzzle", "puzzle must be a string"),
    ({"puzzle": "." * 80}, "puzzle", "found 80 cells"),
    ({"puzzle": BERRY, "solutions": 0}, "solutions", "at least 1"),
    ({"puzzle": BERRY, "solutions": "2"}, "solutions", "whole number"),
    ({"puzzle": BERRY, "solutions": True}, "solutions", "whole number"),
    ({"puzzle": BERRY, "max_steps": 1.5}, "max_steps", "whole number"),
    ({"puzzle": BERRY, "max_seconds": "fast"}, "max_seconds", "number"),
    ({"puzzle": BERRY, "max_seconds": 0}, "max_seconds", "more than 0"),
    ({"puzzle": BERRY, "max_seconds": -10 ** 400}, "max_seconds", "more than 0"),
    ({"puzzle": BERRY, "choose": "random"}, "choose", "mrv"),
    ({"puzzle": BERRY, "record": "yes"}, "record", "true or false"),
])
def test_bad_fields_are_400_with_the_field_named(client, body, field, words):
    response = client.post("/api/solve", json=body)
    assert response.status_code == 400
    data = response.get_json()
    assert data["field"] == field and words in data["error"]


def test_body_must_be_a_json_object(client):
    assert client.post("/api/solve", data="puzzle").status_code == 415
    bad = client.post("/api/solve", data="{not json", content_type="application/json")
    assert bad.status_code == 400 and "not valid JSON" in bad.get_json()["error"]
    array = client.post("/api/solve", json=[BERRY])
    assert array.status_code == 400 and "JSON object" in array.get_json()["error"]


def test_too_large_body_and_too_large_puzzle(client):
    big = client.post("/api/solve", json={"puzzle": "." * (3 * 1024 * 1024)})
    assert big.status_code == 413
    assert "larger than the 256 KB this server takes" in big.get_json()["error"]
    grid36 = " ".join(["."] * 1296)
    too_big = client.post("/api/solve", json={"puzzle": grid36})
    assert too_big.status_code == 413 and "larger than this server solves" in too_big.get_json()["error"]


def test_http_errors_are_json(client):
    assert client.get("/api/nothing").get_json()["error"].startswith("404")
    assert client.get("/api/nothing", headers={"Accept": "text/html"}).get_json()["error"].startswith("404")
    assert client.get("/static/nothing.js").get_json()["error"].startswith("404")
    wrong_method = client.get("/api/solve")
    assert wrong_method.status_code == 405
    assert wrong_method.get_json()["error"] == "405 Method Not Allowed: /api/solve does not take GET; it takes POST"
    assert set(wrong_method.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_examples_menu(client):
    examples = client.get("/api/examples").get_json()
    ids = {e["id"] for e in examples}
    assert {"berry", "naive-worst", "17-clue", "several", "none", "gecode-16", "blanked-25"} <= ids
    assert all({"id", "title", "size", "puzzle", "note"} <= set(e) for e in examples)


def test_unexpected_failure_is_json_without_traceback(monkeypatch, caplog):
    from webapp import create_app
    from webapp.models import sudoku as model
    app = create_app({"TESTING": True, "ANSWER_CACHE": "none"})     # a stored answer would never reach the failure

    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")
    monkeypatch.setattr(model, "solve", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = app.test_client().post("/api/solve", json={"puzzle": BERRY})
    assert response.status_code == 500
    assert "secret detail" not in response.get_data(as_text=True)
    assert "failure was logged" in response.get_json()["error"]
    assert "secret detail" in caplog.text


def test_parse_returns_the_grid_and_its_clashes(client):
    body = client.post("/api/parse", json={"puzzle": sudoku.format_grid(sudoku.parse(BERRY), "grid")}).get_json()
    assert body["size"] == 9 and body["grid"] == list(sudoku.parse(BERRY).cells) and body["clash"] is None
    clash = client.post("/api/parse", json={"puzzle": "5" + "." * 5 + "5" + "." * 74}).get_json()
    assert clash["grid"][0] == 5 and clash["clash"] == {"error": "r1c1 and r1c7 both hold 5 (row 1)", "cells": [0, 6]}
    bad = client.post("/api/parse", json={"puzzle": "<b>" + "." * 78})
    assert bad.status_code == 400 and bad.get_json()["position"] == {"line": 1, "column": 1}
    assert client.post("/api/parse", json={"puzzle": None}).status_code == 400


def test_inputs_that_once_gave_a_500_give_a_400(client):
    # An integer beyond any float is a time budget past the cap, not a crash.
    huge = client.post("/api/solve", json={"puzzle": BERRY, "max_seconds": 10 ** 400})
    assert huge.status_code == 200
    # A body nested a thousand deep.
    for path in ("/api/parse", "/api/solve", "/api/cover"):
        deep = client.post(path, data="[" * 1000 + "]" * 1000, content_type="application/json")
        assert deep.status_code == 400 and "nested too deeply" in deep.get_json()["error"]
    # A parameter that shares its name with make()'s own first argument.
    odd = client.post("/api/cover", json={"builtin": "queens", "params": {"id": 1}})
    assert odd.status_code == 400 and "id" in odd.get_json()["error"]


def test_cover_errors_name_the_field_at_fault_and_a_null_body_is_json(client):
    def error(**body):
        answer = client.post("/api/cover", json=body).get_json()
        return answer["field"], answer["error"]
    assert error(builtin="sudoku")[0] == "builtin"
    assert error(builtin="queens", params=None)[0] == "params"
    assert error(builtin="queens", params=[8])[0] == "params"
    assert error(builtin="knuth", text="A\nA\n") == ("text", 'send "text" or "builtin", not both')
    null = client.post("/api/solve", data="null", content_type="application/json").get_json()
    assert null["error"].startswith("the body must be a JSON object")
    # More solutions than the server finds in one solve: the message says whose limit stopped it.
    many = client.post("/api/solve", json={"puzzle": "." * 80 + "1", "solutions": 5000}).get_json()
    assert "the most the server finds in one solve" in many["outcome"]["message"]


def test_a_wrong_cell_count_lists_the_sizes_this_server_solves(client, app):
    for path in ("/api/parse", "/api/solve"):
        error = client.post(path, json={"puzzle": "." * 80}).get_json()["error"]
        assert error.endswith("16 (4×4), 81 (9×9), 256 (16×16), 625 (25×25)"), error
    app.config["SOLVE_MAX_BOX"] = 3
    assert client.post("/api/parse", json={"puzzle": "." * 80}).get_json()["error"].endswith("81 (9×9)")
    # The parser itself lists every size it reads, as the command line does.
    with pytest.raises(sudoku.ParseError, match=r"4096 \(64×64\)$"):
        sudoku.parse("." * 80)


def test_cover_builtins_menu(client):
    menu = client.get("/api/cover/builtins").get_json()
    assert {"knuth", "queens", "pentominoes", "latin", "small-packing"} <= {b["id"] for b in menu}


def test_cover_text_problem_with_log(client):
    text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
    body = client.post("/api/cover", json={"text": text, "solutions": None}).get_json()
    assert body["outcome"]["status"] == "solved" and body["outcome"]["complete"]
    assert [sorted(s) for s in body["solutions"]] == [[0, 3, 4]]
    assert body["picture"] is None and body["log"]["problem"]["kind"] == "cover"
    steplog.validate(body["log"])


def test_cover_builtin_with_picture(client):
    body = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 6}, "solutions": None}).get_json()
    assert body["stats"]["solutions"] == 4 and body["picture"]["kind"] == "queens"
    parts = body["picture"]["parts"]
    assert len(parts) == 36 and sorted(tuple(p) for p in parts) == [(r, c) for r in range(6) for c in range(6)]
    placed = sorted(tuple(parts[o]) for o in body["solutions"][0])
    assert len({r for r, _ in placed}) == len({c for _, c in placed}) == 6


def test_cover_errors_name_what_and_where(client):
    bad = client.post("/api/cover", json={"text": "A B\nA C\n"})
    assert bad.status_code == 400 and bad.get_json()["position"] == {"line": 2, "column": 3}
    assert "'C'" in bad.get_json()["error"] or "C" in bad.get_json()["error"]
    wrong = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 99}})
    assert wrong.status_code == 400 and "from 1 to 20" in wrong.get_json()["error"]
    unknown = client.post("/api/cover", json={"builtin": "sudoku9000"})
    assert unknown.status_code == 400 and "no built-in problem" in unknown.get_json()["error"]
    assert client.post("/api/cover", json={"puzzle": "x"}).status_code == 400


@pytest.mark.parametrize("text, position, words", [
    ("A | x\nA x::a\n", (2, 5), "line 2, column 5: 'x::a' has a second ':' (column 5)"),
    ("A | x:a\nA\n", (1, 6), "line 1, column 6: item name 'x:a' holds a ':': colours belong in the options"),
])
def test_cover_colour_mistakes_are_400_with_their_position(client, text, position, words):
    bad = client.post("/api/cover", json={"text": text})
    assert bad.status_code == 400
    body = bad.get_json()
    assert body["position"] == {"line": position[0], "column": position[1]} and body["field"] == "text"
    assert body["error"].startswith(words)


def test_a_cover_replay_never_says_a_secondary_item_needs_an_option(client):
    log = client.post("/api/cover", json={"text": "A | y\nA y\n"}).get_json()["log"]
    said = [line for _, lines in steplog.explain_steps(log) for line in lines]
    assert "Cover y (y is covered at most once, or not at all): it leaves the item list; no option " \
           "that contains it is left, so no other item changes." in said
    assert not any("y needs" in line for line in said)
    assert log["phrases"]["need"] == ["A needs an option", "y is covered at most once, or not at all"]


def test_a_page_address_that_does_not_exist_is_a_page_with_links(client):
    for path in ("/cover/", "/nonexistent"):
        answer = client.get(path, headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        assert answer.status_code == 404 and answer.mimetype == "text/html"
        page = answer.get_data(as_text=True)
        assert f"No page at <code>{path}</code>" in page
        assert 'href="/"' in page and 'href="/cover"' in page
    # A client that does not take HTML still gets the JSON error.
    assert client.get("/nonexistent", headers={"Accept": "application/json"}).get_json()["error"].startswith("404")


def test_a_search_cut_short_comes_with_an_estimate_of_the_whole_tree(client):
    body = solve(client, puzzle=puzzle_lines("gecode_25x25.txt")[0], max_steps=5000).get_json()
    assert body["outcome"]["limit"] == "steps"
    estimate = body["estimate"]
    assert estimate["probes"] >= 1 and estimate["nodes"] > 0
    assert estimate["spread"] is None or estimate["spread"] >= 0
    finished = solve(client, puzzle=puzzle_lines("norvig_top95.txt")[0]).get_json()
    assert finished["estimate"] is None          # nothing was cut short: nothing to estimate


def test_the_estimate_of_a_cover_problem_is_near_the_real_tree(client):
    from webapp.engine import exact_cover as ec
    from webapp.models import problems
    real = ec.solve(problems.make("queens", n=10).problem, max_solutions=None, keep=0).stats.nodes
    body = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 10}, "solutions": None,
                                           "max_steps": 2000, "record": False}).get_json()
    estimate = body["estimate"]
    assert body["outcome"]["limit"] == "steps" and estimate["probes"] > 20
    # Unbiased, with a spread it states: the truth within a few standard errors (or 25%).
    assert abs(estimate["nodes"] - real) <= max(4 * estimate["spread"] * estimate["nodes"], 0.25 * real)


def test_parse_refuses_a_puzzle_larger_than_the_server_solves_as_solve_does(client):
    """/api/parse and /api/solve read a puzzle with the one reader, size cap included."""
    huge = "." * (36 * 36)
    for path in ("/api/parse", "/api/solve"):
        answer = client.post(path, json={"puzzle": huge})
        assert answer.status_code == 413, (path, answer.get_json())
        assert "larger than this server solves" in answer.get_json()["error"]
