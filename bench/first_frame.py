"""Solve → first replayed frame for the page's 25×25 examples, the answer cache off.

    .venv/bin/python bench/first_frame.py [--runs 3] [--examples blanked-25,gecode-25]

Serves the app as bench/browser.py does (werkzeug in a thread on a free
loopback port, its Server-Timing wrapper), but with the app's default limits
and the answer cache off (ANSWER_CACHE=none: every Solve searches), and drives
the real page in the system Chromium (/usr/bin/chromium; CHROMIUM=... for
another) through Playwright. For each example of the page's examples menu (by
id, webapp/models/examples.py; default the two 25x25s): one Solve reported
apart (the first after the server started builds the example's problem, which
the server then keeps), then --runs Solves, each in a fresh tab: the example
picked in the menu, Solve pressed, and the time from the press to the first
replayed frame painted (bench/browser.py's FIRST_FRAME_JS), split into the
server's time (solve, step log, JSON, compression), the transfer and the
client (parse, set-up, first draw). "x search" is that time over the search's
own stats.seconds from the same answer. Issue 36's target: under 600 ms for
the 25x25 example (the median of the runs). The figures are wall time on a
headless Chromium with software rendering: the header prints the load
average. Nothing here is timed in a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from browser import PROBE, first_frame, launch, timed  # noqa: E402

TARGET_MS = 600.0


def start_server():
    """The app with its default limits and no answer cache, on a free loopback port; (server, base URL)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from webapp import create_app

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs):
            """No access log."""

    os.environ["ANSWER_CACHE"] = "none"
    server = make_server("127.0.0.1", 0, timed(create_app()), threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def open_example(context, base: str, example: dict):
    """A fresh tab with the example picked in the examples menu, its givens on the board."""
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_selector(f"#examples option[value='{example['id']}']", state="attached")
    page.select_option("#examples", example["id"])
    page.wait_for_function(
        """(p) => [...document.querySelectorAll('#board .value')].map((e) => e.textContent || '.').join('')
                   === p.replace(/0/g, '.')""", arg=example["puzzle"], timeout=30_000)
    return page


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="Solves of each example, each in a fresh tab (default 3)")
    parser.add_argument("--examples", default="blanked-25,gecode-25", help="example ids, comma-separated")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from webapp.models.examples import examples
    chosen = {x["id"]: x for x in examples()}
    wanted = [chosen[name] for name in args.examples.split(",")]
    server, base = start_server()
    rows = []
    try:
        with sync_playwright() as p:
            browser = launch(p)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(PROBE)
            open_example(context, base, wanted[0]).close()      # warm: the page's modules
            for example in wanted:
                found = []
                for _ in range(args.runs + 1):
                    page = open_example(context, base, example)
                    found.append(first_frame(page))
                    page.close()
                rows.append((example, found[1:], found[0]))
            browser.close()
    finally:
        server.shutdown()
    print(f"# Solve → first frame, answer cache off, {args.runs} runs each (median), "
          f"load average {os.getloadavg()[0]:.2f} (2 cores)")
    print(f"{'example':<12} {'events':>9} {'total ms':>9} {'server':>8} {'search':>8} {'transfer':>9} "
          f"{'client':>8} {'× search':>9}  target")
    for example, found, _cold in rows:
        def median(key, found=found):
            return statistics.median(f[key] for f in found)
        total = median("total")
        ratio = statistics.median(f["total"] / f["solve"] for f in found)
        print(f"{example['id']:<12} {found[0]['events']:>9,} {total:>9.0f} {median('server'):>8.0f} "
              f"{median('solve'):>8.1f} {median('transfer'):>9.0f} {median('client'):>8.0f} {ratio:>9.1f}  "
              f"under {TARGET_MS:.0f} ms: {'met' if total < TARGET_MS else 'NOT met'}")
    print("# the first Solve of each example after the server started (its problem built, not yet cached): "
          + ", ".join(f"{example['id']} {cold['total']:.0f} ms (server {cold['server']:.0f})"
                      for example, _, cold in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
