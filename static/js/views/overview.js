// views/overview.js — the overview strip: a canvas showing the whole search at
// once. Depth (level) over the steps as a filled profile, dead ends as red
// ticks, solutions as blue lines (blue ticks under the profile when dense),
// and a cursor line at the current step; a click or drag jumps there. The
// profile is drawn once per size into an offscreen canvas, so moving the
// cursor costs one image copy.

export class OverviewStrip {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {object} hooks onSeek(step) when the user clicks or drags
   */
  constructor(canvas, { onSeek }) {
    this.canvas = canvas;
    this.onSeek = onSeek;
    this.data = null;
    this.cursor = 0;
    this.base = document.createElement("canvas");
    this.dragging = false;
    canvas.addEventListener("pointerdown", (e) => {
      if (!this.data || e.button !== 0) return;
      this.dragging = true;
      canvas.setPointerCapture(e.pointerId);
      this.seekAt(e.clientX);
    });
    canvas.addEventListener("pointermove", (e) => { if (this.dragging) this.seekAt(e.clientX); });
    const stop = () => { this.dragging = false; };
    canvas.addEventListener("pointerup", stop);
    canvas.addEventListener("pointercancel", stop);
    // Redraw the profile when the strip changes size or the colour scheme flips.
    new ResizeObserver(() => this.rebuild()).observe(canvas);
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.rebuild());
  }

  /** The step under a screen x coordinate. */
  stepAt(clientX) {
    const rect = this.canvas.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / Math.max(1, rect.width)));
    return Math.round(fraction * this.data.stepCount);
  }

  seekAt(clientX) {
    this.onSeek(this.stepAt(clientX));
  }

  /**
   * @param {object|null} data {stepCount, heights (Int32Array, N+1), deadEnds,
   *        solutions (sorted Int32Arrays of steps), maxHeight}
   */
  setData(data) {
    this.data = data;
    this.rebuild();
  }

  colours() {
    const style = getComputedStyle(this.canvas);
    const get = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
    return {
      background: get("--strip-bg", "#eef1f6"),
      depth: get("--strip-depth", "#8a96ad"),
      dead: get("--strip-dead", "#d32f2f"),
      solution: get("--strip-solution", "#1e66f5"),
      cursor: get("--strip-cursor", "#111"),
    };
  }

  /** Draw the profile, dead ends and solutions at the strip's pixel size. */
  rebuild() {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(this.canvas.clientHeight * ratio));
    this.canvas.width = width;
    this.canvas.height = height;
    this.base.width = width;
    this.base.height = height;
    const ctx = this.base.getContext("2d");
    const colour = this.colours();
    this.colour = colour;
    ctx.fillStyle = colour.background;
    ctx.fillRect(0, 0, width, height);
    const data = this.data;
    if (data && data.stepCount > 0) {
      const { stepCount, heights } = data;
      const top = Math.max(1, data.maxHeight);
      const marks = Math.round(6 * ratio);          // band at the top for dead-end ticks
      const xOf = (step) => Math.min(width - 1, Math.floor((step / stepCount) * width));
      // Solutions are full-height lines while they are few; hundreds of them
      // would paint the strip solid, so then they are ticks in a band under the profile.
      const solutionXs = new Set();
      for (const step of data.solutions) solutionXs.add(xOf(step));
      const dense = solutionXs.size * 2 * ratio > width / 4;
      const floor = dense ? height - marks : height;  // the profile's baseline
      const usable = floor - marks;
      ctx.fillStyle = colour.depth;
      // One column per pixel: the deepest level reached among its steps.
      for (let x = 0; x < width; x++) {
        const from = Math.floor((x * (stepCount + 1)) / width);
        const to = Math.max(from + 1, Math.floor(((x + 1) * (stepCount + 1)) / width));
        let deepest = 0;
        for (let s = from; s < to && s <= stepCount; s++) if (heights[s] > deepest) deepest = heights[s];
        const h = Math.round((deepest / top) * usable);
        ctx.fillRect(x, floor - h, 1, h);
      }
      ctx.fillStyle = colour.dead;
      let lastX = -1;
      for (const step of data.deadEnds) {
        const x = xOf(step);
        if (x === lastX) continue;     // thousands of dead ends share a pixel
        lastX = x;
        ctx.fillRect(x, 0, Math.max(1, ratio), marks);
      }
      ctx.fillStyle = colour.solution;
      if (dense) for (const x of solutionXs) ctx.fillRect(x, floor, Math.max(1, ratio), marks);
      else for (const x of solutionXs) ctx.fillRect(x - ratio, 0, 2 * ratio, height);
    }
    this.draw();
  }

  setCursor(step) {
    if (step === this.cursor) return;
    this.cursor = step;
    this.draw();
  }

  draw() {
    const ctx = this.canvas.getContext("2d");
    ctx.drawImage(this.base, 0, 0);
    if (!this.data || !this.data.stepCount) return;
    const ratio = window.devicePixelRatio || 1;
    const x = Math.round((this.cursor / this.data.stepCount) * (this.canvas.width - 1));
    ctx.fillStyle = this.colour.cursor;
    ctx.fillRect(x - ratio, 0, 2 * ratio, this.canvas.height);
  }
}
