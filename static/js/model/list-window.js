// model/list-window.js — which rows of a long scrolled list to put in the DOM.
// A list of thousands of rows (the thrashing groups of a million-event log)
// made every frame after a seek slow: the browser walks every row's layout
// object in pre-paint whatever changed. The view keeps only the rows in sight
// (and a margin) and pads the list above and below to the height of the rest,
// so the scroll bar and the rows' places stay those of the whole list. No DOM.

/**
 * The rows to render of a list of `count` rows of `rowHeight` px each, seen
 * through `viewHeight` px scrolled by `scrollTop`, with `overscan` rows more
 * on each side (so a short list is rendered whole, and a scroll by a few rows
 * shows rows already there).
 * @returns {{first: number, end: number, before: number, after: number}}
 *   rows first..end-1, and the padding (px) standing for the rows before and after
 */
export function listWindow({ count, rowHeight, scrollTop, viewHeight, overscan = 20 }) {
  const total = Math.max(0, Math.floor(count));
  if (!(rowHeight > 0)) {
    // Not laid out yet (hidden): the first rows, so the first layout shows some.
    const end = Math.min(total, 2 * overscan + 1);
    return { first: 0, end, before: 0, after: 0 };
  }
  const top = Math.max(0, scrollTop || 0);
  const seen = Math.max(0, viewHeight || 0);
  const first = Math.min(total, Math.max(0, Math.floor(top / rowHeight) - overscan));
  const end = Math.min(total, Math.max(first, Math.ceil((top + seen) / rowHeight) + overscan));
  return { first, end, before: first * rowHeight, after: (total - end) * rowHeight };
}

/** Whether two windows render the same rows (no DOM work to do). */
export function sameWindow(a, b) {
  return !!a && !!b && a.first === b.first && a.end === b.end;
}
