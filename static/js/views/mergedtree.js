// views/mergedtree.js — two searches of one problem drawn as one tree
// (model/merged-tree.js): the nodes both tried, then where they part, each
// search's own nodes in its colour. A click on a node replays it in the search
// that tried it (a shared node: in the search on screen); hovering says what it
// is; the wheel, a drag, + − 0 and "Where they part" zoom and pan (the
// viewport of model/tree-view.js). The heuristic comparison uses it; any
// other pair of searches (a what-if) can: show(merged, {names, labels, ...}).

import { say } from "../model/messages.js";
import { A_SIDE, B_SIDE, BOTH, ONLY_A, ONLY_B } from "../model/merged-tree.js";
import { ZOOM_STEP, fitView, isFit, nodeAtPoint, panBy, resizeView, zoomAt, zoomToNode } from "../model/tree-view.js";

/** Below this many CSS px across, a subtree is drawn as one block. */
const BLOCK_PX = 2;

export class MergedTreeView {
  /**
   * @param {HTMLElement} root where the picture goes (emptied by show)
   * @param {{onPick: (which: number, step: number|null) => void}} hooks
   *   onPick(which, step): replay search `which` (A_SIDE or B_SIDE) at a step of its log
   *   (null: where a replay of it opens)
   */
  constructor(root, { onPick }) {
    this.root = root;
    this.onPick = onPick;
    this.merged = null;
    this.view = null;
    this.hover = -1;
  }

