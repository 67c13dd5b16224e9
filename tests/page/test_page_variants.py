"""The Sudoku page in Chromium with variants: the picker, the board's drawing, shared links, a replay."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    PRESENTING,
    BoardPicture,
    board_at,
    board_symbols,
    css_colour,
    expect_step,
    first_step,
    near,
    solve_via_api,
    why_sentences,
)
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step
from webapp.models import variant_check
from webapp.models.examples import examples
from webapp.models.sudoku import SYMBOLS
from webapp.words.messages import say

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

EXAMPLES = {e["id"]: e for e in examples()}


def cell_classes(page: Page) -> list[str]:
    return page.locator("#board [role=gridcell]").evaluate_all("cells => cells.map(c => c.className)")


def map_rows(regions: str, size: int = 9) -> str:
    """A regions map as the page's field shows it: a row a line."""
    return "\n".join(regions[k:k + size] for k in range(0, size * size, size))


def pick_example(page: Page, id_: str):
    page.select_option("#examples", id_)
    expect(page.locator("#example-note")).to_contain_text("as collected in")


def test_the_board_draws_each_variant(page: Page):
    page.goto("/")
    pick_example(page, "variant-x")
    expect(page.locator("input[name=variant][value=x]")).to_be_checked()
    classes = cell_classes(page)
    assert "diagonal" in classes[0].split() and "anti-diagonal" in classes[8].split()
    assert "diagonal" not in classes[1].split()

    pick_example(page, "variant-windoku")
    classes = cell_classes(page)
    windows = {i for i, c in enumerate(classes) if "window" in c.split()}
    assert len(windows) == 36 and 10 in windows and 0 not in windows
    expect(page.locator("input[name=variant][value=x]")).not_to_be_checked()

    pick_example(page, "variant-jigsaw")
    regions = EXAMPLES["variant-jigsaw"]["regions"]
    # The map is shown shaped as the grid, a row a line.
    expect(page.locator("#regions")).to_have_value(map_rows(regions))
    classes = cell_classes(page)
    for i in range(80):
        right = i % 9 < 8 and regions[i] != regions[i + 1]
        assert ("edge-right" in classes[i].split()) == right, i
        below = i < 72 and regions[i] != regions[i + 9]
        assert ("edge-bottom" in classes[i].split()) == below, i

    for id_ in ("variant-anti-knight", "variant-anti-king", "variant-non-consecutive"):
        pick_example(page, id_)
        expect(page.locator(f"input[name=variant][value={id_.removeprefix('variant-')}]")).to_be_checked()


def test_a_variant_link_replays_the_solve_and_speaks_its_words(page: Page, api):
    puzzle = EXAMPLES["variant-x"]["puzzle"]
    log = solve_via_api(api, puzzle, variant=["x"])["log"]
    dead = first_step(log, ec.DEAD_END, lambda text: "diagonal" in text, line=0)
    page.goto("/?" + urlencode({"p": puzzle, "v": "x", "sol": 1, "choose": "mrv", "step": dead}))
    expect_step(page, dead, len(log["events"]))
    assert board_symbols(page) == board_at(log, dead)
    expect(page.locator("input[name=variant][value=x]")).to_be_checked()
    expect(page.locator("input[name=variant][value=windoku]")).to_be_disabled()
    assert re.search(r"diagonal [12] has no place left for an? \w", " ".join(why_sentences(page)))
    # The link the page keeps carries the variant.
    assert "v=x" in page.url
    # The canvas draws the diagonals during the replay: the board still has them as classes.
    assert "diagonal" in cell_classes(page)[0].split()
    # Before the first step, the Why panel says what the variant adds to the rules.
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    expect_step(page, 0, len(log["events"]))
    expect(page.locator("#why")).to_contain_text(
        "This puzzle's rules add: X (diagonals): both long diagonals hold each digit once")


