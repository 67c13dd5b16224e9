// Predict mode's model: the questions a replay stops at (each choice, forced moves only
// when asked, each dead end with culprits), and each answer judged from the log: checked
// against the log's own arrays and, for a cell's option count, against the digits the
// board's rows, columns and boxes leave it (no solver).
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog, CHOOSE, DEAD_END, optionPlacement } from "../../static/js/model/steplog.js";
import { CULPRIT, ITEM, Quiz, cellAnswers } from "../../static/js/model/predict.js";
import { sudokuLogWithLines, variantLogWithLines } from "./python.mjs";

// Top95's second puzzle: dead ends with culprits at several levels, forced moves and guesses.
const PUZZLE = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const { log: json } = sudokuLogWithLines(PUZZLE, { lines: false });
const log = new StepLog(json);

/** The digits a cell may still take on a board (values per cell, 0 for empty): by the rules alone. */
function candidates(values, cell) {
  const size = 9;
  const r = Math.floor(cell / size);
  const c = cell % size;
  const seen = new Set();
  for (let k = 0; k < size; k++) {
    seen.add(values[r * size + k]);
    seen.add(values[k * size + c]);
    seen.add(values[(3 * Math.floor(r / 3) + Math.floor(k / 3)) * size + 3 * Math.floor(c / 3) + (k % 3)]);
  }
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(d)).length;
}

test("the questions: every choice but the forced ones (all with forced), every dead end with culprits", () => {
  const asked = new Quiz(log);
  const all = new Quiz(log, { forced: true });
  const chooses = json.events.map((code, i) => [code & 15, i]).filter(([kind]) => kind === CHOOSE).map(([, i]) => i);
  const guesses = chooses.filter((_, j) => json.sizes[j] !== 1);
  const deadWithCulprits = json.facts.dead_ends.step.filter((_, k) => json.facts.dead_ends.culprit_count[k] > 0);
  assert.ok(guesses.length > 1 && guesses.length < chooses.length && deadWithCulprits.length > 1);
  const at = (quiz, kind) => Array.from(quiz.at).filter((_, q) => quiz.kind[q] === kind);
  assert.deepEqual(at(asked, ITEM), guesses);
  assert.deepEqual(at(all, ITEM), chooses);
  assert.deepEqual(at(asked, CULPRIT), deadWithCulprits);
  for (let q = 0; q < asked.count; q++) {
    const question = asked.question(q);
    assert.equal(question.reveal, question.at + 1);
    if (question.kind === CULPRIT) assert.equal(json.events[question.at] & 15, DEAD_END);
  }
});

test("the replay stops at the first open question on the way forward, and goes on once it is answered or skipped", () => {
  const quiz = new Quiz(log);
  const first = quiz.at[0];
  assert.equal(quiz.limit(0, log.stepCount), first);
  assert.equal(quiz.limit(first, log.stepCount), first, "asked: no further until answered");
  assert.equal(quiz.limit(first + 5, 2), 2, "backwards is free");
  quiz.skip(0);
  assert.equal(quiz.limit(first, log.stepCount), quiz.at[1]);
  assert.equal(quiz.asked, 0, "a skipped question is not scored");
});

test("an item answer: right for the item chosen; wrong with the options the learner's cell has, as the board's rules count them", () => {
  const quiz = new Quiz(log);
  const q = Array.from(quiz.kind).findIndex((kind, i) => kind === ITEM && log.sizes[json.events.slice(0, quiz.at[i]).filter((e) => (e & 15) === CHOOSE).length] >= 2);
  const { at, item, d } = quiz.question(q);
  const state = log.seek(at);
  const right = quiz.answerItem(q, state, item);
  assert.equal(right.right, true);
  assert.equal(right.words, `Right: the search chooses “${json.phrases.need[item]}”, with ${d} options, the fewest.`);
  assert.equal(quiz.answerItem(q, state, item + 1).right, false);
  assert.deepEqual([quiz.right, quiz.asked], [1, 1], "a second answer is not scored");
  // An empty cell with more candidates than the chosen item has options.
  const values = new Array(81).fill(0);
  for (const { option } of log.placed(state)) {
    const { cell, value } = optionPlacement(option, 9);
    values[cell] = value;
  }
  const q2 = q + 1 < quiz.count && quiz.question(q + 1).kind === ITEM ? q + 1 : Array.from(quiz.kind).findIndex((kind, i) => i > q && kind === ITEM);
  const next = quiz.question(q2);
  const later = log.seek(next.at);
  const board = new Array(81).fill(0);
  for (const { option } of log.placed(later)) {
    const { cell, value } = optionPlacement(option, 9);
    board[cell] = value;
  }
  const cell = board.findIndex((v, c) => v === 0 && candidates(board, c) > next.d && c !== next.item);
  const k = candidates(board, cell);
  const wrong = quiz.answerItem(q2, later, cell);
  assert.equal(wrong.right, false);
  assert.equal(wrong.words, `Not that one: “${json.phrases.need[cell]}” has ${k} options here. `
    + `The search chooses “${json.phrases.need[next.item]}”, with ${next.d}: the fewest.`);
  assert.equal(quiz.scoreWords(), "Score: 1 right of 2");
});

