// views/compare.js — the two item choices side by side: for each, its counts
// and its tree drawn as the depth of its nodes left to right, both to one
// scale (model/glance.js compareLayout), so the smaller tree is narrower.

import { say } from "../model/messages.js";

export class CompareView {
  /** @param {HTMLElement} root the region's body */
  constructor(root) {
    this.root = root;
  }

  /** Say that the comparison is running, or what went wrong. */
  showText(text, tone = "") {
    const p = Object.assign(document.createElement("p"), { className: `note ${tone}`, textContent: text });
    this.root.replaceChildren(p);
  }

  /** Both searches: `layout` from compareLayout, drawn on canvases `width`×`height` CSS px. */
  show(layout, width, height) {
    const parts = [];
    for (const search of layout.searches) {
      const figure = document.createElement("figure");
      figure.className = "compare-search";
      figure.dataset.choose = search.choose;
      const caption = document.createElement("figcaption");
      const title = Object.assign(document.createElement("strong"), { textContent: search.title });
      const counts = Object.assign(document.createElement("span"), { className: "compare-counts", textContent: search.counts });
      caption.append(title, ": ", counts);
      if (search.stopped) caption.append(Object.assign(document.createElement("span"), { className: "compare-stopped", textContent: ` ${search.stopped}` }));
      const canvas = document.createElement("canvas");
      canvas.className = "compare-tree";
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", `${search.title}: ${search.counts}`);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      figure.append(caption, canvas);
      parts.push(figure);
      this.paint(canvas, search, layout, width, height);
    }
    parts.push(Object.assign(document.createElement("p"), { className: "note", textContent: layout.scale }));
    this.root.replaceChildren(...parts);
  }

  paint(canvas, search, layout, width, height) {
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const style = getComputedStyle(this.root);
    const get = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    ctx.fillStyle = get("--strip-bg", "#eef1f6");
    ctx.fillRect(0, 0, width, height);
    const { across, down } = layout;
    const { shallowest, deepest } = search.shape;
    const w = Math.max(across, 1);
    // Light: the levels above the bucket's nodes (their ancestors); strong: the levels its nodes were tried at.
    ctx.fillStyle = get("--tree-open", "#a9b3c6");
    for (let b = 0; b < deepest.length; b++) ctx.fillRect(b * across, 0, w, shallowest[b] * down);
    ctx.fillStyle = get("--tree-failed-ink", "#b3261e");
    for (let b = 0; b < deepest.length; b++) {
      ctx.fillRect(b * across, shallowest[b] * down, w, (deepest[b] - shallowest[b] + 1) * down);
    }
    ctx.fillStyle = get("--strip-solution", "#1e66f5");
    for (const b of search.solutionBuckets) ctx.fillRect(b * across, 0, Math.max(across, 2), height);
    if (!deepest.length) {
      ctx.fillStyle = get("--ink", "#111");
      ctx.font = "12px system-ui, sans-serif";
      ctx.fillText(say("compare.counts", { nodes: 0, dead: 0, solutions: 0 }), 4, 14);
    }
  }
}
