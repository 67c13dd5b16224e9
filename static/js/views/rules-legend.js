// views/rules-legend.js — the entries of the legend ("What the board shows") for what the
// picked rules draw on the board: a Windoku's shaded windows, an X's long diagonals, a
// jigsaw's region borders. Each is shown only while its rule is on the board; its words
// come from the catalogue (webapp/words/messages.json), its swatch from app.css.

import { say } from "../model/messages.js";

// Each entry: the rule that shows it, its swatch's class, its words (each key written out whole).
const ENTRIES = [
  { rule: "windoku", swatch: "window", words: () => say("legend.rule.window") },
  { rule: "x", swatch: "diagonal", words: () => say("legend.rule.diagonal") },
  { rule: "jigsaw", swatch: "region", words: () => say("legend.rule.region") },
];

export class RulesLegend {
  /** @param {HTMLElement} list the legend's list: the entries go at its end, hidden */
  constructor(list) {
    this.items = ENTRIES.map(({ rule, swatch, words }) => {
      const item = document.createElement("li");
      item.dataset.rule = rule;
      item.hidden = true;
      const mark = document.createElement("span");
      mark.className = `swatch ${swatch}`;
      mark.setAttribute("aria-hidden", "true");
      const text = document.createElement("span");
      text.textContent = words();
      item.append(mark, " ", text);
      list.append(item);
      return item;
    });
  }

  /** Show the entries of the rules the board draws: {names, regions (null: the boxes)}. */
  show({ names = [], regions = null }) {
    for (const item of this.items) {
      const rule = item.dataset.rule;
      item.hidden = !(rule === "jigsaw" ? Boolean(regions) : names.includes(rule));
    }
  }
}
