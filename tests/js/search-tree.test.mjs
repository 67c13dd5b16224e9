// The search tree's index over a real log: parents, depths, the solution path,
// unfinished nodes, and finding the node under a point. The subtree sizes the
// server sends are computed here independently (by levels alone) for the check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog, TRY } from "../../static/js/model/steplog.js";
import { SearchTree, PATH, FAILED, OPEN, costliestWrongChoices } from "../../static/js/model/search-tree.js";
import { sudokuLogWithLines } from "./python.mjs";

const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/** Each try's subtree size by its definition: it and the tries after it until one at its level or above. */
function sizesByLevels(log) {
  const levels = [];
  for (let step = 1; step <= log.stepCount; step++) if (log.kindAt(step) === TRY) levels.push(log.levelAt(step));
  return levels.map((level, i) => {
    let j = i + 1;
    while (j < levels.length && levels[j] > level) j++;
    return j - i;
  });
}

test("on a hard 9×9, the tree's parents, depths and path agree with the log", () => {
  const log = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 20000 }).log);
  const tree = new SearchTree(log, sizesByLevels(log));
  assert.ok(tree.count > 100);
  for (let i = 0; i < tree.count; i++) {
    const p = tree.parent[i];
    if (tree.level[i] === 0) assert.equal(p, -1);
    else {
      assert.equal(tree.level[p], tree.level[i] - 1, `node ${i}'s parent is one level up`);
      assert.ok(p < i && i < p + tree.size[p], `node ${i} lies in its parent's subtree`);
    }
    assert.ok(tree.deepest[i] >= tree.level[i]);
  }
  const total = tree.roots.reduce((sum, r) => sum + tree.size[r], 0);
  assert.equal(total, tree.count, "the roots' subtrees hold every node");
});

test("a solved search marks exactly the chain of choices in its solution as the path", () => {
  const data = sudokuLogWithLines(HARD);
  const log = new StepLog(data.log);
  const tree = new SearchTree(log, sizesByLevels(log));
  const path = [...tree.status.keys()].filter((i) => tree.status[i] === PATH);
  const chosen = data.log.solutions[0];
  assert.equal(path.length, chosen.length, "one node per level of the solution");
  for (const n of path) {
    assert.equal(log.argAt(tree.step[n]), chosen[tree.level[n]], "the path's node at each level tried the solution's option");
  }
  assert.ok([...tree.status].every((s) => s === PATH || s === FAILED), "a complete search leaves nothing open");
});

test("a search stopped by its budget leaves the nodes on its last stack open", () => {
  const log = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 500 }).log);
  assert.equal(log.outcome.limit, "steps");
  const tree = new SearchTree(log, sizesByLevels(log));
  const last = tree.count - 1;
  for (let n = last; n >= 0; n = tree.parent[n]) assert.equal(tree.status[n], OPEN);
});

test("the node at a step, and the node under a point, collapsed subtrees counting as one", () => {
  const log = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 5000 }).log);
  const tree = new SearchTree(log, sizesByLevels(log));
  assert.equal(tree.nodeAtStep(0), -1);
  const n = 40;
  assert.equal(tree.nodeAtStep(tree.step[n]), n);
  assert.equal(tree.nodeAtStep(tree.step[n + 1] - 1), n);
  // The node under node n's own index at its own level is n.
  assert.equal(tree.nodeAt(n, tree.level[n]), n);
  // Stopping at n's root (as if the root were drawn as one block) gives that root.
  const root = tree.pathTo(n)[0];
  assert.equal(tree.nodeAt(n, tree.level[n], (m) => m === root), root);
  assert.deepEqual(tree.pathTo(n).map((m) => tree.level[m]), [...Array(tree.level[n] + 1).keys()]);
});

test("subtree sizes that do not fit the log are refused", () => {
  const log = new StepLog(sudokuLogWithLines("....1.3.4....14.").log);
  assert.throws(() => new SearchTree(log, [1, 2, 3]), /subtree sizes/);
});

test("the costliest wrong choices are the facts' wrong choices, largest subtree first, each at its try", () => {
  // Under "first item" a hard puzzle makes many wrong choices at the levels of its path.
  const log = new StepLog(sudokuLogWithLines(HARD, { choose: "first", maxSteps: 20000, lines: false }).log);
  const tree = new SearchTree(log, log.subtreeSizes);
  const five = costliestWrongChoices(log, tree, 5);
  assert.equal(five.length, 5);
  const wrong = new Set(log.facts.wrong);
  for (let k = 0; k < five.length; k++) {
    const { node, step, level, label, nodes } = five[k];
    assert.ok(wrong.has(node), `node ${node} is a wrong choice`);
    assert.equal(log.kindAt(step), TRY);
    assert.equal(step, log.trySteps[node]);
    assert.equal(level, log.levelAt(step));
    assert.equal(label, log.labels[log.argAt(step)]);
    const parent = tree.parent[node];
    assert.equal(five[k].under, level ? log.labels[log.argAt(log.trySteps[parent])] : null, "the choice above it");
    assert.equal(log.levelAt(log.trySteps[Math.max(parent, 0)]), level ? level - 1 : 0);
    assert.equal(nodes, sizesByLevels(log)[node], "its subtree, counted by levels");
    if (k) assert.ok(five[k - 1].nodes >= nodes, "largest first");
  }
  // No node outside the list costs more than the last one listed.
  const least = five[4].nodes;
  assert.ok([...wrong].every((n) => five.some((e) => e.node === n) || log.subtreeSizes[n] <= least));
  assert.deepEqual(costliestWrongChoices(log, null, 5), []);
});

test("what backjumping would have saved: the facts' jumps, the most nodes first, each counted again from the events", async () => {
  const { backjumpSavings } = await import("../../static/js/model/search-tree.js");
  const { BACKUP, DEAD_END } = await import("../../static/js/model/steplog.js");
  const top95Hard = "2.3.8....8..7...........1...6.5.7...4......3....1............82.5....6...1.......";
  const log = new StepLog(sudokuLogWithLines(top95Hard, { lines: false }).log);
  const rows = backjumpSavings(log, Infinity);
  assert.equal(rows.length, log.facts.jumpEventIndex.length);
  assert.ok(rows.length > 3, "a hard 9×9 under fewest options first has back-ups a backjump would skip");
  for (let r = 1; r < rows.length; r++) {
    assert.ok(rows[r - 1].wasted > rows[r].wasted || (rows[r - 1].wasted === rows[r].wasted && rows[r - 1].step < rows[r].step));
  }
  for (const row of rows) {
    const kind = log.kindAt(row.step);
    assert.ok(kind === BACKUP || kind === DEAD_END);
    assert.equal(row.kind, kind === BACKUP ? "backup" : "dead_end");
    if (kind === BACKUP) assert.equal(row.back, log.argAt(row.step) - 1);
    assert.ok(row.jumpTo < row.back, "a jump is listed only where it goes further back than the search did");
    // The nodes tried after it until the search tries an option at the jump's level or above.
    let wasted = 0;
    for (let step = row.step + 1; step <= log.stepCount; step++) {
      if (log.kindAt(step) !== TRY) continue;
      if (log.levelAt(step) <= row.jumpTo) break;
      wasted++;
    }
    assert.equal(row.wasted, wasted, `the nodes wasted after step ${row.step}`);
  }
  assert.deepEqual(backjumpSavings(log, 2), rows.slice(0, 2));
});