def test_solving_from_the_picker_and_a_clash_under_a_rule(page: Page):
    page.goto("/")
    pick_example(page, "variant-anti-knight")
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step [\d,]+ of [\d,]+"), timeout=20_000)
    assert "v=anti-knight" in page.url
    page.click("#edit")
    # Two 5s a knight's move apart: marked and named as the page's givens are typed.
    page.goto("/?" + urlencode({"p": "..5" + "." * 18 + "5" + "." * 59, "v": "anti-knight", "edit": 1}))
    expect(page.locator("#board-message")).to_contain_text("r1c3 and r3c4 both hold 5 (a knight's move apart")
    expect(page.locator("#board [data-cell='2']")).to_have_class(re.compile(r"\bclash\b"))
    # Without the rule they are fine.
    page.locator("input[name=variant][value=anti-knight]").uncheck()
    expect(page.locator("#board [data-cell='2']")).not_to_have_class(re.compile(r"\bclash\b"))
    assert "v=" not in page.url


def test_a_bad_regions_map_is_named_and_kept(page: Page):
    page.goto("/")
    page.fill("#regions", "1234")
    expect(page.locator("#regions-note")).to_contain_text("the regions map has 4 cells, but a 9×9 puzzle has 81")
    expect(page.locator("#regions")).to_have_value("1234")
    page.click("#solve")
    expect(page.locator("#board-message")).to_contain_text("the regions map has 4 cells")
    expect(page.locator("#regions")).to_have_value("1234")


