// model/timeline.js — the player model: a cursor over steps 0..N, play/pause at a
// speed, and jumps to the next or previous dead end and solution. It knows
// nothing of the DOM or the log format: drawing is asked of its listeners at
// most once per animation frame, through an injected scheduler
// (requestAnimationFrame in the page, a fake in tests).

/** Playing speeds offered, in steps per second. */
export const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250, 1000, 5000, 25000];
export const DEFAULT_SPEED = 10;

/** The last value of a sorted Int32Array that is < x, or -1. */
function previousIn(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? sorted[lo - 1] : -1;
}

/** The first value of a sorted Int32Array that is > x, or -1. */
function nextIn(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? sorted[lo] : -1;
}

export class Timeline {
  /**
   * @param {object} o
   * @param {number} o.stepCount N: steps go 0..N
   * @param {number} [o.start] the first step the cursor may take (an embedded player's range
   *        starts there): steps go start..N
   * @param {number} [o.total] how many steps the whole search has, when the timeline is a
   *        range of it (the step label counts them); N by default
   * @param {Int32Array} [o.deadEnds] sorted steps of the dead ends
   * @param {Int32Array} [o.solutions] sorted steps of the solutions
   * @param {Int32Array} [o.guesses] sorted steps of the guesses (chooses with more than one option)
   * @param {(callback: (time: number) => void) => void} o.schedule runs a
   *        callback before the next paint, with a timestamp in milliseconds
   */
  constructor({ stepCount, deadEnds = new Int32Array(0), solutions = new Int32Array(0), guesses = new Int32Array(0),
    schedule, cursor = 0, start = 0, total = stepCount }) {
    this.stepCount = stepCount;
    this.guesses = guesses;
    this.total = total;
    this.start = Math.max(0, Math.min(stepCount, Math.round(Number(start)) || 0));
    this.deadEnds = deadEnds;
    this.solutions = solutions;
    this.schedule = schedule;
    this.cursor = this.clamp(cursor);
    this.playing = false;
    this.speed = DEFAULT_SPEED;
    this.listeners = new Set();
    this.framePending = false;
    this.lastTime = null;   // timestamp of the previous playing frame
    this.carry = 0;         // fraction of a step owed from earlier frames
    this.disposed = false;
    // How far a forward move may go: (cursor, target) => step, or null for anywhere. Predict
    // mode (model/predict.js) stops the replay at a question until it is answered.
    this.limit = null;
  }

  /** A forward target as far as the limit lets it go. */
  bounded(target) {
    return this.limit && target > this.cursor ? Math.max(this.cursor, Math.min(target, this.limit(this.cursor, target))) : target;
  }

  /** Call `listener(timeline)` once per frame in which something changed. */
  subscribe(listener) {
    this.listeners.add(listener);
    this.requestDraw();
    return () => this.listeners.delete(listener);
  }

  /** Stop drawing for good (a new solve replaces this timeline). */
  dispose() {
    this.disposed = true;
    this.playing = false;
    this.listeners.clear();
  }

  clamp(step) {
    const s = Math.round(Number(step));
    return Number.isFinite(s) ? Math.max(this.start, Math.min(this.stepCount, s)) : this.start;
  }

  requestDraw() {
    if (this.framePending || this.disposed) return;
    this.framePending = true;
    this.schedule((time) => this.frame(time));
  }

  /** One animation frame: advance if playing, then let the listeners draw. */
  frame(time) {
    this.framePending = false;
    if (this.disposed) return;
    if (this.playing) {
      if (this.lastTime !== null) {
        // Cap the elapsed time so a tab coming back from the background does
        // not leap ahead by minutes.
        const elapsed = Math.min(250, Math.max(0, time - this.lastTime));
        this.carry += (elapsed * this.speed) / 1000;
        const whole = Math.floor(this.carry);
        this.carry -= whole;
        const wanted = Math.min(this.stepCount, this.cursor + whole);
        const reached = this.bounded(wanted);
        if (reached < wanted) this.playing = false;     // stopped by the limit: a question to answer
        this.cursor = reached;
      }
      this.lastTime = time;
      if (this.cursor >= this.stepCount) this.playing = false;
    }
    for (const listener of this.listeners) listener(this);
    if (this.playing) this.requestDraw();
  }

  // ---- moving -------------------------------------------------------------

  /** Put the cursor on a step (clamped). Returns whether it moved. */
  seek(step) {
    const target = this.bounded(this.clamp(step));
    const moved = target !== this.cursor;
    this.cursor = target;
    this.requestDraw();
    return moved;
  }

  stepBy(delta) {
    this.pause();
    return this.seek(this.cursor + delta);
  }

  first() {
    this.pause();
    return this.seek(this.start);
  }

  last() {
    this.pause();
    return this.seek(this.stepCount);
  }

  /** The next (forward) or previous step of a sorted list within the timeline's steps, or -1. */
  neighbourIn(sorted, forward) {
    const target = forward ? nextIn(sorted, this.cursor) : previousIn(sorted, this.cursor);
    return target < this.start || target > this.stepCount ? -1 : target;
  }

  /** Jump to the next or previous step in a sorted list; false if there is none. */
  jumpWithin(sorted, forward) {
    const target = this.neighbourIn(sorted, forward);
    if (target < 0) return false;
    this.pause();
    return this.seek(target);
  }

  nextDeadEnd() { return this.jumpWithin(this.deadEnds, true); }
  previousDeadEnd() { return this.jumpWithin(this.deadEnds, false); }
  nextSolution() { return this.jumpWithin(this.solutions, true); }
  previousSolution() { return this.jumpWithin(this.solutions, false); }
  // Skipping the forced moves: from one guess (a choose with more than one option) to the next.
  nextGuess() { return this.jumpWithin(this.guesses, true); }
  previousGuess() { return this.jumpWithin(this.guesses, false); }

  // ---- playing ------------------------------------------------------------

  play() {
    if (this.playing) return;
    if (this.cursor >= this.stepCount) this.cursor = this.start;   // play again from the start
    this.playing = true;
    this.lastTime = null;
    this.carry = 0;
    this.requestDraw();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.requestDraw();
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(stepsPerSecond) {
    const v = Number(stepsPerSecond);
    if (Number.isFinite(v) && v > 0) this.speed = v;
    this.requestDraw();
  }

  /** The next faster (+1) or slower (-1) speed of SPEEDS. */
  changeSpeed(direction) {
    let i = SPEEDS.findIndex((s) => s >= this.speed);
    if (i < 0) i = SPEEDS.length - 1;
    i = Math.max(0, Math.min(SPEEDS.length - 1, i + direction));
    this.setSpeed(SPEEDS[i]);
  }
}
