// views/linksview.js — the dancing links themselves, node by node, for small
// problems: Knuth's picture of the toroidal lists as an SVG. The header row
// holds the root and the item headers with their len; each option is a row of
// nodes. Down links run on the right of a column, up links on its left, right
// links above the header row and left links below it; a link that skips nodes
// bends around them, and one that wraps around is a short stub. Covered items
// and hidden nodes are greyed, and their own links (kept for uncovering) are
// dashed. At a cover or uncover step the view replays that step's updates one
// node at a time, and lists them as text.
//
// With Knuth's DLX2 colours each coloured node carries a swatch of its colour
// (model/colours.js) with the name in its title; a purified item's header shows
// the colour it has now, the nodes of the options a purify set aside are
// marked (their node in the purified column stays linked, as Knuth leaves it),
// and purify and unpurify steps are animated like covers.
//
// The view draws arrays it is given (dancing.js makes them); the arrays at the
// step are also written to data- attributes, so tests can read them. Which
// arrays and updates a step of a replay shows, and whether it animates, is
// views/linkspanel.js's (LinksPanel), which drives this picture.

import { describeUpdate, listName } from "../model/dancing.js";
import { say } from "../model/messages.js";
import { swatchColour } from "../model/colours.js";

const SVG = "http://www.w3.org/2000/svg";

// Geometry, in SVG units (1 unit = 1 px at 100 %).
const COLUMN = 64;        // column width
const ROW = 50;           // option row height
const HEAD_ROW = 76;      // header row height
const PAD = 30;           // margin around the picture
const NODE = { w: 40, h: 26 };
const HEAD = { w: 58, h: 40 };
const LANE = 7;           // up/down links run this far left/right of a column's centre
const SIDE_LANE = 8;      // right/left links run this far above/below the header row's middle
const STUB = 13;          // length of a wrap-around stub
const BEND = 17;          // how far a link that skips nodes bends out
const SWATCH = 13;        // side of a colour swatch on a node's corner
const SWATCH_TEXT = 2;    // colour names up to this long are written on the swatch too

/** Per-beat animation time, and the time a whole step's animation may take, in ms. */
const BEAT_MS = { min: 140, max: 650 };
const STEP_MS = 2600;

/** Views wider than this many SVG units open at 100 % with a scroll bar rather than fitted. */
const FIT_LIMIT = 1300;

// The longest option label that names its row in the left margin (a 4×4's "4 in r4c4").
const ROW_LABEL_CHARS = 10;

function svg(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (parent) parent.append(el);
  return el;
}

function html(tag, className = "", parent = null) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (parent) parent.append(el);
  return el;
}

/** The arrays of a state, copied so an animation can walk through them. */
function copyArrays(links) {
  return {
    up: links.up.slice(), down: links.down.slice(), len: links.len.slice(),
    left: links.left.slice(), right: links.right.slice(),
  };
}

let nextViewId = 0;

export class LinksView {
  /**
   * @param {HTMLElement} root an empty element the view fills
   * @param {object} hooks onJump(step) for the "matching step" button
   */
  constructor(root, { onJump = () => {} } = {}) {
    this.root = root;
    this.onJump = onJump;
    this.id = `links-${nextViewId++}`;
    this.problem = null;
    this.animation = null;
    this.last = null;          // the last render's arguments, for "animate again"
    this.reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    this.buildChrome();
  }

