"""The answer cache: identical requests answered from the store, what is never stored,
the size bound, a Redis that is down, and two app instances sharing a real Redis."""

import contextlib
import gzip
import json
import shutil
import signal
import socket
import subprocess
import time

import brotli
import pytest

from webapp import create_app
from webapp.models.examples import examples
from webapp.web import answers

PUZZLE = next(e["puzzle"] for e in examples() if e["id"] == "top95-hard")


def cached_app(tmp_path, **config):
    return create_app({"TESTING": True, "ANSWER_CACHE_DIR": str(tmp_path / "answers"), **config})


def post(client, url, body, encoding="br"):
    response = client.post(url, json=body, headers={"Accept-Encoding": encoding})
    decode = {"br": brotli.decompress, "gzip": gzip.decompress}.get(response.headers.get("Content-Encoding", ""))
    return response, json.loads(decode(response.data) if decode else response.data)


def test_the_same_solve_twice_is_answered_from_the_cache(tmp_path):
    client = cached_app(tmp_path).test_client()
    first, first_answer = post(client, "/api/solve", {"puzzle": PUZZLE})
    again, again_answer = post(client, "/api/solve", {"puzzle": PUZZLE})
    assert first.headers[answers.HEADER] == "miss" and again.headers[answers.HEADER] == "hit"
    assert again_answer == first_answer and again_answer["outcome"]["status"] == "solved"
    assert again.headers["Content-Encoding"] == "br" and "Accept-Encoding" in again.headers["Vary"]


def test_the_key_is_the_normalised_input_and_every_option(tmp_path):
    client = cached_app(tmp_path).test_client()
    post(client, "/api/solve", {"puzzle": PUZZLE})
    grid_form = "\n".join(PUZZLE[r * 9:r * 9 + 9].replace(".", "0") for r in range(9))
    assert post(client, "/api/solve", {"puzzle": grid_form})[0].headers[answers.HEADER] == "hit"
    for other in ({"choose": "first"}, {"solutions": 2}, {"record": False}, {"max_steps": 500}):
        response, _ = post(client, "/api/solve", {"puzzle": PUZZLE, **other})
        assert response.headers[answers.HEADER] == "miss", other


def test_a_client_without_brotli_gets_the_same_answer_from_the_cache(tmp_path):
    client = cached_app(tmp_path).test_client()
    _, fresh = post(client, "/api/solve", {"puzzle": PUZZLE})
    for encoding in ("gzip", "identity"):
        response, answer = post(client, "/api/solve", {"puzzle": PUZZLE}, encoding)
        assert response.headers[answers.HEADER] == "hit" and answer == fresh
        assert response.headers.get("Content-Encoding") == (None if encoding == "identity" else "gzip")


def test_an_answer_cut_short_by_the_clock_is_never_stored(tmp_path):
    # 14 queens, all solutions, in a hundredth of a second: the clock always stops it.
    client = cached_app(tmp_path).test_client()
    body = {"builtin": "queens", "params": {"n": 14}, "solutions": None, "max_seconds": 0.01}
    for _ in range(2):
        response, answer = post(client, "/api/cover", body)
        assert answer["outcome"]["limit"] == "time" and response.headers[answers.HEADER] == "skip"


def test_an_answer_cut_short_by_the_step_budget_is_stored(tmp_path):
    # Steps are the same on every machine: the same request stops at the same step.
    client = cached_app(tmp_path).test_client()
    body = {"builtin": "queens", "params": {"n": 10}, "solutions": None, "max_steps": 300}
    first, answer = post(client, "/api/cover", body)
    assert answer["outcome"]["limit"] == "steps" and first.headers[answers.HEADER] == "miss"
    assert post(client, "/api/cover", body)[0].headers[answers.HEADER] == "hit"


def test_cover_text_is_keyed_by_the_problem_it_reads_as(tmp_path):
    client = cached_app(tmp_path).test_client()
    post(client, "/api/cover", {"text": "A B C\nA B\nC\nA\nB C\n", "solutions": None})
    spaced = {"text": "A  B C\n\nA B\nC\n  A\nB C", "solutions": None}
    assert post(client, "/api/cover", spaced)[0].headers[answers.HEADER] == "hit"
    other = {"text": "A B C\nA B\nC\nA\nB\n", "solutions": None}
    assert post(client, "/api/cover", other)[0].headers[answers.HEADER] == "miss"


def test_the_filesystem_cache_holds_at_most_its_entries(tmp_path):
    client = cached_app(tmp_path, ANSWER_CACHE_ENTRIES=3).test_client()
    for n in range(4, 12):
        post(client, "/api/cover", {"builtin": "queens", "params": {"n": n}})
    files = list((tmp_path / "answers").iterdir())
    assert 0 < len(files) <= 3


def test_a_cache_that_is_down_costs_a_warning_not_the_answer(tmp_path, caplog):
    client = create_app({"TESTING": True, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}).test_client()
    response, answer = post(client, "/api/solve", {"puzzle": PUZZLE})
    assert response.status_code == 200 and answer["outcome"]["status"] == "solved"
    assert "answer cache unavailable" in caplog.text


def test_unknown_cache_settings_are_refused_by_name():
    with pytest.raises(ValueError, match="ANSWER_CACHE must be filesystem, redis or none"):
        create_app({"ANSWER_CACHE": "memcached"})
    with pytest.raises(ValueError, match="REDIS_URL is not set"):
        answers.settings({"ANSWER_CACHE": "redis"}, {})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running_redis(folder):
    """A real redis-server on a free port, its files in folder: (its URL, its process); stopped
    after (resumed first, should a test have paused it)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian package redis-server; make test installs it as root)")
    port = free_port()
    server = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no", "--dir", str(folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail(f"redis-server did not listen on port {port}")
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0", server
    finally:
        server.send_signal(signal.SIGCONT)
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def redis_url(tmp_path):
    """A real redis-server on a free port (make test installs the Debian package)."""
    with running_redis(tmp_path) as (url, _):
        yield url


def test_two_app_instances_share_answers_through_redis(redis_url):
    # Two hosts behind one load balancer: what one solved, the other answers from Redis.
    one = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    other = create_app({"TESTING": True, "REDIS_URL": redis_url}).test_client()
    first, solved = post(one, "/api/solve", {"puzzle": PUZZLE})
    shared, answer = post(other, "/api/solve", {"puzzle": PUZZLE})
    assert first.headers[answers.HEADER] == "miss" and shared.headers[answers.HEADER] == "hit"
    assert answer == solved

    import redis
    keys = redis.Redis.from_url(redis_url).keys("dlx-answer:*")
    assert len(keys) == 1


def test_the_cache_can_be_turned_off(tmp_path):
    client = create_app({"TESTING": True, "ANSWER_CACHE": "none"}).test_client()
    for _ in range(2):
        response, answer = post(client, "/api/solve", {"puzzle": PUZZLE}, "gzip")
        assert response.headers[answers.HEADER] == "skip" and answer["outcome"]["status"] == "solved"
