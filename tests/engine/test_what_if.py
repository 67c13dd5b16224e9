"""What if: a search below choices placed in order as the choices of levels 0, 1, …
(exact_cover.Search.run's choices and branch_on).

The search below the choices is the plain search's subtree under the node those choices
lead to, event for event (so nodes, dead ends and solutions too), on hard puzzles and on
cover problems; both engines write the same events; a choice that clashes is refused by name.
"""

from __future__ import annotations

import pytest

from webapp.engine import exact_cover as ec
from webapp.models import examples, problems, sudoku

ENGINES = [ec.PYTHON] + ([ec.COMPILED] if ec.compiled_available() else [])
HARD = [examples.BERRY, examples.puzzle_lines("norvig_top95.txt")[0]]


def recorded(problem, givens, engine=None, **limits):
    search = ec.Search(problem, engine)
    for g in givens:
        search.select(g)
    recording = ec.Recording()
    outcome = search.run(recording=recording, **limits)
    return outcome, list(recording.events), list(recording.sizes)


def nodes_of(events):
    """Each try: (event index, its level, the options of levels 0..level, event index where its subtree ends)."""
    stack: list[int] = []
    open_: list[int] = []
    found = []
    for e, code in enumerate(events):
        kind, arg = ec.unpack(code)
        if kind == ec.CHOOSE:
            stack.append(-1)
        elif kind == ec.TRY:
            if stack[-1] >= 0:
                found[open_.pop()][3] = e
            stack[-1] = arg
            open_.append(len(found))
            found.append([e, len(stack) - 1, list(stack), None])
        elif kind == ec.BACKUP and stack.pop() >= 0:      # a level's last try ends at its back-up
            found[open_.pop()][3] = e
    return found


def subtree_counts(events):
    kinds = [code & ec.KIND_MASK for code in events]
    return kinds.count(ec.TRY), kinds.count(ec.DEAD_END), kinds.count(ec.SOLUTION)


def cases():
    for puzzle in HARD:
        grid = sudoku.parse(puzzle)
        yield sudoku.problem_for(grid.n), sudoku.given_options(grid)
    yield problems.make("queens", n=8).problem, []
    yield problems.make("latin", n=4).problem, []


@pytest.mark.parametrize("case", range(4))
def test_the_search_below_choices_is_the_plain_searchs_subtree_there(case):
    problem, givens = list(cases())[case]
    plain, events, _ = recorded(problem, givens, max_solutions=None, max_steps=400_000)
    assert plain.complete
    tries = nodes_of(events)
    # Nodes on the path to a solution and off it, at several depths: every 37th node, and the deepest few.
    picked = tries[::37][:12] + sorted(tries, key=lambda t: -t[1])[:2]
    for engine in ENGINES:
        for e, _level, path, end in picked:
            what_if, got, sizes = recorded(problem, givens, engine, max_solutions=None, choices=path)
            prefix = sum(3 + len(problem.options[o]) - 1 for o in path)
            start = e + len(problem.options[path[-1]])        # after the try and the covers of its other items
            # It ends before the uncovers of those items (and, at a back-up, the uncover of the level's item).
            stop = end - (len(problem.options[path[-1]]) - 1) - (ec.unpack(events[end])[0] == ec.BACKUP)
            assert got[prefix:] == events[start:stop], (engine, path)
            nodes, dead, solutions = subtree_counts(events[e:end])
            assert (what_if.stats.nodes - len(path) + 1, what_if.stats.dead_ends, what_if.stats.solutions) \
                == (nodes, dead, solutions)
            assert all(s[:len(path)] == path for s in what_if.solutions)
            assert what_if.complete and (what_if.status == ec.SOLVED) == bool(solutions)
            assert len(sizes) == len(path) + sum(1 for c in got[prefix:] if c & ec.KIND_MASK == ec.CHOOSE)


def test_the_choices_are_written_as_tries_of_their_levels():
    grid = sudoku.parse(examples.BERRY)
    problem, givens = sudoku.problem_for(3), sudoku.given_options(grid)
    choices = [(0 * 9 + 0) * 9 + 8, (0 * 9 + 2) * 9 + 5]        # 9 in r1c1, 6 in r1c3
    outcome, events, sizes = recorded(problem, givens, choices=choices)
    head = [ec.unpack(c) for c in events[:4]]
    assert head == [(ec.CHOOSE, 0), (ec.COVER, 0), (ec.TRY, choices[0]), (ec.COVER, 81 + 8)]
    second = next(e for e, c in enumerate(events[1:], 1) if ec.unpack(c)[0] == ec.CHOOSE)
    assert ec.unpack(events[second + 2]) == (ec.TRY, choices[1])
    # r1c1 had its live options then: 9 minus what the givens rule out.
    assert sizes[0] == len([o for o in problem.options_of_item[0]
                            if not any(i in problem.options[g] for g in givens for i in problem.options[o])])
    # Never taken back: no back-up leaves levels 0 or 1, and the last event backs up from level 2 at most.
    assert not any(ec.unpack(c) in ((ec.BACKUP, 0), (ec.BACKUP, 1)) for c in events)
    assert outcome.stats.max_level >= 2


@pytest.mark.parametrize("engine", ENGINES)
def test_a_clashing_choice_is_refused_by_name(engine):
    grid = sudoku.parse(examples.BERRY)
    problem, givens = sudoku.problem_for(3), sudoku.given_options(grid)
    given = givens[0]
    cell = given // 9
    other_digit = cell * 9 + (given % 9 + 1) % 9
    with pytest.raises(ec.ChoiceError, match=r"choice 0, option \d+, needs item r\d+c\d+, which the given option"):
        recorded(problem, givens, engine, choices=[other_digit])
    free = next(o for o in range(729) if not any(i in problem.options[g] for g in givens for i in problem.options[o]))
    clash = next(o for o in range(729) if o != free and o // 9 == free // 9)
    with pytest.raises(ec.ChoiceError, match=rf"choice 1, option {clash}, .* which choice 0 \(option {free}\) holds"):
        recorded(problem, givens, engine, choices=[free, clash])
    with pytest.raises(ec.ChoiceError, match=rf"branch_on {cell} is not an open primary item \(r\d+c\d+ is covered"):
        recorded(problem, givens, engine, choices=[], branch_on=cell)
    with pytest.raises(ec.ChoiceError, match=r"branch_on 400 is not an open primary item$"):
        recorded(problem, givens, engine, choices=[], branch_on=400)
    with pytest.raises(ec.ChoiceError, match="outside"):
        recorded(problem, givens, engine, choices=[729])


@pytest.mark.parametrize("engine", ENGINES)
def test_branch_on_makes_the_level_below_the_choices_branch_there(engine):
    grid = sudoku.parse(examples.BERRY)
    problem, givens = sudoku.problem_for(3), sudoku.given_options(grid)
    plain, events, _ = recorded(problem, givens, engine, max_solutions=None)
    own = ec.unpack(events[0])[1]
    same, same_events, _ = recorded(problem, givens, engine, max_solutions=None, branch_on=own)
    assert same_events == events
    open_cells = [c for c in range(81) if not grid.cells[c]]
    cell = next(c for c in open_cells if c != own)
    branched, got, _ = recorded(problem, givens, engine, max_solutions=None, branch_on=cell)
    assert ec.unpack(got[0]) == (ec.CHOOSE, cell)
    assert sorted(map(sorted, branched.solutions)) == sorted(map(sorted, plain.solutions))
    assert branched.complete
