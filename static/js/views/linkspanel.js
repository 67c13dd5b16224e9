// views/linkspanel.js — the dancing links picture driven by a replay: which arrays
// and link updates each step shows, whether a cover, uncover, purify or unpurify
// (with bounds also a tweak, untweak, settle or unsettle: model/dancing.js) is animated (stepping forward or back by one, or playing slowly), the caption
// in words, and the jump to the matching cover or uncover. The picture itself,
// its layout and its beat-by-beat animation, is views/linksview.js (LinksView).

import { DancingReplay, TWEAK, linksFit } from "../model/dancing.js";
import { say } from "../model/messages.js";
import { COVER, UNCOVER, PURIFY, UNPURIFY, BACKUP, KIND_NAMES } from "../model/steplog.js";
import { LinksView } from "./linksview.js";

/** What the steps that move no link do, as the view's caption says it. */
const STILL_STEPS = {
  choose: say("links.still.choose"),
  try: say("links.still.try"),
  solution: say("links.still.solution"),
  dead_end: say("links.still.dead_end"),
  backup: say("links.still.backup"),
  take: say("links.still.take"),
  untake: say("links.still.untake"),
  settle: say("links.still.settle"),
  unsettle: say("links.still.unsettle"),
};
/** With bounds, the still steps whose words differ: an item may have options left at a dead end. */
const STILL_BOUNDS = { dead_end: say("links.still.bounds.dead_end"), try: say("links.still.bounds.try") };

/** Playing speeds (steps a second) at which cover and uncover steps are still animated. */
const SLOW_PLAY = 2;

/** Whether a step of this kind moves links. */
const isMoving = (kind) => kind === COVER || kind === UNCOVER || kind === PURIFY || kind === UNPURIFY;

/** The step kind that undoes (or is undone by) each moving kind. */
const PARTNER = { [COVER]: UNCOVER, [UNCOVER]: COVER, [PURIFY]: UNPURIFY, [UNPURIFY]: PURIFY };

/** A step's updates run backwards: last first, each putting its old value back. */
function reversedUpdates(updates) {
  const last = updates.length ? updates[updates.length - 1].beat : 0;
  return updates.slice().reverse().map((u) => ({
    ...u, from: u.to, to: u.from, beat: last - u.beat, rule: `undo ${u.rule}`,
  }));
}

/**
 * The node-level view driven by a replay: keeps a DancingReplay of the log,
 * and at each step shows the arrays and, at a cover or uncover, the updates
 * of that step — animated when the user steps forward by one. One step back
 * over a cover or uncover animates its updates undone, in reverse order.
 */
export class LinksPanel {
  /**
   * @param {HTMLElement} root an empty element the view fills
   * @param {object} hooks onJump(step) to move the replay (the matching cover/uncover)
   */
  constructor(root, { onJump }) {
    this.view = new LinksView(root, { onJump });
    this.replay = null;
    this.log = null;
    this.drawnStep = -1;
  }

  /** Take a new log; returns whether the node-level view takes a problem this size. */
  setLog(log) {
    this.log = null;
    this.replay = null;
    this.drawnStep = -1;
    if (!log || !linksFit(log.items.length, log.options)) {
      this.view.setProblem(null);
      return false;
    }
    this.log = log;
    this.replay = new DancingReplay(log);
    this.state = null;
    const { links } = this.replay;
    // With colours, each option node's colour name (its option gives its item that colour).
    let colours = null;
    if (log.colours) {
      colours = new Array(links.nodeTotal).fill("");
      log.colours.forEach((list, k) => list.forEach((c, t) => { colours[links.first[k] + t] = log.colourName(c); }));
    }
    this.view.setProblem(links, log.items, log.phrases.need, log.labels, colours);
    return true;
  }

  /**
   * With colours, what the picture marks at `step`: each item's colour now ("" none) and,
   * for each option no cover hides, the purified item that sets it aside (-1: none); null without colours.
   */
  marksAt(step) {
    const log = this.log;
    if (!log.colours) return null;
    this.state = log.seek(step, this.state);
    const { covered, purified } = this.state;
    // Set aside by a purify: hidden by no cover, but another colour (or none) of a purified item.
    const setAside = log.options.map((items, o) => {
      if (items.some((j) => covered[j])) return -1;
      const t = items.findIndex((j, u) => purified[j] !== 0 && log.colours[o][u] !== purified[j]);
      return t < 0 ? -1 : items[t];
    });
    return { purified: Array.from(purified, (c) => log.colourName(c)), setAside };
  }

