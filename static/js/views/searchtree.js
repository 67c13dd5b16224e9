// views/searchtree.js — the whole search as an icicle on one canvas, an
// instrument to look into: each tried option a bar under the option it was
// tried after, its width the size of its subtree, its row the level. The
// solution path is blue, failed subtrees one colour, subtrees a limit left
// unfinished grey. Each wrong choice (a failed subtree off the way to a
// solution) is one block, labelled with its size and what starved it, until
// it is opened; a subtree too narrow to show its children is one block too.
//
// The view zooms (wheel, + and −, a subtree) and pans (drag), takes the
// keyboard (arrows move through the tree and the replay follows), grows with
// the replay (only the nodes tried so far), marks the current dead end's
// culprits on the path, and previews a node under the pointer or the focus.
// What it looks at is model/tree-view.js's state, changed only by update();
// a change redraws in the next animation frame, and a redraw paints only the
// nodes in sight, so a million-event log costs what the canvas shows.

import { FAILED, OPEN, PATH, deadEndsUnder, starvedUnder } from "../model/search-tree.js";
import { initialTree, isFit, moveFrom, nodeAtPoint, reduceTree, toScreen, visibleRange, ZOOM_STEP } from "../model/tree-view.js";
import { say } from "../model/messages.js";

/** Narrower than this (CSS px), a subtree is one block: its children are not drawn. */
const EXPAND_PX = 4;
/** Thrashing marks closer than this (CSS px) are drawn as one, so a dense tree stays readable. */
const MARK_PX = 7;
/** A label's font and height (CSS px). */
const FONT = "600 11px system-ui, sans-serif";
const LABEL_H = 15;
/** A press that moves the pointer less than this (CSS px) is a click, not a drag. */
const DRAG_PX = 4;

const KEY_MOVES = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };

