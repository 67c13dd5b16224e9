"""The step log: the one definition of the record the browser replays.

docs/step-log.md documents the format; static/js/model/steplog.js mirrors it.

Glossary
    log      a dict ready for JSON (see FIELDS below).
    event    one packed integer, arg * 16 + kind (exact_cover's packing).
    step     event i is step i + 1; step 0 is the state before any event.
    replay   applying events to a State (explain.State) from the givens.
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import re
import weakref
from array import array
from collections.abc import Iterable, Iterator, Sequence

import orjson

from ..analysis import facts as an
from ..analysis.explain import (
    SETS_ASIDE,
    Frame,
    Ruling,
    State,
    back_to_line,
    choice_ranking,
    dead_end_lines,
    held_words,
    live_options,
    newest_choice,
    not_the_cause_lines,
    outcome_message,
    purify_line,
    rulings,
)
from ..engine import exact_cover as ec
from ..models import variants
from ..models.sudoku import cell_name, symbol
from ..words.messages import join_and, say
from . import bounds_words, what_if
from .singles import single_at, single_line, singles

FORMAT, VERSION = "dlx-step-log", 7
FIELDS = ("format", "version", "problem", "choose", "items", "primary", "phrases", "options", "labels",
          "givens", "events", "sizes", "solutions", "outcome", "stats", "facts")
# The facts' parallel arrays (docs/step-log.md, "Facts"), by section.
FACT_ARRAYS = {"dead_ends": ("step", "ruler", "culprits", "culprit_count", "back_to", "jump_to"),
               "jumps": ("step", "back_to", "jump_to", "wasted"),
               "tries": ("nodes", "wrong")}
# facts.dead_ends.also: parts split by commas, each empty or positive numbers split by dots.
ALSO_FORM = re.compile(r"(?:[1-9][0-9]*(?:\.[1-9][0-9]*)*)?(?:,(?:[1-9][0-9]*(?:\.[1-9][0-9]*)*)?)*")
# back_to of a dead end that the recording ends after, before the search tries again.
BACK_TO_UNKNOWN = -2


class LogError(ValueError):
    """A log that does not follow the format."""


def build(problem: ec.Problem, phrases, givens, recording: ec.Recording, outcome: ec.Outcome,
          about: dict, message: str | None = None, choices=(), branch_on: int | None = None,
          native: bool = False) -> dict:
    """The step log of one recorded search (message: the outcome in words, if not the usual one).

    choices, branch_on: a what-if's (exact_cover.Search.run's): the log carries them, and its
    outcome message says whether a solution lies below the choices (webapp/log/what_if.py).
    native: the log's events and sizes are the recording's own arrays (the compiled engine's
    native 64-bit integers), not lists, for a log that is only encoded (encode writes them
    in C): the web answers. Every other reader gets lists.
    """
    stats = outcome.stats
    analysis = an.analyse(problem, givens, recording)
    if choices:
        message = what_if.message(outcome, analysis, choices, phrases["labels"], givens,
                                  message or outcome_message(outcome))
    log = {
        "format": FORMAT,
        "version": VERSION,
        "problem": about,
        "choose": outcome.settings.get("choose", "mrv"),
        "items": constant_lists(problem)[0],
        "primary": problem.primary,
        "phrases": {key: list(phrases[key]) for key in ("need", "empty", "held")},
        "options": constant_lists(problem)[1],
        "labels": list(phrases["labels"]),
        "givens": list(givens),
        "events": recording.events if native else as_list(recording.events),
        "sizes": recording.sizes if native else as_list(recording.sizes),
        "solutions": outcome.solutions,
        "outcome": {"status": outcome.status, "complete": outcome.complete,
                    "limit": outcome.limit, "message": message or outcome_message(outcome)},
        "stats": stats_dict(stats),
        "facts": facts(analysis),
    }
    if choices or branch_on is not None:
        # Optional fields (docs/step-log.md): a what-if's choices, the tries of levels 0, 1, …
        log["choices"] = list(choices)
        log["branch_on"] = branch_on
    log["facts"]["singles"] = singles(about, problem, phrases.get("family"), recording.events,
                                     recording.sizes, native)
    if problem.coloured:
        # Optional fields (docs/step-log.md): a log without them has no colours.
        log["colours"] = [list(c) for c in problem.colours]
        log["colour_names"] = list(problem.colour_names)
    if problem.bounded:
        # Optional (docs/step-log.md): Knuth's DLX3 bounds, [least, most] per primary item.
        log["bounds"] = [list(pair) for pair in problem.bounds]
    return log


# Each problem's items and options as the lists a log carries, made once while the problem lives
# (the models cache their problems, so every answer for a 9x9 shares one 729-list table).
# Shared: a log's "items" and "options" are never changed in place.
_constant: dict[int, tuple[list[str], list[list[int]]]] = {}


def constant_lists(problem: ec.Problem) -> tuple[list[str], list[list[int]]]:
    """(items, options) of problem as lists for JSON, one pair per problem."""
    found = _constant.get(id(problem))
    if found is None:
        found = _constant[id(problem)] = (list(problem.items), [list(o) for o in problem.options])
        weakref.finalize(problem, _constant.pop, id(problem), None)
    return found


def as_list(codes) -> list[int]:
    """A recording's integers as a list for JSON (the compiled engine records an array('q'))."""
    return codes if isinstance(codes, list) else codes.tolist()


