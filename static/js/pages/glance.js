// pages/glance.js — the Sudoku page's views of the whole search at a glance
// that live outside the player: the dead-end heatmap over the board, Knuth's
// estimate while a solve is pending, and the heuristic comparison (each search's
// counts and shape, and both in one merged tree: the other search's log is
// asked for as any solve is, so replaying it is a cached answer). They change
// the page only through its PageState (heat, pending, compare) and draw in
// render(); the counts are the server's (model/glance.js words them).

import * as api from "../model/api.js";
import { boardHeat, compareLayout, itemHeat, pendingLine } from "../model/glance.js";
import { say } from "../model/messages.js";
import { touched } from "../model/page-state.js";
import { A_SIDE, B_SIDE, mergeTrees } from "../model/merged-tree.js";
import { LogFormatError, loadStepLog } from "../model/steplog.js";
import { CompareView } from "../views/compare.js";
import { MergedTreeView } from "../views/mergedtree.js";
import { HeatmapView } from "../views/heatmap.js";

const $ = (id) => document.getElementById(id);
/** The comparison's trees, CSS px (the panel's width decides the canvas width). */
const COMPARE_HEIGHT = 90;
/** The merged tree's height, CSS px. */
const MERGED_HEIGHT = 150;
/** The merged tree's searches, A then B (the order of the figures above it). */
const SIDES = ["mrv", "first"];

/** How long a solve may be pending before the page asks for Knuth's estimate of its tree. */
const ESTIMATE_AFTER_MS = 400;

export class GlancePanels {
  /**
   * @param {object} page
   *   store      the page's PageState
   *   getLog()   the StepLog on screen, or null
   *   onReplay(choose, step)  replay the puzzle searched with item choice `choose` at `step`
   *              (null: where a replay opens); a click on a side of the merged tree
   */
  constructor({ store, getLog, onReplay }) {
    this.store = store;
    this.getLog = getLog;
    this.heatmap = new HeatmapView($("heat-layer"), $("heat-legend"));
    this.compareView = new CompareView($("compare-body"));
    this.mergedView = new MergedTreeView($("merged-body"), { onPick: (which, step) => onReplay(SIDES[which], step) });
    this.compareAbort = null;
    this.estimateAbort = null;
    $("heat-mode").addEventListener("change", () => store.update({ type: "heat", mode: $("heat-mode").value }));
    $("compare-panel").addEventListener("toggle", () => {
      if ($("compare-panel").open) this.askCompare();
    });
  }

  /** Draw what changed (called from the page's render). */
  render(state, before) {
    if (touched(state, before, "heat", "answer", "mode")) this.renderHeat(state);
    if (touched(state, before, "pending")) this.renderPending(state);
    if (touched(state, before, "compare", "mode", "answer")) this.renderCompare(state);
    else if (touched(state, before, "cursor")) this.followCursor(state);
  }

  // ---- the heatmap -----------------------------------------------------------

  renderHeat(state) {
    const select = $("heat-mode");
    select.value = state.heat;
    select.disabled = state.mode !== "replay";
    const log = this.getLog();
    const on = state.mode === "replay" && state.heat !== "off" && log && log.facts && log.facts.heat;
    $("board-wrap").classList.toggle("heat-on", Boolean(on));
    if (!on) {
      this.heatmap.show(null);
      return;
    }
    const size = log.problem.size;
    this.heatmap.show(boardHeat(itemHeat(log.facts, log.items.length), size, state.heat, log.phrases), size, state.heat);
  }

  // ---- while a solve is pending ---------------------------------------------------

  /**
   * A solve of `options` ({puzzle, choose, variant, regions}) starts: if it is still pending after
   * ESTIMATE_AFTER_MS, ask for Knuth's estimate of its tree meanwhile. Most solves answer sooner,
   * and then the server is spared the estimate's probes.
   */
  solving(options) {
    this.solved();
    const abort = new AbortController();
    this.estimateAbort = abort;
    this.store.update({ type: "pending", on: true });
    this.estimateTimer = setTimeout(() => {
      this.estimateTimer = null;
      api.estimate(options, { signal: abort.signal }).then((answer) => {
        if (this.estimateAbort === abort && answer.ok) this.store.update({ type: "pending", estimate: answer.data });
      });
    }, ESTIMATE_AFTER_MS);
  }

  /** The solve ended (answered, refused or replaced): the estimate, if still to ask or coming, is not wanted. */
  solved() {
    clearTimeout(this.estimateTimer);
    this.estimateTimer = null;
    if (this.estimateAbort) this.estimateAbort.abort();
    this.estimateAbort = null;
    this.store.update({ type: "pending", on: false });
  }

