"""The search analysis (webapp/analysis/facts.py) and the analyse command, against an independent checker.

The checker shares no code with the solver or the analysis: it walks the
events with its own stack to know the choice at each level, and decides what
an item has left with plain Python sets over the problem's options.
"""

import io
import json
from contextlib import redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.replaying import walk
from tests.strategies import coloured_problems
from webapp.analysis import facts as an
from webapp.analysis.explain import generic_phrases, rulings
from webapp.cli import main as cli
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import problems, sudoku
from webapp.models.examples import BERRY, NO_SOLUTION, puzzle_lines

HARD = puzzle_lines("norvig_top95.txt")
EASY = puzzle_lines("norvig_easy50.txt")[0]
MANY = "." * 60 + BERRY[60:]          # few givens: many solutions


# -- the independent checker ------------------------------------------------------------

class Walk:
    """The choices at each level at every event, from the events alone (no solver, no analysis)."""

    def __init__(self, events):
        self.events = events

    def __iter__(self):
        """(event index, kind, arg, [choice at each open level, -1 before its first try])."""
        return walk(self.events)


WITH_ITEM: dict = {}        # (options' id, item) -> (options, [(option id, its items as a set)]) of the options with the item


def left_for(options, item, placed):
    """The options with `item` that share no item with any placed option: brute force over sets."""
    key = (id(options), item)
    if key not in WITH_ITEM:
        # The entry keeps `options` alive: once an options tuple is freed, a new one may get
        # its id, and a stale entry made the checker fail correct dead ends (found by hypothesis).
        WITH_ITEM[key] = (options, [(k, set(option)) for k, option in enumerate(options) if item in option])
    taken = set()
    for p in placed:
        taken |= set(options[p])
    return [k for k, option in WITH_ITEM[key][1] if not taken & option]


def left_for_coloured(problem, item, placed):
    """left_for with Knuth's colours: the options with `item` compatible with every placed option
    (each item they share, both give the same colour)."""
    return [k for k in problem.options_of_item[item] if all(problem.compatible(k, p) for p in placed)]


def ruled_by_level(problem, item, alive, chosen):
    """For the choice at each level, the options of `alive` (the item's options the givens leave)
    that it alone rules out: it holds another item of theirs, and (with colours) not in the
    colour they give it."""
    options = problem.options
    others = [(o, set(options[o]) - {item}) for o in alive]      # once, not once a level
    found = []
    for c in chosen:
        holds = set(options[c])
        found.append(frozenset(o for o, other in others if not holds.isdisjoint(other)
                               and not problem.compatible(o, c)))
    return found


def smallest_starving(alive, ruled):
    """The culprits a dead end must name, found independently: the fewest levels whose choices,
    with the givens, leave the item no option; among those, the least as a bit set (its deepest
    level shallowest, then the next deepest...).

    A dynamic programme over the sets of options ruled out so far, each level a step costing
    (1, 2^level): the least total cost to rule out every option is the least set. Options
    ruled out by a superset of another's levels fall with it and are left out first."""
    rulers = {o: frozenset(lv for lv, r in enumerate(ruled) if o in r) for o in alive}
    needs = sorted(set(rulers.values()), key=len)
    needs = [n for k, n in enumerate(needs) if not any(m <= n for m in needs[:k])]
    assert len(needs) <= 16, "too many distinct options for the table"
    meets = {lv: sum(1 << k for k, n in enumerate(needs) if lv in n) for lv in set().union(*needs)}
    full = (1 << len(needs)) - 1
    best: dict[int, tuple[int, int]] = {0: (0, 0)}
    for done in range(full + 1):            # a step only adds options: a set's cost is final when reached
        if done not in best:
            continue
        count, value = best[done]
        for lv, more in meets.items():
            cost = (count + 1, value + (1 << lv))
            if done | more != done and cost < best.get(done | more, (1 << 30, 0)):
                best[done | more] = cost
    return [lv for lv in range(len(ruled)) if best[full][1] >> lv & 1]


