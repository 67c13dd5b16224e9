// pages/sudoku-page.js — wires the Sudoku page: puzzle entry (board, paste, text field,
// examples, size), solving through the API, and the replay (replay.js: the
// timeline, why panel, overview strip, controls, URL, matrix and links) drawn
// on the board. The only module of this page that knows the page's elements;
// pages/cover-page.js wires the exact cover page the same way.
//
// What the page shows lives in one PageState (model/page-state.js): the
// puzzle, the mode, the answer and cursor of a replay, the selection, the
// pencil marks, the box's own text. Handlers change it only with
// store.update(action); the views render from it in render() below.

import * as api from "../model/api.js";
import * as words from "../model/messages.js";
import { SIZES, formatPuzzle, findClashes, parseEntered, symbolRange, valueOfSymbol } from "../model/sudoku.js";
import { LogFormatError } from "../model/steplog.js";
import { BoardView, replayView } from "../views/board.js";
import { DigitPad } from "../views/digitpad.js";
import { UrlSync, readShare, sameSolve, linkNotes } from "../model/url.js";
import { PageState, initialState, sudokuPuzzle, touched } from "../model/page-state.js";
import { downloadJson } from "../views/results.js";
import { mapRows, readRegions, ruleClashes, splitEntry } from "../model/variants.js";
import { RulesLegend } from "../views/rules-legend.js";
import { ConstraintsOverlay } from "../views/constraints-draw.js";
import { ConstraintEntry } from "./constraint-entry.js";
import { importLink, imported, linked, writeConstraints } from "../model/constraints.js";
import { Replayer, SolveRunner, chosenSolutions, say, sayMore, setSolutionsChoice, withinCap } from "./replay.js";
import { GlancePanels } from "./glance.js";
import { wireEmbedButton } from "./embed-button.js";
import { wirePredict } from "./predict-mode.js";
import { wireTour } from "./tour-mode.js";
import { WhatIf, wireBoardMarks } from "./what-if.js";

const $ = (id) => document.getElementById(id);

const store = new PageState(initialState(sudokuPuzzle(9)));
const now = () => store.state;
const puzzleLine = () => formatPuzzle(now().puzzle.values, now().puzzle.size);

// Not state the page shows: the puzzle text the server is reading, if any (a
// Solve waits for it), and the hint's timer.
let pendingLoad = Promise.resolve(false);
let hintTimer = 0;

const url = new UrlSync();
const board = new BoardView($("board"), {
  onEdit: editCell,
  onOtherSymbol: (key) => showHint(words.say("page.sudoku.not_a_digit",
    { key: key.toUpperCase(), size: String(now().puzzle.size), range: symbolRange(now().puzzle.size) })),
  // Presenting hides Edit puzzle: then the way to it comes first.
  onLocked: () => showHint(document.documentElement.classList.contains("presenting")
    ? words.say("page.sudoku.locked.presenting") : words.say("page.sudoku.locked")),
});
const rulesLegend = new RulesLegend($("legend-list"));
const overlay = new ConstraintsOverlay($("board-wrap"), $("board"));
// Constraints drawn by hand go into the state like any change of the puzzle (Back undoes them too).
const drawing = new ConstraintEntry({ board: $("board"), overlay }, {
  size: () => now().puzzle.size,
  locked: () => now().mode === "replay",
  onAdd: (made) => changeConstraints([...now().constraints, made]),
  onUndo: () => changeConstraints(now().constraints.slice(0, -1)),
  focusCell: (index) => board.focusCell(index),
  regions: () => $("regions").value,
  // A painted map goes into its field as if typed there: the board, clashes and address follow.
  onRegions: (text) => {
    $("regions").value = text;
    rulesChanged();
  },
});

/** The board's constraints changed by hand: any replay is left, and the address keeps them. */
function changeConstraints(constraints) {
  cancelSolve();
  player.leave();
  store.update({ type: "constraints", constraints });
  rememberPuzzle();
}
const pad = new DigitPad($("digit-pad"), { onValue: (value) => editCell(board.active, value) });
const runner = new SolveRunner($("solve"));
const player = new Replayer({
  url,
  sameSolve,
  idle: { label: words.say("page.sudoku.idle.label"), why: words.say("page.sudoku.idle.why") },
  pencil: $("pencil"),
  onPencil: (on) => store.update({ type: "pencil", on }),
  drawStep: (log, state, explanation) => board.showReplay(replayView(log, state, explanation, { pencil: now().pencil })),
  onStep: (step, share) => store.update({ type: "cursor", step, share }),
  stage: $("board-wrap"),
  onLeave: () => store.update({ type: "leave" }),
});
// What if: the choices the next solve forces, the panel that offers them, the difference in words.
const whatIf = new WhatIf({
  player,
  solve: (push, step) => solve({ push, step }),
  // The same problem as the page's solve: its constraints too (the search's own, beside a what-if or a drive).
  solvePlain: (share) => api.solve({ puzzle: share.puzzle, solutions: share.solutions, choose: share.choose,
    variant: share.variants, ...(share.regions ? { regions: share.regions } : {}),
    ...(now().constraints.length ? { constraints: now().constraints } : {}),
    ...(share.negative && share.negative.length ? { negative: share.negative } : {}) }),
  sameBase: (a, b) => sameSolve({ ...a, force: [], branch: null }, { ...b, force: [], branch: null }),
});
wireBoardMarks(whatIf, { board: $("board"), pencil: () => now().pencil, hint: (text) => showHint(text) });

