"""One worker of the production server (webapp/web/serve.py is the supervisor that starts them).

A worker runs the app under waitress on the socket every worker shares, with
these changes to waitress's own behaviour:

- it accepts a connection only while it has a thread to give it, and, when some
  of its threads are busy, only after the connection has waited a moment, so a
  worker with idle threads takes it first: the kernel's queue of connections is
  then one queue that the least busy worker draws from (waitress alone accepts
  whatever its loop sees, and one worker took 22 of 23 connections, issue 37);
- it stamps each request when it has fully arrived: the app counts a request's
  time budget from then, so time spent queued for a thread is part of it;
- it drains as on SIGTERM when the supervisor dies (even by SIGKILL), so no
  orphaned worker serves on, holding the port, with nobody to stop it;
- on SIGTERM it drains: it stops accepting, finishes every request that has
  arrived (answering it with Connection: close), closes idle connections and
  exits 0, or exits after the grace period with what is left cut;
- after each request it checks its memory, and past the limit it asks the
  supervisor for a replacement and drains itself (the memory a large solve
  took is not given back to the system: only a new process is small again);
- waitress's own protocol errors are answered as the app answers its own (JSON
  with a message, and the security headers), a body cut short gets a 400, a
  request with "Expect: 100-continue" and no body is answered, and a request
  that could not be parsed is logged without failing.

Glossary
    busy      a worker's requests being served or queued for a thread, plus the
              connections it accepted whose request has not arrived yet (for
              at most FRESH_SECONDS).
    drain     stop accepting, finish what arrived, then exit.
    retire    drain because the worker grew past its memory limit; the
              supervisor starts its replacement at once.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import gc
import json
import os
import select
import signal
import socket
import struct
import sys
import time
from typing import Any

# Idle connections (no request under way, or a request that stopped arriving)
# close after this many seconds.
CHANNEL_TIMEOUT = 30
# Connections open at once per worker before waitress stops accepting more.
CONNECTION_LIMIT = 1000
# The largest request body: the app's own cap (create_app's MAX_CONTENT_LENGTH).
MAX_BODY = 256 * 1024
# A connection just accepted counts as busy until its request arrives, for at most this long
# (a client that dribbles its headers stops counting after it).
FRESH_SECONDS = 0.25
# With some threads busy, a worker lets a waiting connection wait this long for each busy
# one before taking it: a worker with idle threads takes it first.
DEFER_SECONDS = 0.02
# Linux's prctl option: a signal the kernel sends this process when its parent dies.
PR_SET_PDEATHSIG = 1
# Where that is not there, how often a thread asks whether the supervisor is still the parent.
PARENT_CHECK_SECONDS = 1.0
# Set (to anything) in the environment: every answer names the worker's pid in X-Worker (tests, bench).
WORKER_HEADER = "DLX_WORKER_HEADER"


def log(message: str) -> None:
    """A line of the server's log (stderr), naming this worker."""
    print(f"worker {os.getpid()}: {message}", file=sys.stderr, flush=True)


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError):       # not Linux: resource's peak instead
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def give_back_memory() -> None:
    """Ask glibc to return freed heap pages to the system (a no-op elsewhere)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim(0)
    except (OSError, AttributeError, TypeError):
        pass


def drain_when_the_supervisor_dies(supervisor: int) -> None:
    """SIGTERM to this worker (which drains it) once its supervisor, process `supervisor`, is gone."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0:
            if os.getppid() != supervisor:          # it died before the kernel was asked
                os.kill(os.getpid(), signal.SIGTERM)
            return
    except (OSError, AttributeError, TypeError):    # not Linux: watch the parent instead
        pass

    def watch() -> None:
        while os.getppid() == supervisor:
            time.sleep(PARENT_CHECK_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)

    import threading
    threading.Thread(target=watch, name="supervisor-watch", daemon=True).start()


