"""The Sudoku page in Chromium: entering a puzzle (typing, pasting, examples, Load) and
keeping what the user typed.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    BERRY,
    MARKUP,
    NAIVE_WORST,
    board_settled,
    board_symbols,
    expect_step,
    grid_symbols,
    paste,
    solve_via_api,
    type_on_board,
)

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_type_a_puzzle_and_solve_it(page: Page, api):
    page.goto("/")
    grid = page.locator("#board[role=grid]")
    expect(grid.locator("[role=row]")).to_have_count(9)
    expect(grid.locator("[role=gridcell]")).to_have_count(81)
    expect(grid.get_by_role("gridcell", name="row 4, column 5", exact=False)).to_have_count(1)

    type_on_board(page, BERRY, 9)
    assert board_symbols(page) == BERRY
    # Roving tabindex: exactly one Tab stop, on the last cell typed.
    expect(grid.locator("[tabindex='0']")).to_have_count(1)
    expect(grid.locator("[tabindex='0']")).to_have_attribute("aria-label", re.compile(r"^row 9, column 9\b"))
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)

    page.get_by_role("button", name="Solve", exact=True).click()
    expected = solve_via_api(api, BERRY)
    total = expected["stats"]["steps"]
    expect(page.locator("#outcome")).to_have_text(expected["outcome"]["message"])
    # The page lands on the solution; End goes to the last step, which still shows it.
    page.keyboard.press("End")
    expect_step(page, total, total)
    solution = grid_symbols(expected["solutions"][0])
    assert "." not in solution
    expect(page.locator("#board [role=gridcell] .value").first).to_have_text(solution[0])
    assert board_symbols(page) == solution
    assert page.evaluate("location.search").startswith(f"?p={BERRY}")


def test_a_key_that_is_a_digit_only_of_a_larger_board_says_what_this_one_takes(page: Page):
    page.goto("/")
    board = page.locator("#board [role=gridcell]")
    hint = page.locator("#board-hint")
    board.nth(0).click()
    page.keyboard.press("a")
    expect(hint).to_have_text("A is not a digit of a 9×9 puzzle, which takes 1 to 9 (0, . or Delete for a blank).")
    assert board_symbols(page) == "." * 81
    page.keyboard.press("7")                     # a digit of the board fills the cell, as ever
    expect(board.nth(0)).to_have_text("7")
    page.locator("label:has(input[name=size][value='16'])").click()
    board.nth(0).click()
    page.keyboard.press("h")
    expect(hint).to_have_text("H is not a digit of a 16×16 puzzle, which takes 1 to 9 and A to G "
                              "(0, . or Delete for a blank).")
    page.keyboard.press("g")
    expect(board.nth(0)).to_have_text("G")


def test_load_with_an_empty_or_bad_box_says_so_where_it_is_seen(page: Page):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/")
    message = page.locator("#board-message")
    load = page.get_by_role("button", name="Load", exact=True)
    load.scroll_into_view_if_needed()
    load.click()
    expect(message).to_have_text("The Puzzle string box is empty: type or paste a puzzle in it, then press Load.")
    expect(message).to_be_in_viewport(ratio=1)
    page.locator("#puzzle-text").fill("12345")
    load.scroll_into_view_if_needed()
    load.click()
    expect(message).to_contain_text("Could not read the puzzle text: found 5 cells")
    expect(message).to_be_in_viewport(ratio=1)


def test_paste_a_string_and_a_grid(page: Page):
    page.goto("/")
    paste(page, BERRY)
    expect(page.locator("#board [role=gridcell]").nth(1)).to_have_text("2")
    assert board_symbols(page) == BERRY

    # A drawn 4×4 grid switches the size to match.
    paste(page, "1 . | . 4\n. . | 1 .\n----+----\n. 1 | . .\n4 . | . 1\n")
    expect(page.locator("#board [role=gridcell]")).to_have_count(16)
    expect(page.locator("input[name=size][value='4']")).to_be_checked()
    assert board_symbols(page) == "1..4..1..1..4..1"

    # Something that is no puzzle leaves the board alone, says why, and puts
    # the pasted text in the text field, where the place it names can be fixed.
    garbage = "hello world this is not a sudoku !!"
    paste(page, garbage)
    expect(page.locator("#board-message")).to_contain_text("Could not read the pasted puzzle")
    expect(page.locator("#board-message")).to_contain_text("line 1, column 34")
    expect(page.locator("#board-message")).to_contain_text("in the Puzzle string box")
    expect(page.locator("#puzzle-text")).to_have_value(garbage)
    assert board_symbols(page) == "1..4..1..1..4..1"

    # The text field and its Load button.
    page.locator("#puzzle-text").fill(NAIVE_WORST)
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#board [role=gridcell]")).to_have_count(81)
    assert board_symbols(page) == NAIVE_WORST


def test_duplicate_givens_are_marked_before_and_after_solve(page: Page):
    page.goto("/")
    cell = page.get_by_role("gridcell", name="row 1, column 1,", exact=False)
    cell.click()
    page.keyboard.press("5")
    for _ in range(5):                      # the 5 already moved the focus on to r1c2
        page.keyboard.press("ArrowRight")
    page.keyboard.press("5")
    clashing = page.locator("#board .cell.clash")
    expect(clashing).to_have_count(2)
    expect(page.locator("#board-message")).to_contain_text("r1c1 and r1c7 both hold 5 (row 1)")
    assert page.locator("#board [role=gridcell]").nth(6).get_attribute("class").count("clash") == 1

    # The server refuses too (400); its message and cells are shown the same way.
    with page.expect_response("**/api/solve") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert answer.value.status == 400
    expect(page.get_by_role("button", name="Solve", exact=True)).to_be_enabled()
    expect(page.locator("#board-message")).to_have_text(answer.value.json()["error"])
    expect(clashing).to_have_count(2)
    assert board_symbols(page) == "5.....5.." + "." * 72        # what was typed stays
    expect(page.locator("#results")).to_be_hidden()

    # Clearing one of them clears the mark.
    page.get_by_role("gridcell", name="row 1, column 7,", exact=False).click()
    page.keyboard.press("Backspace")
    expect(clashing).to_have_count(0)
    expect(page.locator("#board-message")).to_be_hidden()

    # Several clashes stay listed one by one after Solve (the server's message names the first).
    for name in ("row 1, column 4,", "row 2, column 2,"):
        page.get_by_role("gridcell", name=name, exact=False).click()
        page.keyboard.press("5")
    with page.expect_response("**/api/solve") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert "1 more clash" in answer.value.json()["error"]
    message = page.locator("#board-message")
    expect(message).to_contain_text("r1c1 and r1c4 both hold 5 (row 1)")
    expect(message).to_contain_text("r1c1 and r2c2 both hold 5 (box 1)")
    expect(message).not_to_contain_text("more clash")
    # A pair in one row and one box is one clash, naming both.
    page.get_by_role("gridcell", name="row 1, column 2,", exact=False).click()
    page.keyboard.press("5")
    expect(message).to_contain_text("r1c1 and r1c2 both hold 5 (row 1 and box 1)")
    expect(message).not_to_contain_text("r1c2 both hold 5 (box 1)")


def test_16x16_example_solves(page: Page, api):
    page.goto("/")
    examples = api.get("/api/examples").get_json()
    example = next(e for e in examples if e["size"] == 16)
    page.locator("#examples").select_option(example["id"])
    expect(page.locator("#board [role=gridcell]")).to_have_count(256)
    expect(page.locator("input[name=size][value='16']")).to_be_checked()
    expect(page.locator("#example-note")).to_have_text(example["note"])
    page.get_by_role("button", name="Solve", exact=True).click()
    expected = solve_via_api(api, example["puzzle"])
    expect(page.locator("#outcome")).to_have_text(expected["outcome"]["message"])
    solution = grid_symbols(expected["solutions"][0])
    expect(page.locator("#board [role=gridcell] .value").last).to_have_text(solution[-1])
    assert board_symbols(page) == solution
    # The board fits the window and its digits stay readable.
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    font = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#board .cell')).fontSize)")
    assert font >= 12


def test_solve_pressed_while_an_example_loads_solves_that_example(page: Page, api):
    """The server reads an example's text; a Solve pressed meanwhile waits for it."""
    examples = api.get("/api/examples").get_json()
    berry = next(e for e in examples if e["id"] == "berry")
    expected = solve_via_api(api, berry["puzzle"])
    page.goto("/")
    held = []
    page.route("**/api/parse", lambda route: held.append(route))
    page.locator("#examples").select_option("berry")
    while not held:
        page.wait_for_timeout(20)
    page.get_by_role("button", name="Solve", exact=True).click()
    held[0].continue_()
    page.unroute("**/api/parse")
    expect(page.locator("#solution-list button")).to_have_count(1)
    board_settled(page)
    assert board_symbols(page) == grid_symbols(expected["solutions"][0])
    assert page.locator("#puzzle-text").input_value() == expected["puzzle"]


