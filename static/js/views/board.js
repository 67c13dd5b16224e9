// views/board.js — the Sudoku board view: an ARIA grid with one Tab stop (roving
// tabindex) that takes digits and letters while a puzzle is entered (each
// moves the focus on to the next cell), and
// shows any step of a replay: givens, placed digits, the newest choice, the
// highlighted cell or unit, and pencil marks. A replayed step is drawn at
// once on a canvas under the grid (boardcanvas.js); the grid's own text,
// classes and labels catch up once the replay rests (REST_MS without a new
// step), with aria-busy on the board meanwhile. Both render by diffing against
// what they last drew, so a frame touches only the cells that changed.

import { SYMBOLS, boxSizeOf, symbolOf, valueOfSymbol } from "../model/sudoku.js";
import { optionPlacement, itemUnit } from "../model/steplog.js";
import { BoardCanvas, LOOK, lookFlags, lookValue } from "./boardcanvas.js";
import { DECOR, boardMarks } from "../model/variants.js";
import { say } from "../model/messages.js";

/** A cell's aria-label words, said once here: each step repaints every cell. */
const CELL_WORDS = {
  empty: say("board.cell.empty"), given: say("board.cell.given"), newest: say("board.cell.newest"),
  takenBack: say("board.cell.taken_back"), dead: say("board.cell.dead"), culprit: say("board.cell.culprit"),
  blame: say("board.cell.blame"),
};

// The classes a cell has from the board's rules, not from what it shows.
const BASE_WORDS = new Set(["cell", "edge-right", "edge-bottom", "box-even", "window", "diagonal", "anti-diagonal"]);

/** How long the replay must rest before the grid's text and labels follow the canvas. */
export const REST_MS = 150;

// What a cell holds on a replayed board.
const EMPTY = 0;
const GIVEN = 1;
const PLACED = 2;

/**
 * The board at one replay state: {values, kinds, newest, takenBack, unit, tone,
 * culprits, blamed, pencil}. `culprits` are the cells of the options that ruled
 * out the options of a dead end's item; `blamed` those of its culprit choices
 * (the server's minimal set). `pencil` (when asked for) holds, per cell, a bit mask of
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
  // The newest choice is the deepest frame's option (at a choose or a dead
  // end the top frame has none yet); while its covers are undone it is
  // marked as taken back instead.
  const latest = log.newest(state);
  const latestCell = latest ? optionPlacement(latest.option, size).cell : -1;
  const newest = latest && !latest.takenBack ? latestCell : -1;
  const takenBack = latest && latest.takenBack ? latestCell : -1;
  const unit = explanation && explanation.item >= 0 ? new Set(itemCells(log, explanation.item, size)) : new Set();
  const culprits = new Set();
  const blamed = new Set();
  if (explanation && explanation.deadEnd) {
    for (const r of explanation.deadEnd.ruledOut) {
      if (r.by >= 0) culprits.add(optionPlacement(r.by, size).cell);
    }
    for (const level of explanation.deadEnd.culprits.levels) {
      blamed.add(optionPlacement(state.frameOption[level], size).cell);
    }
  }
  let marks = null;
  if (pencil) {
    marks = new Int32Array(cells);
    for (let o = 0; o < log.options.length; o++) {
      if (log.isLive(state, o)) marks[Math.floor(o / size)] |= 1 << (o % size);
    }
  }
  return { values, kinds, newest, takenBack, unit, tone: explanation ? explanation.tone : "", culprits, blamed, pencil: marks };
}

/**
 * The cells of an item: a row, column or box by its number; any other (a region,
 * a diagonal, a window, a pair a variant keeps apart) by the cells of its options.
 */
export function itemCells(log, item, size) {
  if (item < 3 * size * size) return itemUnit(item, size).cells;
  return [...new Set(Array.from(log.optionsOfItem[item], (o) => optionPlacement(o, size).cell))];
}

/** Each cell's look (value | LOOK flags << 8) in a replay view. */
export function looksOf(view) {
  const looks = new Int32Array(view.values.length);
  for (let i = 0; i < looks.length; i++) {
    const kind = view.kinds[i];
    let flags = kind === GIVEN ? LOOK.GIVEN : kind === PLACED ? LOOK.PLACED : 0;
    if (kind === PLACED && view.tone === "solution") flags |= LOOK.SOLUTION;
    if (i === view.newest) flags |= LOOK.NEWEST;
    if (i === view.takenBack) flags |= LOOK.TAKEN_BACK;
    if (view.unit.has(i)) flags |= view.tone === "dead" ? LOOK.UNIT | LOOK.DEAD : LOOK.UNIT;
    if (view.culprits.has(i)) flags |= LOOK.CULPRIT;
    if (view.blamed.has(i)) flags |= LOOK.BLAME;
    looks[i] = view.values[i] | (flags << 8);
  }
  return looks;
}

