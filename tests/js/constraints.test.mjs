// model/constraints.js: the normalised constraints checked, their short form in a link, what the board draws.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  KINDS, cageOutline, constraintError, constraintShapes, firstCell, hasOutsideClues, kindsPresent,
  littleKillerPlace, parseConstraints, readConstraints, readNegative, writeConstraints,
} from "../../static/js/model/constraints.js";

// One of every kind, as the server writes them (docs/api.md).
const EVERY = [
  { kind: "killer", cells: [[0, 0], [0, 1], [1, 0]], sum: 14 },
  { kind: "killer", cells: [[8, 8]], sum: null },
  { kind: "thermo", cells: [[2, 2], [2, 3], [3, 3]] },
  { kind: "arrow", circle: [[4, 4]], cells: [[4, 5], [4, 6]] },
  { kind: "arrow", circle: [[5, 0], [5, 1]], cells: [[6, 1], [7, 1]] },
  { kind: "kropki-white", cells: [[0, 3], [0, 4]] },
  { kind: "kropki-black", cells: [[1, 3], [2, 3]] },
  { kind: "xv", cells: [[3, 0], [3, 1]], value: "X" },
  { kind: "xv", cells: [[3, 5], [4, 5]], value: "V" },
  { kind: "even", cells: [[6, 6]] },
  { kind: "odd", cells: [[6, 7]] },
  { kind: "whispers", cells: [[7, 2], [7, 3], [8, 4]] },
  { kind: "palindrome", cells: [[0, 6], [1, 6], [2, 6]] },
  { kind: "renban", cells: [[1, 8], [2, 8]] },
  { kind: "extra-region", cells: [[5, 5], [5, 6]] },
  { kind: "diagonal", direction: "+", cells: [[8, 0], [7, 1], [6, 2], [5, 3], [4, 4], [3, 5], [2, 6], [1, 7], [0, 8]] },
  { kind: "quadruple", cells: [[7, 7], [7, 8], [8, 7], [8, 8]], digits: [1, 2, 9] },
  { kind: "sandwich", side: "row", index: 3, sum: 14 },
  { kind: "sandwich", side: "column", index: 0, sum: 0 },
  { kind: "little-killer", cells: [[0, 1], [1, 2], [2, 3]], sum: 15 },
];

test("every kind the server writes is read as it is, and nothing is left out", () => {
  const { constraints, errors } = readConstraints(EVERY, 9);
  assert.deepEqual(errors, []);
  assert.deepEqual(JSON.parse(JSON.stringify(constraints)), EVERY);
  assert.ok(Object.isFrozen(constraints[0]) && Object.isFrozen(constraints[0].cells));
  assert.deepEqual(kindsPresent(constraints), KINDS);
});

test("a constraint that cannot be drawn is named, the others kept", () => {
  const bad = [
    { kind: "hexagon", cells: [[0, 0]] },
    { kind: "killer", cells: [[0, 9]], sum: 3 },
    { kind: "kropki-white", cells: [[0, 0], [2, 0]] },
    { kind: "xv", cells: [[0, 0], [0, 1]], value: "Y" },
    { kind: "quadruple", cells: [[0, 0], [0, 1], [1, 0], [2, 2]], digits: [1] },
    { kind: "sandwich", side: "diagonal", index: 1, sum: 3 },
    { kind: "even", cells: [[0, 0], [0, 1]] },
    { kind: "killer", cells: [[0, 0]], sum: -3 },
    { kind: "thermo", cells: [] },
    { kind: "thermo", cells: [[1, 1], [1, 2]] },
  ];
  const { constraints, errors } = readConstraints(bad, 9);
  assert.equal(constraints.length, 1);
  assert.equal(constraints[0].kind, "thermo");
  assert.deepEqual(errors, [
    "a constraint of kind hexagon, which the page does not know",
    "a killer with cells outside a 9×9 board",
    "a kropki-white not between two cells side by side",
    "an XV clue that is neither X nor V",
    "a quadruple not on four cells around a corner, or with digits outside 1 to 9",
    "a sandwich clue not beside a row or column of a 9×9 board",
    "an even mark on more than one cell",
    "a killer whose sum is not a whole number",
    "a thermo with no cells",
  ]);
  assert.equal(constraintError({ kind: "quadruple", cells: [[0, 0], [0, 1], [1, 0], [1, 1]], digits: [10] }, 9) !== null, true);
  assert.deepEqual(readNegative(["xv", "kropki", "nonsense", "xv"]), ["kropki-white", "kropki-black", "xv"]);
  assert.deepEqual(readNegative(["kropki-black"]), ["kropki-black"]);
});

