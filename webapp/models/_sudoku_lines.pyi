"""Types of solve FILE's compiled fast path (webapp/models/_sudoku_lines.c)."""

from collections.abc import Callable

def solve_lines(data: bytes, start: int, eof: bool, line: int, settings: tuple[int, int, float, bool, int],
                interrupted: Callable[[], bool] | None, /) -> tuple[str, int, int, int, int, object]: ...
def solve_puzzle(text: str, settings: tuple[int, int, float, bool, int], /) -> tuple | None: ...
