"""The Sudoku page in Chromium: the board's picture (canvas against grid, colours, legend,
layout that never moves).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    ARTO,
    BERRY,
    CANVAS_CELLS,
    board_at,
    board_settled,
    board_symbols,
    css_colour,
    expect_step,
    near,
    solve_via_api,
    step_after,
)
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_the_canvas_paints_what_the_grid_says(page: Page, api):
    # The replay board is painted on a canvas; the grid under it carries the
    # same state as text and classes once the replay rests. Read the canvas's
    # pixels back and hold them against the grid, at a dead end with culprits.
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    page.locator("#step-slider").focus()
    page.keyboard.press("d")
    step = step_after(page, 0)
    symbols = board_symbols(page)
    assert symbols == board_at(log, step)
    classes = page.locator("#board [role=gridcell]").evaluate_all("(cells) => cells.map((c) => c.className.split(' '))")
    assert any("culprit" in c for c in classes) and any("dead" in c for c in classes)
    assert any("blame" in c for c in classes), "the dead end's culprits are flagged"
    colours = {name: css_colour(page, f"--{name}") for name in
               ("cell-bg", "unit-bg", "dead-bg", "newest-bg", "dead", "given", "placed")}
    painted = page.evaluate(CANVAS_CELLS)
    assert len(painted) == 81
    for i, (symbol, cls, cell) in enumerate(zip(symbols, classes, painted)):
        background = next(colours[f"{k}-bg"] for k in ("dead", "newest", "unit", "cell") if k in cls or k == "cell")
        assert near(cell["bg"], background), (i, cls, cell)
        assert near(cell["edge"], colours["dead"]) == ("culprit" in cls), (i, cls, cell)
        assert near(cell["flag"], colours["dead"]) == ("blame" in cls), (i, cls, cell)
        assert (cell["ink"] is not None) == (symbol != "."), (i, symbol, cell)
        if symbol != ".":
            assert near(cell["ink"], colours["given" if "given" in cls else "placed"], 60), (i, cls, cell)

    # Pencil marks: drawn in exactly the empty cells that have candidates.
    page.keyboard.press("p")
    expect(page.locator("#pencil")).to_be_checked()
    expect(page.locator("#board .pencil:not([hidden])").first).to_be_attached()
    board_settled(page)
    marks = page.locator("#board [role=gridcell]").evaluate_all(
        "(cells) => cells.map((c) => { const p = c.querySelector('.pencil'); return p && !p.hidden ? p.textContent.trim() : ''; })")
    painted = page.evaluate(CANVAS_CELLS)
    empty = [i for i, symbol in enumerate(symbols) if symbol == "."]
    assert any(marks[i] for i in empty) and any(not marks[i] for i in empty)
    for i in empty:
        assert painted[i]["anything"] == bool(marks[i]), (i, marks[i], painted[i])

    # A click reaches the cell under the canvas (and says how to edit); Edit
    # puzzle leaves the replay: the canvas goes and the grid shows the givens itself.
    page.get_by_role("gridcell", name="row 1, column 2,", exact=False).click()
    expect(page.locator("#board-hint")).to_contain_text("press Edit puzzle")
    page.get_by_role("button", name="Edit puzzle").click()
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")
    assert page.evaluate(CANVAS_CELLS) is None
    assert board_symbols(page) == ARTO


def test_messages_and_notes_never_move_the_board(page: Page):
    page.goto("/")
    board = page.locator("#board")
    top = board.bounding_box()["y"]
    cells = page.locator("#board [role=gridcell]")
    cells.nth(0).click()
    page.keyboard.press("5")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("5")
    expect(page.locator("#board-message")).to_contain_text("both hold 5")
    assert board.bounding_box()["y"] == top
    # Options changed during a replay: the note shows, the board stays.
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    top = board.bounding_box()["y"]
    page.locator("#choose").select_option("first")
    expect(page.locator("#options-note")).to_be_visible()
    assert board.bounding_box()["y"] == top


def test_a_cell_marked_as_a_clash_still_shows_the_focus(page: Page):
    page.goto("/")
    cells = page.locator("#board [role=gridcell]")
    cells.nth(0).click()
    page.keyboard.press("5")
    cells.nth(9).click()
    page.keyboard.press("5")
    page.keyboard.press("ArrowLeft")        # typing moved on to r2c2: back to the clashing cell
    expect(cells.nth(9)).to_have_class(re.compile(r"\bclash\b"))
    shadow = "(el) => getComputedStyle(el).boxShadow"
    assert cells.nth(9).evaluate(shadow) != cells.nth(0).evaluate(shadow)   # focused vs not


def test_the_legend_shows_the_boards_own_colours(page: Page):
    page.goto("/")
    legend = page.get_by_role("region", name="What the board shows")
    expect(legend).to_contain_text("the newest choice")
    expect(legend).to_contain_text("Levels count from 0")
    colours = page.evaluate("""() => {
        const probe = document.createElement("span");
        document.body.append(probe);
        const colour = (name) => { probe.style.color = `var(${name})`; return getComputedStyle(probe).color; };
        const css = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
        return {newest: [css(".swatch.newest", "backgroundColor"), colour("--newest-bg")],
                dead: [css(".swatch.dead", "backgroundColor"), colour("--dead-bg")],
                unit: [css(".swatch.unit", "backgroundColor"), colour("--unit-bg")]};
    }""")
    for name, (shown, board) in colours.items():
        assert shown == board, name


def test_board_cells_sit_on_whole_pixels(page: Page):
    """At fractional cell edges Chromium paints a cell over its neighbour's
    1px line and whole grid lines vanish: every size, at several screen sizes,
    gets cells of whole pixels, each a whole number of pixels from the first."""
    page.goto("/")
    for width, height in ((1280, 720), (1366, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for size in (4, 9, 16, 25):
            page.locator(f"input[name=size][value='{size}']").check(force=True)
            expect(page.locator("#board .cell")).to_have_count(size * size)
            edges = page.evaluate(
                """() => {
                    const cells = [...document.querySelectorAll('#board .cell')];
                    const first = cells[0].getBoundingClientRect();
                    return cells.map((c) => {
                        const r = c.getBoundingClientRect();
                        return [r.left - first.left, r.top - first.top, r.width, r.height];
                    });
                }""")
            fractional = [e for e in edges if any(abs(v - round(v)) > 0.01 for v in e)]
            assert not fractional, f"{size}×{size} at {width}px: cells at {fractional[:3]}"
            assert len({round(e[2]) for e in edges}) <= 2, f"{size}×{size} at {width}px: uneven cells"


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 800), (853, 480)])
def test_after_solve_the_board_and_its_buttons_share_the_screen(page: Page, width, height):
    """A projector's screen (853×480: 1280×720 at 150% zoom): Solve scrolls so the
    board and the play buttons are both in view."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/")
    page.locator("#examples").select_option("berry")
    expect(page.locator("#examples")).to_have_value("berry")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    board = page.locator("#board").bounding_box()
    buttons = page.locator("#player .buttons").bounding_box()    # play, steps and jumps
    assert board["y"] >= 0 and board["height"] >= min(300, height - 230)
    assert buttons["y"] + buttons["height"] <= height


