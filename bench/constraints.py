"""How big the search is under each encoding of the constraints (webapp/models/constraint_cover.py).

For every published constraint puzzle (webapp/puzzles/constraints/published.json, and the files given
with --links: one f-puzzles link a line, or a JSON list with "fpuzzles" fields) first the model the app
uses: the seconds to build it (narrowing included), then nodes, steps and seconds to the first solution
and to the proof of uniqueness (two solutions asked for) within the page's step budget; then, for every
encoding, the nodes, steps and options of the proof, and per alternative the ratio alternative/ours
of nodes and of steps over the puzzles both finished (above 1: ours is smaller).

Encodings compared, each against the one the app uses ("ours"):
    cage-orders    a killer cage or renban line as one option per ORDER of its digits (every
                   permutation of every set), instead of one option per set of digits.
    no-ways        no option per way to fill a thermometer or an arrow (only its relations and sums so far).
    no-trials      the narrowing before the search without its trials (no singleton consistency): each
                   rule to a fixpoint only.
    setup-only     the narrowing from the setup alone, not from the givens.
    relations-only the narrowing as it was before the rules (constraint_ways): arc consistency over the
                   two-cell relations, from the setup alone, no trials.
    exact-counts   the options of the digits the narrowing took away leave the search before it starts
                   (one more option, placed with the givens, covers a secondary item each of them
                   covers), so every item's count of options, which the fewest-options choice reads,
                   is its count of live options. Ours keeps them: each fails at once on its cell's
                   allowed item, but a cell's, a house's or a constraint's count still includes them.

With --hints K, each puzzle of the --links files that has its solution is also measured as --seeds copies with K
more givens taken from its solution (seeded: the same cells every run): a puzzle whose search is
beyond the budget then still shows, on the copies that finish, how much an encoding shrinks it.

    python bench/constraints.py [--max-steps N] [--links FILE ...] [--only ours] [--hints K [--seeds S]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from contextlib import contextmanager
from itertools import permutations
from pathlib import Path

from webapp.models import constraint_check, constraint_cover, constraints, fpuzzles, variants

PUBLISHED = Path(__file__).resolve().parents[1] / "webapp" / "puzzles" / "constraints" / "published.json"


@contextmanager
def encoding(name: str):
    """The model built another way while inside (the model cache cleared on the way in and out)."""
    saved = {key: getattr(constraint_cover, key)
             for key in ("add_set", "MOST_TUPLES", "MOST_NARROWING", "puzzle_model", "Builder", "add_allowed",
                         "solve")}
    if name == "cage-orders":
        def add_set(b, words, stem, cells, sets, target):
            orders = [order for chosen in sets for order in permutations(chosen)]
            empty = constraint_cover.say("constraint.set.empty", name=words, target=target)
            constraint_cover.add_tuples(b, words, stem, cells, orders, empty, "constraint.set.label")
        constraint_cover.add_set = add_set
    elif name == "no-ways":
        constraint_cover.MOST_TUPLES = 0
    elif name == "no-trials":
        constraint_cover.MOST_NARROWING = 0
    elif name in ("setup-only", "relations-only"):
        constraint_cover.puzzle_model = lambda grid, setup: constraint_cover.model(setup, (), trials=True)
        if name == "relations-only":
            constraint_cover.MOST_NARROWING = 0

            class Builder(saved["Builder"]):      # rules kept out of the narrowing, relations in
                def __setattr__(self, key, value):
                    super().__setattr__(key, value)

                @property
                def rules(self):
                    return []

                @rules.setter
                def rules(self, value):
                    pass
            constraint_cover.Builder = Builder
    elif name == "exact-counts":
        exact_counts(saved["add_allowed"])
    constraint_cover.model.cache_clear()
    try:
        yield
    finally:
        for key, value in saved.items():
            setattr(constraint_cover, key, value)
        constraint_cover.model.cache_clear()


NARROWED = "the digits the narrowing took away"       # the label of exact-counts' one more option


def exact_counts(add_allowed) -> None:
    """exact-counts: a puzzle's model gets one more option (label NARROWED) covering a secondary item
    per digit the narrowing took away from a cell, which that digit's option covers too; the solve
    places it with the givens, so those options leave every item's list before the search."""
    def narrowed_too(b, allowed, most_work):
        add_allowed(b, allowed, most_work)
        if not most_work:           # only a puzzle's model (the checks' model stays as the app's)
            return
        keys = []
        for cell, digits in sorted(b.domain.items()):
            for d in sorted(set(range(1, b.size + 1)) - digits):
                key = b.item(False, f"out.{cell}#{d}", NARROWED, NARROWED, NARROWED)
                b.cell_covers(cell, d, key)
                keys.append((key, 0))
        if keys:
            b.option(NARROWED, keys)

    def solve(puzzle, setup, recording=None, engine=None, **limits):
        model = constraint_cover.puzzle_model(puzzle, setup)
        search = constraint_cover.ec.Search(model.problem, engine)
        for o in constraint_cover.sudoku.given_options(puzzle):
            search.select(o)
        if NARROWED in model.phrases["labels"]:
            search.select(model.phrases["labels"].index(NARROWED))
        outcome = search.run(recording=recording, **limits)
        cells = puzzle.size ** 3
        grids = [constraint_cover.sudoku.decode(puzzle.n, [o for o in found if o < cells], puzzle)
                 for found in outcome.solutions]
        return constraint_cover.sudoku.Solved(puzzle, outcome, grids)

    constraint_cover.add_allowed = narrowed_too
    constraint_cover.solve = solve


