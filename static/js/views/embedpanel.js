// views/embedpanel.js — the Embed button's panel under the player: the range to
// embed (from and to steps, prefilled with the replay's current one), whether it
// plays at once, and the iframe snippet (model/embed.js) with a Copy button. The
// page says what to embed through its hooks; this view only shows and copies it.

import { say } from "../model/messages.js";

export class EmbedPanel {
  /**
   * @param {HTMLButtonElement} button the Embed button (opens and closes the panel)
   * @param {HTMLElement} panel where the fields and the snippet go
   * @param {object} hooks range(): {from, to, last} to prefill (null: no replay);
   *   snippet({from, to, autoplay}): the HTML for that range
   */
  constructor(button, panel, { range, snippet }) {
    this.button = button;
    this.panel = panel;
    this.range = range;
    this.snippet = snippet;
    const field = (label, input) => {
      const wrap = document.createElement("label");
      wrap.className = "field inline";
      wrap.append(label, " ", input);
      return wrap;
    };
    const number = (id) => Object.assign(document.createElement("input"), { type: "number", id, min: "0", step: "1", inputMode: "numeric" });
    this.from = number("embed-from");
    this.to = number("embed-to");
    this.autoplay = Object.assign(document.createElement("input"), { type: "checkbox", id: "embed-autoplay" });
    const auto = document.createElement("label");
    auto.className = "check";
    auto.append(this.autoplay, ` ${say("embed.autoplay")}`);
    this.text = Object.assign(document.createElement("textarea"), { id: "embed-snippet", rows: 3, readOnly: true, spellcheck: false });
    this.text.setAttribute("aria-label", say("embed.snippet"));
    this.copyButton = Object.assign(document.createElement("button"), { type: "button", id: "embed-copy", textContent: say("embed.copy") });
    this.note = Object.assign(document.createElement("p"), { id: "embed-note", className: "note" });
    this.note.setAttribute("role", "status");
    const row = document.createElement("div");
    row.className = "embed-fields";
    row.append(field(say("embed.from"), this.from), field(say("embed.to"), this.to), auto, this.copyButton);
    panel.append(row, this.text, this.note);
    button.textContent = say("embed.button");
    button.title = say("embed.button_title");
    button.addEventListener("click", () => this.setOpen(panel.hidden));
    for (const input of [this.from, this.to, this.autoplay]) input.addEventListener("input", () => this.write());
    this.copyButton.addEventListener("click", () => this.copy());
  }

  /** A replay is on screen (or not): the button works only then, and the panel closes without one. */
  setAvailable(on) {
    this.button.disabled = !on;
    if (!on) this.setOpen(false);
  }

  setOpen(open) {
    this.panel.hidden = !open;
    this.button.setAttribute("aria-expanded", String(open));
    if (open) this.prefill();
  }

  /** The replay's range: from its current step to its last (from its first when at the last). */
  prefill() {
    const range = this.range();
    if (!range) return;
    this.from.max = this.to.max = String(range.last);
    this.from.value = String(range.from);
    this.to.value = String(range.to);
    this.note.textContent = "";
    this.write();
  }

  /** The snippet for the fields as they are (a step outside 0..last is brought within). */
  write() {
    const range = this.range();
    if (!range) return;
    const step = (input, fallback) => {
      const value = Math.round(Number(input.value));
      return input.value.trim() !== "" && Number.isFinite(value) ? Math.max(0, Math.min(range.last, value)) : fallback;
    };
    const from = step(this.from, 0);
    const to = Math.max(from, step(this.to, range.last));
    this.text.value = this.snippet({ from, to, autoplay: this.autoplay.checked });
    this.note.textContent = "";
  }

  async copy() {
    this.text.focus();
    this.text.select();
    try {
      await navigator.clipboard.writeText(this.text.value);
      this.note.textContent = say("embed.copied");
    } catch {
      this.note.textContent = say("embed.copy_failed");
    }
  }
}
