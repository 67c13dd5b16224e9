// pages/predict-mode.js — predict mode on both pages (&predict=1, or all): the Predict
// button turns it on and off through the page state (`predict`); while it is on, the
// replay's timeline stops at each question (model/predict.js) until it is answered
// or skipped, the panel asks it, and a click on the Sudoku board answers it (a cell
// for an item question, a placed digit for a culprit question). The address keeps
// the mode. sudoku-page.js and cover-page.js each call wirePredict once.

import * as words from "../model/messages.js";
import { CULPRIT, ITEM, Quiz } from "../model/predict.js";
import { optionPlacement } from "../model/steplog.js";
import { PredictPanel } from "../views/predictpanel.js";

const $ = (id) => document.getElementById(id);

/**
 * @param {object} page player (the Replayer), store (the PageState), kind ("sudoku" or "cover"),
 *   initial (the mode the address asked for: "off", "on" or "all"), keepStep (the address named a step)
 */
export function wirePredict({ player, store, kind, initial = "off", keepStep = false }) {
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
  });

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
      items: null, levels: null,
    };
    if (q >= 0 && !verdict) {
      const log = player.replay.log;
      const state = stateNow();
      if (quiz.question(q).kind === ITEM) {
        view.items = [];
        // On the Sudoku page a cell is answered on the board: the menu holds the units' digits.
        const from = sudoku ? log.problem.size * log.problem.size : 0;
        for (let i = from; i < log.primary; i++) if (!state.covered[i]) view.items.push({ item: i, text: log.phrases.need[i] });
      } else {
        view.levels = [];
        for (let l = 0; l < state.height; l++) {
          if (state.frameK[l] > 0) view.levels.push({ level: l, text: words.say("predict.level", { level: l, label: log.labels[state.frameOption[l]] }) });
        }
      }
    }
    panel.show(view);
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

  // On the Sudoku board, a click answers: a cell (its item), or a placed digit (its level).
  if (sudoku) {
    $("board").addEventListener("click", (e) => {
      const q = openQuestion();
      const cell = e.target instanceof Element ? e.target.closest("[data-cell]") : null;
      if (q < 0 || verdict || !cell) return;
      e.stopPropagation();      // an answer, not a try at editing a replay
      const index = Number(cell.dataset.cell);
      if (quiz.question(q).kind === ITEM) {
        answerItem(index);      // a cell's item id is its index (docs/step-log.md, Sudoku numbering)
        return;
      }
      const state = stateNow();
      const { log } = player.replay;
      for (let l = 0; l < state.height; l++) {
        if (state.frameK[l] > 0 && optionPlacement(state.frameOption[l], log.problem.size).cell === index) {
          answerLevel(l);
          return;
        }
      }
    }, { capture: true });
  }

  if (initial !== "off") store.update({ type: "predict", mode: initial });
  setUp();
}
