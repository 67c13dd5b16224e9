// main.js — wires the Sudoku page: puzzle entry (board, paste, text field,
// examples, size), solving through the API, and the replay (timeline → board,
// why panel, overview strip, controls, URL, and on demand the exact cover
// matrix and, for 4×4, the dancing links). The only module of this page that
// knows every other one; cover.js wires the exact cover page the same way.

import * as api from "./api.js";
import { SIZES, formatPuzzle, findClashes } from "./sudoku.js";
import { LogFormatError, loadStepLog } from "./steplog.js";
import { explainStep } from "./explain.js";
import { Timeline } from "./timeline.js";
import { BoardView, replayView } from "./board.js";
import { WhyPanel } from "./why.js";
import { OverviewStrip } from "./overview.js";
import { PlayerControls } from "./controls.js";
import { UrlSync, readShare, sameSolve } from "./url.js";
import { ResultsPanel, downloadJson } from "./results.js";
import { MatrixView } from "./matrixview.js";
import { LinksPanel } from "./linksview.js";

const $ = (id) => document.getElementById(id);

const page = {
  size: 9,
  values: new Uint8Array(81),   // the puzzle being entered (0 = blank)
  serverCells: new Set(),       // cells the server's last error named
  examples: [],
  pencil: false,
  replay: null,                 // {log, raw, timeline, state, share, drawnStep, drawnPencil}
  solveToken: 0,                // the latest solve; older answers are dropped
  solveAbort: null,             // aborts the solve in flight, so the server can stop it
};

const url = new UrlSync();
const board = new BoardView($("board"), { onEdit: editCell });
const why = new WhyPanel($("why"));
const overview = new OverviewStrip($("overview"), { onSeek: (step) => seekTo(step) });
const controls = new PlayerControls({
  root: $("player"), slider: $("step-slider"), label: $("step-label"),
  first: $("btn-first"), back: $("btn-back"), play: $("btn-play"), forward: $("btn-forward"),
  last: $("btn-last"), prevDead: $("btn-prev-dead"), nextDead: $("btn-next-dead"),
  prevSolution: $("btn-prev-solution"), nextSolution: $("btn-next-solution"),
  speed: $("speed"), pencil: $("pencil"),
}, {
  getTimeline: () => (page.replay ? page.replay.timeline : null),
  onPencil: (on) => {
    page.pencil = on;
    if (page.replay) page.replay.timeline.requestDraw();
  },
});
const results = new ResultsPanel(
  { root: $("results"), outcome: $("outcome"), stats: $("stats"), list: $("solution-list") },
  { onSeek: seekTo },
);
// The matrix and the links are panels opened on demand: closed, they cost nothing.
const matrix = new MatrixView($("matrix"));
matrix.setVisible($("matrix-panel").open);
$("matrix-panel").addEventListener("toggle", () => {
  matrix.setVisible($("matrix-panel").open);
  if (page.replay) page.replay.timeline.requestDraw();
});
const links = new LinksPanel($("links"), { onJump: seekTo });
$("links-panel").addEventListener("toggle", () => {
  if (page.replay) {
    page.replay.drawnLinks = -1;
    page.replay.timeline.requestDraw();
  }
});

/** Move the replay to a step (a click on a solution, the strip, a matching step). */
function seekTo(step) {
  if (!page.replay) return;
  page.replay.timeline.pause();
  page.replay.timeline.seek(step);
}

// ---- messages next to the board ----------------------------------------------

function showMessage(lines, tone = "error") {
  const box = $("board-message");
  const list = Array.isArray(lines) ? lines : [lines];
  box.replaceChildren(...list.map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }));
  box.dataset.tone = tone;
  box.hidden = list.length === 0;
}

function clearMessage() {
  showMessage([]);
}

// ---- entering a puzzle ---------------------------------------------------------

function setSizeChoice(size) {
  for (const radio of document.querySelectorAll("input[name=size]")) radio.checked = Number(radio.value) === size;
}