def run_worker(sock: socket.socket, threads: int, grace: float, max_mb: float | None, report,
               supervisor: int) -> None:
    """One worker: the app under waitress on the shared socket until SIGTERM (then drain)
    or until it grows past max_mb MB (then retire), or until its supervisor (that pid) is gone
    (then drain). report: a pipe to the supervisor."""
    from waitress.adjustments import Adjustments
    from waitress.task import ThreadedTaskDispatcher

    from .app import create_app

    # Ctrl-C at a terminal reaches every process of the group: it is the supervisor's to handle.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.set_wakeup_fd(-1)                # the supervisor's, inherited with the fork
    asked_to_stop: list[int] = []           # a SIGTERM before the server is up drains it once it is
    signal.signal(signal.SIGTERM, lambda signum, _frame: asked_to_stop.append(signum))
    drain_when_the_supervisor_dies(supervisor)
    adj = Adjustments(sockets=[sock], threads=threads, channel_timeout=CHANNEL_TIMEOUT,
                      connection_limit=CONNECTION_LIMIT, max_request_body_size=MAX_BODY,
                      # One request read ahead lets waitress notice a client that hung up while
                      # its solve runs: web.client_gone asks environ["waitress.client_disconnected"].
                      channel_request_lookahead=1,
                      ident="dlx-sudoku", clear_untrusted_proxy_headers=True)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(threads)
    server_class = worker_server_class()
    app = create_app()
    # What start-up made (modules, the app, the models' tables) lives as long as the worker: out of
    # the collector's generations, the full collections that answers' allocations set off no longer
    # walk it (about a millisecond of a hard 9x9 answer's few, bench/answer.py).
    gc.freeze()
    server = server_class(app, {}, True, sock, dispatcher=dispatcher, adj=adj, bind_socket=False,
                          sockinfo=(sock.family, sock.type, sock.proto, sock.getsockname()))
    server.threads, server.max_mb, server.report = threads, max_mb, report
    signal.signal(signal.SIGTERM, lambda _signum, _frame: server.drain("SIGTERM"))
    if asked_to_stop:
        server.drain("SIGTERM")
    server.serve(grace)


