"""The text format of exact cover problems, and the `cover` command run as a user runs it."""

import io
import re
import subprocess
import sys
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.cli import main as cli
from webapp.engine import exact_cover as ec
from webapp.models import cover_text as ct

KNUTH = """\
# Knuth, "Dancing links" (2000): one solution, {A D} {C E F} {B G}
A B C D E F G

C E F
A D G
B C F
A D
B G
D E G
"""


def error_of(text):
    with pytest.raises(ct.CoverParseError) as caught:
        ct.parse_cover(text)
    return caught.value


def test_knuth_example_parses_and_solves():
    problem = ct.parse_cover(KNUTH)
    assert problem.items == tuple("ABCDEFG") and problem.primary == 7 and len(problem.options) == 6
    outcome = ec.solve(problem, max_solutions=None)
    assert outcome.unique
    [solution] = outcome.solutions
    assert sorted(ct.format_option(problem, k) for k in solution) == ["A D", "B G", "C E F"]


def test_secondary_items_follow_the_bar():
    problem = ct.parse_cover("r1 r2 c1 c2 | d0 d1\n  r1\tc1 d0\nr2 c2 d0\nr1 c2 d1\nr2 c1  \n")
    assert problem.items == ("r1", "r2", "c1", "c2", "d0", "d1") and problem.primary == 4
    assert problem.options == ((0, 2, 4), (1, 3, 4), (0, 3, 5), (1, 2))
    assert ec.solve(problem, max_solutions=None).stats.solutions == 1     # d0 takes one of the first two
    assert ct.parse_cover("A B |\nA\nB\n").primary == 2                    # a bar with nothing after it


def test_a_header_alone_is_a_problem_with_no_solution():
    problem = ct.parse_cover("A B\n")
    assert problem.options == () and ec.solve(problem).status == ec.NO_SOLUTION


@pytest.mark.parametrize("text, line, column, words", [
    ("A B C\nA D\n", 2, 3, "'D' is not an item of the header (line 1)"),
    ("# c\n\nA B\n\n# c\nA B\n  B   Q A\n", 7, 7, "'Q' is not an item"),
    ("A B A\n", 1, 5, "item 'A' is named twice in the header (first at column 1)"),
    ("A B | x A\n", 1, 9, "item 'A' is named twice in the header"),
    ("A B C\nA C A\n", 2, 5, "item 'A' is named twice in this option (first at column 1)"),
    ("", 1, 1, "no items"),
    ("# only a comment\n\n   \n", 1, 1, "no items"),
    ("|\nA\n", 1, 1, "the header names no item"),
    ("| x y\nx\n", 1, 1, "no primary item"),
    ("A B|C\n", 1, 4, "item name 'B|C' contains '|'"),
    ("A | B | C\n", 1, 7, "a second '|' in the header (the first is at column 3)"),
    ("A B\nA | B\n", 2, 3, "'|' belongs in the header only"),
    ("A B\nA|B\n", 2, 2, "'|' belongs in the header only"),
    ("A #B\n", 1, 3, "item name '#B' starts with '#'"),
    ("A " + "x" * 101 + "\n", 1, 3, "at most 100"),
])
def test_errors_say_what_and_where(text, line, column, words):
    error = error_of(text)
    assert (error.line, error.column) == (line, column)
    assert words in error.message
    assert error.message.startswith(f"line {line}, column {column}: ") and str(error) == error.message


def test_caps_on_items_options_and_entries(monkeypatch):
    header = " ".join(f"i{k}" for k in range(ct.MAX_ITEMS))
    assert len(ct.parse_cover(header + "\n").items) == ct.MAX_ITEMS
    error = error_of(header + " one_more\n")
    assert "too many items: at most 10,000" in error.message
    assert (error.line, error.column) == (1, len(header) + 2)
    error = error_of("A\n" + "A\n" * (ct.MAX_OPTIONS + 1))
    assert "too many options: at most 100,000" in error.message and error.line == ct.MAX_OPTIONS + 2
    assert len(ct.parse_cover("A\n" + "A\n" * ct.MAX_OPTIONS).options) == ct.MAX_OPTIONS
    monkeypatch.setattr(ct, "MAX_ENTRIES", 5)
    error = error_of("A B C\nA B\nA B C\nC\n")
    assert "too many item names in the options: at most 5" in error.message and error.line == 4


