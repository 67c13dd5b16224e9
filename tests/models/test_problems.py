"""The built-in problems: known counts, independent checks of every solution, words and pictures."""

import itertools
import json

import pytest

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import cover_text, problems


def solve_all(builtin):
    return ec.solve(builtin.problem, max_solutions=None, keep=None)


# -- independent checkers (no code shared with webapp/models/problems.py) --------------------

def all_images(cells):
    """The 8 turns and mirror images of a set of cells, each moved to touch row 0 and column 0."""
    images = set()
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            r0, c0 = min(r for r, _ in shape), min(c for _, c in shape)
            images.add(frozenset((r - r0, c - c0) for r, c in shape))
    return images


PENTOMINO_ROWS = {   # drawn again here, on purpose, as rows of 5×5 bit masks read from the left
    "F": ["01100", "11000", "01000"], "I": ["11111"], "L": ["11110", "10000"],
    "N": ["11000", "01110"], "P": ["11", "11", "10"], "T": ["111", "010", "010"],
    "U": ["101", "111"], "V": ["100", "100", "111"], "W": ["100", "110", "011"],
    "X": ["010", "111", "010"], "Y": ["11110", "01000"], "Z": ["110", "010", "011"],
}


def cells_of(rows):
    return frozenset((r, c) for r, row in enumerate(rows) for c, bit in enumerate(row) if bit == "1")


def is_pentomino_tiling(grid):
    """Every cell covered, each of the 12 letters on exactly 5 cells that form that pentomino."""
    where = {}
    for r, row in enumerate(grid):
        for c, name in enumerate(row):
            where.setdefault(name, []).append((r, c))
    if set(where) != set(PENTOMINO_ROWS):
        return False
    return all(frozenset((r - min(x for x, _ in cells), c - min(y for _, y in cells)) for r, c in cells)
               in all_images(cells_of(PENTOMINO_ROWS[name])) for name, cells in where.items())


def box_images(grid):
    """The grid under the 4 symmetries of an oblong box."""
    flipped = [row[::-1] for row in grid]
    return {tuple(map(tuple, g)) for g in (grid, flipped, grid[::-1], flipped[::-1])}


def queens_ok(n, queens):
    return (len(queens) == n and len({r for r, _ in queens}) == n and len({c for _, c in queens}) == n
            and len({r + c for r, c in queens}) == n and len({r - c for r, c in queens}) == n)


# -- Knuth's example ---------------------------------------------------------------

def test_knuth_example_has_its_single_solution():
    knuth = problems.make("knuth")
    outcome = solve_all(knuth)
    assert outcome.unique and sorted(outcome.solutions[0]) == [0, 3, 4]      # rows 1, 4 and 5
    assert knuth.phrases["labels"][3] == "row 4 (A D)"
    assert knuth.picture([3, 0]) == {"kind": "matrix", "chosen": [3, 0]}


# -- N queens ------------------------------------------------------------------------

@pytest.mark.parametrize("n, count", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)])
def test_queens_counts(n, count):
    builtin = problems.make("queens", n=n)
    outcome = solve_all(builtin)
    assert outcome.stats.solutions == count and outcome.complete
    for solution in outcome.solutions:
        picture = builtin.picture(solution)
        assert picture["kind"] == "queens" and queens_ok(n, [tuple(q) for q in picture["queens"]])


def test_queens_words():
    queens = problems.make("queens", n=8)
    p, items = queens.phrases, queens.problem.items
    row3 = items.index("r3")
    assert (p["need"][row3], p["empty"][row3], p["held"][row3]) == (
        "row 3 needs a queen", "row 3 has no safe square left", "row 3 already has a queen")
    assert p["need"][items.index("c1")] == "column a needs a queen"
    assert p["labels"][3 * 8 + 0] == "queen at a4"
    assert queens.problem.primary == 16 and len(items) == 16 + 2 * 15
    assert p["held"][items.index("s2")] == "diagonal a1 already has a queen"       # the corner
    assert p["need"][items.index("d0")] == "diagonal a1–h8 takes at most one queen"
    assert queens.picture([3 * 8 + 0]) == {"kind": "queens", "n": 8, "queens": [[3, 0]]}


# -- pentominoes -----------------------------------------------------------------------

def test_the_twelve_pentominoes_have_63_orientations():
    shapes = problems.pentomino_shapes()
    counts = {name: len(problems.orientations(shape)) for name, shape in shapes.items()}
    assert counts == {name: len(all_images(cells_of(rows))) for name, rows in PENTOMINO_ROWS.items()}
    assert sum(counts.values()) == 63
    assert all(frozenset(shapes[name]) in all_images(cells_of(rows)) for name, rows in PENTOMINO_ROWS.items())


