"""The step log: replay matches the solver at every step, balance, size, explanations."""

import gzip
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.analysis.explain import generic_phrases
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku
from webapp.models.examples import BERRY, NO_SOLUTION, puzzle_lines


class Snooping(list):
    """An events list that also snapshots the solver's state after each event
    (by default its covered items; `take(search)` says what else to keep)."""

    def __init__(self, search, take=lambda search: tuple(search.covered_items())):
        super().__init__()
        self.search, self.take, self.snapshots = search, take, []

    def append(self, code):
        super().append(code)
        self.snapshots.append(self.take(self.search))


def snooped_sudoku_log(text, take=lambda search: tuple(search.covered_items()), **limits):
    """(log, snapshots, search, outcome) of a recorded Sudoku solve: snapshots[k] is take(solver) after
    step k (0: the givens placed, before any event)."""
    grid = sudoku.parse(text)
    search = ec.Search(sudoku.problem_for(grid.n), ec.PYTHON)    # snooped between events: the Python engine
    for g in sudoku.given_options(grid):
        search.select(g)
    before = take(search)
    recording = ec.Recording()
    recording.events = Snooping(search, take)
    outcome = search.run(recording=recording, **limits)
    log = steplog.build(sudoku.problem_for(grid.n), sudoku.phrases_for(grid.n), sudoku.given_options(grid),
                        recording, outcome, {"kind": "sudoku", "n": grid.n, "size": grid.size, "puzzle": text})
    return log, [before] + recording.events.snapshots, search, outcome


def sudoku_log(text, **limits):
    """(log, search, outcome) of a recorded Sudoku solve."""
    log, _, search, outcome = snooped_sudoku_log(text, take=lambda search: None, **limits)   # no snapshots wanted
    return log, search, outcome


def covered_of(state):
    return tuple(i for i, c in enumerate(state.covered) if c)


def placed_of(state, upto=None):
    return tuple(f.option for f in state.frames if f.option >= 0)


def test_replay_matches_the_solver_at_every_step():
    log, snapshots, search, outcome = snooped_sudoku_log(BERRY, max_solutions=2)
    snapshots = snapshots[1:]       # [0] is before the first event
    assert len(snapshots) == len(log["events"]) == outcome.stats.steps
    replay = steplog.Replay(log)
    for step, covered in enumerate(snapshots, start=1):
        state = replay.run_to(step)
        assert covered_of(state) == covered, f"step {step}"


def test_a_complete_search_balances_back_to_the_givens():
    log, _, outcome = sudoku_log(NO_SOLUTION, max_solutions=None)
    assert outcome.status == ec.NO_SOLUTION
    final = steplog.replay(log)
    givens_items = {i for g in log["givens"] for i in log["options"][g]}
    assert set(covered_of(final)) == givens_items and final.frames == []
    kinds = [code & ec.KIND_MASK for code in log["events"]]
    assert kinds.count(ec.COVER) == kinds.count(ec.UNCOVER)
    assert kinds.count(ec.CHOOSE) == kinds.count(ec.BACKUP) == len(log["sizes"])


def test_a_stopped_search_replays_to_where_it_stopped():
    text = puzzle_lines("gecode_25x25.txt")[0]
    log, search, outcome = sudoku_log(text, max_steps=5_000)
    assert outcome.limit == ec.LIMIT_STEPS
    final = steplog.replay(log)
    assert covered_of(final) == tuple(search.covered_items())
    assert len(final.frames) == search.level + 1 or len(final.frames) == search.level


def test_placed_options_match_the_solver_at_solutions():
    log, search, outcome = sudoku_log(".2.." + "." * 12, max_solutions=None)
    replay = steplog.Replay(log)
    found = []
    for step, code in enumerate(log["events"], start=1):
        if code & ec.KIND_MASK == ec.SOLUTION:
            found.append(list(placed_of(replay.run_to(step))))
    assert found == outcome.solutions and len(found) == outcome.stats.solutions


def test_json_is_compact():
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[5])
    events_json = json.dumps(log["events"], separators=(",", ":"))
    per_event = len(events_json) / len(log["events"])
    assert per_event <= 8, per_event
    text = steplog.dumps(log)
    assert json.loads(text)["events"] == list(log["events"])
    assert len(gzip.compress(text.encode())) < len(text) / 3


