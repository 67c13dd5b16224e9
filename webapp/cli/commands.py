"""The command line: solve puzzles or files of puzzles, and write step logs.

    python -m webapp solve PUZZLE-OR-FILE [--variant NAME …] [--regions MAP] [--all | --limit N] [--count] [--stats]
    python -m webapp solve --import LINK-OR-FILE [--partial] [--all | --limit N] [--count] [--stats]
    python -m webapp log PUZZLE-OR-FILE [--variant NAME …] [--regions MAP] -o FILE
    python -m webapp cover FILE | --builtin NAME [--n N …] [--all | --limit N] [--count] [--stats]
    python -m webapp analyse … (webapp/cli/analyse.py; the commands come together in webapp/cli/main.py)

The solve command imports no more than it needs (the log, the analysis's words, the cover
problems only in the functions that use them): a user's `solve FILE` pays for every import.

Glossary
    source   a puzzle given as text on the command line, a file with one puzzle
             a line, or '-' for standard input.
    entry    one puzzle of a source with its line number (None for text).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import math
import signal
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import exact_cover as ec
from ..models import sudoku, variants
from ..words.messages import say
from . import batch

if TYPE_CHECKING:
    from ..models import constraints


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    """--variant and --regions: the rules beyond rows, columns and boxes (webapp/models/variants.py)."""
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help=f"a variant's rule, one of {', '.join(variants.NAMES)}; repeat to combine "
                             "(--variant x --variant anti-knight)")
    parser.add_argument("--regions", default=None, metavar="MAP",
                        help="a jigsaw's regions: one symbol (1-9, then A-Z) a cell, each region N cells, "
                             "as text or a file; replaces the boxes. A file's line 'PUZZLE REGIONS' "
                             "brings its own map")


def variant_options_error(args) -> str | None:
    """What is wrong with --variant and --regions on their own, said before any puzzle is read."""
    if args.regions is not None and is_file(args.regions):
        args.regions = Path(args.regions).read_text(encoding="utf-8")
    try:
        variants.read_names(args.variant)
        if args.regions is not None:
            variants.check_map_alone(args.regions)
    except variants.VariantError as error:
        option = "--regions" if error.field == "regions" else "--variant"
        return f"{option}: {error.message}"
    return None


class OptionError(variants.VariantError):
    """An entry that the command's options do not fit: --regions is a map for another size of
    puzzle, or --variant jigsaw has no map. For one puzzle it is a usage error (exit 2); a line
    of a file that the options do not fit is a bad line, as other lines may fit them."""


def read_entry(args, text: str) -> tuple[sudoku.Grid, variants.Rules]:
    """One entry read under the command's rules (a line 'PUZZLE REGIONS' brings its own map when
    --regions does not): sudoku.ParseError or variants.VariantError (OptionError when the fault
    is the options') say what is wrong."""
    regions = args.regions
    if regions is None:
        text, regions = variants.split_entry(text)
    try:
        return variants.read(text, args.variant, regions)
    except variants.VariantError as error:
        if error.field != "regions":
            raise
        if args.regions is not None:        # checked alone already: it does not fit this puzzle
            raise OptionError(f"--regions: {error.message}", error.field, error.cells) from None
        if regions is None:                 # --variant jigsaw, and neither --regions nor the line has a map
            raise OptionError(say("regions.missing_option"), error.field) from None
        raise                               # the line's own map


def read_link_entry(args, text: str) -> tuple[sudoku.Grid, constraints.Setup, list[str]]:
    """One link of --import: the puzzle and its setup, and the link's notes (VariantError when the
    link is damaged, or holds rules not kept here without --partial)."""
    from ..models import constraint_cover, constraints, fpuzzles  # only for --import

    imported = fpuzzles.read_link(text)
    if imported.unsolved and not args.partial:
        raise variants.VariantError(say("link.unsolved", notes=" ".join(imported.unsolved)).replace(
            'Send "partial": true', "Add --partial"), "import")
    grid, rules = variants.read(imported.puzzle, imported.variants, imported.regions)
    setup = constraints.Setup(rules, tuple(imported.constraints), tuple(imported.negative))
    constraint_cover.check_givens(grid, setup)
    return grid, setup, imported.notes


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """Item choice and budgets, shared by both commands."""
    parser.add_argument("--choose", choices=("mrv", "first"), default="mrv",
                        help="item choice: fewest options first (default) or the first item")
    parser.add_argument("--max-steps", type=positive_int, default=None, metavar="N",
                        help="stop a puzzle after N steps (events)")
    parser.add_argument("--max-seconds", type=positive_float, default=None, metavar="S",
                        help="stop a puzzle after S seconds")
    parser.add_argument("--engine", type=engine_name, default=ec.default_engine(),
                        help=f"the search loop: {' or '.join(ec.ENGINES)} (default {ec.default_engine()}: "
                             "the compiled core when it is built); both give the same search and log")


def engine_name(text: str) -> str:
    """An argparse type: an engine that is known and built here."""
    try:
        return ec.engine_named(text)
    except ec.EngineError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def option_ids(text: str) -> tuple[int, ...]:
    """An argparse type: option ids separated by commas ("23,639"), each a whole number from 0."""
    parts = [part.strip() for part in text.split(",")] if text.strip() else []
    if not all(part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of option ids such as 23,639")
    return tuple(int(part) for part in parts)


def item_id(text: str) -> int:
    """An argparse type: an item id, a whole number from 0."""
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not an item id (a whole number from 0)")
    return int(text)


def number_above(low: float, inclusive: bool = False):
    """An argparse type: a number above low (inclusive: at least low); its name says which."""
    def number(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not (value >= low if inclusive else value > low):     # NaN fails both
            raise argparse.ArgumentTypeError(f"{text} must be {'at least' if inclusive else 'more than'} {low:g}")
        return value
    number.__name__ = "non_negative_float" if (inclusive and low == 0) else "positive_float"
    return number


# Seconds, a grace period: above 0. Megabytes where 0 means "no limit": at least 0.
positive_float = number_above(0)
non_negative_float = number_above(0, inclusive=True)


class SourceError(Exception):
    """A source that is neither a file of puzzles nor a puzzle."""


def read_source(source: str) -> tuple[Iterator[tuple[int | None, str]], bool]:
    """The entries of a source, read as they are asked for (a file of any size takes
    constant memory, and its first puzzle is solved before the rest is read), and
    whether it was a file (or stdin)."""
    if source == "-":
        return numbered(sys.stdin), True
    if not source.strip():
        raise SourceError("the puzzle or file name is empty")
    if is_dir(source):
        raise SourceError(f"{source!r} is a directory, not a file of puzzles")
    if is_file(source):
        return numbered(lines_of_file(Path(source))), True
    return iter([(None, source)]), False


def lines_of_file(path: Path) -> Iterator[str]:
    """A file's lines one at a time; the file is opened now, so a missing one fails now."""
    # utf-8-sig: a byte order mark (Windows editors write one) is no bad character.
    handle = path.open(encoding="utf-8-sig", errors="replace")

    def lines() -> Iterator[str]:
        with handle:
            yield from handle
    return lines()


def is_file(source: str) -> bool:
    """Whether source names a file; a long puzzle is no name the system takes (no OSError)."""
    try:
        return "\n" not in source and Path(source).is_file()
    except (OSError, ValueError):
        return False


def is_dir(source: str) -> bool:
    """Whether source names a directory (see is_file)."""
    try:
        return "\n" not in source and Path(source).is_dir()
    except (OSError, ValueError):
        return False


def entry_error(line: int | None, error: sudoku.ParseError | variants.VariantError, source: str) -> str:
    """What is wrong with one entry, said once: 'line 6, column 3: …' for a line of a file."""
    if isinstance(error, variants.VariantError):
        return f"{where(line)}{error.message}"
    if line is None:
        if len(source.split()) == 1 and len(source) < 256 and not is_file(source):
            # One word that is no puzzle may be a file name with a typo.
            return f"{source!r} is no file, and as a puzzle: {error.message}"
        return error.message
    if error.position and error.position[0] == 1:
        return f"line {line}, column {error.position[1]}: {error.unplaced}"
    return f"line {line}: {error.message}"


@contextmanager
def interruptible():
    """A flag that Ctrl-C raises (a second Ctrl-C stops at once), for a clean stop."""
    pressed = []

    def on_interrupt(signum, frame):
        if pressed:
            raise KeyboardInterrupt
        pressed.append(signum)

    try:
        previous = signal.signal(signal.SIGINT, on_interrupt)
    except ValueError:          # not the main thread: Ctrl-C keeps its usual meaning
        yield lambda: False
        return
    try:
        yield lambda: bool(pressed)
    finally:
        signal.signal(signal.SIGINT, previous)


# Each command's one-line help, as `python -m webapp --help` lists them (main.py builds the parsers).
COMMAND_HELP = {
    "solve": "solve a puzzle or a file with one puzzle a line",
    "log": "write the step log of one solve as JSON",
    "cover": "solve any exact cover problem: a file in Knuth's format, or a built-in (--builtin)",
    "analyse": "analyse a search: each dead end's culprits, the wrong choices' cost, thrashing",
    "serve": "serve the app for others: the production server (waitress, one worker process per core)",
}

INTERRUPTED = 130      # the shell's status for a command stopped by Ctrl-C
# The page's cap (web.DEFAULTS["SOLVE_MAX_STEPS"]) on a log's steps: the recording is kept in memory.
DEFAULT_MAX_STEPS = 1_000_000


def numbered(lines: Iterable[str]) -> Iterator[tuple[int | None, str]]:
    """(line number, line) for each line that holds a puzzle (not blank, not '#'), as read."""
    for k, line in enumerate(lines, start=1):
        text = line.rstrip("\r\n")
        if k == 1:
            text = text.removeprefix("\ufeff")     # standard input keeps its byte order mark
        if text.strip() and not text.lstrip().startswith("#"):
            yield k, text


class TimeTally:
    """Solve times added up in constant memory, however many puzzles a file holds: the total,
    the worst, and a histogram of 0.1% wide buckets for the median (within 0.1%). Keeping every
    time, as a list did, took 32 bytes a puzzle: 77 MB for a 200 MB file (issue 37)."""

    STEP = 0.001                    # the width of a bucket, in natural log: 0.1%

    def __init__(self) -> None:
        self.count, self.total, self.worst = 0, 0.0, 0.0
        self.buckets: dict[int, int] = {}      # round(log(seconds) / STEP) -> how many; at most a few tens of thousands

    def add(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        self.worst = max(self.worst, seconds)
        key = round(math.log(seconds) / self.STEP) if seconds > 0 else -10 ** 9
        self.buckets[key] = self.buckets.get(key, 0) + 1

    def median(self) -> float:
        """The median time (the lower middle one for an even count), to within 0.1%."""
        if not self.count:
            return 0.0
        middle, seen = (self.count + 1) // 2, 0
        for key in sorted(self.buckets):
            seen += self.buckets[key]
            if seen >= middle:
                return 0.0 if key == -10 ** 9 else math.exp(key * self.STEP)
        return self.worst


@dataclass
class Totals:
    """What a run of many puzzles added up to."""

    puzzles: int = 0
    failed: int = 0
    by_status: dict = field(default_factory=dict)
    nodes: int = 0
    dead_ends: int = 0
    solutions: int = 0
    times: TimeTally = field(default_factory=lambda: TimeTally())
    engines: set = field(default_factory=set)

    def add(self, outcome: ec.Outcome) -> None:
        """Count one solved puzzle."""
        self.puzzles += 1
        self.by_status[outcome.status] = self.by_status.get(outcome.status, 0) + 1
        self.nodes += outcome.stats.nodes
        self.dead_ends += outcome.stats.dead_ends
        self.solutions += outcome.stats.solutions
        self.times.add(outcome.stats.seconds)
        self.engines.add(outcome.stats.engine)

    def lines(self, wall: float) -> list[str]:
        """The totals as '# ' lines."""
        by_status = ", ".join(f"{v} {k}" for k, v in sorted(self.by_status.items())) or "none"
        out = [f"# puzzles: {self.puzzles} ({by_status})"
               + (f", {self.failed} bad line{'s' if self.failed != 1 else ''}" if self.failed else "")]
        if self.times.count:
            total = self.times.total
            out.append(f"# solutions: {self.solutions}; nodes: {self.nodes}; dead ends: {self.dead_ends}")
            out.append(f"# solve time: {total:.3f} s in all, median {self.times.median() * 1e3:.2f} ms, "
                       f"worst {self.times.worst * 1e3:.2f} ms, {self.nodes / max(total, 1e-9):,.0f} nodes/s; "
                       f"{self.puzzles / wall:.1f} puzzles/s overall"
                       f" ({', '.join(sorted(self.engines))} engine)")
        return out


class Progress:
    """A one-line progress bar on stderr (tqdm): how much of the file is read (the puzzles
    are read as they are solved, so their number is known only at the end), how many
    puzzles so far and how fast. Drawn from the first puzzle on, at most ten times a second."""

    def __init__(self, size: int | None, enabled: bool):
        self.start = time.perf_counter()
        self.bar = None
        if enabled:
            # tqdm only for a bar that is shown: importing it costs tens of milliseconds a start.
            from tqdm import tqdm
            shape = "[{bar:30}] {percentage:3.0f}% of the file, {desc}" if size else "{desc}"
            self.bar = tqdm(total=size or None, file=sys.stderr, bar_format=shape, ascii=".#", delay=1e-9)

    def update(self, done: int, read: int) -> None:
        """Move the bar to `read` bytes of the file and `done` puzzles."""
        if self.bar is None:
            return
        rate = done / max(time.perf_counter() - self.start, 1e-9)
        self.bar.set_description_str(f"{done:,} puzzles, {rate:.0f}/s", refresh=False)
        self.bar.update(min(read, self.bar.total or read) - self.bar.n)

    def clear(self) -> None:
        """Wipe the bar so a message can take its line (the next update draws it again)."""
        if self.bar is not None:
            self.bar.clear()

    def close(self, done: int, interrupted: bool) -> None:
        """End the bar's line, at 100% once the whole file was read (blank lines and
        comments count in the file's size, not in what the puzzles add up to)."""
        if self.bar is None:
            return
        if not interrupted and self.bar.total:
            self.update(done, self.bar.total)
            self.bar.refresh()
        self.bar.close()


def where(line: int | None) -> str:
    """'line 7: ' for an entry of a file, '' for a puzzle given as text."""
    return f"line {line}: " if line is not None else ""


def source_entries(source: str) -> tuple[Iterator[tuple[int | None, str]], bool] | None:
    """read_source's entries, once one is known to be there, and whether the source is a
    file; None, having said so, when it holds no puzzle (empty, or only comments and blanks)."""
    entries, from_file = read_source(source)
    first = next(entries, None)
    if first is None:
        print(f"error: no puzzle found in {source!r}", file=sys.stderr)
        return None
    return itertools.chain([first], entries), from_file


def run_solve(args) -> int:
    """The solve command; 1 when any entry failed to parse, 2 for a usage error (the options do not
    fit the one puzzle given), 130 when Ctrl-C stopped it."""
    wrong = variant_options_error(args)
    if (args.source is None) == (args.link is None):
        wrong = "give a puzzle (or file) or --import LINK-OR-FILE, not both" if args.source else \
            "give a puzzle, a file of puzzles, or --import LINK-OR-FILE"
    elif args.link is not None and (args.variant or args.regions is not None):
        wrong = "--variant and --regions do not go with --import: the link brings its own rules"
    if wrong:
        print(f"error: {wrong}", file=sys.stderr)
        return 2
    if args.link is not None:
        args.source = args.link
    if batch.applies(args):
        # A file or standard input of plain puzzles: its lines solved in C, a block at a time.
        with interruptible() as interrupted:
            return batch.solve_source(args, SolveRun(args, True, interrupted, file_size(args.source)))
    found = source_entries(args.source)
    if found is None:
        return 1
    entries, from_file = found
    with interruptible() as interrupted:
        return solve_entries(args, entries, from_file, interrupted,
                             file_size(args.source) if from_file else None)


def file_size(source: str) -> int | None:
    """The size in bytes of a file source (for the progress bar), None for standard input."""
    return None if source == "-" else Path(source).stat().st_size


def solve_entries(args, entries: Iterable[tuple[int | None, str]], from_file: bool, interrupted,
                  size: int | None) -> int:
    """Solve each entry as it is read, printing as it goes; Ctrl-C ends the puzzle at hand and the run.
    size: the file's bytes, for the progress bar (None: no bar's end is known)."""
    run = SolveRun(args, from_file, interrupted, size)
    for line, text in entries:
        if interrupted():
            break
        status = run.entry(line, text)
        if status is not None:
            return status
    return run.finish()


class SolveRun:
    """One solve command over its entries: the limits, the progress bar, the totals, what is printed.
    entry() solves one entry; the compiled fast path (batch.py) solves most lines itself and hands
    the others to entry(), and its puzzles that need words to report()."""

    def __init__(self, args, from_file: bool, interrupted, size: int | None):
        self.args, self.from_file, self.interrupted = args, from_file, interrupted
        limit = None if args.all or (args.count and args.limit is None) else (args.limit or 1)
        self.limits = {"max_solutions": limit, "max_steps": args.max_steps, "max_seconds": args.max_seconds,
                       "choose": args.choose, "keep": 0 if args.count else None, "cancelled": interrupted,
                       "engine": args.engine}
        show_progress = from_file and (sys.stderr.isatty() if args.progress is None else args.progress)
        self.progress = Progress(size, show_progress)
        self.totals = Totals()
        self.start = time.perf_counter()
        self.out = sys.stdout
        self.done = 0
        self.cut: tuple[int, int | None] | None = None     # the entry whose search Ctrl-C stopped, if any
        self.read = 0       # bytes of the source read so far, for the progress bar

    def entry(self, line: int | None, text: str) -> int | None:
        """Read, solve, check and print one entry; an exit status when the run must end now."""
        from ..models import build_clock  # not on the fast path

        args = self.args
        self.done += 1
        self.read += len(text.encode("utf-8", "replace")) + 1
        # --max-seconds bounds the entry's model build too (build_clock): a 25×25 sandwich's could run
        # for minutes before its search began.
        start = time.perf_counter()
        with build_clock.until(None if args.max_seconds is None else start + args.max_seconds, args.max_seconds,
                               start):
            try:
                return self.solve_entry(line, text)
            except build_clock.BuildStopped as error:
                self.totals.failed += 1
                self.progress.clear()
                print(f"error: {where(line)}{error.message}", file=sys.stderr)
                self.progress.update(self.done, self.read)
                return None

    def solve_entry(self, line: int | None, text: str) -> int | None:
        """entry()'s work, under its build clock."""
        from ..models import constraint_check, constraint_cover, constraints

        args = self.args
        try:
            if args.link is not None:
                grid, setup, notes = read_link_entry(args, text)
                for note in notes:
                    print(f"note: {where(line)}{note}", file=sys.stderr)
            else:
                grid, rules = read_entry(args, text)
                setup = constraints.Setup(rules)
        except (sudoku.ParseError, variants.VariantError) as error:
            self.totals.failed += 1
            self.progress.clear()
            print(f"error: {entry_error(line, error, args.source)}", file=sys.stderr)
            if isinstance(error, OptionError) and not self.from_file:
                return 2            # one puzzle, and the options do not fit it: a usage error
            self.progress.update(self.done, self.read)
            return None
        rules = setup.rules
        solved = constraint_cover.solve(grid, setup, **self.limits)
        checked = setup.about()
        if not rules.plain:
            from ..models import variant_check
        for g in solved.grids:     # checked independently: plain Sudoku's own checker is the quicker
            if not (sudoku.is_solution(grid, g) if rules.plain
                    else variant_check.is_solution(grid.cells, g.cells, rules.names, rules.regions)) or \
                    not constraint_check.is_solution(grid.cells, g.cells, checked["constraints"], checked["negative"]):
                raise RuntimeError(f"{where(line)}the solver returned a grid that is not a solution")
        style = "grid" if args.grid else "line"
        grids = "".join(sudoku.format_grid(g, style) + ("\n\n" if args.grid else "\n") for g in solved.grids)
        self.report(line, solved.outcome, grids)
        self.progress.update(self.done, self.read)
        return None

    def report(self, line: int | None, outcome: ec.Outcome, grids: str) -> None:
        """Print one solved entry: its count, or its grids (formatted, each line ended) and the words
        its outcome needs; and count it."""
        args, out = self.args, self.out
        if outcome.limit == ec.LIMIT_CANCELLED:
            self.cut = (self.done, line)
        self.totals.add(outcome)
        if args.count:
            exact = "" if outcome.complete else "+" if outcome.stats.solutions else "?"
            # From a file, each count names its line: bad lines print none.
            print(f"{where(line)}{outcome.stats.solutions}{exact}", file=out)
        else:
            out.write(grids)
            if not grids or outcome.status == ec.STOPPED:
                from ..analysis.explain import outcome_message  # words only when some are said
                print(f"# {where(line)}{outcome_message(outcome, replayable=False)}", file=out)
        if args.stats:
            s = outcome.stats
            print(f"# {where(line)}{outcome.status}, {s.solutions} solution{'s' if s.solutions != 1 else ''}, "
                  f"{s.nodes} nodes, {s.dead_ends} dead ends, {s.steps} steps, "
                  f"{s.seconds * 1e3:.2f} ms, {s.engine} engine", file=out)

    def finish(self) -> int:
        """After the last entry (or Ctrl-C): close the bar, the totals, what stopped; the exit status."""
        args, out, done, interrupted = self.args, self.out, self.done, self.interrupted
        self.progress.close(done, interrupted())
        if args.stats:
            for text in self.totals.lines(time.perf_counter() - self.start):
                print(text, file=out)
        if interrupted():
            # The file is read as it is solved: how many puzzles it holds past this one is not known.
            if self.cut is not None:     # Ctrl-C stopped a search part way (its count ends in '+' or '?')
                number, line = self.cut
                during = f"line {line} (puzzle {number})" if line is not None else f"puzzle {number}"
                print(f"interrupted: stopped during {during}; {number - 1} done before it", file=sys.stderr)
            else:
                print(f"interrupted: stopped after {done} puzzle{'s' if done != 1 else ''}", file=sys.stderr)
            return INTERRUPTED
        if self.totals.failed and self.from_file:
            print(f"error: {self.totals.failed} of {done} lines could not be read", file=sys.stderr)
        return 1 if self.totals.failed else 0


def run_log(args) -> int:
    """The log command: one solve, its step log written as JSON."""
    wrong = variant_options_error(args)
    if wrong:
        print(f"error: {wrong}", file=sys.stderr)
        return 2
    found = source_entries(args.source)
    if found is None:
        return 1
    line, text = next(found[0])
    try:
        grid, rules = read_entry(args, text)
    except (sudoku.ParseError, variants.VariantError) as error:
        print(f"error: {entry_error(line, error, args.source)}", file=sys.stderr)
        return 2 if isinstance(error, OptionError) else 1
    # Open the output before the search: a path that cannot be written fails now, not after it.
    try:
        output = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        print(f"error: cannot write {args.output}: {error.strerror}", file=sys.stderr)
        return 1
    with output if output is not sys.stdout else contextlib.nullcontext():
        return write_log(args, grid, rules, output)


def write_log(args, grid: sudoku.Grid, rules: variants.Rules, output) -> int:
    """Solve with a recording and write the step log to output (an open text file)."""
    from ..log import steplog

    recording = ec.Recording()
    # The recording and its analysis live in memory: unless --max-steps says otherwise, a log
    # stops at the page's million steps (the compiled core records that many in a fraction of
    # a second; uncapped, a minute of it would be gigabytes).
    max_steps = args.max_steps if args.max_steps is not None else DEFAULT_MAX_STEPS
    limits = {"max_solutions": args.limit, "max_steps": max_steps, "max_seconds": args.max_seconds}
    # A what-if: the choices placed first and the item branched on below them (as /api/solve's).
    what_if = {**({"choices": list(args.force)} if args.force else {}),
               **({"branch_on": args.branch_on} if args.branch_on is not None else {})}
    # Ctrl-C stops the search, not the command: the steps recorded so far are a log too.
    try:
        with interruptible() as interrupted:
            solved = variants.solve(grid, rules, recording=recording, choose=args.choose, cancelled=interrupted,
                                    engine=args.engine, **limits, **what_if)
    except ec.ChoiceError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    model = variants.model(rules)
    log = steplog.build(model.problem, model.phrases, sudoku.given_options(grid), recording, solved.outcome,
                        variants.about(grid, rules), **what_if)
    message = log["outcome"]["message"]
    text = steplog.dumps(log)
    if args.output == "-":
        output.write(text + "\n")
    else:
        output.write(text)
        print(f"wrote {len(recording.events):,} steps ({len(text):,} bytes) to {args.output}: {message}",
              file=sys.stderr)
    if solved.outcome.limit == ec.LIMIT_CANCELLED:
        print("interrupted: the log holds the steps recorded before Ctrl-C", file=sys.stderr)
        return INTERRUPTED
    return 0


# -- cover: any exact cover problem -------------------------------------------------

def add_cover_command(commands) -> None:
    """The cover command: a problem in Knuth's text format, or a built-in with its parameters."""
    from ..models import problems

    cover = commands.add_parser("cover", help=COMMAND_HELP["cover"])
    cover.add_argument("file", nargs="?", help="the problem as text (see docs/guide.md), or - for standard input")
    cover.add_argument("--builtin", choices=list(problems.BUILTINS), metavar="NAME",
                       help=f"a built-in problem instead of a file: {', '.join(problems.BUILTINS)}")
    params: dict[str, list] = {}
    for spec in problems.BUILTINS.values():
        for p in spec.params:
            params.setdefault(p.name, []).append((spec, p))
    for name, uses in params.items():
        flag, kind = "--" + name.replace("_", "-"), uses[0][1].kind
        words = "; ".join(f"{spec.id}: {p.help}" + (f" ({p.low}-{p.high}, default {p.default})"
                                                    if p.kind == "int" else "") for spec, p in uses)
        if kind == "bool":
            cover.add_argument(flag, action="store_const", const=True, default=None, help=words)
        else:
            cover.add_argument(flag, type=int, default=None, metavar=name.upper(), help=words)
    how_many = cover.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="find every solution")
    how_many.add_argument("--limit", type=positive_int, default=None, metavar="N",
                          help="stop after N solutions (default 1, or all with --count)")
    cover.add_argument("--count", action="store_true",
                       help="print the number of solutions ('+' after it: stopped at a limit)")
    cover.add_argument("--stats", action="store_true", help="print nodes, dead ends, steps and time")
    add_search_options(cover)


def cover_problem(args) -> tuple[ec.Problem | None, str | None, int]:
    """The problem a cover command names, or (None, message, exit status) when it cannot be had."""
    from ..models import cover_text, problems

    given = {p.name: getattr(args, p.name) for spec in problems.BUILTINS.values() for p in spec.params
             if getattr(args, p.name) is not None}
    if (args.file is None) == (args.builtin is None):
        return None, "give either a FILE (or - for standard input) or --builtin NAME", 2
    if args.file is not None:
        if given:
            flags = ", ".join("--" + name.replace("_", "-") for name in given)
            return None, f"{flags}: parameters of a built-in, for use with --builtin", 2
        if args.file == "-":
            text, name = sys.stdin.read(), "standard input"
        elif not args.file:
            return None, "give a FILE name (or - for standard input)", 2
        elif is_dir(args.file):
            return None, f"{args.file!r} is a directory, not a file holding a problem", 1
        elif not is_file(args.file):
            return None, f"no file named {args.file!r}", 1
        else:
            text, name = Path(args.file).read_text(encoding="utf-8", errors="replace"), args.file
        try:
            return cover_text.parse_cover(text), None, 0
        except cover_text.CoverParseError as error:
            return None, f"{name}: {error.message}", 1
    spec = problems.BUILTINS[args.builtin]
    takes = {p.name for p in spec.params}
    for name in given:
        if name not in takes:
            flags = ", ".join("--" + p.replace("_", "-") for p in sorted(takes)) or "no parameters"
            return None, f"--{name.replace('_', '-')} is not a parameter of {args.builtin} (it takes {flags})", 2
    try:
        return problems.make(args.builtin, **given).problem, None, 0
    except problems.BuiltinError as error:
        return None, str(error), 2


def run_cover(args) -> int:
    """The cover command: each solution as its options, one a line; 1 for a bad file."""
    from ..analysis.explain import outcome_message
    from ..models import cover_text

    problem, message, status = cover_problem(args)
    if problem is None:
        print(f"error: {message}", file=sys.stderr)
        return status
    out = sys.stdout
    shown: list[int] = []

    def show(solution):
        if shown:
            print(file=out)
        shown.append(1)
        for k in solution:
            print(cover_text.format_option(problem, k), file=out)

    limit = None if args.all or (args.count and args.limit is None) else (args.limit or 1)
    with interruptible() as interrupted:
        outcome = ec.Search(problem, args.engine).run(max_solutions=limit, max_steps=args.max_steps,
                                         max_seconds=args.max_seconds, choose=args.choose, keep=0,
                                         on_solution=None if args.count else show, cancelled=interrupted)
    s = outcome.stats
    if args.count:
        print(f"{s.solutions}{'' if outcome.complete else '+' if s.solutions else '?'}", file=out)
    elif not s.solutions or outcome.status == ec.STOPPED:
        if shown:
            print(file=out)
        print(f"# {outcome_message(outcome, replayable=False)}", file=out)
    if args.stats:
        print(f"# {outcome.status}, {s.solutions} solution{'s' if s.solutions != 1 else ''}, {s.nodes} nodes, "
              f"{s.dead_ends} dead ends, {s.steps} steps, {s.seconds * 1e3:.2f} ms, {s.engine} engine", file=out)
    if outcome.limit == ec.LIMIT_CANCELLED:
        print(f"interrupted: {s.solutions} solution{'s' if s.solutions != 1 else ''} found, "
              f"{s.nodes:,} nodes tried", file=sys.stderr)
        return INTERRUPTED
    return 0
