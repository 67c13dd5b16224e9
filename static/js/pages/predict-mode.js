// pages/predict-mode.js — predict mode on both pages (&predict=1, or all): the Predict
// button turns it on and off through the page state (`predict`); while it is on, the
// replay's timeline stops at each question (model/predict.js) until it is answered
// or skipped, the panel asks it, and the learner answers on the board: on the Sudoku
// page a cell clicked (or reached with the arrows and Enter) opens a picker over the
// board (views/predictpicker.js) with the cell's item and its row's, column's and box's
// digits, r, c and b then a digit being its keys; a placed digit (click or Enter) or a
// node of the search tree on the path answers a culprit question. The address keeps
// the mode. sudoku-page.js and cover-page.js each call wirePredict once.

import * as words from "../model/messages.js";
import { CULPRIT, ITEM, Quiz, cellAnswers } from "../model/predict.js";
import { optionPlacement } from "../model/steplog.js";
import { PredictPanel } from "../views/predictpanel.js";
import { PredictPicker } from "../views/predictpicker.js";

const $ = (id) => document.getElementById(id);

/**
 * @param {object} page player (the Replayer), store (the PageState), kind ("sudoku" or "cover"),
 *   initial (the mode the address asked for: "off", "on" or "all"), keepStep (the address named a step),
 *   board (the Sudoku page's BoardView: its cells take the keys while a question is open)
 */
