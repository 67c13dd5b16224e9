// pages/replay.js — what both pages do around a search: one solve in flight at a
// time (SolveRunner), and the player (Replayer): a step log loaded into a
// timeline that drives the why panel, the overview strip, the controls, the
// results, the exact cover matrix, the dancing links and the address, with a
// hook that draws the page's own picture of a step (the Sudoku board, the
// cover page's picture); and the little the two forms share (message boxes,
// the solutions menu). It uses the element ids of templates/_player.html and
// the panels and fields both pages have; sudoku-page.js and cover-page.js wire it.
//
// Glossary
//   share    what the address holds: the problem, the options and the step.
//   replay   the current log with its timeline, the state at the cursor, and
//            what was last drawn (drawn*) so a frame redraws only what changed.
//   landing  the step a new replay opens on: the one asked for, else the
//            first solution, else the last step.

import { BACKUP, loadStepLog } from "../model/steplog.js";
import * as words from "../model/messages.js";
import { explainStep } from "../model/explain.js";
import { Timeline } from "../model/timeline.js";
import { WhyPanel } from "../views/why.js";
import { OverviewStrip } from "../views/overview.js";
import { PlayerControls } from "../views/controls.js";
import { ResultsPanel, downloadJson } from "../views/results.js";
import { MatrixView } from "../views/matrixview.js";
import { LinksPanel } from "../views/linkspanel.js";
import { Presentation } from "../views/present.js";
import { SearchTreeView } from "../views/searchtree.js";
import { SearchTree, backjumpSavings, costliestWrongChoices } from "../model/search-tree.js";
import { CostliestView } from "../views/costliest.js";
import { BackjumpsView } from "../views/backjumps.js";
import { ThrashList } from "../views/thrashlist.js";
import { BookmarksView } from "../views/bookmarks.js";
import { readMarks } from "../model/url.js";
import { progressLine, thrashRanking, thrashSummary } from "../model/glance.js";

const $ = (id) => document.getElementById(id);

/** Show lines of text (never markup) in a message box; an empty list hides it. */
export function say(box, lines, tone = "error") {
  const list = Array.isArray(lines) ? lines : [lines];
  box.replaceChildren(...list.map((text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  }));
  box.dataset.tone = tone;
  box.hidden = list.length === 0;
}

/** Lines added under what a message box already says (or said alone, in this tone, when it is empty). */
export function sayMore(box, lines, tone = "warning") {
  if (!lines.length) return;
  if (box.hidden) say(box, lines, tone);
  else box.append(...lines.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
}

/**
 * A share that asks for more solutions than the server finds in one solve
 * (the menu's data-max): capped, with a note that says so.
 */
export function withinCap(share) {
  const cap = Number($("solutions").dataset.max) || Infinity;
  if (share.solutions === null || share.solutions <= cap) return share;
  const asked = share.solText || share.solutions.toLocaleString("en");
  const note = words.say("page.solutions_capped", { asked, cap });
  return { ...share, solutions: cap, notes: [...(share.notes || []), note] };
}

/** The solutions menu's choice: a count, or null for all. */
export function chosenSolutions() {
  const v = $("solutions").value;
  return v === "all" ? null : Number(v);
}

/** Select a value in the solutions menu, adding it when a shared link asks for another count. */
export function setSolutionsChoice(solutions) {
  const select = $("solutions");
  const value = solutions === null ? "all" : String(solutions);
  if (![...select.options].some((o) => o.value === value)) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = words.say("page.solutions_up_to", { count: solutions });
    select.append(option);
  }
  select.value = value;
}

/** Runs one solve at a time: a newer one, or cancel(), drops the older answer and aborts its request. */
export class SolveRunner {
  /** @param {HTMLButtonElement} button the Solve button, which says "Solving…" meanwhile */
  constructor(button) {
    this.button = button;
    this.token = 0;
    this.abort = null;
  }

  /**
   * Run `request(signal)` (a fetch that `signal` aborts). Resolves to its
   * answer, or to null when a newer solve or cancel() replaced it.
   */
  async run(request) {
    this.cancel();
    const token = this.token;
    const abort = new AbortController();
    this.abort = abort;
    this.showBusy(true);
    try {
      const answer = await request(abort.signal);
      return token === this.token ? answer : null;
    } finally {
      if (this.abort === abort) {
        this.abort = null;
        this.showBusy(false);
      }
    }
  }

  /** Drop the solve in flight, if any (its answer would overwrite newer input), so the server stops it. */
  cancel() {
    this.token++;
    if (this.abort) {
      this.abort.abort();
      this.abort = null;
      this.showBusy(false);
    }
  }

