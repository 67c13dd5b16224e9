"""What keeps the app safe to expose: security headers and noticing a client
that went away, so its solve can stop.

Glossary
    CSP      Content-Security-Policy: only the app's own scripts, styles,
             images and requests; no inline script; no framing.
    gone     the client closed its connection: the socket reads as ended.
"""

from __future__ import annotations

import select
import socket

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

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
    for name, value in HEADERS.items():
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