  /**
   * Draw `merged` (a MergedTree). `names` [A's, B's] say the two searches,
   * `labels` the options' words (the logs' labels), `onScreen` which search
   * the replay shows (A_SIDE or B_SIDE), `height` the picture's CSS px.
   */
  show(merged, { names, labels, onScreen = A_SIDE, height = 150 }) {
    this.merged = merged;
    this.names = names;
    this.labels = labels;
    this.onScreen = onScreen;
    this.height = height;
    this.cursor = -1;
    const { both, onlyA, onlyB } = merged.counts;
    const legend = document.createElement("p");
    legend.className = "merged-legend";
    const swatch = (cls, text) => {
      const span = Object.assign(document.createElement("span"), { className: `merged-key ${cls}` });
      span.append(Object.assign(document.createElement("i"), { className: "merged-swatch" }), text);
      return span;
    };
    legend.append(
      swatch("merged-both", say("merged.both", { count: both })),
      swatch("merged-a", say("merged.only", { name: names[0], count: onlyA })),
      swatch("merged-b", say("merged.only", { name: names[1], count: onlyB })),
    );
    const parting = !merged.partings.length ? say("merged.same")
      : !both ? say("merged.apart")
        : say("merged.part", { level: merged.level[merged.partings[0]], count: merged.partings.length });
    const summary = Object.assign(document.createElement("p"), { className: "note merged-summary", textContent: parting });
    const canvas = document.createElement("canvas");
    canvas.className = "merged-tree";
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", say("merged.label", { a: names[0], b: names[1] }));
    canvas.style.height = `${height}px`;
    const tools = document.createElement("div");
    tools.className = "merged-tools";
    const button = (text, title, action, cls = "") => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: text, title, className: cls });
      b.addEventListener("click", action);
      tools.append(b);
      return b;
    };
    this.replayButtons = [A_SIDE, B_SIDE].map((which) => button(
      say("merged.replay", { name: names[which] }), say("merged.replay.title", { name: names[which] }),
      () => this.pickSide(which), `merged-replay merged-replay-${which === A_SIDE ? "a" : "b"}`));
    if (merged.partings.length && both) button(say("merged.zoom_part"), say("merged.zoom_part.title"), () => this.zoomToParting(), "merged-zoom-part");
    button("+", say("tree.zoom_in"), () => this.zoom(ZOOM_STEP));
    button("−", say("tree.zoom_out"), () => this.zoom(1 / ZOOM_STEP));
    button(say("tree.reset.short"), say("tree.reset"), () => this.reset());
    this.preview = Object.assign(document.createElement("p"), { className: "tree-preview merged-preview" });
    this.preview.setAttribute("aria-live", "polite");
    this.root.replaceChildren(legend, summary, tools, canvas, this.preview);
    this.canvas = canvas;
    this.markOnScreen();
    this.wire(canvas);
    this.view = null;
    this.paint();
  }

  /** Which search the replay shows, and the merged node it is at (-1: none), marked on the picture. */
  setCursor(onScreen, node) {
    if (!this.merged) return;
    const moved = onScreen !== this.onScreen || node !== this.cursor;
    this.onScreen = onScreen;
    this.cursor = node;
    this.markOnScreen();
    if (moved) this.paint();
  }

  markOnScreen() {
    this.replayButtons.forEach((b, which) => {
      b.disabled = which === this.onScreen;
      b.setAttribute("aria-pressed", String(which === this.onScreen));
    });
  }

  /**
   * Replay the search `which` at the deepest node of the path on screen that
   * it tried too (null when it tried none of it: the replay's usual landing).
   */
  pickSide(which) {
    const m = this.merged;
    let a = this.cursor;
    while (a >= 0 && m.stepOf(which, a) < 0) a = m.parent[a];
    this.onPick(which, a >= 0 ? m.stepOf(which, a) : null);
  }

  /** The search a click on node n replays: the one on screen when both tried it. */
  sideOf(n) {
    const side = this.merged.side[n];
    if (side === BOTH) return this.onScreen;
    return side === ONLY_A ? A_SIDE : B_SIDE;
  }

  wire(canvas) {
    let drag = null;
    canvas.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, y: e.clientY, moved: false };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (drag && (drag.moved || Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 4)) {
        this.view = panBy(this.view, e.clientX - drag.x, e.clientY - drag.y);
        drag = { x: e.clientX, y: e.clientY, moved: true };
        this.paint();
        return;
      }
      this.showPreview(this.nodeUnder(e));
    });
    canvas.addEventListener("pointerup", (e) => {
      const was = drag;
      drag = null;
      if (!was || was.moved) return;
      const n = this.nodeUnder(e);
      if (n < 0) return;
      const which = this.sideOf(n);
      this.onPick(which, this.merged.stepOf(which, n));
    });
    canvas.addEventListener("pointerleave", () => this.showPreview(-1));
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const box = canvas.getBoundingClientRect();
      this.view = zoomAt(this.view, e.deltaY < 0 ? 1.25 : 0.8, e.clientX - box.left, e.clientY - box.top);
      this.paint();
    }, { passive: false });
    canvas.addEventListener("keydown", (e) => {
      const act = { "+": () => this.zoom(ZOOM_STEP), "=": () => this.zoom(ZOOM_STEP), "-": () => this.zoom(1 / ZOOM_STEP), "0": () => this.reset() }[e.key];
      if (!act) return;
      e.preventDefault();
      e.stopPropagation();
      act();
    });
  }

  nodeUnder(e) {
    const box = this.canvas.getBoundingClientRect();
    return nodeAtPoint(this.view, this.merged, e.clientX - box.left, e.clientY - box.top, (n) => this.isBlock(n));
  }

  isBlock(n) {
    return this.merged.size[n] > 1 && this.merged.size[n] * this.view.across < BLOCK_PX;
  }

  showPreview(n) {
    if (n === this.hover) return;
    this.hover = n;
    if (n < 0) {
      this.preview.textContent = "";
      return;
    }
    const m = this.merged;
    const side = m.side[n];
    const who = side === BOTH ? say("merged.who.both") : say("merged.who.one", { name: this.names[side === ONLY_A ? 0 : 1] });
    this.preview.textContent = say("merged.node", {
      level: m.level[n], option: this.labels[m.option[n]], size: m.size[n], who, name: this.names[this.sideOf(n)],
    });
  }

  zoom(factor) {
    this.view = zoomAt(this.view, factor);
    this.paint();
  }

  reset() {
    this.view = fitView(this.merged, this.view.width, this.view.height);
    this.paint();
  }

  /** The first place the searches part, with the shared node above it: its subtree across the picture. */
  zoomToParting() {
    const m = this.merged;
    const first = m.partings[0];
    const above = m.parent[first] >= 0 ? m.parent[first] : first;
    this.view = zoomToNode(this.view, m, above);
    this.paint();
  }

  paint() {
    const m = this.merged;
    const canvas = this.canvas;
    if (!m || !canvas) return;
    const width = Math.max(120, canvas.clientWidth || this.root.clientWidth || 300);
    const height = this.height;
    this.view = this.view ? resizeView(this.view, m, width, height, m.count) : fitView(m, width, height);
    const view = this.view;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const style = getComputedStyle(this.root);
    const get = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    const colour = { [BOTH]: get("--merged-both", "#8795ae"), [ONLY_A]: get("--merged-a", "#1e66f5"), [ONLY_B]: get("--merged-b", "#c2410c") };
    ctx.fillStyle = get("--strip-bg", "#eef1f6");
    ctx.fillRect(0, 0, width, height);
    const span = width / view.across;
    const gap = view.across >= 6 ? 1 : 0;
    const rowGap = view.down >= 6 ? 1 : 0;
    for (let n = Math.max(0, m.nodeAt(Math.floor(view.left), 0)); n < m.count && n < view.left + span;) {
      const size = m.size[n];
      if (n + size <= view.left) {
        n += size;
        continue;
      }
      const x = (n - view.left) * view.across;
      const y = (m.level[n] - view.top) * view.down;
      const w = size * view.across;
      ctx.fillStyle = colour[m.side[n]];
      if (size > 1 && w < BLOCK_PX) {
        // Too narrow to tell apart: the subtree as one block down to its deepest level.
        ctx.fillRect(x, y, Math.max(w, 1), (m.deepest[n] - m.level[n] + 1) * view.down);
        n += size;
      } else {
        ctx.fillRect(x, y, Math.max(w - gap, 1), Math.max(view.down - rowGap, 1));
        n++;
      }
    }
    if (this.cursor >= 0) {
      // The replay's place: a line down its path, and its node outlined.
      const n = this.cursor;
      ctx.strokeStyle = get("--strip-cursor", "#111827");
      ctx.lineWidth = 2;
      const x = (n - view.left) * view.across;
      const y = (m.level[n] - view.top) * view.down;
      const w = Math.max(m.size[n] * view.across, 3);
      ctx.beginPath();
      ctx.moveTo(x + 1, 0);
      ctx.lineTo(x + 1, y);
      ctx.stroke();
      ctx.strokeRect(x, y, w, Math.max(view.down, 3));
    }
    canvas.dataset.zoomed = String(!isFit(view));
    canvas.dataset.left = String(view.left);
    canvas.dataset.across = String(view.across);
    canvas.dataset.down = String(view.down);
    canvas.dataset.top = String(view.top);
  }
}
