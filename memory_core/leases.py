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
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from typing import TYPE_CHECKING

import structlog
from sqlalchemy import Connection

from memory_core.executors import Lane
from memory_core.store import leases as lease_repo

if TYPE_CHECKING:
    from memory_core.memory import Memory

log = structlog.get_logger("memory_core.leases")


def process_id() -> str:
    """This process's lease owner id: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class LeaseKeeper:
    """Renews this process's leases every third of a lease period, until closed; on
    PostgreSQL it also holds the process's liveness lock meanwhile (a session advisory lock
    keyed by its id): other replicas take over the leases of a process that lost it at once."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self._task: asyncio.Task[None] | None = None
        self._alive: Connection | None = None

    async def start(self) -> None:
        """Hold the liveness lock (PostgreSQL) and start renewing (idempotent)."""
        if self._task is None:
            if self.memory.db.postgres:
                await self.memory.run(Lane.BACKGROUND, self._hold)
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
            await self.memory.run(Lane.BACKGROUND, self._let_go)

    def _hold(self) -> None:
        conn = self.memory.db.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        try:
            lease_repo.hold_owner(conn, self.memory.owner)
        except Exception:
            conn.close()
            raise
        self._alive = conn

    def _let_go(self) -> None:
        conn, self._alive = self._alive, None
        if conn is None:
            return
        try:
            lease_repo.release_owner(conn, self.memory.owner)
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
        if self.memory.db.postgres:
            return 0
        with self.memory.db.write() as conn:
            return lease_repo.release_all(conn)

    def renew(self) -> int:
        """Extend every lease this process holds; returns how many."""
        memory = self.memory
        now, lease_s, me = memory.clock.now(), memory.config.lease_s, memory.owner
        with memory.db.write(serial=False) as conn:
            return lease_repo.renew(conn, me, now, lease_s)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.memory.config.lease_s / 3)
            try:
                await self.memory.run(Lane.BACKGROUND, self.renew)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a database blip: the next beat tries again
                log.warning("lease_renew_failed", error_type=type(exc).__name__)
