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

A probe's estimate is a product of option counts, so it grows exponentially with
the depth: an empty 25x25 under anti-knight reaches 10^154, first-item probes of
it far past the largest float. Probes are therefore summed as whole numbers
(Python's are unbounded) and the mean and spread are taken from exact ratios;
nodes is a float only where one holds it, and log10 always says how large.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..engine import exact_cover as ec


@dataclass(frozen=True)
class Estimate:
    """The estimated nodes of the whole search tree, its relative standard error, and how many probes made it."""

    nodes: Fraction
    spread: float
    probes: int

    @property
    def log10(self) -> float | None:
        """The estimate's order of magnitude, finite however large it is (None for 0)."""
        if self.nodes <= 0:
            return None
        whole = int(self.nodes)
        if whole == 0:
            return math.log10(float(self.nodes))
        digits = len(str(whole)) - 1
        return digits + math.log10(float(Fraction(whole, 10 ** digits)))

    def as_dict(self) -> dict:
        """JSON values, finite whatever the tree's size: nodes a whole number while a float
        holds it exactly enough (below 10^15), then a float of four significant digits, and
        None past the largest float; log10 always. spread is None when one probe cannot give
        it (JSON has no infinity)."""
        spread = round(self.spread, 4) if math.isfinite(self.spread) else None
        magnitude = self.log10
        if magnitude is None or magnitude < 15:
            nodes: int | float | None = round(self.nodes)
        elif magnitude < 308:
            nodes = float(f"{float(self.nodes):.4g}")
        else:
            nodes = None
        return {"nodes": nodes, "log10": None if magnitude is None else round(magnitude, 4),
                "spread": spread, "probes": self.probes}


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


def probe(search: ec.Search, choose: str, rng: random.Random) -> int:
    """One random path down the tree, its estimate as a whole number (unbounded: it grows as
    the product of the option counts); the search is left as it was found."""
    m = search.matrix
    right, root, down, length = search.right, m.root, search.down, search.len
    taken: list[tuple[int, int]] = []
    total, product = 0, 1
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
    samples: list[int] = []
    while len(samples) < max(1, probes):
        samples.append(probe(search, choose, rng))
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if cancelled is not None and cancelled():
            break
    n, total = len(samples), sum(samples)
    mean = Fraction(total, n)
    if n < 2 or total == 0:
        return Estimate(mean, 0.0 if total == 0 else math.inf, n)
    # The standard error over the mean, sqrt(variance / n) / mean, as one exact ratio:
    # sum((n s - total)^2) / (n (n - 1) total^2), whose float is always within range.
    squares = sum((n * s - total) ** 2 for s in samples)
    return Estimate(mean, math.sqrt(float(Fraction(squares, n * (n - 1) * total * total))), n)
