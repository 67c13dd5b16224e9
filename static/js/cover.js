// cover.js — wires the exact cover page: choosing a built-in (with its
// parameters from the catalogue) or typing a problem as text, solving through
// POST /api/cover, and the same replay as the Sudoku page (timeline → why
// panel, overview strip, controls, results, URL) plus the problem's picture,
// the exact cover matrix and, for small problems, the dancing links node by
// node. The only module of this page that knows every other one.

import * as api from "./api.js";
import { LogFormatError, loadStepLog } from "./steplog.js";
import { explainStep } from "./explain.js";
import { Timeline } from "./timeline.js";
import { LINKS_MAX_ITEMS, LINKS_MAX_NODES, nodeCount } from "./dancing.js";
import { WhyPanel } from "./why.js";
import { OverviewStrip } from "./overview.js";
import { PlayerControls } from "./controls.js";
import { ResultsPanel, downloadJson } from "./results.js";
import { MatrixView } from "./matrixview.js";
import { LinksPanel } from "./linksview.js";
import { PictureView, matrixPicture } from "./picture.js";
import { UrlSync, readCoverShare, coverShareQuery, sameCoverSolve } from "./url.js";

const $ = (id) => document.getElementById(id);

/** The problem menu's value for a typed problem. */
const TEXT = "text";
/** A typed problem longer than this is not put in the address (links stay short). */
const MAX_TEXT_IN_URL = 2000;
/** The pentominoes cover exactly this many cells: width × height must equal it. */
const PENTOMINO_CELLS = 60;

const page = {
  catalogue: [],
  replay: null,          // {log, raw, timeline, state, share, drawnStep, drawnLinks, urlStep, focusItem}
  solveToken: 0,         // the latest solve; older answers are dropped
  solveAbort: null,      // aborts the solve in flight, so the server can stop it
  picked: false,         // the user chose a problem: the page must not change the choice
};

/** The address of a share state; a typed problem too long for it gives the bare page. */
function shareAddress(share) {
  if (share && !share.builtin && share.text.length > MAX_TEXT_IN_URL) return "";
  return coverShareQuery(share);
}

const url = new UrlSync(250, shareAddress);
const why = new WhyPanel($("why"));
const overview = new OverviewStrip($("overview"), { onSeek: (step) => seekTo(step) });
const controls = new PlayerControls({
  root: $("player"), slider: $("step-slider"), label: $("step-label"),
  first: $("btn-first"), back: $("btn-back"), play: $("btn-play"), forward: $("btn-forward"),
  last: $("btn-last"), prevDead: $("btn-prev-dead"), nextDead: $("btn-next-dead"),
  prevSolution: $("btn-prev-solution"), nextSolution: $("btn-next-solution"),
  speed: $("speed"), pencil: null,
}, { getTimeline: () => (page.replay ? page.replay.timeline : null) });
const results = new ResultsPanel(
  { root: $("results"), outcome: $("outcome"), stats: $("stats"), list: $("solution-list") },
  { onSeek: (step) => seekTo(step) },
);
const picture = new PictureView($("picture"), $("placed"));
const matrix = new MatrixView($("matrix"));
const links = new LinksPanel($("links"), { onJump: (step) => seekTo(step) });

/** Move the replay to a step (a solution button, the strip, a matching cover). */
function seekTo(step) {
  if (!page.replay) return;
  page.replay.timeline.pause();
  page.replay.timeline.seek(step);
}

// ---- messages ------------------------------------------------------------------

/** Show lines in one of the message boxes (an empty list hides it). */
function say(box, lines, tone = "error") {
  const list = Array.isArray(lines) ? lines : [lines];
  box.replaceChildren(...list.map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }));
  box.dataset.tone = tone;
  box.hidden = list.length === 0;
}

function clearMessages() {
  for (const id of ["message", "param-message", "text-error"]) say($(id), []);
  $("problem-text").removeAttribute("aria-invalid");
}

// ---- choosing a problem ------------------------------------------------------------

