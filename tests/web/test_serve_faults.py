"""The production server under faults (issue 37), as real processes on loopback with real
signals: the load spread over the workers, a killed worker logged and replaced, SIGTERM
drained, max_seconds kept under load (or a 503), a worker past its memory limit replaced,
and protocol corners (Expect: 100-continue, /api//solve, requests that cannot be parsed).
Every wait is bounded; the only time bounds are generous ones.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
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

from webapp.models.examples import puzzle_lines

ROOT = Path(__file__).resolve().parent.parent
SERVING = re.compile(r"serving http://[^:]+:(\d+)/")
STARTED = re.compile(r"worker (\d+) started")
BERRY = ".2..........6....3.74.8.........3..2.8..4..1.6..5.........1.78.5....9..........4."
GECODE_25 = puzzle_lines("gecode_25x25.txt")[0]      # beyond plain DLX: a solve runs until its limit


class Server:
    """`python -m webapp serve` on a free port, its log collected line by line."""

    def __init__(self, *options: str, workers: int = 2, env: dict | None = None):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "webapp", "serve", "--port", "0", "--workers", str(workers), *options],
            cwd=ROOT, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "DLX_WORKER_HEADER": "1", "ANSWER_CACHE": "none", **(env or {})})
        assert self.process.stderr is not None
        first = self.process.stderr.readline()
        match = SERVING.search(first)
        if not match:
            self.process.kill()
            pytest.fail(f"the server did not start: {first}{self.process.stderr.read()}")
        self.port = int(match.group(1))
        self.base = f"http://127.0.0.1:{self.port}"
        self.lines: list[str] = [first]
        self.reader = threading.Thread(target=self.read_log, daemon=True)
        self.reader.start()
        self.wait_until(lambda: len(self.children()) >= workers, 60, "the workers to start")
        # A worker is up once it answers; ask until each of them has (at most 60 s: a loaded machine).
        self.wait_until(lambda: get(self.base + "/api/examples", timeout=10)[0] == 200, 60, "an answer")

    def read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def workers_started(self) -> list[int]:
        """The workers the log says were started, in order."""
        return [int(pid) for pid in STARTED.findall(self.log)]

    def children(self) -> list[int]:
        """The worker processes running now."""
        path = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in path.read_text().split()]

    def wait_for_log(self, condition, what: str, timeout: float = 60) -> None:
        self.wait_until(condition, timeout, what)

    def wait_until(self, condition, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if condition():
                    return
            except OSError:
                pass
            time.sleep(0.05)
        pytest.fail(f"waited {timeout} s for {what}; the server's log:\n{self.log}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def get(url: str, timeout: float, headers: dict | None = None) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def post(base: str, path: str, body: dict, timeout: float) -> tuple[int, dict, dict]:
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Connection": "close"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, dict(answer.headers), json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read() or b"{}")


def heavy(seconds: float) -> dict:
    """A solve that computes for about `seconds` (the 25×25 runs until its time limit)."""
    return {"puzzle": GECODE_25, "record": False, "max_seconds": seconds, "max_steps": 10 ** 9}


@pytest.fixture
def servers():
    started: list[Server] = []

    def start(*options, **kwargs) -> Server:
        server = Server(*options, **kwargs)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.mark.slow
def test_heavy_solves_are_spread_over_both_workers_and_the_page_still_answers(servers):
    """12 concurrent heavy solves (each 3 s of computing) on 2 workers of 4 threads: the 8 that
    start at once are shared between the workers (before issue 37 one worker took 22 connections
    of 23), the 4 left over wait for a thread, and the page asked for meanwhile answers."""
    server = servers(workers=2)
    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        solves = [pool.submit(post, server.base, "/api/solve", heavy(3), 120) for _ in range(12)]
        time.sleep(1)
        start = time.monotonic()
        status, _, _ = get(server.base + "/", timeout=60)
        page_seconds = time.monotonic() - start
        answers = [future.result() for future in solves]
    assert status == 200
    assert all(a[0] in (200, 503) for a in answers), [a[0] for a in answers]
    solved_by = [a[1]["X-Worker"] for a in answers if a[0] == 200]
    counts = sorted(solved_by.count(pid) for pid in set(solved_by))
    assert len(counts) == 2 and counts[0] >= 3, f"one worker did nearly all the work: {counts}"
    # Generous: the page waits at most for one solve's 3 s to end (it waited up to 38 s).
    assert page_seconds < 20, f"the page waited {page_seconds:.1f} s"


def test_a_killed_worker_is_logged_and_replaced_and_new_connections_reach_live_workers(servers):
    server = servers(workers=2)
    victim = server.children()[0]
    os.kill(victim, signal.SIGKILL)
    server.wait_for_log(lambda: f"worker {victim} was killed by SIGKILL" in server.log, "the death to be logged")
    server.wait_for_log(lambda: len(server.workers_started()) >= 3, "a replacement to start")
    assert "starting another in its place" in server.log
    served = set()
    for _ in range(20):                 # each a new connection: every one answered by a live worker
        status, headers, _ = get(server.base + "/api/examples", timeout=30)
        assert status == 200
        served.add(int(headers["X-Worker"]))
    assert victim not in served and served <= set(server.children())


def running(pid: int) -> bool:
    """Whether process pid runs (a zombie waiting for whoever adopted it to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def test_workers_do_not_outlive_a_supervisor_killed_with_sigkill(servers):
    """A supervisor killed outright (it can handle no signal) takes its workers with it: they drain
    and exit rather than serve on as orphans holding the port (they did, before)."""
    server = servers(workers=2)
    workers = server.children()
    assert len(workers) == 2 and all(running(pid) for pid in workers)
    os.kill(server.process.pid, signal.SIGKILL)
    server.process.wait(10)
    server.wait_until(lambda: not any(running(pid) for pid in workers), 60, "the orphaned workers to exit")
    with pytest.raises(OSError):
        get(server.base + "/api/examples", timeout=5)


@pytest.mark.slow
def test_sigterm_drains_the_requests_in_flight_then_exits_0(servers):
    """10 solves in flight when SIGTERM comes: all 10 answered, and the server exits 0 within
    its grace (before issue 37, 0 of 10 were answered)."""
    server = servers("--threads", "5", "--grace", "30", workers=2)
    with concurrent.futures.ThreadPoolExecutor(10) as pool:
        solves = [pool.submit(post, server.base, "/api/solve", heavy(3), 60) for _ in range(10)]
        time.sleep(1.5)                 # every solve has arrived and is under way
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        answers = [future.result() for future in solves]
        code = server.process.wait(timeout=45)
    assert [status for status, _, _ in answers] == [200] * 10, answers
    assert all(body["outcome"]["status"] for _, _, body in answers)
    assert code == 0
    assert time.monotonic() - start < 30 + 5
    assert "draining" in server.log and "drained: exiting" in server.log
    # Once drained, the port refuses new connections.
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=5).close()


