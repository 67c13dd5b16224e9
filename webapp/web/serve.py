"""The production server: `python -m webapp serve` (and `dlx-sudoku serve`, `make serve`).

Glossary
    worker    one process running waitress with a pool of threads; solves are
              CPU-bound Python, so one worker keeps one core busy and several
              workers share the machine's cores.
    socket    one listening socket, bound here before the workers start and
              shared by all of them: the kernel keeps one queue of connections,
              and a worker takes one only while it has a thread to spare
              (webapp/web/serve_worker.py), so a new connection never waits on a
              busy or dead worker while another could take it.
    drain     on SIGTERM (or Ctrl-C) the workers stop accepting, finish every
              request that has arrived within the grace period, and exit; the
              supervisor then exits 0. A second signal stops everything at once.
    retire    a worker that grew past --max-worker-mb drains and is replaced.

Why waitress: its I/O loop reads a whole request before a thread sees it and
buffers a whole answer (in memory, then a temporary file) while it goes out,
so a client that dribbles its headers or never reads its answer holds a few
kilobytes and a file, never a thread. gunicorn's sync and gthread workers give
such a client a worker or a thread until a timeout, and three of them took the
site down (issue 20). For the internet, put a buffering proxy in front
(deploy/nginx.conf).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import sys
import time
from multiprocessing.connection import wait

from .serve_worker import run_worker, stamp_arrivals

# Threads per worker: more than one, so a small request is answered while a
# long solve runs in the same worker; a handful, since a solve holds the GIL.
THREADS = 4
# How long a drain may take: the requests in flight when SIGTERM came have this long to be answered.
GRACE = 15.0
# A worker whose memory grew past this many MB between requests is replaced (0: never).
MAX_WORKER_MB = 400.0
# A worker that dies this soon after it started is replaced only after this long (a crash at start
# would otherwise be retried in a tight loop).
RESTART_PAUSE = 1.0


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
    stamp_arrivals(sock)
    return sock


def log(message: str) -> None:
    """A line of the server's log (stderr)."""
    print(f"server {os.getpid()}: {message}", file=sys.stderr, flush=True)


