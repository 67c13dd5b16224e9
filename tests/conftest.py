"""Shared fixtures: the Flask app and test client, a live server for the
browser tests, and Playwright launched on the system Chromium."""

import os
import shutil
import tempfile
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from webapp import create_app

# The apps of a test run (and the servers it starts as processes) share an answer
# cache of their own, never the user's.
os.environ["ANSWER_CACHE_DIR"] = tempfile.mkdtemp(prefix="dlx-test-answers-")
os.environ.pop("REDIS_URL", None)

# What the page must show, it must show within 15 s rather than Playwright's 5: make test
# runs two Chromiums side by side on two cores, and a machine shared with other work can
# be slower still. A wait that never ends still fails.
expect.set_options(timeout=15_000)

CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
    # A key's scroll lands at once rather than animating: with two Chromiums on two cores an
    # animated End could still be under way, or be cut short, when the test reads where it went.
    "--disable-smooth-scrolling",
]


@pytest.fixture
def app():
    """A fresh app in testing mode."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    """Flask's test client for the app."""
    return app.test_client()


@pytest.fixture(scope="module")
def api():
    """The app's own test client, for browser tests to ask what the page should show."""
    return create_app({"TESTING": True}).test_client()


@pytest.fixture
def no_script_errors(page):
    """A browser test that uses this also fails on an uncaught exception in the page's scripts."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield
    assert errors == []


@pytest.fixture(scope="session")
def live_server():
    """The real app on a free loopback port, served from a daemon thread."""
    server = make_server("127.0.0.1", 0, create_app({"TESTING": True}), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="session")
def base_url(live_server):
    """Playwright's page.goto('/') resolves against the live server."""
    return live_server


def chromium_path():
    """The system Chromium: Playwright's own download cannot work here."""
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch the system Chromium with flags that suit a closed network."""
    return {**browser_type_launch_args, "executable_path": chromium_path(),
            "args": CHROMIUM_FLAGS, "headless": True}


@pytest.fixture
def phone(browser, base_url):
    """A page on a 390×844 touch screen, in a context of its own."""
    context = browser.new_context(base_url=base_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    yield context.new_page()
    context.close()
