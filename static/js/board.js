// board.js — the Sudoku board view: an ARIA grid with one Tab stop (roving
// tabindex) that takes digits and letters while a puzzle is entered, and
// shows any step of a replay: givens, placed digits, the newest choice, the
// highlighted cell or unit, and pencil marks. Renders by diffing against what
// it last drew, so a frame touches only the cells that changed.

import { boxSizeOf, symbolOf, valueOfSymbol } from "./sudoku.js";
import { optionPlacement, itemUnit } from "./steplog.js";

// What a cell holds on a replayed board.
const EMPTY = 0;
const GIVEN = 1;
const PLACED = 2;

/**
 * The board at one replay state: {values, kinds, newest, unit, tone,
 * culprits, pencil}. `pencil` (when asked for) holds, per cell, a bit mask of
 * the digits whose options are still in the matrix.
 */
export function replayView(log, state, explanation, { pencil = false } = {}) {
  const size = log.problem.size;
  const cells = size * size;
  const values = new Uint8Array(cells);
  const kinds = new Uint8Array(cells);
  for (const { option, level } of log.placed(state)) {
    const { cell, value } = optionPlacement(option, size);
    values[cell] = value;
    kinds[cell] = level < 0 ? GIVEN : PLACED;
  }
  // The newest choice is the deepest frame's option: at a choose or a dead
  // end the top frame has none yet, and the one below is what was just placed.
  let newest = -1;
  for (let l = state.height - 1; l >= 0 && newest < 0; l--) {
    if (state.frameK[l] > 0) newest = optionPlacement(state.frameOption[l], size).cell;
  }
  const unit = explanation && explanation.item >= 0 ? new Set(itemUnit(explanation.item, size).cells) : new Set();
  const culprits = new Set();
  if (explanation && explanation.deadEnd) {
    for (const r of explanation.deadEnd.ruledOut) {
      if (r.by >= 0) culprits.add(optionPlacement(r.by, size).cell);
    }
  }
  let marks = null;
  if (pencil) {
    marks = new Int32Array(cells);
    for (let o = 0; o < log.options.length; o++) {
      if (log.isLive(state, o)) marks[Math.floor(o / size)] |= 1 << (o % size);
    }
  }
  return { values, kinds, newest, unit, tone: explanation ? explanation.tone : "", culprits, pencil: marks };
}

