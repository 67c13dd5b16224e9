"""The answer cache: identical solve and cover requests answered from a cache all workers share.

Glossary
    key        a digest of what an answer depends on, built from the objects the
               search is given: the whole exact cover problem (every field: items,
               options, colours), the givens, the words around it (title,
               variants, regions), every setting of the search (limits, item
               choice, recording, engine), the route and the log format's version.
    entry      an answer's JSON body compressed with brotli, as stored: the
               compression is done once, on the miss, and a hit sends the
               stored bytes to a client that accepts br as they are.
    store      Flask-Caching's backend: a filesystem cache holding at most
               ANSWER_CACHE_ENTRIES answers (default; shared by the workers of
               one host), or Redis when REDIS_URL is set (shared by every host
               behind one load balancer), or none (ANSWER_CACHE = "none").

An answer the time limit or a hung-up client cut short is not stored: where it
stopped depends on the machine and its load, so the same request may go
further next time. Every other answer is a pure function of its key (the
search is deterministic), so serving it again is serving the same answer. A
store that fails (Redis down) costs a warning in the log, never the answer.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import brotli
from flask import Flask, Response, current_app, request

from ..engine import exact_cover as ec
from ..log import steplog

# What a stored answer would be wrong to repeat: the search did not end on its own terms.
NOT_STORED = (ec.LIMIT_TIME, ec.LIMIT_CANCELLED)
BROTLI_LEVEL = 4            # as flask-compress's COMPRESS_BR_LEVEL (bench/wire.py)
DEFAULT_ENTRIES = 500       # a 25x25 answer is about 0.4 MB in brotli: about 200 MB at most
HEADER = "X-Answer-Cache"   # hit, miss (stored) or skip (not stored)

def settings(config: Mapping[str, Any], environ: Mapping[str, str] = os.environ) -> dict:
    """Flask-Caching's settings from the app's config, the environment filling the gaps."""
    kind = config.get("ANSWER_CACHE") or environ.get("ANSWER_CACHE")
    redis_url = config.get("REDIS_URL") or environ.get("REDIS_URL")
    kind = kind or ("redis" if redis_url else "filesystem")
    entries = int(config.get("ANSWER_CACHE_ENTRIES") or environ.get("ANSWER_CACHE_ENTRIES") or DEFAULT_ENTRIES)
    common = {"CACHE_DEFAULT_TIMEOUT": int(config.get("ANSWER_CACHE_SECONDS", 7 * 24 * 3600)),
              "CACHE_KEY_PREFIX": "dlx-answer:"}
    if kind == "none":
        return {"CACHE_TYPE": "NullCache", **common}
    if kind == "redis":
        if not redis_url:
            raise ValueError("ANSWER_CACHE is redis but REDIS_URL is not set")
        # A Redis that is down or slow answers within a second; the request then solves.
        return {"CACHE_TYPE": "RedisCache", "CACHE_REDIS_URL": redis_url,
                "CACHE_OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1}, **common}
    if kind != "filesystem":
        raise ValueError(f"ANSWER_CACHE must be filesystem, redis or none, not {kind!r}")
    folder = (config.get("ANSWER_CACHE_DIR") or environ.get("ANSWER_CACHE_DIR")
              or os.path.join(tempfile.gettempdir(), f"dlx-sudoku-answers-{os.getuid()}"))
    if entries < 2:
        raise ValueError(f"ANSWER_CACHE_ENTRIES must be at least 2, not {entries}")
    # cachelib prunes to its threshold before a write, so it holds one more than that.
    return {"CACHE_TYPE": "FileSystemCache", "CACHE_DIR": folder, "CACHE_THRESHOLD": entries - 1, **common}


def init_app(app: Flask) -> None:
    """Give the app its answer cache (see settings)."""
    chosen = settings(app.config)
    if chosen["CACHE_TYPE"] == "NullCache":
        app.extensions["answer_cache"] = None          # every request solves
        return
    from flask_caching import Cache
    cache = Cache()
    cache.init_app(app, config=chosen)
    app.extensions["answer_cache"] = cache


# The shape of an answer around its log: raised when a field is added or changes (2: the
# tree estimate; 3: the count of every solution; 4: the dead-end heat among the facts; 5: the
# estimate's log10 for trees too large for a number), so that a cache filled by an older
# server is not served.
ANSWER_SHAPE = 5

# What the key covers: raised when that changes (2: the whole problem the search runs on,
# every field of it, where 1 left out the options' colours), so that no entry stored under
# an older key can be read as the answer to a new one.
KEY_FORM = 2


def key(route: str, problem: ec.Problem, givens: Sequence[int], words: Mapping[str, Any],
        search: Mapping[str, Any]) -> str:
    """The cache key of an answer, built from the very objects the search is given.

    problem is the exact cover problem the engine runs on: every field of it goes into
    the key (items, options, colours, and any field a later version adds), so a problem
    that differs in anything has another key. givens are the options placed before the
    search; words what the answer's sentences depend on beyond the problem (its title,
    variants and regions as the log's "problem" says them); search every setting the
    search and the answer around it take (limits, item choice, recording, engine, the
    count's budget). The route, the log format, the answer's shape and the key's form
    are in it too.
    """
    digest = hashlib.sha256()
    for part in (KEY_FORM, steplog.VERSION, ANSWER_SHAPE, route, problem_digest(problem),
                 [int(option) for option in givens], normalised(words), normalised(search)):
        digest.update(repr(part).encode())
        digest.update(b"\0")
    return f"{route}:{digest.hexdigest()}"


_problem_digests: dict[int, str] = {}


def problem_digest(problem: ec.Problem) -> str:
    """A digest of every field of the problem, by name and value. Remembered for as long
    as the problem object lives: a Sudoku's model is built once for its rules, so a hit
    does not walk its thousands of options again."""
    known = _problem_digests.get(id(problem))
    if known is not None:
        return known
    digest = hashlib.sha256(type(problem).__qualname__.encode())
    for field in dataclasses.fields(problem):
        digest.update(b"\0" + field.name.encode() + b"=")
        digest.update(repr(getattr(problem, field.name)).encode())
    found = digest.hexdigest()
    _problem_digests[id(problem)] = found
    weakref.finalize(problem, _problem_digests.pop, id(problem), None)
    return found


def lookup(answer_key: str) -> Response | None:
    """The stored answer for a key, as a response, or None."""
    cache = current_app.extensions["answer_cache"]
    if cache is None:
        return None
    try:
        stored = cache.get(answer_key)
    except Exception as error:       # a backend that is down is a miss, not a failed request
        current_app.logger.warning("answer cache unavailable (%s): solving", error)
        return None
    if not isinstance(stored, bytes):
        return None
    return _respond(stored, "hit")


def answer(answer_key: str, body: str, outcome: ec.Outcome, count: dict | None = None) -> Response:
    """The response for a freshly computed answer, stored unless the clock or the client cut
    its search (or its count of every solution) short."""
    cache = current_app.extensions["answer_cache"]
    if cache is None or outcome.limit in NOT_STORED or (count is not None and count["limit"] in NOT_STORED):
        if request.accept_encodings["br"]:
            return _respond(brotli.compress(body.encode(), quality=BROTLI_LEVEL), "skip")
        response = current_app.response_class(body, mimetype="application/json")
        response.headers[HEADER] = "skip"
        return response             # flask-compress gzips it for a client that takes gzip
    raw = body.encode()
    compressed = brotli.compress(raw, quality=BROTLI_LEVEL)
    try:
        cache.set(answer_key, compressed)
    except Exception as error:
        current_app.logger.warning("answer cache unavailable (%s): answer not stored", error)
    return _respond(compressed, "miss", raw)


def _respond(compressed: bytes, how: str, raw: bytes | None = None) -> Response:
    """The compressed body as it is for a client that accepts br; for any other the
    raw body (decompressed when not given; flask-compress then gzips it if it may)."""
    if request.accept_encodings["br"]:
        response = current_app.response_class(compressed, mimetype="application/json")
        response.headers["Content-Encoding"] = "br"
    else:
        body = raw if raw is not None else brotli.decompress(compressed)
        response = current_app.response_class(body, mimetype="application/json")
    response.vary.add("Accept-Encoding")
    response.headers[HEADER] = how
    return response


def normalised(value: Any) -> str:
    """A JSON value in one canonical spelling (sorted keys, no spaces), for keys."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
