// The browser's layers, checked from the source (issue 38): model/ imports only
// model/, views/ only model/ and views/, pages/ any of the three; no import circle
// among modules or among the layers; no module over 900 lines.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./python.mjs";

const JS = path.join(ROOT, "static", "js");
const RANKS = { model: 0, views: 1, pages: 2 };
const IMPORT = /(?:^|[;\s])(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/** Every module under static/js, by its path from there ("model/steplog.js"). */
function modules() {
  const found = [];
  for (const entry of readdirSync(JS, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".js")) {
      found.push(path.relative(JS, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join("/"));
    }
  }
  return found.sort();
}

/** The project's modules (and other files, such as the catalogue) a module imports. */
function importsOf(name) {
  const source = readFileSync(path.join(JS, name), "utf-8");
  const found = new Set();
  for (const match of source.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec.startsWith(".")) continue;
    found.add(path.posix.normalize(path.posix.join(path.posix.dirname(name), spec)));
  }
  return found;
}

const layerOf = (name) => name.split("/")[0];

/** One sorted list of nodes per strongly connected part of more than one node (Tarjan). */
export function circles(edges) {
  const index = new Map(), low = new Map(), stack = [], found = [];
  const visit = (v) => {
    index.set(v, index.size); low.set(v, index.get(v)); stack.push(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const part = [];
      for (let w = null; w !== v;) { w = stack.pop(); part.push(w); }
      if (part.length > 1 || (edges.get(v) ?? new Set()).has(v)) found.push(part.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const graph = new Map(modules().map((name) => [name, importsOf(name)]));

test("the scanner sees the imports (a module it misses would pass unchecked)", () => {
  assert.ok(graph.get("pages/sudoku-page.js").has("pages/replay.js"));
  assert.ok(graph.get("model/explain.js").has("model/steplog.js"));
  assert.deepEqual(circles(new Map([["a", new Set(["b"])], ["b", new Set(["a"])], ["c", new Set(["a"])]])), [["a", "b"]]);
});

test("every module is in a layer, and imports only its own layer and those below", () => {
  const wrong = [];
  for (const [name, targets] of graph) {
    assert.ok(layerOf(name) in RANKS, `${name} is in no layer`);
    for (const target of targets) {
      if (!target.endsWith(".js")) continue;      // the message catalogue, served as JSON
      if (!graph.has(target)) wrong.push(`${name} imports ${target}, which is not there`);
      else if (RANKS[layerOf(target)] > RANKS[layerOf(name)]) wrong.push(`${name} imports ${target}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test("no import circle among modules", () => {
  assert.deepEqual(circles(graph), []);
});

test("no import circle among layers", () => {
  const edges = new Map();
  for (const [name, targets] of graph) {
    const from = layerOf(name);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of targets) {
      if (graph.has(target) && layerOf(target) !== from) edges.get(from).add(layerOf(target));
    }
  }
  assert.deepEqual(circles(edges), []);
});

test("no module over 900 lines", () => {
  const long = modules()
    .map((name) => [name, readFileSync(path.join(JS, name), "utf-8").split("\n").length - 1])
    .filter(([, lines]) => lines > 900);
  assert.deepEqual(long, []);
});
