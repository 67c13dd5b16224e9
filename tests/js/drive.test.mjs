// Your turn's model (model/drive.js): the learner's levels, Algorithm X's back-up (the deepest
// level with an untried option tries the next, in the item's order), a backjump to a level the
// learner picks, the counts, and the notes where an item with fewer options was there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Drive } from "../../static/js/model/drive.js";

test("choices, a dead end and Algorithm X's back-up, level by level", () => {
  const drive = new Drive();
  drive.choose(10, [3, 5, 7], 5, { item: 2, count: 1 });        // the search would pick item 2, with 1 option
  drive.choose(20, [8, 9], 9, { item: 20, count: 2 });
  assert.deepEqual(drive.path, [5, 9]);
  assert.equal(drive.nodes, 2);
  drive.deadEnd();
  assert.deepEqual(drive.backUp(), { level: 1, option: 8 });    // level 1's next untried option, in its order
  assert.deepEqual(drive.path, [5, 8]);
  drive.deadEnd();
  assert.deepEqual(drive.backUp(), { level: 0, option: 3 });    // level 1 has none left: level 0 moves on
  assert.deepEqual(drive.path, [3]);
  assert.deepEqual(drive.backUp(), { level: 0, option: 7 });
  assert.equal(drive.backUp(), null);                           // every option tried: the learner's search ends
  assert.ok(drive.over);
  assert.equal(drive.nodes, 5);
  assert.equal(drive.deadEnds, 2);
  assert.deepEqual(drive.notes, [{ level: 0, item: 10, count: 3, fewest: 2, fewestCount: 1 }]);
  const names = { 2: "r8c9", 10: "r3c4", 20: "r1c1" };
  assert.deepEqual(drive.noteLines(names), ["Level 0: r8c9 had 1 option; you chose r3c4, which had 3."]);
  assert.equal(drive.summary({ nodes: 4, dead_ends: 0 }),
    "Your search: 5 nodes and 2 dead ends. The search's own (fewest options first): 4 nodes and 0 dead ends.");
});

test("a backjump the learner picks leaves the levels below it, then backs up there", () => {
  const drive = new Drive([40, 41]);        // choices from a shared address: their items unknown
  drive.choose(6, [1, 2], 1, { item: 6, count: 2 });
  // Level 1 came from the address (its item not known): going back there hands it to the learner.
  assert.deepEqual(drive.backTo(1), { level: 1, option: null });
  assert.deepEqual(drive.path, [40]);
  assert.ok(!drive.over);
  const again = new Drive();
  again.choose(1, [10, 11, 12], 10, null);
  again.choose(2, [20, 21], 20, null);
  again.choose(3, [30, 31], 30, null);
  assert.deepEqual(again.backTo(0), { level: 0, option: 11 });
  assert.deepEqual(again.path, [11]);
  assert.throws(() => again.backTo(4));
  assert.throws(() => again.choose(5, [50], 51, null));
});

test("the learner's tries, in the order tried, for the merged tree at the end", () => {
  const drive = new Drive();
  drive.choose(10, [3, 5], 5, null);
  drive.choose(20, [8, 9], 9, null);
  drive.backUp();                     // level 1 tries 8
  drive.backUp();                     // level 1 has none left: level 0 tries 3
  drive.choose(30, [7], 7, null);
  assert.deepEqual(drive.tries, [
    { level: 0, option: 5 }, { level: 1, option: 9 }, { level: 1, option: 8 }, { level: 0, option: 3 }, { level: 1, option: 7 },
  ]);
  assert.equal(drive.tries.length, drive.nodes);
  // Levels set before any move (a drive opened from an address) count as tried, in order.
  const opened = new Drive();
  opened.levels = [{ item: 1, options: [40, 41, 42], tried: [40, 41], option: 41 }, { item: 2, options: [50], tried: [50], option: 50 }];
  assert.deepEqual(opened.tries, [{ level: 0, option: 40 }, { level: 0, option: 41 }, { level: 1, option: 50 }]);
  opened.backUp();                    // level 1 has none left: level 0 tries 42
  assert.deepEqual(opened.tries.slice(-2), [{ level: 1, option: 50 }, { level: 0, option: 42 }]);
});
