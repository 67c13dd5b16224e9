// model/constraints.js — the constraints of a puzzle for the page (no DOM): the
// normalised form the server reads and writes (docs/api.md: cells 0-based
// [row, column]; {kind: "killer", cells, sum}, {kind: "thermo", cells (bulb
// first)}, …), checked as it comes from the server or a link; the short form
// a share link carries them in; and what the board draws for each, as shapes
// in cell units (views/constraints-draw.js turns them into SVG).
//
// Glossary
//   constraint  one entry of the normalised form: {kind, cells, …}.
//   negative    the kinds whose absence says something ("kropki-white": no white dot,
//               not consecutive; "kropki-black": no black dot, neither double the
//               other; "xv": no letter, no sum of 5 or 10; "kropki" is short for both dots).
//   shape       one thing drawn: {type: "path"|"polyline"|"circle"|"rect"|"text",
//               layer: "under" (blended under the digits) or "over", cls, …},
//               coordinates in cells (0, 0 is the grid's top left corner;
//               the clues outside the grid stand at -0.5 or size + 0.5).

import { say } from "./messages.js";

/** Every kind the page draws, in the legend's order. */
export const KINDS = Object.freeze([
  "killer", "thermo", "arrow", "kropki-white", "kropki-black", "xv", "even", "odd",
  "whispers", "palindrome", "renban", "extra-region", "diagonal", "quadruple", "sandwich", "little-killer",
]);

/** The kinds whose absence can be a rule (f-puzzles' "negative"), in the server's order. */
export const NEGATIVES = Object.freeze(["kropki-white", "kropki-black", "xv"]);

/** Kinds drawn as a line through cell centres. */
const LINES = new Set(["whispers", "palindrome", "renban"]);

/** Kinds of exactly two cells side by side. */
const PAIRS = new Set(["kropki-white", "kropki-black", "xv"]);

// ---- links from the community's tools ------------------------------------------------

/**
 * The link in a text, when the text is one: an f-puzzles link (f-puzzles.com/?load=…),
 * a SudokuPad link (sudokupad.app/…, the server reads the f-puzzles form), or the bare
 * load= value of one (LZString base64 of a JSON object starts with N4Ig); else null.
 * Anything else is puzzle text for the one parser (POST /api/parse).
 */
export function importLink(text) {
  const trimmed = String(text || "").trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  if (/^(https?:\/\/)?([\w-]+\.)*(f-puzzles\.com|sudokupad\.app|crackingthecryptic\.com)\//i.test(trimmed)) return trimmed;
  if (/^(fpuzzles)?N4Ig[A-Za-z0-9+/=_-]{16,}$/.test(trimmed)) return trimmed;
  return null;
}

/**
 * What an import brings beside the grid (the server's answer to a link: docs/api.md):
 * {constraints, negative, rules: {names, regions}, notes}: the notes say what was
 * imported and what the link holds that is not (the server's sentences).
 */
export function imported(data) {
  const { constraints, errors } = readConstraints(data.constraints, data.size);
  const notes = [...(Array.isArray(data.notes) ? data.notes : []), ...errors];
  return {
    constraints, negative: readNegative(data.negative), rules: { names: data.variants || [], regions: data.regions || "" },
    notes: [say("page.sudoku.imported", { count: constraints.length }), ...notes],
  };
}

/** The constraints a share link carries (its c= and neg=) for a board of side `size`, as imported() gives them. */
export function linked(share, size) {
  const { constraints, errors } = parseConstraints(share.constraints, size);
  return { constraints, negative: share.negative, notes: errors.map((error) => say("url.constraints", { error })) };
}

// ---- reading -------------------------------------------------------------------

/** Whether a value is a cell [row, column] of a board of side `size`. */
function isCell(cell, size) {
  return Array.isArray(cell) && cell.length === 2
    && cell.every((k) => Number.isInteger(k) && k >= 0 && k < size);
}

const adjacent = ([a, b], [c, d]) => Math.abs(a - c) + Math.abs(b - d) === 1;

/** Whether cells are 2 to 4 of the square round one grid point (all four inside the grid). */
function aroundCorner(cells) {
  if (cells.length < 2 || cells.length > 4) return false;
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  const distinct = new Set(cells.map(([r, c]) => `${r},${c}`));
  return distinct.size === cells.length && Math.max(...rows) - Math.min(...rows) <= 1 && Math.max(...cols) - Math.min(...cols) <= 1;
}

/** The grid point a quadruple's cells are round, [x, y] (on the grid's edge when its cells are in one row or column there). */
export function quadruplePoint(cells, size) {
  const along = (values) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    if (high > low) return high;
    return low === 0 ? 0 : low === size - 1 ? size : low + 1;
  };
  return [along(cells.map(([, c]) => c)), along(cells.map(([r]) => r))];
}

