"""The page and the JSON API (docs/api.md)."""

from __future__ import annotations

import contextlib
import math
import time

from flask import Blueprint, current_app, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..analysis import compare
from ..analysis import facts as analysis
from ..analysis.estimate import estimate
from ..analysis.explain import counted_message, generic_phrases, outcome_message
from ..engine import exact_cover as ec
from ..log import steplog
from ..log import weight as log_weight
from ..models import (
    build_clock,
    constraint_check,
    constraint_cover,
    constraints,
    cover_text,
    fpuzzles,
    problems,
    sudoku,
    variant_check,
    variants,
)
from ..models.examples import examples
from ..words.messages import say
from . import answers, counting, dead_end_facts, hardening

bp = Blueprint("web", __name__)


@bp.before_app_request
def note_the_start() -> None:
    """When this request began: when it had arrived whole at the server. A search's max_seconds
    counts the parsing before it and, under the production server, the time the request waited
    for a thread (hardening.WAITED)."""
    waited = request.environ.get(hardening.WAITED, 0.0)
    g.waited = waited if isinstance(waited, float) else 0.0
    g.started = time.perf_counter() - g.waited
    # A model's build counts in the budget too (build_clock): until the body says its own
    # max_seconds (read_body), the server's cap.
    most = cap("SOLVE_MAX_SECONDS")
    build_clock.start(g.started + most, most, g.started)


@bp.teardown_app_request
def forget_the_clock(_error=None) -> None:
    """The next request on this thread starts its own clock."""
    build_clock.stop()

# Server caps; a client may ask for less, never more (config can lower them).
# A search that records nothing (record: false, and the count past a replay) keeps no log to
# analyse or send, so its step budget is far larger than a recorded one's; the clock bounds both.
# A recorded search gets SOLVE_DEFAULT_STEPS unless it asks for more (up to SOLVE_MAX_STEPS), and
# its log stays within SOLVE_MAX_LOG_WEIGHT (webapp/log/weight.py: the events and the dead ends'
# facts), which bounds the answer's size and its analysis whatever the problem.
DEFAULTS = {"SOLVE_MAX_STEPS": 10_000_000, "SOLVE_DEFAULT_STEPS": 1_000_000, "SOLVE_MAX_LOG_WEIGHT": 12_000_000,
            "SOLVE_MAX_SECONDS": 4.0, "SOLVE_MAX_BOX": 5,
            "SOLVE_MAX_SOLUTIONS": 1000, "SOLVE_MAX_COUNT_STEPS": 200_000_000,
            "SOLVE_MAX_UNRECORDED_STEPS": 200_000_000}


class RequestError(ValueError):
    """A request field that is wrong: the message names it."""

    retry_after: int | None = None      # seconds, for a 503

    def __init__(self, message: str, field: str | None = None, cells=(), position=None, status=400,
                 index: int | None = None):
        super().__init__(message)
        self.message, self.field, self.cells, self.position, self.status = message, field, cells, position, status
        self.index = index      # for field "constraints": the constraint at fault, from 0


def can_start(max_seconds: float) -> None:
    """Refuse a search with a 503 (and Retry-After) when its request waited for a thread for
    the whole of its max_seconds: it could not start in time, and the server is busy."""
    if g.waited < max_seconds:
        return
    error = RequestError(f"the server is busy: this request waited {g.waited:.1f} s for a thread, past its "
                         f"time budget of {max_seconds:g} s; try again shortly", status=503)
    error.retry_after = max(1, math.ceil(max_seconds))
    raise error


def cap(name: str):
    """A server cap from config, falling back to the default."""
    return current_app.config.get(name, DEFAULTS[name])


@bp.app_context_processor
def page_caps():
    """The caps a page names (the most solutions "all" finds)."""
    return {"max_solutions": cap("SOLVE_MAX_SOLUTIONS")}


@bp.get("/")
def index():
    """The visualizer page."""
    return render_template("index.html")


@bp.get("/cover")
def cover_page():
    """Any exact cover problem: built-ins or typed text, with the dancing links shown."""
    return render_template("cover.html")


@bp.get("/embed")
def embed():
    """The small player another site may frame: a Sudoku (?p=…) or a cover problem (?builtin=…
    or ?text=…) replayed between two steps (from, to); hardening.FRAMEABLE lets it be framed."""
    return render_template("embed.html")


@bp.get("/api/examples")
def api_examples():
    """The examples menu."""
    return jsonify(examples())


@bp.post("/api/parse")
def api_parse():
    """Read a puzzle as the solver would: its grid, rules and constraints, and its clashing givens if any;
    with import, the whole puzzle a link holds and notes on what it holds that is not solved."""
    body = read_body()
    imported = read_import(body)
    grid = read_puzzle(body, check=False)
    clash = None
    try:
        setup = read_setup(body, grid)
    except RequestError as error:
        if error.field != "puzzle":
            raise
        clash = {"error": error.message, "cells": list(error.cells)}
        setup = read_setup(body, grid, check=False)
    return jsonify(n=grid.n, size=grid.size, puzzle=sudoku.format_grid(grid), grid=list(grid.cells), clash=clash,
                   **setup_fields(setup), **import_fields(imported))


