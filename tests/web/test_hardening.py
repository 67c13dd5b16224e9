"""Hardening: security headers, bounded work, no 500 for any input, a client
that leaves cancels its solve, the production server, determinism."""

import json
import logging
import socket
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.serving import make_server

from webapp import create_app
from webapp.models.examples import BERRY, puzzle_lines
from webapp.web.hardening import HEADERS

HARD_25 = puzzle_lines("gecode_25x25.txt")[0]


@pytest.fixture(scope="module")
def small_client():
    """An app with small budgets, so fuzzing stays quick."""
    app = create_app({"TESTING": True, "SOLVE_MAX_STEPS": 20_000, "SOLVE_MAX_SECONDS": 0.5})
    return app.test_client()


@pytest.mark.parametrize("method, path, body", [("get", "/", None), ("get", "/api/examples", None),
                                                ("post", "/api/solve", {"puzzle": BERRY}),
                                                ("post", "/api/solve", {"puzzle": "x"}),
                                                ("get", "/nowhere", None)])
def test_security_headers_on_every_response(client, method, path, body):
    response = getattr(client, method)(path, json=body) if body else getattr(client, method)(path)
    for name, value in HEADERS.items():
        assert response.headers[name] == value
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp


def test_debugger_is_off_by_default():
    app = create_app()
    assert not app.debug and not app.testing


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 12, 10 ** 12) | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12)

puzzle_texts = st.one_of(
    st.text(alphabet="0123456789.ABCDEFGPabc|+- \n", max_size=700),
    st.sampled_from(puzzle_lines("norvig_top95.txt")[:5] + [HARD_25, "." * 16, "." * 81]),
    st.text(max_size=100))

solve_bodies = st.fixed_dictionaries({"puzzle": puzzle_texts}, optional={
    "solutions": json_values | st.integers(-3, 5), "choose": json_values | st.sampled_from(["mrv", "first"]),
    "max_steps": json_values | st.integers(-5, 10 ** 9), "max_seconds": json_values | st.floats(-1, 10),
    "record": json_values})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(json_values, solve_bodies))
def test_any_json_body_gets_an_answer_never_a_500(small_client, body):
    response = small_client.post("/api/solve", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400, 413, 415)
    data = response.get_json()
    assert isinstance(data, dict)
    if response.status_code != 200:
        assert isinstance(data["error"], str) and data["error"]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300), st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded"]))
def test_any_bytes_get_an_answer_never_a_500(small_client, raw, content_type):
    response = small_client.post("/api/solve", data=raw, content_type=content_type)
    assert response.status_code in (400, 413, 415) and response.get_json()["error"]


def test_budgets_bound_every_request():
    app = create_app({"TESTING": True, "SOLVE_MAX_SECONDS": 0.5})
    # The request asks for 100 s; the app's own cap (0.5 s) or its step budget stops it.
    body = app.test_client().post("/api/solve", json={"puzzle": HARD_25, "max_seconds": 100}).get_json()
    assert body["outcome"]["limit"] in ("time", "steps") and body["log"]["events"]


def test_same_input_same_log(client):
    first = client.post("/api/solve", json={"puzzle": puzzle_lines("norvig_top95.txt")[48], "solutions": 2}).get_json()
    second = client.post("/api/solve", json={"puzzle": puzzle_lines("norvig_top95.txt")[48], "solutions": 2}).get_json()
    for body in (first, second):
        body["stats"].pop("seconds")
        body["log"]["stats"].pop("seconds")
    assert first == second


def test_a_client_that_leaves_cancels_its_solve(caplog):
    caplog.set_level(logging.INFO, logger="webapp")
    # A server whose step budget cannot end this search first (the default one takes about half a second).
    app = create_app({"TESTING": True, "SOLVE_MAX_STEPS": 10 ** 9, "SOLVE_MAX_SECONDS": 60})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = "127.0.0.1", server.server_port
    body = json.dumps({"puzzle": HARD_25, "max_seconds": 60, "max_steps": 10 ** 9, "record": False}).encode()
    with socket.create_connection((host, int(port))) as conn:
        conn.sendall(b"POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        time.sleep(0.3)                 # the solve is under way
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and "client went away" not in caplog.text:
        time.sleep(0.05)
    server.shutdown()
    assert "solve cancelled: the client went away" in caplog.text


cover_bodies = st.one_of(
    st.fixed_dictionaries({"text": st.text(alphabet="ABCD |#x\n", max_size=80)},
                          optional={"solutions": json_values, "choose": json_values}),
    st.fixed_dictionaries({"builtin": st.sampled_from(["knuth", "queens", "latin", "pentominoes", "nope"]) | json_values},
                          optional={"params": st.dictionaries(st.sampled_from(["n", "width", "height", "all_orientations", "x"]),
                                                              json_values | st.integers(-2, 30), max_size=3) | json_values}),
    json_values)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cover_bodies)
def test_any_cover_body_gets_an_answer_never_a_500(small_client, body):
    response = small_client.post("/api/cover", data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400, 413, 415)
    data = response.get_json()
    assert isinstance(data, dict)
    if response.status_code != 200:
        assert isinstance(data["error"], str) and data["error"]


def test_a_chunked_body_past_the_cap_is_a_413(live_server):
    import http.client
    host, port = live_server.removeprefix("http://").split(":")
    big = b'{"puzzle":"' + b"." * 400_000 + b'"}'
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST", "/api/solve", body=iter([big[k:k + 8192] for k in range(0, len(big), 8192)]),
                 headers={"Content-Type": "application/json"}, encode_chunked=True)
    answer = conn.getresponse()
    assert answer.status == 413 and "256 KB" in json.loads(answer.read())["error"]


@pytest.mark.parametrize("method, path", [("POST", "/api//solve"), ("POST", "/api/solve/"), ("GET", "/api//examples"),
                                          ("GET", "/api/nowhere"), ("POST", "/api/")])
def test_every_api_answer_is_json_even_at_an_address_with_a_doubled_or_trailing_slash(client, method, path):
    """/api//solve answered a 308 redirect, an HTML page (Flask merges slashes); now a JSON 404."""
    answer = client.open(path, method=method, json={"puzzle": BERRY})
    assert answer.status_code == 404 and answer.is_json and answer.get_json()["error"]


def test_only_the_embeddable_player_may_be_framed(client):
    """/embed lets any site frame it (CSP frame-ancestors, no X-Frame-Options); every other page
    keeps refusing, and the rest of the policy is the same on both."""
    embed = client.get("/embed?p=" + BERRY)
    assert embed.status_code == 200
    csp = embed.headers["Content-Security-Policy"]
    assert "frame-ancestors *" in csp and "'none'" not in csp.split("frame-ancestors")[1]
    assert "X-Frame-Options" not in embed.headers
    assert csp.replace("frame-ancestors *", "") == HEADERS["Content-Security-Policy"].replace("frame-ancestors 'none'", "")
    for path in ("/", "/cover", "/embed-not", "/static/js/pages/embed-page.js"):
        response = client.get(path)
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], path
        assert response.headers["X-Frame-Options"] == "DENY", path
    narrowed = create_app({"TESTING": True, "EMBED_ANCESTORS": "https://course.example"}).test_client()
    assert "frame-ancestors https://course.example" in narrowed.get("/embed").headers["Content-Security-Policy"]