def facts(analysis: an.Analysis) -> dict:
    """The facts of a search as parallel integer arrays: indexes, not sentences (docs/step-log.md, "Facts")."""
    jumps = analysis.jumps
    dead = an.dead_end_columns(analysis.dead_ends)
    return {
        "dead_ends": {
            "step": dead["step"],
            "ruler": dead["ruler_level"],
            "also": dead["also"] if "also" in dead else also_text(analysis.dead_ends),
            "culprits": dead["culprits"],
            "culprit_count": dead["culprit_count"],
            "back_to": [BACK_TO_UNKNOWN if back is None else back for back in dead["back_to"]],
            "jump_to": dead["jump_to"],
        },
        # Only the dead ends and back-ups that a backjumping search would have left sooner: they are few.
        "jumps": {"step": [j.step for j in jumps], "back_to": [j.back_to for j in jumps],
                  "jump_to": [j.jump_to for j in jumps], "wasted": [j.wasted for j in jumps]},
        "tries": {"nodes": analysis.tries.size, "wrong": analysis.wrong_choices},
        "thrashing": [group.dead_ends for group in analysis.thrashing],
        # Sparse: only the items that ran out at least once (most never do).
        "heat": {"item": [i for i, count in enumerate(analysis.heat) if count],
                 "count": [count for count in analysis.heat if count]},
    }


def also_text(dead_ends: Sequence[an.DeadEnd]) -> str:
    """The facts' `also` (docs/step-log.md): for each option of each dead end's item, in the order of
    `ruler`, the levels of the later choices that rule it out too, each as its difference from the
    ruler before it, joined by "."; the options joined by ",". A string, not an array: most options
    have none or one, and the separators say where each option's list ends for less than counts would
    cost (brotli: 0.047 bytes an event on a first-item 9×9 against 0.067 for zero-ended arrays)."""
    parts = []
    for dead in dead_ends:
        for bits, first in zip(dead.every_ruler, dead.ruler_level):
            if first == an.NOT_NAMED:       # with bounds no ruler is named (docs/step-log.md, "Bounds")
                parts.append("")
                continue
            levels = an.levels_of(bits)
            if not levels or levels[0] != first:
                raise ValueError(f"event {dead.step}: the rulers {levels} do not start with the earliest, {first}")
            parts.append(".".join(str(later - before) for before, later in zip(levels, levels[1:])))
    return ",".join(parts)


def also_levels(text: str, ruler: list[int], start: int, count: int) -> list[list[int]]:
    """Options start .. start + count − 1 of `also` (their earliest rulers in `ruler`) as the levels of
    their later rulers, ascending."""
    parts = text.split(",")[start:start + count] if text else []
    found = []
    for part, first in zip(parts, ruler[start:start + count]):
        levels, level = [], first
        for step in part.split(".") if part else []:
            level += int(step)
            levels.append(level)
        found.append(levels)
    return found


def stats_dict(stats: ec.Stats) -> dict:
    """Statistics as plain JSON values."""
    return {"solutions": stats.solutions, "nodes": stats.nodes, "dead_ends": stats.dead_ends,
            "steps": stats.steps, "max_level": stats.max_level, "seconds": round(stats.seconds, 6),
            "engine": stats.engine}