@pytest.mark.parametrize("text, says", [
    ("a " * 1_500_000, "item 'a' is named twice in the header"),
    ("a b\n" + "a " * 1_500_000, "item 'a' is named twice in this option"),
])
def test_a_huge_line_stops_at_its_first_word_too_many(text, says):
    # The words of a line were listed before the limits looked: 1.5 million took 300 MB.
    tracemalloc.start()
    try:
        error = error_of(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert says in error.message
    assert peak < 4 * len(text) + 1_000_000


def test_long_options_are_capped_by_their_pairs_of_items():
    # 1,001 items in one option: 1,001,000 pairs, just past the cap, from a text of a few KB.
    header = " ".join(f"i{k}" for k in range(1001))
    error = error_of(header + "\n" + "i0 i1\n" + header + "\n")
    assert "this one has 1,001 items" in error.message and "1,000,000 pairs" in error.message
    assert (error.line, error.column) == (3, 1)
    assert len(ct.parse_cover(header + "\n" + " ".join(f"i{k}" for k in range(1000)) + "\n").options) == 1


def test_format_writes_the_header_and_one_option_a_line():
    problem = ec.Problem.from_names(["A", "B"], ["x"], [["A", "x"], ["B"]])
    assert ct.format_cover(problem) == "A B | x\nA x\nB\n"
    assert ct.format_cover(ct.parse_cover(KNUTH)).splitlines()[0] == "A B C D E F G"


@pytest.mark.parametrize("name", ["a b", "a|b", "#a", "", "x" * 101, "tab\there"])
def test_format_refuses_names_it_cannot_write(name):
    with pytest.raises(ValueError):
        ct.format_cover(ec.Problem((name, "ok"), 2, ((0,), (1,))))


# -- Hypothesis: round trips and robustness ------------------------------------------------

NAMES = st.text(st.characters(blacklist_categories=("Z", "C")), min_size=1, max_size=6).filter(ct.writable)


@st.composite
def problems(draw):
    items = draw(st.lists(NAMES, min_size=1, max_size=10, unique=True))
    primary = draw(st.integers(1, len(items)))
    options = draw(st.lists(st.lists(st.integers(0, len(items) - 1), min_size=1, unique=True).map(tuple),
                            max_size=12))
    return ec.Problem(tuple(items), primary, tuple(options))


@settings(max_examples=200, deadline=None)
@given(problems())
def test_parse_of_format_is_the_same_problem(problem):
    assert ct.parse_cover(ct.format_cover(problem)) == problem


@settings(max_examples=100, deadline=None)
@given(problems(), st.data())
def test_comments_blank_lines_and_spacing_change_nothing(problem, data):
    space = st.text(" \t", min_size=1, max_size=3)
    noise = st.sampled_from(["", "# a comment", "   ", "\t# indented comment | A"])
    lines = []
    for line in ct.format_cover(problem).splitlines():
        lines += data.draw(st.lists(noise, max_size=2))
        words = line.split(" ")
        lines.append(data.draw(space) + "".join(w + data.draw(space) for w in words))
    text = "\r\n".join(lines) if data.draw(st.booleans()) else "\n".join(lines)
    assert ct.parse_cover(text) == problem


@settings(max_examples=300, deadline=None)
@given(st.text("AB|#x \t\n", max_size=40))
def test_any_text_parses_or_says_where_it_fails(text):
    try:
        problem = ct.parse_cover(text)
    except ct.CoverParseError as error:
        lines = text.splitlines() or [""]
        assert 1 <= error.line <= len(lines) and 1 <= error.column <= max(len(lines[error.line - 1]), 1)
    else:
        assert problem.primary >= 1 and ct.parse_cover(ct.format_cover(problem)) == problem


# -- the command line ---------------------------------------------------------------------

def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "webapp", "cover", *args], capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_cover_a_file_prints_each_option_as_its_items(tmp_path):
    path = tmp_path / "knuth.txt"
    path.write_text(KNUTH)
    result = run(str(path), "--stats")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sorted(lines[:3]) == ["A D", "B G", "C E F"]
    assert lines[3].startswith("# solved, 1 solution, ") and "nodes" in lines[3]


def test_cover_standard_input_all_solutions_are_separated_by_a_blank_line():
    result = run("-", "--all", stdin="A B | x\nA x\nA\nB x\nB\n")
    assert result.returncode == 0, result.stderr
    solutions = [block.splitlines() for block in result.stdout.strip().split("\n\n")]
    assert sorted(sorted(s) for s in solutions) == [["A", "B"], ["A", "B x"], ["A x", "B"]]


def test_cover_builtin_queens_count():
    result = run("--builtin", "queens", "--n", "8", "--count")
    assert (result.returncode, result.stdout) == (0, "92\n"), result.stderr


