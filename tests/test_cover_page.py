"""The exact cover page in a real Chromium: built-ins and typed problems, the
dancing links node by node, the matrix view and the pictures.

What the page shows is checked against the Python side: the link arrays
against webapp.exact_cover.Search after the same covers and uncovers, the
why panel against webapp.steplog.explain_step, the matrix counts against
webapp.explain.live_options, and the pictures against the API's solutions.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from webapp import exact_cover as ec, problems
from webapp.explain import live_options, newest_choice
from webapp.steplog import Replay, explain_step, problem_of, replay

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

ARRAYS = ("up", "down", "left", "right", "len")

# A typed problem with secondary items whose "first item" search meets dead ends.
DEAD_ENDS_TEXT = """# five items, two secondary
A B C D E | x y
A B x
C D
A C y
B D E
E x
B E
A D y
C E
D
"""


def cover_via_api(api, **body):
    answer = api.post("/api/cover", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def kinds_and_args(log):
    return [(code & 7, code >> 3) for code in log["events"]]


def expect_step(page: Page, step: int):
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of [\d,]+"))


def arrays_of(search: ec.Search) -> dict[str, list[int]]:
    return {"up": list(search.up), "down": list(search.down), "left": list(search.left),
            "right": list(search.right), "len": search.counts()}


def shown_arrays(page: Page, step: int) -> dict[str, list[int]]:
    """The arrays the links view says it shows, once it shows `step`."""
    view = page.locator("#links")
    expect(view).to_have_attribute("data-step", str(step))
    return {name: [int(v) for v in view.get_attribute(f"data-{name}").split(",")] for name in ARRAYS}


def open_cover_page(page: Page):
    """The page with no problem in its address, once the built-ins are listed."""
    page.goto("/cover")
    expect(page.locator("#problem option")).to_have_count(len(problems.BUILTINS) + 1)
    expect(page.locator("#problem")).to_have_value("knuth")


def solve_typed(page: Page, text: str):
    """The page with `text` typed as the problem and solved; the text area."""
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    area.fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#results")).to_be_visible()
    return area


def why_sentences(page: Page) -> list[str]:
    return page.locator("#why .sentence").all_text_contents()


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


def python_arrays_at_steps(log, steps):
    """The link arrays after each of `steps`, from a Search that makes the log's covers and uncovers."""
    search = ec.Search(problem_of(log))
    for g in log["givens"]:
        search.select(g)
    wanted, found = set(steps), {}
    if 0 in wanted:
        found[0] = arrays_of(search)
    for step, (kind, arg) in enumerate(kinds_and_args(log), 1):
        if kind == ec.COVER:
            search.cover(arg)
        elif kind == ec.UNCOVER:
            search.uncover(arg)
        if step in wanted:
            found[step] = arrays_of(search)
    return found


DANCING_REPLAY = """async ([json, steps]) => {
    const { StepLog } = await import('/static/js/model/steplog.js');
    const D = await import('/static/js/model/dancing.js');
    const log = new StepLog(json);
    const replay = new D.DancingReplay(log);
    const at = {};
    // Backwards, then forwards: every seek must land on the same arrays.
    for (const s of [...steps].reverse()) at[s] = replay.seek(s).snapshot();
    for (const s of steps) {
        if (JSON.stringify(replay.seek(s).snapshot()) !== JSON.stringify(at[s])) at[s] = 'seek differs';
    }
    // Each uncover's updates undo its cover's, node by node in the reverse order.
    let pairs = 0, mismatches = 0;
    const open = [];
    const key = (u) => `${u.array}:${u.node}`;
    for (let s = 1; s <= log.stepCount; s++) {
        const updates = replay.updatesAt(s);
        if (log.kindAt(s) === 2) open.push(updates);
        if (log.kindAt(s) !== 3) continue;
        const cover = open.pop();
        pairs++;
        const beats = (list) => {
            const out = [];
            for (const u of list) (out[u.beat] ||= []).push(u);
            return out;
        };
        const covered = beats(cover).reverse();
        const uncovered = beats(updates);
        const same = covered.length === uncovered.length && covered.every((beat, b) =>
            beat.length === uncovered[b].length && beat.every((u) => {
                const back = uncovered[b].find((v) => key(v) === key(u));
                return back && back.from === u.to && back.to === u.from;
            }));
        if (!same) mismatches++;
    }
    const end = replay.seek(log.stepCount);
    return {at, pairs, mismatches, original: end.isOriginal(), fits: D.linksFit(log.items.length, log.options)};
}"""


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


