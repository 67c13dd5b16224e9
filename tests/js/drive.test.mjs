// Your turn's model (model/drive.js): the learner's levels, Algorithm X's back-up (the deepest
// level with an untried option tries the next, in the item's order), a backjump to a level the
// learner picks, the counts, and the notes where an item with fewer options was there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Drive, readPicks } from "../../static/js/model/drive.js";

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

test("the record the address keeps reads back, and a drive resumes from it as it was", () => {
  const drive = new Drive();
  drive.choose(12, [40, 41, 42], 40, { item: 5, count: 1 });
  drive.choose(7, [30, 31], 30, { item: 7, count: 2 });
  drive.deadEnd();
  drive.backTo(0);                                              // level 0 tries 41 next
  drive.choose(7, [30, 33], 33, null);
  const text = drive.record;
  assert.equal(text, "12.40.41_7.33-4.1-0.12.3.5.1-0.40_1.30_0.41_1.33");
  const record = readPicks(text);
  assert.deepEqual(record, {
    levels: [{ item: 12, tried: [40, 41] }, { item: 7, tried: [33] }], nodes: 4, deadEnds: 1,
    notes: [{ level: 0, item: 12, count: 3, fewest: 5, fewestCount: 1 }],
    tries: [{ level: 0, option: 40 }, { level: 1, option: 30 }, { level: 0, option: 41 }, { level: 1, option: 33 }],
  });
  // The options each level's item has there come from the replay state (here, a table).
  const live = { "0:12": [40, 41, 42], "1:7": [30, 33] };
  const optionsOf = (level, item) => live[`${level}:${item}`] ?? null;
  const { drive: resumed } = Drive.resume(record, [41, 33], optionsOf);
  assert.deepEqual(resumed.path, [41, 33]);
  assert.equal(resumed.record, text);
  assert.deepEqual(resumed.tries, drive.tries);                   // the merged tree at the end draws the same tries
  assert.deepEqual(resumed.backUp(), { level: 1, option: 30 });    // the same back-up the learner's own page makes
  assert.deepEqual(resumed.backUp(), { level: 0, option: 42 });
  assert.deepEqual(drive.backUp(), { level: 1, option: 30 });
  assert.deepEqual(drive.backUp(), { level: 0, option: 42 });
  assert.equal(resumed.record, drive.record);
  assert.equal(resumed.tries.length, resumed.nodes);
  // A record that does not fit the address's choices names the level it breaks at.
  assert.deepEqual(Drive.resume(record, [41], optionsOf), { error: 1 });
  assert.deepEqual(Drive.resume(record, [42, 33], optionsOf), { error: 0 });           // not the last tried
  assert.deepEqual(Drive.resume(record, [41, 33], (level, item) => (level ? null : live["0:12"])), { error: 1 });
  assert.deepEqual(Drive.resume(readPicks("12.40.40-2.0--"), [40], optionsOf), { error: 0 });  // tried twice
  assert.deepEqual(Drive.resume(readPicks("12.9-1.0--"), [9], optionsOf), { error: 0 });       // not the item's
  assert.deepEqual(Drive.resume(readPicks("12.40.41-2.0--0.41_0.40"), [41], optionsOf), { error: 0 });  // tries end elsewhere
  const untried = Drive.resume(readPicks("12.41-1.0--"), [41], optionsOf).drive;           // no tries: the levels' own
  assert.deepEqual(untried.tries, [{ level: 0, option: 41 }]);
  // An empty drive, and texts that are not records.
  assert.deepEqual(readPicks(new Drive().record), { levels: [], nodes: 0, deadEnds: 0, notes: [], tries: [] });
  for (const bad of ["", "12-1.0--", "12.40-1--", "12.40-1.0-0.1.2-", "12.40---", "x", null, "12.40-1.0-0.1.2.3.4_-",
    "12.40-1.0-", "12.40-1.0--0", "12.40-1.0--0.40_"]) {
    assert.equal(readPicks(bad), null, String(bad));
  }
});

test("choices from an address without a record: each level is the log's item, only its choice tried", () => {
  const live = { "0:3": [40, 41], "1:8": [50, 51, 52] };
  const drive = Drive.fromPath([41, 50], (level) => [3, 8][level], (level, item) => live[`${level}:${item}`] ?? null);
  assert.equal(drive.nodes, 2);
  assert.deepEqual(drive.backUp(), { level: 1, option: 51 });     // nothing handed back: Algorithm X moves on
  assert.deepEqual(drive.backUp(), { level: 1, option: 52 });
  assert.deepEqual(drive.backUp(), { level: 0, option: 40 });     // 41 was tried: 40 is the one left
  assert.equal(drive.backUp(), null);
  assert.equal(drive.nodes, 5);
});