export class BoardView {
  /**
   * @param {HTMLElement} root the element that becomes the grid
   * @param {object} hooks onEdit(cell, value) when a key fills (value > 0) or clears (0) a cell;
   *   onLocked() when such a key or a click on a cell comes while the board shows a replay
   *   (it edits nothing then); onOtherSymbol(key) when a key is a symbol of a larger
   *   board only (A on a 9×9), which fills nothing
   */
  constructor(root, { onEdit, onLocked = () => {}, onOtherSymbol = () => {} }) {
    this.root = root;
    this.onEdit = onEdit;
    this.onLocked = onLocked;
    this.onOtherSymbol = onOtherSymbol;
    this.locked = false;      // showing a replay: keys and clicks edit nothing
    this.pickable = false;    // a replayed board whose cells answer a question (setPickable)
    this.size = 0;
    this.active = 0;
    this.cells = [];
    root.setAttribute("role", "grid");
    this.canvas = document.createElement("canvas");
    this.canvas.className = "board-canvas";
    this.canvas.setAttribute("aria-hidden", "true");
    this.canvas.hidden = true;
    this.painter = new BoardCanvas(this.canvas, root);
    this.direct = window.matchMedia("(forced-colors: active)");
    this.pending = null;
    this.restTimer = 0;
    root.addEventListener("keydown", (e) => this.onKey(e));
    // During a replay a click leaves the focus where it was (the slider), so
    // the replay keys (←, →, Space) go on working after a click on the board.
    root.addEventListener("mousedown", (e) => { if (this.locked) e.preventDefault(); });
    root.addEventListener("click", (e) => {
      if (this.locked) {
        if (e.target.closest("[data-cell]")) this.onLocked();    // say how to edit
        return;
      }
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
    this.dropPending();
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
        el.tabIndex = index === 0 && !this.locked ? 0 : -1;
        const value = document.createElement("span");
        value.className = "value";
        el.append(value);
        this.cells.push({
          el, value, base: "cell", pencilEl: null,
          shown: { text: null, cls: null, label: null, marks: 0 },
          place: say("board.cell.place", { row: String(r + 1), column: String(c + 1) }),
        });
        row.append(el);
      }
      rows.push(row);
    }
    this.root.replaceChildren(this.canvas, ...rows);
    this.setRules(this.rules || { names: [], regions: null }, { force: true });
  }

  /**
   * Draw the rules on the board: thick lines between boxes (or a jigsaw's
   * regions), the long diagonals of an X, the shaded windows of a Windoku.
   * `regions`: each cell's region (Int32Array) or null for the boxes.
   */
  setRules({ names = [], regions = null }, { force = false } = {}) {
    const key = `${this.size}|${names.join(",")}|${regions ? regions.join("") : ""}`;
    this.rules = { names, regions };
    if (key === this.rulesKey && !force) return;
    this.rulesKey = key;
    const size = this.size;
    const n = this.box;
    const marks = boardMarks(size, names, regions && regions.length === size * size ? regions : null);
    for (let i = 0; i < this.cells.length; i++) {
      const r = Math.floor(i / size);
      const c = i % size;
      // Thick lines between boxes or regions, as on paper.
      let base = "cell";
      if (marks.right[i]) base += " edge-right";
      if (marks.bottom[i]) base += " edge-bottom";
      if (!regions && Math.floor(r / n) % 2 === Math.floor(c / n) % 2) base += " box-even";
      if (marks.decor[i] & DECOR.WINDOW) base += " window";
      if (marks.decor[i] & DECOR.DIAGONAL) base += " diagonal";
      if (marks.decor[i] & DECOR.ANTI_DIAGONAL) base += " anti-diagonal";
      const cell = this.cells[i];
      cell.base = base;
      const cls = cell.shown.cls === null ? "" : cell.shown.cls.split(" ").filter((w) => !BASE_WORDS.has(w)).join(" ");
      cell.el.className = `${base} ${cls}`.trim();
      cell.shown.cls = cell.el.className;
    }
    this.root.classList.toggle("jigsaw", !!regions);
    this.painter.setDecor(marks.decor, !regions);
    this.painter.invalidate(true);
  }

  setActive(index) {
    if (index === this.active || !this.cells[index]) return;
    this.cells[this.active].el.tabIndex = -1;
    this.active = index;
    if (!this.locked || this.pickable) this.cells[index].el.tabIndex = 0;
  }

