// views/picture.js — the partial solution at the current step, drawn in the
// problem's own terms from the API's `picture` (docs/api.md): queens on a
// chess board, pieces packed in a box (each coloured and lettered), a Latin
// square, or Knuth's 0/1 matrix with the chosen rows marked. `parts` has one
// entry per option, so any set of placed options can be drawn. Also lists the
// placed options in words. Built once per problem; a step only changes classes
// and the few queens or letters that moved. In the 0/1 matrix an entry with a
// colour (Knuth's DLX2, x:red) is drawn on its colour's swatch with its name.

import { swatchColour } from "../model/colours.js";
import { say } from "../model/messages.js";

const SVG = "http://www.w3.org/2000/svg";
const QUEEN = "♛";
const FILES = "abcdefghijklmnopqrstuvwxyz";
/** Colours for pieces and symbols: CSS classes hue-0 … hue-11. */
const HUES = 12;

/** The largest typed problem drawn as a 0/1 matrix. */
export const MATRIX_MAX_ITEMS = 40;
export const MATRIX_MAX_OPTIONS = 60;
/** Item names longer than this are cut (with …) above the matrix's columns; the full name is the tooltip. */
const MATRIX_NAME_CHARS = 12;

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (parent) parent.append(el);
  return el;
}

/** A matrix picture for a problem with none of its own (a typed one), when small enough. */
export function matrixPicture(log) {
  if (log.items.length > MATRIX_MAX_ITEMS || log.options.length > MATRIX_MAX_OPTIONS) return null;
  return { kind: "matrix", parts: log.options.map((_, o) => [o]) };
}

export class PictureView {
  /**
   * @param {HTMLElement} root where the drawing goes
   * @param {HTMLElement} list an <ol> for the placed options in words
   */
  constructor(root, list) {
    this.root = root;
    this.list = list;
    this.picture = null;
    this.log = null;
    this.squares = null;
    this.dead = new Set();     // squares of the item that ran out, at a dead end
    this.flags = [];           // per square (or matrix row): the corner flag of a culprit choice
    // A new width (presenting, a turned phone) rewraps the list: its newest line stays in view.
    new ResizeObserver(() => this.keepNewestInView()).observe(list);
  }

  /** Build the empty picture of a problem (null: no picture). */
  setPicture(picture, log) {
    this.picture = picture;
    this.log = log;
    this.shownKey = null;
    this.squares = null;
    this.optionsAt = null;
    this.dead = new Set();
    this.flags = [];
    this.root.replaceChildren();
    this.list.replaceChildren();
    // During a replay the list keeps one height, so that the player under it
    // stays where the pointer is while options come and go.
    this.list.classList.toggle("replaying", !!log);
    this.root.hidden = !picture;
    if (!picture) return;
    this.root.dataset.kind = picture.kind;
    const build = {
      queens: () => this.buildBoard(picture.n, picture.n, true),
      pieces: () => this.buildBoard(picture.width, picture.height, false),
      latin: () => this.buildBoard(picture.n, picture.n, false),
      matrix: () => this.buildMatrix(log),
    }[picture.kind];
    if (!build) {
      this.root.hidden = true;
      return;
    }
    build();
    if (picture.kind === "pieces" || picture.kind === "latin") this.hues = this.hueTable(picture.parts);
  }

  /** A stable colour for every piece name or symbol, in order of first appearance. */
  hueTable(parts) {
    const hues = new Map();
    for (const part of parts) {
      for (const [, , value] of part) if (!hues.has(value)) hues.set(value, hues.size % HUES);
    }
    return hues;
  }

