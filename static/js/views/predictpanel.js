// views/predictpanel.js — predict mode's panel (#predict-panel): the question, the ways
// to answer it that are not a click on the board or picture (a menu of the open items;
// a button per level of the path), the verdict and why, the score, Skip and Show me.
// It shows what the page hands it (pages/learn.js) and reports the learner's answers.
// Text only through textContent; its words come from the message catalogue.

import { say } from "../model/messages.js";

export class PredictPanel {
  /**
   * @param {HTMLElement} root the #predict-panel section
   * @param {object} hooks onItem(item), onLevel(level), onSkip(), onNext(), onForced(on),
   *   onBoard() (the keys go to the board, where the Sudoku page's questions are answered)
   */
  constructor(root, { onItem, onLevel, onSkip, onNext, onForced, onBoard = () => {} }) {
    this.root = root;
    this.body = root.querySelector(".learn-body");
    this.hooks = { onItem, onLevel, onSkip, onNext, onForced, onBoard };
    this.shownKey = null;
  }

  setVisible(on) {
    this.root.hidden = !on;
    if (!on) this.shownKey = null;
  }

  /**
   * Show a moment of the quiz: {key (skip the work when unchanged), question (text or null),
   * items ([{item, text}], an item question's menu), levels ([{level, text}], a culprit
   * question's path), keys (how to answer on the board, with a button that goes there; null
   * when there is no board), verdict ({right, words} or null), waiting (text when no question
   * is asked), score (text), forced (ask forced moves too)}.
   */
  show(view) {
    if (view.key === this.shownKey) return;
    this.shownKey = view.key;
    const nodes = [];
    const line = (text, cls) => Object.assign(document.createElement("p"), { className: cls, textContent: text });
    if (view.question) nodes.push(line(view.question, "predict-question"));
    if (view.question && !view.verdict && view.keys) {
      const keys = line(view.keys, "hint predict-keys");
      const go = Object.assign(document.createElement("button"), { type: "button", id: "predict-on-board", textContent: say("predict.on_board") });
      go.addEventListener("click", () => this.hooks.onBoard());
      nodes.push(keys, go);
    }
    if (view.question && !view.verdict && view.items) {
      const form = document.createElement("form");
      form.className = "predict-items";
      const select = Object.assign(document.createElement("select"), { id: "predict-item" });
      select.setAttribute("aria-label", say("predict.pick"));
      for (const { item, text } of view.items) select.append(Object.assign(document.createElement("option"), { value: String(item), textContent: text }));
      const answer = Object.assign(document.createElement("button"), { type: "submit", id: "predict-answer", textContent: say("predict.answer") });
      form.append(select, " ", answer);
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        this.hooks.onItem(Number(select.value));
      });
      nodes.push(form);
    }
    if (view.question && !view.verdict && view.levels) {
      const list = document.createElement("ol");
      list.className = "predict-path";
      list.setAttribute("aria-label", say("predict.path"));
      for (const { level, text } of view.levels) {
        const li = document.createElement("li");
        const button = Object.assign(document.createElement("button"), { type: "button", textContent: text });
        button.dataset.level = String(level);
        button.addEventListener("click", () => this.hooks.onLevel(level));
        li.append(button);
        list.append(li);
      }
      nodes.push(list);
    }
    if (view.verdict) {
      const verdict = line(view.verdict.words, "predict-verdict");
      verdict.dataset.right = String(view.verdict.right);
      nodes.push(verdict);
    }
    if (!view.question && view.waiting) nodes.push(line(view.waiting, "hint"));
    const row = document.createElement("div");
    row.className = "predict-row";
    const score = Object.assign(document.createElement("span"), { id: "predict-score", textContent: view.score });
    row.append(score);
    if (view.question && !view.verdict) {
      const skip = Object.assign(document.createElement("button"), { type: "button", id: "predict-skip", textContent: say("predict.skip") });
      skip.addEventListener("click", () => this.hooks.onSkip());
      row.append(skip);
    }
    if (view.verdict) {
      const next = Object.assign(document.createElement("button"), { type: "button", id: "predict-next", textContent: say("predict.next") });
      next.addEventListener("click", () => this.hooks.onNext());
      row.append(next);
    }
    const forced = Object.assign(document.createElement("input"), { type: "checkbox", id: "predict-forced", checked: view.forced });
    forced.addEventListener("change", () => this.hooks.onForced(forced.checked));
    const label = Object.assign(document.createElement("label"), { className: "check" });
    label.append(forced, ` ${say("predict.forced")}`);
    row.append(label);
    nodes.push(row);
    this.body.replaceChildren(...nodes);
    const next = this.body.querySelector("#predict-next");
    if (next && this.root.contains(document.activeElement) === false && view.focusNext) next.focus({ preventScroll: true });
  }
}
