"""The exact cover page in Chromium: the dancing links node by node and the matrix view,
checked against webapp.engine.exact_cover.Search and webapp.analysis.explain.live_options.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.coverhelpers import (
    DANCING_REPLAY,
    arrays_of,
    cover_via_api,
    expect_counts_as_python,
    expect_step,
    kinds_and_args,
    open_cover_page,
    picture_squares,
    python_arrays_at_steps,
    shown_arrays,
)
from webapp.analysis.explain import live_options
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, problem_of, replay
from webapp.models import problems

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_links_view_shows_the_links_after_a_cover_and_after_its_uncover(page: Page, api):
    answer = cover_via_api(api, builtin="knuth", solutions=None)
    assert answer["stats"]["dead_ends"] == 1
    log = answer["log"]
    events = kinds_and_args(log)
    first_cover = next(s for s, (kind, _) in enumerate(events, 1) if kind == ec.COVER)
    item = events[first_cover - 1][1]
    undo = next(s for s, (kind, arg) in enumerate(events, 1)
                if s > first_cover and kind == ec.UNCOVER and arg == item)
    problem = problem_of(log)
    untouched = arrays_of(ec.Search(problem))
    covered = ec.Search(problem)
    covered.cover(item)
    expected = arrays_of(covered)
    assert expected != untouched

    page.goto(f"/cover?builtin=knuth&sol=all&choose=mrv&step={first_cover}")
    expect_step(page, first_cover)
    assert shown_arrays(page, first_cover) == expected
    expect(page.locator("#stats")).to_contain_text("· 1 dead end ·")
    # Labels too long for the margin ("row 1 (C E F)") leave rows numbered; the tooltip names them.
    assert page.locator("#links .row-label").all_text_contents() == ["1", "2", "3", "4", "5", "6"]
    assert page.locator("#links .row-name title").first.text_content() == f"option 1: {log['labels'][0]}"
    # The picture agrees: the item's header is out of the list, and exactly the
    # nodes its neighbours skip are drawn hidden.
    expect(page.locator(f"#links g[data-node='{item}']")).to_have_class(re.compile(r"\bcovered\b"))
    hidden = {x for x in range(len(problem.items), len(covered.up)) if covered.down[covered.up[x]] != x}
    shown_hidden = page.locator("#links g.node.hidden").evaluate_all("(gs) => gs.map((g) => Number(g.dataset.node))")
    assert set(shown_hidden) == hidden and hidden
    # The updates are listed in Knuth's notation, header updates last.
    updates = page.locator("#links .links-updates li").all_text_contents()
    assert updates[0].startswith("D[U[") and updates[-1].startswith(f"L[R[{problem.items[item]}]]")

    # The button jumps to the uncover that undoes it: every array is as built.
    page.get_by_role("button", name=re.compile(r"uncover that undoes it")).click()
    expect_step(page, undo)
    assert shown_arrays(page, undo) == untouched
    assert page.locator("#links g.node.hidden").count() == 0
    uncover_updates = page.locator("#links .links-updates li").all_text_contents()
    assert len(uncover_updates) == len(updates)

    # Stepping forward by hand onto a cover animates it, then settles on the same arrays.
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    for _ in range(first_cover - 1):
        page.keyboard.press("ArrowRight")
    shown_arrays(page, first_cover - 1)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#links")).to_have_attribute("data-animating", "true")
    expect(page.locator("#links .links-updates li.current").first).to_be_visible()
    expect(page.locator("#links")).to_have_attribute("data-animating", "false", timeout=10_000)
    assert shown_arrays(page, first_cover) == expected

    # One step back undoes the cover on screen: its updates backwards, last first.
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#links")).to_have_attribute("data-animating", "true")
    undone = page.locator("#links .links-updates li").all_text_contents()
    assert len(undone) == len(updates)
    assert undone[0].startswith(f"undo L[R[{problem.items[item]}]]") and undone[-1].startswith("undo D[U[")
    expect(page.locator("#links .links-caption")).to_contain_text(
        f"back from step {first_cover}: undo its cover({problem.items[item]})")
    expect(page.locator("#links")).to_have_attribute("data-animating", "false", timeout=10_000)
    assert shown_arrays(page, first_cover - 1) == untouched


def test_dancing_js_replays_a_log_as_python_does(page: Page, api):
    page.goto("/cover")
    cases = [
        cover_via_api(api, builtin="queens", params={"n": 6}, solutions=None)["log"],     # secondary items
        api.post("/api/solve", json={"puzzle": "1...2...3...4...", "solutions": 3}).get_json()["log"],  # givens
    ]
    for log in cases:
        n = len(log["events"])
        steps = sorted({0, 1, 2, n // 3, n // 2, n - 1, n, *range(0, n, 97)})
        result = page.evaluate(DANCING_REPLAY, [log, steps])
        expected = python_arrays_at_steps(log, steps)
        for step in steps:
            assert result["at"][str(step)] == expected[step], f"step {step}"
        assert result["pairs"] > 10 and result["mismatches"] == 0
        assert result["fits"]
    # A complete search with nothing given ends with every array as built.
    queens = page.evaluate(DANCING_REPLAY, [cases[0], [0]])
    assert queens["original"]
    assert queens["at"]["0"] == arrays_of(ec.Search(problem_of(cases[0])))


def test_matrix_view_counts_are_pythons_on_both_pages(page: Page, api):
    log = cover_via_api(api, builtin="queens", params={"n": 8}, solutions=1)["log"]
    page.goto("/cover?builtin=queens&n=8&sol=1&choose=mrv&step=57")
    expect_step(page, 57)
    expect_counts_as_python(page, log, 57)
    # Families by name: rows, columns, and the two kinds of diagonal (secondary).
    titles = page.locator("#matrix .mx-family h3").all_text_contents()
    assert titles[:2] == ["r1 … r8 · 8 items", "c1 … c8 · 8 items"] and len(titles) == 4
    expect(page.locator("#matrix .mx-axes")).to_have_count(0)      # strips have no axes
    # The item chosen at this level is marked.
    top = replay(log, 57).frames[-1]
    expect(page.locator("#matrix .mx-cell.chosen")).to_have_attribute("data-item", str(top.item))

    # The Sudoku page: the panel is closed by default and counts 324 items once opened.
    berry = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
    sudoku = api.post("/api/solve", json={"puzzle": berry}).get_json()["log"]
    page.goto(f"/?p={berry}&sol=1&choose=mrv&step=40")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 40 of "))
    expect(page.locator("#matrix")).to_be_hidden()
    page.locator("#matrix-panel summary").click()
    expect(page.locator("#matrix .mx-cell")).to_have_count(324)
    expect_counts_as_python(page, sudoku, 40)
    assert page.locator("#matrix .mx-grid").count() == 4        # cells, rows, columns, boxes as 9×9 grids
    # Each grid says what its axes count; a 16×16 writes its digits as it names them.
    assert page.locator("#matrix .mx-axes").all_text_contents() == [
        "Down: rows 1 to 9; across: columns 1 to 9.", "Down: rows 1 to 9; across: digits 1 to 9.",
        "Down: columns 1 to 9; across: digits 1 to 9.", "Down: boxes 1 to 9; across: digits 1 to 9."]
    page.goto("/cover?builtin=latin&n=5&sol=1&choose=mrv&step=3")
    expect_step(page, 3)
    assert page.locator("#matrix .mx-axes").all_text_contents() == [
        "Down: rows 1 to 5; across: columns 1 to 5.", "Down: rows 1 to 5; across: symbols 1 to 5.",
        "Down: columns 1 to 5; across: symbols 1 to 5."]
    page.goto(f"/?p={'.' * 256}&sol=1&choose=mrv&step=3")
    expect_step(page, 3)
    expect(page.locator("#matrix .mx-axes").last).to_have_text("Down: boxes 1 to 16; across: digits 1 to 9 and A to G.")
    expect(page.locator("#links-panel")).to_be_hidden()         # the node view is for 4×4 only

    # On a 4×4 it opens on demand, with the givens' items covered before the search.
    small = "1...2...3...4..."
    small_log = api.post("/api/solve", json={"puzzle": small}).get_json()["log"]
    page.goto(f"/?p={small}&sol=1&choose=mrv&step=10")
    expect(page.locator("#links-panel")).to_be_visible()
    page.locator("#links-panel summary").click()
    assert shown_arrays(page, 10) == python_arrays_at_steps(small_log, [10])[10]
    # Each option row is named by its label, as the Why panel names options.
    assert page.locator("#links .row-label").all_text_contents() == small_log["labels"]


def test_matrix_summary_counts_the_item_that_ran_out_as_still_to_cover(page: Page, api):
    log = cover_via_api(api, builtin="knuth", solutions=1)["log"]
    dead = [k + 1 for k, (kind, _) in enumerate(kinds_and_args(log)) if kind == ec.DEAD_END]
    assert dead
    page.goto(f"/cover?builtin=knuth&sol=1&choose=mrv&step={dead[0]}")
    expect_step(page, dead[0])      # the replay is there before the slider is moved (a fill before it is lost)
    for step in (dead[0], dead[0] - 1):
        # Primary items that no placed option covers, counted from the placed options alone.
        frames = replay(log, step).frames
        placed = list(log["givens"]) + [f.option for f in frames if f.k > 0]
        held = {i for o in placed for i in log["options"][o]}
        to_cover = sum(1 for i in range(log["primary"]) if i not in held)
        page.locator("#step-slider").fill(str(step))      # the link's step, then a seek (no page load) back one
        expect_step(page, step)
        expect(page.locator("#matrix .mx-summary")).to_contain_text(
            f"{to_cover:,} of {log['primary']:,} primary items to cover")


def test_three_digit_counts_fit_their_squares_in_the_matrix(page: Page, api):
    # The 10×6 pentomino box at step 0: each piece has over a hundred placements.
    log = cover_via_api(api, builtin="pentominoes", params={"width": 10, "height": 6}, solutions=1)["log"]
    page.goto("/cover?builtin=pentominoes&width=10&height=6&all_orientations=false&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    expect_counts_as_python(page, log, 0)
    for zoom in ("numbers", "large"):
        page.locator("#matrix select").select_option(label=zoom)
        wide = page.locator("#matrix .mx-cell.digits3")
        expect(wide.first).to_be_visible()
        assert wide.count() >= 10
        # Every count is drawn inside its square, none clipped into the next.
        overflowing = wide.evaluate_all("cells => cells.filter((c) => c.scrollWidth > c.clientWidth).length")
        assert overflowing == 0, f"{overflowing} three-digit counts overflow at zoom {zoom}"


def test_long_item_names_above_the_matrix_do_not_run_together(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(
        "monday tuesday wednesday | projector_of_the_big_room\nmonday tuesday\n"
        "tuesday wednesday projector_of_the_big_room\nmonday\nwednesday projector_of_the_big_room\ntuesday\n")
    page.get_by_role("button", name="Solve", exact=True).click()
    heads = page.locator("#picture .item-name")
    expect(heads).to_have_count(4)
    shown = heads.evaluate_all("heads => heads.map((h) => h.firstChild.textContent)")   # the name, not its tooltip
    assert shown == ["monday", "tuesday", "wednesday", "projector_o…"]
    assert page.locator("#picture .item-name title").all_text_contents()[3] == "projector_of_the_big_room"
    boxes = [heads.nth(k).bounding_box() for k in range(4)]
    for a, b in zip(boxes, boxes[1:]):
        assert a["x"] + a["width"] <= b["x"], f"{a} runs into {b}"
    # Every name sits above the first option's row.
    first_row = page.locator("#picture .option-row").first.bounding_box()
    assert all(box["y"] + box["height"] <= first_row["y"] + 1 for box in boxes)
    # Wide letters are measured as drawn: the names stay inside the picture.
    page.locator("#problem-text").fill("WWWWWWWWWWWWWW MMMMMMMMMMMMMMMMM a\nWWWWWWWWWWWWWW a\nMMMMMMMMMMMMMMMMM\n")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#picture .item-name")).to_have_count(3)
    # How far each name reaches above the drawing's top edge (its viewBox), in pixels.
    above = page.evaluate("""() => {
        const svg = document.querySelector('#picture svg');
        const top = new DOMPoint(0, 0).matrixTransform(svg.getScreenCTM()).y;
        return [...svg.querySelectorAll('.item-name')].map((t) => top - t.getBoundingClientRect().top);
    }""")
    assert max(above) <= 1, above


def test_a_dead_end_marks_where_its_item_could_have_gone(page: Page, api):
    log = cover_via_api(api, builtin="queens", params={"n": 6}, solutions=2)["log"]
    problem = problems.make("queens", n=6).problem
    events = kinds_and_args(log)
    dead = [(s, arg) for s, (kind, arg) in enumerate(events, 1) if kind == ec.DEAD_END]
    step, item = dead[0]
    page.goto(f"/cover?builtin=queens&n=6&sol=2&choose=mrv&step={step}")
    expect_step(page, step)
    # A row or column that ran out: every square of it, where a queen could have stood.
    expected = {divmod(o, 6) for o, items in enumerate(problem.options) if item in items}
    assert len(expected) == 6
    expect(page.locator("#picture rect.dead")).to_have_count(6)
    assert picture_squares(page, ".dead") == expected
    page.locator("#step-slider").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#picture rect.dead")).to_have_count(0)

    # Pentominoes: a cell of the box that no piece can cover any more is that one square.
    log = cover_via_api(api, builtin="pentominoes", params={"width": 20, "height": 3}, solutions=1)["log"]
    cells_dead = [(s, arg) for s, (kind, arg) in enumerate(kinds_and_args(log), 1)
                  if kind == ec.DEAD_END and not log["items"][arg].isalpha()]
    step, item = cells_dead[0]
    page.goto(f"/cover?builtin=pentominoes&width=20&height=3&all_orientations=false&sol=1&choose=mrv&step={step}")
    expect_step(page, step)
    expect(page.locator("#picture rect.dead")).to_have_count(1)
    row, col = re.fullmatch(r"r(\d+)c(\d+)", log["items"][item]).groups()
    assert picture_squares(page, ".dead") == {(int(row) - 1, int(col) - 1)}


def test_an_item_the_option_tried_covers_next_is_dashed_not_red(page: Page, api):
    """Between a try and its covers, an item whose every other option the try hid
    shows 0; that is no dead end, and the matrix panel says so."""
    berry = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
    log = api.post("/api/solve", json={"puzzle": berry}).get_json()["log"]
    problem = problem_of(log)
    run = Replay(log)
    found = None
    for step, code in enumerate(log["events"], start=1):
        state = run.run_to(step)
        if code & ec.KIND_MASK == ec.TRY:
            empty = [i for i in problem.options[code >> ec.KIND_BITS]
                     if not state.covered[i] and not live_options(problem, state, i)]
            if empty:
                found = step, empty[0]
                break
    step, item = found
    page.goto(f"/?p={berry}&sol=1&choose=mrv&step={step}")
    expect_step(page, step)
    page.locator("#matrix-panel summary").click()
    cell = page.locator(f"#matrix .mx-cell[data-item='{item}']")
    expect(cell).to_have_text("0")
    expect(cell).to_have_class(re.compile(r"\bclaimed\b"))
    expect(cell).not_to_have_class(re.compile(r"\bn0\b"))
    expect(page.locator("#matrix .mx-legend")).to_contain_text("Dashed: an item the option just tried covers next")
    # At a dead end the item that ran out is red.
    dead = next(s for s, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END)
    page.keyboard.press("Home")
    page.locator("#step-slider").focus()
    page.keyboard.press("]")
    expect_step(page, dead)
    expect(page.locator(f"#matrix .mx-cell[data-item='{log['events'][dead - 1] >> ec.KIND_BITS}']")).to_have_class(
        re.compile(r"\bn0\b"))

