// model/dancing.js — the dancing-links arrays themselves, in the browser: built from
// a log's options exactly as webapp/engine/exact_cover.py's Matrix builds them (same
// node numbers), with cover(i) and uncover(i) that make the same updates in
// the same order and return them, so a view can show each link that changes.
// (The engine also marks a covered item's len, for its search for the item
// with fewest options; the picture shows Knuth's plain counts.)
// A DancingReplay brings the arrays to the state at any step of a log; with bounds
// (Knuth's DLX3) it also makes Algorithm M's tweaks, untweaks and settles, as
// webapp/engine/bounded.py does, so the picture shows what they do to the lists.
// Meant for small problems (the node-level picture); no DOM. The words of an
// update (dancing.*) come from the message catalogue; its rules are Knuth's notation.

import { say } from "./messages.js";
import {
  CHOOSE, TRY, COVER, UNCOVER, BACKUP, PURIFY, UNPURIFY, SETTLE, UNSETTLE,
} from "./steplog.js";

/**
 * With bounds, how a level treats its item's options (webapp/engine/bounded.py's modes): COVER_MODE
 * (its item covered at its choose, least = most: Algorithm X's branch), TWEAK (the item can take more:
 * each option tried is set aside, from every list), SPECIAL (covered at its choose with slack: each
 * option tried is set aside from the item's own column).
 */
export const COVER_MODE = 0;
export const TWEAK = 1;
export const SPECIAL = 2;

/** The largest problem the node-level picture takes: a 4×4 Sudoku (64 items, 320 nodes) and the word square (28 items, 418 nodes) fit. */
export const LINKS_MAX_ITEMS = 64;
export const LINKS_MAX_NODES = 420;

/** Events between two stored copies of the arrays while replaying a log, at the least. */
export const LINKS_CHECKPOINT_EVERY = 256;
/**
 * The most bytes the stored copies of one log's arrays may take: a longer log keeps them further
 * apart (the spacing doubled until they fit), so replaying ten million events keeps memory bounded.
 */
export const LINKS_CHECKPOINT_BYTES = 32 << 20;

/** Link arrays an update can change, with the letter Knuth writes for each. */
export const ARRAY_LETTERS = { up: "U", down: "D", left: "L", right: "R", len: "len" };

/** How many nodes the arrays of a problem hold: the item headers plus one per item of each option. */
export function nodeCount(itemCount, options) {
  let count = itemCount;
  for (const option of options) count += option.length;
  return count;
}

/** Whether the node-level picture takes a problem of this size. */
export function linksFit(itemCount, options) {
  return itemCount <= LINKS_MAX_ITEMS && nodeCount(itemCount, options) <= LINKS_MAX_NODES;
}

/**
 * The link arrays of one problem. Nodes 0..N-1 are the item headers, then the
 * nodes of option 0, option 1, … in order. `left`/`right` have N+2 entries:
 * N heads the primary items, N+1 the secondary ones.
 */
export class Links {
  /**
   * @param {number} itemCount N
   * @param {number} primary items 0..primary-1 are primary
   * @param {number[][]} options item ids of each option
   * @param {number[][]|null} colours colour ids parallel to each option (Knuth's DLX2), or null
   */
  constructor(itemCount, primary, options, colours = null) {
    const n = itemCount;
    const total = nodeCount(n, options);
    this.size = n;
    this.primary = primary;
    this.root = n;
    this.second = n + 1;
    this.top = new Int32Array(total);
    this.optionOf = new Int32Array(total).fill(-1);
    this.first = new Int32Array(options.length);
    this.up = new Int32Array(total);
    this.down = new Int32Array(total);
    this.len = new Int32Array(n);
    this.left = new Int32Array(n + 2);
    this.right = new Int32Array(n + 2);
    // The nodes after x in its option, then those before: Knuth's cyclic order
    // (exact_cover.Matrix.others), which fixes the order of the updates.
    this.others = new Array(total);
    this.build(options);
    // Each node's colour (0: none; -1 once a purify marked it as agreeing), as exact_cover's Search keeps it.
    this.colour = new Int32Array(total);
    if (colours) colours.forEach((c, k) => this.colour.set(c, this.first[k]));
    this.original = this.copyArrays();
  }

