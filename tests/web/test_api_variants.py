"""/api/solve and /api/parse with the variant and regions fields."""

import json
from pathlib import Path

import brotli
import pytest

from webapp import create_app
from webapp.models import variant_check
from webapp.web import answers

SETS = Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "variants"


def first(file):
    return (SETS / file).read_text().splitlines()[0]


def body(response):
    data = response.data
    if response.headers.get("Content-Encoding") == "br":
        data = brotli.decompress(data)
    return json.loads(data)


def test_a_variant_solve_answers_a_grid_that_keeps_the_rule_and_a_log_in_its_words(client):
    response = client.post("/api/solve", json={"puzzle": first("x.txt"), "variant": ["x"], "solutions": 2})
    assert response.status_code == 200
    answer = body(response)
    assert answer["outcome"]["status"] == "solved" and answer["outcome"]["complete"]
    assert answer["variants"] == ["x"] and answer["regions"] is None
    [grid] = answer["solutions"]
    assert variant_check.is_solution(answer["grid"], grid, ["x"])
    log = answer["log"]
    assert log["problem"]["variants"] == ["x"]
    assert "diagonal 2 has no place left for a 9" in log["phrases"]["empty"]


def test_a_jigsaw_solve_carries_its_regions(client):
    puzzle, regions = first("jigsaw.txt").split()
    answer = body(client.post("/api/solve", json={"puzzle": puzzle, "regions": regions}))
    assert answer["variants"] == ["jigsaw"] and answer["regions"] == regions
    assert answer["log"]["problem"]["regions"] == regions
    assert variant_check.is_solution(answer["grid"], answer["solutions"][0], ["jigsaw"], list(regions))


@pytest.mark.parametrize(("fields", "field", "words", "cells"), [
    ({"variant": ["hexagon"]}, "variant", "no variant 'hexagon'", []),
    ({"variant": 7}, "variant", "variant must be a name or a list", []),
    ({"variant": [None]}, "variant", "variant must be a name or a list", []),
    ({"regions": 5}, "regions", "regions must be a string", []),
    ({"regions": "123"}, "regions", "the regions map has 3 cells, but a 9×9 puzzle has 81", []),
    ({"regions": "x" + "1" * 80}, "regions", "the regions map has 'x' at r1c1", [0]),
    ({"variant": "jigsaw"}, "regions", "a jigsaw needs a regions map", []),
    ({"regions": "4" + "".join(str((r // 2) * 2 + c // 2 + 1) for r in range(4) for c in range(4))[1:15] + "1",
      "puzzle": "." * 16}, "regions",
     "region 1 is in 2 pieces: r1c2… (3 cells) and r4c4 alone; region 4 is in 2 pieces: r1c1 alone and r3c3… (3 cells)",
     [0, 1, 4, 5, 10, 11, 14, 15]),
])
def test_bad_names_and_maps_are_a_400_naming_the_field(client, fields, field, words, cells):
    response = client.post("/api/solve", json={"puzzle": "." * 81} | fields)
    assert response.status_code == 400
    error = response.get_json()
    assert words in error["error"] and error["field"] == field
    if cells:
        assert error["cells"] == cells


def test_givens_that_break_a_rule_are_a_400_with_their_cells(client):
    puzzle = "..5" + "." * 18 + "5" + "." * 59
    response = client.post("/api/solve", json={"puzzle": puzzle, "variant": ["anti-knight"]})
    assert response.status_code == 400
    error = response.get_json()
    assert error["field"] == "puzzle" and error["cells"] == [2, 21]
    assert "a knight's move apart" in error["error"]
    # /api/parse reports the clash under the same rules, and keeps the puzzle.
    parsed = client.post("/api/parse", json={"puzzle": puzzle, "variant": ["anti-knight"]}).get_json()
    assert parsed["clash"]["cells"] == [2, 21] and parsed["puzzle"] == puzzle
    assert client.post("/api/parse", json={"puzzle": puzzle}).get_json()["clash"] is None


def test_a_jigsaw_takes_givens_that_boxes_would_refuse(client):
    puzzle, regions = first("jigsaw.txt").split()
    # r1c1 and r2c2 share box 1, not a region of this map.
    assert regions[0] != regions[10]
    clash = "1" + "." * 9 + "1" + "." * 70
    assert client.post("/api/solve", json={"puzzle": clash}).status_code == 400
    response = client.post("/api/solve", json={"puzzle": clash, "regions": regions, "max_steps": 2000})
    assert response.status_code == 200


def test_the_cache_key_holds_the_variant_and_the_regions(tmp_path):
    client = create_app({"TESTING": True, "ANSWER_CACHE_DIR": str(tmp_path / "answers")}).test_client()
    puzzle = first("anti_king.txt")

    def status(fields):
        response = client.post("/api/solve", json={"puzzle": puzzle, **fields})
        return response.headers[answers.HEADER]

    assert status({}) == "miss"
    assert status({"variant": ["anti-king"]}) == "miss"
    assert status({"variant": "anti-king"}) == "hit"          # the same rules, however written
    assert status({"variant": ["anti-king", "x"]}) in ("miss",)
    regions = "".join(str((r // 3) * 3 + c // 3 + 1) for r in range(9) for c in range(9))   # the boxes
    assert status({"variant": ["anti-king"], "regions": regions}) == "miss"
