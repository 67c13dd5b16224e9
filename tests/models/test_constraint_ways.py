"""Narrowing the cells' digits before the search (webapp/models/constraint_ways.py).

Each rule is checked against brute force on small random domains: it keeps every digit some filling
that keeps the rule uses (sound), and where it is exact (a relation, ways, a sum) no other.
"""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from webapp.models import constraint_check, constraint_cover, constraints, fpuzzles, variants
from webapp.models import constraint_ways as cw
from webapp.models.examples import PUZZLES

SIZE = 6


def random_masks(rng, count):
    return [cw.mask_of(rng.sample(range(1, SIZE + 1), rng.randint(1, SIZE))) for _ in range(count)]


def supported(masks, keeps):
    """The digits of each cell that some filling within masks that keeps the rule uses."""
    seen = [0] * len(masks)
    for digits in product(*[sorted(cw.digits_of(m)) for m in masks]):
        if keeps(digits):
            for k, d in enumerate(digits):
                seen[k] |= 1 << (d - 1)
    return seen


def check(rule, masks, keeps, exact):
    found = rule.revise(list(masks))
    truth = supported(masks, keeps)
    for k, (got, true) in enumerate(zip(found, truth)):
        assert got & true == true, f"cell {k}: a digit of a filling was taken away"
        assert got & ~masks[k] == 0, f"cell {k}: a digit came back"
        if exact:
            assert got == true, f"cell {k}: kept a digit no filling uses"


@pytest.mark.parametrize("seed", range(40))
def test_each_rule_keeps_every_digit_of_a_filling_and_the_exact_ones_no_other(seed):
    rng = random.Random(seed)
    fits = lambda x, y: abs(x - y) >= 3     # noqa: E731 (a whispers line on a 6×6)
    masks = random_masks(rng, 2)
    check(cw.pair_rule(0, 1, fits, SIZE, "w"), masks, lambda d: fits(*d), exact=True)

    ways = [w for w in product(range(1, SIZE + 1), repeat=3) if rng.random() < 0.2]
    masks = random_masks(rng, 3)
    check(cw.ways_rule((0, 1, 2), ways, "t"), masks, lambda d: tuple(d) in ways, exact=True)

    total = rng.randint(3, 15)
    masks = random_masks(rng, 3)
    check(cw.sum_rule((0, 1, 2), {total}, SIZE, "s"), masks, lambda d: sum(d) == total, exact=True)

    sets = [s for s in ((1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)) if rng.random() < 0.7]
    masks = random_masks(rng, 3)
    check(cw.sets_rule((0, 1, 2), sets, "r"), masks,
          lambda d: len(set(d)) == 3 and tuple(sorted(d)) in sets, exact=True)

    digits = sorted(rng.sample(range(1, SIZE + 1), rng.randint(1, 4)))
    masks = random_masks(rng, 4)
    check(cw.count_rule((0, 1, 2, 3), digits, SIZE, "q"), masks,
          lambda d: all(d.count(x) >= digits.count(x) for x in digits), exact=False)

    masks = random_masks(rng, SIZE)
    check(cw.house_rule(tuple(range(SIZE)), True, "row 1"), masks, lambda d: len(set(d)) == SIZE, exact=False)

    target = rng.randint(0, 10)
    line = tuple(range(SIZE))
    sandwiches = [(p, q, chosen) for p, q, chosen in constraint_cover_sandwich_ways(target)]
    masks = random_masks(rng, SIZE)
    check(cw.sandwich_rule(line, sandwiches, SIZE, "sw"), masks,
          lambda d: len(set(d)) == SIZE and sandwich_sum(d) == target, exact=False)


@pytest.mark.parametrize("seed", range(60))
def test_a_sum_with_cells_apart_and_a_run_by_matching_keep_exactly_the_digits_of_a_filling(seed):
    rng = random.Random(1000 + seed)
    cells = (0, 1, 2, 3, 4)
    pairs = {frozenset(p) for p in ((0, 1), (1, 2), (3, 4), (0, 2)) if rng.random() < 0.6}
    apart = lambda a, c: frozenset((a, c)) in pairs     # noqa: E731 (cells sharing a house)
    total = rng.randint(8, 24)
    masks = random_masks(rng, 5)
    check(cw.sum_rule(cells, {total}, SIZE, "lk", apart), masks,
          lambda d: sum(d) == total and all(d[a] != d[c] for a, c in map(tuple, pairs)), exact=True)

    length = rng.randint(2, 5)
    runs = [tuple(range(a, a + length)) for a in range(1, SIZE - length + 2)]
    masks = random_masks(rng, length)
    check(cw.sets_rule(tuple(range(length)), runs, "rb"), masks,
          lambda d: len(set(d)) == length and max(d) - min(d) == length - 1, exact=True)


