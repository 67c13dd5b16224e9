"""One dead end's per-option facts on request: GET /api/dead-end-facts/<id>/<k> (docs/api.md).

A long log's dead ends carry one `ruler` entry and one part of `also` per option of their items
(docs/step-log.md, "Facts"): on the pentominoes most of the answer. When SOLVE_DEAD_END_FACTS_APART
is set, an answer whose log has at least that many of them keeps them apart too, in the answer cache's store
(webapp/log/details.py packs them), under an id its response names in the X-Dead-End-Facts
header, so that a client can read one dead end's without the whole answer.

Glossary
    id     the answer's cache key when the answer is stored (a pure function of the key: every
           field of the problem, givens, words and settings), else the key and a digest of the
           answer's own bytes (an answer the clock cut short differs from run to run): an id
           names one answer's facts and never another's.
"""

from __future__ import annotations

import hashlib
import re

from flask import Blueprint, current_app, g, jsonify

from ..engine import exact_cover as ec
from ..log import details

bp = Blueprint("dead_end_facts", __name__)

HEADER = "X-Dead-End-Facts"
SUFFIX = "|dead-end-facts"
# A log with at least this many `ruler` entries keeps them apart too, when set. Off by default while
# the answers still carry them all: packing the pentominoes' 10.5 million costs 1.1 s of CPU
# (bench/dead_end_facts.py) that the time budget does not keep back yet.
DEFAULT_APART = None
ID_FORM = re.compile(r"(?:solve|cover):[0-9a-f]{64}(?:-[0-9a-f]{32})?")


def payload(problem: ec.Problem, log: dict | None) -> bytes | None:
    """The log's per-option dead-end facts packed (details.pack) when they are that many and there is a
    store to keep them in, else None."""
    apart = current_app.config.get("SOLVE_DEAD_END_FACTS_APART", DEFAULT_APART)
    if (apart is None or current_app.extensions["answer_cache"] is None or log is None
            or len(log["facts"]["dead_ends"]["ruler"]) < apart):
        return None
    return details.pack(problem, log)


def keep(answer_key: str, body: bytes, stored: bool, packed: bytes | None) -> None:
    """Keep an answer's packed facts in the store under its id, named by the response's header."""
    cache = current_app.extensions["answer_cache"]
    if cache is None or packed is None:
        return
    found = answer_key if stored else f"{answer_key}-{hashlib.blake2b(body, digest_size=16).hexdigest()}"
    cache.store.set(found + SUFFIX, packed)
    g.dead_end_facts_id = found


def name(response) -> None:
    """The response names where its answer's dead-end facts are served, when they are kept."""
    found = g.get("dead_end_facts_id")
    if found is not None:
        response.headers[HEADER] = found


@bp.get("/api/dead-end-facts/<string:answer_id>/<int(signed=True):k>")
def api_dead_end_facts(answer_id: str, k: int):
    """Dead end k's `step`, `ruler` and `also`, exactly as the answer's log has them."""
    if ID_FORM.fullmatch(answer_id) is None:
        return _error(400, "the answer id must be what the answer's X-Dead-End-Facts header said")
    cache = current_app.extensions["answer_cache"]
    if cache is None:
        return _error(404, "this server keeps no answers (ANSWER_CACHE is none): the facts are in the answer")
    stored = cache.store.get(answer_id + SUFFIX)
    if stored is None:
        return _error(404, "no dead-end facts are kept for that answer (it may have expired): ask for the answer again")
    try:
        return jsonify(details.one(stored, k))
    except details.DetailsError as error:
        return _error(400, str(error), "k")


def _error(status: int, message: str, field: str | None = None):
    return jsonify(error=message, field=field, cells=[], position=None), status