def with_hints(entries: list[dict], hints: int, seeds: int) -> list[dict]:
    """Each entry with a solution as seeds copies with hints more givens from it (id "name+Kh#seed")."""
    out = []
    for e in entries:
        if "solution" not in e:
            continue
        imported = fpuzzles.read_link(e["fpuzzles"])
        for seed in range(seeds):
            empty = [k for k, ch in enumerate(imported.puzzle) if ch == "."]
            chosen = set(random.Random(seed).sample(empty, min(hints, len(empty))))
            puzzle = "".join(e["solution"][k] if k in chosen else ch for k, ch in enumerate(imported.puzzle))
            out.append({**e, "id": f"{e['id']}+{hints}h#{seed}", "puzzle": puzzle})
    return out


def read_entries(links: list[str]) -> list[dict]:
    """The published puzzles, then those of each --links file (named by file and line)."""
    entries = json.loads(PUBLISHED.read_text())
    for name in links:
        text = Path(name).read_text()
        if text.lstrip().startswith("["):       # a JSON list: its ids and solutions too
            entries += [{"id": e.get("id", f"{Path(name).stem}:{k + 1}"), **e} for k, e in enumerate(json.loads(text))]
            continue
        found = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
        entries += [{"id": f"{Path(name).stem}:{k + 1}", "fpuzzles": link} for k, link in enumerate(found)]
    ids = [e["id"] for e in entries]
    if len(set(ids)) != len(ids):
        raise SystemExit(f"two puzzles named {sorted({i for i in ids if ids.count(i) > 1})}")
    return entries


def setup_of(entry: dict):
    imported = fpuzzles.read_link(entry["fpuzzles"])
    grid, rules = variants.read(entry.get("puzzle", imported.puzzle), imported.variants, imported.regions)
    return grid, constraints.Setup(rules, tuple(imported.constraints), tuple(imported.negative))


