// model/search-tree.js — the whole search as a tree, for the search-tree view:
// each tried option a node, its level the depth. Tries come in the log in
// depth-first order, so node i (the i-th try) and its subtree are the nodes
// i .. i + size[i] - 1: the tree is laid out by counting, and a node's x in an
// icicle is its index. The subtree sizes are the server's (the log's facts);
// this module only indexes them. No DOM.
//
// Glossary
//   node     a tried option: the i-th try event of the log.
//   size     the nodes of a node's subtree, itself included (from the log's facts).
//   path     a node whose subtree holds a solution.
//   open     a node whose subtree the search left unfinished (a limit stopped it).
//   failed   a node whose subtree was searched to the end without a solution.

import { DEAD_END as DEAD_END_KIND } from "./steplog.js";

export const FAILED = 0;
export const PATH = 1;
export const OPEN = 2;

export class SearchTree {
  /**
   * @param {object} log a StepLog (kindAt, levelAt, stepCount, solutionSteps, outcome)
   * @param {ArrayLike<number>} sizes the subtree size of each try, in log order (facts)
   * @param {ArrayLike<number>} wrong the wrong choices' node numbers (facts; none by default)
   */
  constructor(log, sizes, wrong = []) {
    const trySteps = log.trySteps;
    const count = trySteps.length;
    if (sizes.length !== count) {
      throw new Error(`the log has ${count} tries but its facts give ${sizes.length} subtree sizes`);
    }
    this.count = count;
    this.step = Int32Array.from(trySteps);
    this.size = Int32Array.from(sizes);
    this.level = new Int32Array(count);
    this.parent = new Int32Array(count);
    this.deepest = new Int32Array(count);
    this.status = new Uint8Array(count);
    this.maxLevel = 0;
    const open = [];            // the chain of ancestors of the node being read
    for (let i = 0; i < count; i++) {
      const level = log.levelAt(this.step[i]);
      this.level[i] = level;
      if (level > this.maxLevel) this.maxLevel = level;
      open.length = Math.min(open.length, level);
      this.parent[i] = level > 0 && open.length ? open[open.length - 1] : -1;
      open.push(i);
    }
    // The deepest level under each node: children come after their parent, so
    // one pass from the end hands each node's depth up to its parent.
    for (let i = count - 1; i >= 0; i--) {
      if (this.level[i] > this.deepest[i]) this.deepest[i] = this.level[i];
      const p = this.parent[i];
      if (p >= 0 && this.deepest[i] > this.deepest[p]) this.deepest[p] = this.deepest[i];
    }
    // A solution's leaf is the last try before it; it and its ancestors are on a path.
    for (const step of log.solutionSteps) {
      for (let n = this.nodeAtStep(step); n >= 0 && this.status[n] !== PATH; n = this.parent[n]) this.status[n] = PATH;
    }
    // A search stopped by a limit left the nodes on the stack at its end unfinished.
    if (!log.outcome.complete && count) {
      for (let n = count - 1; n >= 0 && this.status[n] !== PATH; n = this.parent[n]) this.status[n] = OPEN;
    }
    this.roots = [];
    for (let i = 0; i < count; i += this.size[i]) this.roots.push(i);
    // The wrong choices (facts): a failed subtree hanging off the way to a solution, drawn as one block.
    this.wrong = new Uint8Array(count);
    for (const n of wrong) if (n >= 0 && n < count) this.wrong[n] = 1;
  }

  /** The nearest wrong choice at or above node n (-1: none; n is on a path). */
  wrongAbove(n) {
    for (let a = n; a >= 0; a = this.parent[a]) if (this.wrong[a]) return a;
    return -1;
  }

  /** The node being tried at a step: the last try at or before it (-1 before the first). */
  nodeAtStep(step) {
    let lo = 0;
    let hi = this.count - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.step[mid] <= step) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  /**
   * The node on the stack at a step: the node being tried, unless the search
   * has backed up past it since (then its nearest ancestor still on the stack).
   * `stackLevel` is the level of the deepest frame with an option tried.
   */
  currentNode(step, stackLevel) {
    let n = this.nodeAtStep(step);
    while (n >= 0 && this.level[n] > stackLevel) n = this.parent[n];
    return n;
  }

  /** The children of a node, in order. */
  children(n) {
    const found = [];
    const end = n + this.size[n];
    for (let c = n + 1; c < end; c += this.size[c]) found.push(c);
    return found;
  }

