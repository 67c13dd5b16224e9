"""The answer cache when things go wrong (issue 37): a hung Redis, a corrupted entry, a
cache folder that cannot be made, writes that fail, a stampede of identical requests,
and clients that take gzip only. Real Redis, real files, real servers on loopback."""

from __future__ import annotations

import contextlib
import gzip
import json
import logging
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli
import pytest
from werkzeug.serving import make_server

from tests.web.test_answer_cache import PUZZLE, cached_app, post, running_redis
from webapp import create_app
from webapp.models.examples import puzzle_lines
from webapp.web import answers

ROOT = Path(__file__).resolve().parent.parent
SERVING = re.compile(r"serving http://[^:]+:(\d+)/")
TOP95 = puzzle_lines("norvig_top95.txt")


@pytest.fixture
def redis_server(tmp_path):
    """A real redis-server on a free port: (its URL, its process), to pause and resume."""
    with running_redis(tmp_path) as running:
        yield running


def warnings_saying(caplog, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and words in r.getMessage()]


def small_cover(n: int) -> dict:
    return {"builtin": "queens", "params": {"n": n}}


# 1. A hung Redis: one short wait, then the cache is left alone for a while.

def test_a_hung_redis_costs_one_short_wait_not_two_seconds_a_request(redis_server, caplog):
    url, redis_process = redis_server
    app = create_app({"TESTING": True, "REDIS_URL": url, "ANSWER_CACHE_RETRY_SECONDS": 2})
    client = app.test_client()
    assert post(client, "/api/cover", small_cover(6))[0].headers[answers.HEADER] == "miss"
    redis_process.send_signal(signal.SIGSTOP)           # accepts connections, answers nothing
    caplog.clear()
    started = time.monotonic()
    for n in range(4, 12):
        response, answer = post(client, "/api/cover", small_cover(n))
        assert response.status_code == 200 and answer["outcome"]["status"] == "solved"
    # Before: 2 s a request (a read and a write each waited a second): 16 s for these 8.
    assert time.monotonic() - started < 6
    assert len(warnings_saying(caplog, "answer cache")) == 1, caplog.text
    assert "Traceback" not in caplog.text

    redis_process.send_signal(signal.SIGCONT)
    time.sleep(2.2)                                     # the breaker's pause is over: asked again
    caplog.clear()
    again, _ = post(client, "/api/cover", small_cover(13))
    assert again.headers[answers.HEADER] == "miss"
    assert post(client, "/api/cover", small_cover(13))[0].headers[answers.HEADER] == "hit"
    assert warnings_saying(caplog, "answer cache") == ["answer cache available again"], caplog.text


def test_a_socket_that_never_answers_is_left_alone_after_one_short_wait(caplog):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(64)                               # the kernel accepts; nobody ever reads
        url = f"redis://127.0.0.1:{silent.getsockname()[1]}/0"
        client = create_app({"TESTING": True, "REDIS_URL": url}).test_client()
        started = time.monotonic()
        for n in range(4, 10):
            assert post(client, "/api/cover", small_cover(n))[0].status_code == 200
        assert time.monotonic() - started < 5            # before: 12 s
    assert len(warnings_saying(caplog, "answer cache")) == 1, caplog.text


# 2. A corrupted entry is dropped, logged once, and solved again.

def flip_a_byte_in_the_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x55
    path.write_bytes(bytes(data))


def same_answer(answer: dict, fresh: dict) -> bool:
    """The same answer but for the time it took (solved again, it took another time)."""
    def timeless(value):
        if isinstance(value, dict):
            return {k: timeless(v) for k, v in value.items() if k not in ("seconds", "ms")}
        if isinstance(value, list):
            return [timeless(v) for v in value]
        return value
    return timeless(answer) == timeless(fresh)


