// The search tree's view model: fitting, zooming and panning, the node under a
// point, what is in sight, the keyboard's moves and the tree state's actions,
// on a small tree whose shape is written out, and on a real 9×9 search.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SearchTree, starvedUnder } from "../../static/js/model/search-tree.js";
import { StepLog } from "../../static/js/model/steplog.js";
import {
  MAX_ACROSS, MAX_DOWN, fitView, fromScreen, initialTree, isFit, moveFrom, nodeAtPoint, panBy,
  reduceTree, revealNode, toScreen, visibleRange, zoomAt, zoomToNode,
} from "../../static/js/model/tree-view.js";
import { sudokuLogWithLines } from "./python.mjs";

/**
 * A tree from the levels of its nodes in pre-order (a fake log: node i is step i + 1).
 *
 *   0 ─┬─ 1 ─┬─ 2
 *      │     └─ 3
 *      └─ 4
 *   5 ─── 6 ─┬─ 7
 *            └─ 8
 */
const LEVELS = [0, 1, 2, 2, 1, 0, 1, 2, 2];

function smallTree() {
  const log = {
    trySteps: LEVELS.map((_, i) => i + 1),
    levelAt: (step) => LEVELS[step - 1],
    solutionSteps: [],
    outcome: { complete: true },
  };
  const sizes = LEVELS.map((level, i) => {
    let j = i + 1;
    while (j < LEVELS.length && LEVELS[j] > level) j++;
    return j - i;
  });
  return new SearchTree(log, sizes, [0, 5]);
}

test("the small tree's shape is the one drawn above", () => {
  const tree = smallTree();
  assert.deepEqual(Array.from(tree.size), [5, 3, 1, 1, 1, 4, 3, 1, 1]);
  assert.deepEqual(Array.from(tree.parent), [-1, 0, 1, 1, 0, -1, 5, 6, 6]);
  assert.deepEqual(tree.roots, [0, 5]);
  assert.equal(tree.wrong[5], 1);
  assert.equal(tree.wrongAbove(8), 5);
});

test("arrows move to the parent, the first child and the siblings, and stop at the edges", () => {
  const tree = smallTree();
  assert.equal(moveFrom(tree, 2, "up"), 1);
  assert.equal(moveFrom(tree, 1, "up"), 0);
  assert.equal(moveFrom(tree, 0, "up"), 0, "a root has no parent: stay");
  assert.equal(moveFrom(tree, 0, "down"), 1);
  assert.equal(moveFrom(tree, 1, "down"), 2);
  assert.equal(moveFrom(tree, 2, "down"), 2, "a leaf has no child: stay");
  assert.equal(moveFrom(tree, 2, "right"), 3);
  assert.equal(moveFrom(tree, 3, "right"), 3, "the last child: stay");
  assert.equal(moveFrom(tree, 1, "right"), 4, "the next sibling skips the subtree");
  assert.equal(moveFrom(tree, 4, "left"), 1);
  assert.equal(moveFrom(tree, 1, "left"), 1, "the first child: stay");
  assert.equal(moveFrom(tree, 0, "right"), 5, "level-0 nodes are siblings");
  assert.equal(moveFrom(tree, 5, "left"), 0);
  assert.equal(moveFrom(tree, 8, "left"), 7);
  assert.equal(moveFrom(tree, -1, "down"), 0, "from no node, the first");
});

test("in grow mode the moves stay among the nodes tried so far", () => {
  const tree = smallTree();
  assert.equal(moveFrom(tree, 1, "right", 4), 1, "node 4 is not tried yet");
  assert.equal(moveFrom(tree, 0, "right", 5), 0, "nor node 5");
  assert.equal(moveFrom(tree, 1, "down", 2), 1, "nor node 2");
  assert.equal(moveFrom(tree, 1, "down", 3), 2);
});

test("the fit shows every node and level; zoom keeps the point under the pointer", () => {
  const tree = smallTree();
  const fit = fitView(tree, 90, 30);
  assert.equal(fit.across, 10);
  assert.equal(fit.down, 10);
  assert.ok(isFit(fit));
  assert.deepEqual(visibleRange(fit), { from: 0, to: 9, levelFrom: 0, levelTo: 3 });
  const zoomed = zoomAt(fit, 2, 45, 15);
  assert.equal(zoomed.across, 20);
  assert.ok(!isFit(zoomed));
  const before = fromScreen(fit, 45, 15);
  const after = fromScreen(zoomed, 45, 15);
  assert.ok(Math.abs(before.index - after.index) < 1e-9 && Math.abs(before.level - after.level) < 1e-9);
  // Never out past the fit, never in past the readable maximum.
  assert.equal(zoomAt(fit, 0.1).across, fit.across);
  const deep = zoomAt(fit, 1000);
  assert.equal(deep.across, MAX_ACROSS);
  assert.equal(deep.down, MAX_DOWN);
});

