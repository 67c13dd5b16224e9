// views/controls.js — the player controls: step slider, first/back/play/forward/last
// buttons, dead-end and solution jumps, speed, pencil-mark toggle (on the
// Sudoku page only), and the keyboard shortcuts listed on the page. They
// drive a Timeline and are redrawn from it once per frame. Both pages use
// them with the same element ids.

import { SPEEDS, DEFAULT_SPEED } from "../model/timeline.js";
import { say } from "../model/messages.js";

/** Whether a key press belongs to a text field (or similar) rather than the page. */
export function typingInto(target) {
  if (!(target instanceof Element)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("[role=grid]")) return true;   // the board handles its own keys
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  // Radios keep their arrows (they move the choice); a range or checkbox lends them to the player.
  return tag === "INPUT" && !["range", "checkbox", "button", "submit"].includes(target.type);
}

/** Keys that scroll a scrolling region in focus (a [data-scroll-keys] element). */
const SCROLL_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

/**
 * Whether a key scrolls the region in focus rather than moving the replay: a
 * picture too big for its box (the dancing links) takes a Tab stop, and once
 * focused the browser scrolls it with these keys.
 */
export function scrollsWithKeys(e) {
  return SCROLL_KEYS.has(e.key) && e.target instanceof Element && e.target.closest("[data-scroll-keys]") !== null;
}

/** "option k of d" at a level; before its first try, how many it has (none: a dead end). */
function optionWords(k, d) {
  return k > 0 ? say("controls.option", { k, d }) : say("controls.options_to_try", { count: d });
}

/** What a jump that found nowhere to go says: JUMP_NOTES[what][where]. */
const JUMP_NOTES = {
  "dead end": { before: say("controls.jump.dead_end.before"), after: say("controls.jump.dead_end.after") },
  solution: { before: say("controls.jump.solution.before"), after: say("controls.jump.solution.after") },
  guess: { before: say("controls.jump.guess.before"), after: say("controls.jump.guess.after") },
};