/** Show the puzzle being entered, with clashing givens marked and named. */
function renderPuzzle() {
  const clashes = findClashes(page.values, page.size);
  const marked = new Set([...clashes.cells, ...page.serverCells]);
  board.showPuzzle(page.values, marked);
  if (clashes.messages.length) {
    const more = clashes.messages.length - 3;
    showMessage([...clashes.messages.slice(0, 3), ...(more > 0 ? [`… and ${more} more`] : [])], "error");
  } else if (!page.serverCells.size) {
    clearMessage();
  }
}

/** Replace the puzzle (size and values), leaving any replay. */
function loadPuzzle(size, values) {
  cancelSolve();
  leaveReplay();
  page.size = size;
  page.values = values ? Uint8Array.from(values) : new Uint8Array(size * size);
  page.serverCells = new Set();
  board.setSize(size);
  setSizeChoice(size);
  $("puzzle-text").value = values ? formatPuzzle(page.values, size) : "";
  renderPuzzle();
}

/** A key on the board filled (value > 0) or cleared (0) a cell. */
function editCell(cell, value) {
  cancelSolve();
  if (page.replay) leaveReplay();
  page.values[cell] = value;
  page.serverCells = new Set();
  $("puzzle-text").value = formatPuzzle(page.values, page.size);
  renderPuzzle();
}

/**
 * Read text as a puzzle with the server's parser (the one text boundary), or
 * say what is wrong and where. The text itself is left as the user typed it.
 * Resolves to whether the puzzle was loaded.
 */
async function readText(text, source) {
  const answer = await api.parse(text);
  if (!answer.ok) {
    showMessage(`Could not read the ${source}: ${answer.data.error}.`, "error");
    return null;
  }
  if (!SIZES.includes(answer.data.size)) {
    showMessage(`Could not read the ${source}: the page shows up to 25×25; use the command line for a `
      + `${answer.data.size}×${answer.data.size} puzzle.`, "error");
    return null;
  }
  return answer.data;
}

async function loadText(text, source) {
  const puzzle = await readText(text, source);
  if (!puzzle) return false;
  loadPuzzle(puzzle.size, puzzle.grid);
  $("examples").value = "";
  $("example-note").hidden = true;
  return true;
}

async function loadExamples() {
  const answer = await api.examples();
  if (!answer.ok || !Array.isArray(answer.data)) return;
  page.examples = answer.data;
  const select = $("examples");
  for (const example of page.examples) {
    const option = document.createElement("option");
    option.value = example.id;
    const dims = `${example.size}×${example.size}`;
    option.textContent = example.title.includes(dims) ? example.title : `${example.title} (${dims})`;
    select.append(option);
  }
}

// ---- solving ---------------------------------------------------------------------

function chosenSolutions() {
  const v = $("solutions").value;
  return v === "all" ? null : Number(v);
}

/** Select a value in the solutions menu, adding it when a shared link asks for another count. */
function setSolutionsChoice(solutions) {
  const select = $("solutions");
  const value = solutions === null ? "all" : String(solutions);
  if (![...select.options].some((o) => o.value === value)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = `up to ${value}`;
    select.append(option);
  }
  select.value = value;
}

function currentShare() {
  return {
    puzzle: formatPuzzle(page.values, page.size),
    solutions: chosenSolutions(),
    choose: $("choose").value,
    step: null,
  };
}

/**
 * Solve the puzzle on the board and start its replay. `push`: a new history
 * entry (a Solve press) rather than replacing this one (opening a link).
 * `step`: where to land; by default the first solution, or the last step.
 */
async function solve({ push = true, step = null } = {}) {
  const share = currentShare();
  cancelSolve();
  const token = page.solveToken;
  const abort = new AbortController();
  page.solveAbort = abort;
  showSolving(true);
  try {
    const answer = await api.solve(
      { puzzle: share.puzzle, solutions: share.solutions, choose: share.choose }, { signal: abort.signal });
    if (token !== page.solveToken) return;      // a newer solve or edit replaced this one
    if (!answer.ok) {
      leaveReplay();
      page.serverCells = new Set(Array.isArray(answer.data.cells) ? answer.data.cells : []);
      renderPuzzle();
      showMessage(answer.data.error, "error");
      return;
    }
    startReplay(answer.data, share, step, push);
  } finally {
    if (page.solveAbort === abort) {
      page.solveAbort = null;
      showSolving(false);
    }
  }
}