// ---- variants: the picker and the regions map ------------------------------------

/** The rules picked: {names, regionsText (whitespace dropped), regions (per cell, or null), error}. */
function currentRules() {
  const names = [...document.querySelectorAll("input[name=variant]:checked")].map((box) => box.value);
  const regionsText = $("regions").value.replace(/\s+/g, "");
  const { regions, error } = readRegions(regionsText, now().puzzle.size);
  return { names, regionsText, regions, error };
}

/** Put rules into the picker (a link, an example): names checked, the map in its field. */
function setRules(names = [], regionsText = "") {
  for (const box of document.querySelectorAll("input[name=variant]")) box.checked = names.includes(box.value);
  $("regions").value = mapRows(regionsText);
  showRules();
}

/** Draw the picked rules on the board and say what is wrong with a map. */
function showRules() {
  const rules = currentRules();
  board.setRules(rules);
  rulesLegend.show({ ...rules, constraints: now().constraints, negative: now().negative });
  $("regions-note").textContent = rules.error ? words.say("page.sudoku.regions_error", { error: rules.error }) : "";
  $("regions").setAttribute("aria-invalid", rules.error ? "true" : "false");
}

/**
 * Givens that break the picked rules (rows, columns, boxes or regions, each variant's).
 * While the map cannot be read, neither its regions nor the boxes it replaces: its own
 * error is said under it, not a box clash the jigsaw does not have.
 */
function clashesNow() {
  const { puzzle } = now();
  const rules = currentRules();
  if (!rules.names.length && !rules.regions && !rules.error) return findClashes(puzzle.values, puzzle.size);
  return ruleClashes(puzzle.values, puzzle.size, rules.names, rules.regions, { blocks: !rules.error });
}

/** The server refused the map (a 400 naming the regions field): its words under the map, which keeps its text. */
function showRegionsRefused(error) {
  $("regions-note").textContent = words.say("page.sudoku.regions_error", { error });
  $("regions").setAttribute("aria-invalid", "true");
  $("regions").scrollIntoView({ block: "nearest" });
}

/** The rules changed (a box ticked, the map typed): the board, its clashes and the address follow. */
function rulesChanged() {
  if (player.replay) return;
  showRules();
  store.update({ type: "rules" });     // the cells a refusal named were the old rules'
  renderPuzzle();
  syncExampleMenu();
  rememberPuzzle();
}

// ---- rendering: the views, from the state ----------------------------------------

/** Draw what changed between two states (the one place the views are told to render). */
function render(state, before) {
  const { size } = state.puzzle;
  if (size !== before.puzzle.size) {
    board.setSize(size);
    pad.setSize(size);
    setSizeChoice(size);
    showRules();
  }
  if (state.mode !== before.mode) {
    const replaying = state.mode === "replay";
    pad.setVisible(!replaying);
    $("edit").hidden = !replaying;
    $("variants").disabled = replaying;      // a replay's rules are its log's; Edit puzzle changes them
    $("draw").disabled = replaying;
    if (!replaying && before.mode === "replay") showHint("");
  }
  if (state.mode !== "replay" && touched(state, before, "puzzle", "errorCells", "mode")) renderPuzzle();
  if (touched(state, before, "puzzle", "examples", "constraints", "negative")) syncExampleMenu();
  if (size !== before.puzzle.size || touched(state, before, "constraints", "negative")) {
    overlay.show(state.constraints, size);
    showRules();
  }
  if (touched(state, before, "importNotes")) say($("import-note"), state.importNotes, "info");
  if (touched(state, before, "box", "failedLoad")) {
    renderBoxNote(state.box);
    offerFailedLoad(state);
  }
}
store.subscribe(render);
store.subscribe((state, before, action) => {
  // A new puzzle or an edit is no longer the what-if's: the next solve is the search's own.
  if (action.type === "load" || action.type === "edit-cell") whatIf.reset();
  if (touched(state, before, "cursor", "mode", "answer")) whatIf.render();
});
// The heatmap, the pending estimate and the comparison: drawn from the same state.
const glance = new GlancePanels({
  store, getLog: () => (player.replay ? player.replay.log : null),
  // A side of the merged tree: the search on screen moves there; the other is solved (a kept answer) and opened there.
  onReplay: (choose, step) => {
    if (player.replay && player.replay.share.choose === choose) {
      if (step !== null) player.seekTo(step);
      return;
    }
    $("choose").value = choose;
    solve({ push: true, step });
  },
});
store.subscribe((state, before) => glance.render(state, before));
wireEmbedButton({ player, store, kind: "sudoku" });
// The learner's modes, as the address asks for them (its step, if any, is where a replay opens).
const learning = readShare(location.search);
wirePredict({ player, store, kind: "sudoku", initial: learning ? learning.predict : "off", keepStep: !!learning && learning.step !== null, board });
wireTour({ player, store, initial: !!learning && learning.tour, step: learning ? learning.step : null });