  buildChrome() {
    const head = html("div", "links-head", this.root);
    this.caption = html("p", "links-caption", head);
    const tools = html("div", "links-tools", head);
    const zoomLabel = html("label", "field inline", tools);
    zoomLabel.append(say("links.zoom"));
    this.zoom = html("select", "", zoomLabel);
    for (const [value, text] of [["fit", say("links.zoom_fit")], ["1", "100 %"], ["1.5", "150 %"], ["2", "200 %"]]) {
      const option = html("option", "", this.zoom);
      option.value = value;
      option.textContent = text;
    }
    this.zoom.addEventListener("change", () => this.applyZoom());
    this.again = html("button", "", tools);
    this.again.type = "button";
    this.again.textContent = say("links.again");
    this.again.addEventListener("click", () => {
      if (this.last) this.render({ ...this.last, animate: true, force: true, budgetMs: Infinity });
    });
    this.matching = html("button", "", tools);
    this.matching.type = "button";
    this.matching.hidden = true;
    this.matching.addEventListener("click", () => {
      const step = Number(this.matching.dataset.step);
      if (step > 0) this.onJump(step);
    });
    const body = html("div", "links-body", this.root);
    this.scroller = html("div", "links-scroll", body);
    // It scrolls, so it takes a Tab stop of its own (the arrow keys, Page Up/Down,
    // Home and End then scroll it, see scrollsWithKeys): a named region says what it is.
    this.scroller.tabIndex = 0;
    this.scroller.dataset.scrollKeys = "";
    this.scroller.setAttribute("role", "region");
    this.scroller.setAttribute("aria-label", say("links.aria.scroller"));
    this.svg = svg("svg", { class: "links-svg", role: "img" }, this.scroller);
    this.scroller.addEventListener("scroll", () => this.pinRowNames(), { passive: true });
    const listBox = html("div", "links-list", body);
    this.listTitle = html("h3", "", listBox);
    this.list = html("ol", "links-updates", listBox);
    this.list.setAttribute("aria-label", say("links.aria.updates"));
  }

  /**
   * Lay out a problem's nodes (or clear the view with null).
   * @param {import("../model/dancing.js").Links|null} links the arrays' structure
   * @param {string[]} items item names
   * @param {string[]} needs what each item asks for (tooltips)
   * @param {string[]} labels each option's label (row names, when short enough)
   * @param {string[]|null} colours each node's colour name ("" for none; Knuth's DLX2), or null
   */
  setProblem(links, items = [], needs = [], labels = [], colours = null) {
    this.stopAnimation();
    this.svg.replaceChildren();
    this.rowNames = null;
    this.list.replaceChildren();
    this.last = null;
    this.problem = null;
    if (!links) return;
    const n = links.size;
    const column = new Int32Array(n + 2).fill(-1);
    const order = [links.root];
    for (let i = 0; i < links.primary; i++) order.push(i);
    if (links.primary < n) {
      order.push(links.second);
      for (let i = links.primary; i < n; i++) order.push(i);
    }
    order.forEach((x, c) => { column[x] = c; });
    const rows = links.first.length;
    const width = PAD * 2 + order.length * COLUMN;
    const height = PAD * 2 + HEAD_ROW + rows * ROW;
    // Each column's nodes top to bottom (header first): what a link skips.
    const place = new Int32Array(links.nodeTotal);
    const columnSize = new Int32Array(n);
    for (let i = 0; i < n; i++) place[i] = 0;
    for (let x = n; x < links.nodeTotal; x++) place[x] = ++columnSize[links.top[x]];
    // Where each L/R index stands in its own list.
    const listPlace = new Int32Array(n + 2);
    listPlace[links.root] = 0;
    listPlace[links.second] = 0;
    for (let i = 0; i < n; i++) listPlace[i] = i < links.primary ? i + 1 : i - links.primary + 1;
    this.problem = { links, items, needs, labels, colours, column, order, width, height, place, listPlace };
    this.marks = null;
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("aria-label", say("links.aria",
      { items: String(n), options: String(rows), nodes: String(links.nodeTotal) }));
    this.buildPicture();
    this.zoom.value = width <= FIT_LIMIT ? "fit" : "1";
    this.applyZoom();
  }

  applyZoom() {
    const p = this.problem;
    if (!p) return;
    const fit = this.zoom.value === "fit";
    const scale = fit ? 1.4 : Number(this.zoom.value);
    // The width attribute sets the size; in "fit" the CSS max-width shrinks it to the panel.
    this.svg.setAttribute("width", String(Math.round(p.width * scale)));
    this.svg.setAttribute("height", String(Math.round(p.height * scale)));
    this.svg.classList.toggle("fit", fit);
    this.pinRowNames();
  }

  // ---- geometry ---------------------------------------------------------------

  xOfColumn(c) {
    return PAD + c * COLUMN + COLUMN / 2;
  }

  /** Centre of a node: header (or head) in row 0, option node in its option's row. */
  centre(x, isListIndex = false) {
    const p = this.problem;
    const { links } = p;
    if (isListIndex || x < links.size) {
      return { x: this.xOfColumn(p.column[x]), y: PAD + HEAD_ROW / 2 - 6, half: HEAD };
    }
    return {
      x: this.xOfColumn(p.column[links.top[x]]),
      y: PAD + HEAD_ROW + links.optionOf[x] * ROW + ROW / 2,
      half: NODE,
    };
  }