def test_back_and_edits_keep_the_examples_menu_true(page: Page):
    page.goto("/")
    page.locator("#examples").select_option("berry")
    expect(page.locator("#example-note")).to_have_text("A classic with a unique solution.")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    page.locator("#examples").select_option("top95-1")
    expect(page.locator("#example-note")).to_contain_text("Norvig")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#puzzle-text")).not_to_have_value(BERRY)
    expect(page.locator("#solution-list button")).to_have_count(1)
    page.go_back()
    expect(page.locator("#puzzle-text")).to_have_value(BERRY)
    expect(page.locator("#examples")).to_have_value("berry")
    expect(page.locator("#example-note")).to_have_text("A classic with a unique solution.")
    # A link to a puzzle that is no example leaves the menu at none.
    other = "1" + BERRY[1:]
    page.goto(f"/?p={other}&sol=1&choose=mrv")
    expect(page.locator("#puzzle-text")).to_have_value(other)
    expect(page.locator("#examples")).to_have_value("")
    expect(page.locator("#example-note")).to_be_hidden()


def test_markup_typed_anywhere_is_shown_as_text(page: Page):
    # The puzzle field, a paste on the page, the board keys and a shared link
    # all carry user text; none of it may become markup.
    page.goto("/")
    expect(page.locator("#board [role=gridcell]")).to_have_count(81)
    page.locator("#puzzle-text").fill(MARKUP)
    page.get_by_role("button", name="Load", exact=True).click()
    message = page.locator("#board-message")
    expect(message).to_be_visible()
    assert "<" in message.text_content()
    paste(page, MARKUP)
    page.locator("#board [role=gridcell]").first.focus()
    page.keyboard.type("<b>")
    page.goto("/?p=" + MARKUP.replace("#", "%23") + "&sol=1")
    expect(page.locator("#board-message")).to_be_visible()
    assert page.evaluate("window.__xss") is None
    assert page.locator("#bold").count() == 0 and page.locator("main img, body img").count() == 0