def test_a_sum_group_past_its_fillings_bound_counts_its_cells_one_by_one():
    every = [(1 << SIZE) - 1] * 6
    chain = lambda a, c: abs(a - c) == 1     # noqa: E731 (6·5⁵ fillings, past MOST_GROUP_FILLINGS)
    assert cw.sum_rule(tuple(range(6)), {6}, SIZE, "lk", chain).revise(every) == [1] * 6   # repeats allowed: sound
    assert cw.sum_rule((0, 1, 2), {3}, SIZE, "lk", chain).revise(every[:3]) == [0, 0, 0]   # listed: 1+1+1 is not
    assert cw.sum_rule((0, 1, 2), {3}, SIZE, "lk").revise(every[:3]) == [1, 1, 1]         # no cells apart


def constraint_cover_sandwich_ways(target):
    from itertools import combinations
    for p, q in product(range(SIZE), repeat=2):
        if p != q:
            for chosen in combinations(range(2, SIZE), abs(p - q) - 1):
                if sum(chosen) == target:
                    yield p, q, chosen


def sandwich_sum(digits):
    a, b = sorted((digits.index(1), digits.index(SIZE)))
    return sum(digits[a + 1:b])


def test_the_trials_stop_at_the_work_bound_and_the_fixpoint_before_them_stays():
    def narrowed(most_work):
        rules = [cw.house_rule(tuple(range(r * 4, r * 4 + 4)), True, f"row {r + 1}") for r in range(4)]
        rules += [cw.house_rule(tuple(range(c, 16, 4)), True, f"column {c + 1}") for c in range(4)]
        rules.append(cw.pair_rule(1, 2, lambda x, y: abs(x - y) >= 2, 4, "a whispers line"))
        narrowing = cw.Narrowing(4, rules)
        narrowing.limit(0, {1}, "its given")
        narrowing.run("tried", most_work)
        return narrowing
    fixpoint, tried = narrowed(0), narrowed(10_000)
    assert fixpoint.masks[0] == 1 and not fixpoint.masks[4] & 1
    assert tried.work > fixpoint.work
    assert all("tried" not in words for words in fixpoint.why.values())
    # the line leaves r1c2 and r1c3 a 2 and a 4, so r1c4 holds 3, before any trial
    assert fixpoint.masks[3] == cw.mask_of([3])
    assert all(t & ~f == 0 for t, f in zip(tried.masks, fixpoint.masks))


PUBLISHED = {e["id"]: e for e in json.loads((PUZZLES / "constraints" / "published.json").read_text())}


def test_a_published_whispers_line_solves_within_the_page_budget_and_says_what_narrowed_each_cell():
    """One of the published puzzles plain DLX could not finish within 1,000,000 steps (bench/constraints.py
    measures all of them)."""
    entry = PUBLISHED["whispers-ctc"]
    imported = fpuzzles.read_link(entry["fpuzzles"])
    grid, rules = variants.read(imported.puzzle, imported.variants, imported.regions)
    setup = constraints.Setup(rules, tuple(imported.constraints), tuple(imported.negative))
    solved = constraint_cover.solve(grid, setup, max_solutions=2, max_steps=1_000_000)
    assert solved.outcome.unique
    cells = solved.grids[0].cells
    assert "".join(map(str, cells)) == entry["solution"]
    about = setup.about()
    assert constraint_check.is_solution(grid.cells, cells, about["constraints"], about["negative"])
    needs = constraint_cover.puzzle_model(grid, setup).phrases["need"]
    assert any("left some cell no digit when tried there" in n for n in needs)
    assert any(n.endswith(")") and "needs" in n and entry["kind"] in n.lower() for n in needs)
