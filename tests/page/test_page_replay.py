"""The Sudoku page in Chromium: replay controls (slider, step buttons, play, keys),
solutions, stopped searches, and the JS log modules on a real page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import (
    ARTO,
    BERRY,
    NAIVE_WORST,
    STEP_LABEL,
    STRIP_COLOURS,
    SYMBOLS,
    board_at,
    board_settled,
    board_symbols,
    expect_step,
    grid_symbols,
    solve_via_api,
    step_after,
)
from webapp.analysis.explain import newest_choice
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, problem_of, replay

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


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


def test_several_solutions_each_reachable_and_downloads(page: Page, api):
    examples = api.get("/api/examples").get_json()
    several = next(e for e in examples if e["id"] == "several")
    expected = solve_via_api(api, several["puzzle"], solutions=10)
    log = expected["log"]
    steps = [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 4]
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
    saved = json.loads(Path(info.value.path()).read_text())
    assert saved["format"] == "dlx-step-log" and saved["events"] == log["events"]
    with page.expect_download() as info:
        page.get_by_role("button", name="Download statistics (JSON)").click()
    stats = json.loads(Path(info.value.path()).read_text())
    assert stats["stats"]["steps"] == expected["stats"]["steps"]


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

    # The log keeps a checkpoint every CHECKPOINT_EVERY steps, and a seek anywhere lands on the
    # step asked for (how fast is bench/browser.py's business, not a test's).
    seeks = page.evaluate(
        """async () => {
            const { StepLog, CHECKPOINT_EVERY } = await import('/static/js/model/steplog.js');
            const answer = await fetch('/api/solve', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({puzzle: location.search.slice(3, 84), choose: 'first'})});
            const log = new StepLog((await answer.json()).log);
            const asked = [], landed = [];
            let state = null;
            for (let i = 0; i < 200; i++) {
                const step = Math.floor(Math.random() * (log.stepCount + 1));
                state = log.seek(step, state);
                asked.push(step);
                landed.push(state.step);
            }
            return {asked, landed, checkpoints: log.checkpoints.length, every: CHECKPOINT_EVERY, count: log.stepCount};
        }"""
    )
    assert seeks["count"] == total
    assert seeks["checkpoints"] == total // seeks["every"] + 1
    assert seeks["landed"] == seeks["asked"]


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
    dead_ends = [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 5]
    solutions = [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == 4]
    assert result["deadEnds"] == dead_ends and result["solutions"] == solutions
    assert result["firstDead"] == dead_ends[0]
    assert result["firstSolution"] == solutions[0]
    assert result["deadBeforeSolution"] == max(s for s in dead_ends if s < solutions[0])
    # 100 steps/s for about one second of frames.
    assert 90 <= result["playedTo"] <= 100
    assert not result["playing"]


# Norvig's first easy puzzle: a few thousand steps even under "first item" (Berry's takes 885,424).
EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def test_options_changed_during_a_replay_say_they_wait_for_solve(page: Page):
    page.goto(f"/?p={EASY}&sol=1&choose=mrv&step=5")
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


def test_a_choice_being_taken_back_is_struck_through_not_newest(page: Page, api):
    """After a dead end the uncovers undo the previous level's choice: the
    board strikes its digit instead of marking it newest, as Python says."""
    log = solve_via_api(api, ARTO, log=True)["log"]
    problem = problem_of(log)
    run = Replay(log)
    expected = []
    for step, code in enumerate(log["events"], start=1):
        newest = newest_choice(problem, run.run_to(step), code & ec.KIND_MASK)
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

