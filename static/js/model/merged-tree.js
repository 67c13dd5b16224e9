// model/merged-tree.js — two searches of one problem as one tree: what they
// tried alike, then where they part. Used by the heuristic comparison (fewest
// options first against the first item) and meant for any pair of searches of
// one problem (issue 34's what-if: the search as recorded against the search
// with some choices forced). No DOM.
//
//   const merged = mergeTrees(logA, logB);   // two StepLogs of one problem
//   merged.side[m]    BOTH, ONLY_A or ONLY_B: which searches tried node m
//   merged.stepA[m]   the step of log A that tried it (-1: A never did); stepB likewise
//   merged.nodeOf(A_SIDE, step)  the merged node on the stack at a step of log A
//
// A node of a search is a tried option; it is the same node in both searches
// when both tried the same options in the same order from the root (the same
// path of choices: the same state of the matrix, reached the same way). The
// merged tree's nodes are numbered depth first, so node m's subtree is
// m .. m + size[m] − 1 and the view lays it out as an icicle, like a
// SearchTree (model/search-tree.js; model/tree-view.js's viewport works on
// either). A node's children come in the order search A tried them, then
// those only B tried, in B's order.
//
// Glossary
//   side     BOTH (1|2), ONLY_A (1), ONLY_B (2): a bit per search that tried the node.
//   parting  a node only one search tried whose parent both tried (or a root):
//            where the two searches go different ways.

export const ONLY_A = 1;
export const ONLY_B = 2;
export const BOTH = ONLY_A | ONLY_B;
/** Which log a step or a node belongs to, for nodeOf and stepOf. */
export const A_SIDE = 0;
export const B_SIDE = 1;

/** The level, the option and the parent (a node index, -1 at level 0) of each try of a log. */
function triesOf(log) {
  const steps = log.trySteps;
  const count = steps.length;
  const level = new Int32Array(count);
  const option = new Int32Array(count);
  const parent = new Int32Array(count);
  const open = [];
  for (let i = 0; i < count; i++) {
    const l = log.levelAt(steps[i]);
    level[i] = l;
    option[i] = log.argAt(steps[i]);
    open.length = Math.min(open.length, l);
    parent[i] = l > 0 && open.length ? open[open.length - 1] : -1;
    open.push(i);
  }
  return { steps, count, level, option, parent };
}

