"""Benchmark: the pentominoes' "All" log at its weight, its dead ends' per-option facts packed apart.

    .venv/bin/python bench/dead_end_facts.py

Records "All" on the pentominoes to where its log reaches the server's weight (1,548,391 events,
as /api/cover stops it), builds its log as the server does, and prints: the dead ends, their
rulers and `also` bytes; the CPU of packing them apart (webapp/log/details.pack, what an answer
costs more when SOLVE_DEAD_END_FACTS_APART is set) and the payload's bytes; the CPU of reading one
dead end's (details.one, /api/dead-end-facts); and the log's JSON with and without `ruler`/`also`.
"""

from __future__ import annotations

import time

from webapp.engine import exact_cover as ec
from webapp.log import details, steplog
from webapp.models import problems

WEIGHT_CUT = 1_548_391      # the events of "All" on the pentominoes within SOLVE_MAX_LOG_WEIGHT


def main() -> None:
    built = problems.make("pentominoes")
    recording = ec.Recording()
    outcome = ec.Search(built.problem).run(recording=recording, max_solutions=1000, max_steps=WEIGHT_CUT)
    log = steplog.build(built.problem, built.phrases, [], recording, outcome, built.about(), native=True)
    dead = log["facts"]["dead_ends"]
    print(f"events {len(recording.events):,}, dead ends {len(dead['step']):,}, rulers {len(dead['ruler']):,}, "
          f"also {len(dead['also']):,} bytes")
    start = time.process_time()
    packed = details.pack(built.problem, log)
    print(f"pack: {time.process_time() - start:.2f} s CPU, {len(packed) / 1e6:.1f} MB")
    picks = (0, len(dead["step"]) // 2, len(dead["step"]) - 1)
    start = time.process_time()
    for k in picks:
        details.one(packed, k)
    print(f"one dead end: {(time.process_time() - start) / len(picks) * 1000:.1f} ms CPU")
    without = {**log, "facts": {**log["facts"], "dead_ends": {**dead, "ruler": [], "also": ""}}}
    print(f"log JSON {len(steplog.encode(log)) / 1e6:.1f} MB, without ruler and also "
          f"{len(steplog.encode(without)) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
