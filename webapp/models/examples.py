"""Example puzzles for the page's menu, each with what it shows.

The puzzle sets under webapp/puzzles/ are public (SOURCES.md there says where
each came from); tests/test_examples.py checks that each example does what its
note claims.
"""

import json
from functools import lru_cache
from pathlib import Path

from . import fpuzzles

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

BERRY = ".2....... ...6....3 .74.8.... .....3..2 .8..4..1. 6..5..... ....1.78. 5....9... .......4.".replace(" ", "")
# Designed against naive backtracking: an empty top row whose solution is 987654321.
NAIVE_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
# Berry's puzzle with a 3 added at r1c1: no two givens clash, yet no solution exists.
NO_SOLUTION = "32" + BERRY[2:]
# A 4×4 with three solutions whose search for one meets a dead end (found by a search over
# 20,000 random 4×4 puzzles, none of those with one solution met a dead end under fewest options first).
DEAD_END_4 = "....1.3.4....14."
# A valid 25×25 grid with 65% of its cells blanked (made for this project).
BLANKED_25 = (
    "....2...4...6......N....M........L...1G7.HA....ON.FN..O79G.1.........6A34KH86E....CON4..3A..J....."
    "1.H..34..IDP..N....7.1E..68.J...HL6.E..........M.....7....4K....E........P.J.O..N..21..I..P......F."
    "...4A.K.9D...C..........6.E.LE.6..ON.5.4........8.....CNO.1..9G.......6..K........M6..8B..G.1...H.."
    "...A..K..P...I..C.N....G..8..JG..9KE.H.87...O.NF....I5......A.....3.K....I12.G.G.....3..F..H..5CD.M"
    "..P9..9.....E6.1....A...F.5N.C...E.D....K3.AO..2.9...8.3F....I.P9N...D7GL1.4.6..C..5.......I..2.B.."
    "H...F3N.IM....7.J.29GH6.E..F.OKK...A....2.ND....B7.3...6P2G..3.............O...D..4.....M5..K....."
    "GJ.....1.L...C...OE64........9..."
)


def variant_line(file: str, number: int) -> list[str]:
    """Line `number` (from 1) of a published variant set under puzzles/variants/, split into its fields."""
    return puzzle_lines(f"variants/{file}")[number - 1].split()


def puzzle_lines(name: str) -> list[str]:
    """The puzzles of one bundled set, one a line."""
    return [line.strip() for line in (PUZZLES / name).read_text().splitlines() if line.strip()]


@lru_cache(maxsize=1)
def examples() -> list[dict]:
    """The examples menu: id, title, size, puzzle, note."""
    top95 = puzzle_lines("norvig_top95.txt")
    return [
        {"id": "berry", "title": "Berry's puzzle", "size": 9, "puzzle": BERRY,
         "note": "A classic with a unique solution."},
        {"id": "naive-worst", "title": "Worst case for naive backtracking", "size": 9,
         "puzzle": NAIVE_WORST,
         "note": "Its top row is empty and solves to 9 8 7 6 5 4 3 2 1: cell-by-cell backtracking "
                 "tries almost everything; DLX with fewest options first does not."},
        {"id": "17-clue", "title": "A 17-clue puzzle", "size": 9,
         "puzzle": puzzle_lines("royle17_sample1000.txt")[0],
         "note": "17 givens, the fewest a 9×9 puzzle with a unique solution can have."},
        {"id": "top95-1", "title": "top95 #1", "size": 9, "puzzle": top95[0],
         "note": "The first of Norvig's 95 hard puzzles."},
        {"id": "top95-hard", "title": "top95 #49 (hard for DLX)", "size": 9, "puzzle": top95[48],
         "note": "The top95 puzzle that makes DLX back up most often: over 200 dead ends."},
        {"id": "hardest-1", "title": "Norvig's hardest #1", "size": 9,
         "puzzle": puzzle_lines("norvig_hardest.txt")[0], "note": "From Norvig's 'hardest' list."},
        {"id": "several", "title": "Several solutions", "size": 9,
         "puzzle": puzzle_lines("serg_sample200.txt")[0],
         "note": "Not a proper puzzle: ask for several solutions to see each one."},
        {"id": "none", "title": "No solution", "size": 9, "puzzle": NO_SOLUTION,
         "note": "No two givens clash, but the search proves there is no solution."},
        {"id": "empty-4", "title": "Empty 4×4", "size": 4, "puzzle": "." * 16,
         "note": "288 solutions: ask for all of them."},
        {"id": "dead-end-4", "title": "4×4 with a dead end", "size": 4, "puzzle": DEAD_END_4,
         "note": "Three solutions. On the way to the first, fewest options first meets one dead end at "
                 "level 6 and backs up to level 0, past five forced choices; every link shows in the "
                 "links panel."},
        {"id": "gecode-16", "title": "16×16 (Gecode)", "size": 16,
         "puzzle": puzzle_lines("gecode_16x16.txt")[0], "note": "Symbols 1-9 and A-G."},
        {"id": "blanked-25", "title": "25×25", "size": 25, "puzzle": BLANKED_25,
         "note": "A valid 25×25 grid with 65% of its cells blanked. Symbols 1-9 and A-P."},
        {"id": "gecode-25", "title": "25×25 (Gecode, beyond plain DLX)", "size": 25,
         "puzzle": puzzle_lines("gecode_25x25.txt")[0],
         "note": "A minimal puzzle far beyond plain DLX: the solve stops at its budget "
                 "and replays what it recorded."},
        *variant_examples(),
        *constraint_examples(),
    ]


