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

docs/step-log.md fixes these sentences; static/js/model/explain.js mirrors them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import exact_cover as ec


@dataclass
class Frame:
    """One level of the search."""

    item: int
    d: int
    k: int = 0
    option: int = -1


@dataclass
class State:
    """Covered items, the frames, and the givens."""

    covered: list[bool]
    frames: list[Frame] = field(default_factory=list)
    givens: list[int] = field(default_factory=list)

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
    return {
        "need": tuple(f"{name} needs an option" for name in names),
        "empty": tuple(f"{name} has no option left" for name in names),
        "held": tuple(f"{name} is already covered" for name in names),
        "labels": tuple(" ".join(names[i] for i in option) for option in problem.options),
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
            if j != item and j in owner and (best is None or owner[j][0] < best.level):
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
        if frame.k > 0:
            taken_back = last_kind == ec.BACKUP or last_kind == ec.UNCOVER and any(
                not state.covered[i] for i in problem.options[frame.option] if i != frame.item)
            return frame.option, level, taken_back
    return None


def ruling_sentence(phrases, r: Ruling) -> str:
    """'<option>: ruled out by the given/choice <ruler> (<why>)'."""
    labels, held = phrases["labels"], phrases["held"]
    by = (f"the given {labels[r.ruler]}" if r.level < 0
          else f"the choice {labels[r.ruler]} at level {r.level}")
    return f"{labels[r.option]}: ruled out by {by} ({held[r.via]})"


def dead_end_lines(phrases, state: State, item: int, ruled: list[Ruling]) -> list[str]:
    """The heading and one sentence per option of an item that ran out (ruled: its rulings)."""
    lines = [f"Dead end at level {state.level}: {phrases['empty'][item]}."]
    lines += [ruling_sentence(phrases, r) for r in ruled]
    return lines


def live_options(problem: ec.Problem, state: State, item: int) -> list[int]:
    """The options of an item that no covered item hides."""
    covered = state.covered
    return [o for o in problem.options_of_item[item]
            if not any(covered[j] for j in problem.options[o] if j != item)]


def choice_ranking(problem: ec.Problem, state: State) -> list[tuple[int, int]]:
    """(option count, item) for every uncovered primary item, fewest first, ties leftmost."""
    counts = [(len(live_options(problem, state, i)), i)
              for i in range(problem.primary) if not state.covered[i]]
    return sorted(counts)


def back_to_line(phrases, level: int, k: int, d: int, option: int, dead_level: int) -> str:
    """Where the search goes after the dead end at dead_level, and why it skips the levels between."""
    line = f"Back to level {level}: option {k} of {d}, {phrases['labels'][option]}."
    if level < dead_level - 2:
        joined = "and" if level == dead_level - 3 else "to"
        line += (f" Levels {level + 1} {joined} {dead_level - 1} have no other option to try, "
                 "so the search backs up past them.")
    elif level == dead_level - 2:
        line += f" Level {level + 1} has no other option to try, so the search backs up past it."
    return line


def not_the_cause_lines(level: int, ruled: list[Ruling]) -> list[str]:
    """After a dead end, when the level the search goes back to frees none of the options: say so.

    Algorithm X backs up to the most recent level with an option left, not to
    the choices that ruled the options out, so it may meet the same dead end again.
    """
    latest = max((r.level for r in ruled), default=level)
    if latest >= level:
        return []
    givens = "the givens and " if any(r.level < 0 for r in ruled) else ""
    why = ("the givens ruled them out" if latest < 0
           else f"{givens}the choices at level {latest} or before ruled them out")
    return [f"Taking back the choice at level {level} frees none of these options: {why}. "
            "Algorithm X backs up to the most recent level with an option left, not to the cause, "
            "so it may meet this dead end again."]


def outcome_message(outcome: ec.Outcome, *, replayable: bool = True, asked_all: bool = False) -> str:
    """The outcome of a search in plain words.

    replayable: the steps were recorded for a replay (the page; not the command
    line). asked_all: every solution was asked for, and max_solutions is the
    server's cap rather than the user's choice.
    """
    max_solutions = outcome.settings.get("max_solutions")
    max_steps = outcome.settings.get("max_steps")
    max_seconds = outcome.settings.get("max_seconds")
    found = outcome.stats.solutions
    plural = "solution" if found == 1 else "solutions"
    if outcome.status == ec.NO_SOLUTION:
        return "No solution: the search tried every possibility."
    if outcome.status == ec.SOLVED and outcome.complete:
        return ("Solved: exactly one solution, and the search proved there is no other."
                if found == 1 else f"Solved: all {found} solutions found; the search is complete.")
    if outcome.status == ec.SOLVED:
        if max_solutions == 1:
            return "Solved: found a solution (the search stopped at the first; uniqueness not checked)."
        if asked_all:
            return (f"Solved: found {found:,} {plural} and stopped there, the most the server finds in one solve; "
                    "there may be more (the command line's --count finds them all).")
        return f"Solved: found {found} {plural}, stopped at the limit of {max_solutions}: the solution is not unique."
    so_far = f"found {found} {plural} so far" if found else "no solution found so far"
    replay = " The steps recorded can still be replayed." if replayable else ""
    if outcome.limit == ec.LIMIT_STEPS:
        # The search stops before an action whose events would pass the budget, so a
        # log may end a few steps short of it: name both numbers, or they look at odds.
        return (f"Stopped after {outcome.stats.steps:,} steps, before the search ended: the next action "
                f"would have passed the step budget of {max_steps:,} steps; {so_far}.{replay}")
    if outcome.limit == ec.LIMIT_TIME:
        return (f"Stopped at the time limit of {max_seconds:g} s before the search ended; "
                f"{so_far}.{replay}")
    return f"Stopped before the search ended (cancelled); {so_far}."
