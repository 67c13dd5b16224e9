"""Algorithm X with dicts and sets, in the well-known style of Ali Assaf.

Written for this benchmark after Ali Assaf's "Algorithm X in 30 lines!"
(2010): X maps each item to the set of options containing it, Y maps each
option to its items; select/deselect remove and restore whole columns. No
links, no recursion limits to worry about for 9×9 (depth ≤ blanks).

Glossary
    X        dict: item (column) → set of live options containing it.
    Y        dict: option → its list of items; read only, built once per size.
    select   take option r: drop every item of r from X, and every option
             sharing one of them from the other items' sets.
    deselect undo select, in reverse order.
"""

from __future__ import annotations

from functools import cache

from .encode import columns_of, fill


@cache
def template(n: int) -> tuple[dict[int, list[int]], dict[int, frozenset[int]]]:
    """(Y, X0) of the empty grid of box side n, built once and copied per puzzle."""
    Y = {o: list(cols) for o, cols in enumerate(columns_of(n))}
    X: dict[int, set[int]] = {j: set() for j in range(4 * n ** 4)}
    for o, cols in Y.items():
        for j in cols:
            X[j].add(o)
    return Y, {j: frozenset(s) for j, s in X.items()}


def search(X, Y, solution):
    """Yield every exact cover of what is left (fewest options first)."""
    if not X:
        yield list(solution)
        return
    c = min(X, key=lambda c: len(X[c]))
    for r in list(X[c]):
        solution.append(r)
        cols = select(X, Y, r)
        yield from search(X, Y, solution)
        deselect(X, Y, r, cols)
        solution.pop()


def select(X, Y, r):
    """Cover every item of option r; return the removed columns."""
    cols = []
    for j in Y[r]:
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].remove(i)
        cols.append(X.pop(j))
    return cols


def deselect(X, Y, r, cols):
    """Undo select(X, Y, r)."""
    for j in reversed(Y[r]):
        X[j] = cols.pop()
        for i in X[j]:
            for k in Y[i]:
                if k != j:
                    X[k].add(i)


def solve(n: int, cells: tuple[int, ...]) -> tuple[int, ...] | None:
    """The first solution found, as digits, or None."""
    Y, X0 = template(n)
    X = {j: set(s) for j, s in X0.items()}
    size = n * n
    givens = [cell * size + d - 1 for cell, d in enumerate(cells) if d]
    for o in givens:
        if any(j not in X for j in Y[o]):
            return None                       # two givens clash
        select(X, Y, o)
    for solution in search(X, Y, []):
        return fill(n, cells, solution)
    return None
