"""What a search state means, in the problem's own words.

Glossary
    state    what the solver has at one step: which items are covered, the
             frames of the levels, and the givens (options placed before).
    frame    one level: the item chosen there, its d options, k (how many of
             them tried so far) and the option being tried (-1 before any).
    placed   the givens and the options of the frames that have one.
    newest   the option of the deepest frame that has one; taken back from
             the back-up that returns to it (or its first uncover after a
             solution) until the next try or back-up.
    ruler    the placed option that covers an item, so every other option with
             that item is ruled out.
    phrases  words for each item (need, empty, held) and option (labels).

The words come from the message catalogue (webapp/words/messages.py, webapp/words/messages.json),
which static/js/model/explain.js renders too; docs/step-log.md says when each is said.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import exact_cover as ec
from ..models.cover_text import range_words
from ..words.messages import join_and, say


@dataclass
class Frame:
    """One level of the search."""

    item: int
    d: int
    k: int = 0
    option: int = -1            # -1 before any try; with bounds also after a settle (see settled)
    # With bounds (Knuth's DLX3): SETS_ASIDE while the level's tries set their options aside
    # (bounded.py's TWEAK and SPECIAL modes), so a later try cannot take them; 0 otherwise.
    mode: int = 0
    settled: bool = False       # the level took no option: its item settled (bounded.py)


@dataclass
class State:
    """Covered items, the frames, and the givens."""

    covered: list[bool]
    frames: list[Frame] = field(default_factory=list)
    givens: list[int] = field(default_factory=list)
    purified: dict[int, int] = field(default_factory=dict)     # item -> the colour a try gave it (DLX2)

    @property
    def level(self) -> int:
        """The level of the top frame (0 when there is none)."""
        return max(len(self.frames) - 1, 0)


@dataclass
class Ruling:
    """Option `option` was ruled out through item `via` by `ruler`, placed at `level` (-1: a given)."""

    option: int
    ruler: int
    level: int
    via: int


def generic_phrases(problem: ec.Problem) -> dict[str, tuple[str, ...]]:
    """Plain words for any exact cover problem, from its item names."""
    names = problem.items
    coloured = {i for option, colours in zip(problem.options, problem.colours) for i, c in zip(option, colours) if c}
    # A primary item needs an option (exactly one); a secondary item needs none (at most one, or,
    # when options give it a colour, any number that give it the same one).
    def need(i: int) -> str:
        if i < problem.primary and problem.bounded and problem.bounds[i] != (1, 1):
            return say("phrase.bounds.need", item=names[i], range=range_words(*problem.bounds[i]))
        if i < problem.primary:
            return say("phrase.generic.need", item=names[i])
        if i in coloured:
            return say("phrase.generic.coloured.need", item=names[i])
        return say("phrase.generic.secondary.need", item=names[i])

    return {
        "need": tuple(need(i) for i in range(len(names))),
        "empty": tuple(say("phrase.generic.empty", item=name) for name in names),
        "held": tuple(say("phrase.generic.held", item=name) for name in names),
        "labels": tuple(" ".join(problem.entry_name(k, p) for p in range(len(option)))
                        for k, option in enumerate(problem.options)),
    }


def placed_by_item(problem: ec.Problem, state: State) -> dict[int, tuple[int, int]]:
    """For each covered-by-a-placed-option item: (level, option); givens at level -1."""
    placed = [(-1, g) for g in state.givens]
    placed += [(level, f.option) for level, f in enumerate(state.frames) if f.option >= 0]
    owner: dict[int, tuple[int, int]] = {}
    for level, option in placed:
        for i in problem.options[option]:
            owner.setdefault(i, (level, option))
    return owner


def rulings(problem: ec.Problem, state: State, item: int) -> list[Ruling]:
    """For each option of `item`, the earliest placed option that ruled it out."""
    owner = placed_by_item(problem, state)
    found = []
    for o in problem.options_of_item[item]:
        best = None
        for j in problem.options[o]:
            # With colours, an option that gives j the colour its holders give it is not ruled out by j.
            if j != item and j in owner and (best is None or owner[j][0] < best.level) and not (
                    problem.colour_of(o, j) and problem.colour_of(o, j) == problem.colour_of(owner[j][1], j)):
                level, ruler = owner[j]
                best = Ruling(o, ruler, level, j)
        if best is not None:
            found.append(best)
    return found


def newest_choice(problem: ec.Problem, state: State, last_kind: int | None) -> tuple[int, int, bool] | None:
    """(option, level, taken back) of the newest choice, or None before any try.

    last_kind: the kind of the event that made this step (None at step 0).
    Taken back: a back-up step (the search returns to take it back), or an
    uncover step with an item of the option other than its frame's uncovered
    (a try's own covers come after the try, so an uncovered item alone says
    nothing).
    """
    for level in range(len(state.frames) - 1, -1, -1):
        frame = state.frames[level]
        if frame.k > 0 and not frame.settled:
            taken_back = last_kind == ec.BACKUP or last_kind in (ec.UNCOVER, ec.UNPURIFY) and any(
                not state.covered[i] and i not in state.purified
                for i in problem.options[frame.option] if i != frame.item)
            return frame.option, level, taken_back
    return None


def ruling_groups(ruled: list[Ruling]) -> list[list[Ruling]]:
    """Rulings with the same ruler and the same held item, together, in the order of their first option."""
    groups: dict[tuple[int, int], list[Ruling]] = {}
    for r in ruled:
        groups.setdefault((r.ruler, r.via), []).append(r)
    return list(groups.values())


def held_words(phrases, ruling: Ruling, problem: ec.Problem | None = None) -> str:
    """Why the ruler's hold on the item rules an option out: the item's held phrase, or, when the
    ruler gave it a colour (Knuth's DLX2), that colour: "x is already red"."""
    if problem is None:
        return phrases["held"][ruling.via]
    colour = problem.colour_of(ruling.ruler, ruling.via)
    if colour:
        return say("dead_end.held_colour", item=problem.items[ruling.via], colour=problem.colour_names[colour - 1])
    return phrases["held"][ruling.via]


def ruling_sentence(phrases, group: list[Ruling], why: Callable[[Ruling], str] | None = None) -> str:
    """'<options>: (all) ruled out by the given/choice <ruler> (<why>)' for rulings that share a ruler and a why.

    why: the words in brackets for a group's first ruling (e.g. held_words, or a Sudoku variant's
    own words); the held item's phrase when None.
    """
    labels = phrases["labels"]
    first = group[0]
    by = (say("dead_end.by_given", ruler=labels[first.ruler]) if first.level < 0
          else say("dead_end.by_choice", ruler=labels[first.ruler], level=first.level))
    return say("dead_end.ruled_out", count=len(group), options=join_and([labels[r.option] for r in group]),
               by=by, held=why(first) if why else held_words(phrases, first))


def dead_end_lines(phrases, state: State, item: int, ruled: list[Ruling],
                   why: Callable[[Ruling], str] | None = None) -> list[str]:
    """The heading and one sentence per group of ruled-out options of an item that ran out (why: as for
    ruling_sentence)."""
    lines = [say("dead_end.heading", level=state.level, empty=phrases["empty"][item])]
    lines += [ruling_sentence(phrases, group, why) for group in ruling_groups(ruled)]
    return lines


SETS_ASIDE = 1


def live_options(problem: ec.Problem, state: State, item: int) -> list[int]:
    """The options of an item that no covered item hides, nor (with colours) a purified one of another
    colour, nor (with bounds) a level that set it aside."""
    covered, purified = state.covered, state.purified
    return [o for o in problem.options_of_item[item]
            if not any(covered[j] or j in purified and problem.colour_of(o, j) != purified[j]
                       for j in problem.options[o] if j != item) and not set_aside(problem, state, o)]


def set_aside(problem: ec.Problem, state: State, option: int) -> bool:
    """With bounds: whether an open level set the option aside. A level that keeps its item in play
    tries the item's options in option-id order, each set aside for the level's later ways, so it
    has set aside every option of its item up to the one it tries (all of them once it settled)."""
    if not problem.bounded:
        return False
    for frame in state.frames:
        if frame.mode == SETS_ASIDE and frame.k and frame.item in problem.options[option] and (
                frame.settled or option <= frame.option):
            return True
    return False


def count_of(problem: ec.Problem, state: State, item: int) -> int:
    """How many placed options cover an item (with bounds, an item may be covered several times)."""
    placed = list(state.givens) + [f.option for f in state.frames if f.k and not f.settled]
    return sum(1 for o in placed if item in problem.options[o])


def colour_wants(problem: ec.Problem, item: int, options: list[int]) -> str:
    """How the options want an item: 'blue', 'blue or green', 'without a colour', in option order."""
    wants: list[str] = []
    for o in options:
        c = problem.colour_of(o, item)
        word = problem.colour_names[c - 1] if c else say("colour.none")
        if word not in wants:
            wants.append(word)
    return " or ".join(wants)


def purify_line(problem: ec.Problem, phrases, item: int, colour: int, options: list[int], undo: bool) -> str:
    """A purify step (undo: an unpurify): the item's colour and the options it sets aside (brings back)."""
    labels = [phrases["labels"][o] for o in options]
    name = say("item.name", item=problem.items[item], need=phrases["need"][item])
    which = say("which.named", options=", ".join(labels)) if len(labels) <= 4 else say("which.unnamed")
    return say("unpurify.line" if undo else "purify.line", count=len(options), name=name,
               colour=problem.colour_names[colour - 1], wants=colour_wants(problem, item, options), which=which)


def choice_ranking(problem: ec.Problem, state: State) -> list[tuple[int, int]]:
    """(option count, item) for every uncovered primary item, fewest first, ties leftmost."""
    if state.purified or problem.bounded:
        counts = [(len(live_options(problem, state, i)), i)
                  for i in range(problem.primary) if not state.covered[i]]
        return sorted(counts)
    # Without colours or bounds an option is live for an uncovered item when none of its items is
    # covered: gather the options the covered items hide once, rather than test each (item, option)
    # as live_options would.
    covered, of_item = state.covered, problem.options_of_item
    hidden: set[int] = set()
    for j, is_covered in enumerate(covered):
        if is_covered:
            hidden.update(of_item[j])
    return sorted((len(of_item[i]) - len(hidden.intersection(of_item[i])), i)
                  for i in range(problem.primary) if not covered[i])


def back_to_line(phrases, level: int, k: int, d: int, option: int, dead_level: int) -> str:
    """Where the search goes after the dead end at dead_level, and why it skips the levels between."""
    skipped = max(dead_level - 1 - level, 0)
    return say("dead_end.back_to", level=level, k=k, d=d, option=phrases["labels"][option],
               skipped=say("dead_end.skipped", count=skipped, first=level + 1, last=dead_level - 1))


def not_the_cause_lines(level: int, ruled: list[Ruling]) -> list[str]:
    """After a dead end, when the level the search goes back to frees none of the options: say so.

    Algorithm X backs up to the most recent level with an option left, not to
    the choices that ruled the options out, so it may meet the same dead end again.
    """
    latest = max((r.level for r in ruled), default=level)
    if latest >= level:
        return []
    if latest < 0:
        why = say("dead_end.givens_ruled")
    elif any(r.level < 0 for r in ruled):
        why = say("dead_end.givens_and_choices_ruled", level=latest)
    else:
        why = say("dead_end.choices_ruled", level=latest)
    return [say("dead_end.not_the_cause", level=level, why=why)]


def outcome_message(outcome: ec.Outcome, *, replayable: bool = True, asked_all: bool = False) -> str:
    """The outcome of a search in plain words.

    replayable: the steps were recorded for a replay (the page; not the command
    line). asked_all: every solution was asked for, and max_solutions is the
    server's cap rather than the user's choice.
    """
    max_solutions = outcome.settings.get("max_solutions")
    found = outcome.stats.solutions
    if outcome.status == ec.NO_SOLUTION:
        return say("outcome.none")
    if outcome.status == ec.SOLVED and outcome.complete:
        return say("outcome.unique") if found == 1 else say("outcome.all", count=found)
    if outcome.status == ec.SOLVED:
        if max_solutions == 1:
            return say("outcome.first")
        if asked_all:
            return say("outcome.server_cap", count=found)
        return say("outcome.cap", count=found, cap=max_solutions)
    so_far = say("outcome.so_far", count=found)
    replay = say("outcome.replay") if replayable else ""
    if outcome.limit == ec.LIMIT_STEPS and "log_weight" in outcome.settings:
        # Stopped where its step log reached the size a server sends (webapp/log/weight.py).
        return say("outcome.weight", steps=outcome.stats.steps, weight=outcome.settings["log_weight"],
                   so_far=so_far, replay=replay)
    if outcome.limit == ec.LIMIT_STEPS:
        # The search stops before an action whose events would pass the budget, so a
        # log may end a few steps short of it: name both numbers, or they look at odds.
        return say("outcome.steps", steps=outcome.stats.steps, budget=outcome.settings.get("max_steps"),
                   so_far=so_far, replay=replay)
    if outcome.limit == ec.LIMIT_TIME:
        return say("outcome.time", seconds=float(outcome.settings["max_seconds"]), so_far=so_far, replay=replay)
    return say("outcome.cancelled", so_far=so_far)


def counted_message(counted: dict) -> str:
    """The count of every solution beside the ones a replay shows: "1,000 shown; 14,200 counted"."""
    fields = {"shown": counted["shown"], "counted": counted["solutions"]}
    if counted["complete"]:
        return say("outcome.counted", **fields)
    if counted["limit"] == ec.LIMIT_STEPS:
        return say("outcome.counted.steps", budget=counted["budget"], **fields)
    if counted["limit"] == ec.LIMIT_TIME:
        return say("outcome.counted.time", **fields)
    return say("outcome.counted.cancelled", **fields)
