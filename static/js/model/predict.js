// model/predict.js — predict mode (&predict=1): before each choice the learner says
// which item the search will choose next, and at each dead end which earlier
// choice is a culprit; each answer is judged right or wrong, with why, from the
// log alone: the chosen item and its option count (the log's `choose` events
// and `sizes`), the options each item still has at that step (the replay state,
// as the Why panel's runners-up count them), and a dead end's culprits (the
// facts). Nothing about the search is worked out here that the log does not
// hold. Forced moves (a choose whose item has one option) are skipped unless
// asked for (&predict=all). No DOM.

import { CHOOSE, DEAD_END } from "./steplog.js";
import { joinAnd, say } from "./messages.js";

/** The two kinds of question. */
export const ITEM = 0;
export const CULPRIT = 1;

/** The first index of a sorted array whose value is >= x. */
function lowerBound(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Quiz {
  /**
   * @param {StepLog} log the replayed log
   * @param {object} [o] forced: ask about forced moves too
   */
  constructor(log, { forced = false } = {}) {
    this.log = log;
    this.forced = forced;
    // The questions, in step order: asked at step `at` (the state before the event that
    // answers it), each {kind, ref}: the choose's ordinal (its `sizes` entry) or the dead end's number.
    const at = [];
    const kind = [];
    const ref = [];
    let chooses = 0;
    let deadEnds = 0;
    for (let i = 0; i < log.kinds.length; i++) {
      if (log.kinds[i] === CHOOSE) {
        const d = log.sizes[chooses];
        if (forced || d !== 1) {
          at.push(i);
          kind.push(ITEM);
          ref.push(chooses);
        }
        chooses++;
      } else if (log.kinds[i] === DEAD_END) {
        // Asked at the choose that found the item empty (the step before the dead end),
        // unless the givens alone starve it: then no choice is to blame. Not with bounds: the
        // question's words say the item has no option left, and with bounds it may have a few.
        if (!log.bounds && log.facts.culpritsOf(deadEnds).length) {
          at.push(i);
          kind.push(CULPRIT);
          ref.push(deadEnds);
        }
        deadEnds++;
      }
    }
    this.at = Int32Array.from(at);
    this.kind = Uint8Array.from(kind);
    this.ref = Int32Array.from(ref);
    this.done = new Uint8Array(at.length);     // 1: answered right, 2: wrong, 3: skipped
    this.right = 0;
    this.asked = 0;
  }

  get count() {
    return this.at.length;
  }

  /** The question asked at this step (its index), or -1. */
  questionAt(step) {
    const q = lowerBound(this.at, step);
    return q < this.at.length && this.at[q] === step ? q : -1;
  }

  /** The first question not yet answered at a step from `from` to `to` (both included), or -1. */
  openBetween(from, to) {
    for (let q = lowerBound(this.at, from); q < this.at.length && this.at[q] <= to; q++) {
      if (!this.done[q]) return q;
    }
    return -1;
  }

  /**
   * How far forward the replay may go from `cursor` towards `target`: to the first
   * unanswered question on the way (the replay stops there to ask it).
   */
  limit(cursor, target) {
    if (target <= cursor) return target;
    const q = this.openBetween(cursor, target - 1);
    return q < 0 ? target : this.at[q];
  }

  /**
   * Question q: {kind, at (the step it is asked at), reveal (the step that answers it),
   * item (the chosen item, or the item that ran out), d (its options), deadEnd, culprits,
   * forced}.
   */
  question(q) {
    const log = this.log;
    const at = this.at[q];
    if (this.kind[q] === ITEM) {
      const d = log.sizes[this.ref[q]];
      return { kind: ITEM, at, reveal: at + 1, item: log.args[at], d, forced: d === 1 };
    }
    const k = this.ref[q];
    return { kind: CULPRIT, at, reveal: at + 1, item: log.args[at], deadEnd: k, culprits: Array.from(log.facts.culpritsOf(k)) };
  }

  /** What the page asks for question q. */
  ask(q, { sudoku = false } = {}) {
    const question = this.question(q);
    if (question.kind === ITEM) return say(sudoku ? "predict.ask.item.sudoku" : "predict.ask.item");
    return say(sudoku ? "predict.ask.culprit.sudoku" : "predict.ask.culprit", { empty: this.log.phrases.empty[question.item] });
  }

  /** Record an answer's result on question q (once: a second answer does not count). */
  mark(q, right) {
    if (this.done[q]) return;
    this.done[q] = right ? 1 : 2;
    this.asked += 1;
    if (right) this.right += 1;
  }

  /** Leave question q unanswered: it is not scored. */
  skip(q) {
    if (!this.done[q]) this.done[q] = 3;
  }

  /**
   * The learner's item for question q (an item question), judged: {right, words}.
   * `state` is the replay state at the question's step (before the choose).
   */
  answerItem(q, state, item) {
    const log = this.log;
    const { item: chosen, d } = this.question(q);
    const need = log.phrases.need[chosen];
    const right = item === chosen;
    this.mark(q, right);
    if (right) {
      return { right, words: say(log.choose === "first" ? "predict.item.right.first" : "predict.item.right", { need, d }) };
    }
    const mine = log.phrases.need[item];
    const k = log.liveOptionsOf(state, item).length;
    if (log.choose === "first") return { right, words: say("predict.item.wrong.first", { mine, need }) };
    if (state.covered[item]) return { right, words: say("predict.item.wrong.covered", { mine, need, d }) };
    if (item >= log.primary) return { right, words: say("predict.item.wrong.secondary", { mine, need, d }) };
    // An open primary item with as few options as the chosen one lost the tie: it comes later in the item list.
    return { right, words: say(k === d ? "predict.item.wrong.tie" : "predict.item.wrong", { mine, k, need, d }) };
  }

  /**
   * The learner's level for question q (a culprit question), judged: {right, words}.
   * `state` is the replay state at the question's step (the path's choices).
   */
  answerLevel(q, state, level) {
    const log = this.log;
    const { item, culprits } = this.question(q);
    const right = culprits.includes(level);
    this.mark(q, right);
    const named = culprits.map((l) => say("predict.culprit.one", { label: log.labels[state.frameOption[l]], level: l }));
    const fields = {
      label: log.labels[state.frameOption[level]], level, culprits: joinAnd(named),
      count: culprits.length, empty: log.phrases.empty[item],
    };
    return { right, words: say(right ? "predict.culprit.right" : "predict.culprit.wrong", fields) };
  }

  /** The score in words. */
  scoreWords() {
    return say("predict.score", { right: this.right, asked: this.asked });
  }
}

// ---- answering on the Sudoku board -------------------------------------------------

/** A unit's kind, read off its item's name (docs/step-log.md, Sudoku numbering and variants): its words and key. */
const UNIT_KINDS = {
  r: { words: "predict.unit.row", key: "r" },
  c: { words: "predict.unit.column", key: "c" },
  b: { words: "predict.unit.box", key: "b" },
  j: { words: "predict.unit.region", key: "b" },      // a jigsaw's region stands in the box's place
  d: { words: "predict.unit.diagonal", key: "d" },
  w: { words: "predict.unit.window", key: "w" },
};

/**
 * The answers a cell of the Sudoku board offers to "which item will the search choose next?":
 * {cell: {item, need, open}, groups}. The cell's own item, then each unit (a row, column, box or
 * region, diagonal, window, a constraint's item) the cell's digits belong to, in the order its
 * options list them: {name (the unit's name, "r4"), label ("Row 4 needs"; null for an item with
 * no digit), key (the letter that picks it: r, c, b, d, w; "" for none), items: [{item, symbol,
 * need, open}] (one per digit the unit's item names, in digit order), cells (the unit's cells,
 * to outline)}. Read from the log's options, item names and phrases, and the replay state's
 * covers (an item covered is no longer open); nothing is judged here.
 */
export function cellAnswers(log, state, cell) {
  const size = log.problem.size;
  const cellItem = log.options[cell * size][0];
  const groups = new Map();
  for (let d = 0; d < size; d++) {
    const items = log.options[cell * size + d];
    for (let t = 1; t < items.length; t++) {
      const item = items[t];
      if (item >= log.primary) continue;
      const name = log.items[item];
      const hash = name.lastIndexOf("#");
      const unit = hash > 0 ? name.slice(0, hash) : name;
      let group = groups.get(unit);
      if (!group) {
        const kind = /^([rcbjdw])(\d+)$/.exec(unit);
        const known = kind ? UNIT_KINDS[kind[1]] : null;
        group = {
          name: unit, key: known ? known.key : "", items: [], cells: new Set(),
          label: known ? say(known.words, { n: Number(kind[2]) }) : hash > 0 ? say("predict.unit.other", { name: unit }) : null,
        };
        groups.set(unit, group);
      }
      if (group.items.some((x) => x.item === item)) continue;
      group.items.push({ item, symbol: hash > 0 ? name.slice(hash + 1) : "", need: log.phrases.need[item], open: !state.covered[item] });
      for (const o of log.optionsOfItem[item]) if (o < size * size * size) group.cells.add(Math.floor(o / size));
    }
  }
  return {
    cell: { item: cellItem, need: log.phrases.need[cellItem], open: !state.covered[cellItem] },
    groups: [...groups.values()].map((g) => ({ ...g, cells: [...g.cells].sort((a, b) => a - b) })),
  };
}
