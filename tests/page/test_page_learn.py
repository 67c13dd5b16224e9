"""The learner's modes in Chromium: predict (&predict=1) and the guided tour (&tour=1), on the Sudoku page and on /cover.
What the page should say is read from the server's own log (the test client's)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.coverhelpers import cover_via_api
from tests.pagehelpers import PRESENTING, expect_step, solve_via_api
from webapp.engine import exact_cover as ec

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

# Top95's second puzzle: guesses, forced moves and dead ends with several culprits.
PUZZLE = "52...6.........7.13...........4..8..6......5...........418.........3..2...87....."


def questions(log):
    """The steps predict mode asks at (its forced moves skipped), as (kind, step, item, d, dead end)."""
    asked, chooses, dead = [], 0, 0
    for i, code in enumerate(log["events"]):
        kind, arg = code & ec.KIND_MASK, code >> ec.KIND_BITS
        if kind == 0:
            if log["sizes"][chooses] != 1:
                asked.append(("item", i, arg, log["sizes"][chooses], None))
            chooses += 1
        elif kind == 5:
            if log["facts"]["dead_ends"]["culprit_count"][dead]:
                asked.append(("culprit", i, arg, 0, dead))
            dead += 1
    return asked


def keys_to_cell(page, cell: int):
    """With a board cell focused: the arrows to `cell` (from the top left corner)."""
    for _ in range(8):
        page.keyboard.press("ArrowUp")
    page.keyboard.press("Home")
    for _ in range(cell // 9):
        page.keyboard.press("ArrowDown")
    for _ in range(cell % 9):
        page.keyboard.press("ArrowRight")
    expect(page.locator(f"#board [data-cell='{cell}']")).to_be_focused()


def tree_point(page, log, at: int, level: int) -> dict:
    """Where the search tree draws the node tried at `level` on the path at step `at` (canvas px)."""
    depth, path, node = 0, [], -1
    for kind in (code & ec.KIND_MASK for code in log["events"][:at]):
        if kind == 0:
            depth += 1
        elif kind == 1:                                   # a try: a node at level depth - 1
            node += 1
            del path[depth - 1:]
            path.append(node)
        elif kind == 6:                                   # a back-up leaves its level
            depth -= 1
    n = path[level]
    size = log["facts"]["tries"]["nodes"][n]
    view = json.loads(page.locator("#search-tree").get_attribute("data-view"))
    left, right = max(n, view["left"]), min(n + size, view["to"])
    return {"x": ((left + right) / 2 - view["left"]) * view["across"], "y": (level + 0.5 - view["top"]) * view["down"]}


def test_predict_on_the_sudoku_page_is_answered_on_the_board(page, api):
    log = solve_via_api(api, PUZZLE)["log"]
    asked = questions(log)
    _, first, item, d, _ = asked[0]
    assert item < 81 and asked[1][0] == "item" and asked[1][2] < 81, "the first two answers are cells"
    page.goto("/?" + urlencode({"p": PUZZLE, "predict": "1"}))
    expect_step(page, 0)                                   # a search is predicted from its start
    expect(page.locator("#btn-predict")).to_have_attribute("aria-pressed", "true")
    panel = page.locator("#predict-panel")
    expect(panel).to_contain_text("Play or step forward")
    page.locator("#step-slider").focus()
    page.keyboard.press("End")                             # no way past a question: it stops there
    expect_step(page, first)
    expect(panel.locator(".predict-question")).to_have_text(re.compile("^Which item will the search choose next?"))
    expect(page.locator("#predict-item")).to_have_count(0)   # no menu: the board answers
    # A click on a cell opens the picker over the board: the cell's item, its row's, column's and box's digits.
    other = item + 1 if item % 9 < 8 else item - 1
    page.locator(f"#board [data-cell='{other}']").click()
    picker = page.locator("#predict-picker")
    expect(picker).to_be_visible()
    expect(picker.locator(".pick-cell")).to_have_text(log["phrases"]["need"][other])
    row = picker.locator(".pick-group").first
    expect(row.locator(".pick-unit")).to_have_text(f"Row {other // 9 + 1} needs")
    row.locator("button").first.hover()
    expect(page.locator(".predict-mark")).to_have_count(9)  # the row outlined on the board
    unit = row.locator("button").first.get_attribute("aria-label")
    row.locator("button").first.click()                    # a wrong answer: a row's digit
    verdict = panel.locator(".predict-verdict")
    expect(verdict).to_have_attribute("data-right", "false")
    expect(verdict).to_contain_text(f"Not that one: “{unit}”")
    expect(verdict).to_contain_text(f"The search chooses “{log['phrases']['need'][item]}”")
    expect(picker).to_be_hidden()
    expect(page.locator("#predict-score")).to_have_text("Score: 0 right of 1")
    expect(page.locator("#board-hint")).to_be_hidden()    # an answer, not a try at editing the replay
    page.click("#predict-next")
    expect_step(page, first + 1)
    # The next question with the keys: to the board, the arrows to the cell, Enter, Enter on its item.
    _, at, item, d, _ = asked[1]
    page.locator("#step-slider").focus()
    page.keyboard.press("End")
    expect_step(page, at)
    page.click("#predict-on-board")
    keys_to_cell(page, item)
    page.keyboard.press("Enter")
    expect(picker.locator(".pick-cell")).to_be_focused()
    page.keyboard.press("Enter")
    expect(verdict).to_have_text(f"Right: the search chooses “{log['phrases']['need'][item]}”, with {d} options, the fewest.")
    expect(page.locator("#predict-score")).to_have_text("Score: 1 right of 2")
    assert "predict=1" in page.url
    # A row's digit with the keys (r, then the digit), opened from the address at the question.
    _, at, item, d, _ = next(q for q in asked if q[0] == "item" and 81 <= q[2] < 162)
    row_of, digit = divmod(item - 81, 9)
    _, culprit_at, empty, _, dead = next(q for q in asked if q[0] == "culprit" and q[1] > at)
    page.goto("/?" + urlencode({"p": PUZZLE, "predict": "1", "step": at}))
    expect_step(page, at)
    page.click("#predict-on-board")
    keys_to_cell(page, row_of * 9 + 4)
    page.keyboard.press("r")
    expect(page.locator(".predict-mark")).to_have_count(9)
    page.keyboard.press(str(digit + 1))
    expect(verdict).to_have_attribute("data-right", "true")
    expect(verdict).to_contain_text(f"Right: the search chooses “{log['phrases']['need'][item]}”")
    # A culprit question: a click on a culprit's node in the search tree answers it.
    page.click("#predict-next")
    page.locator("#step-slider").focus()
    page.keyboard.press("End")
    expect_step(page, culprit_at)
    expect(panel.locator(".predict-question")).to_have_text(
        f"Dead end ahead: {log['phrases']['empty'][empty]}. Which earlier choice is a culprit? "
        "Click its digit on the board, its node in the search tree, or its level below.")
    start = sum(log["facts"]["dead_ends"]["culprit_count"][:dead])
    level = log["facts"]["dead_ends"]["culprits"][start]
    label = panel.locator(f".predict-path button[data-level='{level}']").text_content().split(": ", 1)[1]
    page.locator("#search-tree").click(position=tree_point(page, log, culprit_at, level))
    expect(verdict).to_have_attribute("data-right", "true")
    expect(verdict).to_contain_text(f"Right: {label} at level {level} is ")
    expect_step(page, culprit_at)                           # the click answered: the replay stayed
    page.click("#predict-next")
    expect(page.locator("#why")).to_contain_text("Dead end at level")
    # Off: the panel goes, the address forgets it, and the replay plays past the questions.
    page.click("#btn-predict")
    expect(panel).to_be_hidden()
    expect(page.locator("#btn-predict")).to_have_attribute("aria-pressed", "false")
    page.locator("#step-slider").focus()
    page.keyboard.press("End")
    expect_step(page, len(log["events"]))
    page.wait_for_function("() => !location.search.includes('predict')")


def test_predict_and_embed_on_the_cover_page(page, api):
    answer = cover_via_api(api, builtin="queens", params={"n": 6})
    log = answer["log"]
    _, at, item, d, _ = questions(log)[0]
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 6, "predict": "1"}))
    expect_step(page, 0)
    page.click("#btn-play")
    expect_step(page, at)
    expect(page.locator("#btn-play")).to_have_text("Play")        # play stopped at the question
    page.select_option("#predict-item", str(item))
    page.click("#predict-answer")
    verdict = page.locator("#predict-panel .predict-verdict")
    expect(verdict).to_have_attribute("data-right", "true")
    expect(verdict).to_contain_text(f"“{log['phrases']['need'][item]}”")
    expect(page.locator("#predict-score")).to_have_text("Score: 1 right of 1")
    # The page's Embed button gives this problem's player, from the step on screen.
    page.click("#btn-embed")
    snippet = page.locator("#embed-snippet").input_value()
    assert f"/embed?builtin=queens&amp;n=6&amp;sol=1&amp;choose=mrv&amp;from={at}&amp;to={len(log['events'])}\"" in snippet


def test_the_guided_tour_walks_the_key_moments_with_next_back_and_keys_and_while_presenting(page, api):
    log = solve_via_api(api, PUZZLE)["log"]
    kinds = [code & ec.KIND_MASK for code in log["events"]]
    first_dead = kinds.index(5) + 1
    page.goto("/?" + urlencode({"p": PUZZLE, "tour": "1"}))
    heading = page.locator("#tour-heading")
    expect(heading).to_have_text(re.compile(r"^1 of \d+: The search$"))
    count = int(re.match(r"^1 of (\d+)", heading.text_content()).group(1))
    expect_step(page, 0)
    expect(page.locator("#btn-tour")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tour-back")).to_be_disabled()
    page.click("#tour-next")
    expect(heading).to_have_text(f"2 of {count}: The first choice")
    expect_step(page, kinds.index(0) + 1)
    expect(page.locator("#why")).to_contain_text("Level 0:")       # the Why panel shows the moment's step
    page.locator("#step-slider").focus()
    while "The first dead end" not in heading.text_content():
        before = heading.text_content()
        page.keyboard.press("n")
        expect(heading).not_to_have_text(before)
    expect_step(page, first_dead)
    expect(page.locator("#tour-panel .sentence")).to_have_count(2)
    expect(page.locator("#tour-panel .sentence").nth(1)).to_have_text(re.compile("^(One choice is|The fewest choices) to blame"))
    page.keyboard.press("b")
    expect(heading).not_to_contain_text("The first dead end")
    assert "tour=1" in page.url
    # Presenting: the tour stays beside the board, and its keys work.
    page.click("#btn-present")
    expect(page.locator("html")).to_have_class(PRESENTING)
    expect(page.locator("#tour-panel")).to_be_visible()
    page.keyboard.press("End")
    for _ in range(count):
        page.keyboard.press("n")
    expect(heading).to_have_text(f"{count} of {count}: The solution")
    expect(page.locator("#tour-next")).to_be_disabled()
    expect_step(page, kinds.index(4) + 1)
    page.keyboard.press("Escape")
    # Predict mode takes over from the tour; the address keeps only predict.
    page.click("#btn-predict")
    expect(page.locator("#tour-panel")).to_be_hidden()
    expect(page.locator("#btn-tour")).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("() => location.search.includes('predict=1') && !location.search.includes('tour=')")


def test_the_guided_tour_on_the_cover_page(page):
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 6, "tour": "1"}))
    heading = page.locator("#tour-heading")
    expect(heading).to_have_text(re.compile(r"^1 of \d+: The search$"))
    page.click("#tour-next")
    expect(heading).to_contain_text("The first choice")
    expect(page.locator("#tour-panel .sentence")).to_have_text(re.compile("^The search starts with “"))
    page.click("#tour-close")
    expect(page.locator("#tour-panel")).to_be_hidden()
