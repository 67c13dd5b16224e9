"""Explanations: rulings at a dead end, choice ranking and outcome messages."""

import pytest

from webapp.analysis.explain import (
    Frame,
    State,
    back_to_line,
    choice_ranking,
    dead_end_lines,
    generic_phrases,
    newest_choice,
    outcome_message,
    rulings,
)
from webapp.engine import exact_cover as ec
from webapp.log.steplog import Replay, problem_of


def problem():
    # Items A B C; options AB, AC, B, C. Place B by hand, then A can only use AC.
    return ec.Problem.from_names("ABC", [], ["AB", "AC", "B", "C"])


def test_rulings_name_the_earliest_placed_option():
    p = problem()
    covered = [False, True, True]            # B and C covered
    state = State(covered, [Frame(1, 2, 1, 2), Frame(2, 1, 1, 3), Frame(0, 0)], givens=[])
    found = rulings(p, state, 0)
    assert [(r.option, r.ruler, r.level, p.items[r.via]) for r in found] == [(0, 2, 0, "B"), (1, 3, 1, "C")]
    phrases = generic_phrases(p)
    lines = dead_end_lines(phrases, state, 0, found)
    assert lines == ["Dead end at level 2: A has no option left.",
                     "A B: ruled out by the choice B at level 0 (B is already covered)",
                     "A C: ruled out by the choice C at level 1 (C is already covered)"]


def test_givens_come_before_choices():
    p = problem()
    state = State([False, True, True], [Frame(2, 1, 1, 3), Frame(0, 0)], givens=[2])
    lines = dead_end_lines(generic_phrases(p), state, 0, rulings(p, state, 0))
    assert lines[1] == "A B: ruled out by the given B (B is already covered)"


def test_choice_ranking_is_fewest_first_ties_leftmost():
    p = problem()
    state = State([False, False, False])
    assert choice_ranking(p, state) == [(2, 0), (2, 1), (2, 2)]


def test_outcome_messages():
    def outcome(status, complete, limit, found, steps=0, **budget):
        stats = ec.Stats(solutions=found, steps=steps)
        return ec.Outcome(status, complete, limit, [], stats, {"choose": "mrv", "max_solutions": 1, **budget})
    assert "exactly one" in outcome_message(outcome(ec.SOLVED, True, None, 1))
    assert "all 4 solutions" in outcome_message(outcome(ec.SOLVED, True, None, 4))
    assert "not unique" in outcome_message(outcome(ec.SOLVED, False, "solutions", 2, max_solutions=2))
    assert "uniqueness not checked" in outcome_message(outcome(ec.SOLVED, False, "solutions", 1))
    assert outcome_message(outcome(ec.NO_SOLUTION, True, None, 0)).startswith("No solution")
    steps = outcome_message(outcome(ec.STOPPED, False, "steps", 0, steps=998, max_steps=1000))
    # A log stops short of the budget: the message names both numbers and says why.
    assert steps == ("Stopped after 998 steps, before the search ended: the next action would have passed "
                     "the step budget of 1,000 steps; no solution found so far. The steps recorded can still be replayed.")
    assert "time limit of 2 s" in outcome_message(outcome(ec.STOPPED, False, "time", 3, max_seconds=2.0))



ARTO = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


@pytest.mark.parametrize("path, body", [
    ("/api/solve", {"puzzle": ARTO}),                                                  # dead ends
    ("/api/cover", {"builtin": "queens", "params": {"n": 6}, "solutions": None}),      # solutions
])
def test_the_newest_choice_is_taken_back_from_its_first_undone_cover_to_the_next_try(client, path, body):
    log = client.post(path, json=body).get_json()["log"]
    problem = problem_of(log)
    run = Replay(log)
    uncovered_since_try = []        # per frame: has an uncover or a back-up to it come since its last try?
    seen = 0
    for step, code in enumerate(log["events"], start=1):
        kind, _ = ec.unpack(code)
        if kind == ec.CHOOSE:
            uncovered_since_try.append(False)
        elif kind == ec.TRY:
            uncovered_since_try[-1] = False
        elif kind == ec.UNCOVER and run.state.frames[-1].k > 0:
            uncovered_since_try[-1] = True
        elif kind == ec.BACKUP:
            uncovered_since_try.pop()
            if uncovered_since_try:
                uncovered_since_try[-1] = True      # it backs up to take that level's choice back
        state = run.run_to(step)
        newest = newest_choice(problem, state, kind)
        with_option = [level for level, f in enumerate(state.frames) if f.k > 0]
        if not with_option:
            assert newest is None
            continue
        level = with_option[-1]
        assert newest[:2] == (state.frames[level].option, level)
        # Taken back: the top frame holds the newest choice, and an uncover, or a back-up to it,
        # came since it was tried.
        expected = level == len(state.frames) - 1 and uncovered_since_try[-1]
        assert newest[2] == expected, f"step {step}"
        seen += expected
    assert seen > 0


def test_back_to_line_says_which_levels_it_skips():
    phrases = {"labels": ["7 in r4c5"]}
    assert back_to_line(phrases, 8, 2, 3, 0, 9) == "Back to level 8: option 2 of 3, 7 in r4c5."
    assert back_to_line(phrases, 8, 2, 3, 0, 10).endswith(
        " Level 9 has no other option to try, so the search backs up past it.")
    assert back_to_line(phrases, 8, 2, 3, 0, 11).endswith(
        " Levels 9 and 10 have no other option to try, so the search backs up past them.")
    assert back_to_line(phrases, 8, 2, 3, 0, 12).endswith(
        " Levels 9 to 11 have no other option to try, so the search backs up past them.")


def test_generic_words_for_a_secondary_item_do_not_say_it_needs_an_option():
    # A primary item must be covered exactly once; a secondary one at most once, so it needs no
    # option: "Cover y (y needs an option)" was untrue. With colours, options that give it the
    # same colour may share it.
    from webapp.models import cover_text as ct
    p = ct.parse_cover("A B | x y\nA x\nB x:red y\nA x:red\n")
    need = generic_phrases(p)["need"]
    assert need[0] == "A needs an option" and need[1] == "B needs an option"
    assert need[2] == "x is covered at most once, or by options that give it the same colour"
    assert need[3] == "y is covered at most once, or not at all"
    plain = generic_phrases(ec.Problem.from_names("A", ["y"], [["A", "y"], ["A"]]))["need"]
    assert plain == ("A needs an option", "y is covered at most once, or not at all")
