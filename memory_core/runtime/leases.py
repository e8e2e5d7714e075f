"""Leases: which bot process works on a learning job, a scheduled run or a received update.

Several processes (replicas) may run on one PostgreSQL database. Each has an id
(:func:`process_id`); work it takes is leased to that id for ``lease_s`` seconds, and the
:class:`LeaseKeeper` renews every lease the process holds a few times per lease period. A
process that dies loses its database session and with it its liveness lock (PostgreSQL: a
session advisory lock the keeper holds): another process takes its work over at once. One
that hangs stops renewing: its work is taken over once its leases run out. A lease only
prevents duplicate work — whether work was applied is decided inside the applying
transaction (the outbox job still pending, the run still running, the update not yet
handled), so a process that was only slow, not dead, never applies anything twice.

A process can also lose its database session while it lives: the server restarts, fails over,
or ends the backend. Its liveness lock goes with the session, so to the other replicas its work
looks free — and theirs to it, since every replica lost its lock at once. The keeper watches
its session every :data:`WATCH_S`; once it is gone the process stops claiming (``healthy`` is
false), reconnects with backoff, takes its locks again (the liveness lock, then the
``on_reconnect`` hooks: the bot lock and its roles), renews its own leases, waits
:data:`SETTLE_S` for the other replicas to take theirs back, and only then claims again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import structlog
from sqlalchemy import Connection

from memory_core.runtime.executors import Lane
from memory_core.store import leases as lease_repo

if TYPE_CHECKING:
    from memory_core.clock import Clock
    from memory_core.config import MemoryConfig
    from memory_core.db.engine import Database
    from memory_core.runtime.executors import Lanes

log = structlog.get_logger("memory_core.leases")

#: How often the keeper checks that its database session (and liveness lock) is still there.
WATCH_S = 1.0
#: Waits between attempts to reconnect after the session was lost (the last one repeats).
BACKOFF_S = (0.25, 0.5, 1.0, 2.0)
#: After taking its locks back, how long a process waits before claiming again: every other
#: replica lost its session too (a server restart) and needs a moment to take its own locks
#: back — until then its leases look free. Longer than a watch beat plus the longest backoff.
SETTLE_S = 4.0


def process_id() -> str:
    """This process's lease owner id: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class Holder(Protocol):
    """What the keeper reads of its engine's context (read afresh: the id may change)."""

    @property
    def db(self) -> Database: ...
    @property
    def lanes(self) -> Lanes: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def config(self) -> MemoryConfig: ...
    @property
    def owner(self) -> str: ...


