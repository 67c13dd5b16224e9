// The what-if model (model/what-if.js): the choices a replay's step forces, the options its
// level had, and the difference between a what-if and the search as recorded, in words, from
// the two logs the real server writes (tests/js/python.mjs runs it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { StepLog } from "../../static/js/model/steplog.js";
import { pathAt, levelChoices, tryInstead, branchHere, nodeOfPath, difference } from "../../static/js/model/what-if.js";
import { readShare, shareQuery, sameSolve } from "../../static/js/model/url.js";
import { pythonJson } from "./python.mjs";

const BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4.";

/** The plain search's log and the what-if's, from the app's own API. */
function logs(whatIfBody) {
  return pythonJson(`
import json
from webapp.web.app import create_app
client = create_app({"TESTING": True}).test_client()
plain = client.post("/api/solve", json={"puzzle": ${JSON.stringify(BERRY)}}).get_json()["log"]
body = json.loads(${JSON.stringify(JSON.stringify(whatIfBody))})
node = plain["facts"]["tries"]["wrong"][0]
print(json.dumps({"plain": plain, "node": node}))
`);
}

function solveWith(choices, branch = null) {
  return pythonJson(`
import json
from webapp.web.app import create_app
client = create_app({"TESTING": True}).test_client()
body = {"puzzle": ${JSON.stringify(BERRY)}, "choices": ${JSON.stringify(choices)}}
if ${branch === null ? "False" : "True"}: body["branch_on"] = ${branch === null ? 0 : branch}
print(json.dumps(client.post("/api/solve", json=body).get_json()["log"]))
`);
}

test("a wrong choice tried again: its path, and the difference from the search's own in words", () => {
  const { plain: json, node } = logs({});
  const plain = new StepLog(json);
  const state = plain.seek(plain.trySteps[node]);
  const path = pathAt(state);
  assert.equal(nodeOfPath(plain, path), node);
  const at = levelChoices(plain, state);
  assert.equal(at.level, path.length - 1);
  assert.equal(at.tried, path[path.length - 1]);
  assert.ok(at.options.includes(at.tried) && at.options.length >= 2);
  // Trying the node's own option again is its path; another option keeps the path above.
  assert.deepEqual(tryInstead(state, at.level, at.tried).force, path);
  const other = at.options.find((o) => o !== at.tried);
  assert.deepEqual(tryInstead(state, at.level, other), { force: [...path.slice(0, -1), other], branch: null });
  assert.deepEqual(branchHere(state, 5), { force: path, branch: 5 });
  const whatIf = new StepLog(solveWith(path));
  const first = json.solutions[0];
  const said = difference(plain, whatIf, path, null);
  const mine = plain.subtreeSizes[node];
  assert.equal(whatIf.stats.nodes - path.length + 1, mine);
  if (path.slice(0, -1).every((o, l) => first[l] === o)) {
    const theirs = plain.subtreeSizes[nodeOfPath(plain, first.slice(0, path.length))];
    assert.equal(said, `Your ${plain.labels[path.at(-1)]} led to ${mine.toLocaleString("en-US")} nodes and no solution; `
      + `the search's ${plain.labels[first[path.length - 1]]} reached the solution in ${theirs.toLocaleString("en-US")}.`);
  } else {
    assert.match(said, /^Your .* led to [\d,]+ nodes and no solution; the search never took the choices above it/);
  }
});

test("branching elsewhere: the words name the item and both counts", () => {
  const { plain: json } = logs({});
  const plain = new StepLog(json);
  const own = plain.argAt(1);
  const cell = [...BERRY].findIndex((ch, c) => ch === "." && c !== own);
  const whatIf = new StepLog(solveWith([], cell));
  assert.equal(whatIf.argAt(1), cell);
  assert.equal(difference(plain, whatIf, [], cell),
    `Branching on ${plain.items[cell]} at level 0: a solution in ${whatIf.stats.nodes.toLocaleString("en-US")} nodes `
    + `below your choices; the search's own choice there took ${plain.stats.nodes.toLocaleString("en-US")}.`);
});

test("the address carries a what-if, and a different one is a different solve", () => {
  const share = readShare("?p=1.2&sol=1&choose=mrv&force=23,639&branch=7");
  assert.deepEqual([share.force, share.branch], [[23, 639], 7]);
  const again = readShare(shareQuery(share));
  assert.deepEqual([again.force, again.branch], [[23, 639], 7]);
  assert.ok(sameSolve(share, again));
  assert.ok(!sameSolve(share, { ...share, force: [23] }));
  assert.ok(!sameSolve(share, { ...share, branch: null }));
  const bad = readShare("?p=1.2&force=a,b&branch=-3");
  assert.deepEqual([bad.force, bad.branch], [[], null]);
  assert.equal(bad.notes.length, 2);
});