def setup_fields(setup: constraints.Setup) -> dict:
    """The rules and constraints as an answer gives them (docs/api.md)."""
    return {"variants": list(setup.rules.names), "regions": setup.rules.regions_text(), **setup.about()}


def import_fields(imported: fpuzzles.Imported | None) -> dict:
    """What an answer says of the link it was imported from."""
    if imported is None:
        return {}
    return {"title": imported.title, "author": imported.author, "rules": imported.rules, "notes": imported.notes}


IMPORTED_FIELDS = ("puzzle", "variant", "regions", "constraints", "negative")


def read_import(body: dict) -> fpuzzles.Imported | None:
    """The import field: the link read, and its puzzle put into the body's fields (which must not be
    sent with it). None without import."""
    if "import" not in body:
        return None
    sent = [name for name in IMPORTED_FIELDS if body.get(name) not in (None, "", [])]
    if sent:
        raise RequestError(say("link.with_fields", field=sent[0]), sent[0])
    try:
        imported = fpuzzles.read_link(body["import"])
    except variants.VariantError as error:
        raise RequestError(error.message, "import") from None
    size = round(len(imported.puzzle) ** 0.5)
    body.update(puzzle=imported.puzzle, variant=imported.variants, regions=imported.regions,
                constraints=[c.as_json(size) for c in imported.constraints], negative=imported.negative)
    return imported


def refuse_unsolved(body: dict, imported: fpuzzles.Imported | None) -> None:
    """A link whose rules are not all kept here is solved only when the request says "partial": true."""
    if imported is not None and imported.unsolved and body.get("partial") is not True:
        raise RequestError(say("link.unsolved", notes=" ".join(imported.unsolved)), "import")


def read_setup(body: dict, grid: sudoku.Grid, check: bool = True) -> constraints.Setup:
    """The variants, regions, constraints and negative fields, checked, with the givens checked under them
    (check=False: only the fields, for a parse that shows clashing givens)."""
    if check:
        grid, rules = read_rules(body, grid)
    else:
        rules = read_rules_alone(body, grid)
    try:
        setup = constraints.setup_for(rules, body.get("constraints"), body.get("negative"))
        constraint_cover.model(setup)      # a constraint no digits can keep is named here
        if check:
            constraint_cover.check_givens(grid, setup)
    except constraints.ConstraintError as error:
        raise RequestError(error.message, "constraints", error.cells, index=error.index) from None
    except variants.VariantError as error:
        raise RequestError(error.message, error.field, error.cells) from None
    return setup


@bp.post("/api/solve")
def api_solve():
    """Solve a puzzle with DLX and answer with the outcome, solutions and step log."""
    body = read_body()
    imported = read_import(body)
    refuse_unsolved(body, imported)
    grid = read_puzzle(body, check=False)
    setup = read_setup(body, grid)
    rules = setup.rules
    solutions, asked_all = read_solutions(body)
    choose, recording = read_choice(body)
    max_steps = read_steps(body, recording)
    max_seconds = read_seconds(body)
    model = constraint_cover.puzzle_model(grid, setup)
    givens = sudoku.given_options(grid)
    what_if = read_what_if(body, model.problem)
    limits = {"max_solutions": solutions, "max_steps": max_steps, "max_seconds": max_seconds}
    about = {**constraint_cover.about(grid, setup), **import_fields(imported)}
    answer_key = answers.key("solve", model.problem, givens, about,
                             {**search_settings(limits, choose, recording, asked_all), **what_if})
    stored = answers.lookup(answer_key, max_seconds)
    if stored is not None:
        return stored
    can_start(max_seconds)
    limits.update(time_budget(model.problem, recording))
    def search(recording: ec.Recording | None, **budget):
        with choice_errors(model.problem, model.phrases, givens, what_if):
            return constraint_cover.solve(grid, setup, recording=recording, choose=choose, cancelled=client_gone(),
                                          **{**limits, **budget}, **what_if)
    solved = search(recording)
    recording, solved = within_weight(model.problem, recording, solved, search, lambda s: s.outcome)
    outcome = solved.outcome
    note_cancelled(outcome)
    checked = setup.about()
    for answer_grid in solved.grids:          # every answer is checked independently
        if not (variant_check.is_solution(grid.cells, answer_grid.cells, rules.names, rules.regions)
                and constraint_check.is_solution(grid.cells, answer_grid.cells, checked["constraints"],
                                                 checked["negative"])):
            raise RuntimeError("the solver returned a grid that is not a solution")
    message = outcome_message(outcome, replayable=recording is not None, asked_all=asked_all)
    answer = {
        "n": grid.n, "size": grid.size, "puzzle": sudoku.format_grid(grid), "grid": list(grid.cells),
        **setup_fields(setup), **import_fields(imported),
        "outcome": {"status": outcome.status, "complete": outcome.complete, "limit": outcome.limit,
                    "message": message},
        "solutions": [list(g.cells) for g in solved.grids],
        "stats": steplog.stats_dict(outcome.stats),
        "build_seconds": round(build_clock.built(), 6),       # the model's build, before the search
    }
    # Before the log's analysis, which a search stopped by its step budget may leave no time after.
    # Knuth's estimate and the count are of the whole search: a what-if's lies below its choices.
    answer["estimate"] = None if what_if else tree_estimate(model.problem, givens, choose, outcome, limits)
    if recording is not None:
        with slowdown().timing(model.problem, recording, outcome):
            answer["log"] = steplog.build(model.problem, model.phrases, givens, recording, outcome,
                                          constraint_cover.about(grid, setup), message, **what_if, native=True)
        answer["outcome"]["message"] = answer["log"]["outcome"]["message"]
    # After the log's analysis: the count gets what is really left of the time.
    answer["count"] = count_all(model.problem, givens, choose, outcome, limits, asked_all and not what_if)
    return answers.answer(answer_key, steplog.encode(answer), outcome, answer["count"],
                          dead_end_facts.payload(model.problem, answer.get("log")))