def shallowest_jump(alive, ruled):
    """Where a backjumping search goes back to, found independently: the shallowest level whose
    choice and those above it, with the givens, leave the item no option (-1: the givens alone)."""
    gone: set[int] = set()
    for deepest in range(-1, len(ruled)):
        if deepest >= 0:
            gone |= ruled[deepest]
        if gone >= set(alive):
            return deepest
    raise AssertionError("the choices do not starve the item")


def next_try_level(events, index):
    """How many back-ups come between event index and the next try (None: the log ends first)."""
    depth = 0
    for later in range(index + 1, len(events)):
        kind = events[later] & ec.KIND_MASK
        if kind == ec.BACKUP:
            depth += 1
        elif kind == ec.TRY:
            return depth
    return None


def check_dead_ends(problem, givens, events, found, finished, rulers=True):
    """Every dead end's item, level, culprits (starving and minimal), jump_to and back_to, independently
    (and each option's ruler, unless rulers is false: that check is quadratic in the level)."""
    options = problem.options
    dead_ends = iter(found.dead_ends)
    checked = 0
    left = (lambda options, item, placed: left_for_coloured(problem, item, placed)) if problem.coloured else left_for
    for index, kind, arg, levels in Walk(events):
        if kind != ec.DEAD_END:
            continue
        dead = next(dead_ends)
        level = len(levels) - 1
        assert (dead.step, dead.item, dead.level) == (index, arg, level)
        assert dead.culprits == sorted(set(dead.culprits)) and all(0 <= c < level for c in dead.culprits)
        assert dead.culprit_options == [levels[c] for c in dead.culprits]
        assert left(options, arg, list(givens) + dead.culprit_options) == [], f"event {index}: not starved"
        alive = left(options, arg, list(givens))
        ruled = ruled_by_level(problem, arg, alive, levels[:level])
        assert dead.culprits == smallest_starving(alive, ruled), f"event {index}"
        # Every placed option that rules each option out: the levels, and -1 when a given does.
        every = ruled_by_level(problem, arg, dead.options, levels[:level])
        expected = [(0 if o in alive else 1) | sum(1 << (lv + 1) for lv, r in enumerate(every) if o in r)
                    for o in dead.options]
        assert dead.every_ruler == expected, f"event {index}"
        assert dead.jump_to == shallowest_jump(alive, ruled), f"event {index}"
        back = next_try_level(events, index)
        # The depth counted from the dead end's level down: the level tried next.
        expected = level - back if back is not None else (-1 if finished else None)
        assert dead.back_to == expected, f"event {index}"
        if not rulers:
            checked += 1
            continue
        # Each ruler is placed, shares an item other than the starved one, and is the earliest such.
        placed = [(-1, g) for g in givens] + [(lv, o) for lv, o in enumerate(levels[:level])]
        assert dead.options == [k for k, o in enumerate(options) if arg in o]
        for o, ruler, ruler_level in zip(dead.options, dead.ruler, dead.ruler_level):
            holders = [(lv, p) for lv, p in placed if set(options[p]) & (set(options[o]) - {arg})
                       and not problem.compatible(o, p)]
            assert (ruler_level, ruler) in holders and ruler_level == min(lv for lv, _ in holders)
        checked += 1
    assert next(dead_ends, None) is None
    return checked


def path_count(solutions):
    """Nodes on the paths to the solutions: distinct prefixes of the solutions' choices."""
    return len({tuple(s[:k]) for s in solutions for k in range(1, len(s) + 1)})