/**
 * What is wrong with one constraint on a board of side `size`, in words, or null.
 * The server checks every rule again; this keeps a tampered link or a stale
 * answer from drawing nonsense (a dot between cells far apart).
 */
export function constraintError(item, size) {
  if (!item || typeof item !== "object" || !KINDS.includes(item.kind)) {
    return say("constraints.unknown_kind", { kind: String(item && item.kind) });
  }
  const { kind } = item;
  const cells = kind === "sandwich" ? [] : item.cells;
  if (!Array.isArray(cells) || !cells.every((cell) => isCell(cell, size))) {
    return say("constraints.bad_cells", { kind, size });
  }
  const count = kind === "arrow" ? cells.length + (Array.isArray(item.circle) ? item.circle.length : 0) : cells.length;
  if (kind !== "sandwich" && !count) return say("constraints.no_cells", { kind });
  if (PAIRS.has(kind) && (cells.length !== 2 || !adjacent(cells[0], cells[1]))) return say("constraints.not_pair", { kind });
  if ((kind === "even" || kind === "odd") && cells.length !== 1) return say("constraints.one_cell", { kind });
  if (kind === "killer" && item.sum !== null && item.sum !== undefined && !(Number.isInteger(item.sum) && item.sum > 0)) {
    return say("constraints.bad_number", { kind, field: "sum" });
  }
  if ((kind === "sandwich" || kind === "little-killer") && !(Number.isInteger(item.sum) && item.sum >= 0)) {
    return say("constraints.bad_number", { kind, field: "sum" });
  }
  if (kind === "xv" && item.value !== "X" && item.value !== "V") return say("constraints.bad_xv");
  if (kind === "arrow" && !(Array.isArray(item.circle) && item.circle.length && item.circle.every((cell) => isCell(cell, size)))) {
    return say("constraints.bad_cells", { kind, size });
  }
  if (kind === "quadruple" && (!aroundCorner(cells) || !Array.isArray(item.digits) || !item.digits.length
      || !item.digits.every((d) => Number.isInteger(d) && d >= 1 && d <= size))) {
    return say("constraints.bad_quadruple", { size });
  }
  if (kind === "quadruple" && item.digits.length > 4) {
    return say("constraints.bad_quadruple", { size });
  }
  if (kind === "diagonal" && item.direction !== "+" && item.direction !== "-") {
    return say("constraints.bad_cells", { kind, size });
  }
  if (kind === "little-killer" && item.clue !== undefined && !(Array.isArray(item.clue) && item.clue.length === 2
      && item.clue.every((k) => Number.isInteger(k) && k >= -1 && k <= size))) {
    return say("constraints.bad_cells", { kind, size });
  }
  if (kind === "sandwich" && (!["row", "column"].includes(item.side) || !Number.isInteger(item.index)
      || item.index < 0 || item.index >= size)) {
    return say("constraints.bad_sandwich", { size });
  }
  return null;
}

/**
 * Constraints as the server or a link gives them, checked for a board of side
 * `size`: {constraints (each frozen, in the order given), errors (words, one per
 * entry left out)}.
 */
export function readConstraints(list, size) {
  const constraints = [];
  const errors = [];
  for (const item of Array.isArray(list) ? list : []) {
    const error = constraintError(item, size);
    if (error) errors.push(error);
    else constraints.push(freeze(item));
  }
  return { constraints: Object.freeze(constraints), errors };
}

/** The negative rules asked for, known ones only ("kropki": both dots), in the server's order. */
export function readNegative(list) {
  const asked = new Set(Array.isArray(list) ? list : []);
  if (asked.has("kropki")) asked.add("kropki-white").add("kropki-black");
  return NEGATIVES.filter((name) => asked.has(name));
}