/** Drop the solve in flight, if any, and the estimate said while it was pending. */
function cancelSolve() {
  runner.cancel();
  glance.solved();
}


// ---- messages next to the board ----------------------------------------------

function showMessage(lines, tone = "error") {
  say($("board-message"), lines, tone);
}

function clearMessage() {
  showMessage([]);
}

/** A short hint over the board that moves nothing and goes by itself ("" hides it). */
function showHint(text) {
  const hint = $("board-hint");
  clearTimeout(hintTimer);
  hint.textContent = text;
  hint.hidden = !text;
  if (text) hintTimer = setTimeout(() => { hint.hidden = true; }, 3000);
}

/**
 * Keep the puzzle being entered in the address (edit=1), so a reload or a
 * link keeps it. The first change after a replay opens a history entry of its
 * own (Back returns to the replay); later ones replace it.
 */
function rememberPuzzle({ keepLeft = false } = {}) {
  const share = { ...currentShare(), edit: true };
  if (now().atEdit && !keepLeft) {
    url.replace(share);   // at once (keystrokes are no flood): a reload must find the last one
  } else {
    markEditing(false);   // the entry left behind is the replay again
    url.push(share);
    store.update({ type: "history", atEdit: true, editPushed: true });
  }
}

/**
 * Edit puzzle pressed on a replay, nothing changed yet: the history entry is
 * still the replay's (the first change opens one of its own), but a reload or
 * a return to it must show the puzzle being entered, not the replay. The flag
 * lives in history.state, which a reload keeps.
 */
function markEditing(on) {
  if (Boolean(history.state && history.state.editing) === on) return;
  history.replaceState({ ...(history.state || {}), editing: on }, "");
}

/** The share of this history entry; a replay's entry left by Edit puzzle opens as the puzzle being entered. */
function entryShare() {
  const share = readShare(location.search);
  if (share && !share.edit && history.state && history.state.editing) {
    return { ...share, edit: true, step: null, replayEntry: true };
  }
  return share;
}

// ---- entering a puzzle ---------------------------------------------------------

function setSizeChoice(size) {
  for (const radio of document.querySelectorAll("input[name=size]")) radio.checked = Number(radio.value) === size;
}

/** Show the puzzle being entered, with clashing givens marked and named. */
function renderPuzzle() {
  const { puzzle, errorCells } = now();
  const clashes = clashesNow();
  const marked = new Set([...clashes.cells, ...errorCells]);
  board.showPuzzle(puzzle.values, marked);
  if (clashes.messages.length) {
    const more = clashes.messages.length - 3;
    showMessage([...clashes.messages.slice(0, 3), ...(more > 0 ? [words.say("page.sudoku.clashes_more", { more: String(more) })] : [])], "error");
  } else if (!errorCells.length) {
    clearMessage();
  }
}

/**
 * Name the example the board holds in the examples menu, with its note, or
 * none: after an edit, a paste, Back or a link the menu never names a puzzle
 * that is not on the board. (Examples come in the one-line form formatPuzzle makes.)
 */
function syncExampleMenu() {
  const example = exampleOnBoard();
  const note = $("example-note");
  $("examples").value = example ? example.id : "";
  note.textContent = example ? example.note : "";
  note.hidden = !(example && example.note);
}

/**
 * Whether the puzzle on the board is work of the user's that replacing it
 * would lose: a digit anywhere, and not an example as the menu loaded it.
 */
function holdsWork() {
  return now().puzzle.values.some((v) => v) && !exampleOnBoard();
}

