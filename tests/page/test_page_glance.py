"""The whole search at a glance in Chromium (issue 22): the dead-end heatmap, the
thrashing marks, the heuristics side by side and the estimate while a solve is pending.

What the page shows is held against counts made here from the raw events of the
log the API returns (not the solver's analysis, not the page's own arithmetic).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import expect_step, solve_via_api
from tests.replaying import walk
from webapp.engine import exact_cover as ec
from webapp.models import examples
from webapp.web import routes as web

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

HARD = next(e["puzzle"] for e in examples.examples() if e["id"] == "top95-hard")   # thrashes under MRV


def starved_counts(log) -> list[int]:
    """How many dead ends starved each item: the dead-end events' args, counted."""
    counts = [0] * len(log["items"])
    for code in log["events"]:
        if code & ec.KIND_MASK == ec.DEAD_END:
            counts[code >> ec.KIND_BITS] += 1
    return counts


def open_replay(page: Page, puzzle: str, step: int = 0):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/?p={puzzle}&choose=mrv&step={step}")
    expect_step(page, step)


def test_the_heatmap_shows_how_often_each_cell_and_row_ran_out(page: Page, api):
    log = solve_via_api(api, HARD, choose="mrv")["log"]
    counts = starved_counts(log)
    open_replay(page, HARD)
    layer = page.locator("#heat-layer")
    expect(layer).to_be_hidden()
    page.select_option("#heat-mode", "cells")
    expect(layer).to_be_visible()
    expect(page.locator("#heat-legend")).to_contain_text(str(max(counts[:81])))
    cells = layer.locator(".heat-cell")
    expect(cells).to_have_count(81)
    shown = [int(c) for c in cells.evaluate_all("els => els.map(e => e.dataset.count)")]
    assert shown == counts[:81]
    hot = max(range(81), key=lambda c: counts[c])
    name = f"r{hot // 9 + 1}c{hot % 9 + 1}"
    expect(cells.nth(hot)).to_have_attribute("aria-label", re.compile(rf"^{name} starved {counts[hot]} times"))
    expect(cells.nth(hot)).to_have_text(str(counts[hot]))
    # Rows: every cell of a row carries the row's nine digits' dead ends added up.
    page.select_option("#heat-mode", "rows")
    shown = [int(c) for c in cells.evaluate_all("els => els.map(e => e.dataset.count)")]
    rows = [sum(counts[81 + r * 9 + d] for d in range(9)) for r in range(9)]
    assert shown == [rows[cell // 9] for cell in range(81)]
    boxes = [sum(counts[3 * 81 + b * 9 + d] for d in range(9)) for b in range(9)]
    page.select_option("#heat-mode", "boxes")
    shown = [int(c) for c in cells.evaluate_all("els => els.map(e => e.dataset.count)")]
    assert shown == [boxes[(cell // 27) * 3 + (cell % 9) // 3] for cell in range(81)]
    # Off again: the board is back.
    page.select_option("#heat-mode", "off")
    expect(layer).to_be_hidden()
    # It lies over the board.
    page.select_option("#heat-mode", "cells")
    board, heat = page.locator("#board").bounding_box(), layer.bounding_box()
    assert abs(board["x"] - heat["x"]) <= 1 and abs(board["width"] - heat["width"]) <= 1


def culprit_keys(log) -> dict[int, tuple]:
    """Per dead end (its event index): its culprits as (level, choice) pairs, choices replayed from the events."""
    dead = log["facts"]["dead_ends"]
    starts = [0]
    for count in dead["culprit_count"]:
        starts.append(starts[-1] + count)
    keys, k = {}, 0
    for index, kind, _, levels in walk(log["events"]):
        if kind == ec.DEAD_END:
            keys[index] = tuple((c, levels[c]) for c in dead["culprits"][starts[k]:starts[k + 1]])
            k += 1
    return keys


def test_thrashing_is_said_and_marked_where_the_same_culprits_recur(page: Page, api):
    log = solve_via_api(api, HARD, choose="mrv")["log"]
    keys = culprit_keys(log)
    # Independently: dead ends whose culprit choices recur.
    seen: dict[tuple, list[int]] = {}
    for index, key in keys.items():
        if key:
            seen.setdefault(key, []).append(index)
    recurring = sorted((v for v in seen.values() if len(v) > 1), key=lambda v: (-len(v), v[0]))
    assert recurring, "this search thrashes"
    open_replay(page, HARD)
    note = page.locator("#thrash-note")
    expect(note).to_be_visible()
    dead_in_all = sum(len(v) for v in recurring)
    expect(note).to_contain_text(f"{len(recurring)} sets of choices")
    expect(note).to_contain_text(f"{dead_in_all:,} dead ends in all")
    expect(note).to_contain_text(f"caused {len(recurring[0])}.")
    expect(page.locator("#tree-panel")).to_have_attribute("data-thrash-marks", str(dead_in_all))
    # At a dead end of the largest group, the why panel places it in the group.
    second = recurring[0][1]
    page.goto(f"/?p={HARD}&choose=mrv&step={second + 1}")
    expect_step(page, second + 1)
    expect(page.locator("#why")).to_contain_text(
        f"Thrashing: these culprits cause {len(recurring[0])} dead ends in different branches, "
        "as backing up one level at a time changes only innocent choices. This is the 2nd of them.")


def test_the_heuristics_side_by_side_show_both_searches_counts(page: Page, api):
    # The comparison's searches record, so they have the recorded step budget; a search
    # with record false would have a far larger one of its own.
    budget = web.DEFAULTS["SOLVE_DEFAULT_STEPS"]
    mrv = solve_via_api(api, HARD, choose="mrv", record=False, max_steps=budget)["stats"]
    first = solve_via_api(api, HARD, choose="first", record=False, max_steps=budget)
    open_replay(page, HARD)
    panel = page.locator("#compare-panel")
    expect(panel).to_be_visible()
    panel.locator("summary").click()
    figures = panel.locator("figure.compare-search")
    expect(figures).to_have_count(2, timeout=20_000)
    expect(figures.nth(0)).to_contain_text("Fewest options first")
    expect(figures.nth(0)).to_contain_text(f"{mrv['nodes']:,} nodes, {mrv['dead_ends']:,} dead ends")
    expect(figures.nth(1)).to_contain_text("First item")
    stats = first["stats"]
    expect(figures.nth(1)).to_contain_text(f"{stats['nodes']:,} nodes, {stats['dead_ends']:,} dead ends")
    if first["outcome"]["status"] == "stopped":
        expect(figures.nth(1)).to_contain_text(f"{stats['steps']:,} steps")
    expect(panel.locator("canvas.compare-tree")).to_have_count(2)
    expect(panel).to_contain_text("one scale")


def test_the_estimate_appears_while_a_solve_is_pending_and_the_replay_says_its_node(page: Page, api):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/")
    held = []
    page.route("**/api/solve", lambda route: held.append(route))
    page.locator("#puzzle-text").fill(HARD)
    page.locator("#load").click()
    page.locator("#solve").click()
    pending = page.locator("#pending-note")
    expect(pending).to_have_text(re.compile(r"about [\d,]+ nodes, ±\d+%"))
    estimate = api.post("/api/estimate", json={"puzzle": HARD}).get_json()
    if estimate["probes"] >= 1000:      # all the probes ran: the same seed, the same figure
        expect(pending).to_contain_text(f"about {estimate['nodes']:,} nodes")
    assert held, "the solve is being held"
    held[0].continue_()
    expect(pending).to_be_hidden(timeout=20_000)
    log = solve_via_api(api, HARD, choose="mrv")["log"]
    nodes = log["stats"]["nodes"]
    expect(page.locator("#progress-line")).to_have_text(f"Node {nodes:,} of {nodes:,}")


def test_a_solve_asks_for_the_estimate_only_once_it_has_been_pending_a_while(own_page: Page):
    """A quick solve costs the server no probes: the page waits 0.4 s (its own clock, held
    here) before it asks for Knuth's estimate, and asks only while the solve is pending."""
    page = own_page     # the clock installed below is its context's: not the shared one
    page.clock.install()
    page.goto("/")
    # Held, not flowing: on a loaded machine 0.4 s of real time can pass before the checks below.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/api/estimate" in request.url else None)
    held = []
    page.route("**/api/solve", lambda route: held.append(route))
    page.locator("#puzzle-text").fill(HARD)
    page.locator("#load").click()
    with page.expect_request("**/api/solve"):           # the solve has started: its clock runs
        page.locator("#solve").click()
    expect(page.locator("#pending-note")).to_be_hidden()
    page.clock.run_for(300)
    assert not asked, "no estimate within 0.3 s of the solve"
    page.clock.run_for(200)
    expect(page.locator("#pending-note")).to_have_text(re.compile(r"about [\d,]+ nodes, ±\d+%"))
    assert len(asked) == 1
    assert held, "the solve is being held"
    held[0].continue_()
    expect(page.locator("#pending-note")).to_be_hidden()


def tried_paths(log) -> dict[tuple[int, ...], int]:
    """Each try of a log as its path of options from the root, with its step (from the raw events)."""
    chain: list[int] = []
    depth = 0
    found: dict[tuple[int, ...], int] = {}
    for index, code in enumerate(log["events"]):
        kind, arg = code & ec.KIND_MASK, code >> ec.KIND_BITS
        if kind == ec.CHOOSE:
            depth += 1
        elif kind == ec.BACKUP:
            depth -= 1
        elif kind == ec.TRY:
            del chain[depth - 1:]
            chain.append(arg)
            found[tuple(chain)] = index + 1
    return found


def test_the_two_searches_in_one_tree_part_where_their_paths_do_and_a_click_replays_a_side(page: Page, api):
    """The merged tree's counts are the paths of choices the two logs share and do not; a node
    only the first-item search tried, clicked, opens that search's replay at that node."""
    puzzle = next(e["puzzle"] for e in examples.examples() if e["id"] == "dead-end-4")
    mrv = tried_paths(solve_via_api(api, puzzle, choose="mrv")["log"])
    first_log = solve_via_api(api, puzzle, choose="first")["log"]
    first = tried_paths(first_log)
    shared = mrv.keys() & first.keys()
    assert shared and mrv.keys() - shared and first.keys() - shared, "the example shares a part and parts"
    parting = min(len(p) - 1 for p in (mrv.keys() | first.keys()) - shared)
    open_replay(page, puzzle)
    page.locator("#compare-panel summary").click()
    figure = page.locator("#merged-figure")
    expect(figure).to_be_visible(timeout=20_000)
    expect(figure).to_contain_text(f"both: {len(shared)} nodes")
    expect(figure).to_contain_text(f"Fewest options first only: {len(mrv) - len(shared)} nodes")
    expect(figure).to_contain_text(f"First item only: {len(first) - len(shared)} nodes")
    expect(figure).to_contain_text(f"first part at level {parting}")
    expect(figure.locator(".merged-replay-a")).to_be_disabled()     # the search on screen
    # Hover from the right (a node's children only B tried come after A's) until one is under the pointer.
    canvas = figure.locator("canvas.merged-tree")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box
    preview = figure.locator(".merged-preview")
    target = None
    for k in range(40):
        for y in (box["height"] * 0.95, box["height"] * 0.6, box["height"] * 0.3):
            page.mouse.move(box["x"] + box["width"] - 3 - k * (box["width"] - 4) / 40, box["y"] + y)
            if "only First item tried it" in (preview.text_content() or ""):
                target = preview.text_content()
                break
        if target:
            break
    assert target, "some point of the picture is a node only the first-item search tried"
    level, label = re.match(r"Level (\d+): (.+?), (?:\d+ nodes in its subtree, )?only", target).groups()
    steps = [step for path, step in first.items() if path not in shared and len(path) - 1 == int(level)
             and first_log["labels"][path[-1]] == label]
    page.mouse.down()
    page.mouse.up()
    page.wait_for_url(re.compile(r"choose=first"))
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step ({'|'.join(f'{s:,}' for s in steps)}) of "))
    expect(figure.locator(".merged-replay-b")).to_be_disabled(timeout=20_000)
    # Back to the other search, at the deepest node of this path it tried too.
    figure.locator(".merged-replay-a").click()
    page.wait_for_url(re.compile(r"choose=mrv"))
    expect(figure.locator(".merged-replay-a")).to_be_disabled(timeout=20_000)
