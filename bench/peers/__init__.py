"""The solvers the throughput benchmark compares, ours first.

Glossary
    runner   what the benchmark times: solve(line) -> N² digits or None.
    peer     another Sudoku or exact cover solver with an adapter here.
    sides    the box sides a peer takes: 3 for 9×9, 4 for 16×16.
    cap      the most puzzles a very slow peer gets per set.
    budget   seconds a peer may spend on one set before it stops (see throughput).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata

from . import dict_x, norvig, ours, pypi
from .encode import digits_of


@dataclass(frozen=True)
class Peer:
    """A solver: its name, where it comes from, how it works, what it takes."""

    name: str
    source: str
    kind: str
    loader: Callable[[], Callable]
    sides: tuple[int, ...] = (3, 4)
    cap: int | None = None
    budget: float | None = None
    takes_line: bool = False       # the loaded solve takes the puzzle line itself

    def origin(self) -> str:
        """Where it comes from, with the installed version for a PyPI package."""
        if not self.source.startswith("PyPI "):
            return self.source
        try:
            return f"{self.source} {metadata.version(self.source[5:])}"
        except metadata.PackageNotFoundError:
            return f"{self.source} (not installed)"

    def load(self) -> Callable[[str], tuple[int, ...] | None]:
        """The runner: solve(line); raises whatever the import raises."""
        solve = self.loader()
        if self.takes_line:
            return solve
        return lambda line: solve(*digits_of(line))


PEERS = {p.name: p for p in (
    Peer("ours", "webapp (this project)", "DLX on flat arrays, the compiled core (webapp/engine/_dlx.c)", ours.load,
         takes_line=True),
    Peer("ours-python", "webapp (this project)", "the same search, the pure-Python engine", ours.load_python,
         takes_line=True),
    Peer("exact-cover", "PyPI exact-cover", "DLX in C on a NumPy matrix", pypi.load_exact_cover),
    Peer("exact-cover-py", "PyPI exact-cover-py", "Algorithm X, Numba JIT", pypi.load_exact_cover_py),
    Peer("dlx-cython", "PyPI dlx-cython", "DLX in Cython", pypi.load_dlx_cython),
    Peer("norvig", "bench/peers/norvig.py", "Norvig's propagation + search (re-implemented)",
         lambda: norvig.solve),
    Peer("dict-x", "bench/peers/dict_x.py", "Algorithm X with dicts and sets (Assaf style)",
         lambda: dict_x.solve),
    Peer("dlx", "PyPI dlx", "DLX in pure Python (Raaphorst 2008)", pypi.load_dlx),
    Peer("algorithm-x", "PyPI algorithm-x", "DLX in pure Python, node objects (2019)", pypi.load_algorithm_x),
    Peer("dancing-links", "PyPI dancing-links", "DLX in pure Python, node objects (2026)",
         pypi.load_dancing_links),
    Peer("dlxsudoku", "PyPI dlxsudoku", "singles, then dict Algorithm X; proves uniqueness",
         pypi.load_dlxsudoku, sides=(3,)),
    Peer("py-sudoku", "PyPI py-sudoku", "plain backtracking, fewest candidates first",
         pypi.load_py_sudoku, cap=5, budget=20.0),
)}