  showBusy(on) {
    // Disabled meanwhile, the button drops the focus to the page: it gets it back
    // after (a replay then takes it to the slider; a refusal leaves it here).
    if (on) this.hadFocus = document.activeElement === this.button;
    this.button.disabled = on;
    this.button.textContent = on ? words.say("page.solving") : words.say("page.solve");
    document.body.classList.toggle("busy", on);
    if (!on && this.hadFocus && (!document.activeElement || document.activeElement === document.body)) {
      this.button.focus({ preventScroll: true });
    }
    if (!on) this.hadFocus = false;
  }
}

/** How long the cursor must stay on a step before a screen reader hears its why panel (ms). */
const SPEAK_REST_MS = 400;

export class Replayer {
  /**
   * @param {object} page
   *   url         the page's UrlSync
   *   idle        {label, why}: what the player and the why panel say with no replay
   *   pencil      the pencil marks checkbox, or null (then onPencil is never called)
   *   onPencil(on)  the checkbox changed (the replay is redrawn after)
   *   drawStep(log, state, explanation, step)  draw the page's picture of a step
   *   onLeave()   the replay ended: put the page's picture back to its idle look
   *   onStep(step, share)  the replay drew a new step (the page's state keeps its cursor)
   *   stage       the element holding the page's picture, right above the player
   */
  constructor({ url, idle, pencil = null, onPencil = () => {}, drawStep, onLeave, onStep = () => {}, stage, sameSolve }) {
    this.onStep = onStep;
    this.sameSolve = sameSolve;
    this.url = url;
    this.stage = stage;
    this.idle = idle;
    this.drawStep = drawStep;
    this.onLeave = onLeave;
    this.replay = null;
    this.lastMoveAt = -Infinity;    // when a draw last changed the step (see speakWhenResting)
    this.restTimer = null;
    this.why = new WhyPanel($("why"));
    this.overview = new OverviewStrip($("overview"), { onSeek: (step) => this.seekTo(step) });
    this.controls = new PlayerControls({
      root: $("player"), slider: $("step-slider"), label: $("step-label"),
      first: $("btn-first"), back: $("btn-back"), play: $("btn-play"), forward: $("btn-forward"),
      last: $("btn-last"), prevDead: $("btn-prev-dead"), nextDead: $("btn-next-dead"),
      prevSolution: $("btn-prev-solution"), nextSolution: $("btn-next-solution"),
      prevGuess: $("btn-prev-guess"), nextGuess: $("btn-next-guess"),
      speed: $("speed"), pencil, jumpNote: $("jump-note"),
    }, {
      getTimeline: () => (this.replay ? this.replay.timeline : null),
      onPencil: (on) => {
        onPencil(on);
        this.redraw();
      },
    });
    this.results = new ResultsPanel(
      { root: $("results"), outcome: $("outcome"), stats: $("stats"), estimate: $("estimate"), count: $("count"),
        list: $("solution-list") },
      { onSeek: (step) => this.seekTo(step) },
    );
    // The matrix and the links are panels opened on demand: closed, they cost nothing.
    this.matrix = new MatrixView($("matrix"));
    this.matrix.setVisible($("matrix-panel").open);
    $("matrix-panel").addEventListener("toggle", () => {
      this.matrix.setVisible($("matrix-panel").open);
      this.redraw();
    });
    this.links = new LinksPanel($("links"), { onJump: (step) => this.seekTo(step) });
    // A node clicked (or Enter on it) may answer a question instead (predict mode's culprit:
    // treePick(step) says whether it did); the arrows only move.
    this.treePick = null;
    this.treeView = new SearchTreeView($("search-tree"), {
      onSeek: (step, picked) => (picked && this.treePick && this.treePick(step)) || this.seekTo(step),
    });
    this.thrashList = new ThrashList($("thrash-list"), {
      onSeek: (step) => this.seekTo(step), onPick: (group) => this.treeView.update({ type: "group", group }),
    });
    this.bookmarks = new BookmarksView($("bookmarks"), {
      getStep: () => (this.replay ? this.replay.timeline.cursor : null),
      onSeek: (step) => this.seekTo(step),
      onChange: (marks) => this.setMarks(marks),
    });
    this.costliest = new CostliestView($("costliest"), { onSeek: (step) => this.seekTo(step) });
    this.backjumps = new BackjumpsView($("backjumps"), { onSeek: (step) => this.seekTo(step) });
    $("links-panel").addEventListener("toggle", () => this.redraw());
    $("download-log").addEventListener("click", () => {
      if (this.replay) downloadJson("dlx-step-log.json", this.replay.raw.log);
    });
    this.controls.setEnabled(false);
    this.matrix.setLog(null);
    this.presentation = new Presentation($("btn-present"), {
      focusTarget: () => $("step-slider"),
      afterLeave: () => {
        scrollTo(0, 0);
        this.scrollIntoSight();
      },
      onChange: (on) => this.why.setCompact(on),
    });
    // Options changed during a replay apply to the next Solve: say so, or the
    // menus would name a solve other than the one on screen.
    for (const id of ["solutions", "choose"]) $(id).addEventListener("change", () => this.noteOptions());
  }

