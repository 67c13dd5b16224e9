"""The replay page in a real Chromium: first frame after Solve, seek time, drag frame rate.

Starts the app (werkzeug, a daemon thread, a free 127.0.0.1 port) and drives
the real page through Playwright on the system Chromium, then prints each
figure next to its target:

1. first frame: from pressing Solve to the first replayed frame on the
   screen, for the 9×9 puzzle with the most step-log events found in the
   bundled sets (HARDEST_9X9), split into server, transfer and client time;
   target: the first frame within 500 ms of the answer (client time).
2. seek: median and p99 time to seek to a random step (seeded) on logs of
   about 10,000, 136,000 and 1,000,000 events, in the model alone
   (StepLog.seek) and through the UI (slider input until the frame is drawn);
   target: p99 within 16 ms on the 1M log. Then the frame in which the
   board's grid catches up with its canvas once the replay rests ("rest").
3. drag: frames per second while the slider is dragged across its whole
   range, with the mouse in small steps and from a script (one input event
   a frame); target: 60 fps (≥ 57 frames a second, ≤ 1% of them over 20 ms,
   and a new step drawn on the frames the input allows).

    .venv/bin/python bench/browser.py [--quick] [--seeks 300] [--rests 30] [--seed 17] [--scan]

It needs the project's .venv (flask, playwright) and /usr/bin/chromium
(Playwright's own browser download is not used). A default run takes about
two minutes, --quick under one. --scan first solves every 9×9
puzzle of webapp/puzzles/ and bench/data/ again (about 50 s) and uses the
one with the most events instead of HARDEST_9X9.

Glossary
    event        one packed integer of the step log; step i is the state after
                 i events, so a log of N events has steps 0..N.
    answer       the 200 response of POST /api/solve: solutions, stats, log.
    server time  from the request reaching the app to its answer being built
                 (solve + step log + JSON), sent back in a Server-Timing header
                 that this script's WSGI wrapper adds; "solve" is stats.seconds.
    transfer     responseStart → responseEnd of the answer (Resource Timing).
    client time  from the last byte of the answer to the first replayed frame
                 painted: JSON parse, StepLog decode + checkpoints, the rest of
                 startReplay (board, results, overview strip), the wait for
                 the next animation frame, the first draw and its rendering.
    painted      the first task after a frame's rendering (a MessageChannel
                 message posted from the frame): style, layout and paint done.
    model seek   StepLog.seek(step, state) alone, state reused as the page
                 does, in the page (import('/static/js/model/steplog.js')).
    UI seek      slider.value = step + an input event, until that frame is
                 painted; "work" leaves out the wait for the frame to begin
                 (input handler + draw + rendering), "latency" keeps it.
    rest         board.js paints a step on a canvas at once and writes it into
                 the grid of cells under the canvas (text, classes, labels)
                 once no new step came for REST_MS; "rest" times that timer
                 task, the style + layout it causes and the paint after it.
    long frame   more than 20 ms between two animation frames (60 fps is
                 16.7 ms); counted from requestAnimationFrame timestamps.
    isolated     the wrapper also sends Cross-Origin-Embedder-Policy, so the
                 page is cross-origin isolated and performance.now() is
                 precise to 5 µs instead of 100 µs; the app loads nothing
                 from another origin, so nothing else changes.
    page         a fresh tab, 1280×900 (the board is then 570 px square),
                 the puzzle put in through the puzzle text field and Load.
    probe        an init script in the page: wraps requestAnimationFrame to
                 time each callback, and Response.prototype.json as text() +
                 JSON.parse (what json() does) to time the parse.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from common import DATA, HARDEST_9X9, PUZZLES, load_average, read_lines, table  # noqa: E402
from load import percentile  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]

# About 10,000 events: line 13 of Norvig's top95 (10,055 events), the closest
# to 10,000 in that set.
TOP95_10K = ("norvig_top95.txt", 12)
GECODE_25 = ("gecode_25x25.txt", 0)    # line 1; stops at the 1,000,000-step budget

TARGET_FIRST_FRAME_MS = 500.0
TARGET_SEEK_P99_MS = 16.0
TARGET_FPS = 60.0
LONG_FRAME_MS = 20.0
MOUSE_SHARE = 0.7     # of the idle page's mouse moves a second, a mouse drag must draw (see table 3)

PROBE = r"""
(() => {
  const raw = window.requestAnimationFrame.bind(window);
  const B = window.__bench = { raw, runs: [], onAppFrame: null, answer: null, frames: null };
  window.requestAnimationFrame = (callback) => {
    const requested = performance.now();
    return raw((ts) => {
      const start = performance.now();
      try { callback(ts); } finally {
        const run = { requested, start, end: performance.now() };
        B.runs.push(run);
        if (B.onAppFrame) B.onAppFrame(run);
      }
    });
  };
  // The board's grid follows the canvas once the replay rests (a timer of
  // board.js's REST_MS): time those callbacks, and only those long ones.
  const rawTimeout = window.setTimeout.bind(window);
  B.timeouts = [];
  window.setTimeout = (callback, delay, ...args) => {
    if (!(delay >= 100) || typeof callback !== "function") return rawTimeout(callback, delay, ...args);
    return rawTimeout(() => {
      const start = performance.now();
      try { callback(...args); } finally { B.timeouts.push({ delay, start, end: performance.now() }); }
    }, delay);
  };
  const json = Response.prototype.json;
  Response.prototype.json = async function () {
    if (!this.url.endsWith("/api/solve")) return json.call(this);
    const start = performance.now();
    const text = await this.text();
    const read = performance.now();
    const data = JSON.parse(text);
    B.answer = { start, read, end: performance.now(), chars: text.length, data };
    return data;
  };
})();
"""

FIRST_FRAME_JS = r"""
() => new Promise((resolve, reject) => {
  const B = window.__bench;
  const label = document.getElementById("step-label");
  const timer = setTimeout(() => reject(new Error("no replayed frame within 120 s")), 120000);
  let click = 0;
  const observer = new MutationObserver(() => {
    if (!/^step [\d,]+ of [\d,]+/.test(label.textContent)) return;
    observer.disconnect();
    const shown = performance.now();
    const run = B.runs[B.runs.length - 1];
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      const painted = performance.now();
      const r = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/solve")).pop();
      const server = r.serverTiming.find((s) => s.name === "app");
      const a = B.answer;
      resolve({
        click, shown, painted, run, label: label.textContent,
        fetchStart: r.startTime, requestStart: r.requestStart, responseStart: r.responseStart,
        responseEnd: r.responseEnd, serverMs: server ? server.duration : null,
        jsonStart: a.start, jsonRead: a.read, jsonEnd: a.end, chars: a.chars,
        stats: a.data.stats, isolated: self.crossOriginIsolated,
      });
    };
    channel.port2.postMessage(0);
  });
  observer.observe(label, { childList: true, characterData: true, subtree: true });
  click = performance.now();
  document.getElementById("solve").click();
})
"""

DECODE_JS = r"""
async (repeat) => {
  const S = await import("/static/js/model/steplog.js");
  const json = window.__bench.answer.data.log;
  const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  const whole = [], decode = [], checkpoints = [];
  let log = null;
  for (let k = 0; k < repeat; k++) {
    let a = performance.now();
    log = new S.StepLog(json);
    whole.push(performance.now() - a);
    a = performance.now();
    log.decode(json.events, json.sizes);
    decode.push(performance.now() - a);
    a = performance.now();
    log.buildCheckpoints();
    checkpoints.push(performance.now() - a);
  }
  return { construct: median(whole), decode: median(decode), checkpoints: median(checkpoints),
           events: log.stepCount, checkpointCount: log.checkpoints.length };
}
"""

MODEL_SEEK_JS = r"""
async (targets) => {
  const S = await import("/static/js/model/steplog.js");
  const log = new S.StepLog(window.__bench.answer.data.log);
  let state = null;
  const times = [];
  for (const t of targets) {
    const a = performance.now();
    state = log.seek(t, state);
    times.push(performance.now() - a);
    if (state.step !== t) throw new Error(`seek(${t}) landed on ${state.step}`);
  }
  return times;
}
"""

UI_SEEK_JS = r"""
async (targets) => {
  const B = window.__bench;
  const slider = document.getElementById("step-slider");
  const label = document.getElementById("step-label");
  const out = [];
  let wrong = 0;
  for (const t of targets) {
    await new Promise((r) => B.raw(() => setTimeout(r, 0)));   // start just after a frame
    const frame = new Promise((resolve) => {
      B.onAppFrame = (run) => {
        B.onAppFrame = null;
        const laid = performance.now();
        void document.body.offsetWidth;     // style + layout now, so they can be told from paint
        const layout = performance.now() - laid;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ run, layout, painted: performance.now() });
        channel.port2.postMessage(0);
      };
    });
    const t0 = performance.now();
    slider.value = String(t);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    const t1 = performance.now();
    const { run, layout, painted } = await frame;
    if (!label.textContent.startsWith(`step ${t.toLocaleString("en")} of `)) wrong++;
    out.push({ input: t1 - t0, draw: run.end - run.start, layout, paint: painted - run.end - layout,
               work: (t1 - t0) + (painted - run.start), latency: painted - t0 });
  }
  return { out, wrong };
}
"""

REST_JS = r"""
async (targets) => {
  const B = window.__bench;
  const slider = document.getElementById("step-slider");
  const board = document.getElementById("board");
  const out = [];
  for (const t of targets) {
    // In the task that updates the grid (the observer runs at its end):
    // force style + layout there, so they are not done by some other frame.
    const settled = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (board.getAttribute("aria-busy") === "true") return;
        observer.disconnect();
        const a = performance.now();
        void document.body.offsetWidth;
        resolve(performance.now() - a);
      });
      observer.observe(board, { attributes: true, attributeFilter: ["aria-busy"] });
    });
    const asked = performance.now();
    slider.value = String(t);
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    const layout = await settled;
    const task = B.timeouts[B.timeouts.length - 1];
    const paint = await new Promise((resolve) => B.raw(() => {
      const a = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - a);
      channel.port2.postMessage(0);
    }));
    out.push({ after: task.start - asked, js: task.end - task.start, layout, paint,
               work: task.end - task.start + layout + paint });
  }
  return out;
}
"""

FRAMES_START_JS = r"""
() => {
  const B = window.__bench;
  const label = document.getElementById("step-label");
  const f = B.frames = { times: [], steps: [], runsFrom: B.runs.length, loaf: [], on: true };
  const tick = (ts) => { if (!f.on) return; f.times.push(ts); B.raw(tick); };
  B.raw(tick);
  f.observer = new MutationObserver(() => {
    const m = /^step ([\d,]+) of/.exec(label.textContent);
    if (m) f.steps.push(Number(m[1].replaceAll(",", "")));
  });
  f.observer.observe(label, { childList: true, characterData: true, subtree: true });
  try {
    f.po = new PerformanceObserver((list) => { for (const e of list.getEntries()) f.loaf.push(e.duration); });
    f.po.observe({ type: "long-animation-frame" });
  } catch (err) { f.po = null; }
}
"""

FRAMES_STOP_JS = r"""
() => {
  const B = window.__bench;
  const f = B.frames;
  f.on = false;
  f.observer.disconnect();
  if (f.po) { for (const e of f.po.takeRecords()) f.loaf.push(e.duration); f.po.disconnect(); }
  const draws = B.runs.slice(f.runsFrom).map((r) => r.end - r.start);
  return { times: f.times, steps: f.steps, draws, loaf: f.loaf, loafSupported: !!f.po };
}
"""


SCRIPT_DRAG_JS = r"""
async (frames) => {
  const B = window.__bench;
  const slider = document.getElementById("step-slider");
  const last = Number(slider.max);
  await new Promise((resolve) => {
    let k = 0;
    const tick = () => {
      if (k > frames) { resolve(); return; }
      slider.value = String(Math.round((last * k) / frames));
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      k++;
      B.raw(tick);
    };
    B.raw(tick);
  });
  await new Promise((r) => B.raw(() => B.raw(r)));
}
"""


@dataclass
class Log:
    """A log to measure: its name, the puzzle the page solves, and what the page learned."""

    name: str
    puzzle: str
    events: int = 0
    first: dict = field(default_factory=dict)
    decode: dict = field(default_factory=dict)
    model: list = field(default_factory=list)
    ui: list = field(default_factory=list)
    ui_wrong: int = 0
    rest: list = field(default_factory=list)       # the grid catching up once the replay rests
    drags: dict = field(default_factory=dict)      # "mouse" and "script": frame times, steps shown


# ---- the server ---------------------------------------------------------------

def timed(app):
    """WSGI wrapper: a Server-Timing header with the app's own time, and COEP (see 'isolated')."""
    def wrapper(environ, start_response):
        """The app, timed from the request to its headers (the view builds the whole body first)."""
        start = time.perf_counter()

        def timed_start(status, headers, exc_info=None):
            """start_response with the two headers added."""
            ms = (time.perf_counter() - start) * 1e3
            headers = list(headers) + [("Server-Timing", f"app;dur={ms:.1f}"),
                                       ("Cross-Origin-Embedder-Policy", "require-corp")]
            return start_response(status, headers, exc_info)
        return app(environ, timed_start)
    return wrapper


