"""The production server, `python -m webapp serve`, as a real process on a real socket:
it answers, it answers its own protocol errors as the app does, it keeps answering
while slow clients dribble headers or never read, and the wheel serves from anywhere.
"""

from __future__ import annotations

import contextlib
import json
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from webapp.models.examples import examples
from webapp.web.hardening import HEADERS

ROOT = Path(__file__).resolve().parents[2]
BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
SERVING = re.compile(r"serving http://[^:]+:(\d+)/")


def start_server(python: str, cwd: Path, workers: int = 2):
    """`python -m webapp serve` on a free port; (process, base URL) once it listens."""
    process = subprocess.Popen([python, "-m", "webapp", "serve", "--port", "0", "--workers", str(workers)],
                               cwd=cwd, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    match = SERVING.search(line)
    if not match:
        process.kill()
        pytest.fail(f"the server did not start: {line}{process.stderr.read()}")
    # Drain what the server logs, so a full pipe never blocks it.
    threading.Thread(target=process.stderr.read, daemon=True).start()
    return process, f"http://127.0.0.1:{match.group(1)}"


def stop_server(process) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        assert process.wait(timeout=15) == 0
    finally:
        process.kill()


@pytest.fixture(scope="module")
def served():
    process, base = start_server(sys.executable, ROOT)
    yield base
    stop_server(process)


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def post_json(base: str, path: str, body: dict, timeout: float):
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.load(answer)


def raw_exchange(base: str, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes; the answer's status, headers (lower-case names) and body."""
    with socket.create_connection(("127.0.0.1", port_of(base)), timeout=10) as sock:
        sock.sendall(data)
        received = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:    # it answered and closed before reading all we sent
                break
            if not chunk:
                break
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {name.lower(): value.strip() for name, value in (h.split(":", 1) for h in lines[1:])}
    return status, headers, body


@pytest.mark.parametrize("head, body, said", [
    ("Content-Length: 100", b'{"puzzle": "', "the body ended after 12 of the 100 bytes its Content-Length announced"),
    ("Transfer-Encoding: chunked", b'c\r\n{"puzzle": "\r\n', "the chunked body ended before its last chunk"),
], ids=["content-length", "chunked"])
def test_a_body_that_ends_early_is_a_400_saying_what_was_missing(served, head, body, said):
    with socket.create_connection(("127.0.0.1", port_of(served)), timeout=10) as sock:
        sock.sendall((REQUEST + head + "\r\n\r\n").encode() + body)
        sock.shutdown(socket.SHUT_WR)           # the client has sent all it will
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head_part, _, answer = received.partition(b"\r\n\r\n")
    assert head_part.startswith(b"HTTP/1.1 400"), received[:300]
    assert said in json.loads(answer)["error"]
    for name, value in HEADERS.items():
        assert f"{name}: {value}".encode() in head_part


def test_the_production_server_serves_the_pages_and_solves(served):
    with urllib.request.urlopen(served + "/", timeout=10) as page:
        assert page.status == 200 and page.headers["X-Content-Type-Options"] == "nosniff"
    assert post_json(served, "/api/solve", {"puzzle": BERRY}, timeout=20)["outcome"]["status"] == "solved"


REQUEST = "POST /api/solve HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nConnection: close\r\n"
MALFORMED = [
    # (what is wrong, the bytes, the status)
    ("a chunk size that is no number", (REQUEST + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n").encode(), 400),
    ("a negative Content-Length", (REQUEST + "Content-Length: -5\r\n\r\n").encode(), 400),
    ("a body past the cap", (REQUEST + f"Content-Length: {10 ** 7}\r\n\r\n").encode() + b"x" * 1000, 413),
    ("headers past 256 kB", ("GET / HTTP/1.1\r\nHost: test\r\nX-Big: " + "a" * 263_000 + "\r\n\r\n").encode(), 431),
    ("a request line of noise", b"\x00\x01 nonsense\r\n\r\n", 400),
    ("a method the page does not take", b"BREW / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n", 405),
    ("a body that is not JSON", (REQUEST + "Content-Length: 3\r\n\r\n{x}").encode(), 400),
]


@pytest.mark.parametrize("case, data, status", MALFORMED, ids=[case for case, _, _ in MALFORMED])
def test_malformed_http_gets_a_4xx_with_our_headers(served, case, data, status):
    got, headers, body = raw_exchange(served, data)
    assert got == status, (case, body[:200])
    for name, value in HEADERS.items():
        assert headers.get(name.lower()) == value, (case, name)
    if headers.get("content-type", "").startswith("application/json"):
        assert json.loads(body)["error"]


def dribble(sockets: list[socket.socket], stop: threading.Event) -> None:
    """Send each slow client's next header line every second, never the blank line that ends them."""
    k = 0
    while not stop.wait(1):
        k += 1
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.sendall(f"X-Slow-{k}: {k}\r\n".encode())


@pytest.mark.slow
def test_slow_clients_do_not_take_the_site_down(served):
    """50 connections dribble headers and 10 clients never read a 7 MB answer; the page
    and a solve still answer (within 3 s and 5 s: the bounds the issue asks for)."""
    port = port_of(served)
    slow = []
    for _ in range(50):
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: test\r\n")
        slow.append(sock)
    stop = threading.Event()
    dribbler = threading.Thread(target=dribble, args=(slow, stop), daemon=True)
    dribbler.start()
    gecode25 = next(e["puzzle"] for e in examples() if e["id"] == "gecode-25")      # a 6.9 MB answer
    big = json.dumps({"puzzle": gecode25}).encode()
    readers = []
    try:
        for _ in range(10):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)      # a reader that takes nothing
            sock.settimeout(10)
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"POST /api/solve HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                         + f"Content-Length: {len(big)}\r\n\r\n".encode() + big)
            readers.append(sock)
        # Wait (without reading) until every answer has started to come: the solves are done
        # and 10 answers of about 7 MB each are waiting on clients that never read them.
        deadline = time.monotonic() + 120
        waiting = list(readers)
        while waiting and time.monotonic() < deadline:
            ready, _, _ = select.select(waiting, [], [], 1)
            waiting = [s for s in waiting if s not in ready]
        assert not waiting, f"{len(waiting)} of the big answers never started"
        with urllib.request.urlopen(served + "/", timeout=3) as page:
            assert page.status == 200
        assert post_json(served, "/api/solve", {"puzzle": BERRY}, timeout=5)["outcome"]["status"] == "solved"
    finally:
        stop.set()
        dribbler.join(5)
        for sock in slow + readers:
            sock.close()


def referenced_assets(html: str) -> set[str]:
    return set(re.findall(r'(?:href|src)="(/static/[^"]+)"', html))


def imported_modules(path: str, source: str) -> set[str]:
    """The modules a JS module imports, as absolute paths."""
    base = path.rsplit("/", 1)[0]
    found = set()
    # import "x", import("x"), from "x": a keyword then a space or a parenthesis (a comment's
    # "an import's" is not an import).
    for target in re.findall(r'(?:\bimport\s*\(\s*|\bimport\s+|\bfrom\s+)["\']([^"\']+)["\']', source):
        parts = base.split("/")
        for piece in target.split("/"):
            if piece == "..":
                parts.pop()
            elif piece != ".":
                parts.append(piece)
        found.add("/".join(parts))
    return found


@pytest.mark.slow
def test_the_wheel_installs_and_serves_every_page_asset_and_module(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT), "-w", str(wheels)],
                   check=True, capture_output=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    try:
        subprocess.run([python, "-m", "pip", "install", "-q", str(next(wheels.glob("*.whl")))],
                       check=True, capture_output=True, timeout=240)
    except subprocess.CalledProcessError as error:
        pytest.skip(f"could not install the wheel's dependencies here: {error.stderr.decode()[-300:]}")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    process, base = start_server(python, elsewhere, workers=1)
    try:
        seen: set[str] = set()
        to_fetch: set[str] = set()
        for page in ("/", "/cover"):
            with urllib.request.urlopen(base + page, timeout=10) as answer:
                to_fetch |= referenced_assets(answer.read().decode())
        assert any(p.endswith(".js") for p in to_fetch) and any(p.endswith(".css") for p in to_fetch)
        while to_fetch:
            path = to_fetch.pop()
            seen.add(path)
            with urllib.request.urlopen(base + path, timeout=10) as answer:
                assert answer.status == 200, path
                body = answer.read()
            if path.endswith(".js"):
                to_fetch |= imported_modules(path, body.decode()) - seen
        assert any(p.endswith("/messages.json") for p in seen) and any("/model/" in p for p in seen)
        assert post_json(base, "/api/solve", {"puzzle": BERRY}, timeout=20)["outcome"]["status"] == "solved"
    finally:
        stop_server(process)
