// views/matrixview.js — the exact cover matrix at the current step, compactly: for
// every item still uncovered, how many options are left that could cover it
// (the chosen item marked), grouped into families of items whose names differ
// only in their numbers (Sudoku: cells rNcM, rows rN#d, columns cN#d, boxes
// bN#d). A family with two numbers in its names is drawn as a grid (first
// number down, second across), any other as a wrapping strip. A zoom control
// trades numbers for size. It draws only when visible, at most once per call
// (the page calls it once per animation frame), touching only changed cells.
// With Knuth's DLX2 colours, a secondary item a try gave a colour takes that
// colour's swatch (model/colours.js), and a line under the families names
// each such item and its colour in text, "x:red", on its swatch: only the
// options that give it that colour are left in its column.

import { COVER, TRY } from "../model/steplog.js";
import { swatchColour } from "../model/colours.js";
import { say } from "../model/messages.js";

/**
 * A number in an item name: a run of digits, or a lone capital right after a
 * symbol, as Sudoku writes 10, 11, … ("r1#A" is row 1 needs an A). A capital
 * that starts a name ("F", a pentomino) is a name, not a number.
 */
const NUMBER = /-?\d+|(?<=[^A-Za-z\d])[A-Z](?![A-Za-z\d])/g;

/** The family of an item name: its numbers replaced by N ("r4#7" → "rN#N", "r4#A" too). */
export function familyKey(name) {
  return name.replace(NUMBER, "N");
}

function numbersIn(name) {
  return (name.match(NUMBER) || []).map((t) => (/^[A-Z]$/.test(t) ? t.charCodeAt(0) - 55 : Number(t)));
}

/**
 * Items grouped by family, in order of first appearance: [{key, items,
 * secondary, grid: {rows, columns, cellOf: Map(item → index)} | null}]. Families
 * of one item are pooled into one group, so "A B C D" is one strip, not four.
 */
