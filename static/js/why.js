// why.js — the "why" panel (#why): what the current step did, one element per
// sentence (class "sentence", data-role says which part) so people can read
// it and tests can compare it line by line. Text only ever goes in through
// textContent.

export class WhyPanel {
  /** @param {HTMLElement} root the #why section; its .why-body is filled */
  constructor(root) {
    this.root = root;
    this.title = root.querySelector(".why-title");
    this.body = root.querySelector(".why-body");
    this.shownKey = null;
  }

  /** Show an explanation from explain.explainStep (skipped when unchanged). */
  show(explanation, key) {
    if (key !== undefined && key === this.shownKey) return;
    this.shownKey = key;
    this.root.dataset.kind = explanation.kind;
    this.title.textContent = explanation.title ? `Why: ${explanation.title.toLowerCase()}` : "Why";
    const nodes = [];
    let list = null;
    for (const { text, role } of explanation.sentences) {
      // Ruled-out options read best as a list under their heading.
      if (role === "ruled-out") {
        if (!list) {
          list = document.createElement("ul");
          list.className = "ruled-out";
          nodes.push(list);
        }
        const li = document.createElement("li");
        li.className = "sentence";
        li.dataset.role = role;
        li.textContent = text;
        list.append(li);
        continue;
      }
      const p = document.createElement("p");
      p.className = "sentence";
      p.dataset.role = role;
      p.textContent = text;
      nodes.push(p);
    }
    this.body.replaceChildren(...nodes);
  }

  /** A plain message (before any solve). */
  showMessage(title, text) {
    this.shownKey = null;
    this.root.dataset.kind = "idle";
    this.title.textContent = title;
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = text;
    this.body.replaceChildren(p);
  }
}
