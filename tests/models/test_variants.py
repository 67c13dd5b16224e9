"""Sudoku variants: the exact cover models, checked by an independent checker (webapp/models/variant_check.py)."""

from __future__ import annotations

import re
from itertools import islice
from pathlib import Path

import pytest

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku, variant_check, variants

SETS = Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "variants"
FILES = {"x": "x.txt", "windoku": "windoku.txt", "anti-knight": "anti_knight.txt", "anti-king": "anti_king.txt",
         "non-consecutive": "non_consecutive.txt", "jigsaw": "jigsaw.txt"}


def published():
    """(variant, line number, puzzle, regions) of every published puzzle."""
    for name, file in FILES.items():
        for number, line in enumerate((SETS / file).read_text().splitlines(), 1):
            if line.strip():
                puzzle, *rest = line.split()
                yield name, number, puzzle, rest[0] if rest else None


def read(puzzle, names=(), regions=None):
    return variants.read(puzzle, names, regions)


def variant_log(puzzle: str, names, regions=None, limit=3, max_steps=None) -> dict:
    """The step log of a variant's solve, as the server builds it."""
    grid, rules = read(puzzle, names, regions)
    model = variants.model(rules)
    recording = ec.Recording()
    solved = variants.solve(grid, rules, recording=recording, max_solutions=limit, max_steps=max_steps)
    return steplog.build(model.problem, model.phrases, sudoku.given_options(grid), recording, solved.outcome,
                         variants.about(grid, rules))


def check(grid, rules, solved):
    """Every grid returned keeps the puzzle's givens and every rule, by the independent checker."""
    for answer in solved.grids:
        assert variant_check.is_solution(grid.cells, answer.cells, rules.names, rules.regions), \
            variant_check.broken_rules(answer.cells, rules.names, rules.regions)


@pytest.mark.parametrize(("name", "number", "puzzle", "regions"), list(published()),
                         ids=[f"{name}-{number}" for name, number, *_ in published()])
def test_each_published_puzzle_has_one_solution_that_keeps_its_rules(name, number, puzzle, regions):
    names = () if name == "jigsaw" else (name,)
    grid, rules = read(puzzle, names, regions)
    solved = variants.solve(grid, rules, max_solutions=2)
    assert solved.outcome.status == ec.SOLVED and solved.outcome.complete
    assert len(solved.grids) == 1
    check(grid, rules, solved)
    # The variant's rule matters: the plain rules alone let other grids through (or the same one).
    assert not variant_check.broken_rules(solved.grids[0].cells, rules.names, rules.regions)


def test_the_checker_catches_each_rule_on_a_plain_grid():
    plain = sudoku.solve(sudoku.parse(".2....... ...6....3 .74.8.... .....3..2 .8..4..1. 6..5..... "
                                      "....1.78. 5....9... .......4.".replace(" ", ""))).grids[0].cells
    assert not variant_check.broken_rules(plain)
    for name in ("x", "windoku", "anti-knight", "anti-king", "non-consecutive"):
        assert variant_check.broken_rules(plain, [name]), name
    # Regions other than the boxes: a plain grid breaks them.
    regions = list(next(r for n, _, _, r in published() if n == "jigsaw"))
    assert variant_check.broken_rules(plain, ["jigsaw"], regions)
    assert not variant_check.is_solution([0] * 81, plain[:80] + (0,))


def givens(**cells):
    """A 9×9 puzzle with these givens: givens(r1c3=5, r3c4=5)."""
    grid = ["."] * 81
    for name, digit in cells.items():
        r, c = name[1:].split("c")
        grid[(int(r) - 1) * 9 + int(c) - 1] = str(digit)
    return "".join(grid)


