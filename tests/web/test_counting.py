"""webapp/web/counting.py: the count past a replay on a thread of its own, stopped by its caller."""

import time

import pytest

from webapp.engine import exact_cover as ec
from webapp.models import problems
from webapp.web import counting

pytestmark = pytest.mark.skipif(not ec.compiled_available(), reason="the count runs beside on the compiled core")


def replayed(builtin: str, **params) -> ec.Search:
    """A search of a built-in stopped at its first solution, as a replay under 'All' stops."""
    search = ec.Search(problems.make(builtin, **params).problem)
    search.run(recording=ec.Recording(), max_solutions=1)
    assert search.resumable
    return search


def test_a_count_beside_ends_as_the_whole_search_does():
    whole = ec.solve(problems.make("queens", n=9).problem, max_solutions=None, keep=0).stats
    found = counting.Count(replayed("queens", n=9), 10**9, time.perf_counter() + 600).finish(
        time.perf_counter() + 600, lambda: False)
    assert found.complete and (found.stats.solutions, found.stats.steps) == (whole.solutions, whole.steps)


def test_the_caller_stops_a_count_at_its_time_or_when_the_client_has_gone():
    # The pentominoes' count takes seconds: each of these stops it long before its end.
    late = time.perf_counter() + 600
    timed = counting.Count(replayed("pentominoes"), 10**9, late).finish(time.perf_counter() + 0.05, lambda: False)
    assert timed.limit == ec.LIMIT_TIME and not timed.complete and timed.stats.solutions < 2339
    gone = counting.Count(replayed("pentominoes"), 10**9, late).finish(late, lambda: True)
    assert gone.limit == ec.LIMIT_CANCELLED
    # Its own deadline stops it without the caller.
    own = counting.Count(replayed("pentominoes"), 10**9, time.perf_counter() + 0.05).finish(late, lambda: False)
    assert own.limit == ec.LIMIT_TIME


def test_a_count_abandoned_by_its_request_stops():
    count = counting.Count(replayed("pentominoes"), 10**9, time.perf_counter() + 600)
    count.abandon()
    assert count.finish(time.perf_counter() + 600, lambda: False).limit == ec.LIMIT_CANCELLED
