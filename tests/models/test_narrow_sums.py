"""Sums along many cells, narrowed by the houses they share (webapp/models/narrow_sums.py).

Checked against brute force on small random cases: a clique's least and most are exact, and the
sum rule keeps every digit some filling uses (sound); it never brings a digit back.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from webapp.models import constraint_ways as cw
from webapp.models import narrow_sums as ns

SIZE = 6


def random_masks(rng, count, size=SIZE):
    return [cw.mask_of(rng.sample(range(1, size + 1), rng.randint(1, size))) for _ in range(count)]


def digits(mask):
    return sorted(cw.digits_of(mask))


@pytest.mark.parametrize("seed", range(40))
def test_a_cliques_least_and_most_are_exact(seed):
    rng = random.Random(seed)
    masks = random_masks(rng, rng.randint(1, 4))
    if rng.random() < 0.2:
        masks = [masks[0]] * len(masks)         # cells alike take the fast way
    fillings = [sum(f) for f in product(*map(digits, masks)) if len(set(f)) == len(f)]
    for most in (False, True):
        found = ns.least_of(masks, SIZE, most)
        assert ns.least(masks, SIZE, most) == found == ns.least(masks, SIZE, most)     # remembered alike
        if not fillings:
            assert found is None
            continue
        assert found is not None and found[0] == (max(fillings) if most else min(fillings))
        assert found[1].bit_count() == len(masks) and sum(cw.digits_of(found[1])) == found[0]


def test_cliques_take_the_house_with_most_cells_first_and_never_a_cell_twice():
    houses = {0: {0}, 1: {0, 1}, 2: {0, 1}, 3: {1}, 4: set()}
    assert ns.cliques([0, 1, 2, 3, 4], houses.__getitem__) == [[0, 1, 2], [3], [4]]
    assert ns.cliques([1, 2, 1], houses.__getitem__) == [[0, 1], [2]]


def brute(cells, masks, places, apart, fits):
    """The digits of each place that some filling within masks keeping fits uses (cells apart differ)."""
    seen = [0] * len(places)
    for filling in product(*[digits(m) for m in masks]):
        value = dict(zip(places, filling))
        if any(value[a] == value[c] for a, c in apart):
            continue
        if fits(value):
            for k, d in enumerate(filling):
                seen[k] |= 1 << (d - 1)
    return seen


def random_houses(rng, cells):
    house = {c: {h for h in range(4) if rng.random() < 0.4} for c in cells}
    apart = [(a, c) for i, a in enumerate(cells) for c in cells[i + 1:] if house[a] & house[c]]
    return house, apart


@pytest.mark.parametrize("seed", range(50))
def test_a_sum_rule_keeps_every_digit_of_a_filling(seed):
    rng = random.Random(500 + seed)
    cells = rng.sample(range(20), rng.randint(2, 6))
    house, apart = random_houses(rng, cells)
    if rng.random() < 0.5:
        totals = {rng.randint(len(cells), SIZE * len(cells) // 2 + 3) for _ in range(rng.randint(1, 2))}
        rule = ns.sum_bounds_rule(cells, SIZE, "lk", house.__getitem__, totals=totals)

        def fits(value):
            return sum(value[c] for c in cells) in totals
    else:
        circle, shaft = cells[:rng.randint(1, 2)], cells[2:] or cells[1:]
        shaft = [c for c in shaft if c not in circle] or [cells[-1]]
        rule = ns.sum_bounds_rule(shaft, SIZE, "ar", house.__getitem__, circle=circle)

        def fits(value):
            return sum(value[c] for c in shaft) == int("".join(str(value[c]) for c in circle))
    masks = random_masks(rng, len(rule.cells))
    found = rule.revise(list(masks))
    truth = brute(cells, masks, rule.cells, [p for p in apart if set(p) <= set(rule.cells)], fits)
    for k, (got, true) in enumerate(zip(found, truth)):
        assert got & true == true, f"place {k}: a digit of a filling was taken away"
        assert got & ~masks[k] == 0, f"place {k}: a digit came back"


def test_a_long_shaft_whose_houses_need_its_whole_total_keeps_only_the_least_digits():
    # 8 cells in one house, 4 in another: at least 36 + 10 = 46; a total of 46 leaves 1-8 and 1-4
    house = {c: {0} if c < 8 else {1} for c in range(12)}
    rule = ns.sum_bounds_rule(list(range(12)), 9, "ar", house.__getitem__, totals={46})
    found = rule.revise([(1 << 9) - 1] * 12)
    assert found == [cw.mask_of(range(1, 9))] * 8 + [cw.mask_of(range(1, 5))] * 4
    # an arrow's two-cell circle reads at most 98 with different digits; its shaft's houses hold at
    # least 36 + 36 + 21 + 3 + 1 + 1 = 98: the circle reads 98, the six cells of a house hold 1-6
    house = {c: {0} if c < 8 else {1} if c < 16 else {2} if c < 22 else {3} if c < 24 else {c} for c in range(26)}
    house[30] = house[31] = {99}
    rule = ns.sum_bounds_rule(list(range(26)), 9, "ar", house.__getitem__, circle=[30, 31])
    found = rule.revise([(1 << 9) - 1] * 28)
    assert found[:2] == [cw.mask_of([9]), cw.mask_of([8])]
    assert found[2 + 16:2 + 22] == [cw.mask_of(range(1, 7))] * 6 and found[-1] == 1


def four_by_four_grids():
    """Every filled 4×4 sudoku (288), row by row."""
    rows = [p for p in product(range(1, 5), repeat=4) if len(set(p)) == 4]

    def grow(grid):
        if len(grid) == 16:
            yield tuple(grid)
            return
        r = len(grid) // 4
        for row in rows:
            if all(row[k] != grid[q * 4 + k] for q in range(r) for k in range(4)) and \
                    (r % 2 == 0 or all({row[j], row[j + 1]} & {grid[-4 + j], grid[-3 + j]} == set() for j in (0, 2))):
                yield from grow(grid + list(row))

    yield from grow([])


GRIDS = list(four_by_four_grids())
assert len(GRIDS) == 288
HOUSES = ([(f"row {r + 1}", tuple(range(r * 4, r * 4 + 4))) for r in range(4)]
          + [(f"column {c + 1}", tuple(range(c, 16, 4))) for c in range(4)]
          + [(f"box {b + 1}", tuple((b // 2 * 2 + i) * 4 + b % 2 * 2 + j for i in (0, 1) for j in (0, 1)))
             for b in range(4)])


def house_numbers(cell):
    return {k for k, (_, cells) in enumerate(HOUSES) if cell in cells}


@pytest.mark.parametrize("seed", range(12))
def test_innies_and_outies_keep_every_digit_of_a_grid_that_keeps_the_cages(seed):
    rng = random.Random(900 + seed)
    solution = rng.choice(GRIDS)
    cages, free = [], list(range(16))
    rng.shuffle(free)
    while free:                                  # random cages of 1 to 3 orthogonal neighbours
        cage = [free.pop()]
        for _ in range(rng.randint(0, 2)):
            near = [c for c in free if any(abs(c // 4 - x // 4) + abs(c % 4 - x % 4) == 1 for x in cage)]
            if near:
                cage.append(near[0])
                free.remove(near[0])
        if rng.random() < 0.8:
            cages.append((f"cage at {cage[0]}", tuple(cage), sum(solution[c] for c in cage)))
    keeping = [g for g in GRIDS if all(sum(g[c] for c in cells) == total for _, cells, total in cages)]
    rules = ns.house_sum_rules(4, HOUSES, cages, house_numbers,
                               lambda a, c: bool(house_numbers(a) & house_numbers(c)))
    assert rules, "a cage inside a house or a band gives an innie"
    for rule in rules:
        found = rule.revise([15] * len(rule.cells))
        for g in keeping:
            assert all(m >> (g[c] - 1) & 1 for c, m in zip(rule.cells, found)), rule.words


def test_an_innie_says_which_house_and_cages_and_what_its_cells_add_up_to():
    cages = [("cage 3 at r1c1", (0, 1), 3)]
    rules = ns.house_sum_rules(4, HOUSES, cages, house_numbers, lambda a, c: bool(house_numbers(a) & house_numbers(c)))
    words = {rule.words for rule in rules if rule.cells == (2, 3)}
    assert words == {"row 1 holds 10 in all and its cages inside (cage 3 at r1c1) hold 3, so r1c3 and r1c4 add up to 7"}
    rule = next(rule for rule in rules if rule.cells == (2, 3))
    assert rule.revise([15, 15]) == [cw.mask_of([3, 4])] * 2


def test_a_long_arrow_narrows_its_circle_in_its_own_words(monkeypatch):
    from webapp.models import constraint_cover, constraints, sudoku, variants
    monkeypatch.setattr(constraint_cover, "MOST_TUPLES", 0)      # its sums as a chain, as a long shaft's are
    constraint_cover.model.cache_clear()
    rules = variants.rules_for(2)
    setup = constraints.setup_for(rules, [{"kind": "arrow", "circle": [[3, 3]], "cells": [[0, 0], [0, 1]]}], [])
    model = constraint_cover.puzzle_model(sudoku.parse("." * 16), setup)
    constraint_cover.model.cache_clear()
    # the shaft's two cells share row 1: at least 1 + 2, so the circle holds 3 or 4 (no trial needed)
    assert "r4c4 needs a 3 or a 4 (the arrow from r4c4)" in model.phrases["need"]
