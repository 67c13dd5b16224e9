// views/rules-legend.js — the entries of the legend ("What the board shows") for what the
// picked rules draw on the board: a Windoku's shaded windows, an X's long diagonals, a
// jigsaw's region borders, and each kind of constraint (a cage, a thermometer, a dot…),
// with the negative rules a puzzle may add. Each is shown only while the board has it;
// its words come from the catalogue (webapp/words/messages.json), its swatch from app.css
// or, for a constraint, the board's own drawing of a small sample (views/constraints-draw.js).

import { say } from "../model/messages.js";
import { swatchSvg } from "./constraints-draw.js";

// Each entry: what shows it, its swatch (a class, or a sample constraint and its viewBox), its words (each key written out whole).
const PAIR = [[0, 0], [0, 1]];
const ENTRIES = [
  { rule: "windoku", swatch: "window", words: () => say("legend.rule.window") },
  { rule: "x", swatch: "diagonal", words: () => say("legend.rule.diagonal") },
  { rule: "jigsaw", swatch: "region", words: () => say("legend.rule.region") },
  { kind: "killer", sample: { kind: "killer", cells: [[0, 0]], sum: 7 }, box: "0 0 1 1", words: () => say("legend.constraint.killer") },
  { kind: "thermo", sample: { kind: "thermo", cells: PAIR }, box: "0 0 2 1", words: () => say("legend.constraint.thermo") },
  { kind: "arrow", sample: { kind: "arrow", circle: [[0, 0]], cells: [[0, 1]] }, box: "0 0 2 1", words: () => say("legend.constraint.arrow") },
  { kind: "kropki-white", sample: { kind: "kropki-white", cells: PAIR }, box: "0.5 0 1 1", words: () => say("legend.constraint.kropki-white") },
  { kind: "kropki-black", sample: { kind: "kropki-black", cells: PAIR }, box: "0.5 0 1 1", words: () => say("legend.constraint.kropki-black") },
  { kind: "xv", sample: { kind: "xv", cells: PAIR, value: "X" }, box: "0.5 0 1 1", words: () => say("legend.constraint.xv") },
  { kind: "even", sample: { kind: "even", cells: [[0, 0]] }, box: "0 0 1 1", words: () => say("legend.constraint.even") },
  { kind: "odd", sample: { kind: "odd", cells: [[0, 0]] }, box: "0 0 1 1", words: () => say("legend.constraint.odd") },
  { kind: "whispers", sample: { kind: "whispers", cells: PAIR }, box: "0 0 2 1", words: () => say("legend.constraint.whispers") },
  { kind: "palindrome", sample: { kind: "palindrome", cells: PAIR }, box: "0 0 2 1", words: () => say("legend.constraint.palindrome") },
  { kind: "renban", sample: { kind: "renban", cells: PAIR }, box: "0 0 2 1", words: () => say("legend.constraint.renban") },
  { kind: "extra-region", sample: { kind: "extra-region", cells: [[0, 0]] }, box: "0 0 1 1", words: () => say("legend.constraint.extra-region") },
  { kind: "diagonal", sample: { kind: "diagonal", direction: "-", cells: [[0, 0], [1, 1]] }, box: "0 0 2 2", words: () => say("legend.constraint.diagonal") },
  { kind: "quadruple", sample: { kind: "quadruple", cells: [[0, 0], [0, 1], [1, 0], [1, 1]], digits: [1, 2] }, box: "0.5 0.5 1 1",
    words: () => say("legend.constraint.quadruple") },
  { kind: "sandwich", sample: { kind: "sandwich", side: "row", index: 0, sum: 14 }, box: "-1 0 1 1", words: () => say("legend.constraint.sandwich") },
  { kind: "little-killer", sample: { kind: "little-killer", cells: [[0, 0], [1, 1]], sum: 9 }, box: "-1 -1 1 1",
    words: () => say("legend.constraint.little-killer") },
  { negative: "kropki-white", swatch: "plain", words: () => say("legend.constraint.negative.kropki-white") },
  { negative: "kropki-black", swatch: "plain", words: () => say("legend.constraint.negative.kropki-black") },
  { negative: "xv", swatch: "plain", words: () => say("legend.constraint.negative.xv") },
];

export class RulesLegend {
  /** @param {HTMLElement} list the legend's list: the entries go at its end, hidden */
  constructor(list) {
    this.items = ENTRIES.map((entry) => {
      const item = document.createElement("li");
      if (entry.rule) item.dataset.rule = entry.rule;
      if (entry.kind) item.dataset.kind = entry.kind;
      if (entry.negative) item.dataset.negative = entry.negative;
      item.hidden = true;
      const mark = document.createElement("span");
      mark.className = entry.kind ? "swatch cons-kind" : `swatch ${entry.swatch}`;
      mark.setAttribute("aria-hidden", "true");
      if (entry.kind) mark.append(swatchSvg(entry.sample, entry.box));
      const text = document.createElement("span");
      text.textContent = entry.words();
      item.append(mark, " ", text);
      list.append(item);
      return item;
    });
  }

  /**
   * Show the entries of what the board draws: {names, regions (null: the boxes),
   * constraints (the normalised form), negative (["kropki-white", "kropki-black", "xv"] or fewer)}.
   */
  show({ names = [], regions = null, constraints = [], negative = [] }) {
    const kinds = new Set(constraints.map((item) => item.kind));
    for (const item of this.items) {
      const { rule, kind, negative: neg } = item.dataset;
      if (kind) item.hidden = !kinds.has(kind);
      else if (neg) item.hidden = !negative.includes(neg);
      else item.hidden = !(rule === "jigsaw" ? Boolean(regions) : names.includes(rule));
    }
  }
}