function specOf(id) {
  return page.catalogue.find((spec) => spec.id === id) || null;
}

async function loadCatalogue() {
  const answer = await api.coverBuiltins();
  if (!answer.ok || !Array.isArray(answer.data)) {
    say($("message"), `The list of built-in problems could not be loaded: ${answer.data.error || "no answer"}.`);
    return;
  }
  page.catalogue = answer.data;
  const select = $("problem");
  const typed = select.querySelector(`option[value="${TEXT}"]`);
  for (const spec of page.catalogue) {
    const option = document.createElement("option");
    option.value = spec.id;
    option.textContent = spec.title;
    select.insertBefore(option, typed);
  }
}

/** Show the fields of the chosen problem: its parameters, or the text area. */
function showProblemFields(values = {}) {
  const id = $("problem").value;
  const spec = specOf(id);
  $("text-panel").hidden = id !== TEXT;
  const fields = [];
  for (const param of spec ? spec.params : []) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.id = `param-${param.name}`;
    input.name = param.name;
    input.dataset.param = param.name;
    const value = param.name in values ? values[param.name] : param.default;
    if (param.kind === "bool") {
      label.className = "check param";
      input.type = "checkbox";
      input.checked = !!value;
      label.append(input, ` ${param.name.replaceAll("_", " ")}`);
    } else {
      label.className = "field param";
      input.type = "number";
      input.inputMode = "numeric";
      input.step = "1";
      if (param.min !== null) input.min = String(param.min);
      if (param.max !== null) input.max = String(param.max);
      input.value = String(value);
      label.append(param.name, input);
    }
    if (param.help) label.title = param.help;
    fields.push(label);
  }
  $("params").replaceChildren(...fields);
  $("params").hidden = !fields.length;
  checkParams();
}

/**
 * The chosen built-in's parameters from the fields, and what is wrong with
 * them (null when nothing): limits from the catalogue, and the pentominoes' 60 cells.
 */
function readParams() {
  const spec = specOf($("problem").value);
  const params = {};
  const problems = [];
  for (const param of spec ? spec.params : []) {
    const input = $(`param-${param.name}`);
    if (param.kind === "bool") {
      params[param.name] = input.checked;
      continue;
    }
    const value = Number(input.value);
    params[param.name] = value;
    const inRange = Number.isInteger(value) && (param.min === null || value >= param.min)
      && (param.max === null || value <= param.max);
    if (inRange) input.removeAttribute("aria-invalid");
    else input.setAttribute("aria-invalid", "true");
    if (!inRange) problems.push(`${param.name} must be a whole number from ${param.min} to ${param.max}.`);
  }
  if (spec && spec.id === "pentominoes" && !problems.length && params.width * params.height !== PENTOMINO_CELLS) {
    problems.push(`width × height must be ${PENTOMINO_CELLS} (the 12 pentominoes cover 60 cells), not `
      + `${params.width} × ${params.height} = ${params.width * params.height}: try 10 × 6, 12 × 5, 15 × 4 or 20 × 3.`);
    $("param-width").setAttribute("aria-invalid", "true");
    $("param-height").setAttribute("aria-invalid", "true");
  }
  return { params, error: problems.length ? problems.join(" ") : null };
}

function checkParams() {
  const { error } = readParams();
  say($("param-message"), error ? [error] : []);
  return !error;
}

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

/** What the form asks for, as a share state (step: none yet). */
function currentShare() {
  const id = $("problem").value;
  const settings = { solutions: chosenSolutions(), choose: $("choose").value, step: null };
  if (id === TEXT) return { builtin: null, params: {}, text: $("problem-text").value, ...settings };
  return { builtin: id, params: readParams().params, text: null, ...settings };
}

// ---- solving -------------------------------------------------------------------------

/**
 * Solve what the form says and start its replay. `push`: a new history entry
 * (a Solve press) rather than replacing this one (opening a link). `step`:
 * where to land; by default the first solution, or the last step.
 */
