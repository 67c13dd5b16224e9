// views/predictpicker.js — predict mode's answer on the Sudoku board (#predict-picker): a
// small panel laid over the board beside the cell clicked (or reached with the keys), holding
// the cell's own item and, for each unit the cell is in (its row, column, box, …), a button per
// digit that unit still needs; the unit's cells are outlined while its buttons are pointed at
// or focused, so the learner sees on the board which row or box an answer names. It shows what
// pages/predict-mode.js hands it (model/predict.js's cellAnswers) and reports the item picked.
// Text only through textContent; its words come from the message catalogue.

import { say } from "../model/messages.js";

export class PredictPicker {
  /**
   * @param {HTMLElement} wrap the board's wrapper (#board-wrap), positioned: the picker lies over it
   * @param {HTMLElement} board the board's grid (#board), whose [data-cell] elements give the cells' places
   * @param {object} hooks onAnswer(item), onClose(cell): closed without an answer (Esc, ×)
   */
  constructor(wrap, board, { onAnswer, onClose }) {
    this.wrap = wrap;
    this.board = board;
    this.hooks = { onAnswer, onClose };
    this.cell = -1;
    this.answers = null;
    this.root = Object.assign(document.createElement("div"), { id: "predict-picker", className: "predict-picker", hidden: true });
    this.root.setAttribute("role", "dialog");
    this.marks = Object.assign(document.createElement("div"), { className: "predict-marks", hidden: true });
    this.marks.setAttribute("aria-hidden", "true");
    wrap.append(this.marks, this.root);
    this.root.addEventListener("click", (e) => {
      const button = e.target.closest("button");
      if (!button) return;
      e.stopPropagation();
      if (button.dataset.item !== undefined) this.hooks.onAnswer(Number(button.dataset.item));
      else if (button.classList.contains("pick-close")) this.close({ told: true });
    });
    // A unit's buttons pointed at or focused: its cells outlined on the board.
    const outline = (e) => {
      const group = e.target.closest("[data-group]");
      this.outline(group ? this.answers.groups[Number(group.dataset.group)].cells : [this.cell]);
    };
    this.root.addEventListener("pointerover", outline);
    this.root.addEventListener("focusin", outline);
    this.root.addEventListener("keydown", (e) => this.onKey(e));
  }

  get open() {
    return !this.root.hidden;
  }

  /**
   * Open beside `cell` with its answers (cellAnswers). `unitKey` (r, c, b, d, w) puts the focus on
   * that unit's first digit (pressing it again moves to the next unit of that kind); `focus`: the
   * focus moves into the picker (the keys), else it stays where it is (a click).
   */
  show(cell, answers, { unitKey = "", focus = false } = {}) {
    const again = this.open && this.cell === cell;
    this.cell = cell;
    this.answers = answers;
    this.unit = -1;
    const cellName = answers.cell.need;
    this.root.setAttribute("aria-label", say("predict.picker", { cell: cellName }));
    const nodes = [];
    const own = this.button(answers.cell.item, cellName, cellName);
    own.classList.add("pick-cell");
    nodes.push(own);
    answers.groups.forEach((group, g) => {
      const row = Object.assign(document.createElement("div"), { className: "pick-group" });
      row.dataset.group = String(g);
      row.setAttribute("role", "group");
      const open = group.items.filter((x) => x.open);
      if (group.label) {
        row.setAttribute("aria-label", group.label);
        row.append(Object.assign(document.createElement("span"), { className: "pick-unit", textContent: group.label }));
        for (const x of open) row.append(this.button(x.item, x.symbol || x.need, x.need));
        if (!open.length) row.append(Object.assign(document.createElement("span"), { className: "hint", textContent: say("predict.picker.none") }));
      } else {
        for (const x of open) row.append(this.button(x.item, x.need, x.need));
        if (!open.length) return;
      }
      nodes.push(row);
    });
    const close = Object.assign(document.createElement("button"), { type: "button", className: "pick-close", textContent: "×" });
    close.setAttribute("aria-label", say("predict.picker.close"));
    nodes.push(close);
    this.root.replaceChildren(...nodes);
    this.root.hidden = false;
    this.place();
    this.outline([cell]);
    if (unitKey) this.toUnit(unitKey, again);
    else if (focus) own.focus({ preventScroll: true });
  }

