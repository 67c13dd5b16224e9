"""Two item choices side by side: the shape of each recorded search tree, to one scale.

A search tree in depth-first order is fully described by the level of each
tried option (node) in log order, so a tree can be drawn as the levels of its
nodes left to right. A tree of a million nodes is too many to send: the nodes
are cut into buckets of `width` consecutive nodes, the same width for every
search compared (so the trees share one scale, and the smaller is narrower),
and each bucket says the shallowest and the deepest level among its nodes.

Glossary
    node      one try event, numbered from 0 in log order.
    bucket    `width` consecutive nodes; the last bucket may hold fewer.
    shape     per bucket, the shallowest and deepest level of its nodes.
    solution  the node tried last before a solution event (the leaf that completed it).

Nothing here knows about JSON, the web or Sudoku.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import exact_cover as ec

# The most buckets a shape has across the page's widest tree.
BUCKETS = 600
# About what reading a recording's events for its shape costs, in seconds an event
# (a server keeps it back from the search's time budget). Measured 0.1-0.2 us an event
# with `python -m webapp` on this 2-core machine; doubled for margin.
SECONDS_AN_EVENT = 4e-7


@dataclass(frozen=True)
class Levels:
    """The level of each node of a recorded search, and the nodes that completed a solution."""

    level: list[int]
    solutions: list[int]
    dead_ends: int


def levels(recording: ec.Recording) -> Levels:
    """The level of every try and the solutions' last nodes, in one pass over the events."""
    CHOOSE, TRY, SOLUTION, DEAD_END, BACKUP = ec.CHOOSE, ec.TRY, ec.SOLUTION, ec.DEAD_END, ec.BACKUP
    mask = ec.KIND_MASK
    depth = 0                  # the open levels (frames on the stack)
    level: list[int] = []
    solutions: list[int] = []
    dead_ends = 0
    for code in recording.events:
        kind = code & mask
        if kind == TRY:
            level.append(depth - 1)
        elif kind == CHOOSE:
            depth += 1
        elif kind == BACKUP:
            depth -= 1
        elif kind == SOLUTION:
            solutions.append(len(level) - 1)
        elif kind == DEAD_END:
            dead_ends += 1
    return Levels(level, solutions, dead_ends)


def bucket_width(*node_counts: int) -> int:
    """Nodes per bucket so that the largest of the trees fits BUCKETS buckets (at least 1)."""
    most = max(node_counts, default=0)
    return max(1, -(-most // BUCKETS))


def shape(level: list[int], width: int) -> dict:
    """Per bucket of `width` nodes, the shallowest and the deepest level (docs/api.md, /api/compare)."""
    shallowest, deepest = [], []
    for start in range(0, len(level), width):
        part = level[start:start + width]
        shallowest.append(min(part))
        deepest.append(max(part))
    return {"shallowest": shallowest, "deepest": deepest}
