"""Knuth's Algorithm M (his DLX3): exact cover with multiplicities, the Python reference.

A problem with bounds (Problem.bounds) asks each primary item to be covered at
least `least` and at most `most` times. The search keeps, per primary item, its
bound (how many more options may still cover it, counted down from most) and
its slack (most - least, fixed). Ideas from Knuth's dlx3.w and TAOCP 7.2.2.1,
written anew for these arrays; the compiled core does the same in
webapp/engine/_dlx_bounds.h, event for event.

Glossary (besides that of exact_cover.py)
    bound     of a primary item: how many more options may cover it. A try of
              an option counts one off each of its primary items; the item is
              covered (its other options hidden) when its bound reaches 0.
    slack     most - least: while bound <= slack, the item has its least.
    degree    of an item (the choose event's d): the branches it opens,
              len + min(slack, bound) - bound + 1 (len: its options left).
              For an exact cover item (1, 1) that is len. An item whose
              degree is 0 or less cannot reach its least: a dead end.
    modes     of a level, after the chosen item's bound is counted down:
              COVER_MODE (bound 0 and slack 0: Algorithm X's branch, the item is
              covered and each of its options tried), TWEAK (bound > 0: the
              item stays in the list; each option tried is set aside for the
              level's later tries, Knuth's tweak, so a deeper level may choose
              the item again for another option), SPECIAL (bound 0 with slack:
              covered, and its options tried one by one, set aside likewise).
    settle    the last branch of a TWEAK or SPECIAL level when the item already
              has its least and no option of it is left: take none (Knuth's
              null move); the item leaves the list. A node of the tree, like a
              try, but it places no option.

Events (events.py): a try writes one event for each other item of its
option: cover (a primary item reaching its most, or a secondary one), take (a
primary item that can take more), purify, or none (a colour given already).
Nothing is written for a tweak: every option tried at an open level is out of
the matrix until that level backs up. A level ends with uncover (when its
item was covered) and backup. Without bounds every item is (1, 1), every level
is COVER_MODE, and the events are exactly those of Algorithm X.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import cast

from .events import (
    BACKUP,
    CHOOSE,
    COVER,
    DEAD_END,
    KIND_BITS,
    LIMIT_CANCELLED,
    LIMIT_SOLUTIONS,
    LIMIT_STEPS,
    LIMIT_TIME,
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
)

COVER_MODE, TWEAK, SPECIAL = 0, 1, 2
# The loop's states: Knuth's M2-M3 (a new level), M5 (the next branch), M8 (restore the
# level's item and back up), M9 (go back to the level above).
FORWARD, NEXT, RESTORE, RETREAT = range(4)


def degree(length: int, bound: int, slack: int) -> int:
    """The branches an item opens: its options left, plus the null move when it has its least,
    minus those it must still take (Knuth's score); 0 or less: it cannot reach its least."""
    return length + min(slack, bound) - bound + 1


def run_bounded(search, *, max_solutions: int | None, max_steps: int | None, max_seconds: float | None,
                mrv: bool, emit: Callable[[int], None] | None, size_of: Callable[[int], None],
                recorded: Callable[[], int], keep: int | None,
                on_solution: Callable[[list[int]], None] | None, cancelled: Callable[[], bool] | None,
                started: float | None, keep_back: tuple[float, float]):
    """Algorithm M on a search's arrays (a Links of the python engine), with Search.run's limits.

    Returns (status, limit, solutions, found, nodes, dead_ends, steps, levels, level), status
    None when the search ran to its end.
    """
    m = search.matrix
    top, option_of, others, n = m.top, m.option_of, m.others, m.size
    up, down, length, left, right = search.up, search.down, search.len, search.left, search.right
    root, primary, look_every, work, cover_counts = m.root, m.primary, m.look_every, m.work, m.cover_counts
    colour = search.colour
    # Set with colours (links.py); only coloured nodes (colour > 0) reach them.
    purify = cast(Callable[[int], None], getattr(search, "purify", None))
    unpurify = cast(Callable[[int], None], getattr(search, "unpurify", None))
    cover, uncover = search.cover, search.uncover
    bound = list(m.bound)
    slack = m.slack
    per_event, per_dead_end = keep_back

    def hide(p: int) -> None:
        for q in others[p]:
            u, d = up[q], down[q]
            down[u] = d
            up[d] = u
            length[top[q]] -= 1

    def unhide(p: int) -> None:
        for q in others[p]:
            down[up[q]] = q
            up[down[q]] = q
            length[top[q]] += 1

    def commit(x: int) -> int:
        """Count x's try off each other item: cover, take, purify or nothing; the events written."""
        written = 0
        for q in others[x]:
            j = top[q]
            if j < primary:
                bound[j] -= 1
                if bound[j] == 0:
                    cover(j)
                    kind = COVER
                else:
                    kind = TAKE
            else:
                c = colour[q] if colour is not None else 0
                if c == 0:
                    cover(j)
                    kind = COVER
                elif c > 0:
                    purify(q)
                    kind = PURIFY
                else:
                    continue        # an option above gave it this colour
            written += 1
            if emit:
                emit((j << KIND_BITS) | kind)
        return written

    def uncommit(x: int) -> int:
        """Undo commit(x), last item first; the events written."""
        written = 0
        for q in reversed(others[x]):
            j = top[q]
            if j < primary:
                if bound[j] == 0:
                    uncover(j)
                    kind = UNCOVER
                else:
                    kind = UNTAKE
                bound[j] += 1
            else:
                c = colour[q] if colour is not None else 0
                if c == 0:
                    uncover(j)
                    kind = UNCOVER
                elif c > 0:
                    unpurify(q)
                    kind = UNPURIFY
                else:
                    continue
            written += 1
            if emit:
                emit((j << KIND_BITS) | kind)
        return written

    def untweak(i: int, first: int, mode: int) -> None:
        """Put back the options the level's tries set aside, from first down (Knuth's untweak): each
        back in item i's column, and (TWEAK) in the columns of its other items."""
        last = down[i]
        down[i] = first
        above, x, count = i, first, 0
        while x != last:
            up[x] = above
            count += 1
            if mode == TWEAK:
                unhide(x)
            above, x = x, down[x]
        up[last] = above
        length[i] += count

    step_cap = max_steps if max_steps is not None else sys.maxsize
    solution_cap = max_solutions if max_solutions is not None else -1
    start = time.perf_counter()
    deadline = (started if started is not None else start) + max_seconds if max_seconds is not None else None
    steps = nodes = dead_ends = found = 0
    done, look_at = 0, look_every
    solutions: list[list[int]] = []
    choice: list[int] = []          # per level: the node tried, or the item itself for a settle
    item_at: list[int] = []
    mode_at: list[int] = []
    first_at: list[int] = []        # per level: the first node its tries set aside (Knuth's FT)
    level = 0
    x = -1
    status = limit = None
    state = FORWARD
    while True:
        if state == RETREAT:
            if level == 0:
                break
            x, i = choice[level - 1], item_at[level - 1]
            if x == i:          # the level above settled its item: undo that, then restore the item
                if steps + 1 > step_cap:
                    status, limit = STOPPED, LIMIT_STEPS
                    break
                level -= 1
                if mode_at[level] == TWEAK:
                    right[left[i]] = i
                    left[right[i]] = i
                steps += 1
                if emit:
                    emit((i << KIND_BITS) | UNSETTLE)
                state = RESTORE
                continue
            if steps + cover_counts[x] > step_cap:
                status, limit = STOPPED, LIMIT_STEPS
                break
            level -= 1
            steps += uncommit(x)
            x = down[x]
            state = NEXT
            continue
        if state == FORWARD:
            if steps + 3 > step_cap:
                status, limit = STOPPED, LIMIT_STEPS
                break
            if right[root] == root:
                found += 1
                steps += 1
                if emit:
                    emit((level << KIND_BITS) | SOLUTION)
                chosen = [option_of[y] for y in choice[:level] if y >= n]
                if keep is None or len(solutions) < keep:
                    solutions.append(chosen)
                if on_solution is not None:
                    on_solution(chosen)
                if found == solution_cap:
                    status, limit = SOLVED, LIMIT_SOLUTIONS
                    break
                state = RETREAT
                continue
            # The item with the fewest branches; ties: less slack, then more options, then the leftmost.
            i = right[root]
            best = degree(length[i], bound[i], slack[i])
            if mrv:
                best_slack, best_length = min(slack[i], bound[i]), length[i]
                p = right[i]
                while p != root:
                    b, s, ln = bound[p], slack[p], length[p]
                    if s > b:
                        s = b
                    t = ln + s - b + 1
                    if t < best or (t == best and (s < best_slack or (s == best_slack and ln > best_length))):
                        i, best, best_slack, best_length = p, t, s, ln
                    p = right[p]
            if level == len(item_at):
                item_at.append(i)
                choice.append(i)
                mode_at.append(0)
                first_at.append(0)
            else:
                item_at[level] = i
            if emit:
                emit((i << KIND_BITS) | CHOOSE)
                size_of(best if best > 0 else 0)
            steps += 1
            bound[i] -= 1
            if bound[i] == 0:
                cover(i)
                steps += 1
                if emit:
                    emit((i << KIND_BITS) | COVER)
            mode_at[level] = COVER_MODE if bound[i] == 0 and slack[i] == 0 else SPECIAL if bound[i] == 0 else TWEAK
            x = first_at[level] = down[i]
            if best <= 0:
                dead_ends += 1
                steps += 1
                if emit:
                    emit((i << KIND_BITS) | DEAD_END)
                state = RESTORE
                continue
            state = NEXT
        if state == RESTORE:
            i, mode = item_at[level], mode_at[level]
            count = 2 if bound[i] == 0 else 1
            if steps + count > step_cap:
                status, limit = STOPPED, LIMIT_STEPS
                break
            if mode != COVER_MODE:
                untweak(i, first_at[level], mode)
            if bound[i] == 0:
                uncover(i)
                if emit:
                    emit((i << KIND_BITS) | UNCOVER)
            bound[i] += 1
            steps += count
            if emit:
                emit((level << KIND_BITS) | BACKUP)
            state = RETREAT
            continue
        # NEXT: branch on the level's item with node x, settle it, or leave the level.
        i, mode = item_at[level], mode_at[level]
        if mode == COVER_MODE:
            if x == i:
                state = RESTORE
                continue
        elif mode == TWEAK and length[i] <= bound[i] - slack[i]:
            state = RESTORE     # too few options left for the item's least
            continue
        settle = x == i
        if steps + (1 if settle else 1 + cover_counts[x]) > step_cap:
            status, limit = STOPPED, LIMIT_STEPS
            break
        nodes += 1
        done += 1 if settle else work[x]
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
        if settle:
            if mode == TWEAK:       # SPECIAL: covered already, out of the list
                lft, rgt = left[i], right[i]
                right[lft] = rgt
                left[rgt] = lft
            steps += 1
            if emit:
                emit((i << KIND_BITS) | SETTLE)
        else:
            if mode != COVER_MODE:      # Knuth's tweak: x leaves i's column for the level's later tries
                if mode == TWEAK:
                    hide(x)
                d = down[x]
                down[i] = d
                up[d] = i
                length[i] -= 1
            if emit:
                emit((option_of[x] << KIND_BITS) | TRY)
            steps += 1 + commit(x)
        level += 1
        state = FORWARD

    return status, limit, solutions, found, nodes, dead_ends, steps, len(item_at), level