def variant_examples() -> list[dict]:
    """One published puzzle of each variant, with its source (puzzles/variants/SOURCES.md)."""
    jigsaw, regions = variant_line("jigsaw.txt", 1)
    made = [
        ("x", "Sudoku X", ["x"], variant_line("x.txt", 1)[0],
         "18 givens; posted in the 'hardest sudokus' thread of forum.enjoysudoku.com, as collected in "
         "sigh/Interactive-Sudoku-Solver (MIT). Both long diagonals hold 1-9."),
        ("windoku", "Windoku", ["windoku"], variant_line("windoku.txt", 1)[0],
         "17 givens; from sudocue.net's Windoku page, as collected in sigh/Interactive-Sudoku-Solver (MIT). "
         "The four shaded windows hold 1-9 too."),
        ("anti-knight", "Anti-knight", ["anti-knight"], variant_line("anti_knight.txt", 1)[0],
         "17 givens; from Cracking the Cryptic (video mTdhTfAhOI8), as collected in "
         "sigh/Interactive-Sudoku-Solver (MIT). Equal digits are never a knight's move apart."),
        ("anti-king", "Anti-king", ["anti-king"], variant_line("anti_king.txt", 2)[0],
         "By Philip Newman (f-puzzles 2l96awbd), as collected in Nickleaton/sudoku (MIT). "
         "Equal digits never touch, not even diagonally."),
        ("non-consecutive", "Non-consecutive", ["non-consecutive"], variant_line("non_consecutive.txt", 3)[0],
         "By clover! (f-puzzles 2jflwvny), as collected in Nickleaton/sudoku (MIT). "
         "Orthogonal neighbours never differ by 1."),
        ("jigsaw", "Jigsaw", [], jigsaw,
         "18 givens; from Cracking the Cryptic (video wuduuLVGKDQ), as collected in "
         "sigh/Interactive-Sudoku-Solver (MIT). The outlined regions replace the boxes."),
    ]
    return [{"id": f"variant-{key}", "title": f"{title} (published)", "size": 9, "puzzle": puzzle,
             "variants": names, "regions": regions if key == "jigsaw" else None, "note": note}
            for key, title, names, puzzle, note in made]


# The published constraint puzzles in the menu (puzzles/constraints/published.json): those DLX solves
# within the page's budget (BEYOND_THE_BUDGET: those it does not, each noted as stopping there; since the
# little killer's sums count digits apart in a house, none).
CONSTRAINT_EXAMPLES = ("killer-wikipedia", "thermo-ctc", "even-odd-ctc", "palindrome-lm", "xv-kropki-ctc",
                       "anti-everything", "quadruple-x-lm", "sandwich-ctc", "little-killer-ctc")
BEYOND_THE_BUDGET: tuple[str, ...] = ()


def published_constraints() -> list[dict]:
    """The published constraint puzzles, each with its f-puzzles link, solution and source."""
    return json.loads((PUZZLES / "constraints" / "published.json").read_text(encoding="utf-8"))


def constraint_examples() -> list[dict]:
    """Published constraint puzzles, read from their f-puzzles links, with their sources."""
    found = []
    for entry in published_constraints():
        if entry["id"] not in CONSTRAINT_EXAMPLES:
            continue
        imported = fpuzzles.read_link(entry["fpuzzles"])
        size = round(len(imported.puzzle) ** 0.5)
        sources = " and ".join(entry["source"])
        note = (f"{entry['kind'].capitalize()}. From {sources}, as collected in {entry['via']}; "
                "the puzzle is its setter's.")
        if entry["id"] in BEYOND_THE_BUDGET:
            note += " Beyond plain DLX: the solve stops at its budget and replays what it recorded."
        found.append({"id": f"constraint-{entry['id']}", "title": f"{entry['title']} (published)", "size": size,
                      "puzzle": imported.puzzle, "variants": imported.variants, "regions": imported.regions,
                      "constraints": [c.as_json(size) for c in imported.constraints],
                      "negative": imported.negative, "link": entry["fpuzzles"], "note": note})
    return found