  /**
   * A board of width × height squares, row 0 at the bottom for chess (rank 1)
   * and at the top otherwise, with file and rank names for chess.
   */
  buildBoard(width, height, chess) {
    const unit = 40;
    const margin = chess ? 22 : 4;
    const total = { w: width * unit + margin + 4, h: height * unit + margin + 4 };
    const root = svg("svg", {
      viewBox: `0 0 ${total.w} ${total.h}`, class: `picture-svg ${chess ? "chess" : "grid"}`, role: "img",
      "aria-labelledby": "picture-title",     // the caption names it; the list under it says what is placed
    }, this.root);
    this.squares = [];
    this.texts = [];
    const yOf = (r) => (chess ? (height - 1 - r) * unit : r * unit) + 2;
    const xOf = (c) => c * unit + margin + 2;
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const shade = chess ? ((r + c) % 2 === 0 ? " dark" : " light") : "";
        const rect = svg("rect", {
          x: xOf(c), y: yOf(r), width: unit, height: unit, class: `square${shade}`, "data-row": r, "data-col": c,
        }, root);
        const text = svg("text", { x: xOf(c) + unit / 2, y: yOf(r) + unit / 2 + (chess ? 11 : 7), class: "mark" }, root);
        this.squares[r * width + c] = rect;
        this.texts[r * width + c] = text;
        // A culprit's flag in the square's top right corner, as on the Sudoku board; shown at a dead end.
        const x = xOf(c) + unit;
        const y = yOf(r);
        const flag = svg("polygon", { points: `${x - unit * 0.35},${y} ${x},${y} ${x},${y + unit * 0.35}`,
          class: "blame-flag" }, root);
        svg("title", {}, flag).textContent = say("picture.blame");
        this.flags[r * width + c] = flag;
      }
    }
    if (chess) {
      for (let c = 0; c < width; c++) {
        const t = svg("text", { x: xOf(c) + unit / 2, y: height * unit + 18, class: "coord" }, root);
        t.textContent = FILES[c];
      }
      for (let r = 0; r < height; r++) {
        const t = svg("text", { x: 10, y: yOf(r) + unit / 2 + 5, class: "coord" }, root);
        t.textContent = String(r + 1);
      }
    }
    this.width = width;
    this.svg = root;
    // The newest placement's outline: one path around its cells, above them (not a frame per cell).
    this.cellBox = { unit, xOf, yOf };
    this.outline = chess ? null : svg("path", { class: "piece-outline", d: "" }, root);
  }

  /** The path around a set of cells: the edges no neighbour in the set shares. */
  outlineOf(cells) {
    const { unit, xOf, yOf } = this.cellBox;
    const w = this.width;
    const parts = [];
    for (const cell of cells) {
      const r = Math.floor(cell / w);
      const c = cell % w;
      const x = xOf(c);
      const y = yOf(r);
      if (!cells.has(cell - w)) parts.push(`M${x} ${y}h${unit}`);
      if (!cells.has(cell + w)) parts.push(`M${x} ${y + unit}h${unit}`);
      if (c === 0 || !cells.has(cell - 1)) parts.push(`M${x} ${y}v${unit}`);
      if (c === w - 1 || !cells.has(cell + 1)) parts.push(`M${x + unit} ${y}v${unit}`);
    }
    return parts.join("");
  }

  /** Knuth's matrix: a row per option, a column per item, a dot for each 1. */
  buildMatrix(log) {
    const unit = 26;
    const labelWidth = 30;
    const columns = log.items.length;
    const rows = log.options.length;
    // Names of one or two characters fit across a column; longer ones stand upright
    // (a column is narrower than "mon", and side by side they would run together).
    const shown = log.items.map((name) => [...name].length > MATRIX_NAME_CHARS
      ? `${[...name].slice(0, MATRIX_NAME_CHARS - 1).join("")}…` : name);
    const upright = shown.some((name) => [...name].length > 2);
    const root = svg("svg", { class: "picture-svg matrix", role: "img", "aria-labelledby": "picture-title" }, this.root);
    this.columnHeads = log.items.map((name, i) => {
      const t = svg("text", { class: upright ? "item-name upright" : "item-name" }, root);
      t.textContent = shown[i];
      const title = svg("title", {}, t);
      title.textContent = name;
      return t;
    });
    // Upright names need a header as tall as the longest one as drawn (a W is
    // wider than an i); a hidden picture cannot measure, so then estimate.
    const drawn = (t, k) => t.getComputedTextLength() || [...shown[k]].length * 9;
    const headHeight = upright ? 16 + Math.max(...this.columnHeads.map(drawn)) : 44;
    root.setAttribute("viewBox", `0 0 ${labelWidth + columns * unit + 4} ${headHeight + rows * unit + 4}`);
    this.columnHeads.forEach((t, i) => {
      const x = labelWidth + i * unit + unit / 2 + (upright ? 5 : 0);
      const y = headHeight - 10;
      t.setAttribute("x", x);
      t.setAttribute("y", y);
      if (upright) t.setAttribute("transform", `rotate(-90 ${x} ${y})`);
    });
    this.rows = log.options.map((option, o) => {
      const g = svg("g", { class: "option-row", "data-option": o }, root);
      const y = headHeight + o * unit;
      svg("rect", { x: 0, y, width: labelWidth + columns * unit, height: unit, class: "row-band" }, g);
      const label = svg("text", { x: labelWidth - 8, y: y + unit / 2 + 5, class: "row-number" }, g);
      label.textContent = String(o + 1);
      option.forEach((i, t) => {
        const cx = labelWidth + i * unit + unit / 2;
        const colour = log.colourName(log.colours ? log.colours[o][t] : 0);
        if (!colour) {
          svg("circle", { cx, cy: y + unit / 2, r: 7, class: "one" }, g);
          return;
        }
        // A coloured entry (Knuth's DLX2): its colour's swatch with the name written on it.
        const entry = svg("g", { class: "one coloured", "data-colour": colour }, g);
        // The page's CSP refuses style attributes: the colour goes in through the CSSOM.
        svg("circle", { cx, cy: y + unit / 2, r: 11 }, entry).style.setProperty("--swatch", swatchColour(colour));
        const word = [...colour];
        const text = svg("text", { x: cx, y: y + unit / 2 + 3.5, class: "colour-name" }, entry);
        text.textContent = word.length > 3 ? `${word.slice(0, 2).join("")}…` : colour;
        if (word.length > 2) text.setAttribute("font-size", "8");
        svg("title", {}, entry).textContent = `${log.items[i]}:${colour}`;
      });
      const title = svg("title", {}, g);
      title.textContent = log.labels[o];
      const flag = svg("polygon", { points: `0,${y} 10,${y} 0,${y + 10}`, class: "blame-flag" }, g);
      svg("title", {}, flag).textContent = say("picture.blame");
      this.flags[o] = flag;
      return g;
    });
  }

  /**
   * Show the options placed at a step.
   * @param {{option: number, level: number}[]} placed from StepLog.placed(state)
   * @param {{option: number, takenBack: boolean} | null} latest StepLog.newest(state): the
   *   option placed last; while it is taken back, the list strikes it and the picture fades it
   * @param {object} state the replay state (for covered items and live options)
   * @param {number} deadItem at a dead end, the item that ran out (-1: none)
   * @param {Set<number>} blamed at a dead end, the options of its culprit choices: their squares
   *   (or matrix rows) carry a flag, as the Sudoku board's cells do
   */
  show(placed, latest, state, deadItem = -1, blamed = new Set()) {
    const newest = latest && !latest.takenBack ? latest.option : -1;
    const takenBack = latest && latest.takenBack ? latest.option : -1;
    const key = `${placed.map((p) => p.option).join(",")}|${newest}|${takenBack}|${state.step}|${deadItem}`
      + `|${[...blamed].join(",")}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.showList(placed, newest, takenBack);
    const picture = this.picture;
    if (!picture) return;
    this.dead = this.squaresOf(deadItem);
    if (picture.kind === "queens") this.showQueens(placed, newest, takenBack);
    else if (picture.kind === "pieces" || picture.kind === "latin") this.showCells(placed, newest, takenBack);
    else if (picture.kind === "matrix") this.showMatrix(placed, newest, state, deadItem, takenBack);
    this.showBlame(blamed);
  }

  /** Flag the squares (or matrix rows) of the culprit choices; clear every other flag. */
  showBlame(blamed) {
    const flagged = new Set();
    for (const o of blamed) {
      if (this.picture.kind === "matrix") flagged.add(o);
      else if (this.picture.kind === "queens") flagged.add(this.picture.parts[o][0] * this.width + this.picture.parts[o][1]);
      else for (const [r, c] of this.picture.parts[o]) flagged.add(r * this.width + c);
    }
    this.flags.forEach((flag, k) => flag.classList.toggle("shown", flagged.has(k)));
    const squares = this.picture.kind === "matrix" ? this.rows : this.squares;
    squares.forEach((square, k) => square.classList.toggle("blame", flagged.has(k)));
  }

  /**
   * The squares of the picture that an item stands for (-1: none), found from
   * its options. A square whose options are exactly the item's is the item (a
   * cell of the box, of the square); else every square its options could take
   * (a queen's row or column, a symbol's row in a Latin square). A piece that
   * could go nearly anywhere marks nothing.
   */
  squaresOf(item) {
    const none = new Set();
    if (item < 0 || !this.squares || this.picture.kind === "matrix") return none;
    const parts = this.picture.parts;
    const cellsOf = (o) => (this.picture.kind === "queens" ? [parts[o]] : parts[o])
      .map(([r, c]) => r * this.width + c);
    if (!this.optionsAt) {
      // How many options cover each square, counted once per picture.
      this.optionsAt = new Map();
      parts.forEach((_, o) => {
        for (const cell of cellsOf(o)) this.optionsAt.set(cell, (this.optionsAt.get(cell) || 0) + 1);
      });
    }
    const counts = new Map();
    let options = 0;
    this.log.options.forEach((items, o) => {
      if (!items.includes(item)) return;
      options += 1;
      for (const cell of cellsOf(o)) counts.set(cell, (counts.get(cell) || 0) + 1);
    });
    const own = [...counts].filter(([cell, n]) => n === options && this.optionsAt.get(cell) === options);
    if (own.length) return new Set(own.map(([cell]) => cell));
    return counts.size * 2 <= this.squares.length ? new Set(counts.keys()) : none;
  }

  showList(placed, newest, takenBack = -1) {
    const items = placed.map(({ option, level }) => {
      const li = document.createElement("li");
      const label = this.log.labels[option];
      li.textContent = level < 0 ? say("picture.placed.given", { label }) : say("picture.placed", { level: String(level), label });
      if (option === newest) li.className = "newest";
      if (option === takenBack) {
        // Only the option is struck: the words saying so must stay readable.
        li.className = "taken-back";
        const struck = document.createElement("s");
        struck.textContent = li.textContent;
        li.replaceChildren(struck, say("picture.taken_back"));
      }
      return li;
    });
    this.list.replaceChildren(...items);
    this.list.dataset.count = String(placed.length);
    this.keepNewestInView();
  }

  /** The list scrolls within a few lines: keep the newest placement in view. */
  keepNewestInView() {
    const newestItem = this.list.querySelector(".newest, .taken-back");
    if (!newestItem) return;
    const box = this.list.getBoundingClientRect();
    const line = newestItem.getBoundingClientRect();
    if (line.bottom > box.bottom) this.list.scrollTop += line.bottom - box.bottom;
    else if (line.top < box.top) this.list.scrollTop -= box.top - line.top;
  }

  showQueens(placed, newest, takenBack = -1) {
    const parts = this.picture.parts;
    const where = new Map(placed.map(({ option }) => [parts[option][0] * this.width + parts[option][1], option]));
    this.texts.forEach((text, cell) => {
      const option = where.get(cell);
      const has = option !== undefined;
      const cls = `mark${has ? " queen" : ""}${has && option === newest ? " newest" : ""}`
        + `${has && option === takenBack ? " taken-back" : ""}`;
      if (text.getAttribute("class") !== cls) text.setAttribute("class", cls);
      const content = has ? QUEEN : "";
      if (text.textContent !== content) text.textContent = content;
      const square = this.squares[cell];
      square.toggleAttribute("data-queen", has);
      square.classList.toggle("dead", this.dead.has(cell));
    });
  }

  showCells(placed, newest, takenBack = -1) {
    const parts = this.picture.parts;
    const value = new Map();
    const fresh = new Set();
    const leaving = new Set();
    for (const { option } of placed) {
      for (const [r, c, v] of parts[option]) {
        value.set(r * this.width + c, v);
        if (option === newest) fresh.add(r * this.width + c);
        if (option === takenBack) leaving.add(r * this.width + c);
      }
    }
    const latin = this.picture.kind === "latin";
    this.squares.forEach((square, cell) => {
      const v = value.get(cell);
      const has = v !== undefined && v !== null;
      const hue = has ? ` filled hue-${this.hues.get(v)}` : "";
      const cls = `square${hue}${fresh.has(cell) ? " newest" : ""}${leaving.has(cell) ? " taken-back" : ""}`
        + `${this.dead.has(cell) ? " dead" : ""}`;
      if (square.getAttribute("class") !== cls) square.setAttribute("class", cls);
      if (has) square.setAttribute("data-value", String(v));
      else square.removeAttribute("data-value");
      // A filler piece ("s1", a 1×1 square) has no letter of its own.
      const text = has ? (latin ? String(v) : (/^s\d+$/.test(String(v)) ? "" : String(v))) : "";
      if (this.texts[cell].textContent !== text) this.texts[cell].textContent = text;
    });
    if (this.outline) this.outline.setAttribute("d", this.outlineOf(fresh));
  }

  showMatrix(placed, newest, state, deadItem, takenBack = -1) {
    const chosen = new Map(placed.map(({ option, level }) => [option, level]));
    this.rows.forEach((row, o) => {
      let cls = "option-row";
      if (chosen.has(o)) cls += " chosen";
      else if (!this.log.isLive(state, o)) cls += " gone";
      if (o === newest) cls += " newest";
      if (o === takenBack) cls += " taken-back";
      if (row.getAttribute("class") !== cls) row.setAttribute("class", cls);
    });
    this.columnHeads.forEach((head, i) => {
      head.classList.toggle("covered", !!state.covered[i]);
      head.classList.toggle("dead", i === deadItem);
    });
  }
}
