// views/boardcanvas.js — the replay board drawn on one canvas. A seek on a 25×25
// board changes hundreds of cells; as DOM text and classes that costs a style,
// layout and paint pass over 625 cells (10–20 ms, more than a frame), while
// the same picture on a canvas costs about a millisecond. The DOM grid stays
// on top of the canvas for the keyboard, the focus ring, the cell borders and
// screen readers (board.js brings it up to date once the replay rests).
//
// Glossary
//   look     one cell's appearance as a small integer: its value (the symbol
//            drawn, 0 for none) | LOOK flags << 8.
//   marks    one cell's pencil marks: bit d-1 set when digit d is a candidate.
//   slot     the fixed place of a candidate in a cell: an n×n grid, 1 at the top left.
//   rect     a cell's border box in canvas (CSS pixel) coordinates; the DOM
//            grid's 1–3 px borders are drawn over its right and bottom edges.

import { symbolOf } from "../model/sudoku.js";

/** Flags of a look, shared with board.js (which also turns them into classes). */
export const LOOK = Object.freeze({
  GIVEN: 1, PLACED: 2, NEWEST: 4, UNIT: 8, DEAD: 16, CULPRIT: 32, SOLUTION: 64, TAKEN_BACK: 128, BLAME: 256,
});

/** The value part of a look. */
export const lookValue = (look) => look & 0xff;

/** The flags part of a look. */
export const lookFlags = (look) => look >> 8;

// The CSS custom properties the canvas paints with, read from the board's
// computed style so the light and dark themes have one definition (app.css).
const COLOURS = {
  cell: "--cell-bg", alt: "--cell-alt", unit: "--unit-bg", dead: "--dead-bg",
  newest: "--newest-bg", culprit: "--dead", given: "--given", placed: "--placed",
  solved: "--ok", mark: "--muted", window: "--window-bg", diagonal: "--diagonal",
};

export class BoardCanvas {
  /**
   * @param {HTMLCanvasElement} canvas absolutely placed over the board's padding box
   * @param {HTMLElement} root the board (its cells carry data-cell)
   */
  constructor(canvas, root) {
    this.canvas = canvas;
    this.root = root;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.size = 0;
    this.box = 0;
    this.rects = null;      // Float64Array: x, y, width, height, inner width, inner height per cell
    this.looks = null;      // what each cell shows now
    this.marks = null;
    this.stale = true;      // geometry or colours changed: measure and repaint every cell
    this.last = null;       // the last view drawn, to repaint after a resize
    new ResizeObserver(() => this.invalidate(true)).observe(root);
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    dark.addEventListener("change", () => this.invalidate(true));
  }

  /** Forget what was drawn (a new board, a resize, a theme change); `redraw` repaints now. */
  invalidate(redraw = false) {
    this.stale = true;
    if (redraw && this.last && !this.canvas.hidden) this.draw(this.last.looks, this.last.marks, this.size);
  }

  /**
   * The rules' marks under the digits (model/variants.js DECOR bits per cell: a
   * window's shading, a diagonal line), and whether boxes are shaded in turn
   * (not on a jigsaw, whose regions are no boxes).
   */
  setDecor(decor, boxShading = true) {
    this.decor = decor;
    this.boxShading = boxShading;
    this.stale = true;
  }

  /** Draw the cells' looks and pencil marks (null for none), repainting only changed cells. */
  draw(looks, marks, size) {
    this.last = { looks, marks };
    if (size !== this.size) {
      this.size = size;
      this.box = Math.round(Math.sqrt(size));
      this.stale = true;
    }
    if (this.stale) this.measure();
    const ctx = this.ctx;
    const prevLooks = this.looks;
    const prevMarks = this.marks;
    let fontKey = "";
    for (let i = 0; i < looks.length; i++) {
      const look = looks[i];
      const mark = marks ? marks[i] : 0;
      if (!this.stale && prevLooks[i] === look && prevMarks[i] === mark) continue;
      fontKey = this.paintCell(ctx, i, look, mark, fontKey);
      prevLooks[i] = look;
      prevMarks[i] = mark;
    }
    this.stale = false;
  }

