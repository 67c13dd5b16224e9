// model/api.js — the fetch client for the HTTP API (docs/api.md): Sudoku and any
// exact cover problem. Answers come back as {ok, status, data}; a network
// failure or a body that is not JSON becomes {ok: false, data: {error}} so
// views have one shape to show. Its words come from the message catalogue (api.*).

import { say } from "./messages.js";

async function request(url, init) {
  let response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, ...init });
  } catch (err) {
    return { ok: false, status: 0, data: { error: say("api.unreachable", { error: err.message }), cells: [] } };
  }
  let data;
  try {
    data = await response.json();
  } catch {
    data = { error: say("api.not_json", { status: String(response.status) }) };
  }
  if (!response.ok && (!data || typeof data.error !== "string")) {
    data = { error: say("api.status", { status: String(response.status) }) };
  }
  return { ok: response.ok, status: response.status, data };
}

/**
 * The step budget asked for when every solution is: the most a server records (it caps what is
 * asked at its SOLVE_MAX_STEPS, and keeps the log within SOLVE_MAX_LOG_WEIGHT), not its default
 * million, so "All" replays every step of searches up to ten million events (12 queens: 3.6 million).
 */
export const ALL_STEPS = 10_000_000;

/** The request's options with ALL_STEPS when every solution is asked for and no budget is named. */
export function withSteps(options) {
  const all = options.solutions === null && options.max_steps === undefined && options.record !== false;
  return all ? { ...options, max_steps: ALL_STEPS } : options;
}

/**
 * POST /api/solve. `options`: {puzzle, solutions (number or null for all),
 * choose ("mrv"|"first"), max_steps?, record?}.
 */
export function solve(options, { signal } = {}) {
  return request("/api/solve", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(withSteps(options)),
    signal,
  });
}

/**
 * POST /api/parse: read a puzzle as the solver does (the one parser).
 * data: {n, size, puzzle, grid, clash} or {error, cells, position}.
 */
export function parse(puzzle) {
  return request("/api/parse", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ puzzle }),
  });
}

/**
 * POST /api/parse with an f-puzzles or SudokuPad link (or its load= value): the
 * puzzle it holds, {size, grid, puzzle, variants, regions, constraints, negative,
 * notes} (notes: what the link holds that is not imported), or {error}.
 */
export function parseImport(link) {
  return request("/api/parse", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ import: link }),
  });
}

/**
 * POST /api/export: the f-puzzles and SudokuPad links of a puzzle. `options`: {puzzle,
 * variant, regions, constraints, negative, title?}. data: {fpuzzles, sudokupad} or {error}.
 */
export function exportLinks(options) {
  return request("/api/export", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(options),
  });
}

/** GET /api/examples: [{id, title, size, puzzle, note}, ...]. */
export function examples() {
  return request("/api/examples", { method: "GET" });
}

/** GET /api/cover/builtins: [{id, title, params: [{name, kind, default, min, max, help}]}]. */
export function coverBuiltins() {
  return request("/api/cover/builtins", { method: "GET" });
}

/**
 * POST /api/cover: any exact cover problem. `options`: {builtin, params} or
 * {text}, plus solutions (number or null for all) and choose. data: {title,
 * problem, outcome, solutions, stats, picture, log} or {error, position}.
 */
export function cover(options, { signal } = {}) {
  return request("/api/cover", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(withSteps(options)),
    signal,
  });
}

/**
 * POST /api/compare: the puzzle searched with fewest options first and with
 * the first item. data: {bucket, searches: [{choose, outcome, stats, shape,
 * solution_nodes}]} or {error, field}.
 */
export function compare(options, { signal } = {}) {
  return request("/api/compare", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(options),
    signal,
  });
}

/** POST /api/estimate: Knuth's estimate of the tree. data: {choose, nodes, log10, spread, probes} or {error, field}. */
export function estimate(options, { signal } = {}) {
  return request("/api/estimate", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(options),
    signal,
  });
}