  /** The path of a down (+1) or up (-1) link from node a to node b. */
  verticalPath(a, b, direction) {
    const p = this.problem;
    const from = this.centre(a);
    const lane = from.x + direction * LANE;
    const startY = from.y + (direction * from.half.h) / 2;
    if (a === b) {
      // A header pointing at itself: its column is empty. A small U-turn back.
      return `M${lane} ${startY} v${direction * 9} h${-2 * direction * LANE} v${-direction * 9}`;
    }
    const forward = direction > 0 ? p.place[b] > p.place[a] : p.place[b] < p.place[a];
    if (!forward) return `M${lane} ${startY} v${direction * STUB}`;      // wraps around the column
    const to = this.centre(b);
    const endY = to.y - (direction * to.half.h) / 2;
    const skipped = Math.abs(p.place[b] - p.place[a]) > 1;
    if (!skipped) return `M${lane} ${startY} V${endY}`;
    const out = lane + direction * BEND;
    return `M${lane} ${startY} C${out} ${startY + direction * 12} ${out} ${endY - direction * 12} ${lane} ${endY}`;
  }

  /** The path of a right (+1) or left (-1) link between two entries of an item list. */
  sidePath(a, b, direction) {
    const p = this.problem;
    const from = this.centre(a, true);
    const lane = from.y - direction * SIDE_LANE;
    const startX = from.x + (direction * HEAD.w) / 2;
    if (a === b) {
      // A head alone in its list: every item of it is covered.
      return `M${startX} ${lane} h${direction * 9} v${2 * direction * SIDE_LANE} h${-direction * 9}`;
    }
    const forward = direction > 0 ? p.listPlace[b] > p.listPlace[a] : p.listPlace[b] < p.listPlace[a];
    if (!forward) return `M${startX} ${lane} h${direction * STUB}`;
    const to = this.centre(b, true);
    const endX = to.x - (direction * HEAD.w) / 2;
    const skipped = Math.abs(p.listPlace[b] - p.listPlace[a]) > 1;
    if (!skipped) return `M${startX} ${lane} H${endX}`;
    const rise = -direction * Math.min(30, 16 + 4 * Math.abs(p.listPlace[b] - p.listPlace[a]));
    return `M${startX} ${lane} C${startX + direction * 14} ${lane + rise} ${endX - direction * 14} ${lane + rise} ${endX} ${lane}`;
  }

  // ---- building -----------------------------------------------------------------

