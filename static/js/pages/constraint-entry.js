// pages/constraint-entry.js — drawing constraints on the Sudoku board by hand: pick a
// kind under "Draw on the board", drag over the cells (a thermometer from its bulb, an
// arrow from its circle, a line, a cage or an extra region), and for a cage type its sum
// and press Enter. The path shows on the board as it is dragged (the overlay's draft);
// the constraint made goes to the page (onAdd), which keeps it in its one state.
// Undo takes the last constraint off. The rules the server reads them by are checked
// there, as for any constraint (a cage whose sum no digits reach is a 400 naming it).
//
// By keyboard (model/drawing.js): on the board, Shift+arrows draw from the cell with the
// focus, Space adds or takes out the cell, Enter or Finish makes the constraint (a cage asks
// its sum), Escape drops it. "Jigsaw region" paints cells region k of the map (drag, Shift+
// arrows, Space): the map field is rewritten from the paint and the board from the field.

import { drawnConstraint, extendPath } from "../model/constraints.js";
import { keyPath, paintRegion, regionCells, stepFrom } from "../model/drawing.js";
import { say } from "../model/messages.js";
import { cellName } from "../model/sudoku.js";

const $ = (id) => document.getElementById(id);

export class ConstraintEntry {
  /**
   * @param {object} parts {board (the grid element), overlay (views/constraints-draw.js)}
   * @param {object} hooks size() the board's side; locked() whether the board shows a replay
   *   (nothing is drawn then); onAdd(constraint); onUndo(); focusCell(index); regions() the map
   *   field's text; onRegions(text) a painted map for the field
   */
  constructor({ board, overlay }, { size, locked, onAdd, onUndo, focusCell, regions, onRegions }) {
    this.board = board;
    this.overlay = overlay;
    this.hooks = { size, locked, onAdd, onUndo, focusCell, regions, onRegions };
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
    $("draw-finish").addEventListener("click", () => this.finishPath());
    this.region = $("draw-region");
    this.region.addEventListener("input", () => this.pick());
    // Before the board's own keys (which move the focus and type digits).
    board.addEventListener("keydown", (e) => this.key(e), { capture: true });
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
    const painting = this.drawing === "region";
    $("draw-region-field").hidden = !painting;
    this.region.max = String(this.hooks.size());
    if (painting) {
      this.note.textContent = say("page.sudoku.draw.region", { region: this.regionNumber() });
      this.showRegion();
    } else {
      this.note.textContent = this.drawing
        ? `${say(this.drawing === "killer" ? "page.sudoku.draw.cage" : "page.sudoku.draw.path")} ${say("page.sudoku.draw.keys")}` : "";
    }
  }

  /** The region painted, from 1 (the field's number, kept within the grid). */
  regionNumber() {
    const value = Math.round(Number(this.region.value));
    return Math.min(Math.max(Number.isFinite(value) ? value : 1, 1), this.hooks.size());
  }

  /** The map changed (painted here or typed in its field): outline the region being painted. */
  showRegion() {
    if (this.drawing !== "region") return;
    const size = this.hooks.size();
    const cells = regionCells(this.hooks.regions(), size, this.regionNumber() - 1);
    this.overlay.draft(cells.length ? [{ kind: "extra-region", cells: cells.map((i) => [Math.floor(i / size), i % size]) }] : []);
  }

  /** Paint cells [row, column] region k: the map field gets the new map, or the note says why not. */
  paint(cells) {
    const size = this.hooks.size();
    const region = this.regionNumber();
    const painted = paintRegion(this.hooks.regions(), size, cells.map(([r, c]) => r * size + c), region - 1);
    if (painted.text === null) {
      this.note.textContent = say("page.sudoku.draw.map_length", { count: painted.count, cells: size * size });
      return;
    }
    this.hooks.onRegions(painted.text);
    this.note.textContent = say("page.sudoku.draw.region", { region });
    this.showRegion();
  }

  /** A key on the board while a kind is picked (see the module's note). */
  key(e) {
    if (!this.drawing || this.hooks.locked() || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target.closest("[data-cell]");
    if (!target) return;
    const size = this.hooks.size();
    const index = Number(target.dataset.cell);
    const here = [Math.floor(index / size), index % size];
    let cell = null;
    let toggle = false;
    if (e.shiftKey && e.key.startsWith("Arrow")) {
      cell = stepFrom(here, e.key, size);
      if (!cell) { e.preventDefault(); e.stopPropagation(); return; }
      // The first Shift+arrow starts at the cell with the focus.
      if (!this.path.length && this.drawing !== "region") this.path = [here];
      if (this.drawing === "region") this.paint([here]);
    } else if (e.key === " ") {
      cell = here;
      toggle = true;
    } else if (e.key === "Enter" && this.path.length && this.drawing !== "region") {
      e.preventDefault();
      e.stopPropagation();
      this.finishPath();
      return;
    } else if (e.key === "Escape" && this.path.length) {
      e.preventDefault();
      e.stopPropagation();
      this.cancel();
      return;
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (!toggle) this.hooks.focusCell(cell[0] * size + cell[1]);
    if (this.drawing === "region") {
      this.paint([cell]);
      return;
    }
    const last = this.path[this.path.length - 1];
    const next = keyPath(this.drawing, this.path, cell, toggle);
    if (next.refused) {
      this.note.textContent = say("page.sudoku.draw.refused", { cell: cellName(index, size), last: cellName(last[0] * size + last[1], size) });
      return;
    }
    this.path = next.path;
    $("draw-finish").hidden = !this.path.length;
    if (this.path.length) this.showDraft();
    else this.overlay.draft([]);
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
    if (this.drawing === "region") this.paint([cell]);
    else this.showDraft();
  }

  move(e) {
    if (!this.dragging) return;
    const cell = this.cellAt(e);
    if (!cell) return;
    if (this.drawing === "region") {
      // Painting: every cell the pointer passes takes the region, touching the last or not.
      if (!this.path.some(([r, c]) => r === cell[0] && c === cell[1])) {
        this.path = [...this.path, cell];
        this.paint([cell]);
      }
      return;
    }
    const path = extendPath(this.path, cell);
    if (path === this.path) return;
    this.path = path;
    this.showDraft();
  }

  end() {
    if (!this.dragging) return;
    this.dragging = false;
    if (this.drawing === "region") {
      this.path = [];
      return;
    }
    this.finishPath();
  }

  /** The path drawn (by pointer or keys) made into its constraint; a cage asks its sum first. */
  finishPath() {
    $("draw-finish").hidden = true;
    if (!this.path.length) return;
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
    $("draw-finish").hidden = true;
    this.clearDraft();
    this.showRegion();
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
