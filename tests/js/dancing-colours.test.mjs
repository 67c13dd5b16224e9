// The browser's dancing links (model/dancing.js) replay Knuth's purify and unpurify: after
// every step of the word square (a problem with colours) the up and down arrays equal
// those of the Python engine (webapp.engine.exact_cover.Search) after the same event.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog } from "../../static/js/model/steplog.js";
import { DancingReplay } from "../../static/js/model/dancing.js";
import { builtinLogWithLines, pythonJson } from "./python.mjs";
test("links at every step of the word square equal Python's", () => {
  const { log: json } = builtinLogWithLines("word-square", {}, { limit: 2 });
  const log = new StepLog(json);
  const replay = new DancingReplay(log);
  const arrays = pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.models import problems
b = problems.make("word-square")
s = ec.Search(b.problem, "python")
out = []
# Record the arrays as each event is written (the loop calls emit right after each update).
s._event_sinks = lambda rec, check: ((lambda code: out.append([list(a) for a in s.links()[:2]])), (lambda v: None))
s.run(max_solutions=2, recording=ec.Recording())
print(json.dumps(out))`);
  for (let step = 1; step <= log.stepCount; step++) {
    const links = replay.seek(step);
    assert.deepEqual([Array.from(links.up), Array.from(links.down)], arrays[step - 1], `step ${step}`);
  }
});
