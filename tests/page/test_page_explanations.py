"""The Sudoku page in Chromium: the why panel says what Python's explain_step says, at dead
ends, back-ups and every other step.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    ARTO,
    BERRY,
    expect_step,
    expect_why_as_python,
    first_step,
    marked_cells,
    solve_via_api,
    unit_cells,
    walk_steps,
    why_sentences,
)
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step, explain_steps, replay
from webapp.models.examples import puzzle_lines

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_dead_end_explained_as_python_explains_it(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    page.locator("#step-slider").focus()
    page.keyboard.press("d")
    first_dead = next(i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 5)  # kind 5: dead end
    expect_step(page, first_dead)
    expect(page.locator("#why .sentence").first).to_have_text(re.compile(r"^Dead end at level \d+: "))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"· level \d+ · no option left$"))
    assert why_sentences(page) == explain_step(log, first_dead)
    # The item that ran out is highlighted as a dead end on the board.
    assert marked_cells(page, ".cell.unit.dead") == unit_cells(log["events"][first_dead - 1] >> ec.KIND_BITS, 9)
    # The back-up after it: label and why panel name the same level, the one being left.
    backup = next(i + 1 for i, code in enumerate(log["events"]) if i >= first_dead and code & ec.KIND_MASK == 6)
    leaving = log["events"][backup - 1] >> ec.KIND_BITS
    for _ in range(backup - first_dead):
        page.keyboard.press("ArrowRight")
    expect_step(page, backup)
    expect(page.locator("#step-label")).to_have_text(
        re.compile(rf"· back up from level {leaving} to {leaving - 1}$"))
    taken_back = log["labels"][replay(log, backup).frames[-1].option]
    its_item = log["phrases"]["need"][replay(log, backup - 1).frames[-1].item]
    assert why_sentences(page)[0] == (f"Level {leaving} ({its_item}) has no option left to try: back up to level "
                                      f"{leaving - 1} and take back its choice, {taken_back}.")
    page.keyboard.press("d")
    page.keyboard.press("D")
    expect_step(page, first_dead)

    # Three dead ends later, and back to the previous one: still word for word.
    dead_ends = [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 5]
    for _ in range(3):
        page.keyboard.press("]")
    expect_step(page, dead_ends[3])
    page.keyboard.press("[")
    step = dead_ends[2]
    expect_step(page, step)
    assert why_sentences(page) == explain_step(log, step)

    # Other kinds of step say what Python says, too (choose, try, cover...).
    for _ in range(4):
        page.keyboard.press("ArrowRight")
        step += 1
        expect_step(page, step)
        assert why_sentences(page) == explain_step(log, step)
        # The highlighted cell or unit is that of the item the step is about.
        kind, arg = log["events"][step - 1] & ec.KIND_MASK, log["events"][step - 1] >> ec.KIND_BITS
        if kind in (0, 2, 3):                       # choose, cover, uncover: arg is the item
            assert marked_cells(page, ".cell.unit") == unit_cells(arg, 9)


def test_every_step_of_a_first_item_search_says_what_python_says(page: Page, api):
    # Choose, try, cover, uncover, solution and backup, with the "first item" rule.
    log = solve_via_api(api, "." * 16, solutions=2, choose="first")["log"]
    assert log["choose"] == "first" and {code & ec.KIND_MASK for code in log["events"]} >= {0, 1, 2, 3, 4, 6}
    page.goto(f"/?p={'.' * 16}&sol=2&choose=first&step=1")
    expect_step(page, 1)
    page.locator("#step-slider").focus()
    said = walk_steps(page, 1, len(log["events"]))
    for (step, lines), sentences in zip(explain_steps(log), said, strict=True):
        assert sentences == lines, f"step {step}"


def test_the_why_panel_speaks_for_a_step_that_rests_not_while_moving(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    why = page.locator("#why")
    page.locator("#step-slider").focus()
    page.wait_for_timeout(600)
    page.keyboard.press("ArrowRight")          # one step after a rest: heard at once
    expect_step(page, 41)
    expect(why).to_have_attribute("aria-live", "polite")
    # A quick run of steps: silent meanwhile. The panel's attribute is read as it changes
    # (a busy machine can let the run end and the rest begin before a poll sees "off").
    why.evaluate("""(panel) => {
        window.liveValues = [];
        new MutationObserver(() => window.liveValues.push(panel.getAttribute("aria-live")))
            .observe(panel, { attributes: true, attributeFilter: ["aria-live"] });
    }""")
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    expect_step(page, 47)
    page.wait_for_function("window.liveValues.includes('off')")
    # At rest it is heard again, and the panel then says this step.
    expect(why).to_have_attribute("aria-live", "polite")
    page.keyboard.press(" ")                    # playing: silent
    expect(why).to_have_attribute("aria-live", "off")
    page.keyboard.press(" ")
    expect(why).to_have_attribute("aria-live", "polite")


def test_end_lines_and_cover_counts_say_what_python_says(page: Page, api):
    small = "1..4..1.2.4....."
    log = api.post("/api/solve", json={"puzzle": small, "solutions": None}).get_json()["log"]
    events = log["events"]
    last_try = max(k for k, code in enumerate(events, start=1) if code & ec.KIND_MASK == 1)
    late = [k for k, code in enumerate(events, start=1) if code & ec.KIND_MASK == 5 and k > last_try][-1]
    zero_cover = first_step(log, 2, lambda text: "no option" in text, line=0)
    for step in (late, zero_cover, zero_cover + 1, len(events)):
        expect_why_as_python(page, small, "all", log, step)
    # A choose step whose first runner-up ties says how ties go, as Python does.
    top49 = puzzle_lines("norvig_top95.txt")[48]
    tied_log = api.post("/api/solve", json={"puzzle": top49}).get_json()["log"]
    expect_why_as_python(page, top49, "1", tied_log, first_step(tied_log, 0, lambda text: text.endswith("first in the item list (cells, then rows, columns, boxes).")))
    # A dead end that backs up over several levels says why they are skipped, as Python does.
    hardest = puzzle_lines("norvig_hardest.txt")[0]
    far_log = api.post("/api/solve", json={"puzzle": hardest}).get_json()["log"]
    expect_why_as_python(page, hardest, "1", far_log, first_step(far_log, 5, lambda text: "backs up past them." in text))
    two = puzzle_lines("norvig_top95.txt")[3]         # its dead end at step 1,062 skips exactly two levels
    two_log = api.post("/api/solve", json={"puzzle": two}).get_json()["log"]
    expect_why_as_python(page, two, "1", two_log, first_step(two_log, 5, lambda text: re.search(r"Levels \d+ and \d+ ", text)))
    stopped = solve_via_api(api, BERRY)["log"]
    expect_why_as_python(page, BERRY, "1", stopped, len(stopped["events"]))
    assert why_sentences(page)[-1].startswith("The recording ends here.")


def test_learner_sentences_say_what_python_says(page: Page, api):
    # Under "first item", a dead end whose back-up frees none of its options says so;
    # a third try names the two before it; covers name the few options that move. (An easy
    # puzzle: its search under "first item" is 2,006 steps, top95's first is a million.)
    first = puzzle_lines("norvig_easy50.txt")[0]
    log = solve_via_api(api, first, choose="first")["log"]
    lesson = first_step(log, 5, lambda text: text.startswith("Taking back the choice at level"))
    third = first_step(log, 1, lambda text: "Options 1 and 2 were tried and taken back." in text, line=0)
    named = first_step(log, 2, lambda text: re.search(r"the other items: .+, .+\.$", text), line=0)
    for step in (lesson, third, named):
        expect_why_as_python(page, first, "1", log, step, choose="first")
        if step == lesson:
            expect(page.locator("#why .sentence").last).to_have_text(re.compile(r"not to the cause"))
    # A solution the search goes on from says so.
    small = "1..4..1.2.4....."
    all_log = solve_via_api(api, small, solutions=None)["log"]
    solution = first_step(all_log, 4, lambda text: text.endswith("backs up to look for another."), line=0)
    expect_why_as_python(page, small, "all", all_log, solution)


def test_the_small_dead_end_example_shows_its_back_up_beside_the_links(page: Page, api):
    page.goto("/")
    page.locator("#examples").select_option("dead-end-4")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step [\d,]+ of [\d,]+"))
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    page.keyboard.press("d")                      # the first dead end
    puzzle = next(e for e in api.get("/api/examples").get_json() if e["id"] == "dead-end-4")["puzzle"]
    log = solve_via_api(api, puzzle)["log"]
    dead = next(k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == 5)
    expect_step(page, dead)
    expect(page.locator("#why .sentence").first).to_have_text("Dead end at level 6: row 4 has no place left for a 2.")
    assert why_sentences(page) == explain_step(log, dead)
    assert why_sentences(page)[-1].startswith("Back to level 0: option 2 of 2, ")
    expect(page.locator("#links-panel")).to_be_visible()
    # Opened, the picture scrolls itself (not the page) to the header that ran out, far to the right.
    page.locator("#links-panel summary").click()
    header = page.locator("#links g.node.header.focus")
    expect(header).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")             # a step drawn with the panel open
    expect_step(page, dead)
    inside = page.evaluate("""() => {
        const box = document.querySelector('#links .links-scroll').getBoundingClientRect();
        const head = document.querySelector('#links g.node.header.focus').getBoundingClientRect();
        const name = document.querySelector('#links .row-label').getBoundingClientRect();
        return {scrolled: document.querySelector('#links .links-scroll').scrollLeft,
                fits: head.left >= box.left && head.right <= box.right,
                named: name.left >= box.left && name.right <= box.right};
    }""")
    assert inside["fits"] and inside["scrolled"] > 0, inside
    # The option rows keep their names at the left edge of the scrolled picture.
    assert inside["named"], inside

