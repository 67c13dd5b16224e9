"""The analyse command: why a search backtracks, and what each wrong choice cost.

    python -m webapp analyse PUZZLE|FILE|- [--json] [--all | --limit N] [--choose mrv|first]
    python -m webapp analyse --cover FILE|- | --builtin NAME [--n N …] [--json] …

One puzzle or problem: a short report, or with --json one JSON object on the
first line of standard output. A file of puzzles: one JSON object a line (JSON
Lines), with a progress bar on a terminal. webapp/analysis/facts.py does the work;
this module only runs the searches and writes what it found.

The shared helpers (sources, budgets, the progress bar, Ctrl-C) live in
webapp/cli/commands.py, used here as `cli.<name>`; webapp/cli/main.py adds
this command to the others.
"""

from __future__ import annotations

import bisect
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass

from ..analysis import facts as an
from ..analysis.explain import outcome_message
from ..engine import exact_cover as ec
from ..models import cover_text, problems, sudoku, variants
from ..words.messages import say
from . import commands as cli

# The page's cap (web.DEFAULTS["SOLVE_MAX_STEPS"]): the recording is kept in memory.
DEFAULT_MAX_STEPS = cli.DEFAULT_MAX_STEPS
# How many of each kind of finding the readable report lists.
REPORT_TOP = 5


def add_command(commands) -> None:
    """Add the analyse command to the subcommands of the parser."""
    analyse = commands.add_parser("analyse", help=cli.COMMAND_HELP["analyse"])
    analyse.add_argument("source", nargs="?",
                         help="a puzzle, a file with one puzzle a line (JSON Lines out), or - for standard input")
    analyse.add_argument("--cover", metavar="FILE",
                         help="an exact cover problem in Knuth's text format (see `cover`), or - for standard input")
    analyse.add_argument("--builtin", choices=list(problems.BUILTINS), metavar="NAME",
                         help=f"a built-in exact cover problem: {', '.join(problems.BUILTINS)}")
    add_builtin_parameters(analyse)
    analyse.add_argument("--json", action="store_true",
                         help="print one JSON object (the first line of standard output) instead of a report")
    how_many = analyse.add_mutually_exclusive_group()
    how_many.add_argument("--all", action="store_true", help="search for every solution")
    how_many.add_argument("--limit", type=cli.positive_int, default=1, metavar="N",
                          help="stop after N solutions (default 1)")
    cli.add_variant_options(analyse)
    cli.add_search_options(analyse)
    analyse.set_defaults(max_steps_default=DEFAULT_MAX_STEPS)
    progress = analyse.add_mutually_exclusive_group()
    progress.add_argument("--progress", action="store_true", default=None,
                          help="show a progress bar on stderr for a file (default: when stderr is a terminal)")
    progress.add_argument("--no-progress", action="store_false", dest="progress")


def add_builtin_parameters(parser) -> None:
    """--n, --width, … : the built-ins' parameters, as the cover command takes them."""
    seen: dict[str, list] = {}
    for spec in problems.BUILTINS.values():
        for p in spec.params:
            seen.setdefault(p.name, []).append((spec, p))
    for name, uses in seen.items():
        flag = "--" + name.replace("_", "-")
        words = "with --builtin: " + "; ".join(f"{spec.id}: {p.help}" for spec, p in uses)
        if uses[0][1].kind == "bool":
            parser.add_argument(flag, action="store_const", const=True, default=None, help=words)
        else:
            parser.add_argument(flag, type=int, default=None, metavar=name.upper(), help=words)


@dataclass
class Subject:
    """What is analysed: the problem, its givens, and how to name its items and options."""

    problem: ec.Problem
    givens: list[int]
    choice: Callable[[int], dict]       # an option as JSON fields: cell and digit, or its label
    about: dict                         # "puzzle" or "problem" (a title) for the JSON


