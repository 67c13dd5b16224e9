// model/url.js — the shareable URL. The Sudoku page: ?p=<puzzle>&sol=<n|all>&choose=<mrv|first>&step=<i>,
// with &v=<variant,variant…>&regions=<map> for a variant (model/variants.js) and
// &c=<constraints>&neg=<kropki,xv> for constraints (model/constraints.js's short form),
// or ?p=<puzzle>&…&edit=1 for a puzzle being entered (opened without solving);
// the exact cover page: ?builtin=<id>&<param>=<value>…&sol=…&choose=…&step=…
// or ?text=<problem>&sol=…, and ?problem=<id> for a problem picked but not
// solved yet. Either page's replay may add &marks=STEP:name,… (named
// bookmarks: a lesson plan), and a what-if &force=ID,ID,… (the options forced as the
// choices of levels 0, 1, …) with &branch=ID (the item the search branches on next), and your
// turn's &drive=1 with &picks=… (the learner's record, model/drive.js). Reading and writing them, with pushState for a new
// solve and a throttled replaceState while scrubbing (browsers ignore floods
// of history calls). The notes' words come from the message catalogue (url.*).

import { say } from "./messages.js";
import { readVariants } from "./variants.js";
import { readNegative } from "./constraints.js";

export const DEFAULT_SOLUTIONS = 1;
export const DEFAULT_CHOOSE = "mrv";

/**
 * The share state in a query string, or null when it names no puzzle:
 * {puzzle, solutions (number, or null for all), choose, step (number or
 * null), edit (a puzzle being entered, not a solve), variants (names), regions
 * (a jigsaw's map as written, or ""), constraints (their short form, or ""),
 * negative (names)}.
 */
export function readShare(search) {
  const params = new URLSearchParams(search);
  const puzzle = params.get("p");
  if (!puzzle) return null;
  const edit = params.get("edit") === "1";
  // A puzzle being entered is not solved: it has no step to land on.
  const settings = readSettings(params, { withStep: !edit });
  const { names, unknown } = readVariants(params.get("v"));
  if (unknown.length) settings.notes.push(say("url.variant_unknown", { value: shown(unknown.join(",")) }));
  return {
    puzzle, ...settings, edit, variants: names, regions: params.get("regions") || "",
    constraints: params.get("c") || "", negative: readNegative((params.get("neg") || "").split(",")),
  };
}

/** The query string for a share state ("" for none). */
export function shareQuery(share) {
  if (!share) return "";
  const params = new URLSearchParams();
  params.set("p", share.puzzle);
  if (share.variants && share.variants.length) params.set("v", share.variants.join(","));
  if (share.regions) params.set("regions", share.regions);
  if (share.constraints) params.set("c", share.constraints);
  if (share.negative && share.negative.length) params.set("neg", share.negative.join(","));
  writeSettings(params, share);
  if (share.edit) params.set("edit", "1");
  return `?${params}`;
}

/** Whether two share states ask for the same solve (the step aside). */
export function sameSolve(a, b) {
  return !!a && !!b && !a.edit && !b.edit
    && a.puzzle === b.puzzle && a.solutions === b.solutions && a.choose === b.choose && sameWhatIf(a, b)
    && (a.variants || []).join(",") === (b.variants || []).join(",") && (a.regions || "") === (b.regions || "")
    && (a.constraints || "") === (b.constraints || "") && (a.negative || []).join(",") === (b.negative || []).join(",");
}

