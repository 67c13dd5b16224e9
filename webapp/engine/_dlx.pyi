"""Types of the compiled search core (webapp/_dlx.c)."""

from collections.abc import Callable, Sequence

class Links:
    """The checked link arrays of a problem with nothing covered (see exact_cover.Matrix)."""

    def __init__(self, *, primary: int, top: Sequence[int], up: Sequence[int], down: Sequence[int],
                 len: Sequence[int], left: Sequence[int], right: Sequence[int], option_of: Sequence[int],
                 others: Sequence[int], others_start: Sequence[int], mark: int, look_every: int,
                 colour: Sequence[int] | None = None, bound: Sequence[int] | None = None,
                 slack: Sequence[int] | None = None) -> None: ...

class Core:
    """One search over a Links: its own copy of the mutable arrays."""

    def __init__(self, links: Links) -> None: ...
    def cover(self, item: int, /) -> None: ...
    def uncover(self, item: int, /) -> None: ...
    def place(self, items: Sequence[int], /) -> int: ...
    def covered(self, item: int, /) -> bool: ...
    def arrays(self) -> tuple[list[int], list[int], list[int], list[int], list[int]]: ...
    def run(self, mrv: bool, record: bool, step_cap: int, solution_cap: int, keep: int, deadline: float,
            per_event: float, per_dead_end: float, clock: Callable[[], float] | None,
            cancelled: Callable[[], bool] | bytearray | None, solutions: list[list[int]],
            on_solution: Callable[[list[int]], None] | None, choices: list[int], first: int, steps: int,
            resume: bool = False, /) -> tuple[int, int, int, int, int, int, int, bytes | None, bytes | None]: ...
    def run_bounded(self, mrv: bool, record: bool, step_cap: int, solution_cap: int, keep: int, deadline: float,
                    per_event: float, per_dead_end: float, clock: Callable[[], float],
                    cancelled: Callable[[], bool] | None, solutions: list[list[int]],
                    on_solution: Callable[[list[int]], None] | None, /
                    ) -> tuple[int, int, int, int, int, int, int, bytes | None, bytes | None]: ...
