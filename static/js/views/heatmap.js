// views/heatmap.js — the dead-end heatmap laid over the Sudoku board: each cell
// shaded by how often it (or its row, column or box) was the item that ran out,
// the count written large enough for a projector, a legend under the board,
// and each cell described in words for the tooltip and screen readers. The
// counts come from model/glance.js boardHeat (the log's facts); this only draws.

import { say } from "../model/messages.js";

// The legend's title for each mode, each key written out whole (the catalogue's test finds them).
const LEGEND = {
  cells: () => say("heat.legend.cells"),
  rows: () => say("heat.legend.rows"),
  cols: () => say("heat.legend.cols"),
  boxes: () => say("heat.legend.boxes"),
};

export class HeatmapView {
  /**
   * @param {HTMLElement} layer the grid laid over the board (same size, same cell borders)
   * @param {HTMLElement} legend the legend under the board
   */
  constructor(layer, legend) {
    this.layer = layer;
    this.legend = legend;
    this.size = 0;
    this.cells = [];
  }

  /** Build one cell element per board cell (the board's box edges, so the two line up). */
  build(size) {
    if (size === this.size) return;
    this.size = size;
    const n = Math.round(Math.sqrt(size));
    this.layer.dataset.size = String(size);
    this.cells = [];
    const rows = [];
    for (let r = 0; r < size; r++) {
      const row = document.createElement("div");
      row.className = "heat-row";
      row.setAttribute("role", "row");
      for (let c = 0; c < size; c++) {
        const el = document.createElement("div");
        let cls = "heat-cell";
        if (c % n === n - 1 && c < size - 1) cls += " edge-right";
        if (r % n === n - 1 && r < size - 1) cls += " edge-bottom";
        el.className = cls;
        el.setAttribute("role", "gridcell");
        el.dataset.cell = String(r * size + c);
        row.append(el);
        this.cells.push(el);
      }
      rows.push(row);
    }
    this.layer.replaceChildren(...rows);
  }

  /**
   * Show a heatmap ({cells: [{count, text, label}], max}) of a mode, or hide
   * it (null). The shade is the count over the largest count.
   */
  show(heat, size, mode) {
    if (!heat) {
      this.layer.hidden = true;
      this.legend.hidden = true;
      return;
    }
    this.build(size);
    heat.cells.forEach(({ count, text, label }, cell) => {
      const el = this.cells[cell];
      el.style.setProperty("--heat", heat.max ? (count / heat.max).toFixed(3) : "0");
      el.textContent = text;
      el.title = label;
      el.setAttribute("aria-label", label);
      el.dataset.count = String(count);
    });
    this.layer.setAttribute("aria-label", LEGEND[mode]());
    this.layer.hidden = false;
    this.legend.replaceChildren();
    const title = document.createElement("span");
    title.className = "heat-legend-title";
    title.textContent = heat.max ? LEGEND[mode]() : say("heat.none");
    this.legend.append(title);
    if (heat.max) {
      const low = Object.assign(document.createElement("span"), { className: "heat-legend-end", textContent: "0" });
      const bar = Object.assign(document.createElement("span"), { className: "heat-legend-bar" });
      bar.setAttribute("aria-hidden", "true");
      const high = Object.assign(document.createElement("span"), { className: "heat-legend-end", textContent: heat.max.toLocaleString("en") });
      this.legend.append(low, bar, high);
    }
    this.legend.hidden = false;
  }
}
