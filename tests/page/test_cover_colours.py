"""Knuth's DLX2 colours on the exact cover page, in Chromium: the word-square built-in and a
coloured problem typed in the text box load and solve; the replay reaches purify steps and the
Why panel says what webapp.log.steplog.explain_step says; the matrix and the 0/1 matrix picture name
each colour; the links picture puts a swatch, named in its text, on each coloured node and
marks the options a purify set aside; a colour on a primary item is refused where it stands.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.coverhelpers import cover_via_api, expect_step, kinds_and_args, open_cover_page, why_sentences
from tests.pagehelpers import walk_steps
from tests.replaying import KNUTH_COLOURED
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, explain_step, explain_steps

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def steps_of(log: dict, kind: int) -> list[int]:
    return [s for s, (k, _) in enumerate(kinds_and_args(log), 1) if k == kind]


def test_the_word_square_solves_and_its_replay_says_purify_and_colour_dead_ends(page: Page, api):
    answer = cover_via_api(api, builtin="word-square", solutions=None)
    log = answer["log"]
    purify = steps_of(log, ec.PURIFY)[0]
    dead_end = steps_of(log, ec.DEAD_END)[0]

    page.goto(f"/cover?builtin=word-square&sol=all&choose=mrv&step={purify}")
    expect_step(page, purify)
    assert why_sentences(page) == explain_step(log, purify)
    assert why_sentences(page)[0].startswith("Purify r1c1 (r1c1 takes one letter): it is now a")
    # The matrix panel gives each purified cell its colour's swatch and names it in text.
    state = Replay(log).run_to(purify)
    named = [f"{log['items'][i]}:{log['colour_names'][c - 1]}" for i, c in sorted(state.purified.items())]
    expect(page.locator("#matrix .mx-colour")).to_have_text(named)
    cell = page.locator("#matrix .mx-cell[data-item='6']")         # r1c1, the first cell
    expect(cell).to_have_class(re.compile(r"\bcoloured\b"))
    expect(cell).to_have_attribute("title", re.compile(r"^r1c1: now a; \d+ options? left that want it a"))
    # The word square (418 nodes) fits the links picture; scrolled sideways, the row names' strip is
    # no wider than the names (numbers here), so the columns under it still show.
    panel = page.locator("#links-panel")
    expect(panel).to_be_visible()
    panel.evaluate("e => e.open = true")
    page.locator(".links-scroll").evaluate("e => e.scrollLeft = 200")
    expect(page.locator("#links .row-names-bg")).to_have_attribute("width", re.compile(r"^[1-5]?\d$"))

    # A dead end: the options a letter rules out say which letter the cell already has.
    page.goto(f"/cover?builtin=word-square&sol=all&choose=mrv&step={dead_end}")
    expect_step(page, dead_end)
    said = why_sentences(page)
    assert said == explain_step(log, dead_end)
    assert any(re.search(r"\(r\dc\d is already [a-z]\)$", line) for line in said)
    expect(page.locator("#results")).to_contain_text(answer["outcome"]["message"])


def test_a_typed_coloured_problem_shows_colours_in_the_matrix_and_swatches_in_the_links(page: Page, api):
    answer = cover_via_api(api, text=KNUTH_COLOURED, solutions=None)
    log = answer["log"]
    assert log["solutions"] == [[1, 3]]
    purifies = steps_of(log, ec.PURIFY)
    # The purify that sets two options aside: y is now 0, so 'x:0 y:1' and 'C y:1' wait.
    aside = next(s for s in purifies if "2 options that want it 1 are set aside" in explain_step(log, s)[0])

    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(KNUTH_COLOURED)
    page.locator("#solutions").select_option("all")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results")).to_contain_text(answer["outcome"]["message"])

    # The 0/1 matrix picture writes each coloured entry's colour on its swatch, named x:1 in its title.
    entries = page.locator("#picture g.one.coloured")
    expect(entries).to_have_count(8)
    expect(page.locator("#picture g.option-row[data-option='1'] g.one.coloured title")).to_have_text(["x:1", "y:1"])
    expect(page.locator("#picture g.option-row[data-option='1'] .colour-name")).to_have_text(["1", "1"])

    # The links picture: a swatch on every coloured node, its colour named in the node's text.
    coloured_nodes = page.locator("#links g.node[data-colour]")
    expect(coloured_nodes).to_have_count(8)
    swatches = page.locator("#links g.node[data-colour] .swatch-mark")
    expect(swatches).to_have_count(8)
    # A short name is written on the swatch as well.
    assert sorted(swatches.locator(".swatch-name").all_text_contents()) == ["0", "0", "0", "1", "1", "1", "1", "1"]
    titles = coloured_nodes.locator("title").all_text_contents()
    assert all(re.search(r"^node \d+: item [xy]:[01] of option \d.*; it gives [xy] the colour [01]( — |$)", t) for t in titles), titles

    # Step to the purify with the keyboard: the Why panel says Python's words.
    page.keyboard.press("Home")
    expect_step(page, 0)
    said = walk_steps(page, 1, aside)
    for (step, lines), sentences in zip(explain_steps(log, range(1, aside + 1)), said, strict=True):
        assert sentences == lines, f"step {step}"
    expect(page.locator("#links")).to_have_attribute("data-step", str(aside))
    expect(page.locator("#links .links-caption")).to_contain_text("purify(y) — y is now 0")
    # The header of y shows its colour now; the two options set aside are marked, node by node.
    y = log["items"].index("y")
    expect(page.locator(f"#links g.node.header[data-node='{y}']")).to_have_attribute("data-purified", "0")
    expect(page.locator(f"#links g.node.header[data-node='{y}'] title")).to_contain_text("now 0 (y:0)")
    set_aside = page.locator("#links g.node.set-aside")
    # 'x:0 y:1' and 'C y:1', two nodes each (their node in y's column stays linked, as Knuth
    # leaves it, but is marked too); 'B x:1' is hidden by the cover of B, not set aside.
    expect(set_aside).to_have_count(4)
    expect(set_aside.first.locator("title")).to_contain_text("set aside: y is 0")
    # The list of placed options writes the option with its colours, as typed.
    expect(page.locator("#placed li")).to_have_text(["level 0: A B x:0 y:0"])
    # The matrix panel names the colours given so far.
    expect(page.locator("#matrix .mx-colour")).to_have_text(["x:0", "y:0"])

    # Later the replay unpurifies; the Why panel and the caption say so.
    unpurify = steps_of(log, ec.UNPURIFY)[0]
    query = urlencode({"text": KNUTH_COLOURED, "sol": "all", "choose": "mrv", "step": unpurify})
    page.goto(f"/cover?{query}")
    expect_step(page, unpurify)
    assert why_sentences(page) == explain_step(log, unpurify)
    expect(page.locator("#links .links-caption")).to_contain_text(re.compile(r"unpurify\([xy]\) — [xy] is no longer 0"))


def test_a_colour_on_a_primary_item_is_refused_with_its_line_and_column_and_the_text_kept(page: Page):
    bad = "A B | x\nA x:red\nB:blue x:red\n"
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(bad)
    with page.expect_response("**/api/cover") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert answer.value.status == 400
    error = answer.value.json()
    assert error["position"] == {"line": 3, "column": 1}
    expect(page.locator("#text-error")).to_have_text(error["error"])
    expect(page.locator("#text-error")).to_contain_text("line 3, column 1")
    expect(page.locator("#text-error")).to_contain_text("'B:blue' colours B, a primary item")
    expect(page.locator("#problem-text")).to_have_value(bad)
    expect(page.locator("#results")).to_be_hidden()
