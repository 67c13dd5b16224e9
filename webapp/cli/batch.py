"""`solve FILE` on its fast path: the file's plain puzzle lines parsed, solved, checked and printed in C.

When the compiled fast path is built (webapp/models/sudoku_lines.py) and the
command asks nothing it cannot do (no variant, no --regions, no --import, no
--stats, the compiled engine), a file or standard input is read in blocks of bytes and each
block goes to the C module, which prints what the Python path would for every
line that is certainly a plain puzzle. The lines it hands back (anything
unusual, every bad line, a 36×36 and larger) go through the Python path one by
one (commands.SolveRun.entry), as do the words for a puzzle with no solution
or a stopped search (SolveRun.report): the output is the Python path's to the
byte (tests/cli/test_batch.py compares them), only faster.

The puzzle text given on the command line (one puzzle) keeps the Python path:
its start-up, not its solving, is what it costs.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import cast

from ..engine import exact_cover as ec
from ..models import sudoku_lines

BLOCK = 1 << 20         # bytes read at a time from a file
PIPE_BLOCK = 1 << 16    # from standard input: what is there, up to this much
BOM = b"\xef\xbb\xbf"   # the byte order mark some editors put first (the Python path reads utf-8-sig)
# The C module's endings (as the engine's core's), as an outcome's limit.
LIMITS = (None, ec.LIMIT_SOLUTIONS, ec.LIMIT_STEPS, ec.LIMIT_TIME, ec.LIMIT_CANCELLED)


def applies(args) -> bool:
    """Whether this command takes the fast path: a file or standard input, of any puzzles (lines
    the C module does not take go the Python way), with options it handles."""
    return (sudoku_lines.available() and args.engine == ec.COMPILED and not args.variant
            and args.regions is None and not args.stats and args.link is None and args.source is not None
            and (args.source == "-" or _is_file(args.source)))


def _is_file(source: str) -> bool:
    try:
        return "\n" not in source and Path(source).is_file()
    except (OSError, ValueError):
        return False


def settings_of(run) -> sudoku_lines.Settings:
    """The C module's settings for the run's limits and output."""
    args, limits = run.args, run.limits
    style = sudoku_lines.COUNT if args.count else sudoku_lines.GRID if args.grid else sudoku_lines.LINE
    return sudoku_lines.Settings(limits["max_solutions"], limits["max_steps"], limits["max_seconds"],
                                 limits["choose"] == "mrv", style)


def blocks(source: str):
    """The source's bytes a block at a time (a file opened now, so a missing one fails now)."""
    if source == "-":
        stream = cast(io.BufferedReader, sys.stdin.buffer)
        return iter(lambda: stream.read1(PIPE_BLOCK), b"")
    handle = Path(source).open("rb")  # noqa: SIM115 -- opened now (a missing file fails now), closed by read()

    def read():
        with handle:
            yield from iter(lambda: handle.read(BLOCK), b"")
    return read()


def solve_source(args, run) -> int:
    """Solve every line of the source, printing as it goes; the exit status (as commands.solve_entries)."""
    settings = settings_of(run)
    out, interrupted = run.out, run.interrupted
    pending, line, first, seen = b"", 1, True, False
    source = blocks(args.source)
    eof, total = False, 0       # total: bytes read from the source so far
    while not eof:
        more = next(source, None)
        eof = more is None
        total += len(more or b"")
        block = pending + (more or b"")
        if first and (block.startswith(BOM) or eof or len(block) >= len(BOM)):
            block, first = block.removeprefix(BOM), False
        elif first:
            pending = block         # too short yet to tell whether it begins with a byte order mark
            continue
        position = 0
        while True:
            if interrupted():
                return run.finish()
            done = sudoku_lines.solve_lines(block, position, eof, line, settings, interrupted)
            out.write(done.output)
            run.done += done.puzzles
            seen = seen or done.puzzles > 0
            position, line = done.position, done.line
            stop = done.stop
            if stop == sudoku_lines.RAISED:
                raise cast(BaseException, done.extra)   # a second Ctrl-C: KeyboardInterrupt, output written
            if stop == sudoku_lines.INTERRUPTED:
                return run.finish()
            if stop == sudoku_lines.CHECK_FAILED:
                raise RuntimeError(f"line {line}: the solver returned a grid that is not a solution")
            if stop == sudoku_lines.DEFER:
                end, position = cast(tuple, done.extra)
                text = block[done.position:end].decode("utf-8", "replace")
                if line == 1:
                    text = text.removeprefix("\ufeff")
                if text.strip() and not text.lstrip().startswith("#"):     # commands.numbered's filter
                    seen = True
                    status = run.entry(line, text)
                    if status is not None:
                        return status
                line += 1
            elif stop == sudoku_lines.OUTCOME:
                seen = True
                position, ending, found, nodes, dead_ends, steps, levels, grids = cast(tuple, done.extra)
                run.done += 1
                run.report(line, outcome_of(run, ending, found, nodes, dead_ends, steps, levels), grids)
                line += 1
            run.read = total - len(block) + position
            run.progress.update(run.done, run.read)
            if stop == sudoku_lines.MORE:
                break
        pending = block[position:]
    if not seen:
        print(f"error: no puzzle found in {args.source!r}", file=sys.stderr)
        return 1
    return run.finish()


def outcome_of(run, ending: int, found: int, nodes: int, dead_ends: int, steps: int, levels: int) -> ec.Outcome:
    """The outcome of a search the C module ran, as the engine would have returned it."""
    limit = LIMITS[ending]
    status = ec.STOPPED if limit not in (None, ec.LIMIT_SOLUTIONS) else ec.SOLVED if found else ec.NO_SOLUTION
    stats = ec.Stats(solutions=found, nodes=nodes, dead_ends=dead_ends, steps=steps,
                     max_level=max(levels - 1, 0), seconds=0.0, engine=ec.COMPILED)
    limits = run.limits
    settings = {"choose": limits["choose"], "max_solutions": limits["max_solutions"],
                "max_steps": limits["max_steps"], "max_seconds": limits["max_seconds"]}
    return ec.Outcome(status, limit is None, limit, [], stats, settings)