@pytest.mark.parametrize(("names", "puzzle", "words"), [
    (["x"], givens(r1c1=5, r2c2=5), "r1c1 and r2c2 both hold 5 (box 1 and diagonal 1)"),
    (["x"], givens(r1c1=5, r5c5=5), "r1c1 and r5c5 both hold 5 (diagonal 1)"),
    (["x"], givens(r1c9=3, r9c1=3), "r1c9 and r9c1 both hold 3 (diagonal 2)"),
    (["windoku"], givens(r2c2=4, r4c4=4), "r2c2 and r4c4 both hold 4 (window 1)"),
    (["windoku"], givens(r2c4=4, r3c2=4), "r2c4 and r3c2 both hold 4 (window 1)"),
    (["anti-knight"], givens(r1c3=5, r3c4=5), "r1c3 and r3c4 both hold 5 (a knight's move apart"),
    (["anti-king"], givens(r1c3=7, r2c4=7), "r1c3 and r2c4 both hold 7 (a king's move apart"),
    (["non-consecutive"], givens(r1c1=4, r1c2=5), "r1c1 and r1c2 hold 4 and 5: neighbours may not differ by 1"),
    (["non-consecutive"], givens(r1c1=4, r2c1=3), "r1c1 and r2c1 hold 4 and 3"),
])
def test_givens_that_break_a_rule_are_refused_naming_the_cells_and_the_rule(names, puzzle, words):
    with pytest.raises(variants.VariantError) as caught:
        read(puzzle, names)
    assert words in caught.value.message
    assert caught.value.field == "puzzle"
    assert len(caught.value.cells) >= 2


def test_the_same_givens_are_fine_without_the_variant():
    assert read(givens(r1c3=5, r3c4=5))[0].cells[2] == 5
    assert read(givens(r1c1=4, r1c2=5))[0].cells[:2] == (4, 5)


REGIONS = next(r for n, _, _, r in published() if n == "jigsaw")


def test_a_jigsaw_takes_givens_that_boxes_would_forbid():
    # Region 1 of the first published jigsaw spans r1c1..r1c7 and more; r1c1 and r2c2 share box 1 but not a region.
    assert REGIONS[0] != REGIONS[10]
    puzzle = "1" + "." * 9 + "2" + "." * 70
    with pytest.raises(sudoku.ParseError):
        sudoku.parse("1" + "." * 9 + "1" + "." * 70)
    clash_in_box = "1" + "." * 9 + "1" + "." * 70
    grid, rules = read(clash_in_box, (), REGIONS)
    assert rules.names == ("jigsaw",) and grid.cells[10] == 1
    solved = variants.solve(grid, rules, max_solutions=1, max_steps=200_000)
    check(grid, rules, solved)
    assert read(puzzle, ["jigsaw"], REGIONS)[1].regions is not None


def test_a_jigsaw_refuses_two_equal_givens_in_one_region():
    a, b = [i for i, r in enumerate(REGIONS) if r == REGIONS[0]][:2]
    puzzle = ["."] * 81
    puzzle[a] = puzzle[b] = "6"
    with pytest.raises(variants.VariantError, match="both hold 6 .*region 1"):
        read("".join(puzzle), (), REGIONS)


@pytest.mark.parametrize(("names", "regions", "field", "words"), [
    (["hexagon"], None, "variant", "no variant 'hexagon': choose from x, windoku"),
    ([3], None, "variant", "variant must be a name"),
    (["jigsaw"], None, "regions", "a jigsaw needs a regions map"),
    ([], "123", "regions", "the regions map has 3 cells, but a 9×9 puzzle has 81"),
    ([], "0" + REGIONS[1:], "regions", "the regions map names its regions both from 0 (the 0 at r1c1) and from 1 ('9' at "),
    ([], "x" + REGIONS[1:], "regions", "the regions map has 'x' at r1c1: a 9×9 map names each cell's region with one of 1 to 9"),
    ([], "J" + REGIONS.translate(str.maketrans("123456789", "ABCDEFGHI"))[1:], "regions",
     "the regions map has 'J' at r1c1: a 9×9 map names each cell's region with one of A to I"),
    ([], "12" + REGIONS[2:], "regions", "region 1 has 8 cells and region 2 has 10 cells: each region needs 9 cells"),
])
def test_bad_names_and_maps_are_named(names, regions, field, words):
    with pytest.raises(variants.VariantError) as caught:
        read("." * 81, names, regions)
    assert words in caught.value.message
    assert caught.value.field == field


