"""Shared helpers for the browser tests: puzzles, reading the board and the why panel, typing and pasting."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from webapp.engine import exact_cover as ec
from webapp.log.steplog import explain_step, replay

BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."


# A puzzle MRV solves with 160 dead ends over ~30,000 steps (more than one checkpoint).
ARTO = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


NAIVE_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


STEP_LABEL = re.compile(r"^step ([\d,]+) of ([\d,]+)")     # 12,345: grouped by thousands


def solve_via_api(api, puzzle, **fields):
    answer = api.post("/api/solve", json={"puzzle": puzzle, **fields})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def board_settled(page: Page):
    """Wait until the grid's text and classes have caught up with the canvas."""
    expect(page.locator("#board")).not_to_have_attribute("aria-busy", "true")


def board_symbols(page: Page) -> str:
    """The board as the one-line form: one symbol per cell, '.' for a blank."""
    board_settled(page)
    texts = page.locator("#board [role=gridcell] .value").all_text_contents()
    return "".join(t or "." for t in texts)


BOARD_IS = """(want) => {
  const board = document.querySelector('#board');
  if (!board || board.getAttribute('aria-busy') === 'true') return false;
  const cells = [...board.querySelectorAll('[role=gridcell] .value')];
  return cells.map((cell) => cell.textContent || '.').join('') === want;
}"""


def expect_board(page: Page, symbols: str, timeout: float = 15_000):
    """Wait for the board to show these symbols (one-line form), as expect() waits for a text;
    if it never does, fail showing what it shows."""
    try:
        page.wait_for_function(BOARD_IS, arg=symbols, timeout=timeout)
    except Exception:
        assert board_symbols(page) == symbols
        raise


# What the replay canvas shows in each cell, read back from its pixels: the
# background near the top left corner, the colour at the left edge (where a
# culprit's frame is drawn), the top right corner (a culprit's flag), the strongest ink in the middle (a digit) and
# whether anything is drawn inside the cell at all (pencil marks).
CANVAS_CELLS = r"""() => {
  const canvas = document.querySelector('#board .board-canvas');
  if (canvas.hidden) return null;
  const box = canvas.getBoundingClientRect();
  const sx = canvas.width / box.width, sy = canvas.height / box.height;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const at = (x, y) => {
    const k = (Math.floor(y * sy) * canvas.width + Math.floor(x * sx)) * 4;
    return [data[k], data[k + 1], data[k + 2]];
  };
  const far = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
  const strongest = (bg, x0, y0, x1, y1) => {
    let ink = null, most = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
      const c = at(x, y), d = far(c, bg);
      if (d > most) { most = d; ink = c; }
    }
    return most > 120 ? ink : null;
  };
  return [...document.querySelectorAll('#board [role=gridcell]')].map((cell) => {
    const r = cell.getBoundingClientRect();
    const x = r.left - box.left, y = r.top - box.top, w = cell.clientWidth, h = cell.clientHeight;
    const inset = Math.min(4.5, w * 0.15);
    const bg = at(x + inset, y + inset);
    return {
      bg, edge: at(x + 1, y + h / 2), flag: at(x + w - 5, y + 5),   // inside the flag, past a frame
      ink: strongest(bg, x + w * 0.2, y + h * 0.2, x + w * 0.8, y + h * 0.8),
      anything: strongest(bg, x + 4, y + 4, x + w - 4, y + h - 4) !== null,
    };
  });
}"""


def css_colour(page: Page, name: str) -> tuple[int, int, int]:
    """A colour custom property of the page (a #rrggbb value) as (r, g, b)."""
    value = page.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('{name}').trim()")
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", value), (name, value)
    return tuple(int(value[k:k + 2], 16) for k in (1, 3, 5))


def near(a, b, tolerance: int = 40) -> bool:
    return a is not None and sum(abs(x - y) for x, y in zip(a, b)) <= tolerance


