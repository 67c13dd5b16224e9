"""A log's per-option dead-end facts kept apart, so that one dead end's can be read alone.

A dead end's facts `ruler` and `also` (docs/step-log.md, "Facts") carry one entry per option of
its item: on the pentominoes about 157 a dead end, most of a long log's bytes. `pack` keeps them
in one payload beside the answer, in blocks of BLOCK dead ends compressed each on its own; `one`
reads dead end k's from it by decompressing its block alone (the server's /api/dead-end-facts,
docs/api.md).

Glossary
    payload   MAGIC, the number of dead ends n and of blocks b (int64 each), the byte offset of
              each block after the index (b + 1 int64), then the blocks.
    block     brotli of: its dead ends' count m (int64), their first rulers within the block
              (m + 1 int64), their event indexes (m int64), their rulers (int32), then their
              `also` parts joined by commas (ASCII).
"""

from __future__ import annotations

import sys
from array import array
from itertools import accumulate

import brotli

from ..engine import exact_cover as ec

MAGIC = b"DLX-DEAD-END-FACTS-2\0"
BLOCK = 1024            # dead ends a block: the pentominoes' ~160,000 rulers, ~1 MB before brotli
_SCAN = 1 << 16         # bytes of `also` whose commas are counted at once when looking for a block's end


class DetailsError(ValueError):
    """A payload that is not one `pack` wrote, or a dead end it does not hold."""


def _bytes(kind: str, values) -> bytes:
    packed = array(kind, values)
    if sys.byteorder != "little":
        packed.byteswap()
    return packed.tobytes()


def _ints(kind: str, data, at: int, count: int) -> array:
    found = array(kind)
    found.frombytes(data[at:at + count * found.itemsize])
    if sys.byteorder != "little":
        found.byteswap()
    return found


def _after_commas(text: bytes, at: int, commas: int) -> int:
    """The byte just after the `commas`-th comma from `at` (at itself for none; len + 1 past the end)."""
    while commas:
        block = text.count(b",", at, at + _SCAN)
        if block >= commas or at + _SCAN >= len(text):
            break
        commas -= block
        at += _SCAN
    for _ in range(commas):
        found = text.find(b",", at)
        at = len(text) + 1 if found < 0 else found + 1
    return at


def pack(problem: ec.Problem, log: dict) -> bytes:
    """The log's dead ends' `ruler` and `also`, each dead end's findable by its number."""
    dead = log["facts"]["dead_ends"]
    events, steps, rulers = log["events"], dead["step"], dead["ruler"]
    options = problem.options_of_item
    counts = [len(options[events[step] >> ec.KIND_BITS]) for step in steps]
    text = dead["also"].encode("ascii")
    blocks, ruler_at, text_at = [], 0, 0
    for first in range(0, len(steps), BLOCK):
        mine = counts[first:first + BLOCK]
        total = sum(mine)
        text_end = _after_commas(text, text_at, total) if total else text_at
        body = (_bytes("q", [len(mine)]) + _bytes("q", accumulate(mine, initial=0))
                + _bytes("q", steps[first:first + BLOCK]) + _bytes("i", rulers[ruler_at:ruler_at + total])
                + text[text_at:max(text_at, text_end - 1)])
        blocks.append(brotli.compress(body, quality=1))
        ruler_at, text_at = ruler_at + total, text_end
    offsets = list(accumulate((len(b) for b in blocks), initial=0))
    return MAGIC + _bytes("q", [len(steps), len(blocks)]) + _bytes("q", offsets) + b"".join(blocks)


def one(payload: bytes, k: int) -> dict:
    """Dead end k's facts from a payload: its event index `step`, its `ruler` (one per option of its
    item, in option-id order) and its `also` (their parts joined by commas), as the log has them."""
    head = len(MAGIC) + 16
    if not payload.startswith(MAGIC) or len(payload) < head:
        raise DetailsError("not a payload of dead-end facts")
    n, b = _ints("q", payload, len(MAGIC), 2)
    if not 0 <= k < n:
        raise DetailsError(f"there are {n} dead ends (0 to {n - 1}), not {k}")
    block, j = divmod(k, BLOCK)
    start, end = _ints("q", payload, head + 8 * block, 2)
    base = head + 8 * (b + 1)
    body = brotli.decompress(payload[base + start:base + end])
    m = _ints("q", body, 0, 1)[0]
    firsts = _ints("q", body, 8, m + 1)
    step = _ints("q", body, 8 * (m + 2) + 8 * j, 1)[0]
    rulers_at = 8 * (m + 2) + 8 * m
    rulers = _ints("i", body, rulers_at + 4 * firsts[j], firsts[j + 1] - firsts[j])
    text = body[rulers_at + 4 * firsts[m]:]
    part_at = _after_commas(text, 0, firsts[j]) if firsts[j] else 0
    part_end = _after_commas(text, part_at, firsts[j + 1] - firsts[j])
    also = text[part_at:max(part_at, part_end - 1)].decode("ascii") if firsts[j + 1] > firsts[j] else ""
    return {"dead_end": k, "step": step, "ruler": rulers.tolist(), "also": also}