  /** The last step of the replay on screen, or null when there is none. */
  get lastStep() {
    return this.replay ? this.replay.log.stepCount : null;
  }

  /** Show the "press Solve" note while the options differ from the replay's. */
  noteOptions() {
    const share = this.replay ? this.replay.share : null;
    const differ = !!share && (chosenSolutions() !== share.solutions || $("choose").value !== share.choose);
    $("options-note").hidden = !differ;
  }

  /**
   * Replay a solve's answer (`data.log`). `share` is what the address will
   * hold, `step` where to land (null: see landing), `push` a new history
   * entry rather than replacing this one. Returns the log, or throws
   * LogFormatError when the server's log cannot be read.
   */
  start(data, share, step, push) {
    const log = loadStepLog(data.log);
    // Solving again what this history entry already holds is no new place to go Back from.
    const current = history.state && history.state.share;
    if (push && current && this.sameSolve(current, share)) push = false;
    this.stop();
    const landing = step !== null ? step : (log.solutionSteps.length ? log.solutionSteps[0] : log.stepCount);
    const timeline = new Timeline({
      stepCount: log.stepCount, deadEnds: log.deadEndSteps, solutions: log.solutionSteps, guesses: log.guessSteps,
      schedule: (callback) => requestAnimationFrame(callback), cursor: landing,
    });
    // Bookmarks: the share's, else (reopening this entry, a reload, a link) the address's.
    const bookmarks = share.marks && share.marks.length ? share.marks
      : !push || this.sameSolve(current, share) ? readMarks(new URLSearchParams(location.search).get("marks")) : [];
    const replay = {
      log, raw: data, timeline, state: null, share: { ...share, marks: bookmarks, step: timeline.cursor },
      drawnStep: -1, drawnLinks: -1, urlStep: timeline.cursor, focusItem: -1, reveal: false,
    };
    this.replay = replay;
    if (push) this.url.push(replay.share);
    else this.url.replace(replay.share);
    this.results.show(data, log);
    this.bookmarks.show(bookmarks);
    $("bookmarks").hidden = false;
    this.matrix.setLog(log);
    // The whole search as a tree, from the subtree sizes the server counted (the log's facts).
    replay.tree = log.subtreeSizes ? new SearchTree(log, log.subtreeSizes, log.facts.wrong) : null;
    // Thrashing: said under the tree, each of its dead ends marked under the node tried just before it.
    const thrash = replay.tree ? thrashSummary(log) : null;
    const marks = thrash ? thrash.marked.map((k) => ({
      node: replay.tree.nodeAtStep(log.facts.deadEventIndex[k] + 1), group: log.facts.groupOfDeadEnd[k],
    })).filter(({ node }) => node >= 0) : [];
    this.treeView.setTree(replay.tree, {
      labelOf: (node) => log.labelOfStep(replay.tree.step[node]), itemName: (item) => log.items[item], log, marks,
    });
    $("thrash-note").textContent = thrash ? thrash.sentence : "";
    $("thrash-note").hidden = !thrash;
    $("tree-panel").dataset.thrashMarks = String(marks.length);
    this.thrashList.show(thrash ? thrashRanking(log, replay.tree) : []);
    this.costliest.show(replay.tree ? costliestWrongChoices(log, replay.tree, 5) : null, log.trySteps.length);
    this.backjumps.show(replay.tree ? backjumpSavings(log, 5) : null, log.trySteps.length);
    $("tree-panel").hidden = !replay.tree;
    $("glance-panel").hidden = !replay.tree;
    // Where the replay is in the search: exact when the log holds it all, else against Knuth's estimate.
    replay.progress = { complete: !["steps", "time", "cancelled"].includes(log.outcome.limit), estimate: data.estimate || null };
    // The dancing links, node by node, only for problems small enough to draw.
    this.linksFit = this.links.setLog(log);
    $("links-panel").hidden = !this.linksFit;
    this.overview.setData({
      stepCount: log.stepCount, heights: log.heights, deadEnds: log.deadEndSteps,
      solutions: log.solutionSteps, maxHeight: log.maxHeight,
    });
    this.controls.reset();
    this.noteOptions();
    this.controls.setEnabled(true);
    timeline.setSpeed(Number($("speed").value) || timeline.speed);
    timeline.subscribe((t) => this.draw(t));
    // Keys work at once (Space plays); no scrolling on a phone.
    $("step-slider").focus({ preventScroll: true });
    this.presentation.setAvailable(true);
    return log;
  }

