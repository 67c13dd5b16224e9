"""/api/solve, /api/parse and /api/export with constraints and links (docs/api.md, "Constraints and links")."""

from __future__ import annotations

import json
from pathlib import Path

import brotli
import lzstring

from webapp.models import constraint_cover, constraints, sudoku, variants
from webapp.web import answers

EXAMPLES = json.loads((Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "constraints" /
                       "published.json").read_text())
KILLER = next(e for e in EXAMPLES if e["kind"] == "killer")
THERMO = next(e for e in EXAMPLES if e["kind"] == "thermo")


def body(response):
    data = response.data
    if response.headers.get("Content-Encoding") == "br":
        data = brotli.decompress(data)
    return json.loads(data)


def link_of(data: dict) -> str:
    return "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))


def test_a_killer_link_solves_to_its_published_solution_with_a_log_in_the_cages_words(client):
    response = client.post("/api/solve", json={"import": KILLER["fpuzzles"], "solutions": 2})
    assert response.status_code == 200
    answer = body(response)
    assert answer["outcome"]["status"] == "solved" and answer["outcome"]["complete"]
    assert ["".join(map(str, s)) for s in answer["solutions"]] == [KILLER["solution"]]
    assert answer["constraints"][0] == {"kind": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}
    assert answer["notes"] == [] and answer["variants"] == []
    log = answer["log"]
    assert log["problem"]["constraints"] == answer["constraints"]
    assert "cage 3 at r1c1 cannot reach 3 with the digits left" in log["phrases"]["empty"]
    assert "cage 3 at r1c1 takes 1 and 2" in log["labels"]


def test_parse_of_a_link_gives_the_whole_puzzle_and_the_same_form_solves_again(client):
    parsed = body(client.post("/api/parse", json={"import": THERMO["fpuzzles"]}))
    assert parsed["title"] == THERMO["title"] and parsed["clash"] is None
    assert [c["kind"] for c in parsed["constraints"]] == ["thermo"] * 4
    again = client.post("/api/solve", json={"puzzle": parsed["puzzle"], "constraints": parsed["constraints"],
                                            "record": False})
    assert "".join(map(str, body(again)["solutions"][0])) == THERMO["solution"]


def test_export_gives_links_that_import_to_the_same_puzzle(client):
    parsed = body(client.post("/api/parse", json={"import": KILLER["fpuzzles"]}))
    cons = parsed["constraints"] + [{"kind": "xv", "cells": [[8, 7], [8, 8]], "value": "X"},
                                    {"kind": "little-killer", "clue": [-1, 0], "sum": 40,
                                     "cells": [[k, k + 1] for k in range(8)]},
                                    {"kind": "sandwich", "side": "column", "index": 2, "sum": 7}]
    links = body(client.post("/api/export", json={"puzzle": parsed["puzzle"], "constraints": cons,
                                                  "negative": ["xv"], "variant": ["anti-king"], "title": "t"}))
    assert links["fpuzzles"].startswith("https://f-puzzles.com/?load=")
    for link in links.values():
        back = body(client.post("/api/parse", json={"import": link}))
        # f-puzzles keeps one list per kind: the same constraints come back grouped by kind
        assert sorted(json.dumps(c, sort_keys=True) for c in back["constraints"]) == \
            sorted(json.dumps(c, sort_keys=True) for c in cons)
        assert back["negative"] == ["xv"] and back["variants"] == ["anti-king"]
    empty = body(client.post("/api/export", json={"size": 4, "constraints": [{"kind": "odd", "cells": [[0, 0]]}]}))
    assert body(client.post("/api/parse", json={"import": empty["sudokupad"]}))["puzzle"] == "." * 16


def test_what_a_link_holds_that_is_not_solved_is_named_and_refused_unless_partial(client):
    grid = [[{} for _ in range(9)] for _ in range(9)]
    link = link_of({"size": 9, "grid": grid, "betweenline": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
                    "line": [{"lines": [["R5C5", "R5C6"]]}], "thermometer": [{"lines": [["R2C1", "R2C2"]]}]})
    refused = client.post("/api/solve", json={"import": link})
    assert refused.status_code == 400 and body(refused)["field"] == "import"
    assert "The link's between lines (1) are not solved here" in body(refused)["error"]
    answer = body(client.post("/api/solve", json={"import": link, "partial": True, "record": False}))
    assert answer["outcome"]["status"] == "solved"
    assert any("between lines" in note for note in answer["notes"])
    assert any("cosmetic" in note and "carry no rule" in note for note in answer["notes"])


