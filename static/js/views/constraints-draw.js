// views/constraints-draw.js — a puzzle's constraints drawn over the Sudoku board:
// two SVG layers laid over the board's cells (and one cell around them, where
// sandwich and little killer clues stand), in cell units, from the shapes
// model/constraints.js computes. The lower layer (extra regions, thermometers,
// arrows, lines) is blended into the board (app.css: multiply in the light
// theme, screen in the dark), so the digits stay readable through it as if it
// were drawn under them; the upper one (cages, dots, letters, marks, clues) is
// drawn on top. Both take no pointer events: the cells under them keep the
// keyboard, the clicks and the focus ring, in entry and in replay alike.

import { constraintShapes, hasOutsideClues } from "../model/constraints.js";

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
function svgElement(name, attributes = {}) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/** The SVG element of one shape (model/constraints.js constraintShapes). */
export function shapeElement(shape) {
  switch (shape.type) {
    case "path":
      return svgElement("path", { class: shape.cls, d: shape.d });
    case "polyline":
      return svgElement("polyline", { class: shape.cls, points: shape.points.map((p) => p.join(",")).join(" ") });
    case "circle":
      return svgElement("circle", { class: shape.cls, cx: shape.cx, cy: shape.cy, r: shape.r });
    case "rect":
      return svgElement("rect", { class: shape.cls, x: shape.x, y: shape.y, width: shape.w, height: shape.h });
    case "text": {
      const el = svgElement("text", { class: shape.cls, x: shape.x, y: shape.y, "text-anchor": shape.anchor });
      el.textContent = shape.text;
      return el;
    }
    default:
      throw new Error(`unknown shape ${shape.type}`);
  }
}

/** Draw shapes into the two layers' groups, replacing what they held. */
function fill(under, over, shapes) {
  under.replaceChildren(...shapes.filter((s) => s.layer === "under").map(shapeElement));
  over.replaceChildren(...shapes.filter((s) => s.layer === "over").map(shapeElement));
}

/**
 * A small picture of one kind for the legend, drawn by the board's own shapes:
 * `sample` is a constraint on a tiny board, `box` its viewBox.
 */
export function swatchSvg(sample, box, size = 2) {
  const svg = svgElement("svg", { class: "cons-swatch", viewBox: box, "aria-hidden": "true" });
  const under = svgElement("g", { class: "cons-under" });
  const over = svgElement("g", { class: "cons-over" });
  fill(under, over, constraintShapes([sample], size));
  svg.append(under, over);
  return svg;
}

export class ConstraintsOverlay {
  /**
   * @param {HTMLElement} wrap the board's wrapper (positioned), where the layers go
   * @param {HTMLElement} board the board; the layers follow its cells' box
   */
  constructor(wrap, board) {
    this.wrap = wrap;
    this.board = board;
    this.size = 0;
    this.key = "";
    this.layers = ["cons-layer cons-under", "cons-layer cons-over"].map((cls) => {
      const svg = svgElement("svg", { class: cls, "aria-hidden": "true" });
      svg.hidden = true;
      // The constraints, then a path being drawn by hand (pages/constraint-entry.js).
      svg.append(svgElement("g"), svgElement("g", { class: "draft" }));
      return svg;
    });
    this.list = [];
    this.drafted = false;
    // After the board, before the heatmap: an opaque heatmap hides them, as it hides the digits.
    board.after(...this.layers);
    new ResizeObserver(() => this.place()).observe(board);
  }

  /** Draw the constraints (the normalised form) on a board of side `size`. */
  show(constraints, size) {
    const list = constraints || [];
    const key = `${size}|${JSON.stringify(list)}`;
    if (key === this.key) return;
    this.key = key;
    this.size = size;
    this.list = list;
    const [under, over] = this.layers.map((svg) => svg.firstChild);
    fill(under, over, constraintShapes(list, size));
    for (const svg of this.layers) {
      svg.setAttribute("viewBox", `-1 -1 ${size + 2} ${size + 2}`);
      svg.hidden = !list.length && !this.drafted;
    }
    // Room around the board for the clues outside it (app.css shrinks the board to make it).
    this.wrap.classList.toggle("clues-outside", hasOutsideClues(list));
    this.place();
  }

  /** Draw constraints being drawn by hand (none: the draft goes), over the others. */
  draft(constraints) {
    const [under, over] = this.layers.map((svg) => svg.lastChild);
    fill(under, over, constraintShapes(constraints, this.size));
    this.drafted = constraints.length > 0;
    for (const svg of this.layers) svg.hidden = !this.list.length && !this.drafted;
    this.place();
  }

  /** Lay the layers over the board's cells, one cell beyond them on each side. */
  place() {
    if (!this.size || this.layers[0].hidden) return;
    const board = this.board;
    const width = board.clientWidth;
    const cell = width / this.size;
    const left = board.offsetLeft + board.clientLeft - cell;
    const top = board.offsetTop + board.clientTop - cell;
    for (const svg of this.layers) {
      Object.assign(svg.style, {
        left: `${left}px`, top: `${top}px`, width: `${width + 2 * cell}px`, height: `${board.clientHeight + 2 * cell}px`,
      });
    }
  }
}
