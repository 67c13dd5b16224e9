// model/variants.js: names, regions maps, what the board draws, clashing givens under each rule.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DECOR, VARIANTS, boardMarks, readRegions, readVariants, ruleClashes, windowCorners } from "../../static/js/model/variants.js";

const JIGSAW = "111111123456616123456666223456622223455577323445777333445577778499998888999998888";
const put = (cells) => { const v = new Array(81).fill(0); for (const [i, d] of cells) v[i] = d; return v; };

test("variant names from a link: known ones in order, each once, unknown ones apart", () => {
  assert.deepEqual(readVariants("anti-knight,x,x,Hexagon"), { names: ["x", "anti-knight"], unknown: ["hexagon"] });
  assert.deepEqual(readVariants(null), { names: [], unknown: [] });
  assert.equal(VARIANTS.length, 5);
});

test("windows: n - 1 a side, one in and one apart", () => {
  assert.deepEqual(windowCorners(3), [[1, 1], [1, 5], [5, 1], [5, 5]]);
  assert.deepEqual(windowCorners(2), [[1, 1]]);
  assert.equal(windowCorners(4).length, 9);
});

test("a regions map is checked: length, characters, region sizes", () => {
  assert.equal(readRegions("", 9).regions, null);
  assert.equal(readRegions(JIGSAW, 9).regions[80], 7);
  assert.match(readRegions("123", 9).error, /has 3 cells, but a 9×9 puzzle has 81/);
  assert.match(readRegions("x" + JIGSAW.slice(1), 9).error, /'x' at r1c1/);
  assert.match(readRegions("12" + JIGSAW.slice(2), 9).error, /region 1 has 8 cells and region 2 has 10 cells: each region needs 9 cells/);
  // A region in two pieces, in the server's words (r1c1 and r4c4 of the boxes swapped).
  assert.equal(readRegions("4122" + "1122" + "3344" + "3341", 4).error,
    "region 1 is in 2 pieces: r1c2… (3 cells) and r4c4 alone; region 4 is in 2 pieces: r1c1 alone and r3c3… (3 cells); "
    + "a region's cells must join up side by side, as in a published jigsaw");
});

test("the board's marks: diagonals, windows, and thick lines between regions", () => {
  const plain = boardMarks(9);
  assert.equal(plain.right[2], 1);          // r1c3 | r1c4: between boxes
  assert.equal(plain.right[0], 0);
  assert.equal(plain.bottom[18], 1);        // r3c1 over r4c1
  const x = boardMarks(9, ["x", "windoku"]);
  assert.equal(x.decor[0] & DECOR.DIAGONAL, DECOR.DIAGONAL);
  assert.equal(x.decor[8] & DECOR.ANTI_DIAGONAL, DECOR.ANTI_DIAGONAL);
  assert.equal(x.decor[10], DECOR.WINDOW | DECOR.DIAGONAL);    // r2c2: in window 1, on diagonal 1
  assert.equal(x.decor[1], 0);
  const jig = boardMarks(9, [], readRegions(JIGSAW, 9).regions);
  assert.equal(jig.right[2], 0);            // r1c3 and r1c4 are both region 1
  assert.equal(jig.right[6], 1);            // r1c7 | r1c8: regions 1 and 2
});