def how_it_ended(exitcode: int | None) -> str:
    """A worker's end in words: 'was killed by SIGKILL', 'exited with status 1'."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        return f"was killed by {name}"
    return f"exited with status {exitcode}"


class Supervisor:
    """Starts the workers, replaces one that dies or retires, and drains them on SIGTERM."""

    def __init__(self, sock: socket.socket, workers: int, threads: int, grace: float, max_mb: float | None):
        self.sock, self.workers, self.threads, self.grace, self.max_mb = sock, workers, threads, grace, max_mb
        self.context = multiprocessing.get_context("fork")      # the workers inherit the bound socket
        self.running: dict = {}         # sentinel -> (process, pipe from it, started at)
        self.retiring: set = set()      # sentinels of workers that asked to be replaced
        self.signals: list[int] = []    # SIGTERM or SIGINT, as they came

    def start_worker(self) -> multiprocessing.process.BaseProcess:
        reader, writer = self.context.Pipe(duplex=False)
        worker = self.context.Process(target=run_worker, daemon=True,
                                      args=(self.sock, self.threads, self.grace, self.max_mb, writer, os.getpid()))
        worker.start()
        writer.close()
        log(f"worker {worker.pid} started")
        self.running[worker.sentinel] = (worker, reader, time.monotonic())
        return worker

    def serving(self) -> int:
        """Workers not retiring."""
        return len(self.running) - len(self.retiring)

    def run(self) -> int:
        """Until a signal: keep `workers` workers serving. Then drain; 0 once drained."""
        wake_reader, wake_writer = os.pipe()
        os.set_blocking(wake_writer, False)
        previous_wakeup = signal.set_wakeup_fd(wake_writer)
        signal.signal(signal.SIGTERM, self.on_signal)
        signal.signal(signal.SIGINT, self.on_signal)
        pause_until = 0.0
        try:
            while not self.signals:
                now = time.monotonic()
                while self.serving() < self.workers and now >= pause_until:
                    self.start_worker()
                pipes = {reader: sentinel for sentinel, (_, reader, _) in self.running.items()}
                ready = wait([*self.running, *pipes, wake_reader], timeout=max(0.05, pause_until - now)
                             if pause_until > now else None)
                if wake_reader in ready:
                    os.read(wake_reader, 512)
                for item in ready:
                    if item in pipes:
                        self.heard_from(pipes[item])
                for item in ready:
                    if item in self.running and self.ended(item) and not self.signals:
                        pause_until = time.monotonic() + RESTART_PAUSE
            return self.drain(wake_reader)
        finally:
            signal.set_wakeup_fd(previous_wakeup)
            for worker, _, _ in self.running.values():
                worker.kill()
                worker.join()
            self.sock.close()
            os.close(wake_reader)
            os.close(wake_writer)

    def on_signal(self, signum, _frame) -> None:
        self.signals.append(signum)
        if len(self.signals) > 1:                    # a second signal: stop now
            for worker, _, _ in self.running.values():
                worker.kill()

    def heard_from(self, sentinel) -> None:
        """A worker said something: it is retiring (its memory), and a replacement starts now."""
        worker, reader, _ = self.running[sentinel]
        try:
            what, size = reader.recv()
        except (EOFError, OSError):
            return
        if what == "retire" and sentinel not in self.retiring:
            self.retiring.add(sentinel)
            log(f"worker {worker.pid} grew to {size:.0f} MB (limit {self.max_mb:g} MB): "
                "replacing it; it finishes its requests in flight")

    def ended(self, sentinel) -> bool:
        """A worker ended: say how; whether it died soon after it started."""
        worker, reader, started = self.running.pop(sentinel)
        worker.join()
        reader.close()
        if sentinel in self.retiring:
            self.retiring.discard(sentinel)
            log(f"worker {worker.pid} retired ({how_it_ended(worker.exitcode)})")
            return False
        if self.signals:
            return False
        log(f"worker {worker.pid} {how_it_ended(worker.exitcode)}; starting another in its place "
            "(requests it had accepted are lost)")
        return time.monotonic() - started < RESTART_PAUSE

    def drain(self, wake_reader: int) -> int:
        """SIGTERM every worker; wait for them to finish what is in flight (the grace, and a
        little for them to exit); a second signal, or the wait running out, kills them."""
        log(f"{signal.Signals(self.signals[0]).name}: draining {len(self.running)} worker(s), "
            f"up to {self.grace:g} s for the requests in flight (a second signal stops at once)")
        for worker, _, _ in self.running.values():
            if worker.pid is not None:
                os.kill(worker.pid, signal.SIGTERM)
        # Once the workers have taken what waits in its queue and closed their copies, the port
        # refuses connections: a client (or a proxy) knows at once to go elsewhere.
        self.sock.close()
        deadline = time.monotonic() + self.grace + 5
        while self.running and len(self.signals) == 1 and time.monotonic() < deadline:
            ready = wait([*self.running, wake_reader], timeout=deadline - time.monotonic())
            if wake_reader in ready:
                os.read(wake_reader, 512)
            for item in ready:
                if item in self.running:
                    worker, reader, _ = self.running.pop(item)
                    worker.join()
                    reader.close()
        if len(self.signals) > 1:
            log("a second signal: stopped at once")
            return 1
        if self.running:
            log(f"{len(self.running)} worker(s) still running after the grace: killed")
            return 1
        log("drained: exiting")
        return 0


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None,
          threads: int = THREADS, ready=None, grace: float = GRACE, max_worker_mb: float | None = MAX_WORKER_MB) -> int:
    """Serve until SIGTERM or Ctrl-C, then drain (see the glossary); a worker that dies is
    replaced. ready(port) is called once the socket listens (port 0 picks a free port).
    max_worker_mb: None or 0, no memory limit."""
    workers = workers or default_workers()
    sock = listening_socket(host, port)
    bound = sock.getsockname()[1]
    print(f"serving http://{host}:{bound}/ with {workers} worker(s) of {threads} threads (waitress)",
          file=sys.stderr, flush=True)
    if ready is not None:
        ready(bound)
    return Supervisor(sock, workers, threads, grace, max_worker_mb or None).run()
