// pages/cover-page.js — wires the exact cover page: choosing a built-in (with its
// parameters from the catalogue) or typing a problem as text, solving through
// POST /api/cover, and the same replay as the Sudoku page (replay.js: the
// timeline, why panel, overview strip, controls, results, URL, matrix and, for
// small problems, the dancing links node by node) drawn on the problem's
// picture. The only module of this page that knows the page's elements.

import * as api from "../model/api.js";
import * as words from "../model/messages.js";
import { culpritOptions } from "../model/explain.js";
import { LogFormatError } from "../model/steplog.js";
import { LINKS_MAX_ITEMS, LINKS_MAX_NODES, nodeCount } from "../model/dancing.js";
import { Replayer, SolveRunner, chosenSolutions, say, sayMore, setSolutionsChoice, withinCap } from "./replay.js";
import { PictureView, matrixPicture } from "../views/picture.js";
import { PageState, initialState, touched } from "../model/page-state.js";
import { wireEmbedButton } from "./embed-button.js";
import { wirePredict } from "./predict-mode.js";
import { wireTour } from "./tour-mode.js";
import { WhatIf } from "./what-if.js";
import {
  UrlSync, readCoverShare, coverShareQuery, sameCoverSolve, readCoverPick, coverPickQuery, linkNotes, sameParams, shown,
} from "../model/url.js";

const $ = (id) => document.getElementById(id);

/** The problem menu's value for a typed problem. */
const TEXT = "text";
/**
 * A typed problem whose text takes more than this many bytes in the address
 * is not put there: links stay short, and under the 4 KB request line that
 * servers such as gunicorn take (an emoji takes 12 bytes, a space 3).
 */
const MAX_TEXT_IN_URL = 2000;

/** Whether a typed problem's text is too long for the address. */
function tooLongForAddress(text) {
  return text.length > MAX_TEXT_IN_URL || encodeURIComponent(text).length > MAX_TEXT_IN_URL;
}
/** The pentominoes cover exactly this many cells: width × height must equal it. */
const PENTOMINO_CELLS = 60;
/** Where the problem being typed is kept for this tab, so that a reload keeps it. */
const DRAFT_KEY = "dlx-cover-draft";
const PARAMS_KEY = "dlx-cover-params";

// What the page shows lives in one PageState (model/page-state.js): the
// catalogue of built-ins, whether the user picked a problem, the mode, and the
// answer and cursor of a replay; handlers change it only with store.update().
const store = new PageState(initialState(Object.freeze({ kind: "cover" })));
let pickedByPointer = false;   // the last press on the problem menu was a pointer's, not a key's

/** The address of a share state; a typed problem too long for it gives the bare page. */
function shareAddress(share) {
  if (share && !share.builtin && tooLongForAddress(share.text)) return "";
  return coverShareQuery(share);
}

const picture = new PictureView($("picture"), $("placed"));
const runner = new SolveRunner($("solve"));
const player = new Replayer({
  url: new UrlSync(250, shareAddress),
  sameSolve: sameCoverSolve,
  idle: { label: words.say("page.cover.idle.label"), why: words.say("page.cover.idle.why") },
  // At a dead end the picture marks where the item that ran out could have gone, and flags its culprits.
  drawStep: (log, state, explanation) => picture.show(log.placed(state), log.newest(state), state,
    explanation.kind === "dead-end" ? explanation.item : -1, culpritOptions(state, explanation)),
  stage: document.querySelector(".picture-wrap"),
  onStep: (step, share) => store.update({ type: "cursor", step, share }),
  onLeave: () => store.update({ type: "leave" }),
});

/** The problem of a share as /api/cover reads it: a built-in and its parameters, or the text. */
function problemBody(share) {
  return share.builtin ? { builtin: share.builtin, params: share.params } : { text: share.text };
}

// What if: the choices the next solve forces, the panel that offers them, the difference in words.
const whatIf = new WhatIf({
  player,
  solve: (push, step) => solve({ push, step }),
  solvePlain: (share) => api.cover({ ...problemBody(share), solutions: share.solutions, choose: share.choose }),
  sameBase: (a, b) => sameCoverSolve({ ...a, force: [], branch: null }, { ...b, force: [], branch: null }),
});
store.subscribe((state, before) => {
  if (touched(state, before, "cursor", "mode", "answer")) whatIf.render();
});

/** Draw what changed between two states: the picture gives way when a replay ends. */
store.subscribe((state, before) => {
  if (before.mode === "replay" && state.mode !== "replay") {
    picture.setPicture(null, null);
    $("picture-title").textContent = "";
    $("links-note").hidden = true;
  }
});

