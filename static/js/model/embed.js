// model/embed.js — the embeddable player's address (/embed, templates/embed.html):
// a Sudoku's share (?p=…&v=…&sol=…&choose=…) or a cover problem's
// (?builtin=…&n=… or ?text=…), with the range it replays (&from=A&to=B, steps)
// and &autoplay=1; and the snippet the Embed button copies. The notes' words come
// from the message catalogue (embed.*). No DOM.

import { say } from "./messages.js";
import { coverShareQuery, readCoverShare, readShare, shareQuery, shown } from "./url.js";

/** The iframe's size in the snippet, in CSS pixels: the board or picture beside the Why panel. */
export const EMBED_WIDTH = 760;
export const EMBED_HEIGHT = 520;

/** A step number as a link wrote it ("" or absent: null); a note for anything else. */
function readStep(params, key, notes) {
  const text = params.get(key);
  if (text === null || text === "") return null;
  if (/^\d{1,12}$/.test(text)) return Number(text);
  notes.push(say("embed.step_not_number", { key, value: shown(text) }));
  return null;
}

/**
 * What an /embed address asks for, or null when it names no problem:
 * {kind: "sudoku"|"cover", share (as url.js reads the page's), from, to (steps or
 * null: the first, the last), autoplay, notes}.
 */
export function readEmbed(search) {
  const params = new URLSearchParams(search);
  const sudoku = readShare(search);
  const cover = sudoku ? null : readCoverShare(search);
  if (!sudoku && !cover) return null;
  const share = sudoku || cover;      // an edit=1 copied from the page means nothing here
  const notes = [...(share.notes || [])];
  const from = readStep(params, "from", notes);
  const to = readStep(params, "to", notes);
  return { kind: sudoku ? "sudoku" : "cover", share: { ...share, edit: false, notes: [] }, from, to, autoplay: params.get("autoplay") === "1", notes };
}

/**
 * The range a player replays in a log of `stepCount` steps: from..to, in order and within
 * 0..stepCount (null: the first or the last step), with a note for what was changed.
 */
export function embedRange(from, to, stepCount) {
  const notes = [];
  let low = from === null ? 0 : from;
  let high = to === null ? stepCount : to;
  if (high > stepCount) {
    notes.push(say("embed.past_end", { to: high, last: stepCount }));
    high = stepCount;
  }
  if (low > high) {
    notes.push(say("embed.from_after_to", { from: low, to: high }));
    low = high;
  }
  return { from: low, to: high, notes };
}

/** The /embed query of a page's share (its step and bookmarks left out) and a range. */
export function embedQuery(kind, share, { from, to, autoplay = false }) {
  const bare = { ...share, step: null, marks: [], edit: false, predict: "off", tour: false };
  const params = new URLSearchParams((kind === "sudoku" ? shareQuery(bare) : coverShareQuery(bare)).slice(1));
  params.set("from", String(from));
  params.set("to", String(to));
  if (autoplay) params.set("autoplay", "1");
  return `?${params}`;
}

/** The HTML another site pastes: an iframe of the player at `origin` (no trailing slash). */
export function embedSnippet(origin, query, title) {
  const src = `${origin}/embed${query}`.replaceAll("&", "&amp;").replaceAll("\"", "&quot;");
  const name = String(title).replaceAll("&", "&amp;").replaceAll("\"", "&quot;").replaceAll("<", "&lt;");
  return `<iframe src="${src}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="${name}" loading="lazy" style="border: 0; max-width: 100%"></iframe>`;
}