function freeze(item) {
  const copy = { ...item };
  for (const key of ["cells", "circle", "digits", "clue"]) {
    if (Array.isArray(copy[key])) copy[key] = Object.freeze(copy[key].map((v) => (Array.isArray(v) ? Object.freeze([...v]) : v)));
  }
  return Object.freeze(copy);
}

// ---- drawing by hand --------------------------------------------------------------

/** The kinds the page draws by hand: dragged over cells (a cage takes its sum after). */
export const DRAWN = Object.freeze(["killer", "thermo", "arrow", "whispers", "renban", "palindrome", "extra-region"]);

/**
 * A path being dragged over cells, one more cell reached: appended when it touches
 * the last (a king's move: lines and thermometers go diagonally too), taken back
 * when it is the one before the last (dragging back undoes), else unchanged.
 */
export function extendPath(path, cell) {
  const last = path[path.length - 1];
  if (!last) return [cell];
  if (last[0] === cell[0] && last[1] === cell[1]) return path;
  const before = path[path.length - 2];
  if (before && before[0] === cell[0] && before[1] === cell[1]) return path.slice(0, -1);
  if (path.some(([r, c]) => r === cell[0] && c === cell[1])) return path;
  if (Math.max(Math.abs(last[0] - cell[0]), Math.abs(last[1] - cell[1])) !== 1) return path;
  return [...path, cell];
}

/**
 * The constraint a dragged path makes, or null when it makes none: a cage or an extra
 * region of its cells (`sum`: a whole number, or null for a cage without one), an arrow
 * whose circle is the first cell, a thermometer or line along it (two cells at least).
 */
export function drawnConstraint(kind, path, sum = null) {
  if (!DRAWN.includes(kind) || !path.length) return null;
  const cells = path.map(([r, c]) => [r, c]);
  if (kind === "killer") return { kind, cells, sum: Number.isInteger(sum) && sum > 0 ? sum : null };
  if (kind === "extra-region") return { kind, cells };
  if (path.length < 2) return null;
  if (kind === "arrow") return { kind, circle: cells.slice(0, 1), cells: cells.slice(1) };
  return { kind, cells };
}

// ---- the short form a share link carries ------------------------------------------------
//
// One constraint: CODE[ARGS]-CELLS, joined by "_"; each cell two base-36 symbols
// (row, column: 0-9 then a-o), ARGS dot-separated numbers, so that the whole
// value is letters, digits, ".", "-", "_" and "*": nothing a URL escapes.
//   killer k14-000110 (k-… without a sum), thermo t-…, arrow a-CIRCLE*SHAFT,
//   kropki w-… / b-…, xv x-… / v-…, even e-…, odd o-…, whispers g-…, palindrome p-…,
//   renban r-…, extra region z-…, diagonal d1-… ("+") / d2-… ("-"), quadruple q1.2-…,
//   sandwich sr.3.14 / sc.3.14 (side, index, sum), little killer l15-… (its clue's
//   place follows from its diagonal: littleKillerPlace).

const CODES = {
  killer: "k", thermo: "t", arrow: "a", "kropki-white": "w", "kropki-black": "b", even: "e", odd: "o",
  whispers: "g", palindrome: "p", renban: "r", "extra-region": "z", diagonal: "d", quadruple: "q", "little-killer": "l",
};
const KIND_OF_CODE = Object.fromEntries(Object.entries(CODES).map(([kind, code]) => [code, kind]));

const cellCode = ([r, c]) => r.toString(36) + c.toString(36);
const cellsCode = (cells) => cells.map(cellCode).join("");

/** The short form of constraints ("" for none). */
export function writeConstraints(constraints) {
  return (constraints || []).map((item) => {
    switch (item.kind) {
      case "killer": return `k${item.sum ?? ""}-${cellsCode(item.cells)}`;
      case "arrow": return `a-${cellsCode(item.circle)}*${cellsCode(item.cells)}`;
      case "xv": return `${item.value === "X" ? "x" : "v"}-${cellsCode(item.cells)}`;
      case "quadruple": return `q${item.digits.join(".")}-${cellsCode(item.cells)}`;
      case "sandwich": return `s${item.side === "row" ? "r" : "c"}.${item.index}.${item.sum}`;
      case "little-killer": return `l${item.sum}-${cellsCode(item.cells)}`;
      case "diagonal": return `d${item.direction === "+" ? 1 : 2}-${cellsCode(item.cells)}`;
      default: return `${CODES[item.kind]}-${cellsCode(item.cells)}`;
    }
  }).join("_");
}