def sudoku_subject(grid: sudoku.Grid, rules: variants.Rules | None = None) -> Subject:
    """A Sudoku puzzle (under a variant's rules, if any): choices named by cell and digit."""
    size = grid.size
    problem = variants.model(rules).problem if rules is not None else sudoku.problem_for(grid.n)

    def choice(option: int) -> dict:
        return {"cell": sudoku.cell_name(option // size, size), "digit": option % size + 1}

    about = {"puzzle": sudoku.format_grid(grid)}
    if rules is not None and not rules.plain:
        about.update(rules.about())
    return Subject(problem, sudoku.given_options(grid), choice, about)


def cover_subject(problem: ec.Problem, labels, title: str) -> Subject:
    """An exact cover problem: choices named by their labels."""
    return Subject(problem, [], lambda option: {"option": labels[option]}, {"problem": title})


def run(args) -> int:
    """The analyse command; 1 for a bad source or line, 2 for a bad use, 130 when Ctrl-C stopped it."""
    chosen = [name for name, value in (("PUZZLE", args.source), ("--cover", args.cover),
                                       ("--builtin", args.builtin)) if value is not None]
    if len(chosen) != 1:
        print("error: give one of a PUZZLE (or FILE, or -), --cover FILE or --builtin NAME"
              + (f", not {' and '.join(chosen)}" if chosen else ""), file=sys.stderr)
        return 2
    if args.source is None and (args.variant or args.regions is not None):
        print("error: --variant and --regions go with a PUZZLE (or FILE)", file=sys.stderr)
        return 2
    if args.source is not None:
        wrong = cli.variant_options_error(args)
        if wrong:
            print(f"error: {wrong}", file=sys.stderr)
            return 2
        given = [f"--{name.replace('_', '-')}" for name in builtin_parameters(args)]
        if given:
            print(f"error: {', '.join(given)}: parameters of a built-in, for use with --builtin", file=sys.stderr)
            return 2
        found = cli.source_entries(args.source)
        if found is None:
            return 1
        entries, from_file = found
        if from_file:
            return analyse_file(args, entries)
        line, text = next(entries)
        try:
            grid, rules = cli.read_entry(args, text)
        except (sudoku.ParseError, variants.VariantError) as error:
            print(f"error: {cli.entry_error(line, error, args.source)}", file=sys.stderr)
            return 2 if isinstance(error, cli.OptionError) else 1
        return analyse_one(args, sudoku_subject(grid, rules))
    subject, status = cover_source(args)
    return status if subject is None else analyse_one(args, subject)


def builtin_parameters(args) -> dict:
    """The built-in parameters given on the command line."""
    return {p.name: getattr(args, p.name) for spec in problems.BUILTINS.values() for p in spec.params
            if getattr(args, p.name) is not None}


def cover_source(args) -> tuple[Subject | None, int]:
    """The exact cover problem of --cover or --builtin, or (None, exit status) after saying what is wrong."""
    namespace = vars(args).copy()
    namespace["file"] = args.cover
    problem, message, status = cli.cover_problem(type(args)(**namespace))
    if problem is None:
        print(f"error: {message}", file=sys.stderr)
        return None, status
    if args.builtin is not None:
        builtin = problems.make(args.builtin, **builtin_parameters(args))
        return cover_subject(problem, builtin.phrases["labels"], builtin.title), 0
    labels = [cover_text.format_option(problem, k) for k in range(len(problem.options))]
    return cover_subject(problem, labels, "standard input" if args.cover == "-" else args.cover), 0


def limits_of(args, interrupted) -> dict:
    """The search's limits: solutions, budgets (steps at most the page's cap unless given), choice."""
    max_steps = args.max_steps if args.max_steps is not None else args.max_steps_default
    return {"max_solutions": None if args.all else args.limit, "max_steps": max_steps,
            "max_seconds": args.max_seconds, "choose": args.choose, "keep": 0, "cancelled": interrupted,
            "engine": args.engine}


def analyse_one(args, subject: Subject) -> int:
    """One search: the report, or its JSON object."""
    with cli.interruptible() as interrupted:
        found, outcome = an.run(subject.problem, subject.givens, **limits_of(args, interrupted))
    answer = summary(subject, found, outcome)
    if args.json:
        print(json.dumps(answer, separators=(",", ":")))
    else:
        print("\n".join(report_lines(subject, found, outcome, answer)))
    if outcome.limit == ec.LIMIT_CANCELLED:
        print("interrupted: the analysis covers the steps searched before Ctrl-C", file=sys.stderr)
        return cli.INTERRUPTED
    return 0


def analyse_file(args, entries) -> int:
    """Each puzzle of a file: one JSON object a line; bad lines are said on stderr and skipped."""
    show = sys.stderr.isatty() if args.progress is None else args.progress
    progress = cli.Progress(cli.file_size(args.source), show)
    failed = done = read = 0
    with cli.interruptible() as interrupted:
        for done, (line, text) in enumerate(entries, start=1):
            if interrupted():
                break
            read += len(text.encode("utf-8", "replace")) + 1
            try:
                grid, rules = cli.read_entry(args, text)
            except (sudoku.ParseError, variants.VariantError) as error:
                failed += 1
                progress.clear()
                print(f"error: {cli.entry_error(line, error, args.source)}", file=sys.stderr)
                progress.update(done, read)
                continue
            subject = sudoku_subject(grid, rules)
            found, outcome = an.run(subject.problem, subject.givens, **limits_of(args, interrupted))
            print(json.dumps({"line": line, **summary(subject, found, outcome)}, separators=(",", ":")))
            progress.update(done, read)
    progress.close(done, interrupted())
    if interrupted():
        print("interrupted: stopped before the end of the file", file=sys.stderr)
        return cli.INTERRUPTED
    if failed:
        print(f"error: {failed} of {done} lines could not be read", file=sys.stderr)
    return 1 if failed else 0


def summary(subject: Subject, found: an.Analysis, outcome: ec.Outcome) -> dict:
    """The analysis as JSON fields: counts, dead ends, wrong choices, jumps, thrashing, heat."""
    items, choice, tries = subject.problem.items, subject.choice, found.tries
    s = outcome.stats

    def culprits(levels, options):
        return [{"level": level, **choice(option)} for level, option in zip(levels, options)]

    jumps = [{"step": j.step, "kind": "dead_end" if j.kind == ec.DEAD_END else "backup", "level": j.level,
              "back_to": j.back_to, "jump_to": j.jump_to, "wasted": j.wasted} for j in found.jumps]
    return {
        **subject.about,
        "status": outcome.status, "complete": outcome.complete, "limit": outcome.limit,
        "choose": outcome.settings.get("choose"),
        "nodes": s.nodes, "dead_ends": s.dead_ends, "solutions": s.solutions, "steps": s.steps,
        "max_level": s.max_level,
        "path_nodes": len(found.path_nodes()),
        "wasted": found.wasted,
        "dead_end_list": [{"step": d.step, "level": d.level, "item": items[d.item],
                           "culprits": culprits(d.culprits, d.culprit_options),
                           "back_to": d.back_to, "jump_to": d.jump_to} for d in found.dead_ends],
        "wrong_choices": [{"level": tries.level[t], **choice(tries.option[t]), "nodes": tries.size[t]}
                          for t in found.wrong_choices],
        "jumps": jumps,
        "thrashing": [{"culprits": culprits([c[0] for c in group.culprits], [c[1] for c in group.culprits]),
                       "dead_ends": len(group.dead_ends),
                       "steps": [found.dead_ends[k].step for k in group.dead_ends]}
                      for group in found.thrashing],
        "heat": {items[i]: count for i, count in enumerate(found.heat) if count},
    }


def next_try(found: an.Analysis, step: int) -> int:
    """The node tried first after an event (the number of nodes when none is)."""
    return bisect.bisect(found.tries.step, step)


def named(fields: dict) -> str:
    """A choice in words: '7 in r4c5' or the option's label."""
    return f"{fields['digit']} in {fields['cell']}" if "cell" in fields else fields["option"]


def report_lines(subject: Subject, found: an.Analysis, outcome: ec.Outcome, answer: dict) -> list[str]:
    """The readable report: counts, the worst wrong choices, the deepest jumps, thrashing, heat."""
    s = outcome.stats
    lines = [f"{answer.get('puzzle') or answer['problem']}",
             outcome_message(outcome, replayable=False),
             (f"{s.nodes:,} nodes ({'options tried and settles' if subject.problem.bounded else 'options tried'}), "
              f"{s.dead_ends:,} dead ends, {s.solutions:,} "
              f"solution{'' if s.solutions == 1 else 's'}, {s.steps:,} steps; {answer['path_nodes']:,} nodes on the "
              f"path{' to the solutions' if s.solutions else ''}, {s.nodes - answer['path_nodes']:,} in "
              f"{len(found.wrong_choices):,} wrong choice{'' if len(found.wrong_choices) == 1 else 's'}.")]
    tries = found.tries
    if found.wrong_choices:
        lines += ["", "Worst wrong choices (the nodes each one's subtree cost):"]
        for t in found.worst_wrong_choices(REPORT_TOP):
            share = tries.size[t] / max(s.nodes, 1)
            # With bounds a node may be a settle: no option, its item takes none more.
            what = named(subject.choice(tries.option[t])) if tries.option[t] >= 0 else say("analyse.settle")
            lines.append(f"  level {tries.level[t]}: {what} "
                         f"cost {tries.size[t]:,} of {s.nodes:,} nodes ({share:.0%})")
    # The deepest jumps first; of the events sharing one wasted stretch (a dead end and the back-ups
    # after it), the one that jumps furthest.
    jumps = sorted(answer["jumps"], key=lambda j: (j["jump_to"] - j["back_to"], -j["wasted"], j["step"]))
    shown, seen = [], set()
    for j in jumps:
        stretch = (j["back_to"], j["wasted"], next_try(found, j["step"]))
        if stretch not in seen:
            seen.add(stretch)
            shown.append(j)
    lines += ["", "Deepest jumps (conflict-directed backjumping):"]
    if subject.problem.bounded:
        # A dead end's conflict sets are found with bounds (bounded_facts.py), a back-up's are not: say so.
        lines.append("  " + say("analyse.bounds_backups"))
    if not shown:
        lines.append("  none: every dead end was caused by the level the search went back to.")
    for j in shown[:REPORT_TOP]:
        what = "a dead end" if j["kind"] == "dead_end" else f"leaving level {j['level']}"
        to = f"level {j['jump_to']}" if j["jump_to"] >= 0 else "the givens (no solution at all)"
        innocent = j["back_to"] - j["jump_to"]
        lines.append(f"  step {j['step'] + 1:,} ({what}): the search went back to level {j['back_to']}, but only "
                     f"{to} mattered: {innocent} innocent level{'' if innocent == 1 else 's'}, "
                     f"{j['wasted']:,} nodes wasted")
    if shown:
        lines.append(f"  A backjumping search would skip at least {found.wasted:,} of {s.nodes:,} nodes.")
    lines += ["", "Thrashing (the same culprits, dead end after dead end):"]
    if subject.problem.bounded:
        lines.append("  " + say("analyse.bounds_no_thrashing"))
    elif not found.thrashing:
        lines.append("  none: no two dead ends share their culprits.")
    for group in answer["thrashing"][:REPORT_TOP]:
        who = ", ".join(f"{named(c)} (level {c['level']})" for c in group["culprits"]) or "the givens alone"
        lines.append(f"  {group['dead_ends']:,} dead ends caused by {who}, "
                     f"steps {group['steps'][0] + 1:,} to {group['steps'][-1] + 1:,}")
    hot = sorted((-count, i) for i, count in enumerate(found.heat) if count)
    if hot:
        lines += ["", "Dead ends by item: " + ", ".join(f"{subject.problem.items[i]} {-count:,}"
                                                        for count, i in hot[:10])
                  + (", …" if len(hot) > 10 else "")]
    return lines