/** A value as a link wrote it, for a note: cut after 24 characters. */
export function shown(text) {
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/**
 * The fields of the solve settings every share carries (sol, choose, step),
 * and notes on the values a link gets wrong (each is replaced by a sound one).
 */
function readSettings(params, { withStep = true } = {}) {
  const notes = [];
  const sol = params.get("sol");
  let solutions = DEFAULT_SOLUTIONS;
  if (sol === "all") solutions = null;
  else if (sol !== null && /^\d+$/.test(sol) && Number(sol) >= 1) solutions = Number(sol);
  else if (sol !== null) notes.push(say("url.sol", { value: shown(sol) }));
  const chosen = params.get("choose");
  const choose = chosen === "first" ? "first" : DEFAULT_CHOOSE;
  if (chosen !== null && chosen !== "first" && chosen !== DEFAULT_CHOOSE) {
    notes.push(say("url.choose", { value: shown(chosen) }));
  }
  const stepText = withStep ? params.get("step") : null;
  let step = null;
  if (stepText !== null && /^\d+$/.test(stepText)) step = Number(stepText);
  else if (stepText !== null && /^-\d+$/.test(stepText)) {
    step = 0;
    notes.push(say("url.step_before", { value: shown(stepText) }));
  } else if (stepText !== null) {
    notes.push(say("url.step_not_number", { value: shown(stepText) }));
  }
  // A what-if (force, branch) and your turn (drive).
  const { force, branch } = readWhatIf(params, notes);
  const drive = params.get("drive") === "1";
  // Your turn's record (model/drive.js reads it): kept as written, the drive says what it cannot use.
  const picks = drive ? params.get("picks") : null;
  // The number as the link wrote it (a huge one reads as 1e+23 once parsed).
  // The learner's modes: predict (&predict=1, or all to ask forced moves too) and the tour.
  const predicted = params.get("predict");
  const predict = predicted === "all" ? "all" : predicted === "1" ? "on" : "off";
  return { solutions, choose, step, notes, solText: sol, marks: readMarks(params.get("marks")), predict, tour: params.get("tour") === "1",
    force, branch, drive, picks };
}

/** A what-if's force=ID,ID,… and branch=ID (ids from 0); a value that is not one is dropped with a note. */
function readWhatIf(params, notes) {
  const forceText = params.get("force");
  let force = [];
  if (forceText !== null && /^\d{1,9}(,\d{1,9})*$/.test(forceText)) force = forceText.split(",").map(Number);
  else if (forceText) notes.push(say("url.force", { value: shown(forceText) }));
  const branchText = params.get("branch");
  let branch = null;
  if (branchText !== null && /^\d{1,9}$/.test(branchText)) branch = Number(branchText);
  else if (branchText) notes.push(say("url.branch", { value: shown(branchText) }));
  return { force, branch };
}

/** Whether two shares force the same what-if (none is the same as none). */
export function sameWhatIf(a, b) {
  return (a.force || []).join(",") === (b.force || []).join(",") && (a.branch ?? null) === (b.branch ?? null)
    && Boolean(a.drive) === Boolean(b.drive);
}

/** The longest bookmark name kept. */
const MARK_NAME_MAX = 40;

/** A bookmark's name as the address keeps it: no commas (they part bookmarks), trimmed, at most 40 characters. */
export function markName(text) {
  return String(text).replace(/[,\s]+/g, " ").trim().slice(0, MARK_NAME_MAX).trim();
}

/**
 * Named bookmarks from `marks=STEP:name,STEP:name…` (a lesson plan): [{step,
 * name}] by step (name "" for `STEP:`); a part without a step number is
 * dropped, one step kept once.
 */
export function readMarks(text) {
  if (!text) return [];
  const marks = new Map();
  for (const part of text.split(",")) {
    const m = /^(\d{1,12}):(.*)$/.exec(part.trim());
    if (!m) continue;
    const step = Number(m[1]);
    if (!marks.has(step)) marks.set(step, { step, name: markName(m[2]) });
  }
  return [...marks.values()].sort((a, b) => a.step - b.step);
}

/** The `marks` value of a list of bookmarks ("" for none). */
export function marksText(marks) {
  return (marks || []).map(({ step, name }) => `${step}:${markName(name)}`).join(",");
}

/**
 * What a link asked for that could not be had (a bad sol, choose or step, or
 * a step past lastStep, the replay's last), each with what was used instead.
 */
export function linkNotes(share, lastStep = null) {
  const notes = [...(share.notes || [])];
  if (lastStep !== null && share.step !== null && share.step > lastStep) {
    // The step as the link wrote it (no commas); the last step with them.
    notes.push(say("url.step_past", { step: String(share.step), last: lastStep }));
  }
  return notes;
}

function writeSettings(params, share) {
  params.set("sol", share.solutions === null ? "all" : String(share.solutions));
  params.set("choose", share.choose);
  if (share.step !== null && share.step !== undefined) params.set("step", String(share.step));
  if (share.marks && share.marks.length) params.set("marks", marksText(share.marks));
  if (share.predict === "on" || share.predict === "all") params.set("predict", share.predict === "all" ? "all" : "1");
  if (share.tour) params.set("tour", "1");
  if (share.force && share.force.length) params.set("force", share.force.join(","));
  if (share.branch !== null && share.branch !== undefined) params.set("branch", String(share.branch));
  if (share.drive) params.set("drive", "1");
  if (share.drive && share.picks) params.set("picks", share.picks);
}

/** Query keys of a cover share that are not a built-in's parameters. */
const COVER_KEYS = new Set(["builtin", "text", "sol", "choose", "step", "problem", "marks",
  // The embedded player's range (model/embed.js), the learner's modes (predict, tour) and a what-if's.
  "from", "to", "autoplay", "predict", "tour", "force", "branch", "drive", "picks"]);

/**
 * A built-in's parameters in a query: numbers and booleans under their own
 * names; any other value stays text, for the page to name (see readableParams).
 */
function queryParams(params) {
  const values = {};
  for (const [key, written] of params) {
    if (COVER_KEYS.has(key)) continue;
    const value = written.trim();          // "n= 6" means 6
    if (value === "true" || value === "false") values[key] = value === "true";
    else if (/^-?\d+$/.test(value)) values[key] = Number(value);
    else values[key] = written;
  }
  return values;
}

/** Whether two sets of parameters hold the same values, in any order. */
export function sameParams(a, b) {
  const left = a || {};
  const right = b || {};
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((k) => right[k] === left[k]);
}

/**
 * The exact cover page's share state, or null when the query names no
 * problem: {builtin, params, text, solutions, choose, step}. Parameters come
 * back as numbers or booleans; the server checks them against the built-in.
 */
export function readCoverShare(search) {
  const params = new URLSearchParams(search);
  const builtin = params.get("builtin");
  const text = params.get("text");
  if (!builtin && !text) return null;
  const values = builtin ? queryParams(params) : {};
  return { builtin: builtin || null, params: values, text: builtin ? null : text, ...readSettings(params) };
}

/** The query string of a cover share state. */
export function coverShareQuery(share) {
  if (!share) return "";
  const params = new URLSearchParams();
  if (share.builtin) {
    params.set("builtin", share.builtin);
    for (const [key, value] of Object.entries(share.params || {})) params.set(key, String(value));
  } else {
    params.set("text", share.text);
  }
  writeSettings(params, share);
  return `?${params}`;
}

/**
 * The problem picked on the exact cover page but not solved yet, as
 * {id, params} (?problem=<id>&n=10: "text" for a typed one, a built-in with
 * the parameters entered), or null.
 */
export function readCoverPick(search) {
  if (readCoverShare(search)) return null;
  const query = new URLSearchParams(search);
  const id = query.get("problem");
  return id === null ? null : { id, params: queryParams(query) };
}

/** The query string of a picked, unsolved problem and the parameters entered for it. */
export function coverPickQuery(id, params = {}) {
  const query = new URLSearchParams({ problem: id });
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "boolean" || Number.isInteger(value)) query.set(key, String(value));
  }
  return `?${query}`;
}