  renderPending(state) {
    const note = $("pending-note");
    const text = state.pending ? pendingLine(state.pending.estimate) : "";
    note.textContent = text;
    note.hidden = !text;
  }

  // ---- the heuristic comparison ------------------------------------------------------

  /** Search the replayed puzzle both ways, once per replay, when the region is open. */
  async askCompare() {
    const state = this.store.state;
    if (state.mode !== "replay" || state.compare || !$("compare-panel").open) return;
    const answer = state.answer;
    if (this.compareAbort) this.compareAbort.abort();
    const abort = new AbortController();
    this.compareAbort = abort;
    this.store.update({ type: "compare", result: { status: "running" } });
    const share = state.share || {};
    // Under the rules the replay was solved with: its variants and jigsaw regions.
    const rules = { variant: answer.variants || [], ...(answer.regions ? { regions: answer.regions } : {}) };
    const onScreen = this.getLog();
    // The other item choice's whole log, asked for as the page's own Solve would ask (the same
    // fields), so that replaying it from the merged tree is an answer the server keeps.
    // It comes after the comparison's counts, which are shown meanwhile (one search at a time on the server).
    const other = SIDES.find((choose) => choose !== onScreen.choose);
    const result = await api.compare({ puzzle: answer.puzzle, solutions: share.solutions ?? 1, ...rules }, { signal: abort.signal });
    const current = () => this.compareAbort === abort && this.store.state.answer === answer;
    if (!current()) return;
    if (!result.ok) {
      this.compareAbort = null;
      this.store.update({ type: "compare", result: { status: "error", error: result.data.error } });
      return;
    }
    this.store.update({ type: "compare", result: { status: "done", data: result.data, merged: null } });
    const otherAnswer = await api.solve(
      { puzzle: share.puzzle ?? answer.puzzle, solutions: share.solutions ?? 1, choose: other, ...rules }, { signal: abort.signal });
    if (!current()) return;
    this.compareAbort = null;
    this.store.update({ type: "compare", result: { status: "done", data: result.data, merged: this.merge(onScreen, otherAnswer) } });
  }

  /** The two searches as one tree ({tree, onScreen}), or {error} when the other's log did not come. */
  merge(onScreen, otherAnswer) {
    if (!otherAnswer.ok) return { error: otherAnswer.data.error };
    let other;
    try {
      other = loadStepLog(otherAnswer.data.log);
    } catch (err) {
      if (err instanceof LogFormatError) return { error: err.message };
      throw err;
    }
    const mrvFirst = onScreen.choose === SIDES[0];
    const tree = mrvFirst ? mergeTrees(onScreen, other) : mergeTrees(other, onScreen);
    return { tree, onScreen: mrvFirst ? A_SIDE : B_SIDE, labels: onScreen.labels };
  }

  /** The merged tree marks the replay's node. */
  followCursor(state) {
    const merged = state.compare && state.compare.merged;
    const log = this.getLog();
    if (!merged || !merged.tree || !log || !$("compare-panel").open) return;
    const step = state.cursor;
    this.mergedView.setCursor(merged.onScreen, step > 0 ? merged.tree.nodeOf(merged.onScreen, step, log.levelAt(step)) : -1);
  }

  renderCompare(state) {
    const panel = $("compare-panel");
    panel.hidden = state.mode !== "replay";
    const result = state.compare;
    $("merged-figure").hidden = !(result && result.status === "done");
    if (!result) {
      if (this.compareAbort) this.compareAbort.abort();
      this.compareAbort = null;
      this.compareView.showText("");
      if (state.mode === "replay" && panel.open) queueMicrotask(() => this.askCompare());
      return;
    }
    if (result.status === "running") this.compareView.showText(say("compare.running"));
    else if (result.status === "error") this.compareView.showText(result.error, "error");
    else {
      const width = Math.max(120, $("compare-body").clientWidth || 300);
      this.compareView.show(compareLayout(result.data, width, COMPARE_HEIGHT), width, COMPARE_HEIGHT);
      this.renderMerged(state, result.merged);
    }
  }

  renderMerged(state, merged) {
    if (!merged) {
      $("merged-body").replaceChildren(Object.assign(document.createElement("p"), { className: "note", textContent: say("merged.running") }));
      return;
    }
    if (merged.error) {
      $("merged-body").replaceChildren(Object.assign(document.createElement("p"), {
        className: "note error", textContent: say("merged.missing", { error: merged.error }),
      }));
      return;
    }
    this.mergedView.show(merged.tree, {
      names: SIDES.map((choose) => say(`compare.${choose}`)), labels: merged.labels, onScreen: merged.onScreen,
      height: MERGED_HEIGHT,
    });
    this.followCursor(state);
  }
}
