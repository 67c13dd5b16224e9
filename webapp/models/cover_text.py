"""Exact cover problems as text, in the format of Knuth's DLX programs.

    # a comment                  lines starting with '#', and blank lines, are skipped
    A B C D E F G | x y          the header: primary items, then '|' and the secondary ones
    C E F                        then one option a line: the names of its items
    A D G x:red                  an option may give a secondary item a colour (Knuth's DLX2)
    B D x:red
    2:3|A 2|B C                  (another header) bounds on primary items (Knuth's DLX3): A is
                                 covered 2 or 3 times, B exactly twice, C once

Glossary
    header   the first line that is not blank or a comment: every item name,
             separated by whitespace; '|' (a word of its own) starts the
             secondary items. At least one primary item.
    name     an item name: any run of characters without whitespace that
             does not contain '|' or ':' and does not start with '#'.
    option   a later line: item names from the header, each at most once.
             An option without a primary item is kept but never used.
    bounds   `least:most|name` or `most|name` (least = most) before a primary
             item's name in the header (Knuth's DLX3): a solution covers the
             item at least least and at most most times (0 <= least <= most,
             1 <= most <= MAX_BOUND). Without them an item is covered exactly
             once. Secondary items take none.
    colour   `name:colour` in an option: the option gives that secondary item
             a colour. Options that share a secondary item can both be in a
             solution when both give it the same colour; an uncoloured use
             excludes every other use. A colour is any word after the ':',
             without a second ':'; a header name holding a ':' is refused
             (colours belong in the options).
    where    (line, column) of a word, both counted from 1.

parse_cover() and format_cover() are the only text boundary; the caps below
keep a text sent to the web from building a problem too big to hold.
"""

from __future__ import annotations

import re

from ..engine import exact_cover as ec
from ..words.messages import say

MAX_ITEMS = 10_000
MAX_OPTIONS = 100_000
MAX_ENTRIES = 1_000_000          # item names in all options together
# Ordered pairs of items within an option (k items: k × (k − 1)), over all
# options. The engine keeps, for every node, the other nodes of its option:
# memory and set-up time grow with this, not with the entries (one option of
# 10,000 items took 6 GB before this cap).
MAX_PAIRS = 1_000_000
MAX_NAME = 100                   # characters in an item name
MAX_BOUND = 10_000               # the largest most a bound may name (no item holds more options than that helps)
BAR, COMMENT, COLON = "|", "#", ":"
BOM = "\ufeff"                   # a byte order mark some editors put first: not part of a name
WORD = re.compile(r"\S+")
# A header word with bounds: digits, optionally ':' and digits, then '|' and the name.
BOUNDED = re.compile(r"(\d+)(?::(\d+))?\|(.*)", re.DOTALL)


class CoverParseError(ValueError):
    """Text that is not an exact cover problem; the message says what and where.

    line, column: where the fault is, both from 1.
    """

    def __init__(self, message: str, line: int, column: int):
        super().__init__(f"line {line}, column {column}: {message}")
        self.message = str(self)
        self.line, self.column = line, column


def words(line: str):
    """The words of a line, each with its column (from 1), lazily: the limits
    stop a huge line at its first word too many, before it takes gigabytes."""
    return ((m.group(), m.start() + 1) for m in WORD.finditer(line))


