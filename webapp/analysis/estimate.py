"""Knuth's estimate of the size of a search tree, from random probes.

A probe walks one random path down the tree the search would build: at each
level it chooses the item the search would choose (the same rule), notes its
d options, and follows one of them at random; it stops at a dead end or a
solution. If the levels along the path had d1, d2, ..., dk options, the probe's
estimate of the number of nodes (options tried) is d1 + d1*d2 + ... + d1*...*dk,
and its mean over probes is exactly the tree's size in expectation (Knuth,
"Estimating the efficiency of backtrack programs", 1975; TAOCP 7.2.2). The
spread of the probes says how far to trust it.

Glossary
    probe     one random path from the root to a leaf, undone after.
    estimate  the mean of the probes' estimates: nodes of the whole tree, every
              solution's subtree included (a search that stops at the first
              solution tries fewer).
    spread    the standard error of that mean, as a fraction of it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..engine import exact_cover as ec


@dataclass(frozen=True)
class Estimate:
    """The estimated nodes of the whole search tree, its relative standard error, and how many probes made it."""

    nodes: float
    spread: float
    probes: int

    def as_dict(self) -> dict:
        """JSON values: spread is None when one probe cannot give it (JSON has no infinity)."""
        spread = round(self.spread, 4) if math.isfinite(self.spread) else None
        return {"nodes": round(self.nodes), "spread": spread, "probes": self.probes}


def chosen_item(search: ec.Search, choose: str) -> int:
    """The item the search would choose here: fewest options first, ties to the leftmost; or the first left."""
    right, root, length = search.right, search.matrix.root, search.len
    i = right[root]
    if choose == "first":
        return i
    best, fewest = i, length[i]
    while i != root and fewest:
        if length[i] < fewest:
            best, fewest = i, length[i]
        i = right[i]
    return best


def probe(search: ec.Search, choose: str, rng: random.Random) -> float:
    """One random path down the tree; the search is left as it was found."""
    m = search.matrix
    right, root, down, length = search.right, m.root, search.down, search.len
    taken: list[tuple[int, int]] = []
    total, product = 0.0, 1.0
    try:
        while right[root] != root:
            i = chosen_item(search, choose)
            d = length[i]
            if d == 0:
                break
            product *= d
            total += product
            x = down[i]
            for _ in range(rng.randrange(d)):
                x = down[x]
            search.cover(i)
            for j in m.covers[x]:
                search.cover(j)
            taken.append((i, x))
    finally:
        for i, x in reversed(taken):
            for j in m.uncovers[x]:
                search.uncover(j)
            search.uncover(i)
    return total


def estimate(problem: ec.Problem, givens: Iterable[int] = (), *, choose: str = "mrv", probes: int = 200,
             seed: int = 0, max_seconds: float | None = 1.0,
             cancelled: Callable[[], bool] | None = None) -> Estimate:
    """Knuth's estimate of the nodes of the search tree of a problem with these givens placed.

    Stops after `probes` probes, at `max_seconds`, or once `cancelled()` says so (a server's
    client gone), whichever comes first (at least one probe runs). The same seed gives the
    same estimate.
    """
    if choose not in ("mrv", "first"):
        raise ValueError(f"unknown item choice {choose!r}: use 'mrv' or 'first'")
    search = ec.Search(problem, ec.PYTHON)     # the probes read its arrays between covers: the lists themselves
    for option in givens:
        search.select(option)
    rng = random.Random(seed)
    deadline = time.perf_counter() + max_seconds if max_seconds is not None else None
    samples: list[float] = []
    while len(samples) < max(1, probes):
        samples.append(probe(search, choose, rng))
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if cancelled is not None and cancelled():
            break
    mean = sum(samples) / len(samples)
    if len(samples) < 2 or mean == 0:
        return Estimate(mean, 0.0 if mean == 0 else math.inf, len(samples))
    variance = sum((s - mean) ** 2 for s in samples) / (len(samples) - 1)
    return Estimate(mean, math.sqrt(variance / len(samples)) / mean, len(samples))