/** The example the board holds exactly, if any. */
function exampleOnBoard() {
  const line = puzzleLine();
  const rules = currentRules();
  return now().examples.find((x) => x.size === now().puzzle.size && x.puzzle === line
    && (x.variants || []).join(",") === rules.names.join(",") && (x.regions || "") === rules.regionsText
    && writeConstraints(x.constraints) === writeConstraints(now().constraints)
    && (x.negative || []).join(",") === now().negative.join(","));
}

/**
 * Put a whole new puzzle on the board (a size, an example, a paste, Load,
 * Clear) and into the address. Typed work it replaces keeps a history entry
 * of its own, so Back brings it back; browsing the examples or the sizes
 * with the arrow keys adds no entry per step.
 */
function replacePuzzle(size, values, extras = {}) {
  const before = puzzleLine();
  const keepLeft = holdsWork() || now().constraints.length > 0;
  loadPuzzle(size, values, extras);
  rememberPuzzle({ keepLeft: keepLeft && puzzleLine() !== before });
}

/**
 * Replace the puzzle (size and values), leaving any replay. `extras`: what comes
 * with it, {constraints, negative, notes} (an import's; none for plain text).
 */
function loadPuzzle(size, values, { constraints = [], negative = [], notes = [] } = {}) {
  cancelSolve();
  player.leave();
  releaseUnread();
  mirrorBox(values ? formatPuzzle(values, size) : "");
  store.update({ type: "load", puzzle: sudokuPuzzle(size, values), constraints, negative, notes });
}

/** A key on the board filled (value > 0) or cleared (0) a cell. */
function editCell(cell, value) {
  cancelSolve();
  player.leave();
  releaseUnread();
  const values = Array.from(now().puzzle.values);
  values[cell] = value;
  mirrorBox(formatPuzzle(values, now().puzzle.size));
  store.update({ type: "edit-cell", cell, value });
  rememberPuzzle();
}

/**
 * Read text as a puzzle with the server's parser (the one text boundary), or
 * say what is wrong and where. The text itself is left as the user typed it.
 * Resolves to {puzzle} once read, or {puzzle: null, reason} (the sentence said).
 */
async function readText(text, source) {
  const link = importLink(text);
  // The command line's 'PUZZLE REGIONS' line: the puzzle, and its jigsaw's map for the map's field.
  const entry = link ? null : splitEntry(text);
  const answer = link ? await api.parseImport(link) : await api.parse(entry ? entry.puzzle : text);
  let reason = null;
  if (answer.status === 413) {
    // Far past any puzzle: say so in its own terms, not the server's request size.
    reason = words.say("page.sudoku.unread.too_long", { source, length: text.length });
  } else if (!answer.ok) {
    reason = words.say("page.sudoku.unread", { source, error: answer.data.error });
  } else if (!SIZES.includes(answer.data.size)) {
    reason = words.say("page.sudoku.unread.too_big", { source, size: String(answer.data.size) });
  }
  if (reason === null && entry) return { puzzle: answer.data, extras: { rules: { names: currentRules().names, regions: entry.regions } } };
  if (reason === null) return { puzzle: answer.data, extras: link ? imported(answer.data) : {} };
  showMessage(reason, "error");
  return { puzzle: null, reason };
}

/** Where text typed in the Puzzle string box and not loaded yet is kept for this tab. */
const TEXT_DRAFT_KEY = "dlx-puzzle-text";

/**
 * The Puzzle string box mirrors the board, except while it holds text the
 * user typed (or that could not be read) and has not loaded: that text is
 * never overwritten, and a reload brings it back.
 */
function mirrorBox(text) {
  if (now().box === null) $("puzzle-text").value = text;
}

/** Under text the user typed and has not loaded. */
const NOT_LOADED_NOTE = words.say("page.sudoku.not_loaded");

/**
 * Take the box's text as the user's own (null: it mirrors the board again);
 * unread: the page put it there from a paste or a link that could not be read,
 * and reason, why (said again under the box, far from the board on a phone).
 */
function keepBoxText(text, { unread = false, reason = null } = {}) {
  store.update({ type: "box", text, unread, reason: unread && reason ? reason : null });
}

/** The note under the box, and the draft a reload brings back, from the state's box. */
function renderBoxNote(box) {
  const note = $("box-note");
  note.hidden = box === null;
  const why = box && box.unread && box.reason;
  note.className = why ? "message" : "note";
  note.textContent = why ? words.say("page.sudoku.fix_here", { reason: box.reason }) : NOT_LOADED_NOTE;
  try {
    if (box === null) sessionStorage.removeItem(TEXT_DRAFT_KEY);
    else sessionStorage.setItem(TEXT_DRAFT_KEY, JSON.stringify({ text: box.text, unread: box.unread, reason: box.reason }));
  } catch {
    // No storage (private mode, quota): the box is only lost on a reload.
  }
}

