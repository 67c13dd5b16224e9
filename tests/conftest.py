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


@pytest.fixture(scope="session")
def shared_context(browser, browser_context_args):
    """One browser context a worker, each test on a page of its own in it: a new context starts a
    renderer with an empty cache, ~2 s of Chromium CPU for the first page load against ~0.8 s in a
    warm one (measured from /proc: the CPU of all Chromium's processes during a load), and the
    browser tests are CPU-bound on two cores. The page keeps nothing in localStorage or cookies;
    sessionStorage is a page's own."""
    context = browser.new_context(**browser_context_args)
    yield context
    context.close()


@pytest.fixture
def context(shared_context):
    """pytest-playwright's page comes from here: the worker's context, left as found (no pages,
    cookies, permissions or routes of this test) for the next."""
    yield shared_context
    _leave_as_found(shared_context)


@pytest.fixture
def own_page(browser, browser_context_args):
    """A page in a context of its own, for a test that changes what a context keeps for all its
    pages (Playwright's clock is the context's: installed once, it stays)."""
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


def _leave_as_found(context):
    """Close a shared context's pages and drop what a test gave it (cookies, permissions, routes)."""
    for page in context.pages:
        page.close()
    context.clear_cookies()
    context.clear_permissions()
    context.unroute_all()


@pytest.fixture(scope="session")
def phone_context(browser, base_url):
    """A 390×844 touch screen, shared by the worker's phone tests as the other context is."""
    context = browser.new_context(base_url=base_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    yield context
    context.close()


@pytest.fixture
def phone(phone_context):
    """A page on a 390×844 touch screen."""
    yield phone_context.new_page()
    _leave_as_found(phone_context)
