// views/thrashlist.js — the thrashing groups under the search tree as a ranked
// list (model/glance.js thrashRanking): each group a button that picks it (the
// tree dims all but its dead ends) with ◀ ▶ through its dead ends and where
// the replay is among them. Renders what the model gives; knows no log.
// A long list (thousands of groups on a million-event log) keeps only the rows
// in sight in the DOM (model/list-window.js): every row in the DOM cost every
// frame after a seek hundreds of ms of the browser's pre-paint.

import { say } from "../model/messages.js";
import { stepBeside } from "../model/glance.js";
import { listWindow, sameWindow } from "../model/list-window.js";

export class ThrashList {
  /**
   * @param {HTMLElement} box the list's container
   * @param {{onSeek: (step: number) => void, onPick: (group: number) => void}} hooks
   *   onPick(-1) when the pick is dropped
   */
  constructor(box, { onSeek, onPick }) {
    this.box = box;
    this.onSeek = onSeek;
    this.onPick = onPick;
    this.groups = [];
    this.picked = -1;
    this.step = 0;
  }

  /** groups: [{group, steps, wasted, choices}], most wasted first; empty hides the list. */
  show(groups) {
    this.groups = groups;
    this.picked = -1;
    this.rows = new Map();            // index in groups → its rendered row
    this.window = null;
    this.rowHeight = 0;
    this.box.replaceChildren();
    this.box.hidden = !groups.length;
    if (!groups.length) return;
    const title = document.createElement("h3");
    title.id = "thrash-list-title";
    title.textContent = say("thrash.list.title");
    const list = document.createElement("ol");
    list.setAttribute("aria-labelledby", title.id);
    this.list = list;
    let pending = false;
    list.addEventListener("scroll", () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; this.render(); });
    });
    this.box.append(title, list);
    this.render();
  }

  /** Put in the list the rows in sight (and a margin), padded for the rest. */
  render() {
    const list = this.list;
    if (!list || !this.groups.length) return;
    const w = listWindow({ count: this.groups.length, rowHeight: this.rowHeight,
                           scrollTop: list.scrollTop, viewHeight: list.clientHeight });
    if (sameWindow(w, this.window)) return;
    this.window = w;
    for (const [k, row] of this.rows) {
      if (k < w.first || k >= w.end) { row.item.remove(); this.rows.delete(k); }
    }
    let before = null;                // the rendered row that a new row goes before
    for (let k = w.end - 1; k >= w.first; k--) {
      let row = this.rows.get(k);
      if (!row) {
        row = this.row(k);
        this.rows.set(k, row);
        list.insertBefore(row.item, before);
      }
      before = row.item;
    }
    list.style.paddingTop = `${w.before}px`;
    list.style.paddingBottom = `${w.after}px`;
    if (!this.rowHeight && this.rows.size) {
      // Measured once the first rows are in: then the window is that of the real height.
      this.rowHeight = this.rows.get(w.first).item.offsetHeight || 0;
      if (this.rowHeight) this.render();
    }
    this.markStep(this.step);
  }

  /** The row of groups[k]: its number, its pick button, its ◀ place ▶ (open when picked). */
  row(k) {
    const entry = this.groups[k];
    const item = document.createElement("li");
    item.className = "thrash-group";
    item.value = k + 1;
    item.setAttribute("aria-setsize", String(this.groups.length));
    item.setAttribute("aria-posinset", String(k + 1));
    item.dataset.group = String(entry.group);
    const on = entry.group === this.picked;
    item.classList.toggle("picked", on);
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "thrash-pick";
    pick.textContent = say("thrash.list.item", { choices: entry.choices, dead: entry.steps.length, wasted: entry.wasted });
    pick.setAttribute("aria-pressed", String(on));
    pick.addEventListener("click", () => this.pick(this.picked === entry.group ? -1 : entry.group));
    const nav = document.createElement("span");
    nav.className = "thrash-nav";
    const previous = this.navButton("◀", say("thrash.list.previous"), () => this.go(entry, -1));
    const place = document.createElement("span");
    place.className = "thrash-place";
    const next = this.navButton("▶", say("thrash.list.next"), () => this.go(entry, 1));
    nav.append(previous, place, next);
    nav.hidden = !on;
    item.append(pick, nav);
    return { entry, item, pick, nav, place, previous, next };
  }

  navButton(text, label, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.setAttribute("aria-label", label);
    b.title = label;
    b.addEventListener("click", action);
    return b;
  }

  /** Pick a group (-1: none): its row opens its ◀ ▶, the tree dims the rest. */
  pick(group) {
    this.picked = group;
    for (const row of this.rows?.values() ?? []) {
      const on = row.entry.group === group;
      row.pick.setAttribute("aria-pressed", String(on));
      row.item.classList.toggle("picked", on);
      row.nav.hidden = !on;
    }
    this.onPick(group);
    this.markStep(this.step);
  }

  /** The previous or next dead end of a group from the replay's step; picks the group. */
  go(entry, direction) {
    if (this.picked !== entry.group) this.pick(entry.group);
    const to = stepBeside(entry.steps, this.step, direction);
    if (to !== null) this.onSeek(to);
  }

  /** The replay is at this step: say where it is among the picked group's dead ends. */
  markStep(step) {
    this.step = step;
    const row = [...(this.rows?.values() ?? [])].find((r) => r.entry.group === this.picked);
    if (!row) return;
    const { steps } = row.entry;
    const at = steps.indexOf(step);
    const before = steps.filter((s) => s < step).length;
    row.place.textContent = at >= 0
      ? say("thrash.list.at", { index: at + 1, count: steps.length })
      : say("thrash.list.between", { before, count: steps.length });
    row.previous.disabled = stepBeside(steps, step, -1) === null;
    row.next.disabled = stepBeside(steps, step, 1) === null;
  }
}
