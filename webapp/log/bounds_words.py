"""The Why panel's lines for the steps of a search with bounds (Knuth's DLX3, webapp/engine/bounded.py).

steplog.event_lines hands a step here when its log has `bounds`; what is the same
as for exact cover (a try, an uncover, a purify, a solution) stays there.
static/js/model/bounds-words.js says the same lines from the same catalogue.

Glossary (besides webapp/analysis/explain.py's)
    count    how many placed options cover an item now (explain.count_of).
    ways     a level's branches (the choose event's d): its item's options left
             that it may still try, one at a time, each set aside for the ways
             after it, and, when the item has its least, none more (a settle).
"""

from __future__ import annotations

import bisect

from ..analysis.explain import State, count_of, live_options
from ..engine import exact_cover as ec
from ..words.messages import join_and, say

# The kinds whose arg is an item.
ITEM_KINDS = (ec.CHOOSE, ec.COVER, ec.UNCOVER, ec.DEAD_END, ec.PURIFY, ec.UNPURIFY, ec.TAKE, ec.UNTAKE, ec.SETTLE,
              ec.UNSETTLE)


def counted(count: int) -> str:
    return say("bounds.count", count=count)


def lines(log: dict, problem: ec.Problem, step: int, kind: int, arg: int, before: State, after: State,
          later) -> list[str] | None:
    """The lines of step `step` (its event: kind, arg) of a log with bounds, or None when the words
    are those of exact cover. before/after: the replay state before and after the event; later():
    the events after it as (replay state, kind) pairs, for where the search goes after a dead end."""
    phrases = {**log["phrases"], "labels": log["labels"]}
    labels, need, items = phrases["labels"], phrases["need"], log["items"]
    least, most = problem.bounds_of(arg) if kind in ITEM_KINDS else (1, 1)
    if kind == ec.CHOOSE:
        count = count_of(problem, before, arg)
        live = live_options(problem, before, arg)
        d = log["sizes"][sum(1 for code in log["events"][:step - 1] if code & ec.KIND_MASK == ec.CHOOSE)]
        level = len(before.frames)
        if d <= 0:
            return [say("choose.bounds", d=0, level=level, need=need[arg], counted=counted(count),
                        left=say("bounds.left", count=len(live)), still=least - count)]
        none = count >= least
        ways = [labels[o] for o in live[:d - (1 if none else 0)]] + ([say("choose.bounds.none")] if none else [])
        why = say("choose.bounds.mrv") if log["choose"] == "mrv" else say("choose.bounds.first")
        return [say("choose.bounds", d=d, level=level, need=need[arg], counted=counted(count), why=why,
                    ways=", ".join(ways))]
    name = say("item.name", item=items[arg], need=need[arg]) if kind in (ec.TAKE, ec.UNTAKE) else ""
    if kind == ec.TAKE:
        count = count_of(problem, after, arg)
        return [say("take.line", name=name, counted=counted(count), room=most - count)]
    if kind == ec.UNTAKE:
        # The option being taken back is still the top frame's: it no longer counts.
        return [say("untake.line", name=name, counted=counted(count_of(problem, after, arg) - 1))]
    if kind == ec.SETTLE:
        top = after.frames[-1]
        return [say("settle.line", level=after.level, need=need[arg], counted=counted(count_of(problem, after, arg)),
                    k=top.k, d=top.d)]
    if kind == ec.UNSETTLE:
        return [say("unsettle.line", item=items[arg], level=after.level)]
    if kind == ec.DEAD_END:
        count = count_of(problem, after, arg)
        lines_ = [say("dead_end.bounds", level=after.level, item=items[arg], counted=counted(count), least=least,
                      left=say("bounds.left", count=len(live_options(problem, after, arg))), still=least - count),
                  *culprit_lines(log, step, after, arg, least)]
        return lines_ + later()
    if kind == ec.BACKUP:
        leaving = before.frames[-1].item
        if not arg:
            return [say("backup.bounds.over", need=need[leaving], message=log["outcome"]["message"])]
        top = after.frames[-1]
        if top.settled:
            return [say("backup.bounds.settled", level=arg, need=need[leaving], above=arg - 1, item=items[top.item])]
        return [say("backup.bounds.line", level=arg, need=need[leaving], above=arg - 1, option=labels[top.option])]
    return None


def culprit_lines(log: dict, step: int, after: State, item: int, least: int) -> list[str]:
    """The culprits of the dead end at `step` (the facts': bounded_facts.py says what they are), and when
    there are some, what a choice and a gone option mean with bounds. A level that settled is named by its
    settle ("none more for C")."""
    dead = log["facts"]["dead_ends"]
    k = bisect.bisect_left(dead["step"], step - 1)
    start = sum(dead["culprit_count"][:k])
    levels = dead["culprits"][start:start + dead["culprit_count"][k]]
    labels, items = log["labels"], log["items"]
    named = [say("settle.label", item=items[after.frames[lv].item]) if after.frames[lv].settled
             else labels[after.frames[lv].option] for lv in levels]
    lines_ = [say("dead_end.bounds.culprits", count=len(levels), levels=join_and([str(lv) for lv in levels]),
                  choices=join_and(named), item=items[item], least=least)]
    if levels:
        lines_.append(say("dead_end.bounds.why", item=items[item]))
    return lines_


def cover_suffix(log: dict, problem: ec.Problem, step: int, arg: int, after: State) -> str:
    """After a cover's line, with bounds: what the cover means for an item with bounds other than (1, 1)."""
    least, most = problem.bounds_of(arg)
    if arg >= problem.primary or (least, most) == (1, 1):
        return ""
    if step >= 2 and log["events"][step - 2] == ec.pack(ec.CHOOSE, arg):
        return say("bounds.cover_chosen" if least == most else "bounds.cover_chosen_or_none", most=most)
    return say("bounds.cover_most", counted=counted(count_of(problem, after, arg)))
