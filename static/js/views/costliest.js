// views/costliest.js — the costliest wrong choices as a list under the search
// tree: each a button that takes the replay to that try. Renders what the
// model gives (model/search-tree.js costliestWrongChoices); knows no log.

import { say } from "../model/messages.js";

export class CostliestView {
  /**
   * @param {HTMLElement} box the list's container (a heading and an <ol> go in it)
   * @param {{onSeek: (step: number) => void}} handlers
   */
  constructor(box, { onSeek }) {
    this.box = box;
    this.onSeek = onSeek;
  }

  /** entries: [{step, level, label, under, nodes}]; total: the search's nodes; null entries hide the list. */
  show(entries, total) {
    this.box.replaceChildren();
    this.box.hidden = !entries;
    if (!entries) return;
    const title = document.createElement("h3");
    title.textContent = say("tree.costliest.title");
    title.id = "costliest-title";
    this.box.append(title);
    if (!entries.length) {
      const none = document.createElement("p");
      none.textContent = say("tree.costliest.none");
      this.box.append(none);
      return;
    }
    const list = document.createElement("ol");
    list.setAttribute("aria-labelledby", title.id);
    for (const entry of entries) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "costliest-choice";
      button.dataset.step = String(entry.step);
      // The choice, then its cost in a column of its own: a label that wraps keeps the figures aligned.
      const choice = document.createElement("span");
      choice.className = "costliest-label";
      choice.textContent = entry.under === null
        ? say("tree.costliest.choice", { label: entry.label, level: entry.level })
        : say("tree.costliest.choice_under", { label: entry.label, level: entry.level, under: entry.under });
      const cost = document.createElement("span");
      cost.className = "costliest-nodes";
      cost.textContent = say("tree.costliest.nodes", { nodes: entry.nodes, total });
      button.append(choice, cost);
      button.addEventListener("click", () => this.onSeek(entry.step));
      const item = document.createElement("li");
      item.append(button);
      list.append(item);
    }
    this.box.append(list);
  }
}