def test_text_not_loaded_yet_and_a_bad_links_puzzle_are_kept(page: Page):
    page.goto("/")
    box = page.locator("#puzzle-text")
    typo = BERRY[:60] + "q" + BERRY[61:]
    box.fill(typo)
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#board-message")).to_contain_text("line 1, column 61")
    expect(page.locator("#board-message")).to_contain_text("'q' at line 1, column 61 is not a digit of a 9×9 puzzle")
    # The box shows the board's puzzle again; the text that failed is one press away, a reload included.
    expect(box).to_have_value("." * 81)
    page.reload()
    expect(box).to_have_value("")
    page.get_by_role("button", name="Back to my text").click()
    expect(box).to_have_value(typo)
    expect(page.locator("#box-note")).to_have_text("Not on the board yet: press Load to put it there.")

    # Edits on the board, a new example, Solve, Back: the box keeps the text until it is loaded.
    board = page.locator("#board [role=gridcell]")
    board.nth(2).click()
    page.keyboard.press("4")
    expect(board.nth(2)).to_have_text("4")
    expect(box).to_have_value(typo)
    page.locator("#examples").select_option("berry")
    expect(page.locator("#example-note")).to_be_visible()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    page.go_back()
    expect(box).to_have_value(typo)
    page.reload()
    expect(box).to_have_value(typo)
    # Fixed and loaded, the box mirrors the board again.
    box.fill(BERRY)
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#box-note")).to_be_hidden()
    board.nth(0).click()
    page.keyboard.press("9")
    expect(box).to_have_value("92" + BERRY[2:])

    # A link whose puzzle cannot be read: the message, and its text in the box to fix.
    page.goto("/?p=12x4&sol=1&choose=mrv&step=3")
    expect(page.locator("#board-message")).to_contain_text("Could not read the link's puzzle")
    expect(page.locator("#board-message")).to_contain_text("The link's puzzle is in the Puzzle string box")
    expect(box).to_have_value("12x4")


