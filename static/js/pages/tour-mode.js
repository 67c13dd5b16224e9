// pages/tour-mode.js — the guided tour on both pages (&tour=1): the Tour button starts
// and ends it through the page state (`tour`, the moment on screen); each moment
// (model/tour.js) moves the replay to its step, where the board or picture and the
// Why panel show it, and the tour panel narrates it. Next and Back (n and b) move
// between moments; it works while presenting. Predict mode gives way to it, and it to
// predict mode. sudoku-page.js and cover-page.js each call wireTour once.

import { buildTour, momentAt, momentHeading } from "../model/tour.js";
import { typingInto } from "../views/controls.js";
import { TourPanel } from "../views/tourpanel.js";

const $ = (id) => document.getElementById(id);

/**
 * @param {object} page player (the Replayer), store (the PageState), initial (the address
 *   asked for the tour), step (the step the address named, or null)
 */
export function wireTour({ player, store, initial = false, step = null }) {
  const button = $("btn-tour");
  let moments = null;
  let momentsOf = null;
  let opening = initial ? step : null;       // the address's tour opens at its step's moment

  const move = (delta) => {
    const at = store.state.tour;
    if (at === null || !moments) return;
    const next = Math.max(0, Math.min(moments.length - 1, at + delta));
    if (next !== at) store.update({ type: "tour", at: next });
  };
  const panel = new TourPanel($("tour-panel"), { onMove: move, onClose: () => store.update({ type: "tour", at: null }) });

  /** The tour of the replay on screen (built once a replay). */
  function tourNow() {
    const replay = player.replay;
    if (!replay) return null;
    if (momentsOf !== replay.raw) {
      moments = buildTour(replay.log);
      momentsOf = replay.raw;
    }
    return moments;
  }

  function show() {
    const { tour: at, mode } = store.state;
    const replay = mode === "replay" ? player.replay : null;
    button.disabled = !replay;
    button.setAttribute("aria-pressed", String(at !== null));
    panel.setVisible(at !== null && !!replay);
    if (at === null || !replay) return;
    const tour = tourNow();
    const k = Math.min(at, tour.length - 1);
    panel.show(momentHeading(tour, k), tour[k].lines, k, tour.length);
    player.seekTo(tour[k].step);
  }

  button.addEventListener("click", () => store.update({ type: "tour", at: store.state.tour === null ? 0 : null }));
  document.addEventListener("keydown", (e) => {
    if (store.state.tour === null || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingInto(e.target)) return;
    if (e.key === "n" || e.key === "b") {
      e.preventDefault();
      move(e.key === "n" ? 1 : -1);
    }
  });

  store.subscribe((state, before) => {
    if (state.tour !== before.tour) {
      if (state.tour !== null && state.predict !== "off") store.update({ type: "predict", mode: "off" });
      if ((state.tour === null) !== (before.tour === null)) player.updateShare({ tour: state.tour !== null });
    }
    if (state.predict !== before.predict && state.predict !== "off" && state.tour !== null) store.update({ type: "tour", at: null });
    const fresh = state.answer !== before.answer && state.mode === "replay";
    if (fresh && opening !== null && state.tour !== null) {
      // Opened from an address: the moment at (or before) its step, where the replay stays.
      const at = momentAt(tourNow(), opening);
      opening = null;
      if (at !== state.tour) {
        store.update({ type: "tour", at });
        return;
      }
    } else if (fresh && state.tour !== null) {
      opening = null;
      if (state.tour !== 0) {
        store.update({ type: "tour", at: 0 });      // a new search's tour starts at its beginning
        return;
      }
      player.updateShare({ tour: true });
    }
    if (state.tour !== before.tour || state.mode !== before.mode || fresh) show();
  });

  if (initial) store.update({ type: "tour", at: 0 });
  show();
}
