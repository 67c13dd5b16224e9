// model/colours.js — the swatch of a colour name (Knuth's DLX2 colours: `x:red` in
// an option), derived from the name alone, so one name has one swatch on every
// view and at every step. A name that is a common colour word gets that hue
// ("red" is red); any other name a hue from a hash of its characters. Every
// swatch is light enough that black text on it has at least 4.5:1 contrast
// (WCAG AA), and the views outline it in the page's text colour, so it stands
// out on the light and the dark theme and on a washed-out projector alike. A
// swatch never speaks alone: the views always write the name too. No DOM.

/** Hues (degrees) of common colour words; other names are hashed. */
const NAMED_HUES = {
  red: 0, orange: 30, amber: 45, yellow: 55, lime: 90, green: 130, teal: 170, cyan: 185,
  blue: 215, indigo: 245, violet: 275, purple: 285, magenta: 305, pink: 330,
};

/** Saturation and lightness of every swatch (percent): light enough for black text. */
export const SWATCH_SATURATION = 75;
export const SWATCH_LIGHTNESS = 70;

/** The hue of a colour name, 0 … 359: a colour word's own, else FNV-1a of its characters. */
export function colourHue(name) {
  const word = String(name).toLowerCase();
  if (Object.hasOwn(NAMED_HUES, word)) return NAMED_HUES[word];
  let hash = 0x811c9dc5;
  for (const ch of word) {
    hash ^= ch.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Spread by the golden angle, so names that hash close apart still differ in hue.
  return Math.round((hash % 360) * 137.508) % 360;
}

/** The swatch of a colour name as a CSS colour, e.g. "hsl(0 75% 70%)"; the ink on it is black. */
export function swatchColour(name) {
  return `hsl(${colourHue(name)} ${SWATCH_SATURATION}% ${SWATCH_LIGHTNESS}%)`;
}

/** The sRGB channels (0 … 1) of a swatch: what tests measure its contrast with. */
export function swatchRgb(name) {
  const h = colourHue(name) / 360;
  const s = SWATCH_SATURATION / 100;
  const l = SWATCH_LIGHTNESS / 100;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h * 12) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

/** WCAG relative luminance of sRGB channels 0 … 1. */
export function luminance([r, g, b]) {
  const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