def content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) for every line that is not blank or a comment."""
    return [(k, line) for k, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.lstrip().startswith(COMMENT)]


# -- parse ---------------------------------------------------------------------

def parse_cover(text: str) -> ec.Problem:
    """The problem a text describes; CoverParseError names what is wrong and where."""
    if not isinstance(text, str):
        raise CoverParseError("an exact cover problem must be text", 1, 1)
    lines = content_lines(text.removeprefix(BOM))
    if not lines:
        raise CoverParseError("no items: the first line that is not blank or a comment "
                              "must list the item names", 1, 1)
    header_line, header = lines[0]
    items, primary, index, bounds = parse_header(header_line, header)
    if len(lines) - 1 > MAX_OPTIONS:
        line_no, _ = lines[MAX_OPTIONS + 1]
        raise CoverParseError(f"too many options: at most {MAX_OPTIONS:,}", line_no, 1)
    options, colours, entries, pairs = [], [], 0, 0
    colour_ids: dict[str, int] = {}      # colour name -> id from 1, in order of first use
    for line_no, line in lines[1:]:
        option, colour = parse_option(line_no, line, index, header_line, primary, colour_ids)
        entries += len(option)
        if entries > MAX_ENTRIES:
            raise CoverParseError(f"too many item names in the options: at most {MAX_ENTRIES:,} "
                                  "in all", line_no, 1)
        pairs += len(option) * (len(option) - 1)
        if pairs > MAX_PAIRS:
            raise CoverParseError(f"the options are too long: this one has {len(option):,} items, and an "
                                  f"option of k items costs k × (k − 1) of the {MAX_PAIRS:,} pairs a "
                                  f"problem may hold in all", line_no, 1)
        options.append(option)
        colours.append(colour)
    # All (1, 1) is an exact cover's "exactly once": the problem is then one without bounds.
    bounds = bounds if any(pair != (1, 1) for pair in bounds) else []
    if not colour_ids:
        return ec.Problem(tuple(items), primary, tuple(options), bounds=tuple(bounds))
    return ec.Problem(tuple(items), primary, tuple(options), tuple(colours), tuple(colour_ids), tuple(bounds))


def parse_header(line_no: int, line: str
                 ) -> tuple[list[str], int, dict[str, tuple[int, int]], list[tuple[int, int]]]:
    """Item names, the primary count, name → (id, column), and each primary item's bounds
    (least, most) from the header line."""
    items: list[str] = []
    bounds: list[tuple[int, int]] = []
    index: dict[str, tuple[int, int]] = {}
    primary: int | None = None
    bar_column = 0          # the column of the bar, once there is one (primary is then set)
    for word, column in words(line):
        if word == BAR:
            if primary is not None:
                raise CoverParseError(f"a second '{BAR}' in the header (the first is at column "
                                      f"{bar_column}): only one separates the secondary items",
                                      line_no, column)
            primary, bar_column = len(items), column
            continue
        pair, word, column = split_bounds(word, line_no, column, primary is not None)
        check_name(word, line_no, column)
        if word in index:
            raise CoverParseError(f"item {word!r} is named twice in the header (first at column "
                                  f"{index[word][1]})", line_no, column)
        if len(items) == MAX_ITEMS:
            raise CoverParseError(f"too many items: at most {MAX_ITEMS:,}", line_no, column)
        index[word] = (len(items), column)
        items.append(word)
        if primary is None:
            bounds.append(pair)
    if primary is None:
        primary = len(items)
    if not items:
        raise CoverParseError("the header names no item", line_no, 1)
    if primary == 0:
        raise CoverParseError(f"the header names no primary item: at least one item must come "
                              f"before '{BAR}'", line_no, bar_column)
    return items, primary, index, bounds


def split_bounds(word: str, line_no: int, column: int, secondary: bool) -> tuple[tuple[int, int], str, int]:
    """((least, most), name, the name's column) of a header word: 'A' is (1, 1), '2|A' (2, 2), '0:3|A' (0, 3)."""
    found = BOUNDED.fullmatch(word)
    if found is None:
        return (1, 1), word, column
    least_text, most_text, name = found.groups()
    if secondary:
        raise CoverParseError(say("cover_text.bounds_secondary", word=repr(word), bar=BAR), line_no, column)
    if not name:
        raise CoverParseError(say("cover_text.bounds_no_name", word=repr(word)), line_no, column + len(word) - 1)
    most = int(most_text if most_text is not None else least_text)
    least = int(least_text)
    if most > MAX_BOUND:
        raise CoverParseError(say("cover_text.bounds_too_big", word=repr(word), most=f"{MAX_BOUND:,}"),
                              line_no, column)
    if most == 0:
        raise CoverParseError(say("cover_text.bounds_zero", word=repr(word), name=name), line_no, column)
    if least > most:
        raise CoverParseError(say("cover_text.bounds_order", word=repr(word), least=least, most=most),
                              line_no, column)
    return (least, most), name, column + len(word) - len(name)


def check_name(word: str, line_no: int, column: int) -> None:
    """Refuse a header word that cannot be an item name."""
    if BAR in word:
        raise CoverParseError(f"item name {word!r} contains '{BAR}': put spaces around the '{BAR}' "
                              f"that starts the secondary items", line_no, column + word.index(BAR))
    if word.startswith(COMMENT):
        raise CoverParseError(f"item name {word!r} starts with '{COMMENT}', which marks a comment",
                              line_no, column)
    if COLON in word:       # 'x:red' in an option gives x a colour: a name with a ':' would read as one
        raise CoverParseError(say("cover_text.name_colon", name=repr(word)), line_no, column + word.index(COLON))
    if len(word) > MAX_NAME:
        raise CoverParseError(f"item name {word[:20]!r}… is {len(word)} characters long: at most "
                              f"{MAX_NAME}", line_no, column)


def parse_option(line_no: int, line: str, index: dict[str, tuple[int, int]], header_line: int,
                 primary: int, colour_ids: dict[str, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The item ids of one option line and the colour it gives each (0: none); a new colour
    name gets the next id in colour_ids."""
    ids: list[int] = []
    colours: list[int] = []
    first: dict[int, int] = {}
    for word, column in words(line):
        if BAR in word:     # item names never hold one (check_name)
            raise CoverParseError(f"'{BAR}' belongs in the header only, not in an option",
                                  line_no, column + word.index(BAR))
        name, colour = split_colour(word, index, line_no, column, header_line)
        i = index[name][0]
        if colour:
            if i < primary:
                raise CoverParseError(f"{word!r} colours {name}, a primary item: only the secondary "
                                      f"items (after '{BAR}' in the header) take a colour", line_no, column)
            if len(colour) > MAX_NAME:
                raise CoverParseError(f"colour {colour[:20]!r}… is {len(colour)} characters long: at most "
                                      f"{MAX_NAME}", line_no, column + len(name) + 1)
            colour_ids.setdefault(colour, len(colour_ids) + 1)
        if i in first:
            raise CoverParseError(f"item {name!r} is named twice in this option (first at column "
                                  f"{first[i]})", line_no, column)
        first[i] = column
        ids.append(i)
        colours.append(colour_ids[colour] if colour else 0)
    return tuple(ids), tuple(colours)      # never empty: a line without a word is blank, so skipped


def split_colour(word: str, index: dict[str, tuple[int, int]], line_no: int, column: int,
                 header_line: int) -> tuple[str, str]:
    """(item name, colour or '') of an option's word: 'x' or 'x:red'."""
    if word in index:       # no header name holds a ':' (check_name)
        return word, ""
    name, colon, colour = word.partition(COLON)
    if not colon or name not in index:
        raise CoverParseError(f"{word!r} is not an item of the header (line {header_line})", line_no, column)
    if not colour:
        raise CoverParseError(f"{word!r} has no colour after the '{COLON}': write {name}:colour, "
                              f"or {name} alone", line_no, column + len(word) - 1)
    if COLON in colour:
        second = column + len(name) + 1 + colour.index(COLON)
        raise CoverParseError(say("cover_text.second_colon", word=repr(word), column=second, item=name),
                              line_no, second)
    return name, colour


# -- format ----------------------------------------------------------------------

def format_cover(problem: ec.Problem) -> str:
    """The problem as text that parse_cover() reads back to an equal problem."""
    for name in problem.items:
        if not writable(name):
            raise ValueError(f"item name {name!r} cannot be written: a name is 1 to {MAX_NAME} "
                             f"characters without whitespace, '{BAR}' or '{COLON}', not starting with "
                             f"'{COMMENT}'")
    if problem.primary == 0:
        raise ValueError("a problem without a primary item cannot be written")
    primary = " ".join(bounded_name(problem, i) for i in range(problem.primary))
    secondary = " ".join(problem.items[problem.primary:])
    lines = [f"{primary} {BAR} {secondary}" if secondary else primary]
    lines += [format_option(problem, k) for k in range(len(problem.options))]
    return "\n".join(lines) + "\n"


def range_words(least: int, most: int) -> str:
    """How often an item with bounds is covered, in words: 'twice', 'at most 3 times', '2 to 3 times'."""
    if least == most:
        return say("bounds.range.exact", most=most)
    if least == 0:
        return say("bounds.range.most", most=most)
    return say("bounds.range.between", least=least, most=most)


def bounded_name(problem: ec.Problem, item: int) -> str:
    """A primary item's name as the header writes it, with its bounds unless they are (1, 1)."""
    least, most = problem.bounds_of(item)
    name = problem.items[item]
    if (least, most) == (1, 1):
        return name
    return f"{most}{BAR}{name}" if least == most else f"{least}{COLON}{most}{BAR}{name}"


def format_option(problem: ec.Problem, k: int) -> str:
    """Option k as its item names, separated by spaces, each with its colour if it has one."""
    return " ".join(problem.entry_name(k, p) for p in range(len(problem.options[k])))


def writable(name: str) -> bool:
    """Whether an item name survives format and parse unchanged."""
    return (0 < len(name) <= MAX_NAME and WORD.fullmatch(name) is not None
            and BAR not in name and COLON not in name and not name.startswith(COMMENT))
