// The page state: one object, changed only by actions, each change told once to
// every subscriber in order. Driven here without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PageState, initialState, reduce, sudokuPuzzle, touched } from "../../static/js/model/page-state.js";
import { readShare, shareQuery } from "../../static/js/model/url.js";

const start = () => initialState(sudokuPuzzle(4));

test("a state is frozen: it changes only through update()", () => {
  const state = start();
  assert.ok(Object.isFrozen(state) && Object.isFrozen(state.puzzle) && Object.isFrozen(state.puzzle.values));
  assert.throws(() => { state.mode = "replay"; }, TypeError);
});

test("typing a digit makes a new puzzle, leaves the old one as it was, and clears the server's marks", () => {
  const refused = reduce(start(), { type: "refused", cells: [3, 7] });
  const typed = reduce(refused, { type: "edit-cell", cell: 5, value: 2 });
  assert.equal(typed.puzzle.values[5], 2);
  assert.equal(refused.puzzle.values[5], 0, "the earlier state is untouched");
  assert.deepEqual([...typed.errorCells], []);
  assert.equal(reduce(typed, { type: "edit-cell", cell: 5, value: 2 }), typed, "the same digit again changes nothing");
});

test("rules changed (a variant, the map) drop the cells the server's refusal named, and keep the puzzle", () => {
  const refused = reduce(start(), { type: "refused", cells: [3, 7] });
  const changed = reduce(refused, { type: "rules" });
  assert.deepEqual([...changed.errorCells], []);
  assert.equal(changed.puzzle, refused.puzzle);
  assert.equal(reduce(changed, { type: "rules" }), changed, "nothing to drop: nothing changes");
});

test("a replay holds the answer and follows the cursor; leaving it returns to editing", () => {
  const answer = { puzzle: "1...", grid: new Array(16).fill(1) };
  const replaying = reduce(start(), { type: "replay", answer, share: { step: 4 }, cursor: 4, puzzle: sudokuPuzzle(4, answer.grid) });
  assert.equal(replaying.mode, "replay");
  assert.equal(replaying.answer, answer);
  assert.equal(replaying.atEdit, false);
  const moved = reduce(replaying, { type: "cursor", step: 9, share: { step: 9 } });
  assert.equal(moved.cursor, 9);
  const left = reduce(moved, { type: "leave" });
  assert.equal(left.mode, "edit");
  assert.equal(left.answer, null);
  assert.equal(left.puzzle, moved.puzzle, "the puzzle the replay solved stays on the board");
  assert.equal(reduce(left, { type: "cursor", step: 3 }), left, "no cursor outside a replay");
});

test("loading a puzzle of another size ends a replay and starts clean", () => {
  const replaying = reduce(start(), { type: "replay", answer: {}, share: {}, cursor: 2 });
  const loaded = reduce(replaying, { type: "load", puzzle: sudokuPuzzle(9) });
  assert.equal(loaded.mode, "edit");
  assert.equal(loaded.puzzle.size, 9);
  assert.equal(loaded.puzzle.values.length, 81);
  assert.equal(loaded.cursor, 0);
});

test("the box keeps the user's own text apart from the board's, unread text with its reason", () => {
  const own = reduce(start(), { type: "box", text: "12..", unread: false });
  assert.deepEqual({ ...own.box }, { text: "12..", unread: false, reason: null });
  const unread = reduce(own, { type: "box", text: "xx", unread: true, reason: "Could not read it." });
  assert.equal(unread.box.reason, "Could not read it.");
  assert.equal(reduce(unread, { type: "box", text: null }).box, null);
});

test("an unknown action is an error, not a silent no-op", () => {
  assert.throws(() => reduce(start(), { type: "teleport" }), /unknown page action teleport/);
});

test("subscribers hear each change once, in order, even when one of them updates in turn", () => {
  const store = new PageState(start());
  const heard = [];
  store.subscribe((state, before, action) => {
    heard.push(action.type);
    if (action.type === "edit-cell") store.update({ type: "select", cell: action.cell + 1 });
  });
  store.subscribe((state, before, action) => heard.push(`second:${action.type}`));
  store.update({ type: "edit-cell", cell: 0, value: 3 });
  store.update({ type: "select", cell: 1 });     // no change: nobody hears it
  assert.deepEqual(heard, ["edit-cell", "second:edit-cell", "select", "second:select"]);
  assert.equal(store.state.selection, 1);
  assert.ok(touched(store.state, start(), "puzzle", "mode"));
});

test("the learner's modes: predict (off, on, all) and the tour's moment (null: off), each checked", () => {
  let state = initialState(sudokuPuzzle(9));
  assert.equal(state.predict, "off");
  assert.equal(state.tour, null);
  state = reduce(state, { type: "predict", mode: "all" });
  assert.equal(state.predict, "all");
  assert.equal(reduce(state, { type: "predict", mode: "all" }), state, "no change, the same state");
  assert.throws(() => reduce(state, { type: "predict", mode: "yes" }), /unknown predict mode yes/);
  state = reduce(state, { type: "tour", at: 3 });
  assert.equal(state.tour, 3);
  assert.equal(reduce(state, { type: "tour", at: null }).tour, null);
  assert.throws(() => reduce(state, { type: "tour", at: -1 }), /no tour moment -1/);
});

test("the address keeps the learner's modes: predict=1 or all, tour=1", () => {
  const share = readShare("?p=1234&predict=all&tour=1");
  assert.deepEqual([share.predict, share.tour], ["all", true]);
  assert.deepEqual([readShare("?p=1234&predict=1").predict, readShare("?p=1234&predict=no").predict], ["on", "off"]);
  const query = new URLSearchParams(shareQuery({ ...share, predict: "on", tour: false }));
  assert.deepEqual([query.get("predict"), query.get("tour")], ["1", null]);
  assert.equal(new URLSearchParams(shareQuery({ ...share, predict: "off" })).get("predict"), null);
});