def grid_symbols(values) -> str:
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def board_at(log, step) -> str:
    """What the board must show at a step, from the Python replay."""
    state = replay(log, step)
    size = log["problem"]["size"]
    cells = ["."] * (size * size)
    placed = list(log["givens"]) + [f.option for f in state.frames if f.option >= 0]
    for option in placed:
        cells[option // size] = SYMBOLS[option % size]
    return "".join(cells)


def unit_cells(item: int, size: int) -> set[int]:
    """The board cells of an item, by the numbering of docs/step-log.md."""
    n = int(size ** 0.5)
    group, rest = divmod(item, size * size)
    if group == 0:
        return {rest}
    unit = rest // size
    if group == 1:
        return {unit * size + k for k in range(size)}
    if group == 2:
        return {k * size + unit for k in range(size)}
    return {(unit // n * n + k // n) * size + unit % n * n + k % n for k in range(size)}


def marked_cells(page: Page, selector: str) -> set[int]:
    board_settled(page)
    return {int(c) for c in page.locator(f"#board {selector}").evaluate_all("(cells) => cells.map((c) => c.dataset.cell)")}


def current_step(page: Page) -> int:
    expect(page.locator("#step-label")).to_have_text(STEP_LABEL)
    return int(STEP_LABEL.match(page.locator("#step-label").text_content()).group(1).replace(",", ""))


def step_after(page: Page, previous: int) -> int:
    """The step shown once the page has moved away from `previous`."""
    expect(page.locator("#step-label")).not_to_have_text(re.compile(rf"^step {previous:,} of "))
    return current_step(page)


def expect_step(page: Page, step: int, total: int | None = None):
    """The replay shows this step. A page that opens on a step first solves on the server:
    a million-step log takes seconds to solve and send when the machine is busy."""
    total_text = f"{total:,}" if total is not None else r"[\d,]+"
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of {total_text}\b"),
                                                     timeout=20_000)


def why_sentences(page: Page) -> list[str]:
    return page.locator("#why .sentence").all_text_contents()


# Steps the replay on with its own ArrowRight key handler, a step once the last is drawn, and hands
# back the step label and the Why panel's sentences at each: a walk over many steps in one round
# trip to the browser (a press, a wait and a read a step cost more than the steps themselves).
WALK = """async ([first, last]) => {
    const slider = document.getElementById("step-slider");
    const label = () => document.getElementById("step-label").textContent;
    const shows = (step) => label().startsWith(`step ${step.toLocaleString("en")} of`);
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    const seen = [];
    for (let step = first; step <= last; step++) {
        if (!shows(step)) slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
        for (let wait = 0; wait < 300 && !shows(step); wait++) await frame();
        seen.push([label(), [...document.querySelectorAll("#why .sentence")].map((s) => s.textContent)]);
    }
    return seen;
}"""


def walk_steps(page: Page, first: int, last: int) -> list[list[str]]:
    """The Why panel's sentences at each step first..last, reached with ArrowRight from the step
    shown (first - 1, or first itself)."""
    said = page.evaluate(WALK, [first, last])
    for step, (label, _) in zip(range(first, last + 1), said, strict=True):
        assert label.startswith(f"step {step:,} of"), f"step {step} was not reached: {label}"
    return [sentences for _, sentences in said]


def type_on_board(page: Page, puzzle: str, size: int):
    """Fill the board with the keyboard only: each symbol (a '.' for a blank) moves on to the next cell."""
    page.locator("#board [role=gridcell][tabindex='0']").focus()
    for ch in puzzle[:size * size]:
        page.keyboard.press(ch)


def paste(page: Page, text: str, on_focus: bool = False):
    """A paste on the page itself (not in a field), as Ctrl+V would send it
    (on_focus: to the element in focus, as when a board cell has it)."""
    page.evaluate(
        """([text, onFocus]) => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            const target = onFocus ? document.activeElement : document.body;
            target.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
        }""",
        [text, on_focus],
    )


def first_step(log, kind: int, says, line: int = -1) -> int:
    """The first step of a kind whose explanation's line (the last by default) passes says(text)."""
    return next(k for k, code in enumerate(log["events"], start=1)
                if code & ec.KIND_MASK == kind and says(explain_step(log, k)[line]))


def expect_why_as_python(page: Page, puzzle: str, sol: str, log, step: int, choose: str = "mrv"):
    """Open a step by its address; the why panel says word for word what Python says."""
    page.goto(f"/?p={puzzle}&sol={sol}&choose={choose}&step={step}")
    expect(page.locator("#step-label")).to_have_text(re.compile(rf"^step {step:,} of"), timeout=20_000)
    assert why_sentences(page) == explain_step(log, step)


# Share of the strip's pixels in the solutions' blue, and in the depth profile's grey.
STRIP_COLOURS = r"""() => {
  const canvas = document.querySelector('#overview');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const style = getComputedStyle(canvas);
  const rgb = (name) => {
    const probe = document.createElement('div');
    probe.style.color = style.getPropertyValue(name);
    document.body.append(probe);
    const m = getComputedStyle(probe).color.match(/\d+/g).map(Number);
    probe.remove();
    return m;
  };
  const blue = rgb('--strip-solution'), grey = rgb('--strip-depth');
  const near = (k, c) => Math.abs(data[k] - c[0]) + Math.abs(data[k + 1] - c[1]) + Math.abs(data[k + 2] - c[2]) < 30;
  let solution = 0, depth = 0, upper = 0;
  for (let k = 0; k < data.length; k += 4) {
    if (near(k, blue)) {
      solution++;
      if (k / 4 < data.length / 8) upper++;     // in the strip's upper half
    } else if (near(k, grey)) depth++;
  }
  const total = data.length / 4;
  return {solution: solution / total, depth: depth / total, upper: upper / total};
}"""


MARKUP = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b id="bold">b</b>'


PRESENTING = re.compile(r"\bpresenting\b")



def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG as Chromium's screenshots write it (8-bit RGB or RGBA, not interlaced):
    width, height and each row's bytes, unfiltered (Pillow is not installed)."""
    import struct
    import zlib
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prior = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[k] for k in range(stride) if k % bpp < 3) if bpp == 4 else bytes(line))
        prior = line
    return width, height, rows


