// The embeddable player's address (/embed): the problem as the pages share it, the range
// within the search, and the snippet the Embed button copies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { embedQuery, embedRange, embedSnippet, readEmbed } from "../../static/js/model/embed.js";
import { readCoverShare } from "../../static/js/model/url.js";

const PUZZLE = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4.";

test("a Sudoku's address: the page's share, the range and autoplay", () => {
  const asked = readEmbed(`?p=${PUZZLE}&v=x&sol=2&choose=first&from=10&to=40&autoplay=1`);
  assert.equal(asked.kind, "sudoku");
  assert.equal(asked.share.puzzle, PUZZLE);
  assert.deepEqual(asked.share.variants, ["x"]);
  assert.equal(asked.share.solutions, 2);
  assert.equal(asked.share.choose, "first");
  assert.deepEqual([asked.from, asked.to, asked.autoplay], [10, 40, true]);
  assert.deepEqual(asked.notes, []);
  const plain = readEmbed(`?p=${PUZZLE}`);
  assert.deepEqual([plain.from, plain.to, plain.autoplay], [null, null, false]);
});

test("a cover problem's address: from, to and autoplay are not the built-in's parameters", () => {
  const asked = readEmbed("?builtin=queens&n=6&from=0&to=30&autoplay=1");
  assert.equal(asked.kind, "cover");
  assert.deepEqual(asked.share.params, { n: 6 });
  assert.deepEqual([asked.from, asked.to], [0, 30]);
  assert.deepEqual(readCoverShare("?builtin=queens&n=6&predict=1&tour=1").params, { n: 6 });
  assert.equal(readEmbed("?text=A%20B%0AA%0AB").share.text, "A B\nA\nB");
  assert.equal(readEmbed("?from=3"), null);
});

test("a bad step is named and left out; the range is brought within the search and put in order", () => {
  const asked = readEmbed(`?p=${PUZZLE}&from=ten&to=-4`);
  assert.deepEqual([asked.from, asked.to], [null, null]);
  assert.deepEqual(asked.notes, [
    "from=ten is not a step number: the range starts or ends where the search does.",
    "to=-4 is not a step number: the range starts or ends where the search does.",
  ]);
  assert.deepEqual(embedRange(null, null, 500), { from: 0, to: 500, notes: [] });
  const past = embedRange(20, 900, 500);
  assert.deepEqual([past.from, past.to], [20, 500]);
  assert.deepEqual(past.notes, ["to=900 is past the last step (500): the range ends at the last step."]);
  const backwards = embedRange(300, 100, 500);
  assert.deepEqual([backwards.from, backwards.to], [100, 100]);
  assert.match(backwards.notes[0], /^from=300 comes after to=100/);
});

test("the snippet: the page's share without its step or bookmarks, the range, escaped for HTML", () => {
  const share = { puzzle: PUZZLE, solutions: 1, choose: "mrv", step: 77, variants: [], regions: "", marks: [{ step: 5, name: "a" }] };
  const query = embedQuery("sudoku", share, { from: 12, to: 80, autoplay: true });
  const params = new URLSearchParams(query);
  assert.equal(params.get("p"), PUZZLE);
  assert.deepEqual([params.get("from"), params.get("to"), params.get("autoplay")], ["12", "80", "1"]);
  assert.equal(params.get("step"), null);
  assert.equal(params.get("marks"), null);
  assert.deepEqual(readEmbed(query).share.puzzle, PUZZLE);       // it reads back
  const cover = embedQuery("cover", { builtin: "queens", params: { n: 8 }, text: null, solutions: null, choose: "mrv" }, { from: 0, to: 9 });
  assert.equal(cover, "?builtin=queens&n=8&sol=all&choose=mrv&from=0&to=9");
  const html = embedSnippet("http://127.0.0.1:5000", cover, 'Queens "8" & <more>');
  assert.equal(html, '<iframe src="http://127.0.0.1:5000/embed?builtin=queens&amp;n=8&amp;sol=all&amp;choose=mrv&amp;from=0&amp;to=9" '
    + 'width="760" height="520" title="Queens &quot;8&quot; &amp; &lt;more>" loading="lazy" style="border: 0; max-width: 100%"></iframe>');
});

test("an address copied from a puzzle being entered (edit=1) still names its puzzle", () => {
  const asked = readEmbed(`?p=${PUZZLE}&edit=1&to=5`);
  assert.equal(asked.kind, "sudoku");
  assert.equal(asked.share.edit, false);
  assert.equal(asked.to, 5);
});
