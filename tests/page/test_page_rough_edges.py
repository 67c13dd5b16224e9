"""The rough edges found when trying the pages (issue 19, item 8), each as a user meets it.

Typing runs on from cell to cell; a failed Load leaves the box showing the
board (the text stays one press away); presenting at 1024×768 shows the whole
explanation; the overview strip is on screen at 1280×800 once solved; the links
picture scrolls with the keys and axe finds nothing serious on either page;
long item names wrap in the cover view.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import expect_board
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step
from webapp.models.examples import puzzle_lines

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
STEP_LABEL = re.compile(r"^step ([\d,]+) of ([\d,]+)")


def board_symbols(page: Page) -> str:
    """The board as the one-line form: one symbol per cell, '.' for a blank."""
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")
    return "".join(t or "." for t in page.locator("#board [role=gridcell] .value").all_text_contents())


def solve_log(api, path: str, **body) -> dict:
    """The step log the API gives for a solve (/api/solve) or a cover problem (/api/cover)."""
    answer = api.post(path, json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["log"]


def longest_dead_ends(log: dict, count: int = 3) -> list[int]:
    """The dead ends (steps from 1) whose explanation, as presenting shows it, is longest:
    the dead end, the first three options ruled out (the rest fold) and the way back."""
    def shown(step: int) -> int:
        lines = explain_step(log, step)
        return len(lines[0]) + sum(map(len, lines[1:4])) + len(lines[-1])
    dead_ends = [step for step, code in enumerate(log["events"], 1) if code & ec.KIND_MASK == 5]
    return sorted(dead_ends, key=shown, reverse=True)[:count]


def focused_cell(page: Page) -> int:
    """The index of the board cell that has the focus (-1: none)."""
    return page.evaluate("Number(document.activeElement.closest('#board [data-cell]')?.dataset.cell ?? -1)")


# ---- 1. typing runs on to the next cell -----------------------------------------------


def test_typing_a_digit_moves_on_to_the_next_cell_in_reading_order(page: Page):
    page.goto("/")
    cells = page.locator("#board [role=gridcell]")
    cells.nth(0).click()
    # A whole row typed as it reads, then on to the next row: no arrow keys needed.
    page.keyboard.type("530070000" "6")
    assert board_symbols(page) == "53..7....6" + "." * 71
    assert focused_cell(page) == 10
    # The one Tab stop follows the focus.
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_have_count(1)
    expect(cells.nth(10)).to_have_attribute("tabindex", "0")
    # Backspace and Delete clear in place: the focus stays where it is.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Backspace")
    assert focused_cell(page) == 9
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Delete")
    assert focused_cell(page) == 1
    assert board_symbols(page) == "5...7" + "." * 76
    # The last cell keeps the focus: a key too many changes only that cell.
    cells.nth(79).click()
    page.keyboard.type("897")
    assert focused_cell(page) == 80
    assert board_symbols(page).endswith("87")
    # A key that fills nothing (a letter of a larger board) moves nothing either.
    cells.nth(20).click()
    page.keyboard.press("a")
    assert focused_cell(page) == 20
    # A whole 4×4 puzzle typed in one go, wrapping at each row's end.
    page.locator("label:has(input[name=size][value='4'])").click()
    page.locator("#board [role=gridcell]").nth(0).click()
    page.keyboard.type("1..4..1..1..4..1")
    assert board_symbols(page) == "1..4..1..1..4..1"
    expect(page.locator("#puzzle-text")).to_have_value("1..4..1..1..4..1")


def test_keys_on_a_replayed_board_still_move_nothing(page: Page):
    page.goto("/?" + urlencode({"p": BERRY, "step": 5}))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 5 of"))
    page.locator("#board [role=gridcell]").nth(0).dispatch_event("keydown", {"key": "5"})
    expect(page.locator("#board-hint")).to_contain_text("press Edit puzzle")
    assert focused_cell(page) == -1
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_have_count(0)


# ---- 2. a failed Load leaves the box showing the board ---------------------------------


def test_a_failed_load_shows_the_board_in_the_box_and_keeps_the_text_one_press_away(page: Page):
    page.goto("/")
    cells = page.locator("#board [role=gridcell]")
    cells.nth(0).click()
    page.keyboard.type("93")
    on_board = "93" + "." * 79
    box = page.locator("#puzzle-text")
    note = page.locator("#box-note")
    restore = page.get_by_role("button", name="Back to my text")
    expect(restore).to_be_hidden()
    typo = BERRY[:60] + "q" + BERRY[61:]
    box.fill(typo)
    page.get_by_role("button", name="Load", exact=True).click()
    reason = "Could not read the puzzle text: 'q' at line 1, column 61 is not a digit of a 9×9 puzzle"
    expect(page.locator("#board-message")).to_contain_text(reason)
    # The box and the board agree again; the reason is said under the box too.
    expect(box).to_have_value(on_board)
    assert board_symbols(page) == on_board
    expect(note).to_contain_text(reason)
    expect(note).to_contain_text("The box shows the board's puzzle; your text is kept.")
    expect(restore).to_be_visible()
    # A reload keeps the text one press away.
    page.reload()
    expect(box).to_have_value(on_board)
    expect(restore).to_be_visible()
    # Back in the box, with the character the reason names selected, ready to fix.
    restore.click()
    expect(box).to_have_value(typo)
    expect(box).to_be_focused()
    assert box.evaluate("(b) => b.value.slice(b.selectionStart, b.selectionEnd)") == "q"
    expect(note).to_have_text("Not on the board yet: press Load to put it there.")
    expect(restore).to_be_hidden()
    page.keyboard.type("3")                     # typing replaces the selected character
    page.get_by_role("button", name="Load", exact=True).click()
    fixed = BERRY[:60] + "3" + BERRY[61:]
    expect(box).to_have_value(fixed)
    expect_board(page, fixed)
    expect(note).to_be_hidden()
    expect(restore).to_be_hidden()


def test_back_to_my_text_never_replaces_text_the_user_typed_since(page: Page):
    page.goto("/")
    box = page.locator("#puzzle-text")
    restore = page.get_by_role("button", name="Back to my text")
    box.fill("12345")
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#board-message")).to_contain_text("Could not read the puzzle text: found 5 cells")
    expect(box).to_have_value("." * 81)
    # New text typed in the box is the user's own: the offer steps aside while it is there…
    box.fill("hello")
    expect(restore).to_be_hidden()
    expect(page.locator("#box-note")).to_have_text("Not on the board yet: press Load to put it there.")
    # … and comes back once the box shows the board again.
    box.fill("")
    box.blur()
    expect(box).to_have_value("." * 81)
    expect(restore).to_be_visible()
    # A second failed Load replaces the first: its text is the one kept.
    box.fill("abc")
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.locator("#box-note")).to_contain_text("Could not read the puzzle text: found 3 cells")
    restore.click()
    expect(box).to_have_value("abc")
    # A paste that fails while the box shows the board still puts its text in the box to fix.
    box.fill("")
    box.blur()
    page.evaluate("""(text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.body.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
    }""", "xyz")
    expect(box).to_have_value("xyz")
    expect(page.locator("#board-message")).to_contain_text("The pasted puzzle is in the Puzzle string box")


# ---- 3. presenting at 1024×768 shows the whole explanation -----------------------------

PRESENTING = re.compile(r"\bpresenting\b")


def expect_whole_why_on_screen(page: Page, path: str | None, step: int, height: int):
    """Open the problem's link at the step, or (no path) seek the page on screen to it with its
    slider: a page load a dead end cost more Chromium CPU than the checks."""
    if path is None:
        page.locator("#step-slider").fill(str(step))
    else:
        page.goto(f"{path}&step={step}")
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of"))
    if "presenting" not in (page.locator("html").get_attribute("class") or ""):
        page.locator("#step-slider").focus()
        page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    back = page.locator("#why .sentence[data-role=back]")
    expect(back).to_be_visible()
    # Presenting keeps to the essentials: the options ruled out more than once are not shown there.
    expect(page.locator("#why .why-body > :visible").last).to_have_attribute("data-role", "back")
    expect(page.locator("#why details.also")).to_be_hidden()
    box = back.bounding_box()
    assert page.evaluate("scrollY") == 0
    assert box["y"] + box["height"] <= height, f"step {step}: the way back ends at {box['y'] + box['height']}"


def test_presenting_at_1024x768_shows_a_dead_ends_whole_explanation(page: Page, api):
    page.set_viewport_size({"width": 1024, "height": 768})
    top49 = puzzle_lines("norvig_top95.txt")[48]
    log = solve_log(api, "/api/solve", puzzle=top49, solutions=1, choose="mrv")
    link = "/?" + urlencode({"p": top49, "sol": 1, "choose": "mrv"})
    for k, step in enumerate(longest_dead_ends(log)):
        expect_whole_why_on_screen(page, None if k else link, step, 768)
    # The board is still the screen's height less what the panels beside it need.
    board = page.locator("#board").bounding_box()
    why = page.locator("#why").bounding_box()
    assert board["height"] >= 540 and why["x"] >= board["x"] + board["width"]

    log = solve_log(api, "/api/cover", builtin="queens", params={"n": 8}, solutions=1, choose="mrv")
    link = "/cover?" + urlencode({"builtin": "queens", "n": 8, "sol": 1, "choose": "mrv"})
    for k, step in enumerate(longest_dead_ends(log)):
        expect_whole_why_on_screen(page, None if k else link, step, 768)


# ---- 4. the overview strip is on screen at 1280×800 once solved ----------------------


def expect_replay_and_strip_on_screen(page: Page, picture: str):
    """After a solve the page scrolled itself (never the user) so that the board or
    picture's top, the play buttons and the whole overview strip with its legend are in view."""
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    expect(page.locator(".overview")).to_be_in_viewport(ratio=1)
    expect(page.locator("#player .buttons")).to_be_in_viewport(ratio=1)
    top = page.locator(picture).bounding_box()["y"]
    assert top >= 0, f"{picture} starts {-top}px above the screen"


