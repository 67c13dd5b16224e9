"""Forced moves by name (docs/step-log.md, facts.singles): every choose whose item had one option
is named, and the name is checked without the solver: by counting the candidates on the board
the replay reaches (an independent checker of Sudoku's rules), and against HoDoKu's hint engine
(hodoku-py), which must find the same single there."""

from __future__ import annotations

import pytest
from hodoku.core.grid import Grid as HodokuGrid
from hodoku.core.types import SolutionType
from hodoku.solver.simple import SimpleSolver

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import examples

HARD = [examples.BERRY, examples.NAIVE_WORST, *examples.puzzle_lines("norvig_top95.txt")[:3]]
UNITS = {1: "row", 2: "column", 3: "box"}


def solve(client, **body) -> dict:
    answer = client.post("/api/solve", json={"max_steps": 30_000, **body})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["log"]


def forced_moves(log: dict) -> dict:
    """The log's forced moves: {"step": the event index of each choose with one option, "name": its technique}."""
    chooses = [e for e, code in enumerate(log["events"]) if code & ec.KIND_MASK == ec.CHOOSE]
    singles = log["facts"]["singles"]
    assert len(singles["technique"]) == sum(1 for d in log["sizes"] if d == 1)
    return {"step": [e for e, d in zip(chooses, log["sizes"]) if d == 1],
            "name": [singles["names"][k] for k in singles["technique"]]}


