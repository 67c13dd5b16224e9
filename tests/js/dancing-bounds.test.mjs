// The browser's dancing links (model/dancing.js) replay Knuth's Algorithm M (DLX3): after every step
// of problems with bounds, tweaks, untweaks and settles included, the up, down, left and right arrays
// equal those of the Python engine (webapp/engine/bounded.py) after the same event, seeking back and
// forth as well as stepping; a tweak's updates take the tried node out of its item's column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog, TRY, SETTLE, BACKUP } from "../../static/js/model/steplog.js";
import { DancingReplay, TWEAK } from "../../static/js/model/dancing.js";
import { pythonJson } from "./python.mjs";

const KNUTH_DLX3 = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
// C 1 to 3 times, D twice, E at most once: tweaks in both modes, settles and untweaks at backups.
const MIXED = "A 1:3|C 2|D 0:1|E\nA C\nC D\nC E\nA D\nD E\nC\nD\nA E\n";

test("links at every step of problems with bounds equal Python's, through tweaks and settles", () => {
  const texts = [KNUTH_DLX3, MIXED];
  const answers = pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import cover_text
from webapp.analysis.explain import generic_phrases
out = []
for text in json.loads(${JSON.stringify(JSON.stringify(texts))}):
    problem = cover_text.parse_cover(text)
    s = ec.Search(problem, "python")
    arrays = []
    # The arrays as each event is written (Algorithm M's loop calls emit right after each update).
    s._event_sinks = lambda rec, check: ((lambda code: arrays.append([list(a) for a in (s.up, s.down, s.left, s.right)])), (lambda v: None))
    s.run(max_solutions=None, recording=ec.Recording())
    rec = ec.Recording()
    outcome = ec.Search(problem, "python").run(recording=rec, max_solutions=None)
    log = steplog.build(problem, generic_phrases(problem), [], rec, outcome, {"kind": "cover", "title": "Your problem"})
    out.append({"log": log, "arrays": arrays})
print(json.dumps(out))
`);
  let tweaks = 0;
  let settles = 0;
  let untweaks = 0;
  for (const { log: json, arrays } of answers) {
    const log = new StepLog(json);
    assert.equal(arrays.length, log.stepCount);
    const replay = new DancingReplay(log);
    const at = (links) => [links.up, links.down, links.left, links.right].map((a) => Array.from(a));
    for (let step = 1; step <= log.stepCount; step++) {
      const updates = replay.updatesAt(step);
      assert.deepEqual(at(replay.links), arrays[step - 1], `step ${step}`);
      const kind = log.kindAt(step);
      if (replay.did && replay.did.op === "tweak") {
        tweaks += 1;
        assert.equal(kind, TRY);
        // The last update takes the tried node out of its item's column: len of the item less one.
        const last = updates[updates.length - 1];
        assert.equal(last.array, "len");
        assert.equal(last.node, replay.did.item);
        assert.equal(last.to, last.from - 1);
        // In TWEAK mode the option's other nodes leave their columns first (three updates each).
        const others = log.options[replay.did.option].length - 1;
        assert.equal(updates.length, 3 * (1 + (replay.did.mode === TWEAK ? others : 0)));
      }
      if (kind === SETTLE && replay.did) settles += 1;
      if (kind === BACKUP && replay.did && replay.did.op === "untweak") untweaks += 1;
    }
    // Seeking lands on the same arrays, backwards and in jumps.
    for (const step of [log.stepCount, 1, Math.floor(log.stepCount / 2), 3, log.stepCount - 1]) {
      assert.deepEqual(at(replay.seek(step)), arrays[step - 1], `seek ${step}`);
    }
    assert.ok(replay.seek(log.stepCount).isOriginal(), "every level backed up: the arrays as built");
  }
  assert.ok(tweaks > 0 && settles > 0 && untweaks > 0, `${tweaks} tweaks, ${settles} settles, ${untweaks} untweaks`);
});
