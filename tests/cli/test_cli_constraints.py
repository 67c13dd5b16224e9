"""solve --import: f-puzzles and SudokuPad links on the command line, one or a file of them."""

import json
import subprocess
import sys
from pathlib import Path

PUBLISHED = [e for e in json.loads((Path(__file__).resolve().parents[2] / "webapp" / "puzzles" / "constraints" /
                                    "published.json").read_text()) if e["id"] in ("killer-wikipedia", "palindrome-lm")]


def run(*args):
    return subprocess.run([sys.executable, "-m", "webapp", *args], capture_output=True, text=True, timeout=120)


def test_a_file_of_links_is_solved_line_by_line_and_a_damaged_one_is_named(tmp_path):
    links = tmp_path / "links.txt"
    links.write_text("\n".join(e["fpuzzles"] for e in PUBLISHED[:2]) + "\nhttps://f-puzzles.com/?load=bad\n")
    done = run("solve", "--import", str(links), "--limit", "2")
    assert done.returncode == 1
    assert done.stdout.split() == [PUBLISHED[0]["solution"], PUBLISHED[1]["solution"]]
    assert "line 3: the link's load= value is not LZString base64" in done.stderr
    one = run("solve", "--import", PUBLISHED[0]["fpuzzles"].replace("https://f-puzzles.com/?load=",
                                                                      "https://sudokupad.app/fpuzzles"))
    assert one.returncode == 0 and one.stdout.split() == [PUBLISHED[0]["solution"]]
    mixed = run("solve", "--import", PUBLISHED[0]["fpuzzles"], "--variant", "x")
    assert mixed.returncode == 2 and "--variant and --regions do not go with --import" in mixed.stderr


def test_max_seconds_bounds_the_model_build_too(tmp_path):
    # A 25×25 sandwich of sum 99: millions of digit sets to weigh before any search; with a
    # microsecond the build stops at its first look at the clock, an error naming the line.
    import lzstring
    data = {"size": 25, "grid": [[{} for _ in range(25)] for _ in range(25)],
            "sandwichsum": [{"cell": "R0C5", "value": 99}]}
    link = "https://f-puzzles.com/?load=" + lzstring.LZString().compressToBase64(json.dumps(data))
    links = tmp_path / "links.txt"
    links.write_text(link + "\n")
    done = run("solve", "--import", str(links), "--max-seconds", "0.000001")
    assert done.returncode == 1 and done.stdout == ""
    assert "error: line 1: Stopped while building the model: the time budget of 1e-06 s ran out" in done.stderr
