// pages/what-if.js — "what if" on either page: the choices a replay forces on the next
// solve (/api/solve's or /api/cover's "choices" and "branch_on"), the panel that offers
// them, the address that carries them (&force=…&branch=…, model/url.js), and the
// difference between the what-if and the original search, in words and as one merged tree
// (model/merged-tree.js: a click on a node replays it in the search that tried it). The page
// owns the solve; this module keeps what it forces and what the original search was.

import { loadStepLog } from "../model/steplog.js";
import { A_SIDE, B_SIDE, mergeTrees } from "../model/merged-tree.js";
import { say } from "../model/messages.js";
import { symbolOf, valueOfSymbol } from "../model/sudoku.js";
import { branchHere, difference, markAt, tryDigit } from "../model/what-if.js";
import { typingInto } from "../views/controls.js";
import { MergedTreeView } from "../views/mergedtree.js";
import { WhatIfPanel } from "../views/whatif.js";
import { DriveMode } from "./drive.js";

const $ = (id) => document.getElementById(id);
const NONE = Object.freeze({ force: Object.freeze([]), branch: null, drive: false });
/** The merged tree's height in the What if panel, CSS px. */
const TREE_HEIGHT = 110;

export class WhatIf {
  /**
   * @param {object} o
   * @param {object} o.player the page's Replayer
   * @param {(push: boolean, step?: number|null) => void} o.solve solve again with the share the page builds
   *   (it asks share()), landing at `step` (null or left out: where a replay opens)
   * @param {(share: object, signal?: AbortSignal) => Promise<{ok, data}>} o.solvePlain the same solve without a what-if
   * @param {(a: object, b: object) => boolean} o.sameBase whether two shares solve the same problem the same way, what-if aside
   */
  constructor({ player, solve, solvePlain, sameBase }) {
    this.player = player;
    this.solve = solve;
    this.solvePlain = solvePlain;
    this.sameBase = sameBase;
    this.asked = NONE;         // what the next solve forces
    this.original = null;      // {share, log} of the last search replayed without a what-if
    this.lastWhatIf = null;    // {share, log} of the last what-if replayed, drawn with the original
    this.compared = null;      // {tree, onScreen, whatIf: its share}: the two searches in the panel's merged tree
    this.treeRoot = $("whatif-tree");
    this.treeView = new MergedTreeView($("whatif-tree-body"), { onPick: (which, step) => this.pick(which, step) });
    this.panel = new WhatIfPanel({
      root: $("whatif-panel"), level: $("whatif-level"), options: $("whatif-options"),
      words: $("whatif-words"), back: $("whatif-back"),
    }, {
      onTry: (what) => this.ask(what),
      onBack: () => this.ask(NONE),
    });
    // Your turn: the learner drives; each move is a what-if below the learner's choices.
    this.driveMode = new DriveMode({
      player, solvePlain, go: (force) => this.ask({ force, branch: null, drive: true }),
      // A node of the merged tree at the end: the search's own at its step, or a what-if below the learner's choices.
      replay: (force, step) => this.ask({ force, branch: null }, step),
    });
    this.freshDrive = false;
    $("drive-start").addEventListener("click", () => {
      this.freshDrive = true;
      this.ask({ force: [], branch: null, drive: true });
    });
  }

  /** The share's what-if fields for the next solve. */
  share() {
    return { force: this.asked.force, branch: this.asked.branch, drive: this.asked.drive };
  }

  /** The request's fields for a share: choices and branch_on when it forces any. */
  static body(share) {
    return {
      ...(share.force && share.force.length ? { choices: share.force } : {}),
      ...(share.branch !== null && share.branch !== undefined ? { branch_on: share.branch } : {}),
    };
  }

  /** A share opened from the address or history: its what-if is the next solve's. */
  fromShare(share) {
    this.asked = Object.freeze({ force: share.force || [], branch: share.branch ?? null, drive: Boolean(share.drive) });
  }

  /** Forget the what-if (a new puzzle, an edit, Solve pressed): the next solve is the search's own. */
  reset() {
    this.asked = NONE;
    this.lastWhatIf = null;
  }

  /** Solve with a what-if: {force, branch}; NONE goes back to the original search. `step`: where to land. */
  ask(what, step = null) {
    this.asked = Object.freeze({ force: [...what.force], branch: what.branch ?? null, drive: Boolean(what.drive) });
    this.solve(true, step);
  }

  /**
   * "Try this instead" from a pencil mark of the board: `digit` (0-based) in the cell the level on
   * screen chose (`cell`: the one clicked, null from a key). Returns the words to say when the digit
   * was not one of its options there, "" when the what-if was asked, null when the step on screen
   * has no such level (the page does as it did before).
   */
  tryDigit(digit, cell = null) {
    const replay = this.player.replay;
    if (!replay || !replay.state || this.driveMode.active) return null;
    const tried = tryDigit(replay.log, replay.state, digit, cell);
    if (!tried) return null;
    if (!tried.what) {
      return say("whatif.mark.missing", {
        digit: symbolOf(digit + 1),
        cell: replay.log.items[tried.item], level: tried.level,
        options: tried.options.map((o) => replay.log.labels[o]).join(", "),
      });
    }
    this.ask(tried.what);
    return "";
  }

