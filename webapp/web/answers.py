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
    store      where entries are kept (webapp/web/answer_store.py): a folder holding at
               most ANSWER_CACHE_ENTRIES entries (the default; shared by the workers
               of one host), or Redis when REDIS_URL is set (shared by every host
               behind one load balancer), or none (ANSWER_CACHE = "none"). Each entry
               is stored with a digest of it, checked on every read.
    flight     a search under way that identical requests wait for rather than
               running it again: in a worker, they wait on it; across workers, on a
               marker in the store, polling for the entry (see lookup).
    gzip form  for a client that takes gzip and not brotli, the answer gzipped once
               and stored beside the brotli entry (key + GZIP), so a hit sends stored
               bytes whatever the client takes.

An answer the time limit or a hung-up client cut short is not stored: where it
stopped depends on the machine and its load, so the same request may go
further next time. Every other answer is a pure function of its key (the
search is deterministic), so serving it again is serving the same answer. A
store that fails (Redis down or hung, a full disk) costs one line in the log
when it starts failing and one when it works again, never the answer, and is
left alone for ANSWER_CACHE_RETRY_SECONDS after each failure.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import os
import tempfile
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import Any

import brotli
from flask import Flask, Response, current_app, g, request

from ..engine import exact_cover as ec
from ..log import steplog
from . import answer_store, dead_end_facts
from .answer_store import AnswerCacheError

# What a stored answer would be wrong to repeat: the search did not end on its own terms.
NOT_STORED = (ec.LIMIT_TIME, ec.LIMIT_CANCELLED)
BROTLI_LEVEL = 4            # as flask-compress's COMPRESS_BR_LEVEL (bench/wire.py)
# Below this many bytes of JSON an answer is compressed at level 1: 20 hard 9x9 answers (200 kB of
# JSON each) in 1.1 ms each, to 37 kB, against 3.2 ms and 29 kB at level 4 (measured 2026-11-27),
# where the search takes under a millisecond; a long log's bytes on the wire count more than the
# milliseconds (tests/web/test_compression.py's bytes an event, level 4).
SMALL_ANSWER, SMALL_BROTLI_LEVEL = 1 << 20, 1
DEFAULT_ENTRIES = 500       # a 25x25 answer is about 0.4 MB in brotli: about 200 MB at most
HEADER = "X-Answer-Cache"   # hit, miss (stored) or skip (not stored)

RETRY_SECONDS = 30          # a store that failed is left alone this long, then tried again


def settings(config: Mapping[str, Any], environ: Mapping[str, str] = os.environ) -> dict:
    """The answer cache's settings from the app's config, the environment filling the gaps:
    kind (filesystem, redis or none), folder, entries, url, seconds, retry_seconds."""
    def setting(name: str, default: Any = None) -> Any:
        return config.get(name) or environ.get(name) or default

    def number(name: str, default: float, kind=float) -> Any:
        try:
            return kind(setting(name, default))
        except ValueError:
            raise AnswerCacheError(f"{name} must be a number, not {setting(name)!r}") from None

    redis_url = setting("REDIS_URL")
    kind = setting("ANSWER_CACHE") or ("redis" if redis_url else "filesystem")
    common = {"kind": kind, "seconds": float(config.get("ANSWER_CACHE_SECONDS", 7 * 24 * 3600)),
              "retry_seconds": number("ANSWER_CACHE_RETRY_SECONDS", RETRY_SECONDS)}
    if kind == "none":
        return common
    if kind == "redis":
        if not redis_url:
            raise AnswerCacheError("ANSWER_CACHE is redis but REDIS_URL is not set")
        return {**common, "url": redis_url}
    if kind != "filesystem":
        raise AnswerCacheError(f"ANSWER_CACHE must be filesystem, redis or none, not {kind!r}")
    entries = number("ANSWER_CACHE_ENTRIES", DEFAULT_ENTRIES, int)
    if entries < 2:
        raise AnswerCacheError(f"ANSWER_CACHE_ENTRIES must be at least 2, not {entries}")
    folder = setting("ANSWER_CACHE_DIR", os.path.join(tempfile.gettempdir(), f"dlx-sudoku-answers-{os.getuid()}"))
    return {**common, "folder": folder, "entries": entries}