test("panning stays on the tree, and the visible range follows", () => {
  const tree = smallTree();
  const zoomed = zoomAt(fitView(tree, 90, 30), 3, 0, 0);
  assert.equal(zoomed.left, 0);
  const right = panBy(zoomed, -60, 0);
  assert.equal(right.left, 60 / zoomed.across);
  assert.equal(panBy(zoomed, 10_000, 0).left, 0, "not past the left edge");
  const far = panBy(zoomed, -10_000, 0);
  assert.equal(far.left, 9 - 90 / zoomed.across, "not past the right edge");
  const range = visibleRange(far);
  assert.equal(range.to, 9);
  assert.equal(range.from, Math.floor(far.left));
});

test("the node under a point is the deepest drawn there, a block counting as one", () => {
  const tree = smallTree();
  const view = fitView(tree, 90, 30);
  assert.equal(nodeAtPoint(view, tree, 25, 25), 2);
  assert.equal(nodeAtPoint(view, tree, 25, 15), 1);
  assert.equal(nodeAtPoint(view, tree, 25, 5), 0);
  assert.equal(nodeAtPoint(view, tree, 85, 25), 8);
  assert.equal(nodeAtPoint(view, tree, 85, 25, (n) => n === 5), 5, "node 5 drawn as one block");
  assert.equal(nodeAtPoint(view, tree, 85, 25, () => false, 6), -1, "grow mode: node 8 is not tried yet");
  const p = toScreen(view, 3, 2);
  assert.deepEqual(p, { x: 30, y: 20 });
});

test("zooming to a node fills the view with its subtree; revealing pans it into sight", () => {
  const tree = smallTree();
  const view = fitView(tree, 90, 30);
  const z = zoomToNode(view, tree, 6);
  assert.equal(z.left, 6);
  assert.equal(z.across, 30);
  assert.deepEqual(visibleRange(z), { from: 6, to: 9, levelFrom: 0, levelTo: 3 });
  const left = zoomToNode(view, tree, 1);
  const shown = revealNode(left, tree, 8);
  assert.ok(visibleRange(shown).to >= 9, "node 8 in sight after revealing it");
  assert.equal(revealNode(shown, tree, 8), shown, "already in sight: the same view");
});

test("the tree state changes only through its actions, the same object when nothing changes", () => {
  const tree = smallTree();
  let state = initialTree();
  state = reduceTree(state, { type: "size", tree, width: 90, height: 30 });
  assert.ok(isFit(state.view));
  const same = reduceTree(state, { type: "reset" });
  assert.equal(same.view.across, state.view.across);
  state = reduceTree(state, { type: "zoom", factor: 2 });
  assert.ok(!isFit(state.view));
  state = reduceTree(state, { type: "zoom-node", tree, node: 5 });
  assert.ok(state.opened.has(5), "zooming to a block opens it");
  assert.equal(state.focus, 5);
  assert.equal(reduceTree(state, { type: "open", node: 5 }), state);
  state = reduceTree(state, { type: "fold", node: 5 });
  assert.ok(!state.opened.has(5));
  state = reduceTree(state, { type: "grow", on: true });
  assert.equal(state.grow, true);
  state = reduceTree(state, { type: "reset" });
  assert.ok(isFit(state.view));
  assert.throws(() => reduceTree(state, { type: "nonsense" }), /unknown tree action/);
});

test("on a real search, what starved a wrong choice is counted from the facts' dead ends", () => {
  const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const log = new StepLog(sudokuLogWithLines(HARD).log);
  const tree = new SearchTree(log, log.subtreeSizes, log.facts.wrong);
  let total = 0;
  for (const n of log.facts.wrong) {
    const { deadEnds, item, times } = starvedUnder(log, tree, n);
    total += deadEnds;
    assert.ok(times <= deadEnds && (item >= 0) === (deadEnds > 0));
  }
  const offPath = log.deadEndSteps.filter((step) => tree.status[tree.nodeAtStep(step)] !== 1).length;
  assert.equal(total, offPath, "every dead end off the way to the solution lies under one wrong choice");
});
