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
