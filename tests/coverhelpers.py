"""Shared helpers for the browser tests: puzzles, reading the board and the why panel, typing and pasting."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from webapp.analysis.explain import live_options
from webapp.engine import exact_cover as ec
from webapp.log.steplog import problem_of, replay
from webapp.models import problems

ARRAYS = ("up", "down", "left", "right", "len")


# A typed problem with secondary items whose "first item" search meets dead ends.
DEAD_ENDS_TEXT = """# five items, two secondary
A B C D E | x y
A B x
C D
A C y
B D E
E x
B E
A D y
C E
D
"""


def cover_via_api(api, **body):
    answer = api.post("/api/cover", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def kinds_and_args(log):
    return [(code & ec.KIND_MASK, code >> ec.KIND_BITS) for code in log["events"]]


def expect_step(page: Page, step: int):
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of [\d,]+"))


def arrays_of(search: ec.Search) -> dict[str, list[int]]:
    return {"up": list(search.up), "down": list(search.down), "left": list(search.left),
            "right": list(search.right), "len": search.counts()}


def shown_arrays(page: Page, step: int) -> dict[str, list[int]]:
    """The arrays the links view says it shows, once it shows `step`."""
    view = page.locator("#links")
    expect(view).to_have_attribute("data-step", str(step))
    return {name: [int(v) for v in view.get_attribute(f"data-{name}").split(",")] for name in ARRAYS}


def open_cover_page(page: Page):
    """The page with no problem in its address, once the built-ins are listed."""
    page.goto("/cover")
    expect(page.locator("#problem option")).to_have_count(len(problems.BUILTINS) + 1)
    expect(page.locator("#problem")).to_have_value("knuth")


def solve_typed(page: Page, text: str):
    """The page with `text` typed as the problem and solved; the text area."""
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    area.fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#results")).to_be_visible()
    return area


def why_sentences(page: Page) -> list[str]:
    return page.locator("#why .sentence").all_text_contents()


def python_arrays_at_steps(log, steps):
    """The link arrays after each of `steps`, from a Search that makes the log's covers and uncovers."""
    search = ec.Search(problem_of(log))
    for g in log["givens"]:
        search.select(g)
    wanted, found = set(steps), {}
    if 0 in wanted:
        found[0] = arrays_of(search)
    for step, (kind, arg) in enumerate(kinds_and_args(log), 1):
        if kind == ec.COVER:
            search.cover(arg)
        elif kind == ec.UNCOVER:
            search.uncover(arg)
        if step in wanted:
            found[step] = arrays_of(search)
    return found


DANCING_REPLAY = """async ([json, steps]) => {
    const { StepLog } = await import('/static/js/model/steplog.js');
    const D = await import('/static/js/model/dancing.js');
    const log = new StepLog(json);
    const replay = new D.DancingReplay(log);
    const at = {};
    // Backwards, then forwards: every seek must land on the same arrays.
    for (const s of [...steps].reverse()) at[s] = replay.seek(s).snapshot();
    for (const s of steps) {
        if (JSON.stringify(replay.seek(s).snapshot()) !== JSON.stringify(at[s])) at[s] = 'seek differs';
    }
    // Each uncover's updates undo its cover's, node by node in the reverse order.
    let pairs = 0, mismatches = 0;
    const open = [];
    const key = (u) => `${u.array}:${u.node}`;
    for (let s = 1; s <= log.stepCount; s++) {
        const updates = replay.updatesAt(s);
        if (log.kindAt(s) === 2) open.push(updates);
        if (log.kindAt(s) !== 3) continue;
        const cover = open.pop();
        pairs++;
        const beats = (list) => {
            const out = [];
            for (const u of list) (out[u.beat] ||= []).push(u);
            return out;
        };
        const covered = beats(cover).reverse();
        const uncovered = beats(updates);
        const same = covered.length === uncovered.length && covered.every((beat, b) =>
            beat.length === uncovered[b].length && beat.every((u) => {
                const back = uncovered[b].find((v) => key(v) === key(u));
                return back && back.from === u.to && back.to === u.from;
            }));
        if (!same) mismatches++;
    }
    const end = replay.seek(log.stepCount);
    return {at, pairs, mismatches, original: end.isOriginal(), fits: D.linksFit(log.items.length, log.options)};
}"""


def picture_squares(page: Page, selector: str) -> set[tuple[int, int]]:
    cells = page.locator(f"#picture rect{selector}").evaluate_all(
        "(rs) => rs.map((r) => [Number(r.dataset.row), Number(r.dataset.col)])")
    return {tuple(c) for c in cells}


def matrix_counts(page: Page) -> dict[int, str]:
    cells = page.locator("#matrix .mx-cell").evaluate_all(
        "(cs) => cs.map((c) => [Number(c.dataset.item), c.dataset.count])")
    return {item: count for item, count in cells}


def expect_counts_as_python(page: Page, log, step: int):
    problem, state = problem_of(log), replay(log, step)
    live = [k for k, option in enumerate(problem.options) if not any(state.covered[i] for i in option)]
    expect(page.locator("#matrix")).to_have_attribute("data-live-options", str(len(live)))
    shown = matrix_counts(page)
    assert len(shown) == len(problem.items)
    uncovered = [i for i in range(len(problem.items)) if not state.covered[i]]
    assert uncovered
    for i in uncovered:
        assert shown[i] == str(len(live_options(problem, state, i))), problem.items[i]