class LeaseKeeper:
    """Renews this process's leases every third of a lease period, until closed; on
    PostgreSQL it also holds the process's liveness lock meanwhile (a session advisory lock
    keyed by its id): other replicas take over the leases of a process that lost it at once."""

    def __init__(self, ctx: Holder) -> None:
        self.ctx = ctx
        self._task: asyncio.Task[None] | None = None
        self._alive: Connection | None = None
        #: Whether this process may claim work: false from the moment its database session
        #: is found lost until its locks are back and the other replicas had time to settle.
        self.healthy = True
        #: Run (in a worker thread) after the liveness lock is taken back: the bot lock's
        #: reconnect, for one. One that raises makes the whole reconnect try again.
        self.on_reconnect: list[Callable[[], None]] = []
        #: How many times this process got its database session back (metrics, tests).
        self.reconnects = 0

    async def start(self) -> None:
        """Hold the liveness lock (PostgreSQL) and start renewing (idempotent)."""
        if self._task is None:
            if self.ctx.db.postgres:
                await self.ctx.lanes.run(Lane.BACKGROUND, self._hold)
            self._task = asyncio.create_task(self._run(), name="lease-keeper")

    async def aclose(self) -> None:
        """Stop renewing and let go of the liveness lock: what this process still holds is
        taken over by the other replicas (work in hand was finished or cut short first)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._alive is not None:
            await self.ctx.lanes.run(Lane.BACKGROUND, self._let_go)

    def _hold(self) -> None:
        conn = self.ctx.db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            lease_repo.hold_owner(conn, self.ctx.owner)
        except Exception:
            conn.close()
            raise
        self._alive = conn

    def _let_go(self) -> None:
        conn, self._alive = self._alive, None
        if conn is None:
            return
        try:
            lease_repo.release_owner(conn, self.ctx.owner)
        except Exception as exc:  # the session is gone (a server restart): the lock with it
            log.info("liveness_session_gone", error_type=type(exc).__name__)
        finally:
            conn.invalidate()  # the session ends with it (never back into the pool)
            conn.close()

    def release_orphans(self) -> int:
        """On SQLite, let go of every lease left by an earlier process: the bot's run lock
        makes this one the only process on the file, so their holders are dead, and their
        work resumes now, not when the leases run out. On PostgreSQL other replicas may be
        alive: nothing is released here — a dead one's leases are free already (its liveness
        lock went with its session), a live one's stay its own. Returns how many were
        released."""
        if self.ctx.db.postgres:
            return 0
        with self.ctx.db.write() as conn:
            return lease_repo.release_all(conn)

    def renew(self) -> int:
        """Extend every lease this process holds; returns how many."""
        ctx = self.ctx
        now, lease_s, me = ctx.clock.now(), ctx.config.lease_s, ctx.owner
        with ctx.db.write(serial=False) as conn:
            return lease_repo.renew(conn, me, now, lease_s)

    @property
    def alive(self) -> bool:
        """Whether its renewing loop runs (started, not closed, not ended by an error)."""
        return self._task is not None and not self._task.done()

    @property
    def holding(self) -> bool:
        """Whether this process keeps a liveness lock (PostgreSQL, keeper started): then it
        claims received updates only while that lock is really held."""
        return self.ctx.db.postgres and self._task is not None

    def _session_alive(self) -> bool:
        """Whether the liveness lock's session still answers (PostgreSQL)."""
        conn = self._alive
        return conn is not None and lease_repo.session_alive(conn)

    def _reconnect(self) -> None:
        """Drop the dead session, take the liveness lock on a new one, run the hooks."""
        dead, self._alive = self._alive, None
        if dead is not None:
            with contextlib.suppress(Exception):
                dead.invalidate()
            with contextlib.suppress(Exception):
                dead.close()
        self._hold()
        for hook in self.on_reconnect:
            hook()
        self.renew()

    async def _reestablish(self) -> None:
        """Stop claiming, reconnect with backoff until the locks are back, settle, resume."""
        self.healthy = False
        log.warning("db_session_lost", owner=self.ctx.owner)
        attempt = 0
        while True:
            await asyncio.sleep(BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)])
            attempt += 1
            try:
                await self.ctx.lanes.run(Lane.BACKGROUND, self._reconnect)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # still away: the next attempt tries again
                log.info("db_reconnect_failed", attempt=attempt, error_type=type(exc).__name__)
                continue
            break
        self.reconnects += 1
        await asyncio.sleep(SETTLE_S)
        self.healthy = True
        log.info("db_session_restored", owner=self.ctx.owner, attempts=attempt)

    async def _run(self) -> None:
        postgres = self.ctx.db.postgres
        beat = self.ctx.config.lease_s / 3
        renewed = asyncio.get_running_loop().time()
        while True:
            await asyncio.sleep(min(WATCH_S, beat) if postgres else beat)
            if postgres and not await self.ctx.lanes.run(Lane.BACKGROUND, self._session_alive):
                await self._reestablish()
                renewed = asyncio.get_running_loop().time()
                continue
            if asyncio.get_running_loop().time() - renewed < beat and postgres:
                continue
            renewed = asyncio.get_running_loop().time()
            try:
                await self.ctx.lanes.run(Lane.BACKGROUND, self.renew)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a database blip: the next beat tries again
                log.warning("lease_renew_failed", error_type=type(exc).__name__)
