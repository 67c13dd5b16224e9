// model/explain.js — what a step did, in the log's own Sudoku words: the choice of
// an item and its runners-up, the option tried, and why a dead end is one.
// The words come from the message catalogue (model/messages.js), as
// webapp.log.steplog.explain_step's do, so the two say the same lines; a browser
// test compares them. Reads a StepLog and a ReplayState; no DOM.

import {
  CHOOSE, TRY, COVER, UNCOVER, SOLUTION, DEAD_END, BACKUP, PURIFY, UNPURIFY,
} from "./steplog.js";
import { boundedDeadEnd, boundedLines, boundedTitle, coverSuffix } from "./bounds-words.js";
import { joinAnd, say } from "./messages.js";
import { cellName, symbolOf } from "./sudoku.js";

/**
 * The Why panel's line for a forced move (`name` from the log's facts.singles; `option` the item's
 * one option): "Forced: hidden single in row 4, the 7 has one place left (r4c5)."
 * webapp/log/singles.py's single_line says the same.
 */
export function singleLine(log, item, option, name) {
  if (name === "naked-single") {
    const size = log.problem.size;
    return say("single.naked", { cell: log.items[item], digit: symbolOf(option % size + 1) });
  }
  if (name.startsWith("hidden-single-")) {
    const size = log.problem.size;
    const [unit, digit] = log.items[item].split("#");
    const number = unit.replace(/^[a-z]+/, "");
    const family = name.slice("hidden-single-".length);
    return say("single.hidden", {
      unit: say(`single.unit.${family}`, { number }), digit, cell: cellName(Math.floor(option / size), size),
    });
  }
  return say("single.cover", { need: log.phrases.need[item], option: log.labels[option] });
}

/** How many runner-up items a choose step names. */
export const RUNNERS_UP = 3;

/** For each item, the given that holds it (-1: none), from the log's givens. */
function givenOfItems(log) {
  if (!log._givenOfItem) {
    const owner = new Int32Array(log.items.length).fill(-1);
    for (const g of log.givens) for (const j of log.options[g]) if (owner[j] < 0) owner[j] = g;
    log._givenOfItem = owner;
  }
  return log._givenOfItem;
}

/**
 * Why the item of the dead end at `state` has no option: for each of its
 * options (option-id order), the placed option that ruled it out, as the
 * server's facts name it (the ruler's level: -1 a given), and the item of the
 * option it holds (the first such item): {option, by, level, item}.
 */
// Each variant's name and rule, each key written out whole (the catalogue's test finds them).
const VARIANT_WORDS = {
  x: () => [say("variant.name.x"), say("variant.rule.x")],
  windoku: () => [say("variant.name.windoku"), say("variant.rule.windoku")],
  "anti-knight": () => [say("variant.name.anti-knight"), say("variant.rule.anti-knight")],
  "anti-king": () => [say("variant.name.anti-king"), say("variant.rule.anti-king")],
  "non-consecutive": () => [say("variant.name.non-consecutive"), say("variant.rule.non-consecutive")],
  jigsaw: () => [say("variant.name.jigsaw"), say("variant.rule.jigsaw")],
};

/** The rules a Sudoku variant adds, as one phrase ("X (diagonals): both long diagonals …"), in a
 * list of one; an empty list for plain Sudoku and for other problems. */
function variantRules(problem) {
  const names = [...(problem.variants || [])];
  if (problem.regions && !names.includes("jigsaw")) names.push("jigsaw");
  const said = names.filter((name) => name in VARIANT_WORDS).map((name) => {
    const [title, rule] = VARIANT_WORDS[name]();
    return `${title}: ${rule}`;
  });
  return said.length ? [said.join("; ")] : [];
}

export function ruledOut(log, state, item) {
  const k = log.facts.deadEndAt(state.step);
  if (k < 0) return [];
  const rulers = log.facts.rulersOf(k);
  const givenOf = givenOfItems(log);
  return Array.from(log.optionsOfItem[item], (o, index) => {
    const level = rulers[index];
    const others = log.options[o].filter((j) => j !== item);
    if (level < 0) {
      const via = others.find((j) => givenOf[j] >= 0);
      return { option: o, by: givenOf[via], level, item: via };
    }
    const by = state.frameOption[level];
    // With colours, an item both give the same colour rules nothing out: the first item they clash on.
    const clash = (j) => log.options[by].includes(j) && !(log.colourOf(o, j) && log.colourOf(o, j) === log.colourOf(by, j));
    return { option: o, by, level, item: others.find(clash) };
  });
}