  /** Read the cells' places, the fonts and the colours from the page; size the canvas. */
  measure() {
    const cells = this.root.querySelectorAll("[data-cell]");
    const count = this.size * this.size;
    const origin = this.root.getBoundingClientRect();
    const left = origin.left + this.root.clientLeft;
    const top = origin.top + this.root.clientTop;
    const width = this.root.clientWidth;
    const height = this.root.clientHeight;
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    this.ctx.setTransform(this.canvas.width / Math.max(1, width), 0, 0, this.canvas.height / Math.max(1, height), 0, 0);
    this.rects = new Float64Array(count * 6);
    for (let i = 0; i < count && i < cells.length; i++) {
      const el = cells[i];
      const r = el.getBoundingClientRect();
      const k = i * 6;
      this.rects[k] = r.left - left;
      this.rects[k + 1] = r.top - top;
      this.rects[k + 2] = r.width;
      this.rects[k + 3] = r.height;
      // The padding box: what is left of the cell inside its right and bottom borders.
      this.rects[k + 4] = r.width - (el.offsetWidth - el.clientWidth);
      this.rects[k + 5] = r.height - (el.offsetHeight - el.clientHeight);
    }
    const style = getComputedStyle(this.root);
    this.colours = {};
    for (const [name, property] of Object.entries(COLOURS)) {
      this.colours[name] = style.getPropertyValue(property).trim() || "#808080";
    }
    const cellStyle = cells.length ? getComputedStyle(cells[0]) : style;
    const digitPx = parseFloat(cellStyle.fontSize) || 16;
    const family = cellStyle.fontFamily;
    // As app.css sizes .pencil: a box'th of the cell's text, a little larger,
    // and at most half the text's size.
    const markPx = Math.min((digitPx / this.box) * (0.82 / 0.6), digitPx * (0.3 / 0.6));
    this.fonts = {
      bold: `700 ${digitPx}px ${family}`,
      medium: `500 ${digitPx}px ${family}`,
      mark: `400 ${markPx}px ${family}`,
    };
    // Centre glyphs on their ink, not on the em box: digits and capitals
    // stand on the baseline, so half their height below the middle.
    this.ctx.font = this.fonts.bold;
    const m = this.ctx.measureText("8");
    this.digitDrop = (m.actualBoundingBoxAscent - m.actualBoundingBoxDescent) / 2;
    this.ctx.font = this.fonts.mark;
    const mm = this.ctx.measureText("8");
    this.markDrop = (mm.actualBoundingBoxAscent - mm.actualBoundingBoxDescent) / 2;
    this.ctx.textAlign = "center";
    this.ctx.textBaseline = "alphabetic";
    this.looks = new Int32Array(count);
    this.marks = new Int32Array(count);
  }

  /** Paint one cell; returns the font the context is left with (fewer font switches). */
  paintCell(ctx, i, look, mark, fontKey) {
    const k = i * 6;
    const x = this.rects[k];
    const y = this.rects[k + 1];
    const w = this.rects[k + 4];
    const h = this.rects[k + 5];
    const flags = lookFlags(look);
    const c = this.colours;
    const size = this.size;
    const n = this.box;
    const row = Math.floor(i / size);
    const col = i % size;
    // The same precedence as the DOM board's classes: dead unit, newest, unit, box shading.
    const decor = this.decor && this.decor.length === size * size ? this.decor[i] : 0;
    const shaded = this.boxShading !== false && size >= 16 && Math.floor(row / n) % 2 === Math.floor(col / n) % 2;
    let fill = decor & 1 ? c.window : shaded ? c.alt : c.cell;
    if (flags & LOOK.UNIT) fill = c.unit;
    if (flags & LOOK.NEWEST) fill = c.newest;
    if (flags & LOOK.DEAD) fill = c.dead;
    ctx.fillStyle = fill;
    ctx.fillRect(x, y, this.rects[k + 2], this.rects[k + 3]);
    if (decor & 6) {
      // A long diagonal of an X: a thin line corner to corner, under the digit.
      ctx.strokeStyle = c.diagonal;
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      if (decor & 2) { ctx.moveTo(x, y); ctx.lineTo(x + w, y + h); }
      if (decor & 4) { ctx.moveTo(x + w, y); ctx.lineTo(x, y + h); }
      ctx.stroke();
    }
    if (flags & LOOK.CULPRIT) {
      const t = Math.min(3, w / 6);
      ctx.strokeStyle = c.culprit;
      ctx.lineWidth = t;
      ctx.strokeRect(x + t / 2, y + t / 2, w - t, h - t);
    }
    if (flags & LOOK.BLAME) {
      // One of the dead end's culprits: a flag in the top right corner.
      const s = Math.max(5, w * 0.3);
      ctx.fillStyle = c.culprit;
      ctx.beginPath();
      ctx.moveTo(x + w, y);
      ctx.lineTo(x + w - s, y);
      ctx.lineTo(x + w, y + s);
      ctx.fill();
    }
    const value = lookValue(look);
    if (value) {
      const font = flags & (LOOK.GIVEN | LOOK.NEWEST) ? "bold" : "medium";
      if (fontKey !== font) ctx.font = this.fonts[font];
      fontKey = font;
      ctx.fillStyle = flags & LOOK.GIVEN ? c.given : flags & LOOK.SOLUTION ? c.solved : c.placed;
      ctx.fillText(symbolOf(value), x + w / 2, y + h / 2 + this.digitDrop);
      if (flags & LOOK.TAKEN_BACK) {
        // A red stroke across the digit, corner to corner: a level line merged
        // into the bars of 4, B, J or + on a 25×25 board.
        ctx.strokeStyle = c.culprit;
        ctx.lineWidth = Math.max(1.5, w / 14);
        ctx.beginPath();
        ctx.moveTo(x + w * 0.18, y + h * 0.82);
        ctx.lineTo(x + w * 0.82, y + h * 0.18);
        ctx.stroke();
      }
    } else if (mark) {
      if (fontKey !== "mark") ctx.font = this.fonts.mark;
      fontKey = "mark";
      ctx.fillStyle = c.mark;
      for (let d = 0; d < size; d++) {
        if (!(mark & (1 << d))) continue;
        const r = Math.floor(d / n);
        const s = d % n;
        ctx.fillText(symbolOf(d + 1), x + ((s + 0.5) * w) / n, y + ((r + 0.5) * h) / n + this.markDrop);
      }
    }
    return fontKey;
  }
}
