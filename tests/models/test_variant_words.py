"""A variant's explanations: ruled-out options through a pair rule, said from the ruled option's cell,
and how ties go among its item families; each sentence checked against the cells' own geometry."""

from __future__ import annotations

import re

import pytest

from tests.models.test_variants import REGIONS, variant_log
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import variants

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
PAIR_SENTENCE = re.compile(
    r"^(\w+) in r(\d+)c(\d+): ruled out by the (?:given|choice) (\w+) in r(\d+)c(\d+)(?: at level \d+)? "
    r"\(r(\d+)c(\d+) (is a knight's move from|touches|is next to) the (\w+) in r(\d+)c(\d+)"
    r"(?: diagonally|: (\w+) and (\w+) are consecutive)?\)$")


def steps_of(log: dict, kind: int) -> list[int]:
    return [i + 1 for i, code in enumerate(log["events"]) if code & ec.KIND_MASK == kind]


@pytest.mark.parametrize(("puzzle", "rule", "max_steps"), [
    ("." * 81, "anti-knight", 3000),
    ("." * 81, "anti-king", 1500),
    ("." * 16, "non-consecutive", None),
])
def test_a_pair_rule_is_said_from_the_ruled_cell_and_is_true(puzzle, rule, max_steps):
    log = variant_log(puzzle, [rule], max_steps=max_steps)
    found = 0
    for step in steps_of(log, ec.DEAD_END):
        for text in steplog.explain_step(log, step):
            m = PAIR_SENTENCE.match(text)
            if not m:
                assert " may not " not in text, text       # the pair items' symmetric phrase is not used
                continue
            found += 1
            digit, r, c, ruler_digit, rr, rc, cell_r, cell_c, verb, said_digit, other_r, other_c, low, high = m.groups()
            assert (cell_r, cell_c, other_r, other_c, said_digit) == (r, c, rr, rc, ruler_digit), text
            dr, dc = abs(int(r) - int(rr)), abs(int(c) - int(rc))
            if rule == "anti-knight":
                assert verb == "is a knight's move from" and {dr, dc} == {1, 2} and digit == ruler_digit, text
            elif rule == "anti-king":
                assert verb == "touches" and dr == dc == 1 and digit == ruler_digit, text
            else:
                assert verb == "is next to" and dr + dc == 1, text
                assert abs(SYMBOLS.index(digit) - SYMBOLS.index(ruler_digit)) == 1, text
                assert [low, high] == sorted([digit, ruler_digit], key=SYMBOLS.index), text
    assert found, f"{rule}: some option was ruled out by the rule"


def test_the_pair_words_name_the_rule_of_the_item_not_of_its_neighbours():
    """Anti-knight and non-consecutive at once: each pair item speaks its own rule."""
    log = variant_log("." * 81, ["anti-knight", "non-consecutive"], max_steps=3000)
    said = [text for step in steps_of(log, ec.DEAD_END) for text in steplog.explain_step(log, step)]
    verbs = {m.group(9) for m in map(PAIR_SENTENCE.match, said) if m}
    assert verbs == {"is a knight's move from", "is next to"}


@pytest.mark.parametrize(("names", "regions", "units"), [
    ([], None, "rows, columns, boxes"),
    (["x"], None, "rows, columns, boxes, diagonals"),
    (["windoku", "anti-king"], None, "rows, columns, boxes, windows"),
    (["x", "windoku"], "jigsaw", "rows, columns, regions, diagonals, windows"),
])
def test_ties_go_by_the_item_families_in_their_real_order(names, regions, units):
    log = variant_log("." * 81, names, REGIONS if regions else None, limit=1, max_steps=400)
    said = [text for step in steps_of(log, ec.CHOOSE) for text in steplog.explain_step(log, step)]
    tie = f" Ties go to the item that comes first in the item list (cells, then {units})."
    assert any(text.endswith(tie) for text in said)
    # The families of the primary items, in the order the log lists them (from their names).
    family = {"r": "rows", "c": "columns", "b": "boxes", "j": "regions", "d": "diagonals", "w": "windows"}
    seen: list[str] = []
    for name in log["items"][:log["primary"]]:
        word = "cells" if "#" not in name else family[name[0]]
        if word not in seen:
            seen.append(word)
    assert ", ".join(seen) == "cells, " + units


def test_the_item_numbering_is_the_one_docs_step_log_md_gives():
    n, N = 3, 9
    rules = variants.rules_for(n, ["x", "windoku", "anti-knight", "anti-king", "non-consecutive"], REGIONS)
    problem = variants.model(rules).problem
    items = problem.items
    X, W = 2, (n - 1) ** 2
    assert problem.primary == 4 * N * N + X * N + W * N
    for g in range(N):
        for d in range(N):
            assert items[3 * N * N + g * N + d] == f"j{g + 1}#{d + 1}"
    for k in range(X):
        assert items[4 * N * N + k * N + 4] == f"d{k + 1}#5"
    for w in range(W):
        assert items[4 * N * N + X * N + w * N + 6] == f"w{w + 1}#7"
    pairs = items[problem.primary:]
    prefixes = [name.split(".")[0] for name in pairs]
    assert prefixes == sorted(prefixes, key=["kn", "kg", "nc"].index)      # rule order
    assert pairs.count("nc.r1c1.r1c2#1") == 1 and "nc.r1c1.r1c2#9" not in pairs    # N − 1 a pair
    # A knight's move inside a region, on a diagonal or in a window has no item: the house keeps them apart.
    for name in pairs:
        if name.startswith(("kn.", "kg.")):
            a, b = name.split("#")[0].split(".")[1:]
            ra, ca = (int(x) - 1 for x in a[1:].split("c"))
            rb, cb = (int(x) - 1 for x in b[1:].split("c"))
            assert REGIONS[ra * N + ca] != REGIONS[rb * N + cb], name
    # Every option: the plain items' cell, row and column first, then the rest in item order.
    for option in problem.options:
        assert list(option) == sorted(option)
    # A 4×4 windoku has one window: the middle 2×2.
    assert [c for _, _, c in [h for h in variants.houses(variants.rules_for(2, ["windoku"])) if h[0] == "window"]] \
        == [(5, 6, 9, 10)]
