// model/tour.js — the guided tour (&tour=1): a short narrated walk through a search's
// key moments, built from the log and its facts: the first choice and why that item,
// the longest chain of forced moves, the first dead end and its culprits, the
// costliest wrong choice, thrashing, where backjumping would have saved the most,
// and the solution. Each moment is a step to show and sentences from the message
// catalogue (tour.*, and the Why panel's own culprit and backjump lines); nothing
// about the search is worked out that the log does not hold. No DOM.

import { BACKUP, CHOOSE, DEAD_END, SOLUTION } from "./steplog.js";
import { culpritLines, jumpLines } from "./explain.js";
import { joinAnd, say } from "./messages.js";

/** The longest run of forced chooses (one option each) with no dead end or back-up between: {start, count, from, to} or null. */
function longestForcedChain(log) {
  let best = null;
  let run = null;
  let chooses = 0;
  for (let i = 0; i < log.kinds.length; i++) {
    const kind = log.kinds[i];
    if (kind === CHOOSE) {
      if (log.sizes[chooses] === 1) {
        if (!run) run = { start: i + 1, count: 0, from: log.heights[i + 1] - 1 };
        run.count += 1;
        run.to = log.heights[i + 1] - 1;
        if (run.count >= 2 && (!best || run.count > best.count)) best = { ...run };
      } else {
        run = null;
      }
      chooses++;
    } else if (kind === DEAD_END || kind === BACKUP || kind === SOLUTION) {
      run = null;
    }
  }
  return best;
}

/** The choices at some levels of a state, in words: "7 in r3c4 at level 2 and …". */
function choicesAt(log, state, levels) {
  return joinAnd(levels.map((level) => say("thrash.choice", { option: log.labels[state.frameOption[level]], level })));
}

/**
 * The tour of a search: its moments in step order, each {kind, title, step, lines}; the first
 * is the overview at step 0.
 */
export function buildTour(log) {
  const facts = log.facts;
  const moments = [];
  const add = (kind, title, step, lines) => moments.push({ kind, title, step, lines });
  add("overview", say("tour.title.overview"), 0, [say("tour.overview", {
    nodes: log.trySteps.length, dead: log.deadEndSteps.length, solutions: log.solutionSteps.length,
  })]);
  const firstChoose = log.kinds.indexOf(CHOOSE);
  if (firstChoose >= 0) {
    const item = log.args[firstChoose];
    const fields = { need: log.phrases.need[item], d: log.sizes[0] };
    add("first", say("tour.title.first"), firstChoose + 1, [say(log.choose === "first" ? "tour.first.first" : "tour.first", fields)]);
  }
  const chain = longestForcedChain(log);
  if (chain) add("forced", say("tour.title.forced"), chain.start, [say("tour.forced", chain)]);
  if (log.deadEndSteps.length) {
    const step = log.deadEndSteps[0];
    const state = log.seek(step);
    const item = log.argAt(step);
    add("dead-end", say("tour.title.dead_end"), step, [say("tour.dead_end", { level: Math.max(state.level, 0), empty: log.phrases.empty[item] }),
      ...culpritLines(log, state, item).lines.slice(0, 1)]);
  }
  const [costliest] = facts.costliest(1);
  if (costliest) {
    const step = log.trySteps[costliest.node];
    add("costliest", say("tour.title.costliest"), step, [say("tour.costliest", {
      label: log.labels[log.argAt(step)], level: log.levelAt(step), nodes: costliest.nodes, total: log.trySteps.length,
    })]);
  }
  if (facts.thrashing.length) {
    const group = facts.thrashing[0];
    // At its second dead end: the same conflict met again.
    const step = facts.deadEventIndex[group[1]] + 1;
    const state = log.seek(step);
    add("thrashing", say("tour.title.thrashing"), step, [say("tour.thrashing", { count: group.length, choices: choicesAt(log, state, Array.from(facts.culpritsOf(group[1]))) })]);
  }
  if (facts.jumpWasted.length) {
    let j = 0;
    for (let k = 1; k < facts.jumpWasted.length; k++) if (facts.jumpWasted[k] > facts.jumpWasted[j]) j = k;
    const step = facts.jumpEventIndex[j] + 1;
    const back = log.kindAt(step) === DEAD_END ? facts.backTo[facts.deadEndAt(step)] : log.argAt(step) - 1;
    if (facts.jumpWasted[j] > 0) add("backjump", say("tour.title.backjump"), step, [say("tour.backjump", { wasted: facts.jumpWasted[j] }), ...jumpLines(log, step, back)]);
  }
  if (log.solutionSteps.length) {
    const step = log.solutionSteps[0];
    add("solution", say("tour.title.solution"), step, [say("tour.solution", { count: log.argAt(step), nodes: countTriesBefore(log, step) })]);
  } else {
    add("end", say("tour.title.end"), log.stepCount, [say("tour.end", { message: log.outcome.message || "" })]);
  }
  return moments.map((m, order) => ({ ...m, order })).sort((a, b) => a.step - b.step || a.order - b.order)
    .map(({ kind, title, step, lines }) => ({ kind, title, step, lines }));
}

/** How many nodes the search tried up to a step. */
function countTriesBefore(log, step) {
  let lo = 0;
  let hi = log.trySteps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log.trySteps[mid] <= step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The moment a tour opens on for a step the address names: the last one at or before it. */
export function momentAt(moments, step) {
  let at = 0;
  moments.forEach((m, k) => { if (m.step <= step) at = k; });
  return at;
}

/** "2 of 7: The first choice": where a moment is in the tour, and its title. */
export function momentHeading(moments, at) {
  return say("tour.heading", { at: at + 1, count: moments.length, title: moments[at].title });
}