  /** The node and its ancestors, root first. */
  pathTo(n) {
    const chain = [];
    for (let a = n; a >= 0; a = this.parent[a]) chain.push(a);
    return chain.reverse();
  }

  /**
   * The node at index `index` (its x) and level `level`, going no deeper than
   * `stop(n)` allows (a view that draws a subtree as one block stops there):
   * from the root over that index, down while the level is above `level`.
   */
  nodeAt(index, level, stop = () => false) {
    if (index < 0 || index >= this.count) return -1;
    let n = -1;
    for (const r of this.roots) if (r <= index && index < r + this.size[r]) n = r;
    while (n >= 0 && this.level[n] < level && !stop(n)) {
      const child = this.children(n).find((c) => c <= index && index < c + this.size[c]);
      if (child === undefined) break;
      n = child;
    }
    return n;
  }
}

/** The dead ends (their numbers, [first, end)) made inside node n's subtree, from the facts' dead-end steps. */
export function deadEndsUnder(log, tree, n) {
  const facts = log.facts;
  if (!facts) return [0, 0];
  const begin = tree.step[n];
  const last = n + tree.size[n];
  const end = last < tree.count ? tree.step[last] : log.stepCount + 1;
  // Dead end k is step deadEventIndex[k] + 1.
  return [lowerBound(facts.deadEventIndex, begin - 1), lowerBound(facts.deadEventIndex, end - 1)];
}

/** The first index of a sorted array whose value is at least `value`. */
function lowerBound(sorted, value) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What starved node n's subtree, from the facts: {deadEnds, item, times}, the
 * number of dead ends under it and the item that ran out at most of them
 * (ties: the lowest id) and how often; item -1 when none.
 */
export function starvedUnder(log, tree, n) {
  const [first, end] = deadEndsUnder(log, tree, n);
  const counts = new Map();
  let item = -1;
  let times = 0;
  for (let k = first; k < end; k++) {
    const i = log.facts.deadItem[k];
    const c = (counts.get(i) || 0) + 1;
    counts.set(i, c);
    if (c > times || (c === times && i < item)) {
      item = i;
      times = c;
    }
  }
  return { deadEnds: end - first, item, times };
}

/**
 * The costliest wrong choices of a search, for a list to jump from: at most
 * `count`, largest subtree first (ties: the earlier first), each
 * {node, step, level, label, under, nodes}: under is the label of the choice
 * it was tried beneath (null at level 0), so two tries of one option in two
 * branches read apart. The choices and their sizes are the server's facts
 * (facts.costliest); this only looks up where each was tried.
 */
export function costliestWrongChoices(log, tree, count) {
  if (!tree || !log.facts) return [];
  const labelOf = (node) => log.labelOfStep(tree.step[node]);
  return log.facts.costliest(count).map(({ node, nodes }) => {
    const parent = tree.parent[node];
    return {
      node, nodes, step: tree.step[node], level: tree.level[node], label: labelOf(node),
      under: parent >= 0 ? labelOf(parent) : null,
    };
  });
}

/**
 * What a backjumping search would have saved, from the facts' jumps: at most
 * `count` of them, the most nodes first (ties: the earlier first), each
 * {step, kind ("dead_end" or "backup"), level, back, jumpTo, wasted}: at the
 * dead end or back-up made by `step` at `level`, the search went back to level
 * `back` where a backjumping search would go back to `jumpTo` (-1: it would stop,
 * the givens alone leaving no solution), and it tried `wasted` nodes before it
 * got there. The jumps and their nodes are the server's facts; this only ranks them.
 */
export function backjumpSavings(log, count) {
  const facts = log.facts;
  if (!facts) return [];
  const found = [];
  for (let j = 0; j < facts.jumpEventIndex.length; j++) {
    const step = facts.jumpEventIndex[j] + 1;
    const dead = log.kindAt(step) === DEAD_END_KIND;
    const level = dead ? log.levelAt(step) : log.argAt(step);
    const back = dead ? facts.backTo[facts.deadEndAt(step)] : level - 1;
    found.push({ step, kind: dead ? "dead_end" : "backup", level, back, jumpTo: facts.jumpLevel[j], wasted: facts.jumpWasted[j] });
  }
  return found.sort((a, b) => b.wasted - a.wasted || a.step - b.step).slice(0, count);
}