def test_the_overview_strip_is_in_view_at_1280x800_once_solved(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/")
    page.locator("#examples").select_option("top95-hard")
    expect(page.locator("#examples")).to_have_value("top95-hard")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    expect_replay_and_strip_on_screen(page, "#board")
    # The board kept its size: it is the screen's height less the player and strip.
    assert page.locator("#board").bounding_box()["height"] >= 440
    # A shared link lands the same way.
    page.goto("/?" + urlencode({"p": BERRY, "step": 40}))
    expect_replay_and_strip_on_screen(page, "#board")

    for problem in ("queens", "pentominoes", "knuth"):
        page.goto("/cover")
        page.locator("#problem").select_option(problem)
        page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#outcome")).to_have_text(re.compile(r"^Solved"))
        expect_replay_and_strip_on_screen(page, "#picture")
        assert page.locator("#picture svg").bounding_box()["height"] >= 300
        expect(page.locator("#placed")).to_be_in_viewport(ratio=1)


# ---- 5. the links picture scrolls with the keys; axe finds nothing serious -------------

AXE = Path(__file__).parent.parent / "vendor" / "axe.min.js"
AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' '))}));
}"""
FOUR = "1..4..1..1..4..1"


@pytest.fixture
def axe_page(browser, base_url):
    """A 1280×800 page whose context lets Playwright add axe-core's script (the app's CSP forbids
    inline scripts, as it should; the test lifts it for its own tool only)."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800}, bypass_csp=True)
    yield context.new_page()
    context.close()