/**
 * Why a ruler's hold on an item rules options out: the item's held phrase, or, when the
 * ruler gave it a colour (Knuth's DLX2), that colour: "x is already red" (webapp.analysis.explain.held_words).
 */
function heldWords(log, { by, item }) {
  const colour = log.colourOf(by, item);
  if (colour) return say("dead_end.held_colour", { item: log.items[item], colour: log.colourName(colour) });
  return log.phrases.held[item];
}

/**
 * Ruled-out options with the same ruler and the same held item, together (in
 * the order of their first option), each group one sentence:
 * {options, by, level, item, text} (webapp.analysis.explain.ruling_groups).
 */
export function ruledOutGroups(log, reasons) {
  const groups = new Map();
  for (const r of reasons) {
    const key = `${r.by} ${r.item}`;
    if (!groups.has(key)) groups.set(key, { by: r.by, level: r.level, item: r.item, options: [] });
    groups.get(key).options.push(r.option);
  }
  const { labels } = log;
  return [...groups.values()].map((g) => ({
    ...g,
    text: say("dead_end.ruled_out", {
      count: g.options.length, options: joinAnd(g.options.map((o) => labels[o])),
      by: g.level < 0 ? say("dead_end.by_given", { ruler: labels[g.by] })
        : say("dead_end.by_choice", { ruler: labels[g.by], level: g.level }),
      held: ruledWhy(log, g.options[0], g.by, g.item),
    }),
  }));
}

/**
 * A Sudoku's primary item families after the cells, in item order: rows, columns, boxes or a
 * jigsaw's regions, then diagonals and windows when the rules have them (the pair items are
 * secondary: never chosen, so never in a tie) (webapp.log.steplog.sudoku_units).
 */
export function sudokuUnits(problem) {
  const names = problem.variants || [];
  const units = [problem.regions ? say("choose.units.regions") : say("choose.units.boxes")];
  if (names.includes("x")) units.push(say("choose.units.diagonals"));
  if (names.includes("windoku")) units.push(say("choose.units.windows"));
  return units.join(", ");
}

// A Sudoku variant's pair items: the rule from the item name's prefix (docs/step-log.md,
// "Sudoku variants"), and its words (each key written out whole: the catalogue's test finds them).
const PAIR_RULES = {
  kn: (fields) => say("ruled.anti-knight", fields),
  kg: (fields) => say("ruled.anti-king", fields),
  nc: (fields) => say("ruled.non-consecutive", fields),
};

/**
 * Why `option` is ruled out by `ruler` through `item`, in its sentence's brackets: the item's held
 * phrase, or for a Sudoku variant's pair item, the rule seen from the ruled option's cell
 * ("r3c8 is a knight's move from the 3 in r5c7"); cells and digits from the option ids
 * (webapp.log.steplog.ruled_why).
 */
export function ruledWhy(log, option, ruler, item) {
  const rule = log.problem.kind === "sudoku" && item >= log.primary ? PAIR_RULES[log.items[item].split(".")[0]] : null;
  if (!rule) return heldWords(log, { by: ruler, item });
  const { size } = log.problem;
  const [digit, theirs] = [option % size + 1, ruler % size + 1];
  return rule({
    cell: cellName(Math.floor(option / size), size), other: cellName(Math.floor(ruler / size), size),
    digit: symbolOf(theirs), low: symbolOf(Math.min(digit, theirs)), high: symbolOf(Math.max(digit, theirs)),
  });
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
  const text = backToLine(log, level, k, d, option, Math.max(state.level, 0));
  return { step, level, k, d, option, text };
}

