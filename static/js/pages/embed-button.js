// pages/embed-button.js — the Embed button of both pages (templates/_player.html): while a
// replay is on screen (the page state's mode), it offers the iframe snippet of the
// embeddable player (/embed) for a range of the replay's steps. sudoku-page.js and
// cover-page.js each call wireEmbedButton once.

import * as words from "../model/messages.js";
import { embedQuery, embedSnippet } from "../model/embed.js";
import { EmbedPanel } from "../views/embedpanel.js";

const $ = (id) => document.getElementById(id);

/**
 * @param {object} page player (the page's Replayer), store (its PageState), kind ("sudoku" or "cover")
 */
export function wireEmbedButton({ player, store, kind }) {
  const panel = new EmbedPanel($("btn-embed"), $("embed-panel"), {
    range: () => {
      const replay = player.replay;
      if (!replay) return null;
      const last = replay.log.stepCount;
      const at = replay.timeline.cursor;
      // From the step on screen to the end; at the end, the whole search.
      return { from: at < last ? at : 0, to: last, last };
    },
    snippet: (range) => {
      const replay = player.replay;
      const title = kind === "sudoku" ? words.say("embed.title.sudoku", range)
        : words.say("embed.title.cover", { ...range, title: replay.raw.title });
      return embedSnippet(location.origin, embedQuery(kind, replay.share, range), title);
    },
  });
  panel.setAvailable(store.state.mode === "replay");
  store.subscribe((state, before) => {
    if (state.mode !== before.mode) panel.setAvailable(state.mode === "replay");
    else if (state.answer !== before.answer) panel.setOpen(false);     // another solve: its own range
  });
}