def read_sudoku(body: dict) -> tuple[sudoku.Grid, constraints.Setup, ec.Problem, list[int]]:
    """The puzzle of a Sudoku request as the search sees it: the grid, its setup (the variants,
    regions and constraints asked for, or a link's), its exact cover problem and its givens'
    options. /api/compare and /api/estimate read it only here."""
    imported = read_import(body)
    refuse_unsolved(body, imported)
    grid = read_puzzle(body, check=False)
    setup = read_setup(body, grid)
    return grid, setup, constraint_cover.puzzle_model(grid, setup).problem, sudoku.given_options(grid)


CHOICES = ("mrv", "first")      # the item choices /api/compare sets side by side, in this order


@bp.post("/api/compare")
def api_compare():
    """The same puzzle searched with fewest options first and with the first item: each
    search's counts and its tree's shape, bucketed to one scale (webapp/analysis/compare.py)."""
    body = read_body()
    grid, setup, problem, givens = read_sudoku(body)
    solutions, asked_all = read_solutions(body)
    max_steps = read_int(body, "max_steps", default_steps(), 1, default_steps())
    max_seconds = read_seconds(body)
    answer_key = answers.key("compare", problem, givens, constraint_cover.about(grid, setup),
                             {"max_solutions": solutions, "asked_all": asked_all, "max_steps": max_steps,
                              "max_seconds": max_seconds, "choices": CHOICES, "engine": ec.default_engine()})
    stored = answers.lookup(answer_key, max_seconds)
    if stored is not None:
        return stored
    can_start(max_seconds)
    gone = client_gone()
    searches, worst = [], None
    for k, choose in enumerate(CHOICES):
        # Each search gets its share of the budget, counted from the request's start:
        # the first half of it, the second what is left.
        recording = ec.Recording()
        share = max_seconds * (k + 1) / len(CHOICES)
        outcome = search_from(problem, givens).run(
            recording=recording, choose=choose, max_solutions=solutions, max_steps=max_steps, max_seconds=share,
            cancelled=gone, started=g.started, keep_back=(compare.SECONDS_AN_EVENT, 0.0), keep=0)
        note_cancelled(outcome)
        if worst is None or outcome.limit in answers.NOT_STORED:
            worst = outcome
        searches.append((choose, outcome, compare.levels(recording)))
    width = compare.bucket_width(*(len(found.level) for _, _, found in searches))
    answer = {
        "n": grid.n, "size": grid.size, "puzzle": sudoku.format_grid(grid), "bucket": width,
        "searches": [{
            "choose": choose,
            "outcome": {"status": outcome.status, "complete": outcome.complete, "limit": outcome.limit,
                        "message": outcome_message(outcome, replayable=False, asked_all=asked_all)},
            "stats": steplog.stats_dict(outcome.stats),
            "shape": compare.shape(found.level, width),
            "solution_nodes": found.solutions,
        } for choose, outcome, found in searches],
    }
    assert worst is not None
    return answers.answer(answer_key, steplog.encode(answer), worst)


# Knuth's estimate asked for on its own (while a solve is pending): at most this long, this many probes.
ESTIMATE_ALONE_SECONDS, ESTIMATE_PROBES = 0.5, 1000


@bp.post("/api/estimate")
def api_estimate():
    """Knuth's estimate of the size of a puzzle's search tree, from random probes, without searching it."""
    body = read_body()
    _, _, problem, givens = read_sudoku(body)
    choose = body.get("choose", "mrv")
    if choose not in CHOICES:
        raise RequestError("choose must be \"mrv\" (fewest options first) or \"first\"", "choose")
    budget = read_seconds(body)
    can_start(budget)
    seconds = min(budget, ESTIMATE_ALONE_SECONDS)
    found = estimate(problem, givens, choose=choose, probes=ESTIMATE_PROBES, max_seconds=seconds,
                     cancelled=client_gone())
    return jsonify(choose=choose, **found.as_dict())


