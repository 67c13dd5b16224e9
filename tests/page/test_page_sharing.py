"""The Sudoku page in Chromium: shared links, the browser's history (Back and Forward), and
link settings.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    ARTO,
    BERRY,
    NAIVE_WORST,
    STEP_LABEL,
    board_at,
    board_symbols,
    expect_step,
    paste,
    solve_via_api,
)

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_a_link_may_separate_rows_with_slashes(page: Page):
    rows = "/".join(BERRY[k:k + 9] for k in range(0, 81, 9))
    page.goto(f"/?p={rows}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    assert board_symbols(page) == BERRY


def test_shared_link_lands_on_its_step_and_history_works(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=12345")
    expect_step(page, 12345, len(log["events"]))
    assert board_symbols(page) == board_at(log, 12345)
    expect(page.locator("#solutions")).to_have_value("2")

    # Scrubbing keeps the address up to date.
    page.locator("#step-slider").focus()
    page.keyboard.press("PageDown")
    expect_step(page, 12445)
    expect(page).to_have_url(re.compile(r"[?&]step=12445$"))

    # A new solve is a new history entry; Back returns to the link's puzzle and step.
    paste(page, BERRY)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    expect(page).to_have_url(re.compile(rf"\?p={re.escape(BERRY)}&"))
    page.go_back()
    expect_step(page, 12445, len(log["events"]))
    assert board_symbols(page) == board_at(log, 12445)
    page.go_forward()
    expect(page).to_have_url(re.compile(rf"\?p={re.escape(BERRY)}&"))
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)


def test_a_whole_new_puzzle_keeps_the_typed_one_a_back_away(page: Page):
    page.goto("/")
    expect(page.locator("#examples option")).not_to_have_count(1)
    board = page.locator("#board [role=gridcell]")
    board.first.click()
    for key in ("5", "3", "7"):             # each digit moves on to the next cell
        page.keyboard.press(key)
    typed = "537" + "." * 78
    expect(page).to_have_url(re.compile(r"edit=1"))
    # The arrow keys on the size choice switch sizes at once; the typed puzzle is one Back away.
    page.locator("input[name=size][value='9']").focus()
    page.keyboard.press("ArrowRight")
    expect(board).to_have_count(256)
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_count(81)
    page.go_back()
    expect(board).to_have_count(81)
    assert board_symbols(page) == typed

    # Browsing the examples with the arrow keys: one entry for the typed puzzle, none per example.
    page.locator("#examples").select_option("berry")
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)
    page.locator("#examples").select_option("naive-worst")
    expect(page.locator("#puzzle-text")).to_have_value(NAIVE_WORST)
    page.go_back()
    expect(page.locator("#puzzle-text")).to_have_value(typed)
    assert board_symbols(page) == typed

    # Clear is undone by Back too.
    page.get_by_role("button", name="Clear", exact=True).click()
    assert board_symbols(page) == "." * 81
    page.go_back()
    assert board_symbols(page) == typed

    # One symbol pasted on the board fills the cell in focus, like typing it.
    board.nth(4).click()
    paste(page, "9", on_focus=True)
    expect(board.nth(4)).to_have_text("9")
    expect(page.locator("#board-message")).to_be_hidden()


def test_bad_link_settings_are_named_with_what_was_used(page: Page, api):
    steps = len(solve_via_api(api, BERRY)["log"]["events"])
    page.goto(f"/?p={BERRY}&sol=abc&choose=xyz&step=-5")
    expect_step(page, 0, steps)
    message = page.locator("#board-message")
    expect(message).to_contain_text("sol=abc is not a number of solutions (1, 2, … or all): 1 is used.")
    expect(message).to_contain_text("choose=xyz is not an item choice (mrv or first)")
    expect(message).to_contain_text("step=-5 is before the first step: step 0 is shown.")
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=999999")
    expect_step(page, steps, steps)
    expect(message).to_contain_text(f"step=999999 is past the last step ({steps:,}): the last step is shown.")
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=12.5")
    expect(message).to_contain_text("step=12.5 is not a step number")
    # A sound link says nothing of the kind.
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=10")
    expect_step(page, 10, steps)
    expect(message).to_be_hidden()


def test_solving_again_adds_no_history_and_settings_a_link_overdoes_are_capped(page: Page):
    page.goto("/")
    page.locator("#examples").select_option("berry")
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)
    solve = page.get_by_role("button", name="Solve", exact=True)
    solve.click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    length = page.evaluate("history.length")
    for _ in range(2):
        with page.expect_response("**/api/solve"):
            solve.click()
        expect(page.locator("#solution-list button")).to_have_count(1)
    assert page.evaluate("history.length") == length        # the same solve again: no new entry
    page.go_back()
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")

    # More solutions than the server finds (1,000): capped, said, and the menu agrees.
    page.goto(f"/?p={'.' * 16}&sol=5000&choose=mrv")
    expect(page.locator("#board-message")).to_contain_text(
        "sol=5000 is more than the server finds in one solve: 1,000 is used.")
    expect(page.locator("#solutions")).to_have_value("1000")
    expect(page).to_have_url(re.compile(r"sol=1000&"))

    # A puzzle being entered has no step: a bad one is not mentioned; bad settings leave the address.
    page.goto(f"/?p={BERRY}&edit=1&sol=x&choose=y&step=-1")
    expect(page.locator("#board-message")).to_contain_text("sol=x is not a number of solutions")
    expect(page.locator("#board-message")).not_to_contain_text("step=")
    expect(page).to_have_url(re.compile(r"sol=1&choose=mrv&edit=1$"))


def test_edit_then_solve_with_nothing_changed_adds_no_entry(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    length = page.evaluate("history.length")
    page.get_by_role("button", name="Edit puzzle", exact=True).click()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    assert page.evaluate("history.length") == length
    # A change opens an entry for the puzzle being entered; its Solve takes that entry's place.
    page.get_by_role("button", name="Edit puzzle", exact=True).click()
    page.locator("#board [role=gridcell]").nth(0).click()
    page.keyboard.press("1")
    expect(page).to_have_url(re.compile(r"edit=1"))
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).not_to_have_url(re.compile(r"edit=1"))
    assert page.evaluate("history.length") == length + 1
    page.go_back()
    expect(page).to_have_url(re.compile(rf"p={re.escape(BERRY)}&"))
    expect(page.locator("#solution-list button")).to_have_count(1)


def test_a_reload_after_edit_puzzle_keeps_the_puzzle_being_entered(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    address, length = page.url, page.evaluate("history.length")
    page.get_by_role("button", name="Edit puzzle", exact=True).click()
    page.reload()
    # The puzzle is open for entering, as before the reload; the entry is still the replay's.
    expect(page.get_by_role("button", name="Edit puzzle", exact=True)).to_be_hidden()
    expect(page.locator("#solution-list button")).to_have_count(0)
    assert page.url == address and board_symbols(page) == BERRY
    empty = BERRY.index(".")
    page.locator("#board [role=gridcell]").nth(empty).click()
    page.keyboard.press("1")
    expect(page).to_have_url(re.compile(r"edit=1"))
    assert page.evaluate("history.length") == length + 1
    # Back returns to the replay, and from then on a reload shows the replay.
    page.go_back()
    expect(page.locator("#solution-list button")).to_have_count(1)
    page.reload()
    expect(page.locator("#solution-list button")).to_have_count(1)
    expect(page.get_by_role("button", name="Edit puzzle", exact=True)).to_be_visible()


def test_a_link_followed_right_after_a_step_comes_back_to_that_step(page: Page):
    """The address takes a step 250 ms late (scrubbing writes it at most that
    often); leaving the page first writes what is waiting."""
    page.goto("/?" + urlencode({"p": BERRY, "step": 200}))
    expect_step(page, 200)
    page.locator("#step-slider").focus()
    page.keyboard.press("ArrowRight")
    expect_step(page, 201)
    page.locator(".page-link").click()
    page.wait_for_url(re.compile(r"/cover$"))
    page.go_back()
    expect_step(page, 201)

