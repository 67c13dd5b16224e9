// pages/drive.js — "Your turn" (&drive=1) on either page: the learner picks an item and one
// of its options at each level; the server searches below the learner's choices (a what-if)
// and its first move there says what the search would do (its pick and its count), whether
// the choices meet a dead end (the Why panel explains it, culprits and all, as in the replay)
// or a solution. Backing up is Algorithm X's (model/drive.js) or the learner's own, with the
// backjump hint from the log's facts. At the end, the learner's search beside the search's own:
// their counts, and both in one merged tree (the learner's tries against the search's log).
// Each move's address carries the learner's record (&picks=…, model/drive.js): a shared,
// reloaded or revisited drive resumes with its items, tried options, counts, notes and tries.

import { CHOOSE, SOLUTION, loadStepLog } from "../model/steplog.js";
import { joinAnd, say } from "../model/messages.js";
import { Drive, readPicks } from "../model/drive.js";
import { A_SIDE, B_SIDE, mergeTrees, triesLog } from "../model/merged-tree.js";
import { MergedTreeView } from "../views/mergedtree.js";

const $ = (id) => document.getElementById(id);

/** The step log's events of the choices placed before the search: choose, cover, try, covers of the others. */
export function prefixSteps(log, force) {
  return force.reduce((sum, o) => sum + log.options[o].length + 2, 0);
}

