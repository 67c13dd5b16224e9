// Drawing by keyboard and painting a jigsaw map (model/drawing.js), without the DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boxesMap, keyPath, paintRegion, regionCells, stepFrom } from "../../static/js/model/drawing.js";
import { readRegions } from "../../static/js/model/variants.js";

test("Space puts a cage's cell in or takes it out; a line goes on only to a touching cell", () => {
  let { path } = keyPath("killer", [], [0, 0], true);
  ({ path } = keyPath("killer", path, [4, 4], true));          // a cage's cells need not touch
  assert.deepEqual(path, [[0, 0], [4, 4]]);
  assert.deepEqual(keyPath("killer", path, [0, 0], true).path, [[4, 4]]);
  assert.deepEqual(keyPath("killer", path, [0, 0], false).path, path, "a Shift+arrow move only adds");
  const line = [[0, 0], [0, 1]];
  assert.deepEqual(keyPath("thermo", line, [1, 2], true), { path: [...line, [1, 2]], refused: false });
  assert.deepEqual(keyPath("thermo", line, [3, 3], true), { path: line, refused: true });
  assert.deepEqual(keyPath("thermo", line, [0, 0], false).path, [[0, 0]], "back onto the cell before undoes the last");
  assert.equal(keyPath("thermo", line, [0, 1], true).refused, false, "its own last cell: nothing to do");
  assert.deepEqual(keyPath("arrow", [], [2, 2], true).path, [[2, 2]]);
});

test("Shift+arrows step within the grid", () => {
  assert.deepEqual(stepFrom([0, 0], "ArrowRight", 9), [0, 1]);
  assert.deepEqual(stepFrom([0, 0], "ArrowDown", 9), [1, 0]);
  assert.equal(stepFrom([0, 0], "ArrowUp", 9), null);
  assert.equal(stepFrom([8, 8], "ArrowRight", 9), null);
  assert.equal(stepFrom([3, 3], "Home", 9), null);
});

test("painting starts from the boxes, keeps the map's own alphabet and never paints over a map half typed", () => {
  assert.equal(boxesMap(4), "1122112233443344");
  const first = paintRegion("", 4, [2], 0);
  assert.equal(first.text, "1112\n1122\n3344\n3344");
  // r1c3 went to region 1, r2c2 goes to region 2: a map that reads again.
  const swapped = paintRegion(first.text, 4, [5], 1).text;
  assert.equal(swapped, "1112\n1222\n3344\n3344");
  assert.equal(readRegions(swapped, 4).error, null);
  // A map written from 0 (as f-puzzles stores it) stays from 0; one in letters stays in letters.
  assert.equal(paintRegion("0011001122332233", 4, [0], 3).text, "3011\n0011\n2233\n2233");
  assert.equal(paintRegion("AABBAABBCCDDCCDD", 4, [15], 0).text, "AABB\nAABB\nCCDD\nCCDA");
  // Half a map typed: nothing painted, nothing lost.
  assert.deepEqual(paintRegion("1122 11", 4, [0], 2), { text: null, count: 6 });
  assert.deepEqual(regionCells(swapped, 4, 1), [3, 5, 6, 7]);
  assert.deepEqual(regionCells("11", 4, 0), []);
});
