// model/tree-view.js — what the search-tree view looks at, without a DOM: the
// viewport (its scale and offset, which node is under a point, which nodes and
// levels are in sight), zooming and panning, the keyboard's moves through the
// tree, and the tree's own state (focus, opened blocks, grow mode, the
// thrashing group picked) with the one way to change it, reduceTree(). The
// tree is an icicle: node i's x is its index i, its row its level, its width
// its subtree's size (model/search-tree.js), so the layout is the tree's typed
// arrays themselves, computed once per log.
//
// Glossary
//   view      {width, height, across, down, left, top, fitAcross, fitDown}:
//             the canvas size (CSS px), px per node across and per level down,
//             the node index at the left edge and the level at the top edge,
//             and the scales at which the whole tree fits.
//   shown     how many nodes are drawn: every node, or in grow mode the nodes
//             tried up to the replay's step (a prefix of the node ids, since
//             nodes are numbered in the order they were tried).
//   opened    wrong choices the user opened: drawn node by node rather than
//             as one labelled block.

/** The most px per node across (a node wider than this is only wasted room). */
export const MAX_ACROSS = 64;
/** The most px per level down: rows tall enough for a label. */
export const MAX_DOWN = 22;
/** One press of + or −. */
export const ZOOM_STEP = 2;

/** The view in which the whole tree (or its first `shown` nodes) fits a canvas. */
export function fitView(tree, width, height, shown = tree ? tree.count : 0) {
  const count = Math.max(1, shown);
  const levels = tree ? tree.maxLevel + 1 : 1;
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const fitAcross = w / count;
  const fitDown = h / levels;
  return Object.freeze({ width: w, height: h, across: fitAcross, down: fitDown, left: 0, top: 0, fitAcross, fitDown, count, levels });
}

/** The same view on a resized canvas, keeping what is at its top left and the zoom (at least the fit). */
export function resizeView(view, tree, width, height, shown) {
  const fit = fitView(tree, width, height, shown);
  if (!view) return fit;
  const zoomed = view.across > view.fitAcross * 1.0001 || view.down > view.fitDown * 1.0001;
  if (!zoomed) return fit;
  return clampView({ ...fit, across: Math.max(fit.fitAcross, view.across), down: Math.max(fit.fitDown, view.down), left: view.left, top: view.top });
}

/** Keep the view inside the tree: no zooming out past the fit, no panning off its edges. */
export function clampView(view) {
  const across = Math.min(Math.max(view.across, view.fitAcross), Math.max(MAX_ACROSS, view.fitAcross));
  const down = Math.min(Math.max(view.down, view.fitDown), Math.max(MAX_DOWN, view.fitDown));
  const spanX = view.width / across;
  const spanY = view.height / down;
  const left = Math.min(Math.max(view.left, 0), Math.max(0, view.count - spanX));
  const top = Math.min(Math.max(view.top, 0), Math.max(0, view.levels - spanY));
  return Object.freeze({ ...view, across, down, left, top });
}

/** Zoom by a factor (>1 in) keeping the point (x, y) of the canvas where it is. */
export function zoomAt(view, factor, x = view.width / 2, y = view.height / 2) {
  const index = view.left + x / view.across;
  const level = view.top + y / view.down;
  const across = Math.min(Math.max(view.across * factor, view.fitAcross), Math.max(MAX_ACROSS, view.fitAcross));
  const down = Math.min(Math.max(view.down * factor, view.fitDown), Math.max(MAX_DOWN, view.fitDown));
  return clampView({ ...view, across, down, left: index - x / across, top: level - y / down });
}

/** Move the drawing by (dx, dy) CSS px, as a drag does. */
export function panBy(view, dx, dy) {
  return clampView({ ...view, left: view.left - dx / view.across, top: view.top - dy / view.down });
}

/** Whether the view shows the whole tree (nothing to reset). */
export function isFit(view) {
  return view.across <= view.fitAcross * 1.0001 && view.down <= view.fitDown * 1.0001;
}

/** The view that shows node n's subtree across the whole width and its levels down the height. */
export function zoomToNode(view, tree, n, shown = tree.count) {
  const size = Math.max(1, Math.min(tree.size[n], shown - n));
  const rows = tree.deepest[n] - tree.level[n] + 1;
  const across = view.width / size;
  const down = view.height / (rows + (tree.level[n] > 0 ? 1 : 0));
  const zoomed = clampView({ ...view, across, down, left: n, top: Math.max(0, tree.level[n] - 1) });
  // Centred when the subtree is narrower than the view at the largest zoom.
  const spare = view.width / zoomed.across - size;
  return spare > 0 ? clampView({ ...zoomed, left: n - spare / 2 }) : zoomed;
}

/** Pan (not zoom) just enough that node n's bar is in sight; the same view when it already is. */
export function revealNode(view, tree, n) {
  const spanX = view.width / view.across;
  const spanY = view.height / view.down;
  let { left, top } = view;
  const end = n + Math.min(tree.size[n], spanX);
  if (n < left) left = n - spanX * 0.1;
  else if (end > left + spanX) left = end - spanX * 0.9;
  const level = tree.level[n];
  if (level < top) top = level;
  else if (level + 1 > top + spanY) top = level + 1 - spanY;
  if (left === view.left && top === view.top) return view;
  return clampView({ ...view, left, top });
}