export function wirePredict({ player, store, kind, initial = "off", keepStep = false, board = null }) {
  const sudoku = kind === "sudoku";
  const button = $("btn-predict");
  let quiz = null;            // the quiz of the replay on screen, while the mode is on
  let quizOf = null;          // the answer it is of
  let verdict = null;         // {q, right, words}: the last answer's, shown until the replay moves on
  let firstReplay = true;

  const panel = new PredictPanel($("predict-panel"), {
    onItem: (item) => answerItem(item),
    onLevel: (level) => answerLevel(level),
    onSkip: () => {
      const q = openQuestion();
      if (q < 0) return;
      quiz.skip(q);
      player.seekTo(quiz.question(q).reveal);
    },
    onNext: () => {
      if (verdict) player.seekTo(quiz.question(verdict.q).reveal);
    },
    onForced: (on) => store.update({ type: "predict", mode: on ? "all" : "on" }),
    onBoard: () => board.focusCell(board.active),
  });
  // The Sudoku page's answers on the board.
  const picker = sudoku ? new PredictPicker($("board-wrap"), $("board"), {
    onAnswer: (item) => answerItem(item),
    onClose: (cell, inside) => { if (inside) board.focusCell(cell); },
  }) : null;

  /** The question asked at the cursor and not answered yet, or -1. */
  function openQuestion() {
    if (!quiz || !player.replay) return -1;
    const q = quiz.questionAt(player.replay.timeline.cursor);
    return q >= 0 && !quiz.done[q] ? q : -1;
  }

  /** The replay state at the cursor (the replay's own once it has drawn the step). */
  function stateNow() {
    const { state, timeline, log } = player.replay;
    return state && state.step === timeline.cursor ? state : log.seek(timeline.cursor);
  }

  function answerItem(item) {
    const q = openQuestion();
    if (q < 0 || quiz.question(q).kind !== ITEM) return;
    verdict = { q, ...quiz.answerItem(q, stateNow(), item) };
    if (picker) picker.close();
    render(true);
  }

  function answerLevel(level) {
    const q = openQuestion();
    if (q < 0 || quiz.question(q).kind !== CULPRIT) return;
    verdict = { q, ...quiz.answerLevel(q, stateNow(), level) };
    render(true);
  }

  /** The replay's timeline stops at questions while the mode is on. */
  function setUp() {
    const replay = player.replay;
    const on = store.state.predict !== "off" && !!replay;
    button.setAttribute("aria-pressed", String(store.state.predict !== "off"));
    button.disabled = !replay;
    panel.setVisible(on);
    if (!on) {
      if (picker) picker.close();
      if (board) board.setPickable(false);
      player.treePick = null;
      quiz = null;
      quizOf = null;
      if (replay) replay.timeline.limit = null;
      return;
    }
    const forced = store.state.predict === "all";
    if (quizOf !== replay.raw || quiz.forced !== forced) {
      const fresh = quizOf !== replay.raw;
      quiz = new Quiz(replay.log, { forced });
      quizOf = replay.raw;
      verdict = null;
      replay.timeline.limit = (cursor, target) => quiz.limit(cursor, target);
      player.treePick = (step) => treePick(step);
      // A new search is predicted from its start (unless the address named a step to open on).
      if (fresh && !(firstReplay && keepStep)) player.seekTo(0);
    }
    firstReplay = false;
    render(false);
  }

  /** The panel at the cursor. */
  function render(focusNext) {
    if (!quiz || !player.replay) return;
    const cursor = player.replay.timeline.cursor;
    if (verdict && quiz.at[verdict.q] !== cursor) verdict = null;      // the replay moved on
    const q = verdict ? verdict.q : openQuestion();
    const view = {
      key: `${cursor}:${q}:${verdict ? 1 : 0}:${quiz.asked}:${quiz.forced}`,
      question: q >= 0 ? quiz.ask(q, { sudoku }) : null,
      verdict, score: quiz.scoreWords(), forced: quiz.forced, focusNext,
      waiting: quiz.openBetween(cursor, Infinity) >= 0 ? words.say("predict.waiting") : words.say("predict.none"),
      items: null, levels: null, keys: null,
    };
    if (q >= 0 && !verdict) {
      const log = player.replay.log;
      const state = stateNow();
      if (quiz.question(q).kind === ITEM && sudoku) {
        view.keys = words.say("predict.keys");           // answered on the board (the picker)
      } else if (quiz.question(q).kind === ITEM) {
        view.items = [];
        for (let i = 0; i < log.primary; i++) if (!state.covered[i]) view.items.push({ item: i, text: log.phrases.need[i] });
      } else {
        if (sudoku) view.keys = words.say("predict.keys.culprit");
        view.levels = [];
        for (let l = 0; l < state.height; l++) {
          if (state.frameK[l] > 0) view.levels.push({ level: l, text: words.say("predict.level", { level: l, label: log.labels[state.frameOption[l]] }) });
        }
      }
    }
    panel.show(view);
    // The board answers while a question is open; the picker goes with its question.
    const asking = q >= 0 && !verdict;
    if (board) board.setPickable(asking);
    if (picker && (!asking || quiz.question(q).kind !== ITEM || picker.question !== q)) picker.close();
  }

  /** A node of the search tree clicked during a culprit question: a choice on the path answers it. */
  function treePick(step) {
    const q = openQuestion();
    const tree = player.replay && player.replay.tree;
    if (q < 0 || verdict || !tree || quiz.question(q).kind !== CULPRIT) return false;
    const node = tree.nodeAtStep(step);
    if (node < 0 || tree.step[node] !== step) return false;
    const state = stateNow();
    const level = tree.level[node];
    // On the path: the try of that level is the one the state holds (its node is an ancestor of the current one).
    const current = tree.currentNode(player.replay.timeline.cursor, state.height - 1);
    if (level >= state.height || state.frameK[level] <= 0 || !tree.pathTo(current).includes(node)) return false;
    answerLevel(level);
    return true;
  }

  /** The picker over the board, at a cell, for the question open (item questions only). */
  function pickAt(cell, options) {
    const q = openQuestion();
    if (q < 0 || verdict || quiz.question(q).kind !== ITEM) return false;
    picker.question = q;
    picker.show(cell, cellAnswers(player.replay.log, stateNow(), cell), options);
    return true;
  }

  /** A culprit question answered with a cell: the choice on the path that placed its digit. */
  function answerCell(index) {
    const state = stateNow();
    const { log } = player.replay;
    for (let l = 0; l < state.height; l++) {
      if (state.frameK[l] > 0 && state.frameOption[l] < log.problem.size ** 3
        && optionPlacement(state.frameOption[l], log.problem.size).cell === index) {
        answerLevel(l);
        return;
      }
    }
  }

  button.addEventListener("click", () => store.update({ type: "predict", mode: store.state.predict === "off" ? "on" : "off" }));

  store.subscribe((state, before, action) => {
    if (state.predict !== before.predict) player.updateShare({ predict: state.predict });
    if (state.mode !== before.mode || state.answer !== before.answer || state.predict !== before.predict) {
      // A new replay keeps the mode in its address (a Solve's share does not carry it).
      if (state.mode === "replay" && state.answer !== before.answer && state.predict !== "off") {
        player.updateShare({ predict: state.predict });
      }
      setUp();
    } else if (action.type === "cursor") {
      render(false);
    }
  });

  // On the Sudoku board a click answers: a cell opens the picker (its item, its units' digits),
  // a placed digit names its level. The keys do the same on a focused cell: Enter or Space,
  // or r, c, b, d, w for the cell's row, column, box, diagonal or window (then a digit).
  // Listened to on the board's wrapper as the event comes down, so that during a question they
  // come before the board's own (a pencil mark's what-if, Alt-click's or b's branch).
  const boardCell = (e) => {
    const cell = e.target instanceof Element ? e.target.closest("[data-cell]") : null;
    return cell && $("board").contains(cell) ? cell : null;
  };
  if (sudoku) {
    $("board-wrap").addEventListener("click", (e) => {
      const q = openQuestion();
      const cell = boardCell(e);
      if (q < 0 || verdict || !cell) return;
      e.stopImmediatePropagation();      // an answer, not a try at editing a replay or a what-if
      const index = Number(cell.dataset.cell);
      if (quiz.question(q).kind === ITEM) pickAt(index, { focus: true });
      else answerCell(index);
    }, { capture: true });
    $("board-wrap").addEventListener("keydown", (e) => {
      const q = openQuestion();
      const cell = boardCell(e);
      if (q < 0 || verdict || !cell || e.ctrlKey || e.metaKey || e.altKey) return;
      const index = Number(cell.dataset.cell);
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      let handled = false;
      if (quiz.question(q).kind === ITEM) {
        if (key === "Enter" || key === " ") handled = pickAt(index, { focus: true });
        else if (["r", "c", "b", "d", "w"].includes(key)) handled = pickAt(index, { unitKey: key });
      } else if (key === "Enter" || key === " ") {
        answerCell(index);
        handled = true;
      }
      if (handled) {
        e.preventDefault();
        e.stopImmediatePropagation();    // b here picks a box, not a what-if's branch
      }
    }, { capture: true });
    window.addEventListener("resize", () => { if (picker.open) picker.place(); });
  }

  if (initial !== "off") store.update({ type: "predict", mode: initial });
  setUp();
}