test("the short form carries every kind there and back, in letters a URL keeps as they are", () => {
  const text = writeConstraints(EVERY);
  assert.match(text, /^[0-9a-z._*-]+$/);
  assert.ok(text.startsWith("k14-000110_k-88_t-222333_a-44*4546_a-5051*6171_"), text);
  assert.ok(text.includes("_d1-807162534435261708_"), text);
  const { constraints, errors } = parseConstraints(text, 9);
  assert.deepEqual(errors, []);
  assert.deepEqual(JSON.parse(JSON.stringify(constraints)), EVERY);
  // A 16×16's rows and columns past 9 are letters; a quadruple of two-digit numbers keeps them apart.
  const big = [{ kind: "quadruple", cells: [[14, 14], [14, 15], [15, 14], [15, 15]], digits: [10, 16] }];
  assert.equal(writeConstraints(big), "q10.16-eeeffeff");
  assert.deepEqual(JSON.parse(JSON.stringify(parseConstraints("q10.16-eeeffeff", 16).constraints)), big);
  assert.equal(writeConstraints([]), "");
});

test("a damaged short form keeps what it can and names the rest", () => {
  const { constraints, errors } = parseConstraints("k14-0001_zz9_t-0_w-0002_k7-99", 9);
  assert.deepEqual(constraints.map((c) => c.kind), ["killer"]);
  assert.deepEqual(errors, [
    "'zz9' is no constraint",
    "a thermo with cells outside a 9×9 board",
    "a kropki-white not between two cells side by side",
    "a killer with cells outside a 9×9 board",
  ]);
  assert.deepEqual(parseConstraints("", 9), { constraints: [], errors: [] });
});

/** The closed loops traced by an outline's segments (each end meets exactly one other end). */
function endsMeet(segments) {
  const ends = new Map();
  for (const [a, b, c, d] of segments) {
    for (const key of [`${a},${b}`, `${c},${d}`]) ends.set(key, (ends.get(key) || 0) + 1);
  }
  return [...ends.values()].every((n) => n === 2);
}

test("a cage's outline runs inside its cells and closes, round convex and concave corners", () => {
  const one = cageOutline([[2, 3]], 0.1);
  assert.deepEqual(one, [[3.1, 2.1, 3.9, 2.1], [3.1, 2.9, 3.9, 2.9], [3.1, 2.1, 3.1, 2.9], [3.9, 2.1, 3.9, 2.9]]);
  // An L: r0c0, r0c1, r1c0. The concave corner at (1, 1) is reached from both sides.
  const ell = cageOutline([[0, 0], [0, 1], [1, 0]], 0.1);
  assert.ok(endsMeet(ell));
  assert.ok(ell.some(([a, b, c, d]) => b === 0.9 && d === 0.9 && a === 0.9 && c === 1.9), "r0c1's bottom starts at the concave corner");
  assert.ok(ell.some(([a, b, c, d]) => a === 0.9 && c === 0.9 && b === 0.9 && d === 1.9), "r1c0's right side starts at the concave corner");
  // A plus of five cells and a ring of eight (a cage with a hole) close too.
  assert.ok(endsMeet(cageOutline([[1, 1], [0, 1], [2, 1], [1, 0], [1, 2]])));
  const ring = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1], [2, 2]];
  assert.ok(endsMeet(cageOutline(ring)));
  assert.deepEqual(firstCell([[3, 1], [2, 5], [2, 4]]), [2, 4]);
});

test("the shapes: each kind drawn where it belongs, lines and shading under the digits", () => {
  const shapes = constraintShapes(EVERY, 9);
  const of = (kind) => shapes.filter((s) => s.cls.split(" ").includes(kind));
  const layers = shapes.map((s) => s.layer);
  assert.equal(layers.indexOf("over"), layers.lastIndexOf("under") + 1, "under first, then over");
  for (const kind of KINDS) assert.ok(of(kind).length, kind);
  assert.deepEqual(of("killer").filter((s) => s.type === "text").map((s) => [s.x, s.y, s.text]), [[0.04, 0.04, "14"]]);
  assert.equal(of("killer").filter((s) => s.type === "path").length, 2, "a cage without a sum still has its outline");
  const [bulb, tube] = of("thermo");
  assert.deepEqual([bulb.type, bulb.cx, bulb.cy, bulb.layer], ["circle", 2.5, 2.5, "under"]);
  assert.deepEqual(tube.points, [[2.5, 2.5], [3.5, 2.5], [3.5, 3.5]]);
  const dots = [...of("kropki-white"), ...of("kropki-black")];
  assert.deepEqual(dots.map((s) => [s.cx, s.cy]), [[4, 0.5], [3.5, 2]]);
  assert.deepEqual(of("xv").map((s) => [s.text, s.x, s.y]), [["X", 1, 3.5], ["V", 5.5, 4]]);
  assert.deepEqual(of("quadruple").map((s) => [s.type, s.cx ?? s.x, s.cy ?? s.y]), [["circle", 8, 8], ["text", 8, 8]]);
  assert.equal(of("quadruple")[1].text, "129");
  assert.deepEqual(of("sandwich").map((s) => [s.x, s.y, s.text]), [[-0.5, 3.5, "14"], [0.5, -0.5, "0"]]);
  // An arrow's shaft leaves its circle at the edge and ends in a head at the last cell's centre.
  const [circle, shaft, head] = of("arrow");
  assert.equal(circle.r, 0.38);
  assert.deepEqual(shaft.points[0], [4.88, 4.5]);
  assert.deepEqual(head.points[1], [6.5, 4.5]);
  assert.equal(of("arrow")[3].type, "polyline", "a two-cell circle is a pill");
  assert.ok(hasOutsideClues(EVERY) && !hasOutsideClues(EVERY.slice(0, 5)));
});