def encode(log: dict) -> bytes:
    """Compact JSON in UTF-8: no spaces, so an event costs its digits and a comma. orjson writes
    it (measured on a 563,342-event answer: 0.06 s against the json module's 0.63 s, the same bytes);
    a native array of integers (build's native events and sizes) is written by the compiled
    analysis as the same bytes its list would be (native_json)."""
    return orjson.dumps(log, default=native_json)


def native_json(value) -> orjson.Fragment:
    """An array('q') or a memoryview of native 64-bit integers as the JSON of its list (orjson's
    default hook: orjson calls it for the types it does not know)."""
    if isinstance(value, (array, memoryview)):
        return orjson.Fragment(an.json_ints(value))
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def dumps(log: dict) -> str:
    """encode() as text."""
    return orjson.dumps(log).decode()


def problem_of(log: dict) -> ec.Problem:
    """The exact cover problem a log carries."""
    options = tuple(tuple(o) for o in log["options"])
    bounds = tuple(tuple(pair) for pair in log.get("bounds") or ())
    if not log.get("colours"):
        return ec.Problem(tuple(log["items"]), log["primary"], options, bounds=bounds)
    return ec.Problem(tuple(log["items"]), log["primary"], options, tuple(tuple(c) for c in log["colours"]),
                      tuple(log["colour_names"]), bounds)


def phrases_of(log: dict) -> dict:
    """The phrase tables a log carries, labels included."""
    return {**log["phrases"], "labels": log["labels"]}


def validate(log: dict) -> None:
    """Raise LogError unless the log has the fields and version this module writes."""
    if not isinstance(log, dict) or log.get("format") != FORMAT:
        raise LogError("not a dlx step log")
    if log.get("version") != VERSION:
        raise LogError(f"step log version {log.get('version')!r}; this reader knows {VERSION}")
    missing = [f for f in FIELDS if f not in log]
    if missing:
        raise LogError(f"step log lacks {', '.join(missing)}")
    validate_facts(log)


def validate_facts(log: dict) -> None:
    """Raise LogError unless the facts have every array, each as long as the events say."""
    facts_ = log["facts"]
    if not isinstance(facts_, dict):
        raise LogError("facts must be an object")
    for section, names in FACT_ARRAYS.items():
        if not isinstance(facts_.get(section), dict):
            raise LogError(f"facts lack {section}")
        for name in names:
            if not isinstance(facts_[section].get(name), list):
                raise LogError(f"facts.{section}.{name} must be an array")
    if not isinstance(facts_.get("thrashing"), list):
        raise LogError("facts.thrashing must be an array")
    forced = facts_.get("singles")
    if not (isinstance(forced, dict) and isinstance(forced.get("names"), list)
            and isinstance(forced.get("technique"), list)):
        raise LogError("facts.singles must hold two arrays, names and technique")
    if len(forced["technique"]) != sum(1 for d in log["sizes"] if d == 1):
        raise LogError("facts.singles.technique must have one entry for each choose with one option")
    if any(not (isinstance(k, int) and 0 <= k < len(forced["names"])) for k in forced["technique"]):
        raise LogError("facts.singles.technique names a technique outside facts.singles.names")
    heat = facts_.get("heat")
    if not (isinstance(heat, dict) and isinstance(heat.get("item"), list) and isinstance(heat.get("count"), list)
            and len(heat["item"]) == len(heat["count"])):
        raise LogError("facts.heat must hold two arrays of one length, item and count")
    kinds = [code & ec.KIND_MASK for code in log["events"]]
    dead, jumps, tries = facts_["dead_ends"], facts_["jumps"], facts_["tries"]
    count = {ec.DEAD_END: 0, ec.TRY: 0}
    for kind in kinds:
        if kind == ec.SETTLE:       # with bounds: a node, as a try is
            kind = ec.TRY
        if kind in count:
            count[kind] += 1
    expect = [("dead_ends", dead, ("step", "culprit_count", "back_to", "jump_to"), count[ec.DEAD_END]),
              ("jumps", jumps, ("back_to", "jump_to", "wasted"), len(jumps["step"])),
              ("tries", tries, ("nodes",), count[ec.TRY])]
    for section, arrays, names, events in expect:
        for name in names:
            if len(arrays[name]) != events:
                raise LogError(f"facts.{section}.{name} has {len(arrays[name])} entries, not {events}")
    if sum(dead["culprit_count"]) != len(dead["culprits"]):
        raise LogError("facts.dead_ends.culprits does not hold culprit_count's sum")
    options_of_item = problem_of(log).options_of_item
    rulers = sum(len(options_of_item[log["events"][step] >> ec.KIND_BITS]) for step in dead["step"]
                 if 0 <= step < len(kinds) and kinds[step] == ec.DEAD_END)
    if any(not (0 <= step < len(kinds) and kinds[step] == ec.DEAD_END) for step in dead["step"]):
        raise LogError("facts.dead_ends.step names an event that is not a dead end")
    if any(not (0 <= step < len(kinds) and kinds[step] in (ec.DEAD_END, ec.BACKUP)) for step in jumps["step"]):
        raise LogError("facts.jumps.step names an event that is neither a dead end nor a back-up")
    if rulers != len(dead["ruler"]):
        raise LogError(f"facts.dead_ends.ruler has {len(dead['ruler'])} entries for the {rulers} options "
                       "of the dead ends' items")
    also = dead.get("also")
    if not isinstance(also, str) or ALSO_FORM.fullmatch(also) is None or (
            also != "" if rulers == 0 else also.count(",") + 1 != rulers):
        raise LogError(f"facts.dead_ends.also must be a string of one part per option of the dead ends' items "
                       f"({rulers}), split by commas, each part differences of at least 1 split by dots")