def test_unread_text_the_page_put_in_the_box_gives_way_to_the_next(page: Page):
    box = page.locator("#puzzle-text")
    message = page.locator("#board-message")
    page.goto("/?p=abc")
    expect(box).to_have_value("abc")
    # Why it could not be read is said under the box too, where the text is fixed.
    expect(page.locator("#box-note")).to_have_text(
        "Could not read the link's puzzle: found 3 cells, but a puzzle has a square of a square of cells: "
        "16 (4×4), 81 (9×9), 256 (16×16), 625 (25×25). Fix it here and press Load.")
    # A second bad link replaces the first's text, which the user never typed.
    page.goto("/?p=xyz1")
    expect(message).to_contain_text("The link's puzzle is in the Puzzle string box")
    expect(box).to_have_value("xyz1")
    # So does a bad paste, and after a reload too.
    page.reload()
    expect(box).to_have_value("xyz1")
    paste(page, "1" * 100)
    expect(message).to_contain_text("The pasted puzzle is in the Puzzle string box")
    expect(box).to_have_value("1" * 100)
    # A good puzzle on the board: the box mirrors it again, with no "not loaded" note.
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=0")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 0 of"))
    expect(box).to_have_value(BERRY)
    expect(page.locator("#box-note")).to_be_hidden()
    # Once edited, the text is the user's own: a bad paste no longer replaces it.
    page.goto("/?p=abc")
    box.fill("abc1")
    expect(page.locator("#box-note")).to_have_text("Not on the board yet: press Load to put it there.")
    paste(page, "garbage")
    expect(message).to_contain_text("keeps the text you typed there")
    expect(box).to_have_value("abc1")
    # A puzzle typed on the board is a new puzzle too: unread text gives way to it.
    box.fill("")                                 # emptied, the box is no longer the user's text
    page.goto("/?p=abc")
    expect(box).to_have_value("abc")
    page.locator("#board [role=gridcell]").nth(0).click()
    page.keyboard.press("5")
    expect(box).to_have_value("5" + "." * 80)
    expect(page.locator("#box-note")).to_be_hidden()


def test_a_paste_far_past_any_puzzle_says_how_long_it_is(page: Page):
    page.goto("/")
    paste(page, "." * 300_000)
    message = page.locator("#board-message")
    expect(message).to_contain_text(
        "Could not read the pasted puzzle: it is 300,000 characters long, more than the server takes; "
        "a puzzle has at most 625 cells (25×25)")
    expect(message).not_to_contain_text("413")


