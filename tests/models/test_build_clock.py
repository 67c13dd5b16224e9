"""The model's build keeps to a deadline (webapp/models/build_clock.py): real heavy models, no mocks.

A deadline already passed (0 seconds) must stop the build, whatever the machine's speed: so the
checks here assert where it stopped, never how long anything took.
"""

from __future__ import annotations

import time
import traceback

import pytest

from webapp.models import build_clock, constraint_cover, constraints, variants

# A 25×25 sandwich of sum 100: millions of ways to weigh (where its 1 and 25 stand, which digits between).
HEAVY_SANDWICH = [{"kind": "sandwich", "side": "row", "index": 3, "sum": 100}]


def test_a_deadline_already_past_stops_a_heavy_constraints_model_and_caches_nothing():
    setup = constraints.setup_for(variants.rules_for(5, ()), HEAVY_SANDWICH)
    before = constraint_cover.model.cache_info().currsize
    with build_clock.until(time.perf_counter(), budget=0.0), pytest.raises(build_clock.BuildStopped) as stopped:
        constraint_cover.model(setup)
    assert stopped.value.message.startswith("Stopped while building the model: the time budget of 0 s ran out")
    assert "max_seconds" in stopped.value.message
    assert constraint_cover.model.cache_info().currsize == before       # a stopped build is not kept


def test_a_deadline_past_stops_a_25x25_anti_knight_variant_model_too():
    # Its 5,000 pairs of cells take seconds to build; the deadline is checked before the first.
    rules = variants.rules_for(5, ("anti-knight", "anti-king"))
    with build_clock.until(time.perf_counter(), budget=0.0), pytest.raises(build_clock.BuildStopped):
        variants.model(rules)


def test_the_clock_counts_what_a_build_took_and_a_cached_model_costs_nothing():
    setup = constraints.setup_for(variants.rules_for(2, ()), [{"kind": "killer", "cells": [[0, 0], [0, 1]],
                                                               "sum": 7}])
    constraint_cover.model.cache_clear()
    with build_clock.until(time.perf_counter() + 3600) as clock:
        constraint_cover.model(setup)
        first = build_clock.built()
        constraint_cover.model(setup)
        assert build_clock.built() == first == clock.spent > 0     # nested builds counted once, the cached not
    assert build_clock.built() == 0.0                               # outside a clock


def test_without_a_clock_nothing_is_stopped():
    build_clock.tick()
    assert list(build_clock.ticking(range(3000))) == list(range(3000))


def test_a_deadline_reached_in_the_middle_of_a_heavy_build_stops_it_there():
    # Built whole, this sandwich weighs hundreds of millions of digit sets (minutes); with a fifth of a
    # second it must stop, in its own loop, not run on to the end.
    setup = constraints.setup_for(variants.rules_for(5, ()), [{"kind": "sandwich", "side": "row", "index": 7,
                                                               "sum": 150}])
    variants.model(setup.rules)         # the plain 25×25 is built and cached before the clock starts
    with build_clock.until(time.perf_counter() + 0.2, budget=0.2), pytest.raises(build_clock.BuildStopped) as stopped:
        constraint_cover.model(setup)
    assert "add_sandwich" in [frame.name for frame in traceback.extract_tb(stopped.value.__traceback__)]
