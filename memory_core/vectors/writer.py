"""The background vector writer: one task drains the persisted vector queue when asked.

Writes commit first and only *request* a sync, so no reply waits for embeddings, and at most
one background thread embeds at a time (several learners each syncing inline used to park
threads on the sync lock and starve the reply path of executor threads).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import structlog

from memory_core.runtime.executors import Executors, Lane

log = structlog.get_logger("memory_core.vectors")


class VectorWriter:
    """Owns the sync task: ``start()``, ``request()``, ``drain()``, ``aclose()``."""

    def __init__(
        self, sync: Callable[[], int], executors: Executors, *, idle_poll_s: float = 5.0
    ) -> None:
        self._sync = sync
        self._executors = executors
        self._idle_poll_s = idle_poll_s
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pending = False

    def start(self) -> None:
        """Start the task (a first sync catches up on jobs left by an earlier run)."""
        if self._task is None:
            self._pending = True
            self._wake.set()
            self._task = asyncio.create_task(self._run(), name="vector-worker")

    def request(self) -> None:
        """Ask for a sync soon (never blocks)."""
        self._pending = True
        self._idle.clear()
        self._wake.set()

    async def drain(self, timeout: float = 120.0) -> None:
        """Wait until every requested sync has run."""
        if self._task is None:
            return
        if self._pending or self._wake.is_set():
            self._idle.clear()
        async with asyncio.timeout(timeout):
            while self._pending or not self._idle.is_set():
                self._wake.set()
                await self._idle.wait()

    async def aclose(self) -> None:
        """Stop the task (a sync in progress finishes its batch first)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._idle_poll_s)
            self._wake.clear()
            self._pending = False
            try:
                await self._executors.run(Lane.BACKGROUND, self._sync)
            except asyncio.CancelledError:
                raise
            except Exception:  # the worker loop's outermost guard: retried on the next wake
                log.exception("vector_sync_failed")
            if not self._pending:
                self._idle.set()
