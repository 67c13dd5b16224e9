"""This project's solver as the benchmark calls it: parse, then DLX, no recording.

load() runs the default engine (the compiled core when it is built),
load_python() the pure-Python engine: the same search, node for node.
"""

from __future__ import annotations

from webapp.engine import exact_cover as ec
from webapp.models import sudoku


def load(engine: str | None = None):
    """solve(line) through webapp.models.sudoku.parse and webapp.models.sudoku.solve."""
    engine = ec.engine_named(engine)

    def solve(line: str):
        solved = sudoku.solve(sudoku.parse(line), engine=engine)
        return solved.grids[0].cells if solved.grids else None
    return solve


def load_python():
    """solve(line) with the pure-Python engine."""
    return load(ec.PYTHON)
