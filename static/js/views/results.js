// views/results.js — the result panel both pages share: the outcome in words, the
// statistics, and a button per solution found (the current one marked) that
// jumps the replay there. Text only through textContent.

import { estimatedNodes } from "../model/glance.js";
import { say } from "../model/messages.js";

/** Solution buttons listed at most; the rest are reached with s / S. */
export const MAX_SOLUTION_BUTTONS = 100;

/** The search's statistics in words; buildSeconds: what building its model took first (a Sudoku answer's build_seconds). */
export function formatStats(stats, buildSeconds = 0) {
  return [
    say("results.stats.steps", { count: Number(stats.steps) }), say("results.stats.tried", { count: Number(stats.nodes) }),
    say("results.stats.dead_ends", { count: Number(stats.dead_ends) }),
    say("results.stats.deepest", { level: Number(stats.max_level) }),
    say("results.stats.seconds", { seconds: Number(stats.seconds).toFixed(3) }),
    // What the model's build took before the search, in the same budget (0 when it was cached).
    ...(Number(buildSeconds) >= 0.0005
      ? [say("results.stats.build", { seconds: Number(buildSeconds).toFixed(3) })] : []),
  ].join(" · ");
}

/** The server's estimate of a stopped search's whole tree ({nodes, log10, spread, probes}) against what it tried. */
export function estimateSentence(estimate, tried) {
  const { spread, probes } = estimate;
  const nodes = estimatedNodes(estimate);
  return spread === null || spread === undefined
    ? say("results.estimate.rough", { nodes, tried })
    : say("results.estimate", { nodes, probes, percent: Math.max(1, Math.round(spread * 100)), tried });
}

export class ResultsPanel {
  /**
   * @param {object} el root (the panel), outcome, stats, list (the solution buttons' box)
   * @param {object} hooks onSeek(step) when a solution button is pressed
   */
  constructor(el, { onSeek }) {
    this.el = el;
    el.list.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-step]");
      if (button) onSeek(Number(button.dataset.step));
    });
  }

  /** Show an API answer ({outcome, stats}) and its log's solutions. */
  show(data, log) {
    const { el } = this;
    el.root.hidden = false;
    el.outcome.textContent = data.outcome.message;
    el.outcome.dataset.status = data.outcome.status;
    el.stats.textContent = formatStats(data.stats, data.build_seconds);
    if (el.count) {
      // The server counted every solution past the ones the replay shows: its sentence, as it said it.
      el.count.hidden = !data.count;
      el.count.textContent = data.count ? data.count.message : "";
    }
    if (el.estimate) {
      el.estimate.hidden = !data.estimate;
      el.estimate.textContent = data.estimate ? estimateSentence(data.estimate, data.stats.nodes) : "";
    }
    const buttons = [];
    const steps = log.solutionSteps;
    for (let i = 0; i < Math.min(steps.length, MAX_SOLUTION_BUTTONS); i++) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "solution-button";
      button.dataset.step = String(steps[i]);
      button.textContent = say("results.solution", { number: String(i + 1) });
      buttons.push(button);
    }
    if (steps.length > MAX_SOLUTION_BUTTONS) {
      const more = document.createElement("span");
      more.className = "hint";
      more.textContent = say("results.more", { count: String(steps.length - MAX_SOLUTION_BUTTONS) });
      buttons.push(more);
    }
    el.list.replaceChildren(...buttons);
  }

  hide() {
    this.el.root.hidden = true;
  }

  /** Mark the button of the solution shown at this step, if any. */
  markStep(step) {
    for (const button of this.el.list.querySelectorAll("button")) {
      if (Number(button.dataset.step) === step) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
  }
}

/** Save an object as a JSON file through a temporary link. */
export function downloadJson(filename, object) {
  const blob = new Blob([JSON.stringify(object)], { type: "application/json" });
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the next task; the URL can go.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
