"""The command line, run as a user runs it: a real subprocess."""

import json
import subprocess
import sys

from webapp import steplog, sudoku
from webapp.examples import BERRY, NO_SOLUTION, puzzle_lines


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "webapp", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_solve_one_puzzle_prints_its_solution():
    result = run("solve", BERRY)
    assert result.returncode == 0, result.stderr
    [line] = result.stdout.split()
    assert sudoku.is_solution(sudoku.parse(BERRY), sudoku.parse(line))


def test_solve_a_file_reports_bad_lines_and_solves_the_rest(tmp_path):
    good = puzzle_lines("norvig_top95.txt")[:3]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join([good[0], "# a comment", "12?" + "." * 78, good[1], "", good[2], "." * 80]) + "\n")
    result = run("solve", str(path), "--stats", "--progress")
    assert result.returncode == 1
    assert "line 3: bad character '?' at line 1, column 3" in result.stderr
    assert "line 7: found 80 cells" in result.stderr
    assert "5/5 100%" in result.stderr                 # the progress bar reached the end
    solutions = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    assert len(solutions) == 3
    for puzzle, line in zip(good, solutions):
        assert sudoku.is_solution(sudoku.parse(puzzle), sudoku.parse(line))
    assert "# puzzles: 3 (3 solved), 2 bad lines" in result.stdout
    assert "# line 6: solved, 1 solution," in result.stdout and "nodes" in result.stdout


def test_count_and_limits():
    assert run("solve", "." * 16, "--count").stdout.split() == ["288"]
    assert run("solve", "." * 16, "--count", "--limit", "5").stdout.split() == ["5+"]
    assert run("solve", BERRY, "--count").stdout.split() == ["1"]
    assert run("solve", NO_SOLUTION, "--count").stdout.split() == ["0"]
    two = run("solve", "." * 16, "--limit", "2").stdout.split()
    assert len(two) == 2 and two[0] != two[1]
    assert len(run("solve", puzzle_lines("serg_sample200.txt")[0], "--all").stdout.split()) >= 2


def test_no_solution_and_budget_are_said_plainly():
    result = run("solve", NO_SOLUTION)
    assert result.returncode == 0 and "No solution" in result.stdout
    hard = run("solve", puzzle_lines("gecode_25x25.txt")[0], "--max-steps", "20000")
    assert "Stopped at the step budget of 20,000 steps" in hard.stdout


def test_standard_input_and_grid_output():
    result = run("solve", "-", "--grid", stdin=BERRY + "\n")
    assert result.returncode == 0 and "|" in result.stdout
    assert sudoku.is_solution(sudoku.parse(BERRY), sudoku.parse(result.stdout))


def test_log_writes_a_step_log(tmp_path):
    out = tmp_path / "log.json"
    result = run("log", BERRY, "-o", str(out), "--limit", "2")
    assert result.returncode == 0, result.stderr
    log = json.loads(out.read_text())
    steplog.validate(log)
    assert log["stats"]["steps"] == len(log["events"]) and log["outcome"]["status"] == "solved"
    assert "wrote" in result.stderr


def test_usage_errors_exit_non_zero():
    assert run("solve", BERRY, "--limit", "0").returncode == 2
    assert run("log", BERRY).returncode == 2
    bad = run("solve", "5" + "." * 5 + "5" + "." * 74)
    assert bad.returncode == 1 and "r1c1 and r1c7 both hold 5 (row 1)" in bad.stderr
