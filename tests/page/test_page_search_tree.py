"""The search tree panel in Chromium: where it sits, clicking it, and the costliest wrong choices.

What the page shows is held against the step log the API returns for the
same puzzle (the server's facts), not against the page's own arithmetic.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import ARTO, current_step, expect_step, solve_via_api
from webapp.engine import exact_cover as ec

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

TRY = 1


def tries_of(log) -> list[int]:
    """The step of each try, in order (node t is the t-th try)."""
    return [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == TRY]


def costliest_by_facts(log, count=5) -> list[tuple[int, int]]:
    """(node, subtree size) of the wrong choices, largest first, ties to the earlier: from the facts alone."""
    sizes, wrong = log["facts"]["tries"]["nodes"], log["facts"]["tries"]["wrong"]
    return sorted(((n, sizes[n]) for n in wrong), key=lambda p: (-p[1], p[0]))[:count]


def test_the_tree_is_in_sight_and_clicking_it_moves_the_replay(page: Page, api):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    tree = page.get_by_role("region", name="Search tree")
    expect(tree).to_be_visible()
    box = page.locator("#search-tree").bounding_box()
    assert box["width"] >= 200 and box["height"] >= 60
    assert box["y"] + 60 <= 800 and box["x"] + 200 <= 1280, "the tree's canvas is in sight without scrolling"
    # A click in the middle of the drawing lands on a try: the slider moves there.
    page.locator("#search-tree").click(position={"x": box["width"] * 0.5, "y": 8})
    expect(page.locator("#step-label")).not_to_have_text(re.compile(r"^step 0 of"))
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    assert current_step(page) in tries_of(log)


def test_the_costliest_wrong_choices_are_listed_and_each_jumps_to_its_try(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    expected = costliest_by_facts(log)
    tries = tries_of(log)
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    buttons = page.locator("#costliest .costliest-choice")
    expect(buttons).to_have_count(len(expected))
    assert len(expected) == 5, "this puzzle has more than five wrong choices"
    expect(page.locator("#costliest h3")).to_have_text("Costliest wrong choices")
    for k, (node, nodes) in enumerate(expected):
        text = buttons.nth(k).inner_text()
        assert text.endswith(f"{nodes:,} of {len(tries):,} nodes"), text
        label = log["labels"][log["events"][tries[node] - 1] >> ec.KIND_BITS]
        assert text.startswith(f"{label} at level "), text
    # The costliest: its try, and the Why panel says what it cost.
    node, nodes = expected[0]
    buttons.first.click()
    expect_step(page, tries[node])
    expect(page.locator("#why")).to_contain_text(f"cost {nodes:,} of the search's {len(tries):,} nodes")


def test_a_search_without_wrong_choices_says_so(page: Page):
    solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    puzzle = "." + solved[1:]
    page.goto(f"/?p={puzzle}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    expect(page.locator("#costliest")).to_contain_text("No wrong choice")
    expect(page.locator("#backjumps")).to_contain_text("None: every time the search backed up")


def test_a_search_stopped_by_its_step_budget_says_how_big_the_whole_tree_is(page: Page):
    from webapp.models.examples import puzzle_lines
    # A 25x25 instance plain DLX cannot finish: the page's search stops at the server's step cap.
    puzzle = puzzle_lines("gecode_25x25.txt")[0]
    page.goto(f"/?p={puzzle}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    estimate = page.locator("#estimate")
    expect(estimate).to_be_visible()
    expect(estimate).to_have_text(re.compile(
        r"^Knuth's estimate of the whole search tree, from [\d,]+ random paths? down it.*: about [\d,]+ nodes"))
    tried = re.search(r"([\d,]+) options tried", page.locator("#stats").inner_text()).group(1)
    expect(estimate).to_contain_text(f"This search tried {tried} before it stopped.")


def test_the_costliest_wrong_choices_read_apart_and_their_figures_align(page: Page):
    # Every solution of 8 queens: the same queen is a costly wrong choice in several branches,
    # so each entry names the choice it was tried under; the figures share one right edge.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/cover?builtin=queens&n=8&sol=all&choose=mrv&step=0")
    buttons = page.locator("#costliest .costliest-choice")
    expect(buttons).to_have_count(5)
    labels = [buttons.nth(k).locator(".costliest-label").inner_text() for k in range(5)]
    assert len(set(labels)) == 5, labels
    assert all(", under queen at " in label for label in labels if not label.endswith("at level 0")), labels
    edges = {round(box["x"] + box["width"]) for box in
             (buttons.nth(k).locator(".costliest-nodes").bounding_box() for k in range(5))}
    assert len(edges) == 1, edges


def test_what_backjumping_would_have_saved_is_ranked_from_the_facts_jumps(page: Page, api):
    from webapp.models.examples import examples
    puzzle = next(e["puzzle"] for e in examples() if e["id"] == "top95-hard")
    log = solve_via_api(api, puzzle, solutions=1)["log"]
    jumps = log["facts"]["jumps"]
    expected = sorted(zip(jumps["wasted"], jumps["step"], jumps["jump_to"]), key=lambda j: (-j[0], j[1]))[:5]
    assert len(expected) == 5, "a search that backs up past innocent levels more than five times"
    page.goto(f"/?p={puzzle}&sol=1&choose=mrv&step=0")
    expect_step(page, 0)
    rows = page.locator("#backjumps .backjump")
    expect(rows).to_have_count(5)
    expect(page.locator("#backjumps h3")).to_have_text("What backjumping would have saved")
    for k, (wasted, event, jump_to) in enumerate(expected):
        text = rows.nth(k).inner_text()
        assert text.endswith(f"{wasted:,} node{'s' if wasted != 1 else ''} saved"), text
        assert f"(step {event + 1:,})" in text and f"a backjump goes to level {jump_to}" in text, text
    rows.nth(1).click()
    expect_step(page, expected[1][1] + 1)
