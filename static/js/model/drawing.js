// model/drawing.js — drawing on the board by keyboard and painting a jigsaw's regions, without
// the DOM: which cells a key adds to the path being drawn, and the map a painted cell makes.
// pages/constraint-entry.js asks these and shows the answers.

import { extendPath } from "./constraints.js";
import { SYMBOLS } from "./sudoku.js";
import { mapRows, regionAlphabet } from "./variants.js";

/** Kinds whose cells need not touch one after another (a cage, an extra region, a region painted). */
const LOOSE = ["killer", "extra-region", "region"];

/**
 * The path after the key on `cell` ([row, column]): for a cage or an extra region the cell is
 * put in or taken out (Space on a cell already in it takes it out); for a line it is the next
 * cell (or the last one undone), and a cell that does not touch the last is refused:
 * {path, refused}. `toggle`: Space (true) or a Shift+arrow move (false: it only adds).
 */
export function keyPath(kind, path, cell, toggle) {
  const at = path.findIndex(([r, c]) => r === cell[0] && c === cell[1]);
  if (LOOSE.includes(kind)) {
    if (at >= 0) return { path: toggle ? path.filter((_, k) => k !== at) : path, refused: false };
    return { path: [...path, cell], refused: false };
  }
  if (!path.length) return { path: [cell], refused: false };
  const next = extendPath(path, cell);
  // Space on the path's last cell: nothing to add; on a far cell or one on the path elsewhere: refused.
  const last = path[path.length - 1];
  const same = last[0] === cell[0] && last[1] === cell[1];
  return { path: next, refused: next === path && !same };
}

/** The cell [row, column] a Shift+arrow key moves to from `cell`, or null at the edge. */
export function stepFrom(cell, key, size) {
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const move = moves[key];
  if (!move) return null;
  const [r, c] = [cell[0] + move[0], cell[1] + move[1]];
  return r >= 0 && r < size && c >= 0 && c < size ? [r, c] : null;
}

/** A map of the boxes, region k's cells written as the k-th of `alphabet` (the start of a painted map). */
export function boxesMap(size, alphabet = SYMBOLS) {
  const n = Math.round(Math.sqrt(size));
  let text = "";
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) text += alphabet[Math.floor(r / n) * n + Math.floor(c / n)];
  }
  return text;
}

/**
 * The map with `cells` (indices) painted region `region` (0-based), in the map's own way of
 * naming regions (from 1, from 0 or by letters): {text (in the grid's rows), painted}; an empty
 * map starts from the boxes. A map of the wrong length is not painted over ({text: null,
 * count}): what was typed is kept, and the page says why.
 */
export function paintRegion(mapText, size, cells, region) {
  const chars = [...String(mapText || "")].filter((ch) => !/\s/.test(ch));
  if (chars.length && chars.length !== size * size) return { text: null, count: chars.length };
  const alphabet = chars.length ? regionAlphabet(chars) : SYMBOLS;
  const map = chars.length ? chars : [...boxesMap(size, alphabet)];
  for (const cell of cells) map[cell] = alphabet[region];
  return { text: mapRows(map.join("")), count: map.length };
}

/** The cells (indices) of region `region` (0-based) in a map that reads, for the painting's outline. */
export function regionCells(mapText, size, region) {
  const chars = [...String(mapText || "")].filter((ch) => !/\s/.test(ch));
  if (chars.length !== size * size) return [];
  const alphabet = regionAlphabet(chars);
  return chars.flatMap((ch, i) => (alphabet.indexOf(ch.toUpperCase()) === region ? [i] : []));
}