async function solve({ push = true, step = null } = {}) {
  clearMessages();
  if ($("problem").value !== TEXT && !checkParams()) return;
  const share = currentShare();
  cancelSolve();
  const token = page.solveToken;
  const abort = new AbortController();
  page.solveAbort = abort;
  showSolving(true);
  try {
    const body = share.builtin ? { builtin: share.builtin, params: share.params } : { text: share.text };
    const answer = await api.cover({ ...body, solutions: share.solutions, choose: share.choose }, { signal: abort.signal });
    if (token !== page.solveToken) return;      // a newer solve replaced this one
    if (!answer.ok) {
      leaveReplay();
      showSolveError(answer.data, share);
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

/** The server's refusal, next to what it is about; the text typed stays as it was. */
function showSolveError(data, share) {
  if (!share.builtin && data.position) {
    say($("text-error"), [data.error]);
    const area = $("problem-text");
    area.setAttribute("aria-invalid", "true");
    selectPosition(area, data.position.line, data.position.column);
  } else if (share.builtin) {
    say($("param-message"), [data.error]);
  } else {
    say($("message"), [data.error]);
  }
}

/** Put the text cursor at a line and column (both from 1) so the fault is in view. */
function selectPosition(area, line, column) {
  const lines = area.value.split("\n");
  let offset = 0;
  for (let k = 0; k < line - 1 && k < lines.length; k++) offset += lines[k].length + 1;
  offset += Math.max(0, column - 1);
  area.setSelectionRange(offset, offset + 1);
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

// ---- the replay --------------------------------------------------------------------

function startReplay(data, share, step, push) {
  let log;
  try {
    log = loadStepLog(data.log);
  } catch (err) {
    if (!(err instanceof LogFormatError)) throw err;
    say($("message"), `The server's step log could not be read: ${err.message}`);
    return;
  }
  leaveReplay();
  const landing = step !== null ? step : (log.solutionSteps.length ? log.solutionSteps[0] : log.stepCount);
  const timeline = new Timeline({
    stepCount: log.stepCount, deadEnds: log.deadEndSteps, solutions: log.solutionSteps,
    schedule: (callback) => requestAnimationFrame(callback), cursor: landing,
  });
  const replay = {
    log, raw: data, timeline, state: null, share: { ...share, step: timeline.cursor },
    drawnStep: -1, drawnLinks: -1, urlStep: timeline.cursor, focusItem: -1,
  };
  page.replay = replay;
  if (push) url.push(replay.share);
  else url.replace(replay.share);

  const outcome = log.outcome;
  const notes = [];
  if (outcome.status !== "solved") notes.push(outcome.message);
  if (!share.builtin && share.text.length > MAX_TEXT_IN_URL) {
    notes.push("This problem is too long to keep in the address: a link to this page will not reopen it.");
  }
  say($("message"), notes, outcome.status === "stopped" ? "warning" : "info");
  results.show(data, log);
  showPicture(data, log);
  matrix.setLog(log);
  showLinks(log);
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

function showPicture(data, log) {
  // A typed problem has no picture of its own: a small one is drawn as its 0/1 matrix.
  const drawing = data.picture || matrixPicture(log);
  picture.setPicture(drawing, log);
  $("picture-title").textContent = drawing ? data.title : `${data.title}: the options placed at this step`;
}

function showLinks(log) {
  const fits = links.setLog(log);
  $("links-panel").hidden = !fits;
  const note = $("links-note");
  note.hidden = fits;
  if (!fits) {
    note.textContent = `The node-by-node view of the dancing links takes problems up to ${LINKS_MAX_ITEMS} items and `
      + `${LINKS_MAX_NODES} nodes; this one has ${log.items.length} items and `
      + `${nodeCount(log.items.length, log.options).toLocaleString("en")} nodes. Try Knuth's example, `
      + "up to 8 queens, Latin squares of order 4 or the 3×3 packing.";
  }
}

/**
 * Stop the replay. The address keeps naming the last solve until the next
 * one: its history entry stays reachable with Back.
 */
function leaveReplay() {
  const replay = page.replay;
  if (!replay) return;
  replay.timeline.dispose();
  page.replay = null;
  controls.setEnabled(false);
  $("step-label").textContent = "Solve a problem to replay the search.";
  results.hide();
  picture.setPicture(null, null);
  $("picture-title").textContent = "";
  matrix.setLog(null);
  links.setLog(null);
  $("links-panel").hidden = true;
  $("links-note").hidden = true;
  overview.setData(null);
  why.showMessage("Why", "Press Solve to replay the search on this problem.");
  url.cancel();
}

/** The option placed last at a state: the deepest frame that has tried one. */
function newestOption(state) {
  for (let l = state.height - 1; l >= 0; l--) if (state.frameK[l] > 0) return state.frameOption[l];
  return -1;
}

/** Draw the replay at the timeline's cursor; called at most once per animation frame. */
function drawReplay(timeline) {
  const replay = page.replay;
  if (!replay || replay.timeline !== timeline) return;
  const { log } = replay;
  const step = timeline.cursor;
  replay.state = log.seek(step, replay.state);
  const state = replay.state;
  if (step !== replay.drawnStep) {
    const explanation = explainStep(log, state);
    why.show(explanation, step);
    picture.show(log.placed(state), newestOption(state), state);
    matrix.show(state);
    results.markStep(step);
    replay.drawnStep = step;
    replay.focusItem = explanation.item;
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

// ---- events ----------------------------------------------------------------------------

$("problem-form").addEventListener("submit", (e) => {
  e.preventDefault();
  solve({ push: true });
});

$("problem").addEventListener("change", () => {
  page.picked = true;
  clearMessages();
  showProblemFields();
  if ($("problem").value === TEXT) $("problem-text").focus();
});

$("params").addEventListener("input", () => checkParams());

$("problem-text").addEventListener("input", () => {
  // The error named a place in the old text; it may no longer be there.
  if (!$("text-error").hidden) {
    say($("text-error"), []);
    $("problem-text").removeAttribute("aria-invalid");
  }
});

$("matrix-panel").addEventListener("toggle", () => {
  matrix.setVisible($("matrix-panel").open);
});

$("links-panel").addEventListener("toggle", () => {
  if (!page.replay) return;
  page.replay.drawnLinks = -1;
  page.replay.timeline.requestDraw();
});

$("download-log").addEventListener("click", () => {
  if (page.replay) downloadJson("dlx-step-log.json", page.replay.raw.log);
});

/** Fill the form from a share state, solve, and land on its step. */
function openShare(share, { push = false } = {}) {
  if (share.builtin) {
    if (!specOf(share.builtin)) {
      say($("message"), `The link names a built-in problem this server does not have: ${share.builtin}.`);
      return;
    }
    $("problem").value = share.builtin;
    showProblemFields(share.params);
  } else {
    $("problem").value = TEXT;
    $("problem-text").value = share.text;
    showProblemFields();
  }
  setSolutionsChoice(share.solutions);
  $("choose").value = share.choose;
  solve({ push, step: share.step });
}

window.addEventListener("popstate", (e) => {
  // The history entry's own state first: a long typed problem is not in its address.
  const share = (e.state && e.state.share) || readCoverShare(location.search);
  const replay = page.replay;
  if (share && replay && sameCoverSolve(share, replay.share)) {
    replay.timeline.pause();
    replay.urlStep = share.step ?? 0;   // already in the URL: no replaceState needed
    replay.timeline.seek(share.step ?? 0);
  } else if (share) {
    openShare(share);
  } else {
    cancelSolve();
    leaveReplay();
  }
});

// ---- start -------------------------------------------------------------------------------

async function start() {
  controls.setEnabled(false);
  matrix.setLog(null);
  await loadCatalogue();
  const initial = readCoverShare(location.search);
  if (initial) {
    openShare(initial);
    return;
  }
  // The catalogue may arrive after the user picked a problem: keep their choice.
  if (!page.picked) $("problem").value = specOf("knuth") ? "knuth" : TEXT;
  showProblemFields();
}

start();
