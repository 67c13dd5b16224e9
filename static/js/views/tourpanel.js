// views/tourpanel.js — the guided tour's panel (#tour-panel): where the tour is ("2 of 7:
// The first choice"), the moment's sentences, Back, Next and End the tour. It shows what
// the page hands it (pages/tour-mode.js) and reports the buttons. Text only through
// textContent; its words come from the message catalogue.

import { say } from "../model/messages.js";

export class TourPanel {
  /**
   * @param {HTMLElement} root the #tour-panel section
   * @param {object} hooks onMove(delta) (Back: -1, Next: +1), onClose()
   */
  constructor(root, { onMove, onClose }) {
    this.root = root;
    this.body = root.querySelector(".learn-body");
    this.heading = Object.assign(document.createElement("p"), { className: "tour-heading", id: "tour-heading" });
    this.lines = Object.assign(document.createElement("div"), { className: "tour-lines" });
    const row = Object.assign(document.createElement("div"), { className: "tour-row" });
    const button = (id, text, act) => {
      const b = Object.assign(document.createElement("button"), { type: "button", id, textContent: text });
      b.addEventListener("click", act);
      row.append(b);
      return b;
    };
    this.back = button("tour-back", say("tour.back"), () => onMove(-1));
    this.next = button("tour-next", say("tour.next"), () => onMove(1));
    button("tour-close", say("tour.close"), () => onClose());
    this.body.replaceChildren(this.heading, this.lines, row);
  }

  setVisible(on) {
    this.root.hidden = !on;
  }

  /** Show moment `at` of the tour: its heading and its sentences; Back and Next where there is one. */
  show(heading, lines, at, count) {
    this.heading.textContent = heading;
    this.lines.replaceChildren(...lines.map((text) => Object.assign(document.createElement("p"), { className: "sentence", textContent: text })));
    this.back.disabled = at <= 0;
    this.next.disabled = at >= count - 1;
  }
}
