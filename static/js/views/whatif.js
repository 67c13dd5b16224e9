// views/whatif.js — the "What if" panel: the options the replay's level had (the pencil marks
// of its cell), each a button that solves again with the path above plus that option; the
// difference between the two searches in words; one button back to the original. The
// choices come from model/what-if.js, the words from the catalogue; the page solves.

import { levelChoices, tryInstead } from "../model/what-if.js";
import { say } from "../model/messages.js";

export class WhatIfPanel {
  /**
   * @param {object} el root, level, options, words, back (elements of templates/_whatif.html)
   * @param {object} hooks onTry({force, branch}), onBack()
   */
  constructor(el, { onTry, onBack }) {
    this.el = el;
    this.onTry = onTry;
    this.shownKey = null;
    el.back.addEventListener("click", () => onBack());
    el.options.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-option]");
      if (!button || !this.state) return;
      onTry(tryInstead(this.state, Number(button.dataset.level), Number(button.dataset.option)));
    });
  }

  /** Show the panel for a replay at a state; `forced`: the what-if's choices and branch being replayed, if any. */
  show(log, state, forced) {
    this.state = state;
    this.el.root.hidden = false;
    this.el.back.hidden = !(forced && (forced.force.length || forced.branch !== null));
    const at = levelChoices(log, state);
    const key = at ? `${at.level}:${at.item}:${at.tried}:${at.options.join(",")}` : "";
    if (key === this.shownKey) return;
    this.shownKey = key;
    this.el.options.replaceChildren();
    if (!at) {
      this.el.level.textContent = say("whatif.panel.none");
      return;
    }
    const forcedHere = forced && at.level < forced.force.length;
    this.el.level.textContent = say(forcedHere ? "whatif.panel.yours" : "whatif.panel.level",
      { level: at.level, need: log.phrases.need[at.item] });
    for (const option of at.options) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.option = String(option);
      button.dataset.level = String(at.level);
      button.textContent = log.labels[option];
      button.title = say(option === at.tried ? "whatif.panel.this" : "whatif.panel.instead", { option: log.labels[option] });
      button.setAttribute("aria-pressed", String(option === at.tried));
      this.el.options.append(button);
    }
  }

  /** The difference between the two searches, in words ("" while it is not known). */
  sayDifference(text) {
    this.el.words.textContent = text;
    this.el.words.hidden = !text;
  }

  hide() {
    this.el.root.hidden = true;
    this.shownKey = null;
    this.state = null;
  }
}
