"""An independent checker for constraints: a filled grid against each constraint, directly.

It shares no code with the exact cover encodings (webapp/models/constraint_cover.py) nor with the
reading of constraints: it takes the normal form as JSON (docs/api.md, cells [row, column] from 0)
and writes each rule out again from its definition.

    cells        a filled grid as a flat sequence of N² digits (1..N), row by row.
    constraints  the normal form, a list of dicts.
    negative     names: "kropki-white", "kropki-black", "xv".
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt


def broken_constraints(cells: Sequence[int], constraints: Sequence[dict], negative: Sequence[str] = ()) -> list[str]:
    """Every constraint the grid breaks, in words; empty when it keeps them all."""
    size = isqrt(len(cells))

    def at(pair) -> int:
        return cells[pair[0] * size + pair[1]]

    broken = []
    for k, c in enumerate(constraints):
        kind = c["kind"]
        values = [at(p) for p in c.get("cells", [])]
        ok = True
        if kind == "killer":
            ok = len(set(values)) == len(values) and (c["sum"] is None or sum(values) == c["sum"])
        elif kind == "thermo":
            ok = all(a < b for a, b in zip(values, values[1:]))
        elif kind == "arrow":
            circle = int("".join(str(at(p)) for p in sorted(c["circle"])))     # read in reading order
            ok = sum(values) == circle
        elif kind == "kropki-white":
            ok = abs(values[0] - values[1]) == 1
        elif kind == "kropki-black":
            ok = values[0] == 2 * values[1] or values[1] == 2 * values[0]
        elif kind == "xv":
            ok = values[0] + values[1] == (10 if c["value"] == "X" else 5)
        elif kind == "even":
            ok = values[0] % 2 == 0
        elif kind == "odd":
            ok = values[0] % 2 == 1
        elif kind == "whispers":
            ok = all(abs(a - b) >= (size + 1) // 2 for a, b in zip(values, values[1:]))
        elif kind == "palindrome":
            ok = values == values[::-1]
        elif kind == "renban":
            ok = len(set(values)) == len(values) and max(values) - min(values) == len(values) - 1
        elif kind in ("extra-region", "diagonal"):
            ok = len(set(values)) == len(values)
        elif kind == "quadruple":
            ok = all(values.count(d) >= c["digits"].count(d) for d in c["digits"])
        elif kind == "sandwich":
            line = ([cells[c["index"] * size + j] for j in range(size)] if c["side"] == "row"
                    else [cells[i * size + c["index"]] for i in range(size)])
            a, b = sorted((line.index(1), line.index(size)))
            ok = sum(line[a + 1:b]) == c["sum"]
        elif kind == "little-killer":
            ok = sum(values) == c["sum"]
        else:
            broken.append(f"constraint {k + 1}: unknown kind {kind!r}")
            continue
        if not ok:
            broken.append(f"constraint {k + 1} ({kind} at {c.get('cells', [c.get('index')])[0]}) is broken")
    marked: dict[str, set] = {"kropki": set(), "xv": set()}
    for c in constraints:
        if c["kind"] in ("kropki-white", "kropki-black", "xv"):
            one, two = (tuple(p) for p in c["cells"])
            marked["xv" if c["kind"] == "xv" else "kropki"].update({(one, two), (two, one)})
    for name in negative:
        family = "xv" if name == "xv" else "kropki"
        for r in range(size):
            for col in range(size):
                for r2, c2 in ((r, col + 1), (r + 1, col)):
                    if r2 >= size or c2 >= size or ((r, col), (r2, c2)) in marked[family]:
                        continue
                    x, y = cells[r * size + col], cells[r2 * size + c2]
                    bad = (abs(x - y) == 1 if name == "kropki-white" else
                           x == 2 * y or y == 2 * x if name == "kropki-black" else x + y in (5, 10))
                    if bad:
                        broken.append(f"r{r + 1}c{col + 1} and r{r2 + 1}c{c2 + 1} ({x}, {y}) break the negative "
                                      f"{name} rule")
    return broken


def is_solution(puzzle: Sequence[int], candidate: Sequence[int], constraints: Sequence[dict],
                negative: Sequence[str] = ()) -> bool:
    """Whether candidate keeps puzzle's givens and every constraint (the houses are variant_check's)."""
    if len(puzzle) != len(candidate) or any(g and g != v for g, v in zip(puzzle, candidate)):
        return False
    return not broken_constraints(candidate, constraints, negative)
