// model/drive.js — "Your turn" (&drive=1): the learner chooses, Algorithm X does the rest.
// The learner's search as it goes: at each level the item the learner picked, the options it
// had then, the ones tried so far (Algorithm X tries them in the item's order, one at a
// time); the nodes and dead ends so far; and each choice where the search would have picked
// an item with fewer options. The server answers each move (a what-if below the learner's
// choices: its first choose after them is the search's own pick, with its count); this
// module keeps the learner's side and says nothing of its own. No DOM.
//
// Glossary
//   level    {item, options, tried, option}: the learner's item, its options when picked,
//            those tried at this level so far (in order), the one tried now.
//   back up  Algorithm X's way: the deepest level tries its next untried option (in the
//            item's order); a level with none left is left, and the one above moves on.

import { say } from "./messages.js";

export class Drive {
  /** @param {number[]} path choices already made (from a shared address): their items are not known. */
  constructor(path = []) {
    this.levels = path.map((option) => ({ item: -1, options: [option], tried: [option], option }));
    this.nodes = path.length;
    this.deadEnds = 0;
    this.notes = [];          // {level, item, count, fewest, fewestCount}
    this.over = false;        // every level left: no solution below the first choice's item
    this.trail = null;        // every try so far, {level, option} in order (null: none since the levels were set)
  }

  /**
   * The learner's search as its tries, {level, option} in the order tried (model/merged-tree.js's
   * triesLog draws it beside the search's own). Levels set before the first move (a resumed
   * drive) count as tried in their order, the option of each level's last try open below.
   */
  get tries() {
    if (this.trail) return this.trail;
    const tries = [];
    this.levels.forEach((l, level) => {
      for (const option of l.tried) tries.push({ level, option });
    });
    return tries;
  }

  /** The trail starts from the levels as they are, before a move changes them. */
  keepTrail() {
    if (!this.trail) this.trail = this.tries;
  }

  /** A try at `level` (kept in the trail). */
  tried(level, option) {
    this.keepTrail();
    this.trail.push({ level, option });
  }

  /** The learner's choices, level 0 first: the what-if's force. */
  get path() {
    return this.levels.map((l) => l.option);
  }

  /**
   * The learner picks `item` (which had `options` live) and tries `option` at the next level;
   * `fewest` {item, count} is the search's own pick there (the server's first choose below the path).
   */
  choose(item, options, option, fewest) {
    const level = this.levels.length;
    if (!options.includes(option)) throw new Error(`option ${option} is not one of the item's`);
    this.tried(level, option);
    this.levels.push({ item, options: [...options], tried: [option], option });
    this.nodes++;
    if (fewest && fewest.count < options.length) {
      this.notes.push({ level, item, count: options.length, fewest: fewest.item, fewestCount: fewest.count });
    }
  }

  /** A dead end below the path: counted (the page then backs up, or lets the learner pick where). */
  deadEnd() {
    this.deadEnds++;
  }

  /**
   * Back up as Algorithm X would: the deepest level with an untried option tries the next one
   * (deeper levels are left). Returns {level, option}, or null when no level has one left. A
   * level from a shared address (its item not known) is left and handed back to the learner:
   * {level, option: null}, the learner picks there again.
   */
  backUp() {
    this.keepTrail();
    while (this.levels.length) {
      const top = this.levels[this.levels.length - 1];
      if (top.item < 0) {
        this.levels.pop();
        return { level: this.levels.length, option: null };
      }
      const next = top.options.find((o) => !top.tried.includes(o));
      if (next !== undefined) {
        this.tried(this.levels.length - 1, next);
        top.tried.push(next);
        top.option = next;
        this.nodes++;
        return { level: this.levels.length - 1, option: next };
      }
      this.levels.pop();
    }
    this.over = true;
    return null;
  }

  /** Go back to `level` (a backjump the learner picks): the levels below it are left, then back up there. */
  backTo(level) {
    if (level < 0 || level >= this.levels.length) throw new Error(`no level ${level} to go back to`);
    this.keepTrail();
    this.levels.length = level + 1;
    return this.backUp();
  }

  /** The notes in words: "Level 3: r8c9 had 1 option; you chose r3c4, which had 4." */
  noteLines(names) {
    return this.notes.map((n) => say("drive.note", {
      level: n.level, fewest: names[n.fewest], fewestCount: n.fewestCount, item: names[n.item], count: n.count,
    }));
  }

  /** The learner's search beside the search's own, in words. */
  summary(theirs) {
    return say("drive.summary", {
      nodes: this.nodes, deadEnds: this.deadEnds, theirNodes: theirs.nodes, theirDeadEnds: theirs.dead_ends,
    });
  }
}