@bp.get("/api/cover/builtins")
def api_cover_builtins():
    """The built-in exact cover problems and their parameters."""
    return jsonify(problems.catalogue())


@bp.post("/api/cover")
def api_cover():
    """Solve any exact cover problem (Knuth's text format, or a built-in) with its step log."""
    body = read_body("a \"text\" or a \"builtin\" field")
    builtin = None
    if "builtin" in body and "text" in body:
        raise RequestError("send \"text\" or \"builtin\", not both", "text")
    if "builtin" in body:
        params = body.get("params", {})
        name = body["builtin"]
        if not isinstance(name, str) or name not in problems.BUILTINS:
            what = f"no built-in problem {name!r}" if isinstance(name, str) else "builtin must be a name"
            raise RequestError(f"{what}: choose one of {', '.join(problems.BUILTINS)}", "builtin")
        if not isinstance(params, dict):
            raise RequestError("params must be an object of the built-in's parameters, e.g. {\"n\": 8}",
                               "params")
        try:
            builtin = problems.make(body["builtin"], **params)
        except problems.BuiltinError as error:
            raise RequestError(str(error), "params") from None
        problem, phrases, about = builtin.problem, builtin.phrases, builtin.about()
    else:
        text = body.get("text")
        if not isinstance(text, str):
            raise RequestError("send \"text\" (items on the first line, then one option a line) "
                               "or \"builtin\"", "text")
        try:
            problem = cover_text.parse_cover(text)
        except cover_text.CoverParseError as error:
            raise RequestError(str(error), "text", position=(error.line, error.column)) from None
        phrases, about = generic_phrases(problem), {"kind": "cover", "title": "Your problem"}
    solutions, asked_all = read_solutions(body)
    choose, recording = read_choice(body)
    limits = {"max_solutions": solutions, "max_steps": read_steps(body, recording),
              "max_seconds": read_seconds(body)}
    what_if = read_what_if(body, problem)
    answer_key = answers.key("cover", problem, [], about,
                             {**search_settings(limits, choose, recording, asked_all), **what_if})
    stored = answers.lookup(answer_key, limits["max_seconds"])
    if stored is not None:
        return stored
    can_start(limits["max_seconds"])
    limits.update(time_budget(problem, recording))
    searches: list[ec.Search] = []     # the last is the one the answer replays (within_weight may search again)

    def search(recording: ec.Recording | None, **budget) -> ec.Outcome:
        searches.append(ec.Search(problem))
        with choice_errors(problem, phrases, [], what_if):
            return searches[-1].run(recording=recording, choose=choose, cancelled=client_gone(),
                                    **{**limits, **budget}, **what_if)
    recording, outcome = within_weight(problem, recording, search(recording), search, lambda o: o)
    note_cancelled(outcome)
    # The count needs no log: it starts now, beside the estimate and the log's analysis.
    counter = start_count(outcome, limits, asked_all and not what_if, searches[-1])
    try:
        message = outcome_message(outcome, replayable=recording is not None, asked_all=asked_all)
        answer = {
            "title": about["title"], "problem": about,
            "outcome": {"status": outcome.status, "complete": outcome.complete, "limit": outcome.limit,
                        "message": message},
            "solutions": outcome.solutions, "stats": steplog.stats_dict(outcome.stats),
            "picture": problems.picture_parts(builtin) if builtin else None,
        }
        answer["estimate"] = None if what_if else tree_estimate(problem, [], choose, outcome, limits)    # as above
        if recording is not None:
            with slowdown().timing(problem, recording, outcome):
                answer["log"] = steplog.build(problem, phrases, [], recording, outcome, about, message, **what_if,
                                              native=True)
            answer["outcome"]["message"] = answer["log"]["outcome"]["message"]
        # Encoded before the count is done, so that it may run until what compressing the answer needs.
        body = steplog.encode(answer)
        count = count_all(problem, [], choose, outcome, limits, asked_all and not what_if, searches[-1], counter,
                          reserve=len(body) * counting.COMPRESS_SECONDS_A_BYTE)
    finally:
        if counter is not None:
            counter.abandon()       # a request that failed before the count was done leaves none running
    return answers.answer(answer_key, with_count(body, count), outcome, count,
                          dead_end_facts.payload(problem, answer.get("log")))


def with_count(body: bytes, count: dict | None) -> bytes:
    """An answer's JSON with its count added last: the bytes the answer with it would encode to."""
    return body[:-1] + b',"count":' + (b"null" if count is None else steplog.encode(count)) + b"}"


def start_count(outcome: ec.Outcome, limits: dict, asked_all: bool, replayed: ec.Search) -> counting.Count | None:
    """The count past the replay on a thread of its own (webapp/web/counting.py), when count_all
    will want one and the compiled core can go on from where the replay stopped; else None."""
    if not (asked_all and outcome.limit in (ec.LIMIT_SOLUTIONS, ec.LIMIT_STEPS)) or not replayed.resumable:
        return None
    if seconds_left(limits["max_seconds"]) < COUNT_LEAST:
        return None
    return counting.Count(replayed, cap("SOLVE_MAX_COUNT_STEPS"), g.started + limits["max_seconds"])