  buildPicture() {
    const p = this.problem;
    const { links, items, needs, labels, colours } = p;
    const defs = svg("defs", {}, this.svg);
    for (const kind of ["plain", "stale", "hot", "ghost"]) {
      const marker = svg("marker", {
        id: `${this.id}-${kind}`, class: `arrow ${kind}`, viewBox: "0 0 8 8", refX: 7, refY: 4,
        markerUnits: "userSpaceOnUse", markerWidth: 8, markerHeight: 8, orient: "auto-start-reverse",
      }, defs);
      svg("path", { d: "M0 0 L8 4 L0 8 z" }, marker);
    }
    const rowsLayer = svg("g", { class: "option-rows" }, this.svg);
    const linksLayer = svg("g", { class: "links" }, this.svg);
    this.ghostLayer = svg("g", { class: "ghosts" }, this.svg);
    const nodesLayer = svg("g", { class: "nodes" }, this.svg);

    // Each option's own left/right links never change: one thin line through its nodes.
    this.rowLines = [];
    for (let k = 0; k < links.first.length; k++) {
      const first = links.first[k];
      const count = links.others[first].length + 1;
      const xs = [];
      for (let t = 0; t < count; t++) xs.push(this.centre(first + t).x);
      const y = this.centre(first).y;
      let d = `M${xs[0] - NODE.w / 2 - 8} ${y} H${xs[0] - NODE.w / 2}`;
      for (let t = 0; t + 1 < count; t++) d += ` M${xs[t] + NODE.w / 2} ${y} H${xs[t + 1] - NODE.w / 2}`;
      d += ` M${xs[count - 1] + NODE.w / 2} ${y} h8`;
      this.rowLines.push(svg("path", { d, class: "row-line" }, rowsLayer));
    }

    // Links: U and D for every node, L and R for every header and head.
    this.vertical = [];
    for (let x = 0; x < links.nodeTotal; x++) {
      this.vertical.push({
        down: svg("path", { class: "link" }, linksLayer),
        up: svg("path", { class: "link" }, linksLayer),
        shown: { down: null, up: null },
      });
    }
    this.side = [];
    for (const x of p.order) {
      this.side[x] = {
        right: svg("path", { class: "link" }, linksLayer),
        left: svg("path", { class: "link" }, linksLayer),
        shown: { right: null, left: null },
      };
    }

    // Nodes: heads, headers with name and len, option nodes with their number.
    // The heads' numbers N and N+1 index L and R only: as nodes those numbers
    // are option nodes, so a head is marked data-head, not data-node.
    this.nodes = [];
    this.lenTexts = [];
    for (const x of p.order) {
      const c = this.centre(x, true);
      const isHead = x >= links.size;
      const g = svg("g", isHead ? { class: "node head", "data-head": x } : { class: "node header", "data-node": x }, nodesLayer);
      svg("rect", { x: c.x - HEAD.w / 2, y: c.y - HEAD.h / 2, width: HEAD.w, height: HEAD.h, rx: 6 }, g);
      const name = svg("text", { x: c.x, y: x >= links.size ? c.y + 5 : c.y - 3, class: "name" }, g);
      const full = listName(links, items, x);
      name.textContent = full.length > 6 ? `${full.slice(0, 5)}…` : full;
      const title = svg("title", {}, g);
      title.textContent = x < links.size ? say("links.node.header", { name: full, node: String(x), need: needs[x] || "" })
        : say("links.node.head", { name: full, node: String(x) });
      if (!isHead) {
        this.lenTexts[x] = svg("text", { x: c.x, y: c.y + 13, class: "len" }, g);
        this.nodes[x] = { g, cls: null, title, base: title.textContent, said: "" };
        if (colours && x >= links.primary) {
          // The colour a purify gave the item, shown while it has one (drawMarks).
          this.nodes[x].swatch = this.swatchAt(g, c.x + HEAD.w / 2 - SWATCH - 2, c.y - HEAD.h / 2 + 2);
        }
      }
    }
    for (let x = links.size; x < links.nodeTotal; x++) {
      const c = this.centre(x);
      const g = svg("g", { class: "node", "data-node": x }, nodesLayer);
      svg("rect", { x: c.x - NODE.w / 2, y: c.y - NODE.h / 2, width: NODE.w, height: NODE.h, rx: 5 }, g);
      const text = svg("text", { x: c.x, y: c.y + 5, class: "name" }, g);
      text.textContent = String(x);
      const title = svg("title", {}, g);
      const option = links.optionOf[x];
      const colour = colours ? colours[x] : "";
      const item = items[links.top[x]];
      const of = { node: String(x), item: colour ? `${item}:${colour}` : item, option: String(option + 1), label: labels[option] };
      title.textContent = say(labels[option] ? "links.node.labelled" : "links.node", of)
        + (colour ? say("links.node.gives", { item, colour }) : "");
      if (colour) {
        // Knuth's DLX2: the colour this option gives the node's item, as a swatch on its corner.
        g.dataset.colour = colour;
        this.swatchAt(g, c.x + NODE.w / 2 - SWATCH + 4, c.y - NODE.h / 2 - 4).set(colour);
      }
      this.nodes[x] = { g, cls: null, title, base: title.textContent, said: "" };
    }
    this.lenShown = new Array(links.size).fill(null);

    // Row names on a strip over the left margin, above everything, kept at the
    // left edge while the picture scrolls sideways (pinRowNames).
    this.rowNames = svg("g", { class: "row-names" }, this.svg);
    // As wide as the names (measured once drawn, see pinRowNames), at most up to the first item's
    // column: scrolled sideways, the strip then hides no more of the columns under it than the names do.
    this.rowNamesBg = svg("rect", {
      x: 0, y: PAD + HEAD_ROW, width: this.xOfColumn(1) - NODE.w / 2 - 2, height: links.first.length * ROW,
      class: "row-names-bg",
    }, this.rowNames);
    this.rowNamesFitted = false;
    for (let k = 0; k < links.first.length; k++) {
      // A row is named by its option's label when it fits the margin ("2 in r1c3"), else numbered.
      const named = svg("g", { class: "row-name" }, this.rowNames);
      const label = svg("text", { x: PAD + 6, y: this.centre(links.first[k]).y + 4, class: "row-label" }, named);
      const name = labels[k] || "";
      label.textContent = name && name.length <= ROW_LABEL_CHARS ? name : String(k + 1);
      svg("title", {}, named).textContent = say(name ? "links.row.named" : "links.row", { option: String(k + 1), name });
    }
  }

