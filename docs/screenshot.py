"""Make docs/screenshot.png, the picture at the top of the README (`make screenshot`).

Serves the app on a free loopback port (werkzeug, in a thread of this
process), opens the Sudoku page in the system Chromium through Playwright,
picks an example, solves it, moves to its first dead end (the Why panel then
names what ran out, what ruled out each option and where the search backs up
to) and saves the viewport, 1280x800, as a PNG. Run it again whenever the
page changes, so the README shows the page as it is.

    .venv/bin/python docs/screenshot.py [--example top95-hard] [--out docs/screenshot.png]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from webapp import create_app  # noqa: E402  (after the path, so the script runs from anywhere)

# As tests/conftest.py launches it: Playwright's own browser download cannot work here.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 800}
MAX_BYTES = 300_000     # the README's picture stays small
TIMEOUT_MS = 30_000


class QuietHandler(WSGIRequestHandler):
    """No line per request: the script prints only what it made."""

    def log_request(self, code="-", size="-"):
        pass


def chromium_path() -> str:
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def shoot(base_url: str, example: str, out: Path) -> None:
    """Open the page, solve the example, go to its first dead end, save the viewport."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
        try:
            # Light scheme and no motion: the same picture on every machine.
            page = browser.new_page(viewport=VIEWPORT, color_scheme="light", reduced_motion="reduce")
            page.set_default_timeout(TIMEOUT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{base_url}/")
            page.wait_for_selector(f"#examples option[value='{example}']", state="attached")
            page.select_option("#examples", example)
            page.click("#solve")
            page.wait_for_selector("#step-slider:not([disabled])")
            page.keyboard.press("Home")      # the replay lands on the first solution, past every dead end
            page.wait_for_function("() => document.querySelector('#step-slider').value === '0'")
            if page.is_disabled("#btn-next-dead"):
                raise SystemExit(f"example {example!r} meets no dead end: pick one that backs up")
            page.click("#btn-next-dead")
            page.wait_for_function(
                "() => document.querySelector('#step-label').textContent.includes('no option left')")
            # The heading, what ruled out each option, and where the search goes back to.
            page.wait_for_function("() => document.querySelectorAll('#why .sentence').length >= 3")
            page.wait_for_timeout(500)     # the grid under the canvas catches up once the replay rests
            if errors:
                raise SystemExit("the page raised: " + "; ".join(errors))
            page.screenshot(path=str(out), type="png")
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", default="top95-hard", help="id of the example to solve (GET /api/examples)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png", help="the PNG to write")
    args = parser.parse_args(argv)
    server = make_server("127.0.0.1", 0, create_app(), threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        shoot(f"http://127.0.0.1:{server.server_port}", args.example, args.out)
    finally:
        server.shutdown()
    size = args.out.stat().st_size
    print(f"{args.out}: {VIEWPORT['width']}x{VIEWPORT['height']}, {size:,} bytes")
    if size > MAX_BYTES:
        print(f"larger than {MAX_BYTES:,} bytes: keep the README's picture small", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