export class DriveMode {
  /**
   * @param {object} o
   * @param {object} o.player the page's Replayer
   * @param {(force: number[]) => void} o.go solve with these choices, in drive mode
   * @param {(share: object) => Promise<{ok, data}>} o.solvePlain the search's own solve, for the summary
   * @param {(force: number[], step: number|null) => void} o.replay a node of the merged tree at the end:
   *   replay the search below `force` (none: the search's own) at `step` (null: where a replay opens)
   */
  constructor({ player, go, solvePlain, replay }) {
    this.player = player;
    this.go = go;
    this.solvePlain = solvePlain;
    this.replay = replay;
    this.merged = null;       // the end's merged tree: the search's own (A) and the learner's tries (B)
    this.treeView = new MergedTreeView($("drive-tree-body"), { onPick: (which, step) => this.pickNode(which, step) });
    this.drive = null;
    this.item = -1;           // the item the learner picked at this level (-1: none yet)
    this.fewest = null;
    this.counted = null;      // the log whose dead end was counted
    this.fromAddress = null;  // {picks}: the record of the drive an address opens (picks null: none)
    this.el = {
      root: $("drive-panel"), prompt: $("drive-prompt"), item: $("drive-item"), options: $("drive-options"),
      back: $("drive-back"), backup: $("drive-backup"), hint: $("drive-hint"), levels: $("drive-levels"),
      end: $("drive-end"), summary: $("drive-summary"), notes: $("drive-notes"), note: $("drive-note"),
    };
    this.el.item.addEventListener("change", () => this.pickItem(Number(this.el.item.value)));
    this.el.options.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-option]");
      if (button) this.pickOption(Number(button.dataset.option));
    });
    this.el.backup.addEventListener("click", () => this.after(this.drive.backUp()));
    this.el.levels.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-level]");
      if (button) this.after(this.drive.backTo(Number(button.dataset.level)));
    });
  }

  /** Whether the learner is driving the replay on screen. */
  get active() {
    return Boolean(this.player.replay && this.player.replay.share && this.player.replay.share.drive);
  }

  /** An address (a link, a reload, Back or Forward) opens a drive: its record is the next replay's. */
  resume(share) {
    this.fromAddress = share.drive ? { picks: share.picks ?? null } : null;
  }

  /** A drive replay started (or none): read what the server's search below the choices did first. */
  started(share, log, { fresh }) {
    const fromAddress = this.fromAddress;
    this.fromAddress = null;
    if (!share.drive) {
      this.el.root.hidden = true;
      this.drive = null;
      return;
    }
    const force = share.force || [];
    let counted = false;      // a record's dead ends include the one below its choices
    this.el.note.hidden = true;
    if (fresh) this.drive = new Drive();
    else if (fromAddress || !this.drive || this.drive.path.join(",") !== force.join(",")) {
      counted = this.fromLink(fromAddress ? fromAddress.picks : null, force, log);
    }
    this.el.root.hidden = false;
    const start = prefixSteps(log, force);
    const kind = start < log.stepCount ? log.kindAt(start + 1) : -1;
    this.item = -1;
    this.el.back.hidden = true;
    this.el.end.hidden = true;
    $("drive-tree").hidden = true;
    this.el.options.replaceChildren();
    // The address keeps the learner's record as it is now.
    this.player.updateShare({ picks: this.drive.record });
    if (kind === SOLUTION) {
      this.player.seekTo(start + 1);
      this.finish(share, say("drive.solved"));
      return;
    }
    if (kind !== CHOOSE) return;
    const d = log.sizes[force.length];
    this.fewest = { item: log.argAt(start + 1), count: d };
    if (d === 0) {
      // A dead end below the choices: the replay's own explanation, at its step.
      this.player.seekTo(start + 3);
      if (this.counted !== log && !counted) {
        this.drive.deadEnd();
        this.player.updateShare({ picks: this.drive.record });
      }
      this.counted = log;
      this.showBackUp(log);
      return;
    }
    this.player.seekTo(start);
    this.promptItem(log, force.length);
  }

  /**
   * The drive an address opens below its choices: resumed from its record, or (no record, or
   * one that does not fit the choices, said in the panel) each level taken as its choice's item
   * as the log names it. Returns whether the record counted the dead end below the choices.
   */
  fromLink(picks, force, log) {
    const optionsOf = (level, item) => {
      if (!Number.isInteger(item) || item < 0 || item >= log.primary) return null;
      const state = log.seek(prefixSteps(log, force.slice(0, level)));
      return state.covered[item] ? null : log.liveOptionsOf(state, item);
    };
    const notes = [];
    const record = picks === null ? null : readPicks(picks);
    if (record) {
      const { drive, error } = Drive.resume(record, force, optionsOf);
      if (drive) {
        this.drive = drive;
        return true;
      }
      notes.push(say("drive.picks_unfit", { level: error }));
    } else if (picks !== null) {
      notes.push(say("drive.picks_unread"));
    }
    const itemOf = (level) => log.argAt(prefixSteps(log, force.slice(0, level)) + 1);
    this.drive = Drive.fromPath(force, itemOf, optionsOf);
    if (force.length) {
      const items = this.drive.levels.map((l, level) => say("drive.from_link.level", { level, need: log.phrases.need[l.item] }));
      notes.push(say("drive.from_link", { count: force.length, last: force.length - 1, items: joinAnd(items) }));
    }
    if (notes.length) {
      this.el.note.textContent = notes.join(" ");
      this.el.note.hidden = false;
    }
    return false;
  }

  /** The item list (open primary items, in item order) and the prompt. */
  promptItem(log, level) {
    const state = log.seek(prefixSteps(log, this.drive.path));
    this.state = state;
    this.log = log;
    // Only the Sudoku page has a board whose cells are items.
    this.el.prompt.textContent = say($("board") ? "drive.pick_item" : "drive.pick_item.cover", { level });
    this.el.item.hidden = false;
    const choices = [new Option("—", "-1")];
    for (let i = 0; i < log.primary; i++) if (!state.covered[i]) choices.push(new Option(`${log.items[i]}: ${log.phrases.need[i]}`, String(i)));
    this.el.item.replaceChildren(...choices);
    this.el.item.value = "-1";
  }

  /** The learner picked an item: its options (the pencil marks of its cell), as buttons. */
  pickItem(item) {
    if (!this.drive || !this.state || item < 0 || this.state.covered[item]) return;
    this.item = item;
    this.el.item.value = String(item);
    const options = this.log.liveOptionsOf(this.state, item);
    this.options = options;
    this.el.prompt.textContent = say("drive.pick_option", { level: this.drive.levels.length, need: this.log.phrases.need[item], count: options.length });
    this.el.options.replaceChildren(...options.map((o) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.option = String(o);
      button.textContent = this.log.labels[o];
      return button;
    }));
    if (options.length) this.el.options.querySelector("button").focus({ preventScroll: true });
  }

  pickOption(option) {
    if (!this.drive || this.item < 0) return;
    this.drive.choose(this.item, this.options, option, this.fewest);
    this.go(this.drive.path);
  }

  /** At a dead end: back up as Algorithm X would, or to a level the learner picks, with the backjump hint. */
  showBackUp(log) {
    this.el.item.hidden = true;
    this.el.prompt.textContent = say("drive.dead_end");
    this.el.back.hidden = false;
    const jump = log.facts.jumpTo.length ? log.facts.jumpTo[0] : -1;
    this.el.hint.textContent = jump >= 0 ? say("drive.jump_hint", { level: jump }) : say("drive.jump_hint.none");
    this.el.levels.replaceChildren(...this.drive.levels.map((l, level) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.level = String(level);
      button.textContent = `${level}: ${log.labels[l.option]}`;
      if (level === jump) button.classList.add("jump");
      return button;
    }));
  }

  /** After a back-up: solve below the new choices, or say the search is over. */
  after(moved) {
    if (moved) {
      this.go(this.drive.path);
      return;
    }
    this.finish(this.player.replay.share, say("drive.over"));
  }

  /** The end: the learner's search beside the search's own, and the choices where fewer options were there. */
  async finish(share, ending) {
    this.el.back.hidden = true;
    this.el.item.hidden = true;
    this.el.options.replaceChildren();
    this.el.prompt.textContent = ending;
    this.el.end.hidden = false;
    const names = this.player.replay.log.items;
    const notes = this.drive.noteLines(names);
    this.el.notes.replaceChildren(...(notes.length ? notes : [say("drive.no_notes")]).map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    this.el.summary.textContent = "";
    const drive = this.drive;
    const theirs = await this.solvePlain({ ...share, force: [], branch: null, drive: false });
    if (!theirs || !theirs.ok || this.drive !== drive) return;
    this.el.summary.textContent = drive.summary(theirs.data.stats);
    // Both searches in one tree: a node of the learner's is a what-if below its path.
    this.merged = mergeTrees(loadStepLog(theirs.data.log), triesLog(drive.tries));
    $("drive-tree").hidden = false;
    this.treeView.show(this.merged, {
      names: [say("whatif.tree.own"), say("whatif.tree.yours")], labels: this.player.replay.log.labels, onScreen: B_SIDE, height: 110,
    });
  }

  /**
   * A node of the end's tree: the search's own at its step, or the search below the learner's path
   * to it, at the try of its last choice (the prefix's choose, cover, try: model/drive.js's levels).
   */
  pickNode(which, step) {
    if (which === A_SIDE) this.replay([], step);
    else if (step !== null) {
      const path = this.merged.pathOf(this.merged.nodeOf(B_SIDE, step));
      this.replay(path, prefixSteps(this.player.replay.log, path.slice(0, -1)) + 3);
    }
  }
}
