"""This project's solver as the benchmark calls it: parse, then DLX, no recording."""

from __future__ import annotations

from webapp import sudoku


def load():
    """solve(line) through webapp.sudoku.parse and webapp.sudoku.solve."""
    def solve(line: str):
        solved = sudoku.solve(sudoku.parse(line))
        return solved.grids[0].cells if solved.grids else None
    return solve
