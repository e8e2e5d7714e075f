"""Leases: which bot process works on a learning job, a scheduled run or a received update.

Several processes (replicas) may run on one PostgreSQL database. Each has an id
(:func:`process_id`); work it takes is leased to that id for ``lease_s`` seconds, and the
:class:`LeaseKeeper` renews every lease the process holds a few times per lease period. A
process that dies stops renewing: once its leases run out, another process takes the work
over. A lease only prevents duplicate work — whether work was applied is decided inside the
applying transaction (the outbox job still pending, the run still running, the update not yet
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

from memory_core.executors import Lane
from memory_core.store import leases as lease_repo

if TYPE_CHECKING:
    from memory_core.memory import Memory

log = structlog.get_logger("memory_core.leases")


def process_id() -> str:
    """This process's lease owner id: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class LeaseKeeper:
    """Renews this process's leases every third of a lease period, until closed."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start renewing (idempotent)."""
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="lease-keeper")

    async def aclose(self) -> None:
        """Stop renewing; the leases held run out on their own (or were finished)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def release_orphans(self) -> int:
        """On SQLite, let go of every lease left by an earlier process: the bot's run lock
        makes this one the only process on the file, so their holders are dead, and their
        work resumes now, not when the leases run out. On PostgreSQL other replicas may be
        alive: their leases are left to run out. Returns how many were released."""
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
