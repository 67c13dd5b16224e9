"""This project's solver as the benchmark calls it: parse, then DLX, no recording.

load() with keyword options passes them on to webapp.sudoku.solve, so a
second runner of ours (another engine, say) is one more Peer in
peers/__init__.py: loader=lambda: ours.load(option=value), takes_line=True.
Only the solver named "ours" is the baseline of every ratio and runs without
a budget; a second runner is timed and budgeted as a peer.
"""

from __future__ import annotations

from webapp import sudoku


def load(**options):
    """solve(line) through webapp.sudoku.parse and webapp.sudoku.solve(grid, **options)."""
    def solve(line: str):
        solved = sudoku.solve(sudoku.parse(line), **options)
        return solved.grids[0].cells if solved.grids else None
    return solve
