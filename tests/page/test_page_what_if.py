"""What if on the Sudoku page and on /cover, in Chromium: try an option from the panel (a node
of the tree or a pencil mark of the level's cell), see the difference in words, go back with one
click; Alt-click a cell to branch there; open a what-if from its shared address."""

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