def test_typed_problem_replays_and_explains_its_dead_ends_word_for_word(page: Page, api):
    log = cover_via_api(api, text=DEAD_ENDS_TEXT, solutions=None, choose="first")["log"]
    dead_ends = [s for s, (kind, _) in enumerate(kinds_and_args(log), 1) if kind == ec.DEAD_END]
    assert len(dead_ends) >= 2

    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(DEAD_ENDS_TEXT)
    page.locator("#solutions").select_option("all")
    page.locator("#choose").select_option("first")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_have_text(log["outcome"]["message"])
    expect(page.locator("#stats")).to_contain_text(f"{len(dead_ends)} dead ends")
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    expect_step(page, 0)
    for step in dead_ends:
        page.keyboard.press("d")
        expect_step(page, step)
        expect(page.locator("#why .sentence").first).to_have_text(re.compile(r"^Dead end at level \d+: "))
        assert why_sentences(page) == explain_step(log, step)

    # Every other step says what Python says, too, and the address reopens it.
    page.keyboard.press("Home")
    for step in range(1, len(log["events"]) + 1):
        page.keyboard.press("ArrowRight")
        expect_step(page, step)
        assert why_sentences(page) == explain_step(log, step), f"step {step}"
    expect(page).to_have_url(re.compile(r"[?&]text=.*&sol=all&choose=first&step=\d+$"))
    query = urlencode({"text": DEAD_ENDS_TEXT, "sol": "all", "choose": "first", "step": dead_ends[-1]})
    page.goto(f"/cover?{query}")
    expect_step(page, dead_ends[-1])
    expect(page.locator("#problem-text")).to_have_value(DEAD_ENDS_TEXT)
    assert why_sentences(page) == explain_step(log, dead_ends[-1])


def picture_squares(page: Page, selector: str) -> set[tuple[int, int]]:
    cells = page.locator(f"#picture rect{selector}").evaluate_all(
        "(rs) => rs.map((r) => [Number(r.dataset.row), Number(r.dataset.col)])")
    return {tuple(c) for c in cells}


def test_queens_picture_shows_the_solution_and_a_link_reopens_its_step(page: Page, api):
    answer = cover_via_api(api, builtin="queens", params={"n": 6}, solutions=2)
    log = answer["log"]
    solution_steps = [s for s, (kind, _) in enumerate(kinds_and_args(log), 1) if kind == ec.SOLUTION]

    page.goto("/cover?builtin=queens&n=6&sol=2&choose=mrv")
    # The page lands on the first solution: its six queens, one per row and column.
    expect_step(page, solution_steps[0])
    expect(page.locator("#picture rect[data-queen]")).to_have_count(6)
    assert picture_squares(page, "[data-queen]") == {divmod(o, 6) for o in answer["solutions"][0]}
    expect(page.locator("#placed li")).to_have_count(6)
    page.locator("#solution-list button").nth(1).click()
    expect_step(page, solution_steps[1])
    assert picture_squares(page, "[data-queen]") == {divmod(o, 6) for o in answer["solutions"][1]}

    # At step 40, the queens of the frames that have tried an option; the form is filled from the link.
    page.goto("/cover?builtin=queens&n=6&sol=2&choose=mrv&step=40")
    expect_step(page, 40)
    expect(page.locator("#param-n")).to_have_value("6")
    expect(page.locator("#solutions")).to_have_value("2")
    state = replay(log, 40)
    placed = {divmod(f.option, 6) for f in state.frames if f.option >= 0}
    expect(page.locator("#picture rect[data-queen]")).to_have_count(len(placed))
    assert picture_squares(page, "[data-queen]") == placed

    # A Latin square is drawn cell by cell with its symbols.
    latin = cover_via_api(api, builtin="latin", params={"n": 4})
    page.goto("/cover?builtin=latin&n=4&sol=1&choose=mrv")
    expect(page.locator("#picture rect[data-value]")).to_have_count(16)
    drawn = page.locator("#picture rect[data-value]").evaluate_all(
        "(rs) => rs.map((r) => [Number(r.dataset.row), Number(r.dataset.col), Number(r.dataset.value)])")
    grid = problems.make("latin", n=4).picture(latin["solutions"][0])["cells"]
    assert sorted(map(tuple, drawn)) == sorted((r, c, v) for r, row in enumerate(grid) for c, v in enumerate(row))


