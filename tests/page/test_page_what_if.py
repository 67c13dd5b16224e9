"""What if on the Sudoku page and on /cover, in Chromium: try an option from the panel or from a
pencil mark of the level's cell (a click or its digit's key), see the difference in words and both
searches in one merged tree, go back with one click; Alt-click a cell to branch there; open a
what-if from its shared address."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import BERRY, expect_step, solve_via_api
from webapp.engine import exact_cover as ec
from webapp.log.steplog import replay

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_try_instead_branch_and_back_on_the_sudoku_page(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    wrong = log["facts"]["tries"]["wrong"][0]
    step = [e for e, code in enumerate(log["events"]) if code & ec.KIND_MASK == ec.TRY][wrong] + 1
    path = [f.option for f in replay(log, step).frames]
    page.goto(f"/?p={BERRY}&step={step}")
    expect_step(page, step)
    panel = page.locator("#whatif-panel")
    expect(panel).to_be_visible()
    tried = panel.locator("#whatif-options button[aria-pressed=true]")
    expect(tried).to_have_text(log["labels"][path[-1]])
    tried.click()
    expect(page).to_have_url(re.compile(r"force=" + "%2C".join(map(str, path)) + r"(&|$)"))
    words = page.locator("#whatif-words")
    what_if = api.post("/api/solve", json={"puzzle": BERRY, "choices": path}).get_json()
    assert what_if["outcome"]["status"] == "no_solution"
    expect(words).to_contain_text(f"Your {log['labels'][path[-1]]} led to "
                                  f"{log['facts']['tries']['nodes'][wrong]:,} nodes and no solution; the search")
    expect(page.locator("#outcome")).to_contain_text("No solution below your choices")
    # The tree shows the learner's choices: the what-if's first try is level 0's choice.
    expect(page.locator("#why")).to_be_visible()
    page.locator("#whatif-back").click()
    expect(page).not_to_have_url(re.compile(r"force="))
    expect(words).to_be_hidden()
    expect(page.locator("#whatif-back")).to_be_hidden()
    # Alt-click a cell: the search branches there next (below the path at the step shown).
    page.keyboard.press("Home")
    expect_step(page, 0)
    own = log["events"][0] >> ec.KIND_BITS
    cell = next(c for c in range(81) if BERRY[c] == "." and c != own)
    page.locator(f"#board [data-cell='{cell}']").click(modifiers=["Alt"])
    expect(page).to_have_url(re.compile(rf"branch={cell}(&|$)"))
    expect(words).to_contain_text(f"Branching on {log['items'][cell]} at level 0: ")


def test_try_a_pencil_mark_instead_and_both_searches_in_one_tree(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    kinds = [code & ec.KIND_MASK for code in log["events"]]
    tries = [e for e, kind in enumerate(kinds) if kind == ec.TRY]
    # A wrong try at a level whose item is a cell, and that level's choose (its cell empty, marks drawn).
    for wrong in log["facts"]["tries"]["wrong"]:
        at = replay(log, tries[wrong] + 1)
        if at.frames[-1].item < 81:
            break
    level, cell = len(at.frames) - 1, at.frames[-1].item
    path = [f.option for f in at.frames]
    choose = next(e + 1 for e in range(tries[wrong], -1, -1)
                  if kinds[e] == ec.CHOOSE and len(replay(log, e + 1).frames) == level + 1)
    page.goto(f"/?p={BERRY}&step={choose}")
    expect_step(page, choose)
    page.locator("#pencil").check()
    options = page.locator("#whatif-options button")
    expect(options.first).to_be_visible()
    digits = [int(text[0]) - 1 for text in options.all_inner_texts()]
    assert path[-1] in {cell * 9 + d for d in digits}
    # A digit the cell did not have: said, nothing solved.
    missing = next(d for d in range(9) if d not in digits)
    page.keyboard.press(str(missing + 1))
    expect(page.locator("#board-hint")).to_have_text(re.compile(
        rf"^No {missing + 1} in {log['items'][cell]} at level {level}: its options there were "))
    # A click on another digit's pencil mark in the cell: the what-if below the path plus that digit.
    other = next(d for d in digits if cell * 9 + d != path[-1])
    box = page.locator(f"#board [data-cell='{cell}']").bounding_box()
    page.mouse.click(box["x"] + (other % 3 + 0.5) * box["width"] / 3, box["y"] + (other // 3 + 0.5) * box["height"] / 3)
    force = "%2C".join(map(str, [*path[:-1], cell * 9 + other]))
    expect(page).to_have_url(re.compile(rf"force={force}(&|$)"))
    expect(page.locator("#whatif-words")).to_contain_text(f"Your {other + 1} in {log['items'][cell]} ")
    # Back to the original at the choose: the key of a digit tries it as the click did.
    page.go_back()
    expect_step(page, choose)
    expect(page.locator("#whatif-tree")).to_be_hidden()
    page.keyboard.press(str(other + 1))
    expect(page).to_have_url(re.compile(rf"force={force}(&|$)"))
    # Both searches in one tree; one click replays the original, another the what-if again.
    tree = page.locator("#whatif-tree")
    expect(tree).to_be_visible()
    expect(tree.locator(".merged-legend")).to_contain_text("your choices only: ")
    expect(tree.locator(".merged-summary")).to_have_text(re.compile(r"^The searches (part once|first part) at level \d+"))
    tree.locator(".merged-replay-a").click()
    expect(page).not_to_have_url(re.compile(r"force="))
    expect(tree.locator(".merged-replay-a")).to_have_attribute("aria-pressed", "true")
    tree.locator(".merged-replay-b").click()
    expect(page).to_have_url(re.compile(rf"force={force}(&|$)"))


def test_a_shared_what_if_opens_with_its_words_and_cover_takes_choices(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    first = log["solutions"][0]
    page.goto(f"/?p={BERRY}&force={first[0]}")
    expect(page.locator("#whatif-words")).to_have_text(
        f"Your {log['labels'][first[0]]} reached a solution in "
        f"{api.post('/api/solve', json={'puzzle': BERRY, 'choices': first[:1]}).get_json()['stats']['nodes']:,} "
        "nodes; the search chose it too.")
    expect(page.locator("#step-label")).to_be_visible()
    page.goto("/cover?builtin=queens&n=6&sol=all&step=3")
    options = page.locator("#whatif-options button")
    expect(options.first).to_be_visible()
    options.first.click()
    expect(page).to_have_url(re.compile(r"force=\d+"))
    expect(page.locator("#whatif-words")).to_contain_text(re.compile(r"^Your queen at [a-f]\d "))
