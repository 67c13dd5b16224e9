"""The Sudoku page in Chromium with variants: the picker, the board's drawing, shared links, a replay."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import board_at, board_symbols, expect_step, first_step, solve_via_api, why_sentences
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step
from webapp.models import variant_check
from webapp.models.examples import examples
from webapp.models.sudoku import SYMBOLS

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

EXAMPLES = {e["id"]: e for e in examples()}


def cell_classes(page: Page) -> list[str]:
    return page.locator("#board [role=gridcell]").evaluate_all("cells => cells.map(c => c.className)")


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
    expect(page.locator("#regions")).to_have_value(regions)
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
