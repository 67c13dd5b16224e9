"""Hypothesis strategies the tests share."""

from __future__ import annotations

from hypothesis import strategies as st

from webapp.engine import exact_cover as ec

COLOUR_NAMES = ("red", "green", "blue")


@st.composite
def coloured_problems(draw, primary=(1, 4), secondary=(1, 3), colours=(1, 3), options=(1, 10), width=4):
    """Random problems whose options give secondary items colours (Knuth's DLX2). Each argument
    but width is an inclusive (low, high) range of how many; width: most items in an option."""
    p, s, c = draw(st.integers(*primary)), draw(st.integers(*secondary)), draw(st.integers(*colours))
    n = p + s
    rows, colouring = [], []
    for _ in range(draw(st.integers(*options))):
        items = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, width), unique=True))
        rows.append(tuple(items))
        colouring.append(tuple(0 if i < p else draw(st.integers(0, c)) for i in items))
    return ec.Problem(tuple(f"i{k}" for k in range(n)), p, tuple(rows), tuple(colouring), COLOUR_NAMES[:c])


@st.composite
def bounded_problems(draw, primary=(1, 4), secondary=(0, 2), colours=(0, 2), options=(1, 10), width=4, most=3):
    """Random problems whose primary items carry bounds (least, most) (Knuth's DLX3), some with
    colours on secondary items. Ranges as coloured_problems; most: the largest upper bound."""
    p, s, c = draw(st.integers(*primary)), draw(st.integers(*secondary)), draw(st.integers(*colours))
    n = p + s
    rows, colouring = [], []
    for _ in range(draw(st.integers(*options))):
        items = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, width), unique=True))
        rows.append(tuple(items))
        colouring.append(tuple(0 if i < p or not c else draw(st.integers(0, c)) for i in items))
    bounds = []
    for _ in range(p):
        high = draw(st.integers(1, most))
        bounds.append((draw(st.integers(0, high)), high))
    coloured = any(any(row) for row in colouring)
    return ec.Problem(tuple(f"i{k}" for k in range(n)), p, tuple(rows),
                      tuple(colouring) if coloured else (), COLOUR_NAMES[:c] if coloured else (), tuple(bounds))


def brute_force_bounded(problem: ec.Problem) -> set[frozenset[int]]:
    """Every solution of a problem with bounds, by trying every set of options (no dancing links):
    each primary item covered within its bounds; a secondary item by one option without a colour,
    or by any number that give it one colour. Options without a primary item are never used."""
    usable = [k for k, option in enumerate(problem.options) if any(i < problem.primary for i in option)]
    found = set()
    for mask in range(1 << len(usable)):
        chosen = [usable[b] for b in range(len(usable)) if mask >> b & 1]
        counts = [0] * len(problem.items)
        colours: dict[int, set[int]] = {}
        for k in chosen:
            for i in problem.options[k]:
                counts[i] += 1
                colours.setdefault(i, set()).add(problem.colour_of(k, i))
        if any(not problem.bounds_of(i)[0] <= counts[i] <= problem.bounds_of(i)[1]
               for i in range(problem.primary)):
            continue
        if any(counts[i] > 1 and (0 in colours[i] or len(colours[i]) > 1)
               for i in range(problem.primary, len(problem.items))):
            continue
        found.add(frozenset(chosen))
    return found
