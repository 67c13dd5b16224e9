"""How big the search is under each encoding of the constraints (webapp/models/constraint_cover.py).

For every published constraint puzzle (webapp/puzzles/constraints/published.json) and every encoding,
solve it asking for two solutions (so uniqueness is proved) within a step budget, and print the
nodes, steps, options, the search's seconds and whether it finished; then, per alternative, the
ratio alternative/ours of nodes and of steps over the puzzles both finished (above 1: ours is smaller).

Encodings compared, each against the one the app uses ("ours"):
    cage-orders    a killer cage or renban line as one option per ORDER of its digits (every
                   permutation of every set), instead of one option per set of digits.
    no-ways        no option per way to fill a thermometer or an arrow (only its relations and sums so far).
    no-narrowing   no narrowing of each cell's digits before the search by the relations it is in
                   (only its own limits: even, odd, its place on a thermometer).

    python bench/constraints.py [--max-steps N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from contextlib import contextmanager
from itertools import permutations
from pathlib import Path

from webapp.models import constraint_cover, constraints, fpuzzles, variants

PUBLISHED = Path(__file__).resolve().parents[1] / "webapp" / "puzzles" / "constraints" / "published.json"


@contextmanager
def encoding(name: str):
    """The model built another way while inside (the model cache cleared on the way in and out)."""
    saved = {key: getattr(constraint_cover, key) for key in ("add_set", "MOST_TUPLES", "add_allowed")}
    if name == "cage-orders":
        def add_set(b, words, stem, cells, sets, target):
            orders = [order for chosen in sets for order in permutations(chosen)]
            empty = constraint_cover.say("constraint.set.empty", name=words, target=target)
            constraint_cover.add_tuples(b, words, stem, cells, orders, empty, "constraint.set.label")
        constraint_cover.add_set = add_set
    elif name == "no-ways":
        constraint_cover.MOST_TUPLES = 0
    elif name == "no-narrowing":
        def add_allowed(b, allowed):
            relations, b.relations = b.relations, []
            saved["add_allowed"](b, allowed)
            b.relations = relations
        constraint_cover.add_allowed = add_allowed
    constraint_cover.model.cache_clear()
    try:
        yield
    finally:
        for key, value in saved.items():
            setattr(constraint_cover, key, value)
        constraint_cover.model.cache_clear()


def measure(entry: dict, max_steps: int) -> dict:
    imported = fpuzzles.read_link(entry["fpuzzles"])
    grid, rules = variants.read(imported.puzzle, imported.variants, imported.regions)
    setup = constraints.Setup(rules, tuple(imported.constraints), tuple(imported.negative))
    problem = constraint_cover.model(setup).problem
    solved = constraint_cover.solve(grid, setup, max_solutions=2, max_steps=max_steps)
    outcome = solved.outcome
    right = [("".join(map(str, g.cells)) == entry["solution"]) for g in solved.grids]
    if not all(right):
        raise SystemExit(f"{entry['id']}: a wrong solution")
    return {"finished": outcome.complete, "nodes": outcome.stats.nodes, "steps": outcome.stats.steps,
            "seconds": outcome.stats.seconds, "options": len(problem.options)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-steps", type=int, default=2_000_000)
    args = parser.parse_args()
    puzzles = json.loads(PUBLISHED.read_text())
    names = ["ours", "cage-orders", "no-ways", "no-narrowing"]
    print(f"# load average {os.getloadavg()[0]:.1f}; step budget {args.max_steps:,}; two solutions asked for")
    found: dict[str, dict[str, dict]] = {}
    start = time.perf_counter()
    for name in names:
        with encoding(name):
            found[name] = {e["id"]: measure(e, args.max_steps) for e in puzzles}
    print(f"{'puzzle':20} " + " ".join(f"{n:>28}" for n in names))
    for e in puzzles:
        cells = []
        for n in names:
            m = found[n][e["id"]]
            mark = "" if m["finished"] else "+"
            cells.append(f"{m['nodes']:>10,}{mark:1} {m['steps']:>11,} {m['options']:>5}")
        print(f"{e['id']:20} " + " ".join(f"{c:>28}" for c in cells))
    print("(nodes, steps, options; + : stopped at the budget)")
    for n in names[1:]:
        both = [i for i in found["ours"] if found["ours"][i]["finished"] and found[n][i]["finished"]]
        differ = [i for i in both if found[n][i]["steps"] != found["ours"][i]["steps"]]
        if not differ:
            print(f"{n}: the same search as ours on every puzzle both finished ({len(both)})")
            continue
        nodes = statistics.geometric_mean([found[n][i]["nodes"] / found["ours"][i]["nodes"] for i in differ])
        steps = statistics.geometric_mean([found[n][i]["steps"] / found["ours"][i]["steps"] for i in differ])
        lost = [i for i in found["ours"] if found["ours"][i]["finished"] and not found[n][i]["finished"]]
        print(f"{n}/ours over the {len(differ)} puzzles whose search differs: nodes ×{nodes:.2f}, steps ×{steps:.2f} "
              f"(geometric mean); finished by ours only: {', '.join(lost) or 'none'}")
    print(f"# {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
