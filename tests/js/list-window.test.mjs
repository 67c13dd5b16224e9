// The long list's window: only the rows in sight and a margin, padded to the whole list's height.
import { test } from "node:test";
import assert from "node:assert/strict";
import { listWindow, sameWindow } from "../../static/js/model/list-window.js";

test("a long list renders the rows in sight and the margin, padded for the rest", () => {
  const w = listWindow({ count: 8575, rowHeight: 24, scrollTop: 2400, viewHeight: 120, overscan: 10 });
  // Rows 100..104 are in sight (2400/24 = 100; (2400+120)/24 = 105), ten more each side.
  assert.deepEqual(w, { first: 90, end: 115, before: 90 * 24, after: (8575 - 115) * 24 });
  // The padding and the rendered rows add up to the whole list's height.
  assert.equal(w.before + (w.end - w.first) * 24 + w.after, 8575 * 24);
});

test("the window is clamped at both ends of the list and a short list is rendered whole", () => {
  assert.deepEqual(listWindow({ count: 8575, rowHeight: 24, scrollTop: 0, viewHeight: 120, overscan: 10 }),
    { first: 0, end: 15, before: 0, after: (8575 - 15) * 24 });
  const bottom = listWindow({ count: 8575, rowHeight: 24, scrollTop: 8575 * 24 - 120, viewHeight: 120, overscan: 10 });
  assert.equal(bottom.end, 8575);
  assert.equal(bottom.after, 0);
  assert.equal(bottom.first, 8575 - 5 - 10);
  // Scrolled past the end (a list that just shrank): still within the list.
  const past = listWindow({ count: 30, rowHeight: 24, scrollTop: 99999, viewHeight: 120, overscan: 10 });
  assert.ok(past.first <= past.end && past.end === 30 && past.after === 0);
  assert.deepEqual(listWindow({ count: 12, rowHeight: 24, scrollTop: 0, viewHeight: 120 }),
    { first: 0, end: 12, before: 0, after: 0 });
  assert.deepEqual(listWindow({ count: 0, rowHeight: 24, scrollTop: 0, viewHeight: 120 }),
    { first: 0, end: 0, before: 0, after: 0 });
});

test("before the list is laid out, the first rows; the same window twice is no work", () => {
  assert.deepEqual(listWindow({ count: 8575, rowHeight: 0, scrollTop: 0, viewHeight: 0, overscan: 20 }),
    { first: 0, end: 41, before: 0, after: 0 });
  const a = listWindow({ count: 100, rowHeight: 24, scrollTop: 241, viewHeight: 120, overscan: 5 });
  const b = listWindow({ count: 100, rowHeight: 24, scrollTop: 250, viewHeight: 120, overscan: 5 });
  assert.ok(sameWindow(a, b));
  assert.ok(!sameWindow(a, listWindow({ count: 100, rowHeight: 24, scrollTop: 480, viewHeight: 120, overscan: 5 })));
  assert.ok(!sameWindow(null, a));
});
