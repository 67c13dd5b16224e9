"""Constraints as exact cover (webapp/models/constraint_cover.py), checked against brute force and the
independent checker (webapp/models/constraint_check.py).

The brute force: every solution of the givens under the variants alone, kept when the independent
checker passes it. The constraints' model must find exactly those grids, each once.
"""

from __future__ import annotations

import random

import pytest

from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import constraint_check, constraint_cover, constraints, sudoku, variant_check, variants

# The solution of Wikipedia's killer example: every constraint drawn from it holds.
SOLUTION = [int(ch) for ch in
            "215647398368952174794381652586274931142593867973816425821739546659428713437165289"]
SIZE = 9
KINGS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
SIDES = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def value(rc):
    return SOLUTION[rc[0] * SIZE + rc[1]]


def walk(rng, length, steps=KINGS):
    """A random line of distinct cells, each touching the last."""
    line = [[rng.randrange(SIZE), rng.randrange(SIZE)]]
    while len(line) < length:
        options = [[line[-1][0] + dr, line[-1][1] + dc] for dr, dc in steps]
        options = [p for p in options if 0 <= p[0] < SIZE and 0 <= p[1] < SIZE and p not in line]
        if not options:
            break
        line.append(rng.choice(options))
    return line


def true_constraint(rng, kind):
    """A constraint of this kind that SOLUTION keeps (None when the draw found none)."""
    if kind == "killer":
        cells = walk(rng, rng.randint(2, 4), SIDES)
        values = [value(p) for p in cells]
        if len(set(values)) < len(values):
            return None
        return {"kind": kind, "cells": cells, "sum": rng.choice([sum(values), sum(values), None])}
    if kind == "thermo":
        cells = walk(rng, rng.randint(2, 4))
        values = [value(p) for p in cells]
        if values == sorted(values, reverse=True):
            cells.reverse()
        return {"kind": kind, "cells": cells} if [value(p) for p in cells] == sorted(set(values)) else None
    if kind == "arrow":
        cells = walk(rng, rng.randint(2, 4))
        circle, shaft = cells[0], cells[1:]
        return {"kind": kind, "circle": [circle], "cells": shaft} if value(circle) == sum(map(value, shaft)) else None
    if kind in ("kropki-white", "kropki-black", "xv"):
        a, b = walk(rng, 2, SIDES)
        x, y = value(a), value(b)
        if kind == "kropki-white" and abs(x - y) == 1 or kind == "kropki-black" and (x == 2 * y or y == 2 * x):
            return {"kind": kind, "cells": [a, b]}
        if kind == "xv" and x + y in (5, 10):
            return {"kind": kind, "cells": [a, b], "value": "X" if x + y == 10 else "V"}
        return None
    if kind in ("even", "odd"):
        cell = walk(rng, 1)
        return {"kind": "even" if value(cell[0]) % 2 == 0 else "odd", "cells": cell}
    if kind == "whispers":
        cells = walk(rng, rng.randint(2, 3))
        values = [value(p) for p in cells]
        return {"kind": kind, "cells": cells} if all(abs(a - b) >= 5 for a, b in zip(values, values[1:])) else None
    if kind == "palindrome":
        cells = walk(rng, 3)
        return {"kind": kind, "cells": cells} if len(cells) == 3 and value(cells[0]) == value(cells[2]) else None
    if kind == "renban":
        cells = walk(rng, rng.randint(2, 4))
        values = [value(p) for p in cells]
        ok = len(set(values)) == len(values) and max(values) - min(values) == len(values) - 1
        return {"kind": kind, "cells": cells} if ok else None
    if kind == "extra-region":
        cells = []
        while len(cells) < 4:
            p = [rng.randrange(SIZE), rng.randrange(SIZE)]
            if p not in cells and value(p) not in [value(q) for q in cells]:
                cells.append(p)
        return {"kind": kind, "cells": cells}
    if kind == "quadruple":
        r, c = rng.randrange(SIZE - 1), rng.randrange(SIZE - 1)
        cells = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]]
        return {"kind": kind, "cells": cells, "digits": sorted(rng.sample([value(p) for p in cells], rng.randint(1, 3)))}
    if kind == "sandwich":
        side, index = rng.choice(["row", "column"]), rng.randrange(SIZE)
        line = [[index, j] if side == "row" else [j, index] for j in range(SIZE)]
        values = [value(p) for p in line]
        a, b = sorted((values.index(1), values.index(9)))
        return {"kind": kind, "side": side, "index": index, "sum": sum(values[a + 1:b])}
    if kind == "little-killer":
        start = rng.randrange(1, SIZE - 1)
        cells = [[k, start + k] for k in range(SIZE - start)]
        return {"kind": kind, "clue": [-1, start - 1], "cells": cells, "sum": sum(map(value, cells))}
    raise ValueError(kind)