class Replay:
    """A State driven by events, one at a time, from the givens."""

    def __init__(self, log: dict):
        self.log = log
        self.options = log["options"]
        self.colours = log.get("colours")
        self.bounds = log.get("bounds")
        self.sizes = log["sizes"]
        covered = [False] * len(log["items"])
        for g in log["givens"]:
            for i in self.options[g]:
                covered[i] = True
        self.state = State(covered, [], list(log["givens"]))
        self.step = 0
        self.chooses = 0

    def apply(self, code: int) -> None:
        """Change the state as one event says."""
        kind, arg = ec.unpack(code)
        frames = self.state.frames
        if kind == ec.CHOOSE:
            # With bounds a level sets its tries aside unless its item is covered now for good (below).
            frames.append(Frame(arg, self.sizes[self.chooses], mode=SETS_ASIDE if self.bounds else 0))
            self.chooses += 1
        elif kind == ec.TRY:
            frames[-1].k += 1
            frames[-1].option = arg
        elif kind == ec.COVER:
            if self.state.covered[arg]:
                raise LogError(f"step {self.step + 1} covers item {arg} twice")
            self.state.covered[arg] = True
            top = frames[-1] if frames else None
            if self.bounds and top is not None and top.item == arg and top.k == 0 and arg < len(self.bounds):
                least, most = self.bounds[arg]
                top.mode = 0 if least == most else SETS_ASIDE       # bounded.COVER_MODE, or SPECIAL
        elif kind == ec.UNCOVER:
            if not self.state.covered[arg]:
                raise LogError(f"step {self.step + 1} uncovers item {arg}, which is not covered")
            self.state.covered[arg] = False
            if frames and frames[-1].item == arg:
                frames[-1].mode = 0         # the level's end: what it set aside is back
        elif kind == ec.SETTLE:
            frames[-1].k += 1
            frames[-1].option, frames[-1].settled = -1, True
        elif kind in (ec.TAKE, ec.UNTAKE, ec.UNSETTLE):
            pass        # counts follow from the placed options
        elif kind == ec.BACKUP:
            frames.pop()
        elif kind == ec.PURIFY:
            # The colour is the one the option being tried (the top frame's) gives the item.
            option = frames[-1].option if frames else -1
            if arg in self.state.purified or option < 0 or not self.colours or arg not in self.options[option]:
                raise LogError(f"step {self.step + 1} purifies item {arg}, which the option tried does not colour")
            self.state.purified[arg] = self.colours[option][self.options[option].index(arg)]
        elif kind == ec.UNPURIFY:
            if self.state.purified.pop(arg, None) is None:
                raise LogError(f"step {self.step + 1} unpurifies item {arg}, which is not purified")
        elif kind not in (ec.SOLUTION, ec.DEAD_END):
            raise LogError(f"step {self.step + 1} has unknown kind {kind}")
        self.step += 1

    def fork(self) -> Replay:
        """A Replay at the same step that moves on without moving this one."""
        twin = copy.copy(self)
        state = self.state
        twin.state = State(list(state.covered), [dataclasses.replace(frame) for frame in state.frames],
                           state.givens, dict(state.purified))
        return twin

    def run_to(self, step: int) -> State:
        """Apply events until `step` events have been applied; return the state."""
        events = self.log["events"]
        if not 0 <= step <= len(events):
            raise LogError(f"step {step} is outside 0..{len(events)}")
        if step < self.step:
            raise LogError("a Replay only goes forward")
        while self.step < step:
            self.apply(events[self.step])
        return self.state


