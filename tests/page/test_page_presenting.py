"""The Sudoku page in Chromium when presenting on a projector: the board fills the screen
and the replay keeps working.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    BERRY,
    PRESENTING,
    current_step,
    expect_step,
    first_step,
    paste,
    solve_via_api,
    why_sentences,
)
from webapp.log.steplog import explain_step
from webapp.models.examples import puzzle_lines

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_presentation_mode_fills_a_projector_with_the_board_and_keeps_the_replay(page: Page, api):
    """A teacher's 1280×720 projector: Present (or f) leaves the board, the player
    and the why panel, the board as tall as the screen; Esc brings the page back."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/")
    present = page.locator("#btn-present")
    expect(present).to_be_disabled()            # nothing to present before a solve: the form is wanted
    page.keyboard.press("f")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    example = next(e for e in api.get("/api/examples").get_json() if e["size"] == 16)
    page.goto("/?" + urlencode({"p": example["puzzle"], "step": 200}))
    expect_step(page, 200)
    before = page.locator("#board").bounding_box()
    expect(present).to_have_text("Present")
    present.click()
    expect(page.locator("html")).to_have_class(PRESENTING)
    expect(present).to_have_text("Leave presentation")
    page.wait_for_function("() => document.fullscreenElement !== null")       # the browser agreed
    for hidden in ("header.top", "#solve-form", ".keys", ".legend", "#puzzle-title"):
        expect(page.locator(hidden)).to_be_hidden()
    board = page.locator("#board").bounding_box()
    player = page.locator("#player").bounding_box()
    why = page.locator("#why").bounding_box()
    assert board["height"] >= 660 and board["height"] > 1.6 * before["height"]
    assert board["y"] >= 0 and board["y"] + board["height"] <= 720
    assert player["x"] >= board["x"] + board["width"] and player["y"] < 100     # beside it, at the top
    assert why["x"] >= board["x"] + board["width"] and why["y"] + 80 < 720       # its heading and first lines
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .cell')).fontSize)")
    assert font >= 24
    # The keys went to the slider: Space plays (on the button it would have left).
    expect(page.locator("#step-slider")).to_be_focused()
    page.keyboard.press("Space")
    expect(page.locator("#btn-play")).to_have_text("Pause")
    page.keyboard.press("Space")
    expect(page.locator("#btn-play")).to_have_text("Play")
    step = current_step(page)
    page.keyboard.press("ArrowRight")
    expect_step(page, step + 1)
    # What does not fit beside the board (here the matrix panel, opened) scrolls with the page; the board stays.
    page.locator("#matrix-panel summary").click()
    page.locator("#matrix").evaluate("(e) => e.scrollIntoView({block: 'end'})")
    board = page.locator("#board").bounding_box()
    assert page.evaluate("scrollY") > 0 and board["y"] >= 0 and board["y"] + board["height"] <= 720
    # Esc leaves, and full screen with it; the board and its buttons are in view again.
    page.keyboard.press("Escape")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    page.wait_for_function("() => document.fullscreenElement === null")
    expect(page.locator("#solve-form")).to_be_visible()
    assert abs(page.locator("#board").bounding_box()["height"] - before["height"]) < 2
    buttons = page.locator("#player .buttons").bounding_box()
    assert buttons["y"] >= 0 and buttons["y"] + buttons["height"] <= 720
    expect_step(page, step + 1)
    # f toggles, outside text fields; a reload of the tab keeps presenting.
    page.locator("#puzzle-text").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    page.wait_for_function(f"() => location.search.endsWith('step={step + 1}')")   # the address follows within 250 ms
    page.reload()
    expect_step(page, step + 1)
    expect(page.locator("html")).to_have_class(PRESENTING)
    expect(present).to_have_text("Leave presentation")
    # A new puzzle pasted leaves the replay: the whole page comes back to enter and
    # solve it, and the presentation resumes with the next replay.
    paste(page, BERRY)
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    expect(page.locator("#solve-form")).to_be_visible()
    expect(present).to_be_disabled()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("html")).to_have_class(PRESENTING)
    expect(page.locator("#solve-form")).to_be_hidden()
    present.click()
    expect(page.locator("header.top")).to_be_visible()


def test_presenting_on_a_short_screen_scrolls_beside_a_board_that_stays(page: Page):
    """1280×720 at 150% zoom is 853×480: the player nearly fills the height, so
    the page scrolls down to the why panel while the board stays in view."""
    page.set_viewport_size({"width": 853, "height": 480})
    page.goto("/?" + urlencode({"p": BERRY, "step": 30}))
    expect_step(page, 30)
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    assert page.evaluate("scrollY") == 0
    label = page.locator("#step-label").bounding_box()
    board = page.locator("#board").bounding_box()
    assert label["x"] >= board["x"] + board["width"] and 0 <= label["y"] < 480
    assert board["height"] >= 400 and board["y"] >= 0 and board["y"] + board["height"] <= 480
    page.locator("#why").scroll_into_view_if_needed()
    why = page.locator("#why").bounding_box()
    board = page.locator("#board").bounding_box()
    assert page.evaluate("scrollY") > 0 and why["y"] + why["height"] <= 480 + 1
    assert board["y"] >= 0 and board["y"] + board["height"] <= 480
    # Edit puzzle is hidden while presenting: a click on the board says how to get to it.
    page.locator("#board [role=gridcell]").first.click()
    expect(page.locator("#board-hint")).to_contain_text("leave the presentation (Esc), then press Edit puzzle")


def test_presenting_keeps_a_dead_ends_way_back_in_view(page: Page, api):
    """At 1280×720 the why panel under the player is short: ruled-out options fold
    (all of them), and the stopped search's message, also in the result panel, gives way."""
    puzzle = puzzle_lines("norvig_top95.txt")[0]
    log = solve_via_api(api, puzzle, choose="first")["log"]
    dead = first_step(log, 5, lambda text: text.startswith("Taking back the choice at level"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/?" + urlencode({"p": puzzle, "sol": 1, "choose": "first", "step": dead}))
    expect_step(page, dead)
    listed = page.locator("#why > .why-body > ul.ruled-out > li")
    expect(listed).to_have_count(9)            # the page shows up to twelve
    expect(page.locator("#board-message")).to_be_visible()
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    # Presenting, the list folds whole under a line that counts it; the culprits' sentence says why.
    expect(page.locator("#why > .why-body > ul.ruled-out")).to_have_count(0)
    expect(page.locator("#why .ruled-out-more summary")).to_have_text("The 9 options and what ruled out each")
    expect(page.locator("#why .ruled-out-more li.sentence:visible")).to_have_count(0)
    expect(page.locator("#why .sentence[data-role=culprits]").first).to_be_visible()
    expect(page.locator("#board-message")).to_be_hidden()
    assert why_sentences(page) == explain_step(log, dead)      # folded, not gone
    back = page.locator("#why .sentence[data-role=back]").bounding_box()
    assert back["y"] + back["height"] <= 720
    page.keyboard.press("Escape")
    expect(listed).to_have_count(9)


def test_a_bad_paste_while_presenting_shows_the_box_to_fix_it_in(page: Page):
    page.goto("/?" + urlencode({"p": BERRY, "step": 30}))
    expect_step(page, 30)
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    paste(page, "12x" + "." * 78)
    expect(page.locator("#board-message")).to_contain_text("fix it there and press Load")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    expect(page.locator("#puzzle-text")).to_be_visible()
    expect(page.locator("#puzzle-text")).to_be_focused()
    expect_step(page, 30)                      # the replay is still there: nothing is lost

