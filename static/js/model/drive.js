// model/drive.js — "Your turn" (&drive=1): the learner chooses, Algorithm X does the rest.
// The learner's search as it goes: at each level the item the learner picked, the options it
// had then, the ones tried so far (Algorithm X tries them in the item's order, one at a
// time); the nodes and dead ends so far; and each choice where the search would have picked
// an item with fewer options. The server answers each move (a what-if below the learner's
// choices: its first choose after them is the search's own pick, with its count); this
// module keeps the learner's side and says nothing of its own. No DOM.
//
// The learner's record goes into the address (&picks=…, the `record` getter; readPicks reads it) with each move, so a
// drive can be shared, reloaded or gone back to in the history and resumed where it was.
//
// Glossary
//   level    {item, options, tried, option}: the learner's item, its options when picked,
//            those tried at this level so far (in order), the one tried now.
//   back up  Algorithm X's way: the deepest level tries its next untried option (in the
//            item's order); a level with none left is left, and the one above moves on.
//   record   what the address keeps: each level's item and tried options, the counts, the notes.

import { say } from "./messages.js";

const NUMBER = "\\d{1,9}";
const LEVEL = `${NUMBER}(?:\\.${NUMBER})+`;
const NOTE = `${NUMBER}(?:\\.${NUMBER}){4}`;
const TRY = `${NUMBER}\\.${NUMBER}`;
const RECORD = new RegExp(`^((?:${LEVEL}(?:_${LEVEL})*)?)-(${NUMBER})\\.(${NUMBER})-((?:${NOTE}(?:_${NOTE})*)?)-((?:${TRY}(?:_${TRY})*)?)$`);

/**
 * A record as the address writes it (&picks=…), read: {levels: [{item, tried}], nodes, deadEnds,
 * notes, tries}, or null when the text is not one. The text: the levels joined by "_", each its
 * item id then the options tried there in order (the last is the one tried now), "." between;
 * "-"; the nodes and dead ends so far; "-"; the notes joined by "_", each
 * level.item.count.fewest.fewestCount; "-"; every try so far in order, level.option, joined by "_"
 * (the levels left since included: the merged tree at the end draws them).
 * "12.40.41_7.30-5.2-0.12.3.5.1-0.40_1.31_1.30_0.41_1.30": level 0 picked item 12 and tries 41
 * after 40, level 1 item 7 tries 30; 5 nodes and 2 dead ends; at level 0 item 5 had 1 option
 * where item 12 had 3; the five tries.
 */
export function readPicks(text) {
  const match = typeof text === "string" ? RECORD.exec(text) : null;
  if (!match) return null;
  const numbers = (part) => part.split(".").map(Number);
  const levels = match[1] ? match[1].split("_").map((part) => {
    const [item, ...tried] = numbers(part);
    return { item, tried };
  }) : [];
  const notes = match[4] ? match[4].split("_").map((part) => {
    const [level, item, count, fewest, fewestCount] = numbers(part);
    return { level, item, count, fewest, fewestCount };
  }) : [];
  const tries = match[5] ? match[5].split("_").map((part) => {
    const [level, option] = numbers(part);
    return { level, option };
  }) : [];
  return { levels, nodes: Number(match[2]), deadEnds: Number(match[3]), notes, tries };
}

export class Drive {
  constructor() {
    this.levels = [];
    this.nodes = 0;
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

  /**
   * A drive resumed from its record (readPicks) below the choices `path` (the address's force).
   * `optionsOf(level, item)` is the item's live options at that level (the replay state before
   * the level's choose), or null when the item is not open there. Returns {drive} or, when the
   * record does not fit the choices, {error: the level it breaks at}.
   */
  static resume(record, path, optionsOf) {
    const drive = new Drive();
    if (record.levels.length !== path.length) return { error: Math.min(record.levels.length, path.length) };
    for (let level = 0; level < path.length; level++) {
      const { item, tried } = record.levels[level];
      const options = optionsOf(level, item);
      const fits = options && tried[tried.length - 1] === path[level] && new Set(tried).size === tried.length
        && tried.every((o) => options.includes(o));
      if (!fits) return { error: level };
      drive.levels.push({ item, options: [...options], tried: [...tried], option: path[level] });
    }
    // Every try so far, when the record has them: each level's last try is its option now.
    const last = [];
    for (const t of record.tries) last[t.level] = t.option;
    if (record.tries.length && (last.length < path.length || path.some((o, level) => last[level] !== o))) {
      return { error: path.findIndex((o, level) => last[level] !== o) };
    }
    drive.nodes = Math.max(record.nodes, drive.levels.length);
    drive.deadEnds = record.deadEnds;
    drive.notes = record.notes.map((n) => ({ ...n }));
    drive.trail = record.tries.length ? record.tries.map((t) => ({ ...t })) : null;
    return { drive };
  }

  /**
   * A drive below choices whose items the address does not name (a link with &drive=1&force=…
   * and no record): each level counts as having picked `itemOf(level)` (the item the log names
   * for the choice), with only that choice tried so far, so backing up tries its item's others.
   */
  static fromPath(path, itemOf, optionsOf) {
    const drive = new Drive();
    path.forEach((option, level) => {
      const item = itemOf(level);
      const options = optionsOf(level, item) || [option];
      drive.levels.push({ item, options: options.includes(option) ? [...options] : [option], tried: [option], option });
    });
    drive.nodes = path.length;
    return drive;
  }

  /** The learner's choices, level 0 first: the what-if's force. */
  get path() {
    return this.levels.map((l) => l.option);
  }

  /** The record for the address (readPicks reads it back). */
  get record() {
    const levels = this.levels.map((l) => [l.item, ...l.tried].join(".")).join("_");
    const notes = this.notes.map((n) => [n.level, n.item, n.count, n.fewest, n.fewestCount].join(".")).join("_");
    const tries = this.tries.map((t) => `${t.level}.${t.option}`).join("_");
    return `${levels}-${this.nodes}.${this.deadEnds}-${notes}-${tries}`;
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
   * (deeper levels are left). Returns {level, option}, or null when no level has one left.
   */
  backUp() {
    this.keepTrail();
    while (this.levels.length) {
      const top = this.levels[this.levels.length - 1];
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