def check_tree(events, found, outcome):
    """Nodes, the wrong choices' subtrees (no solution in them), and the path accounting."""
    tries = [index for index, code in enumerate(events) if code & ec.KIND_MASK == ec.TRY]
    solutions = [index for index, code in enumerate(events) if code & ec.KIND_MASK == ec.SOLUTION]
    assert found.nodes == len(tries) == outcome.stats.nodes
    assert found.solutions == len(solutions) == outcome.stats.solutions
    assert len(found.dead_ends) == outcome.stats.dead_ends
    size = found.tries.size
    for t in found.wrong_choices:
        first = tries[t]
        end = tries[t + size[t]] if t + size[t] < len(tries) else len(events)
        assert not any(first < s < end for s in solutions), f"wrong choice {t} holds a solution"
    # A wrong choice's subtree is one: the nodes after it are deeper until it ends.
    level = found.tries.level
    for t in found.wrong_choices:
        assert all(level[u] > level[t] for u in range(t + 1, t + size[t]))
        assert t + size[t] == len(tries) or level[t + size[t]] <= level[t]
    wrong_nodes = sum(size[t] for t in found.wrong_choices)
    assert wrong_nodes + len(found.path_nodes()) == found.nodes
    if outcome.complete or outcome.limit == ec.LIMIT_SOLUTIONS:
        assert len(found.path_nodes()) == path_count(outcome.solutions)


def exact_cover_exists(problem, placed):
    """Whether the placed options extend to a solution: a plain set-based search, no dancing links."""
    if problem.coloured:
        return coloured_cover_exists(problem, placed)
    options = [set(o) for o in problem.options]
    taken = set()
    for p in placed:
        if taken & options[p]:
            return False
        taken |= options[p]

    def search(taken):
        open_items = [i for i in range(problem.primary) if i not in taken]
        if not open_items:
            return True
        best = min(open_items, key=lambda i: sum(1 for o in options if i in o and not taken & o))
        return any(search(taken | o) for o in options if best in o and not taken & o)

    return search(taken)


def coloured_cover_exists(problem, placed):
    """exact_cover_exists with colours: options pairwise compatible, every primary item once."""
    if any(not problem.compatible(a, b) for k, a in enumerate(placed) for b in placed[:k]):
        return False

    def search(chosen):
        held = {i for p in chosen for i in problem.options[p]}
        open_items = [i for i in range(problem.primary) if i not in held]
        if not open_items:
            return True
        return any(search(chosen + [o]) for o in problem.options_of_item[open_items[0]]
                   if all(problem.compatible(o, p) for p in chosen))

    return search(list(placed))


def check_nogoods(problem, givens, events, found, most=60):
    """A back-up's nogood (when no solution lies below it) admits no solution; its jump is its deepest level."""
    backups = found.backups
    checked = 0
    k = 0
    chosen_at = []          # the event index of each open level's choose
    solutions = [index for index, code in enumerate(events) if code & ec.KIND_MASK == ec.SOLUTION]
    for index, kind, arg, levels in Walk(events):
        if kind == ec.CHOOSE:
            chosen_at.append(index)
        if kind != ec.BACKUP:
            continue
        start = chosen_at.pop()
        nogood = an.levels_of(backups.nogood[k])
        assert backups.step[k] == index and backups.level[k] == arg
        assert backups.jump_to[k] == (max(nogood) if nogood else -1)
        assert all(0 <= lv < arg for lv in nogood)
        below_solution = any(start < s < index for s in solutions)
        if below_solution:
            assert nogood == list(range(arg)), "no jump past a solution"
        elif checked < most:
            chosen = [levels[lv] for lv in nogood]
            assert not exact_cover_exists(problem, list(givens) + chosen), f"event {index}: nogood {nogood}"
            checked += 1
        k += 1
    assert k == len(backups)
    return checked


def analysed(text, **limits):
    grid = sudoku.parse(text)
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    recording = ec.Recording()
    outcome = sudoku.solve(grid, recording=recording, **limits).outcome
    return problem, givens, recording.events, an.analyse(problem, givens, recording), outcome