@pytest.mark.parametrize("encoding", ["br", "gzip", "identity"])
def test_a_corrupted_file_entry_is_dropped_and_solved_again(tmp_path, caplog, encoding):
    client = cached_app(tmp_path).test_client()
    _, fresh = post(client, "/api/solve", {"puzzle": PUZZLE})
    entries = [p for p in (tmp_path / "answers").iterdir() if p.stat().st_size > 10_000]
    assert entries
    for entry in entries:
        flip_a_byte_in_the_middle(entry)
    caplog.clear()
    response, answer = post(client, "/api/solve", {"puzzle": PUZZLE}, encoding)
    assert response.status_code == 200 and same_answer(answer, fresh)
    assert response.headers[answers.HEADER] == "miss"
    assert len(warnings_saying(caplog, "failed its check")) == 1, caplog.text
    again, answer = post(client, "/api/solve", {"puzzle": PUZZLE}, encoding)
    assert again.headers[answers.HEADER] == "hit" and same_answer(answer, fresh)
    assert len(warnings_saying(caplog, "failed its check")) == 1


def test_a_corrupted_redis_entry_is_dropped_and_solved_again(redis_server, caplog):
    import redis
    url, _ = redis_server
    client = create_app({"TESTING": True, "REDIS_URL": url}).test_client()
    _, fresh = post(client, "/api/solve", {"puzzle": PUZZLE})
    store = redis.Redis.from_url(url)
    (name,) = store.keys("dlx-answer:*")
    middle = store.strlen(name) // 2
    store.setrange(name, middle, bytes([store.getrange(name, middle, middle)[0] ^ 0x55]))
    caplog.clear()
    response, answer = post(client, "/api/solve", {"puzzle": PUZZLE})
    assert response.status_code == 200 and same_answer(answer, fresh)
    assert response.headers[answers.HEADER] == "miss"
    assert len(warnings_saying(caplog, "failed its check")) == 1, caplog.text
    assert post(client, "/api/solve", {"puzzle": PUZZLE})[0].headers[answers.HEADER] == "hit"


# 3 and 4: the real server with a folder it cannot make, and with writes that fail.

def serve_process(env: dict, workers: int = 1, preexec=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "webapp", "serve", "--port", "0", "--workers", str(workers)],
                            cwd=ROOT, env={**os.environ, **env}, stderr=subprocess.PIPE, text=True,
                            preexec_fn=preexec)


def started(process: subprocess.Popen) -> tuple[str, list[str]]:
    """The base URL of a server that has started, and a list its log lines keep arriving in."""
    line = process.stderr.readline()
    match = SERVING.search(line)
    if not match:
        process.kill()
        pytest.fail(f"the server did not start: {line}{process.stderr.read()}")
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True).start()
    return f"http://127.0.0.1:{match.group(1)}", lines


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    finally:
        process.kill()