def replay(log: dict, step: int | None = None) -> State:
    """The state after `step` events (all of them when None)."""
    return Replay(log).run_to(len(log["events"]) if step is None else step)


def explain_step(log: dict, step: int) -> list[str]:
    """What step `step` (from 1) did, in the problem's words: the lines the page shows.

    The last step of a search that a limit stopped also says so.
    """
    if not 1 <= step <= len(log["events"]):
        raise LogError(f"step {step} is outside 1..{len(log['events'])}")
    return with_ending(log, step, event_lines(log, step))


def explain_steps(log: dict, steps: Iterable[int] | None = None) -> Iterator[tuple[int, list[str]]]:
    """(step, explain_step(log, step)) for each of `steps` (rising; every step when None), in one
    pass over the log: explain_step replays it from its start each time, quadratic over a log."""
    problem, phrases, replay_ = problem_of(log), phrases_of(log), Replay(log)
    for step in range(1, len(log["events"]) + 1) if steps is None else steps:
        if not 1 <= step <= len(log["events"]):
            raise LogError(f"step {step} is outside 1..{len(log['events'])}")
        yield step, with_ending(log, step, lines_after(log, problem, phrases, replay_, step))
        replay_.run_to(step)


def with_ending(log: dict, step: int, lines: list[str]) -> list[str]:
    """The last step of a search that a limit stopped also says so."""
    ending = say("recording.ends", message=log["outcome"]["message"])
    if step == len(log["events"]) and not log["outcome"]["complete"] and lines[-1] != ending:
        lines.append(ending)
    return lines


# A cover or uncover step names the options that move when there are at most this many.
NAMED_OPTIONS = 4


def which(labels: list[str]) -> str:
    """': a, b.' naming the options that move, when few enough; else '.'."""
    return say("which.named", options=", ".join(labels)) if len(labels) <= NAMED_OPTIONS else say("which.unnamed")


def cover_line(name: str, labels: list[str]) -> str:
    """A cover step, with the options that leave the other items (named when few)."""
    return say("cover.line", count=len(labels), name=name, which=which(labels))


def uncover_line(name: str, labels: list[str]) -> str:
    """An uncover step, with the options that come back (named when few)."""
    return say("uncover.line", count=len(labels), name=name, which=which(labels))


def tried_before(k: int) -> str:
    """' Options 1 to 3 were tried and taken back.' for option k of a level ('' for the first)."""
    return say("try.before", count=k - 1)


def end_line(log: dict, step: int) -> str:
    """The last line at a dead end that no try follows (step: the dead end's)."""
    last, message = len(log["events"]), log["outcome"]["message"]
    if log["outcome"]["complete"]:
        return say("dead_end.over")
    if step == last:
        return say("recording.ends", message=message)
    return say("dead_end.no_more_tries", last=last, message=message)


def event_lines(log: dict, step: int) -> list[str]:
    """The lines of step `step` for its event alone."""
    return lines_after(log, problem_of(log), phrases_of(log), Replay(log), step)