test("a culprit answer: right for a culprit level, wrong for another, with the log's culprits named", () => {
  const quiz = new Quiz(log);
  const q = Array.from(quiz.kind).findIndex((kind, i) => kind === CULPRIT && quiz.question(i).culprits.length >= 2
    && quiz.question(i).culprits.length < log.seek(quiz.at[i]).height - 1);
  assert.ok(q >= 0, "a dead end with two culprits or more and an innocent level");
  const { at, culprits, item } = quiz.question(q);
  const state = log.seek(at);
  const label = (l) => json.labels[state.frameOption[l]];
  const named = culprits.map((l) => `${label(l)} (level ${l})`);
  const list = named.length === 2 ? named.join(" and ") : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  const innocent = [...Array(state.height - 1).keys()].find((l) => !culprits.includes(l));
  const wrong = quiz.answerLevel(q, state, innocent);
  assert.equal(wrong.words, `Not a culprit: ${label(innocent)} at level ${innocent}. The culprits are ${list}: with the givens, `
    + `these ${culprits.length} choices alone leave no option (${json.phrases.empty[item]}), and no fewer do.`);
  const quiz2 = new Quiz(log);
  const right = quiz2.answerLevel(q, state, culprits[0]);
  assert.equal(right.right, true);
  assert.match(right.words, new RegExp(`^Right: ${label(culprits[0]).replace(/[()]/g, "\\$&")} at level ${culprits[0]} is a culprit\\.`));
});

test("a board cell's answers: its own item, then its row's, column's and box's digits, as the numbering has them", () => {
  const quiz = new Quiz(log);
  const q = Array.from(quiz.kind).findIndex((k) => k === ITEM);
  const state = log.seek(quiz.at[q]);
  const cell = 4 * 9 + 7;                     // r5c8, in box 6
  const answers = cellAnswers(log, state, cell);
  assert.deepEqual(answers.cell, { item: cell, need: "r5c8 needs a digit", open: !state.covered[cell] });
  assert.deepEqual(answers.groups.map((g) => [g.name, g.label, g.key]),
    [["r5", "Row 5 needs", "r"], ["c8", "Column 8 needs", "c"], ["b6", "Box 6 needs", "b"]]);
  // docs/step-log.md: row r's digit d is 81 + 9r + d, column c's 162 + 9c + d, box b's 243 + 9b + d.
  const firsts = [81 + 9 * 4, 162 + 9 * 7, 243 + 9 * 5];
  answers.groups.forEach((group, g) => {
    assert.deepEqual(group.items.map((x) => x.item), Array.from({ length: 9 }, (_, d) => firsts[g] + d));
    assert.deepEqual(group.items.map((x) => x.symbol), ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    for (const x of group.items) {
      assert.equal(x.need, json.phrases.need[x.item]);
      assert.equal(x.open, !state.covered[x.item]);
    }
  });
  // Row 5's digits the givens place are not open: 6 is given at r5c1 of this puzzle.
  assert.equal(PUZZLE[4 * 9], "6");
  assert.equal(answers.groups[0].items[5].open, false);
  assert.ok(answers.groups[0].items.some((x) => x.open));
  assert.deepEqual(answers.groups[0].cells, [36, 37, 38, 39, 40, 41, 42, 43, 44]);
  assert.deepEqual(answers.groups[1].cells, [7, 16, 25, 34, 43, 52, 61, 70, 79]);
  assert.deepEqual(answers.groups[2].cells, [33, 34, 35, 42, 43, 44, 51, 52, 53]);
});

test("a variant's cell: its diagonals' digits as well (an X-Sudoku)", () => {
  const x = new StepLog(variantLogWithLines("1..........3....", ["x"]).log);
  const inner = cellAnswers(x, x.seek(0), 5);          // r2c2 lies on diagonal 1 only
  assert.deepEqual(inner.groups.map((g) => [g.name, g.label, g.key]), [
    ["r2", "Row 2 needs", "r"], ["c2", "Column 2 needs", "c"], ["b1", "Box 1 needs", "b"], ["d1", "Diagonal 1 needs", "d"]]);
  assert.deepEqual(inner.groups[3].cells, [0, 5, 10, 15]);
  assert.deepEqual(inner.groups[3].items.map((i) => [i.symbol, i.open]), [["1", false], ["2", true], ["3", true], ["4", true]]);
  assert.deepEqual(cellAnswers(x, x.seek(0), 6).groups.map((g) => g.name), ["r2", "c3", "b2", "d2"]);
  assert.deepEqual(cellAnswers(x, x.seek(0), 1).groups.map((g) => g.name), ["r1", "c2", "b1"]);
});
