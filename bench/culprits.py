"""How long one dead end's culprits take when a user builds a problem to make that search hard.

    python bench/culprits.py [--levels N] [--options M] [--width K] [--seed S] [--passes compiled,python]

The problem (typed on /cover in Knuth's format): primary items V0 .. V(N-1), each with one option
"Vk Ak" (Ak secondary), then an item X whose M options are "X Au Av" for M random pairs (K = 2) or
triples (K = 3) of the N levels. The first-item search places V0 .. V(N-1) and meets one dead end
on X at level N; its culprits, an exact minimum hitting set of the options' rulers, are a minimum
vertex cover of a random graph on N vertices with M edges: exponential in the worst case, and
facts.smallest_hitting / _facts.c have no work limit. Prints each pass's analysis time.

Measured on this 2-core machine (2026-11-28, compiled / python): N=50 M=100 0.23 s / 15.5 s;
N=55 M=110 0.57 s / 74 s; N=60 M=200 56 s compiled; N=62 M=300 over 300 s compiled; K=3 N=40 M=150
9.2 s compiled. Through a served /api/cover (`python -m webapp serve`) N=60 M=200 with
max_seconds 2 answered after 38 s, and a client that hung up after 3 s left its worker busy on it.
"""

from __future__ import annotations

import argparse
import random
import time

from webapp.analysis import facts
from webapp.engine import exact_cover as ec
from webapp.models import cover_text


def adversarial_text(levels: int, options: int, width: int = 2, seed: int = 1) -> str:
    """The problem above in Knuth's format."""
    rng = random.Random(seed)
    if options > 0 and width > levels:
        raise ValueError("width exceeds levels")
    sets: set[tuple[int, ...]] = set()
    while len(sets) < options:
        sets.add(tuple(sorted(rng.sample(range(levels), width))))
    lines = [" ".join(f"V{i}" for i in range(levels)) + " X | " + " ".join(f"A{i}" for i in range(levels))]
    lines += [f"V{i} A{i}" for i in range(levels)]
    lines += ["X " + " ".join(f"A{i}" for i in s) for s in sorted(sets)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", type=int, default=50)
    parser.add_argument("--options", type=int, default=100)
    parser.add_argument("--width", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--passes", default="compiled,python")
    args = parser.parse_args()
    problem = cover_text.parse_cover(adversarial_text(args.levels, args.options, args.width, args.seed))
    recording = ec.Recording()
    ec.Search(problem).run(recording=recording, choose="first")
    for passes in args.passes.split(","):
        if passes == facts.COMPILED and not facts.compiled_available():
            print("compiled: not built here")
            continue
        start = time.perf_counter()
        found = facts.analyse(problem, [], recording, passes)
        seconds = time.perf_counter() - start
        for dead in found.dead_ends:
            print(f"{passes}: levels {args.levels}, options {args.options}, width {args.width}: dead end at level "
                  f"{dead.level}, {len(dead.culprits)} culprits ({dead.conflict.bit_count()} kept first), "
                  f"{seconds:.3f} s")


if __name__ == "__main__":
    main()