def test_3x20_box_has_2_solutions_up_to_symmetry_and_8_in_all():
    up_to = problems.make("pentominoes", width=20, height=3)
    every = problems.make("pentominoes", width=20, height=3, all_orientations=True)
    few, many = solve_all(up_to), solve_all(every)
    assert (few.stats.solutions, many.stats.solutions) == (2, 8)
    few_grids = [up_to.picture(s)["cells"] for s in few.solutions]
    many_grids = [every.picture(s)["cells"] for s in many.solutions]
    assert all(is_pentomino_tiling(g) and len(g) == 3 and len(g[0]) == 20 for g in few_grids + many_grids)
    # The 8 are the 4 images of each of the 2, and each class has one member among the 2.
    classes = {frozenset(box_images(g)) for g in many_grids}
    assert len(classes) == 2 and all(len(c) == 4 for c in classes)
    assert sorted(sum(tuple(map(tuple, g)) in c for g in few_grids) for c in classes) == [1, 1]


def test_symmetry_piece_keeps_one_orientation_per_orbit():
    f = problems.pentomino_shapes()["F"]
    oblong = problems.symmetry_representatives(f, square_box=False)
    assert len(oblong) == 2 and problems.moved(oblong[0], problems.TURNS[1]) == oblong[1]
    assert len(problems.symmetry_representatives(f, square_box=True)) == 1
    builtin = problems.make("pentominoes")
    f_options = [k for k in builtin.problem.options_of_item[builtin.problem.items.index("F")]]
    assert len(f_options) == (6 - 3 + 1) * (10 - 3 + 1) * 2          # 2 orientations of a 3×3 shape
    assert "F pentomino on" in builtin.phrases["labels"][f_options[0]]
    assert builtin.title == "Pentominoes in a 10×6 box (up to symmetry)"


def test_pentomino_box_must_have_60_cells():
    with pytest.raises(problems.BuiltinError, match=r"7×9 has 63"):
        problems.make("pentominoes", width=7, height=9)
    assert solve_all(problems.make("pentominoes", width=30, height=2)).stats.solutions == 0


def test_pentomino_picture_of_a_partial_solution():
    builtin = problems.make("pentominoes", width=10, height=6)
    i_option = next(k for k in builtin.problem.options_of_item[builtin.problem.items.index("I")])
    picture = builtin.picture([i_option])
    assert picture["kind"] == "pieces" and (picture["width"], picture["height"]) == (10, 6)
    assert sum(name == "I" for row in picture["cells"] for name in row) == 5
    assert sum(name is None for row in picture["cells"] for name in row) == 55


# -- Latin squares --------------------------------------------------------------------

@pytest.mark.parametrize("n, count", [(1, 1), (2, 2), (3, 12), (4, 576)])
def test_latin_square_counts(n, count):
    builtin = problems.make("latin", n=n)
    outcome = solve_all(builtin)
    assert outcome.stats.solutions == count
    for solution in outcome.solutions[:50]:
        cells = builtin.picture(solution)["cells"]
        symbols = set(range(1, n + 1))
        assert all(set(row) == symbols for row in cells) and all(set(col) == symbols for col in zip(*cells))


def test_latin_words():
    latin = problems.make("latin", n=4)
    items, p = latin.problem.items, latin.phrases
    assert p["empty"][items.index("r2#3")] == "row 2 has no place left for a 3"
    assert p["held"][items.index("c4#1")] == "column 4 already has a 1"
    assert p["need"][items.index("r1c2")] == "r1c2 needs a symbol"
    assert p["labels"][(0 * 4 + 1) * 4 + 2] == "3 in r1c2"


# -- the small packing ------------------------------------------------------------------

def brute_force_small_packings():
    """Label each of the 9 cells L, B or s; count labelings where L is an L tromino, B a 2×2, s two cells."""
    l_shapes = all_images({(0, 0), (1, 0), (1, 1)})
    cells = [(r, c) for r in range(3) for c in range(3)]
    count = 0
    for labels in itertools.product("LBs", repeat=9):
        group = {x: [cell for cell, lab in zip(cells, labels) if lab == x] for x in "LBs"}
        if len(group["s"]) != 2 or len(group["L"]) != 3 or len(group["B"]) != 4:
            continue
        rs, cs = zip(*group["B"])
        square = max(rs) - min(rs) == 1 and max(cs) - min(cs) == 1
        lr, lc = zip(*group["L"])
        l_shape = frozenset((r - min(lr), c - min(lc)) for r, c in group["L"]) in l_shapes
        count += square and l_shape
    return count