/** The nodes (index range) and levels in sight: [from, to) and [levelFrom, levelTo). */
export function visibleRange(view) {
  return {
    from: Math.max(0, Math.floor(view.left)),
    to: Math.min(view.count, Math.ceil(view.left + view.width / view.across)),
    levelFrom: Math.max(0, Math.floor(view.top)),
    levelTo: Math.min(view.levels, Math.ceil(view.top + view.height / view.down)),
  };
}

/** Where a node index and level are drawn on the canvas (CSS px). */
export function toScreen(view, index, level) {
  return { x: (index - view.left) * view.across, y: (level - view.top) * view.down };
}

/** The node index and level under a canvas point (fractional). */
export function fromScreen(view, x, y) {
  return { index: view.left + x / view.across, level: view.top + y / view.down };
}

/**
 * The node drawn under a canvas point, or -1: the deepest node over that
 * index at or above that level, stopping at a node drawn as one block
 * (`stop(n)`), among the first `shown` nodes.
 */
export function nodeAtPoint(view, tree, x, y, stop = () => false, shown = tree.count) {
  const { index, level } = fromScreen(view, x, y);
  const i = Math.floor(index);
  if (i < 0 || i >= shown || level < 0) return -1;
  return tree.nodeAt(i, Math.floor(level), stop);
}

// ---- the keyboard's moves ----------------------------------------------------

/**
 * The node a key moves to from node n, among the first `shown` nodes (the
 * same node when there is nowhere to go): "up" its parent, "down" its first
 * child, "left"/"right" its previous or next sibling (level-0 nodes are
 * siblings of one another). From no node (-1), any key goes to the first node.
 */
export function moveFrom(tree, n, key, shown = tree.count) {
  if (!tree || !shown) return -1;
  if (n < 0 || n >= shown) return 0;
  if (key === "up") return tree.parent[n] >= 0 ? tree.parent[n] : n;
  if (key === "down") return n + 1 < Math.min(shown, n + tree.size[n]) ? n + 1 : n;
  if (key === "right") {
    const next = n + tree.size[n];
    const p = tree.parent[n];
    const end = p >= 0 ? p + tree.size[p] : tree.count;
    return next < end && next < shown ? next : n;
  }
  if (key === "left") {
    const p = tree.parent[n];
    let previous = n;
    const siblings = p >= 0 ? tree.children(p) : tree.roots;
    for (const c of siblings) {
      if (c >= n) break;
      previous = c;
    }
    return previous;
  }
  throw new Error(`unknown move ${key}`);
}

// ---- the tree's own state ----------------------------------------------------

/** The tree's state for a new log (or none). */
export function initialTree() {
  return Object.freeze({ view: null, focus: -1, opened: Object.freeze(new Set()), grow: false, group: -1, preview: -1 });
}

/**
 * The next tree state after an action; the same object when nothing changes.
 * Actions: size {tree, width, height, shown}, zoom {factor, x, y}, pan {dx, dy},
 * reset, zoom-node {tree, node, shown}, reveal {tree, node}, focus {node},
 * open {node}, fold {node}, grow {on}, group {group}, preview {node}.
 */
export function reduceTree(state, action) {
  const next = (changes) => {
    const changed = Object.keys(changes).some((key) => changes[key] !== state[key]);
    return changed ? Object.freeze({ ...state, ...changes }) : state;
  };
  const view = state.view;
  switch (action.type) {
    case "size":
      return next({ view: resizeView(view, action.tree, action.width, action.height, action.shown) });
    case "zoom":
      return view ? next({ view: zoomAt(view, action.factor, action.x, action.y) }) : state;
    case "pan":
      return view ? next({ view: panBy(view, action.dx, action.dy) }) : state;
    case "reset":
      return view ? next({ view: clampView({ ...view, across: view.fitAcross, down: view.fitDown, left: 0, top: 0 }) }) : state;
    case "zoom-node": {
      if (!view || action.node < 0) return state;
      const opened = new Set(state.opened);
      opened.add(action.node);
      return next({ view: zoomToNode(view, action.tree, action.node, action.shown), opened: Object.freeze(opened), focus: action.node });
    }
    case "reveal":
      return view && action.node >= 0 ? next({ view: revealNode(view, action.tree, action.node) }) : state;
    case "focus":
      return next({ focus: action.node });
    case "open":
    case "fold": {
      if (action.node < 0 || state.opened.has(action.node) === (action.type === "open")) return state;
      const opened = new Set(state.opened);
      if (action.type === "open") opened.add(action.node);
      else opened.delete(action.node);
      return next({ opened: Object.freeze(opened) });
    }
    case "grow":
      return next({ grow: Boolean(action.on) });
    case "group":
      return next({ group: action.group });
    case "preview":
      return next({ preview: action.node });
    default:
      throw new Error(`unknown tree action ${action.type}`);
  }
}
