// model/variants.js — Sudoku variants for the page (no DOM): the names, a jigsaw's
// regions map, what the board draws for each rule (diagonals, windows, region
// borders), and givens that break a rule as they are typed. The server's
// model is webapp/models/variants.py; the words are its, from the one catalogue.

import { cellName, symbolOf, boxSizeOf, SYMBOLS } from "./sudoku.js";
import { joinAnd, say } from "./messages.js";

/** The variants a puzzle can combine, in the server's order (a jigsaw is its regions map). */
export const VARIANTS = ["x", "windoku", "anti-knight", "anti-king", "non-consecutive"];

/** Variant names from a link's `v` (comma separated): known ones, each once, in order; and the unknown. */
export function readVariants(text) {
  const asked = (text || "").split(",").map((w) => w.trim().toLowerCase()).filter(Boolean);
  return {
    names: VARIANTS.filter((name) => asked.includes(name)),
    unknown: asked.filter((name) => !VARIANTS.includes(name) && name !== "jigsaw"),
  };
}

/** The number of cells of the boards a text may be a whole puzzle or map of (16, 81, 256, 625). */
const CELL_COUNTS = [4, 9, 16, 25].map((size) => size * size);

/**
 * A line 'PUZZLE REGIONS' (a jigsaw file's form, as the command line reads it:
 * webapp.models.variants.split_entry) as {puzzle, regions}; null for any other text.
 */
export function splitEntry(text) {
  const words = String(text || "").trim().split(/\s+/);
  if (words.length === 2 && words[0].length === words[1].length && CELL_COUNTS.includes(words[1].length) && !words[1].includes(".")) {
    return { puzzle: words[0], regions: words[1] };
  }
  return null;
}

/** A map shaped as the grid, one row a line (whitespace ignored); text of another length as it is. */
export function mapRows(text) {
  const chars = String(text || "").replace(/\s+/g, "");
  const size = Math.round(Math.sqrt(chars.length));
  if (!chars.length || size * size !== chars.length || !CELL_COUNTS.includes(chars.length)) return text || "";
  return chars.match(new RegExp(`.{${size}}`, "g")).join("\n");
}

/** Top-left cells [row, column] of the windows: n - 1 a side, one cell in and one apart. */
export function windowCorners(n) {
  const starts = [];
  for (let k = 0; k < n - 1; k++) starts.push(1 + k * (n + 1));
  return starts.flatMap((top) => starts.map((left) => [top, left]));
}

