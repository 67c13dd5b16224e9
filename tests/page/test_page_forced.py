"""Forced moves on the Sudoku page in Chromium: the Why panel names them, and the guess
buttons and keys skip from one real choice to the next over them (one page load)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import BERRY, expect_step, solve_via_api, why_sentences
from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_forced_moves_are_named_and_skipped_from_guess_to_guess(page: Page, api):
    log = solve_via_api(api, BERRY)["log"]
    chooses = [e for e, code in enumerate(log["events"]) if code & ec.KIND_MASK == ec.CHOOSE]
    guesses = [e + 1 for e, d in zip(chooses, log["sizes"]) if d > 1]
    forced = next(e for e, d in zip(chooses, log["sizes"]) if d == 1) + 1      # the first forced move
    page.goto(f"/?p={BERRY}&step={forced}")
    expect_step(page, forced)
    # The Why panel says the forced move's name, as Python does.
    assert why_sentences(page) == explain_step(log, forced)
    assert any(s.startswith("Forced: ") for s in why_sentences(page))
    page.locator("#step-slider").focus()
    page.keyboard.press("g")
    after = next(g for g in guesses if g > forced)
    expect_step(page, after)
    assert not any(s.startswith("Forced: ") for s in why_sentences(page))
    page.keyboard.press("g")
    expect_step(page, next(g for g in guesses if g > after))
    page.keyboard.press("G")
    expect_step(page, after)
    page.keyboard.press("End")
    expect_step(page, len(log["events"]))       # End has landed before g asks for a later guess
    page.keyboard.press("g")
    expect(page.locator("#jump-note")).to_have_text("No guess after this step: every choice after it is forced.")
