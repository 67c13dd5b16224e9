"""The search tree as an instrument, in Chromium: zoom and pan, the keyboard, the
labelled blocks of wrong choices (their contrast in both themes, where they sit,
clicking them) and the grow mode with the culprits on the path.

What the view shows is read from the canvas's data attributes (the scale, what
is in sight, the labels it drew and where) and held against the step log the
API returns for the same puzzle.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.pagehelpers import ARTO, current_step, expect_step, solve_via_api
from webapp.engine import exact_cover as ec

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]

CHOOSE, TRY, BACKUP = 0, 1, 6


def nodes_of(log) -> tuple[list[int], list[int]]:
    """The step and the level of each try, in order (node t is the t-th try)."""
    steps, levels, level = [], [], -1
    for i, code in enumerate(log["events"]):
        kind = code & ec.KIND_MASK
        if kind == CHOOSE:
            level += 1
        elif kind == BACKUP:
            level -= 1
        elif kind == TRY:
            steps.append(i + 1)
            levels.append(level)
    return steps, levels


def view_of(page: Page) -> dict:
    return json.loads(page.locator("#search-tree").get_attribute("data-view") or "{}")


def labels_of(page: Page) -> list[dict]:
    return json.loads(page.locator("#search-tree").get_attribute("data-labels") or "[]")


def expect_view(page: Page, test: str):
    """Wait until the view's facts pass a JavaScript test of `v` (the parsed data-view)."""
    page.wait_for_function(
        f"() => {{ const v = JSON.parse(document.querySelector('#search-tree').dataset.view || '{{}}'); return {test}; }}")


def open_arto(page: Page, step: int = 0):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step={step}")
    expect_step(page, step)
    expect_view(page, "v.count > 0")


def test_the_buttons_zoom_in_and_out_and_the_whole_tree_comes_back(page: Page):
    open_arto(page)
    fit = view_of(page)
    assert fit["fit"] and fit["from"] == 0 and fit["to"] == fit["count"]
    tools = page.get_by_role("toolbar", name="Search tree view")
    tools.get_by_role("button", name="Zoom in (+)").click()
    tools.get_by_role("button", name="Zoom in (+)").click()
    expect_view(page, f"v.across > {fit['across'] * 3.9} && !v.fit")
    zoomed = view_of(page)
    assert zoomed["to"] - zoomed["from"] <= fit["count"] / 3, "a quarter of the tree in sight, give or take"
    tools.get_by_role("button", name="Zoom out (−)").click()
    expect_view(page, f"v.across < {zoomed['across'] * 0.6}")
    tools.get_by_role("button", name="Show the whole tree (0)").click()
    expect_view(page, "v.fit && v.from === 0 && v.to === v.count")


def test_the_wheel_zooms_at_the_pointer_and_a_drag_pans(page: Page):
    open_arto(page)
    canvas = page.locator("#search-tree")
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + box["width"] * 0.75, box["y"] + 30)
    for _ in range(4):
        page.mouse.wheel(0, -400)
    expect_view(page, "!v.fit && v.left > 0")
    before = view_of(page)
    # A drag to the right shows what lies left of the view; it is no click: the step stays.
    page.mouse.move(box["x"] + 100, box["y"] + 60)
    page.mouse.down()
    page.mouse.move(box["x"] + 160, box["y"] + 60, steps=4)
    page.mouse.move(box["x"] + 220, box["y"] + 60, steps=4)
    page.mouse.up()
    expect_view(page, f"v.left < {before['left'] - 1}")
    assert current_step(page) == 0


