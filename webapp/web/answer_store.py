"""Where the answer cache keeps its entries, and the guard that keeps a failing store from
costing requests (the answers themselves: webapp/answers.py).

Glossary
    sealed     an entry as stored: a mark, a digest of the payload, the payload. An
               entry whose digest does not match (a flipped bit, a file cut short, a
               value written by something else) is not an answer: it is dropped.
    store      FileStore (a folder shared by the workers of one host) or RedisStore
               (shared by every host behind a load balancer). Both raise on failure;
               the guard decides what that costs.
    guard      GuardedStore: a store behind two breakers, one for reading and one
               for writing. A failure opens a breaker: for ANSWER_CACHE_RETRY_SECONDS
               the store is not asked (a read that fails opens both, the store being
               unreachable; a write that fails opens only writing, reads still work on
               a full disk). Then one request tries it again. Each opening and each
               closing is one line in the log, nothing in between.
    marker     "a search for this key is under way": created only if absent (Redis
               SET NX, a file opened O_EXCL), removed when the search ends, and
               forgotten after its time to live if the searcher died.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
import time
from typing import Protocol

MARK = b"DLX-ANSWER-1\0"
DIGEST_SIZE = 32                # blake2b: about 1 GB/s, 1 ms for a 25x25 answer in brotli


def seal(payload: bytes) -> bytes:
    """An entry as stored: the mark, a digest of the payload, the payload."""
    return MARK + hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest() + payload


def unseal(entry: bytes) -> bytes | None:
    """The payload of a sealed entry, or None when it is not one or fails its check."""
    head = len(MARK) + DIGEST_SIZE
    if len(entry) < head or not entry.startswith(MARK):
        return None
    payload = entry[head:]
    if hashlib.blake2b(payload, digest_size=DIGEST_SIZE).digest() != entry[len(MARK):head]:
        return None
    return payload


class AnswerCacheError(ValueError):
    """A setting of the answer cache that cannot work: the message names it and why."""


class Store(Protocol):
    def get(self, key: str) -> bytes | None: ...
    def set(self, key: str, value: bytes) -> None: ...
    def delete(self, key: str) -> None: ...
    def claim(self, key: str, seconds: float) -> bool: ...
    def release(self, key: str) -> None: ...


class FileStore:
    """Entries as files in one folder, at most `entries` of them (the files actually there
    are counted, whichever worker wrote them), each kept `seconds` after it was written.
    A write goes to a temporary file first, renamed into place when whole; a write that
    fails removes its temporary file."""

    TEMPORARY = ".tmp"
    MARKER = ".flight"

    def __init__(self, folder: str, entries: int, seconds: float) -> None:
        self.folder, self.entries, self.seconds = folder, entries, seconds
        try:
            os.makedirs(folder, exist_ok=True)
            if not os.path.isdir(folder):
                raise NotADirectoryError(20, "Not a directory")
        except OSError as error:
            raise AnswerCacheError(f"the answer cache folder (ANSWER_CACHE_DIR) {folder} cannot be made: "
                                   f"{error.strerror or error}") from None

    def path(self, key: str) -> str:
        return os.path.join(self.folder, hashlib.sha256(key.encode()).hexdigest())

    def get(self, key: str) -> bytes | None:
        try:
            with open(self.path(key), "rb") as file:
                if os.fstat(file.fileno()).st_mtime + self.seconds < time.time():
                    return None
                return file.read()
        except FileNotFoundError:
            return None

    def set(self, key: str, value: bytes) -> None:
        fd, temporary = tempfile.mkstemp(prefix=".", suffix=self.TEMPORARY, dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(value)
            os.replace(temporary, self.path(key))
        except BaseException:
            with _quietly():
                os.unlink(temporary)
            raise
        self.prune()

    def delete(self, key: str) -> None:
        with _quietly():
            os.unlink(self.path(key))

    def prune(self) -> None:
        """Remove what has expired, then the oldest entries past the most kept, and what a
        dead process left: temporary files older than a minute, markers older than an hour."""
        now = time.time()
        kept = []
        for found in os.scandir(self.folder):
            try:
                modified = found.stat().st_mtime
            except FileNotFoundError:
                continue
            if found.name.startswith("."):
                if ((found.name.endswith(self.TEMPORARY) and modified < now - 60)
                        or (found.name.endswith(self.MARKER) and modified < now - 3600)):
                    with _quietly():
                        os.unlink(found.path)
                continue
            if modified + self.seconds < now:
                with _quietly():
                    os.unlink(found.path)
                continue
            kept.append((modified, found.path))
        kept.sort()
        for _, path in kept[:max(0, len(kept) - self.entries)]:
            with _quietly():
                os.unlink(path)

    def marker(self, key: str) -> str:
        head, name = os.path.split(self.path(key))
        return os.path.join(head, "." + name + self.MARKER)

    def claim(self, key: str, seconds: float) -> bool:
        marker = self.marker(key)
        for _ in range(2):
            try:
                os.close(os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
                return True
            except FileExistsError:
                try:
                    if os.stat(marker).st_mtime + seconds > time.time():
                        return False
                except FileNotFoundError:
                    continue
                with _quietly():            # its searcher died: take it over
                    os.unlink(marker)
        return False

    def release(self, key: str) -> None:
        with _quietly():
            os.unlink(self.marker(key))


class RedisStore:
    """Entries in Redis under "dlx-answer:", each kept `seconds`. A Redis that is down or
    hung costs one short wait: CONNECT_SECONDS to connect, READ_SECONDS for any one read
    of the socket, and no retry (the guard then leaves it alone for a while)."""

    PREFIX = "dlx-answer:"
    CONNECT_SECONDS, READ_SECONDS = 0.25, 0.5

    def __init__(self, url: str, seconds: float) -> None:
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry
        self.seconds = int(seconds)
        try:
            self.client = redis.Redis.from_url(url, socket_timeout=self.READ_SECONDS,
                                               socket_connect_timeout=self.CONNECT_SECONDS,
                                               retry=Retry(NoBackoff(), 0))
        except ValueError as error:
            raise AnswerCacheError(f"REDIS_URL {url!r} cannot be used: {error}") from None

    def get(self, key: str) -> bytes | None:
        value = self.client.get(self.PREFIX + key)
        return value if isinstance(value, bytes) else None

    def set(self, key: str, value: bytes) -> None:
        self.client.set(self.PREFIX + key, value, ex=self.seconds)

    def delete(self, key: str) -> None:
        self.client.delete(self.PREFIX + key)

    def claim(self, key: str, seconds: float) -> bool:
        return bool(self.client.set(self.PREFIX + key + ":flight", b"1", nx=True, px=int(seconds * 1000)))

    def release(self, key: str) -> None:
        self.client.delete(self.PREFIX + key + ":flight")


class Breaker:
    """Closed: the store is asked. Open (after a failure): it is not, for `seconds`; then
    one caller tries it again, and a success closes it. Says so once each way."""

    def __init__(self, seconds: float, logger: logging.Logger, opened: str, closed: str) -> None:
        self.seconds, self.logger, self.opened, self.closed = seconds, logger, opened, closed
        self.lock = threading.Lock()
        self.open = self.quiet = False
        self.retry_at = 0.0

    def allow(self) -> bool:
        if not self.open:
            return True
        with self.lock:
            now = time.monotonic()
            if now < self.retry_at:
                return False
            self.retry_at = now + self.seconds      # this caller tries; the others keep away
            return True

    def failed(self, error: BaseException, quiet: bool = False) -> None:
        """Open (quiet: without a word either way, another breaker having said it)."""
        with self.lock:
            self.retry_at = time.monotonic() + self.seconds
            if self.open:
                return
            self.open, self.quiet = True, quiet
        if not quiet:
            self.logger.warning(self.opened, describe(error), self.seconds)

    def worked(self) -> None:
        if not self.open:
            return
        with self.lock:
            if not self.open:
                return
            self.open = False
        if not self.quiet:
            self.logger.warning(self.closed)


def describe(error: BaseException) -> str:
    """An error in one line: its kind and message."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