class BoardPicture:
    """A screenshot of the board, read per cell: the colour at a point of a cell's
    inside (its padding box: fractions of its width and height from its top left)."""

    GEOMETRY = """() => {
      const board = document.querySelector('#board').getBoundingClientRect();
      return [...document.querySelectorAll('#board [role=gridcell]')].map((cell) => {
        const r = cell.getBoundingClientRect();
        return {x: r.left - board.left, y: r.top - board.top, w: cell.clientWidth, h: cell.clientHeight,
                tab: cell.tabIndex === 0, text: cell.querySelector('.value').textContent};
      });
    }"""

    def __init__(self, page: Page):
        board_settled(page)
        self.cells = page.evaluate(self.GEOMETRY)
        box = page.locator("#board").bounding_box()
        assert box is not None
        self.width, self.height, self.rows = png_pixels(page.screenshot(clip=box))

    def pixel(self, x: float, y: float) -> tuple[int, int, int]:
        x, y = min(max(int(x), 0), self.width - 1), min(max(int(y), 0), self.height - 1)
        row = self.rows[y]
        return row[3 * x], row[3 * x + 1], row[3 * x + 2]

    def at(self, cell: int, fx: float, fy: float) -> tuple[int, int, int]:
        c = self.cells[cell]
        return self.pixel(c["x"] + fx * c["w"], c["y"] + fy * c["h"])

    def ink(self, cell: int, fx: float, fy: float, ink, background) -> float:
        """How far toward `ink` from `background` the pixels within 1 px of a point go, at most (0 to 1)."""
        c = self.cells[cell]
        x, y = c["x"] + fx * c["w"], c["y"] + fy * c["h"]
        span = sum((i - b) ** 2 for i, b in zip(ink, background))
        assert span, (ink, background)
        most = 0.0
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = self.pixel(x + dx, y + dy)
                most = max(most, sum((q - b) * (i - b) for q, i, b in zip(p, ink, background)) / span)
        return most
