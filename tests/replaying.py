"""The tests' own walk through a log's raw events, for checks that must not use the
solver or its analysis: which option is chosen at each open level at every event."""

from __future__ import annotations

from collections.abc import Iterator

from webapp.engine import exact_cover as ec

# Knuth's example of colours (dlx2.w; TAOCP 7.2.2.1): one solution, 'A C x:1 y:1' with 'B x:1'.
KNUTH_COLOURED = """\
A B C | x y
A B x:0 y:0
A C x:1 y:1
x:0 y:1
B x:1
C y:1
"""


def walk(events) -> Iterator[tuple[int, int, int, list[int]]]:
    """(event index, kind, arg, [choice at each open level, -1 before its first try]), from
    the events alone. The list is the walk's own and changes as it goes: copy it to keep it."""
    levels: list[int] = []
    for index, code in enumerate(events):
        kind, arg = code & ec.KIND_MASK, code >> ec.KIND_BITS
        if kind == ec.CHOOSE:
            levels.append(-1)
        elif kind == ec.TRY:
            levels[-1] = arg
        elif kind == ec.BACKUP:
            levels.pop()
        yield index, kind, arg, levels