def post_raw(base: str, path: str, body: dict, encoding: str = "br", timeout: float = 30):
    request = urllib.request.Request(base + path, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Accept-Encoding": encoding})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.headers, answer.read()


def test_a_cache_folder_that_cannot_be_made_stops_the_server_at_start_saying_why():
    process = serve_process({"ANSWER_CACHE_DIR": "/dev/null/answers"}, workers=2)
    try:
        # Before: "serving…" and a worker respawned every 0.2 s, for ever.
        code = process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        pytest.fail(f"the server did not stop: {process.stderr.read(2000)}")
    said = process.stderr.read()
    assert code != 0
    assert "/dev/null/answers" in said and "Not a directory" in said and "ANSWER_CACHE_DIR" in said
    assert "serving" not in said and "Traceback" not in said


def test_the_app_refuses_a_cache_folder_it_cannot_make():
    with pytest.raises(answers.AnswerCacheError, match="/dev/null/answers.*Not a directory"):
        create_app({"ANSWER_CACHE_DIR": "/dev/null/answers"})


def files_up_to(size: int):
    """For the server's process: no file it writes may grow past size bytes (EFBIG), as on a full disk."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


def test_cache_writes_that_fail_cost_one_warning_line_and_leave_no_files(tmp_path):
    folder = tmp_path / "answers"
    process = serve_process({"ANSWER_CACHE_DIR": str(folder), "ANSWER_CACHE_RETRY_SECONDS": "600"},
                            preexec=files_up_to(1000))
    base, lines = started(process)
    try:
        for puzzle in TOP95[:20]:                        # 20 misses, each trying to store a 20 kB answer
            headers, _ = post_raw(base, "/api/solve", {"puzzle": puzzle})
            assert headers[answers.HEADER] == "miss"
        time.sleep(0.5)
    finally:
        stop(process)
    log = "".join(lines)
    assert "Traceback" not in log, log[:3000]
    assert len([line for line in lines if "answer cache" in line]) == 1, log[:3000]
    assert list(folder.iterdir()) == []                  # before: a partial temporary file a request


def test_the_entry_limit_holds_across_workers(tmp_path):
    folder = tmp_path / "answers"
    process = serve_process({"ANSWER_CACHE_DIR": str(folder), "ANSWER_CACHE_ENTRIES": "2"}, workers=2)
    base, _ = started(process)
    try:
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda puzzle: post_raw(base, "/api/solve", {"puzzle": puzzle, "record": False}),
                          TOP95[:40]))
    finally:
        stop(process)
    assert len(list(folder.iterdir())) <= 2, sorted(p.name for p in folder.iterdir())


# 5. A stampede: identical requests share one search, in a worker and across workers.

# A quarter of a second alone, a few seconds for ten at once; the clock is set far enough
# off that a loaded machine never cuts it short (an answer the clock cut is never stored).
HEAVY = {"builtin": "pentominoes"}
UNHURRIED = {"TESTING": True, "SOLVE_MAX_SECONDS": 60}


@contextlib.contextmanager
def threaded_servers(apps):
    servers = [make_server("127.0.0.1", 0, app, threaded=True) for app in apps]
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in servers]
    for thread in threads:
        thread.start()
    try:
        yield [f"http://127.0.0.1:{s.server_port}" for s in servers]
    finally:
        for server in servers:
            server.shutdown()


def stampede(bases: list[str], each: int) -> list[tuple[str, dict]]:
    def one(base: str):
        headers, body = post_raw(base, "/api/cover", HEAVY, timeout=120)
        return headers[answers.HEADER], json.loads(brotli.decompress(body))
    with ThreadPoolExecutor(len(bases) * each) as pool:
        return list(pool.map(one, [base for base in bases for _ in range(each)]))


def searches(app) -> int:
    return app.extensions["answer_cache"].searches


def test_identical_requests_in_one_worker_share_one_search(tmp_path):
    app = cached_app(tmp_path, **UNHURRIED)
    with threaded_servers([app]) as bases:
        found = stampede(bases, 10)
    assert sorted(how for how, _ in found) == ["hit"] * 9 + ["miss"]      # before: 8 misses of 16
    assert all(answer == found[0][1] for _, answer in found)       # the one search's, stats and all
    assert searches(app) == 1


@pytest.mark.parametrize("store", ["filesystem", "redis"])
def test_identical_requests_in_two_workers_share_one_search(tmp_path, request, store):
    if store == "redis":
        url, _ = request.getfixturevalue("redis_server")
        config = {**UNHURRIED, "REDIS_URL": url}
    else:
        config = {**UNHURRIED, "ANSWER_CACHE_DIR": str(tmp_path / "answers")}
    workers = [create_app(config), create_app(config)]
    with threaded_servers(workers) as bases:
        found = stampede(bases, 5)
    assert sorted(how for how, _ in found) == ["hit"] * 9 + ["miss"]
    assert sum(searches(app) for app in workers) == 1


# 6. A gzip-only client gets a stored gzip form, not a recompression on every hit.

def test_a_gzip_client_is_served_a_stored_gzip_form(tmp_path):
    client = cached_app(tmp_path).test_client()
    _, fresh = post(client, "/api/solve", {"puzzle": PUZZLE})
    assert len(list((tmp_path / "answers").iterdir())) == 1
    bodies = []
    for _ in range(3):
        response, answer = post(client, "/api/solve", {"puzzle": PUZZLE}, "gzip")
        assert response.headers[answers.HEADER] == "hit" and response.headers["Content-Encoding"] == "gzip"
        assert answer == fresh and "Accept-Encoding" in response.headers["Vary"]
        bodies.append(response.data)
    assert len(list((tmp_path / "answers").iterdir())) == 2       # the brotli entry and its gzip form
    assert gzip.decompress(bodies[0]) == gzip.decompress(bodies[2])