def measure(entry: dict, max_steps: int, first_too: bool = False) -> dict:
    grid, setup = setup_of(entry)
    constraint_cover.model.cache_clear()
    start = time.process_time()       # the processor's seconds: the machine may be shared
    problem = constraint_cover.puzzle_model(grid, setup).problem
    built = time.process_time() - start
    found = {"build": built, "options": len(problem.options)}
    for label, count in (("first", 1), ("proof", 2)) if first_too else (("proof", 2),):
        solved = constraint_cover.solve(grid, setup, max_solutions=count, max_steps=max_steps)
        outcome = solved.outcome
        about = setup.about()
        for g in solved.grids:
            if "solution" in entry and "".join(map(str, g.cells)) != entry["solution"] or \
                    not constraint_check.is_solution(grid.cells, g.cells, about["constraints"], about["negative"]):
                raise SystemExit(f"{entry['id']}: a wrong solution")
        found[label] = {"finished": outcome.complete, "unique": outcome.unique, "nodes": outcome.stats.nodes,
                        "steps": outcome.stats.steps, "seconds": outcome.stats.seconds}
    found.update(found["proof"])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-steps", type=int, default=1_000_000)
    parser.add_argument("--links", nargs="*", default=[], help="more puzzles: files of f-puzzles links")
    parser.add_argument("--only", nargs="*", default=None, help="the encodings to compare (ours first)")
    parser.add_argument("--hints", type=int, default=0, help="also each puzzle with this many more givens")
    parser.add_argument("--seeds", type=int, default=3, help="copies of each puzzle with --hints")
    args = parser.parse_args()
    puzzles = read_entries(args.links)
    if args.hints:
        puzzles += with_hints(puzzles[len(read_entries([])):], args.hints, args.seeds)
    names = args.only or ["ours", "cage-orders", "no-ways", "no-trials", "setup-only", "relations-only",
                          "exact-counts"]
    print(f"# load average {os.getloadavg()[0]:.1f}; step budget {args.max_steps:,}")
    start = time.perf_counter()
    ours = {e["id"]: measure(e, args.max_steps, first_too=True) for e in puzzles}
    print(f"{'puzzle':24} {'build cpu s':>11} {'first: nodes':>12} {'steps':>10} {'s':>5}  "
          f"{'proof: nodes':>12} {'steps':>10} {'s':>5}  finished")
    for e in puzzles:
        m = ours[e["id"]]
        first, proof = m["first"], m["proof"]
        print(f"{e['id']:24} {m['build']:11.2f} {first['nodes']:12,} {first['steps']:10,} {first['seconds']:5.2f}  "
              f"{proof['nodes']:12,} {proof['steps']:10,} {proof['seconds']:5.2f}  "
              f"{'unique' if proof['unique'] else 'yes' if proof['finished'] else 'no'}")
    done = sum(1 for m in ours.values() if m["proof"]["finished"])
    print(f"finished (uniqueness proved or settled) within {args.max_steps:,} steps: {done} of {len(puzzles)}")
    if len(names) == 1:
        print(f"# {time.perf_counter() - start:.0f} s")
        return
    found: dict[str, dict[str, dict]] = {"ours": ours}
    for name in names[1:]:
        with encoding(name):
            found[name] = {e["id"]: measure(e, args.max_steps) for e in puzzles}
    print(f"{'puzzle':24} " + " ".join(f"{n:>28}" for n in names))
    for e in puzzles:
        cells = []
        for n in names:
            m = found[n][e["id"]]
            mark = "" if m["finished"] else "+"
            cells.append(f"{m['nodes']:>10,}{mark:1} {m['steps']:>11,} {m['options']:>5}")
        print(f"{e['id']:24} " + " ".join(f"{c:>28}" for c in cells))
    print("(nodes, steps, options of the proof; + : stopped at the budget)")
    for n in names[1:]:
        both = [i for i in found["ours"] if found["ours"][i]["finished"] and found[n][i]["finished"]]
        differ = [i for i in both if found[n][i]["steps"] != found["ours"][i]["steps"]]
        lost = [i for i in found["ours"] if found["ours"][i]["finished"] and not found[n][i]["finished"]]
        gained = [i for i in found["ours"] if found[n][i]["finished"] and not found["ours"][i]["finished"]]
        if not differ:
            print(f"{n}: the same search as ours on every puzzle both finished ({len(both)}); "
                  f"finished by ours only: {', '.join(lost) or 'none'}; by {n} only: {', '.join(gained) or 'none'}")
            continue
        nodes = statistics.geometric_mean([found[n][i]["nodes"] / found["ours"][i]["nodes"] for i in differ])
        steps = statistics.geometric_mean([found[n][i]["steps"] / found["ours"][i]["steps"] for i in differ])
        print(f"{n}/ours over the {len(differ)} puzzles whose search differs: nodes ×{nodes:.2f}, steps ×{steps:.2f} "
              f"(geometric mean); finished by ours only: {', '.join(lost) or 'none'}; by {n} only: "
              f"{', '.join(gained) or 'none'}")
    print(f"# {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
