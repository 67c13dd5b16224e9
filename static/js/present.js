// present.js — presentation mode, for a projector: the page keeps only the
// board (or picture), the player and the why panel, with the board as tall as
// the screen and the player beside it, full screen when the browser allows.
// app.css draws the layout from one class on <html>; this module only turns
// it on and off: the Present button, the key f, and Esc (or leaving full
// screen by the browser's own means) to leave. A reload keeps it (per tab).

import { typingInto } from "./controls.js";

const CLASS = "presenting";
const REMEMBERED = "dlx-presenting";     // sessionStorage: a reload comes back presenting

export class Presentation {
  /** @param {HTMLButtonElement} button the Present button (its label says what a press does) */
  constructor(button) {
    this.button = button;
    this.root = document.documentElement;
    this.fullScreenByUs = false;
    button.addEventListener("click", () => this.toggle());
    document.addEventListener("keydown", (e) => this.onKey(e));
    // The browser's own way out of full screen (its Esc, F11) leaves the mode too.
    document.addEventListener("fullscreenchange", () => {
      if (!document.fullscreenElement && this.fullScreenByUs) {
        this.fullScreenByUs = false;
        this.leave();
      }
    });
    if (remembered()) this.enter({ fullScreen: false });   // full screen needs a user's press
    else this.showState();
  }

  get on() {
    return this.root.classList.contains(CLASS);
  }

  toggle() {
    if (this.on) this.leave();
    else this.enter({ fullScreen: true });
  }

  /** Present; full screen too when asked and the browser agrees (it may refuse: the layout stays). */
  enter({ fullScreen }) {
    this.root.classList.add(CLASS);
    remember(true);
    this.showState();
    scrollTo(0, 0);     // the player first: on a short screen the page scrolls beside the board
    if (fullScreen && !document.fullscreenElement && this.root.requestFullscreen) {
      this.root.requestFullscreen({ navigationUI: "hide" })
        .then(() => { this.fullScreenByUs = true; })
        .catch(() => {});
    }
  }

  leave() {
    this.root.classList.remove(CLASS);
    remember(false);
    this.showState();
    if (document.fullscreenElement && this.fullScreenByUs) {
      this.fullScreenByUs = false;
      document.exitFullscreen().catch(() => {});
    }
  }

  showState() {
    this.button.textContent = this.on ? "Leave presentation" : "Present";
    this.button.title = this.on ? "Back to the whole page (f or Esc)"
      : "A large board with the player beside it, full screen, for a projector (f)";
  }

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape" && this.on && !(e.target instanceof HTMLSelectElement)) {
      this.leave();
      e.preventDefault();
    } else if ((e.key === "f" || e.key === "F") && !typingInto(e.target)) {
      this.toggle();
      e.preventDefault();
    }
  }
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