  build(options) {
    const n = this.size;
    const { top, up, down, len } = this;
    for (let i = 0; i < n; i++) {
      top[i] = i;
      up[i] = i;
      down[i] = i;
      this.others[i] = [];
    }
    let node = n;
    options.forEach((option, k) => {
      this.first[k] = node;
      for (const i of option) {
        top[node] = i;
        this.optionOf[node] = k;
        const last = up[i];
        up[node] = last;
        down[node] = i;
        down[last] = node;
        up[i] = node;
        len[i] += 1;
        node++;
      }
      const base = this.first[k];
      const size = option.length;
      for (let j = 0; j < size; j++) {
        const others = [];
        for (let t = 1; t < size; t++) others.push(base + ((j + t) % size));
        this.others[base + j] = others;
      }
    });
    for (let x = 0; x < n + 2; x++) {
      this.left[x] = x;
      this.right[x] = x;
    }
    this.chain(this.root, 0, this.primary);
    this.chain(this.second, this.primary, n);
  }

  /** Link head, lo, …, hi-1 into one circular list. */
  chain(head, lo, hi) {
    const ring = [head];
    for (let i = lo; i < hi; i++) ring.push(i);
    for (let t = 0; t < ring.length; t++) {
      const a = ring[t];
      const b = ring[(t + 1) % ring.length];
      this.right[a] = b;
      this.left[b] = a;
    }
  }

  get nodeTotal() {
    return this.top.length;
  }

  /** Knuth's hide of one node x: take it out of its column (D[U[x]] ← D[x], U[D[x]] ← U[x],
   * len[T[x]] − 1), the three updates written to `updates` as one beat. */
  hideNode(x, updates, beat) {
    const { up, down, len, top } = this;
    const u = up[x];
    const d = down[x];
    updates.push({ array: "down", node: u, from: down[u], to: d, via: x, beat, rule: "D[U[x]] ← D[x]" });
    down[u] = d;
    updates.push({ array: "up", node: d, from: up[d], to: u, via: x, beat, rule: "U[D[x]] ← U[x]" });
    up[d] = u;
    const t = top[x];
    updates.push({ array: "len", node: t, from: len[t], to: len[t] - 1, via: x, beat, rule: "len[T[x]] − 1" });
    len[t] -= 1;
  }

  /** Undo hideNode(x): put it back in its column, as one beat of three updates. */
  unhideNode(x, updates, beat) {
    const { up, down, len, top } = this;
    const u = up[x];
    const d = down[x];
    updates.push({ array: "down", node: u, from: down[u], to: x, via: x, beat, rule: "D[U[x]] ← x" });
    down[u] = x;
    updates.push({ array: "up", node: d, from: up[d], to: x, via: x, beat, rule: "U[D[x]] ← x" });
    up[d] = x;
    const t = top[x];
    updates.push({ array: "len", node: t, from: len[t], to: len[t] + 1, via: x, beat, rule: "len[T[x]] + 1" });
    len[t] += 1;
  }

  /**
   * Cover item i: hide every option in its column from the other columns,
   * then take i out of the item list. Returns the updates made, in order.
   */
  cover(i) {
    const { down, left, right } = this;
    const updates = [];
    let beat = 0;
    for (let p = down[i]; p !== i; p = down[p]) {
      for (const q of this.others[p]) this.hideNode(q, updates, beat++);
    }
    const l = left[i];
    const r = right[i];
    updates.push({ array: "right", node: l, from: right[l], to: r, via: i, beat, rule: "R[L[x]] ← R[x]" });
    right[l] = r;
    updates.push({ array: "left", node: r, from: left[r], to: l, via: i, beat, rule: "L[R[x]] ← L[x]" });
    left[r] = l;
    return updates;
  }

  /** Undo cover(i) in exactly the reverse order. Returns the updates made. */
  uncover(i) {
    const { up, left, right } = this;
    const updates = [];
    let beat = 0;
    const l = left[i];
    const r = right[i];
    updates.push({ array: "right", node: l, from: right[l], to: i, via: i, beat, rule: "R[L[x]] ← x" });
    right[l] = i;
    updates.push({ array: "left", node: r, from: left[r], to: i, via: i, beat, rule: "L[R[x]] ← x" });
    left[r] = i;
    beat++;
    for (let p = up[i]; p !== i; p = up[p]) {
      const others = this.others[p];
      for (let t = others.length - 1; t >= 0; t--) this.unhideNode(others[t], updates, beat++);
    }
    return updates;
  }