class GuardedStore:
    """A store whose failures cost one log line an outage, never a request: see the glossary."""

    def __init__(self, store: Store, seconds: float, logger: logging.Logger) -> None:
        self.store, self.logger = store, logger
        self.reading = Breaker(seconds, logger, "answer cache unavailable (%s): answering without it for %g s",
                               "answer cache available again")
        self.writing = Breaker(seconds, logger, "answer cache cannot store answers (%s): not storing for %g s",
                               "answer cache stores answers again")
        self.dropped: set[str] = set()

    def get(self, key: str) -> bytes | None:
        """The payload stored for a key, or None: absent, unavailable, or failing its check
        (then dropped, and said once)."""
        if not self.reading.allow():
            return None
        try:
            entry = self.store.get(key)
        except Exception as error:
            self.reading.failed(error)
            self.writing.failed(error, quiet=True)      # unreachable: said once, by reading
            return None
        self.reading.worked()
        if entry is None:
            return None
        payload = unseal(entry)
        if payload is None:
            self.drop(key)
        return payload

    def drop(self, key: str) -> None:
        if key not in self.dropped:
            if len(self.dropped) > 1000:
                self.dropped.clear()
            self.dropped.add(key)
            self.logger.warning("answer cache entry %s failed its check: dropped, solving again", key)
        self.delete(key)

    def set(self, key: str, payload: bytes) -> bool:
        """Store a payload, sealed; False when the store is unavailable or failed."""
        if not self.writing.allow():
            return False
        try:
            self.store.set(key, seal(payload))
        except Exception as error:
            self.writing.failed(error)
            return False
        self.writing.worked()
        self.dropped.discard(key)
        return True

    # Removing an entry and marking a search neither wait for a store that is known to fail
    # nor count as trying it again: only a read or a write of an answer does.

    def delete(self, key: str) -> None:
        if not (self.reading.open or self.writing.open):
            try:
                self.store.delete(key)
            except Exception as error:
                self.writing.failed(error)

    def claim(self, key: str, seconds: float) -> bool:
        """Mark a search for key as under way; False when another process's mark is there.
        A store that cannot mark (unavailable, not writable) lets every caller search."""
        if self.reading.open or self.writing.open:
            return True
        try:
            return self.store.claim(key, seconds)
        except Exception as error:
            self.writing.failed(error)
            return True

    def release(self, key: str) -> None:
        if not self.reading.open:
            try:
                self.store.release(key)
            except Exception as error:
                self.writing.failed(error)


class _quietly:
    """Ignore a file that is already gone or cannot be removed (the next prune tries again)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, error, trace) -> bool:
        return kind is not None and issubclass(kind, OSError)