export class SearchTreeView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} hooks onSeek(step, picked): go to a node's try (picked: the node was clicked or
   *   Enter pressed on it, not moved to with the arrows); onState(state): the tree's state changed
   */
  constructor(canvas, { onSeek, onState = () => {} }) {
    this.canvas = canvas;
    this.onSeek = onSeek;
    this.onState = onState;
    this.tree = null;
    this.state = initialTree();
    this.current = -1;
    this.shownCount = 0;    // grow mode: the nodes tried up to the replay's step
    this.culprits = [];     // the culprit levels of the dead end on screen
    this.marks = [];        // [{node, group}]: the thrashing dead ends, under the node tried just before each
    this.group = -1;        // the thrashing group of the dead end on screen, drawn stronger (-1: none)
    this.labels = [];       // the block labels of the last paint: [{node, x, y, w, h, text}]
    this.starved = new Map();
    this.base = document.createElement("canvas");
    this.frame = 0;
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-label", say("tree.label"));
    this.buildTools();
    this.listen();
    new ResizeObserver(() => this.resize()).observe(canvas);
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.schedule());
  }

  // ---- the controls around the canvas ----------------------------------------

  buildTools() {
    const bar = document.createElement("div");
    bar.className = "tree-tools";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", say("tree.tools"));
    const button = (text, label, action) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.title = label;
      b.addEventListener("click", action);
      bar.append(b);
      return b;
    };
    this.zoomOut = button("−", say("tree.zoom_out"), () => this.zoomBy(1 / ZOOM_STEP));
    this.zoomIn = button("+", say("tree.zoom_in"), () => this.zoomBy(ZOOM_STEP));
    this.zoomNode = button(say("tree.zoom_node.short"), say("tree.zoom_node"), () => this.zoomToFocus());
    this.resetButton = button(say("tree.reset.short"), say("tree.reset"), () => this.update({ type: "reset" }));
    this.zoomOut.classList.add("tree-zoom-out");
    this.zoomIn.classList.add("tree-zoom-in");
    this.zoomNode.classList.add("tree-zoom-node");
    this.resetButton.classList.add("tree-reset");
    const grow = document.createElement("label");
    grow.className = "tree-grow";
    this.growBox = document.createElement("input");
    this.growBox.type = "checkbox";
    this.growBox.id = "tree-grow";
    this.growBox.addEventListener("change", () => this.update({ type: "grow", on: this.growBox.checked }));
    grow.append(this.growBox, " ", say("tree.grow"));
    grow.title = say("tree.grow.title");
    this.growBox.setAttribute("aria-label", say("tree.grow.title"));
    bar.append(grow);
    this.canvas.before(bar);
    this.preview = document.createElement("p");
    this.preview.className = "tree-preview";
    this.preview.id = "tree-preview";
    this.preview.setAttribute("aria-live", "polite");
    this.canvas.after(this.preview);
  }

  listen() {
    const canvas = this.canvas;
    let press = null;
    canvas.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      press = { x: e.clientX, y: e.clientY, dragged: false, id: e.pointerId };
    });
    canvas.addEventListener("pointermove", (e) => {
      if (press && press.id === e.pointerId && e.buttons & 1) {
        const dx = e.clientX - press.x;
        const dy = e.clientY - press.y;
        if (press.dragged || Math.abs(dx) + Math.abs(dy) >= DRAG_PX) {
          if (!press.dragged) canvas.setPointerCapture(e.pointerId);
          press.dragged = true;
          press.x = e.clientX;
          press.y = e.clientY;
          this.update({ type: "pan", dx, dy });
        }
        return;
      }
      const node = this.nodeAtClient(e.clientX, e.clientY);
      canvas.title = node >= 0 ? this.describe(node) : "";
      this.update({ type: "preview", node });
    });
    canvas.addEventListener("pointerleave", () => this.update({ type: "preview", node: -1 }));
    let dragged = false;
    canvas.addEventListener("pointerup", () => {
      dragged = Boolean(press && press.dragged);
      press = null;
    });
    canvas.addEventListener("pointercancel", () => { press = null; });
    // A click goes to the node under it. Going there opens the block it was in, so the
    // second click of a double click would find a node inside: the first click's counts.
    let clicked = -1;
    canvas.addEventListener("click", (e) => {
      if (dragged || e.detail > 1) return;
      clicked = this.nodeAtClient(e.clientX, e.clientY);
      if (clicked >= 0) this.go(clicked, { picked: true });
    });
    canvas.addEventListener("dblclick", (e) => {
      const node = clicked >= 0 ? clicked : this.nodeAtClient(e.clientX, e.clientY);
      if (node >= 0) this.update({ type: "zoom-node", tree: this.tree, node, shown: this.shown() });
    });
    canvas.addEventListener("wheel", (e) => {
      if (!this.tree || !this.state.view) return;
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      if (Math.abs(e.deltaX) > Math.abs(e.deltaY)) this.update({ type: "pan", dx: -e.deltaX, dy: 0 });
      else this.update({ type: "zoom", factor: Math.exp(-e.deltaY * 0.0025), x: e.clientX - rect.left, y: e.clientY - rect.top });
    }, { passive: false });
    canvas.addEventListener("keydown", (e) => this.onKey(e));
    canvas.addEventListener("focus", () => {
      if (this.tree && this.state.focus < 0) this.update({ type: "focus", node: this.current });
      this.update({ type: "preview", node: this.state.focus });
    });
    canvas.addEventListener("blur", () => this.update({ type: "preview", node: -1 }));
  }

  /** The tree's own keys; they never reach the page's step keys. */
  onKey(e) {
    if (!this.tree || e.ctrlKey || e.metaKey || e.altKey) return;
    const focus = this.state.focus;
    const move = KEY_MOVES[e.key];
    let handled = true;
    if (move) {
      const node = moveFrom(this.tree, focus, move, this.shown());
      if (node >= 0) this.go(node);
    } else if (e.key === "Home" || e.key === "End") {
      if (this.shown()) this.go(e.key === "Home" ? 0 : this.shown() - 1);
    } else if (e.key === "Enter") {
      if (focus >= 0) {
        // Open a failed subtree's block (it stays open when the focus leaves it), or fold it again.
        if (this.tree.status[focus] === FAILED) this.update({ type: this.state.opened.has(focus) ? "fold" : "open", node: focus });
        this.go(focus, { picked: true });
      }
    } else if (e.key === "+" || e.key === "=") {
      this.zoomBy(ZOOM_STEP);
    } else if (e.key === "-" || e.key === "_") {
      this.zoomBy(1 / ZOOM_STEP);
    } else if (e.key === "0") {
      this.update({ type: "reset" });
    } else if (e.key === "z" || e.key === "Z") {
      this.zoomToFocus();
    } else {
      handled = false;
    }
    if (!handled) return;
    e.preventDefault();
    e.stopPropagation();
  }

  /** Focus a node, keep it in sight, and take the replay to its try. */
  go(node, { picked = false } = {}) {
    this.update({ type: "focus", node });
    this.update({ type: "reveal", tree: this.tree, node });
    this.update({ type: "preview", node: document.activeElement === this.canvas ? node : this.state.preview });
    this.onSeek(this.tree.step[node], picked);
  }

  zoomBy(factor) {
    if (!this.state.view) return;
    // Around the focused (or current) node when it is in sight, else the middle.
    const node = this.state.focus >= 0 ? this.state.focus : this.current;
    let x;
    let y;
    if (node >= 0) {
      const p = toScreen(this.state.view, node + 0.5, this.tree.level[node] + 0.5);
      if (p.x >= 0 && p.x <= this.state.view.width && p.y >= 0 && p.y <= this.state.view.height) ({ x, y } = p);
    }
    this.update({ type: "zoom", factor, x, y });
  }

  zoomToFocus() {
    const node = this.state.focus >= 0 ? this.state.focus : this.current;
    if (this.tree && node >= 0) this.update({ type: "zoom-node", tree: this.tree, node, shown: this.shown() });
  }

  // ---- what is shown -----------------------------------------------------------

  /**
   * @param {import("../model/search-tree.js").SearchTree|null} tree
   * @param {object} info labelOf(node) its option's label; itemName(item); log (for the facts); marks
   */
  setTree(tree, { labelOf = () => "", itemName = String, log = null, marks = [] } = {}) {
    this.tree = tree;
    this.labelOf = labelOf;
    this.itemName = itemName;
    this.log = log;
    this.current = -1;
    this.marks = marks;
    this.group = -1;
    this.culprits = [];
    this.starved = new Map();
    const grow = this.state.grow;
    this.state = reduceTree(initialTree(), { type: "grow", on: grow });
    this.shownCount = tree ? tree.count : 0;
    this.resize();
  }

  /** Apply a tree action; a change is drawn in the next frame. */
  update(action) {
    const before = this.state;
    this.state = reduceTree(before, action);
    if (this.state === before) return;
    if (this.state.grow !== before.grow) this.growBox.checked = this.state.grow;
    if (this.state.preview !== before.preview || this.state.focus !== before.focus) this.showPreview();
    const onlyPreview = this.state.view === before.view && this.state.opened === before.opened
      && this.state.grow === before.grow && this.state.focus === before.focus;
    if (this.state.group !== before.group) this.schedule(false);
    else if (!onlyPreview) this.schedule();
    this.onState(this.state);
  }

  resize() {
    const width = this.canvas.clientWidth;
    const height = this.canvas.clientHeight;
    if (!this.tree || !width || !height) {
      this.schedule();
      return;
    }
    this.update({ type: "size", tree: this.tree, width, height });
    this.schedule();
  }

  /** The nodes drawn: all of them, or in grow mode those tried so far. */
  shown() {
    if (!this.tree) return 0;
    return this.state.grow ? this.shownCount : this.tree.count;
  }

  /** Draw the marks of one thrashing group stronger (-1: none). */
  setGroup(group) {
    if (group === this.group) return;
    this.group = group;
    this.schedule(false);
  }

  /**
   * Move the mark to the node on the stack at this step (-1: none yet); `tried`
   * is the last node tried by then (grow mode shows up to it), `culprits` the
   * culprit levels of the dead end on screen (none elsewhere).
   */
  setCurrent(node, tried = node, culprits = []) {
    const rebuild = this.state.grow && tried + 1 !== this.shownCount
      // A failed subtree holding the current node is drawn open: a move into or out of one redraws the blocks.
      || (this.tree && node !== this.current && [node, this.current].some((m) => m >= 0 && this.tree.status[m] === FAILED));
    const changed = node !== this.current || culprits.join() !== this.culprits.join() || rebuild;
    this.current = node;
    this.shownCount = this.tree ? Math.max(0, Math.min(this.tree.count, tried + 1)) : 0;
    this.culprits = Array.from(culprits);
    if (changed) this.schedule(rebuild);
    if (this.state.focus !== node && document.activeElement !== this.canvas) this.update({ type: "focus", node });
  }

  /** Redraw in the next frame: the base too unless `base` is false. */
  schedule(base = true) {
    this.dirtyBase = this.dirtyBase || base;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.dirtyBase) this.rebuild();
      this.dirtyBase = false;
      this.draw();
    });
  }

  colours() {
    const style = getComputedStyle(this.canvas);
    const get = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    return {
      background: get("--strip-bg", "#eef1f6"),
      path: get("--strip-solution", "#1e66f5"),
      failed: get("--tree-failed", "#d7a29c"),
      block: get("--tree-block", "#c98b83"),
      open: get("--tree-open", "#a9b3c6"),
      label: get("--tree-label", "#111"),
      labelBg: get("--tree-label-bg", "#fff"),
      thrash: get("--tree-thrash", "#6b21a8"),
      cursor: get("--strip-cursor", "#111"),
      culprit: get("--tree-culprit", "#c62828"),
      focus: get("--focus", "#c2410c"),
      dim: get("--tree-dim", "rgba(238, 241, 246, 0.72)"),
    };
  }

  /**
   * Whether a node is drawn as one block: a failed subtree searched to its end
   * (as CP-Profiler hides failed subtrees), unless opened or holding the
   * current or focused node; or any subtree too narrow to show its children.
   * The first failed node under the way to a solution is a wrong choice; open
   * it and its failed children are blocks in turn.
   */
  isBlock(n, width = null) {
    const tree = this.tree;
    const view = this.state.view;
    const w = width ?? Math.min(tree.size[n], this.shown() - n) * (view ? view.across : 0);
    if (w < EXPAND_PX) return true;
    if (tree.status[n] !== FAILED || this.state.opened.has(n)) return false;
    if (n + tree.size[n] > this.shown()) return false;     // still being searched: not closed yet
    const inside = (m) => m >= n && m < n + tree.size[n];
    return !inside(this.current) && !inside(this.state.focus);
  }

  rebuild() {
    const ratio = window.devicePixelRatio || 1;
    const pxWidth = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const pxHeight = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    for (const c of [this.canvas, this.base]) {
      if (c.width !== pxWidth) c.width = pxWidth;
      if (c.height !== pxHeight) c.height = pxHeight;
    }
    const ctx = this.base.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const colour = this.colours();
    this.colour = colour;
    ctx.fillStyle = colour.background;
    ctx.fillRect(0, 0, this.canvas.clientWidth, this.canvas.clientHeight);
    this.labels = [];
    if (this.tree && this.tree.count && this.state.view) {
      this.paint(ctx, colour);
      this.paintMarks(ctx, colour);
    }
  }

  /** What tests and tools may read of the view: the scale, what is in sight, how many nodes are drawn. */
  viewFacts() {
    const view = this.state.view;
    if (!view || !this.tree) return {};
    const { from, to, levelFrom, levelTo } = visibleRange(view);
    return { across: view.across, down: view.down, left: view.left, top: view.top, from, to, levelFrom, levelTo,
      fit: isFit(view), shown: this.shown(), count: this.tree.count, focus: this.state.focus, current: this.current,
      opened: [...this.state.opened], picked: this.state.group };
  }

  /** The icicle in sight, node by node from the roots, children only where they fit. */
  paint(ctx, colour) {
    const tree = this.tree;
    const view = this.state.view;
    const { width, height, across, down } = view;
    const { from, to, levelFrom, levelTo } = visibleRange(view);
    const shown = this.shown();
    const fill = { [PATH]: colour.path, [FAILED]: colour.failed, [OPEN]: colour.open };
    const stack = [];
    for (let k = tree.roots.length - 1; k >= 0; k--) {
      const r = tree.roots[k];
      if (r < Math.min(to, shown) && r + tree.size[r] > from) stack.push(r);
    }
    const blocks = [];
    while (stack.length) {
      const n = stack.pop();
      const size = Math.min(tree.size[n], shown - n);
      const level = tree.level[n];
      if (level >= levelTo) continue;
      const x = (n - view.left) * across;
      const w = size * across;
      const y = (level - view.top) * down;
      if (x >= width || x + w <= 0) continue;
      if (this.isBlock(n, w)) {
        const closed = n + tree.size[n] <= shown;
        const rows = closed ? tree.deepest[n] - level + 1 : 1;
        const labelled = tree.status[n] === FAILED && w >= EXPAND_PX;
        ctx.fillStyle = labelled ? colour.block : fill[tree.status[n]];
        // Drawn at least a pixel wide, so a narrow failed subtree is still seen.
        ctx.fillRect(x, y, Math.max(w - (w > 3 ? 0.5 : 0), 1), rows * down);
        if (labelled) blocks.push({ n, x, y, w, h: Math.min(rows * down, height - y) });
        continue;
      }
      if (level >= levelFrom) {
        ctx.fillStyle = fill[tree.status[n]];
        // A bar, with a hairline gap under it and beside it, so siblings read apart.
        ctx.fillRect(x, y, Math.max(w - 0.5, 0.5), Math.max(down - 0.5, 0.5));
      }
      const end = Math.min(n + size, to);
      const children = [];
      for (let c = n + 1; c < end; c += tree.size[c]) if (c + tree.size[c] > from) children.push(c);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]);
    }
    this.placeLabels(ctx, blocks);
  }

  /** Each block's label where it fits inside its block, in sight, clear of the others. */
  placeLabels(ctx, blocks) {
    ctx.font = FONT;
    const view = this.state.view;
    for (const { n, x, y, w, h } of blocks) {
      const left = Math.max(x, 0) + 3;
      const room = Math.min(x + w, view.width) - left - 3;
      const top = Math.max(y, 0) + 2;
      if (room < 16 || h - (top - y) < LABEL_H + 2) continue;
      const size = this.tree.size[n];
      const starved = this.starvedOf(n);
      const texts = [
        starved.item >= 0 ? say("tree.block.long", { nodes: size, item: this.itemName(starved.item), times: starved.times }) : null,
        say("tree.block", { nodes: size }),
        size.toLocaleString("en"),
      ].filter(Boolean);
      const text = texts.find((t) => ctx.measureText(t).width + 6 <= room);
      if (!text) continue;
      const box = { node: n, step: this.tree.step[n], x: left, y: top, w: ctx.measureText(text).width + 6, h: LABEL_H, text };
      if (this.labels.some((b) => overlap(b, box))) continue;
      this.labels.push(box);
    }
  }

  starvedOf(n) {
    let s = this.starved.get(n);
    if (!s) {
      s = this.log && this.log.facts ? starvedUnder(this.log, this.tree, n) : { deadEnds: 0, item: -1, times: 0 };
      this.starved.set(n, s);
    }
    return s;
  }

  /** A small ▼ at a dead end: under the node tried before it, at the top of the level below. */
  mark(ctx, node, size) {
    const tree = this.tree;
    const { x, y } = toScreen(this.state.view, node + 0.5, tree.level[node] + 1);
    if (x < -size || x > this.state.view.width + size) return;
    ctx.beginPath();
    ctx.moveTo(x - size / 2, y - size);
    ctx.lineTo(x + size / 2, y - size);
    ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }

  /** Every thrashing dead end's mark in sight; marks within MARK_PX of one another at one level drawn once. */
  paintMarks(ctx, colour) {
    const { across, left, width } = this.state.view;
    const shown = this.shown();
    const seen = new Set();
    const columns = Math.ceil(width / MARK_PX) + 3;
    ctx.fillStyle = colour.thrash;
    ctx.strokeStyle = colour.background;
    ctx.lineWidth = 1;
    // A long log has tens of thousands of marks: those out of sight are passed over
    // first, and the rest are told apart by a number, not a string made for each.
    for (const { node } of this.marks) {
      if (node >= shown) continue;
      const x = (node + 0.5 - left) * across;
      if (x < -MARK_PX || x > width + MARK_PX) continue;
      const key = this.tree.level[node] * columns + Math.floor(x / MARK_PX) + 1;
      if (seen.has(key)) continue;
      seen.add(key);
      this.mark(ctx, node, 6);
    }
  }

  draw() {
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.base, 0, 0);
    const tree = this.tree;
    const view = this.state.view;
    this.canvas.dataset.view = JSON.stringify(this.viewFacts());
    if (!tree || !view || !this.colour) return;
    const colour = this.colour;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const picked = this.state.group;
    if (picked >= 0) {
      // A thrashing group picked in its list: the rest of the tree dimmed, its dead ends' marks strong.
      ctx.fillStyle = colour.dim;
      ctx.fillRect(0, 0, view.width, view.height);
      ctx.fillStyle = colour.thrash;
      ctx.strokeStyle = colour.label;
      ctx.lineWidth = 1.5;
      for (const { node, group } of this.marks) if (group === picked && node < this.shown()) this.mark(ctx, node, 12);
    }
    if (this.group >= 0 && this.group !== picked) {
      // The group of the dead end on screen: every one of its marks, larger, outlined.
      ctx.fillStyle = colour.thrash;
      ctx.strokeStyle = colour.label;
      ctx.lineWidth = 1.5;
      for (const { node, group } of this.marks) if (group === this.group && node < this.shown()) this.mark(ctx, node, 10);
    }
    const outline = [];
    if (this.current >= 0) {
      ctx.strokeStyle = colour.cursor;
      ctx.lineWidth = 1.5;
      // The path from the root to the current node, outlined level by level.
      for (const n of tree.pathTo(this.current)) {
        const { x, y } = toScreen(view, n, tree.level[n]);
        const box = { x: x + 0.75, y: y + 0.75, w: Math.max(Math.min(tree.size[n], this.shown() - n) * view.across - 1.5, 1), h: Math.max(view.down - 1.5, 1) };
        ctx.strokeRect(box.x, box.y, box.w, box.h);
        outline.push(box);
      }
      const { x, y } = toScreen(view, this.current, tree.level[this.current] + 1);
      ctx.fillStyle = colour.cursor;
      ctx.fillRect(x - 1, 0, 2, Math.max(0, y));
      outline.push({ x: x - 1, y: 0, w: 2, h: Math.max(0, y) });
      this.drawCulprits(ctx, colour);
    }
    const focus = this.state.focus;
    if (focus >= 0 && document.activeElement === this.canvas) {
      const { x, y } = toScreen(view, focus, tree.level[focus]);
      ctx.strokeStyle = colour.focus;
      ctx.lineWidth = 2;
      ctx.setLineDash([3, 2]);
      ctx.strokeRect(x - 1, y - 1, Math.max(Math.min(tree.size[focus], this.shown() - focus) * view.across, 2) + 2, view.down + 2);
      ctx.setLineDash([]);
    }
    // Labels last, on a backing of their own, never over one another or the path's outline.
    ctx.font = FONT;
    ctx.textBaseline = "middle";
    const drawn = [];
    for (const box of this.labels) {
      if (outline.some((o) => overlap(o, box))) continue;
      ctx.fillStyle = colour.labelBg;
      ctx.fillRect(box.x, box.y, box.w, box.h);
      ctx.fillStyle = colour.label;
      ctx.fillText(box.text, box.x + 3, box.y + box.h / 2 + 0.5);
      drawn.push(box);
    }
    this.canvas.dataset.labels = JSON.stringify(drawn);
    this.canvas.dataset.outline = JSON.stringify(outline);
    this.canvas.dataset.view = JSON.stringify(this.viewFacts());
    this.canvas.dataset.culprits = this.culprits.join(" ");
  }

  /** The current dead end's culprits: the path's nodes at those levels, outlined in the culprit colour and flagged. */
  drawCulprits(ctx, colour) {
    if (!this.culprits.length) return;
    const tree = this.tree;
    const view = this.state.view;
    const path = tree.pathTo(this.current);
    ctx.strokeStyle = colour.culprit;
    ctx.fillStyle = colour.culprit;
    ctx.lineWidth = 2.5;
    for (const level of this.culprits) {
      const n = path[level];
      if (n === undefined) continue;
      const { x, y } = toScreen(view, n, level);
      const w = Math.max(Math.min(tree.size[n], this.shown() - n) * view.across, 3);
      ctx.strokeRect(x + 1.25, y + 1.25, Math.max(w - 2.5, 1), Math.max(view.down - 2.5, 1));
      // A flag left of the bar's start, seen however narrow the bar is.
      const fy = y + view.down / 2;
      ctx.beginPath();
      ctx.moveTo(x - 1, fy);
      ctx.lineTo(x - 7, fy - 4);
      ctx.lineTo(x - 7, fy + 4);
      ctx.closePath();
      ctx.fill();
    }
  }

  /** The node drawn under a screen point, or -1. */
  nodeAtClient(clientX, clientY) {
    const tree = this.tree;
    if (!tree || !tree.count || !this.state.view) return -1;
    const rect = this.canvas.getBoundingClientRect();
    return nodeAtPoint(this.state.view, tree, clientX - rect.left, clientY - rect.top, (n) => this.isBlock(n), this.shown());
  }

  showPreview() {
    const node = this.state.preview >= 0 ? this.state.preview : -1;
    this.preview.textContent = node >= 0 && this.tree ? this.describe(node) : "";
    this.canvas.dataset.focus = String(this.state.focus);
  }

  /** A node in words: its choice, its subtree and dead ends, and what starved it. */
  describe(node) {
    const tree = this.tree;
    const status = tree.status[node];
    const what = status === PATH ? say("tree.path") : status === OPEN ? say("tree.open") : say("tree.failed");
    const [first, end] = this.log && this.log.facts ? deadEndsUnder(this.log, tree, node) : [0, 0];
    const text = say("tree.node", { level: tree.level[node], option: this.labelOf(node), size: tree.size[node], what, dead: end - first });
    const starved = status === FAILED ? this.starvedOf(node) : null;
    return starved && starved.item >= 0
      ? `${text} ${say("tree.node.starved", { item: this.itemName(starved.item), times: starved.times })}` : text;
  }
}

/** Whether two boxes {x, y, w, h} overlap. */
function overlap(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