  /**
   * Knuth's purify(p): give item top[p] node p's colour. Every option that gives it
   * another colour or none is hidden from the other columns (its node here stays);
   * those that agree are marked -1. Returns the link updates made, in order.
   */
  purify(p) {
    const { down, top, colour } = this;
    const i = top[p];
    const c = colour[p];
    const updates = [];
    let beat = 0;
    for (let q = down[i]; q !== i; q = down[q]) {
      if (colour[q] === c) {
        if (q !== p) colour[q] = -1;
        continue;
      }
      for (const r of this.others[q]) this.hideNode(r, updates, beat++);
    }
    return updates;
  }

  /** Undo purify(p), options bottom to top. Returns the updates made. */
  unpurify(p) {
    const { up, top, colour } = this;
    const i = top[p];
    const c = colour[p];
    const updates = [];
    let beat = 0;
    for (let q = up[i]; q !== i; q = up[q]) {
      if (colour[q] < 0) {
        colour[q] = c;
        continue;
      }
      if (q === p) continue;
      for (const r of this.others[q]) this.unhideNode(r, updates, beat++);
    }
    return updates;
  }

  /**
   * Knuth's tweak(x) (Algorithm M, DLX3): the level's item keeps its place, but the option of node x,
   * now tried, is set aside for the level's later ways. With hideOthers (his TWEAK mode, the item can
   * take more) each other node of the option leaves its column first, as a cover would hide it; then x
   * leaves its own column, whose first node it is. Returns the updates made, in order.
   */
  tweak(x, hideOthers) {
    const updates = [];
    let beat = 0;
    if (hideOthers) for (const q of this.others[x]) this.hideNode(q, updates, beat++);
    this.hideNode(x, updates, beat);
    return updates;
  }

  /**
   * Knuth's untweak, at a level's end (webapp/engine/bounded.py's untweak, update for update): the
   * nodes set aside in item i's column, from `first` down, come back: D[i] ← first, each U[x] set
   * to the node above it (with hideOthers, each one's other nodes relinked in their columns), then
   * U of the node that follows them, and len[i] + their count.
   */
  untweak(i, first, hideOthers) {
    const { up, down, len } = this;
    const updates = [];
    let beat = 0;
    const last = down[i];
    updates.push({ array: "down", node: i, from: last, to: first, via: i, beat: beat++, rule: "D[x] ← first" });
    down[i] = first;
    let above = i;
    let count = 0;
    for (let x = first; x !== last; above = x, x = down[x]) {
      updates.push({ array: "up", node: x, from: up[x], to: above, via: x, beat: beat++, rule: "U[x] ← the node above" });
      up[x] = above;
      count += 1;
      if (hideOthers) for (const q of this.others[x]) this.unhideNode(q, updates, beat++);
    }
    updates.push({ array: "up", node: last, from: up[last], to: above, via: last, beat: beat++, rule: "U[x] ← the node above" });
    up[last] = above;
    updates.push({ array: "len", node: i, from: len[i], to: len[i] + count, via: i, beat, rule: "len[x] + set aside" });
    len[i] += count;
    return updates;
  }

  /** A settle (DLX3): item i takes no more and leaves the item list; its column stays as it is. */
  unlinkItem(i) {
    const { left, right } = this;
    const l = left[i];
    const r = right[i];
    const updates = [
      { array: "right", node: l, from: right[l], to: r, via: i, beat: 0, rule: "R[L[x]] ← R[x]" },
      { array: "left", node: r, from: left[r], to: l, via: i, beat: 0, rule: "L[R[x]] ← L[x]" },
    ];
    right[l] = r;
    left[r] = l;
    return updates;
  }

  /** Undo unlinkItem(i): item i is back in the item list. */
  relinkItem(i) {
    const { left, right } = this;
    const l = left[i];
    const r = right[i];
    const updates = [
      { array: "right", node: l, from: right[l], to: i, via: i, beat: 0, rule: "R[L[x]] ← x" },
      { array: "left", node: r, from: left[r], to: i, via: i, beat: 0, rule: "L[R[x]] ← x" },
    ];
    right[l] = i;
    left[r] = i;
    return updates;
  }

  /** The node of item i in option k (-1: none). */
  nodeOf(k, i) {
    const t = this.optionOf.length;
    for (let x = this.first[k]; x < t && this.optionOf[x] === k; x++) if (this.top[x] === i) return x;
    return -1;
  }

