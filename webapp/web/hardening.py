"""What keeps the app safe to expose: security headers and noticing a client
that went away, so its solve can stop.

Glossary
    CSP      Content-Security-Policy: only the app's own scripts, styles,
             images and requests; no inline script; no framing, except the
             embeddable player (/embed), which any site may frame.
    gone     the client closed its connection: the socket reads as ended.
"""

from __future__ import annotations

import select
import socket

POLICY = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
]
CSP = "; ".join([*POLICY, "frame-ancestors 'none'"])

# The endpoints another site may put in an iframe: the embeddable player only. Their CSP lets any
# page frame them (EMBED_ANCESTORS in the app's config narrows it, e.g. to a course's site) and
# they send no X-Frame-Options, which knows no list of sites; every other page refuses framing.
FRAMEABLE = frozenset({"web.embed"})
EMBED_ANCESTORS = "*"

# The environ key where the production server (webapp/web/serve_worker.py) says how many seconds a
# request waited between arriving whole and a thread starting on it.
WAITED = "dlx_sudoku.waited"
# And where it puts a function saying how many requests its worker is serving at once: they share
# one core (a solve holds the GIL), so the time kept back for a log's analysis is that many times more.
SHARING = "dlx_sudoku.sharing"

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(response):
    """Put the security headers on a response (Flask after_request)."""
    from flask import current_app, request

    headers = HEADERS
    if request.endpoint in FRAMEABLE:
        ancestors = current_app.config.get("EMBED_ANCESTORS", EMBED_ANCESTORS)
        headers = {**HEADERS, "Content-Security-Policy": "; ".join([*POLICY, f"frame-ancestors {ancestors}"])}
        del headers["X-Frame-Options"]
    for name, value in headers.items():
        response.headers.setdefault(name, value)
    return response


def client_socket(environ):
    """The connection's socket, where the server exposes it (werkzeug, gunicorn)."""
    return environ.get("gunicorn.socket") or environ.get("werkzeug.socket")


def is_gone(sock) -> bool:
    """Whether the peer closed the connection: readable, yet nothing to read."""
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except (OSError, ValueError):      # reset, or the socket is already closed
        return True
