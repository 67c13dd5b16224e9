"""Knuth's Algorithm X on dancing links (DLX), for any exact cover problem.

Glossary
    item      something to cover. Primary items must be covered exactly once;
              secondary items at most once (Knuth's generalized exact cover).
              An option with no primary item is never used: the search only
              picks options to cover primary items.
    option    a set of items. A solution is a set of options that covers every
              primary item exactly once and no secondary item twice.
    node      an index into the flat link arrays. Nodes 0..N-1 are the item
              headers; each option's nodes follow. A pointer is an index.
    level     depth in the search; x[l] is the node of the option tried at l.
    option k of d
              the k-th of the d options the item chosen at a level had left.
    event     one thing the search did: choose, try, cover, uncover, solution,
              dead end, back up. A recording keeps them as packed integers.
    step      one event; step budgets count events, recorded or not.
    nodes     (in statistics) the number of options tried: the search tree.
    len       an item's option count, plus a mark while it is covered (its
              count no longer changes then). A byte array when every count
              fits, so byte searches find the leftmost uncovered item with
              the fewest options without walking the item list.

Engines
    The search loop exists twice: Search.run below, in Python (the readable
    reference), and webapp/engine/_dlx.c, a compiled core built when a C compiler
    is at hand. Both write the same events in the same order; ENGINES names
    them, default_engine() picks the compiled one when it is built.

The engine's modules, each importing only those before it: matrix.py (the
problem and its link arrays, the engine names), events.py (the events, the
recording, the outcome), links.py (a search's own arrays and their updates) and
this one, the search loop; every name the rest of the project uses is here.

Nothing here knows about Sudoku, JSON or the web.
"""


from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable, Sequence
from typing import cast

from .bounded import run_bounded
from .events import (
    BACKUP,
    CHOOSE,
    COVER,
    DEAD_END,
    KIND_BITS,
    KIND_MASK,
    KIND_NAMES,
    LIMIT_CANCELLED,
    LIMIT_SOLUTIONS,
    LIMIT_STEPS,
    LIMIT_TIME,
    NO_SOLUTION,
    PURIFY,
    SETTLE,
    SOLUTION,
    SOLVED,
    STOPPED,
    TAKE,
    TRY,
    UNCOVER,
    UNPURIFY,
    UNSETTLE,
    UNTAKE,
    Outcome,
    Recording,
    Stats,
    _record_nothing,
    _record_nothing_yet,
    pack,
    unpack,
)
from .links import Links
from .matrix import (
    BYTE_MARK,
    COMPILED,
    ENGINES,
    LOOK_EVERY,
    PYTHON,
    WORD_MARK,
    ChoiceError,
    ConflictError,
    EngineError,
    Matrix,
    Problem,
    ProblemError,
    compiled_available,
    default_engine,
    engine_named,
)

# Defined in matrix.py, events.py and links.py; used as exact_cover.<name> across the project.
__all__ = ["BACKUP", "BYTE_MARK", "CHOOSE", "COMPILED", "COVER", "DEAD_END", "ENGINES", "KIND_BITS", "KIND_MASK",
           "KIND_NAMES", "LIMIT_CANCELLED", "LIMIT_SOLUTIONS", "LIMIT_STEPS", "LIMIT_TIME", "LOOK_EVERY",
           "NO_SOLUTION", "PURIFY", "PYTHON", "SETTLE", "SOLUTION", "SOLVED", "STOPPED", "TAKE", "TRY", "UNCOVER",
           "UNPURIFY", "UNSETTLE", "UNTAKE",
           "WORD_MARK", "ChoiceError", "ConflictError", "EngineError", "Links", "Matrix", "Outcome", "Problem",
           "ProblemError", "Recording", "Search", "Stats", "compiled_available", "default_engine", "engine_named",
           "pack", "solve", "unpack"]

