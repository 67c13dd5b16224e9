// views/searchtree.js — the whole search at a glance, as an icicle on one
// canvas: each tried option a bar under the option it was tried after, its
// width the size of its subtree, its row the level. The solution path is
// blue, failed subtrees one colour, subtrees a limit left unfinished grey.
// A subtree too narrow to show its children is drawn as one block down to
// its deepest level, labelled with its size when there is room. The tree is
// drawn once per size into an offscreen canvas (no layout per node); a step
// costs one image copy and the outline of the path to the current node. A
// click jumps the replay to the try of the node under it.

import { FAILED, OPEN, PATH } from "../model/search-tree.js";
import { say } from "../model/messages.js";

/** Narrower than this (CSS px), a subtree is one block: its children are not drawn. */
const EXPAND_PX = 4;
/** Wide enough for its size to be written in it (CSS px). */
const LABEL_PX = 44;
/** Thrashing marks closer than this (CSS px) are drawn as one, so a dense tree stays readable. */
const MARK_PX = 7;

export class SearchTreeView {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} hooks onSeek(step) when the user clicks a node
   */
  constructor(canvas, { onSeek }) {
    this.canvas = canvas;
    this.onSeek = onSeek;
    this.tree = null;
    this.current = -1;
    this.marks = [];        // [{node, group}]: the thrashing dead ends, under the node tried just before each
    this.group = -1;        // the thrashing group of the dead end on screen, drawn stronger (-1: none)
    this.base = document.createElement("canvas");
    canvas.addEventListener("click", (e) => {
      const node = this.nodeAtPoint(e.clientX, e.clientY);
      if (node >= 0) this.onSeek(this.tree.step[node]);
    });
    canvas.addEventListener("pointermove", (e) => {
      const node = this.nodeAtPoint(e.clientX, e.clientY);
      canvas.title = node >= 0 ? this.describe(node) : "";
    });
    new ResizeObserver(() => this.rebuild()).observe(canvas);
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.rebuild());
  }

  /** @param {import("../model/search-tree.js").SearchTree|null} tree  @param {Function} labelOf node → its option's label */
  setTree(tree, labelOf = () => "", marks = []) {
    this.tree = tree;
    this.labelOf = labelOf;
    this.current = -1;
    this.marks = marks;
    this.group = -1;
    this.rebuild();
  }

  /** Draw the marks of one thrashing group stronger (-1: none). */
  setGroup(group) {
    if (group === this.group) return;
    this.group = group;
    this.draw();
  }

  /** A small ▼ at a dead end: under the node tried before it, at the top of the level below. */
  mark(ctx, node, size) {
    const tree = this.tree;
    const { across, down } = this.geometry();
    const x = (node + 0.5) * across;
    const y = (tree.level[node] + 1) * down;
    ctx.beginPath();
    ctx.moveTo(x - size / 2, y - size);
    ctx.lineTo(x + size / 2, y - size);
    ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  }

  /** Every thrashing dead end's mark; marks within MARK_PX of one another at one level drawn once. */
  paintMarks(ctx, colour) {
    const { across } = this.geometry();
    const seen = new Set();
    ctx.fillStyle = colour.thrash;
    ctx.strokeStyle = colour.background;
    ctx.lineWidth = 1;
    for (const { node } of this.marks) {
      const key = `${this.tree.level[node]}:${Math.floor(((node + 0.5) * across) / MARK_PX)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      this.mark(ctx, node, 6);
    }
  }

  colours() {
    const style = getComputedStyle(this.canvas);
    const get = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    return {
      background: get("--strip-bg", "#eef1f6"),
      path: get("--strip-solution", "#1e66f5"),
      failed: get("--tree-failed", "#d7a29c"),
      open: get("--tree-open", "#a9b3c6"),
      ink: get("--ink", "#111"),
      thrash: get("--tree-thrash", "#6b21a8"),
      cursor: get("--strip-cursor", "#111"),
    };
  }

  /** The scale: CSS px per node across, and per level down. */
  geometry() {
    const width = Math.max(1, this.canvas.clientWidth);
    const height = Math.max(1, this.canvas.clientHeight);
    const tree = this.tree;
    return { width, height, across: width / Math.max(1, tree.count), down: height / (tree.maxLevel + 1) };
  }

  /** Whether a node is drawn as one block (too narrow for its children). */
  collapsed(node, across) {
    return this.tree.size[node] * across < EXPAND_PX;
  }

  rebuild() {
    const ratio = window.devicePixelRatio || 1;
    const pxWidth = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const pxHeight = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    for (const c of [this.canvas, this.base]) {
      c.width = pxWidth;
      c.height = pxHeight;
    }
    const ctx = this.base.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const colour = this.colours();
    this.colour = colour;
    ctx.fillStyle = colour.background;
    ctx.fillRect(0, 0, pxWidth, pxHeight);
    if (this.tree && this.tree.count) {
      this.paint(ctx, colour);
      this.paintMarks(ctx, colour);
    }
    this.draw();
  }

  /** The icicle, node by node from the roots, children only where they fit. */
  paint(ctx, colour) {
    const tree = this.tree;
    const { across, down } = this.geometry();
    const fill = { [PATH]: colour.path, [FAILED]: colour.failed, [OPEN]: colour.open };
    const labels = [];
    const stack = [...tree.roots].reverse();
    while (stack.length) {
      const n = stack.pop();
      const x = n * across;
      const w = tree.size[n] * across;
      const y = tree.level[n] * down;
      ctx.fillStyle = fill[tree.status[n]];
      if (this.collapsed(n, across)) {
        // Drawn at least a pixel wide, so a narrow failed subtree is still seen.
        ctx.fillRect(x, y, Math.max(w, 1), (tree.deepest[n] - tree.level[n] + 1) * down);
        continue;
      }
      // A bar, with a hairline gap under it and beside it, so siblings read apart.
      ctx.fillRect(x, y, Math.max(w - 0.5, 0.5), Math.max(down - 0.5, 0.5));
      // Only the top of a failed subtree says its size (its cost): labels of the failed
      // subtrees inside it would pile up under it, a row apart, on a tree of many levels.
      const top = tree.parent[n] < 0 || tree.status[tree.parent[n]] !== FAILED;
      if (tree.status[n] === FAILED && top && w >= LABEL_PX && tree.size[n] > 1) labels.push(n);
      const children = tree.children(n);
      for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]);
    }
    // The tops of failed subtrees wide enough say their size, under their bar.
    ctx.fillStyle = colour.ink;
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "top";
    for (const n of labels) {
      const text = tree.size[n].toLocaleString("en");
      const x = n * across + 3;
      const y = (tree.level[n] + 1) * down + 1;
      if (y + 11 < this.canvas.clientHeight) ctx.fillText(text, x, y);
    }
  }

  /** Move the mark to the node on the stack at this step (-1: none yet). */
  setCurrent(node) {
    if (node === this.current) return;
    this.current = node;
    this.draw();
  }

  draw() {
    const ctx = this.canvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.base, 0, 0);
    const tree = this.tree;
    if (!tree) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (this.group >= 0) {
      // The group of the dead end on screen: every one of its marks, larger, outlined in ink.
      ctx.fillStyle = this.colour.thrash;
      ctx.strokeStyle = this.colour.ink;
      ctx.lineWidth = 1.5;
      for (const { node, group } of this.marks) if (group === this.group) this.mark(ctx, node, 10);
    }
    if (this.current < 0) return;
    const { across, down } = this.geometry();
    ctx.strokeStyle = this.colour.cursor;
    ctx.lineWidth = 1.5;
    // The path from the root to the current node, outlined level by level.
    for (const n of tree.pathTo(this.current)) {
      ctx.strokeRect(n * across + 0.75, tree.level[n] * down + 0.75,
        Math.max(tree.size[n] * across - 1.5, 1), Math.max(down - 1.5, 1));
    }
    const x = this.current * across;
    ctx.fillStyle = this.colour.cursor;
    ctx.fillRect(x - 1, 0, 2, tree.level[this.current] * down + down);
  }

  /** The node drawn under a screen point, or -1. */
  nodeAtPoint(clientX, clientY) {
    const tree = this.tree;
    if (!tree || !tree.count) return -1;
    const rect = this.canvas.getBoundingClientRect();
    const { across, down } = this.geometry();
    const index = Math.floor((clientX - rect.left) / across);
    const level = Math.floor((clientY - rect.top) / down);
    return tree.nodeAt(Math.min(tree.count - 1, Math.max(0, index)), level, (n) => this.collapsed(n, across));
  }

  /** A node in words, for the tooltip. */
  describe(node) {
    const tree = this.tree;
    const status = tree.status[node];
    const what = status === PATH ? say("tree.path") : status === OPEN ? say("tree.open") : say("tree.failed");
    return say("tree.node", { level: tree.level[node], option: this.labelOf(node), size: tree.size[node], what });
  }
}
