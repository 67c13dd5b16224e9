// The page's explanations (model/explain.js) say, step by step, exactly the lines
// Python says (webapp.steplog.explain_step) for the same log, from the one catalogue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog } from "../../static/js/model/steplog.js";
import { explainStep } from "../../static/js/model/explain.js";
import { sudokuLogWithLines, builtinLogWithLines, coverTextLogWithLines } from "./python.mjs";

// top95 #1 (Norvig's set): a hard 9×9 whose dead ends include rows and boxes.
const HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SMALL_DEAD_END = "....1.3.4....14.";   // the "4×4 with a dead end" example

/** Compare every step's sentences; return how many steps had grouped ruled-out sentences. */
function assertSameLines({ log: json, lines }, { from = 1, to = Infinity } = {}) {
  const log = new StepLog(json);
  let state = null;
  let grouped = 0;
  for (let step = from; step <= Math.min(to, log.stepCount); step++) {
    state = log.seek(step, state);
    const said = explainStep(log, state).sentences.map((s) => s.text);
    assert.deepEqual(said, lines[step - 1], `step ${step}`);
    if (said.some((s) => s.includes(": all ruled out by "))) grouped += 1;
  }
  return grouped;
}

test("a 4×4 with a dead end: every step", () => {
  assertSameLines(sudokuLogWithLines(SMALL_DEAD_END));
});

test("a hard 9×9: the first 3,000 steps, with options ruled out together said once", () => {
  const grouped = assertSameLines(sudokuLogWithLines(HARD, { maxSteps: 3000 }));
  assert.ok(grouped > 0, "some dead end had options ruled out by one choice for one reason");
});

test("first-item choice and several solutions", () => {
  assertSameLines(sudokuLogWithLines(SMALL_DEAD_END, { choose: "first", limit: 3 }));
});

test("a search stopped by its step budget says so at its last step", () => {
  const data = sudokuLogWithLines(HARD, { maxSteps: 500 });
  assert.equal(data.log.outcome.limit, "steps");
  assertSameLines(data, { from: 480 });
});

test("exact cover built-ins speak their own words: queens, pentomino-free packing, Knuth's example", () => {
  assertSameLines(builtinLogWithLines("queens", { n: 6 }, { limit: 2 }));
  assertSameLines(builtinLogWithLines("small-packing", {}, { limit: 4 }));
  assertSameLines(builtinLogWithLines("knuth"));
});

test("colours: the word square's purify and unpurify steps say what Python says, every step", () => {
  const { log: json, lines } = builtinLogWithLines("word-square", {}, { limit: 2 });
  assertSameLines({ log: json, lines });
  const said = lines.flat();
  assert.ok(said.some((s) => s.startsWith("Purify r1c1 (r1c1 takes one letter): it is now a, and the ")));
  assert.ok(said.some((s) => s.startsWith("Unpurify ")));
});

test("colours: the whole word-square search, its dead ends in colour words, as Python says them", () => {
  const data = builtinLogWithLines("word-square", {}, { limit: "None" });
  assertSameLines(data);
  const said = data.lines.flat();
  assert.ok(said.some((s) => s.includes("all ruled out by the choice lid in row 1 at level 0 (r1c2 is already i)")));
});

test("colours: Knuth's coloured example typed as text: an option ruled out by a colour says so", () => {
  const knuth = "A B C | x y\nA B x:0 y:0\nA C x:1 y:1\nx:0 y:1\nB x:1\nC y:1\n";
  const data = coverTextLogWithLines(knuth);
  assertSameLines(data);
  assert.ok(data.lines.flat().includes("C y:1: ruled out by the choice A B x:0 y:0 at level 0 (y is already 0)"));
});
