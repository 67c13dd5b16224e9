"""The message catalogue: every sentence the explanations say, rendered from one file.

messages.json, beside this module, holds the templates; the app serves it to the
page at /static/messages.json and static/js/model/messages.js renders the same
file in the browser, so Python (the command line, the step log's
phrases and outcome) and the page say the same words.

Glossary
    key       a message's name, e.g. "dead_end.heading".
    template  text with {named} fields; a whole number is written with
              thousands commas (1,234), a float as Python's :g.
    forms     a message with variants: {"by": FIELD, "0": ..., "1": ..., "other": ...};
              the form named by the field's number is used, else "other".
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from pathlib import Path

FIELD = re.compile(r"\{(\w+)\}")


def catalogue_path() -> Path:
    """Where messages.json is: beside this module, in a checkout and installed alike."""
    path = Path(__file__).with_name("messages.json")
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: the message catalogue ships with the app")
    return path


@lru_cache(maxsize=1)
def catalogue() -> dict:
    """The templates, read once."""
    return json.loads(catalogue_path().read_text(encoding="utf-8"))


# From here on a number is written as a power of ten: "1.2 × 10¹⁵⁴", not fifty digits.
LARGE = 10 ** 15
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_ten(log10: float) -> str:
    """A number given by its base-10 logarithm, as "1.2 × 10¹⁵⁴" (messages.js powerOfTen)."""
    exponent = math.floor(log10)
    mantissa = round(10 ** (log10 - exponent) * 10) / 10
    if mantissa >= 10:
        mantissa, exponent = 1.0, exponent + 1
    return f"{mantissa:.1f} × 10{str(exponent).translate(SUPERSCRIPT)}"


def shown(value) -> str:
    """A field's value as text: whole numbers with thousands commas, very large ones as a power of ten."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)) and math.isfinite(value) and abs(value) >= LARGE:
        return ("-" if value < 0 else "") + power_of_ten(math.log10(abs(value)))
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def template_of(key: str, fields: dict) -> str:
    """The template of a key, its form chosen by the field the entry names."""
    entry = catalogue()[key]
    if isinstance(entry, str):
        return entry
    chosen = fields[entry["by"]]
    return entry.get(str(chosen), entry["other"]) if "other" in entry else entry[str(chosen)]


def say(key: str, **fields) -> str:
    """The message `key` with its fields filled in."""
    template = template_of(key, fields)

    def fill(match: re.Match) -> str:
        name = match.group(1)
        if name not in fields:
            raise KeyError(f"message {key!r} needs the field {name!r}")
        return shown(fields[name])

    return FIELD.sub(fill, template)


def join_and(words: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
