// model/explain.js — what a step did, in the log's own Sudoku words: the choice of
// an item and its runners-up, the option tried, and why a dead end is one.
// The sentences mirror webapp.steplog.explain_step line for line (the dead-end
// ones are fixed by docs/step-log.md, "Explaining a dead end"); a browser test
// compares the two. Reads a StepLog and a ReplayState; no DOM.

import {
  CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP,
} from "./steplog.js";

/** How many runner-up items a choose step names. */
export const RUNNERS_UP = 3;

/**
 * Who put each item on the board at this state: for each item, the rank of
 * the first placed option holding it (-1 a given, l the frame at level l, -2
 * nobody) and that option. Givens come first, then the levels in order.
 */
function ownersOfItems(log, state) {
  const rank = new Int32Array(log.items.length).fill(-2);
  const option = new Int32Array(log.items.length).fill(-1);
  for (const { option: o, level } of log.placed(state)) {
    for (const j of log.options[o]) {
      if (rank[j] !== -2) continue;
      rank[j] = level;
      option[j] = o;
    }
  }
  return { rank, option };
}

/**
 * Why the item of a dead end has no option: for each of its original options
 * (option-id order) the earliest placed option holding one of its other items
 * — givens first, then the lowest level, then the first such item in the
 * option. Options nothing placed rules out are left out (there are none at a
 * real dead end).
 */
export function ruledOut(log, state, item) {
  const owners = ownersOfItems(log, state);
  const { labels } = log;
  const held = log.phrases.held;
  const found = [];
  for (const o of log.optionsOfItem[item]) {
    let best = null;
    for (const j of log.options[o]) {
      if (j === item || owners.rank[j] === -2) continue;
      if (best === null || owners.rank[j] < best.level) {
        best = { by: owners.option[j], level: owners.rank[j], item: j };
      }
    }
    if (best === null) continue;
    const who = best.level === -1
      ? `the given ${labels[best.by]}`
      : `the choice ${labels[best.by]} at level ${best.level}`;
    found.push({ option: o, ...best, text: `${labels[o]}: ruled out by ${who} (${held[best.item]})` });
  }
  return found;
}

/**
 * Where the search goes after the dead end at `state`: the next try event,
 * as {step, level, k, d, option, text}, or null when there is none. Between a
 * dead end and the next try only uncovers and backups happen, so the frame it
 * tries on is already on the stack at the dead end.
 */
export function backTo(log, state) {
  const step = log.nextStepOfKind(state.step, TRY);
  if (step < 0) return null;
  const level = log.levelAt(step);
  const k = state.frameK[level] + 1;
  const d = state.frameD[level];
  const option = log.argAt(step);
  // The levels between the dead end's and this one had no other option: say why they are skipped.
  const deadLevel = Math.max(state.level, 0);
  let text = `Back to level ${level}: option ${k} of ${d}, ${log.labels[option]}.`;
  if (level < deadLevel - 2) {
    const joined = level === deadLevel - 3 ? "and" : "to";
    text += ` Levels ${level + 1} ${joined} ${deadLevel - 1} have no other option to try, so the search backs up past them.`;
  } else if (level === deadLevel - 2) {
    text += ` Level ${level + 1} has no other option to try, so the search backs up past it.`;
  }
  return { step, level, k, d, option, text };
}

/** The last line at a dead end with no try after it (step: the dead end's). */
export function endLine(log, step) {
  const last = log.stepCount;
  const message = log.outcome.message;
  if (log.outcome.complete) {
    return "No option is left to try: the steps after this one undo the choices, and the search is over.";
  }
  if (step === last) return `The recording ends here. ${message}`;
  return `No option is tried after this: the steps up to the last, ${last.toLocaleString("en")}, undo choices. ${message}`;
}

/** A cover or uncover step names the options that move when there are at most this many. */
export const NAMED_OPTIONS = 4;

/** ": a, b." naming the options that move, when few enough; else ".". */
function which(labels) {
  return labels.length <= NAMED_OPTIONS ? `: ${labels.join(", ")}.` : ".";
}

/** A cover step, with the options that leave the other items (named when few). */
function coverLine(name, labels) {
  const count = labels.length;
  if (!count) return `Cover ${name}: it leaves the item list; no option that contains it is left, so no other item changes.`;
  const who = count === 1 ? "the one option that contains it leaves" : `the ${count.toLocaleString("en")} options that contain it leave`;
  return `Cover ${name}: it leaves the item list, and ${who} the other items${which(labels)}`;
}