export function groupFamilies(items, primary) {
  const byKey = new Map();
  items.forEach((name, i) => {
    const key = `${i < primary ? "p" : "s"}:${familyKey(name)}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(i);
  });
  const groups = [];
  const singles = { p: [], s: [] };
  for (const [key, members] of byKey) {
    const secondary = key.startsWith("s:");
    if (members.length === 1) {
      singles[secondary ? "s" : "p"].push(members[0]);
      continue;
    }
    groups.push({ key: key.slice(2), items: members, secondary, grid: gridOf(items, members) });
  }
  // Pooled singles keep their place: before the families if they came first.
  for (const side of ["p", "s"]) {
    if (!singles[side].length) continue;
    const group = { key: "", items: singles[side], secondary: side === "s", grid: null };
    const at = groups.findIndex((g) => g.secondary === (side === "s") && g.items[0] > singles[side][0]);
    groups.splice(at < 0 ? groups.length : at, 0, group);
  }
  return groups;
}

/**
 * A grid layout for a family whose names carry two numbers, if it is not too
 * sparse: {rows, columns, cellOf, axes: [down, across]}, each axis {prefix,
 * first, last}: the text before its number in the names ("r" in "r4#7") and
 * its first and last numbers as the names write them.
 */
function gridOf(items, members) {
  const pairs = members.map((i) => numbersIn(items[i]));
  if (!pairs.every((p) => p.length === 2)) return null;
  const rowValues = [...new Set(pairs.map((p) => p[0]))].sort((a, b) => a - b);
  const columnValues = [...new Set(pairs.map((p) => p[1]))].sort((a, b) => a - b);
  if (rowValues.length * columnValues.length > 2 * members.length) return null;
  const cellOf = new Map();
  const written = [new Map(), new Map()];
  members.forEach((item, k) => {
    cellOf.set(item, rowValues.indexOf(pairs[k][0]) * columnValues.length + columnValues.indexOf(pairs[k][1]));
    items[item].match(NUMBER).forEach((token, t) => written[t].set(pairs[k][t], token));
  });
  const parts = familyKey(items[members[0]]).split("N");
  const axes = [rowValues, columnValues].map((values, t) => ({
    prefix: parts[t].match(/[A-Za-z]*[^A-Za-z\d]?$/)[0],
    first: written[t].get(values[0]),
    last: written[t].get(values[values.length - 1]),
  }));
  return { rows: rowValues.length, columns: columnValues.length, cellOf, axes };
}

/** What the letter before a number in an item name counts, as this project names items. */
const AXIS_WORDS = {
  r: say("matrix.axis.rows"), c: say("matrix.axis.columns"), b: say("matrix.axis.boxes"), "#": say("matrix.axis.symbols"),
};

/**
 * The axes of a grid in words: "Down: rows 1 to 9; across: digits 1 to 9."
 * (a Sudoku's symbols are its digits; an unknown prefix says which number).
 */
export function axesText(grid, kind) {
  const words = kind === "sudoku" ? { ...AXIS_WORDS, "#": say("matrix.axis.digits") } : AXIS_WORDS;
  const [down, across] = grid.axes.map((axis, t) => {
    const word = words[axis.prefix];
    // Symbols past 9 are letters (a 16×16's 1 to 9, then A to G): say both runs.
    const span = axis.first === "1" && /^[A-Z]$/.test(axis.last)
      ? say("matrix.axis.letters", { last: axis.last }) : say("matrix.axis.span", { first: axis.first, last: axis.last });
    return word ? `${word} ${span}` : say(t ? "matrix.axis.second" : "matrix.axis.first", { span });
  });
  return say("matrix.axes", { down, across });
}

/** The heading of a group: its first and last names and its size. */
function groupTitle(items, group) {
  const first = items[group.items[0]];
  const last = items[group.items[group.items.length - 1]];
  const count = group.items.length;
  const span = count === 1 ? first : `${first} … ${last}`;
  return say(group.secondary ? "matrix.group.secondary" : "matrix.group", { span, count: String(count) });
}

const ZOOMS = [["s", say("matrix.zoom.small")], ["m", say("matrix.zoom.numbers")], ["l", say("matrix.zoom.large")]];

export class MatrixView {
  /** @param {HTMLElement} root an empty element the view fills */
  constructor(root) {
    this.root = root;
    this.visible = true;
    this.log = null;
    this.state = null;
    this.dirty = false;
    const head = document.createElement("div");
    head.className = "mx-head";
    this.summary = document.createElement("p");
    this.summary.className = "mx-summary";
    const label = document.createElement("label");
    label.className = "field inline";
    label.append(say("matrix.zoom"));
    this.zoom = document.createElement("select");
    for (const [value, text] of ZOOMS) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = text;
      this.zoom.append(option);
    }
    this.zoom.addEventListener("change", () => this.applyZoom());
    label.append(this.zoom);
    head.append(this.summary, label);
    this.body = document.createElement("div");
    this.body.className = "mx-families";
    this.legend = document.createElement("p");
    this.legend.className = "mx-legend hint";
    this.legend.textContent = say("matrix.legend");
    this.legendText = this.legend.textContent;
    this.colourLine = document.createElement("p");
    this.colourLine.className = "mx-colours";
    this.colourLine.hidden = true;
    root.append(head, this.body, this.colourLine, this.legend);
    root.classList.add("mx");
  }

  applyZoom() {
    for (const [value] of ZOOMS) this.root.classList.toggle(`zoom-${value}`, this.zoom.value === value);
  }

  /** Build the families of a log's items (null clears the view). */
  setLog(log) {
    this.log = log;
    this.state = null;
    this.body.replaceChildren();
    this.cells = [];
    this.shown = [];
    this.summary.textContent = log ? "" : say("matrix.idle");
    this.legend.textContent = this.legendText + (log && log.colours ? say("matrix.legend.colours") : "");
    this.colourLine.replaceChildren();
    this.colourLine.hidden = true;
    this.colourShown = "";
    if (!log) return;
    const groups = groupFamilies(log.items, log.primary);
    for (const group of groups) {
      const box = document.createElement("section");
      box.className = "mx-family";
      const title = document.createElement("h3");
      title.textContent = groupTitle(log.items, group);
      const cells = document.createElement("div");
      cells.className = group.grid ? "mx-grid" : "mx-strip";
      if (group.grid) cells.style.setProperty("--columns", String(group.grid.columns));
      const slots = group.grid ? new Array(group.grid.rows * group.grid.columns).fill(null) : [];
      for (const item of group.items) {
        const cell = document.createElement("span");
        cell.className = "mx-cell";
        cell.dataset.item = String(item);
        cell.title = log.items[item];
        this.cells[item] = cell;
        this.shown[item] = "";
        if (group.grid) slots[group.grid.cellOf.get(item)] = cell;
        else slots.push(cell);
      }
      cells.append(...slots.map((cell) => cell || Object.assign(document.createElement("span"), { className: "mx-gap" })));
      // A grid says what runs down and across it; a strip needs no such line.
      const axes = group.grid ? [Object.assign(document.createElement("p"),
        { className: "mx-axes", textContent: axesText(group.grid, log.problem.kind) })] : [];
      box.append(title, ...axes, cells);
      this.body.append(box);
    }
    this.zoom.value = log.items.length <= 400 ? "m" : "s";
    this.applyZoom();
  }

  /** Draw only while shown; a hidden view catches up when it is shown again. */
  setVisible(visible) {
    this.visible = visible;
    if (visible && this.dirty) this.draw();
  }

  /** The state to show (a ReplayState of this.log); drawn now if visible. */
  show(state) {
    this.state = state;
    this.dirty = true;
    if (this.visible) this.draw();
  }

  draw() {
    const { log, state } = this;
    if (!log || !state) return;
    this.dirty = false;
    const counts = log.liveCounts(state);
    const top = state.top();
    const chosen = top ? top.item : -1;
    let liveOptions = 0;
    for (let o = 0; o < log.options.length; o++) if (log.isLive(state, o)) liveOptions++;
    // The chosen item is covered as soon as it is chosen, but until one of its
    // options is tried no placed option covers it: it is still to cover (at a
    // dead end, it is the one that ran out).
    const waiting = chosen >= 0 && chosen < log.primary && state.covered[chosen] && top.k === 0;
    let open = waiting ? 1 : 0;
    for (let i = 0; i < log.primary; i++) if (!state.covered[i]) open++;
    this.root.dataset.liveOptions = String(liveOptions);
    this.summary.textContent = say("matrix.summary",
      { live: liveOptions, options: log.options.length, open, primary: log.primary });
    // Between a try and its covers, the items of the option tried are not
    // covered yet, and one whose every other option it hid shows 0, but is
    // no dead end: they are marked as covered next.
    const kind = state.step > 0 ? log.kindAt(state.step) : -1;
    const placing = top && top.k > 0 && (kind === TRY || kind === COVER);
    const claimed = new Set(placing ? log.options[top.option].filter((i) => !state.covered[i]) : []);
    if (log.colours) this.showColours();
    for (let i = 0; i < log.items.length; i++) {
      if (i === chosen && state.covered[i] && top.k === 0) {
        // Until an option is tried, the chosen item's count is the point (0 is a
        // dead end), though the item was covered as soon as it was chosen.
        this.paint(i, false, this.optionsLeftFor(i), true, false, false);
      } else {
        this.paint(i, state.covered[i], counts[i], i === chosen, i >= log.primary, claimed.has(i),
          log.colourName(state.purified[i]));
      }
    }
  }

  /** The line naming each item a try gave a colour, "x:red", each on its swatch (hidden when none). */
  showColours() {
    const { log, state } = this;
    const named = [];
    for (let i = log.primary; i < log.items.length; i++) {
      if (state.purified[i]) named.push([log.items[i], log.colourName(state.purified[i])]);
    }
    const key = named.map(([item, colour]) => `${item}:${colour}`).join(" ");
    if (key === this.colourShown) return;
    this.colourShown = key;
    this.colourLine.hidden = !named.length;
    const tags = named.map(([item, colour]) => {
      const tag = document.createElement("span");
      tag.className = "mx-colour";
      tag.textContent = `${item}:${colour}`;
      tag.style.setProperty("--swatch", swatchColour(colour));
      return tag;
    });
    this.colourLine.replaceChildren(say("matrix.colours_given"), ...tags);
  }

  /** Options of an item none of whose other items is covered: what its column still holds. */
  optionsLeftFor(item) {
    const { log, state } = this;
    let count = 0;
    for (const o of log.optionsOfItem[item]) {
      if (log.options[o].every((j) => j === item || !state.covered[j])) count++;
    }
    return count;
  }

  /** Draw one item's square; colour: the name of the colour a try gave it ("" for none). */
  paint(item, covered, count, chosen, secondary, claimed, colour = "") {
    const key = `${covered ? "c" : count}|${chosen ? 1 : 0}|${claimed ? 1 : 0}|${colour}`;
    if (this.shown[item] === key) return;
    this.shown[item] = key;
    const cell = this.cells[item];
    let cls = "mx-cell";
    if (covered) cls += " covered";
    else if (claimed) cls += " claimed";
    else cls += ` n${Math.min(count, 6)}`;
    if (chosen) cls += " chosen";
    if (secondary) cls += " secondary";
    if (colour) cls += " coloured";
    if (!covered && count >= 100) cls += count >= 1000 ? " digits4" : " digits3";   // a smaller font fits the square
    cell.className = cls;
    cell.textContent = covered ? "" : String(count);
    cell.dataset.count = covered ? "" : String(count);
    const name = this.log.items[item];
    // A coloured item's square takes its colour's swatch; the colour line under the
    // families names it (x:red), and so does the square's title.
    if (colour) cell.style.setProperty("--swatch", swatchColour(colour));
    else cell.style.removeProperty("--swatch");
    const left = say("matrix.left", { count: String(count) });
    const now = colour ? say("matrix.now", { colour, left }) : left;
    cell.title = covered ? say("matrix.cell.covered", { name }) : say(claimed ? "matrix.cell.claimed" : "matrix.cell", { name, now });
  }
}
