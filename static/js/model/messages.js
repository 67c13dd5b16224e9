// model/messages.js — the message catalogue (webapp/words/messages.json) rendered in
// the browser, as webapp/words/messages.py renders it in Python: a template with
// {named} fields (whole numbers with thousands commas), or forms chosen by the
// number in the field that "by" names ("other" when none matches). No DOM.

import CATALOGUE from "../../messages.json" with { type: "json" };

const FIELD = /\{(\w+)\}/g;

/** A field's value as text: whole numbers with thousands commas. */
function shown(value) {
  return typeof value === "number" && Number.isInteger(value) ? value.toLocaleString("en") : String(value);
}

/** The template of a key, its form chosen by the field the entry names. */
function templateOf(key, fields) {
  const entry = CATALOGUE[key];
  if (entry === undefined) throw new Error(`no message ${key}`);
  if (typeof entry === "string") return entry;
  const form = entry[String(fields[entry.by])];
  return form !== undefined ? form : entry.other;
}

/** The message `key` with its fields filled in. */
export function say(key, fields = {}) {
  return templateOf(key, fields).replace(FIELD, (_, name) => {
    if (!(name in fields)) throw new Error(`message ${key} needs the field ${name}`);
    return shown(fields[name]);
  });
}

/** "a", "a and b", "a, b and c" (webapp.words.messages.join_and). */
export function joinAnd(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
