// The page's explanations (model/explain.js) say, step by step, exactly the lines
// Python says (webapp.log.steplog.explain_step) for the same log, from the one catalogue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog } from "../../static/js/model/steplog.js";
import { explainStep } from "../../static/js/model/explain.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sudokuLogWithLines, builtinLogWithLines, variantLogWithLines, coverTextLogWithLines, pythonJson, ROOT } from "./python.mjs";

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

// "3 in r3c8: ruled out by the choice 3 in r5c7 at level 19 (r3c8 is a knight's move from the 3 in r5c7)"
const PAIR_SENTENCE = new RegExp(String.raw`^(\w+) in r(\d+)c(\d+): ruled out by the (?:given|choice) (\w+) in r(\d+)c(\d+)`
  + String.raw`(?: at level \d+)? \(r(\d+)c(\d+) (is a knight's move from|touches|is next to) the (\w+) in r(\d+)c(\d+)`
  + String.raw`(?: diagonally|: (\w+) and (\w+) are consecutive)?\)$`);
const VALUE = (symbol) => "123456789ABCDEFGHIJKLMNOP".indexOf(symbol) + 1;

/** Every ruled-out sentence that names a pair rule, checked against the cells' own geometry; their count. */
function checkPairSentences(lines, rule) {
  let count = 0;
  for (const text of lines.flat()) {
    const m = PAIR_SENTENCE.exec(text);
    if (!m) continue;
    count += 1;
    const [, digit, r, c, rulerDigit, rr, rc, cellR, cellC, verb, saidDigit, otherR, otherC, low, high] = m;
    // Seen from the ruled option's cell, naming the ruler's cell and digit.
    assert.deepEqual([cellR, cellC, otherR, otherC, saidDigit], [r, c, rr, rc, rulerDigit], text);
    const [dr, dc] = [Math.abs(r - rr), Math.abs(c - rc)];
    if (rule === "anti-knight") assert.ok(verb.startsWith("is a knight") && dr * dc === 2 && digit === rulerDigit, text);
    if (rule === "anti-king") assert.ok(verb === "touches" && dr === 1 && dc === 1 && digit === rulerDigit, text);
    if (rule === "non-consecutive") {
      assert.ok(verb === "is next to" && dr + dc === 1 && Math.abs(VALUE(digit) - VALUE(rulerDigit)) === 1, text);
      assert.deepEqual([low, high], [digit, rulerDigit].sort((a, b) => VALUE(a) - VALUE(b)), text);
    }
  }
  return count;
}

test("a variant's pair rules are said from the ruled option's cell, the same in both languages and true", () => {
  const cases = [
    [".".repeat(81), "anti-knight", 3000],
    [".".repeat(81), "anti-king", 1500],
    [".".repeat(16), "non-consecutive", null],
  ];
  for (const [puzzle, rule, maxSteps] of cases) {
    const data = variantLogWithLines(puzzle, [rule], { limit: 3, maxSteps });
    assertSameLines(data);
    assert.ok(checkPairSentences(data.lines, rule) > 0, `${rule}: some option was ruled out by the rule`);
  }
});

test("a variant's choose steps say how ties go among its item families, as Python does", () => {
  const regions = readFileSync(path.join(ROOT, "webapp/puzzles/variants/jigsaw.txt"), "utf-8").split("\n")[0].split(/\s+/)[1];
  const data = variantLogWithLines(".".repeat(81), ["x", "windoku"], { regions, maxSteps: 400 });
  assertSameLines(data);
  assert.ok(data.lines.flat().some((s) => s.endsWith("(cells, then rows, columns, regions, diagonals, windows).")));
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

test("forced moves: every choose with one option says its name, and the guesses are the other chooses", () => {
  const { log: json } = sudokuLogWithLines(HARD, { maxSteps: 3000, lines: false });
  const log = new StepLog(json);
  let state = null;
  let forced = 0;
  const names = new Set();
  const guesses = [];
  for (let step = 1; step <= log.stepCount; step++) {
    if (log.kindAt(step) !== 0) continue;      // CHOOSE
    state = log.seek(step, state);
    const said = explainStep(log, state).sentences.map((s) => s.text);
    const name = log.facts.singleAt(step);
    assert.equal(name !== null, state.top().d === 1, `step ${step}`);
    assert.equal(said.some((s) => s.startsWith("Forced: ")), name !== null, `step ${step}`);
    if (name) {
      forced++;
      names.add(name);
    } else if (state.top().d > 1) guesses.push(step);
  }
  assert.ok(forced > 10);
  assert.deepEqual([...names].sort(), ["hidden-single-box", "hidden-single-column", "hidden-single-row", "naked-single"]);
  assert.deepEqual(Array.from(log.guessSteps), guesses);
});

test("a what-if: the learner's choices and the end below them say what Python says, every step", () => {
  const { log: json, lines } = pythonJson(`
import json
from webapp.web.app import create_app
from webapp.log import steplog
client = create_app({"TESTING": True}).test_client()
log = client.post("/api/solve", json={"puzzle": ${JSON.stringify(HARD)}, "choices": [9, 19], "branch_on": 3}).get_json()["log"]
print(json.dumps({"log": log, "lines": [steplog.explain_step(log, s) for s in range(1, len(log["events"]) + 1)]}))
`);
  assert.deepEqual(json.choices, [9, 19]);
  assertSameLines({ log: json, lines });
  assert.ok(lines[0][0].includes("Your choice here: 1 in r1c2"));
  assert.ok(lines.at(-1)[0].includes("the search below your choices is over"));
});
