"""The clock a model's build keeps to: a request's time budget counts the build too.

A model (the variants' exact cover problem, the constraints' items and options, the narrowing of
the cells' digits before the search) is built before the search starts. Its size caps bound that
work, but a large one (a 25×25 anti-knight, a cage with millions of digit sets to weigh) can take
seconds, longer than the request's whole budget. So the server sets a deadline for the request
(`until`), the builders call `tick()` in their loops and `ticking()` around long iterations, and a
build that reaches the deadline stops with BuildStopped, which the server answers with a 400 in
the catalogue's words. `built()` says how long the builds of this request took (a cached model
costs nothing), for the answer's stats.

The deadline lives in a context variable, so the builders' signatures and caches stay as they
are: a stopped build raises, and lru_cache keeps nothing of it. With no deadline set (the command
line, the tests' direct calls), tick() costs a lookup and never stops anything.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import TypeVar

from ..words.messages import say

T = TypeVar("T")


@dataclass
class Clock:
    """One request's build deadline and what its builds have spent so far."""

    deadline: float | None      # time.perf_counter() value; None: no deadline
    budget: float | None        # the request's seconds, for the words
    started: float              # when the request began (the budget counts from it)
    spent: float = 0.0          # seconds spent in builds (outermost builds only)
    depth: int = 0              # builds running now, nested (a constraints model builds its variant's)


_clock: ContextVar[Clock | None] = ContextVar("build_clock", default=None)


class BuildStopped(Exception):
    """A model's build reached the request's deadline. Not a ValueError: nothing that catches a
    bad input's error may take it for one."""

    def __init__(self, budget: float | None, after: float):
        self.budget, self.after = budget, after
        self.message = say("build.stopped", seconds=budget if budget is not None else 0.0,
                           after=round(after, 3))
        super().__init__(self.message)


def start(deadline: float | None, budget: float | None = None, started: float | None = None) -> Clock:
    """Set this context's clock (a server's request; until() for a block) and return it."""
    clock = Clock(deadline, budget, time.perf_counter() if started is None else started)
    _clock.set(clock)
    return clock


def stop() -> None:
    """No clock from here on (a request's end)."""
    _clock.set(None)


@contextmanager
def until(deadline: float | None, budget: float | None = None, started: float | None = None):
    """Builds inside keep to deadline (a time.perf_counter() value); budget and started (the
    request's seconds and start) only say it in words. Yields the Clock."""
    clock = Clock(deadline, budget, time.perf_counter() if started is None else started)
    token = _clock.set(clock)
    try:
        yield clock
    finally:
        _clock.reset(token)


def tick() -> None:
    """Raise BuildStopped when the deadline has come."""
    clock = _clock.get()
    if clock is not None and clock.deadline is not None:
        now = time.perf_counter()
        if now >= clock.deadline:
            raise BuildStopped(clock.budget, now - clock.started)


def ticking(items: Iterable[T], every: int = 1024) -> Iterator[T]:
    """items, with the deadline checked before the first and every `every` items after."""
    for k, item in enumerate(items):
        if k % every == 0:
            tick()
        yield item


def built() -> float:
    """Seconds this request's model builds have taken so far (0 outside a request's clock)."""
    clock = _clock.get()
    return clock.spent if clock is not None else 0.0


def building(build: Callable[..., T]) -> Callable[..., T]:
    """A builder whose time is added to the clock's (put it under lru_cache: a cached model is not
    built again and costs nothing). It looks at the clock only in its heavy loops (tick, ticking):
    work that always ends soon, a plain grid's problem, is not cut off to no purpose."""
    @wraps(build)
    def timed(*args, **kwargs):
        clock = _clock.get()
        if clock is None:
            return build(*args, **kwargs)
        start = time.perf_counter()
        clock.depth += 1
        try:
            return build(*args, **kwargs)
        finally:
            clock.depth -= 1
            if clock.depth == 0:
                clock.spent += time.perf_counter() - start
    return timed