# -- Sudoku ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, limits", [
    (EASY, {}),
    (HARD[0], {}),
    (HARD[5], {"max_solutions": 2}),
    (NO_SOLUTION, {"max_solutions": None}),
    (MANY, {"max_solutions": 40}),
    (HARD[1], {"choose": "first", "max_steps": 40_000}),
], ids=["easy", "hard", "hard-unique", "unsolvable", "many-solutions", "first-item-stopped"])
def test_dead_ends_culprits_and_the_tree_hold_against_the_independent_checker(text, limits):
    problem, givens, events, found, outcome = analysed(text, **limits)
    checked = check_dead_ends(problem, givens, events, found, found.finished)
    assert checked == outcome.stats.dead_ends
    check_tree(events, found, outcome)


def test_the_hardest_puzzles_of_top95():
    """Every dead end of the ten hardest of Norvig's top95 (by events), checked independently."""
    runs = [analysed(text) for text in HARD]
    runs.sort(key=lambda run: -len(run[2]))
    for problem, givens, events, found, outcome in runs[:10]:
        assert check_dead_ends(problem, givens, events, found, True) == outcome.stats.dead_ends > 0
        check_tree(events, found, outcome)


def test_one_solution_the_wrong_choices_and_the_path_are_every_node():
    *_, found, outcome = analysed(HARD[0])
    assert outcome.stats.solutions == 1
    assert sum(found.tries.size[t] for t in found.wrong_choices) + len(outcome.solutions[0]) == found.nodes
    assert found.path_nodes() == [t for t in range(found.nodes) if found.tries.solved[t]]
    assert [found.tries.option[t] for t in found.path_nodes()] == outcome.solutions[0]


def test_with_no_solution_every_top_level_try_is_a_wrong_choice():
    *_, found, outcome = analysed(NO_SOLUTION, max_solutions=None)
    assert outcome.status == ec.NO_SOLUTION and found.finished
    assert found.wrong_choices == [t for t in range(found.nodes) if found.tries.level[t] == 0]
    assert sum(found.tries.size[t] for t in found.wrong_choices) == found.nodes


def test_a_back_up_nogood_admits_no_solution():
    problem, givens, events, found, _ = analysed(HARD[3], max_solutions=None)
    assert check_nogoods(problem, givens, events, found, most=25) == 25


def test_the_wasted_nodes_after_a_jump_hold_no_solution():
    found = analysed(HARD[1], choose="first", max_steps=60_000)[3]
    assert found.jumps and found.wasted > 0
    tries, solved = found.tries, found.tries.solved
    for jump in found.jumps:
        assert jump.jump_to < jump.back_to and jump.wasted > 0
        first = next(t for t in range(found.nodes) if tries.step[t] > jump.step)
        assert tries.level[first] == jump.back_to
        assert not any(solved[t] for t in range(first, first + jump.wasted))
        # The next node after the stretch is back at jump_to or above (or there is none).
        after = first + jump.wasted
        assert after == found.nodes or tries.level[after] <= jump.jump_to
    assert found.wasted <= found.nodes


def test_thrashing_groups_dead_ends_by_their_culprit_choices():
    found = analysed(HARD[1], choose="first", max_steps=60_000)[3]
    assert found.thrashing
    grouped = set()
    for group in found.thrashing:
        assert len(group.dead_ends) >= 2
        for k in group.dead_ends:
            dead = found.dead_ends[k]
            assert tuple(zip(dead.culprits, dead.culprit_options)) == group.culprits
            grouped.add(k)
    alone = {}
    for k, dead in enumerate(found.dead_ends):
        if k not in grouped:
            key = tuple(zip(dead.culprits, dead.culprit_options))
            assert key not in alone, "two dead ends share culprits but are not grouped"
            alone[key] = k
    sizes = [len(g.dead_ends) for g in found.thrashing]
    assert sizes == sorted(sizes, reverse=True)


