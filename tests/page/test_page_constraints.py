"""The Sudoku page in Chromium with constraints (issue 35): each kind drawn over the board where
its cells are, in both themes and at each size, the legend's entries, and the jigsaw map's entry
(maps from 0 or in letters, a row a line, the command line's 'PUZZLE REGIONS' line)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import PRESENTING, STEP_LABEL, board_symbols, paste
from webapp.models.examples import examples
from webapp.words.messages import say

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
KINDS = ["killer", "thermo", "arrow", "kropki-white", "kropki-black", "xv", "even", "odd", "whispers",
         "palindrome", "renban", "extra-region", "quadruple", "sandwich", "little-killer"]
# One of each kind in the short form a share link carries (model/constraints.js): a cage of 14
# over r1c1, r1c2, r2c1, a thermometer from r3c4, an arrow from r5c6, a quadruple at r8c8's
# bottom right corner, a sandwich of 14 beside row 4, a little killer of 15 above column 2…
EVERY = ("k14-000110_k25-1112212232_k-88_t-23243444_a-45*4657_a-5051*6171_w-0304_b-1323_x-3031_v-3545"
         "_e-66_o-67_g-727384_p-061626_r-1828_z-5556_q1.2.9-77788788_sr.3.14_sc.0.0_l15-011223")

# Each shape's box on the page, by kind and part: the test reads where things are drawn.
SHAPES = """() => [...document.querySelectorAll('svg.cons-layer .cons')].map((el) => {
  const box = el.getBoundingClientRect();
  return {cls: el.getAttribute('class'), text: el.textContent, x: box.x + box.width / 2, y: box.y + box.height / 2,
          left: box.left, top: box.top, right: box.right, bottom: box.bottom,
          fill: getComputedStyle(el).fill, stroke: getComputedStyle(el).stroke};
})"""


def cell_box(page: Page, index: int) -> dict:
    return page.locator(f"#board [data-cell='{index}']").bounding_box()


def inside(point: tuple[float, float], box: dict) -> bool:
    x, y = point
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


def of(shapes: list[dict], *classes: str) -> list[dict]:
    return [s for s in shapes if set(classes) <= set(s["cls"].split())]


def test_every_constraint_is_drawn_on_its_cells_in_both_themes_and_at_each_size(page: Page):
    page.goto("/?" + urlencode({"p": PUZZLE, "edit": 1, "c": EVERY, "neg": "kropki"}))
    expect(page.locator("svg.cons-over .cage")).to_have_count(3)
    shapes = page.evaluate(SHAPES)
    size = 9
    centre = lambda r, c: cell_box(page, r * size + c)  # noqa: E731
    # Each kind where its cells are.
    assert [s["text"] for s in of(shapes, "cage-sum")] == ["14", "25"]
    assert inside((of(shapes, "cage-sum")[0]["x"], of(shapes, "cage-sum")[0]["y"]), centre(0, 0))
    bulb = of(shapes, "thermo", "bulb")[0]
    assert inside((bulb["x"], bulb["y"]), centre(2, 3))
    assert inside((of(shapes, "arrow", "circle")[0]["x"], of(shapes, "arrow", "circle")[0]["y"]), centre(4, 5))
    white = of(shapes, "kropki-white", "dot")[0]
    edge = centre(0, 3)
    assert abs(white["x"] - (edge["x"] + edge["width"])) < 3 and inside((white["x"] - 3, white["y"]), edge)
    assert [s["text"] for s in of(shapes, "xv", "letter")] == ["X", "V"]
    assert inside((of(shapes, "even")[0]["x"], of(shapes, "even")[0]["y"]), centre(6, 6))
    assert inside((of(shapes, "odd")[0]["x"], of(shapes, "odd")[0]["y"]), centre(6, 7))
    assert len(of(shapes, "extra-region")) == 2
    assert of(shapes, "quadruple", "digits")[0]["text"] == "129"
    # Clues outside the grid stand outside it: the board leaves them room within its wrapper.
    board = page.locator("#board").bounding_box()
    wrap = page.locator("#board-wrap").bounding_box()
    sandwich_row, sandwich_column = of(shapes, "sandwich")
    row4 = centre(3, 0)
    assert sandwich_row["right"] <= board["x"] and row4["y"] <= sandwich_row["y"] <= row4["y"] + row4["height"]
    assert sandwich_column["bottom"] <= board["y"] and sandwich_column["left"] >= wrap["x"]
    little = of(shapes, "little-killer", "outside")[0]
    assert little["bottom"] <= board["y"] and little["text"] == "15"
    assert board["width"] < wrap["width"] * 0.9
    # The legend says each kind drawn, and the negative rule asked for, not the other.
    for kind in KINDS:
        expect(page.locator(f"#legend-list li[data-kind='{kind}']")).to_be_visible()
    expect(page.locator("#legend-list li[data-negative=kropki-white]")).to_have_text(
        say("legend.constraint.negative.kropki-white"))
    expect(page.locator("#legend-list li[data-negative=kropki-black]")).to_be_visible()
    expect(page.locator("#legend-list li[data-negative=xv]")).to_be_hidden()
    expect(page.locator("#legend-list li[data-kind=killer]")).to_contain_text(say("legend.constraint.killer"))
    # The dark theme draws in its own ink: a cage's sum is light on the dark board.
    light = of(shapes, "cage-sum")[0]["fill"]
    page.emulate_media(color_scheme="dark")
    dark = of(page.evaluate(SHAPES), "cage-sum")[0]["fill"]
    assert light != dark and sum(map(int, dark[4:-1].split(","))) > 3 * 180, (light, dark)
    page.emulate_media(color_scheme="light")

    # A 16×16's cells past the ninth row and column, and a 4×4's (no room outside: no clue there).
    page.goto("/?" + urlencode({"p": "." * 256, "edit": 1, "c": "k30-eeeffeff_t-00010203"}))
    expect(page.locator("svg.cons-over .cage")).to_have_count(1)
    shapes = page.evaluate(SHAPES)
    cage = of(shapes, "cage")[0]
    assert inside((cage["x"], cage["y"]), page.locator("#board").bounding_box())
    assert abs(cage["x"] - (cell_box(page, 14 * 16 + 15)["x"])) < 3
    assert of(shapes, "cage-sum")[0]["text"] == "30"
    assert inside((of(shapes, "bulb")[0]["x"], of(shapes, "bulb")[0]["y"]), cell_box(page, 0))
    board = page.locator("#board").bounding_box()
    assert board["width"] > page.locator("#board-wrap").bounding_box()["width"] * 0.95
    page.goto("/?" + urlencode({"p": "1...........4...", "edit": 1, "c": "o-33_e-00"}))
    expect(page.locator("svg.cons-over .odd")).to_have_count(1)
    shapes = page.evaluate(SHAPES)
    assert inside((of(shapes, "odd")[0]["x"], of(shapes, "odd")[0]["y"]), cell_box(page, 15))
    assert inside((of(shapes, "even")[0]["x"], of(shapes, "even")[0]["y"]), cell_box(page, 0))
    expect(page.locator("#legend-list li[data-kind=killer]")).to_be_hidden()


JIGSAW = next(e for e in examples() if e["id"] == "variant-jigsaw")
BOXES = "".join(str((r // 3) * 3 + c // 3 + 1) for r in range(9) for c in range(9))


def rows(text: str) -> str:
    return "\n".join(text[k:k + 9] for k in range(0, 81, 9))


def right_edges(page: Page) -> list[int]:
    marks = page.locator("#board [role=gridcell]").evaluate_all("cells => cells.map(c => c.classList.contains('edge-right'))")
    return [i for i, on in enumerate(marks) if on]


def test_a_jigsaw_map_reads_from_0_or_in_letters_a_row_a_line_and_the_puzzle_regions_line(page: Page):
    puzzle, regions = JIGSAW["puzzle"], JIGSAW["regions"]
    edges = [i for i in range(81) if i % 9 < 8 and regions[i] != regions[i + 1]]
    page.goto("/")
    # From 0, as f-puzzles stores it, a row a line.
    page.fill("#regions", rows("".join(str(int(ch) - 1) for ch in regions)))
    expect(page.locator("#regions-note")).to_be_empty()
    assert right_edges(page) == edges
    # Letters read the same; a map on one line is shaped as the grid once the field is left.
    letters = regions.translate(str.maketrans("123456789", "ABCDEFGHI"))
    page.fill("#regions", letters)
    page.locator("#regions").blur()
    expect(page.locator("#regions")).to_have_value(rows(letters))
    expect(page.locator("#regions-note")).to_be_empty()
    assert right_edges(page) == edges
    # A map naming regions both from 0 and from 1 is refused in words that say so.
    page.fill("#regions", "0" + regions[1:])
    expect(page.locator("#regions-note")).to_contain_text("both from 0 (the 0 at r1c1) and from 1")
    # The command line's 'PUZZLE REGIONS' line in the map's field: the puzzle goes on the board.
    page.fill("#regions", f"{puzzle} {BOXES}")
    expect(page.locator("#regions")).to_have_value(rows(BOXES))
    # A given's cell, not an empty one (an empty cell shows the same before the board is drawn).
    given = next(i for i, ch in enumerate(puzzle) if ch != ".")
    expect(page.locator(f"#board [data-cell='{given}']")).to_have_text(puzzle[given])
    assert board_symbols(page) == puzzle
    expect(page.locator("#regions-note")).to_be_empty()
    # Pasted on the page, the same line (the published map) loads both.
    page.click("#clear")
    paste(page, f"{puzzle} {regions}")
    expect(page.locator("#regions")).to_have_value(rows(regions))
    expect(page.locator(f"#board [data-cell='{given}']")).to_have_text(puzzle[given])
    assert board_symbols(page) == puzzle
    assert right_edges(page) == edges
    expect(page.locator("#board-message")).to_be_hidden()


PUBLISHED = Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "constraints" / "published.json"
KILLER = next(p for p in json.loads(PUBLISHED.read_text(encoding="utf-8")) if p["kind"] == "killer")


def test_an_f_puzzles_link_imports_solves_presents_exports_and_a_bad_one_loses_nothing(page: Page, api):
    """A link in the address (?import=) loads the puzzle and its cages; the page's own address then
    carries them (a reload keeps them); the solve keeps them; they stay on the board when presenting;
    Open in f-puzzles exports the board, whose import is the same puzzle; a bad link pasted is refused
    in the server's words with the board and its cages as they were."""
    expected = api.post("/api/parse", json={"import": KILLER["fpuzzles"]}).get_json()
    cages = len(expected["constraints"])
    page.goto("/?" + urlencode({"import": KILLER["fpuzzles"]}))
    expect(page.locator("#import-note")).to_contain_text(say("page.sudoku.imported", count=cages))
    expect(page.locator("svg.cons-over .cage")).to_have_count(cages)
    assert "import=" not in page.url and "c=k" in page.url
    expect(page.locator("#legend-list li[data-kind=killer]")).to_be_visible()
    page.reload()
    expect(page.locator("svg.cons-over .cage")).to_have_count(cages)
    # Exported: the link f-puzzles would open is the board's puzzle, its import the same cages.
    page.context.route("https://f-puzzles.com/**", lambda route: route.fulfill(body="f-puzzles"))
    with page.expect_popup() as opened:
        page.click("#open-fpuzzles")
    link = opened.value.url
    assert link.startswith("https://f-puzzles.com/?load=")
    again = api.post("/api/parse", json={"import": link}).get_json()
    assert again["constraints"] == expected["constraints"] and again["puzzle"] == expected["puzzle"]
    opened.value.close()
    # Solved with its cages (the server's independent checker keeps them: the published solution).
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    page.keyboard.press("End")
    expect(page.locator("#board [data-cell='80']")).to_have_text(KILLER["solution"][80])
    assert board_symbols(page) == KILLER["solution"]
    expect(page.locator("svg.cons-over .cage")).to_have_count(cages)
    # Presenting, the cages follow the board's new size.
    page.click("#btn-present")
    expect(page.locator("html")).to_have_class(PRESENTING)
    first = cell_box(page, 0)
    page.wait_for_function("""(width) => {
        const sum = document.querySelector('svg.cons-over .cage-sum').getBoundingClientRect();
        return Math.abs(sum.left - document.querySelector('#board [data-cell="0"]').getBoundingClientRect().left) < width / 4;
    }""", arg=first["width"])
    page.keyboard.press("Escape")
    expect(page.locator("html")).not_to_have_class(PRESENTING)
    # A damaged link pasted: the server's words, the board and its cages as they were, the link kept.
    page.click("#edit")
    before = board_symbols(page)
    bad = "https://f-puzzles.com/?load=N4IgzglgXgpiBcAGAnAGkSALhTAbOSIAKgBYwBOAtgPaIAUAwuQIY"
    paste(page, bad)
    expect(page.locator("#board-message")).to_contain_text("Could not read the pasted puzzle")
    expect(page.locator("#puzzle-text")).to_have_value(bad)
    assert board_symbols(page) == before
    expect(page.locator("svg.cons-over .cage")).to_have_count(cages)


