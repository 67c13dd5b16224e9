// pages/what-if.js — "what if" on either page: the choices a replay forces on the next
// solve (/api/solve's or /api/cover's "choices" and "branch_on"), the panel that offers
// them, the address that carries them (&force=…&branch=…, model/url.js), and the
// difference between the what-if and the original search, in words. The page owns the
// solve; this module keeps what it forces and what the original search was.

import { loadStepLog } from "../model/steplog.js";
import { branchHere, difference } from "../model/what-if.js";
import { WhatIfPanel } from "../views/whatif.js";
import { DriveMode } from "./drive.js";

const $ = (id) => document.getElementById(id);
const NONE = Object.freeze({ force: Object.freeze([]), branch: null, drive: false });

export class WhatIf {
  /**
   * @param {object} o
   * @param {object} o.player the page's Replayer
   * @param {(push: boolean) => void} o.solve solve again with the share the page builds (it asks fields())
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
  }

  /** Solve with a what-if: {force, branch}; NONE goes back to the original search. */
  ask(what) {
    this.asked = Object.freeze({ force: [...what.force], branch: what.branch ?? null, drive: Boolean(what.drive) });
    this.solve(true);
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
    this.driveMode.started(share, log, { fresh: this.freshDrive });
    this.freshDrive = false;
    if (share.drive) return;
    if (!forced) {
      this.original = { share, log };
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
  }
}
