"""A step log's weight (webapp/log/weight.py): the events plus one entry per option of each dead end's
item, counted off the events, and the step budget that keeps a log within a weight budget."""

from __future__ import annotations

import pytest

from webapp.analysis import facts as an
from webapp.engine import exact_cover as ec
from webapp.log import weight
from webapp.models import problems


def weight_of(problem: ec.Problem, events) -> list[int]:
    """The weight after each number of events, 0 .. len(events): the plain way, one event at a time."""
    totals, total = [0], 0
    for code in events:
        total += 1
        if code & ec.KIND_MASK == ec.DEAD_END:
            total += len(problem.options_of_item[code >> ec.KIND_BITS])
        totals.append(total)
    return totals


@pytest.fixture(scope="module")
def pentominoes():
    built = problems.make("pentominoes", width=20, height=3)
    recording = ec.Recording()
    outcome = ec.Search(built.problem).run(max_solutions=None, recording=recording, max_steps=40_000)
    return built.problem, recording, outcome


@pytest.mark.parametrize("budget", [1, 700, 5_000, 39_000, 300_000, 10**9])
def test_the_cut_is_the_most_events_within_the_budget(pentominoes, budget):
    problem, recording, _ = pentominoes
    totals = weight_of(problem, recording.events)
    within = max(n for n, w in enumerate(totals) if w <= budget)
    expected = None if within == len(recording.events) else within
    assert weight.cut(problem, recording.events, budget) == expected
    assert weight.cut(problem, list(recording.events), budget) == expected       # the python engine's list


def test_the_weight_is_what_the_facts_carry(pentominoes):
    problem, recording, outcome = pentominoes
    rulers = an.dead_end_columns(an.analyse(problem, [], recording).dead_ends)["ruler_level"]
    assert outcome.stats.dead_ends > 100
    assert weight_of(problem, recording.events)[-1] == len(recording.events) + len(rulers)