def matrix_counts(page: Page) -> dict[int, str]:
    cells = page.locator("#matrix .mx-cell").evaluate_all(
        "(cs) => cs.map((c) => [Number(c.dataset.item), c.dataset.count])")
    return {item: count for item, count in cells}


def expect_counts_as_python(page: Page, log, step: int):
    problem, state = problem_of(log), replay(log, step)
    live = [k for k, option in enumerate(problem.options) if not any(state.covered[i] for i in option)]
    expect(page.locator("#matrix")).to_have_attribute("data-live-options", str(len(live)))
    shown = matrix_counts(page)
    assert len(shown) == len(problem.items)
    uncovered = [i for i in range(len(problem.items)) if not state.covered[i]]
    assert uncovered
    for i in uncovered:
        assert shown[i] == str(len(live_options(problem, state, i))), problem.items[i]


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
    for step in (dead[0], dead[0] - 1):
        # Primary items that no placed option covers, counted from the placed options alone.
        frames = replay(log, step).frames
        placed = list(log["givens"]) + [f.option for f in frames if f.k > 0]
        held = {i for o in placed for i in log["options"][o]}
        to_cover = sum(1 for i in range(log["primary"]) if i not in held)
        page.goto(f"/cover?builtin=knuth&sol=1&choose=mrv&step={step}")
        expect_step(page, step)
        expect(page.locator("#matrix .mx-summary")).to_contain_text(
            f"{to_cover:,} of {log['primary']:,} primary items to cover")


def test_bad_text_shows_its_line_and_column_and_keeps_the_text(page: Page):
    bad = "A B C\nA B\nB Q\n"
    # The user picks "type a problem" before the list of built-ins arrives: the choice stays.
    held = []
    page.route("**/api/cover/builtins", lambda route: held.append(route))
    page.goto("/cover")
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(bad)
    page.wait_for_function("() => true")       # a round trip, so the held request has been seen
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#problem option")).to_have_count(len(problems.BUILTINS) + 1)
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#text-panel")).to_be_visible()
    with page.expect_response("**/api/cover") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert answer.value.status == 400
    error = answer.value.json()
    assert error["position"] == {"line": 3, "column": 3}
    expect(page.locator("#text-error")).to_have_text(error["error"])
    expect(page.locator("#text-error")).to_contain_text("line 3, column 3")
    expect(page.locator("#problem-text")).to_have_value(bad)
    expect(page.locator("#problem-text")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results")).to_be_hidden()
    # The fault is selected in the text, counted in characters as the server counts them.
    selected = "() => { const a = document.getElementById('problem-text'); return a.value.slice(a.selectionStart, a.selectionEnd); }"
    assert page.evaluate(selected) == "Q"
    page.locator("#problem-text").fill("🙂 A\n🙂 Z\n")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#text-error")).to_contain_text("line 2, column 3")
    assert page.evaluate(selected) == "Z"

    # Pentominoes need width × height = 60: said before any request, and Solve does nothing.
    page.locator("#problem").select_option("pentominoes")
    page.locator("#param-width").fill("7")
    expect(page.locator("#param-message")).to_contain_text("width × height must be 60")
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/api/cover" in r.url else None)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#param-message")).to_be_visible()
    assert requests == []
    expect(page.locator("#results")).to_be_hidden()


