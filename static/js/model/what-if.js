// model/what-if.js — "what if": the choices a learner forces on the search, read off a
// replay, and what the what-if's answer says beside the search's own. The server runs
// the search below the choices (/api/solve's "choices" and "branch_on") and counts its
// nodes; this module only picks the choices and puts the two searches' counts in the
// catalogue's words. No DOM.
//
// Glossary
//   path     the options of the open levels at a step (each frame that has tried one),
//            level 0 first: the choices that lead to where the replay stands.
//   force    the choices a what-if places (option ids, level 0 first).
//   branch   the item the level below them branches on (null: the search's own choice).

import { CHOOSE, TRY } from "./steplog.js";
import { say } from "./messages.js";

/** The options of the open levels at a replay state, level 0 first (frames before their first try left out). */
export function pathAt(state) {
  const path = [];
  for (let level = 0; level < state.height; level++) {
    if (state.frameK[level] === 0) break;
    path.push(state.frameOption[level]);
  }
  return path;
}

/**
 * The level the replay stands on and the options its item had when it was chosen (the
 * pencil marks of its cell): {level, item, options, tried} (tried: the option of the
 * level now, -1 before its first try), or null before the first choose. `log.seek` to
 * the choose replays from the nearest checkpoint.
 */
export function levelChoices(log, state) {
  if (!state || state.height === 0) return null;
  const level = state.height - 1;
  const item = state.frameItem[level];
  // The choose of the top frame: the last choose at this height up to here.
  let step = state.step;
  while (step > 0 && !(log.kindAt(step) === CHOOSE && log.heights[step] === level + 1)) step--;
  const atChoose = log.seek(step);
  return { level, item, options: log.liveOptionsOf(atChoose, item), tried: state.frameK[level] > 0 ? state.frameOption[level] : -1 };
}

/** The what-if that tries `option` at the replay's level instead: the path above it plus the option. */
export function tryInstead(state, level, option) {
  return { force: [...pathAt(state).slice(0, level), option], branch: null };
}

/**
 * The pencil mark under a point of a cell: its digit, 0-based, or -1 off the cell. The marks
 * are laid out `box` by `box` in reading order (as the board draws them); fx and fy are the
 * point's place across the cell, 0 at its left or top edge and 1 at the other.
 */
export function markAt(box, fx, fy) {
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return -1;
  return Math.floor(fy * box) * box + Math.floor(fx * box);
}

/**
 * "Try this instead" from the board (a Sudoku log: a cell's item id is its index, the option
 * of digit d, 0-based, in cell c is c × size + d): the digit tried in the cell the level on
 * screen chose, or in `cell` when given (a click on its mark). Null when the level on screen did
 * not choose a cell (or chose another one, or `cell` holds a digit at this step); else {level, item, option, options, what}: `what` is the what-if
 * ({force, branch}), null when the digit was not one of the cell's options there (option -1).
 */
export function tryDigit(log, state, digit, cell = null) {
  const at = levelChoices(log, state);
  const size = log.problem && log.problem.size;
  if (!at || !size || at.item >= size * size || (cell !== null && at.item !== cell)) return null;
  // A mark is there to click only while the cell holds no digit (its marks are drawn then).
  if (cell !== null) for (const { option } of log.placed(state)) if (Math.floor(option / size) === cell) return null;
  const option = digit >= 0 && digit < size ? at.item * size + digit : -1;
  const known = at.options.includes(option);
  return {
    level: at.level, item: at.item, options: at.options,
    option: known ? option : -1, what: known ? tryInstead(state, at.level, option) : null,
  };
}

/** The what-if that branches on `item` below the path at the replay's step. */
export function branchHere(state, item) {
  return { force: pathAt(state), branch: item };
}

/** The node of a log's search tree reached by a path of options, or -1 when the search never tried it. */
export function nodeOfPath(log, path) {
  if (!path.length) return -1;
  const stack = [];
  for (let node = 0; node < log.trySteps.length; node++) {
    const step = log.trySteps[node];
    const level = log.levelAt(step);
    stack.length = level;
    stack.push(log.argAt(step));
    if (level === path.length - 1 && stack.every((o, l) => o === path[l])) return node;
  }
  return -1;
}

/**
 * The difference in words between the search as recorded (`original`, a StepLog with
 * its facts) and a what-if of it (`whatIf`, the StepLog of the search below `force`):
 * "Your 5 in r3c4 led to 1,286 nodes and no solution; the search's 7 in r3c4 reached
 * the solution in 12." Counts come from the logs (stats and facts.tries.nodes).
 */
export function difference(original, whatIf, force, branch) {
  const level = force.length - 1;
  const solved = whatIf.outcome.status === "solved";
  const complete = whatIf.outcome.complete || solved;
  if (branch !== null && branch !== undefined) {
    // Below the path, the learner's item at the next level: the nodes under the path, both ways.
    const below = whatIf.stats.nodes - force.length;
    const node = nodeOfPath(original, force);
    const search = force.length ? (node < 0 ? -1 : original.subtreeSizes[node] - 1) : original.stats.nodes;
    const fields = { item: original.items[branch], level: force.length, nodes: below };
    let yours = say("whatif.diff.branch_open", fields);
    if (solved) yours = say("whatif.diff.branch_solved", fields);
    else if (complete) yours = say("whatif.diff.branch_none", fields);
    return search < 0 ? `${yours}.` : yours + say("whatif.diff.branch_search", { nodes: search });
  }
  const option = force[level];
  const mine = whatIf.stats.nodes - level;
  const fields = { option: original.labels[option], nodes: mine };
  let yours = say("whatif.diff.yours_open", fields);
  if (solved) yours = say("whatif.diff.yours_solved", fields);
  else if (complete) yours = say("whatif.diff.yours_none", fields);
  // The search's own choice at that level on the way to its first solution, if the path is its.
  const first = original.solutions && original.solutions[0];
  const onItsWay = first && force.slice(0, level).every((o, l) => first[l] === o);
  if (!onItsWay) return yours + say("whatif.diff.search_elsewhere");
  if (first[level] === option) return yours + say("whatif.diff.search_same");
  const node = nodeOfPath(original, first.slice(0, level + 1));
  return yours + say("whatif.diff.search_solved", { option: original.labels[first[level]], nodes: original.subtreeSizes[node] });
}

/** A TRY step's node, the try that a tree node stands for: its path of options. */
export function pathOfNode(log, node) {
  const state = log.seek(log.trySteps[node]);
  if (log.kindAt(state.step) !== TRY) return [];
  return pathAt(state);
}