wireEmbedButton({ player, store, kind: "cover" });
const learning = readCoverShare(location.search);
wirePredict({ player, store, kind: "cover", initial: learning ? learning.predict : "off", keepStep: !!learning && learning.step !== null });
wireTour({ player, store, initial: !!learning && learning.tour, step: learning ? learning.step : null });

// ---- messages ------------------------------------------------------------------

function clearMessages() {
  for (const id of ["message", "param-message", "text-error"]) say($(id), []);
  $("problem-text").removeAttribute("aria-invalid");
}

// ---- choosing a problem ------------------------------------------------------------

function specOf(id) {
  return store.state.examples.find((spec) => spec.id === id) || null;
}

async function loadCatalogue() {
  const answer = await api.coverBuiltins();
  if (!answer.ok || !Array.isArray(answer.data)) {
    say($("message"), words.say("page.cover.builtins_failed", { error: answer.data.error || words.say("page.cover.no_answer") }));
    return;
  }
  store.update({ type: "examples", examples: answer.data });
  const select = $("problem");
  const typed = select.querySelector(`option[value="${TEXT}"]`);
  for (const spec of answer.data) {
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
    if (param.help) {
      label.title = param.help;
      input.setAttribute("aria-description", param.help);   // a tooltip alone is not read
    }
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
    if (!inRange) {
      problems.push(words.say("page.cover.param_range", { name: param.name, min: String(param.min), max: String(param.max) }));
    }
  }
  if (spec && spec.id === "pentominoes" && !problems.length && params.width * params.height !== PENTOMINO_CELLS) {
    problems.push(words.say("page.cover.pentomino_area", { cells: String(PENTOMINO_CELLS), width: String(params.width),
      height: String(params.height), area: String(params.width * params.height) }));
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

/** What the form asks for, as a share state (step: none yet). */
function currentShare() {
  const id = $("problem").value;
  const settings = { solutions: chosenSolutions(), choose: $("choose").value, step: null, ...whatIf.share() };
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
  if ($("problem").value !== TEXT && !checkParams()) {
    // The replay on screen is not of what the form now asks for.
    runner.cancel();
    player.leave();
    return;
  }
  const share = currentShare();
  const answer = await runner.run((signal) => api.cover(
    { ...problemBody(share), solutions: share.solutions, choose: share.choose, ...WhatIf.body(share) }, { signal }));
  if (!answer) return;      // a newer solve replaced this one
  if (!answer.ok) {
    player.leave();
    showSolveError(answer, share);
    return;
  }
  startReplay(answer.data, share, step, push);
}

/** The server's refusal, next to what it is about; the text typed stays as it was. */
function showSolveError({ status, data }, share) {
  if (status === 413 && !share.builtin) {
    // In the problem's own terms, not the request's.
    say($("message"), [words.say("page.cover.too_large", { length: share.text.length })]);
    return;
  }
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

/**
 * Select the character at a line and column (both from 1, counted in characters
 * as the server counts them: an emoji is one, though two UTF-16 units here).
 */
function selectPosition(area, line, column) {
  const lines = area.value.split("\n");
  let offset = 0;
  for (let k = 0; k < line - 1 && k < lines.length; k++) offset += lines[k].length + 1;
  const chars = Array.from(lines[Math.min(line, lines.length) - 1] || "");
  offset += chars.slice(0, Math.max(0, column - 1)).join("").length;
  const width = (chars[column - 1] || " ").length;
  area.setSelectionRange(offset, offset + width);
}

// ---- the replay --------------------------------------------------------------------

function startReplay(data, share, step, push) {
  let log;
  try {
    log = player.start(data, share, step, push);
    store.update({ type: "replay", answer: data, share: player.replay.share, cursor: player.replay.timeline.cursor });
    whatIf.started(player.replay.share, log);
  } catch (err) {
    if (!(err instanceof LogFormatError)) throw err;
    say($("message"), words.say("page.log_unreadable", { error: err.message }));
    return;
  }
  // A text the user just solved has no unsolved edits (Back to another solve must not bring it
  // back as such). A solve opened from history or a link leaves the draft alone: it may hold
  // text typed elsewhere in this tab.
  if (!share.builtin && push) saveDraft(share.text, share.text);
  if (share.builtin && push) saveParamEdits({ id: share.builtin, params: share.params, base: share.params });
  const outcome = log.outcome;
  const notes = [];
  // While the learner drives, whether a solution lies below the choices is theirs to find.
  if (outcome.status !== "solved" && !(share.drive && outcome.status !== "stopped")) notes.push(outcome.message);
  if (!share.builtin && tooLongForAddress(share.text)) {
    notes.push(words.say("page.cover.too_long_for_address"));
  }
  say($("message"), notes, outcome.status === "stopped" ? "warning" : "info");
  showPicture(data, log);
  showLinksNote(log);
  player.reveal();
}

function showPicture(data, log) {
  // A typed problem has no picture of its own: a small one is drawn as its 0/1 matrix.
  const drawing = data.picture || matrixPicture(log);
  picture.setPicture(drawing, log);
  $("picture-title").textContent = drawing ? data.title : words.say("page.cover.matrix_title", { title: data.title });
}

/** Say why the dancing links panel is missing when the problem is too big for it. */
function showLinksNote(log) {
  const note = $("links-note");
  note.hidden = player.linksFit;
  if (!player.linksFit) {
    note.textContent = words.say("page.cover.links_note", {
      max_items: String(LINKS_MAX_ITEMS), max_nodes: String(LINKS_MAX_NODES),
      items: String(log.items.length), nodes: nodeCount(log.items.length, log.options),
    });
  }
}

// ---- events ----------------------------------------------------------------------------

$("problem-form").addEventListener("submit", (e) => {
  e.preventDefault();
  whatIf.reset();         // Solve is the search's own: a what-if comes from its panel
  solve({ push: true });
});

$("problem").addEventListener("change", () => {
  store.update({ type: "pick" });
  runner.cancel();
  player.leave();     // its replay is of the problem just left
  rememberPick($("problem").value, {});
  clearMessages();
  showProblemFields();
  // Picked with the pointer, the text area takes the focus to be typed in; with
  // the keys, the focus stays on the menu (arrowing through it must not leave it).
  if ($("problem").value === TEXT && pickedByPointer) $("problem-text").focus();
});
$("problem").addEventListener("pointerdown", () => { pickedByPointer = true; });
$("problem").addEventListener("keydown", () => { pickedByPointer = false; });

/**
 * The address names the problem just picked, and the parameters entered for
 * it, so that a reload reopens them (and a typed one's draft) rather than the
 * solve left behind; that solve keeps its own history entry for Back.
 */
function rememberPick(id, params) {
  const url = `${location.pathname}${coverPickQuery(id, params)}${location.hash}`;
  if (readCoverShare(location.search)) history.pushState({ pick: id }, "", url);
  else history.replaceState({ pick: id }, "", url);
}

/** Show a picked, unsolved problem from the address ({id, params}): a typed one with this tab's draft. */
function showPick(pick) {
  if (!pick || (pick.id !== TEXT && !specOf(pick.id))) return false;
  $("problem").value = pick.id;
  const draft = readDraft();
  if (pick.id === TEXT && draft !== null) $("problem-text").value = draft.text;
  clearMessages();
  const { params, notes } = readableParams(specOf(pick.id), pick.params);
  showProblemFields(params);
  checkParams();
  sayMore($("message"), notes);
  return true;
}

/**
 * A link's parameters for a built-in, without the values that are not a whole
 * number (or true or false): each is named in a note, and its default is used.
 */
function readableParams(spec, values) {
  const params = {};
  const notes = [];
  for (const [name, value] of Object.entries(values || {})) {
    const param = spec ? spec.params.find((p) => p.name === name) : null;
    if (typeof value !== "string") params[name] = value;
    else if (param) {
      const fields = { name, value: shown(value), default: String(param.default) };
      notes.push(words.say(param.kind === "bool" ? "page.cover.param_not_bool" : "page.cover.param_not_number", fields));
    }
  }
  return { params, notes };
}

/**
 * Parameters entered and not solved: with no replay they go into the
 * address; over a built-in's replay they are kept for this tab with the
 * parameters of that replay, so a reload or Back then Forward to it brings
 * them back (the address stays the replay's own).
 */
$("params").addEventListener("input", () => {
  const ok = checkParams();
  const id = $("problem").value;
  const { params } = readParams();
  const shown = player.replay ? player.replay.share : null;
  if (shown && shown.builtin === id) {
    saveParamEdits({ id, params, base: shown.params });
    if (ok) noteParamEdits();
  } else {
    rememberPick(id, params);
  }
});

/** Say that the parameters differ from the replay's, while they do. */
function noteParamEdits() {
  const shown = player.replay ? player.replay.share : null;
  if (!shown || !shown.builtin || sameParams(readParams().params, shown.params)) return;
  say($("param-message"), [words.say("page.cover.params_changed")], "info");
}

/** Parameters entered over a built-in's replay in this tab, as {id, params, base}, or null. */
function readParamEdits() {
  try {
    const edits = JSON.parse(sessionStorage.getItem(PARAMS_KEY));
    return edits && typeof edits.id === "string" && edits.params && edits.base ? edits : null;
  } catch {
    return null;     // no storage, or nothing readable kept
  }
}

function saveParamEdits(edits) {
  try {
    sessionStorage.setItem(PARAMS_KEY, JSON.stringify(edits));
  } catch {
    // No storage: the parameters are only lost on a reload.
  }
}

/**
 * The problem text typed in this tab before a reload, as { text, base }: base is
 * the typed problem whose replay was on screen while it was typed (null: none).
 * Null when nothing was typed or storage is off.
 */
function readDraft() {
  let raw = null;
  try {
    raw = sessionStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const draft = JSON.parse(raw);
    if (draft && typeof draft.text === "string") {
      return { text: draft.text, base: typeof draft.base === "string" ? draft.base : null };
    }
  } catch {
    // An older page kept the bare text.
  }
  return { text: raw, base: null };
}

/** Keep the text typed in this tab, and the typed problem replayed while it was typed (base). */
function saveDraft(text, base) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ text, base }));
  } catch {
    // No storage (private mode, quota): the text is only lost on a reload.
  }
}