def test_a_narrow_screen_shows_the_why_under_the_step_label(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    dead = next(i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 5)
    first = explain_step(log, dead)[0]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step={dead}")
    expect_step(page, dead)
    expect(page.locator("#step-why")).to_be_visible()
    expect(page.locator("#step-why")).to_have_text(first)
    assert first.startswith("Dead end")
    # Stepping keeps it in step with the why panel.
    page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#step-why")).to_have_text(explain_step(log, dead + 1)[0])
    # A wide screen has the why panel beside the board: no caption (the same page, widened).
    page.set_viewport_size({"width": 1280, "height": 800})
    expect_step(page, dead + 1)
    expect(page.locator("#step-why")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_digits_on_the_newest_cell_keep_their_contrast(page: Page, scheme):
    """The newest placement's digit, small on a 25×25 board, stays readable (WCAG AA 4.5:1)."""
    page.emulate_media(color_scheme=scheme)
    page.goto("/")
    names = ['--placed', '--given', '--newest-bg', '--cell-bg', '--ok', '--dead', '--clash-bg', '--on-dead',
             '--accent', '--accent-text', '--focus', '--surface', '--unit-bg', '--dead-bg']
    colours = page.evaluate("""(names) => { const s = getComputedStyle(document.documentElement);
        return names.map((v) => s.getPropertyValue(v).trim()); }""", names)
    placed, given, newest, cell, ok, dead, clash, on_dead, accent, on_accent, focus, surface, unit, ran_out = colours

    def luminance(hex_colour):
        channels = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    def contrast(a, b):
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    assert contrast(placed, newest) >= 4.5 and contrast(given, newest) >= 4.5
    assert contrast(newest, cell) >= 1.25         # the newest cell still stands out (hue does the rest)
    # The unit of the step and the unit that ran out: tints a projector keeps, under readable digits.
    for tint in (unit, ran_out):
        assert contrast(tint, cell) >= 1.5
        assert contrast(placed, tint) >= 4.5 and contrast(given, tint) >= 4.5
    # A solved digit on the newest cell, a clashing digit, counts on the matrix panel's squares.
    assert contrast(ok, newest) >= 4.5 and contrast(dead, clash) >= 4.5
    assert contrast(on_dead, dead) >= 4.5 and contrast(on_accent, accent) >= 4.5
    # The focus ring against the cells and panels it is drawn on (WCAG 1.4.11: 3:1).
    assert contrast(focus, cell) >= 3 and contrast(focus, surface) >= 3 and contrast(focus, newest) >= 3

