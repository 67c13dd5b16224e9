// Knuth's multiplicities (DLX3) in the page's model: a log with bounds decodes, replays (seeking
// lands on the state replayed from the start), names its settles in the tree, and says at every
// step exactly the lines Python says (webapp.log.steplog.explain_step), from the one catalogue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog, SETTLE, TAKE, KIND_NAMES } from "../../static/js/model/steplog.js";
import { explainStep } from "../../static/js/model/explain.js";
import { coverTextLogWithLines, pythonJson } from "./python.mjs";

const KNUTH_DLX3 = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

/** A small problem with bounds from a seed: 3 primary items with bounds, one secondary, 7 options. */
function seeded(seed) {
  let x = seed;
  const next = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const header = ["a", "b", "c"].map((name) => {
    const most = 1 + next(3);
    const least = next(most + 1);
    return least === most ? `${most}|${name}` : `${least}:${most}|${name}`;
  });
  const names = ["a", "b", "c", "s"];
  const lines = [`${header.join(" ")} | s`];
  for (let k = 0; k < 7; k++) {
    const option = names.filter(() => next(2));
    lines.push((option.length ? option : ["a"]).join(" "));
  }
  return `${lines.join("\n")}\n`;
}

function assertSameLines({ log: json, lines }) {
  const log = new StepLog(json);
  let state = null;
  for (let step = 1; step <= log.stepCount; step++) {
    state = log.seek(step, state);
    assert.deepEqual(state.snapshot(), log.replayFromStart(step).snapshot(), `step ${step}: seek`);
    const said = explainStep(log, state).sentences.map((s) => s.text);
    assert.deepEqual(said, lines[step - 1], `step ${step} (${KIND_NAMES[log.kindAt(step)]})`);
  }
  return log;
}

test("Knuth's DLX3 example: every step says what Python says; the settle is a node of the tree", () => {
  const log = assertSameLines(coverTextLogWithLines(KNUTH_DLX3));
  const kinds = Array.from(log.kinds);
  assert.ok(kinds.includes(TAKE) && kinds.includes(SETTLE));
  const settle = kinds.indexOf(SETTLE) + 1;
  assert.ok(log.nodeOfStep(settle) >= 0, "a settle is a node");
  assert.equal(log.labelOfStep(settle), "none more for C");
  assert.equal(log.facts.subtreeSizes.length, log.trySteps.length);
});

test("small problems with bounds: every step of each says what Python says", () => {
  let settles = 0;
  let deadEnds = 0;
  const texts = [1, 2, 3, 4, 5, 6].map(seeded);
  // One Python for them all (coverTextLogWithLines starts one a problem).
  const answers = pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import cover_text
from webapp.analysis.explain import generic_phrases
out = []
for text in json.loads(${JSON.stringify(JSON.stringify(texts))}):
    problem = cover_text.parse_cover(text)
    rec = ec.Recording()
    outcome = ec.solve(problem, recording=rec, max_solutions=None)
    log = steplog.build(problem, generic_phrases(problem), [], rec, outcome, {"kind": "cover", "title": "Your problem"})
    out.append({"log": log, "lines": [steplog.explain_step(log, s) for s in range(1, len(log["events"]) + 1)]})
print(json.dumps(out))
`);
  for (const answer of answers) {
    const log = assertSameLines(answer);
    settles += Array.from(log.kinds).filter((k) => k === SETTLE).length;
    deadEnds += log.deadEndSteps.length;
  }
  assert.ok(settles > 0 && deadEnds > 0, `${settles} settles, ${deadEnds} dead ends: the problems exercise both`);
});