const ZERO_BASED = `0${SYMBOLS}`;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * How a map names its regions, the first region first (webapp.models.variants.region_alphabet):
 * from 1 (1-9, then A-P), from 0 (a 0 anywhere: f-puzzles' 0-8) or by letters alone (A-I).
 */
export function regionAlphabet(chars) {
  const upper = chars.map((ch) => ch.toUpperCase());
  if (upper.includes("0")) return ZERO_BASED;
  if (upper.length && !upper.some((ch) => /[0-9]/.test(ch))) return LETTERS;
  return SYMBOLS;
}

/**
 * A regions map read for a board of side `size`: {regions (region per cell, from 0) or null, error}.
 * Empty text is no jigsaw (regions null, no error). Whitespace is ignored; regions are named
 * from 1, from 0 or by letters (regionAlphabet), as the server reads them.
 */
export function readRegions(text, size) {
  const chars = [...(text || "")].filter((ch) => !/\s/.test(ch));
  if (!chars.length) return { regions: null, error: null };
  const cells = size * size;
  const alphabet = regionAlphabet(chars);
  const digits = `${alphabet[0]} to ${alphabet[size - 1]}`;
  if (chars.length !== cells) {
    return { regions: null, error: say("regions.length", { count: chars.length, cells, size, digits }) };
  }
  const regions = new Int32Array(cells);
  for (let i = 0; i < cells; i++) {
    const value = alphabet.indexOf(chars[i].toUpperCase());
    if (alphabet === ZERO_BASED && value === size) {
      // The last region's name from 1 in a map that has a 0: it names its regions both ways.
      const zero = chars.indexOf("0");
      return { regions: null, error: say("regions.mixed", {
        zero: cellName(zero, size), char: `'${chars[i]}'`, cell: cellName(i, size), low: ZERO_BASED[size - 1], high: SYMBOLS[size - 1],
      }) };
    }
    if (value < 0 || value >= size) {
      return { regions: null, error: say("regions.character", { char: `'${chars[i]}'`, cell: cellName(i, size), size, digits }) };
    }
    regions[i] = value;
  }
  const counts = new Array(size).fill(0);
  for (const r of regions) counts[r] += 1;
  const wrong = counts.map((count, r) => [r, count]).filter(([, count]) => count !== size);
  if (wrong.length) {
    const sizes = joinAnd(wrong.map(([r, count]) => say("regions.one_size", { region: alphabet[r], count })));
    return { regions: null, error: say("regions.sizes", { sizes, size }) };
  }
  const split = [];
  for (let r = 0; r < size; r++) {
    const found = pieces(regions, r, size);
    if (found.length > 1) split.push({ r, found });
  }
  if (split.length) {
    const said = split.map(({ r, found }) => say("regions.pieces", {
      region: alphabet[r], count: found.length,
      pieces: joinAnd(found.map((piece) => say("regions.piece", { cell: cellName(piece[0], size), count: piece.length }))),
    }));
    return { regions: null, error: say("regions.not_joined", { regions: said.join("; ") }) };
  }
  return { regions, error: null };
}

/**
 * The cells of region `region` in pieces whose cells join side by side: each piece's cells
 * ascending, pieces in the order of their first cell (webapp.models.variants.pieces).
 */
export function pieces(regions, region, size) {
  const left = new Set();
  regions.forEach((r, i) => { if (r === region) left.add(i); });
  const found = [];
  for (const start of [...left].sort((a, b) => a - b)) {
    if (!left.has(start)) continue;
    const piece = [];
    const todo = [start];
    left.delete(start);
    while (todo.length) {
      const cell = todo.pop();
      piece.push(cell);
      const r = Math.floor(cell / size);
      const c = cell % size;
      for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
        const other = rr * size + cc;
        if (rr >= 0 && rr < size && cc >= 0 && cc < size && left.has(other)) {
          left.delete(other);
          todo.push(other);
        }
      }
    }
    found.push(piece.sort((a, b) => a - b));
  }
  return found;
}

/** Each cell's region: the map's, or the boxes'. */
export function regionOf(size, regions) {
  if (regions) return regions;
  const n = boxSizeOf(size);
  return Int32Array.from({ length: size * size }, (_, i) => {
    const r = Math.floor(i / size);
    const c = i % size;
    return Math.floor(r / n) * n + Math.floor(c / n);
  });
}

// Bits of a cell's decoration.
export const DECOR = Object.freeze({ WINDOW: 1, DIAGONAL: 2, ANTI_DIAGONAL: 4 });

/**
 * What the board draws for the rules: per cell, `decor` (DECOR bits: a window's
 * shading, a diagonal line), and `right`/`bottom` (1: a thick line after the cell,
 * between two regions or boxes).
 */
export function boardMarks(size, names = [], regions = null) {
  const cells = size * size;
  const decor = new Uint8Array(cells);
  const right = new Uint8Array(cells);
  const bottom = new Uint8Array(cells);
  const region = regionOf(size, regions);
  const n = boxSizeOf(size);
  for (let i = 0; i < cells; i++) {
    const r = Math.floor(i / size);
    const c = i % size;
    if (c < size - 1 && region[i] !== region[i + 1]) right[i] = 1;
    if (r < size - 1 && region[i] !== region[i + size]) bottom[i] = 1;
    if (names.includes("x")) {
      if (r === c) decor[i] |= DECOR.DIAGONAL;
      if (r + c === size - 1) decor[i] |= DECOR.ANTI_DIAGONAL;
    }
  }
  if (names.includes("windoku")) {
    for (const [top, left] of windowCorners(n)) {
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) decor[(top + a) * size + left + b] |= DECOR.WINDOW;
    }
  }
  return { decor, right, bottom };
}

/**
 * The houses (each digit once) of the rules: [{word, cells}]. Without `blocks` there are
 * no boxes or regions (a jigsaw whose map is unreadable: not the boxes either).
 */
