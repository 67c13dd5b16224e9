// model/glance.js — the whole search at a glance, in the page's terms: the
// dead-end heat of a Sudoku board, the thrashing summary, the progress of a
// replay against the tree's size, and the scale of two trees side by side.
// Every count is the server's (the log's facts, /api/compare, /api/estimate);
// this module only groups them by cell and unit and puts them in words from
// the message catalogue. No DOM.
//
// Glossary
//   heat       how many dead ends starved an item (facts.heat, sparse).
//   mode       what the heatmap shades: "cells", "rows", "cols" or "boxes".
//   unit total the dead ends that starved any of a unit's N items (one per digit).

import { joinAnd, powerOfTen, say } from "./messages.js";
import { cellName } from "./sudoku.js";

export const HEAT_MODES = Object.freeze(["cells", "rows", "cols", "boxes"]);
const FAMILY = { rows: 1, cols: 2, boxes: 3 };
// Each key written out whole, so the catalogue's test sees it named.
const UNIT_WORD = {
  rows: (fields) => say("heat.unit.row", fields),
  cols: (fields) => say("heat.unit.col", fields),
  boxes: (fields) => say("heat.unit.box", fields),
};
/** How many of a unit's digits a cell's description names, most frequent first. */
const DETAIL = 3;

/** The heat of every item, dense (0 for an item never starved), from the log's sparse facts. */
export function itemHeat(facts, itemCount) {
  const heat = new Int32Array(itemCount);
  if (!facts || !facts.heat) return heat;
  const { item, count } = facts.heat;
  for (let k = 0; k < item.length; k++) heat[item[k]] = count[k];
  return heat;
}

/** The unit (0..N-1) of a cell in a mode: its row, column or box. */
function unitOf(cell, size, mode) {
  const r = Math.floor(cell / size);
  const c = cell % size;
  if (mode === "rows") return r;
  if (mode === "cols") return c;
  const n = Math.round(Math.sqrt(size));
  return Math.floor(r / n) * n + Math.floor(c / n);
}

/**
 * The heatmap of a Sudoku board in a mode (docs/step-log.md, "Sudoku
 * numbering"): per cell {count, text, label}, `count` the dead ends of the cell
 * (mode "cells") or of its unit, `text` written in the cell (the count, once per
 * unit, in its middle cell; "" for none), `label` the cell's description.
 * `max` is the largest count (the legend's top). `phrases` are the log's.
 */
export function boardHeat(heat, size, mode, phrases) {
  const cells = size * size;
  const out = new Array(cells);
  let max = 0;
  if (mode === "cells") {
    for (let cell = 0; cell < cells; cell++) {
      const count = heat[cell];
      if (count > max) max = count;
      out[cell] = { count, text: count ? String(count) : "", label: say("heat.cell", { cell: cellName(cell, size), count }) };
    }
    return { cells: out, max };
  }
  const base = FAMILY[mode] * cells;
  const totals = new Int32Array(size);
  for (let unit = 0; unit < size; unit++) {
    for (let d = 0; d < size; d++) totals[unit] += heat[base + unit * size + d];
    if (totals[unit] > max) max = totals[unit];
  }
  const labels = Array.from(totals, (total, unit) => {
    const digits = [];
    for (let d = 0; d < size; d++) {
      const item = base + unit * size + d;
      if (heat[item]) digits.push({ item, count: heat[item] });
    }
    digits.sort((a, b) => b.count - a.count || a.item - b.item);
    const named = digits.slice(0, DETAIL).map(({ item, count }) => say("heat.detail", { empty: phrases.empty[item], count }));
    if (digits.length > DETAIL) named.push(say("heat.detail.more", { count: digits.length - DETAIL }));
    const name = UNIT_WORD[mode]({ number: unit + 1 });
    return say("heat.unit", { unit: name, count: total, detail: named.length ? `: ${joinAnd(named)}` : "" });
  });
  // The count is written once per unit, in its middle cell.
  const middle = new Int32Array(size).fill(-1);
  const members = Array.from({ length: size }, () => []);
  for (let cell = 0; cell < cells; cell++) members[unitOf(cell, size, mode)].push(cell);
  members.forEach((list, unit) => { middle[unit] = list[Math.floor(list.length / 2)]; });
  for (let cell = 0; cell < cells; cell++) {
    const unit = unitOf(cell, size, mode);
    const count = totals[unit];
    out[cell] = { count, text: count && middle[unit] === cell ? String(count) : "", label: labels[unit] };
  }
  return { cells: out, max };
}

/**
 * The thrashing of a search in words, for the page: {sentence, groups, deadEnds,
 * marked} or null when it does not thrash. `marked` lists the dead ends (numbers)
 * of every group; the sentence names the largest group's choices (read from the
 * replay state at its first dead end).
 */
