// views/present.js — presentation mode, for a projector: the page keeps only the
// board (or picture), the player and the why panel, with the board as tall as
// the screen and the player beside it, full screen when the browser allows.
// app.css draws the layout from one class on <html>; this module only turns
// it on and off: the Present button, the key f, and Esc (or leaving full
// screen by the browser's own means) to leave.
//
// Glossary
//   available  a replay is on screen: there is something to present. Without
//              one the form must be usable, so the page is shown whole.
//   wanted     the user asked to present and has not asked to stop; kept for
//              the tab (a reload), and over a pause while no replay is on
//              screen (a new puzzle being entered): the next replay presents.

import { typingInto } from "./controls.js";
import { say } from "../model/messages.js";

const CLASS = "presenting";
const REMEMBERED = "dlx-presenting";     // sessionStorage: the tab still wants to present

export class Presentation {
  /**
   * @param {HTMLButtonElement} button the Present button (its label says what a press does)
   * @param {object} hooks focusTarget(): where the keys go once presenting (the slider);
   *   afterLeave(): bring the board and its buttons back into view on the whole page;
   *   onChange(on): the mode has just started (true) or ended (false)
   */
  constructor(button, { focusTarget, afterLeave, onChange = () => {} }) {
    this.button = button;
    this.focusTarget = focusTarget;
    this.afterLeave = afterLeave;
    this.onChange = onChange;
    this.root = document.documentElement;
    this.available = false;
    this.wanted = remembered();
    this.fullScreenByUs = false;
    button.addEventListener("click", () => this.toggle());
    document.addEventListener("keydown", (e) => this.onKey(e));
    // The browser's own way out of full screen (its Esc, F11) leaves the mode too.
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.fullScreenByUs) {
        this.fullScreenByUs = false;
        if (this.on) this.stop();
      }
    });
    this.showState();
  }

  get on() {
    return this.root.classList.contains(CLASS);
  }

  /** A replay came (present again if wanted) or went (show the whole page, keep the wish). */
  setAvailable(available) {
    this.available = available;
    if (!available && this.on) this.show(false);
    else if (available && this.wanted && !this.on) this.show(true);   // full screen needs a press
    this.showState();
  }

  toggle() {
    if (this.on) this.stop();
    else this.start();
  }

  /** Show the whole page for a moment's work (a text to fix); the next replay presents again. */
  pause() {
    this.show(false);
    this.showState();
  }

  /** Present, full screen too when the browser agrees (it may refuse: the layout stays). */
  start() {
    if (!this.available) return;
    this.wanted = true;
    remember(true);
    this.show(true);
    this.showState();
    if (!document.fullscreenElement && this.root.requestFullscreen) {
      this.root.requestFullscreen({ navigationUI: "hide" })
        .then(() => {
          // Left again while the browser was still going full screen (f pressed twice): undo it.
          if (this.on) this.fullScreenByUs = true;
          else document.exitFullscreen().catch(() => {});
        })
        .catch(() => {});
    }
  }

  /** Leave on the user's word: the whole page again, out of full screen, and no more wish. */
  stop() {
    this.wanted = false;
    remember(false);
    this.show(false);
    this.showState();
    if (document.fullscreenElement && this.fullScreenByUs) {
      this.fullScreenByUs = false;
      document.exitFullscreen().catch(() => {});
    }
  }

  /** Switch the layout, keeping the keys somewhere visible and the player in view. */
  show(on) {
    if (this.on === on) return;
    const focused = document.activeElement;
    this.root.classList.toggle(CLASS, on);
    this.onChange(on);
    if (on) {
      scrollTo(0, 0);     // the player first: on a short screen the page scrolls beside the board
      // Space on the Present button would leave again, and a control the layout
      // hides drops the focus: the keys go to the slider, where they all work.
      const target = this.focusTarget();
      if (focused === this.button || !isShown(focused)) target.focus({ preventScroll: true });
    } else {
      this.afterLeave();
    }
  }

  showState() {
    this.button.disabled = !this.available;
    this.button.textContent = this.on ? say("present.leave") : say("present.start");
    this.button.title = this.on ? say("present.leave_title") : say("present.start_title");
  }

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    // Esc also from a closed menu: with its list open, the page never hears the key.
    if (e.key === "Escape" && this.on) {
      this.stop();
      e.preventDefault();
    } else if ((e.key === "f" || e.key === "F") && this.available && !typingInto(e.target)) {
      this.toggle();
      e.preventDefault();
    }
  }
}

/** Whether an element still takes part in the page (not hidden by the layout). */
function isShown(element) {
  return element instanceof HTMLElement && element !== document.body && element.getClientRects().length > 0;
}

function remembered() {
  try {
    return sessionStorage.getItem(REMEMBERED) === "1";
  } catch {
    return false;       // storage refused (a privacy setting): nothing is remembered
  }
}

function remember(on) {
  try {
    if (on) sessionStorage.setItem(REMEMBERED, "1");
    else sessionStorage.removeItem(REMEMBERED);
  } catch {
    /* storage refused: the mode still works, a reload forgets it */
  }
}