export class MergedTree {
  constructor(a, b) {
    const optionCount = Math.max(1, ...[a, b].map((t) => t.option.reduce((m, o) => Math.max(m, o + 1), 0)));
    // First pass: every node of A is a node; a node of B is A's node with the same parent and option, else a new one.
    const cap = a.count + b.count;
    const provParent = new Int32Array(cap);
    const provSide = new Uint8Array(cap);
    const provA = new Int32Array(cap).fill(-1);
    const provB = new Int32Array(cap).fill(-1);
    const childOf = new Map();     // (parent + 1) * optionCount + option → node, for A's nodes
    for (let i = 0; i < a.count; i++) {
      provParent[i] = a.parent[i];
      provSide[i] = ONLY_A;
      provA[i] = i;
      childOf.set((a.parent[i] + 1) * optionCount + a.option[i], i);
    }
    let made = a.count;
    const fromB = new Int32Array(b.count);
    for (let j = 0; j < b.count; j++) {
      const parent = b.parent[j] >= 0 ? fromB[b.parent[j]] : -1;
      const same = parent < a.count ? childOf.get((parent + 1) * optionCount + b.option[j]) : undefined;
      if (same !== undefined) {
        fromB[j] = same;
        provSide[same] |= ONLY_B;
        provB[same] = j;
      } else {
        fromB[j] = made;
        provParent[made] = parent;
        provSide[made] = ONLY_B;
        provB[made] = j;
        made++;
      }
    }
    // Second pass: number the nodes depth first, children in the order they were made.
    const firstChild = new Int32Array(made).fill(-1);
    const lastChild = new Int32Array(made).fill(-1);
    const nextSibling = new Int32Array(made).fill(-1);
    const roots = [];
    for (let p = 0; p < made; p++) {
      const up = provParent[p];
      if (up < 0) roots.push(p);
      else if (firstChild[up] < 0) firstChild[up] = lastChild[up] = p;
      else lastChild[up] = nextSibling[lastChild[up]] = p;
    }
    const order = new Int32Array(made);   // depth-first position → provisional node
    const number = new Int32Array(made);  // provisional node → depth-first position
    let at = 0;
    const stack = roots.slice().reverse();
    while (stack.length) {
      const p = stack.pop();
      number[p] = at;
      order[at++] = p;
      const kids = [];
      for (let c = firstChild[p]; c >= 0; c = nextSibling[c]) kids.push(c);
      for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
    }
    this.count = made;
    this.level = new Int32Array(made);
    this.parent = new Int32Array(made);
    this.side = new Uint8Array(made);
    this.option = new Int32Array(made);
    this.stepA = new Int32Array(made);
    this.stepB = new Int32Array(made);
    this.size = new Int32Array(made).fill(1);
    this.deepest = new Int32Array(made);
    this.maxLevel = 0;
    this.mapA = new Int32Array(a.count);   // node of A → merged node
    this.mapB = new Int32Array(b.count);
    this.counts = { both: 0, onlyA: 0, onlyB: 0 };
    for (let m = 0; m < made; m++) {
      const p = order[m];
      this.parent[m] = provParent[p] >= 0 ? number[provParent[p]] : -1;
      this.side[m] = provSide[p];
      const ia = provA[p];
      const jb = provB[p];
      this.stepA[m] = ia >= 0 ? a.steps[ia] : -1;
      this.stepB[m] = jb >= 0 ? b.steps[jb] : -1;
      if (ia >= 0) this.mapA[ia] = m;
      if (jb >= 0) this.mapB[jb] = m;
      this.level[m] = ia >= 0 ? a.level[ia] : b.level[jb];
      this.option[m] = ia >= 0 ? a.option[ia] : b.option[jb];
      if (this.level[m] > this.maxLevel) this.maxLevel = this.level[m];
      if (provSide[p] === BOTH) this.counts.both++;
      else if (provSide[p] === ONLY_A) this.counts.onlyA++;
      else this.counts.onlyB++;
    }
    for (let m = made - 1; m >= 0; m--) {
      if (this.level[m] > this.deepest[m]) this.deepest[m] = this.level[m];
      const p = this.parent[m];
      if (p >= 0) {
        this.size[p] += this.size[m];
        if (this.deepest[m] > this.deepest[p]) this.deepest[p] = this.deepest[m];
      }
    }
    this.roots = roots.map((p) => number[p]).sort((x, y) => x - y);
    this.stepsA = a.steps;
    this.stepsB = b.steps;
    // Where the searches part: nodes one search tried under a node both tried (or at the root).
    this.partings = [];
    for (let m = 0; m < made; m++) {
      const p = this.parent[m];
      if (this.side[m] !== BOTH && (p < 0 || this.side[p] === BOTH)) this.partings.push(m);
    }
  }

  /** The merged node on the stack of search `which` (A_SIDE, B_SIDE) at a step of its log (-1: none yet). */
  nodeOf(which, step, stackLevel = Infinity) {
    const steps = which === A_SIDE ? this.stepsA : this.stepsB;
    const map = which === A_SIDE ? this.mapA : this.mapB;
    let lo = 0;
    let hi = steps.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (steps[mid] <= step) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let m = found >= 0 ? map[found] : -1;
    while (m >= 0 && this.level[m] > stackLevel) m = this.parent[m];
    return m;
  }

  /** The step at which search `which` tried merged node m (-1: it never did). */
  stepOf(which, m) {
    return which === A_SIDE ? this.stepA[m] : this.stepB[m];
  }

  /** The options from a root down to node m, level 0 first: the choices that reach it. */
  pathOf(m) {
    const path = [];
    for (let n = m; n >= 0; n = this.parent[n]) path.push(this.option[n]);
    return path.reverse();
  }

  /** The children of node m, in order. */
  children(m) {
    const found = [];
    const end = m + this.size[m];
    for (let c = m + 1; c < end; c += this.size[c]) found.push(c);
    return found;
  }

  /** The node over index `index` at level `level` (or the deepest above it), stopping where `stop(n)` says. */
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

/**
 * Two step logs of one problem (StepLogs: trySteps, levelAt, argAt) as one
 * tree: a MergedTree whose side[m] says which of them tried node m.
 */
export function mergeTrees(logA, logB) {
  return new MergedTree(triesOf(logA), triesOf(logB));
}

/**
 * A search given only as its tries, {level, option} in the order tried (a learner's
 * search, model/drive.js), shaped as mergeTrees reads a StepLog: try i is "step" i.
 */
export function triesLog(tries) {
  return { trySteps: tries.map((_, i) => i), levelAt: (i) => tries[i].level, argAt: (i) => tries[i].option };
}
