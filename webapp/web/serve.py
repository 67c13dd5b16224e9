"""The production server: `python -m webapp serve` (and `dlx-sudoku serve`, `make serve`).

Glossary
    worker    one process running waitress with a pool of threads; solves are
              CPU-bound Python, so one worker keeps one core busy and several
              workers share the machine's cores.
    socket    one listening socket, bound here before the workers start and
              shared by all of them: the kernel hands each connection to one.

Why waitress: its I/O loop reads a whole request before a thread sees it and
buffers a whole answer (in memory, then a temporary file) while it goes out,
so a client that dribbles its headers or never reads its answer holds a few
kilobytes and a file, never a thread. gunicorn's sync and gthread workers give
such a client a worker or a thread until a timeout, and three of them took the
site down (issue 20). For the internet, put a buffering proxy in front
(deploy/nginx.conf).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socket
import sys
import time
from typing import Any

# Idle connections (no request under way, or a request that stopped arriving)
# close after this many seconds.
CHANNEL_TIMEOUT = 30
# Threads per worker: more than one, so a small request is answered while a
# long solve runs in the same worker; a handful, since a solve holds the GIL.
THREADS = 4
# Connections open at once per worker before waitress stops accepting more.
CONNECTION_LIMIT = 1000
# The largest request body: the app's own cap (create_app's MAX_CONTENT_LENGTH).
MAX_BODY = 256 * 1024


def default_workers() -> int:
    """One worker per core the process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # not Linux
        return max(1, os.cpu_count() or 1)


def listening_socket(host: str, port: int) -> socket.socket:
    """The socket all workers accept from (SO_REUSEADDR: a restart needs no wait)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=2048, reuse_port=False)
    sock.set_inheritable(True)
    return sock


def run_worker(sock: socket.socket, threads: int) -> None:
    """One worker: the app under waitress on the shared socket, until SIGTERM."""
    import waitress

    from .app import create_app

    # Forked from the parent, which catches both: here SIGTERM ends the worker at once
    # (a request cut short is the client's to retry), and Ctrl-C is the parent's.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = waitress.create_server(
        create_app(), sockets=[sock], threads=threads, channel_timeout=CHANNEL_TIMEOUT,
        connection_limit=CONNECTION_LIMIT, max_request_body_size=MAX_BODY,
        # One request read ahead lets waitress notice a client that hung up while
        # its solve runs: web.client_gone asks environ["waitress.client_disconnected"].
        channel_request_lookahead=1,
        ident="dlx-sudoku", clear_untrusted_proxy_headers=True)
    server.channel_class = channel_with_our_errors()
    server.run()


def channel_with_our_errors():
    """waitress's connection class, answering the errors waitress finds itself (bad
    chunking, a body past the cap, huge headers, a garbled request line) as the app
    answers its own: JSON with a message, and the security headers."""
    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask
    from waitress.utilities import BadRequest

    from .hardening import HEADERS

    class JsonErrorTask(ErrorTask):
        def execute(self) -> None:
            error = self.request.error
            body = json.dumps({"error": f"{error.reason}: {error.body}"}).encode()
            self.status = f"{error.code} {error.reason}"
            self.response_headers.extend([("Content-Type", "application/json"), *HEADERS.items()])
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class Channel(HTTPChannel):
        error_task_class = JsonErrorTask
        body_cut_short = False      # the client ended its side with a body still short: answering 400
        reading = False
        connected: bool             # waitress's: false once the client is gone
        request: Any                # waitress's request being received, if any

        def handle_read(self) -> None:
            self.reading = True
            try:
                super().handle_read()
            finally:
                self.reading = False
            if self.body_cut_short and not self.connected:
                # handle_read marked the connection gone after handle_close kept it:
                # it is half open, and the answer can still go out.
                self.connected = True
                self.server.add_task(self)

        def handle_close(self) -> None:
            # A client that ends its side of the connection before the body its
            # headers announced has fully arrived gets a 400 saying so: waitress
            # alone would close without an answer (its recv closes on end of
            # input). One still sending, however slowly, is closed after
            # CHANNEL_TIMEOUT of silence.
            request = self.request
            if (not self.reading or request is None or not request.headers_finished or self.requests
                    or self.will_close or self.body_cut_short):
                super().handle_close()
                return
            self.body_cut_short = True
            request.error = BadRequest(body_short_message(request))
            request.completed = True
            with self.requests_lock:
                self.requests.append(request)
                self.request = None

        def readable(self) -> bool:
            return not self.body_cut_short and super().readable()

    return Channel


def body_short_message(request) -> str:
    """What a body that ended early lacked, in the words of its headers."""
    announced = request.content_length
    received = getattr(request.body_rcv, "remain", None)
    if request.chunked or received is None:
        return "the chunked body ended before its last chunk (a chunk of size 0)"
    return f"the body ended after {announced - received} of the {announced} bytes its Content-Length announced"


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None,
          threads: int = THREADS, ready=None) -> int:
    """Serve until SIGTERM or Ctrl-C; a worker that dies is replaced. ready(port) is
    called once the socket listens (port 0 picks a free port)."""
    workers = workers or default_workers()
    sock = listening_socket(host, port)
    bound = sock.getsockname()[1]
    context = multiprocessing.get_context("fork")      # the workers inherit the bound socket
    print(f"serving http://{host}:{bound}/ with {workers} worker(s) of {threads} threads (waitress)",
          file=sys.stderr, flush=True)
    if ready is not None:
        ready(bound)
    running: list = []
    stopping = False

    def stop(_signum, _frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        while not stopping:
            running = [w for w in running if w.is_alive()]
            while len(running) < workers and not stopping:
                worker = context.Process(target=run_worker, args=(sock, threads), daemon=True)
                worker.start()
                running.append(worker)
            time.sleep(0.2)
    finally:
        for worker in running:
            worker.terminate()
        for worker in running:
            worker.join(5)
            if worker.is_alive():       # stuck: do not leave it holding the port
                worker.kill()
                worker.join()
        sock.close()
    return 0