/** Where the text of a Load that could not be read is kept for this tab (see giveBoxBack). */
const FAILED_LOAD_KEY = "dlx-failed-load";

/**
 * A Load that could not be read: the box shows the board's puzzle again, as
 * the board and the box must agree, and the text is kept (for this tab, a
 * reload included) for "Back to my text" under the box, which puts it back
 * with the place the reason names selected. (Unless the user typed on while
 * the server read it: then the box keeps the newer text.)
 */
function giveBoxBack(text, reason) {
  if ($("puzzle-text").value !== text) return;
  keepFailedLoad({ text, reason });
  keepBoxText(null);
  mirrorBox(puzzleLine());
}

function keepFailedLoad(failed) {
  store.update({ type: "failed-load", failed });
  try {
    if (failed === null) sessionStorage.removeItem(FAILED_LOAD_KEY);
    else sessionStorage.setItem(FAILED_LOAD_KEY, JSON.stringify(failed));
  } catch {
    // No storage: the text is only lost on a reload.
  }
}

/** "Back to my text" is offered while the box mirrors the board: it never replaces text of the user's own. */
function offerFailedLoad({ failedLoad, box }) {
  const offer = failedLoad !== null && box === null;
  $("box-restore").hidden = !offer;
  if (!offer) return;
  const note = $("box-note");
  note.hidden = false;
  note.className = "message";
  note.textContent = words.say("page.sudoku.text_kept", { reason: failedLoad.reason });
}

/** After a reload: a failed Load's text is still one press away. */
function restoreFailedLoad() {
  let failed = null;
  try {
    failed = JSON.parse(sessionStorage.getItem(FAILED_LOAD_KEY) || "null");
  } catch {
    return;
  }
  if (failed && typeof failed.text === "string" && typeof failed.reason === "string") keepFailedLoad(failed);
}

/** Where in text the reason's "line L, column C" points (an offset), or -1. */
function placeNamed(text, reason) {
  const at = /line (\d+), column (\d+)/.exec(reason);
  if (!at) return -1;
  const lines = text.split("\n");
  const line = Number(at[1]) - 1;
  if (line >= lines.length) return -1;
  let offset = Number(at[2]) - 1;
  for (let i = 0; i < line; i++) offset += lines[i].length + 1;
  return Math.min(offset, text.length);
}

/** After a reload: text typed in the box and not loaded comes back. */
function restoreBoxText() {
  let draft = null;
  try {
    draft = JSON.parse(sessionStorage.getItem(TEXT_DRAFT_KEY) || "null");
  } catch {
    return;
  }
  if (!draft || typeof draft.text !== "string") return;
  $("puzzle-text").value = draft.text;
  keepBoxText(draft.text, { unread: draft.unread === true, reason: typeof draft.reason === "string" ? draft.reason : null });
}

/**
 * A new puzzle is on the board: unread text the page put in the box (not the
 * user's own typing) gives way, and the box mirrors the board again.
 */
function releaseUnread() {
  if (now().box !== null && now().box.unread) keepBoxText(null);
}

/**
 * Text that could not be read (a paste, a link's puzzle) goes into the text
 * field, where the line and column the message names can be seen and fixed.
 */
function keepUnread(text, source, reason) {
  player.presentation.pause();      // the message and the box it names must be on screen
  const { box } = now();
  if (box !== null && box.text !== text && !box.unread) {
    // The box holds the user's own text: it stays (a paste is still on the clipboard, a link in the address).
    sayMore($("board-message"), [words.say("page.sudoku.box_kept", { source })], "error");
    return;
  }
  // Earlier unread text the user has not touched gives way to the newer.
  $("puzzle-text").value = text;
  keepBoxText(text, { unread: true, reason });
  sayMore($("board-message"), [words.say("page.sudoku.in_box", { source })], "error");
  $("puzzle-text").focus();
  $("box-note").scrollIntoView({ block: "nearest" });     // the reason, said again where the text is
}

/**
 * Load text onto the board (see readText). A Solve pressed while the server
 * is still reading waits for it (pendingLoad): it means the puzzle just chosen,
 * not the one it replaces.
 */