export class BoardView {
  /**
   * @param {HTMLElement} root the element that becomes the grid
   * @param {object} hooks onEdit(cell, value) when a key fills (value > 0) or clears (0) a cell
   */
  constructor(root, { onEdit }) {
    this.root = root;
    this.onEdit = onEdit;
    this.size = 0;
    this.active = 0;
    this.cells = [];
    root.setAttribute("role", "grid");
    root.addEventListener("keydown", (e) => this.onKey(e));
    root.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-cell]");
      if (cell) this.focusCell(Number(cell.dataset.cell));
    });
    root.addEventListener("focusin", (e) => {
      const cell = e.target.closest("[data-cell]");
      if (cell) this.setActive(Number(cell.dataset.cell));
    });
  }

  /** Build an empty board of side `size`. */
  setSize(size) {
    if (size === this.size) return;
    const n = boxSizeOf(size);
    this.size = size;
    this.box = n;
    this.active = 0;
    this.root.dataset.size = String(size);
    this.root.setAttribute("aria-rowcount", String(size));
    this.root.setAttribute("aria-colcount", String(size));
    const rows = [];
    this.cells = [];
    for (let r = 0; r < size; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "board-row";
      for (let c = 0; c < size; c++) {
        const index = r * size + c;
        const el = document.createElement("div");
        el.setAttribute("role", "gridcell");
        el.dataset.cell = String(index);
        el.tabIndex = index === 0 ? 0 : -1;
        const value = document.createElement("span");
        value.className = "value";
        el.append(value);
        // Thick lines between boxes, as on paper.
        let base = "cell";
        if (c % n === n - 1 && c < size - 1) base += " edge-right";
        if (r % n === n - 1 && r < size - 1) base += " edge-bottom";
        if (Math.floor(r / n) % 2 === Math.floor(c / n) % 2) base += " box-even";
        this.cells.push({
          el, value, base, pencilEl: null,
          shown: { text: null, cls: null, label: null, marks: 0 },
          place: `row ${r + 1}, column ${c + 1}`,
        });
        row.append(el);
      }
      rows.push(row);
    }
    this.root.replaceChildren(...rows);
  }

  setActive(index) {
    if (index === this.active || !this.cells[index]) return;
    this.cells[this.active].el.tabIndex = -1;
    this.active = index;
    this.cells[index].el.tabIndex = 0;
  }

  /** Move the one Tab stop to a cell and focus it. */
  focusCell(index) {
    if (!this.cells[index]) return;
    this.setActive(index);
    this.cells[index].el.focus();
  }

  onKey(e) {
    const target = e.target.closest("[data-cell]");
    if (!target || e.ctrlKey || e.metaKey || e.altKey) return;
    const size = this.size;
    const cell = Number(target.dataset.cell);
    const row = Math.floor(cell / size);
    const col = cell % size;
    const moves = {
      ArrowLeft: [row, col - 1], ArrowRight: [row, col + 1],
      ArrowUp: [row - 1, col], ArrowDown: [row + 1, col],
      Home: [row, 0], End: [row, size - 1],
    };
    let handled = true;
    if (moves[e.key]) {
      const [r, c] = moves[e.key];
      if (r >= 0 && r < size && c >= 0 && c < size) this.focusCell(r * size + c);
    } else if (e.key === "Backspace" || e.key === "Delete") {
      this.onEdit(cell, 0);
    } else if (e.key.length === 1 && valueOfSymbol(e.key, size) >= 0) {
      this.onEdit(cell, valueOfSymbol(e.key, size));
    } else {
      handled = false;   // Space, Tab, shortcuts: the page handles them
    }
    if (handled) {
      // The grid owns these keys: the page's replay shortcuts must not see them.
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** Draw the puzzle being entered; `clashes` is a Set of cells to mark. */
  showPuzzle(values, clashes = new Set()) {
    for (let i = 0; i < this.cells.length; i++) {
      const v = values[i];
      let cls = v ? "given" : "empty";
      if (clashes.has(i)) cls += " clash";
      this.paint(i, symbolOf(v), cls, v ? `${symbolOf(v)}${clashes.has(i) ? ", clashes" : ""}` : "empty", 0);
    }
    this.root.classList.remove("replaying", "tone-dead", "tone-solution");
  }

  /** Draw one replay state, as made by replayView(). */
  showReplay(view) {
    for (let i = 0; i < this.cells.length; i++) {
      const v = view.values[i];
      const kind = view.kinds[i];
      let cls = kind === GIVEN ? "given" : kind === PLACED ? "placed" : "empty";
      if (i === view.newest) cls += " newest";
      if (view.unit.has(i)) cls += view.tone === "dead" ? " unit dead" : " unit";
      if (view.culprits.has(i)) cls += " culprit";
      const marks = kind === EMPTY && view.pencil ? view.pencil[i] : 0;
      const label = v ? `${symbolOf(v)}${kind === GIVEN ? ", given" : ""}${i === view.newest ? ", newest choice" : ""}` : "empty";
      this.paint(i, symbolOf(v), cls, label, marks);
    }
    this.root.classList.add("replaying");
    this.root.classList.toggle("tone-dead", view.tone === "dead");
    this.root.classList.toggle("tone-solution", view.tone === "solution");
  }

  /** Change a cell only where it differs from what it shows. */
  paint(index, text, cls, label, marks) {
    const cell = this.cells[index];
    const shown = cell.shown;
    if (shown.text !== text) {
      cell.value.textContent = text;
      shown.text = text;
    }
    const className = `${cell.base} ${cls}`;
    if (shown.cls !== className) {
      cell.el.className = className;
      shown.cls = className;
    }
    const fullLabel = `${cell.place}, ${label}`;
    if (shown.label !== fullLabel) {
      cell.el.setAttribute("aria-label", fullLabel);
      shown.label = fullLabel;
    }
    if (shown.marks !== marks) {
      this.paintMarks(cell, marks);
      shown.marks = marks;
    }
  }

  paintMarks(cell, marks) {
    if (!cell.pencilEl) {
      if (!marks) return;
      // Built on first use: most boards never show pencil marks.
      cell.pencilEl = document.createElement("span");
      cell.pencilEl.className = "pencil";
      cell.pencilEl.setAttribute("aria-hidden", "true");
      cell.el.append(cell.pencilEl);
    }
    cell.pencilEl.hidden = !marks;
    // One text per cell, the candidates laid out n by n in fixed positions:
    // a single text change per cell instead of one class per candidate keeps
    // 25×25 boards (15,625 candidates) fast while playing.
    cell.pencilEl.textContent = marks ? this.pencilText(marks) : "";
  }

  pencilText(marks) {
    const n = this.box;
    let text = "";
    for (let r = 0; r < n; r++) {
      if (r) text += "\n";
      for (let c = 0; c < n; c++) {
        const d = r * n + c;
        text += marks & (1 << d) ? symbolOf(d + 1) : " ";
      }
    }
    return text;
  }
}