def make_store(chosen: Mapping[str, Any]) -> answer_store.Store | None:
    """The store the settings name (its folder made), or None for no cache. Raises
    AnswerCacheError naming the setting when it cannot work (a folder that cannot be made)."""
    if chosen["kind"] == "none":
        return None
    if chosen["kind"] == "redis":
        return answer_store.RedisStore(chosen["url"], chosen["seconds"])
    return answer_store.FileStore(chosen["folder"], chosen["entries"], chosen["seconds"])


def check(environ: Mapping[str, str] = os.environ) -> None:
    """What `serve` asks before it starts any worker: the cache's settings can work (its
    folder is made). Raises AnswerCacheError saying which setting and why."""
    make_store(settings({}, environ))


class AnswerCache:
    """One app's answer cache: its guarded store, the searches under way in this worker,
    and how many searches lookup let through (for tests and the log)."""

    def __init__(self, store: answer_store.Store, retry_seconds: float, logger) -> None:
        self.store = answer_store.GuardedStore(store, retry_seconds, logger)
        self.lock = threading.Lock()
        self.flights: dict[str, Flight] = {}
        self.searches = 0


def init_app(app: Flask) -> None:
    """Give the app its answer cache (see settings)."""
    chosen = settings(app.config)
    store = make_store(chosen)
    app.extensions["answer_cache"] = None if store is None else AnswerCache(store, chosen["retry_seconds"],
                                                                             app.logger)
    app.teardown_request(land_unfinished)


# The shape of an answer around its log: raised when a field is added or changes (2: the
# tree estimate; 3: the count of every solution; 4: the dead-end heat among the facts; 5: the
# estimate's log10 for trees too large for a number), so that a cache filled by an older
# server is not served.
ANSWER_SHAPE = 5

# What the key covers: raised when that changes (2: the whole problem the search runs on,
# every field of it, where 1 left out the options' colours; 3: entries sealed with a digest,
# where 2 stored them pickled by Flask-Caching), so that no entry stored under an older key
# can be read as the answer to a new one.
KEY_FORM = 3


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


# A request whose identical search is under way waits at most until its own time budget
# is spent and this much more (the searcher's analysis and storing), asking the store
# every POLL_SECONDS when the search is in another worker.
WAIT_GRACE, POLL_SECONDS = 0.5, 0.05
GZIP, GZIP_LEVEL = "|gzip", 6      # the gzip form's key suffix; flask-compress's COMPRESS_LEVEL


class Flight:
    """A search under way in this worker, and once it ends what it answered: (brotli
    bytes or None, raw bytes, how), or None when its client hung up (or it failed)."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: tuple[bytes | None, bytes, str] | None = None


def lookup(answer_key: str, seconds: float) -> Response | None:
    """The stored answer for a key, as a response; or None, and this request searches.

    Identical requests share one search. In a worker, a request whose search is under
    way waits for it and gets its answer ("hit"; "skip" for an answer the clock cut
    short, never stored but shared with those that waited). Across workers, the one
    that searches sets a marker in the store and the others poll the store for the
    entry until the marker goes. Either wait ends when the request's own time budget
    (seconds, from its start) is spent: it then searches with what is left."""
    cache = current_app.extensions["answer_cache"]
    if cache is None:
        return None
    if _wants_gzip():
        gzipped = cache.store.get(answer_key + GZIP)
        if gzipped is not None:
            return _encoded(gzipped, "gzip", "hit")
    deadline = g.started + seconds + WAIT_GRACE
    while True:
        payload = cache.store.get(answer_key)
        if payload is not None:
            return _hit(cache, answer_key, payload)
        with cache.lock:
            flight = cache.flights.get(answer_key)
            leading = flight is None
            if flight is None:
                flight = cache.flights[answer_key] = Flight()
        if leading:
            break
        if not flight.done.wait(max(0.0, deadline - time.perf_counter())):
            _searching(cache)
            return None
        if flight.result is not None:
            compressed, raw, how = flight.result
            if how == "hit":            # stored: its facts, if kept, are under its key
                g.dead_end_facts_id = answer_key
            return _respond(compressed, how, raw)
        # That search's client hung up before it ended: look again (and perhaps search).
    g.answer_flight = (answer_key, flight)
    while not cache.store.claim(answer_key, seconds + WAIT_GRACE):
        if time.perf_counter() >= deadline:
            break
        time.sleep(POLL_SECONDS)
        payload = cache.store.get(answer_key)
        if payload is not None:
            land(answer_key, (payload, brotli.decompress(payload), "hit"))
            return _hit(cache, answer_key, payload)
    else:
        # The claim can come just after another worker stored the entry and let its marker go
        # (between this worker's last look and its claim): look once more before searching.
        payload = cache.store.get(answer_key)
        if payload is not None:
            cache.store.release(answer_key)
            land(answer_key, (payload, brotli.decompress(payload), "hit"))
            return _hit(cache, answer_key, payload)
        g.answer_marker = True
    _searching(cache)
    return None


def _searching(cache: AnswerCache) -> None:
    with cache.lock:
        cache.searches += 1


def answer(answer_key: str, body: bytes, outcome: ec.Outcome, count: dict | None = None,
           facts: bytes | None = None) -> Response:
    """The response for a freshly computed answer, stored unless the clock or the client cut
    its search (or its count of every solution) short; requests waiting for it get it too.
    facts: its dead ends' per-option facts packed apart (webapp/web/dead_end_facts.py), kept too."""
    cache = current_app.extensions["answer_cache"]
    raw = body
    limits = {outcome.limit, count["limit"] if count is not None else None}
    dead_end_facts.keep(answer_key, body, not limits & set(NOT_STORED), facts)
    if cache is None or limits & set(NOT_STORED):
        compressed = compress(raw) if request.accept_encodings["br"] else None
        if cache is not None:
            land(answer_key, None if ec.LIMIT_CANCELLED in limits else (compressed, raw, "skip"))
        return _respond(compressed, "skip", raw)
    compressed = compress(raw)
    cache.store.set(answer_key, compressed)
    land(answer_key, (compressed, raw, "hit"))
    return _respond(compressed, "miss", raw)


