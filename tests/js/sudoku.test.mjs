// Sudoku for the person entering a puzzle: reading a typed line, writing one,
// and naming the givens that clash.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseEntered, formatPuzzle, findClashes, valueOfSymbol, symbolRange, cellName } from "../../static/js/model/sudoku.js";

test("a one-line puzzle of each size reads back as it was written", () => {
  for (const [size, line] of [[4, "1.3..4.........2"], [9, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"]]) {
    const entered = parseEntered(line);
    assert.equal(entered.size, size);
    assert.equal(formatPuzzle(entered.values, size), line);
  }
});

test("text of no board's length is not a puzzle", () => {
  assert.equal(parseEntered("1234"), null);
  assert.equal(parseEntered(".".repeat(80)), null);
});

test("symbols: digits, then letters on boards past 9; none past the board's size", () => {
  assert.equal(valueOfSymbol("A", 16), 10);
  assert.equal(valueOfSymbol("A", 9), -1);
  assert.equal(valueOfSymbol("5", 4), -1);
  assert.match(symbolRange(16), /A/);
  assert.equal(cellName(10, 9), "r2c2");
});

test("clashing givens are found in rows, columns and boxes, and named", () => {
  const values = new Uint8Array(81);
  values[0] = 5;   // r1c1
  values[8] = 5;   // r1c9: same row
  values[10] = 7;  // r2c2
  values[20] = 7;  // r3c3: same box
  const { cells, messages } = findClashes(values, 9);
  assert.deepEqual([...cells].sort((a, b) => a - b), [0, 8, 10, 20]);
  assert.equal(messages.length, 2);
  assert.ok(messages.some((m) => m.includes("r1c1") && m.includes("r1c9")));
  assert.ok(messages.some((m) => m.includes("r2c2") && m.includes("r3c3")));
});

test("a puzzle with no clash names none", () => {
  const entered = parseEntered("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const { cells, messages } = findClashes(entered.values, 9);
  assert.equal([...cells].length, 0);
  assert.deepEqual(messages, []);
});