def serious_violations(page: Page) -> list[dict]:
    """What axe-core finds on the page as it is now, at the serious or critical level."""
    page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(AXE_RUN) if v["impact"] in ("serious", "critical")]


def all_violations(page: Page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(AXE_RUN)


def test_the_links_picture_scrolls_with_the_keys_and_keeps_the_replay_keys_elsewhere(page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/?" + urlencode({"p": FOUR, "sol": 1, "choose": "mrv", "step": 10}))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))
    page.locator("#links-panel summary").click()
    scroller = page.get_by_role("region", name="Dancing links diagram")
    expect(scroller).to_be_visible()
    # Reached with Tab, from the tools above it.
    page.get_by_role("button", name="Animate again").focus()
    for _ in range(3):
        if scroller.evaluate("(el) => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(scroller).to_be_focused()
    size = scroller.evaluate("(el) => [el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight]")
    assert size[0] > 0 and size[1] > 0                 # it does scroll both ways at this size
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("PageDown")
    expect(scroller).not_to_have_js_property("scrollLeft", 0)
    expect(scroller).not_to_have_js_property("scrollTop", 0)
    # The arrows scrolled the picture; the replay stayed on its step; its other keys still work.
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))
    page.keyboard.press("End")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))
    # Let End's scroll finish first: a Home pressed mid-way can be lost to it under load.
    page.wait_for_function("(el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1",
                           arg=scroller.element_handle())
    expect(scroller).to_be_focused()
    page.keyboard.press("Home")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))    # the picture took it
    # (Where Home scrolls to is Chromium's business: under load it sometimes leaves a
    # just-finished End where it was.) The picture still scrolls with the arrows.
    before = scroller.evaluate("(el) => el.scrollTop")
    page.keyboard.press("ArrowUp" if before > 0 else "ArrowDown")
    page.wait_for_function("([el, before]) => el.scrollTop !== before", arg=[scroller.element_handle(), before])
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))
    page.keyboard.press("s")                            # a jump is no scrolling key: the replay takes it
    expect(page.locator("#step-label")).not_to_have_text(re.compile(r"^step 10 of"))
    # Elsewhere the arrows step the replay, as before.
    page.locator("#step-slider").focus()
    step = page.locator("#step-label").text_content()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#step-label")).not_to_have_text(step)


