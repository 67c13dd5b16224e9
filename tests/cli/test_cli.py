"""The command line, run as a user runs it: a real subprocess."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from webapp.log import steplog
from webapp.models import sudoku
from webapp.models.examples import BERRY, NO_SOLUTION, puzzle_lines


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "webapp", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_solve_one_puzzle_prints_its_solution():
    result = run("solve", BERRY)
    assert result.returncode == 0, result.stderr
    [line] = result.stdout.split()
    assert sudoku.is_solution(sudoku.parse(BERRY), sudoku.parse(line))


def test_a_solve_starts_without_shutil_and_help_keeps_the_terminal_width(monkeypatch):
    """argparse imported shutil (and bz2, lzma) for the terminal's width at every option:
    webapp/cli/startup.py's Formatter finds the width itself, as shutil would."""
    code = ("import sys; from webapp.cli.main import main; main(['solve', sys.argv[1], '--no-progress']); "
            "print(sorted({'shutil', 'bz2', 'lzma'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code, BERRY], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[-2] == "[]", result.stdout
    import argparse

    from webapp.cli.main import build_parser
    for columns in (50, 120):           # the help argparse's own formatter writes, shutil's width and all
        monkeypatch.setenv("COLUMNS", str(columns))
        solve = build_parser("solve")._subparsers._group_actions[0].choices["solve"]
        ours = solve.format_help()
        solve.formatter_class = argparse.HelpFormatter
        assert ours == solve.format_help()
        assert max(map(len, ours.splitlines())) > columns - 20


def test_solve_a_file_reports_bad_lines_and_solves_the_rest(tmp_path):
    good = puzzle_lines("norvig_top95.txt")[:3]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join([good[0], "# a comment", "12?" + "." * 78, good[1], "", good[2], "." * 80]) + "\n")
    result = run("solve", str(path), "--stats", "--progress")
    assert result.returncode == 1
    assert "error: line 3, column 3: bad character '?': use 1-9" in result.stderr    # one line number, not two
    assert "line 7: found 80 cells" in result.stderr
    assert "error: 2 of 5 lines could not be read" in result.stderr
    assert "100% of the file, 5 puzzles" in result.stderr      # the progress bar reached the end
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
    assert "would have passed the step budget of 20,000 steps" in hard.stdout
    assert "replayed" not in hard.stdout          # the command line has no replay


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


def test_log_writes_a_what_if(tmp_path):
    out = tmp_path / "log.json"
    plain = tmp_path / "plain.json"
    assert run("log", BERRY, "-o", str(plain)).returncode == 0
    first = json.loads(plain.read_text())["solutions"][0]
    result = run("log", BERRY, "-o", str(out), "--force", f"{first[0]},{first[1]}", "--branch-on", "1")
    assert result.returncode == 2 and "branch_on 1 is not an open primary item" in result.stderr   # r1c2 is given
    result = run("log", BERRY, "-o", str(out), "--force", f"{first[0]},{first[1]}")
    assert result.returncode == 0, result.stderr
    log = json.loads(out.read_text())
    steplog.validate(log)
    assert log["choices"] == first[:2] and log["solutions"][0][:2] == first[:2]
    assert "A solution lies below your choices" in result.stderr
    clash = run("log", BERRY, "-o", str(out), "--force", f"{first[0]},{first[0]}")
    assert clash.returncode == 2 and "choice 1" in clash.stderr


def test_usage_errors_exit_non_zero():
    assert run("solve", BERRY, "--limit", "0").returncode == 2
    assert run("log", BERRY).returncode == 2
    bad = run("solve", "5" + "." * 5 + "5" + "." * 74)
    assert bad.returncode == 1 and "r1c1 and r1c7 both hold 5 (row 1)" in bad.stderr
    assert "could not be read" not in bad.stderr      # one puzzle: its error says it all
    both = run("solve", BERRY, "--count", "--grid")  # --grid shapes grids that --count does not print
    assert both.returncode == 2 and "argument --grid: not allowed with argument --count" in both.stderr


def test_a_missing_file_or_a_directory_is_named_as_such(tmp_path):
    missing = run("solve", str(tmp_path / "nonexist.txt"))
    assert missing.returncode == 1
    # ('/' separates rows in a puzzle, so the first bad character is a later one.)
    assert f"error: '{tmp_path / 'nonexist.txt'}' is no file, and as a puzzle: bad character " in missing.stderr
    assert "is no file, and as a puzzle: found 12 cells" in run("log", "nonexist.txt", "-o", "x.json").stderr
    folder = run("solve", str(tmp_path))
    assert folder.returncode == 1 and f"error: '{tmp_path}' is a directory, not a file of puzzles" in folder.stderr
    assert run("cover", str(tmp_path / "nonexist.txt")).stderr == f"error: no file named '{tmp_path / 'nonexist.txt'}'\n"
    assert f"error: '{tmp_path}' is a directory, not a file holding a problem" in run("cover", str(tmp_path)).stderr
    assert "give a FILE name" in run("cover", "").stderr


def test_ctrl_c_during_a_single_count_says_it_stopped_that_puzzle():
    status, out, err = interrupt_after(["solve", "." * 81, "--count"], cpu=1.5)
    assert status == 130 and out.strip().endswith("+")
    assert "interrupted: stopped during puzzle 1; 0 done before it" in err


def test_counts_from_a_file_name_their_lines(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(["." * 16, "x" * 16, BERRY, NO_SOLUTION]) + "\n")
    result = run("solve", str(path), "--count")
    assert result.returncode == 1
    assert result.stdout.splitlines() == ["line 1: 288", "line 3: 1", "line 4: 0"]


