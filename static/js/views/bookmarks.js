// views/bookmarks.js — named bookmarks of a replay, for a lesson plan: a name
// field and "Bookmark this step", and the list of bookmarks, each a button that
// takes the replay to its step and one that removes it. The bookmarks live in
// the address (&marks=STEP:name,…, model/url.js), so a reload and a shared
// link keep them; this view only shows them and asks for changes.

import { say } from "../model/messages.js";
import { markName } from "../model/url.js";

export class BookmarksView {
  /**
   * @param {HTMLElement} box the panel's container
   * @param {object} hooks getStep(): the replay's step (null: no replay);
   *   onChange(marks): the new list, by step; onSeek(step)
   */
  constructor(box, { getStep, onChange, onSeek }) {
    this.box = box;
    this.getStep = getStep;
    this.onChange = onChange;
    this.onSeek = onSeek;
    this.marks = [];
    const title = document.createElement("h3");
    title.id = "bookmarks-title";
    title.textContent = say("bookmarks.title");
    const form = document.createElement("form");
    form.className = "bookmark-add";
    this.name = document.createElement("input");
    this.name.type = "text";
    this.name.id = "bookmark-name";
    this.name.maxLength = 40;
    this.name.placeholder = say("bookmarks.placeholder");
    this.name.setAttribute("aria-label", say("bookmarks.name"));
    this.name.autocomplete = "off";
    const add = document.createElement("button");
    add.type = "submit";
    add.textContent = say("bookmarks.add");
    form.append(this.name, add);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.add();
    });
    this.list = document.createElement("ol");
    this.list.className = "bookmark-list";
    this.list.setAttribute("aria-labelledby", title.id);
    this.empty = document.createElement("p");
    this.empty.className = "bookmark-none";
    this.empty.textContent = say("bookmarks.none");
    box.append(title, form, this.list, this.empty);
  }

  /** Bookmark the replay's step under the name typed (none: the step alone); one bookmark per step, the newer name wins. */
  add() {
    const step = this.getStep();
    if (step === null) return;
    const name = markName(this.name.value);
    const marks = this.marks.filter((m) => m.step !== step).concat({ step, name }).sort((a, b) => a.step - b.step);
    this.name.value = "";
    this.onChange(marks);
  }

  /** Show these bookmarks ([{step, name}] by step). */
  show(marks) {
    this.marks = marks || [];
    this.list.replaceChildren(...this.marks.map(({ step, name }) => {
      const item = document.createElement("li");
      const go = document.createElement("button");
      go.type = "button";
      go.className = "bookmark-go";
      go.dataset.step = String(step);
      go.textContent = name ? say("bookmarks.item", { name, step }) : say("bookmarks.unnamed", { step });
      go.addEventListener("click", () => this.onSeek(step));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "bookmark-remove";
      remove.textContent = "×";
      remove.setAttribute("aria-label", say("bookmarks.remove", { name: go.textContent }));
      remove.title = remove.getAttribute("aria-label");
      remove.addEventListener("click", () => this.onChange(this.marks.filter((m) => m.step !== step)));
      item.append(go, remove);
      return item;
    }));
    this.empty.hidden = this.marks.length > 0;
  }
}
