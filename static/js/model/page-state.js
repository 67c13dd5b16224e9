// model/page-state.js — the one state of a page, and the one way to change it.
// A page holds a PageState; everything that changes what the page shows is an
// action passed to update(), which computes the next state with reduce() (pure:
// no DOM, no fetch, so node tests drive it) and tells the subscribers, the
// views' render functions, what changed. No DOM.
//
// Glossary
//   puzzle     {size, values}: the Sudoku being entered (values: 0 for a blank);
//              on the cover page {kind: "cover"} (its problem is the form's).
//   mode       "edit" (entering a puzzle) or "replay" (a solve's log is on
//              screen). A solve in flight is the SolveRunner's (pages/replay.js):
//              until its answer comes, the page stays as it was.
//   answer     the server's answer being replayed (null outside a replay).
//   cursor     the replay's step (0 before the first event).
//   selection  the board cell with the keyboard focus (-1: none).
//   box        the Puzzle string box's own text, when it differs from the board:
//              {text, unread, reason} (unread: the page put it there from a paste
//              or a link that could not be read), or null when it mirrors the board.
//   constraints the Sudoku's constraints in the normalised form (model/constraints.js:
//              cages, thermometers, dots…), drawn on the board and sent with a solve;
//              negative, the kinds whose absence is a rule ("kropki", "xv"). A whole
//              new puzzle brings its own (an import) or none.
//   importNotes what the puzzle's import (or link) said: what it held that is not
//              on the board; each whole new puzzle brings its own.
//   errorCells the cells the server's last refusal named.
//   failedLoad {text, reason} of a Load that could not be read, kept for "Back to
//              my text" while the box shows the board's puzzle (null: none).
//   examples   the examples (Sudoku) or built-in problems (cover) the server offers.
//   picked     the user chose a problem: a late catalogue must not change the choice.
//   heat       what the dead-end heatmap over the board shades: "off", "cells",
//              "rows", "cols" or "boxes" (shown only during a replay).
//   pending    a solve in flight: {estimate} (null until Knuth's estimate of its
//              tree comes), or null when no solve is pending.
//   compare    the heuristic comparison of the replayed puzzle: null (not asked),
//              {status: "running"}, {status: "done", data} or {status: "error", error};
//              its puzzle is the answer's (a new replay or an edit drops it).
//   predict    predict mode (&predict=1): "off", "on" (forced moves skipped) or "all".
//   tour       the guided tour (&tour=1): null when off, else the index of the
//              tour's moment on screen (model/tour.js).

/** The state a page starts in; `puzzle` is the page's own kind of puzzle. */
export function initialState(puzzle) {
  return Object.freeze({
    puzzle, mode: "edit", answer: null, share: null, cursor: 0, selection: 0, pencil: false, presenting: false,
    box: null, failedLoad: null, errorCells: EMPTY, examples: [], picked: false, atEdit: true, editPushed: false,
    heat: "off", pending: null, compare: null, predict: "off", tour: null,
    constraints: EMPTY, negative: EMPTY, importNotes: EMPTY,
  });
}

const EMPTY = Object.freeze([]);

/** A list kept in the state: frozen, and the one empty list when there is none. */
const frozenList = (list) => (list && list.length ? Object.freeze([...list]) : EMPTY);

/** A Sudoku puzzle of a size, blank or with the values given. */
export function sudokuPuzzle(size, values = null) {
  return Object.freeze({ size, values: Object.freeze(values ? Array.from(values) : new Array(size * size).fill(0)) });
}

/**
 * The next state after an action ({type, ...}); the same object when nothing
 * changes, so subscribers can skip. Unknown actions are an error: every change
 * is named here.
 */
