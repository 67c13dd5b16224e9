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

/**
 * Where each of `count` comma-separated parts of `text` starts (one more entry: the end + 1), so
 * part g is text.slice(at[g], at[g + 1] - 1). The facts' `also` (docs/step-log.md).
 */
function partStarts(text, count) {
  if (typeof text !== "string") throw new Error("the facts' dead_ends.also must be a string");
  const at = new Int32Array(count + 1);
  let commas = 0;
  for (let i = text.indexOf(","); i >= 0; i = text.indexOf(",", i + 1)) {
    commas++;
    if (commas < count) at[commas] = i + 1;
  }
  if (count ? commas !== count - 1 : text !== "") {
    throw new Error(`the facts' dead_ends.also has ${text ? commas + 1 : 0} parts for the ${count} options of the dead ends' items`);
  }
  at[count] = text.length + 1;
  return at;
}

export class Facts {
  /**
   * @param {object} json the log's `facts`
   * @param {number[]} itemOfDeadEnd the starved item of each dead end, in order (the dead-end events' args)
   * @param {ArrayLike<number>[]} optionsOfItem the options of each item
   * @param {Int32Array} [forcedSteps] the steps of the chooses whose item had one option, in order
   */
  constructor(json, itemOfDeadEnd, optionsOfItem, forcedSteps = new Int32Array(0)) {
    const dead = json.dead_ends;
    this.deadEventIndex = Int32Array.from(dead.step);
    if (itemOfDeadEnd.length !== this.deadEventIndex.length) {
      throw new Error(`the log has ${itemOfDeadEnd.length} dead ends but its facts describe ${this.deadEventIndex.length}`);
    }
    this.deadItem = Int32Array.from(itemOfDeadEnd);
    this.ruler = Int32Array.from(dead.ruler);
    this.rulerStart = starts(itemOfDeadEnd.map((i) => optionsOfItem[i].length));
    // `also`: one string, a part per option (split by commas), read when a dead end asks (alsoOf).
    this.also = dead.also;
    this.alsoStart = partStarts(this.also, this.ruler.length);
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
    // The forced moves by name (a choose whose item had one option): event indexes and techniques.
    this.forcedSteps = forcedSteps;
    this.singleNames = json.singles.names;
    this.singleTechnique = Int32Array.from(json.singles.technique);
    if (this.singleTechnique.length !== forcedSteps.length) {
      throw new Error(`the log has ${forcedSteps.length} forced moves but its facts name ${this.singleTechnique.length}`);
    }
    // Dead ends per starved item, sparse: the items starved at least once and how often.
    this.heat = json.heat ? { item: Int32Array.from(json.heat.item), count: Int32Array.from(json.heat.count) } : null;
    this.groupOfDeadEnd = new Int32Array(this.deadEventIndex.length).fill(-1);
    this.thrashing.forEach((group, g) => { for (const k of group) this.groupOfDeadEnd[k] = g; });
  }

  /** The name of the forced move made at step `step` ("hidden-single-row", …), or null: no forced choose. */
  singleAt(step) {
    const k = indexIn(this.forcedSteps, step);
    return k < 0 ? null : this.singleNames[this.singleTechnique[k]];
  }

  /** The dead end (its number) that made step `step`, or -1. */
  deadEndAt(step) {
    return indexIn(this.deadEventIndex, step - 1);
  }

  /** For dead end k, the level of the ruler of each option of its item (option-id order; -1: a given). */
  rulersOf(k) {
    return this.ruler.subarray(this.rulerStart[k], this.rulerStart[k + 1]);
  }

  /**
   * For dead end k, each option of its item (option-id order): the levels of the choices that rule
   * it out besides its earliest ruler (rulersOf), ascending; mostly none.
   */
  alsoOf(k) {
    const out = [];
    for (let g = this.rulerStart[k]; g < this.rulerStart[k + 1]; g++) {
      const part = this.also.slice(this.alsoStart[g], this.alsoStart[g + 1] - 1);
      const levels = [];
      let level = this.ruler[g];
      if (part) for (const step of part.split(".")) levels.push(level += Number(step));
      out.push(levels);
    }
    return out;
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
