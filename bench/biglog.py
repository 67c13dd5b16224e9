"""Logs past a million events in a real Chromium: the answer, decoding, seeking, memory.

    .venv/bin/python bench/biglog.py [--seeks 300] [--seed 5] [--logs queens12,queens13,pentominoes]
    .venv/bin/python bench/biglog.py --paint [--jumps 40] [--pages pentominoes,queens12,sudoku25,small]

Starts the app (werkzeug in a daemon thread, the answer cache off) and, in the cover page of
the system Chromium (/usr/bin/chromium, headless), asks /api/cover for each log with fetch(),
then times in the page:

    answer     fetch() until the body is read (server: search, analysis, JSON, brotli; then transfer)
    parse      JSON.parse of the body
    decode     new StepLog(log): the events unpacked into typed arrays, checked, indexed, and the
               checkpoints built (one replay of the whole log); events/s = events / decode
    seek       StepLog.seek(step, state) to a random step (seeded), the state reused as the page
               does: median and p99 (a frame is 16.7 ms)
    memory     the JS heap and the typed arrays' backing stores (CDP Runtime.getHeapUsage: usedSize
               + backingStorageSize) after a garbage collection, before the fetch and with the
               StepLog kept and the body and parsed JSON dropped: what the page holds for the
               replay ("kept"); "typed" sums the byteLength of the StepLog's typed arrays (events,
               indexes, facts, checkpoints) and "checkpoints" is their share

The logs (the server's defaults but for the three caps named, so that these logs are whole):
    queens12      12 queens, every solution (14,200, over the server's 1,000: SOLVE_MAX_SOLUTIONS
                  is raised here), 3,638,866 events
    queens13      13 queens, every solution asked, max_steps 10,000,000: stops where its log
                  reaches the weight budget (webapp/log/weight.py), 9,529,741 events
    pentominoes   the 12 pentominoes, every packing asked as the page asks ("All": max_steps
                  10,000,000): stops at the weight budget, about 1.55 million events
With --paint, the pages themselves: each page below opened on its share link (it solves and
replays as a user's would), then --jumps slider jumps to seeded random steps, each set on the
slider and announced by an input event as a drag does, timed from before the event to the task
after the next frame (a requestAnimationFrame callback queued after the input's, then a message
to the page: the views' frame callbacks, style, layout and paint have run), p50 / p99 / max:

    pentominoes   /cover, the 12 pentominoes, "All" (about 1.55 million events)
    queens12      /cover, 12 queens, "All" (3,638,866 events)
    sudoku25      /, the empty 25×25 grid, "first item", 1 solution (1,000,000 events: the step cap)
    small         /cover, the pentominoes' first packing (6,651 events), for scale

SOLVE_MAX_SECONDS is raised to 120 so a loaded machine does not cut the logs short; the
answer's time is then that of this machine, not of a bounded request.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
STEPS = 10_000_000

LOGS = {
    "queens12": {"builtin": "queens", "params": {"n": 12}, "solutions": None, "max_steps": STEPS},
    "queens13": {"builtin": "queens", "params": {"n": 13}, "solutions": None, "max_steps": STEPS},
    "pentominoes": {"builtin": "pentominoes", "solutions": None, "max_steps": STEPS},
}

# Runs in the page: fetch, parse, decode, seek; returns the timings (ms) and figures.
MEASURE = """async ({body, seeks, seed}) => {
  const { StepLog } = await import('/static/js/model/steplog.js');
  const t0 = performance.now();
  const response = await fetch('/api/cover', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                              body: JSON.stringify(body)});
  const text = await response.text();
  const t1 = performance.now();
  const answer = JSON.parse(text);
  const t2 = performance.now();
  const log = new StepLog(answer.log);
  const t3 = performance.now();
  let x = seed;
  const random = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const times = [];
  let state = null;
  for (let k = 0; k < seeks; k++) {
    const step = random(log.stepCount + 1);
    const s = performance.now();
    state = log.seek(step, state);
    times.push(performance.now() - s);
  }
  const bytesOf = (object) => {
    let total = 0;
    for (const v of Object.values(object)) {
      if (ArrayBuffer.isView(v)) total += v.byteLength;
      else if (Array.isArray(v)) for (const w of v) if (ArrayBuffer.isView(w)) total += w.byteLength;
    }
    return total;
  };
  let checkpointBytes = 0;
  for (const c of log.checkpoints) checkpointBytes += bytesOf(c);
  const typedBytes = bytesOf(log) + bytesOf(log.facts) + checkpointBytes;
  window.kept = log;          // what the page keeps for the replay
  return {bytes: text.length, events: log.stepCount, solutions: answer.stats.solutions, limit: answer.outcome.limit,
          deadEnds: answer.stats.dead_ends, answer: t1 - t0, parse: t2 - t1, decode: t3 - t2, seeks: times,
          every: log.checkpointEvery, checkpoints: log.checkpoints.length, checkpointBytes, typedBytes};
}"""


PAGES = {
    "pentominoes": "/cover?builtin=pentominoes&sol=all",
    "queens12": "/cover?builtin=queens&n=12&sol=all",
    "sudoku25": "/?p=" + "." * 625 + "&choose=first",
    "small": "/cover?builtin=pentominoes",
}

# Runs in the page: slider jumps, each timed from the input event to the task after the next frame.
JUMPS = """async ({jumps, seed}) => {
  const slider = document.querySelector('input[type=range]');
  let x = seed;
  const random = (n) => { x = (x * 1103515245 + 12345) % 2147483648; return x % n; };
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(0);
  }));
  await afterFrame();
  const times = [];
  for (let k = 0; k < jumps; k++) {
    const step = Number(slider.min) + random(Number(slider.max) - Number(slider.min) + 1);
    const start = performance.now();
    slider.value = String(step);
    slider.dispatchEvent(new Event('input', {bubbles: true}));
    times.push(await afterFrame() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));   // the page idle between jumps
  }
  return {times, steps: Number(slider.max), nodes: document.querySelectorAll('*').length};
}"""

READY = "() => { const s = document.querySelector('input[type=range]'); return s && !s.disabled && Number(s.max) > 0; }"


def paint(args, base: str) -> None:
    """Seek → next paint on each page (the --paint table)."""
    from playwright.sync_api import sync_playwright

    print("| page | steps | DOM elements | seek → paint p50 / p99 / max |")
    print("|---|---|---|---|")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--js-flags=--max-old-space-size=4096"])
        for name in args.pages.split(","):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + PAGES[name])
            page.wait_for_function(READY, timeout=300_000)
            page.wait_for_timeout(1000)
            found = page.evaluate(JUMPS, {"jumps": args.jumps, "seed": args.seed})
            times = found["times"]
            print(f"| {name} | {found['steps']:,} | {found['nodes']:,} | {statistics.median(times):.0f} / "
                  f"{percentile(times, 99):.0f} / {max(times):.0f} ms |", flush=True)
            page.close()
        browser.close()


def start_server():
    """The app on a free loopback port in a daemon thread; (server, base URL)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from webapp import create_app

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs):
            """No access log."""

    app = create_app({"ANSWER_CACHE": "none", "SOLVE_MAX_SECONDS": 120, "SOLVE_MAX_SOLUTIONS": 20_000})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def heap(cdp) -> float:
    """What the page's JS holds after a garbage collection, in MB: its heap and the typed arrays'
    backing stores, which live outside it (Runtime.getHeapUsage)."""
    cdp.send("HeapProfiler.collectGarbage")
    usage = cdp.send("Runtime.getHeapUsage")
    return (usage["usedSize"] + usage.get("backingStorageSize", 0)) / 1e6


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeks", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--logs", default=",".join(LOGS))
    parser.add_argument("--paint", action="store_true", help="time slider jumps to the next paint on the pages")
    parser.add_argument("--jumps", type=int, default=40)
    parser.add_argument("--pages", default=",".join(PAGES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = start_server()
    print(f"load average {os.getloadavg()[0]:.1f} at the start ({time.strftime('%Y-%m-%d %H:%M')})")
    if args.paint:
        try:
            paint(args, base)
        finally:
            server.shutdown()
        return
    print("| log | events (limit) | dead ends | answer (MB, s) | parse | decode (events/s) | checkpoints "
          "| seek p50 / p99 / max | kept | typed |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--js-flags=--max-old-space-size=4096"])
            for name in args.logs.split(","):
                page = browser.new_page()
                page.goto(f"{base}/cover")
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                before = heap(cdp)
                found = page.evaluate(MEASURE, {"body": LOGS[name], "seeks": args.seeks, "seed": args.seed})
                kept = heap(cdp) - before
                seeks = found["seeks"]
                print(f"| {name} | {found['events']:,} ({found['limit']}) | {found['deadEnds']:,} | "
                      f"{found['bytes'] / 1e6:.0f} MB, "
                      f"{found['answer'] / 1e3:.1f} s | {found['parse']:.0f} ms | {found['decode']:.0f} ms "
                      f"({found['events'] / found['decode'] * 1e3 / 1e6:.0f} M/s) | {found['checkpoints']:,} "
                      f"every {found['every']:,}, {found['checkpointBytes'] / 1e6:.1f} MB | "
                      f"{statistics.median(seeks):.3f} / {percentile(seeks, 99):.3f} / {max(seeks):.3f} ms | "
                      f"{kept:.0f} MB ({kept * 1e6 / found['events']:.1f} B/event) | "
                      f"{found['typedBytes'] / 1e6:.0f} MB |",
                      flush=True)
                page.close()
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