def compress(raw: bytes) -> bytes:
    """An answer's JSON in brotli, at the level its size calls for."""
    return brotli.compress(raw, quality=SMALL_BROTLI_LEVEL if len(raw) < SMALL_ANSWER else BROTLI_LEVEL)


def land(answer_key: str, result: tuple[bytes | None, bytes, str] | None) -> None:
    """This request's search has ended: those waiting for it get its result (None: look
    again), and its marker in the store goes."""
    cache = current_app.extensions["answer_cache"]
    flying = g.pop("answer_flight", None)
    if cache is None or flying is None or flying[0] != answer_key:
        return
    with cache.lock:
        cache.flights.pop(answer_key, None)
    flying[1].result = result
    flying[1].done.set()
    if g.pop("answer_marker", False):
        cache.store.release(answer_key)


def land_unfinished(_error: BaseException | None = None) -> None:
    """At the end of every request: a search that ended without an answer (an error) frees
    those waiting for it."""
    flying = g.get("answer_flight")
    if flying is not None:
        land(flying[0], None)


def _wants_gzip() -> bool:
    return not request.accept_encodings["br"] and bool(request.accept_encodings["gzip"])


def _hit(cache: AnswerCache, answer_key: str, compressed: bytes) -> Response:
    """A stored answer as a hit. A client that takes gzip and not brotli gets the gzip
    form, made here once and stored beside the entry for the next such client. Its dead-end
    facts, when they were kept, are under its key (a stored answer is a pure function of it)."""
    g.dead_end_facts_id = answer_key
    if not _wants_gzip():
        return _respond(compressed, "hit")
    gzipped = gzip.compress(brotli.decompress(compressed), compresslevel=GZIP_LEVEL, mtime=0)
    cache.store.set(answer_key + GZIP, gzipped)
    return _encoded(gzipped, "gzip", "hit")


def _encoded(body: bytes, encoding: str, how: str) -> Response:
    response = current_app.response_class(body, mimetype="application/json")
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    response.headers[HEADER] = how
    dead_end_facts.name(response)
    return response


def _respond(compressed: bytes | None, how: str, raw: bytes | None = None) -> Response:
    """The brotli body as it is for a client that accepts br; for any other the raw body
    (decompressed when not given; flask-compress then gzips it if it may). Without
    brotli bytes, the raw body for every client (flask-compress compresses it)."""
    if compressed is not None and request.accept_encodings["br"]:
        return _encoded(compressed, "br", how)
    body = raw if raw is not None else brotli.decompress(compressed or b"")
    response = current_app.response_class(body, mimetype="application/json")
    response.vary.add("Accept-Encoding")
    response.headers[HEADER] = how
    dead_end_facts.name(response)
    return response


def normalised(value: Any) -> str:
    """A JSON value in one canonical spelling (sorted keys, no spaces), for keys."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
