"""The count of every solution past a replay, on a thread of its own beside the log's analysis.

"All" replays at most the server's cap of solutions and then counts on from where the replay
stopped (exact_cover.Search.count_on). The count needs no log, so it need not wait for the
log's analysis and its JSON: on the compiled core it runs on a thread of its own from the moment
the replay's search ends, and never takes the GIL (it reads the clock and a stop flag itself),
so the two share the request's time on two cores instead of one after the other. The request's
thread looks at the client while it waits, and stops the count (the flag) when the client has
gone or when what is left of the budget is what compressing the answer needs.

Glossary
    stop      the count's flag, a bytearray of one byte: 0 go on, 1 cancelled (the client has
              gone), 2 the time is up (the count's limit is then "time").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..engine import exact_cover as ec

STOP_CANCELLED, STOP_TIME = 1, 2
# What compressing an answer costs a byte of its JSON, kept back from the count's time: brotli at
# level 4, the long answers' level, 2.6 MB of 12 queens' JSON in 0.05 s of CPU under load 11 (2026-11-28).
COMPRESS_SECONDS_A_BYTE = 2e-8
# How often the request's thread looks at the client while the count runs.
LOOK_EVERY = 0.05


class Count:
    """A count_on running on its own thread (a daemon: it stops at its deadline in any case)."""

    def __init__(self, search: ec.Search, max_steps: int, deadline: float):
        self.stop = bytearray(1)
        self.found: ec.Outcome | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(search, max_steps, deadline), daemon=True,
                                       name="count past the replay")
        self.thread.start()

    def _run(self, search: ec.Search, max_steps: int, deadline: float) -> None:
        try:
            now = time.perf_counter()
            self.found = search.count_on(max_steps=max_steps, max_seconds=max(0.0, deadline - now), started=now,
                                         stop=self.stop)
        except BaseException as error:       # handed to the request's thread, which raises it
            self.error = error

    def abandon(self) -> None:
        """Stop the count if it still runs (cancelled): its request will not wait for it."""
        if self.thread.is_alive():
            self.stop[0] = STOP_CANCELLED

    def finish(self, until: float, gone: Callable[[], bool]) -> ec.Outcome:
        """The count's outcome: waited for until `until` (a time.perf_counter reading), looking at
        the client every LOOK_EVERY seconds; then stopped at the time limit."""
        while self.thread.is_alive():
            if gone():
                self.stop[0] = STOP_CANCELLED
            elif time.perf_counter() >= until:
                self.stop[0] = STOP_TIME
            self.thread.join(LOOK_EVERY if self.stop[0] else min(LOOK_EVERY, max(0.001, until - time.perf_counter())))
        if self.error is not None:
            raise self.error
        assert self.found is not None
        return self.found