function loadText(text, source, { keepOnError = false, fromHistory = false, fromBox = false, extras: given = null } = {}) {
  const loading = (async () => {
    const { puzzle, extras: read, reason } = await readText(text, source);
    const extras = given ? given(puzzle.size) : read;
    if (!puzzle) {
      if (keepOnError) keepUnread(text, source, reason);
      else if (fromBox) giveBoxBack(text, reason);
      return false;
    }
    // Loaded: the box mirrors the board again, unless the user typed on while the server read it.
    if (fromBox) keepFailedLoad(null);     // the user moved on from the text that failed
    if (fromBox && $("puzzle-text").value === text) keepBoxText(null);
    if (extras.rules) setRules(extras.rules.names, extras.rules.regions);
    if (fromHistory) {
      loadPuzzle(puzzle.size, puzzle.grid, extras);   // Back or a link: this entry's own puzzle
      rememberPuzzle();
    } else {
      replacePuzzle(puzzle.size, puzzle.grid, extras);
    }
    return true;
  })();
  pendingLoad = loading.catch(() => false);
  return loading;
}

async function loadExamples() {
  const answer = await api.examples();
  if (!answer.ok || !Array.isArray(answer.data)) return;
  const select = $("examples");
  for (const example of answer.data) {
    const option = document.createElement("option");
    option.value = example.id;
    const dims = `${example.size}×${example.size}`;
    option.textContent = example.title.includes(dims) ? example.title : `${example.title} (${dims})`;
    select.append(option);
  }
  store.update({ type: "examples", examples: answer.data });    // a link may have opened one before the menu came
}

// ---- solving ---------------------------------------------------------------------

function currentShare() {
  return {
    puzzle: puzzleLine(),
    solutions: chosenSolutions(),
    choose: $("choose").value,
    step: null,
    variants: currentRules().names,
    regions: currentRules().regionsText,
    constraints: writeConstraints(now().constraints),
    negative: now().negative,
    ...whatIf.share(),
  };
}

/**
 * Solve the puzzle on the board and start its replay. `push`: a new history
 * entry (a Solve press) rather than replacing this one (opening a link).
 * `step`: where to land; by default the first solution, or the last step.
 */
async function solve({ push = true, step = null } = {}) {
  await pendingLoad;
  // The entry opened for editing after a replay becomes this solve: Back
  // then goes from one replay to the one before, not through every edit.
  if (now().editPushed) push = false;
  const share = currentShare();
  // Knuth's estimate of the tree comes first, to say how big the wait is (a cached answer may beat it).
  const rules = {
    variant: share.variants, ...(share.regions ? { regions: share.regions } : {}),
    ...(now().constraints.length ? { constraints: now().constraints } : {}),
    ...(share.negative.length ? { negative: share.negative } : {}),
  };
  glance.solving({ puzzle: share.puzzle, choose: share.choose, ...rules });
  const answer = await runner.run((signal) => api.solve(
    { puzzle: share.puzzle, solutions: share.solutions, choose: share.choose, ...rules, ...WhatIf.body(share) }, { signal }));
  if (!answer) return;      // a newer solve or edit replaced this one (its own solve ends the pending note)
  glance.solved();
  if (!answer.ok) {
    player.leave();
    store.update({ type: "refused", cells: Array.isArray(answer.data.cells) ? answer.data.cells : [] });
    // Clashing givens are already listed one by one (the server names only the first).
    if (!clashesNow().messages.length) showMessage(answer.data.error, "error");
    // It sits under the board and the pad, below the fold of a phone: Solve must be seen to answer.
    $("board-message").scrollIntoView({ block: "nearest" });
    if (answer.data.field === "regions") showRegionsRefused(answer.data.error);
    return;
  }
  startReplay(answer.data, share, step, push);
}

// ---- the replay --------------------------------------------------------------

function startReplay(data, share, step, push) {
  let log;
  try {
    log = player.start(data, { ...share, puzzle: data.puzzle }, step, push);
  } catch (err) {
    if (!(err instanceof LogFormatError)) throw err;
    showMessage(words.say("page.log_unreadable", { error: err.message }), "error");
    return;
  }
  store.update({
    type: "replay", answer: data, share: player.replay.share, cursor: player.replay.timeline.cursor,
    puzzle: sudokuPuzzle(log.problem.size, data.grid),
  });
  mirrorBox(data.puzzle);
  whatIf.started(player.replay.share, log);
  const outcome = log.outcome;
  // While the learner drives, whether a solution lies below the choices is theirs to find:
  // only a search stopped by a limit is said.
  if (outcome.status === "solved" || (share.drive && outcome.status !== "stopped")) clearMessage();
  else showMessage(outcome.message, outcome.status === "stopped" ? "warning" : "info");
  player.reveal();
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
  // One symbol pasted on the board fills the cell in focus, as typing it would.
  const symbol = text.trim();
  if ($("board").contains(e.target) && !player.replay && symbol.length === 1
      && valueOfSymbol(symbol, now().puzzle.size) >= 0) {
    editCell(board.active, valueOfSymbol(symbol, now().puzzle.size));
    return;
  }
  loadText(text, words.say("page.sudoku.source.pasted"), { keepOnError: true });
});

