// The guided tour's model: its moments come from the log and its facts, each at the
// step it names, checked here against the log's JSON arrays themselves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog } from "../../static/js/model/steplog.js";
import { buildTour, momentAt, momentHeading } from "../../static/js/model/tour.js";
import { sudokuLogWithLines } from "./python.mjs";

const PUZZLE = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
const { log: json } = sudokuLogWithLines(PUZZLE, { lines: false });
const log = new StepLog(json);
const kinds = json.events.map((code) => code & 15);
const args = json.events.map((code) => code >> 4);

test("a tour's moments: in step order, each where the facts put it", () => {
  const tour = buildTour(log);
  const at = Object.fromEntries(tour.map((m) => [m.kind, m]));
  assert.deepEqual(tour.map((m) => m.step), [...tour.map((m) => m.step)].sort((a, b) => a - b));
  assert.equal(tour[0].kind, "overview");
  assert.equal(tour[0].lines[0].startsWith(`This search tries ${json.stats.nodes.toLocaleString("en")} nodes and meets ${json.stats.dead_ends.toLocaleString("en")} dead ends`), true);
  assert.equal(at.first.step, kinds.indexOf(0) + 1);
  assert.match(at.first.lines[0], new RegExp(`^The search starts with “${json.phrases.need[args[kinds.indexOf(0)]]}”: it has ${json.sizes[0]} option`));
  const firstDead = kinds.indexOf(5) + 1;
  assert.equal(at["dead-end"].step, firstDead);
  assert.equal(at["dead-end"].lines.length, 2, "the dead end and its culprits");
  // The costliest wrong choice: the wrong node with the largest subtree (the earliest of equals).
  const { wrong, nodes } = json.facts.tries;
  const costliest = wrong.reduce((best, node) => (nodes[node] > nodes[best] ? node : best), wrong[0]);
  const trySteps = kinds.flatMap((kind, i) => (kind === 1 ? [i + 1] : []));
  assert.equal(at.costliest.step, trySteps[costliest]);
  assert.match(at.costliest.lines[0], new RegExp(`cost ${nodes[costliest].toLocaleString("en")} of the search's ${trySteps.length.toLocaleString("en")} nodes\\.$`));
  if (json.facts.thrashing.length) assert.equal(at.thrashing.step, json.facts.dead_ends.step[json.facts.thrashing[0][1]] + 1);
  const { wasted, step } = json.facts.jumps;
  const most = wasted.indexOf(Math.max(...wasted));
  assert.equal(at.backjump.step, step[most] + 1);
  assert.match(at.backjump.lines[0], new RegExp(`saved the most: ${wasted[most].toLocaleString("en")} options`));
  assert.equal(at.solution.step, kinds.indexOf(4) + 1);
  for (const moment of tour) for (const line of moment.lines) assert.ok(!line.includes("{"), line);
  assert.equal(momentHeading(tour, 1), `2 of ${tour.length}: The first choice`);
  assert.equal(momentAt(tour, at.costliest.step + 1), tour.indexOf(at.costliest));
  assert.equal(momentAt(tour, 0), 0);
});

test("the chain of forced moves is the longest run of one-option chooses with no dead end or back-up between", () => {
  const { forced } = Object.fromEntries(buildTour(log).map((m) => [m.kind, m]));
  let best = 0;
  let bestStart = -1;
  let run = 0;
  let start = -1;
  let j = 0;
  kinds.forEach((kind, i) => {
    if (kind === 0) {
      if (json.sizes[j++] === 1) {
        if (run === 0) start = i + 1;
        run += 1;
        if (run > best) [best, bestStart] = [run, start];
      } else run = 0;
    } else if (kind === 4 || kind === 5 || kind === 6) run = 0;
  });
  assert.ok(best >= 2);
  assert.equal(forced.step, bestStart);
  assert.match(forced.lines[0], new RegExp(`^A chain of ${best} forced moves, levels `));
});