/** Cells from their short form, or null when it is not one. */
function cellsOf(text) {
  if (text.length % 2 || !/^[0-9a-z]*$/.test(text)) return null;
  const cells = [];
  for (let i = 0; i < text.length; i += 2) cells.push([parseInt(text[i], 36), parseInt(text[i + 1], 36)]);
  return cells;
}

const numbers = (text) => (text === "" ? [] : text.split(".").map((w) => (/^\d{1,4}$/.test(w) ? Number(w) : NaN)));

/** One constraint from its short form, or null. */
function readOne(part) {
  const sandwich = /^s([rc])\.(\d{1,3})\.(\d{1,4})$/.exec(part);
  if (sandwich) {
    return { kind: "sandwich", side: sandwich[1] === "r" ? "row" : "column", index: Number(sandwich[2]), sum: Number(sandwich[3]) };
  }
  const m = /^([a-z])([0-9.]*)-([0-9a-z*]*)$/.exec(part);
  if (!m) return null;
  const [, code, args, body] = m;
  if (code === "x" || code === "v") return { kind: "xv", cells: cellsOf(body), value: code.toUpperCase() };
  const kind = KIND_OF_CODE[code];
  if (!kind) return null;
  if (kind === "arrow") {
    const [circle, shaft = ""] = body.split("*");
    return { kind, circle: cellsOf(circle), cells: cellsOf(shaft) };
  }
  const item = { kind, cells: cellsOf(body) };
  if (kind === "killer") item.sum = args === "" ? null : numbers(args)[0];
  if (kind === "little-killer") item.sum = numbers(args)[0];
  if (kind === "quadruple") item.digits = numbers(args);
  if (kind === "diagonal") item.direction = args === "1" ? "+" : args === "2" ? "-" : null;
  return item;
}

/**
 * Constraints from a link's short form for a board of side `size`:
 * {constraints, errors} as readConstraints; a part that is no constraint at all
 * is named in errors (shown cut short), the others kept.
 */
export function parseConstraints(text, size) {
  const constraints = [];
  const errors = [];
  for (const part of (text || "").split("_").filter(Boolean)) {
    const item = readOne(part);
    const error = item ? constraintError(item, size) : say("constraints.unreadable", { part: part.length > 24 ? `${part.slice(0, 24)}…` : part });
    if (error) errors.push(error);
    else constraints.push(freeze(item));
  }
  return { constraints: Object.freeze(constraints), errors };
}

// ---- what the board draws ----------------------------------------------------------

/** How far inside its cells a cage's dashed outline runs (in cells). */
export const CAGE_INSET = 0.08;

const centre = ([r, c]) => [c + 0.5, r + 0.5];
const round = (v) => Math.round(v * 1000) / 1000;
const pointsOf = (cells) => cells.map(centre).map(([x, y]) => [round(x), round(y)]);

/**
 * The inset outline of a set of cells, as segments [x0, y0, x1, y1] in cell units:
 * each side of a cell whose neighbour is outside the set, `inset` inside it, running
 * on to meet the next side (a convex corner stops short, a concave one reaches
 * across into the neighbour), so that the segments join up into closed outlines.
 */
export function cageOutline(cells, inset = CAGE_INSET) {
  const inside = new Set(cells.map(([r, c]) => `${r},${c}`));
  const has = (r, c) => inside.has(`${r},${c}`);
  const d = inset;
  const segments = [];
  // For one side: where its line ends along it, given the neighbour along the line and the one diagonally outside.
  const end = (along, diagonal, at, step) => (!along ? at + step * d : diagonal ? at - step * d : at);
  for (const [r, c] of cells) {
    if (!has(r - 1, c)) {        // top
      segments.push([end(has(r, c - 1), has(r - 1, c - 1), c, 1), r + d, end(has(r, c + 1), has(r - 1, c + 1), c + 1, -1), r + d]);
    }
    if (!has(r + 1, c)) {        // bottom
      segments.push([end(has(r, c - 1), has(r + 1, c - 1), c, 1), r + 1 - d, end(has(r, c + 1), has(r + 1, c + 1), c + 1, -1), r + 1 - d]);
    }
    if (!has(r, c - 1)) {        // left
      segments.push([c + d, end(has(r - 1, c), has(r - 1, c - 1), r, 1), c + d, end(has(r + 1, c), has(r + 1, c - 1), r + 1, -1)]);
    }
    if (!has(r, c + 1)) {        // right
      segments.push([c + 1 - d, end(has(r - 1, c), has(r - 1, c + 1), r, 1), c + 1 - d, end(has(r + 1, c), has(r + 1, c + 1), r + 1, -1)]);
    }
  }
  return segments.map((s) => s.map(round));
}

