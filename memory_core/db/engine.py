"""Open the store: an SQLite file (pysqlite3 driver, sqlite-vec loaded, PRAGMAs, explicit
transactions) or a PostgreSQL database named by a ``postgresql://`` URL (psycopg 3, pgvector).

Everything that configures a raw connection lives here, one comment per constraint.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import structlog
from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError, OperationalError, PendingRollbackError

from memory_core.db import backends, changes, connection
from memory_core.db.backend import Backend
from memory_core.db.connection import BUSY_TIMEOUT_MS, PIPELINE, QUEUED, UNCOMMITTED
from memory_core.errors import StoreError

#: A write whose lock wait timed out is tried again, with a pause doubling up to 1 s, until it
#: has waited this long in all: above the server's idle-in-transaction timeout, so a frozen
#: holder's locks are gone before any writer gives up — no turn is lost to a lock timeout.
LOCK_WAIT_S = 60.0
#: A cross-user writer waits this long per try for the database-wide lock: while its request
#: waits, PostgreSQL queues every per-user writer behind it, so it waits briefly and tries again.
#: This bounds how long any other user's write can be held up by it (250 ms before: an
#: erasure's piece slower than that on a loaded host once held a commit 274 ms).
GLOBAL_TRY_MS = 100
#: An erasure's piece (``Database.write(erasing=True)``) waits at most this long for any lock,
#: then gives up and is run again: a cross-user writer that holds rows it wants (and the
#: database-wide lock, with everyone queued behind it) is never made to wait for it in turn —
#: no deadlock between the two lasts longer than this.
ERASE_LOCK_WAIT_MS = 50
#: SQLSTATEs of a lock wait that gave up: lock_not_available, deadlock_detected.
_LOCK_STATES = frozenset({"55P03", "40P01"})

log = structlog.get_logger("memory_core.db")
P = ParamSpec("P")
T = TypeVar("T")


#: The key of the transaction-scoped advisory lock of PostgreSQL writes: a cross-user write takes
#: it exclusively (SQLite's BEGIN IMMEDIATE, across processes), a per-user write shares it.
PG_WRITE_LOCK_KEY = 0x6D656D626F74  # "membot"
#: The first half of the two-key advisory locks of per-user writes (the second: the user's hash),
#: a key space apart from the one-key locks (the write lock above, the processes' liveness locks).
PG_USER_LOCK_CLASS = 0x6D62  # "mb"


def user_lock_key(user_id: str) -> int:
    """The second half of ``user_id``'s write lock: a stable signed 32-bit hash (two users that
    share one only take turns)."""
    digest = hashlib.blake2b(user_id.encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big", signed=True)


def _keyed_lock_sql(keys: Iterable[int], *, erasing: bool = False) -> str:
    """One statement taking the shared write lock, then each user's lock in key order (every
    writer takes them in the same order: two multi-user writes never deadlock). ``erasing``:
    no shared lock, and the transaction waits for any lock at most :data:`ERASE_LOCK_WAIT_MS`."""
    if erasing:
        calls = [f"set_config('lock_timeout', '{ERASE_LOCK_WAIT_MS}ms', true)"]
    else:
        calls = [f"pg_advisory_xact_lock_shared({PG_WRITE_LOCK_KEY})"]
    calls += [f"pg_advisory_xact_lock({PG_USER_LOCK_CLASS}, {k})" for k in sorted(set(keys))]
    return "SELECT " + ", ".join(calls)


# The target list runs left to right: a short lock timeout for the exclusive lock only.
_GLOBAL_LOCK_SQL = (
    f"SELECT set_config('lock_timeout', '{GLOBAL_TRY_MS}ms', true), "
    f"pg_advisory_xact_lock({PG_WRITE_LOCK_KEY}), "
    f"set_config('lock_timeout', '{BUSY_TIMEOUT_MS}ms', true)"
)


def lock_wait(exc: BaseException) -> bool:
    """Whether a driver error is a lock wait that gave up (lock timeout, deadlock; SQLite: the
    busy timeout): the transaction was rolled back whole, and trying again is safe."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) in _LOCK_STATES:
        return True
    return "database is locked" in str(orig or "")