def drag(page: Page, cells: list[int]):
    """A drag with the mouse from the first cell's centre through the others'."""
    page.locator("#board").scroll_into_view_if_needed()
    boxes = [cell_box(page, i) for i in cells]
    centre = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]
    page.mouse.move(*centre[0])
    page.mouse.down()
    for point in centre[1:]:
        page.mouse.move(*point, steps=3)
    page.mouse.up()


def test_cages_and_thermometers_drawn_by_hand_are_solved_with_the_puzzle(page: Page):
    page.goto("/")
    page.select_option("#draw-kind", "killer")
    expect(page.locator("#draw-note")).to_contain_text(say("page.sudoku.draw.cage"))
    drag(page, [0, 1])
    expect(page.locator("#draw-sum")).to_be_focused()
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(page.locator("svg.cons-over .cage-sum")).to_have_text("3")
    page.select_option("#draw-kind", "thermo")
    drag(page, [18, 19, 20, 29])     # r3c1 to r3c3, then down to r4c3
    expect(page.locator("svg.cons-under .thermo.tube")).to_have_count(1)
    page.select_option("#draw-kind", "whispers")
    drag(page, [72, 73])
    expect(page.locator("svg.cons-under .whispers")).to_have_count(1)
    page.click("#draw-undo")
    expect(page.locator("svg.cons-under .whispers")).to_have_count(0)
    assert "c=k3-0001_t-20212232" in page.url
    page.select_option("#draw-kind", "")
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    page.keyboard.press("End")
    expect(page.locator("#board [data-cell='0']")).not_to_have_text("")
    grid = board_symbols(page)
    assert sorted(grid[0:2]) == ["1", "2"], grid[:2]
    assert grid[18] < grid[19] < grid[20] < grid[29], grid


