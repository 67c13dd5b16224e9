// views/backjumps.js — what a backjumping search would have saved, as a ranked
// list under the search tree: each row a dead end or back-up where Algorithm X
// went back one level at a time past innocent choices, with the nodes it tried
// before it got back where a backjumping search would have gone; a click takes
// the replay there. Renders what the model ranks (model/search-tree.js
// backjumpSavings, from the facts' jumps); knows no log.

import { say } from "../model/messages.js";

export class BackjumpsView {
  /**
   * @param {HTMLElement} box the list's container (a heading, a note and an <ol> go in it)
   * @param {{onSeek: (step: number) => void}} handlers
   */
  constructor(box, { onSeek }) {
    this.box = box;
    this.onSeek = onSeek;
  }

  /** rows: backjumpSavings' [{step, kind, level, back, jumpTo, wasted}]; total the search's nodes; null hides it. */
  show(rows, total) {
    this.box.replaceChildren();
    this.box.hidden = !rows;
    if (!rows) return;
    const title = Object.assign(document.createElement("h3"), { id: "backjumps-title", textContent: say("backjumps.title") });
    this.box.append(title);
    if (!rows.length) {
      this.box.append(Object.assign(document.createElement("p"), { textContent: say("backjumps.none") }));
      return;
    }
    const list = document.createElement("ol");
    list.setAttribute("aria-labelledby", title.id);
    for (const row of rows) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "costliest-choice backjump";
      button.dataset.step = String(row.step);
      const what = document.createElement("span");
      what.className = "costliest-label";
      const where = row.jumpTo < 0 ? say("backjumps.stop") : say("backjumps.level", { level: row.jumpTo });
      const fields = { level: row.level, step: row.step, back: row.back, where };
      what.textContent = row.kind === "dead_end" ? say("backjumps.dead_end", fields) : say("backjumps.backup", fields);
      const cost = document.createElement("span");
      cost.className = "costliest-nodes";
      cost.textContent = say("backjumps.nodes", { nodes: row.wasted, total });
      button.append(what, cost);
      button.addEventListener("click", () => this.onSeek(row.step));
      const item = document.createElement("li");
      item.append(button);
      list.append(item);
    }
    this.box.append(list);
  }
}