def lines_after(log: dict, problem: ec.Problem, phrases: dict, replay_: Replay, step: int) -> list[str]:
    """event_lines with the problem, its phrases and a Replay not past step - 1 given (the
    Replay is moved to step - 1 and may be left there or at step)."""
    state = replay_.run_to(step - 1)
    kind, arg = ec.unpack(log["events"][step - 1])
    choices = log.get("choices") or []
    if kind == ec.CHOOSE and len(state.frames) < len(choices):
        # A what-if's choice: the learner's, not the search's.
        return [say("choose.yours", level=len(state.frames), need=phrases["need"][arg],
                    option=phrases["labels"][choices[len(state.frames)]], d=log["sizes"][replay_.chooses])]
    if log.get("bounds") and kind != ec.COVER:
        said = bounded_lines(log, problem, replay_, step, kind, arg)
        if said is not None:
            return said
    if kind == ec.CHOOSE:
        ranking = choice_ranking(problem, state)
        labels = [phrases["labels"][o] for o in live_options(problem, state, arg)]
        d = log["sizes"][replay_.chooses]
        why = say("choose.mrv", d=d) if log["choose"] == "mrv" else say("choose.first", d=d)
        need = phrases["need"][arg]
        lines = [say("choose.line", level=len(state.frames), need=need, why=why, options=", ".join(labels))
                 if labels else say("choose.none", level=len(state.frames), need=need, why=why)]
        others = [(count, i) for count, i in ranking if i != arg][:3]
        runners = [say("choose.runner", need=phrases["need"][i], count=count) for count, i in others]
        if runners and log["choose"] == "mrv":
            # A runner-up with as few options lost only the tie: say how ties go.
            tie = ("" if others[0][0] != d else say("choose.tie_sudoku", units=sudoku_units(log["problem"]))
                   if log["problem"].get("kind") == "sudoku" else say("choose.tie"))
            lines.append(say("choose.runners_up", runners="; ".join(runners), tie=tie))
        # A forced move says its name last (facts.singles).
        name = single_at(log, replay_.chooses)
        if name is not None and labels:
            lines.append(single_line(log, arg, live_options(problem, state, arg)[0], name))
        return lines
    leaving = state.frames[-1].item if kind == ec.BACKUP else None    # the frame a back-up pops
    # A purify's words need the state before it too: a copy, not a replay from the start.
    before = replay_.fork().state if kind in (ec.PURIFY, ec.UNPURIFY) else None
    replay_.apply(log["events"][step - 1])
    state = replay_.state
    if kind == ec.TRY and state.level < len(choices):
        return [say("try.yours", level=state.level, need=phrases["need"][state.frames[-1].item],
                    option=phrases["labels"][arg])]
    if kind == ec.TRY:
        top = state.frames[-1]
        return [say("try.line", level=state.level, need=phrases["need"][top.item], k=top.k, d=top.d,
                    option=phrases["labels"][arg], before=tried_before(top.k)), *wrong_choice_lines(log, step)]
    name = say("item.name", item=log["items"][arg], need=phrases["need"][arg]) if kind in (ec.COVER, ec.UNCOVER) else ""
    if kind == ec.COVER:
        labels = [phrases["labels"][o] for o in live_options(problem, state, arg)]
        line = cover_line(name, labels)
        chosen = step >= 2 and log["events"][step - 2] == ec.pack(ec.CHOOSE, arg)
        if chosen and labels and state.level >= len(choices):
            # The options just set aside are the ones this level now tries.
            line += say("cover.chosen", count=len(labels))
        if log.get("bounds"):
            line += bounds_words.cover_suffix(log, problem, step, arg, state)
        return [line]
    if kind == ec.UNCOVER:
        line = uncover_line(name, [phrases["labels"][o] for o in live_options(problem, state, arg)])
        newest = newest_choice(problem, state, kind)
        if newest and newest[2] and arg in problem.options[newest[0]] and arg != state.frames[newest[1]].item:
            line += say("uncover.takes_back", option=phrases["labels"][newest[0]], level=newest[1])
        return [line]
    if kind == ec.PURIFY:
        colour = state.purified[arg]
        assert before is not None
        aside = [o for o in live_options(problem, before, arg) if problem.colour_of(o, arg) != colour]
        return [purify_line(problem, phrases, arg, colour, aside, undo=False)]
    if kind == ec.UNPURIFY:
        assert before is not None
        colour = before.purified[arg]
        back = [o for o in live_options(problem, state, arg) if problem.colour_of(o, arg) != colour]
        line = purify_line(problem, phrases, arg, colour, back, undo=True)
        newest = newest_choice(problem, state, kind)
        if newest and newest[2] and arg in problem.options[newest[0]]:
            line += say("uncover.takes_back", option=phrases["labels"][newest[0]], level=newest[1])
        return [line]
    if kind == ec.SOLUTION:
        # A solution the log goes on from: the search looks for another.
        more = say("solution.more") if step < len(log["events"]) else ""
        return [say("solution.line", count=arg, last=arg - 1, more=more)]
    if kind == ec.BACKUP:
        # Leaving level 0 is the last step of a search that ran to its end.
        if choices and arg == len(choices):
            return [say("backup.below_yours", level=arg, need=phrases["need"][leaving],
                        message=log["outcome"]["message"])]
        if not arg:
            return [say("backup.over", need=phrases["need"][leaving], message=log["outcome"]["message"])]
        return [say("backup.line", level=arg, need=phrases["need"][leaving], above=arg - 1,
                    option=phrases["labels"][state.frames[-1].option]), *jump_lines(log, step, arg - 1)]
    ruled = rulings(problem, state, arg)
    heading, *ruled_out = dead_end_lines(phrases, state, arg, ruled, lambda r: ruled_why(log, r, problem))
    lines = [heading, *culprit_lines(log, step, state, arg), *ruled_out, *also_lines(log, step, problem, arg)]
    dead_level = state.level
    events = log["events"]
    ahead = replay_.fork()      # where the search goes on to; replay_ stays at this step
    while ahead.step < len(events):
        code = events[ahead.step]
        ahead.apply(code)
        if code & ec.KIND_MASK == ec.TRY:
            top = ahead.state.frames[-1]
            lines.append(back_to_line(phrases, ahead.state.level, top.k, top.d, top.option, dead_level))
            lines += jump_lines(log, step, ahead.state.level)
            lines += not_the_cause_lines(ahead.state.level, ruled)
            return lines
    lines.append(end_line(log, step))
    return lines


