// Two searches as one tree (model/merged-tree.js), over real logs of the
// solver: the merged nodes are held against the paths of choices of each
// log, listed here independently (each try's options from the root, as text).
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog, TRY } from "../../static/js/model/steplog.js";
import { mergeTrees, triesLog, BOTH, ONLY_A, ONLY_B, A_SIDE, B_SIDE } from "../../static/js/model/merged-tree.js";
import { sudokuLogWithLines } from "./python.mjs";

const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/** Each try of a log as its path of options from the root ("12/40/7"), with its step. */
function paths(log) {
  const found = [];
  const chain = [];
  for (let step = 1; step <= log.stepCount; step++) {
    if (log.kindAt(step) !== TRY) continue;
    const level = log.levelAt(step);
    chain.length = level;
    chain.push(log.argAt(step));
    found.push({ path: chain.join("/"), step });
  }
  return found;
}

/** The merged tree's node m as its path of options, read through its parents. */
function pathOf(merged, m) {
  const chain = [];
  for (let n = m; n >= 0; n = merged.parent[n]) chain.push(merged.option[n]);
  return chain.reverse().join("/");
}

function checkMerge(logA, logB) {
  const merged = mergeTrees(logA, logB);
  const a = new Map(paths(logA).map(({ path, step }) => [path, step]));
  const b = new Map(paths(logB).map(({ path, step }) => [path, step]));
  const union = new Set([...a.keys(), ...b.keys()]);
  assert.equal(merged.count, union.size, "one merged node per path tried by either search");
  const seen = new Set();
  for (let m = 0; m < merged.count; m++) {
    const path = pathOf(merged, m);
    assert.ok(!seen.has(path), `path ${path} appears once`);
    seen.add(path);
    const side = (a.has(path) ? ONLY_A : 0) | (b.has(path) ? ONLY_B : 0);
    assert.equal(merged.side[m], side, `node ${m} (${path}) is on the side of the searches that tried it`);
    assert.equal(merged.stepA[m], a.has(path) ? a.get(path) : -1);
    assert.equal(merged.stepB[m], b.has(path) ? b.get(path) : -1);
    const p = merged.parent[m];
    if (p >= 0) {
      assert.ok(p < m && m < p + merged.size[p], `node ${m} lies in its parent's subtree`);
      assert.equal(merged.level[m], merged.level[p] + 1);
    } else assert.equal(merged.level[m], 0);
  }
  const { both, onlyA, onlyB } = merged.counts;
  assert.equal(both + onlyA, a.size);
  assert.equal(both + onlyB, b.size);
  return merged;
}

test("fewest options first and the first item on a hard 9×9: one node per path either tried, each on its side", () => {
  const mrv = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 20000, lines: false }).log);
  const first = new StepLog(sudokuLogWithLines(HARD, { choose: "first", maxSteps: 20000, lines: false }).log);
  const merged = checkMerge(mrv, first);
  assert.ok(merged.counts.onlyA > 0 && merged.counts.onlyB > 0, "the two heuristics search apart");
  for (const m of merged.partings) {
    assert.notEqual(merged.side[m], BOTH);
    assert.ok(merged.parent[m] < 0 || merged.side[merged.parent[m]] === BOTH);
  }
  // The replay's step maps back to the node it tried, on either side.
  for (const m of [0, merged.count - 1, merged.partings[0]]) {
    for (const which of [A_SIDE, B_SIDE]) {
      const step = merged.stepOf(which, m);
      if (step >= 0) assert.equal(merged.nodeOf(which, step), m);
    }
  }
  // nodeAt finds each node over its own index and level.
  for (const m of [0, merged.partings[0], merged.count - 1]) assert.equal(merged.nodeAt(m, merged.level[m]), m);
});

test("a search and its own start: the shorter one's every node is shared, the rest only the longer's", () => {
  const long = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 3000, lines: false }).log);
  const short = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 800, lines: false }).log);
  const merged = checkMerge(long, short);
  assert.equal(merged.counts.onlyB, 0);
  assert.equal(merged.counts.both, short.trySteps.length);
  // Merged in A's order, which is the log's: node m is A's node m.
  for (let m = 0; m < merged.count; m++) assert.equal(merged.stepA[m], long.trySteps[m]);
  const same = checkMerge(short, short);
  assert.equal(same.count, short.trySteps.length);
  assert.ok([...same.side].every((s) => s === BOTH));
  assert.deepEqual(same.partings, []);
});

test("a search given only as its tries (a learner's) merges as its log would, and a node's path reads back", () => {
  const short = new StepLog(sudokuLogWithLines(HARD, { maxSteps: 800, lines: false }).log);
  const tries = Array.from(short.trySteps, (step) => ({ level: short.levelAt(step), option: short.argAt(step) }));
  // The same tries: every node shared, try i of the list is node i's "step" on side B.
  const same = mergeTrees(short, triesLog(tries));
  assert.equal(same.count, tries.length);
  assert.ok([...same.side].every((s) => s === BOTH));
  for (let m = 0; m < same.count; m++) {
    assert.equal(same.stepB[m], m);
    assert.equal(same.pathOf(m).join("/"), pathOf(same, m));
  }
  // A learner who tried another option at level 1 after the search's first: the search's subtree
  // under level 0's first option is only A's, the learner's own try only B's, and they part there.
  const other = short.options.length - 1;
  const learner = [tries[0], { level: 1, option: other }];
  const merged = mergeTrees(short, triesLog(learner));
  assert.equal(merged.counts.both, 1);
  assert.equal(merged.counts.onlyB, 1);
  assert.equal(merged.counts.onlyA, tries.length - 1);
  const mine = merged.nodeOf(B_SIDE, 1);
  assert.equal(merged.side[mine], ONLY_B);
  assert.deepEqual(merged.pathOf(mine), [tries[0].option, other]);
  assert.ok(merged.partings.includes(mine));
});
