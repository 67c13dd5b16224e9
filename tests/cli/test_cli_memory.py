"""The command line solves a file of any size in constant memory (docs/guide.md, issue 37):
it reads the file as it solves, and its totals keep no list that grows a puzzle at a time."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

from webapp.cli import commands as cli

ROOT = Path(__file__).resolve().parent.parent


def outcome(seconds: float):
    stats = SimpleNamespace(nodes=3, dead_ends=0, solutions=1, seconds=seconds, engine="c")
    return SimpleNamespace(status="solved", stats=stats)


def test_the_totals_of_a_run_do_not_grow_with_the_puzzles():
    """100,000 puzzles added up: the totals' memory stays under 200 kB (a list of their times
    took 32 bytes a puzzle: 3.2 MB here, 77 MB for a 200 MB file)."""
    totals = cli.Totals()
    for k in range(1000):
        totals.add(outcome(0.0001 + (k % 97) * 1e-6))
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for k in range(100_000):
        totals.add(outcome(0.0001 + (k % 97) * 1e-6))
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert grown < 200_000, f"the totals grew by {grown:,} bytes"
    assert totals.puzzles == 101_000


def test_the_median_time_is_within_a_thousandth():
    times = [0.00012 * (1.37 ** (k % 23)) for k in range(1001)] + [0.0, 2.5]
    tally = cli.TimeTally()
    for t in times:
        tally.add(t)
    exact = sorted(times)[(len(times) - 1) // 2]
    assert abs(tally.median() - exact) <= exact * 0.001
    assert tally.worst == max(times) and abs(tally.total - sum(times)) < 1e-9
    assert abs(tally.median() - statistics.median(times)) <= statistics.median(times) * 0.001


def test_a_100_mb_file_is_solved_in_constant_memory(tmp_path):
    """The real command on a generated 100 MB file (4,000 puzzles among long comment lines):
    its peak resident memory, measured by a parent of its own once it has exited, stays under
    60 MB (about 30 MB for a small file)."""
    big = tmp_path / "big.txt"
    comment = "#" + "x" * 998 + "\n"
    with big.open("w") as out:
        for k in range(4000):
            out.write("1234341221434321\n" if k % 2 else "12..34..21..43..\n")
            out.write(comment * 25)
    assert big.stat().st_size > 100_000_000
    measure = ("import resource, subprocess, sys\n"
               "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
               "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, "
               "done.stdout.count(b'\\n'))\n")
    found = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "webapp", "solve", str(big),
                            "--count", "--stats"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    code, peak_kb, lines = (int(x) for x in found.stdout.split())
    assert code == 0 and lines >= 4000
    assert peak_kb < 60 * 1024, f"peak memory {peak_kb / 1024:.0f} MB"