  /**
   * Whether the replayed board takes the keys (predict mode's questions are answered on it):
   * its active cell is a Tab stop again, and the arrows move between cells as in editing.
   */
  setPickable(on) {
    this.pickable = on;
    if (this.cells[this.active]) this.cells[this.active].el.tabIndex = !this.locked || on ? 0 : -1;
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
      if (this.locked) this.onLocked();
      else this.onEdit(cell, 0);
    } else if (e.key.length === 1 && valueOfSymbol(e.key, size) >= 0) {
      if (this.locked) {
        this.onLocked();
      } else {
        this.onEdit(cell, valueOfSymbol(e.key, size));
        // On to the next cell in reading order (a row's end goes on to the
        // next row), so a puzzle types as it reads; the last cell keeps the
        // focus, so a key too many changes nothing else. Backspace and
        // Delete clear in place.
        if (!this.locked && cell + 1 < size * size) this.focusCell(cell + 1);
      }
    } else {
      handled = false;   // Space, Tab, shortcuts: the page handles them
      // Still said: a letter that is a digit on a larger board fills nothing on this one.
      if (!this.locked && e.key.length === 1 && valueOfSymbol(e.key, SYMBOLS.length) > size) this.onOtherSymbol(e.key);
    }
    if (handled) {
      // The grid owns these keys: the page's replay shortcuts must not see them.
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** Draw the puzzle being entered; `clashes` is a Set of cells to mark. */
  showPuzzle(values, clashes = new Set()) {
    this.dropPending();
    this.canvas.hidden = true;
    for (let i = 0; i < this.cells.length; i++) {
      const v = values[i];
      let cls = v ? "given" : "empty";
      if (clashes.has(i)) cls += " clash";
      this.paint(i, symbolOf(v), cls, v ? `${symbolOf(v)}${clashes.has(i) ? ", clashes" : ""}` : "empty", 0);
    }
    this.root.classList.remove("replaying", "tone-solution");
    if (this.locked) {
      this.locked = false;
      this.cells[this.active].el.tabIndex = 0;    // one Tab stop again, where it was
    }
  }

  /** Draw one replay state, as made by replayView(). */
  showReplay(view) {
    const looks = looksOf(view);
    const marks = view.pencil;
    if (!this.locked) {
      // A replayed board is a picture: out of the Tab order, so that every
      // key reaches the replay (the cells' labels stay readable).
      this.locked = true;
      if (!this.pickable) this.cells[this.active].el.tabIndex = -1;
    }
    this.root.classList.add("replaying");
    this.root.classList.toggle("tone-solution", view.tone === "solution");
    if (this.direct.matches) {
      // Forced colours (high contrast): the system's colours apply to the
      // grid's own text, not to a canvas, so the grid draws every step.
      this.canvas.hidden = true;
      this.showLooks(looks, marks);
      return;
    }
    this.canvas.hidden = false;
    this.painter.draw(looks, marks, this.size);
    this.pending = { looks, marks };
    this.root.setAttribute("aria-busy", "true");
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => this.settle(), REST_MS);
  }

  /** The replay rests: bring the grid's text, classes and labels up to the canvas. */
  settle() {
    clearTimeout(this.restTimer);
    const pending = this.pending;
    this.pending = null;
    if (pending) this.showLooks(pending.looks, pending.marks);
    this.root.removeAttribute("aria-busy");
  }

  /** Drop a step not yet written into the grid (the board is about to show something else). */
  dropPending() {
    clearTimeout(this.restTimer);
    this.pending = null;
    this.root.removeAttribute("aria-busy");
  }

  /** Write cell looks into the grid itself. */
  showLooks(looks, marks) {
    for (let i = 0; i < this.cells.length; i++) {
      const look = looks[i];
      const v = lookValue(look);
      const flags = lookFlags(look);
      let cls = flags & LOOK.GIVEN ? "given" : flags & LOOK.PLACED ? "placed" : "empty";
      let label = v ? symbolOf(v) : CELL_WORDS.empty;
      if (flags & LOOK.GIVEN) label += CELL_WORDS.given;
      if (flags & LOOK.NEWEST) { cls += " newest"; label += CELL_WORDS.newest; }
      if (flags & LOOK.TAKEN_BACK) { cls += " taken-back"; label += CELL_WORDS.takenBack; }
      if (flags & LOOK.UNIT) cls += " unit";
      if (flags & LOOK.DEAD) { cls += " dead"; label += CELL_WORDS.dead; }
      if (flags & LOOK.CULPRIT) { cls += " culprit"; label += CELL_WORDS.culprit; }
      if (flags & LOOK.BLAME) { cls += " blame"; label += CELL_WORDS.blame; }
      const m = !v && marks ? marks[i] : 0;
      this.paint(i, symbolOf(v), cls, label, m);
    }
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