def worker_server_class() -> Any:
    """waitress's TCP server, accepting only when it has a thread to spare, stamping requests,
    draining on request; its channels are channel_with_our_errors()."""
    from waitress import wasyncore
    from waitress.server import TcpWSGIServer

    channel_class = channel_with_our_errors()

    class WorkerServer(TcpWSGIServer):
        threads = 4
        max_mb: float | None = None
        report: Any = None
        draining = ""                   # why the worker drains ("SIGTERM", "memory"), or "" while serving
        pending_since: float | None = None
        task_dispatcher: Any
        _map: dict
        socket: socket.socket

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.channel_class = channel_class
            self.fresh: dict = {}       # channel -> when it was accepted, until its request arrives

        def busy(self) -> int:
            now = time.monotonic()
            for channel, since in list(self.fresh.items()):
                if now - since > FRESH_SECONDS or not channel.connected:
                    self.fresh.pop(channel, None)
            dispatcher = self.task_dispatcher
            return dispatcher.active_count + len(dispatcher.queue) + len(self.fresh)

        def readable(self) -> bool:
            if self.draining or not super().readable():
                return False
            busy = self.busy()
            if busy >= self.threads:
                return False
            if busy == 0:
                self.pending_since = None
                return True
            # Some threads are busy: take a waiting connection only once it has waited
            # DEFER_SECONDS for each, so that a worker with idle threads takes it first.
            if not select.select([self.socket], [], [], 0)[0]:
                self.pending_since = None
                return False
            now = time.monotonic()
            if self.pending_since is None:
                self.pending_since = now
            return now - self.pending_since >= DEFER_SECONDS * busy

        def handle_accept(self) -> None:
            known = set(self._map)
            super().handle_accept()
            self.pending_since = None
            for fd in set(self._map) - known:
                channel = self._map[fd]
                if isinstance(channel, channel_class):
                    self.fresh[channel] = time.monotonic()

        def serving(self) -> int:
            """The requests this worker's threads are serving now."""
            return self.task_dispatcher.active_count

        def drain(self, why: str) -> None:
            """Stop accepting; serve() ends once what arrived is answered."""
            if not self.draining:
                self.draining = why
                self.pull_trigger()

        def after_request(self) -> None:
            """Called in a worker thread after each request: retire when past the memory limit."""
            if self.max_mb is None or self.draining:
                return
            if rss_mb() <= self.max_mb:
                return
            give_back_memory()
            size = rss_mb()
            if size <= self.max_mb:
                return
            log(f"{size:.0f} MB, past the limit of {self.max_mb:.0f} MB: retiring after the requests in flight")
            with contextlib.suppress(OSError, AttributeError):
                self.report.send(("retire", size))
            self.drain("memory")

        def take_waiting(self) -> None:
            """Accept every connection waiting in the kernel's queue: its client sent its request
            before the server was told to stop, and is answered in the drain."""
            while len(self._map) < CONNECTION_LIMIT and select.select([self.socket], [], [], 0)[0]:
                known = len(self._map)
                self.handle_accept()
                if len(self._map) == known:     # nothing after all (another worker took it)
                    break

        def in_flight(self) -> int:
            """Connections with a request under way: arrived, being answered, or partly read."""
            count, now = 0, time.monotonic()
            for channel in list(self._map.values()):
                if not isinstance(channel, channel_class):
                    continue
                partly_read = channel.request is not None and (channel.request.header_plus
                                                               or channel.request.headers_finished)
                just_accepted = now - self.fresh.get(channel, 0.0) <= FRESH_SECONDS
                if channel.requests or channel.total_outbufs_len or partly_read or just_accepted:
                    count += 1
            return count

        def close_idle(self) -> None:
            """Close the connections with nothing under way (a connection just accepted has
            FRESH_SECONDS for its request to arrive)."""
            now = time.monotonic()
            for channel in list(self._map.values()):
                if (isinstance(channel, channel_class) and not channel.requests and not channel.total_outbufs_len
                        and channel.request is None and now - self.fresh.get(channel, 0.0) > FRESH_SECONDS):
                    channel.handle_close()

        def serve(self, grace: float) -> None:
            """The I/O loop; after drain() it runs until nothing is in flight or the grace is over."""
            deadline = None
            while True:
                wasyncore.loop(timeout=DEFER_SECONDS if self.pending_since is not None else 0.5,
                               map=self._map, count=1)
                if not self.draining:
                    continue
                if deadline is None:
                    deadline = time.monotonic() + grace
                    if self.draining == "SIGTERM":
                        self.take_waiting()
                    wasyncore.dispatcher.close(self)    # this process's copy of the shared socket
                    log(f"draining ({self.draining}): {self.in_flight()} request(s) in flight, "
                        f"up to {grace:g} s to finish them")
                self.close_idle()
                left = self.in_flight()
                if not left and not self.task_dispatcher.active_count:
                    log("drained: every request answered; exiting")
                    break
                if time.monotonic() >= deadline:
                    log(f"the grace of {grace:g} s is over: exiting with {left} request(s) unanswered")
                    break
            self.task_dispatcher.shutdown(cancel_pending=True, timeout=1)

    return WorkerServer