def units_of(cell: int, n: int) -> dict[str, list[int]]:
    size = n * n
    r, c = divmod(cell, size)
    b = (r // n) * n + c // n
    return {"row": [r * size + k for k in range(size)], "column": [k * size + c for k in range(size)],
            "box": [((b // n) * n + k // n) * size + (b % n) * n + k % n for k in range(size)]}


def candidates(board: list[int], cell: int, n: int) -> set[int]:
    """The digits Sudoku's rules leave a cell: none used in its row, column or box."""
    if board[cell]:
        return set()
    used = {board[k] for unit in units_of(cell, n).values() for k in unit}
    return set(range(1, n * n + 1)) - used


def placed_board(log: dict, state) -> list[int]:
    """The digits on the board in a replay state: givens plus every open level's choice."""
    size = log["problem"]["size"]
    board = [0] * (size * size)
    for o in [*log["givens"], *(f.option for f in state.frames if f.k > 0)]:
        board[o // size] = o % size + 1
    return board


@pytest.mark.parametrize("puzzle", HARD)
def test_every_forced_choose_is_named_and_the_name_holds_on_the_board(client, puzzle):
    log = solve(client, puzzle=puzzle)
    size, n = log["problem"]["size"], log["problem"]["n"]
    forced = forced_moves(log)
    assert sorted(set(forced["name"])) == sorted(log["facts"]["singles"]["names"])
    assert forced["step"], "a hard puzzle's search makes forced moves"
    replay = steplog.Replay(log)
    for e, name in zip(forced["step"], forced["name"]):
        item = log["events"][e] >> ec.KIND_BITS
        board = placed_board(log, replay.run_to(e))
        family, rest = divmod(item, size * size)          # docs/step-log.md, "Sudoku numbering"
        if family == 0:
            assert name == "naked-single"
            assert len(candidates(board, rest, n)) == 1
        else:
            assert name == f"hidden-single-{UNITS[family]}"
            unit, digit = divmod(rest, size)
            some_cell = {1: unit * size, 2: unit, 3: ((unit // n) * n) * size + (unit % n) * n}[family]
            cells = units_of(some_cell, n)[UNITS[family]]
            places = [k for k in cells if digit + 1 in candidates(board, k, n)]
            assert len(places) == 1, (name, item, places)


def hodoku_singles(board: list[int]) -> tuple[set, set, object]:
    grid = HodokuGrid()
    grid.set_sudoku("".join(str(v) if v else "." for v in board))
    finder = SimpleSolver(grid)
    naked = {(s.indices[0], s.values[0]) for s in finder.find_all(SolutionType.NAKED_SINGLE)}
    hidden = {(s.indices[0], s.values[0]) for s in finder.find_all(SolutionType.HIDDEN_SINGLE)}
    return naked, hidden, grid


@pytest.mark.parametrize("puzzle", HARD[:3])
def test_hodoku_finds_the_single_the_log_names(client, puzzle):
    log = solve(client, puzzle=puzzle)
    size = log["problem"]["size"]
    forced = forced_moves(log)
    checked = 0
    replay = steplog.Replay(log)
    for e, name in list(zip(forced["step"], forced["name"]))[:25]:
        item = log["events"][e] >> ec.KIND_BITS
        board = placed_board(log, replay.run_to(e))
        state = replay.run_to(e + 2)       # after the choose and its cover: the one option left is the item's
        option = next(o for o in range(size ** 3) if item in log["options"][o]
                      and not any(state.covered[j] for j in log["options"][o] if j != item))
        cell, digit = option // size, option % size + 1
        naked, hidden, grid = hodoku_singles(board)
        if name == "naked-single":
            assert (cell, digit) in naked
        else:
            assert (cell, digit) in hidden
            # HoDoKu's own count of the digit's places in the unit (units 0-8 rows, 9-17 columns, 18-26 boxes).
            family, rest = divmod(item, size * size)
            unit = rest // size + {1: 0, 2: 9, 3: 18}[family]
            assert grid.free[unit][digit] == 1
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("variant, families", [("variant-x", {"row", "column", "box", "diagonal"}),
                                              ("variant-jigsaw", {"row", "column", "region"}),
                                              ("variant-windoku", {"row", "column", "box", "window"})])
def test_a_variant_names_its_own_units(client, variant, families):
    example = next(e for e in examples.variant_examples() if e["id"] == variant)
    log = solve(client, puzzle=example["puzzle"], variants=example["variants"], regions=example["regions"])
    names = forced_moves(log)["name"]
    hidden = {name[len("hidden-single-"):] for name in names if name.startswith("hidden-single-")}
    assert hidden and hidden <= families and set(names) - {"naked-single"} == {f"hidden-single-{f}" for f in hidden}
    # Each name says the unit of its item: the item's own name starts with the unit's prefix.
    prefix = {"row": "r", "column": "c", "box": "b", "region": "j", "diagonal": "d", "window": "w"}
    for e, name in zip(forced_moves(log)["step"], names):
        item_name = log["items"][log["events"][e] >> ec.KIND_BITS]
        if name == "naked-single":
            assert "#" not in item_name
        else:
            assert item_name.rstrip("#0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ").rstrip("0123456789") \
                == prefix[name[len("hidden-single-"):]]


def test_a_cover_problem_names_its_items_family(client):
    queens = client.post("/api/cover", json={"builtin": "queens", "params": {"n": 8}}).get_json()["log"]
    names = forced_moves(queens)["name"]
    assert names and set(names) <= {"single-row", "single-column"}
    for e, name in zip(forced_moves(queens)["step"], names):
        assert queens["items"][queens["events"][e] >> ec.KIND_BITS][0] == name[len("single-")]   # r1 / c1
    step = forced_moves(queens)["step"][0] + 1
    lines = steplog.explain_step(queens, step)
    assert lines[-1].startswith("Forced: row ") and ", and one option is left: queen at " in lines[-1], lines


def test_the_why_line_names_the_unit_and_digit(client):
    log = solve(client, puzzle=examples.BERRY)
    forced = forced_moves(log)
    k = forced["name"].index("hidden-single-box")
    item = log["events"][forced["step"][k]] >> ec.KIND_BITS
    unit, digit = divmod(item - 3 * 81, 9)
    lines = steplog.explain_step(log, forced["step"][k] + 1)
    assert f"Forced: hidden single in box {unit + 1}, the {digit + 1} has one place left (" in lines[-1]
    k = forced["name"].index("naked-single")
    lines = steplog.explain_step(log, forced["step"][k] + 1)
    cell = log["items"][log["events"][forced["step"][k]] >> ec.KIND_BITS]
    assert lines[-1].startswith(f"Forced: naked single in {cell}, the ") and lines[-1].endswith(" is its one digit left.")