  /** Keep the row names at the left edge of the scrolled picture. */
  pinRowNames() {
    if (!this.rowNames) return;
    if (!this.rowNamesFitted && this.rowNames.isConnected) {
      const labels = [...this.rowNames.querySelectorAll(".row-label")];
      const right = Math.max(0, ...labels.map((t) => { const b = t.getBBox(); return b.x + b.width; }));
      if (right > 0) {
        this.rowNamesFitted = true;
        const most = this.xOfColumn(1) - NODE.w / 2 - 2;
        this.rowNamesBg.setAttribute("width", String(Math.min(most, Math.ceil(right) + 6)));
      }
    }
    const scale = this.svg.getBoundingClientRect().width / this.problem.width;
    const shift = scale ? this.scroller.scrollLeft / scale : 0;
    this.rowNames.setAttribute("transform", `translate(${shift} 0)`);
  }

  // ---- drawing ------------------------------------------------------------------

  /**
   * Show a step: the arrays after it, and (at a cover or uncover) its updates,
   * animated one node at a time when `animate` is set.
   * @param {object} o {step, links, updates, title, focus: {item, option}, matchingStep,
   *        matchingText, animate, budgetMs (the most the animation may last), marks (with
   *        colours: {purified: each item's colour name now, "" none; setAside: for each
   *        option, the item whose purify set it aside, -1 none})}
   */
  render(o) {
    const p = this.problem;
    if (!p) return;
    if (!o.force && this.last && this.last.step === o.step && !o.animate) return;
    this.stopAnimation();
    this.last = { ...o, force: false };
    this.marks = o.marks || null;
    const after = copyArrays(o.links);
    this.writeData(o.step, after, o.updates.length);
    this.showList(o);
    this.matching.hidden = !o.matchingStep;
    if (o.matchingStep) {
      this.matching.dataset.step = String(o.matchingStep);
      this.matching.textContent = o.matchingText;
    }
    this.again.disabled = !o.updates.length;
    this.keepInView(o.focus || {});
    const wantAnimation = o.animate && o.updates.length && !this.reducedMotion.matches;
    if (!wantAnimation) {
      this.draw(after, null, o.focus);
      return;
    }
    this.animate(after, o.updates, o.focus, o.budgetMs ?? Infinity);
  }

  /**
   * Scroll the picture (not the page) so the column of the step's item, and the
   * row of its option, are in view: a 4×4's picture is wider than the panel.
   */
  keepInView(focus) {
    const p = this.problem;
    const box = this.scroller;
    const scale = this.svg.getBoundingClientRect().width / p.width;
    if (!scale || !box.clientWidth) return;       // the panel is closed
    // A scroll position that shows `at` with `margin` around it: kept if it does, else centred on it.
    const showing = (at, margin, scroll, size) => (at - margin < scroll || at + margin > scroll + size
      ? Math.max(0, at - size / 2) : scroll);
    if (focus.item >= 0) {
      const x = this.centre(focus.item, true).x * scale;
      box.scrollLeft = showing(x, COLUMN * scale, box.scrollLeft, box.clientWidth);
    }
    if (focus.option >= 0) {
      const y = this.centre(p.links.first[focus.option]).y * scale;
      box.scrollTop = showing(y, ROW * scale, box.scrollTop, box.clientHeight);
    }
  }

  /** The arrays at this step, for anyone who wants to read them (tests do). */
  writeData(step, arrays, count) {
    const data = this.root.dataset;
    data.step = String(step);
    data.up = arrays.up.join(",");
    data.down = arrays.down.join(",");
    data.left = arrays.left.join(",");
    data.right = arrays.right.join(",");
    data.len = arrays.len.join(",");
    data.updates = String(count);
  }

  showList(o) {
    const { links, items } = this.problem;
    this.caption.textContent = o.title;
    this.listTitle.textContent = o.updates.length
      ? say("links.updates", { count: String(o.updates.length) })
      : say("links.no_changes");
    const lines = o.updates.map((u) => {
      const li = document.createElement("li");
      li.textContent = describeUpdate(links, items, u);
      li.dataset.beat = String(u.beat);
      return li;
    });
    if (!lines.length) {
      const li = document.createElement("li");
      li.className = "hint";
      li.textContent = say("links.hint");
      lines.push(li);
    }
    this.list.replaceChildren(...lines);
  }