test("a little killer's clue stands outside the grid at the start of its diagonal", () => {
  assert.deepEqual(littleKillerPlace([[0, 1], [1, 2], [2, 3]], 9), { at: [0.5, -0.5], dir: [1, 1] });
  // Listed from the far end: the clue goes before the other end.
  assert.deepEqual(littleKillerPlace([[2, 3], [1, 2], [0, 1]], 9), { at: [0.5, -0.5], dir: [1, 1] });
  assert.deepEqual(littleKillerPlace([[8, 1], [7, 0]], 9), { at: [2.5, 9.5], dir: [-1, -1] });
  assert.deepEqual(littleKillerPlace([[0, 8]], 9), { at: [9.5, -0.5], dir: [-1, 1] });
});

test("a link of f-puzzles or SudokuPad is told from puzzle text", async () => {
  const { importLink } = await import("../../static/js/model/constraints.js");
  const load = "N4IgzglgXgpiBcACAnAGkSALhTAbOSIA0hLvgE6IAUA6hANYQAOMAJhAIYDkYiMAHhwC2TfAEoQ6EBwCumAB";
  assert.equal(importLink(` https://f-puzzles.com/?load=${load}\n`), `https://f-puzzles.com/?load=${load}`);
  assert.equal(importLink(`f-puzzles.com/?load=${load}`), `f-puzzles.com/?load=${load}`);
  assert.equal(importLink(`https://sudokupad.app/fpuzzles${load}`), `https://sudokupad.app/fpuzzles${load}`);
  assert.equal(importLink(load), load);
  assert.equal(importLink(`fpuzzles${load}`), `fpuzzles${load}`);
  for (const text of ["53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "", "https://example.com/?load=N4Ig", "f-puzzles.com is a site\nwith words", null]) {
    assert.equal(importLink(text), null, String(text));
  }
});

test("a path dragged by hand: on to a neighbour, back by retracing, and the constraint it makes", async () => {
  const { extendPath, drawnConstraint } = await import("../../static/js/model/constraints.js");
  let path = [];
  for (const cell of [[0, 0], [0, 1], [0, 1], [1, 2], [3, 3], [0, 0], [1, 2]]) path = extendPath(path, cell);
  assert.deepEqual(path, [[0, 0], [0, 1], [1, 2]], "a cell far away, one already in it, the same again: unchanged");
  path = extendPath(path, [0, 1]);
  assert.deepEqual(path, [[0, 0], [0, 1]], "back over the one before the last takes the last back");
  assert.deepEqual(drawnConstraint("killer", path, 7), { kind: "killer", cells: [[0, 0], [0, 1]], sum: 7 });
  assert.deepEqual(drawnConstraint("killer", path, NaN), { kind: "killer", cells: [[0, 0], [0, 1]], sum: null });
  assert.deepEqual(drawnConstraint("thermo", path), { kind: "thermo", cells: [[0, 0], [0, 1]] });
  assert.deepEqual(drawnConstraint("arrow", path), { kind: "arrow", circle: [[0, 0]], cells: [[0, 1]] });
  assert.equal(drawnConstraint("thermo", [[0, 0]]), null, "a thermometer of one cell is none");
  assert.deepEqual(drawnConstraint("killer", [[4, 4]], 5), { kind: "killer", cells: [[4, 4]], sum: 5 });
  assert.equal(drawnConstraint("sandwich", path), null);
});

test("an import's answer and a link's c= become what the board takes, with notes", async () => {
  const { imported, linked } = await import("../../static/js/model/constraints.js");
  const answer = {
    size: 9, variants: ["x"], regions: null, negative: ["xv"], notes: ["The link's 2 between lines are not solved here."],
    constraints: [EVERY[0], { kind: "hexagon", cells: [] }],
  };
  const got = imported(answer);
  assert.deepEqual(got.rules, { names: ["x"], regions: "" });
  assert.deepEqual(got.negative, ["xv"]);
  assert.equal(got.constraints.length, 1);
  assert.deepEqual(got.notes, [
    "Imported from the link, with 1 constraint drawn on the board.",
    "The link's 2 between lines are not solved here.",
    "a constraint of kind hexagon, which the page does not know",
  ]);
  const fromLink = linked({ constraints: "k14-000110_q", negative: ["kropki-white"] }, 9);
  assert.equal(fromLink.constraints.length, 1);
  assert.deepEqual(fromLink.notes, ["The link's constraints (c=): 'q' is no constraint; it is left off the board."]);
});