def read_what_if(body: dict, problem: ec.Problem) -> dict:
    """A what-if's fields: "choices", option ids placed in order as the choices of levels 0, 1, …,
    and "branch_on", the item the search branches on below them ({} when neither is sent)."""
    what_if: dict = {}
    choices = body.get("choices")
    if choices is not None:
        if not (isinstance(choices, list) and all(isinstance(o, int) and not isinstance(o, bool) for o in choices)):
            raise RequestError("choices must be a list of option ids (whole numbers), as in the step log's options",
                               "choices")
        if len(choices) > problem.primary:
            raise RequestError(f"choices has {len(choices)} options; a search has at most {problem.primary} levels",
                               "choices")
        bad = next((k for k, o in enumerate(choices) if not 0 <= o < len(problem.options)), None)
        if bad is not None:
            raise RequestError(f"choice {bad} is option {choices[bad]}, outside 0..{len(problem.options) - 1}",
                               "choices")
        if choices:
            what_if["choices"] = list(choices)
    branch_on = body.get("branch_on")
    if branch_on is not None:
        if not (isinstance(branch_on, int) and not isinstance(branch_on, bool) and 0 <= branch_on < problem.primary):
            raise RequestError(f"branch_on must be a primary item id, 0..{problem.primary - 1}", "branch_on")
        what_if["branch_on"] = branch_on
    return what_if


@contextlib.contextmanager
def choice_errors(problem: ec.Problem, phrases, givens, what_if: dict):
    """A what-if's choice that clashes with the givens or the choices before it, as a 400 in the
    problem's words: 'choice 1, 7 in r1c3, clashes with the given 7 in r1c9: row 1 already has a 7'."""
    try:
        yield
    except ec.ChoiceError as error:
        labels, choices = phrases["labels"], what_if.get("choices", [])
        if error.option < 0:
            raise RequestError(say("whatif.branch_on", item=problem.items[error.item]), "branch_on") from None
        holder = next((say("whatif.holder.choice", level=k, option=labels[o])
                       for k, o in enumerate(choices[:error.level]) if error.item in problem.options[o]), None)
        if holder is None:
            given = next(o for o in givens if error.item in problem.options[o])
            holder = say("whatif.holder.given", option=labels[given])
        raise RequestError(say("whatif.clash", level=error.level, option=labels[error.option], holder=holder,
                               held=phrases["held"][error.item]), "choices") from None


def read_choice(body: dict):
    """The item choice and, when asked for (the default), a recording."""
    choose = body.get("choose", "mrv")
    if choose not in ("mrv", "first"):
        raise RequestError("choose must be \"mrv\" (fewest options first) or \"first\"", "choose")
    record = body.get("record", True)
    if not isinstance(record, bool):
        raise RequestError("record must be true or false", "record")
    return choose, (ec.Recording() if record else None)


def read_steps(body: dict, recording: ec.Recording | None) -> int:
    """The step budget: SOLVE_DEFAULT_STEPS unless asked, up to SOLVE_MAX_STEPS, for a search whose
    steps are recorded; up to SOLVE_MAX_UNRECORDED_STEPS for one that records nothing (no log to
    analyse or send)."""
    if recording is None:
        return read_int(body, "max_steps", cap("SOLVE_MAX_UNRECORDED_STEPS"), 1, cap("SOLVE_MAX_UNRECORDED_STEPS"))
    return read_int(body, "max_steps", default_steps(), 1, cap("SOLVE_MAX_STEPS"))


def default_steps() -> int:
    """The step budget of a recorded search that asks for none (never more than SOLVE_MAX_STEPS)."""
    return min(cap("SOLVE_DEFAULT_STEPS"), cap("SOLVE_MAX_STEPS"))


def within_weight(problem: ec.Problem, recording: ec.Recording | None, found, search, outcome_of):
    """(recording, found) of a search whose log stays within SOLVE_MAX_LOG_WEIGHT: when the
    recording passed it, the search again with the step budget at which its log does
    (webapp/log/weight.py), a new recording, and its outcome's message saying why it stopped.
    The weight counts events, so where the log stops is the same on every machine."""
    if recording is None or outcome_of(found).limit == ec.LIMIT_CANCELLED:     # no one to answer
        return recording, found
    budget = cap("SOLVE_MAX_LOG_WEIGHT")
    at = log_weight.cut(problem, recording.events, budget)
    if at is None:
        return recording, found
    again = ec.Recording()
    found = search(again, max_steps=at)
    outcome_of(found).settings["log_weight"] = budget
    return again, found


