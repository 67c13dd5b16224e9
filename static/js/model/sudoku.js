// model/sudoku.js — Sudoku for the person entering a puzzle: symbols, the one-line
// form, and clashing givens as they are typed. Pasted or loaded text is read
// by the server's parser (POST /api/parse), so there is one parser. How the
// step log numbers Sudoku items and options lives in steplog.js. The words
// come from the message catalogue (sudoku.*). No DOM.

import { say } from "./messages.js";

/** Digits 1..25 as written on the board: 1–9, then A–P. */
export const SYMBOLS = "123456789ABCDEFGHIJKLMNOP";

/** The board sizes the page offers (side N = n²). */
export const SIZES = [4, 9, 16, 25];

export class PuzzleError extends Error {}

/** Box size n of a board of side N (N = n²). */
export function boxSizeOf(size) {
  const n = Math.round(Math.sqrt(size));
  if (n * n !== size || !SIZES.includes(size)) throw new PuzzleError(`unsupported board size ${size}`);
  return n;
}

/** The symbol for value v (1-based); "" for a blank. */
export function symbolOf(value) {
  return value > 0 ? SYMBOLS[value - 1] : "";
}

/** The symbols of a board of side size, in words: "1 to 9", "1 to 9 and A to G". */
export function symbolRange(size) {
  return size <= 9 ? say("sudoku.symbols.digits", { size }) : say("sudoku.symbols.letters", { last: SYMBOLS[size - 1] });
}

/**
 * The value (1..size) a typed key stands for on a board of this size,
 * 0 for a blank ('.' or '0'), or -1 when the key is no symbol of this size.
 */
export function valueOfSymbol(ch, size) {
  if (ch === "." || ch === "0") return 0;
  const v = SYMBOLS.indexOf(ch.toUpperCase()) + 1;
  return v >= 1 && v <= size ? v : -1;
}

/**
 * The values of a puzzle in the one-line form formatPuzzle writes (one
 * symbol per cell, "." for a blank), or null when the text is not in that
 * form. Clashing givens are kept: a puzzle being entered may have them.
 */
export function parseEntered(text) {
  const size = Math.round(Math.sqrt(text.length));
  if (size * size !== text.length || !SIZES.includes(size)) return null;
  const values = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const v = valueOfSymbol(text[i], size);
    if (v < 0) return null;
    values[i] = v;
  }
  return { size, values };
}

/** Cell name as the server writes it: r4c5 (1-based). */
export function cellName(cell, size) {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

export function boxOf(row, col, n) {
  return Math.floor(row / n) * n + Math.floor(col / n);
}

/** The one-line form: one symbol per cell, '.' for a blank. */
export function formatPuzzle(values, size) {
  let out = "";
  for (let i = 0; i < size * size; i++) out += values[i] ? SYMBOLS[values[i] - 1] : ".";
  return out;
}

/**
 * Givens that break the rules before any search: two equal symbols in a row,
 * column or box. Returns {cells: Set of cell indices, messages: [...]}; the
 * message words are the server's ("r1c2 and r1c7 both hold 5 (row 1)").
 */
export function findClashes(values, size) {
  const n = boxSizeOf(size);
  const cells = new Set();
  const units = new Map();      // "a,b" -> the units where cells a and b clash (a row and a box: one clash)
  const messages = [];
  // Each family: its unit u's name, and the cell at place k of unit u.
  const families = [
    [(u) => say("sudoku.house.row", { n: u + 1 }), (u, k) => u * size + k],
    [(u) => say("sudoku.house.column", { n: u + 1 }), (u, k) => k * size + u],
    [(u) => say("sudoku.house.box", { n: u + 1 }),
      (u, k) => (Math.floor(u / n) * n + Math.floor(k / n)) * size + (u % n) * n + (k % n)],
  ];
  for (const [unitName, cellAt] of families) {
    for (let u = 0; u < size; u++) {
      const seen = new Map();
      for (let k = 0; k < size; k++) {
        const cell = cellAt(u, k);
        const v = values[cell];
        if (!v) continue;
        if (seen.has(v)) {
          const first = seen.get(v);
          cells.add(first).add(cell);
          const pair = `${Math.min(first, cell)},${Math.max(first, cell)}`;
          if (!units.has(pair)) {
            units.set(pair, []);
            messages.push({ first: Math.min(first, cell), cell: Math.max(first, cell), v, where: units.get(pair) });
          }
          units.get(pair).push(unitName(u));
        } else {
          seen.set(v, cell);
        }
      }
    }
  }
  return {
    cells,
    // The words of webapp.models.variants' clash (variant.clash.same).
    messages: messages.map(({ first, cell, v, where }) => say("variant.clash.same", {
      a: cellName(first, size), b: cellName(cell, size), digit: symbolOf(v), where: where.join(" and "),
    })),
  };
}