$("puzzle-text").addEventListener("input", () => {
  const text = $("puzzle-text").value;
  const own = text.trim() && text.trim() !== puzzleLine();
  keepBoxText(own ? text : null);
});

// Left empty, the box shows the board's puzzle again.
$("puzzle-text").addEventListener("change", () => mirrorBox(puzzleLine()));

$("load-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("puzzle-text").value;
  if (!text.trim()) {
    showMessage(words.say("page.sudoku.box_empty"), "error");
  } else if (await loadText(text, words.say("page.sudoku.source.box"), { fromBox: true })) {
    return;
  }
  // The message is under the board, away from the box: bring it into view.
  $("board-message").scrollIntoView({ block: "nearest" });
});

$("box-restore").addEventListener("click", () => {
  const { text, reason } = now().failedLoad;
  const box = $("puzzle-text");
  box.value = text;
  keepFailedLoad(null);
  keepBoxText(text);       // the user's own again, not loaded: "press Load"
  box.focus();
  const at = placeNamed(text, reason);
  if (at >= 0 && at < text.length) box.setSelectionRange(at, at + 1);
});

$("solve-form").addEventListener("submit", (e) => {
  e.preventDefault();
  whatIf.reset();         // Solve is the search's own: a what-if comes from its panel
  solve({ push: true });
});

// The board's puzzle in f-puzzles: the server writes the link (one writer of the format).
$("open-fpuzzles").addEventListener("click", async () => {
  const share = currentShare();
  const answer = await api.exportLinks({
    puzzle: share.puzzle, variant: share.variants, ...(share.regions ? { regions: share.regions } : {}),
    constraints: now().constraints, negative: share.negative,
  });
  if (answer.ok) window.open(answer.data.fpuzzles, "_blank", "noopener");
  else showMessage(words.say("page.sudoku.export_failed", { error: answer.data.error }), "error");
});

// Alt-click on a cell of the replayed board (or b on a selected cell): the search branches there next.
$("board").addEventListener("click", (e) => {
  const cell = player.replay ? e.target.closest("[data-cell]") : null;
  if (cell && !e.altKey && whatIf.driveMode.active) {
    whatIf.driveMode.pickItem(Number(cell.dataset.cell));     // your turn: the cell is the item picked
    return;
  }
  if (!cell || !e.altKey) return;
  e.preventDefault();
  e.stopPropagation();
  whatIf.branchOn(Number(cell.dataset.cell));       // a cell's item id is its index
}, { capture: true });
$("board").addEventListener("keydown", (e) => {
  // (During the guided tour b is its Back key.)
  const cell = (e.key === "b" || e.key === "B") && player.replay && now().tour === null && !e.ctrlKey && !e.metaKey
    ? e.target.closest("[data-cell]") : null;
  if (!cell) return;
  e.preventDefault();
  e.stopPropagation();
  whatIf.branchOn(Number(cell.dataset.cell));
}, { capture: true });

$("clear").addEventListener("click", () => {
  replacePuzzle(now().puzzle.size, null);
  board.focusCell(0);
});

// A click on the replayed board hands the keys to the replay: Space then
// plays, rather than pressing again the player button clicked last.
$("board").addEventListener("mousedown", () => {
  if (player.replay) $("step-slider").focus({ preventScroll: true });
});

// Leave the replay for the puzzle it solved, to change it (keys on the board
// edit nothing during a replay: a stray digit must not throw a replay away).
$("edit").addEventListener("click", () => {
  cancelSolve();
  player.leave();
  // No history entry yet: the first change opens one (Solve with nothing changed
  // then replaces the replay's own entry instead of adding a copy of it).
  url.flush();
  markEditing(true);
  board.focusCell(board.active);
});

for (const radio of document.querySelectorAll("input[name=size]")) {
  radio.addEventListener("change", () => {
    const size = Number(radio.value);
    if (!SIZES.includes(size) || size === now().puzzle.size) return;
    replacePuzzle(size, null);
  });
}

$("examples").addEventListener("change", async () => {
  const example = now().examples.find((x) => x.id === $("examples").value);
  const note = $("example-note");
  if (!example) {
    note.hidden = true;
    return;
  }
  setRules(example.variants || [], example.regions || "");
  await loadText(example.puzzle, words.say("page.sudoku.source.example"),
    { extras: () => ({ constraints: example.constraints || [], negative: example.negative || [] }) });
  syncExampleMenu();
});

