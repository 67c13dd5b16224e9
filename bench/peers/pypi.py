"""Adapters for the peers installed from PyPI (bench/requirements.txt).

Each loader imports its package and returns solve(n, cells) -> digits or None.
An ImportError (or any error while importing) means the peer is reported as
unavailable with the reason; nothing is faked.

No fast compiled Sudoku solver (a "far reference", tdoku's kind) is among
them: none installs here as a working peer; bench/README.md, "No far
reference", says which were tried and why each was left out.

Glossary
    loader     a function that imports one package and returns its solve.
    solve      (n, cells) -> tuple of N² digits, or None when the peer found none.
    pruned     the candidate matrix of encode.candidates, built inside the timing.
"""

from __future__ import annotations

import importlib.util
import sys
import sysconfig
from pathlib import Path

from .encode import candidates, dense, fill, rows_of


def load_exact_cover():
    """exact-cover: Knuth's DLX in C over a NumPy bool matrix (get_exact_cover)."""
    import exact_cover
    import numpy as np

    def solve(n, cells):
        options = candidates(n, cells)
        try:
            rows = exact_cover.get_exact_cover(dense(n, options, np.bool_))
        except exact_cover.error.NoSolution:
            return None
        return fill(n, cells, [options[k] for k in rows])
    return solve


def load_exact_cover_py():
    """exact-cover-py: Knuth's Algorithm X in Numba-compiled Python (exact_covers generator)."""
    import numpy as np
    from exact_cover_py import exact_covers

    def solve(n, cells):
        options = candidates(n, cells)
        rows = next(exact_covers(dense(n, options, np.bool_)), None)
        return None if rows is None else fill(n, cells, [options[k] for k in rows])
    return solve


def load_dlx_cython():
    """dlx-cython: DLX in Cython (class DLX(n_rows, n_cols, int32 matrix).solve_one())."""
    import numpy as np
    module = _cython_dlx()

    def solve(n, cells):
        options = candidates(n, cells)
        matrix = dense(n, options, np.int32)
        rows = module.DLX(matrix.shape[0], matrix.shape[1], matrix).solve_one()
        return None if rows is None else fill(n, cells, [options[k] for k in rows])
    return solve


def _cython_dlx():
    """dlx-cython's extension module, loaded from its file.

    dlx-cython and dlx both install a top-level module named 'dlx'; the pure
    Python package wins the import (and dlx-cython's own wrapper, dlxsolver,
    then silently imports the wrong DLX). So the extension is loaded by path,
    and sys.modules['dlx'] is left as it was.
    """
    found = sorted(Path(sysconfig.get_paths()["platlib"]).glob("dlx.cpython-*.so"))
    if not found:
        raise ImportError("dlx-cython's extension dlx.cpython-*.so is not installed")
    before = sys.modules.get("dlx")
    try:
        spec = importlib.util.spec_from_file_location("dlx", found[0])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        if before is None:
            sys.modules.pop("dlx", None)
        else:
            sys.modules["dlx"] = before
    return module


def load_dlx():
    """dlx (Sebastian Raaphorst, 2008): DLX in pure Python, recursive generator."""
    from dlx import DLX
    if not hasattr(DLX, "appendRows"):
        raise ImportError("the module named 'dlx' is not the pure Python dlx package")

    def solve(n, cells):
        options = candidates(n, cells)
        problem = DLX([(j, DLX.PRIMARY) for j in range(4 * n ** 4)])
        problem.appendRows([list(r) for r in rows_of(n, options)], options)
        found = next(problem.solve(), None)
        return None if found is None else fill(n, cells, [problem.N[node] for node in found])
    return solve


def load_algorithm_x():
    """algorithm-x (2019): Knuth's DLX in pure Python on node objects, recursive generator."""
    from algorithm_x import AlgorithmX

    def solve(n, cells):
        options = candidates(n, cells)
        solver = AlgorithmX(4 * n ** 4)
        for k, row in enumerate(rows_of(n, options)):
            solver.appendRow(row, k)
        found = next(solver.solve(), None)
        return None if found is None else fill(n, cells, [options[k] for k in found])
    return solve


def load_dancing_links():
    """dancing-links (2026): Knuth's Algorithm X on dancing links in pure Python, node objects."""
    from dancing_links.algorithm_x import AlgorithmX, Header, Node

    def solve(n, cells):
        options = candidates(n, cells)
        root = Header(name="root")
        headers = []
        for j in range(4 * n ** 4):
            header = Header(name=j)
            root.insert_left(header)          # the item list in column order
            headers.append(header)
        for k, row in enumerate(rows_of(n, options)):
            first = None
            for j in row:
                node = Node(header=headers[j], name=k)
                headers[j].insert_up(node)    # at the foot of its column; counts it
                if first is None:
                    first = node
                else:
                    first.insert_left(node)   # at the end of its option
        found = next(AlgorithmX(root).solutions(), None)
        return None if found is None else fill(n, cells, [options[node.name] for node in found])
    return solve


def load_dlxsudoku():
    """dlxsudoku: naked/hidden singles, then Algorithm X with dicts (Ali Assaf's); proves uniqueness."""
    from dlxsudoku import Sudoku

    def solve(n, cells):
        puzzle = Sudoku("".join(str(d) for d in cells))      # its parser: digits, 0 blank
        puzzle.solve()
        return tuple(d for row in puzzle.row_iter() for d in row)
    return solve


def load_py_sudoku():
    """py-sudoku: backtracking on the blank with fewest candidates, boolean candidate tables."""
    from sudoku import Sudoku

    def solve(n, cells):
        size = n * n
        board = [[cells[r * size + c] or None for c in range(size)] for r in range(size)]
        solved = Sudoku(n, n, board=board).solve()
        flat = tuple(d or 0 for row in solved.board for d in row)
        return flat if all(flat) else None
    return solve