/** "Back to level …: option k of d, …", and why the levels between the dead end's and this one are skipped. */
function backToLine(log, level, k, d, option, deadLevel) {
  const skipped = say("dead_end.skipped", { count: Math.max(deadLevel - 1 - level, 0), first: level + 1, last: deadLevel - 1 });
  return say("dead_end.back_to", { level, k, d, option: log.labels[option], skipped });
}

/** A step of a log with bounds whose words are not exact cover's (model/bounds-words.js), or null. */
function boundedEvent(log, state, kind, arg) {
  const closers = { endLine, backLine: (...a) => backToLine(log, ...a), jumpLines };
  const line = (text, role = "summary") => ({ text, role });
  if (kind === DEAD_END) {
    const d = boundedDeadEnd(log, state, closers);
    const sentences = [line(d.heading), ...d.culprits.lines.map((text) => line(text, "culprits")),
      ...d.culprits.why.map((text) => line(text, "lesson")), line(d.closing, "back"),
      ...d.lesson.map((text) => line(text, "lesson"))];
    return { kind: "dead-end", title: say("title.dead_end"), item: arg, tone: "dead", sentences, deadEnd: d };
  }
  const said = boundedLines(log, state, kind, arg, closers);
  if (!said) return null;
  if (kind === BACKUP) {
    return { kind: "backup", title: say(arg ? "title.backup" : "title.over"), item: state.popped().item, tone: "", sentences: [line(said[0])] };
  }
  const { kind: name, title } = boundedTitle(kind) || { kind: "choose", title: say("title.choose") };
  return { kind: name, title, item: arg, tone: "", sentences: said.map((text) => line(text)) };
}

/** The last line at a dead end with no try after it (step: the dead end's). */
export function endLine(log, step) {
  const last = log.stepCount;
  const message = log.outcome.message;
  if (log.outcome.complete) return say("dead_end.over");
  if (step === last) return say("recording.ends", { message });
  return say("dead_end.no_more_tries", { last, message });
}

/** A cover or uncover step names the options that move when there are at most this many. */
export const NAMED_OPTIONS = 4;

/** ": a, b." naming the options that move, when few enough; else ".". */
function which(labels) {
  return labels.length <= NAMED_OPTIONS ? say("which.named", { options: labels.join(", ") }) : say("which.unnamed");
}

/** A cover or uncover step ("cover.line", "uncover.line"), with the options that move (named when few). */
function moveLine(key, name, labels) {
  return say(key, { count: labels.length, name, which: which(labels) });
}

/** How options want an item: "blue", "blue or green", "without a colour", in option order. */
function colourWants(log, item, options) {
  const wants = [];
  for (const o of options) {
    const c = log.colourOf(o, item);
    const word = c ? log.colourName(c) : say("colour.none");
    if (!wants.includes(word)) wants.push(word);
  }
  return wants.join(" or ");
}

/**
 * A purify step (undo: an unpurify): the item's colour and the options that want it
 * another way, set aside (brought back) (webapp.analysis.explain.purify_line).
 */
function purifyLine(log, item, colour, options, undo) {
  const labels = options.map((o) => log.labels[o]);
  const name = say("item.name", { item: log.items[item], need: log.phrases.need[item] });
  return say(undo ? "unpurify.line" : "purify.line", {
    count: options.length, name, colour: log.colourName(colour), wants: colourWants(log, item, options), which: which(labels),
  });
}

/**
 * After a dead end, when the level the search goes back to frees none of the
 * options: Algorithm X backs up to the most recent level with an option
 * left, not to the choices that ruled them out (webapp.analysis.explain.not_the_cause_lines).
 */
