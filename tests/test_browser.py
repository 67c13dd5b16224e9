"""The page in a real Chromium: entering puzzles, solving, replaying, sharing.

Each test drives the page through Playwright as a person would (keyboard,
paste, clicks, links) and checks what it shows against the Python side: the
API's solutions, webapp.steplog.replay for the board at a step, and
webapp.steplog.explain_step for the "why" panel's sentences. The JS modules
(steplog.js, timeline.js) are also checked directly in the page.
"""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from webapp.examples import puzzle_lines
from webapp.explain import newest_choice
from webapp.steplog import Replay, explain_step, problem_of, replay

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
# A puzzle MRV solves with 160 dead ends over ~30,000 steps (more than one checkpoint).
ARTO = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
NAIVE_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
STEP_LABEL = re.compile(r"^step ([\d,]+) of ([\d,]+)")     # 12,345: grouped by thousands


def solve_via_api(api, puzzle, **fields):
    answer = api.post("/api/solve", json={"puzzle": puzzle, **fields})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def board_settled(page: Page):
    """Wait until the grid's text and classes have caught up with the canvas."""
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")


def board_symbols(page: Page) -> str:
    """The board as the one-line form: one symbol per cell, '.' for a blank."""
    board_settled(page)
    texts = page.locator("#board [role=gridcell] .value").all_text_contents()
    return "".join(t or "." for t in texts)


# What the replay canvas shows in each cell, read back from its pixels: the
# background near the top left corner, the colour at the left edge (where a
# culprit's frame is drawn), the top right corner (a culprit's flag), the strongest ink in the middle (a digit) and
# whether anything is drawn inside the cell at all (pencil marks).
CANVAS_CELLS = r"""() => {
  const canvas = document.querySelector('#board .board-canvas');
  if (canvas.hidden) return null;
  const box = canvas.getBoundingClientRect();
  const sx = canvas.width / box.width, sy = canvas.height / box.height;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const at = (x, y) => {
    const k = (Math.floor(y * sy) * canvas.width + Math.floor(x * sx)) * 4;
    return [data[k], data[k + 1], data[k + 2]];
  };
  const far = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
  const strongest = (bg, x0, y0, x1, y1) => {
    let ink = null, most = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const c = at(x, y), d = far(c, bg);
      if (d > most) { most = d; ink = c; }
    }
    return most > 120 ? ink : null;
  };
  return [...document.querySelectorAll('#board [role=gridcell]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    const x = r.left - box.left, y = r.top - box.top, w = cell.clientWidth, h = cell.clientHeight;
    const inset = Math.min(4.5, w * 0.15);
    const bg = at(x + inset, y + inset);
    return {
      bg, edge: at(x + 1, y + h / 2), flag: at(x + w - 2, y + 2),
      ink: strongest(bg, x + w * 0.2, y + h * 0.2, x + w * 0.8, y + h * 0.8),
      anything: strongest(bg, x + 4, y + 4, x + w - 4, y + h - 4) !== null,
    };
  });
}"""


def css_colour(page: Page, name: str) -> tuple[int, int, int]:
    """A colour custom property of the page (a #rrggbb value) as (r, g, b)."""
    value = page.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('{name}').trim()")
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", value), (name, value)
    return tuple(int(value[k:k + 2], 16) for k in (1, 3, 5))


def near(a, b, tolerance: int = 40) -> bool:
    return a is not None and sum(abs(x - y) for x, y in zip(a, b)) <= tolerance