export function thrashSummary(log) {
  const facts = log.facts;
  if (!facts || !facts.thrashing.length) return null;
  const groups = facts.thrashing;
  const marked = [];
  for (const group of groups) marked.push(...group);
  const largest = groups[0];
  const first = largest[0];
  const step = facts.deadEventIndex[first] + 1;
  const state = log.seek(step);
  const levels = Array.from(facts.culpritsOf(first));
  const choices = joinAnd(levels.map((level) => say("thrash.choice", { option: log.labels[state.frame(level).option], level })));
  return {
    sentence: say("thrash.summary", {
      groups: groups.length, dead: marked.length, choices, largest: largest.length,
    }),
    groups: groups.length, deadEnds: marked.length, marked,
  };
}

/**
 * The thrashing groups ranked by the nodes they wasted, for a list to step
 * through: [{group, steps, wasted, choices}], most wasted first (ties: the
 * larger group, then the earlier). `steps` are the group's dead-end steps in
 * order (facts.thrashing, facts.dead_ends.step); `wasted` counts the nodes the
 * search tried from its first dead end to its last, all spent meeting the
 * same conflict again (the tries are the log's; nothing is re-derived);
 * `choices` names the culprits, read from the replay state at its first dead end.
 */
export function thrashRanking(log, tree) {
  const facts = log.facts;
  if (!facts || !tree || !facts.thrashing.length) return [];
  const ranked = facts.thrashing.map((group, g) => {
    const steps = Array.from(group, (k) => facts.deadEventIndex[k] + 1).sort((a, b) => a - b);
    const wasted = tree.nodeAtStep(steps[steps.length - 1]) - tree.nodeAtStep(steps[0]);
    return { group: g, steps, wasted, first: group[0] };
  });
  ranked.sort((a, b) => b.wasted - a.wasted || b.steps.length - a.steps.length || a.steps[0] - b.steps[0]);
  return ranked.map(({ group, steps, wasted, first }) => {
    const state = log.seek(steps[0]);
    const levels = Array.from(facts.culpritsOf(first));
    const choices = joinAnd(levels.map((level) => say("thrash.choice", { option: log.labels[state.frame(level).option], level })));
    return { group, steps, wasted, choices };
  });
}

/** In a sorted list of steps, the one before (`-1`) or after (`+1`) a step, or null. */
export function stepBeside(steps, step, direction) {
  if (direction > 0) return steps.find((s) => s > step) ?? null;
  for (let k = steps.length - 1; k >= 0; k--) if (steps[k] < step) return steps[k];
  return null;
}

/**
 * Where a replay is in the search: "node k of N" (k the nodes tried up to this
 * step) when the log holds the whole search, "node k of about N (± p%)" with
 * Knuth's estimate of a search a limit stopped, else "node k".
 */
export function progressLine(tried, total, complete, estimate) {
  if (complete) return say("progress.exact", { tried, total });
  const nodes = estimatedNodes(estimate);
  if (nodes) {
    if (estimate.spread === null || estimate.spread === undefined) {
      return say("progress.rough", { tried, nodes });
    }
    return say("progress.estimate", { tried, nodes, percent: percentOf(estimate.spread) });
  }
  return say("progress.stopped", { tried, total });
}

/**
 * Knuth's estimate of a tree's nodes as say() writes it: the server's number, or, for a
 * tree beyond the largest number (nodes null), its power of ten from log10. 0 or null
 * when there is none.
 */
export function estimatedNodes(estimate) {
  if (!estimate) return null;
  if (typeof estimate.nodes === "number") return estimate.nodes;
  return typeof estimate.log10 === "number" ? powerOfTen(estimate.log10) : null;
}

/** A relative spread as a whole percentage (at least 1). */
export function percentOf(spread) {
  return Math.max(1, Math.round(spread * 100));
}

/** What the page says while a solve is pending and the estimate has come: "about N nodes, ±p%". */
export function pendingLine(estimate) {
  const nodes = estimatedNodes(estimate);
  if (!nodes) return "";
  if (estimate.spread === null || estimate.spread === undefined) return say("pending.rough", { nodes });
  return say("pending.estimate", { nodes, percent: percentOf(estimate.spread) });
}

/**
 * The two searches of /api/compare to one scale: pixels per bucket across
 * (the larger tree fills `width`) and per level down (the deeper fills
 * `height`), and each search's counts in words.
 */
export function compareLayout(data, width, height) {
  const buckets = Math.max(1, ...data.searches.map((s) => s.shape.deepest.length));
  const levels = Math.max(1, ...data.searches.map((s) => Math.max(0, ...s.shape.deepest) + 1));
  return {
    across: width / buckets, down: height / levels, levels,
    scale: say("compare.scale", { count: data.bucket }),
    searches: data.searches.map((s) => ({
      choose: s.choose,
      title: say(s.choose === "first" ? "compare.first" : "compare.mrv"),
      counts: say("compare.counts", { nodes: s.stats.nodes, dead: s.stats.dead_ends, solutions: s.stats.solutions }),
      stopped: s.outcome.status === "stopped" ? say("compare.stopped", { message: s.outcome.message }) : "",
      shape: s.shape,
      solutionBuckets: s.solution_nodes.map((node) => Math.floor(node / data.bucket)),
    })),
  };
}