  button(item, text, label) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: text });
    button.dataset.item = String(item);
    button.setAttribute("aria-label", label);
    return button;
  }

  /** The focus to the next unit of a kind (its first digit), and that unit outlined; false when the cell has none. */
  toUnit(key, again = true) {
    const kinds = this.answers.groups.map((g, i) => (g.key === key ? i : -1)).filter((i) => i >= 0);
    if (!kinds.length) return false;
    const at = kinds.indexOf(this.unit);
    this.unit = again && at >= 0 ? kinds[(at + 1) % kinds.length] : kinds[0];
    const row = this.root.querySelector(`[data-group="${this.unit}"]`);
    const first = row && row.querySelector("button");
    if (first) first.focus({ preventScroll: true });
    else this.root.querySelector(".pick-cell").focus({ preventScroll: true });
    this.outline(this.answers.groups[this.unit].cells);
    return true;
  }

  /** The unit picked with its key, or -1. */
  get unitPicked() {
    return this.open ? this.unit : -1;
  }

  /**
   * Keys inside the picker: r, c, b, d, w pick a unit, a digit answers with the unit's item for it
   * (open or not: the verdict says when it is covered), Enter and Space press the button, the
   * arrows move between buttons, Esc closes.
   */
  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    let handled = true;
    const buttons = [...this.root.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (e.key === "Escape") this.close({ told: true });
    else if (e.key === "ArrowRight" || e.key === "ArrowDown") buttons[(at + 1) % buttons.length].focus();
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") buttons[(at - 1 + buttons.length) % buttons.length].focus();
    else if (e.key === "Enter" || e.key === " ") handled = false;      // the button's own press
    else if (e.key.length === 1 && this.answerKey(e.key)) handled = true;
    else handled = e.key !== "Tab";
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** A letter or digit typed in the picker or on its cell: a unit's key, or a digit of the unit picked. Whether it was one. */
  answerKey(key) {
    if (!this.open) return false;
    const lower = key.toLowerCase();
    if (["r", "c", "b", "d", "w"].includes(lower)) return this.toUnit(lower);
    const group = this.answers.groups[this.unit >= 0 ? this.unit : -1];
    if (!group) return false;
    const x = group.items.find((i) => i.symbol && i.symbol.toLowerCase() === lower);
    if (!x) return false;
    this.hooks.onAnswer(x.item);
    return true;
  }

  /**
   * Beside the cell: under it when there is room on the board, else above it, else on the side with
   * more room, kept on the board (it may then cover other cells, never the cell itself's row when it fits).
   */
  place() {
    const el = this.board.querySelector(`[data-cell="${this.cell}"]`);
    if (!el) return;
    const box = this.wrap.getBoundingClientRect();
    const at = el.getBoundingClientRect();
    const boardBox = this.board.getBoundingClientRect();
    this.root.style.maxWidth = `${Math.max(200, boardBox.width)}px`;
    const width = this.root.offsetWidth;
    const height = this.root.offsetHeight;
    let left = at.left - box.left + at.width / 2 - width / 2;
    left = Math.max(boardBox.left - box.left, Math.min(left, boardBox.right - box.left - width));
    const below = boardBox.bottom - at.bottom - 4;
    const above = at.top - boardBox.top - 4;
    let top;
    if (height <= below || below >= above) top = Math.min(at.bottom + 4, Math.max(boardBox.top, boardBox.bottom - height));
    else top = Math.max(at.top - 4 - height, boardBox.top);
    this.root.style.left = `${Math.max(0, left)}px`;
    this.root.style.top = `${top - box.top}px`;
  }

  /** Outline these cells on the board. */
  outline(cells) {
    const box = this.wrap.getBoundingClientRect();
    const boxes = [];
    for (const cell of cells) {
      const el = this.board.querySelector(`[data-cell="${cell}"]`);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      const mark = document.createElement("div");
      mark.className = cell === this.cell ? "predict-mark at" : "predict-mark";
      Object.assign(mark.style, { left: `${r.left - box.left}px`, top: `${r.top - box.top}px`, width: `${r.width}px`, height: `${r.height}px` });
      boxes.push(mark);
    }
    this.marks.replaceChildren(...boxes);
    this.marks.hidden = !boxes.length;
  }

  /** Close; `told`: the learner closed it (Esc or ×), not an answer or the question going. */
  close({ told = false } = {}) {
    if (!this.open) return;
    const cell = this.cell;
    const inside = this.root.contains(document.activeElement);
    this.root.hidden = true;
    this.marks.hidden = true;
    this.marks.replaceChildren();
    this.cell = -1;
    this.unit = -1;
    if (told) this.hooks.onClose(cell, inside);
  }
}