def test_a_native_log_encodes_to_the_bytes_of_the_list_log():
    """build(native=True), as the web answers build it (the recording's arrays written in C), encodes
    to the same bytes as the log of lists every other reader gets: a Sudoku, a coloured cover problem."""
    cases = []
    grid = sudoku.parse(puzzle_lines("norvig_top95.txt")[5])
    problem, givens = sudoku.problem_for(grid.n), sudoku.given_options(grid)
    cases.append((problem, sudoku.phrases_for(grid.n), givens, {"kind": "sudoku", "n": grid.n}))
    coloured = ec.Problem(("p", "q", "x"), 2, ((0, 2), (1, 2), (0,), (1,)), ((0, 1), (0, 2), (0,), (0,)), ("a", "b"))
    cases.append((coloured, generic_phrases(coloured), [], {"kind": "cover"}))
    for problem, phrases, givens, about in cases:
        search = ec.Search(problem)
        for g in givens:
            search.select(g)
        recording = ec.Recording()
        outcome = search.run(recording=recording, max_solutions=None)
        as_lists = steplog.build(problem, phrases, givens, recording, outcome, about)
        native = steplog.build(problem, phrases, givens, recording, outcome, about, native=True)
        assert isinstance(as_lists["events"], list) and isinstance(as_lists["facts"]["singles"]["technique"], list)
        assert steplog.encode({"log": native}) == steplog.encode({"log": as_lists})


def test_validate_refuses_what_is_not_a_log():
    log, _, _ = sudoku_log(BERRY)
    steplog.validate(json.loads(steplog.dumps(log)))
    with pytest.raises(steplog.LogError, match="not a dlx step log"):
        steplog.validate({"format": "other"})
    with pytest.raises(steplog.LogError, match="version"):
        steplog.validate({**log, "version": 99})
    with pytest.raises(steplog.LogError, match="lacks events"):
        steplog.validate({k: v for k, v in log.items() if k != "events"})


def test_replay_refuses_unbalanced_events():
    log, _, _ = sudoku_log(BERRY)
    broken = {**log, "events": [ec.pack(ec.UNCOVER, 5)]}
    with pytest.raises(steplog.LogError, match="not covered"):
        steplog.replay(broken)


def test_dead_end_explained_in_sudoku_words():
    log, _, _ = sudoku_log(BERRY, max_solutions=1)
    dead = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END]
    assert dead
    lines = steplog.explain_step(log, dead[0])
    assert lines[0].startswith("Dead end at level ")
    item = log["events"][dead[0] - 1] >> ec.KIND_BITS
    assert log["phrases"]["empty"][item] in lines[0]
    # The culprits lead; then every original option of the item is named once, in a line that
    # names the given or earlier choice that ruled it out (options ruled out alike share a line).
    assert lines[1].startswith(("The fewest choices to blame", "One choice is to blame", "The givens alone"))
    problem = steplog.problem_of(log)
    labels = log["labels"]
    ruled = [line for line in lines[2:] if " ruled out by the " in line]
    assert ruled == lines[2:2 + len(ruled)]
    named = [o for o in problem.options_of_item[item] for line in ruled if line.startswith(labels[o])
             or f", {labels[o]}" in line.split(":")[0] or f" and {labels[o]}" in line.split(":")[0]]
    assert sorted(named) == sorted(problem.options_of_item[item])
    # Then the options more than one choice rules out, each with its later rulers, when there are any.
    rest = lines[2 + len(ruled):]
    if rest[0].startswith("Ruled out more than once: "):
        rest = rest[1:]
    assert rest[0].startswith("Back to level ") or rest[0] == "The search is over."


def test_every_ruling_names_an_option_that_really_covers_the_item():
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[1])
    problem = steplog.problem_of(log)
    replay = steplog.Replay(log)
    from webapp.analysis.explain import rulings
    checked = 0
    for step, code in enumerate(log["events"], start=1):
        if code & ec.KIND_MASK != ec.DEAD_END:
            continue
        state = replay.run_to(step)
        item = code >> ec.KIND_BITS
        found = rulings(problem, state, item)
        assert [r.option for r in found] == list(problem.options_of_item[item])
        for r in found:
            assert r.via in problem.options[r.option] and r.via in problem.options[r.ruler]
            placed = state.givens if r.level < 0 else [state.frames[r.level].option]
            assert r.ruler in placed
        checked += 1
    assert checked > 3