def grid_symbols(values) -> str:
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def board_at(log, step) -> str:
    """What the board must show at a step, from the Python replay."""
    state = replay(log, step)
    size = log["problem"]["size"]
    cells = ["."] * (size * size)
    placed = list(log["givens"]) + [f.option for f in state.frames if f.option >= 0]
    for option in placed:
        cells[option // size] = SYMBOLS[option % size]
    return "".join(cells)


def unit_cells(item: int, size: int) -> set[int]:
    """The board cells of an item, by the numbering of docs/step-log.md."""
    n = int(size ** 0.5)
    group, rest = divmod(item, size * size)
    if group == 0:
        return {rest}
    unit = rest // size
    if group == 1:
        return {unit * size + k for k in range(size)}
    if group == 2:
        return {k * size + unit for k in range(size)}
    return {(unit // n * n + k // n) * size + unit % n * n + k % n for k in range(size)}


def marked_cells(page: Page, selector: str) -> set[int]:
    board_settled(page)
    return {int(c) for c in page.locator(f"#board {selector}").evaluate_all("(cells) => cells.map((c) => c.dataset.cell)")}


def current_step(page: Page) -> int:
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    return int(STEP_LABEL.match(page.locator("#step-label").text_content()).group(1).replace(",", ""))


def step_after(page: Page, previous: int) -> int:
    """The step shown once the page has moved away from `previous`."""
    expect(page.locator("#step-label")).not_to_have_text(re.compile(rf"^step {previous:,} of "))
    return current_step(page)


def expect_step(page: Page, step: int, total: int | None = None):
    total_text = f"{total:,}" if total is not None else r"[\d,]+"
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of {total_text}\b"))


def why_sentences(page: Page) -> list[str]:
    return page.locator("#why .sentence").all_text_contents()


def type_on_board(page: Page, puzzle: str, size: int):
    """Fill the board with the keyboard only: each symbol (a '.' for a blank) moves on to the next cell."""
    page.locator("#board [role=gridcell][tabindex='0']").focus()
    for ch in puzzle[:size * size]:
        page.keyboard.press(ch)


def paste(page: Page, text: str, on_focus: bool = False):
    """A paste on the page itself (not in a field), as Ctrl+V would send it
    (on_focus: to the element in focus, as when a board cell has it)."""
    page.evaluate(
        """([text, onFocus]) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            const target = onFocus ? document.activeElement : document.body;
            target.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
        }""",
        [text, on_focus],
    )


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


@pytest.fixture
def phone(browser, base_url):
    """A page on a 390×844 touch screen, in a context of its own."""
    context = browser.new_context(base_url=base_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    yield context.new_page()
    context.close()


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


def test_dead_end_explained_as_python_explains_it(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    page.locator("#step-slider").focus()
    page.keyboard.press("d")
    first_dead = next(i + 1 for i, code in enumerate(log["events"]) if code & 7 == 5)  # kind 5: dead end
    expect_step(page, first_dead)
    expect(page.locator("#why .sentence").first).to_have_text(re.compile(r"^Dead end at level \d+: "))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"· level \d+ · no option left$"))
    assert why_sentences(page) == explain_step(log, first_dead)
    # The item that ran out is highlighted as a dead end on the board.
    assert marked_cells(page, ".cell.unit.dead") == unit_cells(log["events"][first_dead - 1] >> 3, 9)
    # The back-up after it: label and why panel name the same level, the one being left.
    backup = next(i + 1 for i, code in enumerate(log["events"]) if i >= first_dead and code & 7 == 6)
    leaving = log["events"][backup - 1] >> 3
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
    dead_ends = [i + 1 for i, code in enumerate(log["events"]) if code & 7 == 5]
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
        kind, arg = log["events"][step - 1] & 7, log["events"][step - 1] >> 3
        if kind in (0, 2, 3):                       # choose, cover, uncover: arg is the item
            assert marked_cells(page, ".cell.unit") == unit_cells(arg, 9)


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


def test_every_step_of_a_first_item_search_says_what_python_says(page: Page, api):
    # Choose, try, cover, uncover, solution and backup, with the "first item" rule.
    log = solve_via_api(api, "." * 16, solutions=2, choose="first")["log"]
    assert log["choose"] == "first" and {code & 7 for code in log["events"]} >= {0, 1, 2, 3, 4, 6}
    page.goto(f"/?p={'.' * 16}&sol=2&choose=first&step=1")
    expect_step(page, 1)
    page.locator("#step-slider").focus()
    for step in range(1, len(log["events"]) + 1):
        expect_step(page, step)
        assert why_sentences(page) == explain_step(log, step), f"step {step}"
        page.keyboard.press("ArrowRight")


def test_step_back_and_forward_changes_the_board(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    at_40 = board_symbols(page)
    assert at_40 == board_at(log, 40)
    # Back until the board differs (some steps only cover items), then forward again.
    page.get_by_role("button", name="Step back").click()
    expect_step(page, 39)
    page.locator("#step-slider").focus()
    for _ in range(12):
        page.keyboard.press("ArrowLeft")
    expect_step(page, 27)
    assert board_symbols(page) == board_at(log, 27) != at_40
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("ArrowRight")
    page.get_by_role("button", name="Step forward").click()
    page.get_by_role("button", name="Step forward").click()
    expect_step(page, 40)
    assert board_symbols(page) == at_40
    page.get_by_role("button", name="First step").click()
    expect_step(page, 0)
    assert board_symbols(page) == BERRY


def test_a_button_that_becomes_disabled_hands_its_focus_to_the_slider(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    last = page.get_by_role("button", name="Last step")
    last.focus()
    page.keyboard.press("Enter")
    expect(last).to_be_disabled()
    assert page.evaluate("document.activeElement.id") == "step-slider"
    page.get_by_role("button", name="First step").focus()
    page.keyboard.press("Enter")
    expect_step(page, 0)
    assert page.evaluate("document.activeElement.id") == "step-slider"
    # Solve is disabled while it runs: a refusal gives it its focus back.
    page.goto("/?p=" + "5" + "." * 5 + "5" + "." * 74 + "&edit=1")
    solve = page.get_by_role("button", name="Solve", exact=True)
    solve.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board-message")).to_contain_text("both hold 5")
    expect(solve).to_be_enabled()
    assert page.evaluate("document.activeElement.textContent") == "Solve"


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


def test_the_why_panel_speaks_for_a_step_that_rests_not_while_moving(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    why = page.locator("#why")
    page.locator("#step-slider").focus()
    page.wait_for_timeout(600)
    page.keyboard.press("ArrowRight")          # one step after a rest: heard at once
    expect_step(page, 41)
    expect(why).to_have_attribute("aria-live", "polite")
    for _ in range(6):                          # a quick run of steps: silent meanwhile
        page.keyboard.press("ArrowRight")
    expect(why).to_have_attribute("aria-live", "off")
    expect_step(page, 47)
    # At rest it is heard again, and the panel then says this step.
    expect(why).to_have_attribute("aria-live", "polite")
    page.keyboard.press(" ")                    # playing: silent
    expect(why).to_have_attribute("aria-live", "off")
    page.keyboard.press(" ")
    expect(why).to_have_attribute("aria-live", "polite")


def first_step(log, kind: int, says, line: int = -1) -> int:
    """The first step of a kind whose explanation's line (the last by default) passes says(text)."""
    return next(k for k, code in enumerate(log["events"], start=1)
                if code & 7 == kind and says(explain_step(log, k)[line]))


def expect_why_as_python(page: Page, puzzle: str, sol: str, log, step: int, choose: str = "mrv"):
    """Open a step by its address; the why panel says word for word what Python says."""
    page.goto(f"/?p={puzzle}&sol={sol}&choose={choose}&step={step}")
    expect_step(page, step)
    assert why_sentences(page) == explain_step(log, step)


def test_end_lines_and_cover_counts_say_what_python_says(page: Page, api):
    small = "1..4..1.2.4....."
    log = api.post("/api/solve", json={"puzzle": small, "solutions": None}).get_json()["log"]
    events = log["events"]
    last_try = max(k for k, code in enumerate(events, start=1) if code & 7 == 1)
    late = [k for k, code in enumerate(events, start=1) if code & 7 == 5 and k > last_try][-1]
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
    # a third try names the two before it; covers name the few options that move.
    first = puzzle_lines("norvig_top95.txt")[0]
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


def test_a_link_may_separate_rows_with_slashes(page: Page):
    rows = "/".join(BERRY[k:k + 9] for k in range(0, 81, 9))
    page.goto(f"/?p={rows}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    assert board_symbols(page) == BERRY


def test_play_pause_and_pencil_marks(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    size = 9
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=200")
    expect_step(page, 200)
    page.locator("#step-slider").focus()
    page.keyboard.press("p")
    expect(page.locator("#pencil")).to_be_checked()
    # The marks are drawn in the next animation frame, all cells at once.
    expect(page.locator("#board .pencil:not([hidden])").first).to_be_attached()
    board_settled(page)
    shown = page.evaluate(
        r"""() => [...document.querySelectorAll('#board [role=gridcell]')].map((cell) => {
               const marks = cell.querySelector('.pencil:not([hidden])');
               return marks ? marks.textContent.replace(/\s/g, '') : '';
           })""")
    # A pencil mark is an option still in the matrix: none of its items covered.
    state = replay(log, 200)
    filled = board_at(log, 200)
    expected = []
    for cell in range(size * size):
        live = [o for o in range(cell * size, cell * size + size)
                if not any(state.covered[i] for i in log["options"][o])]
        expected.append("" if filled[cell] != "." else "".join(SYMBOLS[o % size] for o in live))
    assert shown == expected
    assert any(expected)

    # Playing, the button says Pause and the slider's spoken value holds still;
    # a pause speaks where it stopped, level and option included.
    play = page.locator("#btn-play")
    slider = page.locator("#step-slider")
    page.keyboard.press(" ")
    expect(play).to_have_text("Pause")
    expect(slider).to_have_attribute("aria-valuetext", "playing")
    step_after(page, 200)
    page.keyboard.press(" ")
    expect(play).to_have_text("Play")
    label = page.locator("#step-label").text_content()
    assert "level" in label and slider.get_attribute("aria-valuetext") == label


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


def test_several_solutions_each_reachable_and_downloads(page: Page, api):
    examples = api.get("/api/examples").get_json()
    several = next(e for e in examples if e["id"] == "several")
    expected = solve_via_api(api, several["puzzle"], solutions=10)
    log = expected["log"]
    steps = [i + 1 for i, code in enumerate(log["events"]) if code & 7 == 4]
    assert len(steps) >= 2
    page.goto("/")
    page.locator("#examples").select_option("several")
    page.locator("#solutions").select_option("10")
    page.get_by_role("button", name="Solve", exact=True).click()
    buttons = page.locator("#solution-list button")
    expect(buttons).to_have_count(len(steps))
    for k in (1, 0):
        buttons.nth(k).click()
        expect_step(page, steps[k])
        expect(buttons.nth(k)).to_have_attribute("aria-current", "step")
        assert board_symbols(page) == grid_symbols(expected["solutions"][k])
    page.locator("#step-slider").focus()
    page.keyboard.press("s")
    expect_step(page, steps[1])

    with page.expect_download() as info:
        page.get_by_role("button", name="Download step log (JSON)").click()
    saved = json.loads(open(info.value.path()).read())
    assert saved["format"] == "dlx-step-log" and saved["events"] == log["events"]
    with page.expect_download() as info:
        page.get_by_role("button", name="Download statistics (JSON)").click()
    stats = json.loads(open(info.value.path()).read())
    assert stats["stats"]["steps"] == expected["stats"]["steps"]


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


def test_no_solution_and_stopped_searches_say_so(page: Page):
    page.goto("/")
    page.locator("#examples").select_option("none")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_have_text(re.compile("^No solution"))
    expect(page.locator("#board-message")).to_contain_text("No solution")
    expect(page.locator("#solution-list button")).to_have_count(0)
    # The last step leaves level 0: the why panel says the search is over, not "back up".
    expect(page.locator("#why")).to_contain_text(re.compile(
        r"Level 0 \([^)]+ needs an? \w+\) has no option left to try: the search is over\. "
        r"No solution: the search tried every possibility\."))
    expect(page.locator("#step-label")).to_have_text(re.compile(r"· level 0 has no option left: search over$"))


def test_keys_and_clicks_on_the_board_keep_the_replay(page: Page, api):
    """A click on the board leaves the replay keys working; a digit edits nothing until Edit puzzle."""
    log = solve_via_api(api, BERRY)["log"]
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=40")
    expect_step(page, 40)
    expect(page.locator("#edit")).to_be_visible()
    expect(page.locator("#digit-pad")).to_be_hidden()
    # After a click on a player button and then on the board, Space plays (not that button).
    page.get_by_role("button", name="Step back").click()
    expect_step(page, 39)
    page.get_by_role("button", name="Step forward").click()
    expect_step(page, 40)
    message_box = page.locator("#board-message").bounding_box()
    board_box = page.locator("#board").bounding_box()
    page.locator("#board [role=gridcell]").nth(40).click()
    # The hint sits over the board: nothing moves.
    expect(page.locator("#board-hint")).to_contain_text("press Edit puzzle")
    assert page.locator("#board").bounding_box() == board_box
    assert page.locator("#board-message").bounding_box() == message_box
    expect(page.locator("#step-slider")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect_step(page, 41)
    page.keyboard.press("5")
    page.keyboard.press("Delete")
    expect_step(page, 41)
    assert board_symbols(page) == board_at(log, 41)
    # The replayed board is out of the Tab order: every key reaches the replay.
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_have_count(0)
    page.locator("#step-slider").focus()
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.closest('#board') === null")
    page.locator("#step-slider").focus()
    page.keyboard.press("]")
    left_at = step_after(page, 41)
    assert left_at > 41

    # A double click on Edit puzzle: the second click lands on nothing (Clear stays put).
    page.get_by_role("button", name="Edit puzzle").dblclick()
    expect(page.locator("#edit")).to_be_hidden()
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")
    assert board_symbols(page) == BERRY
    expect(page.locator("#board-message")).to_be_hidden()
    expect(page.locator("#board [role=gridcell][tabindex='0']")).to_have_count(1)
    first_blank = BERRY.index(".")
    page.locator("#board [role=gridcell]").nth(first_blank).click()
    page.keyboard.press("5")
    edited = BERRY[:first_blank] + "5" + BERRY[first_blank + 1:]
    assert board_symbols(page) == edited
    # The puzzle on the board is no longer the example: the menu says so.
    expect(page.locator("#examples")).to_have_value("")

    # The address holds the puzzle being entered: a reload keeps it, unsolved.
    expect(page).to_have_url(re.compile(r"[?&]edit=1"))
    page.reload()
    expect(page.locator("#puzzle-text")).to_have_value(edited)
    assert board_symbols(page) == edited
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")
    # Back returns to the replay at the step it was left, Forward to the puzzle being entered.
    page.go_back()
    expect_step(page, left_at)
    page.go_forward()
    expect(page.locator("#step-label")).to_have_text("Solve a puzzle to replay the search.")
    assert board_symbols(page) == edited


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 800), (853, 480)])
def test_after_solve_the_board_and_its_buttons_share_the_screen(browser, base_url, width, height):
    """A projector's screen (853×480: 1280×720 at 150% zoom): Solve scrolls so the
    board and the play buttons are both in view."""
    context = browser.new_context(base_url=base_url, viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto("/")
    page.locator("#examples").select_option("berry")
    expect(page.locator("#examples")).to_have_value("berry")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#solution-list button")).to_have_count(1)
    board = page.locator("#board").bounding_box()
    buttons = page.locator("#player .buttons").bounding_box()    # play, steps and jumps
    assert board["y"] >= 0 and board["height"] >= min(300, height - 230)
    assert buttons["y"] + buttons["height"] <= height
    context.close()


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


# Share of the strip's pixels in the solutions' blue, and in the depth profile's grey.
STRIP_COLOURS = r"""() => {
  const canvas = document.querySelector('#overview');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const style = getComputedStyle(canvas);
  const rgb = (name) => {
    const probe = document.createElement('div');
    probe.style.color = style.getPropertyValue(name);
    document.body.append(probe);
    const m = getComputedStyle(probe).color.match(/\d+/g).map(Number);
    probe.remove();
    return m;
  };
  const blue = rgb('--strip-solution'), grey = rgb('--strip-depth');
  const near = (k, c) => Math.abs(data[k] - c[0]) + Math.abs(data[k + 1] - c[1]) + Math.abs(data[k + 2] - c[2]) < 30;
  let solution = 0, depth = 0, upper = 0;
  for (let k = 0; k < data.length; k += 4) {
    if (near(k, blue)) {
      solution++;
      if (k / 4 < data.length / 8) upper++;     // in the strip's upper half
    } else if (near(k, grey)) depth++;
  }
  const total = data.length / 4;
  return {solution: solution / total, depth: depth / total, upper: upper / total};
}"""


def test_overview_strip_stays_readable_with_hundreds_of_solutions(page: Page, api):
    page.goto("/")
    page.locator("#examples").select_option("empty-4")
    expect(page.locator("#examples")).to_have_value("empty-4")
    page.locator("#solutions").select_option("all")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_contain_text("all 288 solutions")
    # Ticks in a band under the profile: the upper half has no blue, the profile shows.
    shares = page.evaluate(STRIP_COLOURS)
    assert 0 < shares["solution"] < 0.15 and shares["upper"] == 0 and shares["depth"] > 0.2, shares
    # Ten solutions keep their full-height lines.
    several = next(e for e in api.get("/api/examples").get_json() if e["id"] == "several")
    page.goto(f"/?p={several['puzzle']}&sol=10&choose=mrv")
    expect(page.locator("#solution-list button")).to_have_count(10)
    shares = page.evaluate(STRIP_COLOURS)
    assert 0 < shares["upper"] < shares["solution"] < 0.1, shares


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
    dead = next(k for k, code in enumerate(log["events"], start=1) if code & 7 == 5)
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


def test_a_million_events_load_and_scrub(page: Page):
    """The naive worst case with "first item" stops at the server's step budget."""
    page.goto(f"/?p={NAIVE_WORST}&sol=1&choose=first")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step (\d{3},\d{3}|1,000,000) of \1"), timeout=20_000)
    total = int(STEP_LABEL.match(page.locator("#step-label").text_content()).group(2).replace(",", ""))
    assert 999_990 <= total <= 1_000_000          # the budget is never passed
    expect(page.locator("#board-message")).to_contain_text(
        f"Stopped after {total:,} steps, before the search ended: the next action would have passed "
        "the step budget of 1,000,000 steps")
    expect(page.locator("#outcome")).to_contain_text("can still be replayed")

    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    expect_step(page, 0, total)
    page.keyboard.press("d")
    dead = step_after(page, 0)
    expect(page.locator("#why .sentence").first).to_have_text(re.compile("^Dead end at level"))
    # Jump to the middle of the log through the overview strip.
    strip = page.locator("#overview")
    box = strip.bounding_box()
    strip.click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    middle = step_after(page, dead)
    assert abs(middle - total / 2) < total / 50

    # Seeking anywhere replays at most one checkpoint interval: time it.
    timing = page.evaluate(
        """async () => {
            const { StepLog, CHECKPOINT_EVERY } = await import('/static/js/model/steplog.js');
            const answer = await fetch('/api/solve', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({puzzle: location.search.slice(3, 84), choose: 'first'})});
            const json = (await answer.json()).log;
            let t = performance.now();
            const log = new StepLog(json);
            const load = performance.now() - t;
            let state = null;
            t = performance.now();
            for (let i = 0; i < 500; i++) state = log.seek(Math.floor(Math.random() * (log.stepCount + 1)), state);
            const seek = (performance.now() - t) / 500;
            return {load, seek, checkpoints: log.checkpoints.length, every: CHECKPOINT_EVERY, count: log.stepCount};
        }"""
    )
    assert timing["count"] == total
    assert timing["checkpoints"] == total // timing["every"] + 1
    assert timing["seek"] < 5, timing          # milliseconds per random seek
    assert timing["load"] < 5000, timing


def test_steplog_and_timeline_modules_in_the_browser(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    page.goto("/")
    result = page.evaluate(
        """async (json) => {
            const S = await import('/static/js/model/steplog.js');
            const { Timeline } = await import('/static/js/model/timeline.js');
            const log = new S.StepLog(json);
            const n = log.stepCount;
            const same = (a, b) => JSON.stringify(a.snapshot()) === JSON.stringify(b.snapshot());
            // Seeking to a step from any other step equals replaying to it from the start.
            const steps = [0, 1, n, S.CHECKPOINT_EVERY - 1, S.CHECKPOINT_EVERY, S.CHECKPOINT_EVERY + 1,
                           ...log.deadEndSteps.slice(0, 5), ...log.solutionSteps];
            for (let i = 0; i < 40; i++) steps.push(Math.floor(Math.random() * (n + 1)));
            let mismatches = 0;
            let state = null;
            for (const from of [0, Math.floor(n / 3), n]) {
                for (const to of steps) {
                    state = log.seek(from, state);
                    state = log.seek(to, state);
                    if (!same(state, log.replayFromStart(to))) mismatches++;
                    if (!same(log.seek(to), log.replayFromStart(to))) mismatches++;
                }
            }
            // At a backup, the frame it popped is the top frame of the step before.
            const backups = [];
            for (let s = 1; s <= n && backups.length < 300; s++) if (log.kindAt(s) === S.BACKUP) backups.push(s);
            for (const s of backups) {
                if (JSON.stringify(log.seek(s, state).popped()) !== JSON.stringify(log.seek(s - 1).top())) mismatches++;
            }
            // A complete search ends with only the givens' items covered and an empty stack.
            const end = log.seek(n);
            const givenItems = new Set([...log.givens].flatMap((g) => log.options[g]));
            const endOk = end.height === 0 && end.covered.every((c, i) => !!c === givenItems.has(i));
            // The player: drawing at most once per frame through the injected scheduler.
            const queue = [];
            const t = new Timeline({stepCount: n, deadEnds: log.deadEndSteps, solutions: log.solutionSteps,
                                    schedule: (cb) => queue.push(cb)});
            let draws = 0;
            t.subscribe(() => draws++);
            t.seek(5); t.stepBy(1); t.seek(7);
            const pendingBefore = queue.length;
            queue.shift()(0);
            const afterOneFrame = {draws, cursor: t.cursor};
            t.nextDeadEnd();
            const firstDead = t.cursor;
            t.nextSolution();
            const firstSolution = t.cursor;
            t.previousDeadEnd();
            const deadBeforeSolution = t.cursor;
            t.seek(0); t.setSpeed(100); t.play();
            let now = 1000;
            while (queue.length && now < 1000 + 60 * 16) { queue.shift()(now); now += 16; }
            const playedTo = t.cursor;
            t.pause();
            return {n, mismatches, endOk, pendingBefore, afterOneFrame, firstDead, firstSolution,
                    deadBeforeSolution, playedTo, deadEnds: [...log.deadEndSteps], solutions: [...log.solutionSteps],
                    playing: t.playing};
        }""",
        log,
    )
    assert result["n"] == len(log["events"])
    assert result["mismatches"] == 0
    assert result["endOk"]
    assert result["pendingBefore"] == 1                       # three moves, one frame requested
    assert result["afterOneFrame"] == {"draws": 1, "cursor": 7}
    dead_ends = [i + 1 for i, code in enumerate(log["events"]) if code & 7 == 5]
    solutions = [i + 1 for i, code in enumerate(log["events"]) if code & 7 == 4]
    assert result["deadEnds"] == dead_ends and result["solutions"] == solutions
    assert result["firstDead"] == dead_ends[0]
    assert result["firstSolution"] == solutions[0]
    assert result["deadBeforeSolution"] == max(s for s in dead_ends if s < solutions[0])
    # 100 steps/s for about one second of frames.
    assert 90 <= result["playedTo"] <= 100
    assert not result["playing"]


MARKUP = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b id="bold">b</b>'


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


def test_a_narrow_screen_shows_the_why_under_the_step_label(browser, base_url, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    dead = next(i + 1 for i, code in enumerate(log["events"]) if code & 7 == 5)
    first = explain_step(log, dead)[0]
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step={dead}")
    expect_step(page, dead)
    expect(page.locator("#step-why")).to_be_visible()
    expect(page.locator("#step-why")).to_have_text(first)
    assert first.startswith("Dead end")
    # Stepping keeps it in step with the why panel.
    page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#step-why")).to_have_text(explain_step(log, dead + 1)[0])
    context.close()
    # A wide screen has the why panel beside the board: no caption.
    page = browser.new_page(base_url=base_url, viewport={"width": 1280, "height": 800})
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step={dead}")
    expect_step(page, dead)
    expect(page.locator("#step-why")).to_be_hidden()
    page.close()


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


def test_on_a_phone_a_bad_links_reason_is_seen_beside_its_text(phone):
    page = phone
    page.goto("/?p=x" + "." * 80)
    note = page.locator("#box-note")
    expect(note).to_contain_text("Could not read the link's puzzle: 'x' at line 1, column 1 is not a digit")
    expect(note).to_be_in_viewport(ratio=1)
    expect(page.locator("#puzzle-text")).to_be_in_viewport()


def test_a_paste_far_past_any_puzzle_says_how_long_it_is(page: Page):
    page.goto("/")
    paste(page, "." * 300_000)
    message = page.locator("#board-message")
    expect(message).to_contain_text(
        "Could not read the pasted puzzle: it is 300,000 characters long, more than the server takes; "
        "a puzzle has at most 625 cells (25×25)")
    expect(message).not_to_contain_text("413")


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


def test_options_changed_during_a_replay_say_they_wait_for_solve(page: Page):
    page.goto(f"/?p={BERRY}&sol=1&choose=mrv&step=5")
    expect_step(page, 5)
    note = page.locator("#options-note")
    expect(note).to_be_hidden()
    page.locator("#solutions").select_option("2")
    expect(note).to_be_visible()
    expect(note).to_have_text("Options changed: press Solve to replay with them.")
    page.locator("#solutions").select_option("1")
    expect(note).to_be_hidden()
    page.locator("#choose").select_option("first")
    expect(note).to_be_visible()
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).to_have_url(re.compile(r"choose=first"))
    expect(note).to_be_hidden()

    # While a puzzle is being entered, the options go into its address: a reload keeps them.
    page.get_by_role("button", name="Edit puzzle", exact=True).click()
    page.locator("#solutions").select_option("10")
    expect(page).to_have_url(re.compile(r"sol=10&choose=first&edit=1"))
    page.reload()
    expect(page.locator("#solutions")).to_have_value("10")
    expect(page.locator("#choose")).to_have_value("first")
    expect(note).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_digits_on_the_newest_cell_keep_their_contrast(browser, base_url, scheme):
    """The newest placement's digit, small on a 25×25 board, stays readable (WCAG AA 4.5:1)."""
    context = browser.new_context(base_url=base_url, color_scheme=scheme)
    page = context.new_page()
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
    context.close()


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


def test_a_jump_with_nowhere_to_go_says_so(page: Page):
    page.goto(f"/?p={NAIVE_WORST}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    page.locator("#step-slider").focus()
    note = page.locator("#jump-note")
    page.keyboard.press("]")                      # this search has no dead end at all
    expect(note).to_have_text("No dead end after this step.")
    expect_step(page, 0)
    page.keyboard.press("S")
    expect(note).to_have_text("No solution before this step.")
    page.keyboard.press("s")                      # a jump that moves clears the note
    expect(note).to_be_hidden()
    expect(page.locator("#step-label")).not_to_have_text(re.compile(r"^step 0 of"))
    page.keyboard.press("]")
    expect(note).to_have_text("No dead end after this step.")
    page.keyboard.press("Home")                   # so does any other move: the note was about that step
    expect_step(page, 0)
    expect(note).to_be_hidden()


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


PRESENTING = re.compile(r"\bpresenting\b")


def test_presentation_mode_fills_a_projector_with_the_board_and_keeps_the_replay(browser, base_url, api):
    """A teacher's 1280×720 projector: Present (or f) leaves the board, the player
    and the why panel, the board as tall as the screen; Esc brings the page back."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(str(error)))
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
    assert 0 <= buttons["y"] and buttons["y"] + buttons["height"] <= 720
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
    context.close()


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


def test_a_choice_being_taken_back_is_struck_through_not_newest(page: Page, api):
    """After a dead end the uncovers undo the previous level's choice: the
    board strikes its digit instead of marking it newest, as Python says."""
    log = solve_via_api(api, ARTO, log=True)["log"]
    problem = problem_of(log)
    run = Replay(log)
    expected = []
    for step, code in enumerate(log["events"], start=1):
        newest = newest_choice(problem, run.run_to(step), code & 7)
        expected.append(None if newest is None else list(newest))
    page.goto("/")
    found = page.evaluate(
        """async (json) => {
            const S = await import('/static/js/model/steplog.js');
            const log = new S.StepLog(json);
            const out = [];
            let state = null;
            for (let s = 1; s <= log.stepCount; s++) {
                state = log.seek(s, state);
                const n = log.newest(state);
                out.push(n === null ? null : [n.option, n.level, n.takenBack]);
            }
            return out;
        }""",
        log,
    )
    assert found == expected
    step = next(s for s, n in enumerate(expected, start=1) if n and n[2])
    option = expected[step - 1][0]
    size = log["problem"]["size"]
    page.goto("/?" + urlencode({"p": ARTO, "step": step}))
    expect_step(page, step)
    board_settled(page)
    cell = page.locator("#board [role=gridcell]").nth(option // size)
    expect(cell).to_have_class(re.compile(r"\btaken-back\b"))
    expect(cell).to_have_attribute("aria-label", re.compile(r", a choice being taken back$"))
    assert page.evaluate("getComputedStyle(document.querySelector('#board .taken-back .value')).textDecorationLine") == "line-through"
    expect(page.locator("#board .newest")).to_have_count(0)
    # The step before its first uncover, the same digit was the newest choice.
    page.locator("#step-slider").focus()
    while page.locator("#board .taken-back").count():
        page.keyboard.press("ArrowLeft")
        board_settled(page)
    expect(page.locator("#board .newest")).to_have_count(1)
    assert page.locator("#board .newest").get_attribute("aria-label") == cell.get_attribute("aria-label")


def test_presenting_on_a_short_screen_scrolls_beside_a_board_that_stays(browser, base_url):
    """1280×720 at 150% zoom is 853×480: the player nearly fills the height, so
    the page scrolls down to the why panel while the board stays in view."""
    context = browser.new_context(base_url=base_url, viewport={"width": 853, "height": 480})
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(str(error)))
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
    context.close()


def test_presenting_keeps_a_dead_ends_way_back_in_view(browser, base_url, api):
    """At 1280×720 the why panel under the player is short: ruled-out options fold
    after three, and the stopped search's message, also in the result panel, gives way."""
    puzzle = puzzle_lines("norvig_top95.txt")[0]
    log = solve_via_api(api, puzzle, choose="first")["log"]
    dead = first_step(log, 5, lambda text: text.startswith("Taking back the choice at level"))
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto("/?" + urlencode({"p": puzzle, "sol": 1, "choose": "first", "step": dead}))
    expect_step(page, dead)
    listed = page.locator("#why > .why-body > ul.ruled-out > li")
    expect(listed).to_have_count(9)            # the page shows up to twelve
    expect(page.locator("#board-message")).to_be_visible()
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(PRESENTING)
    expect(listed).to_have_count(3)
    expect(page.locator("#why .ruled-out-more summary")).to_have_text("… and 6 more options")
    expect(page.locator("#board-message")).to_be_hidden()
    assert why_sentences(page) == explain_step(log, dead)      # folded, not gone
    back = page.locator("#why .sentence[data-role=back]").bounding_box()
    assert back["y"] + back["height"] <= 720
    page.keyboard.press("Escape")
    expect(listed).to_have_count(9)
    context.close()


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
