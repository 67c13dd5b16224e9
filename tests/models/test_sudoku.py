"""The Sudoku model: parsing, formatting, encoding, solving and the checker."""

import itertools
import random
import tracemalloc

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from webapp.engine import exact_cover as ec
from webapp.models import sudoku
from webapp.models.examples import BERRY, puzzle_lines


def full_grid(n, seed):
    """A valid grid of box side n: the standard pattern under random symmetries."""
    size = n * n
    rnd = random.Random(seed)
    rows = [g * n + r for g in rnd.sample(range(n), n) for r in rnd.sample(range(n), n)]
    cols = [g * n + c for g in rnd.sample(range(n), n) for c in rnd.sample(range(n), n)]
    digits = rnd.sample(range(1, size + 1), size)
    return sudoku.Grid(n, tuple(digits[(n * (r % n) + r // n + c) % size] for r in rows for c in cols))


def blanked(grid, fraction, seed):
    """The grid with a fraction of its cells blanked."""
    cells = list(grid.cells)
    for i in random.Random(seed).sample(range(len(cells)), int(len(cells) * fraction)):
        cells[i] = 0
    return sudoku.Grid(grid.n, tuple(cells))


def solve_checked(grid, **limits):
    solved = sudoku.solve(grid, **limits)
    assert solved.grids, solved.outcome
    for g in solved.grids:
        assert sudoku.is_solution(grid, g)
    return solved


# -- parse and format -------------------------------------------------------

def test_parse_one_line_with_dots_or_zeros():
    a = sudoku.parse(BERRY)
    b = sudoku.parse(BERRY.replace(".", "0"))
    assert a == b and a.n == 3 and a.cells[1] == 2 and sum(1 for d in a.cells if d) == 19


def test_parse_multi_line_grid_with_separators():
    text = sudoku.format_grid(sudoku.parse(BERRY), "grid")
    assert "|" in text and "+" in text and "-" in text
    assert sudoku.parse(text) == sudoku.parse(BERRY)
    boxed = "\n".join(["+-----+-----+", "|. 2|. .|", "|. .|4 .|", "+---+---+", "|. 4|. .|", "|. .|. 3|"])
    assert sudoku.parse(boxed).cells == (0, 2, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0, 0, 3)


def test_parse_letters_for_sixteen_and_twenty_five():
    g16 = sudoku.parse(puzzle_lines("gecode_16x16.txt")[0])
    assert g16.n == 4 and max(g16.cells) <= 16
    assert sudoku.parse("g" + "." * 255).cells[0] == 16
    g25 = sudoku.parse(puzzle_lines("gecode_25x25.txt")[0])
    assert g25.n == 5 and max(g25.cells) <= 25


def test_parse_numbers_for_thirty_six():
    grid = blanked(full_grid(6, 1), 0.5, 2)
    text = sudoku.format_grid(grid)
    assert " 36" in " " + text or "36 " in text
    assert sudoku.parse(text) == grid
    assert sudoku.parse(sudoku.format_grid(grid, "grid")) == grid


def test_bad_character_names_character_and_position():
    with pytest.raises(sudoku.ParseError) as caught:
        sudoku.parse(BERRY[:40] + "x" + BERRY[41:])
    assert "'x'" in caught.value.message and "line 1, column 41" in caught.value.message
    assert caught.value.position == (1, 41)
    with pytest.raises(sudoku.ParseError) as caught:
        sudoku.parse("1 2 . .\n. . ? .\n" + ". . . .\n" * 2)
    assert caught.value.position == (2, 5)
    assert caught.value.unplaced == "bad character '?': use 1-9 and A-Z for digits and '.' or '0' for a blank"


def test_rows_separated_by_slashes():
    grid = sudoku.parse(BERRY)
    rows = [BERRY[k:k + 9] for k in range(0, 81, 9)]
    assert sudoku.parse("/".join(rows)) == grid
    assert sudoku.parse("/".join(rows) + "/") == grid
    with pytest.raises(sudoku.ParseError, match="found 72 cells"):
        sudoku.parse("/".join(rows[:8]))


def test_a_slip_among_numbers_is_named_where_it_is():
    numbers = ["."] * 256
    numbers[0], numbers[5] = "16", "1O"          # a letter O for a zero
    with pytest.raises(sudoku.ParseError, match=r"^'1O' at line 1, column 12 is not a number from 1 to 16"):
        sudoku.parse(" ".join(numbers))
    # Digits of other scripts are no numbers here, as they are no digits in the one-line form.
    numbers[5] = "١٦"
    with pytest.raises(sudoku.ParseError):
        sudoku.parse(" ".join(numbers))
    with pytest.raises(sudoku.ParseError, match="bad character 'ı'"):   # 'ı'.upper() is 'I'
        sudoku.parse("ı" + "." * 624)


def test_digit_too_large_for_the_size():
    with pytest.raises(sudoku.ParseError, match=r"'A' at line 1, column 1 is not a digit of a 9×9 puzzle, which takes 1 to 9$") as caught:
        sudoku.parse("A" + "." * 80)
    assert caught.value.unplaced == "'A' is not a digit of a 9×9 puzzle, which takes 1 to 9"


@pytest.mark.parametrize("count", [0, 1, 15, 17, 80, 82, 100, 255])
def test_cell_count_must_be_a_square_of_a_square(count):
    with pytest.raises(sudoku.ParseError, match=f"found {count} cell"):
        sudoku.parse("." * count)


@pytest.mark.parametrize("text, count", [
    # Far past the largest puzzle (625 cells), so the count is the whole text's; big enough that a
    # tuple per character (170 bytes) would pass the bound below many times over.
    ("1" * 600_000, 600_000),                     # one word
    ("1 " * 300_000, 300_000),                    # a word per cell
    ("12 | 3/\u3000" * 100_000, 300_000),        # separators and wide whitespace between
])
def test_a_huge_text_is_counted_without_a_tuple_per_character(text, count):
    # A tuple per character took 170 bytes each: 8 GB for a 50 MB line.
    tracemalloc.start()
    try:
        with pytest.raises(sudoku.ParseError) as caught:
            sudoku.parse(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert caught.value.count == count
    assert caught.value.message.startswith(f"found {count:,} cells, but")
    assert peak < 4 * len(text) + 1_000_000


def test_cells_left_after_deleting_not_a_cell_match_the_words():
    whitespace = "".join(ch for ch in map(chr, range(0x110000)) if ch.isspace())
    assert set(sudoku.NOT_A_CELL) == set(map(ord, whitespace + sudoku.SEPARATORS))
    text = "1 2\u20283|4+5-6/7\t8\u30009"
    assert len(text.translate(sudoku.NOT_A_CELL)) == sum(len(w) for w in sudoku.WORD.findall(text)) == 9


def test_duplicate_givens_name_both_cells_and_unit():
    text = "5" + "." * 5 + "5" + "." * 74
    with pytest.raises(sudoku.ParseError) as caught:
        sudoku.parse(text)
    assert caught.value.message == "r1c1 and r1c7 both hold 5 (row 1)"
    assert caught.value.cells == (0, 6)
    column = "7" + "." * 26 + "7" + "." * 53
    with pytest.raises(sudoku.ParseError, match=r"r1c1 and r4c1 both hold 7 \(column 1\)"):
        sudoku.parse(column)
    box = "3" + "." * 9 + "3" + "." * 70
    with pytest.raises(sudoku.ParseError, match=r"r1c1 and r2c2 both hold 3 \(box 1\)"):
        sudoku.parse(box)
    # Two cells that share a row and a box clash once, in both.
    with pytest.raises(sudoku.ParseError) as caught:
        sudoku.parse("11" + "." * 79)
    assert caught.value.message == "r1c1 and r1c2 both hold 1 (row 1 and box 1)"


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from(list("0123456789.ABCabcxyz|+-* \n\t#")) | st.characters(), max_size=300))
def test_any_text_parses_or_raises_parse_error(text):
    try:
        grid = sudoku.parse(text)
    except sudoku.ParseError as error:
        assert error.message
    else:
        assert len(grid.cells) == grid.size ** 2 and not sudoku.clashes(grid)


@st.composite
def grids(draw, sizes=(2, 3, 4)):
    """Partial grids without clashes: a valid grid with cells blanked."""
    n = draw(st.sampled_from(sizes))
    full = full_grid(n, draw(st.integers(0, 10 ** 6)))
    keep = draw(st.lists(st.booleans(), min_size=n ** 4, max_size=n ** 4))
    return sudoku.Grid(n, tuple(d if k else 0 for d, k in zip(full.cells, keep)))


@settings(max_examples=100, deadline=None)
@given(grids(sizes=(2, 3, 4, 5, 6)), st.sampled_from(["line", "grid"]))
def test_format_parse_round_trip(grid, style):
    assert sudoku.parse(sudoku.format_grid(grid, style)) == grid


# -- the checker --------------------------------------------------------------

def test_is_solution_rejects_what_is_wrong():
    puzzle = sudoku.parse(BERRY)
    solution = solve_checked(puzzle).grids[0]
    cells = list(solution.cells)
    cells[0], cells[1] = cells[1], cells[0]            # breaks columns
    assert not sudoku.is_solution(puzzle, sudoku.Grid(3, tuple(cells)))
    assert not sudoku.is_solution(puzzle, sudoku.Grid(3, tuple([0] + list(solution.cells[1:]))))
    other = sudoku.Grid(3, tuple((d % 9) + 1 for d in solution.cells))   # valid grid, wrong givens
    assert not sudoku.is_solution(puzzle, other)
    assert sudoku.is_solution(sudoku.Grid(3, (0,) * 81), other)


# -- encoding -----------------------------------------------------------------

def test_items_and_options_follow_the_documented_numbering():
    problem = sudoku.problem_for(3)
    assert len(problem.items) == 324 and len(problem.options) == 729 and problem.primary == 324
    assert problem.items[:2] == ("r1c1", "r1c2")
    assert problem.items[81 + 3 * 9 + 6] == "r4#7"
    assert problem.items[2 * 81 + 4 * 9 + 6] == "c5#7"
    assert problem.items[3 * 81 + 2 * 9 + 6] == "b3#7"
    o = sudoku.option_id(3 * 9 + 4, 7, 9)
    assert [problem.items[i] for i in problem.options[o]] == ["r4c5", "r4#7", "c5#7", "b5#7"]
    assert sudoku.phrases_for(3)["labels"][o] == "7 in r4c5"
    assert sudoku.phrases_for(3)["empty"][81 + 3 * 9 + 6] == "row 4 has no place left for a 7"
    assert sudoku.problem_for(4).items[81 * 0 + 256 + 15] == "r1#G"


def test_decode_fills_the_options_in():
    puzzle = sudoku.parse(BERRY)
    outcome = sudoku.solve(puzzle).outcome
    assert sudoku.decode(3, outcome.solutions[0], puzzle) == sudoku.solve(puzzle).grids[0]


# -- solving the public sets --------------------------------------------------

@pytest.mark.parametrize("name, limit", [("norvig_top95.txt", None), ("norvig_hardest.txt", None),
                                         ("royle17_sample1000.txt", None), ("gecode_16x16.txt", None),
                                         ("gecode_9x9.txt", None), ("norvig_easy50.txt", None)])
def test_every_puzzle_of_a_public_set_solves(name, limit):
    lines = puzzle_lines(name)
    assert len(lines) >= 11
    for line in lines:
        solve_checked(sudoku.parse(line))


def test_top95_puzzles_are_unique():
    for line in puzzle_lines("norvig_top95.txt")[:20]:
        assert sudoku.solve(sudoku.parse(line), max_solutions=2).outcome.unique


@pytest.mark.parametrize("n, fraction", [(5, 0.45), (6, 0.35)])
def test_large_blanked_grids_solve(n, fraction):
    full = full_grid(n, 11)
    solved = solve_checked(blanked(full, fraction, 5), max_steps=2_000_000)
    assert 0 not in solved.grids[0].cells and solved.grids[0].n == n


def test_gecode_25x25_is_stopped_cleanly_by_a_budget():
    grid = sudoku.parse(puzzle_lines("gecode_25x25.txt")[0])
    by_steps = sudoku.solve(grid, max_steps=60_000)
    assert (by_steps.outcome.status, by_steps.outcome.limit) == (ec.STOPPED, ec.LIMIT_STEPS)
    assert by_steps.outcome.stats.steps >= 60_000 and by_steps.outcome.stats.nodes > 0
    assert by_steps.grids == []
    by_time = sudoku.solve(grid, max_seconds=0.3)
    assert (by_time.outcome.status, by_time.outcome.limit) == (ec.STOPPED, ec.LIMIT_TIME)
    assert by_time.outcome.stats.seconds < 1.5


def test_empty_4x4_has_288_solutions():
    outcome = sudoku.solve(sudoku.parse("." * 16), max_solutions=None).outcome
    assert outcome.stats.solutions == 288 and outcome.complete
    assert len({tuple(sorted(s)) for s in outcome.solutions}) == 288


def brute_force_4x4(grid):
    """Count completions of a 4×4 grid by trying every digit in every blank."""
    blanks = [i for i, d in enumerate(grid.cells) if not d]
    count = 0
    for digits in itertools.product(range(1, 5), repeat=len(blanks)):
        cells = list(grid.cells)
        for i, d in zip(blanks, digits):
            cells[i] = d
        count += sudoku.is_solution(grid, sudoku.Grid(2, tuple(cells)))
    return count


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.sets(st.integers(0, 15), max_size=7),
       st.sets(st.integers(0, 15), max_size=3))
def test_counts_agree_with_brute_force_on_4x4(seed, blanks, changed):
    # Blank up to 7 cells of a valid grid, and change up to 3 givens (which
    # may leave no solution); clashing grids are not puzzles, so skip them.
    cells = list(full_grid(2, seed).cells)
    for i in blanks:
        cells[i] = 0
    for i in changed - blanks:
        cells[i] = cells[i] % 4 + 1
    grid = sudoku.Grid(2, tuple(cells))
    if sudoku.clashes(grid):
        return
    assert sudoku.solve(grid, max_solutions=None).outcome.stats.solutions == brute_force_4x4(grid)


@settings(max_examples=40, deadline=None)
@given(grids(sizes=(2, 3)).filter(lambda g: sum(1 for d in g.cells if d) >= g.size * 2),
       st.randoms(use_true_random=False))
def test_relabelling_digits_keeps_the_number_of_solutions(grid, rnd):
    relabel = list(range(1, grid.size + 1))
    rnd.shuffle(relabel)
    other = sudoku.Grid(grid.n, tuple(relabel[d - 1] if d else 0 for d in grid.cells))
    count = sudoku.solve(grid, max_solutions=None, max_steps=300_000).outcome
    # A sparse 9×9 can have millions of solutions: such a grid says nothing here. Relabelling
    # reorders the items' ties, so the other search may be larger: it gets ten times the steps.
    assume(count.complete)
    count_other = sudoku.solve(other, max_solutions=None, max_steps=3_000_000).outcome
    assert count_other.complete
    assert count.stats.solutions == count_other.stats.solutions


def test_a_letter_beyond_the_size_names_the_digits_of_that_size():
    with pytest.raises(sudoku.ParseError, match=r"'H' .* 16×16 puzzle, which takes 1 to 9 and A to G$"):
        sudoku.parse("H" + "." * 255)
    with pytest.raises(sudoku.ParseError, match=r"'37' at line 1, column 1 .* 36×36 puzzle, which takes 1 to 36$"):
        sudoku.parse(" ".join(["37"] + ["0"] * 1295))


def test_a_line_of_cells_may_write_a_blank_as_a_dash():
    dotted = BERRY
    assert sudoku.parse(dotted.replace(".", "-")) == sudoku.parse(dotted)
    # A line of dashes alone is a box line, not an empty grid; in a drawn grid '-' still separates.
    with pytest.raises(sudoku.ParseError, match="found 0 cells"):
        sudoku.parse("-" * 81)
    grid = sudoku.format_grid(sudoku.parse(dotted), "grid")
    assert "-+-" in grid and sudoku.parse(grid) == sudoku.parse(dotted)


def test_the_whitespace_written_out_is_every_character_isspace_takes():
    import sys
    everything = "".join(ch for ch in map(chr, range(sys.maxunicode + 1)) if ch.isspace())
    assert everything == sudoku.WHITESPACE