  /** Whether item i is out of its item list. */
  isCovered(i) {
    return this.right[this.left[i]] !== i;
  }

  /** Whether an option node is out of its column (its neighbours skip it). */
  isHidden(x) {
    return this.down[this.up[x]] !== x;
  }

  copyArrays() {
    return {
      up: this.up.slice(), down: this.down.slice(), len: this.len.slice(),
      left: this.left.slice(), right: this.right.slice(), colour: this.colour.slice(),
    };
  }

  restore(copy) {
    this.colour.set(copy.colour);
    this.up.set(copy.up);
    this.down.set(copy.down);
    this.len.set(copy.len);
    this.left.set(copy.left);
    this.right.set(copy.right);
  }

  /** The arrays as plain number arrays (what tests compare with Python's Search). */
  snapshot() {
    return {
      up: Array.from(this.up), down: Array.from(this.down), len: Array.from(this.len),
      left: Array.from(this.left), right: Array.from(this.right),
    };
  }

  /** Whether every array equals its value before any cover. */
  isOriginal() {
    const o = this.original;
    const same = (a, b) => a.length === b.length && a.every((v, k) => v === b[k]);
    return same(this.up, o.up) && same(this.down, o.down) && same(this.len, o.len)
      && same(this.left, o.left) && same(this.right, o.right);
  }
}

/** A name for an index into L/R: an item name, or one of the two heads. */
export function listName(links, items, x) {
  if (x === links.root) return say("dancing.root");
  if (x === links.second) return say("dancing.root_secondary");
  return items[x];
}

/**
 * One update as text, Knuth's way: "D[U[12]] ← D[12]: D[9] 12 → 15" — the
 * rule with x named, then the entry that changed and its old and new value.
 * U and D entries are node numbers (an item's header is node i, as the picture
 * shows); L and R entries are item names, or root and root₂ for the heads.
 */
export function describeUpdate(links, items, u) {
  const sideways = u.array === "left" || u.array === "right";
  const name = (x) => (sideways ? listName(links, items, x) : String(x));
  const rule = u.rule.replaceAll("x", name(u.via));
  // Counts and node numbers as text: written as they are, without thousands commas.
  if (u.array === "len") {
    return say("dancing.update.len", { rule, item: items[u.node], from: String(u.from), to: String(u.to) });
  }
  const letter = ARRAY_LETTERS[u.array];
  return say("dancing.update.link", { rule, letter, node: name(u.node), from: name(u.from), to: name(u.to) });
}

/**
 * The arrays at any step of a StepLog. The givens are selected first (their
 * items covered in order, as exact_cover.Search.select does); then only the
 * cover and uncover events change links. Copies of the arrays are kept every
 * `every` steps as a replay passes them (LINKS_CHECKPOINT_EVERY, further apart
 * when the copies of a long log would pass LINKS_CHECKPOINT_BYTES), so a seek
 * replays at most that many events once a region has been visited.
 */
export class DancingReplay {
  /** @param {import("./steplog.js").StepLog} log */
  constructor(log) {
    this.log = log;
    this.links = new Links(log.items.length, log.primary, log.options, log.colours);
    for (const g of log.givens) for (const i of log.options[g]) this.links.cover(i);
    this.step = 0;
    // With bounds: per open level its item, its mode and the first node of its column at its choose
    // (where the options it sets aside start), kept in the copies with the arrays.
    this.levels = { height: 0, item: [], mode: [], first: [] };
    /** What the last step applied did with bounds besides cover and uncover: {op, item, option, mode} or null. */
    this.did = null;
    this.checkpoints = [this.copy()];
    const copy = this.checkpoints[0];
    const bytes = 512 + Object.values(copy).reduce((sum, array) => sum + (array.byteLength || 0), 0);
    this.every = LINKS_CHECKPOINT_EVERY;
    while ((Math.floor(log.stepCount / this.every) + 1) * bytes > LINKS_CHECKPOINT_BYTES && this.every < log.stepCount) {
      this.every *= 2;
    }
  }

  /** The arrays and (with bounds) the open levels, as a copy. */
  copy() {
    const { height, item, mode, first } = this.levels;
    return { ...this.links.copyArrays(), levels: { height, item: item.slice(), mode: mode.slice(), first: first.slice() } };
  }

  restore(copy) {
    this.links.restore(copy);
    const { height, item, mode, first } = copy.levels;
    this.levels = { height, item: item.slice(), mode: mode.slice(), first: first.slice() };
  }