def test_a_double_click_zooms_to_the_subtree_under_it_and_z_to_the_focused_one(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    sizes = log["facts"]["tries"]["nodes"]
    open_arto(page)
    label = max(labels_of(page), key=lambda b: sizes[b["node"]])
    canvas = page.locator("#search-tree")
    canvas.dblclick(position={"x": label["x"] + label["w"] / 2, "y": label["y"] + label["h"] / 2})
    # The node under the pointer: focused, opened and gone to.
    expect_view(page, "!v.fit && v.opened.length === 1 && v.focus === v.opened[0] && v.current === v.focus")
    view = view_of(page)
    node = view["focus"]
    assert abs(view["left"] - node) < 1 and view["to"] >= node + sizes[node] - 1, "its whole subtree across the view"
    page.get_by_role("button", name="Show the whole tree (0)").click()
    expect_view(page, "v.fit")
    # z (or the Subtree button) zooms to the focused node's subtree: here the first node's.
    canvas.focus()
    page.keyboard.press("Home")
    expect_view(page, "v.focus === 0")
    page.keyboard.press("z")
    expect_view(page, f"!v.fit && v.left === 0 && v.to >= {sizes[0]} - 1 && v.to <= {sizes[0]} + 1")


def test_every_node_of_the_largest_search_can_be_reached_and_read(page: Page):
    """A 25×25 plain DLX cannot finish: the server stops it at its budget (a million
    events, or fewer when its time limit comes first on a busy machine)."""
    from webapp.models.examples import puzzle_lines
    puzzle = puzzle_lines("gecode_25x25.txt")[0]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/?p={puzzle}&sol=1&choose=mrv&step=0")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 0 of"), timeout=120_000)
    # Thousands of nodes: over 10,000 at the step budget, fewer when a busy machine's time limit comes first.
    expect_view(page, "v.count > 1000")
    count = view_of(page)["count"]
    canvas = page.locator("#search-tree")
    box = canvas.bounding_box()
    # End goes to the last node tried and the replay follows; + zooms around it until it can be read.
    canvas.focus()
    page.keyboard.press("End")
    expect_view(page, f"v.focus === {count - 1} && v.current === {count - 1}")
    for _ in range(14):
        page.keyboard.press("+")
    expect_view(page, f"v.across >= 16 && v.down >= 16 && v.to === {count}")
    expect(page.locator("#tree-preview")).to_contain_text("Level ")
    # The wheel zooms at the pointer too; the last node stays where it is, and a click on it lands on it.
    page.mouse.move(box["x"] + box["width"] - 4, box["y"] + box["height"] - 4)
    page.mouse.wheel(0, 300)
    expect_view(page, "v.across < 40")
    page.keyboard.press("Home")
    expect_view(page, "v.focus === 0")
    page.keyboard.press("End")
    expect_view(page, f"v.focus === {count - 1} && v.to === {count}")