/** An uncover step, with the options that come back (named when few). */
function uncoverLine(name, labels) {
  const count = labels.length;
  if (!count) return `Uncover ${name}: it comes back to the item list; no option comes back with it.`;
  const who = count === 1 ? "the one option that contains it comes" : `the ${count.toLocaleString("en")} options that contain it come`;
  return `Uncover ${name}: it comes back, and ${who} back to the other items${which(labels)}`;
}

/** " Options 1 to 3 were tried and taken back." for option k of a level ("" for the first). */
function triedBefore(k) {
  if (k === 1) return "";
  if (k === 2) return " Option 1 was tried and taken back.";
  return ` Options 1 ${k === 3 ? "and" : "to"} ${(k - 1).toLocaleString("en")} were tried and taken back.`;
}

/**
 * After a dead end, when the level the search goes back to frees none of the
 * options: Algorithm X backs up to the most recent level with an option
 * left, not to the choices that ruled them out (webapp.explain.not_the_cause_lines).
 */
export function notTheCause(level, reasons) {
  if (!reasons.length) return [];
  const latest = Math.max(...reasons.map((r) => r.level));
  if (latest >= level) return [];
  const givens = reasons.some((r) => r.level < 0);
  const why = latest < 0 ? "the givens ruled them out"
    : `${givens ? "the givens and " : ""}the choices at level ${latest} or before ruled them out`;
  return [`Taking back the choice at level ${level} frees none of these options: ${why}. `
    + "Algorithm X backs up to the most recent level with an option left, not to the cause, "
    + "so it may meet this dead end again."];
}

/**
 * The dead-end explanation at a state whose last event is a dead end:
 * {item, heading, ruledOut: [...], back, sentences}; sentences are the lines
 * of docs/step-log.md, in order.
 */
export function explainDeadEnd(log, state) {
  const item = log.argAt(state.step);
  const heading = `Dead end at level ${Math.max(state.level, 0)}: ${log.phrases.empty[item]}.`;
  const reasons = ruledOut(log, state, item);
  const back = backTo(log, state);
  const closing = back ? back.text : endLine(log, state.step);
  const lesson = back ? notTheCause(back.level, reasons) : [];
  return {
    item, heading, ruledOut: reasons, back, closing, lesson,
    sentences: [heading, ...reasons.map((r) => r.text), closing, ...lesson],
  };
}

/**
 * The choice at a choose step: the item, its d options, and the runners-up
 * (the other open primary items with the fewest live options, ties to the
 * lowest id).
 */
export function explainChoice(log, state) {
  const top = state.top();
  const counts = log.liveCounts(state);
  const options = log.liveOptionsOf(state, top.item);
  const open = [];
  for (let i = 0; i < log.primary; i++) if (!state.covered[i] && i !== top.item) open.push(i);
  open.sort((a, b) => counts[a] - counts[b] || a - b);
  const runnersUp = open.slice(0, RUNNERS_UP).map((i) => ({ item: i, count: counts[i] }));
  return { item: top.item, level: state.level, d: top.d, options, runnersUp };
}

function needs(count) {
  return count === 1 ? "needs" : "need";
}

