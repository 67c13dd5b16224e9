// The search at a glance, in the page's terms: the heat grouped by cell and unit,
// progress and pending lines, the comparison's scale, and the page-state actions.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardHeat, compareLayout, itemHeat, pendingLine, progressLine } from "../../static/js/model/glance.js";
import { initialState, reduce, sudokuPuzzle } from "../../static/js/model/page-state.js";

const SIZE = 4;                       // a 4×4: items are 16 cells, then 16 per family
const empty = Array.from({ length: 64 }, (_, i) => `item ${i} has nothing left`);

test("the heat is grouped by cell and by unit, from the sparse facts alone", () => {
  // r1c2 starved 3 times; row 2 ran out of a 1 twice and of a 4 once; box 4 of a 2 five times.
  const facts = { heat: { item: [1, 16 + 4 + 0, 16 + 4 + 3, 48 + 12 + 1], count: [3, 2, 1, 5] } };
  const heat = itemHeat(facts, 64);
  assert.equal(heat[1], 3);
  const cells = boardHeat(heat, SIZE, "cells", { empty });
  assert.deepEqual(cells.cells.map((c) => c.count), [0, 3, ...new Array(14).fill(0)]);
  assert.equal(cells.max, 3);
  assert.match(cells.cells[1].label, /^r1c2 starved 3 times/);
  const rows = boardHeat(heat, SIZE, "rows", { empty });
  assert.deepEqual(rows.cells.map((c) => c.count), [0, 0, 0, 0, 3, 3, 3, 3, ...new Array(8).fill(0)]);
  assert.equal(rows.cells.filter((c) => c.text).length, 1, "the count is written once per unit");
  assert.match(rows.cells[4].label, /^row 2 starved 3 times: item 20 has nothing left \(2 times\) and item 23/);
  const boxes = boardHeat(heat, SIZE, "boxes", { empty });
  assert.deepEqual([10, 11, 14, 15].map((c) => boxes.cells[c].count), [5, 5, 5, 5]);
  assert.equal(boxes.cells[0].count, 0);
});

test("progress and pending lines say exact or estimated sizes", () => {
  assert.equal(progressLine(12, 307, true, null), "Node 12 of 307");
  assert.equal(progressLine(4615, 4615, false, { nodes: 317290900, spread: 0.61 }),
    "Node 4,615 of about 317,290,900 (Knuth's estimate of the whole tree, ±61%)");
  assert.match(progressLine(5, 9, false, null), /of the 9 recorded/);
  assert.match(pendingLine({ nodes: 12000, spread: 0.3 }), /about 12,000 nodes, ±30%/);
  assert.equal(pendingLine(null), "");
});

test("a tree too large for a number is said as a power of ten, never as fifty digits or Infinity", () => {
  assert.match(pendingLine({ nodes: 1.234e154, log10: 154.0913, spread: 0.9 }), /about 1\.2 × 10¹⁵⁴ nodes, ±90%/);
  assert.match(pendingLine({ nodes: null, log10: 873.2, spread: null }), /about 1\.6 × 10⁸⁷³ nodes/);
  assert.equal(progressLine(7, 7, false, { nodes: null, log10: 873.2, spread: 0.5 }),
    "Node 7 of about 1.6 × 10⁸⁷³ (Knuth's estimate of the whole tree, ±50%)");
});

test("both searches are drawn to one scale", () => {
  const data = { bucket: 10, searches: [
    { choose: "mrv", stats: { nodes: 25, dead_ends: 2, solutions: 1, steps: 300 }, outcome: { status: "solved" },
      shape: { shallowest: [0, 3, 5], deepest: [4, 6, 9] }, solution_nodes: [24] },
    { choose: "first", stats: { nodes: 6000, dead_ends: 900, solutions: 0, steps: 100000 },
      outcome: { status: "stopped", message: "Stopped after 100,000 steps." },
      shape: { shallowest: new Array(600).fill(1), deepest: new Array(600).fill(19) }, solution_nodes: [] },
  ] };
  const layout = compareLayout(data, 600, 100);
  assert.equal(layout.across, 1);
  assert.equal(layout.down, 5);
  assert.deepEqual(layout.searches[0].solutionBuckets, [2]);
  assert.equal(layout.searches[0].stopped, "");
  assert.match(layout.searches[1].stopped, /^Stopped after 100,000 steps/);
  assert.equal(layout.searches[1].counts, "6,000 nodes, 900 dead ends, no solution");
});

test("the page state's heat, pending and compare change only through their actions", () => {
  let state = initialState(sudokuPuzzle(9));
  assert.equal(state.heat, "off");
  state = reduce(state, { type: "heat", mode: "rows" });
  assert.equal(state.heat, "rows");
  assert.throws(() => reduce(state, { type: "heat", mode: "diagonals" }));
  assert.equal(reduce(state, { type: "pending", estimate: { nodes: 1 } }), state, "no solve pending: no estimate");
  state = reduce(state, { type: "pending", on: true });
  state = reduce(state, { type: "pending", estimate: { nodes: 5 } });
  assert.equal(state.pending.estimate.nodes, 5);
  state = reduce(state, { type: "pending", on: false });
  assert.equal(state.pending, null);
  assert.equal(reduce(state, { type: "compare", result: { status: "running" } }), state, "no replay: nothing to compare");
  const answer = { puzzle: "x" };
  state = reduce(state, { type: "replay", answer, share: {} });
  state = reduce(state, { type: "compare", result: { status: "running" } });
  assert.equal(state.compare.status, "running");
  assert.equal(reduce(state, { type: "replay", answer, share: {} }).compare, state.compare, "the same answer keeps it");
  assert.equal(reduce(state, { type: "replay", answer: { puzzle: "y" }, share: {} }).compare, null);
  assert.equal(reduce(state, { type: "leave" }).compare, null);
});