  /**
   * Leave the replay for the page's idle look (a presentation pauses: the
   * form is wanted). Its history entry keeps naming the solve and the step
   * it was left at, reachable with Back.
   */
  leave() {
    this.stop();
    this.presentation.setAvailable(false);
  }

  /** Stop the replay on screen, if any (a new one may follow at once). */
  stop() {
    const replay = this.replay;
    if (!replay) return;
    replay.timeline.dispose();
    this.replay = null;
    this.controls.setEnabled(false);
    $("step-label").textContent = this.idle.label;
    $("step-why").textContent = "";
    this.results.hide();
    this.matrix.setLog(null);
    this.links.setLog(null);
    $("links-panel").hidden = true;
    this.treeView.setTree(null);
    this.costliest.show(null, 0);
    this.backjumps.show(null, 0);
    this.thrashList.show([]);
    this.bookmarks.show([]);
    $("bookmarks").hidden = true;
    $("tree-panel").hidden = true;
    $("glance-panel").hidden = true;
    $("thrash-note").hidden = true;
    $("progress-line").hidden = true;
    this.overview.setData(null);
    this.why.showMessage(words.say("why.idle"), this.idle.why);
    this.noteOptions();
    this.url.flush();     // the entry keeps the step the replay was left at
    this.onLeave();
  }

  /**
   * Scroll just enough that the picture, the player's buttons and the
   * overview strip are on screen together (a 1280×800 screen holds them all,
   * not with the form above them), keeping the picture's top in view. Never
   * scrolls up.
   */
  reveal() {
    // After the first frame: the page's picture may grow when it is drawn.
    if (this.replay) this.replay.reveal = true;
  }

  scrollIntoSight() {
    const margin = 8;
    const top = this.stage.getBoundingClientRect().top;
    // The overview strip is the last thing a replay needs in view (on a
    // 1280×800 screen it fits under the buttons); the picture's top comes first.
    const bottom = document.querySelector(".overview").getBoundingClientRect().bottom;
    const down = Math.min(bottom + margin - window.innerHeight, top - margin);
    if (down > 0) window.scrollBy({ top: down, behavior: "instant" });
  }

  /** The replay's bookmarks are these now: in the address at once (a reload keeps them). */
  setMarks(marks) {
    const replay = this.replay;
    if (!replay) return;
    replay.share = { ...replay.share, marks, step: replay.timeline.cursor };
    this.url.replace(replay.share);
    this.bookmarks.show(marks);
    this.onStep(replay.timeline.cursor, replay.share);
  }

  /** Fields of the replay's share changed (the learner's modes): into the address at once. */
  updateShare(changes) {
    const replay = this.replay;
    if (!replay) return;
    replay.share = { ...replay.share, ...changes, step: replay.timeline.cursor };
    this.url.replace(replay.share);
    this.onStep(replay.timeline.cursor, replay.share);
  }

  /** Move the replay to a step (a solution button, the strip, a link in the links view). */
  seekTo(step) {
    if (!this.replay) return;
    this.replay.timeline.pause();
    this.replay.timeline.seek(step);
  }

  /**
   * Back and Forward. shareOf(event) reads the entry's share (null: none);
   * an entry of the solve on screen only moves to its step, any other share
   * is opened with open(share), and an entry with no share calls leave().
   * A share with edit set (a puzzle being entered) is never "the solve on
   * screen", even when its puzzle is.
   */
  followHistory({ shareOf, open, leave }) {
    window.addEventListener("popstate", (e) => {
      this.url.cancel();    // a step waiting for the entry just left must not land on this one
      const share = shareOf(e);
      if (share && !share.edit && this.replay && this.sameSolve(share, this.replay.share)) {
        this.seekFromAddress(share.step ?? 0);
      } else if (share) {
        open(share);
      } else {
        leave();
      }
    });
  }

