"""A step log's weight: what it costs to analyse, send and replay, counted before the analysis.

Glossary
    weight   a log's events plus, for each dead end, the options of its item: the entries its
             facts' `ruler` and `also` carry (docs/step-log.md, "Facts"). A dead end costs as
             many entries as its item has options (157 on average for the pentominoes' dead
             ends), so the events alone do not bound a log: 1,000,000 events of the pentominoes
             weigh 7.5 million, of 12 queens 1.2 million.
    cut      the number of events after which a recording passes a weight budget: the
             step budget that keeps the log within it.

The weight is a function of the events alone, so a budget on it stops every search of one
problem at the same event on every machine (a time limit does not), and the answer can be
kept in the answer cache.
"""

from __future__ import annotations

import sys
import weakref
from array import array

from ..engine import exact_cover as ec

# Byte of each 64-bit event that holds its kind (the low four bits).
_LOW_BYTE = 0 if sys.byteorder == "little" else 7
# Each byte value to 1 when an event whose low byte it is is a dead end, else 0.
_IS_DEAD_END = bytes(1 if b & ec.KIND_MASK == ec.DEAD_END else 0 for b in range(256))


def cut(problem: ec.Problem, events, budget: int) -> int | None:
    """The most events whose log stays within `budget` (the largest E such that E plus the options
    of the dead ends among the first E events is at most it), or None when the whole recording
    does: the step budget (exact_cover.Search.run's max_steps) that keeps the log within it."""
    if len(events) * (1 + _most_options(problem)) <= budget:
        return None             # no dead end can tip it: skip the scan
    packed = memoryview(array("q", events) if isinstance(events, list) else events)
    low = packed.cast("B")[_LOW_BYTE::8].tobytes().translate(_IS_DEAD_END)
    options = problem.options_of_item
    weight = 0                  # the options of the dead ends seen so far
    at = low.find(1)
    while at >= 0:              # event `at` (from 0) is a dead end
        if at + weight > budget:                # the events before it pass the budget already
            return budget - weight
        weight += len(options[packed[at] >> ec.KIND_BITS])
        if at + 1 + weight > budget:            # this dead end passes it: the log ends before it
            return at
        at = low.find(1, at + 1)
    return budget - weight if len(events) + weight > budget else None


# Each problem's most options of a primary item, found once while the problem lives (the models
# keep their problems: every answer for a 9x9 would walk its 324 items again).
_most: dict[int, int] = {}


def _most_options(problem: ec.Problem) -> int:
    """The most options any primary item has (a dead end's item is primary)."""
    found = _most.get(id(problem))
    if found is None:
        found = _most[id(problem)] = max((len(problem.options_of_item[i]) for i in range(problem.primary)),
                                         default=0)
        weakref.finalize(problem, _most.pop, id(problem), None)
    return found