def test_damaged_links_and_bad_constraints_are_400s_that_say_what_is_wrong(client):
    cases = [
        ({"import": "https://f-puzzles.com/?load=abc"}, "import", "not LZString base64"),
        ({"import": "https://sudokupad.app/abcdef"}, "import", "holds no puzzle"),
        ({"import": link_of({"size": 6, "grid": []})}, "import", "is 6×6"),
        ({"import": link_of({"size": 9, "grid": [[{}] * 9] * 9, "killercage": [{"cells": ["R10C1"]}]})},
         "import", "killercage 1 has a cell R10C1 outside the 9×9 grid"),
        ({"import": KILLER["fpuzzles"], "puzzle": "." * 81}, "puzzle", "send the link alone"),
        ({"puzzle": "." * 81, "constraints": [{"kind": "thermo", "cells": [[0, 0], [2, 2]]}]}, "constraints",
         "constraint 1 (a thermo): r1c1 and r3c3 are not neighbours"),
        ({"puzzle": "." * 81, "constraints": [{"kind": "killer", "cells": [[0, 0], [0, 1]], "sum": 30}]},
         "constraints", "no set of 2 digits fits it"),
        ({"puzzle": "." * 81, "negative": ["dots"]}, "negative", "'dots' is not a negative constraint"),
        ({"puzzle": "15" + "." * 79, "constraints": [{"kind": "kropki-white", "cells": [[0, 0], [0, 1]]}]},
         "puzzle", "the white dot between r1c1 and r1c2"),
    ]
    for request, field, words in cases:
        response = client.post("/api/solve", json=request)
        assert response.status_code == 400, request
        answer = body(response)
        assert answer["field"] == field and words in answer["error"], (request, answer)
    wrong = body(client.post("/api/solve", json=cases[5][0]))
    assert wrong["index"] == 0 and wrong["cells"] == [0, 20]


def test_parse_marks_givens_that_break_a_constraint_and_still_answers(client):
    answer = body(client.post("/api/parse", json={
        "puzzle": "13" + "." * 79, "constraints": [{"kind": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}]}))
    assert "cage 3 at r1c1" in answer["clash"]["error"]
    assert answer["constraints"] == [{"kind": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}]


def test_constraints_and_the_negative_list_change_the_answer_cache_key():
    grid = sudoku.parse("." * 81)
    rules = variants.rules_for(3)
    settings = {"max_solutions": 1, "max_steps": 1000, "max_seconds": 4.0, "choose": "mrv"}

    def key(cons=(), negative=()):
        setup = constraints.setup_for(rules, list(cons), list(negative))
        model = constraint_cover.model(setup)
        return answers.key("solve", model.problem, [], constraint_cover.about(grid, setup), settings)

    cage = {"kind": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}
    dot = {"kind": "kropki-white", "cells": [[0, 0], [0, 1]]}
    keys = [key(), key([cage]), key([{**cage, "sum": 4}]), key([dot]), key([dot], ["kropki-white"]),
            key([dot], ["kropki-black"]), key([{**dot, "kind": "kropki-black"}])]
    assert len(set(keys)) == len(keys)
    assert key([cage]) == key([cage])


def test_a_model_too_heavy_for_the_time_budget_stops_in_its_build_with_a_400_and_the_answer_says_the_build_time(
        client):
    # A 25×25 sandwich of sum 99: millions of ways to weigh before the search could start. With
    # (practically) no time, the build stops at its first look at the clock: a 400 naming max_seconds.
    heavy = {"puzzle": "." * 625, "constraints": [{"kind": "sandwich", "side": "column", "index": 4, "sum": 99}],
             "max_seconds": 1e-9, "record": False}
    response = client.post("/api/solve", json=heavy)
    assert response.status_code == 400
    error = body(response)
    assert error["field"] == "max_seconds"
    assert error["error"].startswith("Stopped while building the model: the time budget of 1e-09 s ran out")
    # A model that fits: the answer's stats say what its build took (nothing, once it is cached).
    small = {"puzzle": "." * 16, "constraints": [{"kind": "killer", "cells": [[0, 0], [0, 1], [1, 0]], "sum": 9}],
             "record": False}
    constraint_cover.model.cache_clear()
    variants.model.cache_clear()
    built = body(client.post("/api/solve", json=small))["build_seconds"]
    again = body(client.post("/api/solve", json={**small, "max_steps": 10 ** 6 - 1}))["build_seconds"]
    assert built > 0 and again == 0