def _abort(raw: Any) -> None:
    """End a batched transaction that failed (its block is ours: the driver would not)."""
    import psycopg

    if raw.closed or raw.pgconn.transaction_status == psycopg.pq.TransactionStatus.IDLE:
        return
    try:
        raw.execute("ROLLBACK")
    except psycopg.Error:
        raw.close()  # the pool replaces a connection it cannot reset


class Database:
    """The engine plus the one-writer rule: in-process writers queue on a lock (and, on
    PostgreSQL, on an advisory lock shared by every process on the database)."""

    def __init__(self, target: Path | str) -> None:
        self.url: str | None = None
        self._path: Path | None = None
        #: What differs in SQL between stores (``memory_core.db.backends``).
        self.backend: Backend = backends.for_target(target)
        opened = self.backend.open(target)
        self.engine = opened.engine
        self.location = opened.location
        self.url = opened.url
        self._path = opened.path
        self._write_lock = threading.Lock()
        #: This process's counters of committed changes (turns, facts, conflicts, LLM tokens).
        self.counters = changes.Counters()
        self._hot_waiting = 0
        self._hot_guard = threading.Lock()
        #: PostgreSQL: writes that name their users take only those users' locks. ``False``
        #: makes every write take the database-wide lock, as before per-user locks (``membot
        #: bench writes --one-lock`` compares the two).
        self.per_user_locks = True

    @property
    def reply_waiting(self) -> bool:
        """Whether a reply's write (``hot``) waits for this process's writer lock now: a long
        write (an import's batch) ends early so that it goes first."""
        return self._hot_waiting > 0

    @property
    def postgres(self) -> bool:
        """Whether the store is PostgreSQL."""
        return self.backend.name == "postgresql"

    @property
    def path(self) -> Path:
        """The SQLite file; :class:`StoreError` on PostgreSQL (file operations do not apply)."""
        if self._path is None:
            raise StoreError(
                f"not yet supported on PostgreSQL ({self.location}): this operation works on "
                "an SQLite file only"
            )
        return self._path

    @contextmanager
    def write(
        self,
        *,
        hot: bool = False,
        serial: bool = True,
        users: Iterable[str] = (),
        batch: bool = False,
        erasing: bool = False,
    ) -> Iterator[Connection]:
        """A write transaction (BEGIN IMMEDIATE), committed on exit, rolled back on error.

        ``users``: the users whose rows the transaction writes (and nothing shared). On
        PostgreSQL it then takes only their write locks (and the database-wide one shared), so
        writes for different users run side by side across threads and replicas; without
        ``users`` it is a cross-user write and takes the database-wide lock exclusively. SQLite
        has one writer whatever ``users`` says.
        ``hot`` marks the reply path: while a hot writer waits, background writers hold back,
        so committing a turn never queues behind a stream of learning and vector writes.
        ``serial=False`` (PostgreSQL only; SQLite has one writer anyway): the transaction
        skips the write locks and relies on row locks alone. For lease updates — one
        conditional ``UPDATE … RETURNING`` of rows no serial writer reads to decide anything
        but the lease — and a process's own rows written whole (its streamed-answer drafts),
        so they never queue behind, nor delay, the replicas' turns.
        ``batch`` (PostgreSQL, with ``users``): the transaction's statements go out in a
        pipeline — the lock with the first read, every blind write with the commit — so it
        costs a round trip per statement whose rows the caller reads, plus one; what is
        written has no result to look at (no ``rowcount``), and a failed write or a lock wait
        that gave up raises at the commit. Run it under :meth:`retrying`: a lock wait is
        retried by running the whole transaction again.
        ``erasing`` (PostgreSQL, with ``users``): the transaction only deletes rows of users
        being erased (an erasure's pieces: the door keeps those users out, and nothing else
        reads them to decide anything), so it takes their locks alone, not the database-wide
        lock shared: a cross-user writer never waits for it — nor does every other user's
        write queued behind that waiting writer. A cross-user write that meets one of its
        rows waits for that row only (one piece's time), and the piece waits for a row at
        most :data:`ERASE_LOCK_WAIT_MS` (then gives up: run it under :meth:`retrying`); what
        a cross-user write adds for an erased user meanwhile goes with the erasure's last
        sweep, after an empty transaction that takes the shared lock (granted once every
        cross-user write begun before it is committed).
        """
        if self.postgres and not serial:
            with self._driver_errors(), self.engine.connect() as conn, conn.begin():
                yield conn
            return
        keys = [user_lock_key(u) for u in users]
        if self.postgres and keys and self.per_user_locks:
            locked = self._pg_batched if batch else self._pg_locked
            with (
                self._driver_errors(),
                locked(_keyed_lock_sql(keys, erasing=erasing)) as conn,
                changes.collecting(conn) as noted,
            ):
                yield conn
            changes.announce(noted, self.counters)
            return
        if hot:
            with self._hot_guard:
                self._hot_waiting += 1
        else:
            while self._hot_waiting:
                time.sleep(0.0005)
        try:
            self._write_lock.acquire()
        finally:
            if hot:
                with self._hot_guard:
                    self._hot_waiting -= 1
        try:
            if self.postgres:
                with (
                    self._driver_errors(),
                    self._pg_locked(_GLOBAL_LOCK_SQL) as conn,
                    changes.collecting(conn) as noted,
                ):
                    yield conn
            else:
                with (
                    self._driver_errors(),
                    self.engine.connect().execution_options(sqlite_begin="IMMEDIATE") as conn,
                    conn.begin(),
                    changes.collecting(conn) as noted,
                ):
                    yield conn
        finally:
            self._write_lock.release()
        # Committed: only now are the changes logged and counted (a rollback raised above).
        changes.announce(noted, self.counters)

    @contextmanager
    def _pg_locked(self, lock_sql: str) -> Iterator[Connection]:
        """A PostgreSQL transaction that took its write locks with ``lock_sql`` first; a lock
        wait that times out starts the transaction again (nothing was written yet) until
        :data:`LOCK_WAIT_S` have passed."""
        deadline = time.monotonic() + LOCK_WAIT_S
        pause = 0.01
        while True:
            conn = self.engine.connect()
            trans = conn.begin()
            try:
                conn.exec_driver_sql(lock_sql)
                break
            except DBAPIError as exc:
                trans.rollback()
                conn.close()
                if not lock_wait(exc) or time.monotonic() + pause > deadline:
                    raise
                log.info("write_lock_wait_retry", pause_s=pause)
                time.sleep(pause)
                # Short pauses: the lock may be free again at once (a cross-user writer's
                # tries end every 250 ms so the per-user writers queued behind it can go).
                pause = min(pause * 2, 0.1)
            except BaseException:
                trans.rollback()
                conn.close()
                raise
        with conn, trans:
            yield conn

    @contextmanager
    def _pg_batched(self, lock_sql: str) -> Iterator[Connection]:
        """A PostgreSQL transaction whose statements go out in a pipeline (``batch``): BEGIN
        and ``lock_sql`` with the first statement that returns rows, the blind writes and the
        COMMIT together when the block ends — two round trips for a read-then-write
        transaction (the driver would wait for its own BEGIN: the session is in autocommit
        and the transaction block is ours). A lock wait that gives up raises (a
        :class:`StoreError` with ``lock_wait``) from that first read or from the commit."""
        import psycopg

        # No liveness ping (a round trip of its own): a dead connection fails the first read,
        # before the COMMIT is sent, and :meth:`retrying` runs the transaction again.
        with connection.unpinged():
            checked_out = self.engine.connect()
        with checked_out as conn:
            conn.execution_options(isolation_level="AUTOCOMMIT")
            raw = conn.connection.driver_connection
            assert raw is not None  # checked out: a live driver connection
            info = conn.info  # (unreachable through ``conn`` once it was invalidated)
            try:
                with raw.pipeline() as pipeline:
                    info[PIPELINE] = pipeline
                    try:
                        try:
                            for sql in ("BEGIN", lock_sql):
                                conn.exec_driver_sql(sql, execution_options={QUEUED: True})
                            yield conn
                        except DBAPIError as exc:
                            if exc.connection_invalidated:  # no COMMIT went out on it
                                setattr(exc, UNCOMMITTED, True)
                            raise
                        conn.exec_driver_sql("COMMIT", execution_options={QUEUED: True})
                    finally:
                        info.pop(PIPELINE, None)
            except psycopg.Error as exc:
                # Raised by the pipeline's end, outside SQLAlchemy: give it SQLAlchemy's shape,
                # which _driver_errors turns into a StoreError as any other driver error.
                _abort(raw)
                raise DBAPIError.instance(
                    "COMMIT", None, exc, psycopg.Error, connection_invalidated=raw.closed
                ) from exc
            except BaseException:
                _abort(raw)
                raise

    def record(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn``'s one statement — a small record that may safely be written twice —
        committed alone, as soon as it can be. PostgreSQL: in autocommit on a pooled
        connection without the liveness ping, so the statement and its commit are one round
        trip (a transaction costs four: ping, BEGIN, statement, COMMIT), taking no write lock
        (row locks only, as ``serial=False``); a pooled connection found dead (a server
        restart) runs it once more on a new one. SQLite: an ordinary write transaction."""
        if not self.postgres:
            with self.write(hot=True) as conn:
                return fn(conn)
        rerun = True
        while True:
            try:
                with self._driver_errors():
                    with connection.unpinged():
                        checked_out = self.engine.connect()
                    with checked_out as conn:
                        conn.execution_options(isolation_level="AUTOCOMMIT")
                        return fn(conn)
            except StoreError as exc:
                if not (rerun and exc.retryable):
                    raise
                rerun = False
                log.info("record_rerun_on_new_connection")

    def retrying(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn`` (one whole write transaction, safe to run again) once more whenever a lock
        wait inside it gave up (a row lock held by a frozen session), until :data:`LOCK_WAIT_S`
        have passed: the reply path's writes are not lost to a lock timeout. A batched write
        whose pooled connection turned out dead before its COMMIT runs once more too."""
        deadline = time.monotonic() + LOCK_WAIT_S
        pause = 0.05
        rerun = True
        while True:
            try:
                return fn(*args, **kwargs)
            except StoreError as exc:
                if exc.uncommitted and rerun:
                    # Its pooled connection had died (a server restart, a killed session):
                    # nothing was written; once more, on a new connection.
                    rerun = False
                    log.info("write_rerun_on_new_connection")
                    continue
                if not exc.lock_wait or time.monotonic() + pause > deadline:
                    raise
                log.info("write_retried_after_lock_wait", pause_s=pause)
                time.sleep(pause)
                pause = min(pause * 2, 1.0)

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A read transaction: a consistent snapshot for the duration of the block."""
        with self._driver_errors(), self.engine.connect() as conn:
            if self.postgres:
                # READ COMMITTED takes a new snapshot per statement; SQLite's read transaction
                # sees one state throughout, and so does REPEATABLE READ.
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                yield conn

    @contextmanager
    def _driver_errors(self) -> Iterator[None]:
        """Driver failures (damaged or foreign file, disk full, read-only, locked too long, a
        database server that is down) become a :class:`StoreError` naming the store: one clear
        line, never a driver traceback, and callers handle one error tree."""
        try:
            yield
        except DBAPIError as exc:
            error = StoreError(f"{self.location}: {str(exc.orig).strip()}")
            # The server went away, refused, or a lock or statement timed out: the same work
            # may well succeed in a moment (a failover, a restart, a held lock let go).
            error.retryable = exc.connection_invalidated or isinstance(exc, OperationalError)
            error.lock_wait = lock_wait(exc)
            error.uncommitted = bool(getattr(exc, UNCOMMITTED, False))
            raise error from exc
        except PendingRollbackError as exc:
            # A commit whose connection died under it: whether it went through is unknown to
            # this side; the caller's retry finds out (every write here is idempotent).
            error = StoreError(f"{self.location}: the connection was lost mid-transaction")
            error.retryable = True
            raise error from exc

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()
