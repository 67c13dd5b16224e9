"""The command line's --variant and --regions, run as a user runs them."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from webapp.models import variant_check

SETS = Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "variants"


def run(*args):
    return subprocess.run([sys.executable, "-m", "webapp", *args], capture_output=True, text=True, timeout=120)


def lines(file):
    return [line for line in (SETS / file).read_text().splitlines() if line.strip()]


def test_solve_a_file_of_anti_knight_puzzles_with_stats():
    result = run("solve", str(SETS / "anti_knight.txt"), "--variant", "anti-knight", "--stats", "--no-progress")
    assert result.returncode == 0, result.stderr
    grids = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    assert len(grids) == 8
    for puzzle, grid in zip(lines("anti_knight.txt"), grids):
        cells = [int(ch) for ch in grid]
        given = [0 if ch == "." else int(ch) for ch in puzzle]
        assert variant_check.is_solution(given, cells, ["anti-knight"])
    assert "# puzzles: 8 (8 solved)" in result.stdout


def test_variants_combine_and_count():
    result = run("solve", lines("x.txt")[0], "--variant", "x", "--variant", "anti-knight", "--count")
    assert result.returncode == 1          # its givens put two 3s a knight's move apart
    assert "r2c4 and r4c3 both hold 3 (a knight's move apart: the anti-knight rule)" in result.stderr
    result = run("solve", "." * 81, "--variant", "x", "--variant", "anti-king", "--limit", "1", "--stats")
    grid = result.stdout.splitlines()[0]
    assert not variant_check.broken_rules([int(ch) for ch in grid], ["x", "anti-king"])
    result = run("solve", lines("x.txt")[0], "--variant", "x", "--count")
    assert result.stdout.strip() == "1"


def test_a_jigsaw_file_brings_its_own_maps_and_regions_can_be_given():
    result = run("solve", str(SETS / "jigsaw.txt"), "--count")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [f"line {k}: 1" for k in range(1, 7)] or \
        result.stdout.split() == " ".join(f"line {k}: 1" for k in range(1, 7)).split()
    puzzle, regions = lines("jigsaw.txt")[0].split()
    result = run("solve", puzzle, "--regions", regions, "--grid")
    assert result.returncode == 0, result.stderr
    assert "|" not in result.stdout or result.stdout.count("\n") >= 9


def test_a_puzzle_that_breaks_a_rule_gets_no_grid_and_a_clear_message():
    puzzle = "..5" + "." * 18 + "5" + "." * 59
    result = run("solve", puzzle, "--variant", "anti-knight")
    assert result.returncode == 1
    assert result.stdout == ""
    assert "r1c3 and r3c4 both hold 5 (a knight's move apart: the anti-knight rule)" in result.stderr


def test_bad_names_and_maps_are_refused_before_solving():
    result = run("solve", "." * 81, "--variant", "hexagon")
    assert result.returncode == 2
    assert "--variant: no variant 'hexagon'" in result.stderr
    result = run("solve", "." * 81, "--regions", "1" * 81)
    assert result.returncode == 2
    assert "--regions: region 1 has 81 cells, region 2 has 0 cells" in result.stderr
    split = "9" + "".join(str((r // 3) * 3 + c // 3 + 1) for r in range(9) for c in range(9))[1:80] + "1"
    result = run("solve", "." * 81, "--regions", split)
    assert result.returncode == 2
    assert "--regions: region 1 is in 2 pieces: r1c2… (8 cells) and r9c9 alone; region 9" in result.stderr
    result = run("solve", "." * 16, "--regions", "123456789" * 9)
    assert result.returncode == 2
    assert "error: --regions: the regions map has 81 cells, but a 4×4 puzzle has 16" in result.stderr


FOUR_BY_FOUR = "1112122234443334"     # a 4×4 jigsaw


@pytest.mark.parametrize("command", [["solve"], ["log", "-o", "-"], ["analyse"]])
def test_a_jigsaw_without_a_map_or_with_a_map_of_another_size_is_a_usage_error(command):
    # Both exited 1, as a bad puzzle does; the guide says a bad --variant or --regions exits 2.
    result = run(*command, "." * 81, "--variant", "jigsaw")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("error: --variant jigsaw needs a regions map: give --regions MAP (one region "
                             "symbol a cell, e.g. 111222333…, or a file), or put the map after the puzzle "
                             "('PUZZLE REGIONS')\n")
    result = run(*command, "." * 81, "--regions", FOUR_BY_FOUR)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == ("error: --regions: the regions map has 16 cells, but a 9×9 puzzle has 81: "
                             "one of 1 to 9 a cell\n")


def test_from_a_file_a_line_the_map_does_not_fit_is_a_bad_line(tmp_path):
    # Other lines may fit: each line that does not is named, the rest are solved, and the status is 1.
    path = tmp_path / "mixed.txt"
    path.write_text("\n".join(["." * 16, "." * 81, "." * 16]) + "\n")
    result = run("solve", str(path), "--regions", FOUR_BY_FOUR, "--count")
    assert result.returncode == 1
    assert result.stdout.splitlines() == ["line 1: 144", "line 3: 144"]
    assert "error: line 2: --regions: the regions map has 16 cells, but a 9×9 puzzle has 81" in result.stderr
    puzzle, regions = lines("jigsaw.txt")[0].split()
    path.write_text(f"{puzzle} {regions}\n{puzzle}\n")
    result = run("solve", str(path), "--variant", "jigsaw", "--count")
    assert result.returncode == 1 and result.stdout.splitlines() == ["line 1: 1"]
    assert "error: line 2: --variant jigsaw needs a regions map: give --regions MAP" in result.stderr


def test_a_map_file_that_fits_and_givens_that_break_a_rule_exit_as_the_guide_says(tmp_path):
    puzzle, regions = lines("jigsaw.txt")[0].split()
    path = tmp_path / "regions.txt"
    path.write_text(regions + "\n")
    assert run("solve", puzzle, "--regions", str(path), "--count").stdout == "1\n"
    clash = "11" + puzzle[2:]
    result = run("solve", clash, "--regions", str(path))
    assert result.returncode == 1 and "r1c1 and r1c2 both hold 1" in result.stderr


def test_log_and_analyse_take_variants(tmp_path):
    out = tmp_path / "log.json"
    result = run("log", lines("x.txt")[1], "--variant", "x", "-o", str(out))
    assert result.returncode == 0, result.stderr
    log = json.loads(out.read_text())
    assert log["problem"]["variants"] == ["x"] and "diagonal 1 needs a 1" in log["phrases"]["need"]
    result = run("analyse", lines("x.txt")[0], "--variant", "x", "--json")
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout.splitlines()[0])
    assert answer["variants"] == ["x"]
