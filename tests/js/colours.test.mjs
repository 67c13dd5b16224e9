// Knuth's DLX2 colours on the page: each colour name's swatch (model/colours.js) is
// the name's alone, a colour word keeps its hue, and black text on any swatch is readable.
import { test } from "node:test";
import assert from "node:assert/strict";
import { colourHue, swatchColour, swatchRgb, luminance } from "../../static/js/model/colours.js";

test("a name's swatch depends on the name alone; colour words keep their hue", () => {
  assert.equal(swatchColour("orchid-7"), swatchColour("orchid-7"));
  assert.equal(colourHue("red"), 0);
  assert.equal(colourHue("Blue"), colourHue("blue"));
  assert.match(swatchColour("x"), /^hsl\(\d+ 75% 70%\)$/);
});

test("names that differ get different hues, mostly", () => {
  const names = ["0", "1", "2", "a", "b", "c", "d", "e", "g", "i", "l", "n", "o"];
  const hues = new Set(names.map(colourHue));
  assert.ok(hues.size >= names.length - 1, `${hues.size} hues for ${names.length} names`);
});

test("black text on every swatch has at least 4.5:1 contrast (WCAG AA), whatever the hue", () => {
  for (let k = 0; k < 2000; k++) {
    const name = `n${k}`;
    const contrast = (luminance(swatchRgb(name)) + 0.05) / 0.05;
    assert.ok(contrast >= 4.5, `${name}: ${swatchColour(name)} has ${contrast.toFixed(2)}:1 with black`);
  }
});
