// views/why.js — the "why" panel (#why): what the current step did, one element per
// sentence (class "sentence", data-role says which part) so people can read
// it and tests can compare it line by line. Text only ever goes in through
// textContent. Its own words come from the message catalogue.

import { say } from "../model/messages.js";

/**
 * Ruled-out options listed in full; more (a pentomino's cell has over a
 * hundred) fold under a "… more" line that opens the rest.
 */
export const RULED_OUT_SHOWN = 12;

/**
 * Ruled-out options listed in full while presenting: none. Beside a projected
 * board the panel is short; the culprits' sentence and the flags on the board
 * say why, and where the search goes back to must stay in view. The list is
 * one click away under a line that counts it.
 */
export const RULED_OUT_SHOWN_COMPACT = 0;

export class WhyPanel {
  /** @param {HTMLElement} root the #why section; its .why-body is filled */
  constructor(root) {
    this.root = root;
    this.title = root.querySelector(".why-title");
    this.body = root.querySelector(".why-body");
    this.shownKey = null;
    this.explanation = null;
    this.compact = false;
  }

  /** Fold ruled-out options sooner (presenting) or not; the panel is written again. */
  setCompact(compact) {
    if (this.compact === compact) return;
    this.compact = compact;
    if (this.explanation) this.show(this.explanation);
  }

  /** Show an explanation from explain.explainStep (skipped when unchanged). */
  show(explanation, key) {
    if (key !== undefined && key === this.shownKey) return;
    this.shownKey = key;
    this.explanation = explanation;
    const shown = this.compact ? RULED_OUT_SHOWN_COMPACT : RULED_OUT_SHOWN;
    this.root.dataset.kind = explanation.kind;
    this.title.textContent = explanation.title ? say("why.title", { title: explanation.title.toLowerCase() }) : say("why.idle");
    const nodes = [];
    let list = null;
    let listed = 0;
    const ruledOut = explanation.sentences.filter((s) => s.role === "ruled-out").length;
    for (const { text, role } of explanation.sentences) {
      // Ruled-out options read best as a list under their heading.
      if (role === "ruled-out") {
        if (!list || (listed === shown && ruledOut > shown + 1)) {
          list = document.createElement("ul");
          list.className = "ruled-out";
          if (listed) nodes.push(this.folded(list, say("why.more", { count: ruledOut - listed })));
          else if (!shown) nodes.push(this.folded(list, say("why.folded", { count: ruledOut })));
          else nodes.push(list);
        }
        const li = document.createElement("li");
        li.className = "sentence";
        li.dataset.role = role;
        li.textContent = text;
        list.append(li);
        listed += 1;
        continue;
      }
      const p = document.createElement("p");
      p.className = "sentence";
      p.dataset.role = role;
      p.textContent = text;
      // Why these culprits and not others: folded, a click away, so the way back stays in view.
      if (role === "also") {
        const details = document.createElement("details");
        details.className = "also";
        const summary = document.createElement("summary");
        summary.textContent = say("why.also");
        details.append(summary, p);
        nodes.push(details);
        continue;
      }
      nodes.push(p);
    }
    this.body.replaceChildren(...nodes);
  }

  /** A list folded under a line that counts it (closed until clicked). */
  folded(list, line) {
    const details = document.createElement("details");
    details.className = "ruled-out-more";
    const summary = document.createElement("summary");
    summary.textContent = line;
    details.append(summary, list);
    return details;
  }

  /** A plain message (before any solve). */
  showMessage(title, text) {
    this.shownKey = null;
    this.explanation = null;
    this.root.dataset.kind = "idle";
    this.title.textContent = title;
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = text;
    this.body.replaceChildren(p);
  }
}
