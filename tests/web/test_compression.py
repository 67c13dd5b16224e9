"""Answers and assets on the wire: compressed by Accept-Encoding (brotli first, then
gzip), the same JSON once decompressed, and static files that revalidate (304)."""

from __future__ import annotations

import gzip
import json

import brotli
import pytest

NAIVE_WORST = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


@pytest.fixture(scope="module")
def big_answer():
    """A 200,000-event log under "first item", uncompressed: (raw bytes, events)."""
    from webapp import create_app

    client = create_app({"TESTING": True}).test_client()
    answer = client.post("/api/solve", json={"puzzle": NAIVE_WORST, "choose": "first", "max_steps": 200_000},
                         headers={"Accept-Encoding": "identity"})
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers
    return answer.data, len(answer.get_json()["log"]["events"])


def solve(client, encoding):
    return client.post("/api/solve", json={"puzzle": NAIVE_WORST, "choose": "first", "max_steps": 200_000},
                       headers={"Accept-Encoding": encoding})


@pytest.mark.parametrize("accept, used, decode", [
    ("br, gzip", "br", brotli.decompress),
    ("gzip, deflate, br", "br", brotli.decompress),      # brotli first whatever the client's order
    ("gzip", "gzip", gzip.decompress),
])
def test_a_solve_is_compressed_as_the_client_accepts(client, big_answer, accept, used, decode):
    raw, events = big_answer
    answer = solve(client, accept)
    assert answer.headers["Content-Encoding"] == used
    assert "Accept-Encoding" in answer.headers["Vary"]
    body = decode(answer.data)
    stats = ("stats", "seconds")
    got, want = json.loads(body), json.loads(raw)
    for doc in (got, want):             # the only field that differs between two runs
        doc[stats[0]].pop(stats[1])
        doc["log"]["stats"].pop("seconds")
    assert got == want
    # What the wire carries: brotli at most half a byte an event on a long log (gzip under 0.6).
    assert len(answer.data) / events <= (0.5 if used == "br" else 0.6), len(answer.data) / events


def test_no_accept_encoding_no_compression(client):
    answer = client.get("/static/css/app.css", headers={"Accept-Encoding": "identity"})
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers


@pytest.mark.parametrize("path", ["/static/css/app.css", "/static/js/pages/sudoku-page.js", "/static/messages.json"])
def test_static_files_are_compressed_and_revalidate(client, path):
    first = client.get(path, headers={"Accept-Encoding": "br"})
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "br"
    assert brotli.decompress(first.data) == client.get(path, headers={"Accept-Encoding": "identity"}).data
    etag = first.headers["ETag"]
    again = client.get(path, headers={"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
