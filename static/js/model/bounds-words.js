// model/bounds-words.js — the Why panel's lines for the steps of a search with bounds
// (Knuth's DLX3: a log with `bounds`), the same lines as webapp/log/bounds_words.py says,
// from the same catalogue. explain.js hands a step here first; null means the words
// are those of exact cover. Reads a StepLog and a ReplayState (after the step); no DOM.

import {
  CHOOSE, TRY, DEAD_END, BACKUP, TAKE, UNTAKE, SETTLE, UNSETTLE,
} from "./steplog.js";
import { joinAnd, say } from "./messages.js";

const counted = (count) => say("bounds.count", { count });

/** [least, most] of an item: [1, 1] for a primary item without bounds, [0, 1] for a secondary one. */
function boundsOf(log, item) {
  if (item >= log.primary) return [0, 1];
  return log.bounds ? log.bounds[item] : [1, 1];
}

/**
 * Where the search goes after the dead end at `step`: the next try or settle, or the end; then, when
 * a backjumping search would have gone further back (the facts' jumps), jumpLines says so.
 */
function afterDeadEnd(log, state, step, { endLine, backLine, jumpLines }) {
  for (let s = step + 1; s <= log.stepCount; s++) {
    const kind = log.kindAt(s);
    if (kind !== TRY && kind !== SETTLE) continue;
    const next = log.seek(s);
    const level = next.level;
    const k = next.frameK[level];
    const d = next.frameD[level];
    const closing = kind === SETTLE
      ? say("dead_end.back_to_settle", { level, k, d, item: log.items[next.frameItem[level]] })
      : backLine(level, k, d, log.argAt(s), state.level);
    return { closing, lesson: jumpLines(log, step, level) };
  }
  return { closing: endLine(log, step), lesson: [] };
}

/**
 * The culprits of the dead end at `state` (the server's facts: webapp/analysis/bounded_facts.py says
 * what they are), and when there are some, what a choice and a gone option mean with bounds. A level
 * that settled is named by its settle ("none more for C").
 */
function culpritLines(log, state, item, least) {
  const levels = Array.from(log.facts.culpritsOf(log.facts.deadEndAt(state.step)));
  const named = levels.map((level) => (state.frameOption[level] < 0
    ? say("settle.label", { item: log.items[state.frameItem[level]] })
    : log.labels[state.frameOption[level]]));
  const lines = [say("dead_end.bounds.culprits", {
    count: levels.length, levels: joinAnd(levels.map(String)), choices: joinAnd(named), item: log.items[item], least,
  })];
  return { levels, lines, why: levels.length ? [say("dead_end.bounds.why", { item: log.items[item] })] : [] };
}

/**
 * A dead end of a log with bounds at `state`, as explain.js's explainDeadEnd gives exact cover's:
 * {item, heading, culprits: {levels, lines, why}, closing, lesson, sentences}. closers: {endLine,
 * backLine, jumpLines}, exact cover's closing lines.
 */
export function boundedDeadEnd(log, state, closers) {
  const item = log.argAt(state.step);
  const [least] = boundsOf(log, item);
  const count = log.countOf(state, item);
  const heading = say("dead_end.bounds", {
    level: Math.max(state.level, 0), item: log.items[item], counted: counted(count), least,
    left: say("bounds.left", { count: log.optionsBeside(state, item).length }), still: least - count,
  });
  const culprits = culpritLines(log, state, item, least);
  const { closing, lesson } = afterDeadEnd(log, state, state.step, closers);
  return {
    item, heading, culprits, ruledOut: [], groups: [], also: [], closing, lesson,
    sentences: [heading, ...culprits.lines, ...culprits.why, closing, ...lesson],
  };
}

/**
 * The lines of the step at `state` (its event: kind, arg) in a log with bounds, or null when the
 * words are exact cover's. closers: {endLine(log, step), backLine(level, k, d, option, deadLevel),
 * jumpLines(log, step, back)}, the closing lines of a dead end as exact cover says them.
 */
export function boundedLines(log, state, kind, arg, closers) {
  const { need } = log.phrases;
  const { items, labels } = log;
  const step = state.step;
  if (kind === CHOOSE) {
    const [least] = boundsOf(log, arg);
    const count = log.countOf(state, arg);
    const live = log.optionsBeside(state, arg);
    const d = state.frameD[state.height - 1];
    const level = state.height - 1;
    if (d <= 0) {
      return [say("choose.bounds", {
        d: 0, level, need: need[arg], counted: counted(count), left: say("bounds.left", { count: live.length }), still: least - count,
      })];
    }
    const none = count >= least;
    const ways = live.slice(0, d - (none ? 1 : 0)).map((o) => labels[o]);
    if (none) ways.push(say("choose.bounds.none"));
    const why = log.choose === "mrv" ? say("choose.bounds.mrv") : say("choose.bounds.first");
    return [say("choose.bounds", { d, level, need: need[arg], counted: counted(count), why, ways: ways.join(", ") })];
  }
  const name = kind === TAKE || kind === UNTAKE ? say("item.name", { item: items[arg], need: need[arg] }) : "";
  if (kind === TAKE) {
    const count = log.countOf(state, arg);
    return [say("take.line", { name, counted: counted(count), room: boundsOf(log, arg)[1] - count })];
  }
  if (kind === UNTAKE) {
    // The option being taken back is still the top frame's: it no longer counts.
    return [say("untake.line", { name, counted: counted(log.countOf(state, arg) - 1) })];
  }
  if (kind === SETTLE) {
    const t = state.height - 1;
    return [say("settle.line", {
      level: Math.max(state.level, 0), need: need[arg], counted: counted(log.countOf(state, arg)), k: state.frameK[t], d: state.frameD[t],
    })];
  }
  if (kind === UNSETTLE) return [say("unsettle.line", { item: items[arg], level: Math.max(state.level, 0) })];
  if (kind === DEAD_END) return boundedDeadEnd(log, state, closers).sentences;
  if (kind === BACKUP) {
    const leaving = state.popped().item;
    if (!arg) return [say("backup.bounds.over", { need: need[leaving], message: log.outcome.message })];
    const top = state.top();
    if (top.option < 0) return [say("backup.bounds.settled", { level: arg, need: need[leaving], above: arg - 1, item: items[top.item] })];
    return [say("backup.bounds.line", { level: arg, need: need[leaving], above: arg - 1, option: labels[top.option] })];
  }
  return null;
}

/** After a cover's line, with bounds: what the cover means for an item with bounds other than (1, 1). */
export function coverSuffix(log, state, arg) {
  if (arg >= log.primary) return "";
  const [least, most] = boundsOf(log, arg);
  if (least === 1 && most === 1) return "";
  const step = state.step;
  if (step >= 2 && log.kindAt(step - 1) === CHOOSE && log.argAt(step - 1) === arg) {
    return say(least === most ? "bounds.cover_chosen" : "bounds.cover_chosen_or_none", { most });
  }
  return say("bounds.cover_most", { counted: counted(log.countOf(state, arg)) });
}

/** A step's kind and title with bounds ({kind, title}), or null for exact cover's kinds. */
export function boundedTitle(kind) {
  if (kind === TAKE) return { kind: "take", title: say("title.take") };
  if (kind === UNTAKE) return { kind: "untake", title: say("title.untake") };
  if (kind === SETTLE) return { kind: "settle", title: say("title.settle") };
  if (kind === UNSETTLE) return { kind: "unsettle", title: say("title.unsettle") };
  return null;
}