def test_the_box_keeps_typed_text_against_bad_pastes_links_and_slow_loads(page: Page):
    page.goto("/")
    box = page.locator("#puzzle-text")
    note = page.locator("#box-note")
    box.fill("my careful work 1.2.3")
    paste(page, "garbage xyz!!")
    expect(page.locator("#board-message")).to_contain_text("keeps the text you typed there")
    expect(box).to_have_value("my careful work 1.2.3")
    page.goto("/?p=abc!def&sol=2&choose=first")
    expect(page.locator("#board-message")).to_contain_text("Could not read the link's puzzle")
    expect(box).to_have_value("my careful work 1.2.3")
    # The unreadable link's settings are still taken.
    expect(page.locator("#solutions")).to_have_value("2")
    expect(page.locator("#choose")).to_have_value("first")

    # Typed on while the server reads a Load: what was typed after stays, with its note.
    held = []
    page.route("**/api/parse", lambda route: held.append(route))
    box.fill(BERRY)
    page.get_by_role("button", name="Load", exact=True).click()
    page.wait_for_function("() => true")
    box.press("End")
    page.keyboard.type(" next")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#board [role=gridcell]").nth(1)).to_have_text("2")
    expect(box).to_have_value(BERRY + " next")
    expect(note).to_be_visible()
    page.unroute("**/api/parse")

    # The board's own puzzle typed again is no text of the user's; an emptied box shows the board again.
    box.fill(BERRY)
    expect(note).to_be_hidden()
    box.fill("")
    box.blur()
    expect(box).to_have_value(BERRY)


def test_a_huge_sol_is_quoted_as_written(page: Page):
    page.goto(f"/?p={BERRY}&sol=99999999999999999999999&choose=mrv&edit=1")
    expect(page.locator("#board-message")).to_contain_text(
        "sol=99999999999999999999999 is more than the server finds in one solve: 1,000 is used.")
    expect(page.locator("#solutions option:checked")).to_have_text("up to 1,000")


def test_the_selected_cell_shows_whether_the_board_has_the_keys(page: Page):
    page.goto("/")
    cell = page.locator("#board [role=gridcell]").nth(10)
    cell.click()
    ring = "(el) => getComputedStyle(el).boxShadow"
    focus = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--focus').trim()")
    with_keys = cell.evaluate(ring)
    page.locator("#puzzle-text").focus()
    without_keys = cell.evaluate(ring)
    assert with_keys != without_keys and "none" not in (with_keys, without_keys)

    def colour(shadow: str) -> tuple[int, int, int]:
        """The ring's colour as 0-255 channels, from rgb(…) or color(srgb …) as Chromium writes it."""
        if shadow.startswith("rgb"):
            return tuple(int(v) for v in re.findall(r"[\d.]+", shadow)[:3])
        return tuple(round(float(v) * 255) for v in re.findall(r"[\d.]+", shadow.split("srgb", 1)[1])[:3])

    amber = tuple(int(focus.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    assert colour(with_keys) == amber                    # the keys go to the board
    assert colour(without_keys) != amber                 # grey: they go elsewhere


def test_step_zero_says_what_items_and_options_are_in_sudoku_words(page: Page):
    page.goto("/?" + urlencode({"p": BERRY, "step": 0}))
    expect_step(page, 0)
    expect(page.locator("#why")).to_contain_text("The 19 givens are placed; 248 items still need covering.")
    expect(page.locator("#why")).to_contain_text(
        "Each item must be covered exactly once: a cell that needs a digit, or a row, column or box that "
        "needs one of its digits. An option is a digit in a cell, such as 1 in r1c1, and covers four items")
    # The cover of the item just chosen says its option (here the only one) is what this level tries.
    page.locator("#step-slider").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect_step(page, 2)
    expect(page.locator("#why")).to_contain_text("It is the one option this level can try.")