/** The first cell in reading order (where a cage's sum is written). */
export function firstCell(cells) {
  return [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
}

/** A path's "d" for segments [x0, y0, x1, y1]. */
const segmentsPath = (segments) => segments.map(([a, b, c, d]) => `M${a} ${b}L${c} ${d}`).join("");

/**
 * Where a little killer's clue stands outside the grid and which way its arrow
 * points: {at: [x, y], dir: [dx, dy]}, the diagonal's step (row, column) from the
 * clue into the grid.
 */
export function littleKillerPlace(cells, size, clue = null) {
  const [r0, c0] = cells[0];
  if (clue) return { at: [clue[1] + 0.5, clue[0] + 0.5], dir: [Math.sign(c0 - clue[1]), Math.sign(r0 - clue[0])] };
  let dir;
  if (cells.length > 1) {
    dir = [Math.sign(cells[1][0] - r0), Math.sign(cells[1][1] - c0)];
  } else {
    // One cell, a corner: the diagonal comes in from outside that corner.
    dir = [r0 === 0 ? 1 : -1, c0 === 0 ? 1 : -1];
  }
  let start = [r0 - dir[0], c0 - dir[1]];
  const inGrid = ([r, c]) => r >= 0 && r < size && c >= 0 && c < size;
  if (inGrid(start)) {
    // Listed from the far end: the clue stands beyond the last cell, pointing back.
    const last = cells[cells.length - 1];
    dir = [-dir[0], -dir[1]];
    start = [last[0] - dir[0], last[1] - dir[1]];
  }
  return { at: [start[1] + 0.5, start[0] + 0.5], dir: [dir[1], dir[0]] };
}

/** Whether any constraint is drawn outside the grid (the board then leaves room around it). */
export function hasOutsideClues(constraints) {
  return (constraints || []).some((item) => item.kind === "sandwich" || item.kind === "little-killer");
}

/**
 * The shapes that draw constraints on a board of side `size`, in cell units;
 * under-layer shapes first (shading, thermometers, arrows, lines), then the
 * over-layer (cages, dots, letters, marks, quadruples, outside clues).
 */
export function constraintShapes(constraints, size) {
  const under = [];
  const over = [];
  for (const item of constraints || []) {
    const { kind } = item;
    const cls = `cons ${kind}`;
    if (kind === "extra-region") {
      for (const [r, c] of item.cells) under.push({ type: "rect", cls, x: c, y: r, w: 1, h: 1 });
    } else if (kind === "thermo") {
      const points = pointsOf(item.cells);
      under.push({ type: "circle", cls: `${cls} bulb`, cx: points[0][0], cy: points[0][1], r: 0.36 });
      if (points.length > 1) under.push({ type: "polyline", cls: `${cls} tube`, points });
    } else if (kind === "arrow") {
      under.push(...arrowShapes(item, cls));
    } else if (kind === "diagonal") {
      const corners = item.direction === "-" ? [[0, 0], [size, size]] : [[0, size], [size, 0]];
      under.push({ type: "polyline", cls: `${cls} line`, points: corners });
    } else if (LINES.has(kind)) {
      under.push({ type: "polyline", cls: `${cls} line`, points: pointsOf(item.cells) });
    } else if (kind === "killer") {
      over.push({ type: "path", cls: `${cls} cage`, d: segmentsPath(cageOutline(item.cells)) });
      if (item.sum !== null && item.sum !== undefined) {
        const [r, c] = firstCell(item.cells);
        over.push({ type: "text", cls: `${cls} cage-sum`, x: c + 0.04, y: r + 0.04, text: String(item.sum), anchor: "start", backed: true });
      }
    } else if (PAIRS.has(kind)) {
      const [[r0, c0], [r1, c1]] = item.cells;
      const x = round((c0 + c1) / 2 + 0.5);
      const y = round((r0 + r1) / 2 + 0.5);
      if (kind === "xv") over.push({ type: "text", cls: `${cls} letter`, x, y, text: item.value, anchor: "middle", backed: true });
      else over.push({ type: "circle", cls: `${cls} dot`, cx: x, cy: y, r: 0.13 });
    } else if (kind === "even") {
      const [r, c] = item.cells[0];
      over.push({ type: "rect", cls: `${cls} mark`, x: c + 0.2, y: r + 0.2, w: 0.6, h: 0.6 });
    } else if (kind === "odd") {
      const [x, y] = centre(item.cells[0]);
      over.push({ type: "circle", cls: `${cls} mark`, cx: x, cy: y, r: 0.32 });
    } else if (kind === "quadruple") {
      const [x, y] = quadruplePoint(item.cells, size);
      over.push({ type: "circle", cls: `${cls} ring`, cx: x, cy: y, r: 0.3 });
      over.push({ type: "text", cls: `${cls} digits`, x, y, text: item.digits.join(item.digits.length > 2 ? "" : " "), anchor: "middle" });
    } else if (kind === "sandwich") {
      const at = item.side === "row" ? [-0.5, item.index + 0.5] : [item.index + 0.5, -0.5];
      over.push({ type: "text", cls: `${cls} outside`, x: at[0], y: at[1], text: String(item.sum), anchor: "middle" });
    } else if (kind === "little-killer") {
      const { at, dir } = littleKillerPlace(item.cells, size, item.clue || null);
      over.push({ type: "text", cls: `${cls} outside`, x: at[0], y: at[1], text: String(item.sum), anchor: "middle" });
      const tip = [round(at[0] + dir[0] * 0.45), round(at[1] + dir[1] * 0.45)];
      over.push({ type: "polyline", cls: `${cls} pointer`, points: [[round(at[0] + dir[0] * 0.3), round(at[1] + dir[1] * 0.3)], tip] });
    }
  }
  return [...under.map((s) => ({ ...s, layer: "under" })), ...over.map((s) => ({ ...s, layer: "over" }))];
}

/** An arrow: its circle (round over one cell, a pill over more), its shaft from the circle's edge, its head. */
function arrowShapes(item, cls) {
  const shapes = [];
  const circle = pointsOf(item.circle);
  if (circle.length === 1) {
    shapes.push({ type: "circle", cls: `${cls} circle`, cx: circle[0][0], cy: circle[0][1], r: 0.38 });
  } else {
    // A thick round-capped line through the circle's cells, its outline drawn as a pill.
    shapes.push({ type: "polyline", cls: `${cls} pill`, points: circle });
  }
  if (!item.cells.length) return shapes;
  const last = circle[circle.length - 1];
  const points = [last, ...pointsOf(item.cells)];
  // The shaft leaves the circle at its edge, not at its centre.
  const [x0, y0] = points[0];
  const [x1, y1] = points[1];
  const length = Math.hypot(x1 - x0, y1 - y0) || 1;
  points[0] = [round(x0 + ((x1 - x0) / length) * 0.38), round(y0 + ((y1 - y0) / length) * 0.38)];
  shapes.push({ type: "polyline", cls: `${cls} shaft`, points });
  const [xa, ya] = points[points.length - 2];
  const [xb, yb] = points[points.length - 1];
  const d = Math.hypot(xb - xa, yb - ya) || 1;
  const [ux, uy] = [(xb - xa) / d, (yb - ya) / d];
  const head = 0.25;
  shapes.push({
    type: "polyline", cls: `${cls} head`,
    points: [
      [round(xb - ux * head - uy * head * 0.8), round(yb - uy * head + ux * head * 0.8)],
      [xb, yb],
      [round(xb - ux * head + uy * head * 0.8), round(yb - uy * head - ux * head * 0.8)],
    ],
  });
  return shapes;
}

/** The kinds present, in the legend's order (with "kropki"/"xv" negatives named apart). */
export function kindsPresent(constraints) {
  const present = new Set((constraints || []).map((item) => item.kind));
  return KINDS.filter((kind) => present.has(kind));
}
