// pages/glance.js — the Sudoku page's views of the whole search at a glance
// that live outside the player: the dead-end heatmap over the board, Knuth's
// estimate while a solve is pending, and the heuristic comparison. They change
// the page only through its PageState (heat, pending, compare) and draw in
// render(); the counts are the server's (model/glance.js words them).

import * as api from "../model/api.js";
import { boardHeat, compareLayout, itemHeat, pendingLine } from "../model/glance.js";
import { say } from "../model/messages.js";
import { touched } from "../model/page-state.js";
import { CompareView } from "../views/compare.js";
import { HeatmapView } from "../views/heatmap.js";

const $ = (id) => document.getElementById(id);
/** The comparison's trees, CSS px (the panel's width decides the canvas width). */
const COMPARE_HEIGHT = 90;

/** How long a solve may be pending before the page asks for Knuth's estimate of its tree. */
const ESTIMATE_AFTER_MS = 400;

export class GlancePanels {
  /**
   * @param {object} page
   *   store      the page's PageState
   *   getLog()   the StepLog on screen, or null
   */
  constructor({ store, getLog }) {
    this.store = store;
    this.getLog = getLog;
    this.heatmap = new HeatmapView($("heat-layer"), $("heat-legend"));
    this.compareView = new CompareView($("compare-body"));
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
    const result = await api.compare({ puzzle: answer.puzzle, solutions: share.solutions ?? 1, ...rules },
      { signal: abort.signal });
    if (this.compareAbort !== abort || this.store.state.answer !== answer) return;
    this.compareAbort = null;
    this.store.update({
      type: "compare", result: result.ok ? { status: "done", data: result.data } : { status: "error", error: result.data.error },
    });
  }

  renderCompare(state) {
    const panel = $("compare-panel");
    panel.hidden = state.mode !== "replay";
    const result = state.compare;
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
    }
  }
}
