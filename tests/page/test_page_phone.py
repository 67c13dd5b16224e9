"""The Sudoku page in Chromium on a phone: touch, the digit pad, narrow widths and the dark
scheme.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import CANVAS_CELLS, board_settled, board_symbols, css_colour, expect_step, near, solve_via_api

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_a_touch_screen_fills_the_board_with_the_digit_pad(phone, api):
    # A phone has no keys for a grid of cells: tap a cell, then a digit.
    page = phone
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    pad = page.locator("#digit-pad")
    expect(pad.get_by_role("button")).to_have_count(10)       # 1–9 and Clear cell
    page.locator("label:has(input[name=size][value='4'])").tap()
    expect(pad.get_by_role("button")).to_have_text(["1", "2", "3", "4", "Clear cell"])
    puzzle = "1...........4..3"
    for cell, symbol in enumerate(puzzle):
        if symbol != ".":
            page.locator(f"#board [data-cell='{cell}']").tap()
            pad.get_by_role("button", name=symbol, exact=True).tap()
    assert board_symbols(page) == puzzle
    expect(page.locator("#puzzle-text")).to_have_value(puzzle)
    # The cell tapped last stays selected (the pad does not take the focus) and Clear empties it.
    expect(page.locator("#board [data-cell='15']")).to_be_focused()
    pad.get_by_role("button", name="Clear cell").tap()
    assert board_symbols(page) == puzzle[:15] + "."
    pad.get_by_role("button", name="3", exact=True).tap()

    # The pad makes way for the replay, and comes back with Edit puzzle.
    page.get_by_role("button", name="Solve", exact=True).tap()
    expected = solve_via_api(api, puzzle)
    expect(page.locator("#outcome")).to_have_text(expected["outcome"]["message"])
    expect(pad).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#board [data-cell='1']").tap()     # a tap on the replay edits nothing
    expect(page.locator("#board-hint")).to_contain_text("press Edit puzzle")
    expect(pad).to_be_hidden()
    page.get_by_role("button", name="Edit puzzle").tap()
    expect(pad).to_be_visible()
    assert board_symbols(page) == puzzle

    # 16×16: the pad offers the board's own symbols, 1–9 then A–G.
    page.locator("label:has(input[name=size][value='16'])").tap()
    expect(pad.get_by_role("button")).to_have_count(17)
    expect(pad.get_by_role("button").nth(15)).to_have_text("G")
    assert errors == []


def test_on_a_phone_solve_with_clashing_givens_brings_the_message_into_view(phone):
    page = phone
    page.goto("/")
    pad = page.locator("#digit-pad")
    for cell in (0, 1):
        page.locator(f"#board [data-cell='{cell}']").tap()
        pad.get_by_role("button", name="5", exact=True).tap()
    message = page.locator("#board-message")
    expect(message).to_have_text("r1c1 and r1c2 both hold 5 (row 1 and box 1)")
    page.get_by_role("button", name="Solve", exact=True).tap()
    expect(message).to_be_in_viewport()


def test_phone_width_and_dark_mode(page: Page, api):
    examples = api.get("/api/examples").get_json()
    big = next(e for e in examples if e["size"] == 25 and e["id"] == "blanked-25")
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    page.goto(f"/?p={big['puzzle']}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    expect(page.locator("#board [role=gridcell]")).to_have_count(625)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] >= 340
    colours = page.evaluate(
        r"""() => {
            const luminance = (css) => {
                const [r, g, b] = css.match(/\d+(\.\d+)?/g).map(Number);
                return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
            };
            const cell = document.querySelector('#board .cell');
            return {background: luminance(getComputedStyle(document.querySelector('#board')).backgroundColor),
                    text: luminance(getComputedStyle(document.body).color),
                    font: parseFloat(getComputedStyle(cell).fontSize)};
        }""")
    assert colours["background"] < 0.25 < 0.75 < colours["text"]
    assert colours["font"] >= 8
    # The replayed cells, painted on the canvas: dark, in the dark theme's colours.
    board_settled(page)
    painted = page.evaluate(CANVAS_CELLS)
    shades = {css_colour(page, "--cell-bg"), css_colour(page, "--cell-alt")}
    assert len(painted) == 625 and all(any(near(c["bg"], s, 12) for s in shades) for c in painted)
    assert sum(c["ink"] is not None for c in painted) == sum(ch != "." for ch in big["puzzle"])


def test_on_a_phone_a_bad_links_reason_is_seen_beside_its_text(phone):
    page = phone
    page.goto("/?p=x" + "." * 80)
    note = page.locator("#box-note")
    expect(note).to_contain_text("Could not read the link's puzzle: 'x' at line 1, column 1 is not a digit")
    expect(note).to_be_in_viewport(ratio=1)
    expect(page.locator("#puzzle-text")).to_be_in_viewport()