export function notTheCause(level, reasons) {
  if (!reasons.length) return [];
  const latest = Math.max(...reasons.map((r) => r.level));
  if (latest >= level) return [];
  let why;
  if (latest < 0) why = say("dead_end.givens_ruled");
  else if (reasons.some((r) => r.level < 0)) why = say("dead_end.givens_and_choices_ruled", { level: latest });
  else why = say("dead_end.choices_ruled", { level: latest });
  return [say("dead_end.not_the_cause", { level, why })];
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st (webapp/log/steplog.py's ordinal). */
export function ordinal(number) {
  const tens = number % 100;
  const suffix = tens >= 10 && tens <= 20 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[number % 10] || "th");
  return `${number.toLocaleString("en")}${suffix}`;
}

/**
 * The culprits of the dead end at `state` (from the facts), in words, and
 * its thrashing group if any: {levels, lines}.
 */
export function culpritLines(log, state, item) {
  const k = log.facts.deadEndAt(state.step);
  const levels = Array.from(log.facts.culpritsOf(k));
  const choices = joinAnd(levels.map((level) => log.labels[state.frameOption[level]]));
  // "With the givens" only where there are givens: queens, pentominoes and typed problems have none.
  const lines = [say(log.givens.length ? "dead_end.culprits" : "dead_end.culprits.bare", {
    count: levels.length, levels: joinAnd(levels.map(String)), choices, empty: log.phrases.empty[item],
  })];
  const group = log.facts.thrashingOf(k);
  if (group && levels.length) {
    const index = ordinal(group.indexOf(k) + 1);
    lines.push(`${say("dead_end.thrashing", { count: group.length })} ${say("dead_end.thrash_place", { index, count: group.length })}`);
  }
  return { levels, lines };
}

/** At the try of a wrong choice: what it cost (from the facts), as a line of its own. */
function wrongChoiceLines(log, step) {
  const node = log.nodeOfStep(step);
  if (node < 0 || !log.facts.wrongSet.has(node)) return [];
  return [{ text: say("try.wrong", { nodes: log.facts.subtreeSizes[node], total: log.trySteps.length }), role: "cost" }];
}

/** Where a backjumping search would have gone from the event at `step`, when above `back` (where this one goes). */
export function jumpLines(log, step, back) {
  const jump = log.facts.jumpAt(step);
  if (!jump) return [];
  const wasted = say("jump.wasted", { count: jump.wasted });
  if (jump.jumpTo < 0) return [say(log.givens.length ? "jump.givens" : "jump.none", { wasted })];
  return [say("jump.levels", { count: back - jump.jumpTo, jump: jump.jumpTo, first: jump.jumpTo + 1, last: back, wasted })];
}

/**
 * The dead-end explanation at a state whose last event is a dead end:
 * {item, heading, ruledOut: [...], back, sentences}; sentences are the lines
 * of docs/step-log.md, in order.
 */
export function explainDeadEnd(log, state) {
  const item = log.argAt(state.step);
  const heading = say("dead_end.heading", { level: Math.max(state.level, 0), empty: log.phrases.empty[item] });
  const reasons = ruledOut(log, state, item);
  const groups = ruledOutGroups(log, reasons);
  const back = backTo(log, state);
  const closing = back ? back.text : endLine(log, state.step);
  const lesson = back ? [...jumpLines(log, state.step, back.level), ...notTheCause(back.level, reasons)] : [];
  const culprits = culpritLines(log, state, item);
  const also = alsoLines(log, state, item);
  return {
    item, heading, culprits, ruledOut: reasons, groups, also, back, closing, lesson,
    sentences: [heading, ...culprits.lines, ...groups.map((g) => g.text), ...also, closing, ...lesson],
  };
}

/** The most options the "ruled out more than once" line names; the rest are counted (webapp.steplog.ALSO_SHOWN). */
const ALSO_SHOWN = 6;

/**
 * The options of the dead end at this state that more than one placed option rules out, each
 * with the levels past its earliest ruler (the facts' also): why those culprits and not
 * others (webapp.steplog.also_lines).
 */
export function alsoLines(log, state, item) {
  const k = log.facts.deadEndAt(state.step);
  if (k < 0) return [];
  const also = log.facts.alsoOf(k);
  const said = [];
  Array.from(log.optionsOfItem[item]).forEach((o, n) => {
    const later = also[n];
    if (later.length) {
      said.push(say("dead_end.also_one", { option: log.labels[o], count: later.length, levels: joinAnd(later.map(String)) }));
    }
  });
  if (!said.length) return [];
  const more = said.length > ALSO_SHOWN ? say("dead_end.also_more", { count: said.length - ALSO_SHOWN }) : "";
  return [say("dead_end.also", { list: said.slice(0, ALSO_SHOWN).join("; "), more })];
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

/**
 * What the step at `state` did, for the "why" panel: {kind, title, item,
 * tone, sentences: [{text, role}]}. The sentences are the lines
 * webapp.log.steplog.explain_step writes for that step. `item` is the item whose
 * cell or unit the board highlights (-1: none); tone "dead" marks a dead end.
 */
export function explainStep(log, state) {
  const explanation = explainEvent(log, state);
  // The last step of a search that a limit stopped also says so.
  const ending = say("recording.ends", { message: log.outcome.message });
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
  const line = (text, role = "summary") => ({ text, role });
  const L = Math.max(state.level, 0);
  const title = (key) => say(`title.${key}`);
  // A what-if's choices: the learner's, at levels 0 .. choices.length - 1 (docs/step-log.md).
  const choices = log.choices || [];
  if (log.bounds && kind >= 0 && kind !== COVER) {
    const bounded = boundedEvent(log, state, kind, arg);
    if (bounded) return bounded;
  }

  switch (kind) {
    case -1: {
      let open = 0;
      for (let i = 0; i < log.primary; i++) if (!state.covered[i]) open++;
      return {
        kind: "start", title: title("start"), item: -1, tone: "",
        sentences: [
          line(log.givens.length
            ? say("start.placed", { open, givens: say("start.givens", { count: log.givens.length }) })
            : say("start.nothing", { open })),
          // A Sudoku's words for the two of exact cover, said once at the start, and its variant's rules.
          ...(log.problem.kind === "sudoku" ? [line(say("start.sudoku"), "hint")] : []),
          ...variantRules(log.problem).map((rules) => line(say("start.variants", { rules }), "hint")),
          line(say("start.next"), "hint"),
        ],
      };
    }
    case CHOOSE: {
      if (L < choices.length) {
        const top = state.top();
        return {
          kind: "choose", title: title("choose"), item: top.item, tone: "",
          sentences: [line(say("choose.yours", { level: L, need: need[top.item], option: log.labels[choices[L]], d: top.d }))],
        };
      }
      const c = explainChoice(log, state);
      const labels = c.options.map((o) => log.labels[o]);
      const mrv = log.choose === "mrv";
      const why = mrv ? say("choose.mrv", { d: c.d }) : say("choose.first", { d: c.d });
      const fields = { level: L, need: need[c.item], why, options: labels.join(", ") };
      const sentences = [line(say(labels.length ? "choose.line" : "choose.none", fields))];
      if (mrv && c.runnersUp.length) {
        // A runner-up with as few options lost only the tie: say how ties go.
        const tie = c.runnersUp[0].count !== c.d ? ""
          : log.problem.kind === "sudoku" ? say("choose.tie_sudoku", { units: sudokuUnits(log.problem) }) : say("choose.tie");
        const runners = c.runnersUp.map((r) => say("choose.runner", { need: need[r.item], count: r.count })).join("; ");
        sentences.push(line(say("choose.runners_up", { runners, tie }), "runners-up"));
      }
      // A forced move says its name last (facts.singles).
      const forced = log.facts ? log.facts.singleAt(step) : null;
      if (forced && c.options.length) sentences.push(line(singleLine(log, c.item, c.options[0], forced), "forced"));
      return { kind: "choose", title: title("choose"), item: c.item, tone: "", sentences, choice: c };
    }
    case TRY: {
      const top = state.top();
      if (L < choices.length) {
        return {
          kind: "try", title: title("try"), item: top.item, tone: "",
          sentences: [line(say("try.yours", { level: L, need: need[top.item], option: log.labels[arg] }))],
        };
      }
      return {
        kind: "try", title: title("try"), item: top.item, tone: "",
        sentences: [line(say("try.line", {
          level: L, need: need[top.item], k: top.k, d: top.d, option: log.labels[arg],
          before: say("try.before", { count: top.k - 1 }),
        })), ...wrongChoiceLines(log, step)],
      };
    }
    case COVER: {
      const labels = log.optionsBeside(state, arg).map((o) => log.labels[o]);
      let text = moveLine("cover.line", say("item.name", { item: log.items[arg], need: need[arg] }), labels);
      // The options just set aside are the ones this level now tries.
      if (labels.length && L >= choices.length && step >= 2 && log.kindAt(step - 1) === CHOOSE && log.argAt(step - 1) === arg) {
        text += say("cover.chosen", { count: labels.length });
      }
      if (log.bounds) text += coverSuffix(log, state, arg);
      return { kind: "cover", title: title("cover"), item: arg, tone: "", sentences: [line(text)] };
    }
    case UNCOVER: {
      const labels = log.optionsBeside(state, arg).map((o) => log.labels[o]);
      let text = moveLine("uncover.line", say("item.name", { item: log.items[arg], need: need[arg] }), labels);
      // An uncover of an item of the choice being taken back says so (not the chosen item's own).
      const latest = log.newest(state);
      if (latest && latest.takenBack && log.options[latest.option].includes(arg)
          && arg !== state.frameItem[latest.level]) {
        text += say("uncover.takes_back", { option: log.labels[latest.option], level: latest.level });
      }
      return { kind: "uncover", title: title("uncover"), item: arg, tone: "", sentences: [line(text)] };
    }
    case PURIFY: {
      const colour = state.purified[arg];
      const aside = log.optionsBeside(state, arg).filter((o) => log.colourOf(o, arg) !== colour);
      return { kind: "purify", title: title("purify"), item: arg, tone: "", sentences: [line(purifyLine(log, arg, colour, aside, false))] };
    }
    case UNPURIFY: {
      // The option being taken back, the top frame's, gave the item its colour.
      const colour = log.colourOf(state.frameOption[state.height - 1], arg);
      const back = log.optionsBeside(state, arg).filter((o) => log.colourOf(o, arg) !== colour);
      let text = purifyLine(log, arg, colour, back, true);
      const latest = log.newest(state);
      if (latest && latest.takenBack && log.options[latest.option].includes(arg)) {
        text += say("uncover.takes_back", { option: log.labels[latest.option], level: latest.level });
      }
      return { kind: "unpurify", title: title("unpurify"), item: arg, tone: "", sentences: [line(text)] };
    }
    case SOLUTION:
      return {
        kind: "solution", title: title("solution"), item: -1, tone: "solution",
        // A solution the log goes on from: the search looks for another.
        sentences: [line(say("solution.line", {
          count: arg, last: arg - 1, more: step < log.stepCount ? say("solution.more") : "",
        }))],
      };
    case DEAD_END: {
      const d = explainDeadEnd(log, state);
      const sentences = [line(d.heading), ...d.culprits.lines.map((text) => line(text, "culprits")),
        ...d.groups.map((g) => line(g.text, "ruled-out")), ...d.also.map((text) => line(text, "also")),
        line(d.closing, "back"), ...d.lesson.map((text) => line(text, "lesson"))];
      return { kind: "dead-end", title: title("dead_end"), item: d.item, tone: "dead", sentences, deadEnd: d };
    }
    case BACKUP: {
      // The frame just popped is the level being left: its item is highlighted.
      const item = state.popped().item;
      if (choices.length && arg === choices.length) {
        const text = say("backup.below_yours", { level: arg, need: need[item], message: log.outcome.message });
        return { kind: "backup", title: title("over"), item, tone: "", sentences: [line(text)] };
      }
      // Leaving level 0 is the last step of a search that ran to its end.
      const text = arg
        ? say("backup.line", { level: arg, need: need[item], above: arg - 1, option: log.labels[state.top().option] })
        : say("backup.over", { need: need[item], message: log.outcome.message });
      const jumps = arg ? jumpLines(log, step, arg - 1).map((t) => line(t, "lesson")) : [];
      return { kind: "backup", title: arg ? title("backup") : title("over"), item, tone: "", sentences: [line(text), ...jumps] };
    }
    default:
      return { kind: "unknown", title: "", item: -1, tone: "", sentences: [] };
  }
}

/** At a dead end, the options of its culprit choices (the server's facts), as a Set; else an empty one. */
export function culpritOptions(state, explanation) {
  if (!explanation || !explanation.deadEnd) return new Set();
  return new Set(explanation.deadEnd.culprits.levels.map((level) => state.frameOption[level]));
}