/** Said under the text while it differs from the typed problem being replayed. */
const TEXT_EDITED = words.say("page.cover.text_edited");

$("problem-text").addEventListener("input", () => {
  const shown = player.replay ? player.replay.share : null;
  const text = $("problem-text").value;
  saveDraft(text, shown && !shown.builtin ? shown.text : null);
  // An error named a place in the old text, which may no longer be there; over
  // a replay of the typed problem, say whether the text is still what it shows.
  $("problem-text").removeAttribute("aria-invalid");
  const edited = shown && !shown.builtin && text !== shown.text;
  say($("text-error"), edited ? [TEXT_EDITED] : [], "info");
});

/**
 * Edits typed over the replay of this typed problem and not solved yet (a
 * reload, or Back then Forward, came back to that replay), or null.
 */
function editsOver(share) {
  const draft = readDraft();
  return draft && draft.base === share.text && draft.text !== share.text ? draft.text : null;
}

/** Fill the form from a share state, solve, and land on its step. */
function openShare(asked, { push = false } = {}) {
  let share = withinCap(asked);
  if (share.builtin) {
    if (!specOf(share.builtin)) {
      say($("message"), words.say("page.cover.unknown_builtin", { name: share.builtin }));
      return;
    }
    const { params, notes } = readableParams(specOf(share.builtin), share.params);
    share = { ...share, params, notes: [...(share.notes || []), ...notes] };
    $("problem").value = share.builtin;
    showProblemFields(share.params);
  } else {
    $("problem").value = TEXT;
    $("problem-text").value = share.text;
    showProblemFields();
  }
  setSolutionsChoice(share.solutions);
  $("choose").value = share.choose;
  whatIf.fromShare(share);
  whatIf.driveMode.resume(share);     // your turn from an address resumes its record (&picks=…)
  const edits = share.builtin ? null : editsOver(share);
  const paramEdits = share.builtin ? paramEditsOver(share) : null;
  const solved = solve({ push, step: share.step });
  solved.then(() => {
    // The link's problem is replayed; the user's unsolved edits of it come back to the text.
    if (edits !== null) keepEdits(share.text, edits);
    if (paramEdits !== null && player.replay && sameCoverSolve(player.replay.share, share)) {
      showProblemFields(paramEdits);
      if (checkParams()) noteParamEdits();
    }
    sayMore($("message"), linkNotes(share, player.lastStep));
  });
}