def test_pages_link_to_each_other_and_fit_a_phone_in_the_dark(page: Page):
    page.goto("/")
    page.get_by_role("link", name=re.compile("Beyond Sudoku")).click()
    expect(page).to_have_url(re.compile(r"/cover$"))
    expect(page.locator("#problem option")).to_have_count(len(problems.BUILTINS) + 1)
    page.get_by_role("link", name=re.compile("Sudoku")).click()
    expect(page.locator("#board [role=gridcell]")).to_have_count(81)

    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="dark")
    page.goto("/cover?builtin=small-packing&sol=all&choose=mrv&step=30")
    expect_step(page, 30)
    expect(page.locator("#links")).to_have_attribute("data-step", "30")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Too big a problem for the node view says so, with the limits.
    page.goto("/cover?builtin=pentominoes&width=20&height=3&sol=1&choose=mrv&step=10")
    expect_step(page, 10)
    expect(page.locator("#links-panel")).to_be_hidden()
    expect(page.locator("#links-note")).to_contain_text("up to 64 items and 320 nodes")


def test_markup_in_item_names_stays_text(page: Page):
    evil = "<img/src=x/onerror=window.__xss=1>"
    text = f"{evil} <b>B</b> | <script>window.__xss=2</script>\n{evil} <b>B</b>\n<b>B</b>\n{evil}\n"
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_have_text(re.compile("^Solved"))
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#why .sentence").first).to_contain_text(evil)
    expect(page.locator("#links g[data-node='0'] title")).to_contain_text(evil)
    assert page.evaluate("window.__xss") is None
    assert page.locator("body img, body b, body script:not([src])").count() == 0


def test_newest_placement_stays_in_view_and_the_form_never_shows_a_stale_replay(page: Page):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto("/cover?builtin=queens&n=8&sol=1&choose=mrv")
    expect(page.locator("#placed li")).to_have_count(8)
    # The list scrolls within six lines; the newest (bold) placement is scrolled into view.
    newest = page.locator("#placed li.newest")
    expect(newest).to_have_count(1)
    box = page.locator("#placed").bounding_box()
    line = newest.bounding_box()
    assert box["y"] - 1 <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"] + 1
    # The picture and all the player's buttons share the screen after the solve.
    picture = page.locator("#picture").bounding_box()
    buttons = page.locator("#player .buttons").bounding_box()
    assert picture["y"] >= 0 and buttons["y"] + buttons["height"] <= 768

    # A parameter the form refuses leaves the replay: nothing of the 8 queens stays under it.
    page.locator("#param-n").fill("25")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#param-message")).to_contain_text("n must be a whole number")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#picture")).to_be_hidden()
    expect(page.locator("#step-label")).to_have_text("Solve a problem to replay the search.")

    # So does picking another problem.
    page.locator("#param-n").fill("6")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#results")).to_be_visible()
    page.locator("#problem").select_option("latin")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#picture")).to_be_hidden()