def search_settings(limits: dict, choose: str, recording: ec.Recording | None, asked_all: bool) -> dict:
    """Every setting of a solve or cover search that its answer depends on, for the answer's key:
    the limits, the item choice, whether it records, the engine (the answer names it) and, when
    every solution was asked for, the budget of the count past the replay."""
    return {**limits, "choose": choose, "record": recording is not None, "asked_all": asked_all,
            "engine": ec.default_engine(), "count_steps": cap("SOLVE_MAX_COUNT_STEPS") if asked_all else None,
            "log_weight": cap("SOLVE_MAX_LOG_WEIGHT") if recording is not None else None}


def time_budget(problem: ec.Problem, recording: ec.Recording | None) -> dict:
    """How a search spends max_seconds: counted from the request's start, with time
    kept back for analysing each recorded event, so the whole answer fits the budget (as many
    times more as the requests its worker serves at once, which share its core)."""
    keep_back = analysis.seconds_kept_back(problem) if recording is not None else (0.0, 0.0)
    # Under the production server only (it says how many requests share the worker): the test
    # client and werkzeug keep the estimate as it is, whatever else the machine is doing.
    sharing = request.environ.get(hardening.SHARING)
    slower = max(sharing(), slowdown().factor) if callable(sharing) else 1
    # A recorded search stops a little early, as if the request had begun ESTIMATE_SECONDS sooner:
    # what it leaves is for Knuth's estimate of a stopped search, asked before the analysis, which
    # keeps its own time back. The answer still comes within the budget.
    started = g.started - (ESTIMATE_SECONDS if recording is not None else 0.0)
    return {"started": started, "keep_back": (keep_back[0] * slower, keep_back[1] * slower)}


class Slowdown:
    """How many times slower than analysis.seconds_kept_back's estimate the latest logs of this
    app (one a worker process) were built (a busy machine, or a worker serving several requests at once), so the
    time kept back for the next one's analysis is that much more. A moving average, 1 to 20."""

    def __init__(self) -> None:
        self.factor = 1.0

    @contextlib.contextmanager
    def timing(self, problem: ec.Problem, recording: ec.Recording, outcome: ec.Outcome):
        per_event, per_dead_end = analysis.seconds_kept_back(problem)
        expected = per_event * len(recording.events) + per_dead_end * outcome.stats.dead_ends
        start = time.perf_counter()
        yield
        if expected > 0.01:             # long enough to be measured
            seen = (time.perf_counter() - start) / expected
            self.factor = min(20.0, max(1.0, (self.factor + seen) / 2))


def slowdown() -> Slowdown:
    """This app's Slowdown."""
    return current_app.extensions.setdefault("dlx_sudoku.slowdown", Slowdown())


# At most this long for Knuth's estimate of a stopped search's whole tree, and
# only when at least this much of the request's budget is left for it.
ESTIMATE_SECONDS, ESTIMATE_LEAST = 0.25, 0.05


def tree_estimate(problem: ec.Problem, givens, choose: str, outcome: ec.Outcome, limits: dict) -> dict | None:
    """Knuth's estimate of the whole search tree when a step or time limit stopped the search
    (webapp/analysis/estimate.py): how much of it the recorded part is. Asked right after the search,
    before the log's analysis (a search stopped by its step budget may leave no time after it; one
    stopped by the clock stopped ESTIMATE_SECONDS early for it), it gets what is then left of the
    request's budget, at most ESTIMATE_SECONDS; None when the search was not cut short or too
    little time is left."""
    if outcome.status != ec.STOPPED or outcome.limit not in (ec.LIMIT_STEPS, ec.LIMIT_TIME):
        return None
    left = seconds_left(limits["max_seconds"])
    if left < ESTIMATE_LEAST:
        return None
    found = estimate(problem, givens, choose=choose, probes=1000, max_seconds=min(ESTIMATE_SECONDS, left),
                     cancelled=client_gone())
    return found.as_dict()


def search_from(problem: ec.Problem, givens) -> ec.Search:
    """A search of the problem with its givens (a Sudoku's clues) already placed."""
    search = ec.Search(problem)
    for option in givens:
        search.select(option)
    return search


