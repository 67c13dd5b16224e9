"""The exact cover page in Chromium: typing a problem or picking one, bad text, and keeping
what was typed across reloads, links and history.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.coverhelpers import open_cover_page, solve_typed
from webapp.models import problems

# Every test here also fails on an uncaught exception in the page (conftest.no_script_errors).
pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


def test_bad_text_shows_its_line_and_column_and_keeps_the_text(page: Page):
    bad = "A B C\nA B\nB Q\n"
    # The user picks "type a problem" before the list of built-ins arrives: the choice stays.
    held = []
    page.route("**/api/cover/builtins", lambda route: held.append(route))
    page.goto("/cover")
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(bad)
    page.wait_for_function("() => true")       # a round trip, so the held request has been seen
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#problem option")).to_have_count(len(problems.BUILTINS) + 1)
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#text-panel")).to_be_visible()
    with page.expect_response("**/api/cover") as answer:
        page.get_by_role("button", name="Solve", exact=True).click()
    assert answer.value.status == 400
    error = answer.value.json()
    assert error["position"] == {"line": 3, "column": 3}
    expect(page.locator("#text-error")).to_have_text(error["error"])
    expect(page.locator("#text-error")).to_contain_text("line 3, column 3")
    expect(page.locator("#problem-text")).to_have_value(bad)
    expect(page.locator("#problem-text")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#results")).to_be_hidden()
    # The fault is selected in the text, counted in characters as the server counts them.
    selected = "() => { const a = document.getElementById('problem-text'); return a.value.slice(a.selectionStart, a.selectionEnd); }"
    assert page.evaluate(selected) == "Q"
    page.locator("#problem-text").fill("🙂 A\n🙂 Z\n")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#text-error")).to_contain_text("line 2, column 3")
    assert page.evaluate(selected) == "Z"

    # Pentominoes need width × height = 60: said before any request, and Solve does nothing.
    page.locator("#problem").select_option("pentominoes")
    page.locator("#param-width").fill("7")
    expect(page.locator("#param-message")).to_contain_text("width × height must be 60")
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/api/cover" in r.url else None)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#param-message")).to_be_visible()
    assert requests == []
    expect(page.locator("#results")).to_be_hidden()


def test_markup_in_item_names_stays_text(page: Page):
    evil = "<img/src=x/onerror=window.__xss=1>"
    text = f"{evil} <b>B</b> | <script>window.__xss=2</script>\n{evil} <b>B</b>\n<b>B</b>\n{evil}\n"
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#outcome")).to_have_text(re.compile("^Solved"))
    page.locator("#step-slider").focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#why .sentence").first).to_contain_text(evil)
    expect(page.locator("#links g[data-node='0'] title")).to_contain_text(evil)
    assert page.evaluate("window.__xss") is None
    assert page.locator("body img, body b, body script:not([src])").count() == 0


def test_a_problem_being_typed_survives_a_reload(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    area.fill("A B C\nA B\nC\n")
    area.press("End")
    page.keyboard.type("B C")
    page.reload()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value("A B C\nA B\nC\nB C")
    # A link still wins over the draft.
    page.goto("/cover?builtin=queens&n=4&sol=1&choose=mrv")
    expect(page.locator("#problem")).to_have_value("queens")


def test_edits_over_a_replay_survive_a_reload_and_back_forward(page: Page):
    area = solve_typed(page, "A B C\nA B\nC\n")
    solved_url = page.url
    note = page.locator("#text-error")
    expect(note).to_be_hidden()
    area.press("Control+End")
    page.keyboard.type("B C\n")
    edited = "A B C\nA B\nC\nB C\n"
    # Said at once, not only after a reload; and gone when the text is the replay's again.
    expect(note).to_have_text("Your edits since the last Solve are kept here; the replay is of the problem "
                              "as it was solved. Press Solve to run the edited text.")
    for _ in range(4):
        page.keyboard.press("Backspace")
    expect(note).to_be_hidden()
    page.keyboard.type("B C\n")

    # A reload replays the problem the address names and keeps the edits in the text.
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#problem-text")).to_have_value(edited)
    expect(page.locator("#text-error")).to_contain_text("Your edits since the last Solve are kept")
    assert page.url == solved_url

    # Away to a built-in and back: the edits come back again.
    page.goto("/cover?builtin=queens&n=4&sol=1&choose=mrv")
    expect(page.locator("#problem")).to_have_value("queens")
    page.go_back()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value(edited)

    # Solving the edits makes them the problem: nothing is kept over it any more.
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#text-error")).to_be_hidden()
    page.wait_for_function("url => location.href !== url", arg=solved_url)
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#problem-text")).to_have_value(edited)
    expect(page.locator("#text-error")).to_be_hidden()


def test_a_problem_picked_after_a_solve_is_what_a_reload_reopens(page: Page):
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    page.locator("#problem").select_option("text")
    expect(page.locator("#results")).to_be_hidden()
    page.locator("#problem-text").fill("X Y\nX\nY\n# my work\n")
    assert "problem=text" in page.url
    page.reload()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#problem-text")).to_have_value("X Y\nX\nY\n# my work\n")
    expect(page.locator("#results")).to_be_hidden()
    # The solve left behind keeps its own entry: Back replays it, Forward comes back to the text.
    page.go_back()
    expect(page.locator("#problem")).to_have_value("queens")
    expect(page.locator("#results")).to_be_visible()
    page.go_forward()
    expect(page.locator("#problem")).to_have_value("text")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#problem-text")).to_have_value("X Y\nX\nY\n# my work\n")


def test_a_problem_too_long_for_the_address_once_encoded_stays_out_of_it(page: Page):
    # About 800 characters, but over 2,000 once encoded (an emoji takes 12, a space 3).
    names = [f"😀{k}" for k in range(80)]
    text = " ".join(names) + "\n" + "\n".join(names) + "\n"
    assert len(text) < 2000
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    page.locator("#problem-text").fill(text)
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#message")).to_contain_text("too long to keep in the address")
    assert "text=" not in page.url


def test_picking_type_a_problem_with_the_keys_leaves_the_focus_on_the_menu(page: Page):
    open_cover_page(page)
    menu = page.locator("#problem")
    menu.focus()
    page.keyboard.press("End")
    expect(menu).to_have_value("text")
    expect(menu).to_be_focused()


def test_parameters_entered_and_not_solved_survive_a_reload(page: Page):
    # Picked, not solved: the parameters go into the address.
    open_cover_page(page)
    page.locator("#problem").select_option("queens")
    page.locator("#param-n").fill("7")
    expect(page).to_have_url(re.compile(r"problem=queens&n=7$"))
    page.reload()
    expect(page.locator("#problem")).to_have_value("queens")
    expect(page.locator("#param-n")).to_have_value("7")
    # Over a replay: the address stays the replay's, and the parameters come back after a reload.
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    replay_url = page.url
    page.locator("#param-n").fill("6")
    note = page.locator("#param-message")
    expect(note).to_contain_text("Parameters changed")
    page.reload()
    expect(page.locator("#results")).to_be_visible()
    assert page.url == replay_url
    expect(page.locator("#param-n")).to_have_value("6")
    expect(note).to_contain_text("Parameters changed")
    # Solved, they are the replay: Back to n=5 shows its own parameters, with no note.
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).to_have_url(re.compile(r"n=6"))
    expect(note).to_be_hidden()
    page.go_back()
    expect(page).to_have_url(re.compile(r"n=5"))
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#param-n")).to_have_value("5")
    expect(note).to_be_hidden()


def test_back_to_an_earlier_typed_problem_brings_its_text_back(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    area = page.locator("#problem-text")
    first, second = "A B\nA B\n", "P Q\nP\nQ\nP Q\n"
    solve = page.get_by_role("button", name="Solve", exact=True)
    area.fill(first)
    solve.click()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    area.fill(second)
    solve.click()
    expect(page.locator("#placed li")).to_have_count(2)
    page.go_back()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    expect(area).to_have_value(first)
    expect(page.locator("#text-error")).to_be_hidden()
    page.go_forward()
    expect(page.locator("#placed li")).to_have_count(2)
    expect(area).to_have_value(second)


def test_a_problem_too_large_to_send_is_refused_in_words_and_kept(page: Page):
    open_cover_page(page)
    page.locator("#problem").select_option("text")
    # 280,004 characters in 2,801 lines: Chromium lays a text field out at about 0.1 ms a line,
    # so 140,000 one-letter lines would spend seconds there rather than in the page.
    page.evaluate("() => { document.getElementById('problem-text').value = 'A B\\n' + ('A' + ' '.repeat(98) + '\\n').repeat(2800); }")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#message")).to_have_text(
        "The problem is 280,004 characters long, more than the server takes in one request: "
        "solve a problem that large with the command line (python -m webapp cover FILE).")
    assert page.evaluate("() => document.getElementById('problem-text').value.length") == 4 + 100 * 2800


def test_bad_link_settings_are_named_on_the_cover_page_too(page: Page):
    page.goto("/cover?builtin=queens&n=4&sol=abc&choose=mrv&step=-3")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#message")).to_contain_text("sol=abc is not a number of solutions")
    expect(page.locator("#message")).to_contain_text("step=-3 is before the first step: step 0 is shown.")
    expect(page.locator("#step-label")).to_have_text(re.compile(r"^step 0 of "))


def test_a_links_unreadable_parameters_are_named_and_their_defaults_used(page: Page):
    message = page.locator("#message")
    page.goto("/cover?builtin=queens&n=abc&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    expect(message).to_contain_text("n=abc is not a whole number: 8 is used.")
    expect(page.locator("#param-n")).to_have_value("8")
    assert "n=8" in page.evaluate("location.search")
    page.goto("/cover?builtin=pentominoes&width=20&height=3&all_orientations=yes&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    expect(message).to_contain_text("all_orientations=yes is not true or false: false is used.")
    # Spaces around a number are no mistake.
    page.goto("/cover?builtin=queens&n=%206&sol=1&choose=mrv")
    expect(page.locator("#param-n")).to_have_value("6")
    expect(message).to_be_hidden()
    # A problem picked and not solved: the same note, and nothing is solved.
    page.goto("/cover?problem=queens&n=8.5")
    expect(message).to_contain_text("n=8.5 is not a whole number: 8 is used.")
    expect(page.locator("#param-n")).to_have_value("8")
    expect(page.locator("#results")).to_be_hidden()


def test_text_typed_after_picking_survives_back_to_an_older_solve_and_forward(page: Page):
    area = solve_typed(page, "A B\nA B\n")
    page.locator("#problem").select_option("queens")
    page.locator("#problem").select_option("text")
    typed = "A B C\nA B\nC\n# typed, not solved\n"
    area.fill(typed)
    page.reload()
    expect(area).to_have_value(typed)
    page.go_back()
    expect(page.locator("#placed li")).to_have_text(["level 0: A B"])
    expect(area).to_have_value("A B\nA B\n")
    page.go_forward()
    expect(page.locator("#results")).to_be_hidden()
    expect(area).to_have_value(typed)


def test_solving_the_same_problem_again_adds_no_history_entry(page: Page):
    page.goto("/cover?builtin=queens&n=5&sol=1&choose=mrv")
    expect(page.locator("#results")).to_be_visible()
    length = page.evaluate("history.length")
    for _ in range(2):
        with page.expect_response("**/api/cover"):
            page.get_by_role("button", name="Solve", exact=True).click()
        expect(page.locator("#results")).to_be_visible()
    assert page.evaluate("history.length") == length
    page.locator("#param-n").fill("6")
    with page.expect_response("**/api/cover"):
        page.get_by_role("button", name="Solve", exact=True).click()
    expect(page).to_have_url(re.compile(r"n=6"))
    assert page.evaluate("history.length") == length + 1     # another problem is a new entry