function showSolving(on) {
  const button = $("solve");
  button.disabled = on;
  button.textContent = on ? "Solving…" : "Solve";
  document.body.classList.toggle("busy", on);
}

/** Drop the solve in flight, if any: its answer would overwrite newer input. */
function cancelSolve() {
  page.solveToken++;
  if (page.solveAbort) {
    page.solveAbort.abort();
    page.solveAbort = null;
    showSolving(false);
  }
}

// ---- the replay --------------------------------------------------------------

function startReplay(data, share, step, push) {
  let log;
  try {
    log = loadStepLog(data.log);
  } catch (err) {
    if (!(err instanceof LogFormatError)) throw err;
    showMessage(`The server's step log could not be read: ${err.message}`, "error");
    return;
  }
  leaveReplay();
  const size = log.problem.size;
  page.size = size;
  page.values = Uint8Array.from(data.grid);
  page.serverCells = new Set();
  board.setSize(size);
  setSizeChoice(size);
  $("puzzle-text").value = data.puzzle;

  const landing = step !== null ? step : (log.solutionSteps.length ? log.solutionSteps[0] : log.stepCount);
  const timeline = new Timeline({
    stepCount: log.stepCount, deadEnds: log.deadEndSteps, solutions: log.solutionSteps,
    schedule: (callback) => requestAnimationFrame(callback), cursor: landing,
  });
  const replay = {
    log, raw: data, timeline, state: null, share: { ...share, puzzle: data.puzzle },
    drawnStep: -1, drawnPencil: null, drawnLinks: -1, urlStep: timeline.cursor,
  };
  page.replay = replay;
  replay.share.step = timeline.cursor;
  if (push) url.push(replay.share);
  else url.replace(replay.share);

  const outcome = log.outcome;
  if (outcome.status === "solved") clearMessage();
  else showMessage(outcome.message, outcome.status === "stopped" ? "warning" : "info");
  results.show(data, log);
  matrix.setLog(log);
  // The dancing links, node by node, only for a problem as small as a 4×4 Sudoku.
  $("links-panel").hidden = !links.setLog(log);
  overview.setData({
    stepCount: log.stepCount, heights: log.heights, deadEnds: log.deadEndSteps,
    solutions: log.solutionSteps, maxHeight: log.maxHeight,
  });
  controls.reset();
  controls.setEnabled(true);
  timeline.setSpeed(Number($("speed").value) || timeline.speed);
  timeline.subscribe(drawReplay);
  // Keys work at once (Space plays); no scrolling on a phone.
  $("step-slider").focus({ preventScroll: true });
}

/**
 * Stop the replay and show the puzzle being entered again. The address keeps
 * naming the last solve until the next one: its history entry stays
 * reachable with Back.
 */
function leaveReplay() {
  const replay = page.replay;
  if (!replay) return;
  replay.timeline.dispose();
  page.replay = null;
  controls.setEnabled(false);
  $("step-label").textContent = "Solve a puzzle to replay the search.";
  results.hide();
  matrix.setLog(null);
  links.setLog(null);
  $("links-panel").hidden = true;
  overview.setData(null);
  why.showMessage("Why", "Press Solve to replay the search on this puzzle.");
  board.showPuzzle(page.values);
  url.cancel();
}