def start_server():
    """The app on a free loopback port in a daemon thread; (server, base URL)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from webapp import create_app

    class Quiet(WSGIRequestHandler):
        """werkzeug's request handler without the access log."""

        def log_request(self, *args, **kwargs):
            """No access log: it would bury the tables."""

    app = create_app({"SOLVE_MAX_SECONDS": 30})
    server = make_server("127.0.0.1", 0, timed(app), threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


# ---- finding the hardest 9×9 ----------------------------------------------------

def scan_hardest() -> tuple[str, int]:
    """Solve every bundled 9×9 puzzle with recording; (puzzle, events) with the most events."""
    from webapp.engine import exact_cover as ec
    from webapp.models import sudoku
    files = sorted(PUZZLES.glob("*.txt")) + sorted(DATA.glob("*.txt.gz"))
    best = ("", 0)
    for path in files:
        start, count = time.perf_counter(), 0
        for line in read_lines(path):
            if len(line) != 81:
                break
            count += 1
            events = sudoku.solve(sudoku.parse(line, check=False), recording=ec.Recording()).outcome.stats.steps
            if events > best[1]:
                best = (line, events)
        if count:
            print(f"  scanned {path.name}: {count:,} puzzles in {time.perf_counter() - start:.1f} s; "
                  f"most so far {best[1]:,} events", flush=True)
    return best


def the_logs(hardest: str) -> list[Log]:
    """The three logs: ~10k, the hardest 9×9, and ~1M (a Gecode 25×25 stopped by the step budget)."""
    def line(where):
        """The puzzle at (file, index) of webapp/puzzles/."""
        return read_lines(PUZZLES / where[0])[where[1]]
    return [Log(f"top95 #{TOP95_10K[1] + 1} (9×9)", line(TOP95_10K)), Log("hardest 9×9", hardest),
            Log(f"Gecode 25×25 #{GECODE_25[1] + 1}", line(GECODE_25))]


# ---- the page -----------------------------------------------------------------

def launch(playwright):
    """The system Chromium, headless, with flags that suit a closed network."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)


def open_page(context, base: str, puzzle: str):
    """A fresh page with the puzzle loaded through the puzzle text field."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(base + "/")
    page.fill("#puzzle-text", puzzle)
    page.click("#load")
    page.wait_for_function(
        """(p) => [...document.querySelectorAll('#board .value')].map((e) => e.textContent || '.').join('')
                   === p.replace(/0/g, '.')""", arg=puzzle, timeout=30_000)
    return page


def first_frame(page) -> dict:
    """Press Solve and time everything up to the first replayed frame painted (ms)."""
    r = page.evaluate(FIRST_FRAME_JS)
    run = r["run"]
    return {
        "events": r["stats"]["steps"], "isolated": r["isolated"], "label": r["label"],
        "total": r["painted"] - r["click"],
        "server": r["serverMs"], "solve": r["stats"]["seconds"] * 1e3,
        "transfer": r["responseEnd"] - r["responseStart"],
        "mb": r["chars"] / 1e6,
        "client": r["painted"] - r["responseEnd"],
        "parse": r["jsonEnd"] - r["jsonRead"],
        "setup": run["requested"] - r["jsonEnd"],
        "frame_wait": run["start"] - run["requested"],
        "draw": run["end"] - run["start"],
        "render": r["painted"] - run["end"],
    }


def seek_targets(events: int, count: int, seed: int) -> list[int]:
    """count random steps in 1..events, seeded."""
    rng = random.Random(seed)
    return [rng.randint(1, events) for _ in range(count)]


def mouse_drag(page, step_px: float) -> dict:
    """Drag the slider with the mouse from its left end to its right end, step_px a move."""
    slider = page.locator("#step-slider")
    slider.scroll_into_view_if_needed()
    box = slider.bounding_box()
    y = box["y"] + box["height"] / 2
    left, right = box["x"] + 1, box["x"] + box["width"] - 1
    moves = max(2, round((right - left) / step_px))
    page.mouse.move(left, y)
    page.evaluate(FRAMES_START_JS)
    start = time.perf_counter()
    page.mouse.down()
    for k in range(1, moves + 1):
        page.mouse.move(left + (right - left) * k / moves, y)
    page.mouse.up()
    seconds = time.perf_counter() - start
    page.wait_for_timeout(50)
    data = page.evaluate(FRAMES_STOP_JS)
    data.update(inputs=moves, seconds=seconds)
    return data


def script_drag(page, frames: int) -> dict:
    """Move the slider across its range from the page itself, one input event every frame."""
    page.evaluate(FRAMES_START_JS)
    start = time.perf_counter()
    page.evaluate(SCRIPT_DRAG_JS, frames)
    seconds = time.perf_counter() - start
    data = page.evaluate(FRAMES_STOP_JS)
    data.update(inputs=frames + 1, seconds=seconds)
    return data


def measure_log(context, base: str, log: Log, args) -> None:
    """All three measurements on one log, in one fresh page per Solve."""
    repeat = args.repeat if log.name.startswith("hardest") else 1
    firsts = []
    for _ in range(repeat):
        page = open_page(context, base, log.puzzle)
        firsts.append(first_frame(page))
        if len(firsts) < repeat:
            page.close()
    log.first = sorted(firsts, key=lambda f: f["total"])[len(firsts) // 2]
    log.events = log.first["events"]
    log.decode = page.evaluate(DECODE_JS, 3)
    log.model = page.evaluate(MODEL_SEEK_JS, seek_targets(log.events, args.model_seeks, args.seed))
    ui = page.evaluate(UI_SEEK_JS, seek_targets(log.events, args.seeks, args.seed + 1))
    log.ui, log.ui_wrong = ui["out"], ui["wrong"]
    log.rest = page.evaluate(REST_JS, seek_targets(log.events, args.rests, args.seed + 2))
    log.drags = {"mouse": mouse_drag(page, args.drag_px), "script": script_drag(page, args.drag_frames)}
    if page.errors:
        raise SystemExit(f"script errors in the page on {log.name}: {page.errors}")
    page.close()


def idle_page(context, base: str, step_px: float) -> dict:
    """The mouse drag on a page with nothing to replay: {fps, moves a second} at best."""
    page = context.new_page()
    page.goto(base + "/")
    data = mouse_drag(page, step_px)
    page.close()
    return {"fps": fps_of(data["times"]), "moves": data["inputs"] / data["seconds"]}


# ---- figures ------------------------------------------------------------------

def fps_of(times: list[float]) -> float:
    """Frames per second from requestAnimationFrame timestamps."""
    return (len(times) - 1) / ((times[-1] - times[0]) / 1e3) if len(times) > 1 else 0.0


def deltas(times: list[float]) -> list[float]:
    """The time between consecutive frames, ms."""
    return [b - a for a, b in zip(times, times[1:])]


def ms(x: float | None, digits: int = 1) -> str:
    """A millisecond figure, or '–'."""
    return "–" if x is None else f"{x:,.{digits}f}"


def verdict(ok: bool | None) -> str:
    """'met', 'NOT met' or '' for a figure without a target."""
    return "" if ok is None else ("met" if ok else "NOT met")


def first_frame_table(logs: list[Log]) -> str:
    """Table 1: Solve → first replayed frame, split into its parts."""
    header = ["log", "events", "click→frame", "server", "(solve)", "transfer", "MB",
              "client", "parse", "set-up", "wait", "draw", "render", "target", ""]
    rows = []
    for log in logs:
        f = log.first
        target = log.name.startswith("hardest")
        rows.append([log.name, f"{f['events']:,}", ms(f["total"], 0), ms(f["server"], 0), ms(f["solve"], 0),
                     ms(f["transfer"], 0), f"{f['mb']:.1f}", ms(f["client"], 0), ms(f["parse"], 0),
                     ms(f["setup"], 0), ms(f["frame_wait"], 0), ms(f["draw"], 1), ms(f["render"], 1),
                     f"client ≤ {TARGET_FIRST_FRAME_MS:.0f}" if target else "",
                     verdict(f["client"] <= TARGET_FIRST_FRAME_MS) if target else ""])
    return table(header, rows, right=set(range(1, 13)))


def decode_table(logs: list[Log]) -> str:
    """Where set-up time goes: the StepLog constructor and its parts, re-run warm in the page."""
    header = ["log", "events", "set-up", "StepLog()", "decode", "checkpoints", "(count)", "rest of set-up"]
    rows = []
    for log in logs:
        d, f = log.decode, log.first
        rows.append([log.name, f"{log.events:,}", ms(f["setup"], 0), ms(d["construct"], 1), ms(d["decode"], 1),
                     ms(d["checkpoints"], 1), f"{d['checkpointCount']:,}",
                     ms(max(0.0, f["setup"] - d["construct"]), 0)])
    return table(header, rows)


def seek_table(logs: list[Log]) -> str:
    """Table 2: model and UI seek, median and p99 (ms)."""
    header = ["log", "events", "model p50", "model p99", "UI p50", "UI p99", "UI max", "latency p50",
              "target p99", ""]
    rows = []
    for log in logs:
        work = [s["work"] for s in log.ui]
        target = log.events >= 500_000
        ok = percentile(log.model, 99) <= TARGET_SEEK_P99_MS and percentile(work, 99) <= TARGET_SEEK_P99_MS
        rows.append([log.name, f"{log.events:,}", ms(statistics.median(log.model), 3),
                     ms(percentile(log.model, 99), 3), ms(statistics.median(work), 1),
                     ms(percentile(work, 99), 1), ms(max(work), 1),
                     ms(statistics.median([s["latency"] for s in log.ui]), 1),
                     f"≤ {TARGET_SEEK_P99_MS:.0f}" if target else f"(≤ {TARGET_SEEK_P99_MS:.0f})",
                     verdict(ok) if target else ("" if ok else "(over)")])
    return table(header, rows, right=set(range(1, 8)))


def parts_table(logs: list[Log], samples: str, parts: list[tuple[str, str]], digits: int) -> str:
    """p50 / p99 of each part of a list of timed samples (log.ui or log.rest), a row per log (ms)."""
    header = ["log"] + [title for _, title in parts]
    rows = []
    for log in logs:
        row = [log.name]
        for key, _ in parts:
            values = [s[key] for s in getattr(log, samples)]
            row.append(f"{statistics.median(values):.{digits}f} / {percentile(values, 99):.{digits}f}")
        rows.append(row)
    return table(header, rows)


def ui_parts_table(logs: list[Log]) -> str:
    """Where a UI seek's time goes (ms)."""
    return parts_table(logs, "ui", [("input", "input handler"), ("draw", "draw (rAF callback)"),
                                    ("layout", "style + layout"), ("paint", "paint + commit")], 2)


def rest_table(logs: list[Log]) -> str:
    """The one frame that brings the grid up to the canvas once the replay rests (ms)."""
    return parts_table(logs, "rest", [("after", "starts after"), ("js", "grid update (JS)"),
                                      ("layout", "style + layout"), ("paint", "paint + commit"),
                                      ("work", "whole frame")], 1)


def drag_row(name: str, kind: str, d: dict, events: int, idle_moves: float) -> list[str]:
    """One row of table 3; idle_moves: mouse moves a second the idle page took."""
    gaps = deltas(d["times"])
    fps = fps_of(d["times"])
    longs = sum(1 for g in gaps if g > LONG_FRAME_MS)
    steps = d["steps"]
    updates = len(steps) / d["seconds"]
    covered = (max(steps) - min(steps)) / max(1, events) if steps else 0.0
    ok = fps >= TARGET_FPS * 0.95 and longs <= 0.01 * len(gaps)
    ok = ok and updates >= (0.95 * fps if kind == "script" else MOUSE_SHARE * idle_moves)
    return [name, kind, f"{d['seconds']:.1f}", f"{fps:.1f}", f"{longs} ({longs / max(1, len(gaps)):.0%})",
            ms(percentile(gaps, 99)), ms(max(gaps)), f"{d['inputs'] / d['seconds']:.1f}", f"{updates:.1f}",
            ms(percentile(d["draws"], 99) if d["draws"] else None, 2),
            str(len(d["loaf"])) if d["loafSupported"] else "–", f"{covered:.0%}",
            f"{TARGET_FPS:.0f} fps", verdict(ok)]


def drag_table(logs: list[Log], idle: dict) -> str:
    """Table 3: frames per second while dragging the slider, by mouse and by script."""
    header = ["log", "drag", "seconds", "rAF fps", "long >20ms", "p99 frame", "max frame", "input/s",
              "updates/s", "draw p99", "LoAF", "range", "target", ""]
    rows = []
    for log in logs:
        for kind, d in log.drags.items():
            rows.append(drag_row(log.name, kind, d, log.events, idle["moves"]))
    return table(header, rows, right=set(range(2, 12)))


def report(logs: list[Log], idle: dict, args, seconds: float) -> None:
    """Print the three tables with their notes."""
    isolated = all(log.first.get("isolated") for log in logs)
    print(f"\nChromium {CHROMIUM}, headless; {os.cpu_count()} cores, load average {load_average()}; "
          f"timer {'5 µs (cross-origin isolated)' if isolated else '100 µs (not isolated)'}; "
          f"{'--quick' if args.quick else 'default'} run, {seconds:.0f} s")
    print("\n1. Solve → first replayed frame (ms; median of "
          f"{args.repeat} for the hardest, 1 run for the others)")
    print(first_frame_table(logs))
    print("   server: solve + step log + JSON in the app (Server-Timing); client: last byte of the answer →\n"
          "   frame painted = parse + set-up (startReplay: StepLog decode + checkpoints, board, results,\n"
          "   overview strip) + wait for the next frame + first draw + its rendering.")
    million = [log for log in logs if log.events >= 500_000]
    if million:
        print(f"   a log of {million[0].events:,} steps: {million[0].first['total'] / 1e3:.1f} s "
              "from click to first frame.")
    print("\n   set-up, split (StepLog constructor re-run in the same page, warm):")
    print(decode_table(logs))
    print(f"\n2. Seek to a random step (ms; seeded, {args.model_seeks} model seeks, {args.seeks} UI seeks per log)")
    print(seek_table(logs))
    wrong = sum(log.ui_wrong for log in logs)
    print("   model: StepLog.seek alone. UI: input handler + draw + rendering, until the frame is painted\n"
          "   (latency adds the wait for the frame to begin). "
          + (f"{wrong} UI seeks showed the wrong step!" if wrong else "Every UI seek showed its step."))
    print("\n   UI seek, split (p50 / p99, ms):")
    print(ui_parts_table(logs))
    print(f"\n   When the replay rests ({args.rests} single seeks per log, p50 / p99, ms): the step is on the\n"
          "   canvas from the frame above; the grid under it (text, classes and labels for the keyboard,\n"
          "   screen readers and tests) catches up in one frame once no new step came for REST_MS.")
    print(rest_table(logs))
    print(f"\n3. Dragging the slider across its whole range: mouse ({args.drag_px:g} px a move) "
          f"and script ({args.drag_frames} input events, one a frame)")
    print(drag_table(logs, idle))
    print(f"   rAF fps: requestAnimationFrame callbacks a second; long: frames over {LONG_FRAME_MS:.0f} ms apart;\n"
          "   input/s: mouse moves (or scripted inputs) a second; updates/s: frames that drew a new step;\n"
          "   draw p99: the app's rAF callback; LoAF: long-animation-frame entries (over 50 ms).\n"
          f"   Idle page (nothing to replay): {idle['fps']:.1f} fps, {idle['moves']:.1f} mouse moves/s.\n"
          f"   met: ≥ {TARGET_FPS * 0.95:.0f} rAF fps and ≤ 1% long frames, and new steps drawn: by the script on\n"
          f"   ≥ 95% of the frames; by the mouse ≥ {MOUSE_SHARE:.0%} of the idle page's moves/s. Playwright sends one\n"
          "   move at a time and waits until the page has taken it (at most one a frame), so a page slow\n"
          "   to render gets fewer moves (even a light one only 80–90% of the idle rate); the scripted drag,\n"
          "   with no such round trip, shows what the page itself can draw.")


def parse_args(argv):
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeks and repeats, coarser drag")
    parser.add_argument("--seeks", type=int, help="UI seeks per log (default 300, --quick 200)")
    parser.add_argument("--rests", type=int, help="single seeks per log followed by a rest (default 30, --quick 15)")
    parser.add_argument("--model-seeks", type=int, help="model seeks per log (default 2000, --quick 500)")
    parser.add_argument("--repeat", type=int, help="Solve runs for the hardest 9×9 (default 3, --quick 1)")
    parser.add_argument("--drag-px", type=float, help="pixels a mouse move while dragging (default 1, --quick 2)")
    parser.add_argument("--drag-frames", type=int, help="frames of the scripted drag (default 300, --quick 180)")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--scan", action="store_true",
                        help="find the 9×9 with the most events again (about 50 s) instead of HARDEST_9X9")
    args = parser.parse_args(argv)
    defaults = {"rests": (30, 15), "seeks": (300, 200), "model_seeks": (2000, 500), "repeat": (3, 1),
                "drag_px": (1.0, 2.0),
                "drag_frames": (300, 180)}
    for name, (full, quick) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
    return args


def main(argv=None) -> int:
    """Start the app and the browser, measure every log, print the tables."""
    args = parse_args(argv)
    from playwright.sync_api import sync_playwright
    began = time.perf_counter()
    busy = os.getloadavg()[0]
    if busy > 1.0:
        print(f"note: load average {busy:.2f} on {os.cpu_count()} cores: the figures will be noisy", flush=True)
    hardest = HARDEST_9X9
    if args.scan:
        hardest, events = scan_hardest()
        print(f"hardest 9×9: {events:,} events: {hardest}")
    logs = the_logs(hardest)
    server, base = start_server()
    try:
        with sync_playwright() as p:
            browser = launch(p)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(PROBE)
            idle = idle_page(context, base, args.drag_px)
            for log in logs:
                print(f"measuring {log.name} …", flush=True)
                measure_log(context, base, log, args)
            browser.close()
    finally:
        server.shutdown()
    report(logs, idle, args, time.perf_counter() - began)
    return 0


if __name__ == "__main__":
    sys.exit(main())
