"""The embeddable player (/embed) in Chromium, framed by a page of another origin: the
snippet the Embed button copies plays its range there, a cover problem's too, and the
other pages refuse to be framed."""

from __future__ import annotations

import http.server
import threading
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from tests.pagehelpers import BERRY, STEP_LABEL, expect_step

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("no_script_errors")]


@pytest.fixture
def other_site():
    """Another origin (localhost on a port of its own, where the app is 127.0.0.1): a real
    HTTP server that serves the HTML put in `pages` by path, with no headers of the app's."""
    pages: dict[str, str] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):     # noqa: N802 (the standard library's name)
            body = pages.get(self.path, "").encode()
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://localhost:{server.server_port}", pages
    server.shutdown()
    server.server_close()


def test_the_embed_snippet_plays_its_range_in_another_sites_iframe_and_other_pages_refuse_framing(
        browser, base_url, other_site):
    site, pages = other_site
    context = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The Sudoku page: Embed offers the range from the step on screen to the last, and copies it.
    page.goto(f"/?p={BERRY}&step=120")
    expect_step(page, 120)
    last = int(STEP_LABEL.match(page.locator("#step-label").text_content()).group(2).replace(",", ""))
    page.click("#btn-embed")
    expect(page.locator("#embed-panel")).to_be_visible()
    expect(page.locator("#embed-from")).to_have_value("120")
    expect(page.locator("#embed-to")).to_have_value(str(last))
    page.fill("#embed-to", "128")
    page.check("#embed-autoplay")
    snippet = page.locator("#embed-snippet").input_value()
    assert snippet.startswith(f'<iframe src="{base_url}/embed?p=') and "from=120&amp;to=128&amp;autoplay=1" in snippet
    page.click("#embed-copy")
    expect(page.locator("#embed-note")).to_have_text("Copied: paste it into your page's HTML.")
    assert page.evaluate("navigator.clipboard.readText()") == snippet
    # Another site pastes it, beside a cover problem's player and a frame of the full page.
    pages["/lesson.html"] = (
        "<!doctype html><title>A lesson</title>" + snippet
        + f'<iframe id="cover" src="{base_url}/embed?builtin=queens&amp;n=6&amp;from=5&amp;to=25" width="760" height="520"></iframe>'
        + f'<iframe id="full" name="full" src="{base_url}/?p={quote(BERRY)}" width="400" height="300"></iframe>')
    page.goto(f"{site}/lesson.html")
    sudoku = page.frame_locator("iframe[src*='embed?p=']")
    expect(sudoku.locator("#step-label")).to_have_text(STEP_LABEL)
    # Autoplay ran to the range's end and stopped there; the slider covers the range alone.
    expect(sudoku.locator("#step-label")).to_contain_text(f"step 128 of {last:,}")
    expect(sudoku.locator("#btn-play")).to_have_text("Play")
    slider = sudoku.locator("#step-slider")
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("120", "128")
    expect(sudoku.locator("#embed-range")).to_have_text(f"Steps 120 to 128 of {last:,}")
    expect(sudoku.locator("#board [role=gridcell]")).to_have_count(81)
    expect(sudoku.locator("#why .sentence").first).not_to_be_empty()
    slider.focus()
    page.keyboard.press("Home")
    expect(sudoku.locator("#step-label")).to_contain_text(f"step 120 of {last:,}")
    page.keyboard.press("ArrowLeft")            # the range's first step is the first there is
    expect(sudoku.locator("#step-label")).to_contain_text(f"step 120 of {last:,}")
    expect(sudoku.locator("#open-page")).to_have_attribute("href", f"/?p={quote(BERRY, safe='.')}&sol=1&choose=mrv&step=120")
    # The cover problem's player: its picture, its range.
    cover = page.frame_locator("#cover")
    expect(cover.locator("#step-label")).to_contain_text("step 5 of")
    expect(cover.locator("#picture svg")).to_be_visible()
    assert (cover.locator("#step-slider").get_attribute("min"), cover.locator("#step-slider").get_attribute("max")) == ("5", "25")
    # The full page refuses to be framed: Chromium shows its error page in the frame instead.
    page.wait_for_function("() => document.querySelector('#full') !== null")
    full = page.frame(name="full")
    page.wait_for_timeout(200)
    assert full is not None and full.url.startswith("chrome-error:"), full.url
    assert errors == []
    context.close()