def test_choice_explanation_lists_fewest_and_runners_up():
    log, _, _ = sudoku_log(BERRY)
    first_choose = next(k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.CHOOSE)
    lines = steplog.explain_step(log, first_choose)
    d = log["sizes"][0]
    assert lines[0].startswith("Level 0: ") and f"with the fewest options ({d})" in lines[0]
    assert lines[1].startswith("Runners-up: ")


@st.composite
def problems(draw):
    n = draw(st.integers(1, 6))
    options = draw(st.lists(st.sets(st.integers(0, n - 1), min_size=1, max_size=n).map(sorted),
                            min_size=1, max_size=8))
    return ec.Problem(tuple(f"i{k}" for k in range(n)), n, tuple(tuple(o) for o in options))


@settings(max_examples=100, deadline=None)
@given(problems(), st.one_of(st.none(), st.integers(1, 2)), st.one_of(st.none(), st.integers(1, 40)))
def test_replay_balances_and_ends_in_the_solver_state(problem, max_solutions, max_steps):
    search = ec.Search(problem)      # the default engine: the compiled core where built
    recording = ec.Recording()
    outcome = search.run(recording=recording, max_solutions=max_solutions, max_steps=max_steps)
    log = steplog.build(problem, generic_phrases(problem), [], recording, outcome, {"kind": "cover"})
    final = steplog.replay(log)
    assert covered_of(final) == tuple(search.covered_items())
    if outcome.complete:
        assert covered_of(final) == () and final.frames == []
    # Every step says something, and the one-pass reading says what each step alone says.
    said = [lines for _, lines in steplog.explain_steps(log)]
    assert said == [steplog.explain_step(log, step) for step in range(1, len(log["events"]) + 1)]
    assert all(said)


def chosen_items_are_leftmost_minimum(log):
    """At every choose event the item is the leftmost with fewest live options."""
    from webapp.analysis.explain import choice_ranking
    problem = steplog.problem_of(log)
    replay = steplog.Replay(log)
    checked = 0
    for step, code in enumerate(log["events"], start=1):
        if code & ec.KIND_MASK == ec.CHOOSE:
            state = replay.run_to(step - 1)
            assert choice_ranking(problem, state)[0] == (log["sizes"][replay.chooses], code >> ec.KIND_BITS), f"step {step}"
            checked += 1
    return checked


def test_mrv_chooses_the_leftmost_item_with_fewest_options():
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[48], max_solutions=2)
    assert chosen_items_are_leftmost_minimum(log) > 100


@settings(max_examples=100, deadline=None)
@given(problems(), st.integers(0, 2))
def test_mrv_choice_is_exact_on_random_problems(problem, secondary):
    problem = ec.Problem(problem.items, len(problem.items) - min(secondary, len(problem.items) - 1), problem.options)
    recording = ec.Recording()
    outcome = ec.Search(problem, ec.PYTHON).run(recording=recording, max_solutions=None, check=True)
    log = steplog.build(problem, generic_phrases(problem), [], recording, outcome, {"kind": "cover"})
    chosen_items_are_leftmost_minimum(log)


def test_cover_and_uncover_lines_count_the_options_that_really_move():
    # Each option that leaves (or comes back to) the other items takes 3 nodes of a 9×9's
    # 4-item options with it: the engine's own lengths say how many moved.
    # After each event, the sum of the solver's item lengths.
    log, totals, _, _ = snooped_sudoku_log(puzzle_lines("norvig_hardest.txt")[0],
                                           take=lambda s: sum(s.counts()[:s.problem.primary]))
    seen = {"none": 0, "some": 0}
    moves = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK in (ec.COVER, ec.UNCOVER)]
    for step, lines in steplog.explain_steps(log, moves):
        line = lines[0]
        found = re.search(r"the ([\d,]+|one) options? that contain", line)
        said = 0 if found is None else (1 if found.group(1) == "one" else int(found.group(1).replace(",", "")))
        assert abs(totals[step] - totals[step - 1]) == 3 * said, (step, line)
        assert ("no option" in line) == (said == 0)
        seen["none" if said == 0 else "some"] += 1
    assert seen["none"] > 10 and seen["some"] > 10