def bounded_lines(log: dict, problem: ec.Problem, replay_: Replay, step: int, kind: int, arg: int) -> list[str] | None:
    """A step of a log with bounds, when its words differ from exact cover's (bounds_words.lines)."""
    before = replay_.state
    following = Replay(log)        # replay_ stays before the event, for exact cover's words
    following.run_to(step)
    after = following.state

    def later() -> list[str]:
        # Where the search goes after a dead end: the next try, or the end.
        dead_level = after.level
        events = log["events"]
        while following.step < len(events):
            code = events[following.step]
            following.apply(code)
            if code & ec.KIND_MASK in (ec.TRY, ec.SETTLE):
                top = following.state.frames[-1]
                level = following.state.level
                if top.settled:
                    back = say("dead_end.back_to_settle", level=level, k=top.k, d=top.d, item=log["items"][top.item])
                else:
                    back = back_to_line(phrases_of(log), level, top.k, top.d, top.option, dead_level)
                # With bounds too, where a backjumping search would have gone (the dead end's culprits say why).
                return [back, *jump_lines(log, step, level)]
        return [end_line(log, step)]

    return bounds_words.lines(log, problem, step, kind, arg, before, after, later)


# -- a Sudoku variant's words --------------------------------------------------------

# The rule of a pair item, from its name's prefix (docs/step-log.md, "Sudoku variants").
PAIR_RULES = {prefix: rule for rule, prefix in variants.PAIR_PREFIX.items()}


def sudoku_units(about: dict) -> str:
    """A Sudoku's primary item families after the cells, in item order (variants.houses): rows, columns,
    boxes or a jigsaw's regions, then diagonals and windows when the rules have them. The pair items
    are secondary: never chosen, so never in a tie. static/js/model/explain.js's sudokuUnits says the same."""
    names = about.get("variants") or []
    units = [say("choose.units.regions") if about.get("regions") else say("choose.units.boxes")]
    if "x" in names:
        units.append(say("choose.units.diagonals"))
    if "windoku" in names:
        units.append(say("choose.units.windows"))
    return ", ".join(units)


def pair_rule(log: dict, item: int) -> str | None:
    """The rule ("anti-knight", "anti-king", "non-consecutive") of a Sudoku variant's pair item, else None."""
    if log["problem"].get("kind") != "sudoku" or item < log["primary"]:
        return None
    return PAIR_RULES.get(log["items"][item].split(".")[0])


def ruled_why(log: dict, ruling: Ruling, problem: ec.Problem | None = None) -> str:
    """Why an option is ruled out, in its sentence's brackets: the held item's phrase, the colour
    the ruler gave the item (problem: for its colours, "x is already red"), or for a Sudoku variant's
    pair item, the rule seen from the ruled option's cell ("r3c8 is a knight's move from the 3 in r5c7").

    The cells and digits come from the option ids (docs/step-log.md, "Sudoku numbering");
    static/js/model/explain.js's ruledWhy says the same.
    """
    rule = pair_rule(log, ruling.via)
    if rule is None:
        return held_words(log["phrases"], ruling, problem)
    size = log["problem"]["size"]
    cell, digit = divmod(ruling.option, size)
    other, theirs = divmod(ruling.ruler, size)
    low, high = sorted((digit + 1, theirs + 1))
    return say(f"ruled.{rule}", cell=cell_name(cell, size), other=cell_name(other, size),
               digit=symbol(theirs + 1, size), low=symbol(low, size), high=symbol(high, size))