/** Draw the replay at the timeline's cursor; called at most once per animation frame. */
function drawReplay(timeline) {
  const replay = page.replay;
  if (!replay || replay.timeline !== timeline) return;
  const { log } = replay;
  const step = timeline.cursor;
  replay.state = log.seek(step, replay.state);
  const state = replay.state;
  if (step !== replay.drawnStep || page.pencil !== replay.drawnPencil) {
    const explanation = explainStep(log, state);
    board.showReplay(replayView(log, state, explanation, { pencil: page.pencil }));
    why.show(explanation, step);
    matrix.show(state);
    replay.drawnStep = step;
    replay.drawnPencil = page.pencil;
    replay.focusItem = explanation.item;
    results.markStep(step);
  }
  if (!$("links-panel").hidden && $("links-panel").open && replay.drawnLinks !== step) {
    const top = state.top();
    links.show(step, {
      playing: timeline.playing, speed: timeline.speed,
      focus: { item: replay.focusItem, option: top && top.k > 0 ? top.option : -1 },
    });
    replay.drawnLinks = step;
  }
  const top = state.top();
  controls.render(timeline, top ? { level: state.level, k: top.k, d: top.d } : { level: -1, k: 0, d: 0 });
  // Screen readers hear the why panel when stepping, not a flood while playing.
  const live = timeline.playing ? "off" : "polite";
  if (why.root.getAttribute("aria-live") !== live) why.root.setAttribute("aria-live", live);
  overview.setCursor(step);
  if (replay.urlStep !== step) {
    replay.urlStep = step;
    replay.share = { ...replay.share, step };
    url.replaceSoon(replay.share);
  }
}

// ---- events ----------------------------------------------------------------------

/** Whether a paste lands in a field of its own (not the page). */
function pastingIntoField(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === "TEXTAREA" || (tag === "INPUT" && !["range", "checkbox", "radio", "button", "submit"].includes(target.type));
}

document.addEventListener("paste", (e) => {
  if (pastingIntoField(e.target)) return;
  const text = e.clipboardData ? e.clipboardData.getData("text/plain") : "";
  if (!text) return;
  e.preventDefault();
  loadText(text, "pasted puzzle");
});

$("load-form").addEventListener("submit", (e) => {
  e.preventDefault();
  loadText($("puzzle-text").value, "puzzle text");
});

$("solve-form").addEventListener("submit", (e) => {
  e.preventDefault();
  solve({ push: true });
});

$("clear").addEventListener("click", () => {
  loadPuzzle(page.size, null);
  $("examples").value = "";
  $("example-note").hidden = true;
  board.focusCell(0);
});

for (const radio of document.querySelectorAll("input[name=size]")) {
  radio.addEventListener("change", () => {
    const size = Number(radio.value);
    if (!SIZES.includes(size) || size === page.size) return;
    loadPuzzle(size, null);
    $("examples").value = "";
    $("example-note").hidden = true;
  });
}

$("examples").addEventListener("change", async () => {
  const example = page.examples.find((x) => x.id === $("examples").value);
  const note = $("example-note");
  if (!example) {
    note.hidden = true;
    return;
  }
  const id = example.id;
  if (await loadText(example.puzzle, "example")) {
    $("examples").value = id;
    note.textContent = example.note;
    note.hidden = !example.note;
  }
});

$("download-log").addEventListener("click", () => {
  const replay = page.replay;
  if (!replay) return;
  downloadJson("dlx-step-log.json", replay.raw.log);
});

$("download-stats").addEventListener("click", () => {
  const replay = page.replay;
  if (!replay) return;
  const { raw } = replay;
  downloadJson("dlx-statistics.json", {
    puzzle: raw.puzzle, size: raw.size, solutions: replay.share.solutions, choose: replay.share.choose,
    outcome: raw.outcome, stats: raw.stats,
  });
});

/** Open a shared state: fill the board and options, solve, land on its step. */
async function openShare(share, { push = false } = {}) {
  const puzzle = await readText(share.puzzle, "link's puzzle");
  if (!puzzle) return;
  loadPuzzle(puzzle.size, puzzle.grid);
  setSolutionsChoice(share.solutions);
  $("choose").value = share.choose;
  solve({ push, step: share.step });
}

window.addEventListener("popstate", () => {
  const share = readShare(location.search);
  const replay = page.replay;
  if (share && replay && sameSolve(share, replay.share)) {
    replay.timeline.pause();
    replay.urlStep = share.step ?? 0;   // already in the URL: no replaceState needed
    replay.timeline.seek(share.step ?? 0);
  } else if (share) {
    openShare(share);
  } else {
    cancelSolve();
    leaveReplay();
    renderPuzzle();
  }
});

// ---- start ---------------------------------------------------------------------

board.setSize(page.size);
renderPuzzle();
controls.setEnabled(false);
matrix.setLog(null);
loadExamples();
const initial = readShare(location.search);
if (initial) openShare(initial);
