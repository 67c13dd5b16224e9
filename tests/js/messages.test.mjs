// The message catalogue: forms, fields, and that every key the code names exists
// (and every message is named somewhere), in Python and in JavaScript.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { say, joinAnd } from "../../static/js/model/messages.js";
import { ROOT, pythonJson } from "./python.mjs";

const catalogue = JSON.parse(readFileSync(path.join(ROOT, "webapp/words/messages.json"), "utf-8"));

test("a template fills its fields, whole numbers with thousands commas", () => {
  assert.equal(say("outcome.so_far", { count: 12345 }), "found 12,345 solutions so far");
  assert.equal(say("dead_end.heading", { level: 3, empty: "row 4 has no place left for a 7" }),
    "Dead end at level 3: row 4 has no place left for a 7.");
});

test("forms are chosen by the number in the field named by 'by', else 'other'", () => {
  assert.equal(say("try.before", { count: 0 }), "");
  assert.equal(say("try.before", { count: 1 }), " Option 1 was tried and taken back.");
  assert.equal(say("try.before", { count: 2 }), " Options 1 and 2 were tried and taken back.");
  assert.equal(say("try.before", { count: 1500 }), " Options 1 to 1,500 were tried and taken back.");
});

test("a missing field or an unknown key is an error, not a silent gap", () => {
  assert.throws(() => say("dead_end.heading", { level: 1 }), /needs the field empty/);
  assert.throws(() => say("no.such.key"), /no message/);
});

test("joinAnd writes a list as a person would", () => {
  assert.equal(joinAnd([]), "");
  assert.equal(joinAnd(["a"]), "a");
  assert.equal(joinAnd(["a", "b"]), "a and b");
  assert.equal(joinAnd(["a", "b", "c"]), "a, b and c");
});

/** Every file under dir (recursively) whose name ends with ext. */
function filesUnder(dir, ext) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
}

test("every key the code names is in the catalogue, and every message is named by the code", () => {
  const sources = [...filesUnder(path.join(ROOT, "static/js"), ".js"), ...filesUnder(path.join(ROOT, "webapp"), ".py")];
  const named = new Set();
  for (const file of sources) {
    const text = readFileSync(file, "utf-8");
    for (const m of text.matchAll(/say\(\s*["']([\w.-]+)["']/g)) named.add(m[1]);
    for (const m of text.matchAll(/say\(\s*`title\.\$\{key\}`|title\(\s*["'](\w+)["']\)/g)) if (m[1]) named.add(`title.${m[1]}`);
    // A reader's error names its message's key as say does: reader.error("constraint.twice", …).
    for (const m of text.matchAll(/\.error\(\s*["']([\w.-]+)["']/g)) named.add(m[1]);
    // A key picked between two literals: say(cond ? "a.b" : "c.d", ...).
    for (const m of text.matchAll(/say\([^()]*?\?\s*["']([\w.]+)["']\s*:\s*["']([\w.]+)["']/g)) named.add(m[1]).add(m[2]);
  }
  const keys = Object.keys(catalogue).filter((k) => k !== "about");
  // A family of keys picked by a name: say(f"phrase.sudoku.apart.{kind}") in Python names every
  // key under its literal prefix (each must exist for the names the code passes: its own tests say so).
  for (const file of sources) {
    const text = readFileSync(file, "utf-8");
    for (const m of text.matchAll(/say\(\s*f["']([\w.]+\.)\{/g)) for (const k of keys) if (k.startsWith(m[1])) named.add(k);
  }
  // A key handed to a helper that says it (a label key passed to an option builder) is named
  // where it is written as a literal: any whole string literal that is a key counts as naming it.
  const literals = new Set();
  for (const file of sources) {
    for (const m of readFileSync(file, "utf-8").matchAll(/["']([\w-]+(?:\.[\w-]+)+)["']/g)) literals.add(m[1]);
  }
  for (const k of keys) if (literals.has(k)) named.add(k);
  const missing = [...named].filter((k) => !(k in catalogue));
  assert.deepEqual(missing, [], "named in the code but not in webapp/words/messages.json");
  const unused = keys.filter((k) => !named.has(k));
  assert.deepEqual(unused, [], "in webapp/words/messages.json but named nowhere");
});

test("every form set has an 'other' form or names each number it is used with", () => {
  for (const [key, entry] of Object.entries(catalogue)) {
    if (typeof entry === "string") continue;
    assert.equal(typeof entry.by, "string", `${key} names the field that chooses its form`);
    const forms = Object.keys(entry).filter((f) => f !== "by");
    assert.ok(forms.every((f) => f === "other" || /^\d+$/.test(f)), `${key}: forms are numbers or 'other'`);
  }
});

test("a very large number is written as a power of ten, as Python writes it", async () => {
  const { powerOfTen } = await import("../../static/js/model/messages.js");
  assert.equal(say("outcome.so_far", { count: 999_999_999_999_999 }), "found 999,999,999,999,999 solutions so far");
  assert.equal(say("outcome.so_far", { count: 1.234e154 }), "found 1.2 × 10¹⁵⁴ solutions so far");
  assert.equal(powerOfTen(873.9999), "1.0 × 10⁸⁷⁴");
  const python = pythonJson(`
import json
from webapp.words.messages import say, power_of_ten
print(json.dumps([say("outcome.so_far", count=1.234e154), power_of_ten(873.9999), say("outcome.so_far", count=10**40)]))`);
  assert.deepEqual(python, [say("outcome.so_far", { count: 1.234e154 }), powerOfTen(873.9999),
    say("outcome.so_far", { count: 1e40 })]);
});