def count_all(problem: ec.Problem, givens, choose: str, outcome: ec.Outcome, limits: dict,
              asked_all: bool, replayed: ec.Search | None = None, counter: counting.Count | None = None,
              reserve: float = 0.0) -> dict | None:
    """Every solution counted, when all were asked for and the replay stopped at the most the
    page shows or at its step budget (or its log's weight): the search goes on from where the
    replay stopped (Search.count_on, `replayed`), recording nothing and keeping no solution,
    so it runs far past the replay's step budget (up to SOLVE_MAX_COUNT_STEPS steps from the
    search's start) in what is left of the request's time; without the replay's search, a
    second search from the start does. counter: that count, started already (start_count),
    waited for until `reserve` seconds are left. None when there is nothing more to count."""
    if not (asked_all and outcome.limit in (ec.LIMIT_SOLUTIONS, ec.LIMIT_STEPS)):
        return None
    shown = outcome.stats.solutions
    left = seconds_left(limits["max_seconds"])
    found = None
    if counter is not None:
        found = counter.finish(g.started + limits["max_seconds"] - reserve, client_gone())
    elif left >= COUNT_LEAST:
        budget = {"max_steps": cap("SOLVE_MAX_COUNT_STEPS"), "max_seconds": left, "cancelled": client_gone()}
        if replayed is not None:
            found = replayed.count_on(**budget)
        else:
            found = search_from(problem, givens).run(max_solutions=None, keep=0, choose=choose, **budget)
    if found is None:
        counted = {"solutions": shown, "complete": False, "limit": ec.LIMIT_TIME, "steps": 0,
                   "budget": cap("SOLVE_MAX_COUNT_STEPS")}
    else:
        note_cancelled(found)
        # A count cut shorter than the replay still knows the solutions the replay found.
        counted = {"solutions": max(found.stats.solutions, shown), "complete": found.complete, "limit": found.limit,
                   "steps": found.stats.steps, "budget": cap("SOLVE_MAX_COUNT_STEPS")}
    counted["shown"] = shown
    counted["message"] = counted_message(counted)
    return counted


# A count starts only with at least this much of the request's time left.
COUNT_LEAST = 0.05


def seconds_left(max_seconds: float) -> float:
    """What is left of this request's time budget, which began when the request did."""
    return g.started + max_seconds - time.perf_counter()


def client_gone():
    """A cancel flag for the engine: true once this request's client has gone."""
    # waitress (python -m webapp serve) says so itself; werkzeug and gunicorn lend their socket.
    disconnected = request.environ.get("waitress.client_disconnected")
    if disconnected is not None:
        return disconnected
    sock = hardening.client_socket(request.environ)
    return lambda: hardening.is_gone(sock)


def note_cancelled(outcome: ec.Outcome) -> None:
    """Log a solve that stopped because its client went away."""
    if outcome.limit == ec.LIMIT_CANCELLED:
        current_app.logger.warning("solve cancelled: the client went away after %d steps", outcome.stats.steps)


def read_body(fields: str = "a \"puzzle\" field") -> dict:
    """The JSON object of the request, or a clear error naming the fields it needs."""
    if not request.is_json:
        raise RequestError("send the request as JSON (Content-Type: application/json)", status=415)
    # Read first: a chunked body past the size cap raises its 413 here, where
    # get_json(silent=True) would swallow it as "not valid JSON".
    raw = request.get_data(cache=True)
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit and len(raw) >= limit and request.content_length is None:
        request.stream.read(1)    # a chunked body cut at the cap: one byte more raises its 413
    try:
        body = request.get_json(silent=True)
    except RecursionError:        # silent=True does not cover a body nested a thousand deep
        raise RequestError("the body is nested too deeply to be read") from None
    if body is None and raw.strip() != b"null":
        raise RequestError("the body is not valid JSON")
    if not isinstance(body, dict):
        raise RequestError(f"the body must be a JSON object with {fields}")
    seconds = body.get("max_seconds")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and 0 < seconds < cap("SOLVE_MAX_SECONDS"):
        # The model's build keeps to the request's own budget (a wrong max_seconds is refused later, by
        # read_seconds; until then the cap holds).
        build_clock.start(g.started + seconds, float(seconds), g.started)
    return body


def read_rules(body: dict, grid: sudoku.Grid) -> tuple[sudoku.Grid, variants.Rules]:
    """The variant (a name or a list of names) and regions fields, and the givens checked under them."""
    rules = read_rules_alone(body, grid)
    try:
        variants.check_givens(grid, rules)
    except variants.VariantError as error:
        raise RequestError(error.message, error.field, error.cells) from None
    return grid, rules


def read_rules_alone(body: dict, grid: sudoku.Grid) -> variants.Rules:
    """The variant and regions fields, without checking the givens under them."""
    names = body.get("variant", [])
    regions = body.get("regions")
    if names is None:
        names = []
    if not isinstance(names, (str, list)):
        raise RequestError("variant must be a name or a list of names, e.g. [\"x\", \"anti-knight\"]", "variant")
    if regions is not None and not isinstance(regions, str):
        raise RequestError("regions must be a string, one region symbol a cell", "regions")
    try:
        return variants.rules_for(grid.n, names, regions)
    except variants.VariantError as error:
        raise RequestError(error.message, error.field, error.cells) from None


@bp.post("/api/export")
def api_export():
    """The f-puzzles and SudokuPad links of a puzzle (docs/api.md)."""
    body = read_body()
    if "puzzle" not in body and "size" in body:
        size = read_int(body, "size", 9, 4, cap("SOLVE_MAX_BOX") ** 2)
        if size not in {n * n for n in range(2, cap("SOLVE_MAX_BOX") + 1)}:
            raise RequestError(f"size must be a square of a box side: 4, 9, 16 or 25, not {size}", "size")
        body = {**body, "puzzle": "." * size * size}
    grid = read_puzzle(body, check=False)
    setup = read_setup(body, grid, check=False)
    title = body.get("title")
    if title is not None and not isinstance(title, str):
        raise RequestError("title must be a string", "title")
    return jsonify(fpuzzles.links_for(grid, setup, title))


