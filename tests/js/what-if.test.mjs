// The what-if model (model/what-if.js): the choices a replay's step forces, the options its
// level had, and the difference between a what-if and the search as recorded, in words, from
// the two logs the real server writes (tests/js/python.mjs runs it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { CHOOSE, StepLog } from "../../static/js/model/steplog.js";
import { pathAt, levelChoices, tryInstead, branchHere, nodeOfPath, difference, markAt, tryDigit } from "../../static/js/model/what-if.js";
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

test("try this instead from a pencil mark: the mark under a point, and the digit as the level's option", () => {
  assert.equal(markAt(3, 0.1, 0.1), 0);
  assert.equal(markAt(3, 0.99, 0.5), 5);              // the middle row's last mark: 6
  assert.equal(markAt(4, 0.3, 0.8), 13);              // a 16×16 board's marks, 4 by 4
  assert.equal(markAt(3, 1, 0.5), -1);
  assert.equal(markAt(3, 0.5, -0.01), -1);
  const { plain: json } = logs({});
  const plain = new StepLog(json);
  // A wrong try at a level whose item is a cell (a unit's digit has no cell to click).
  const node = json.facts.tries.wrong.find((n) => levelChoices(plain, plain.seek(plain.trySteps[n])).item < 81);
  const atTry = plain.seek(plain.trySteps[node]);
  const at = levelChoices(plain, atTry);
  const cell = at.item;
  const digitOf = (option) => Number(plain.labels[option].match(/^(\d) in /)[1]) - 1;
  const other = at.options.find((o) => o !== at.tried);
  // A key: the level's cell, whatever it shows; the option of the digit is the one its label names.
  const keyed = tryDigit(plain, atTry, digitOf(other));
  assert.equal(keyed.option, other);
  assert.deepEqual(keyed.what, tryInstead(atTry, at.level, other));
  assert.equal(plain.labels[other], `${digitOf(other) + 1} in ${plain.items[cell]}`);
  const missing = [...Array(9).keys()].find((d) => !at.options.some((o) => digitOf(o) === d));
  assert.deepEqual({ ...tryDigit(plain, atTry, missing), options: null }, { level: at.level, item: cell, options: null, option: -1, what: null });
  // A click: only on the level's cell while it holds no digit (at its choose, its marks drawn).
  assert.equal(tryDigit(plain, atTry, digitOf(other), cell), null);
  let choose = plain.trySteps[node];
  while (!(plain.kindAt(choose) === CHOOSE && plain.levelAt(choose) === at.level)) choose--;
  const atChoose = plain.seek(choose);
  assert.deepEqual(tryDigit(plain, atChoose, digitOf(other), cell).what, tryInstead(atChoose, at.level, other));
  assert.equal(tryDigit(plain, atChoose, digitOf(other), (cell + 1) % 81), null);
  assert.equal(tryDigit(plain, plain.seek(0), 0), null);      // before the first choice: no level
});