def cpu_seconds(pid: int) -> float:
    """The processor time process pid has used (user and system), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def interrupt_after(args, ready=None, cpu=0.0, timeout=60):
    """Run the command line, press Ctrl-C once `ready(stderr so far)` holds (or once it has
    computed for `cpu` seconds: past its start-up, however loaded the machine), and wait for
    it to end."""
    import signal
    import tempfile
    import time
    # Standard output goes to a file: a pipe nobody reads while stderr is watched fills up
    # and stops the command before it says it is ready (a hang seen in CI).
    with tempfile.TemporaryFile("w+") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "webapp", *args], stdout=stdout,
                                stderr=subprocess.PIPE, text=True)
        seen = ""
        while cpu_seconds(proc.pid) < cpu and proc.poll() is None:
            time.sleep(0.05)
        while ready is not None and not ready(seen) and proc.poll() is None:
            seen += proc.stderr.read(1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=timeout)
        stdout.seek(0)
        return proc.returncode, stdout.read(), seen + err


def test_ctrl_c_ends_a_batch_cleanly_with_totals(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(puzzle_lines("royle17_sample1000.txt") * 20) + "\n")
    status, out, err = interrupt_after(["solve", str(path), "--stats", "--progress", "--count"],
                                       lambda seen: "% of the file" in seen)
    assert status == 130, err
    assert "Traceback" not in err and re.search(r"interrupted: stopped (after \d+ puzzles?|during line \d+ \(puzzle \d+\))", err)
    assert "# puzzles:" in out and "puzzles/s overall" in out


def test_ctrl_c_ends_a_cover_count_cleanly():
    # Nothing reaches stderr before the count ends: wait until the search has started.
    # Every orientation: 9,356 packings, four times the built-in's work (the compiled core counts
    # the built-in's 2,339 in about 4 s here, too close to the interrupt).
    status, out, err = interrupt_after(["cover", "--builtin", "pentominoes", "--all-orientations", "--count"],
                                       cpu=1.5)
    assert status == 130, err
    assert "Traceback" not in err and "interrupted:" in err and "nodes tried" in err
    assert out.strip().endswith("+") or out.strip().endswith("?")


def test_a_byte_order_mark_an_empty_name_and_a_long_puzzle(tmp_path):
    # Windows editors start a file with a byte order mark: it is not a bad character.
    marked = tmp_path / "bom.txt"
    marked.write_bytes("\ufeff".encode() + (BERRY + "\n").encode())
    assert run("solve", str(marked)).returncode == 0
    problem = tmp_path / "bom-cover.txt"
    problem.write_bytes("\ufeffA B\nA B\n".encode())
    assert run("cover", str(problem), "--count").stdout.strip() == "1"
    empty = run("solve", "")
    assert empty.returncode == 1 and "the puzzle or file name is empty" in empty.stderr
    # A one-line 16×16 with a mistake is longer than a file name may be: the mistake is named.
    long = run("solve", "X" + "." * 255)
    assert long.returncode == 1 and "'X' at line 1, column 1 is not a digit of a 16×16 puzzle" in long.stderr
    assert "Errno" not in long.stderr


def test_a_file_with_no_puzzle_says_so(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n\n")
    result = run("solve", str(empty))
    assert result.returncode == 1 and f"no puzzle found in '{empty}'" in result.stderr


def test_ctrl_c_during_log_writes_the_steps_recorded_so_far(tmp_path):
    out = tmp_path / "log.json"
    # The Python engine, which records a few hundred thousand steps in those two seconds (the
    # compiled core would record tens of millions, and analysing them is what would take long).
    status, _, err = interrupt_after(["log", "." * 81, "--limit", "1000000", "--max-steps", "100000000",
                                      "--engine", "python", "-o", str(out)], cpu=1.0)
    assert status == 130, err
    assert "interrupted: the log holds the steps recorded before Ctrl-C" in err and "Traceback" not in err
    log = json.loads(out.read_text())
    steplog.validate(log)
    assert log["outcome"]["limit"] == "cancelled" and log["outcome"]["status"] == "stopped"
    assert log["stats"]["steps"] == len(log["events"]) > 0
    assert "Stopped before the search ended (cancelled)" in log["outcome"]["message"]


def test_a_log_that_cannot_be_written_fails_before_the_search(tmp_path):
    # The naive worst case under "first item" runs to the step budget: a million steps, if it ran.
    worst = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
    nowhere = tmp_path / "no" / "such" / "x.json"
    failed = run("log", worst, "--choose", "first", "-o", str(nowhere))
    assert failed.returncode == 1
    assert failed.stderr == f"error: cannot write {nowhere}: No such file or directory\n"    # nothing of a search
    assert not nowhere.parent.exists()
    folder = run("log", worst, "-o", str(tmp_path))
    assert folder.returncode == 1 and folder.stderr == f"error: cannot write {tmp_path}: Is a directory\n"


def test_cover_and_analyse_a_file_with_bounds(tmp_path):
    # Knuth's DLX3 example, as his program reads it: C two or three times.
    path = tmp_path / "dlx3.txt"
    path.write_text("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    result = run("cover", str(path), "--all", "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1"]
    result = run("analyse", "--cover", str(path), "--all")
    assert result.returncode == 0, result.stderr
    assert "5 nodes (options tried and settles)" in result.stdout
    # With bounds a dead end's jump is found, a back-up's and thrashing are not: the report says so.
    assert "only a dead end's jump is found" in result.stdout and result.stdout.count("not computed") == 1
    assert "none: every dead end was caused by the level the search went back to." in result.stdout