def test_a_region_in_pieces_is_named_and_kept(page: Page):
    boxes = "".join(str((r // 3) * 3 + c // 3 + 1) for r in range(9) for c in range(9))
    split = "9" + boxes[1:80] + "1"
    page.goto("/")
    page.fill("#regions", split)
    words = "region 1 is in 2 pieces: r1c2… (8 cells) and r9c9 alone; region 9 is in 2 pieces"
    expect(page.locator("#regions-note")).to_contain_text(words)
    page.click("#solve")
    expect(page.locator("#board-message")).to_contain_text(words)
    expect(page.locator("#regions")).to_have_value(split)


# Half the cells of a 16×16 X grid (the solver's first for an empty one), kept by a fixed coin.
X16 = ("...4.6.89ABCDE.G..BC.....F.D..785..8.EGF.2349A..GDFE..BC...8....B.EA2........3.68CGF..EB.1..49.73...."
       "8...9G7....4.2..C.6..A.FB.DA.D.E.13C4.G....E.C..4...516B.DA2.4.7D5A8..B6F.3.8.9..6.A3D.2.E.65..3..1F.4.8"
       "......G67.23B...D4...1...8E..CA...FF397..AD2.8E....")


def values(symbols: str) -> list[int]:
    return [SYMBOLS.index(ch) + 1 if ch != "." else 0 for ch in symbols]


@pytest.mark.parametrize(("puzzle", "names", "word", "drawn"), [
    # 16×16 X: both long diagonals drawn, r1c1…r16c16 and r1c16…r16c1.
    (X16, ["x"], "diagonal", {"diagonal": {k * 17 for k in range(16)}, "anti-diagonal": {15 * (k + 1) for k in range(16)}}),
    # 4×4 windoku: n − 1 = 1 window a side, the middle 2×2 (r2c2, r2c3, r3c2, r3c3).
    ("." * 16, ["windoku"], "window 1", {"window": {5, 6, 9, 10}}),
    # 4×4 X: the two diagonals of a 4×4.
    ("1" + "." * 15, ["x"], "diagonal", {"diagonal": {0, 5, 10, 15}, "anti-diagonal": {3, 6, 9, 12}}),
])
def test_16x16_and_4x4_variants_solve_and_replay_with_their_drawing(page: Page, api, puzzle, names, word, drawn):
    size = int(len(puzzle) ** 0.5)
    log = solve_via_api(api, puzzle, variant=names)["log"]
    total = len(log["events"])
    # Solved on the page, from its address: the last step shows a grid that keeps the rules.
    page.goto("/?" + urlencode({"p": puzzle, "v": ",".join(names), "edit": 1}))
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step [\d,]+ of {total:,}\b"), timeout=20_000)
    page.locator("#step-slider").focus()
    page.keyboard.press("End")
    expect_step(page, total, total)
    final = board_symbols(page)
    assert final == board_at(log, total)
    assert variant_check.is_solution(values(puzzle), values(final), names, None), final
    # The rules are drawn on the cells they bind, and nowhere else.
    classes = [set(c.split()) for c in cell_classes(page)]
    assert len(classes) == size * size
    for name, cells in drawn.items():
        assert {i for i, c in enumerate(classes) if name in c} == cells, name
    # A step that speaks the variant's words says on the page what Python says.
    step = next(k for k in range(1, total + 1) if any(word in line for line in explain_step(log, k)))
    page.goto("/?" + urlencode({"p": puzzle, "v": ",".join(names), "sol": 1, "choose": "mrv", "step": step}))
    expect_step(page, step, total)
    assert why_sentences(page) == explain_step(log, step)
    assert board_symbols(page) == board_at(log, step)


def test_a_4x4_with_no_grid_under_its_rule_says_so(page: Page):
    """No 4×4 grid keeps non-consecutive (nor anti-king): the search tries everything and says so."""
    page.goto("/?" + urlencode({"p": "." * 16, "v": "non-consecutive", "edit": 1}))
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step [\d,]+ of [\d,]+"), timeout=20_000)
    expect(page.locator("body")).to_contain_text("No solution: the search tried every possibility.")


def test_a_knight_s_move_is_said_from_the_ruled_cell_on_the_page(page: Page, api):
    puzzle = EXAMPLES["variant-anti-knight"]["puzzle"]
    log = solve_via_api(api, puzzle, variant=["anti-knight"])["log"]
    said = re.compile(r"\((r\d+c\d+) is a knight's move from the \w+ in (r\d+c\d+)\)$")
    step = next(k for k, code in enumerate(log["events"], start=1)
                if code & ec.KIND_MASK == ec.DEAD_END and any(said.search(line) for line in explain_step(log, k)))
    page.goto("/?" + urlencode({"p": puzzle, "v": "anti-knight", "sol": 1, "choose": "mrv", "step": step}))
    expect_step(page, step, len(log["events"]))
    sentences = why_sentences(page)
    assert sentences == explain_step(log, step)
    for a, b in (m.groups() for m in map(said.search, sentences) if m):
        (ra, ca), (rb, cb) = (map(int, cell[1:].split("c")) for cell in (a, b))
        assert {abs(ra - rb), abs(ca - cb)} == {1, 2}, (a, b)


def window_cells(size: int) -> set[int]:
    """The cells of a Windoku's windows: n − 1 a side, one cell in and one apart (model/variants.js)."""
    n = int(size ** 0.5)
    starts = [1 + k * (n + 1) for k in range(n - 1)]
    return {(top + a) * size + left + b for top in starts for left in starts for a in range(n) for b in range(n)}


def rules_drawn_wrongly(page: Page, size: int, *, windoku: bool = True) -> list[str]:
    """Read a screenshot of the board (X picked, and Windoku unless told) cell by cell: each empty cell's
    background (a window's shade, a shaded box, or none) and which lines cross it. The main
    diagonal runs from each cell (r, r)'s top left corner to its bottom right, the
    anti-diagonal from (r, n−1−r)'s top right to its bottom left; no other cell has a line."""
    picture = BoardPicture(page)
    assert len(picture.cells) == size * size
    line, window = css_colour(page, "--diagonal"), css_colour(page, "--window-bg")
    plain, alt = css_colour(page, "--cell-bg"), css_colour(page, "--cell-alt")
    windows, n = window_cells(size) if windoku else set(), int(size ** 0.5)
    wrong = []
    for i, cell in enumerate(picture.cells):
        if cell["tab"] or cell["text"]:
            continue          # the Tab stop's grey ring, a digit: not what this reads
        r, c = divmod(i, size)
        shaded = size >= 16 and (r // n) % 2 == (c // n) % 2
        background = window if i in windows else alt if shaded else plain
        seen = picture.at(i, 0.5, 0.15)         # off both lines
        if not near(seen, background, 12):
            wrong.append(f"r{r + 1}c{c + 1}: background {seen}, not {background}")
        for name, has, point in (("main", r == c, lambda t: (t, t)), ("anti", r + c == size - 1, lambda t: (1 - t, t))):
            inks = [picture.ink(i, *point(t), line, background) for t in (0.25, 0.35, 0.65, 0.75)]
            if has and min(inks) < 0.6 or not has and max(inks) > 0.25:
                wrong.append(f"r{r + 1}c{c + 1}: {name} diagonal {'missing' if has else 'drawn'} ({[round(k, 2) for k in inks]})")
    return wrong


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [4, 9, 16, 25])
def test_the_entry_board_draws_whole_diagonals_and_windows(page: Page, size, scheme):
    """Issue 32: the diagonals had each cell's line the wrong way (a zig-zag) and were wiped
    in the shaded boxes of a 16×16 or 25×25, where the windows broke into pieces too."""
    page.emulate_media(color_scheme=scheme)
    page.goto("/?" + urlencode({"p": "." * size * size, "v": "x,windoku", "edit": 1}))
    expect(page.locator("input[name=variant][value=windoku]")).to_be_checked()
    expect(page.locator("#board [role=gridcell]")).to_have_count(size * size)
    assert rules_drawn_wrongly(page, size) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_diagonals_stay_whole_when_presenting_and_after_edit_puzzle(page: Page, api, scheme):
    """The replay's canvas (presenting on a projector) and the entry board after Edit puzzle
    draw the same X: through the shaded boxes of a 16×16, corner to corner."""
    page.emulate_media(color_scheme=scheme)
    total = len(solve_via_api(api, X16, variant=["x"])["log"]["events"])
    page.goto("/?" + urlencode({"p": X16, "v": "x", "edit": 1}))
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step [\d,]+ of {total:,}\b"), timeout=20_000)
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    expect_step(page, 0, total)
    page.click("#btn-present")
    expect(page.locator("html")).to_have_class(PRESENTING)
    page.wait_for_function("() => document.fullscreenElement !== null")
    assert rules_drawn_wrongly(page, 16, windoku=False) == []
    page.keyboard.press("Escape")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    page.click("#edit")
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\breplaying\b"))
    assert rules_drawn_wrongly(page, 16, windoku=False) == []


JIGSAW = EXAMPLES["variant-jigsaw"]
# The example's map with its first and last cells swapped: region 1 loses r1c1 and gains r9c9.
SWAPPED = JIGSAW["regions"][80] + JIGSAW["regions"][1:80] + JIGSAW["regions"][0]


def test_a_bad_jigsaw_map_says_what_is_wrong_and_no_box_clash(page: Page):
    """Issue 32: a bad map fell back to the boxes and named clashes under them that the
    jigsaw does not have; fixing the map left that message and its red marks."""
    page.goto("/")
    pick_example(page, "variant-jigsaw")
    for bad, said in ((SWAPPED, "region 1 is in 2 pieces"), (JIGSAW["regions"][:80], "the regions map has 80 cells")):
        page.fill("#regions", bad)
        expect(page.locator("#regions-note")).to_contain_text(said)
        expect(page.locator("#regions")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#board-message")).not_to_contain_text("box")
        expect(page.locator("#board .clash")).to_have_count(0)
    page.fill("#regions", JIGSAW["regions"])
    expect(page.locator("#regions-note")).to_be_empty()
    expect(page.locator("#board-message")).to_be_hidden()
    expect(page.locator("#board .clash")).to_have_count(0)


def test_solve_with_a_bad_jigsaw_map_shows_the_server_s_words_by_the_map(page: Page):
    """The server's refusal of a map (a 400 naming the regions field) is said under the map
    and beside the board, and nothing typed is lost; fixing the map clears it and its marks."""
    page.goto("/")
    pick_example(page, "variant-jigsaw")
    puzzle = board_symbols(page)
    page.fill("#regions", SWAPPED)
    page.click("#solve")
    words = "region 1 is in 2 pieces: r1c2… (8 cells) and r9c9 alone"
    expect(page.locator("#board-message")).to_contain_text(words)
    expect(page.locator("#board-message")).not_to_contain_text("box")
    expect(page.locator("#regions-note")).to_contain_text(words)
    expect(page.locator("#regions")).to_have_value(SWAPPED)
    assert board_symbols(page) == puzzle
    page.fill("#regions", JIGSAW["regions"])
    expect(page.locator("#regions-note")).to_be_empty()
    expect(page.locator("#board-message")).to_be_hidden()
    expect(page.locator("#board .clash")).to_have_count(0)
    # Words only the server has (a map this page takes and a newer server might not): said under the map.
    refusal = {"error": "this server takes no region shaped like a 7", "field": "regions", "cells": [0, 1]}
    page.route("**/api/solve", lambda route: route.fulfill(status=400, json=refusal))
    page.click("#solve")
    expect(page.locator("#regions-note")).to_have_text("Jigsaw regions: this server takes no region shaped like a 7.")
    expect(page.locator("#regions")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#board-message")).to_contain_text("this server takes no region shaped like a 7")
    # A map that reads well is shaped as the grid as it is typed (whitespace is ignored).
    expect(page.locator("#regions")).to_have_value(map_rows(JIGSAW["regions"]))
    assert board_symbols(page) == puzzle


def test_the_legend_says_what_each_rule_draws_while_it_is_picked(page: Page):
    """Issue 32: the legend had no entry for a Windoku's windows, an X's diagonals or a
    jigsaw's borders. Each has one now, in the catalogue's words, while its rule is picked."""
    words = {rule: say(f"legend.rule.{key}") for rule, key in (("windoku", "window"), ("x", "diagonal"), ("jigsaw", "region"))}
    entry = {rule: page.locator(f"#legend-list li[data-rule={rule}]") for rule in words}
    page.goto("/")
    expect(page.locator("#legend-list li").first).to_be_visible()
    for rule in words:
        expect(entry[rule]).to_be_hidden()
    page.locator("input[name=variant][value=x]").check()
    expect(entry["x"]).to_be_visible()
    expect(entry["x"]).to_have_text(words["x"])
    expect(entry["windoku"]).to_be_hidden()
    page.locator("input[name=variant][value=windoku]").check()
    expect(entry["windoku"]).to_have_text(words["windoku"])
    expect(entry["windoku"]).to_be_visible()
    page.locator("input[name=variant][value=x]").uncheck()
    expect(entry["x"]).to_be_hidden()
    # A jigsaw's entry while its map is read; a map that cannot be read draws the boxes: none.
    page.fill("#regions", JIGSAW["regions"])
    expect(entry["jigsaw"]).to_be_visible()
    expect(entry["jigsaw"]).to_have_text(words["jigsaw"])
    page.fill("#regions", SWAPPED)
    expect(entry["jigsaw"]).to_be_hidden()
    # A replay's rules (a link) are the legend's too.
    pick_example(page, "variant-x")
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step [\d,]+ of [\d,]+"), timeout=20_000)
    expect(entry["x"]).to_be_visible()
    for rule in ("windoku", "jigsaw"):
        expect(entry[rule]).to_be_hidden()
