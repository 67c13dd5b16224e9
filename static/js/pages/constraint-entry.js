// pages/constraint-entry.js — drawing constraints on the Sudoku board by hand: pick a
// kind under "Draw on the board", drag over the cells (a thermometer from its bulb, an
// arrow from its circle, a line, a cage or an extra region), and for a cage type its sum
// and press Enter. The path shows on the board as it is dragged (the overlay's draft);
// the constraint made goes to the page (onAdd), which keeps it in its one state.
// Undo takes the last constraint off. The rules the server reads them by are checked
// there, as for any constraint (a cage whose sum no digits reach is a 400 naming it).

import { drawnConstraint, extendPath } from "../model/constraints.js";
import { say } from "../model/messages.js";

const $ = (id) => document.getElementById(id);

export class ConstraintEntry {
  /**
   * @param {object} parts {board (the grid element), overlay (views/constraints-draw.js)}
   * @param {object} hooks size() the board's side; locked() whether the board shows a replay
   *   (nothing is drawn then); onAdd(constraint); onUndo()
   */
  constructor({ board, overlay }, { size, locked, onAdd, onUndo }) {
    this.board = board;
    this.overlay = overlay;
    this.hooks = { size, locked, onAdd, onUndo };
    this.path = [];
    this.dragging = false;
    this.pending = null;       // a cage dragged, waiting for its sum
    this.kind = $("draw-kind");
    this.sum = $("draw-sum");
    this.note = $("draw-note");
    this.kind.addEventListener("change", () => this.pick());
    board.addEventListener("pointerdown", (e) => this.start(e));
    board.addEventListener("pointermove", (e) => this.move(e));
    board.addEventListener("pointerup", () => this.end());
    board.addEventListener("pointercancel", () => this.cancel());
    this.sum.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); this.finishCage(); }
      if (e.key === "Escape") { e.preventDefault(); this.cancel(); }
    });
    $("draw-add").addEventListener("click", () => this.finishCage());
    $("draw-undo").addEventListener("click", () => { this.cancel(); this.hooks.onUndo(); });
    this.pick();
  }

  /** The kind picked ("" while the board takes digits). */
  get drawing() {
    return this.kind.value;
  }

  /** A kind picked: the board takes drags instead of clicks, and the note says how. */
  pick() {
    this.cancel();
    this.board.classList.toggle("drawing", Boolean(this.drawing));
    this.note.textContent = this.drawing ? say(this.drawing === "killer" ? "page.sudoku.draw.cage" : "page.sudoku.draw.path") : "";
  }

  /** The cell [row, column] under a pointer, or null. */
  cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    const cell = el && el.closest("#board [data-cell]");
    if (!cell) return null;
    const index = Number(cell.dataset.cell);
    const size = this.hooks.size();
    return [Math.floor(index / size), index % size];
  }

  start(e) {
    if (!this.drawing || this.hooks.locked() || e.button !== 0) return;
    const cell = this.cellAt(e);
    if (!cell) return;
    e.preventDefault();
    this.board.setPointerCapture(e.pointerId);
    this.pending = null;
    this.dragging = true;
    this.path = [cell];
    this.showDraft();
  }

  move(e) {
    if (!this.dragging) return;
    const cell = this.cellAt(e);
    if (!cell) return;
    const path = extendPath(this.path, cell);
    if (path === this.path) return;
    this.path = path;
    this.showDraft();
  }

  end() {
    if (!this.dragging) return;
    this.dragging = false;
    if (this.drawing === "killer") {
      // Its sum next: typed in the field, Enter adds the cage (empty: a cage without a sum).
      this.pending = this.path;
      this.sum.hidden = false;
      $("draw-add").hidden = false;
      this.sum.value = "";
      this.sum.focus();
      return;
    }
    const made = drawnConstraint(this.drawing, this.path);
    this.clearDraft();
    if (made) this.hooks.onAdd(made);
  }

  finishCage() {
    if (!this.pending) return;
    const text = this.sum.value.trim();
    const made = drawnConstraint("killer", this.pending, text === "" ? null : Number(text));
    this.cancel();
    if (made) this.hooks.onAdd(made);
    this.board.focus({ preventScroll: true });
  }

  /** Drop a path being drawn or waiting for its sum. */
  cancel() {
    this.dragging = false;
    this.pending = null;
    this.sum.hidden = true;
    $("draw-add").hidden = true;
    this.clearDraft();
  }

  showDraft() {
    const draft = this.drawing === "killer" ? { kind: "killer", cells: this.path, sum: null }
      : drawnConstraint(this.drawing, this.path.length > 1 ? this.path : [...this.path, ...this.path.slice(-1)]);
    this.overlay.draft(draft ? [draft] : []);
  }

  clearDraft() {
    this.path = [];
    this.overlay.draft([]);
  }
}