def test_small_packing_count_is_the_brute_force_count():
    builtin = problems.make("small-packing")
    outcome = solve_all(builtin)
    assert outcome.stats.solutions == brute_force_small_packings() == 4
    for solution in outcome.solutions:
        grid = builtin.picture(solution)["cells"]
        names = sorted(name for row in grid for name in row)
        assert names == ["B"] * 4 + ["L"] * 3 + ["s1", "s2"]


# -- the registry -----------------------------------------------------------------------

def test_every_builtin_builds_with_its_defaults_and_is_consistent():
    for spec in problems.BUILTINS.values():
        builtin = problems.make(spec.id)
        problem, phrases = builtin.problem, builtin.phrases
        assert all(len(phrases[key]) == len(problem.items) for key in ("need", "empty", "held"))
        assert len(phrases["labels"]) == len(problem.options) == len(set(phrases["labels"]))
        assert len(set(phrases["need"])) == len(problem.items)
        assert cover_text.parse_cover(cover_text.format_cover(problem)) == problem
        assert builtin.params == {p.name: p.default for p in spec.params}
        assert json.dumps(builtin.picture([])) and builtin.about()["kind"] == "cover"


def test_limits_and_unknown_names_are_refused_plainly():
    with pytest.raises(problems.BuiltinError, match="no built-in problem 'sudoku': choose one of knuth, queens"):
        problems.make("sudoku")
    with pytest.raises(problems.BuiltinError, match="n of queens must be from 1 to 20, not 21"):
        problems.make("queens", n=21)
    with pytest.raises(problems.BuiltinError, match="n of latin must be from 1 to 12, not 0"):
        problems.make("latin", n=0)
    with pytest.raises(problems.BuiltinError, match="queens takes n, not 'width'"):
        problems.make("queens", width=3)
    with pytest.raises(problems.BuiltinError, match="knuth takes no parameters, not 'n'"):
        problems.make("knuth", n=3)
    with pytest.raises(problems.BuiltinError, match="must be a whole number, not '8'"):
        problems.make("queens", n="8")
    with pytest.raises(problems.BuiltinError, match="must be true or false, not 1"):
        problems.make("pentominoes", all_orientations=1)
    assert problems.make("queens", n=20).problem.primary == 40


def test_catalogue_is_json_for_a_menu():
    menu = problems.catalogue()
    assert [entry["id"] for entry in menu] == ["knuth", "queens", "pentominoes", "latin", "small-packing",
                                              "word-square", "knuth-bounds"]
    queens = menu[1]["params"][0]
    assert (queens["name"], queens["kind"], queens["default"], queens["min"], queens["max"]) == ("n", "int", 8, 1, 20)
    json.dumps(menu)


def test_a_builtin_makes_a_step_log_that_explains_in_its_words():
    queens = problems.make("queens", n=4)
    recording = ec.Recording()
    outcome = ec.Search(queens.problem).run(recording=recording, max_solutions=None)
    log = steplog.build(queens.problem, queens.phrases, [], recording, outcome, queens.about())
    steplog.validate(log)
    assert log["problem"] == {"kind": "cover", "title": "4 queens", "builtin": "queens", "params": {"n": 4}}
    dead = next(k for k, code in enumerate(log["events"]) if code & ec.KIND_MASK == ec.DEAD_END)
    lines = steplog.explain_step(log, dead + 1)
    assert "has no safe square left" in lines[0]
    # The culprits lead, then what ruled out each option, in the queens' own words.
    assert lines[1].startswith("The fewest choices to blame, levels ") and "with the givens" not in lines[1] and "queen at" in lines[1]
    assert "queen at" in lines[2] and "already has a queen" in lines[2]


def test_knuths_dlx3_example_has_bounds_and_his_one_solution():
    builtin = problems.make("knuth-bounds")
    problem = builtin.problem
    assert problem.bounds == ((1, 1), (1, 1), (2, 3)) and problem.coloured
    assert builtin.phrases["need"][2] == "C is covered 2 to 3 times"
    outcome = ec.solve(problem, max_solutions=None)
    assert [sorted(builtin.phrases["labels"][o] for o in s) for s in outcome.solutions] == [
        ["A C X:1 Y:1", "B X:1", "C Y:1"]]
