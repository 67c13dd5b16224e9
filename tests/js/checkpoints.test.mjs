// Seeking in long logs (docs/step-log.md, "Limits"): the checkpoints' spacing grows with the log so their
// memory stays within a budget, and a seek lands on exactly the state replayed from the start, whatever
// the spacing. The log is the real solver's, of a seeded random problem with colours.
import { test } from "node:test";
import assert from "node:assert/strict";
import { CHECKPOINT_BYTES, CHECKPOINT_EVERY, StepLog, checkpointSpacing } from "../../static/js/model/steplog.js";
import { pythonJson } from "./python.mjs";

/** A seeded random exact cover problem in Knuth's text form: 18 primary items, 3 coloured secondary ones. */
function randomProblem(seed) {
  let x = seed;
  const next = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const primary = "abcdefghijklmnopqr".split("");
  const lines = [`${primary.join(" ")} | x y z`];
  for (let k = 0; k < 90; k++) {
    const option = primary.filter(() => next(7) === 0);
    if (!option.length) option.push(primary[next(primary.length)]);
    for (const s of ["x", "y", "z"]) if (next(3) === 0) option.push(`${s}:${next(2)}`);
    lines.push(option.join(" "));
  }
  return `${lines.join("\n")}\n`;
}

function logOf(text) {
  return pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import cover_text
from webapp.analysis.explain import generic_phrases
problem = cover_text.parse_cover(json.loads(${JSON.stringify(JSON.stringify(text))}))
rec = ec.Recording()
outcome = ec.solve(problem, recording=rec, max_solutions=None, choose="first", max_steps=30_000)
print(json.dumps(steplog.build(problem, generic_phrases(problem), [], rec, outcome, {"kind": "cover", "title": "random"})))
`);
}

test("the checkpoints' spacing doubles until they fit their budget, and never drops below CHECKPOINT_EVERY", () => {
  assert.equal(checkpointSpacing(1000, 324, 81), CHECKPOINT_EVERY);
  assert.equal(checkpointSpacing(1_000_000, 324, 81), CHECKPOINT_EVERY);    // 9×9: 489 checkpoints, ~1.5 MB
  // A 25×25 Sudoku (2,500 items, 626 levels) over ten million events: 16,384 events apart.
  const every = checkpointSpacing(10_000_000, 2500, 626);
  assert.equal(every, 16384);
  const each = 1024 + 5 * 2500 + 20 * 627;
  assert.ok((Math.floor(10_000_000 / every) + 1) * each <= CHECKPOINT_BYTES);
  assert.ok((Math.floor(10_000_000 / (every / 2)) + 1) * each > CHECKPOINT_BYTES);
  assert.equal(checkpointSpacing(5000, 10, 3, 10), 8192);                  // no budget: one checkpoint
});

test("a seek lands on the state replayed from the start, with checkpoints 2,048 to 8,192 events apart", () => {
  const json = logOf(randomProblem(1));
  assert.ok(json.colours, "the problem has colours (purify and unpurify are replayed too)");
  assert.ok(json.events.length > 29_000, `a long log (${json.events.length} events)`);
  let x = 7;
  const random = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const spacings = [];
  for (const budget of [CHECKPOINT_BYTES, 12_000, 6_000]) {
    const log = new StepLog(json, budget);
    spacings.push(log.checkpointEvery);
    assert.equal(log.checkpoints.length, Math.floor(log.stepCount / log.checkpointEvery) + 1);
    let state = null;
    for (let k = 0; k < 150; k++) {
      const step = random(log.stepCount + 1);
      state = log.seek(step, k % 3 ? state : null);       // a reused state, and a fresh one
      assert.deepEqual(state.snapshot(), log.replayFromStart(step).snapshot(), `every ${log.checkpointEvery}, step ${step}`);
    }
  }
  assert.deepEqual(spacings, [2048, 4096, 8192]);
});