ALL_KINDS = ["killer", "thermo", "arrow", "kropki-white", "kropki-black", "xv", "even", "whispers", "palindrome",
             "renban", "extra-region", "quadruple", "sandwich", "little-killer"]


def draw(rng, kind):
    for _ in range(500):
        found = true_constraint(rng, kind)
        if found is not None:
            return found
    raise AssertionError(f"no {kind} found")


def brute_force(grid, rules, json_constraints, negative):
    """Every solution of the givens under the variants, kept when the independent checker passes it."""
    solved = variants.solve(grid, rules, max_solutions=None, max_steps=20_000_000)
    assert solved.outcome.complete
    return sorted(g.cells for g in solved.grids
                  if constraint_check.is_solution(grid.cells, g.cells, json_constraints, negative))


def solve_all(grid, setup):
    solved = constraint_cover.solve(grid, setup, max_solutions=None, max_steps=20_000_000)
    assert solved.outcome.complete
    return [g.cells for g in solved.grids]


def case(seed, kinds, givens=36, names=(), negative=()):
    rng = random.Random(seed)
    drawn = [draw(rng, kind) for kind in kinds]
    keep = set(rng.sample(range(SIZE * SIZE), givens))
    puzzle = "".join(str(d) if i in keep else "." for i, d in enumerate(SOLUTION))
    grid = sudoku.parse(puzzle, check=False)
    rules = variants.rules_for(3, names)
    setup = constraints.setup_for(rules, drawn, list(negative))
    return grid, rules, setup, drawn


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_each_kind_finds_exactly_the_grids_brute_force_keeps(kind):
    for seed in range(2):
        grid, rules, setup, drawn = case(seed * 100 + ALL_KINDS.index(kind), [kind] * 3)
        found = solve_all(grid, setup)
        assert len(found) == len(set(found)), "a grid was found twice"
        assert sorted(found) == brute_force(grid, rules, setup.about()["constraints"], [])
        assert tuple(SOLUTION) in found


def test_kinds_mixed_and_with_variants_and_negatives_find_exactly_the_brute_force_grids():
    rng = random.Random(7)
    tried = 0
    for seed in range(40):
        if tried == 4:
            break
        kinds = rng.sample(ALL_KINDS, 4)
        names = rng.choice([(), ("anti-king",), ("x",), ("non-consecutive",)])
        negative = rng.choice([(), (), ("kropki-black",), ("xv",)])
        grid, rules, setup, _ = case(1000 + seed, kinds, givens=32, names=names, negative=negative)
        try:
            variants.check_givens(grid, rules)
        except variants.VariantError:       # the variant's own tests cover givens that break it
            continue
        try:
            constraint_cover.check_givens(grid, setup)
        except variants.VariantError:       # the givens break a rule: brute force finds nothing either
            assert brute_force(grid, rules, setup.about()["constraints"], list(setup.negative)) == []
            continue
        found = solve_all(grid, setup)
        assert len(found) == len(set(found))
        assert sorted(found) == brute_force(grid, rules, setup.about()["constraints"], list(setup.negative)), \
            (kinds, names, negative)
        tried += 1
    assert tried == 4


def test_a_negative_white_dot_rule_with_every_dot_of_the_solution_keeps_it():
    dots = []
    for r in range(SIZE):
        for c in range(SIZE):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < SIZE and c2 < SIZE and abs(value([r, c]) - value([r2, c2])) == 1:
                    dots.append({"kind": "kropki-white", "cells": [[r, c], [r2, c2]]})
    grid = sudoku.parse("".join(str(d) if i % 3 == 0 else "." for i, d in enumerate(SOLUTION)), check=False)
    rules = variants.rules_for(3)
    setup = constraints.setup_for(rules, dots, ["kropki-white"])
    found = solve_all(grid, setup)
    assert tuple(SOLUTION) in found
    for cells in found:
        assert constraint_check.is_solution(grid.cells, cells, setup.about()["constraints"], ["kropki-white"])
        assert variant_check.is_solution(grid.cells, cells)
    # Without the negative rule the dots alone allow more grids: the rule is not idle.
    assert len(solve_all(grid, constraints.setup_for(rules, dots, []))) > len(found)


def test_a_cage_takes_one_option_per_set_of_digits_not_per_order():
    rules = variants.rules_for(3)
    setup = constraints.setup_for(rules, [{"kind": "killer", "cells": [[0, 0], [0, 1], [1, 0]], "sum": 10}])
    problem = constraint_cover.model(setup).problem
    base = variants.model(rules).problem
    # 1+2+7, 1+3+6, 1+4+5, 2+3+5: four sets (24 orders)
    assert len(problem.options) - len(base.options) == 4