def test_heat_counts_the_dead_ends_per_item():
    problem, _, events, found, outcome = analysed(HARD[2])
    counts = [0] * len(problem.items)
    for code in events:
        if code & ec.KIND_MASK == ec.DEAD_END:
            counts[code >> ec.KIND_BITS] += 1
    assert found.heat == counts and sum(counts) == outcome.stats.dead_ends > 0


def test_rulers_are_those_the_step_explanations_name():
    """The analysis's rulers equal explain.rulings on the replayed state at every dead end."""
    text = HARD[4]
    grid = sudoku.parse(text)
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    recording = ec.Recording()
    outcome = sudoku.solve(grid, recording=recording).outcome
    log = steplog.build(problem, sudoku.phrases_for(grid.n), givens, recording, outcome, {"kind": "sudoku"})
    found = an.analyse(problem, givens, recording)
    replay = steplog.Replay(log)
    for dead in found.dead_ends:
        state = replay.run_to(dead.step + 1)
        expected = {r.option: (r.ruler, r.level) for r in rulings(problem, state, dead.item)}
        assert {o: (r, lv) for o, r, lv in zip(dead.options, dead.ruler, dead.ruler_level)} == expected


def test_under_fewest_options_first_a_dead_end_is_always_caused_by_the_last_choice():
    found = analysed(HARD[6])[3]
    assert all(d.jump_to == d.level - 1 for d in found.dead_ends if d.level)


def test_a_million_event_log_is_analysed():
    """A 25×25 search stopped at a million steps: the analysis completes and its counts are the solver's."""
    text = puzzle_lines("gecode_25x25.txt")[0]
    problem, givens, events, found, outcome = analysed(text, max_steps=1_000_000)
    assert len(events) > 990_000 and not found.finished
    assert found.nodes == outcome.stats.nodes and len(found.dead_ends) == outcome.stats.dead_ends
    check_dead_ends(problem, givens, events, found, False, rulers=False)
    assert sum(found.tries.size[t] for t in found.wrong_choices) + len(found.path_nodes()) == found.nodes


# -- any exact cover problem -----------------------------------------------------------------

@pytest.mark.parametrize("builtin, params", [("queens", {"n": 6}), ("queens", {"n": 8}), ("knuth", {}),
                                             ("small-packing", {}), ("latin", {"n": 3}), ("word-square", {})])
def test_cover_problems_hold_against_the_independent_checker(builtin, params):
    problem = problems.make(builtin, **params).problem
    found, outcome = an.run(problem, max_solutions=None)
    recording = ec.Recording()
    ec.Search(problem).run(recording=recording, max_solutions=None)
    assert check_dead_ends(problem, [], recording.events, found, True) == outcome.stats.dead_ends
    check_tree(recording.events, found, outcome)
    check_nogoods(problem, [], recording.events, found)


@st.composite
def cover_problems(draw):
    n = draw(st.integers(1, 7))
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1, max_size=n).map(sorted),
                            min_size=1, max_size=10))
    primary = n - draw(st.integers(0, min(2, n - 1)))
    return ec.Problem(tuple(f"i{k}" for k in range(n)), primary, tuple(tuple(o) for o in options))


@settings(max_examples=150, deadline=None)
@given(cover_problems(), st.sampled_from(["mrv", "first"]), st.one_of(st.none(), st.integers(1, 3)),
       st.one_of(st.none(), st.integers(1, 60)))
def test_random_problems_hold_against_the_independent_checker(problem, choose, max_solutions, max_steps):
    recording = ec.Recording()
    outcome = ec.Search(problem).run(recording=recording, choose=choose, max_solutions=max_solutions,
                                     max_steps=max_steps)
    found = an.analyse(problem, [], recording)
    check_dead_ends(problem, [], recording.events, found, found.finished)
    check_tree(recording.events, found, outcome)
    check_nogoods(problem, [], recording.events, found)
    log = steplog.build(problem, generic_phrases(problem), [], recording, outcome, {"kind": "cover"})
    steplog.validate(json.loads(steplog.dumps(log)))


