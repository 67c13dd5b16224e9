"""Knuth's multiplicities (DLX3) on the exact cover page, in Chromium: the built-in knuth-bounds solves
to Knuth's one solution; at its take, cover-to-the-most, settle and dead-end steps the Why panel says what
webapp.log.steplog.explain_step says (the dead end's culprit too); the links picture's caption names a tweak and the settle; a typed
problem's bad bounds are refused where they stand, the text kept.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.coverhelpers import cover_via_api, expect_step, kinds_and_args, open_cover_page, why_sentences
from webapp.analysis.explain import SETS_ASIDE
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, explain_step

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_knuths_dlx3_example_replays_its_bounds_in_words(page: Page, api):
    answer = cover_via_api(api, builtin="knuth-bounds", solutions=None)
    log = answer["log"]
    assert log["bounds"] == [[1, 1], [1, 1], [2, 3]] and log["solutions"] == [[1, 3, 4]]
    kinds = [kind for kind, _ in kinds_and_args(log)]
    first = {kind: kinds.index(kind) + 1 for kind in (ec.TAKE, ec.SETTLE, ec.DEAD_END, ec.UNTAKE)}

    page.goto(f"/cover?builtin=knuth-bounds&sol=all&choose=mrv&step={first[ec.DEAD_END]}")
    expect_step(page, first[ec.DEAD_END])
    expect(page.locator("#results")).to_contain_text(answer["outcome"]["message"])
    # The dancing links picture draws Algorithm M's tweaks too (model/dancing.js, node-tested step by step).
    panel = page.locator("#links-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#links-note")).to_be_hidden()
    panel.evaluate("e => e.open = true")
    said = why_sentences(page)
    assert said == explain_step(log, first[ec.DEAD_END])
    assert said[:2] == ["Dead end at level 1: C is covered 0 times and needs at least 2, but only 1 option is left for the 2 more.",
                        "One choice is to blame, at level 0: A B X:0 Y:0 alone leaves C too few options for the 2 covers it needs."]

    # Step on with the keyboard through the take, the cover of C to its most and the settle; the links
    # caption says what the first try that sets its option aside (a tweak) and the settle do to the lists.
    states = [Replay(log).run_to(step) for step in range(first[ec.DEAD_END] + 1, first[ec.UNTAKE] + 1)]
    tweak = next(step for step, state in zip(range(first[ec.DEAD_END] + 1, first[ec.UNTAKE] + 1), states)
                 if kinds[step - 1] == ec.TRY and state.frames[-1].mode == SETS_ASIDE)
    caption = page.locator("#links .links-caption")
    for step in range(first[ec.DEAD_END] + 1, first[ec.UNTAKE] + 1):
        page.keyboard.press("ArrowRight")
        expect_step(page, step)
        if step == tweak:
            expect(caption).to_contain_text(f"Step {step}: tweak(")
        elif step == first[ec.SETTLE]:       # C is covered already (its last cover): no link moves
            expect(caption).to_have_text(f"Step {step}: settle — the item takes none more; it is covered already, so no link changes.")
        if kinds[step - 1] in (ec.TAKE, ec.SETTLE, ec.CHOOSE, ec.COVER, ec.UNSETTLE, ec.UNTAKE, ec.BACKUP):
            assert why_sentences(page) == explain_step(log, step), f"step {step}"
    assert any(line.startswith("Level 3: C is covered 2 to 3 times, covered twice: it has its least")
               for line in explain_step(log, first[ec.SETTLE]))

    # Bad bounds in a typed problem: refused with line and column, the text kept (same page load's browser).
    bad = "A 2:1|B\nA B\n"
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(bad)
    with page.expect_response("**/api/cover") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert answer.value.status == 400
    assert answer.value.json()["position"] == {"line": 1, "column": 3}
    expect(page.locator("#text-error")).to_contain_text("'2:1|B' asks for at least 2 but at most 1")
    expect(page.locator("#problem-text")).to_have_value(bad)