# The largest option count that the choice of the fewest options looks for
# with bytearray.find, one call a count, before it walks the item list: enough
# for a 16x16 Sudoku's counts, and a bound for problems whose every count is
# large (120 calls a choice cost 17% more than the walk on such a problem).
FIND_UP_TO = 16


class Search(Links):
    """One search over a problem: its own link arrays (Links) and the loop that runs on them.

    engine: "compiled", "python" or None (default_engine()). The compiled
    engine keeps the arrays in C; up, down, len, left and right then read a
    copy of them, made at each access (for tests and sanity(), not loops).
    """

    # -- the search ------------------------------------------------------
    def run(self, *, max_solutions: int | None = 1, max_steps: int | None = None,
            max_seconds: float | None = None, choose: str = "mrv",
            recording: Recording | None = None, keep: int | None = 1000,
            on_solution: Callable[[list[int]], None] | None = None,
            cancelled: Callable[[], bool] | None = None,
            check: bool = False, started: float | None = None,
            keep_back: tuple[float, float] = (0.0, 0.0),
            choices: Sequence[int] = (), branch_on: int | None = None) -> Outcome:
        """Run Algorithm X until the search ends or a limit stops it.

        max_solutions: stop after this many (1 solves, 2 checks uniqueness,
        None enumerates). max_steps / max_seconds: budgets; the search stops
        before an action whose events would pass max_steps, so it never
        writes more (it stops less than one action short: a try writes
        one event and one per item it covers). choose: "mrv"
        (fewest options first, ties to the leftmost) or "first". keep: how many
        solutions to keep in the outcome (None: all). check: run sanity()
        after every event (slow; for tests). started: when max_seconds began
        to run, a time.perf_counter() reading (default now), so a server can
        count the parsing before the search in a request's budget. keep_back:
        seconds of max_seconds kept for each recorded event and for each dead
        end, for the work on the recording after the search (a server's
        analysis of the log): the clock stops the search when now plus those
        reaches the deadline.

        choices: options placed, in order, as the choices of levels 0, 1, … (a what-if):
        each level chooses the option's first primary item and tries the option, events and
        all, and the search runs only below them, never taking them back; solutions start
        with them. ChoiceError names one that clashes with the givens or the choices before
        it. branch_on: an open primary item the search branches on at the level below the
        choices, instead of its own choice.
        """
        self._start_once(choose, max_solutions)
        if self.problem.bounded and (choices or branch_on is not None):
            raise ChoiceError("a what-if (choices, branch_on) is not offered on a problem with bounds", 0, -1)
        forced, forced_steps = self._force(choices, branch_on, recording)
        self._what_if = bool(choices) or branch_on is not None
        if self.core is not None:
            if check:
                raise EngineError("check=True runs sanity() after every event: use the python engine")
            return self._run_compiled(max_solutions, max_steps, max_seconds, choose, recording, keep,
                                      on_solution, cancelled, started, keep_back, forced, forced_steps,
                                      branch_on)
        if self.problem.bounded:
            return self._run_bounded(max_solutions, max_steps, max_seconds, choose, recording, keep,
                                     on_solution, cancelled, check, started, keep_back)
        m = self.matrix
        top, option_of, others = m.top, m.option_of, m.others
        covers, uncovers = m.covers, m.uncovers
        up, down, length, left, right = self.up, self.down, self.len, self.left, self.right
        root, look_every = m.root, m.look_every
        mrv = choose == "mrv"
        choice, item_at = self.choice, self.item_at
        mark, primary = m.mark, self.problem.primary
        bytewise = mark == BYTE_MARK
        # len is a bytearray exactly when items are marked bytewise (see Search.__init__).
        find_count = cast(bytearray, length).find if bytewise else self.find_count
        stats = Stats()
        solutions: list[list[int]] = []

        emit, size_of = self._event_sinks(recording, check)
        recorded = recording.events.__len__ if recording is not None else _record_nothing_yet
        per_event, per_dead_end = keep_back

        step_cap = max_steps if max_steps is not None else sys.maxsize
        # Below this many steps no action can pass the cap (none writes more
        # than 3 + most_covers events), so each exact check hides behind one
        # comparison; measured 2-3% faster on hard puzzles.
        near = step_cap - 3 - m.most_covers
        cover_counts = m.cover_counts
        solution_cap = max_solutions if max_solutions is not None else -1
        start = time.perf_counter()
        deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else None
        steps, nodes, dead_ends, found = forced_steps, 0, 0, 0
        work, done = m.work, 0      # done: the work of the tries so far, which paces the clock
        look_at = look_every
        base = level = len(forced)  # the levels of the choices placed before the search (a what-if)
        first = -1 if branch_on is None else branch_on
        status = limit = None

        cover, uncover = self.cover, self.uncover
        commit, uncommit = self.commit, self.uncommit     # None without colours

        x = -1          # the node being tried at this level (== its item: none left)
        forward = True  # at a new level: look for a solution or choose an item
        retreat = False  # this level is done: go back to the level above
        while True:
            if retreat:
                # Undo the option of the level above, then try its next one (never a choice
                # placed before the search: the search ends below them).
                if level == base:
                    break
                x = choice[level - 1]
                if steps > near and steps + cover_counts[x] > step_cap:
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                level -= 1
                if uncommit is None:
                    # uncover(i) for the items of x, inline: a call per item costs
                    # over a tenth of the search time in CPython.
                    for i in uncovers[x]:
                        right[left[i]] = i
                        left[right[i]] = i
                        length[i] -= mark
                        p = up[i]
                        while p != i:
                            for q in others[p]:
                                down[up[q]] = q
                                up[down[q]] = q
                                length[top[q]] += 1
                            p = up[p]
                        if emit:
                            emit((i << KIND_BITS) | UNCOVER)
                    steps += cover_counts[x]
                else:
                    # Uncommit x's items (uncover or unpurify each), the reverse of its try.
                    steps += uncommit(x, emit)
                x = down[x]
                retreat = False
            elif forward:
                forward = False
                # Every budget check looks ahead: no event is written past max_steps.
                if steps > near and steps + 3 > step_cap:      # choose, cover and maybe a dead end (or a solution)
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                if right[root] == root:
                    # Every primary item is covered: a solution.
                    found += 1
                    steps += 1
                    if emit:
                        emit((level << KIND_BITS) | SOLUTION)
                    chosen = [option_of[y] for y in choice[:level]]
                    if keep is None or len(solutions) < keep:
                        solutions.append(chosen)
                    if on_solution is not None:
                        on_solution(chosen)
                    if found == solution_cap:
                        status, limit = SOLVED, LIMIT_SOLUTIONS
                        break
                    retreat = True
                    continue
                # Fewest options first, ties to the leftmost. The item list
                # keeps items in id order, so the leftmost uncovered item
                # with c options is the first count c in len (covered items
                # carry the mark). Counts 0 and 1 (most choices) are looked
                # for first; in a byte array so are 2, 3, ... up to FIND_UP_TO,
                # each one C memchr (measured: 3-10% faster on hard 9x9 sets
                # than walking the item list in Python). Past that, or in a
                # word array, the list is walked, stopping at the count above
                # the last one looked for.
                i = right[root]
                if mrv:
                    c = 0
                    k = find_count(0, 0, primary)
                    if k < 0:
                        c = 1
                        k = find_count(1, 0, primary)
                        if bytewise:
                            while k < 0 and c < FIND_UP_TO:
                                c += 1
                                k = find_count(c, 0, primary)
                    if k >= 0:
                        i = k
                    else:
                        floor = c + 1
                        t = length[i]
                        p = right[i]
                        while p != root:
                            s = length[p]
                            if s < t:
                                t = s
                                i = p
                                if s == floor:
                                    break
                            p = right[p]
                if level == base and first >= 0:
                    i = first
                if level == len(item_at):
                    item_at.append(i)
                    choice.append(i)
                else:
                    item_at[level] = i
                if emit:
                    emit((i << KIND_BITS) | CHOOSE)
                    size_of(length[i])
                cover(i)
                if emit:
                    emit((i << KIND_BITS) | COVER)
                steps += 2
                x = down[i]
                if x == i:
                    dead_ends += 1
                    steps += 1
                    if emit:
                        emit((i << KIND_BITS) | DEAD_END)
            # Try option x at this level, or leave the level when none is left.
            i = item_at[level]
            if x == i:
                if steps > near and steps + 2 > step_cap:
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                uncover(i)
                steps += 2
                if emit:
                    emit((i << KIND_BITS) | UNCOVER)
                    emit((level << KIND_BITS) | BACKUP)
                retreat = True
                continue
            if steps > near and steps + 1 + cover_counts[x] > step_cap:
                status, limit = STOPPED, LIMIT_STEPS
                break
            nodes += 1
            done += work[x]
            if done >= look_at:
                look_at = done + look_every
                if deadline is not None and (time.perf_counter() + per_event * recorded()
                                             + per_dead_end * dead_ends >= deadline):
                    nodes -= 1
                    status, limit = STOPPED, LIMIT_TIME
                    break
                if cancelled is not None and cancelled():
                    nodes -= 1
                    status, limit = STOPPED, LIMIT_CANCELLED
                    break
            choice[level] = x
            if emit:
                emit((option_of[x] << KIND_BITS) | TRY)
            if commit is None:
                steps += 1 + cover_counts[x]
                for i in covers[x]:
                    # cover(i), inline (see the retreat above).
                    p = down[i]
                    while p != i:
                        for q in others[p]:
                            u = up[q]
                            d = down[q]
                            down[u] = d
                            up[d] = u
                            length[top[q]] -= 1
                        p = down[p]
                    length[i] += mark
                    lft = left[i]
                    rgt = right[i]
                    right[lft] = rgt
                    left[rgt] = lft
                    if emit:
                        emit((i << KIND_BITS) | COVER)
            else:
                # Commit x's items (Knuth's DLX2): cover an uncoloured one, purify a coloured one
                # unless an option above gave it this colour already.
                steps += 1 + commit(x, emit)
            level += 1
            forward = True

        if status is None:
            status, limit = (SOLVED if found else NO_SOLUTION), None
        stats.solutions, stats.nodes, stats.dead_ends = found, nodes + base, dead_ends
        stats.steps, stats.max_level = steps, max(len(item_at) - 1, 0)  # item_at grows one level at a time
        stats.seconds = time.perf_counter() - start
        stats.engine = PYTHON
        self.level = level
        settings = {"choose": choose, "max_solutions": max_solutions, "max_steps": max_steps,
                    "max_seconds": max_seconds}
        return Outcome(status, limit is None, limit, solutions, stats, settings)

    def _run_compiled(self, max_solutions, max_steps, max_seconds, choose, recording, keep,
                      on_solution, cancelled, started, keep_back, forced, forced_steps, branch_on) -> Outcome:
        """run() on the compiled core (webapp/engine/_dlx.c): the same loop, the same events."""
        assert self.core is not None
        solutions: list[list[int]] = []
        per_event, per_dead_end = keep_back
        start = time.perf_counter()
        deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else -1.0
        # A problem with bounds runs Knuth's Algorithm M (webapp/engine/_dlx_bounds.h), with the same arguments.
        # (A what-if's choices, the first item and the steps so far go to the DLX1/2 loop only: run() refuses
        # them on a problem with bounds.)
        settings_in = (choose == "mrv", recording is not None,
                       max_steps if max_steps is not None else sys.maxsize,
                       max_solutions if max_solutions is not None else -1,
                       keep if keep is not None else -1,
                       deadline, per_event, per_dead_end, time.perf_counter, cancelled, solutions, on_solution)
        if self.problem.bounded:
            ran = self.core.run_bounded(*settings_in)
        else:
            ran = self.core.run(*settings_in, forced, -1 if branch_on is None else branch_on, forced_steps)
        ending, found, nodes, dead_ends, steps, levels, level, events, sizes = ran
        seconds = time.perf_counter() - start
        # Where count_on goes on from (not below a what-if's choices: a count there is another question).
        self._ran_with = None if forced or branch_on is not None or ending == _CANCELLED else (
            choose, Stats(found, nodes, dead_ends, steps, max(levels - 1, 0)), ending == _ENDED)
        if recording is not None:
            recording.extend(events, sizes)
        limit = _COMPILED_LIMITS[ending]
        status = STOPPED if limit not in (None, LIMIT_SOLUTIONS) else SOLVED if found else NO_SOLUTION
        stats = Stats(solutions=found, nodes=nodes + len(forced), dead_ends=dead_ends, steps=steps,
                      max_level=max(levels - 1, 0), seconds=seconds, engine=COMPILED)
        self.level = level
        settings = {"choose": choose, "max_solutions": max_solutions, "max_steps": max_steps,
                    "max_seconds": max_seconds}
        return Outcome(status, limit is None, limit, solutions, stats, settings)

    @property
    def resumable(self) -> bool:
        """Whether count_on goes on in the compiled core from where run() stopped at a limit
        (else it counts again from the start, holding the GIL: the Python engine, bounds, a what-if)."""
        ran_with = getattr(self, "_ran_with", None)
        return self.core is not None and ran_with is not None and not ran_with[2] and not self.problem.bounded

    def count_on(self, *, max_steps: int | None = None, max_seconds: float | None = None,
                 cancelled: Callable[[], bool] | None = None, started: float | None = None,
                 stop: bytearray | None = None) -> Outcome:
        """Count every solution of the search that run() stopped at a limit, going on from where
        it stopped: recording nothing and keeping no solution, so a count runs far past a
        replay's step budget for a fraction of its cost. The outcome counts the whole search
        from its start, run's part and this one (stats.solutions, nodes, dead_ends, steps;
        max_steps bounds those steps too), so it equals an unrecorded run() from the start
        with no solutions cap, which is what a search the compiled core cannot go on from
        runs instead (the python engine's, one with bounds, a what-if's).
        stats.seconds is this part's alone.

        stop: for a count on a thread of its own, instead of `cancelled`: a bytearray whose first
        byte another thread sets, 1 to cancel it, 2 when its time is up (LIMIT_TIME). The compiled
        core then never takes the GIL (it reads the byte and the clock itself), so the count runs
        beside Python work or a compiled call that holds the GIL for seconds."""
        if stop is not None:
            asked = cancelled
            cancelled = lambda: stop[0] != 0 or (asked is not None and asked())    # noqa: E731
        if not self.ran:
            raise RuntimeError("count_on goes on from a run(): run first")
        if getattr(self, "_what_if", False):
            raise ChoiceError("count_on counts a whole search, not one below a what-if's choices", 0, -1)
        settings = {"choose": "mrv", "max_solutions": None, "max_steps": max_steps, "max_seconds": max_seconds}
        ran_with = getattr(self, "_ran_with", None)
        if self.core is None or ran_with is None or self.problem.bounded:
            again = type(self)(self.problem, self.engine)
            for option in self.selected:
                again.select(option)
            found = again.run(max_solutions=None, keep=0, choose=getattr(self, "_choose", "mrv"),
                              max_steps=max_steps, max_seconds=max_seconds, cancelled=cancelled, started=started)
            if stop is not None and stop[0] == 2 and found.limit == LIMIT_CANCELLED:
                found.limit = LIMIT_TIME
            return found
        choose, before, ended = ran_with
        settings["choose"] = choose
        if ended:                   # nothing past the end: the count is the search's own
            stats = dataclasses.replace(before, seconds=0.0, engine=COMPILED)
            return Outcome(SOLVED if stats.solutions else NO_SOLUTION, True, None, [], stats, settings)
        start = time.perf_counter()
        deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else -1.0
        # With a stop flag, no clock: the core reads CLOCK_MONOTONIC (time.perf_counter's) and the flag itself.
        clock, flag = (None, stop) if stop is not None else (time.perf_counter, cancelled)
        ending, solutions, nodes, dead_ends, steps, levels, level, _, _ = self.core.run(
            choose == "mrv", False, max_steps if max_steps is not None else sys.maxsize, -1, 0, deadline, 0.0, 0.0,
            clock, flag, [], None, [], -1, before.steps, True)
        stats = Stats(solutions=before.solutions + solutions, nodes=before.nodes + nodes,
                      dead_ends=before.dead_ends + dead_ends, steps=steps,
                      max_level=max(before.max_level, levels - 1), seconds=time.perf_counter() - start,
                      engine=COMPILED)
        self._ran_with = None if ending == _CANCELLED else (choose, dataclasses.replace(stats, seconds=0.0),
                                                              ending == _ENDED)
        self.level = level
        limit = _COMPILED_LIMITS[ending]
        status = STOPPED if limit is not None else SOLVED if stats.solutions else NO_SOLUTION
        return Outcome(status, limit is None, limit, [], stats, settings)

    def _run_bounded(self, max_solutions, max_steps, max_seconds, choose, recording, keep,
                     on_solution, cancelled, check, started, keep_back) -> Outcome:
        """run() for a problem with bounds: Knuth's Algorithm M (bounded.py), on the python engine."""
        if check:
            raise EngineError("check=True runs sanity(), which knows no bounds")
        emit, size_of = self._event_sinks(recording, False)
        recorded = recording.events.__len__ if recording is not None else _record_nothing_yet
        start = time.perf_counter()
        status, limit, solutions, found, nodes, dead_ends, steps, levels, level = run_bounded(
            self, max_solutions=max_solutions, max_steps=max_steps, max_seconds=max_seconds,
            mrv=choose == "mrv", emit=emit, size_of=size_of, recorded=recorded, keep=keep,
            on_solution=on_solution, cancelled=cancelled, started=started, keep_back=keep_back)
        if status is None:
            status = SOLVED if found else NO_SOLUTION
        stats = Stats(solutions=found, nodes=nodes, dead_ends=dead_ends, steps=steps,
                      max_level=max(levels - 1, 0), seconds=time.perf_counter() - start, engine=PYTHON)
        self.level = level
        settings = {"choose": choose, "max_solutions": max_solutions, "max_steps": max_steps,
                    "max_seconds": max_seconds}
        return Outcome(status, limit is None, limit, solutions, stats, settings)

    # The parts of run() outside its loop. The loop itself stays one function
    # on purpose: in CPython a call per try or per item costs over a tenth of
    # the search time (measured with bench/run.py), so cover, uncover and the
    # item choice are written inline there, each under a comment that names it.

    def _force(self, choices: Sequence[int], branch_on: int | None,
               recording: Recording | None) -> tuple[list[int], int]:
        """Place the choices of a what-if (see run) as the search would try them, writing their
        events: (the node of each, the events written). ChoiceError for one that cannot be placed."""
        problem, m = self.problem, self.matrix
        forced: list[int] = []
        steps = 0
        events = sizes = None
        if recording is not None and (choices or branch_on is not None):
            if not isinstance(recording.events, list):
                recording.events, recording.sizes = list(recording.events), list(recording.sizes)
            events, sizes = cast(list, recording.events), cast(list, recording.sizes)
        for level, option in enumerate(choices):
            if not 0 <= option < len(problem.options):
                raise ChoiceError(f"choice {level} is option {option}, outside 0..{len(problem.options) - 1}",
                                  level, option)
            items = problem.options[option]
            primary = [i for i in items if i < problem.primary]
            if not primary:
                raise ChoiceError(f"choice {level}, option {option}, has no primary item to choose", level, option)
            if problem.coloured and any(problem.colour_of(option, i) for i in items):
                raise ChoiceError(f"choice {level}, option {option}, gives an item a colour: a choice cannot",
                                  level, option)
            held = next((i for i in items if self.is_covered(i)), None)
            if held is not None:
                raise ChoiceError(f"choice {level}, option {option}, needs item {problem.items[held]}, which "
                                  f"{self._holder(held, choices[:level])} holds already", level, option, held)
            i = primary[0]
            x = m.first[option] + items.index(i)
            d = self.counts()[i]
            self.cover(i)
            for j in m.covers[x]:
                self.cover(j)
            forced.append(x)
            steps += 3 + len(m.covers[x])
            if events is not None and sizes is not None:
                events += [pack(CHOOSE, i), pack(COVER, i), pack(TRY, option), *(pack(COVER, j) for j in m.covers[x])]
                sizes.append(d)
        self.choice[:] = forced
        self.item_at[:] = forced
        if branch_on is not None and not (0 <= branch_on < problem.primary and not self.is_covered(branch_on)):
            raise ChoiceError(f"branch_on {branch_on} is not an open primary item"
                              + (f" ({problem.items[branch_on]} is covered already)"
                                 if 0 <= branch_on < len(problem.items) else ""), len(choices), -1, branch_on)
        return forced, steps

    def _holder(self, item: int, choices: Sequence[int]) -> str:
        """Who holds a covered item before the search: 'the given <option>' or 'choice <level>'."""
        for level, option in enumerate(choices):
            if item in self.problem.options[option]:
                return f"choice {level} (option {option})"
        given = next((g for g in self.selected if item in self.problem.options[g]), None)
        return f"the given option {given}" if given is not None else "an option placed before the search"

    def _start_once(self, choose: str, max_solutions: int | None) -> None:
        """Check run()'s settings and mark this search as run (a Search runs once)."""
        if self.ran:
            raise RuntimeError("a Search runs once")
        if choose not in ("mrv", "first"):
            raise ValueError(f"unknown item choice {choose!r}: use 'mrv' or 'first'")
        if max_solutions is not None and max_solutions < 1:
            raise ValueError("max_solutions must be at least 1")
        self.ran = True
        self._choose = choose

    def _event_sinks(self, recording: Recording | None, check: bool
                     ) -> tuple[Callable[[int], None] | None, Callable[[int], None]]:
        """Where the loop writes events and choose sizes: (emit, size_of). emit is None
        when nothing is recorded; size_of is called only where emit is set, so its
        do-nothing default costs the loop nothing. check: sanity() after every event."""
        events: list[int] = []
        sizes: list[int] = []
        if recording is not None:
            # A list to append to (a recording the compiled engine wrote first holds a view).
            if not isinstance(recording.events, list):
                recording.events, recording.sizes = list(recording.events), list(recording.sizes)
            events, sizes = cast(list, recording.events), cast(list, recording.sizes)
        if check:
            def emit_and_check(code: int, _append=events.append) -> None:
                _append(code)
                self.sanity()
            return emit_and_check, sizes.append
        if recording is not None:
            return events.append, sizes.append
        return None, _record_nothing




# The compiled core's endings (webapp/engine/_dlx.c: ENDED ... LIMIT_CANCELLED), as run()'s limits.
_COMPILED_LIMITS = (None, LIMIT_SOLUTIONS, LIMIT_STEPS, LIMIT_TIME, LIMIT_CANCELLED)
_ENDED, _CANCELLED = 0, 4


def solve(problem: Problem, engine: str | None = None, **limits) -> Outcome:
    """Run one search over a problem with nothing selected; see Search.run."""
    return Search(problem, engine).run(**limits)