// A variant picked or a map typed: the board draws it, clashes follow it, the address keeps it.
for (const box of document.querySelectorAll("input[name=variant]")) box.addEventListener("change", rulesChanged);
$("regions").addEventListener("input", () => {
  // The whole 'PUZZLE REGIONS' line pasted here: the map stays, the puzzle goes on the board.
  const entry = splitEntry($("regions").value);
  if (entry) {
    $("regions").value = mapRows(entry.regions);
    loadText(entry.puzzle, words.say("page.sudoku.source.pasted"), { keepOnError: true });
  } else if (!$("regions").value.includes("\n") && currentRules().regionsText && !currentRules().error) {
    // A map typed or pasted on one line is shaped as the grid as soon as it reads well (whitespace
    // is ignored): not when the field is left, where the field growing to its rows moved Solve
    // away under the pointer pressing it, and the press was lost.
    $("regions").value = mapRows($("regions").value);
  }
  rulesChanged();
  drawing.showRegion();       // the region being painted, as the map now has it
});

// Options chosen while entering a puzzle go into its address: a reload keeps them.
for (const id of ["solutions", "choose"]) {
  $(id).addEventListener("change", () => {
    if (!player.replay) rememberPuzzle();
  });
}

$("download-stats").addEventListener("click", () => {
  const replay = player.replay;
  if (!replay) return;
  const { raw } = replay;
  downloadJson("dlx-statistics.json", {
    puzzle: raw.puzzle, size: raw.size, solutions: replay.share.solutions, choose: replay.share.choose,
    outcome: raw.outcome, stats: raw.stats,
  });
});

/** Open a shared state: fill the board and options, solve, land on its step. */
async function openShare(asked, { push = false } = {}) {
  const share = withinCap(asked);
  setSolutionsChoice(share.solutions);
  $("choose").value = share.choose;
  setRules(share.variants, share.regions);
  const { puzzle, reason } = await readText(share.puzzle, "link's puzzle");
  if (!puzzle) {
    keepUnread(share.puzzle, "link's puzzle", reason);
    sayMore($("board-message"), linkNotes(share, null));
    return;
  }
  loadPuzzle(puzzle.size, puzzle.grid, linked(share, puzzle.size));
  whatIf.fromShare(share);
  whatIf.driveMode.resume(share);     // your turn from an address resumes its record (&picks=…)        // after the load, which forgets any what-if
  await solve({ push, step: share.step });
  sayMore($("board-message"), linkNotes(share, player.lastStep));
}

/** Open a puzzle being entered (edit=1): fill the board and the options, solve nothing. */
async function openEntered(asked) {
  const share = withinCap(asked);
  // A replay's entry (see markEditing) stays the replay's until the first change.
  store.update({ type: "history", atEdit: !share.replayEntry });
  setSolutionsChoice(share.solutions);
  $("choose").value = share.choose;
  setRules(share.variants, share.regions);
  const entered = parseEntered(share.puzzle);
  if (entered) loadPuzzle(entered.size, entered.values, linked(share, entered.size));
  else if (!(await loadText(share.puzzle, words.say("page.sudoku.source.link"),
    { keepOnError: true, fromHistory: true, extras: (size) => linked(share, size) }))) {
    sayMore($("board-message"), linkNotes(share, null));
    return;
  }
  sayMore($("board-message"), linkNotes(share, null));
  // The address as the page now has it: a bad setting is not read again.
  if (!share.replayEntry) rememberPuzzle();
}

player.followHistory({
  shareOf: () => {
    store.update({ type: "history", editPushed: false });    // a new entry: the next edit pushes its own
    return entryShare();
  },
  open: (share) => (share.edit ? openEntered(share) : openShare(share)),
  leave: () => {
    cancelSolve();
    player.leave();
    store.update({ type: "history", atEdit: true });
  },
});

// ---- start ---------------------------------------------------------------------

board.setSize(now().puzzle.size);
pad.setSize(now().puzzle.size);
renderPuzzle();
loadExamples();
restoreFailedLoad();
restoreBoxText();
const initial = entryShare();
// ?import=LINK: an f-puzzles or SudokuPad link opened from the address. Once read,
// the address becomes the page's own (rememberPuzzle); unread, it stays, and the link
// goes into the Puzzle string box with the server's reason.
const importing = new URLSearchParams(location.search).get("import");
if (importing && !initial) loadText(importing, words.say("page.sudoku.source.import"), { keepOnError: true, fromHistory: true });
else if (initial && initial.edit) openEntered(initial);
else if (initial) openShare(initial);