def test_axe_finds_nothing_serious_on_either_page(axe_page):
    page = axe_page
    # The Sudoku page after a solve, with the links and matrix panels open.
    page.goto("/?" + urlencode({"p": FOUR, "sol": 1, "choose": "mrv", "step": 10}))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 10 of"))
    page.locator("#links-panel summary").click()
    page.locator("#matrix-panel summary").click()
    expect(page.get_by_role("region", name="Dancing links diagram")).to_be_visible()
    expect(page.locator("#matrix")).not_to_be_empty()
    # Everything, moderate included, on the whole page: every piece of content sits in a landmark.
    assert all_violations(page) == []
    # Idle, and after a failed Load with its "Back to my text".
    page.goto("/")
    expect(page.locator("#board [role=gridcell]")).to_have_count(81)
    assert serious_violations(page) == []
    page.locator("#puzzle-text").fill("12345")
    page.get_by_role("button", name="Load", exact=True).click()
    expect(page.get_by_role("button", name="Back to my text")).to_be_visible()
    assert serious_violations(page) == []
    # The cover page after a built-in solve (its links open), and one whose placed list scrolls.
    for query in ({"builtin": "knuth"}, {"builtin": "pentominoes", "step": 300}):
        page.goto("/cover?" + urlencode(query))
        expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
        assert all_violations(page) == [], query
    page.goto("/cover")
    page.locator("#problem").select_option("queens")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Solved"))
    assert all_violations(page) == []


# ---- 6. long item names wrap in the cover view --------------------------------------

LONG_NAME = "a_very_long_item_name_for_the_first_column_of_this_problem_x"
LONG_TEXT = f"{LONG_NAME} B C D E F G\nC E F\n{LONG_NAME} D G\nB C F\n{LONG_NAME} D\nB G\nD E G\n"

# How far anything in each part of the page runs past that part's right (or left) edge, in px:
# its own scrolling overflow, and any descendant's box outside its own. The links diagram
# scrolls by design (and draws names shortened); only the text around it is measured.
OVERFLOW = """() => {
  const found = {page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
  for (const part of ['#placed', '#picture-title', '#matrix', '#why', '#results', '.links-head', '.links-list', '.side']) {
    const el = document.querySelector(part);
    if (!el || !el.offsetParent) continue;
    const box = el.getBoundingClientRect();
    let worst = el.scrollWidth - el.clientWidth;
    for (const d of el.querySelectorAll('*')) {
      if (d.closest('.links-scroll, svg, .sr-only')) continue;
      const r = d.getBoundingClientRect();
      if (r.width) worst = Math.max(worst, r.right - box.right, box.left - r.left);
    }
    found[part] = Math.round(worst);
  }
  return found;
}"""


def test_a_long_item_name_wraps_in_every_panel_of_the_cover_view(page: Page, api):
    assert len(LONG_NAME) == 60
    log = solve_log(api, "/api/cover", text=LONG_TEXT, solutions=1, choose="mrv")
    # Every step whose explanation names the long item, or an option that holds it.
    steps = [step for step in range(1, len(log["events"]) + 1)
             if any(LONG_NAME in line for line in explain_step(log, step))]
    assert len(steps) >= 5 and any(code & ec.KIND_MASK == 5 for code in (log["events"][s - 1] for s in steps))
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        # One load a width; the slider's keys walk on to each step (a load a step cost seconds).
        page.goto("/cover?" + urlencode({"text": LONG_TEXT, "sol": 1, "choose": "mrv", "step": steps[0]}))
        expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {steps[0]} of"))
        page.locator("#step-slider").focus()
        shown = steps[0]
        for step in steps:
            for _ in range(step - shown):
                page.keyboard.press("ArrowRight")
            shown = step
            expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step} of"))
            expect(page.locator("#why .sentence").first).to_have_text(explain_step(log, step)[0])
            expect(page.locator("#links-panel")).to_be_visible()
            expect(page.locator("#matrix .mx-family h3").first).to_contain_text(LONG_NAME)
            overflow = page.evaluate(OVERFLOW)
            assert all(px <= 1 for px in overflow.values()), f"{width}px, step {step}: {overflow}"
    # The names are still there in full, wrapped: in the why panel and the list of placed options.
    expect(page.locator("#why")).to_contain_text(LONG_NAME)
