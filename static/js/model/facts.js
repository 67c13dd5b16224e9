// model/facts.js — the facts the server computed once for a step log
// (docs/step-log.md, "Facts"): for each dead end who ruled out each option of
// its item and its culprits, where backjumping would have gone, each tried
// option's subtree size, the wrong choices, the thrashing and the heat. This module only
// indexes the parallel arrays so a step finds its entries; it derives nothing.
// No DOM.

/** Prefix sums: where each entry's slice of a flattened array starts (one more entry than counts). */
function starts(counts) {
  const at = new Int32Array(counts.length + 1);
  for (let k = 0; k < counts.length; k++) at[k + 1] = at[k] + counts[k];
  return at;
}

/** The index of value in a sorted array, or -1. */
export function indexIn(sorted, value) {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

export class Facts {
  /**
   * @param {object} json the log's `facts`
   * @param {number[]} itemOfDeadEnd the starved item of each dead end, in order (the dead-end events' args)
   * @param {ArrayLike<number>[]} optionsOfItem the options of each item
   */
  constructor(json, itemOfDeadEnd, optionsOfItem) {
    const dead = json.dead_ends;
    this.deadEventIndex = Int32Array.from(dead.step);
    if (itemOfDeadEnd.length !== this.deadEventIndex.length) {
      throw new Error(`the log has ${itemOfDeadEnd.length} dead ends but its facts describe ${this.deadEventIndex.length}`);
    }
    this.deadItem = Int32Array.from(itemOfDeadEnd);
    this.ruler = Int32Array.from(dead.ruler);
    this.rulerStart = starts(itemOfDeadEnd.map((i) => optionsOfItem[i].length));
    this.culprits = Int32Array.from(dead.culprits);
    this.culpritStart = starts(dead.culprit_count);
    this.backTo = Int32Array.from(dead.back_to);
    this.jumpTo = Int32Array.from(dead.jump_to);
    this.jumpEventIndex = Int32Array.from(json.jumps.step);
    this.jumpLevel = Int32Array.from(json.jumps.jump_to);
    this.jumpWasted = Int32Array.from(json.jumps.wasted);
    this.subtreeSizes = Int32Array.from(json.tries.nodes);
    this.wrong = Int32Array.from(json.tries.wrong);
    this.wrongSet = new Set(this.wrong);
    this.thrashing = json.thrashing.map((group) => Int32Array.from(group));
    // Dead ends per starved item, sparse: the items starved at least once and how often.
    this.heat = json.heat ? { item: Int32Array.from(json.heat.item), count: Int32Array.from(json.heat.count) } : null;
    this.groupOfDeadEnd = new Int32Array(this.deadEventIndex.length).fill(-1);
    this.thrashing.forEach((group, g) => { for (const k of group) this.groupOfDeadEnd[k] = g; });
  }

  /** The dead end (its number) that made step `step`, or -1. */
  deadEndAt(step) {
    return indexIn(this.deadEventIndex, step - 1);
  }

  /** For dead end k, the level of the ruler of each option of its item (option-id order; -1: a given). */
  rulersOf(k) {
    return this.ruler.subarray(this.rulerStart[k], this.rulerStart[k + 1]);
  }

  /** The culprit levels of dead end k, ascending (empty: the givens alone starve its item). */
  culpritsOf(k) {
    return this.culprits.subarray(this.culpritStart[k], this.culpritStart[k + 1]);
  }

  /** The backjump at step `step` (a dead end or a back-up), {jumpTo, wasted}, or null when there is none. */
  jumpAt(step) {
    const j = indexIn(this.jumpEventIndex, step - 1);
    return j < 0 ? null : { jumpTo: this.jumpLevel[j], wasted: this.jumpWasted[j] };
  }

  /** The wrong choices, costliest first (ties: the earlier first): [{node, nodes}], at most `count`. */
  costliest(count) {
    return Array.from(this.wrong, (node) => ({ node, nodes: this.subtreeSizes[node] }))
      .sort((a, b) => b.nodes - a.nodes || a.node - b.node).slice(0, count);
  }

  /** The thrashing group of dead end k: the dead ends (numbers) with the same culprits, or null. */
  thrashingOf(k) {
    const g = this.groupOfDeadEnd[k];
    return g < 0 ? null : this.thrashing[g];
  }
}
