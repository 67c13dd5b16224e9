// model/messages.js — the message catalogue (webapp/words/messages.json) rendered in
// the browser, as webapp/words/messages.py renders it in Python: a template with
// {named} fields (whole numbers with thousands commas), or forms chosen by the
// number in the field that "by" names ("other" when none matches). No DOM.

import CATALOGUE from "../../messages.json" with { type: "json" };

const FIELD = /\{(\w+)\}/g;

// From here on a number is written as a power of ten: "1.2 × 10¹⁵⁴", not fifty digits.
const LARGE = 1e15;
const SUPERSCRIPT = { "-": "⁻", 0: "⁰", 1: "¹", 2: "²", 3: "³", 4: "⁴", 5: "⁵", 6: "⁶", 7: "⁷", 8: "⁸", 9: "⁹" };

/** A number given by its base-10 logarithm, as "1.2 × 10¹⁵⁴" (webapp.words.messages.power_of_ten). */
export function powerOfTen(log10) {
  let exponent = Math.floor(log10);
  let mantissa = Math.round(10 ** (log10 - exponent) * 10) / 10;
  if (mantissa >= 10) { mantissa = 1; exponent += 1; }
  const power = String(exponent).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]);
  return `${mantissa.toFixed(1)} × 10${power}`;
}

/** A field's value as text: whole numbers with thousands commas, very large ones as a power of ten. */
function shown(value) {
  if (typeof value === "number" && Number.isFinite(value) && Math.abs(value) >= LARGE) {
    return (value < 0 ? "-" : "") + powerOfTen(Math.log10(Math.abs(value)));
  }
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