def test_cover_bad_file_says_line_and_column_and_exits_1(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# header next\nA B C\nA B\nB Q\n")
    result = run(str(path))
    assert result.returncode == 1 and result.stdout == ""
    assert f"error: {path}: line 4, column 3: 'Q' is not an item of the header (line 2)" in result.stderr


def cover(capsys, *args):
    """The cover command in this process: (exit status, stdout, stderr)."""
    status = cli.main(["cover", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cover_counts_limits_and_budgets(capsys):
    assert cover(capsys, "--builtin", "queens", "--n", "8", "--count", "--limit", "5")[1] == "5+\n"
    assert cover(capsys, "--builtin", "latin", "--n", "3", "--count")[1] == "12\n"
    assert cover(capsys, "--builtin", "knuth", "--stats")[1].splitlines()[3].startswith("# solved, 1 solution")
    status, out, _ = cover(capsys, "--builtin", "queens", "--n", "10", "--all", "--max-steps", "2000")
    assert status == 0 and re.match(r"# Stopped after 1,99\d steps, before the search ended: the next action would have passed the step budget of 2,000 steps", out.splitlines()[-1])
    pentomino = cover(capsys, "--builtin", "pentominoes", "--width", "20", "--height", "3", "--limit", "1")[1]
    assert len(pentomino.splitlines()) == 12 and all(len(line.split()) == 6 for line in pentomino.splitlines())


def test_cover_usage_mistakes_are_named(capsys, monkeypatch):
    status, _, err = cover(capsys)
    assert status == 2 and "give either a FILE (or - for standard input) or --builtin NAME" in err
    status, _, err = cover(capsys, "--builtin", "queens", "--n", "21")
    assert status == 2 and "n of queens must be from 1 to 20, not 21" in err
    assert "--width is not a parameter of queens (it takes --n)" in cover(capsys, "--builtin", "queens",
                                                                             "--width", "3")[2]
    assert "has 63" in cover(capsys, "--builtin", "pentominoes", "--width", "7", "--height", "9")[2]
    assert "--n: parameters of a built-in" in cover(capsys, "file.txt", "--n", "3")[2]
    monkeypatch.setattr("sys.stdin", io.StringIO("A B\nA\n"))
    assert cover(capsys, "-", "--count")[1] == "0\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("A B\nA | B\n"))
    status, out, err = cover(capsys, "-")
    assert (status, out) == (1, "") and "error: standard input: line 2, column 3: '|' belongs" in err


# -- Knuth's multiplicities (DLX3): bounds in the header ------------------------------------

KNUTH_DLX3 = """\
| Knuth's dlx3.w example, his comment line kept as a comment here
# A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def test_bounds_before_a_name_set_its_least_and_most():
    problem = ct.parse_cover(KNUTH_DLX3.split("\n", 1)[1])
    assert problem.items == ("A", "B", "C", "X", "Y") and problem.primary == 3
    assert problem.bounds == ((1, 1), (1, 1), (2, 3))
    outcome = ec.solve(problem, max_solutions=None)
    assert [sorted(ct.format_option(problem, k) for k in s) for s in outcome.solutions] == [
        ["A C X:1 Y:1", "B X:1", "C Y:1"]]
    assert ct.parse_cover("2|A B\nA\nA B\n").bounds == ((2, 2), (1, 1))
    assert ct.parse_cover("1|A 1:1|B\nA B\n").bounds == ()        # every item once: no bounds at all


@pytest.mark.parametrize("text, line, column, says", [
    ("0|A B\nA B\n", 1, 1, "at most 0 times"),
    ("A 2:1|B\nA B\n", 1, 3, "at least 2 but at most 1"),
    ("A | 2|X\nA X\n", 1, 5, "only primary items"),
    ("A 3|\nA\n", 1, 4, "no item name after the '|'"),
    ("A 20000|B\nA B\n", 1, 3, "at most 10,000"),
    ("1|2|A\nA\n", 1, 4, "contains '|'"),
    ("2:3|A\nA:red\n", 2, 1, "colours A, a primary item"),
])
def test_bad_bounds_say_what_and_where(text, line, column, says):
    error = error_of(text)
    assert (error.line, error.column) == (line, column) and says in error.message


@settings(max_examples=100, deadline=None)
@given(problems(), st.data())
def test_parse_of_format_keeps_the_bounds(problem, data):
    bounds = []
    for _ in range(problem.primary):
        most = data.draw(st.integers(1, 12))
        bounds.append((data.draw(st.integers(0, most)), most))
    if all(pair == (1, 1) for pair in bounds):
        bounds[0] = (0, 1)
    bounded = ec.Problem(problem.items, problem.primary, problem.options, bounds=tuple(bounds))
    assert ct.parse_cover(ct.format_cover(bounded)) == bounded