function plural(count, word) {
  return `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * What the step at `state` did, for the "why" panel: {kind, title, item,
 * tone, sentences: [{text, role}]}. The sentences are the lines
 * webapp.steplog.explain_step writes for that step. `item` is the item whose
 * cell or unit the board highlights (-1: none); tone "dead" marks a dead end.
 */
export function explainStep(log, state) {
  const explanation = explainEvent(log, state);
  // The last step of a search that a limit stopped also says so.
  const ending = `The recording ends here. ${log.outcome.message}`;
  const sentences = explanation.sentences;
  if (state.step > 0 && state.step === log.stepCount && !log.outcome.complete
      && (!sentences.length || sentences[sentences.length - 1].text !== ending)) {
    sentences.push({ text: ending, role: "summary" });
  }
  return explanation;
}

/** What the event at `state` did, on its own (see explainStep). */
function explainEvent(log, state) {
  const step = state.step;
  const kind = log.kindAt(step);
  const arg = log.argAt(step);
  const { need } = log.phrases;
  const say = (text, role = "summary") => ({ text, role });
  const L = Math.max(state.level, 0);

  switch (kind) {
    case -1: {
      let open = 0;
      for (let i = 0; i < log.primary; i++) if (!state.covered[i]) open++;
      return {
        kind: "start", title: "Start", item: -1, tone: "",
        sentences: [
          say(log.givens.length
            ? `The ${plural(log.givens.length, "given")} are placed; ${plural(open, "item")} still ${needs(open)} covering.`
            : `Nothing is placed yet; ${plural(open, "item")} ${needs(open)} covering.`),
          // A Sudoku's words for the two of exact cover, said once at the start.
          ...(log.problem.kind === "sudoku" ? [say("Each item must be covered exactly once: a cell that needs "
            + "a digit, or a row, column or box that needs one of its digits. An option is a digit in a cell, "
            + "such as 1 in r1c1, and covers four items: its cell, row, column and box.", "hint")] : []),
          say("Step forward to watch the search choose its first item.", "hint"),
        ],
      };
    }
    case CHOOSE: {
      const c = explainChoice(log, state);
      const labels = c.options.map((o) => log.labels[o]);
      const mrv = log.choose === "mrv";
      const why = mrv ? `with the fewest options (${c.d})` : `the first item left (${plural(c.d, "option")})`;
      const sentences = [say(`Level ${L}: ${need[c.item]}, ${why}`
        + (labels.length ? `: ${labels.join(", ")}.` : ": none is left, so this is a dead end."))];
      if (mrv && c.runnersUp.length) {
        // A runner-up with as few options lost only the tie: say how ties go.
        const order = log.problem.kind === "sudoku" ? " (cells, then rows, columns, boxes)" : "";
        const tie = c.runnersUp[0].count === c.d ? ` Ties go to the item that comes first in the item list${order}.` : "";
        sentences.push(say(`Runners-up: ${c.runnersUp.map((r) => `${need[r.item]} (${r.count})`).join("; ")}.${tie}`, "runners-up"));
      }
      return { kind: "choose", title: "Choose an item", item: c.item, tone: "", sentences, choice: c };
    }
    case TRY: {
      const top = state.top();
      const k = top.k.toLocaleString("en");
      return {
        kind: "try", title: "Try an option", item: top.item, tone: "",
        sentences: [say(`Level ${L} (${need[top.item]}): option ${k} of ${top.d.toLocaleString("en")}, `
          + `${log.labels[arg]}.${triedBefore(top.k)}`)],
      };
    }
    case COVER: {
      const labels = log.optionsBeside(state, arg).map((o) => log.labels[o]);
      let line = coverLine(`${log.items[arg]} (${need[arg]})`, labels);
      // The options just set aside are the ones this level now tries.
      if (labels.length && step >= 2 && log.kindAt(step - 1) === CHOOSE && log.argAt(step - 1) === arg) {
        line += labels.length === 1 ? " It is the one option this level can try."
          : " They are the options this level tries, one at a time.";
      }
      return { kind: "cover", title: "Cover", item: arg, tone: "", sentences: [say(line)] };
    }
    case UNCOVER: {
      let line = uncoverLine(`${log.items[arg]} (${need[arg]})`, log.optionsBeside(state, arg).map((o) => log.labels[o]));
      // An uncover of an item of the choice being taken back says so (not the chosen item's own).
      const latest = log.newest(state);
      if (latest && latest.takenBack && log.options[latest.option].includes(arg)
          && arg !== state.frameItem[latest.level]) {
        line += ` This takes back ${log.labels[latest.option]}, the choice at level ${latest.level}.`;
      }
      return { kind: "uncover", title: "Uncover", item: arg, tone: "", sentences: [say(line)] };
    }
    case SOLUTION:
      return {
        kind: "solution", title: "Solution", item: -1, tone: "solution",
        // A solution the log goes on from: the search looks for another.
        sentences: [say(`Solution: every item is covered, after ${plural(arg, "choice")} `
          + `(${arg === 1 ? "level 0" : `levels 0 to ${(arg - 1).toLocaleString("en")}`}).`
          + (step < log.stepCount ? " The search goes on: it backs up to look for another." : ""))],
      };
    case DEAD_END: {
      const d = explainDeadEnd(log, state);
      const sentences = [say(d.heading), ...d.ruledOut.map((r) => say(r.text, "ruled-out")),
        say(d.closing, "back"), ...d.lesson.map((text) => say(text, "lesson"))];
      return { kind: "dead-end", title: "Dead end", item: d.item, tone: "dead", sentences, deadEnd: d };
    }
    case BACKUP:
      // The frame just popped is the level being left: its item is highlighted.
      return {
        kind: "backup", title: arg ? "Back up" : "Search over", item: state.popped().item, tone: "",
        // Leaving level 0 is the last step of a search that ran to its end.
        sentences: [say(`Level ${arg} (${need[state.popped().item]}) has no option left to try: `
          + (arg ? `back up to level ${arg - 1} and take back its choice, ${log.labels[state.top().option]}.`
            : `the search is over. ${log.outcome.message}`))],
      };
    default:
      return { kind: "unknown", title: "", item: -1, tone: "", sentences: [] };
  }
}
