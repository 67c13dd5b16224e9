"""solve FILE's compiled fast path (webapp/cli/batch.py, webapp/models/_sudoku_lines.c) prints what
the Python path prints, to the byte: the grids, the counts, the words, the errors with their line
numbers, the exit status. Each case runs the command twice in this process, once with the fast
path and once without it, and compares stdout, stderr and the status."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from webapp.cli import batch
from webapp.cli.main import main
from webapp.engine import exact_cover as ec
from webapp.models import sudoku, sudoku_lines
from webapp.models.examples import BERRY, NO_SOLUTION, puzzle_lines

pytestmark = pytest.mark.skipif(not sudoku_lines.available() or not ec.compiled_available(),
                                reason="the compiled fast path is not built here")


def both_ways(capsys, monkeypatch, argv: list[str]) -> tuple[int, str, str]:
    """(status, stdout, stderr) of the fast path, after checking the Python path gives the same."""
    capsys.readouterr()
    used = []
    real = batch.applies
    monkeypatch.setattr(batch, "applies", lambda args: used.append(real(args)) or used[-1])
    fast = (main(argv), *capsys.readouterr())
    assert used == [True], "the fast path was not taken"
    monkeypatch.setattr(batch, "applies", lambda args: False)
    slow = (main(argv), *capsys.readouterr())
    monkeypatch.setattr(batch, "applies", real)
    assert fast == slow
    return fast


def write(tmp_path, name: str, data: str | bytes):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# Two solutions (a unique puzzle with two givens taken out), a 4x4 with many, 16x16 and 25x25 lines.
MANY = "." * 6 + BERRY[6:40] + "." * 10 + BERRY[50:]
EMPTY_4 = "." * 16


def test_puzzle_sets_with_every_output_form(capsys, monkeypatch, tmp_path):
    sample = random.Random(5).sample(puzzle_lines("royle17_sample1000.txt"), 150)
    lines = sample + puzzle_lines("norvig_top95.txt")[:40] + puzzle_lines("norvig_hardest.txt") \
        + puzzle_lines("gecode_16x16.txt")[:3] + [MANY, EMPTY_4, NO_SOLUTION, BERRY]
    path = write(tmp_path, "sets.txt", "\n".join(lines) + "\n")
    for options in ([], ["--limit", "2"], ["--limit", "3", "--grid"], ["--count", "--limit", "4"]):
        status, out, err = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress", *options])
        assert status == 0 and err == ""
    easy = write(tmp_path, "easy.txt", "\n".join(puzzle_lines("norvig_easy50.txt")[:20] + [MANY, EMPTY_4]) + "\n")
    both_ways(capsys, monkeypatch, ["solve", easy, "--no-progress", "--choose", "first", "--limit", "2"])
    assert out.count("\n") == len(lines)
    status, out, err = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress", "--limit", "2"])
    grids = [g for g in out.splitlines() if not g.startswith("#")]
    assert len(grids) == len(lines) + 1        # MANY and EMPTY_4 have two each, NO_SOLUTION none
    assert all(sudoku.is_solution(sudoku.parse(p), sudoku.parse(g))
               for p, g in zip(sample, grids[:len(sample)]))


def test_bad_lines_keep_their_errors_and_line_numbers(capsys, monkeypatch, tmp_path):
    top = puzzle_lines("norvig_top95.txt")
    clash = "11" + top[0][2:]
    text = "\n".join([
        top[0], "# a comment", "   # an indented comment", "", "  \t ", "12?" + "." * 78, top[1],
        "." * 80, clash, top[2] + "   ", " " + top[3], top[4].replace(".", "0"), top[5].replace(".", "-"),
        top[6].lower(), "\u3000" + top[7], top[8] + " extra", "1" * 81, "G" + "." * 80,
        "\t".join(top[9]), "|".join(top[10][k:k + 9] for k in range(0, 81, 9)), "ABC", NO_SOLUTION,
        "a" * 256, EMPTY_4, top[11]])
    path = write(tmp_path, "bad.txt", text)     # no newline after the last line
    status, out, err = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress"])
    assert status == 1
    assert "error: line 6, column 3: bad character '?'" in err and "line 8: found 80 cells" in err
    assert "lines could not be read" in err
    for options in (["--count"], ["--limit", "2", "--grid"]):
        assert both_ways(capsys, monkeypatch, ["solve", path, "--no-progress", *options])[0] == 1


def test_line_endings_byte_order_mark_and_odd_bytes(capsys, monkeypatch, tmp_path):
    top = [p.encode() for p in puzzle_lines("norvig_top95.txt")[:6]]
    data = (b"\xef\xbb\xbf" + top[0] + b"\r\n" + top[1] + b"\r" + top[2] + b"\n\r\n" + top[3]
            + b"\xff\xfe bad\n" + b"\xef\xbb\xbf" + top[4] + b"\n" + top[5] + b"\r")
    path = write(tmp_path, "endings.txt", data)
    status, out, err = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress"])
    assert status == 1 and out.count("\n") == 5 and "error: line 5, column 82" in err
    first = write(tmp_path, "bom-first.txt", b"\xef\xbb\xbf\xef\xbb\xbf" + top[0] + b"\n")
    assert both_ways(capsys, monkeypatch, ["solve", first, "--no-progress"])[0] == 0


def test_budgets_and_words(capsys, monkeypatch, tmp_path):
    lines = puzzle_lines("norvig_hardest.txt") + [MANY, EMPTY_4, NO_SOLUTION] + puzzle_lines("gecode_16x16.txt")[:2]
    path = write(tmp_path, "budget.txt", "\n".join(lines) + "\n")
    for steps in ("1", "2", "3", "7", "40", "150", "999"):
        for options in ([], ["--count"], ["--limit", "2"], ["--all", "--count"]):
            both_ways(capsys, monkeypatch, ["solve", path, "--no-progress", "--max-steps", steps, *options])
    status, out, err = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress", "--max-steps", "150"])
    assert "step budget" in out and "No solution" not in out
    out = both_ways(capsys, monkeypatch, ["solve", path, "--no-progress"])[1]
    assert "# line 14: No solution" in out


def blanked(grid: str, keep: int, rng: random.Random) -> str:
    """A solved grid with all but `keep` cells blanked: random puzzles, most with many solutions."""
    kept = set(rng.sample(range(len(grid)), keep))
    return "".join(ch if k in kept else "." for k, ch in enumerate(grid))


def test_the_search_is_the_engines(tmp_path):
    """The same nodes, dead ends and steps as the engine on sudoku.problem_for(n), on published
    puzzles and random ones (a solution's cells kept at random: the zero- and one-option sets
    of the 9x9 search and the other sizes' search meet ties, several solutions and dead ends)."""
    rng = random.Random(2)
    solved_9 = sudoku.format_grid(sudoku.solve(sudoku.parse(BERRY)).grids[0])
    solved_16 = sudoku.format_grid(sudoku.solve(sudoku.parse(puzzle_lines("gecode_16x16.txt")[0])).grids[0])
    lines = rng.sample(puzzle_lines("royle17_sample1000.txt"), 30) \
        + puzzle_lines("norvig_hardest.txt") + puzzle_lines("gecode_16x16.txt")[:2] + [MANY, EMPTY_4] \
        + [blanked(solved_9, rng.randrange(8, 30), rng) for _ in range(12)] \
        + [blanked(solved_16, rng.randrange(120, 200), rng) for _ in range(3)]
    for text in lines:
        for limit, steps, mrv in ((2, None, True), (1, 2000, False), (3, 500, True)):
            solved = sudoku.solve(sudoku.parse(text), max_solutions=limit, max_steps=steps,
                                  choose="mrv" if mrv else "first")
            s = solved.outcome.stats
            ending, found, nodes, dead_ends, steps_taken, levels, grids = sudoku_lines.solve_puzzle(
                text, sudoku_lines.Settings(limit, steps, None, mrv, sudoku_lines.LINE))
            assert (found, nodes, dead_ends, steps_taken, max(levels - 1, 0)) == \
                (s.solutions, s.nodes, s.dead_ends, s.steps, s.max_level)
            assert batch.LIMITS[ending] == solved.outcome.limit
            assert grids == "".join(sudoku.format_grid(g) + "\n" for g in solved.grids)
    assert sudoku_lines.solve_puzzle("11" + BERRY[2:], sudoku_lines.Settings(1, None, None, True, 0)) is None


def test_standard_input_and_an_empty_file(tmp_path):
    top = puzzle_lines("norvig_top95.txt")[:20]
    text = "\n".join(top[:10] + ["bad line"] + top[10:]) + "\n"
    command = [sys.executable, "-m", "webapp", "solve", "-", "--no-progress"]
    fast = subprocess.run(command, input=text, capture_output=True, text=True, timeout=60)
    slow = subprocess.run(command + ["--engine", "python"], input=text, capture_output=True, text=True, timeout=60)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.returncode == 1 and fast.stdout.count("\n") == 20 and "line 11:" in fast.stderr
    empty = write(tmp_path, "empty.txt", "# nothing\n\n")
    done = subprocess.run([sys.executable, "-m", "webapp", "solve", empty], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and "no puzzle found" in done.stderr
