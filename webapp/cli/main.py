"""The command line's entry point: its commands and what runs each (`python -m webapp`, `dlx-sudoku`).

    python -m webapp solve | log | cover   (webapp/cli/commands.py)
    python -m webapp analyse               (webapp/cli/analyse.py)
    python -m webapp serve                 (webapp/web/serve.py, imported only when serving)

commands.py holds the shared helpers (sources, budgets, the progress bar, Ctrl-C);
analyse.py uses them, and this module, above both, puts the commands together.
"""

from __future__ import annotations

import argparse
import sys

from .commands import (
    COMMAND_HELP as HELP,
)
from .commands import (
    INTERRUPTED,
    SourceError,
    add_cover_command,
    add_search_options,
    add_variant_options,
    item_id,
    non_negative_float,
    option_ids,
    port_number,
    positive_float,
    positive_int,
    run_cover,
    run_log,
    run_solve,
)
from .startup import Parser


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with its commands. command: the one being run, when known: only its
    own options are built, the others listed by name and help (the options of cover and analyse
    import the built-in problems, the analysis: a solve need not pay for them)."""
    parser = Parser(prog="python -m webapp", description="Solve Sudoku with Knuth's dancing links (DLX).")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, words in HELP.items():
        if command not in HELP or name == command:
            build_command(commands, name)
        else:
            commands.add_parser(name, help=words, add_help=False)
    return parser


def build_command(commands, name: str) -> None:
    """One command's parser, with its options."""
    if name == "solve":
        build_solve(commands)
    elif name == "log":
        build_log(commands)
    elif name == "cover":
        add_cover_command(commands)
    elif name == "analyse":
        from . import analyse as cli_analyse
        cli_analyse.add_command(commands)
    else:
        build_serve(commands)


def build_solve(commands) -> None:
    """solve: a puzzle, a file or standard input."""
    solve = commands.add_parser("solve", help=HELP["solve"])
    solve.add_argument("source", nargs="?", default=None,
                       help="a puzzle (81, 256, 625… cells), a file, or - for standard input")
    solve.add_argument("--import", dest="link", default=None, metavar="LINK-OR-FILE",
                       help="an f-puzzles link (or its load= value, or a SudokuPad link of the f-puzzles form), "
                            "or a file of such links, one a line, instead of SOURCE")
    solve.add_argument("--partial", action="store_true",
                       help="with --import: solve a link even when it holds rules this solver does not keep")
    how_many = solve.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="find every solution")
    how_many.add_argument("--limit", type=positive_int, default=None, metavar="N",
                          help="stop after N solutions (default 1, or all with --count; 2 checks uniqueness)")
    shown = solve.add_mutually_exclusive_group()    # --grid shapes the grids that --count does not print
    shown.add_argument("--count", action="store_true",
                       help="print the number of solutions, not the grids ('+' after it: stopped at a limit)")
    shown.add_argument("--grid", action="store_true", help="print solutions as grids, not one-line strings")
    solve.add_argument("--stats", action="store_true", help="print nodes, dead ends and time per puzzle, and totals")
    add_variant_options(solve)
    add_search_options(solve)
    progress = solve.add_mutually_exclusive_group()
    progress.add_argument("--progress", action="store_true", default=None,
                          help="show a progress bar on stderr (default: when stderr is a terminal)")
    progress.add_argument("--no-progress", action="store_false", dest="progress")


def build_log(commands) -> None:
    """log: one solve's step log as JSON."""
    log = commands.add_parser("log", help=HELP["log"])
    log.add_argument("source", help="a puzzle, or a file whose first puzzle is used")
    log.add_argument("-o", "--output", required=True, help="the JSON file to write ('-' for stdout)")
    log.add_argument("--limit", type=positive_int, default=1, metavar="N", help="stop after N solutions")
    log.add_argument("--force", type=option_ids, default=(), metavar="ID,ID,…",
                     help="what if: option ids placed as the choices of levels 0, 1, … (the search runs below them)")
    log.add_argument("--branch-on", type=item_id, default=None, metavar="ITEM",
                     help="what if: the item id the level below the choices branches on")
    add_variant_options(log)
    add_search_options(log)


def build_serve(commands) -> None:
    """serve: the production server."""
    serve = commands.add_parser("serve", help=HELP["serve"])
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1; "
                       "0.0.0.0 for every interface)")
    serve.add_argument("--port", type=port_number, default=8000, help="the port (default 8000; 0 picks a free one)")
    serve.add_argument("--workers", type=positive_int, default=None, metavar="N",
                       help="worker processes (default: one per core)")
    serve.add_argument("--threads", type=positive_int, default=4, metavar="N",
                       help="threads per worker (default 4)")
    serve.add_argument("--grace", type=positive_float, default=15.0, metavar="SECONDS",
                       help="on SIGTERM or Ctrl-C, how long the requests in flight have to finish "
                            "(default 15; a second signal stops at once)")
    serve.add_argument("--max-worker-mb", type=non_negative_float, default=400.0, metavar="MB",
                       help="a worker whose memory grew past MB between requests is replaced, "
                            "without dropping a request (default 400; 0: never)")



def main(argv=None) -> int:
    """Entry point of `python -m webapp` and `dlx-sudoku`."""
    words = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(words[0] if words else None).parse_args(argv)
    try:
        if args.command == "cover":
            return run_cover(args)
        if args.command == "analyse":
            from . import analyse as cli_analyse
            return cli_analyse.run(args)
        if args.command == "serve":
            from ..web import answers
            from ..web.serve import serve  # Flask and waitress only when serving

            try:        # before any worker starts: one that cannot start would be restarted for ever
                answers.check()
            except answers.AnswerCacheError as error:
                print(f"error: {error}", file=sys.stderr)
                return 2

            return serve(args.host, args.port, args.workers, args.threads, grace=args.grace,
                         max_worker_mb=args.max_worker_mb)
        return run_solve(args) if args.command == "solve" else run_log(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:       # a second Ctrl-C, or one outside a search
        print("\ninterrupted", file=sys.stderr)
        return INTERRUPTED
    except SourceError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