def test_the_keyboard_walks_the_tree_and_the_replay_follows(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    steps, levels = nodes_of(log)
    sizes = log["facts"]["tries"]["nodes"]
    open_arto(page)
    canvas = page.locator("#search-tree")
    expect(canvas).to_have_attribute("tabindex", "0")
    assert "Arrow keys" in (canvas.get_attribute("aria-label") or "")
    canvas.focus()
    page.keyboard.press("ArrowDown")       # from no node: the first
    expect_step(page, steps[0])
    outline = page.evaluate("getComputedStyle(document.querySelector('#search-tree')).outlineStyle")
    assert outline != "none", "a visible focus ring"
    page.keyboard.press("ArrowDown")       # its first child
    expect_step(page, steps[1])
    assert levels[1] == 1
    # → goes to the next sibling (past the subtree), not one step on.
    page.keyboard.press("ArrowRight")
    sibling = 1 + sizes[1]
    assert levels[sibling] == 1
    expect_step(page, steps[sibling])
    page.keyboard.press("ArrowLeft")
    expect_step(page, steps[1])
    page.keyboard.press("ArrowUp")
    expect_step(page, steps[0])
    expect(canvas).to_be_focused()
    # + zooms the tree (not the replay's speed) while the tree has the focus.
    speed = page.locator("#speed").input_value()
    page.keyboard.press("+")
    expect_view(page, "!v.fit")
    assert page.locator("#speed").input_value() == speed
    page.keyboard.press("0")
    expect_view(page, "v.fit")


def test_enter_opens_a_block_and_it_stays_open(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    steps, levels = nodes_of(log)
    sizes = log["facts"]["tries"]["nodes"]
    roots = [0]
    while roots[-1] + sizes[roots[-1]] < len(steps):
        roots.append(roots[-1] + sizes[roots[-1]])
    open_arto(page)
    block = labels_of(page)[0]["node"]
    assert block in roots, "this search's first labelled block is a level-0 wrong choice"
    canvas = page.locator("#search-tree")
    canvas.focus()
    page.keyboard.press("ArrowDown")
    for _ in range(roots.index(block)):
        page.keyboard.press("ArrowRight")
    expect_step(page, steps[block])
    expect_view(page, f"v.focus === {block}")
    page.keyboard.press("Enter")
    expect_view(page, f"v.opened.includes({block})")
    page.keyboard.press("Enter")
    expect_view(page, f"!v.opened.includes({block})")


def contrast(a, b) -> float:
    def lum(c):
        def ch(v):
            v /= 255
            return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])
    la, lb = sorted((lum(a), lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


RGB_OF = """(name) => {
  const probe = document.createElement('div');
  probe.style.color = getComputedStyle(document.querySelector('#search-tree')).getPropertyValue(name);
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color.match(/\\d+/g).slice(0, 3).map(Number);
  probe.remove();
  return rgb;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_block_labels_are_readable_apart_and_clear_of_the_path_and_a_click_lands_on_their_node(page: Page, api, scheme):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    steps, _ = nodes_of(log)
    sizes = log["facts"]["tries"]["nodes"]
    page.emulate_media(color_scheme=scheme)
    open_arto(page)
    ink, backing = page.evaluate(RGB_OF, "--tree-label"), page.evaluate(RGB_OF, "--tree-label-bg")
    assert contrast(ink, backing) >= 4.5, (scheme, ink, backing)
    # At the first dead end the path is outlined; no label lies under it or on another.
    page.keyboard.press("]")
    expect(page.locator("#why")).to_contain_text("Dead end")
    expect(page.locator("#search-tree")).to_have_attribute("data-labels", re.compile(r"\{"))
    labels = labels_of(page)
    outline = json.loads(page.locator("#search-tree").get_attribute("data-outline"))
    assert outline, "the path is outlined"

    def apart(a, b):
        return a["x"] + a["w"] <= b["x"] or b["x"] + b["w"] <= a["x"] or a["y"] + a["h"] <= b["y"] or b["y"] + b["h"] <= a["y"]
    for i, a in enumerate(labels):
        assert all(apart(a, b) for b in labels[i + 1:]), "labels never on one another"
        assert all(apart(a, o) for o in outline), "no label under the path's outline"
        assert a["text"].startswith(f"{sizes[a['node']]:,}"), "a block says its size first"
    # Clicking a label lands on its node's try.
    label = labels[-1]
    page.locator("#search-tree").click(position={"x": label["x"] + label["w"] / 2, "y": label["y"] + label["h"] / 2})
    expect_step(page, steps[label["node"]])


def test_a_large_block_says_what_starved_it(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    open_arto(page)
    page.get_by_role("button", name="Zoom to the subtree of the focused node (z)")
    canvas = page.locator("#search-tree")
    canvas.focus()
    page.keyboard.press("ArrowDown")       # node 0, the largest wrong choice of this search
    page.keyboard.press("+")
    expect_view(page, "!v.fit")
    texts = [b["text"] for b in labels_of(page)]
    items = set(log["items"])
    assert any("ran out" in t and t.split(" · ")[1].split(" ran out")[0] in items for t in texts), texts


def test_grow_mode_shows_only_the_nodes_tried_so_far_and_marks_the_culprits(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    steps, _ = nodes_of(log)
    facts = log["facts"]["dead_ends"]
    open_arto(page)
    page.get_by_label("Grow with the replay: only the nodes tried up to the current step").check()
    expect_view(page, "v.shown === 0")
    page.keyboard.press("]")                # the first dead end
    first = facts["step"][0] + 1
    expect_step(page, first)
    tried = sum(1 for s in steps if s <= first)
    expect_view(page, f"v.shown === {tried}")
    culprits = facts["culprits"][:facts["culprit_count"][0]]
    expect(page.locator("#search-tree")).to_have_attribute("data-culprits", " ".join(map(str, culprits)))
    page.keyboard.press("End")
    expect_view(page, "v.shown === v.count")
    page.get_by_label("Grow with the replay: only the nodes tried up to the current step").uncheck()
    page.keyboard.press("Home")
    expect_view(page, "v.shown === v.count")


def test_thrashing_is_a_ranked_list_whose_groups_step_through_their_dead_ends(page: Page, api):
    import bisect
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    steps, _ = nodes_of(log)
    facts = log["facts"]
    node_at = lambda step: bisect.bisect_right(steps, step) - 1   # noqa: E731
    groups = []
    for g, group in enumerate(facts["thrashing"]):
        dead = sorted(facts["dead_ends"]["step"][k] + 1 for k in group)
        groups.append((-(node_at(dead[-1]) - node_at(dead[0])), -len(dead), dead[0], g, dead))
    groups.sort()
    assert len(groups) >= 3, "this search thrashes"
    open_arto(page)
    rows = page.locator("#thrash-list .thrash-group")
    expect(rows).to_have_count(len(groups))
    expect(page.locator("#thrash-list h3")).to_have_text("Thrashing, by the nodes it wasted")
    # The list is windowed (model/list-window.js): each row says its place in the whole list.
    expect(rows.last).to_have_attribute("aria-posinset", str(len(groups)))
    expect(rows.first).to_have_attribute("aria-setsize", str(len(groups)))
    for k, (wasted, count, _, g, _) in enumerate(groups):
        expect(rows.nth(k)).to_have_attribute("data-group", str(g))
        expect(rows.nth(k)).to_contain_text(f": {-count} dead ends, {-wasted:,} node")
    # Pick the group that wasted most: the tree dims the rest; ▶ ◀ go through its dead ends.
    _, _, _, g, dead = groups[0]
    rows.first.locator(".thrash-pick").click()
    expect(rows.first.locator(".thrash-pick")).to_have_attribute("aria-pressed", "true")
    expect_view(page, f"v.picked === {g}")
    nxt = rows.first.get_by_role("button", name="Next dead end of this group")
    prev = rows.first.get_by_role("button", name="Previous dead end of this group")
    expect(prev).to_be_disabled()
    nxt.click()
    expect_step(page, dead[0])
    expect(rows.first.locator(".thrash-place")).to_have_text(f"dead end 1 of {len(dead)}")
    nxt.click()
    expect_step(page, dead[1])
    prev.click()
    expect_step(page, dead[0])
    rows.first.locator(".thrash-pick").click()
    expect_view(page, "v.picked === -1")


def test_named_bookmarks_go_in_the_address_and_survive_a_reload_and_a_shared_link(page: Page, context):
    open_arto(page, step=120)
    marks = page.locator("#bookmarks")
    expect(marks).to_be_visible()
    expect(marks).to_contain_text("No bookmarks yet")
    page.get_by_label("Name of the bookmark").fill("first, try")
    page.get_by_role("button", name="Bookmark this step").click()
    expect(marks.locator(".bookmark-go")).to_have_text(["first try (step 120)"])
    page.keyboard.press("]")                  # on to a dead end, and mark it with no name
    expect(page.locator("#why")).to_contain_text("Dead end")
    dead = current_step(page)
    page.get_by_role("button", name="Bookmark this step").click()
    expect(marks.locator(".bookmark-go")).to_have_text(["first try (step 120)", f"step {dead:,}"])
    page.wait_for_function(f"() => new URLSearchParams(location.search).get('marks') === '120:first try,{dead}:'")
    # A click goes there.
    marks.locator(".bookmark-go").first.click()
    expect_step(page, 120)
    # A reload keeps them; so does the address opened in another tab.
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '120'")
    page.reload()
    expect_step(page, 120)
    expect(marks.locator(".bookmark-go")).to_have_count(2)
    other = context.new_page()
    other.goto(page.url)
    expect_step(other, 120)
    expect(other.locator("#bookmarks .bookmark-go")).to_have_text(["first try (step 120)", f"step {dead:,}"])
    other.locator("#bookmarks .bookmark-go").nth(1).click()
    expect_step(other, dead)
    # Removing one takes it out of the address.
    page.get_by_role("button", name="Remove the bookmark first try (step 120)").click()
    expect(marks.locator(".bookmark-go")).to_have_count(1)
    page.wait_for_function(f"() => new URLSearchParams(location.search).get('marks') === '{dead}:'")


ON_SCREEN = """(selectors) => selectors.map((sel) => [...document.querySelectorAll(sel)]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const b = e.getBoundingClientRect(); return [sel, b.top, b.bottom, b.left, b.right]; })).flat()"""


def expect_on_one_screen(page: Page, width: int, height: int, selectors: list[str]):
    boxes = page.evaluate(ON_SCREEN, selectors)
    found = {b[0] for b in boxes}
    assert found == set(selectors), f"not drawn: {set(selectors) - found}"
    for sel, top, bottom, left, right in boxes:
        assert top >= 0 and bottom <= height and left >= 0 and right <= width, (sel, top, bottom, left, right)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_1280x800_a_dead_ends_whole_why_and_the_tree_share_the_screen(page: Page, scheme):
    page.emulate_media(color_scheme=scheme)
    open_arto(page)
    page.keyboard.press("]")
    expect(page.locator("#why .sentence[data-role=back]")).to_contain_text("Back to level")
    expect(page.locator("#why > .why-body > ul.ruled-out > li")).to_have_count(9)
    expect_on_one_screen(page, 1280, 800, [
        "#search-tree", "#why-title", "#why .sentence[data-role=summary]", "#why .sentence[data-role=culprits]",
        "#why .ruled-out li", "#why .sentence[data-role=back]"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_presenting_at_1024x768_the_tree_is_there_and_shares_the_screen_with_the_why(page: Page, scheme):
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"/?p={ARTO}&sol=2&choose=mrv&step=0")
    expect_step(page, 0)
    page.locator("#step-slider").focus()
    page.keyboard.press("f")
    expect(page.locator("html")).to_have_class(re.compile(r"\bpresenting\b"))
    page.keyboard.press("]")
    expect(page.locator("#why .sentence[data-role=back]")).to_contain_text("Back to level")
    expect(page.locator("#search-tree")).to_be_visible()
    expect_view(page, "v.count > 0 && v.current >= 0")
    expect_on_one_screen(page, 1024, 768, [
        "#search-tree", "#why-title", "#why .sentence[data-role=summary]", "#why .sentence[data-role=culprits]",
        "#why .ruled-out-more > summary", "#why .sentence[data-role=back]"])
    # The tree still takes its keys while presenting.
    page.locator("#search-tree").focus()
    page.keyboard.press("+")
    expect_view(page, "!v.fit")


def test_hovering_a_node_previews_it_without_moving_the_replay(page: Page, api):
    log = solve_via_api(api, ARTO, solutions=2)["log"]
    sizes = log["facts"]["tries"]["nodes"]
    open_arto(page)
    label = max(labels_of(page), key=lambda b: sizes[b["node"]])
    box = page.locator("#search-tree").bounding_box()
    page.mouse.move(box["x"] + label["x"] + label["w"] / 2, box["y"] + label["y"] + label["h"] / 2)
    preview = page.locator("#tree-preview")
    expect(preview).to_contain_text(f"{sizes[label['node']]:,} nodes and ")
    expect(preview).to_contain_text("dead ends below, no solution below it.")
    expect(preview).to_contain_text("ran out")
    assert current_step(page) == 0
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 150)
    expect(preview).to_have_text("")