export function reduce(state, action) {
  const next = (changes) => {
    const changed = Object.keys(changes).some((key) => changes[key] !== state[key]);
    return changed ? Object.freeze({ ...state, ...changes }) : state;
  };
  switch (action.type) {
    case "load":          // a whole new puzzle (a size, an example, a paste, Load, Clear, a link)
      return next({
        puzzle: action.puzzle, mode: "edit", answer: null, share: null, cursor: 0, errorCells: EMPTY, compare: null,
        constraints: frozenList(action.constraints), negative: frozenList(action.negative), importNotes: frozenList(action.notes),
      });
    case "constraints":   // constraints drawn or taken off by hand: the puzzle changed, any replay is left
      return next({
        constraints: frozenList(action.constraints), negative: action.negative ? frozenList(action.negative) : state.negative,
        mode: "edit", answer: null, share: null, cursor: 0, errorCells: EMPTY, compare: null,
      });
    case "edit-cell": {   // a key on the board filled or cleared a cell
      const { size, values } = state.puzzle;
      if (values[action.cell] === action.value && state.mode === "edit") return state;
      const changed = Array.from(values);
      changed[action.cell] = action.value;
      return next({ puzzle: sudokuPuzzle(size, changed), mode: "edit", answer: null, share: null, cursor: 0, errorCells: EMPTY, compare: null });
    }
    case "select":
      return next({ selection: action.cell });
    case "refused":       // the server would not solve it: back to editing, with the cells it named
      return next({ mode: "edit", errorCells: Object.freeze([...(action.cells || [])]) });
    case "rules":         // a variant picked or a map typed: the cells a refusal named were for the old rules
      return next({ errorCells: EMPTY });
    case "replay":        // a solve's answer is on screen; its puzzle is the board's
      return next({
        mode: "replay", answer: action.answer, share: action.share, cursor: action.cursor ?? 0,
        puzzle: action.puzzle ?? state.puzzle, errorCells: EMPTY, atEdit: false, editPushed: false,
        compare: action.answer === state.answer ? state.compare : null,
      });
    case "cursor":
      return state.mode === "replay" ? next({ cursor: action.step, share: action.share ?? state.share }) : state;
    case "leave":         // the replay gives way to the puzzle it solved
      return next({ mode: "edit", answer: null, cursor: 0, compare: null });
    case "pencil":
      return next({ pencil: Boolean(action.on) });
    case "presenting":
      return next({ presenting: Boolean(action.on) });
    case "box":           // the box's own text (null: it mirrors the board)
      return next({ box: action.text === null ? null : Object.freeze({ text: action.text, unread: Boolean(action.unread), reason: action.reason ?? null }) });
    case "failed-load":   // a Load that could not be read keeps its text aside (null: it is gone)
      return next({ failedLoad: action.failed ? Object.freeze({ ...action.failed }) : null });
    case "examples":
      return next({ examples: Object.freeze([...action.examples]) });
    case "pick":          // the user chose a problem in the menu
      return next({ picked: true });
    case "history":       // where this history entry stands (see pages/sudoku-page.js rememberPuzzle)
      return next({ atEdit: action.atEdit ?? state.atEdit, editPushed: action.editPushed ?? state.editPushed });
    case "heat":          // the heatmap's mode
      if (!["off", "cells", "rows", "cols", "boxes"].includes(action.mode)) throw new Error(`unknown heatmap ${action.mode}`);
      return next({ heat: action.mode });
    case "pending":       // a solve starts (on: true), its estimate comes (estimate), or it ends (on: false)
      if (action.on === true) return next({ pending: Object.freeze({ estimate: null }) });
      if (action.on === false) return next({ pending: null });
      return state.pending ? next({ pending: Object.freeze({ estimate: action.estimate }) }) : state;
    case "compare":       // the comparison of the replayed puzzle's two searches (ignored outside a replay)
      return state.mode === "replay" || action.result === null
        ? next({ compare: action.result ? Object.freeze({ ...action.result }) : null }) : state;
    case "predict":       // predict mode on (forced moves skipped, or all) or off
      if (!["off", "on", "all"].includes(action.mode)) throw new Error(`unknown predict mode ${action.mode}`);
      return next({ predict: action.mode });
    case "tour":          // the guided tour at a moment (null: off)
      if (action.at !== null && !(Number.isInteger(action.at) && action.at >= 0)) throw new Error(`no tour moment ${action.at}`);
      return next({ tour: action.at });
    default:
      throw new Error(`unknown page action ${action.type}`);
  }
}

/** The state of one page: read it with .state, change it with update(action), watch it with subscribe(). */
export class PageState {
  constructor(state) {
    this.state = state;
    this.listeners = [];
    this.updating = false;
    this.queue = [];
  }

  /**
   * The one way to change the state. A listener that updates in turn is
   * queued, so every listener sees the changes in the order they were made.
   */
  update(action) {
    this.queue.push(action);
    if (this.updating) return;
    this.updating = true;
    try {
      while (this.queue.length) {
        const current = this.queue.shift();
        const before = this.state;
        const after = reduce(before, current);
        if (after === before) continue;
        this.state = after;
        for (const listener of this.listeners) listener(after, before, current);
      }
    } finally {
      this.updating = false;
      this.queue.length = 0;
    }
  }

  /** Call listener(state, previous, action) after every change; returns the way to stop. */
  subscribe(listener) {
    this.listeners.push(listener);
    return () => { this.listeners = this.listeners.filter((l) => l !== listener); };
  }
}

/** Whether a change touched any of the named fields. */
export function touched(state, previous, ...fields) {
  return fields.some((field) => state[field] !== previous[field]);
}
