"""Your turn (&drive=1) in Chromium: the learner picks items and options, meets a dead end that
the Why panel explains as the replay does, backs up as Algorithm X would, and at the end sees
their search beside the search's own; on the Sudoku page (board clicks and the item list) and
on /cover (the item list). The address carries the learner's record (&picks=): a drive opened
from it (a shared link, a reload) resumes where it was, on both pages."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

SMALL = "....1.3.4....14."       # the 4x4 with a dead end


def query(page: Page) -> dict:
    return {key: values[0] for key, values in parse_qs(urlsplit(page.url).query).items()}


def drive_to_the_end(page: Page, *, moves: int = 40) -> dict:
    """Pick the first open item and its first option until the end; back up at each dead end.
    The first dead end is opened again from the address, as a shared link would open it."""
    seen = {"dead_ends": 0, "backups": 0, "why": "", "resumed": False}
    prompt = page.locator("#drive-prompt")
    for _ in range(moves):
        expect(prompt).to_have_text(re.compile(r"your turn|Dead end|Solved|Every option"))
        text = prompt.inner_text()
        if text.startswith("Dead end") and not seen["resumed"]:
            expect(page).to_have_url(re.compile(r"picks="))
            shared = query(page)
            page.goto(page.url)
            expect(prompt).to_have_text(re.compile(r"^Dead end"))
            expect(page.locator("#drive-note")).to_be_hidden()         # the record fits: nothing set aside
            assert query(page)["picks"] == shared["picks"], "the dead end is not counted twice"
            assert query(page)["force"] == shared["force"]
            # Whether a solution lies below the choices is the learner's to find: no message says it.
            expect(page.locator(".message", has_text="No solution below")).to_have_count(0)
            seen["resumed"] = True
        if text.startswith("Dead end"):
            seen["dead_ends"] += 1
            seen["why"] = page.locator("#why .sentence").first.inner_text()
            before = page.url
            page.locator("#drive-backup").click()
            seen["backups"] += 1
            expect(page).not_to_have_url(before)
            continue
        if not re.search(r"your turn", text):
            return {**seen, "end": text}
        select = page.locator("#drive-item")
        value = select.locator("option").nth(1).get_attribute("value")
        before = page.url
        select.select_option(value)
        page.locator("#drive-options button").first.click()
        expect(page).not_to_have_url(before)
    raise AssertionError("the drive did not end")


def test_your_turn_on_the_sudoku_page(page: Page):
    page.goto(f"/?p={SMALL}&drive=1")
    panel = page.locator("#drive-panel")
    expect(panel).to_be_visible()
    expect(page.locator("#drive-prompt")).to_have_text(re.compile(r"^Level 0: your turn"))
    expect(page.locator("#whatif-panel")).to_be_hidden()
    # A cell clicked on the board is the item picked: its options come as buttons.
    page.locator("#board [data-cell='0']").click()
    expect(page.locator("#drive-prompt")).to_have_text(re.compile(r"^Level 0: r1c1 needs a digit\. Pick one of its \d+ options:"))
    expect(page.locator("#drive-options button").first).to_have_text(re.compile(r"^\d in r1c1$"))
    page.locator("#drive-options button").first.click()
    expect(page).to_have_url(re.compile(r"drive=1"))
    expect(page).to_have_url(re.compile(r"force=\d+"))
    seen = drive_to_the_end(page)
    assert seen["end"] == "Solved: your choices reach a solution."
    if seen["dead_ends"]:
        assert seen["why"].startswith("Dead end at level ")
    expect(page.locator("#drive-summary")).to_have_text(re.compile(
        r"^Your search: \d+ nodes and \d+ dead ends\. The search's own \(fewest options first\): \d+ nodes and \d+ dead ends\.$"))
    expect(page.locator("#drive-notes li").first).to_be_visible()
    # The record says what the summary says: the nodes and dead ends of the learner's search.
    nodes, dead_ends = re.match(r"^Your search: (\d+) nodes and (\d+) dead ends", page.locator("#drive-summary").inner_text()).groups()
    shared = query(page)
    assert shared["picks"].split("-")[1] == f"{nodes}.{dead_ends}"
    # Both searches in one tree: the learner's tries beside the search's own; a click replays its own.
    tree = page.locator("#drive-tree")
    expect(tree).to_be_visible()
    expect(tree.locator(".merged-legend")).to_contain_text(re.compile(r"both: [\d,]+ nodes?"))
    tree.locator(".merged-replay-a").click()
    expect(page).not_to_have_url(re.compile(r"drive=1|force="))
    expect(page.locator("#drive-panel")).to_be_hidden()
    # A link with the choices and no record (as links were before records): each level is its choice's cell.
    force = shared["force"].split(",")
    page.goto("/?" + urlencode({"p": SMALL, "force": shared["force"], "drive": "1"}))
    expect(page.locator("#drive-prompt")).to_have_text("Solved: your choices reach a solution.")
    expect(page.locator("#drive-note")).to_have_text(re.compile(
        rf"^The link does not say which items were picked at levels 0 to {len(force) - 1}: they count as “r\dc\d needs a digit” \(level 0\)"))
    expect(page).to_have_url(re.compile(r"picks="))


def test_your_turn_on_the_cover_page(page: Page):
    page.goto("/cover?builtin=queens&n=4&drive=1")
    expect(page.locator("#drive-prompt")).to_have_text("Level 0: your turn. Pick an item from the list, then one of its options.")
    seen = drive_to_the_end(page)
    assert seen["dead_ends"] >= 1 and seen["why"].startswith("Dead end at level ") and seen["resumed"]
    assert seen["end"] == "Solved: your choices reach a solution."
    expect(page.locator("#drive-summary")).to_contain_text("Your search: ")