function houses(size, names, regions, blocks = true) {
  const out = [];
  const range = [...Array(size).keys()];
  for (const u of range) out.push({ word: say("sudoku.house.row", { n: u + 1 }), cells: range.map((k) => u * size + k) });
  for (const u of range) out.push({ word: say("sudoku.house.column", { n: u + 1 }), cells: range.map((k) => k * size + u) });
  const region = regionOf(size, regions);
  for (const u of blocks ? range : []) {
    const word = regions ? say("sudoku.house.region", { n: u + 1 }) : say("sudoku.house.box", { n: u + 1 });
    out.push({ word, cells: [...region.keys()].filter((i) => region[i] === u) });
  }
  if (names.includes("x")) {
    out.push({ word: say("sudoku.house.diagonal", { n: 1 }), cells: range.map((k) => k * size + k) });
    out.push({ word: say("sudoku.house.diagonal", { n: 2 }), cells: range.map((k) => k * size + size - 1 - k) });
  }
  if (names.includes("windoku")) {
    const n = boxSizeOf(size);
    windowCorners(n).forEach(([top, left], w) => {
      const cells = [];
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) cells.push((top + a) * size + left + b);
      out.push({ word: say("sudoku.house.window", { n: w + 1 }), cells });
    });
  }
  return out;
}

const MOVES = {
  "anti-knight": [[1, 2], [2, 1], [2, -1], [1, -2]],
  "anti-king": [[1, 1], [1, -1]],
  "non-consecutive": [[0, 1], [1, 0]],
};
// A clash's pair rule in words (webapp.models.variants.rule_words; each key written out whole).
const APART = {
  "anti-knight": () => say("variant.clash.apart", { apart: say("phrase.sudoku.apart.anti-knight"), rule: "anti-knight" }),
  "anti-king": () => say("variant.clash.apart", { apart: say("phrase.sudoku.apart.anti-king"), rule: "anti-king" }),
};

/**
 * Givens that break the rules (rows, columns, boxes or regions, and each variant's):
 * {cells, messages}, in the server's words. `blocks: false` leaves out the boxes and
 * regions: a jigsaw whose map cannot be read has regions nobody knows, and its givens
 * may well break the boxes it replaces.
 */
export function ruleClashes(values, size, names = [], regions = null, { blocks = true } = {}) {
  const cells = new Set();
  const found = new Map();      // "a,b" -> {a, b, where: [...]}
  const note = (a, b, where) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const key = `${lo},${hi}`;
    if (!found.has(key)) found.set(key, { a: lo, b: hi, where: [] });
    found.get(key).where.push(where);
    cells.add(a).add(b);
  };
  for (const { word, cells: members } of houses(size, names, regions, blocks)) {
    const seen = new Map();
    for (const cell of members) {
      const v = values[cell];
      if (!v) continue;
      if (seen.has(v)) note(seen.get(v), cell, word);
      else seen.set(v, cell);
    }
  }
  const together = new Set();
  for (const { cells: members } of houses(size, names, regions, blocks)) {
    for (const a of members) for (const b of members) if (a < b) together.add(`${a},${b}`);
  }
  for (const rule of Object.keys(MOVES)) {
    if (!names.includes(rule)) continue;
    for (let a = 0; a < size * size; a++) {
      const r = Math.floor(a / size);
      const c = a % size;
      for (const [dr, dc] of MOVES[rule]) {
        if (r + dr < 0 || r + dr >= size || c + dc < 0 || c + dc >= size) continue;
        const b = (r + dr) * size + c + dc;
        const [va, vb] = [values[a], values[b]];
        if (!va || !vb) continue;
        if (rule === "non-consecutive" ? Math.abs(va - vb) === 1 : va === vb && !together.has(`${Math.min(a, b)},${Math.max(a, b)}`)) {
          note(a, b, rule);
        }
      }
    }
  }
  const messages = [...found.values()].map(({ a, b, where }) => {
    const [A, B] = [cellName(a, size), cellName(b, size)];
    if (where[0] === "non-consecutive") {
      return say("variant.clash.consecutive", { a: A, b: B, da: symbolOf(values[a]), db: symbolOf(values[b]) });
    }
    const words = where.map((w) => (APART[w] ? APART[w]() : w));
    return say("variant.clash.same", { a: A, b: B, digit: symbolOf(values[a]), where: words.join(" and ") });
  });
  return { cells, messages };
}