  /** A node of the merged tree: replay it in the search that tried it (the one on screen moves there). */
  pick(which, step) {
    const compared = this.compared;
    if (!compared) return;
    if (which === compared.onScreen) {
      if (step !== null) this.player.seekTo(step);
      return;
    }
    const other = which === A_SIDE ? NONE : compared.whatIf;
    this.ask({ force: other.force || [], branch: other.branch ?? null }, step);
  }

  /**
   * Draw the original (a log) and the what-if ({share, log}) as one tree, `onScreen` saying which
   * of them the replay shows; none when either is missing.
   */
  showTree(original, whatIf, onScreen) {
    if (!original || !whatIf) {
      this.compared = null;
      this.treeRoot.hidden = true;
      return;
    }
    this.compared = { tree: mergeTrees(original, whatIf.log), onScreen, whatIf: whatIf.share };
    this.treeRoot.hidden = false;
    this.treeView.show(this.compared.tree, {
      names: [say("whatif.tree.own"), say("whatif.tree.yours")], labels: original.labels, onScreen, height: TREE_HEIGHT,
    });
    this.followCursor();
  }

  /** The merged tree marks the replay's node. */
  followCursor() {
    const replay = this.player.replay;
    const compared = this.compared;
    if (!compared || !replay || this.treeRoot.hidden) return;
    const step = replay.timeline.cursor;
    const log = replay.log;
    this.treeView.setCursor(compared.onScreen, step > 0 ? compared.tree.nodeOf(compared.onScreen, step, log.levelAt(step)) : -1);
  }

  /** Branch on an item below the path where the replay stands (Alt-click or b on a cell). */
  branchOn(item) {
    const replay = this.player.replay;
    if (!replay || !replay.state) return;
    this.ask(branchHere(replay.state, item));
  }

  /** A replay started: keep it as the original, or compare it with the original (solved now if need be). */
  async started(share, log) {
    const forced = (share.force && share.force.length) || (share.branch !== null && share.branch !== undefined);
    this.panel.sayDifference("");
    this.showTree(null);
    this.driveMode.started(share, log, { fresh: this.freshDrive });
    this.freshDrive = false;
    if (share.drive) return;
    if (!forced) {
      this.original = { share, log };
      // Back from a what-if: the two searches stay side by side, the original on screen.
      const last = this.lastWhatIf && this.sameBase(this.lastWhatIf.share, share) ? this.lastWhatIf : null;
      if (last) this.showTree(log, last, A_SIDE);
      return;
    }
    let original = this.original && this.sameBase(this.original.share, share) ? this.original : null;
    if (!original) {
      // Opened from a link: the original search is asked for too (the server's cache often has it).
      const answer = await this.solvePlain(share);
      if (!answer || !answer.ok || !answer.data.log) return;
      original = { share: { ...share, force: [], branch: null }, log: loadStepLog(answer.data.log) };
      this.original = original;
    }
    const replay = this.player.replay;
    if (!replay || replay.log !== log) return;        // another solve came meanwhile
    this.panel.sayDifference(difference(original.log, log, share.force || [], share.branch ?? null));
    this.lastWhatIf = { share, log };
    this.showTree(original.log, this.lastWhatIf, B_SIDE);
  }

  /** Draw the panel for the replay's step (or hide it outside a replay). */
  render() {
    const replay = this.player.replay;
    if (!replay || (replay.share && replay.share.drive)) {
      this.panel.hide();
      return;
    }
    // Before its first frame is drawn a replay has no state yet: seek one.
    const state = replay.state || replay.log.seek(replay.timeline.cursor);
    const share = replay.share || {};
    this.panel.show(replay.log, state, { force: share.force || [], branch: share.branch ?? null });
    this.followCursor();
  }
}

/**
 * "Try this instead" from the board's pencil marks (the Sudoku page): a click or a tap on a mark of
 * the cell the level on screen chose, or the key of a digit while pencil marks are shown, solves
 * with the path above that level plus the digit there. `pencil()` says whether the marks are
 * shown; `hint(text)` says that the cell had no such digit.
 */
export function wireBoardMarks(whatIf, { board, pencil, hint }) {
  const ready = () => pencil() && whatIf.player.replay && !document.documentElement.classList.contains("presenting");
  board.addEventListener("click", (e) => {
    const cell = e.target.closest("[data-cell]");
    if (!cell || e.altKey || !ready()) return;
    const box = Math.round(Math.sqrt(whatIf.player.replay.log.problem.size));
    const r = cell.getBoundingClientRect();
    const digit = markAt(box, (e.clientX - r.left - cell.clientLeft) / cell.clientWidth,
      (e.clientY - r.top - cell.clientTop) / cell.clientHeight);
    const said = digit >= 0 ? whatIf.tryDigit(digit, Number(cell.dataset.cell)) : null;
    if (said === null) return;
    e.preventDefault();
    e.stopPropagation();
    if (said) hint(said);
  }, { capture: true });
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1 || !ready()) return;
    if (typingInto(e.target)) return;
    const value = valueOfSymbol(e.key, whatIf.player.replay.log.problem.size);
    const said = value >= 1 ? whatIf.tryDigit(value - 1) : null;
    if (said === null) return;
    e.preventDefault();
    if (said) hint(said);
  });
}
