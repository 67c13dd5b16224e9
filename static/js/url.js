// url.js — the shareable URL: ?p=<puzzle>&sol=<n|all>&choose=<mrv|first>&step=<i>.
// Reading and writing it, with pushState for a new solve and a throttled
// replaceState while scrubbing (browsers ignore floods of history calls).

export const DEFAULT_SOLUTIONS = 1;
export const DEFAULT_CHOOSE = "mrv";

/**
 * The share state in a query string, or null when it names no puzzle:
 * {puzzle, solutions (number, or null for all), choose, step (number or null)}.
 */
export function readShare(search) {
  const params = new URLSearchParams(search);
  const puzzle = params.get("p");
  if (!puzzle) return null;
  const sol = params.get("sol");
  let solutions = DEFAULT_SOLUTIONS;
  if (sol === "all") solutions = null;
  else if (sol && /^\d+$/.test(sol) && Number(sol) >= 1) solutions = Number(sol);
  const choose = params.get("choose") === "first" ? "first" : DEFAULT_CHOOSE;
  const stepText = params.get("step");
  const step = stepText && /^\d+$/.test(stepText) ? Number(stepText) : null;
  return { puzzle, solutions, choose, step };
}

/** The query string for a share state ("" for none). */
export function shareQuery(share) {
  if (!share) return "";
  const params = new URLSearchParams();
  params.set("p", share.puzzle);
  params.set("sol", share.solutions === null ? "all" : String(share.solutions));
  params.set("choose", share.choose);
  if (share.step !== null && share.step !== undefined) params.set("step", String(share.step));
  return `?${params}`;
}

/** Whether two share states ask for the same solve (the step aside). */
export function sameSolve(a, b) {
  return !!a && !!b && a.puzzle === b.puzzle && a.solutions === b.solutions && a.choose === b.choose;
}

export class UrlSync {
  /** @param {number} delay ms between two replaceState calls while scrubbing */
  constructor(delay = 250) {
    this.delay = delay;
    this.timer = null;
    this.pending = null;
  }

  urlFor(share) {
    return `${location.pathname}${shareQuery(share)}${location.hash}`;
  }

  /** A new history entry (a new solve). */
  push(share) {
    this.cancel();
    history.pushState({ share }, "", this.urlFor(share));
  }

  /** Replace the current entry now. */
  replace(share) {
    this.cancel();
    history.replaceState({ share }, "", this.urlFor(share));
  }

  /** Replace the current entry soon, keeping only the latest state. */
  replaceSoon(share) {
    this.pending = share;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const latest = this.pending;
      this.pending = null;
      if (latest) history.replaceState({ share: latest }, "", this.urlFor(latest));
    }, this.delay);
  }

  cancel() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}