  markBeat(beat) {
    for (const li of this.list.children) li.classList.toggle("current", li.dataset.beat === String(beat));
    const current = this.list.querySelector("li.current");
    if (!current) return;
    // Scroll the list only: scrollIntoView would also scroll the page away from the board.
    const box = this.list.getBoundingClientRect();
    const line = current.getBoundingClientRect();
    if (line.top < box.top) this.list.scrollTop -= box.top - line.top;
    else if (line.bottom > box.bottom) this.list.scrollTop += line.bottom - box.bottom;
  }

  /**
   * Walk from the state before the step to the state after it, one beat (one
   * node unlinked or relinked, or the header taken out or put back) at a time.
   */
  animate(after, updates, focus, budgetMs) {
    const before = copyArrays(after);
    for (let t = updates.length - 1; t >= 0; t--) before[updates[t].array][updates[t].node] = updates[t].from;
    const beats = updates[updates.length - 1].beat + 1;
    const beatMs = Math.min(budgetMs / beats, Math.max(BEAT_MS.min, Math.min(BEAT_MS.max, STEP_MS / beats)));
    const state = before;
    let beat = -1;
    let started = null;
    this.root.dataset.animating = "true";
    this.draw(state, null, focus);
    const tick = (time) => {
      if (!this.animation) return;
      if (started === null) started = time;
      const due = Math.min(beats, Math.floor((time - started) / beatMs));
      while (beat < due) {
        beat++;
        if (beat < beats) {
          for (const u of updates) if (u.beat === beat) state[u.array][u.node] = u.to;
        }
      }
      if (beat >= beats) {
        this.stopAnimation();
        this.draw(after, null, focus);
        return;
      }
      this.draw(state, { beat, updates: updates.filter((u) => u.beat === beat) }, focus);
      this.animation.frame = requestAnimationFrame(tick);
    };
    this.animation = { frame: requestAnimationFrame(tick) };
  }

  stopAnimation() {
    if (this.animation) cancelAnimationFrame(this.animation.frame);
    this.animation = null;
    this.root.dataset.animating = "false";
    for (const li of this.list.children) li.classList.remove("current");
  }

  /**
   * Draw one state of the arrays. `highlight` {beat, updates}: the node being
   * unlinked or relinked and the links that change now (old targets as ghosts).
   */
  draw(arrays, highlight, focus = {}) {
    const p = this.problem;
    const { links } = p;
    const { up, down, left, right, len } = arrays;
    const n = links.size;
    const covered = (i) => right[left[i]] !== i;
    const hidden = (x) => down[up[x]] !== x;
    const hot = new Set();
    const activeNodes = new Set();
    if (highlight) {
      for (const u of highlight.updates) {
        if (u.array !== "len") hot.add(`${u.array}:${u.node}`);
        activeNodes.add(u.via);
      }
      this.markBeat(highlight.beat);
    } else {
      for (const li of this.list.children) li.classList.remove("current");
    }
    const setLink = (record, key, d, stale, node) => {
      const isHot = hot.has(`${key}:${node}`);
      const cls = `link ${key}${stale ? " stale" : ""}${isHot ? " hot" : ""}`;
      const marker = `url(#${this.id}-${isHot ? "hot" : stale ? "stale" : "plain"})`;
      const shown = `${d}|${cls}`;
      if (record.shown[key] === shown) return;
      record.shown[key] = shown;
      const el = record[key];
      el.setAttribute("d", d);
      el.setAttribute("class", cls);
      el.setAttribute("marker-end", marker);
    };
    for (let x = 0; x < links.nodeTotal; x++) {
      const stale = x < n ? covered(x) : hidden(x);
      const record = this.vertical[x];
      setLink(record, "down", this.verticalPath(x, down[x], 1), stale, x);
      setLink(record, "up", this.verticalPath(x, up[x], -1), stale, x);
    }
    for (const x of p.order) {
      const stale = x < n && covered(x);
      const record = this.side[x];
      setLink(record, "right", this.sidePath(x, right[x], 1), stale, x);
      setLink(record, "left", this.sidePath(x, left[x], -1), stale, x);
    }
    // Nodes: covered headers, hidden nodes, the columns and rows the step is about.
    for (let x = 0; x < n; x++) {
      let cls = "node header";
      if (covered(x)) cls += " covered";
      if (x >= links.primary) cls += " secondary";
      if (x === focus.item) cls += " focus";
      if (activeNodes.has(x)) cls += " active";
      this.setNodeClass(x, cls);
      const value = String(len[x]);
      if (this.lenShown[x] !== value) {
        this.lenTexts[x].textContent = say("links.len", { node: String(x), len: value });
        this.lenShown[x] = value;
      }
    }
    const rowOut = new Uint8Array(links.first.length);
    for (let x = n; x < links.nodeTotal; x++) {
      let cls = "node";
      if (hidden(x)) {
        cls += " hidden";
        rowOut[links.optionOf[x]] = 1;
      } else if (covered(links.top[x])) {
        cls += " in-covered";
      }
      if (links.optionOf[x] === focus.option) cls += " focus";
      if (activeNodes.has(x)) cls += " active";
      this.setNodeClass(x, cls);
    }
    this.rowLines.forEach((line, k) => {
      const cls = rowOut[k] ? "row-line out" : "row-line";
      if (line.getAttribute("class") !== cls) line.setAttribute("class", cls);
    });
    if (this.marks) this.drawMarks(this.marks);
    this.drawGhosts(highlight);
  }