# -- the facts, in words ------------------------------------------------------------

def dead_end_number(log: dict, step: int) -> int:
    """The number of the dead end that made step `step` (its position in facts.dead_ends)."""
    return bisect.bisect_left(log["facts"]["dead_ends"]["step"], step - 1)


def culprit_lines(log: dict, step: int, state: State, item: int) -> list[str]:
    """The culprits of the dead end at `step` (state: after it), and its thrashing group if any."""
    dead = log["facts"]["dead_ends"]
    k = dead_end_number(log, step)
    start = sum(dead["culprit_count"][:k])
    levels = dead["culprits"][start:start + dead["culprit_count"][k]]
    labels = log["labels"]
    choices = join_and([labels[state.frames[level].option] for level in levels])
    # "With the givens" only where there are givens: queens, pentominoes and typed problems have none.
    key = "dead_end.culprits" if log["givens"] else "dead_end.culprits.bare"
    lines = [say(key, count=len(levels), levels=join_and([str(level) for level in levels]),
                 choices=choices, empty=log["phrases"]["empty"][item])]
    group = next((g for g in log["facts"]["thrashing"] if k in g), None)
    if group is not None and levels:
        lines.append(say("dead_end.thrashing", count=len(group)) + " "
                     + say("dead_end.thrash_place", index=ordinal(group.index(k) + 1), count=len(group)))
    return lines


# The most options the "ruled out more than once" line names; the rest are counted.
ALSO_SHOWN = 6


def also_lines(log: dict, step: int, problem: ec.Problem, item: int) -> list[str]:
    """The options of the dead end at `step` that more than one placed option rules out, each with the
    levels past its earliest ruler (the facts' also): why those culprits and not others."""
    dead = log["facts"]["dead_ends"]
    k = dead_end_number(log, step)
    events, options_of = log["events"], problem.options_of_item
    first = sum(len(options_of[events[s] >> ec.KIND_BITS]) for s in dead["step"][:k])
    said = []
    for option, later in zip(options_of[item], also_levels(dead["also"], dead["ruler"], first,
                                                          len(options_of[item]))):
        if later:
            said.append(say("dead_end.also_one", option=log["labels"][option], count=len(later),
                            levels=join_and([str(level) for level in later])))
    if not said:
        return []
    more = say("dead_end.also_more", count=len(said) - ALSO_SHOWN) if len(said) > ALSO_SHOWN else ""
    return [say("dead_end.also", list="; ".join(said[:ALSO_SHOWN]), more=more)]


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st (static/js/model/explain.js has the same)."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number:,}{suffix}"


def wrong_choice_lines(log: dict, step: int) -> list[str]:
    """At the try of a wrong choice (step: the try's), what it cost: its subtree against every node."""
    tries = log["facts"]["tries"]
    node = sum(1 for code in log["events"][:step - 1] if code & ec.KIND_MASK == ec.TRY)
    k = bisect.bisect_left(tries["wrong"], node)
    if k == len(tries["wrong"]) or tries["wrong"][k] != node:
        return []
    return [say("try.wrong", nodes=tries["nodes"][node], total=len(tries["nodes"]))]


def jump_lines(log: dict, step: int, back: int) -> list[str]:
    """Where a backjumping search would have gone from the event at `step`, when above `back` (where this one goes)."""
    jumps = log["facts"]["jumps"]
    j = bisect.bisect_left(jumps["step"], step - 1)
    if j == len(jumps["step"]) or jumps["step"][j] != step - 1:
        return []
    jump, wasted = jumps["jump_to"][j], say("jump.wasted", count=jumps["wasted"][j])
    if jump < 0:
        return [say("jump.givens" if log["givens"] else "jump.none", wasted=wasted)]
    return [say("jump.levels", count=back - jump, jump=jump, first=jump + 1, last=back, wasted=wasted)]