def test_a_problem_being_typed_survives_a_reload(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    area.fill("A B C\nA B\nC\n")
    area.press("End")
    page.keyboard.type("B C")
    page.reload()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value("A B C\nA B\nC\nB C")
    # A link still wins over the draft.
    page.goto("/cover?builtin=queens&n=4&sol=1&choose=mrv")
    expect(page.locator("#problem")).to_have_value("queens")


def test_edits_over_a_replay_survive_a_reload_and_back_forward(page: Page):
    area = solve_typed(page, "A B C\nA B\nC\n")
    solved_url = page.url
    note = page.locator("#text-error")
    expect(note).to_be_hidden()
    area.press("Control+End")
    page.keyboard.type("B C\n")
    edited = "A B C\nA B\nC\nB C\n"
    # Said at once, not only after a reload; and gone when the text is the replay's again.
    expect(note).to_have_text("Your edits since the last Solve are kept here; the replay is of the problem "
                              "as it was solved. Press Solve to run the edited text.")
    for _ in range(4):
        page.keyboard.press("Backspace")
    expect(note).to_be_hidden()
    page.keyboard.type("B C\n")

    # A reload replays the problem the address names and keeps the edits in the text.
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#problem-text")).to_have_value(edited)
    expect(page.locator("#text-error")).to_contain_text("Your edits since the last Solve are kept")
    assert page.url == solved_url

    # Away to a built-in and back: the edits come back again.
    page.goto("/cover?builtin=queens&n=4&sol=1&choose=mrv")
    expect(page.locator("#problem")).to_have_value("queens")
    page.go_back()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value(edited)

    # Solving the edits makes them the problem: nothing is kept over it any more.
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#text-error")).to_be_hidden()
    page.wait_for_function("url => location.href !== url", arg=solved_url)
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#problem-text")).to_have_value(edited)
    expect(page.locator("#text-error")).to_be_hidden()


def test_a_problem_picked_after_a_solve_is_what_a_reload_reopens(page: Page):
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    page.locator("#problem").select_option("text")
    expect(page.locator("#results")).to_be_hidden()
    page.locator("#problem-text").fill("X Y\nX\nY\n# my work\n")
    assert "problem=text" in page.url
    page.reload()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value("X Y\nX\nY\n# my work\n")
    expect(page.locator("#results")).to_be_hidden()
    # The solve left behind keeps its own entry: Back replays it, Forward comes back to the text.
    page.go_back()
    expect(page.locator("#problem")).to_have_value("queens")
    expect(page.locator("#results")).to_be_visible()
    page.go_forward()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#problem-text")).to_have_value("X Y\nX\nY\n# my work\n")


def test_the_player_stays_put_while_options_are_placed(page: Page):
    # Clicking Step forward again and again without moving the pointer must keep stepping.
    page.goto("/cover?builtin=queens&n=8&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    forward = page.get_by_role("button", name="Step forward")
    where = forward.bounding_box()
    x, y = where["x"] + where["width"] / 2, where["y"] + where["height"] / 2
    for step in range(1, 16):
        page.mouse.click(x, y)
        expect_step(page, step)
    assert forward.bounding_box()["y"] == where["y"]
    assert page.locator("#placed li").count() >= 3


def test_a_problem_too_long_for_the_address_once_encoded_stays_out_of_it(page: Page):
    # About 800 characters, but over 2,000 once encoded (an emoji takes 12, a space 3).
    names = [f"😀{k}" for k in range(80)]
    text = " ".join(names) + "\n" + "\n".join(names) + "\n"
    assert len(text) < 2000
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#message")).to_contain_text("too long to keep in the address")
    assert "text=" not in page.url


def test_pictures_and_fields_have_names_a_screen_reader_reads(page: Page):
    page.goto("/cover?builtin=queens&n=6&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    title = page.locator("#picture-title").text_content()
    assert title
    expect(page.get_by_role("img", name=title)).to_be_visible()
    expect(page.locator("#param-n")).to_have_attribute("aria-description", re.compile(r"\w"))
    page.goto("/cover?builtin=knuth&sol=1&choose=mrv&step=3")
    expect_step(page, 3)
    if not page.evaluate("document.querySelector('#links-panel').open"):
        page.locator("#links-panel summary").click()
    expect(page.get_by_role("region", name="Dancing links diagram")).to_be_visible()


def test_picking_type_a_problem_with_the_keys_leaves_the_focus_on_the_menu(page: Page):
    open_cover_page(page)
    menu = page.locator("#problem")
    menu.focus()
    page.keyboard.press("End")
    expect(menu).to_have_value("text")
    expect(menu).to_be_focused()


def test_parameters_entered_and_not_solved_survive_a_reload(page: Page):
    # Picked, not solved: the parameters go into the address.
    open_cover_page(page)
    page.locator("#problem").select_option("queens")
    page.locator("#param-n").fill("7")
    expect(page).to_have_url(re.compile(r"problem=queens&n=7$"))
    page.reload()
    expect(page.locator("#problem")).to_have_value("queens")
    expect(page.locator("#param-n")).to_have_value("7")
    # Over a replay: the address stays the replay's, and the parameters come back after a reload.
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    replay_url = page.url
    page.locator("#param-n").fill("6")
    note = page.locator("#param-message")
    expect(note).to_contain_text("Parameters changed")
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    assert page.url == replay_url
    expect(page.locator("#param-n")).to_have_value("6")
    expect(note).to_contain_text("Parameters changed")
    # Solved, they are the replay: Back to n=5 shows its own parameters, with no note.
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).to_have_url(re.compile(r"n=6"))
    expect(note).to_be_hidden()
    page.go_back()
    expect(page).to_have_url(re.compile(r"n=5"))
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#param-n")).to_have_value("5")
    expect(note).to_be_hidden()


def test_back_to_an_earlier_typed_problem_brings_its_text_back(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    first, second = "A B\nA B\n", "P Q\nP\nQ\nP Q\n"
    solve = page.get_by_role("button", name="Solve", exact=True)
    area.fill(first)
    solve.click()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    area.fill(second)
    solve.click()
    expect(page.locator("#placed li")).to_have_count(2)
    page.go_back()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    expect(area).to_have_value(first)
    expect(page.locator("#text-error")).to_be_hidden()
    page.go_forward()
    expect(page.locator("#placed li")).to_have_count(2)
    expect(area).to_have_value(second)


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


def test_a_problem_too_large_to_send_is_refused_in_words_and_kept(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.evaluate("() => { document.getElementById('problem-text').value = 'A B\\n' + 'A\\n'.repeat(140000); }")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#message")).to_have_text(
        "The problem is 280,004 characters long, more than the server takes in one request: "
        "solve a problem that large with the command line (python -m webapp cover FILE).")
    assert page.evaluate("() => document.getElementById('problem-text').value.length") == 4 + 2 * 140000


def test_bad_link_settings_are_named_on_the_cover_page_too(page: Page):
    page.goto("/cover?builtin=queens&n=4&sol=abc&choose=mrv&step=-3")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#message")).to_contain_text("sol=abc is not a number of solutions")
    expect(page.locator("#message")).to_contain_text("step=-3 is before the first step: step 0 is shown.")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 0 of "))


def test_a_links_unreadable_parameters_are_named_and_their_defaults_used(page: Page):
    message = page.locator("#message")
    page.goto("/cover?builtin=queens&n=abc&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    expect(message).to_contain_text("n=abc is not a whole number: 8 is used.")
    expect(page.locator("#param-n")).to_have_value("8")
    assert "n=8" in page.evaluate("location.search")
    page.goto("/cover?builtin=pentominoes&width=20&height=3&all_orientations=yes&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    expect(message).to_contain_text("all_orientations=yes is not true or false: false is used.")
    # Spaces around a number are no mistake.
    page.goto("/cover?builtin=queens&n=%206&sol=1&choose=mrv")
    expect(page.locator("#param-n")).to_have_value("6")
    expect(message).to_be_hidden()
    # A problem picked and not solved: the same note, and nothing is solved.
    page.goto("/cover?problem=queens&n=8.5")
    expect(message).to_contain_text("n=8.5 is not a whole number: 8 is used.")
    expect(page.locator("#param-n")).to_have_value("8")
    expect(page.locator("#results")).to_be_hidden()


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


def test_a_long_list_of_ruled_out_options_folds_after_twelve(page: Page, api):
    log = cover_via_api(api, builtin="pentominoes", params={"width": 20, "height": 3}, solutions=1)["log"]
    step = next(s for s, (kind, arg) in enumerate(kinds_and_args(log), 1)
                if kind == ec.DEAD_END and len(explain_step(log, s)) > 20)
    page.goto(f"/cover?builtin=pentominoes&width=20&height=3&all_orientations=false&sol=1&choose=mrv&step={step}")
    expect_step(page, step)
    sentences = explain_step(log, step)
    ruled_out = len(sentences) - 2          # the heading and "Back to level …" around them
    # Every sentence is still there, word for word; only twelve are open.
    assert why_sentences(page) == sentences
    expect(page.locator("#why li.sentence:visible")).to_have_count(12)
    more = page.locator("#why details.ruled-out-more > summary")
    expect(more).to_have_text(f"… and {ruled_out - 12} more options")
    more.click()
    expect(page.locator("#why li.sentence:visible")).to_have_count(ruled_out)


def test_text_typed_after_picking_survives_back_to_an_older_solve_and_forward(page: Page):
    area = solve_typed(page, "A B\nA B\n")
    page.locator("#problem").select_option("queens")
    page.locator("#problem").select_option("text")
    typed = "A B C\nA B\nC\n# typed, not solved\n"
    area.fill(typed)
    page.reload()
    expect(area).to_have_value(typed)
    page.go_back()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    expect(area).to_have_value("A B\nA B\n")
    page.go_forward()
    expect(page.locator("#results")).to_be_hidden()
    expect(area).to_have_value(typed)


def test_solving_the_same_problem_again_adds_no_history_entry(page: Page):
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    length = page.evaluate("history.length")
    for _ in range(2):
        with page.expect_response("**/api/cover"):
            page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#results")).to_be_visible()
    assert page.evaluate("history.length") == length
    page.locator("#param-n").fill("6")
    with page.expect_response("**/api/cover"):
        page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).to_have_url(re.compile(r"n=6"))
    assert page.evaluate("history.length") == length + 1     # another problem is a new entry


def test_a_piece_that_ran_out_marks_no_square(page: Page, api):
    # In the 3×3 packing every place of the 2×2 square shares the centre, which is not the square.
    log = cover_via_api(api, builtin="small-packing", solutions=None, choose="first")["log"]
    dead = [s for s, (kind, arg) in enumerate(kinds_and_args(log), 1) if kind == ec.DEAD_END]
    page.goto(f"/cover?builtin=small-packing&sol=all&choose=first&step={dead[0]}")
    expect_step(page, dead[0])
    expect(page.locator("#why .sentence").first).to_have_text(re.compile(r"^Dead end at level \d+: "))
    expect(page.locator("#picture rect.dead")).to_have_count(0)


def test_the_newest_piece_is_outlined_as_one_shape(page: Page, api):
    answer = cover_via_api(api, builtin="pentominoes", params={"width": 20, "height": 3}, solutions=1)
    page.goto("/cover?builtin=pentominoes&width=20&height=3&all_orientations=false&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    newest = page.locator("#placed li.newest").text_content()
    cells = {tuple(int(v) - 1 for v in m) for m in re.findall(r"r(\d+)c(\d+)", newest)}
    assert len(cells) == 5
    # Its outline is the edges no other cell of the piece shares: a pentomino's perimeter.
    perimeter = sum(1 for (r, c) in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if (r + dr, c + dc) not in cells)
    d = page.locator("#picture path.piece-outline").get_attribute("d")
    assert d.count("M") == perimeter


def test_presentation_mode_gives_the_picture_the_screen(browser, base_url):
    """On a 1280×720 projector, f leaves the picture with its placed options,
    the player and the why panel; the picture takes the height left."""
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.on("pageerror", lambda error: pytest.fail(str(error)))
    page.goto("/cover?" + urlencode({"builtin": "pentominoes", "width": 10, "height": 6, "step": 300}))
    expect_step(page, 300)
    before = page.locator("#picture svg").bounding_box()
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(re.compile(r"\bpresenting\b"))
    for hidden in ("header.top", "#problem-form", ".keys"):
        expect(page.locator(hidden)).to_be_hidden()
    picture = page.locator("#picture svg").bounding_box()
    placed = page.locator("#placed").bounding_box()
    player = page.locator("#player").bounding_box()
    assert picture["width"] >= 780 and picture["width"] > 1.3 * before["width"]
    assert placed["y"] >= picture["y"] + picture["height"] and placed["y"] + placed["height"] <= 720
    assert player["x"] >= picture["x"] + picture["width"]
    assert placed["x"] + placed["width"] <= player["x"]
    page.keyboard.press("ArrowRight")
    expect_step(page, 301)
    page.keyboard.press("Escape")
    expect(page.locator("#problem-form")).to_be_visible()
    assert abs(page.locator("#picture svg").bounding_box()["width"] - before["width"]) < 2
    context.close()


def test_presenting_keeps_a_queens_dead_end_and_its_way_back_beside_the_board(page: Page, api):
    """1280×720: the player is compact enough that the why panel's back-up line is on screen."""
    log = cover_via_api(api, builtin="queens", params={"n": 8}, solutions=1)["log"]
    step = next(s for s, (kind, _) in enumerate(kinds_and_args(log), 1) if kind == ec.DEAD_END and s > 60)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 8, "sol": 1, "choose": "mrv", "step": step}))
    expect_step(page, step)
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(re.compile(r"\bpresenting\b"))
    expect(page.locator("#why .ruled-out-more summary")).to_be_visible()
    back = page.locator("#why .sentence[data-role=back]")
    expect(back).to_be_visible()
    box = back.bounding_box()
    assert page.evaluate("scrollY") == 0 and box["y"] + box["height"] <= 720
    # The strip's legend made way; the strip itself stays.
    expect(page.locator(".overview figcaption")).to_be_hidden()
    expect(page.locator("#overview")).to_be_visible()


def test_a_placement_being_taken_back_is_struck_in_the_list_and_faded_on_the_picture(page: Page, api):
    body = cover_via_api(api, builtin="queens", params={"n": 6}, solutions=None)
    log = body["log"]
    problem = problem_of(log)
    run = Replay(log)
    step, option = next((s, n[0]) for s, code in enumerate(log["events"], start=1)
                        if (n := newest_choice(problem, run.run_to(s), code & 7)) and n[2])
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 6, "sol": "all", "step": step}))
    expect_step(page, step)
    item = page.locator("#placed li.taken-back")
    expect(item).to_have_count(1)
    expect(item.locator("s")).to_have_text(re.compile(rf": {re.escape(log['labels'][option])}$"))
    expect(item).to_have_text(re.compile(r"\(being taken back\)$"))
    expect(page.locator("#placed li.newest")).to_have_count(0)
    expect(page.locator("#picture .mark.queen.taken-back")).to_have_count(1)
    expect(page.locator("#picture .mark.queen.newest")).to_have_count(0)


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
        if code & 7 == ec.TRY:
            empty = [i for i in problem.options[code >> 3]
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
    dead = next(s for s, code in enumerate(log["events"], start=1) if code & 7 == ec.DEAD_END)
    page.keyboard.press("Home")
    page.locator("#step-slider").focus()
    page.keyboard.press("]")
    expect_step(page, dead)
    expect(page.locator(f"#matrix .mx-cell[data-item='{log['events'][dead - 1] >> 3}']")).to_have_class(
        re.compile(r"\bn0\b"))