# -- the analyse command -----------------------------------------------------------------

def run_cli(*argv):
    """(exit status, standard output) of `python -m webapp …`, in this process."""
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli.main(list(argv))
    return status, out.getvalue()


def solve_stats(*argv):
    """nodes, dead ends and solutions from `solve --stats` (or `cover --stats`)."""
    _, out = run_cli(*argv, "--stats")
    line = next(line for line in out.splitlines() if " nodes, " in line)
    words = line.replace(",", "").split()
    return {"nodes": int(words[words.index("nodes") - 1]), "dead_ends": int(words[words.index("dead") - 1]),
            "solutions": int(words[words.index("solution" if "solution" in words else "solutions") - 1])}


@pytest.mark.parametrize("text, options", [
    (HARD[0], []), (NO_SOLUTION, ["--all"]), (MANY, ["--limit", "25"]),
    (HARD[1], ["--choose", "first", "--max-steps", "30000"])])
def test_analyse_json_counts_equal_solve_stats(text, options):
    status, out = run_cli("analyse", text, "--json", *options)
    assert status == 0
    answer = json.loads(out.splitlines()[0])
    expected = solve_stats("solve", text, *options)
    assert {k: answer[k] for k in expected} == expected
    assert len(answer["dead_end_list"]) == answer["dead_ends"]
    grid = sudoku.parse(text)
    givens = sudoku.given_options(grid)
    size = grid.size
    for dead in answer["dead_end_list"]:
        chosen = [sudoku.option_id(cell_index(c["cell"], size), c["digit"], size) for c in dead["culprits"]]
        item = sudoku.problem_for(grid.n).items.index(dead["item"])
        assert left_for(sudoku.problem_for(grid.n).options, item, givens + chosen) == []
        # The fewest culprits may reach deeper than the shallowest conflict set does, never shallower.
        assert dead["jump_to"] <= max((c["level"] for c in dead["culprits"]), default=-1)
        if "first" not in options:       # fewest options first: the last choice took the item's last option
            assert dead["jump_to"] == dead["level"] - 1
    assert sum(w["nodes"] for w in answer["wrong_choices"]) + answer["path_nodes"] == answer["nodes"]


def cell_index(name, size):
    """'r4c5' → its cell index."""
    r, c = name[1:].split("c")
    return (int(r) - 1) * size + int(c) - 1


def test_analyse_a_cover_problem_names_options_by_their_labels(tmp_path):
    status, out = run_cli("analyse", "--builtin", "queens", "--n", "6", "--all", "--json")
    answer = json.loads(out.splitlines()[0])
    assert status == 0 and answer["problem"] == "6 queens"
    assert {k: answer[k] for k in ("nodes", "dead_ends", "solutions")} == solve_stats(
        "cover", "--builtin", "queens", "--n", "6", "--all")
    culprit = answer["dead_end_list"][0]["culprits"][0]
    assert set(culprit) == {"level", "option"} and culprit["option"].startswith("queen at ")
    text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
    path = tmp_path / "knuth.txt"
    path.write_text(text)
    status, out = run_cli("analyse", "--cover", str(path), "--json", "--all")
    answer = json.loads(out.splitlines()[0])
    assert status == 0 and answer["solutions"] == 1
    assert all(c["option"] in text.splitlines()[1:] for d in answer["dead_end_list"] for c in d["culprits"])


def test_analyse_report_names_the_worst_wrong_choices_jumps_and_thrashing():
    status, out = run_cli("analyse", HARD[1], "--choose", "first", "--max-steps", "30000")
    assert status == 0
    assert "Worst wrong choices" in out and " cost " in out
    assert "Deepest jumps" in out and "innocent level" in out and "nodes wasted" in out
    assert "Thrashing" in out and "dead ends caused by" in out
    assert "Dead ends by item: " in out