def test_the_end_of_a_search_is_said_where_it_happens():
    # A complete search: the last dead end says the search is over once the choices are undone.
    log, _, outcome = sudoku_log("1..4..1.2.4.....", max_solutions=None)
    assert outcome.status == ec.SOLVED and log["outcome"]["complete"]
    dead = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END]
    last_try = max(k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.TRY)
    late = [k for k in dead if k > last_try]
    assert late and steplog.explain_step(log, late[-1])[-1].startswith("No option is left to try:")
    first = log["phrases"]["need"][log["events"][0] >> ec.KIND_BITS]          # the item chosen at level 0
    assert steplog.explain_step(log, len(log["events"]))[-1].startswith(
        f"Level 0 ({first}) has no option left to try: the search is over.")
    # A search stopped at its first solution: its last step says the recording ends there.
    log, _, outcome = sudoku_log(BERRY)
    assert not log["outcome"]["complete"]
    last = steplog.explain_step(log, len(log["events"]))
    assert last[0].startswith("Solution:") and last[-1] == f"The recording ends here. {log['outcome']['message']}"


def test_runners_up_say_how_a_tie_went_only_when_there_was_one():
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[48])
    tie = " Ties go to the item that comes first in the item list (cells, then rows, columns, boxes)."
    said = {True: 0, False: 0}
    chooses = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.CHOOSE]
    for _, lines in steplog.explain_steps(log, chooses):
        if len(lines) < 2:
            continue
        d = int(re.search(r"with the fewest options \((\d+)\)", lines[0]).group(1))
        first_runner = int(re.search(r"^Runners-up: [^;]*?\((\d+)\)", lines[1]).group(1))
        assert lines[1].endswith(tie) == (first_runner == d)
        said[first_runner == d] += 1
        if min(said.values()) >= 5:          # enough of both
            break
    assert min(said.values()) >= 5


def test_a_jump_back_over_several_levels_says_why_they_are_skipped():
    log, _, _ = sudoku_log(puzzle_lines("norvig_hardest.txt")[0])
    replay = steplog.Replay(log)
    checked = 0
    events = log["events"]
    for step, code in enumerate(events, start=1):
        replay.apply(code)
        if code & ec.KIND_MASK != ec.DEAD_END:
            continue
        dead_level = replay.state.level
        after = next((k for k in range(step + 1, len(events) + 1) if events[k - 1] & ec.KIND_MASK == ec.TRY), None)
        if after is None:
            continue
        back_level = steplog.replay(log, after).level
        line = steplog.explain_step(log, step)[-1]
        skipped = dead_level - back_level - 1
        if skipped == 0:
            assert "backs up past" not in line
        elif skipped == 1:
            assert line.endswith(f" Level {back_level + 1} has no other option to try, so the search backs up past it.")
        else:
            assert line.endswith(f" Levels {back_level + 1} to {dead_level - 1} have no other option to try, "
                                 "so the search backs up past them.")
            checked += 1
    assert checked


def test_an_uncover_that_takes_a_choice_back_says_which():
    log, _, _ = sudoku_log("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
    after_backup = next(k + 1 for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.BACKUP)
    assert log["events"][after_backup - 1] & ec.KIND_MASK == ec.UNCOVER
    state = steplog.replay(log, after_backup)
    top = state.frames[-1]
    line = steplog.explain_step(log, after_backup)[0]
    assert line.endswith(f" This takes back {log['labels'][top.option]}, the choice at level {len(state.frames) - 1}.")
    # The chosen item's own uncover, after its last option, takes nothing back.
    dead = next(k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END)
    assert "takes back" not in steplog.explain_step(log, dead + 1)[0]


def test_a_try_names_its_item_and_says_the_options_before_it_were_taken_back():
    # Oracle: the events alone. A level's k-th try is the k-th try since its choose.
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[0], choose="first", max_steps=20_000)
    need, labels, events = log["phrases"]["need"], log["labels"], log["events"]
    wrong, sizes = wrong_choices_from_events(events)
    total = len(sizes)
    stack = []                                   # [item, d, tries] per level
    chooses = 0
    node = -1
    seen = set()
    said = steplog.explain_steps(log)
    for (step, lines), code in zip(said, events):
        kind, arg = code & ec.KIND_MASK, code >> ec.KIND_BITS
        if kind == ec.CHOOSE:
            stack.append([arg, log["sizes"][chooses], 0])
            chooses += 1
        elif kind == ec.BACKUP:
            stack.pop()
        elif kind == ec.TRY:
            item, d, k = stack[-1][0], stack[-1][1], stack[-1][2] + 1
            stack[-1][2] = k
            before = {1: "", 2: " Option 1 was tried and taken back.",
                      3: " Options 1 and 2 were tried and taken back."}.get(
                k, f" Options 1 to {k - 1} were tried and taken back.")
            node += 1
            cost = []
            if node in wrong:
                cost = ["A wrong choice: there is no solution below it. It cost 1 of the search's "
                        f"{total:,} nodes." if sizes[node] == 1 else
                        "A wrong choice: there is no solution below it. It and the options tried under it "
                        f"cost {sizes[node]:,} of the search's {total:,} nodes."]
                seen.add("wrong")
            assert lines == [
                f"Level {len(stack) - 1} ({need[item]}): option {k} of {d}, {labels[arg]}.{before}", *cost], step
            seen.add(min(k, 4))
            if len(seen) == 5 and node > 300:   # enough of each kind
                break
    assert seen == {1, 2, 3, 4, "wrong"}


