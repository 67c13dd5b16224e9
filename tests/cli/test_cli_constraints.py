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