BOXES = "".join(str((r // 3) * 3 + c // 3 + 1) for r in range(9) for c in range(9))
# The boxes with r1c1 and r9c9 swapped: regions 1 and 9 each in two pieces.
SPLIT = "9" + BOXES[1:80] + "1"


def joined(cells: list[int], size: int) -> bool:
    """Whether cells join up side by side (the test's own walk)."""
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        a = todo.pop()
        for b in cells:
            if b not in seen and abs(a // size - b // size) + abs(a % size - b % size) == 1:
                seen.add(b)
                todo.append(b)
    return len(seen) == len(cells)


def test_a_region_in_pieces_is_refused_naming_the_region_and_its_pieces():
    with pytest.raises(variants.VariantError) as caught:
        read("." * 81, (), SPLIT)
    error = caught.value
    assert error.field == "regions"
    assert error.message == ("region 1 is in 2 pieces: r1c2… (8 cells) and r9c9 alone; "
                             "region 9 is in 2 pieces: r1c1 alone and r7c7… (8 cells); "
                             "a region's cells must join up side by side, as in a published jigsaw")
    # The cells named are those of the two regions, and neither region joins up.
    assert set(error.cells) == {i for i, r in enumerate(SPLIT) if r in "19"}
    for region in "19":
        assert not joined([i for i, r in enumerate(SPLIT) if r == region], 9)
    # Every published map joins up.
    for _, _, _, regions in published():
        if regions:
            assert all(joined([i for i, r in enumerate(regions) if r == g], 9) for g in set(regions))
    # The size check comes first: a region of the wrong size is named for its size.
    with pytest.raises(variants.VariantError, match="region 1 has 8 cells"):
        read("." * 81, (), "12" + BOXES[2:])


def test_aliases_and_order():
    assert variants.read_names(["Anti_Knight", "diagonal", "x"]) == ("x", "anti-knight")
    assert variants.read_names("hyper") == ("windoku",)


def all_grids(puzzle, names, regions=None, most=400):
    grid, rules = read(puzzle, names, regions)
    solved = variants.solve(grid, rules, max_solutions=most)
    check(grid, rules, solved)
    return solved


def test_4x4_variants_count_their_grids():
    # The empty 4×4 has 288 grids; each rule keeps those that keep it (checked by the independent checker).
    counts = {}
    for name in ("x", "windoku", "anti-knight", "anti-king", "non-consecutive"):
        solved = all_grids("." * 16, [name])
        assert solved.outcome.complete
        counts[name] = len(solved.grids)
        plain = sudoku.solve(sudoku.parse("." * 16), max_solutions=300).grids
        assert counts[name] == sum(not variant_check.broken_rules(g.cells, [name]) for g in plain)
    assert counts["x"] == 48 and counts["anti-king"] == 0


def test_a_4x4_jigsaw():
    regions = "1122" "1122" "3344" "3344"
    assert len(all_grids("." * 16, [], regions).grids) == 288
    odd = "1112" "1222" "3334" "3444"
    solved = all_grids("." * 16, [], odd)
    assert solved.outcome.complete and solved.grids


def test_16x16_variants_solve_and_keep_their_rules():
    for names in (["x"], ["anti-king"]):
        solved = all_grids("." * 256, names, most=1)
        assert len(solved.grids) == 1
    # A 16×16 anti-knight grid (a pattern: digit (4·(r mod 4) + r div 4 + c) mod 16 + 1), three cells in
    # five blanked: it solves back under the rule.
    pattern = [(4 * (r % 4) + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    assert not variant_check.broken_rules(pattern, ["anti-knight"])
    puzzle = "".join(sudoku.symbol(d, 16) if i % 5 in (0, 3) else "." for i, d in enumerate(pattern))
    solved = all_grids(puzzle, ["anti-knight"], most=2)
    assert solved.outcome.complete and len(solved.grids) >= 1
    # Windoku at 16×16: nine windows, each refused a repeated digit.
    rules = variants.rules_for(4, ["windoku"])
    assert sum(h[0] == "window" for h in variants.houses(rules)) == 9
    with pytest.raises(variants.VariantError, match="r2c2 and r5c5 both hold 1 .window 1"):
        read("." * 17 + "1" + "." * 50 + "1" + "." * 187, ["windoku"])
    # 4×4 windoku has one window, in the middle.
    assert variants.window_corners(2) == [(1, 1)]


def test_the_model_keeps_plain_ids_and_speaks_the_variants_words():
    rules = variants.rules_for(3, ["x", "windoku", "anti-knight", "non-consecutive"])
    model = variants.model(rules)
    plain = sudoku.problem_for(3)
    assert model.problem.items[:324] == plain.items and len(model.problem.options) == 729
    assert all(o[:4] == p for o, p in zip(model.problem.options, plain.options))
    empty = model.phrases["empty"]
    assert "diagonal 1 has no place left for a 5" in empty
    assert "window 4 has no place left for a 9" in empty
    held = model.phrases["held"]
    assert "r1c3 and r3c4 are a knight's move apart and may not both hold a 5" in held
    assert "r1c1 and r1c2 are neighbours and may not hold 4 and 5" in held
    # Knight's moves inside a box need no item: the box keeps them apart.
    assert not any(name.startswith("kn.r1c1.r2c3#") for name in model.problem.items)
    assert model.problem.primary == 324 + 2 * 9 + 4 * 9      # two diagonals and four windows, 9 digits each


def test_a_dead_end_and_its_rulings_speak_the_variant():
    """A recorded search of the hardest published Sudoku X: its dead ends name diagonals and knight's moves."""
    line = (SETS / "x.txt").read_text().splitlines()[0]
    log = variant_log(line, ["x"], limit=1, max_steps=30_000)
    assert log["problem"]["variants"] == ["x"]
    kinds = [e & ec.KIND_MASK for e in log["events"]]
    dead = [i + 1 for i, k in enumerate(kinds) if k == ec.DEAD_END]
    said = [" ".join(steplog.explain_step(log, step)) for step in islice(dead, 60)]
    assert any("diagonal" in s and "has no place left" in s for s in said)

    # An anti-knight search: some option is ruled out through a knight's move.
    line = (SETS / "anti_knight.txt").read_text().splitlines()[6]
    log = variant_log(line, ["anti-knight"], limit=1, max_steps=30_000)
    kinds = [e & ec.KIND_MASK for e in log["events"]]
    dead = [i + 1 for i, k in enumerate(kinds) if k == ec.DEAD_END]
    said = [" ".join(steplog.explain_step(log, step)) for step in islice(dead, 60)]
    assert any(re.search(r"\(r\d+c\d+ is a knight's move from the \w+ in r\d+c\d+\)", s) for s in said)


def test_a_map_may_name_its_regions_from_0_or_by_letters():
    """f-puzzles stores regions from 0 (0-8); some setters write A-I: both read as the map from 1."""
    from_one = variants.read_regions(REGIONS, 3)
    from_zero = "".join(str(int(ch) - 1) for ch in REGIONS)
    letters = REGIONS.translate(str.maketrans("123456789", "abcdefghi"))
    assert variants.read_regions(from_zero, 3) == from_one
    assert variants.read_regions(letters, 3) == from_one
    assert variants.read_regions("\n".join(from_zero[k:k + 9] for k in range(0, 81, 9)), 3) == from_one
    # A 16×16 from 0 runs 0-9 then A-F; its regions are the boxes here.
    boxes16 = [(r // 4) * 4 + c // 4 for r in range(16) for c in range(16)]
    assert variants.read_regions("".join("0123456789ABCDEF"[g] for g in boxes16), 4) == tuple(boxes16)
    # The error names a region as the map writes it.
    with pytest.raises(variants.VariantError) as caught:
        variants.read_regions("01" + from_zero[2:], 3)
    assert caught.value.message.startswith("region 0 has 8 cells and region 1 has 10 cells")