test("clashing givens under each rule, in the server's words", () => {
  assert.deepEqual(ruleClashes(put([[2, 5], [21, 5]]), 9, ["anti-knight"]).messages,
    ["r1c3 and r3c4 both hold 5 (a knight's move apart: the anti-knight rule)"]);
  assert.deepEqual(ruleClashes(put([[0, 5], [40, 5]]), 9, ["x"]).messages, ["r1c1 and r5c5 both hold 5 (diagonal 1)"]);
  assert.deepEqual(ruleClashes(put([[0, 4], [1, 5]]), 9, ["non-consecutive"]).messages,
    ["r1c1 and r1c2 hold 4 and 5: neighbours may not differ by 1 (the non-consecutive rule)"]);
  // A knight's move inside a box is the box's clash, said once.
  assert.deepEqual(ruleClashes(put([[0, 3], [11, 3]]), 9, ["anti-knight"]).messages, ["r1c1 and r2c3 both hold 3 (box 1)"]);
  // A jigsaw: two 1s in box 1 but not in one region are fine.
  const regions = readRegions(JIGSAW, 9).regions;
  assert.deepEqual(ruleClashes(put([[0, 1], [10, 1]]), 9, [], regions).messages, []);
  assert.deepEqual(ruleClashes(put([[0, 1], [3, 1]]), 9, [], regions).messages, ["r1c1 and r1c4 both hold 1 (row 1 and region 1)"]);
  // A map that cannot be read: no boxes in its place (issue 32), rows and the variants still.
  assert.deepEqual(ruleClashes(put([[0, 1], [10, 1]]), 9, [], null, { blocks: false }).messages, []);
  assert.deepEqual(ruleClashes(put([[0, 1], [3, 1], [40, 1]]), 9, ["x"], null, { blocks: false }).messages,
    ["r1c1 and r1c4 both hold 1 (row 1)", "r1c1 and r5c5 both hold 1 (diagonal 1)"]);
});

test("a shared link carries the variants and the regions", async () => {
  const { readShare, shareQuery, sameSolve } = await import("../../static/js/model/url.js");
  const share = { puzzle: "1", solutions: 1, choose: "mrv", step: 4, variants: ["x", "anti-knight"], regions: JIGSAW };
  const query = shareQuery(share);
  assert.match(query, /v=x%2Canti-knight/);
  const back = readShare(query);
  assert.deepEqual(back.variants, ["x", "anti-knight"]);
  assert.equal(back.regions, JIGSAW);
  assert.ok(sameSolve(back, share));
  assert.ok(!sameSolve(back, { ...share, variants: ["x"] }));
  assert.ok(!sameSolve(back, { ...share, regions: "" }));
  assert.match(readShare("?p=1&v=x,hexagon").notes.join(" "), /v=hexagon is not a variant/);
  assert.deepEqual(readShare("?p=1").variants, []);
});

test("a map may name its regions from 0 (as f-puzzles stores them) or by letters, as the server reads it", () => {
  const fromOne = readRegions(JIGSAW, 9).regions;
  const fromZero = [...JIGSAW].map((ch) => String(Number(ch) - 1)).join("");
  const letters = [...JIGSAW].map((ch) => "abcdefghi"[Number(ch) - 1]).join("");
  assert.deepEqual(readRegions(fromZero, 9).regions, fromOne);
  assert.deepEqual(readRegions(letters, 9).regions, fromOne);
  // Shaped as the grid, one row a line.
  assert.deepEqual(readRegions(fromZero.match(/.{9}/g).join("\n"), 9).regions, fromOne);
  assert.match(readRegions(`0${JIGSAW.slice(1)}`, 9).error, /^the regions map names its regions both from 0 \(the 0 at r1c1\) and from 1 \('9' at r\d+c\d+\): name them 0 to 8, or 1 to 9$/);
  assert.match(readRegions(`J${letters.slice(1)}`, 9).error, /'J' at r1c1: a 9×9 map names each cell's region with one of A to I/);
  assert.match(readRegions(`01${fromZero.slice(2)}`, 9).error, /^region 0 has 8 cells and region 1 has 10 cells/);
});

test("the command line's 'PUZZLE REGIONS' line is split, and a map is shaped as the grid", async () => {
  const { splitEntry, mapRows } = await import("../../static/js/model/variants.js");
  const puzzle = "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7";
  assert.deepEqual(splitEntry(`${puzzle} ${JIGSAW}\n`), { puzzle, regions: JIGSAW });
  assert.equal(splitEntry(puzzle), null);
  assert.equal(splitEntry(`${puzzle} ${puzzle}`), null, "two puzzles are not a puzzle and its map");
  assert.equal(mapRows(JIGSAW).split("\n").length, 9);
  assert.equal(mapRows(JIGSAW).replace(/\n/g, ""), JIGSAW);
  assert.equal(mapRows("1122 1122 3344 3344"), "1122\n1122\n3344\n3344");
  assert.equal(mapRows("123"), "123");
});