  /**
   * Show the arrays at `step`. A cover or uncover reached by one step forward
   * is animated, and so is one left by one step back (undone): always when
   * stepping by hand, and while playing only at up to SLOW_PLAY steps a
   * second, squeezed into the time a step lasts.
   * @param {number} step
   * @param {object} o playing, speed (steps a second), focus {item, option}:
   *        the column and row the step is about
   */
  show(step, { playing = false, speed = 1, focus = {} } = {}) {
    if (!this.replay) return;
    const byHand = !playing || speed <= SLOW_PLAY;
    const forward = step === this.drawnStep + 1 && byHand;
    const backward = step === this.drawnStep - 1 && byHand;
    const budgetMs = playing ? (0.85 * 1000) / speed : Infinity;
    const log = this.log;
    const undone = this.drawnStep;
    this.drawnStep = step;
    if (backward && this.moves(undone)) {
      // One step back over a cover or uncover: its updates run backwards, so
      // every link it changed gets its old value again, last change first.
      // (updatesAt moves the replay's arrays: ask for them before seeking.)
      const kind = log.kindAt(undone);
      const updates = reversedUpdates(this.replay.updatesAt(undone));
      // With bounds the step undone may be a tweak (a try), an untweak (a backup), a settle or an unsettle.
      const did = isMoving(kind) ? null : this.replay.did;
      const verb = did ? did.op : KIND_NAMES[kind];
      const item = did ? (did.op === "tweak" ? log.labels[did.option] : log.items[did.item]) : log.items[log.argAt(undone)];
      const links = this.replay.seek(step);
      this.view.render({
        step, links, updates, focus,
        title: say("links.title.back", { step: String(step), undone: String(undone), verb, item }),
        matchingStep: 0, matchingText: "", animate: true, budgetMs, marks: this.marksAt(step),
      });
      return;
    }
    const kind = log.kindAt(step);
    // With bounds a try, a settle, an unsettle or a backup may move links too (a tweak, an untweak).
    const updates = isMoving(kind) || log.bounds ? this.replay.updatesAt(step) : [];
    const moving = isMoving(kind) || updates.length > 0;
    const links = this.replay.seek(step);
    const item = log.argAt(step);
    const start = log.givens.length ? say("links.start.givens") : say("links.start.built");
    const still = (log.bounds && STILL_BOUNDS[KIND_NAMES[kind]]) || STILL_STEPS[KIND_NAMES[kind]];
    let title = say("links.title", { step: String(step), what: kind < 0 ? start : still });
    let matchingStep = 0;
    let matchingText = "";
    const marks = this.marksAt(step);
    const did = log.bounds && updates.length ? this.replay.did : null;
    if (did) {
      title = say("links.title", { step: String(step), what: this.boundsTitle(did, kind) });
    } else if (moving) {
      title = say("links.title", { step: String(step), what: this.movingTitle(step, kind, item, marks) });
      const undoes = kind === UNCOVER || kind === UNPURIFY;
      matchingStep = undoes ? this.matchingBefore(step, PARTNER[kind], item) : this.matchingAfter(step, PARTNER[kind], item);
      if (matchingStep) {
        matchingText = say(undoes ? "links.matching.undoes" : "links.matching.undone",
          { kind: KIND_NAMES[PARTNER[kind]], step: String(matchingStep) });
      }
    }
    this.view.render({
      step, links, updates, title, focus, matchingStep, matchingText,
      animate: forward && moving, budgetMs, marks,
    });
  }

  /** Whether the step moves links (with bounds: a tweak, untweak or settle besides the covers). */
  moves(step) {
    const kind = this.log.kindAt(step);
    if (isMoving(kind)) return true;
    return Boolean(this.log.bounds) && this.replay.updatesAt(step).length > 0;
  }

  /** With bounds, what a tweak, untweak, settle or unsettle (the replay's `did`) does to the links, in words. */
  boundsTitle(did, kind) {
    const name = this.log.items[did.item];
    if (did.op === "tweak") {
      const option = this.log.labels[did.option];
      return say(did.mode === TWEAK ? "links.moving.tweak" : "links.moving.tweak_covered", { name, option });
    }
    if (did.op === "untweak") {
      const key = did.mode === TWEAK ? "links.moving.untweak" : "links.moving.untweak_uncover";
      return say(key, { name, level: String(this.replay.levels.height - (kind === BACKUP ? 0 : 1)) });
    }
    return say(did.op === "settle" ? "links.moving.settle" : "links.moving.unsettle", { name });
  }

  /** What a cover, uncover, purify or unpurify of `item` at `step` does to the links, in words. */
  movingTitle(step, kind, item, marks) {
    const name = this.log.items[item];
    if (kind === COVER) {
      return say("links.moving.cover", { name });
    }
    if (kind === UNCOVER) {
      return say("links.moving.uncover", { name });
    }
    if (kind === PURIFY) {
      const colour = marks.purified[item];
      return say("links.moving.purify", { name, colour });
    }
    // The colour it loses: the one it had the step before.
    const before = this.log.colourName(this.log.seek(step - 1, null).purified[item]);
    return say("links.moving.unpurify", { name, before });
  }

  /** The first step after `step` of this kind on `item`: the uncover (unpurify) that undoes a cover (purify), or 0. */
  matchingAfter(step, kind, item) {
    const log = this.log;
    for (let s = step + 1; s <= log.stepCount; s++) {
      if (log.kindAt(s) === kind && log.argAt(s) === item) return s;
    }
    return 0;
  }

  /** The last step before `step` of this kind on `item`: the cover (purify) an uncover (unpurify) undoes, or 0. */
  matchingBefore(step, kind, item) {
    const log = this.log;
    for (let s = step - 1; s >= 1; s--) {
      if (log.kindAt(s) === kind && log.argAt(s) === item) return s;
    }
    return 0;
  }
}
