// views/digitpad.js — a button for every symbol of the board's size and a Clear:
// how a puzzle is filled in on a touch screen, which has no keys for a grid of
// cells (and a mouse user may prefer it too). Knows nothing of the board: it
// reports the value pressed, and keeps the focus where it was (on the cell).

import { symbolOf } from "../model/sudoku.js";
import { say } from "../model/messages.js";

export class DigitPad {
  /**
   * @param {HTMLElement} root the element that holds the buttons
   * @param {object} hooks onValue(value): a symbol (1..size) or Clear (0) was pressed
   */
  constructor(root, { onValue }) {
    this.root = root;
    this.size = 0;
    root.setAttribute("role", "group");
    // A press must not take the focus from the board: the selected cell stays selected.
    root.addEventListener("mousedown", (e) => {
      if (e.target.closest("button")) e.preventDefault();
    });
    root.addEventListener("click", (e) => {
      const button = e.target.closest("button[data-value]");
      if (button) onValue(Number(button.dataset.value));
    });
  }

  /** Buttons for the symbols of a board of side `size`, then Clear. */
  setSize(size) {
    if (size === this.size) return;
    this.size = size;
    const buttons = [];
    for (let v = 1; v <= size; v++) buttons.push(this.button(v, symbolOf(v), say("digitpad.fill", { symbol: String(symbolOf(v)) })));
    const clear = this.button(0, say("digitpad.clear"), say("digitpad.clear_title"));
    clear.classList.add("clear");
    buttons.push(clear);
    this.root.dataset.size = String(size);
    this.root.replaceChildren(...buttons);
  }

  button(value, text, title) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.value = String(value);
    button.textContent = text;
    button.title = title;
    return button;
  }

  /** Shown while a puzzle is entered, hidden during a replay. */
  setVisible(on) {
    this.root.hidden = !on;
  }
}