BOX_MAP = rows("111222333" * 3 + "444555666" * 3 + "777888999" * 3)


def test_constraints_drawn_and_regions_painted_by_keyboard_and_pointer_keep_the_map_in_step(page: Page):
    page.goto("/")
    cell = lambda index: page.locator(f"#board [data-cell='{index}']")   # noqa: E731
    # A thermometer by keys: Shift+arrows from the focused cell, Enter makes it.
    page.select_option("#draw-kind", "thermo")
    expect(page.locator("#draw-note")).to_contain_text(say("page.sudoku.draw.keys"))
    cell(0).focus()
    for key in ("Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowDown"):
        page.keyboard.press(key)
    expect(cell(11)).to_be_focused()
    expect(page.locator("svg.cons-under g.draft .thermo.tube")).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("svg.cons-under .thermo.tube")).to_have_count(1)
    # A cage by Space on two cells (they need not be reached by Shift+arrows), Enter asks its sum.
    page.select_option("#draw-kind", "killer")
    cell(40).focus()
    page.keyboard.press("Space")
    cell(41).focus()
    page.keyboard.press("Space")
    page.click("#draw-finish")
    expect(page.locator("#draw-sum")).to_be_focused()
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    expect(page.locator("svg.cons-over .cage-sum")).to_have_text("3")
    # A line goes on only to a touching cell: a far one is refused in words, Escape drops the line.
    page.select_option("#draw-kind", "whispers")
    cell(72).focus()
    page.keyboard.press("Space")
    cell(80).focus()
    page.keyboard.press("Space")
    expect(page.locator("#draw-note")).to_have_text(say("page.sudoku.draw.refused", cell="r9c9", last="r9c1"))
    page.keyboard.press("Escape")
    expect(page.locator("svg.cons-under g.draft > *")).to_have_count(0)
    assert "c=t-00010212_k3-4445" in page.url

    # Painting a jigsaw: nothing painted over a map half typed, which stays as typed.
    page.select_option("#draw-kind", "region")
    page.fill("#regions", "11122")
    cell(3).focus()
    page.keyboard.press("Space")
    expect(page.locator("#draw-note")).to_have_text(say("page.sudoku.draw.map_length", count=5, cells=81))
    expect(page.locator("#regions")).to_have_value("11122")
    # An empty map starts from the boxes: r1c4 painted region 1 (Space), then r2c3 region 2.
    page.fill("#regions", "")
    cell(3).focus()
    page.keyboard.press("Space")
    expect(page.locator("#regions")).to_have_value(BOX_MAP.replace("111222333", "111122333", 1))
    expect(page.locator("#regions-note")).not_to_have_text("")          # region 1 has 10 cells for now
    page.fill("#draw-region", "2")
    cell(11).focus()
    page.keyboard.press("Space")
    swapped = rows("111122333" + "112222333" + "111222333" + "444555666" * 3 + "777888999" * 3)
    expect(page.locator("#regions")).to_have_value(swapped)
    expect(page.locator("#regions-note")).to_have_text("")
    expect(page.locator("svg.cons-under g.draft .extra-region")).to_have_count(9)      # region 2 outlined
    assert 11 not in right_edges(page) and 10 in right_edges(page)       # the board draws the map
    # The pointer paints too (region 1 over r2c3, then region 2 over r1c4): the boxes again. And a
    # map typed in the field moves the outline of the region being painted.
    page.fill("#draw-region", "1")
    drag(page, [11])
    expect(page.locator("#regions")).to_have_value(rows("111122333" + "111222333" * 2 + "444555666" * 3
                                                        + "777888999" * 3))
    page.fill("#draw-region", "2")
    drag(page, [3])
    expect(page.locator("#regions")).to_have_value(BOX_MAP)
    page.fill("#regions", BOX_MAP.replace("222", "2222", 1).replace("333", "33", 1))
    expect(page.locator("svg.cons-under g.draft .extra-region")).to_have_count(10)
    page.fill("#regions", "")
    # Solved with what was drawn; the answer says what building its model took.
    page.select_option("#draw-kind", "")
    page.click("#solve")
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    expect(page.locator("#stats")).to_contain_text("model built in")
    page.keyboard.press("End")
    grid = board_symbols(page)
    assert grid[0] < grid[1] < grid[2] < grid[11] and sorted(grid[40:42]) == ["1", "2"], grid