@pytest.mark.slow
def test_a_second_signal_stops_at_once(servers):
    server = servers("--grace", "60", workers=1)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        solve = pool.submit(post, server.base, "/api/solve", heavy(4), 60)
        time.sleep(1)
        server.process.send_signal(signal.SIGTERM)
        server.wait_for_log(lambda: "draining" in server.log, "the drain to start")
        start = time.monotonic()
        server.process.send_signal(signal.SIGINT)
        code = server.process.wait(timeout=10)
        stopped = time.monotonic() - start
        with pytest.raises(OSError):      # its request is cut, not answered
            solve.result()
    assert code == 1 and stopped < 10
    assert "a second signal: stopped at once" in server.log


def test_a_request_that_waited_past_its_budget_is_refused_with_503_and_retry_after(servers):
    """One worker of one thread, busy with a 3 s solve: a solve with max_seconds 1 sent behind it
    waits in the queue past its budget and is refused (503, Retry-After) when a thread frees,
    instead of answering late."""
    server = servers("--threads", "1", workers=1)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        first = pool.submit(post, server.base, "/api/solve", heavy(3), 60)
        time.sleep(0.5)
        status, headers, body = post(server.base, "/api/solve", {**heavy(1)}, 60)
        assert first.result()[0] == 200
    assert status == 503, body
    assert int(headers["Retry-After"]) >= 1 and "busy" in body["error"]


def test_a_worker_past_its_memory_limit_is_replaced_without_dropping_a_request(servers):
    """A worker grown past --max-worker-mb (60 MB: a fresh worker holds about 35, one that recorded
    a 200,000-step search about 70 or more) answers its request, is replaced, and the next request
    is answered by the new worker."""
    server = servers("--max-worker-mb", "60", workers=1)
    first = server.children()[0]
    body = {"puzzle": GECODE_25, "max_steps": 200_000, "max_seconds": 4}
    status, headers, answer = post(server.base, "/api/solve", body, 120)
    assert status == 200 and answer["log"]["events"] and int(headers["X-Worker"]) == first
    server.wait_for_log(lambda: f"worker {first} retired (exited with status 0)" in server.log, "the retirement")
    assert re.search(rf"worker {first} grew to \d+ MB \(limit 60 MB\)", server.log), server.log
    status, headers, _ = get(server.base + "/api/examples", timeout=60)
    assert status == 200 and int(headers["X-Worker"]) != first and int(headers["X-Worker"]) in server.children()


def raw(port: int, data: bytes, close_after_send: bool = False, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        if close_after_send:
            return b""
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return received


def test_a_get_with_expect_100_continue_and_no_body_is_answered(servers):
    server = servers(workers=1)
    received = raw(server.port, b"GET / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
    assert b"HTTP/1.1 200 OK" in received and b"<html" in received.lower()


def test_requests_that_cannot_be_parsed_leave_no_error_in_the_log(servers):
    """A garbled request line whose client leaves before the 400 goes out: waitress logged
    an AttributeError (its parser had no path) and left the connection hanging."""
    server = servers(workers=1)
    for _ in range(20):
        raw(server.port, b"\x00\x01 nonsense\r\n\r\n", close_after_send=True)
        raw(server.port, b"GET / HTTP/1.1\r\nHost: t\r\nContent-Length: x\r\n\r\n", close_after_send=True)
    assert get(server.base + "/api/examples", timeout=30)[0] == 200
    time.sleep(0.5)
    assert "AttributeError" not in server.log and "Traceback" not in server.log, server.log
