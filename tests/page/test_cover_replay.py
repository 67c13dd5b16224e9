"""The exact cover page in Chromium: replaying a solve, its explanations and its pictures
(queens, pentominoes), on a phone and when presenting.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.coverhelpers import (
    DEAD_ENDS_TEXT,
    cover_via_api,
    expect_step,
    kinds_and_args,
    open_cover_page,
    picture_squares,
    why_sentences,
)
from tests.pagehelpers import walk_steps
from tests.replaying import walk
from webapp.analysis.explain import newest_choice
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, explain_step, explain_steps, problem_of, replay
from webapp.models import problems
from webapp.words.messages import join_and

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


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
    expect_step(page, 0)
    said = walk_steps(page, 1, len(log["events"]))
    for (step, lines), sentences in zip(explain_steps(log), said, strict=True):
        assert sentences == lines, f"step {step}"
    expect(page).to_have_url(re.compile(r"[?&]text=.*&sol=all&choose=first&step=\d+$"))
    query = urlencode({"text": DEAD_ENDS_TEXT, "sol": "all", "choose": "first", "step": dead_ends[-1]})
    page.goto(f"/cover?{query}")
    expect_step(page, dead_ends[-1])
    expect(page.locator("#problem-text")).to_have_value(DEAD_ENDS_TEXT)
    assert why_sentences(page) == explain_step(log, dead_ends[-1])


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
    expect(page.locator("#links-note")).to_contain_text("up to 64 items and 420 nodes")


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


def test_a_long_list_of_ruled_out_options_folds_after_twelve(page: Page, api):
    log = cover_via_api(api, builtin="pentominoes", params={"width": 20, "height": 3}, solutions=1)["log"]
    step = next(s for s, (kind, arg) in enumerate(kinds_and_args(log), 1)
                if kind == ec.DEAD_END and len(explain_step(log, s)) > 20)
    page.goto(f"/cover?builtin=pentominoes&width=20&height=3&all_orientations=false&sol=1&choose=mrv&step={step}")
    expect_step(page, step)
    sentences = explain_step(log, step)
    # Every sentence is still there, word for word; only twelve of the ruled-out options are open.
    assert why_sentences(page) == sentences
    ruled_out = sum(": ruled out by" in line or ": all ruled out by" in line for line in sentences)
    assert page.locator("#why li.sentence").count() == ruled_out > 12
    expect(page.locator("#why li.sentence:visible")).to_have_count(12)
    more = page.locator("#why details.ruled-out-more > summary")
    expect(more).to_have_text(f"… and {ruled_out - 12} more options")
    more.click()
    expect(page.locator("#why li.sentence:visible")).to_have_count(ruled_out)


def test_a_piece_that_ran_out_marks_no_square(page: Page, api):
    # In the 3×3 packing every place of the 2×2 square shares the centre, which is not the square.
    log = cover_via_api(api, builtin="small-packing", solutions=None, choose="first")["log"]
    dead = [s for s, (kind, arg) in enumerate(kinds_and_args(log), 1) if kind == ec.DEAD_END]
    page.goto(f"/cover?builtin=small-packing&sol=all&choose=first&step={dead[0]}")
    expect_step(page, dead[0])
    expect(page.locator("#why .sentence").first).to_have_text(re.compile(r"^Dead end at level \d+: "))
    expect(page.locator("#picture rect.dead")).to_have_count(0)


def test_the_newest_piece_is_outlined_as_one_shape(page: Page):
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


def test_presentation_mode_gives_the_picture_the_screen(page: Page):
    """On a 1280×720 projector, f leaves the picture with its placed options,
    the player and the why panel; the picture takes the height left."""
    page.set_viewport_size({"width": 1280, "height": 720})
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
                        if (n := newest_choice(problem, run.run_to(s), code & ec.KIND_MASK)) and n[2])
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 6, "sol": "all", "step": step}))
    expect_step(page, step)
    item = page.locator("#placed li.taken-back")
    expect(item).to_have_count(1)
    expect(item.locator("s")).to_have_text(re.compile(rf": {re.escape(log['labels'][option])}$"))
    expect(item).to_have_text(re.compile(r"\(being taken back\)$"))
    expect(page.locator("#placed li.newest")).to_have_count(0)
    expect(page.locator("#picture .mark.queen.taken-back")).to_have_count(1)
    expect(page.locator("#picture .mark.queen.newest")).to_have_count(0)



def test_all_solutions_shows_the_first_thousand_and_counts_the_rest(page: Page, api):
    """Queens on an 11×11 board have 2,680 solutions (a well-known count): the replay holds the
    first 1,000, the most the server records, and the server counts the rest without a log."""
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 11, "sol": "all", "choose": "mrv"}))
    expect(page.locator("#count")).to_have_text("1,000 shown; 2,680 counted: every solution, the count is complete.",
                                                timeout=30_000)
    expect(page.locator("#outcome")).to_contain_text("found 1,000 solutions and stopped there")
    expect(page.locator("#solutions")).to_contain_text("all (count them; show up to 1,000)")
    # Another solve that finds every solution in its replay says no count.
    page.goto("/cover?" + urlencode({"builtin": "queens", "n": 6, "sol": "all", "choose": "mrv"}))
    expect(page.locator("#outcome")).to_contain_text("all 4 solutions found")
    expect(page.locator("#count")).to_be_hidden()


def test_all_counts_on_past_a_replay_that_stopped_where_its_log_fits(page: Page):
    """A server that records few entries (SOLVE_MAX_LOG_WEIGHT) stops the pentominoes' replay in a 20×3
    box before either packing; the Result panel still counts both, from where the replay stopped."""
    import threading

    from werkzeug.serving import make_server

    from webapp import create_app
    server = make_server("127.0.0.1", 0, create_app({"TESTING": True, "SOLVE_MAX_LOG_WEIGHT": 20_000}), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{server.server_port}/cover?"
                  + urlencode({"builtin": "pentominoes", "width": 20, "height": 3, "sol": "all", "choose": "mrv"}))
        expect(page.locator("#count")).to_have_text("0 shown; 2 counted: every solution, the count is complete.",
                                                    timeout=30_000)
        expect(page.locator("#outcome")).to_contain_text("the 20,000 entries this server records")
    finally:
        server.shutdown()


def test_a_dead_ends_culprits_are_flagged_on_the_cover_picture(page: Page, api):
    # 6 queens: at each dead end the queens of its culprit choices carry the flag, and no other square.
    log = cover_via_api(api, builtin="queens", params={"n": 6}, solutions=1)["log"]
    kinds = [code & ec.KIND_MASK for code in log["events"]]
    step = kinds.index(ec.DEAD_END) + 1
    dead = log["facts"]["dead_ends"]
    levels = dead["culprits"][:dead["culprit_count"][0]]
    chosen = list(list(walk(log["events"][:step]))[-1][3])
    page.goto(f"/cover?builtin=queens&n=6&sol=1&choose=mrv&step={step}")
    expect_step(page, step)
    flagged = page.locator("#picture .square.blame")
    expect(flagged).to_have_count(len(levels))
    expect(page.locator("#picture .blame-flag.shown")).to_have_count(len(levels))
    # Why these culprits: the options more than one choice rules out, with the later ones, found here
    # from the options alone (a choice rules an option out when they share an item; queens have no givens).
    item = log["events"][step - 1] >> ec.KIND_BITS
    placed = chosen[:len(replay(log, step).frames) - 1]        # the levels above the dead end's
    said = []
    for o in (o for o, items in enumerate(log["options"]) if item in items):
        levels = [lv for lv, c in enumerate(placed) if set(log["options"][c]) & set(log["options"][o])]
        if len(levels) > 1:
            later = [str(lv) for lv in levels[1:]]
            said.append(f"{log['labels'][o]} also by the choice{'s' if len(later) > 1 else ''} at "
                        f"level{'s' if len(later) > 1 else ''} {join_and(later)}")
    assert said, "the first dead end has an option that two queens rule out"
    also = page.locator('#why .sentence[data-role="also"]')
    expect(also).to_be_hidden()             # folded under its question until asked
    page.locator("#why details.also summary").click()
    expect(also).to_have_text(f"Ruled out more than once: {'; '.join(said[:6])}"
                              + (f"; and {len(said) - 6} more option{'s' if len(said) > 7 else ''}" if len(said) > 6 else "")
                              + ".")
    squares = {(int(flagged.nth(k).get_attribute("data-row")), int(flagged.nth(k).get_attribute("data-col")))
               for k in range(len(levels))}
    labels = {log["labels"][chosen[level]] for level in levels}
    files = "abcdefghijklmnopqrstuvwxyz"
    assert {f"queen at {files[c]}{r + 1}" for r, c in squares} == labels, (squares, labels)
    # A step that is not a dead end flags nothing (the next, by a seek: the flags go, none left over).
    page.locator("#step-slider").fill(str(step + 1))
    expect_step(page, step + 1)
    expect(page.locator("#picture .blame-flag.shown")).to_have_count(0)