def read_puzzle(body: dict, check: bool = True) -> sudoku.Grid:
    """The puzzle field, parsed and within the size the server takes (check=False: clashing givens
    are let through, for read_rules to check under the puzzle's own rules)."""
    text = body.get("puzzle")
    if not isinstance(text, str):
        raise RequestError("puzzle must be a string of cells, e.g. \"53..7....6..195...\"", "puzzle")
    try:
        grid = sudoku.parse(text, check=check)
    except sudoku.ParseError as error:
        raise puzzle_error(error) from None
    biggest = cap("SOLVE_MAX_BOX")
    if grid.n > biggest:
        side = biggest * biggest
        raise RequestError(f"a {grid.size}×{grid.size} puzzle is larger than this server solves "
                           f"(up to {side}×{side}); use the command line", "puzzle", status=413)
    return grid


def puzzle_error(error: sudoku.ParseError) -> RequestError:
    """A puzzle that cannot be read, as a request error; a wrong cell count lists the sizes this server solves."""
    message = error.message
    if error.count is not None:
        message = sudoku.count_message(error.count, cap("SOLVE_MAX_BOX"))
    return RequestError(message, "puzzle", error.cells, error.position)


def read_solutions(body: dict) -> tuple[int, bool]:
    """How many solutions to find (1 by default, the server's cap for null) and whether all were asked for."""
    limit = read_int(body, "solutions", 1, 1, cap("SOLVE_MAX_SOLUTIONS"), allow_null=True)
    # More than the cap is asked as "all": the message then says whose limit stopped it.
    asked = body.get("solutions", 1)
    return limit, "solutions" in body and (asked is None or asked > limit)


def read_int(body: dict, name: str, default, low: int, high: int, allow_null=False):
    """An integer field within low..high (high is the server cap)."""
    if name not in body:
        return default
    value = body[name]
    if value is None and allow_null:
        return high
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{name} must be a whole number", name)
    if value < low:
        raise RequestError(f"{name} must be at least {low}", name)
    return min(value, high)


def read_seconds(body: dict) -> float:
    """The time budget, capped by the server."""
    most = cap("SOLVE_MAX_SECONDS")
    value = body.get("max_seconds", most)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RequestError("max_seconds must be a number", "max_seconds")
    try:
        finite = math.isfinite(value)
    except OverflowError:         # an integer beyond any float: more seconds than the cap anyway
        finite = True
        value = most if value > 0 else 0
    if not finite:
        raise RequestError("max_seconds must be a number", "max_seconds")
    if value <= 0:
        raise RequestError("max_seconds must be more than 0", "max_seconds")
    return min(float(value), most)


@bp.app_errorhandler(RequestError)
def request_error(error: RequestError):
    """A bad request as JSON: what is wrong, which field, which cells."""
    position = {"line": error.position[0], "column": error.position[1]} if error.position else None
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after is not None else {}
    extra = {"index": error.index} if error.field == "constraints" else {}
    return jsonify(error=error.message, field=error.field, cells=list(error.cells),
                   position=position, **extra), error.status, headers


def wants_a_page() -> bool:
    """A browser asking for a page (not the API, not a file): it gets HTML, not JSON."""
    return (request.method in ("GET", "HEAD") and not request.path.startswith(("/api/", "/static/"))
            and request.accept_mimetypes.accept_html)


@bp.app_errorhandler(build_clock.BuildStopped)
def build_stopped(error: build_clock.BuildStopped):
    """A model's build that reached the request's deadline: a 400 naming max_seconds, never a hang."""
    return request_error(RequestError(error.message, "max_seconds"))


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    """Every HTTP error as JSON with a message; a page address that does not exist, as a page."""
    description = error.description
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if error.code == 413 and limit:
        description = (f"the request is larger than the {limit // 1024:,} KB this server takes; "
                       "a problem that large can be solved with the command line")
    allowed = [m for m in getattr(error, "valid_methods", None) or () if m not in ("HEAD", "OPTIONS")]
    if error.code == 405 and allowed:
        description = f"{request.path} does not take {request.method}; it takes {' or '.join(sorted(allowed))}"
    # Keep the exception's own headers: a 405 must say Allow.
    headers = [(k, v) for k, v in error.get_headers() if k.lower() != "content-type"]
    if error.code == 404 and wants_a_page():
        return render_template("not_found.html", path=request.path), 404, headers
    return jsonify(error=f"{error.code} {error.name}: {description}", field=None, cells=[],
                   position=None), error.code, headers


@bp.app_errorhandler(Exception)
def unexpected_error(error: Exception):
    """An unexpected failure: logged with its traceback, answered without one."""
    current_app.logger.exception("unexpected error on %s %s", request.method, request.path)
    return jsonify(error="500 Internal Server Error: the server failed to answer; the failure was logged",
                   field=None, cells=[], position=None), 500