  /**
   * Colours (Knuth's DLX2): the colour each purified item has now, on its header,
   * and the nodes of each option a purify set aside, marked and said in their titles.
   */
  drawMarks({ purified, setAside }) {
    const { links, items } = this.problem;
    const said = (node, text) => {
      if (node.said === text) return;
      node.said = text;
      node.title.textContent = node.base + text;
    };
    for (let i = links.primary; i < links.size; i++) {
      const node = this.nodes[i];
      const colour = purified[i];
      if (node.swatch) node.swatch.set(colour);
      node.g.classList.toggle("purified", !!colour);
      if (colour) node.g.dataset.purified = colour;
      else delete node.g.dataset.purified;
      said(node, colour ? say("links.purified", { colour, item: items[i] }) : "");
    }
    for (let x = links.size; x < links.nodeTotal; x++) {
      const node = this.nodes[x];
      const by = setAside[links.optionOf[x]];
      node.g.classList.toggle("set-aside", by >= 0);
      said(node, by >= 0 ? say("links.set_aside", { item: items[by], colour: purified[by] }) : "");
    }
  }

  /**
   * A colour swatch with its top left corner at (x, y) in node `g`: {set(colour)} shows a
   * colour name's swatch, with the name on it when short enough ("" hides it).
   */
  swatchAt(g, x, y) {
    const mark = svg("g", { class: "swatch-mark", visibility: "hidden" }, g);
    // The page's CSP refuses style attributes: the colour goes in through the CSSOM.
    const square = svg("rect", { x, y, width: SWATCH, height: SWATCH, rx: 2 }, mark);
    const text = svg("text", { x: x + SWATCH / 2, y: y + SWATCH - 3.5, class: "swatch-name" }, mark);
    return {
      set(colour) {
        mark.setAttribute("visibility", colour ? "visible" : "hidden");
        if (!colour) return;
        square.style.setProperty("--swatch", swatchColour(colour));
        text.textContent = [...colour].length <= SWATCH_TEXT ? colour : "";
      },
    };
  }

  setNodeClass(x, cls) {
    const node = this.nodes[x];
    if (node.cls === cls) return;
    node.cls = cls;
    node.g.setAttribute("class", cls);
  }

  /** The links as they were before this beat, faint and dashed: what changed. */
  drawGhosts(highlight) {
    const paths = [];
    if (highlight) {
      for (const u of highlight.updates) {
        let d = null;
        if (u.array === "down") d = this.verticalPath(u.node, u.from, 1);
        else if (u.array === "up") d = this.verticalPath(u.node, u.from, -1);
        else if (u.array === "right") d = this.sidePath(u.node, u.from, 1);
        else if (u.array === "left") d = this.sidePath(u.node, u.from, -1);
        if (d) paths.push(svg("path", { d, class: "link ghost", "marker-end": `url(#${this.id}-ghost)` }));
      }
    }
    this.ghostLayer.replaceChildren(...paths);
  }
}