/** Whether two cover share states ask for the same solve (the step aside). */
export function sameCoverSolve(a, b) {
  if (!a || !b || a.solutions !== b.solutions || a.choose !== b.choose || !sameWhatIf(a, b)) return false;
  if (a.builtin || b.builtin) return a.builtin === b.builtin && sameParams(a.params, b.params);
  return a.text === b.text;
}

export class UrlSync {
  /**
   * @param {number} delay ms between two replaceState calls while scrubbing
   * @param {(share: object) => string} toQuery the query string of a share state
   */
  constructor(delay = 250, toQuery = shareQuery) {
    this.delay = delay;
    this.toQuery = toQuery;
    this.timer = null;
    this.pending = null;
    // A reload or a link followed within the delay keeps the last step too.
    addEventListener("pagehide", () => this.flush());
  }

  urlFor(share) {
    return `${location.pathname}${this.toQuery(share)}${location.hash}`;
  }

  /** A new history entry (a new solve); a change waiting for the current one lands first. */
  push(share) {
    this.flush();
    history.pushState({ share }, "", this.urlFor(share));
  }

  /** Write a change still waiting for its delay into the current entry now. */
  flush() {
    const waiting = this.pending;
    this.cancel();
    if (waiting) history.replaceState({ share: waiting }, "", this.urlFor(waiting));
  }

  /** Replace the current entry now. */
  replace(share) {
    this.cancel();
    history.replaceState({ share }, "", this.urlFor(share));
  }

  /** Replace the current entry soon, keeping only the latest state. */
  replaceSoon(share) {
    this.pending = share;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const latest = this.pending;
      this.pending = null;
      if (latest) history.replaceState({ share: latest }, "", this.urlFor(latest));
    }, this.delay);
  }

  cancel() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