  /**
   * With bounds, the links a step moves besides cover and uncover (bounded.py, in its order): a try
   * at a level that sets aside tweaks the option's node; the level's end untweaks (before the uncover
   * of its item, or at its backup when the item was not covered); a settle takes the item out of the
   * item list (TWEAK mode), an unsettle puts it back. Returns [updates before the event's own, after].
   */
  boundsStep(kind, arg) {
    const lv = this.levels;
    const t = lv.height - 1;
    const { links } = this;
    this.did = null;
    if (kind === CHOOSE) {
      lv.item[t + 1] = arg;
      lv.mode[t + 1] = TWEAK;
      lv.first[t + 1] = links.down[arg];
      lv.height += 1;
    } else if (kind === COVER && this.step > 0 && this.log.kinds[this.step - 1] === CHOOSE && lv.item[t] === arg) {
      const [least, most] = this.log.bounds[arg];
      lv.mode[t] = least === most ? COVER_MODE : SPECIAL;
    } else if (kind === TRY && lv.mode[t] !== COVER_MODE) {
      this.did = { op: "tweak", item: lv.item[t], option: arg, mode: lv.mode[t] };
      return [links.tweak(links.nodeOf(arg, lv.item[t]), lv.mode[t] === TWEAK), []];
    } else if ((kind === UNCOVER && lv.item[t] === arg && lv.mode[t] === SPECIAL) || (kind === BACKUP && lv.mode[t] === TWEAK)) {
      this.did = { op: "untweak", item: lv.item[t], option: -1, mode: lv.mode[t] };
      const updates = links.untweak(lv.item[t], lv.first[t], lv.mode[t] === TWEAK);
      if (kind === BACKUP) lv.height -= 1;
      return [updates, []];
    } else if ((kind === SETTLE || kind === UNSETTLE) && lv.mode[t] === TWEAK) {
      this.did = { op: kind === SETTLE ? "settle" : "unsettle", item: arg, option: -1, mode: TWEAK };
      return [kind === SETTLE ? links.unlinkItem(arg) : links.relinkItem(arg), []];
    }
    if (kind === BACKUP) lv.height -= 1;
    return [[], []];
  }

  /** Apply the event that makes step `this.step + 1`; returns its updates ([] for other kinds). */
  applyNext() {
    const kind = this.log.kinds[this.step];
    const item = this.log.args[this.step];
    let updates = [];
    const [before] = this.log.bounds ? this.boundsStep(kind, item) : [[]];
    if (kind === COVER) updates = this.links.cover(item);
    else if (kind === UNCOVER) updates = this.links.uncover(item);
    else if (kind === PURIFY || kind === UNPURIFY) {
      // The option being tried (or taken back), the top frame's, holds the node that gives the colour.
      this.scratch = this.log.seek(this.step, this.scratch);
      const node = this.links.nodeOf(this.scratch.frameOption[this.scratch.height - 1], item);
      updates = kind === PURIFY ? this.links.purify(node) : this.links.unpurify(node);
    }
    if (before.length) {
      // The untweak before an uncover: the uncover's beats follow the untweak's.
      const next = before[before.length - 1].beat + 1;
      updates = [...before, ...updates.map((u) => ({ ...u, beat: u.beat + next }))];
    }
    this.step += 1;
    if (this.step % this.every === 0 && !this.checkpoints[this.step / this.every]) {
      this.checkpoints[this.step / this.every] = this.copy();
    }
    return updates;
  }

  /** Bring the arrays to the state after `step` events; returns the Links. */
  seek(step) {
    const target = Math.max(0, Math.min(this.log.stepCount, Math.floor(step)));
    if (target < this.step || target - this.step > this.every) {
      let c = Math.floor(target / this.every);
      while (!this.checkpoints[c]) c--;
      if (c * this.every > this.step || target < this.step) {
        this.restore(this.checkpoints[c]);
        this.step = c * this.every;
      }
    }
    while (this.step < target) this.applyNext();
    return this.links;
  }

  /**
   * The updates the event of step `step` made (empty unless it is a cover or
   * uncover); leaves the arrays at that step.
   */
  updatesAt(step) {
    if (step < 1 || step > this.log.stepCount) {
      this.seek(step);
      return [];
    }
    this.seek(step - 1);
    return this.applyNext();
  }
}
