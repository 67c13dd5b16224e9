// pages/embed-page.js — wires the embeddable player (/embed, templates/embed.html): it
// solves the problem its address names (model/embed.js) and replays the range asked
// for on the board (a Sudoku) or the picture (a cover problem), with the slider, the
// buttons and keys of the player (views/controls.js) kept within the range, and the
// Why panel. It writes no history: the page around it owns the address bar.

import * as api from "../model/api.js";
import * as words from "../model/messages.js";
import { embedRange, readEmbed } from "../model/embed.js";
import { explainStep, culpritOptions } from "../model/explain.js";
import { BACKUP, loadStepLog } from "../model/steplog.js";
import { Timeline } from "../model/timeline.js";
import { coverShareQuery, shareQuery } from "../model/url.js";
import { PlayerControls } from "../views/controls.js";
import { WhyPanel } from "../views/why.js";
import { BoardView, replayView } from "../views/board.js";
import { PictureView, matrixPicture } from "../views/picture.js";
import { readRegions } from "../model/variants.js";

const $ = (id) => document.getElementById(id);

const asked = readEmbed(location.search);
const why = new WhyPanel($("why"));
let timeline = null;
const controls = new PlayerControls({
  root: $("player"), slider: $("step-slider"), label: $("step-label"),
  first: $("btn-first"), back: $("btn-back"), play: $("btn-play"), forward: $("btn-forward"),
  last: $("btn-last"), prevDead: $("btn-prev-dead"), nextDead: $("btn-next-dead"),
  prevSolution: $("btn-prev-solution"), nextSolution: $("btn-next-solution"),
  speed: $("speed"), pencil: null, jumpNote: $("jump-note"),
}, { getTimeline: () => timeline });
controls.setEnabled(false);

/** The request body of the problem asked for. */
function requestOf({ kind, share }) {
  const settings = { solutions: share.solutions, choose: share.choose };
  if (kind === "sudoku") {
    return { puzzle: share.puzzle, variant: share.variants, ...(share.regions ? { regions: share.regions } : {}), ...settings };
  }
  return share.builtin ? { builtin: share.builtin, params: share.params, ...settings } : { text: share.text, ...settings };
}

/** The drawing of a step: the board, or the problem's picture. */
function drawerOf(kind, data, log) {
  if (kind === "sudoku") {
    const board = new BoardView($("board"), { onEdit: () => {} });
    board.setSize(log.problem.size);
    board.setRules({ names: data.variants || [], regions: data.regions ? readRegions(data.regions, log.problem.size).regions : null });
    return (state, explanation) => board.showReplay(replayView(log, state, explanation));
  }
  const picture = new PictureView($("picture"), $("placed"));
  const drawing = data.picture || matrixPicture(log);
  picture.setPicture(drawing, log);
  $("picture-title").textContent = drawing ? data.title : words.say("page.cover.matrix_title", { title: data.title });
  return (state, explanation) => picture.show(log.placed(state), log.newest(state), state,
    explanation.kind === "dead-end" ? explanation.item : -1, culpritOptions(state, explanation));
}

/** Say lines in the message box under the player (none: hidden). */
function tell(lines, tone = "warning") {
  const box = $("embed-message");
  box.replaceChildren(...lines.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
  box.dataset.tone = tone;
  box.hidden = !lines.length;
}

/** The full page's address for this problem, at the range's first step. */
function fullPageAddress({ kind, share }, from) {
  const at = { ...share, step: from, marks: [], edit: false, predict: "off", tour: false };
  return kind === "sudoku" ? `/${shareQuery(at)}` : `/cover${coverShareQuery(at)}`;
}

async function start() {
  if (!asked) {
    $("step-label").textContent = "";
    why.showMessage(words.say("why.idle"), words.say("embed.no_problem"));
    tell([words.say("embed.no_problem")], "error");
    return;
  }
  const body = requestOf(asked);
  const answer = asked.kind === "sudoku" ? await api.solve(body) : await api.cover(body);
  if (!answer.ok) {
    $("step-label").textContent = "";
    why.showMessage(words.say("why.idle"), answer.data.error);
    tell([answer.data.error], "error");
    return;
  }
  const data = answer.data;
  const log = loadStepLog(data.log);
  const range = embedRange(asked.from, asked.to, log.stepCount);
  tell([...asked.notes, ...range.notes]);
  const draw = drawerOf(asked.kind, data, log);
  document.title = asked.kind === "sudoku" ? words.say("embed.title.sudoku", range) : words.say("embed.title.cover", { ...range, title: data.title });
  $("embed-range").textContent = words.say("embed.range", { ...range, steps: log.stepCount });
  $("open-page").href = fullPageAddress(asked, range.from);
  timeline = new Timeline({
    stepCount: range.to, start: range.from, total: log.stepCount, cursor: range.from, deadEnds: log.deadEndSteps, solutions: log.solutionSteps,
    schedule: (callback) => requestAnimationFrame(callback),
  });
  let state = null;
  let drawn = -1;
  controls.reset();
  controls.setEnabled(true);
  timeline.subscribe((t) => {
    const step = t.cursor;
    state = log.seek(step, state);
    if (step !== drawn) {
      const explanation = explainStep(log, state);
      draw(state, explanation);
      why.show(explanation, step);
      drawn = step;
    }
    const top = state.top();
    const leaving = log.kindAt(step) === BACKUP ? log.argAt(step) : null;    // as the full player says it
    controls.render(t, top ? { level: state.level, k: top.k, d: top.d, leaving } : { level: -1, k: 0, d: 0, leaving });
  });
  if (asked.autoplay) timeline.play();
}

start();