  /**
   * Screen readers hear the why panel for a step the replay rests on, not a
   * flood while it plays or while keys or the slider move it fast: the live
   * region is off meanwhile, and once the cursor has stayed SPEAK_REST_MS the panel
   * is written again, so that the resting step is read once. `moved`: this
   * draw changed the step.
   */
  speakWhenResting(timeline, step, moved) {
    const now = performance.now();
    if (moved) {
      const rapid = now - this.lastMoveAt < SPEAK_REST_MS;
      this.lastMoveAt = now;
      if (!timeline.playing && !rapid) {
        clearTimeout(this.restTimer);
        this.restTimer = null;
        this.setWhyLive("polite");
        return;
      }
    } else if (timeline.playing || this.why.root.getAttribute("aria-live") !== "off" || this.restTimer) {
      return;
    }
    this.setWhyLive("off");
    clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      this.restTimer = null;
      const replay = this.replay;
      if (!replay || replay.timeline.playing || replay.drawnStep !== step) return;
      this.setWhyLive("polite");
      this.why.show(replay.explanation);      // no key: written again, and so read
    }, SPEAK_REST_MS);
  }

  setWhyLive(value) {
    if (this.why.root.getAttribute("aria-live") !== value) this.why.root.setAttribute("aria-live", value);
  }

  /** Go to a step the address already holds (Back/Forward within one solve). */
  seekFromAddress(step) {
    if (!this.replay) return;
    this.replay.urlStep = step;   // already in the URL: no replaceState needed
    this.seekTo(step);
  }

  /** Draw the current step again in the next frame (an option or a panel changed). */
  redraw() {
    if (!this.replay) return;
    this.replay.drawnStep = -1;
    this.replay.drawnLinks = -1;
    this.replay.timeline.requestDraw();
  }

  /** Draw the replay at the timeline's cursor; called at most once per animation frame. */
  draw(timeline) {
    const replay = this.replay;
    if (!replay || replay.timeline !== timeline) return;
    const { log } = replay;
    const step = timeline.cursor;
    replay.state = log.seek(step, replay.state);
    const state = replay.state;
    const moved = step !== replay.drawnStep;
    if (moved) {
      const explanation = explainStep(log, state);
      this.drawStep(log, state, explanation, step);
      replay.explanation = explanation;
      this.why.show(explanation, step);
      $("step-why").textContent = explanation.sentences.length ? explanation.sentences[0].text : "";
      this.matrix.show(state);
      this.results.markStep(step);
      this.thrashList.markStep(step);
      if (replay.tree) {
        // The node on the stack: the top frame's try, or the one above when this level has none yet.
        const top = state.top();
        const level = top && top.k > 0 ? state.level : state.level - 1;
        const dead = log.facts.deadEndAt(step);
        this.treeView.setCurrent(replay.tree.currentNode(step, level), replay.tree.nodeAtStep(step),
          dead >= 0 ? log.facts.culpritsOf(dead) : []);
        this.treeView.setGroup(dead >= 0 ? log.facts.groupOfDeadEnd[dead] : -1);
        const { complete, estimate } = replay.progress;
        $("progress-line").textContent = progressLine(replay.tree.nodeAtStep(step) + 1, replay.tree.count, complete, estimate);
        $("progress-line").hidden = false;
      }
      replay.drawnStep = step;
      replay.focusItem = explanation.item;
    }
    const top = state.top();
    if (!$("links-panel").hidden && $("links-panel").open && replay.drawnLinks !== step) {
      this.links.show(step, {
        playing: timeline.playing, speed: timeline.speed,
        focus: { item: replay.focusItem, option: top && top.k > 0 ? top.option : -1 },
      });
      replay.drawnLinks = step;
    }
    // A back-up step names the level it leaves, as the why panel does (the stack already lost it).
    const leaving = log.kindAt(step) === BACKUP ? log.argAt(step) : null;
    this.controls.render(timeline, top ? { level: state.level, k: top.k, d: top.d, leaving }
      : { level: -1, k: 0, d: 0, leaving });
    this.speakWhenResting(timeline, step, moved);
    this.overview.setCursor(step);
    if (replay.urlStep !== step) {
      replay.urlStep = step;
      replay.share = { ...replay.share, step };
      this.url.replaceSoon(replay.share);
    }
    if (moved) this.onStep(step, replay.share);
    if (replay.reveal) {
      replay.reveal = false;
      this.scrollIntoSight();
    }
  }
}