def test_the_dead_ends_are_said_in_the_constraints_words():
    puzzle = "." * 81
    grid = sudoku.parse(puzzle)
    setup = constraints.setup_for(variants.rules_for(3), [
        {"kind": "killer", "cells": [[3, 1], [3, 2]], "sum": 14},
        {"kind": "thermo", "cells": [[8, 3], [7, 2], [6, 1]]}])
    found = constraint_cover.model(setup)
    assert "cage 14 at r4c2 cannot reach 14 with the digits left" in found.phrases["empty"]
    assert any(h == "the thermometer from r9c4: a 5 in r8c3 needs a digit from 1 to 4 in r9c4"
               for h in found.phrases["held"])
    assert "cage 14 at r4c2 takes 5 and 9" in found.phrases["labels"]
    recording = ec.Recording()
    solved = constraint_cover.solve(grid, setup, recording=recording, max_solutions=1)
    log = steplog.build(found.problem, found.phrases, [], recording, solved.outcome,
                        constraint_cover.about(grid, setup))
    assert log["problem"]["constraints"][0] == {"kind": "killer", "cells": [[3, 1], [3, 2]], "sum": 14}
    assert variant_check.is_solution(grid.cells, solved.grids[0].cells)


def test_givens_that_break_a_constraint_are_named():
    rules = variants.rules_for(3)
    setup = constraints.setup_for(rules, [{"kind": "kropki-white", "cells": [[0, 0], [0, 1]]}])
    grid = sudoku.parse("15" + "." * 79)
    with pytest.raises(variants.VariantError) as caught:
        constraint_cover.check_givens(grid, setup)
    assert caught.value.field == "puzzle" and caught.value.cells == (0, 1)
    assert "the white dot between r1c1 and r1c2" in caught.value.message


@pytest.mark.parametrize(("item", "wrong"), [
    ({"kind": "thermo", "cells": [[0, 0], [2, 2]]}, "r1c1 and r3c3 are not neighbours"),
    ({"kind": "kropki-white", "cells": [[0, 0], [1, 1]]}, "r1c1 and r2c2 are not neighbours"),
    ({"kind": "killer", "cells": [[0, 0], [0, 0]], "sum": 3}, "r1c1 is listed twice"),
    ({"kind": "killer", "cells": [[0, 9]], "sum": 3}, "outside the 9×9 grid"),
    ({"kind": "cage"}, "'cage' is not a kind of constraint"),
    ({"kind": "xv", "cells": [[0, 0], [0, 1]], "value": "Y"}, "\"value\" must be \"X\" or \"V\""),
    ({"kind": "sandwich", "side": "row", "index": 9, "sum": 3}, "\"index\" must be a whole number from 0 to 8"),
])
def test_a_constraint_not_well_formed_is_named_with_its_index(item, wrong):
    with pytest.raises(constraints.ConstraintError) as caught:
        constraints.read_constraints([{"kind": "even", "cells": [[0, 0]]}, item], 9)
    assert caught.value.index == 1 and wrong in caught.value.message
    assert caught.value.message.startswith("constraint 2")


def test_the_normal_form_reads_back_to_itself():
    rng = random.Random(3)
    drawn = [draw(rng, kind) for kind in ALL_KINDS] + [{"kind": "diagonal", "direction": "+",
                                                          "cells": [[8 - k, k] for k in range(9)]}]
    read = constraints.read_constraints(drawn, 9)
    again = [c.as_json(9) for c in read]
    assert constraints.read_constraints(again, 9) == read
    for mine, theirs in zip(again, drawn):
        assert mine == {**theirs, **({"digits": sorted(theirs["digits"])} if "digits" in theirs else {})}


def test_constraints_past_the_size_the_server_builds_are_refused_naming_the_one_that_passed_it(monkeypatch):
    monkeypatch.setattr(constraint_cover, "MOST_ENTRIES", 100)
    cage = {"kind": "killer", "cells": [[0, 0], [0, 1], [1, 0]], "sum": None}     # 84 sets, 7 items each
    with pytest.raises(constraints.ConstraintError) as caught:
        constraint_cover.model(constraints.setup_for(variants.rules_for(3), [cage]))
    assert caught.value.index == 0
    assert caught.value.message.startswith("constraint 1 (a killer): together with the constraints before it")


def test_an_arrow_whose_ways_take_too_long_to_list_is_a_chain_of_sums(monkeypatch):
    """A long shaft has few ways but a vast search for them: the search for them stops at MOST_TRIES."""
    monkeypatch.setattr(constraint_cover, "MOST_TUPLES", 10 ** 9)
    arrow = constraints.Constraint("arrow", cells=tuple(range(2, 40)), circle=(0, 1))
    assert constraint_cover.arrow_ways(arrow, 9, lambda a, b: False) is None
    monkeypatch.setattr(constraint_cover, "MOST_TRIES", 10 ** 9)
    short = constraints.Constraint("arrow", cells=(2, 3), circle=(0,))
    assert len(constraint_cover.arrow_ways(short, 9, lambda a, b: False)) == sum(d - 1 for d in range(2, 10))
