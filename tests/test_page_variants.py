"""The Sudoku page in Chromium with variants: the picker, the board's drawing, shared links, a replay."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import board_at, board_symbols, expect_step, first_step, solve_via_api, why_sentences
from webapp import exact_cover as ec
from webapp.examples import examples

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