/** Parameters entered over the replay of this built-in solve and not solved yet, or null. */
function paramEditsOver(share) {
  const edits = readParamEdits();
  if (!edits || edits.id !== share.builtin || !sameParams(edits.base, share.params)) return null;
  return sameParams(edits.params, share.params) ? null : edits.params;
}

function keepEdits(solvedText, edits) {
  const area = $("problem-text");
  if ($("problem").value !== TEXT || area.value !== solvedText) return;   // the user moved on meanwhile
  area.value = edits;       // the draft still holds them over solvedText (editsOver read it)
  if (player.replay) say($("text-error"), [TEXT_EDITED], "info");
}

player.followHistory({
  // The history entry's own state first: a long typed problem is not in its address.
  shareOf: (e) => (e.state && e.state.share) || readCoverShare(location.search),
  open: openShare,
  leave: () => {
    runner.cancel();
    player.leave();
    showPick(readCoverPick(location.search));
  },
});

// ---- start -------------------------------------------------------------------------------

async function start() {
  await loadCatalogue();
  const initial = readCoverShare(location.search);
  if (initial) {
    openShare(initial);
    return;
  }
  // The catalogue may arrive after the user picked a problem: keep their choice.
  if (store.state.picked) {
    showProblemFields();
    return;
  }
  const pick = readCoverPick(location.search);
  if (pick !== null && showPick(pick)) return;
  const draft = readDraft();
  if (draft !== null) {
    $("problem").value = TEXT;           // a reload while typing: the text comes back
    $("problem-text").value = draft.text;
  } else {
    $("problem").value = specOf("knuth") ? "knuth" : TEXT;
  }
  showProblemFields();
}

start();