def test_analyse_a_file_writes_json_lines_and_says_which_line_is_bad(tmp_path, capsys):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{HARD[0]}\n# a comment\nnot a puzzle\n{EASY}\n")
    status = cli.main(["analyse", str(path), "--no-progress"])
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    assert status == 1 and [entry["line"] for entry in lines] == [1, 4]
    assert "line 3" in captured.err
    assert lines[1]["puzzle"] == sudoku.format_grid(sudoku.parse(EASY))


def test_analyse_is_bounded_by_steps():
    status, out = run_cli("analyse", HARD[1], "--choose", "first", "--max-steps", "5000", "--json")
    answer = json.loads(out.splitlines()[0])
    assert status == 0 and answer["status"] == "stopped" and answer["limit"] == "steps"
    assert answer["steps"] <= 5000


@pytest.mark.parametrize("argv, message", [
    (["analyse"], "give one of a PUZZLE"),
    (["analyse", EASY, "--builtin", "knuth"], "not PUZZLE and --builtin"),
    (["analyse", EASY, "--n", "4"], "parameters of a built-in"),
    (["analyse", "--builtin", "knuth", "--width", "3"], "not a parameter of knuth"),
    (["analyse", "--cover", "/no/such/file"], "no file named"),
    (["analyse", "12.4"], "no file, and as a puzzle"),
])
def test_analyse_says_what_is_wrong(argv, message, capsys):
    status = cli.main(argv)
    assert status in (1, 2) and message in capsys.readouterr().err


@settings(max_examples=150, deadline=None)
@given(coloured_problems(primary=(1, 5), colours=(2, 2), options=(1, 12)), st.sampled_from(["mrv", "first"]))
def test_coloured_problems_hold_against_the_independent_checker(problem, choose):
    # A dead end's culprits may include an option that purified an item: the checker knows only
    # which options are compatible, nothing of purify.
    found, outcome = an.run(problem, max_solutions=None, choose=choose)
    recording = ec.Recording()
    ec.Search(problem).run(recording=recording, max_solutions=None, choose=choose)
    assert check_dead_ends(problem, [], recording.events, found, True) == outcome.stats.dead_ends
    check_tree(recording.events, found, outcome)
    check_nogoods(problem, [], recording.events, found)


def test_the_pentominoes_culprits_are_the_fewest():
    """The 6×10 pentominoes to the first packing, where a minimal conflict set is often not a
    smallest one (measured: 23 of its 284 dead ends): every dead end checked independently."""
    problem = problems.make("pentominoes", width=10, height=6).problem
    recording = ec.Recording()
    outcome = ec.Search(problem).run(recording=recording)
    found = an.analyse(problem, [], recording)
    assert check_dead_ends(problem, [], recording.events, found, True) == outcome.stats.dead_ends


def test_with_colours_every_holder_of_an_item_rules_out_not_only_the_earliest():
    # Found by Hypothesis: the choice at level 1 alone rules out
    # all three options of i1 (option 7 through i4 and i5, held in one colour by levels 0 and 1), so
    # the fewest culprits are level 1 alone; reading only each item's earliest holder named 0 and 1.
    problem = ec.Problem(("i0", "i1", "i2", "i3", "i4", "i5"), 5,
                         ((2, 4, 5), (0,), (0,), (0,), (0,), (0, 1), (0, 1), (1, 4, 5), (3, 5, 0)),
                         ((0, 0, 2), (0,), (0,), (0,), (0,), (0, 0), (0, 0), (0, 0, 0), (0, 2, 0)), ("red", "green"))
    found, outcome = an.run(problem, max_solutions=None)
    (dead,) = found.dead_ends
    assert (dead.item, dead.options, dead.culprits) == (1, [5, 6, 7], [1])
    assert [an.levels_of(bits) for bits in dead.every_ruler] == [[1], [1], [0, 1]]
    recording = ec.Recording()
    ec.Search(problem).run(recording=recording, max_solutions=None)
    assert check_dead_ends(problem, [], recording.events, found, True) == 1