def channel_with_our_errors() -> Any:
    """waitress's connection class, answering the errors waitress finds itself (bad
    chunking, a body past the cap, huge headers, a garbled request line) as the app
    answers its own: JSON with a message, and the security headers."""
    from waitress.channel import HTTPChannel
    from waitress.parser import HTTPRequestParser
    from waitress.task import ErrorTask, WSGITask
    from waitress.utilities import BadRequest
    from waitress.wasyncore import _DISCONNECTED

    from .hardening import HEADERS, SHARING, WAITED

    worker_header = [("X-Worker", str(os.getpid()))] if os.environ.get(WORKER_HEADER) else []

    class Request(HTTPRequestParser):
        # waitress logs a failure while answering as "... while serving <path>": a request
        # whose first line could not be read has none (an AttributeError in waitress's log).
        path = "(a request that could not be read)"
        arrived: float | None = None        # when its last bytes reached this machine (time.time)

    class Task(WSGITask):
        def get_environment(self) -> dict:
            environ = super().get_environment()
            arrived = self.request.arrived
            environ[WAITED] = max(0.0, time.time() - arrived) if arrived is not None else 0.0
            environ[SHARING] = self.channel.server.serving
            return environ

        def build_response_header(self) -> bytes:
            if self.channel.server.draining:
                self.set_close_on_finish()      # the client opens its next connection to a live worker
            self.response_headers.extend(worker_header)
            return super().build_response_header()

    class JsonErrorTask(ErrorTask):
        def execute(self) -> None:
            error = self.request.error
            body = json.dumps({"error": f"{error.reason}: {error.body}"}).encode()
            self.status = f"{error.code} {error.reason}"
            self.response_headers.extend([("Content-Type", "application/json"), *HEADERS.items(), *worker_header])
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class Channel(HTTPChannel):
        parser_class = Request
        task_class = Task
        error_task_class = JsonErrorTask
        body_cut_short = False      # the client ended its side with a body still short: answering 400
        reading = False
        connected: bool             # waitress's: false once the client is gone
        request: Any                # waitress's request being received, if any
        requests: list
        server: Any

        data_at = 0.0               # when the bytes of the last read reached this machine (time.time)

        def recv(self, buffer_size: int) -> bytes:
            # waitress's recv, with the kernel's time of arrival of the bytes (SO_TIMESTAMPNS,
            # set on the listening socket): a request that waited in the kernel's queue of
            # connections, before any worker had a thread for it, has that wait counted.
            try:
                data, ancillary, _, _ = self.socket.recvmsg(buffer_size, TIMESTAMP_SPACE)
            except OSError as why:
                if why.args[0] in _DISCONNECTED:
                    self.handle_close()
                    return b""
                raise
            if not data:
                self.handle_close()
                return b""
            self.data_at = arrival_time(ancillary)
            return data

        def received(self, data: bytes) -> bool:
            taken = super().received(data)
            if self.requests:
                self.server.fresh.pop(self, None)
                for request in self.requests:
                    if request.arrived is None:
                        request.arrived = self.data_at or time.time()
            return taken

        def send_continue(self) -> None:
            # waitress sends "100 Continue" whenever the header asks, and then marks the
            # request incomplete to wait for its body: a request with no body (a GET) then
            # never got an answer. With the whole request here there is nothing to wait for.
            if self.request is not None and self.request.completed:
                self.request.expect_continue = False
                return
            super().send_continue()

        def service(self) -> None:
            try:
                super().service()
            finally:
                self.server.after_request()

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
                self.server.fresh.pop(self, None)
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


# The kernel's receive time of a read's bytes: SO_TIMESTAMPNS (Linux's number), a struct timespec.
SO_TIMESTAMPNS = 35
TIMESTAMP_SPACE = socket.CMSG_SPACE(16)


def stamp_arrivals(sock: socket.socket) -> None:
    """Have the kernel stamp the data of every connection accepted from sock (Linux)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)


def arrival_time(ancillary: list) -> float:
    """When a read's bytes reached this machine (time.time), from recvmsg's ancillary data; now without one."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            seconds, nanoseconds = struct.unpack("qq", data[:16])
            return seconds + nanoseconds / 1e9
    return time.time()


def body_short_message(request) -> str:
    """What a body that ended early lacked, in the words of its headers."""
    announced = request.content_length
    received = getattr(request.body_rcv, "remain", None)
    if request.chunked or received is None:
        return "the chunked body ended before its last chunk (a chunk of size 0)"
    return f"the body ended after {announced - received} of the {announced} bytes its Content-Length announced"