def wrong_choices_from_events(events):
    """Oracle for wrong choices, from the events alone: (the wrong tries' numbers, each try's subtree size).

    A try's subtree runs until the next try at its level or its level's back-up; a wrong choice is a
    finished try with no solution below it whose parent try is none (level 0), solved, or unfinished."""
    open_tries = []                              # per level: the try now open there, or None
    parent, finished, solved, sizes = [], [], [], []
    for code in events:
        kind = code & ec.KIND_MASK
        if kind == ec.CHOOSE:
            open_tries.append(None)
        elif kind == ec.TRY:
            if open_tries[-1] is not None:
                finished[open_tries[-1]] = True
            node = len(sizes)
            parent.append(open_tries[-2] if len(open_tries) > 1 else None)
            finished.append(False)
            solved.append(False)
            sizes.append(0)
            open_tries[-1] = node
            for t in open_tries:
                sizes[t] += 1
        elif kind == ec.BACKUP:
            last = open_tries.pop()
            if last is not None:
                finished[last] = True
        elif kind == ec.SOLUTION:
            for t in open_tries:
                if t is not None:
                    solved[t] = True
    on_path = [solved[t] or not finished[t] for t in range(len(sizes))]
    wrong = {t for t in range(len(sizes)) if finished[t] and not solved[t]
             and (parent[t] is None or on_path[parent[t]])}
    return wrong, sizes


def test_cover_and_uncover_lines_name_the_options_that_move_when_few():
    # Oracle: the solver's covered items after each event.
    log, covered_after, search, _ = snooped_sudoku_log(puzzle_lines("norvig_hardest.txt")[0])
    problem, labels = search.problem, log["labels"]
    named = {True: 0, False: 0}
    moves = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK in (ec.COVER, ec.UNCOVER)]
    for step, lines in steplog.explain_steps(log, moves):
        arg = log["events"][step - 1] >> ec.KIND_BITS
        covered = set(covered_after[step])
        moving = [labels[o] for o in problem.options_of_item[arg]
                  if not any(j != arg and j in covered for j in problem.options[o])]
        line = lines[0]
        if 0 < len(moving) <= steplog.NAMED_OPTIONS:
            assert f"the other items: {', '.join(moving)}." in line, (step, line)
            named[True] += 1
        elif moving:
            assert "the other items." in line and "the other items:" not in line, (step, line)
            named[False] += 1
    assert named[True] > 100 and named[False] >= 1


def test_a_solution_says_the_search_goes_on_only_when_it_does():
    log, _, _ = sudoku_log("1..4..1.2.4.....", max_solutions=None)
    events = log["events"]
    solutions = [k for k, code in enumerate(events, start=1) if code & ec.KIND_MASK == ec.SOLUTION]
    for step in solutions:
        assert steplog.explain_step(log, step)[0].endswith(
            "). The search goes on: it backs up to look for another."), step
    stopped, _, _ = sudoku_log("1..4..1.2.4.....", max_solutions=1)
    assert stopped["events"][-1] & ec.KIND_MASK == ec.SOLUTION
    assert "goes on" not in " ".join(steplog.explain_step(stopped, len(stopped["events"])))


