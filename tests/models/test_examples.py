"""Each example in the menu does what its note says."""

import pytest

from webapp.engine import exact_cover as ec
from webapp.models import constraint_check, constraint_cover, constraints, fpuzzles, sudoku, variant_check, variants
from webapp.models.examples import examples, published_constraints


def example(id_):
    return next(e for e in examples() if e["id"] == id_)


def solve(id_, **limits):
    grid = sudoku.parse(example(id_)["puzzle"])
    assert grid.size == example(id_)["size"]
    return grid, sudoku.solve(grid, **limits)


@pytest.mark.parametrize("id_", ["berry", "naive-worst", "17-clue", "top95-1", "top95-hard", "hardest-1"])
def test_unique_examples_are_unique(id_):
    grid, solved = solve(id_, max_solutions=2)
    assert solved.outcome.unique and sudoku.is_solution(grid, solved.grids[0])


def test_naive_worst_case_top_row_is_987654321():
    grid, solved = solve("naive-worst")
    assert grid.cells[:9] == (0,) * 9 and solved.grids[0].cells[:9] == (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_hard_example_backs_up_often():
    _, solved = solve("top95-hard", max_solutions=2)
    assert solved.outcome.stats.dead_ends > 200


def test_seventeen_clues():
    grid, _ = solve("17-clue")
    assert sum(1 for d in grid.cells if d) == 17


def test_several_and_none():
    _, several = solve("several", max_solutions=None)
    assert several.outcome.complete and several.outcome.stats.solutions >= 2
    _, none = solve("none", max_solutions=None)
    assert none.outcome.status == ec.NO_SOLUTION


def test_the_small_dead_end_backs_up_to_level_0_past_five_forced_choices():
    grid, solved = solve("dead-end-4")
    stats = solved.outcome.stats
    assert (stats.dead_ends, grid.size) == (1, 4) and sudoku.is_solution(grid, solved.grids[0])
    assert solve("dead-end-4", max_solutions=None)[1].outcome.stats.solutions == 3
    recording = ec.Recording()
    sudoku.solve(grid, recording=recording)
    kinds = [kind for kind, _, _ in recording.decoded()]
    dead = kinds.index(ec.DEAD_END)
    # Six back-ups (levels 6 to 1) between the dead end and the next try, at level 0.
    assert kinds[dead:].index(ec.TRY) and kinds[dead:dead + kinds[dead:].index(ec.TRY)].count(ec.BACKUP) == 6


def test_big_examples():
    assert solve("empty-4", max_solutions=None)[1].outcome.stats.solutions == 288
    for id_ in ("gecode-16", "blanked-25"):
        grid, solved = solve(id_, max_steps=200_000)
        assert sudoku.is_solution(grid, solved.grids[0])
    _, hard = solve("gecode-25", max_steps=20_000)
    assert hard.outcome.status == ec.STOPPED


@pytest.mark.parametrize("entry", examples(), ids=lambda e: e["id"])
def test_examples_come_in_the_one_line_form_the_page_compares(entry):
    """pages/sudoku-page.js names the example on the board by comparing this form (formatPuzzle)."""
    grid = sudoku.parse(entry["puzzle"], check=False)
    assert entry["puzzle"] == "".join(sudoku.symbol(d, grid.size) if d else "." for d in grid.cells)


VARIANT_EXAMPLES = [e for e in examples() if e["id"].startswith("variant-")]


def test_every_variant_has_a_published_example_with_its_source():
    kinds = {e["id"].removeprefix("variant-") for e in VARIANT_EXAMPLES}
    assert kinds == set(variants.NAMES)
    for entry in VARIANT_EXAMPLES:
        assert "(MIT)" in entry["note"] and "as collected in" in entry["note"]


@pytest.mark.parametrize("entry", VARIANT_EXAMPLES, ids=lambda e: e["id"])
def test_variant_examples_are_unique_within_the_page_budget(entry):
    grid, rules = variants.read(entry["puzzle"], entry["variants"], entry["regions"])
    solved = variants.solve(grid, rules, max_solutions=2, max_steps=1_000_000)
    assert solved.outcome.unique
    assert variant_check.is_solution(grid.cells, solved.grids[0].cells, rules.names, rules.regions)


CONSTRAINT_EXAMPLES = [e for e in examples() if e["id"].startswith("constraint-")]
PUBLISHED = {e["id"]: e for e in published_constraints()}


@pytest.mark.parametrize("entry", CONSTRAINT_EXAMPLES, ids=lambda e: e["id"])
def test_constraint_examples_solve_to_their_published_solution_within_the_page_budget_or_say_not(entry):
    published = PUBLISHED[entry["id"].removeprefix("constraint-")]
    grid, rules = variants.read(entry["puzzle"], entry["variants"], entry["regions"])
    setup = constraints.setup_for(rules, entry["constraints"], entry["negative"])
    solution = [int(ch) for ch in published["solution"]]
    # The published solution keeps every rule read from the link, by the independent checkers.
    assert variant_check.is_solution(grid.cells, solution, rules.names, rules.regions)
    assert constraint_check.is_solution(grid.cells, solution, entry["constraints"], entry["negative"])
    solved = constraint_cover.solve(grid, setup, max_solutions=2, max_steps=1_000_000)
    if "Beyond plain DLX" in entry["note"]:
        assert solved.outcome.status == ec.STOPPED
        # With its first three rows given, the same model finds the published solution and no other.
        hinted = sudoku.Grid(3, tuple(solution[:27]) + grid.cells[27:])
        solved = constraint_cover.solve(hinted, setup, max_solutions=2, max_steps=1_000_000)
    assert solved.outcome.unique and list(solved.grids[0].cells) == solution
    assert published["source"][0] in entry["note"] and "(MIT)" in entry["note"]


def test_every_published_constraint_puzzle_keeps_its_rules_by_the_independent_checkers():
    """The ones DLX cannot finish too: a misread link would break its own published solution."""
    for published in PUBLISHED.values():
        imported = fpuzzles.read_link(published["fpuzzles"])
        grid, rules = variants.read(imported.puzzle, imported.variants, imported.regions)
        size = grid.size
        solution = [int(ch) for ch in published["solution"]]
        assert variant_check.is_solution(grid.cells, solution, rules.names, rules.regions), published["id"]
        assert constraint_check.is_solution(grid.cells, solution, [c.as_json(size) for c in imported.constraints],
                                            imported.negative), published["id"]
        assert imported.notes == []