export class PlayerControls {
  /**
   * @param {object} el the elements: root, slider, label, first, back, play,
   *        forward, last, prevDead, nextDead, prevSolution, nextSolution, prevGuess, nextGuess, speed,
   *        pencil (optional)
   * @param {object} hooks getTimeline() (null when nothing is loaded), onPencil(on)
   */
  constructor(el, { getTimeline, onPencil = () => {} }) {
    this.el = el;
    this.getTimeline = getTimeline;
    this.onPencil = onPencil;
    this.shown = {};
    for (const speed of SPEEDS) {
      const option = document.createElement("option");
      option.value = String(speed);
      option.textContent = say("controls.speed", { speed });
      el.speed.append(option);
    }
    el.speed.value = String(DEFAULT_SPEED);
    const act = (fn) => () => {
      const t = this.getTimeline();
      if (t) fn(t);
    };
    el.first.addEventListener("click", act((t) => t.first()));
    el.back.addEventListener("click", act((t) => t.stepBy(-1)));
    el.play.addEventListener("click", act((t) => t.toggle()));
    el.forward.addEventListener("click", act((t) => t.stepBy(1)));
    el.last.addEventListener("click", act((t) => t.last()));
    el.prevDead.addEventListener("click", act((t) => this.jump(t.previousDeadEnd(), "dead end", "before")));
    el.nextDead.addEventListener("click", act((t) => this.jump(t.nextDeadEnd(), "dead end", "after")));
    el.prevSolution.addEventListener("click", act((t) => this.jump(t.previousSolution(), "solution", "before")));
    el.nextSolution.addEventListener("click", act((t) => this.jump(t.nextSolution(), "solution", "after")));
    // The guess buttons (optional: the embedded player has none).
    if (el.prevGuess) el.prevGuess.addEventListener("click", act((t) => this.jump(t.previousGuess(), "guess", "before")));
    if (el.nextGuess) el.nextGuess.addEventListener("click", act((t) => this.jump(t.nextGuess(), "guess", "after")));
    el.slider.addEventListener("input", act((t) => {
      t.pause();
      t.seek(Number(el.slider.value));
    }));
    el.speed.addEventListener("change", act((t) => t.setSpeed(Number(el.speed.value))));
    if (el.pencil) el.pencil.addEventListener("change", () => this.onPencil(el.pencil.checked));
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** Page-wide shortcuts; they stay out of text fields and the board. */
  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingInto(e.target)) return;
    if (scrollsWithKeys(e)) return;
    const t = this.getTimeline();
    if ((e.key === "p" || e.key === "P") && this.el.pencil) {
      this.el.pencil.checked = !this.el.pencil.checked;
      this.onPencil(this.el.pencil.checked);
      e.preventDefault();
      return;
    }
    if (!t) return;
    // Space already means "press" on these; it plays only elsewhere.
    const pressable = e.target instanceof Element
      && e.target.closest("button, a, summary, input[type=checkbox]");
    const big = e.shiftKey ? 10 : 1;
    const actions = {
      ArrowRight: () => t.stepBy(big),
      ArrowLeft: () => t.stepBy(-big),
      PageDown: () => t.stepBy(100),
      PageUp: () => t.stepBy(-100),
      Home: () => t.first(),
      End: () => t.last(),
      "]": () => this.jump(t.nextDeadEnd(), "dead end", "after"),
      "[": () => this.jump(t.previousDeadEnd(), "dead end", "before"),
      d: () => this.jump(t.nextDeadEnd(), "dead end", "after"),
      D: () => this.jump(t.previousDeadEnd(), "dead end", "before"),
      s: () => this.jump(t.nextSolution(), "solution", "after"),
      S: () => this.jump(t.previousSolution(), "solution", "before"),
      g: () => this.jump(t.nextGuess(), "guess", "after"),
      G: () => this.jump(t.previousGuess(), "guess", "before"),
      "+": () => t.changeSpeed(1),
      "=": () => t.changeSpeed(1),
      "-": () => t.changeSpeed(-1),
    };
    if (e.key === " " && !pressable) actions[" "] = () => t.toggle();
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  }

  /** A jump that found nowhere to go says so for a moment (a key gives no other sign). */
  jump(moved, what, where) {
    const note = this.el.jumpNote;
    if (!note) return;
    clearTimeout(this.jumpTimer);
    note.textContent = moved === false ? JUMP_NOTES[what][where] : "";
    note.hidden = moved !== false;
    if (moved === false) this.jumpTimer = setTimeout(() => { note.hidden = true; }, 2500);
  }

  setEnabled(enabled) {
    this.el.root.classList.toggle("disabled", !enabled);
    for (const name of ["slider", "first", "back", "play", "forward", "last", "prevDead", "nextDead",
      "prevSolution", "nextSolution", "prevGuess", "nextGuess", "speed"]) {
      if (this.el[name]) this.el[name].disabled = !enabled;
    }
    if (!enabled) {
      this.el.slider.max = "0";     // no replay: the thumb rests at the start
      this.el.slider.value = "0";
    }
  }

  /**
   * Redraw from the timeline; `position` is {level, k, d, leaving} at the cursor
   * (level -1: empty stack; leaving: the level a back-up step leaves, else null).
   */
  render(t, position) {
    const el = this.el;
    const set = (key, value, apply) => {
      if (this.shown[key] === value) return;
      this.shown[key] = value;
      apply(value);
    };
    set("max", t.stepCount, (v) => { el.slider.max = String(v); });
    set("min", t.start, (v) => { el.slider.min = String(v); });
    set("value", t.cursor, (v) => {
      el.slider.value = String(v);
      // "No dead end before this step" is about the step it was said at.
      if (el.jumpNote && !el.jumpNote.hidden) this.jump(true);
    });
    const parts = [say("controls.step", { step: t.cursor, steps: t.total })];
    if (position.leaving > 0) {
      parts.push(say("controls.back_up", { from: position.leaving, to: position.leaving - 1 }));
    } else if (position.leaving === 0) parts.push(say("controls.search_over"));
    else if (position.level >= 0) parts.push(say("controls.level", { level: position.level }), optionWords(position.k, position.d));
    const label = parts.join(" · ");
    set("label", label, (v) => { el.label.textContent = v; });
    // A screen reader reads the focused slider's value whenever it changes:
    // while playing it holds still ("playing"), and a pause reads where it stopped.
    set("valuetext", t.playing ? say("controls.playing") : label, (v) => { el.slider.setAttribute("aria-valuetext", v); });
    set("playing", t.playing, (v) => { el.play.textContent = v ? say("controls.pause") : say("controls.play"); });
    set("speed", t.speed, (v) => { el.speed.value = String(v); });
    set("atStart", t.cursor === t.start, (v) => this.disable([el.first, el.back], v));
    set("atEnd", t.cursor === t.stepCount, (v) => this.disable([el.forward, el.last], v));
    const dead = t.deadEnds;
    const sols = t.solutions;
    // Within the timeline's steps (an embedded player's range may leave some out).
    const before = (sorted) => t.neighbourIn(sorted, false) >= 0;
    const after = (sorted) => t.neighbourIn(sorted, true) >= 0;
    set("prevDead", !before(dead), (v) => this.disable([el.prevDead], v));
    set("nextDead", !after(dead), (v) => this.disable([el.nextDead], v));
    set("prevSolution", !before(sols), (v) => this.disable([el.prevSolution], v));
    set("nextSolution", !after(sols), (v) => this.disable([el.nextSolution], v));
    if (el.prevGuess && el.nextGuess) {
      set("prevGuess", !before(t.guesses), (v) => this.disable([el.prevGuess], v));
      set("nextGuess", !after(t.guesses), (v) => this.disable([el.nextGuess], v));
    }
  }

  /**
   * Enable or disable buttons. A disabled button drops the focus to the page
   * itself (no ring, a screen reader loses its place): a focused one hands it
   * to the slider, where every key of the replay works.
   */
  disable(buttons, off) {
    const focused = off && buttons.includes(document.activeElement);
    for (const button of buttons) button.disabled = off;
    if (focused && !this.el.slider.disabled) this.el.slider.focus({ preventScroll: true });
  }

  /** Forget what was drawn (a new timeline starts). */
  reset() {
    this.shown = {};
  }
}