def test_a_dead_end_says_when_backing_up_frees_none_of_its_options():
    # Oracle: the levels named in the dead end's own ruling lines and back line.
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[0], choose="first", max_steps=20_000)
    said = {True: 0, False: 0}
    dead_ends = [k for k, code in enumerate(log["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END]
    for step, lines in steplog.explain_steps(log, dead_ends):
        back = next((re.match(r"Back to level (\d+):", line) for line in lines if line.startswith("Back to")), None)
        if back is None:
            continue
        b = int(back.group(1))
        levels = [int(m.group(1)) if m else -1 for line in lines if ": ruled out by " in line
                  for m in [re.search(r" at level (\d+) \(", line)]]
        c = max(levels)
        lesson = lines[-1].startswith("Taking back")
        assert lesson == (c < b), (step, lines)
        if lesson:
            givens = "the givens and " if -1 in levels else ""
            why = "the givens ruled them out" if c < 0 else f"{givens}the choices at level {c} or before ruled them out"
            assert lines[-1] == (f"Taking back the choice at level {b} frees none of these options: {why}. "
                                 "Algorithm X backs up to the most recent level with an option left, not to the "
                                 "cause, so it may meet this dead end again.")
        said[lesson] += 1
    assert said[True] > 10 and said[False] > 10
    # Under "fewest options first" the last try always ruled out an option: never said.
    mrv, _, _ = sudoku_log(puzzle_lines("norvig_hardest.txt")[0])
    mrv_dead_ends = [k for k, code in enumerate(mrv["events"], start=1) if code & ec.KIND_MASK == ec.DEAD_END]
    assert not any(lines[-1].startswith("Taking back") for _, lines in steplog.explain_steps(mrv, mrv_dead_ends))


def test_the_chosen_items_cover_says_one_option_or_several():
    log, _, _ = sudoku_log(puzzle_lines("norvig_hardest.txt")[0])
    events, seen = log["events"], set()
    covers = [k + 1 for k, code in enumerate(events, start=1) if code & ec.KIND_MASK == ec.CHOOSE]
    for (after, lines), d in zip(steplog.explain_steps(log, covers), log["sizes"]):
        step, line = after - 1, lines[0]
        if d == 1:
            assert line.endswith(": " + log["labels"][events[step + 1] >> ec.KIND_BITS] + ". It is the one option this level can try.")
        elif d > 1:
            assert line.endswith(" They are the options this level tries, one at a time.")
        seen.add(min(d, 2))
    assert seen == {0, 1, 2}


# -- version 2: the facts ------------------------------------------------------------------

def given_ruler(log, item, option):
    """The given that rules an option out, by the documented rule: the one holding the first item
    of the option (other than the starved item) that a given holds."""
    holder = {i: g for g in log["givens"] for i in log["options"][g]}
    return next(holder[j] for j in log["options"][option] if j != item and j in holder)


def test_facts_say_what_the_replayed_explanations_say():
    """Each dead end's rulers, culprits, back_to and jump_to, read from the facts as a reader would."""
    from webapp.analysis.explain import rulings
    log, _, outcome = sudoku_log(puzzle_lines("norvig_top95.txt")[7], max_solutions=2)
    log = json.loads(steplog.dumps(log))
    steplog.validate(log)
    facts = log["facts"]
    dead = facts["dead_ends"]
    problem = steplog.problem_of(log)
    replay = steplog.Replay(log)
    at_ruler = at_culprit = 0
    assert len(dead["step"]) == outcome.stats.dead_ends > 20
    for k, step in enumerate(dead["step"]):
        item = log["events"][step] >> ec.KIND_BITS
        state = replay.run_to(step + 1)
        expected = rulings(problem, state, item)
        options = problem.options_of_item[item]
        levels = dead["ruler"][at_ruler:at_ruler + len(options)]
        at_ruler += len(options)
        assert [r.option for r in expected] == list(options)
        assert levels == [r.level for r in expected]
        for r in expected:
            if r.level < 0:
                assert given_ruler(log, item, r.option) == r.ruler
            else:
                assert state.frames[r.level].option == r.ruler
        culprits = dead["culprits"][at_culprit:at_culprit + dead["culprit_count"][k]]
        at_culprit += dead["culprit_count"][k]
        assert dead["jump_to"][k] == (culprits[-1] if culprits else -1)
        assert set(culprits) <= {r.level for r in expected if r.level >= 0}
        later = steplog.Replay(log)
        later.run_to(step + 1)
        while later.step < len(log["events"]) and log["events"][later.step] & ec.KIND_MASK != ec.TRY:
            later.apply(log["events"][later.step])
        if later.step < len(log["events"]):
            assert dead["back_to"][k] == len(later.state.frames) - 1
        else:
            assert dead["back_to"][k] == (-1 if outcome.complete else steplog.BACK_TO_UNKNOWN)
    assert at_ruler == len(dead["ruler"]) and at_culprit == len(dead["culprits"])


def test_facts_give_each_nodes_subtree_and_the_wrong_choices():
    log, _, outcome = sudoku_log(NO_SOLUTION, max_solutions=None)
    tries = log["facts"]["tries"]
    assert len(tries["nodes"]) == outcome.stats.nodes
    depth, levels = -1, []
    for code in log["events"]:
        kind = code & ec.KIND_MASK
        depth += kind == ec.CHOOSE
        depth -= kind == ec.BACKUP
        if kind == ec.TRY:
            levels.append(depth)
    # No solution: the wrong choices are the level-0 nodes, and their subtrees are every node.
    assert tries["wrong"] == [t for t, level in enumerate(levels) if level == 0]
    assert sum(tries["nodes"][t] for t in tries["wrong"]) == outcome.stats.nodes
    for t, size in enumerate(tries["nodes"]):
        assert all(levels[u] > levels[t] for u in range(t + 1, t + size))


def test_facts_list_the_jumps_a_backjumping_search_would_make():
    log, _, _ = sudoku_log(puzzle_lines("norvig_top95.txt")[1], choose="first", max_steps=30_000)
    jumps = log["facts"]["jumps"]
    assert len(jumps["step"]) > 10 and jumps["step"] == sorted(jumps["step"])
    for step, back, jump, wasted in zip(jumps["step"], jumps["back_to"], jumps["jump_to"], jumps["wasted"]):
        assert log["events"][step] & ec.KIND_MASK in (ec.DEAD_END, ec.BACKUP)
        assert -1 <= jump < back and wasted > 0
    assert all(len(group) >= 2 for group in log["facts"]["thrashing"])


def test_facts_are_small_beside_the_events():
    """Under fewest options first the facts add well under a third of the events' bytes."""
    for text, limits in ((puzzle_lines("norvig_top95.txt")[5], {}),
                         (puzzle_lines("gecode_25x25.txt")[0], {"max_steps": 100_000})):
        grid = sudoku.parse(text)
        recording = ec.Recording()
        outcome = sudoku.solve(grid, recording=recording, **limits).outcome
        log = steplog.build(sudoku.problem_for(grid.n), sudoku.phrases_for(grid.n), sudoku.given_options(grid),
                            recording, outcome, {"kind": "sudoku"})
        events = len(json.dumps(log["events"], separators=(",", ":")))
        facts = len(json.dumps(log["facts"], separators=(",", ":")))
        assert facts < 0.3 * events, (facts, events)


def test_validate_refuses_facts_that_do_not_fit_the_events():
    log, _, _ = sudoku_log(BERRY)
    log = json.loads(steplog.dumps(log))
    with pytest.raises(steplog.LogError, match="version 1"):
        steplog.validate({**log, "version": 1})
    with pytest.raises(steplog.LogError, match="lacks facts"):
        steplog.validate({k: v for k, v in log.items() if k != "facts"})
    for section, name, value, message in (
            ("dead_ends", "back_to", [], "facts.dead_ends.back_to has 0 entries"),
            ("dead_ends", "ruler", [0], "facts.dead_ends.ruler has 1 entries"),
            ("dead_ends", "culprits", [], "culprit_count"),
            ("dead_ends", "step", None, "must be an array"),
            ("tries", "nodes", [1], "facts.tries.nodes has 1 entries"),
            ("jumps", "step", [0], "facts.jumps.back_to has 0 entries")):
        broken = json.loads(json.dumps(log))
        broken["facts"][section][name] = value
        with pytest.raises(steplog.LogError, match=message):
            steplog.validate(broken)
    broken = json.loads(json.dumps(log))
    broken["facts"]["dead_ends"]["step"][0] += 1
    with pytest.raises(steplog.LogError, match="not a dead end"):
        steplog.validate(broken)
