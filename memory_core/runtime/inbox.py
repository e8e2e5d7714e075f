"""The webhook inbox of one platform: updates committed on receipt, handled per chat in order.

A webhook receiver :meth:`~Inbox.put`\\ s each update and only then acknowledges it: once
acknowledged it is durable, even if this process dies the next moment. Any process on the
database may then :meth:`~Inbox.claim` it — a chat's oldest pending update only, so each chat's
updates are handled one at a time in ``update_id`` order, whichever replica received them — and
:meth:`~Inbox.finish` it once handled. A redelivered ``update_id`` is dropped on receipt.
"""

from __future__ import annotations

import structlog

from memory_core.context import Context
from memory_core.runtime.executors import Lane
from memory_core.store import inbox as inbox_repo
from memory_core.store.inbox import Update as InboxUpdate

__all__ = ["Inbox", "InboxUpdate"]

log = structlog.get_logger("memory_core.inbox")


class Inbox:
    """Received updates of ``platform`` (webhook mode), leased to this process while handled."""

    def __init__(self, ctx: Context, platform: str, *, max_attempts: int = 5) -> None:
        self.ctx = ctx
        self.platform = platform
        #: An update leased this many times without being finished (its handler killed the
        #: process each time, or the processes kept dying) is given up, not handled forever.
        self.max_attempts = max_attempts

    @property
    def send_grace_s(self) -> float:
        """How long an update whose answer a process began sending stays that process's."""
        return self.ctx.config.send_grace_s

    async def put(self, update_id: int, chat_key: str, payload: str) -> bool:
        """Commit a received update; ``False`` for a redelivery (already received)."""
        return await self.ctx.lanes.run(Lane.REPLY, self._put, update_id, chat_key, payload)

    async def claim(self, limit: int) -> list[InboxUpdate]:
        """Lease up to ``limit`` updates to handle now (each of a different chat), oldest first.
        Updates leased too often are given up here (logged ``update_given_up``). Nothing
        while this process is re-establishing its database session: to the others its leases
        look free then, and theirs to it."""
        if not self.ctx.leases.healthy:
            return []
        usable: list[InboxUpdate] = []
        while len(usable) < limit:
            claimed = await self.ctx.lanes.run(Lane.REPLY, self._claim, limit - len(usable))
            given_up = [u for u in claimed if u.attempts > self.max_attempts]
            usable.extend(u for u in claimed if u.attempts <= self.max_attempts)
            for update in given_up:
                log.error(
                    "update_given_up",
                    platform=self.platform,
                    update_id=update.update_id,
                    attempts=update.attempts - 1,
                )
                await self.finish(update, failed=True)
            if not given_up:  # else the chats behind them may have an update ready now
                break
        return usable

    async def finish(self, update: InboxUpdate, *, failed: bool = False) -> None:
        """Close an update this process handled (or gave up on)."""
        await self.ctx.lanes.run(
            Lane.REPLY, self._finish, update.id, "failed" if failed else "done"
        )

    async def release(self, update: InboxUpdate) -> None:
        """Hand back an update this process could not handle for now (to be handled again);
        an answer it began sending is forgotten: the caller promises none of it got out."""
        await self.ctx.lanes.run(Lane.REPLY, self._release, update.id)

    def _release(self, row_id: int) -> None:
        with self.ctx.db.write(hot=True, serial=False) as conn:
            inbox_repo.release(conn, row_id, self.ctx.owner)

    async def begin_send(self, update: InboxUpdate) -> bool:
        """Whether this process may send ``update``'s answer now (recorded before the send):
        not when another took the update over, nor when one before it began sending and may
        still send (it is alive, or the grace has not passed)."""
        return await self.ctx.lanes.run(Lane.SEND, self._begin_send, update.id)

    def _begin_send(self, row_id: int) -> bool:
        ctx = self.ctx
        with ctx.db.write(hot=True, serial=False) as conn:
            return inbox_repo.begin_send(
                conn, row_id, ctx.owner, ctx.clock.now(), ctx.config.send_grace_s
            )

    async def still_sending(self, update: InboxUpdate) -> bool:
        """Before another request of an answer this process began long ago: whether the send
        is still its own (renewed if so); ``False``: taken over while it was stopped."""
        return await self.ctx.lanes.run(Lane.SEND, self._renew_send, update.id)

    def _renew_send(self, row_id: int) -> bool:
        ctx = self.ctx
        with ctx.db.write(hot=True, serial=False) as conn:
            return inbox_repo.renew_send(conn, row_id, ctx.owner, ctx.clock.now())

    async def accept(self, update: InboxUpdate, message_id: str | None) -> None:
        """Record that the platform accepted a message of ``update``'s answer (``message_id``:
        the id it gave it): it is never sent again, by this process or one taking over."""
        await self.ctx.lanes.run(Lane.SEND, self._accept, update.id, message_id)

    def _accept(self, row_id: int, message_id: str | None) -> None:
        # One round trip to its commit (autocommit, no ping): the time from the platform's
        # answer to this commit is the window in which a death has the answer sent twice.
        ctx = self.ctx
        ctx.db.record(lambda conn: inbox_repo.accept(conn, row_id, ctx.clock.now(), message_id))

    def _put(self, update_id: int, chat_key: str, payload: str) -> bool:
        now = self.ctx.clock.now()
        with self.ctx.db.write(hot=True, serial=False) as conn:
            return inbox_repo.put(conn, self.platform, update_id, chat_key, payload, now)

    def _claim(self, limit: int) -> list[InboxUpdate]:
        ctx = self.ctx
        now, lease_s = ctx.clock.now(), ctx.config.lease_s
        with ctx.db.write(hot=True, serial=False) as conn:
            claimed = inbox_repo.claim(
                conn,
                self.platform,
                ctx.owner,
                now,
                lease_s,
                limit,
                # A process that keeps a liveness lock claims only while it holds it.
                alive_only=ctx.leases.holding,
                grace_s=ctx.config.send_grace_s,
            )
            later = ctx.clock.now()
            if claimed and (later - now).total_seconds() > lease_s / 4:
                # The claim waited for row locks (a frozen process's transaction): its leases,
                # counted from before the wait, would have run out already — and another
                # process (or this one) would lease the same updates while they are handled.
                inbox_repo.extend(conn, [u.id for u in claimed], ctx.owner, later, lease_s)
            return claimed

    def _finish(self, row_id: int, status: str) -> None:
        with self.ctx.db.write(hot=True, serial=False) as conn:
            inbox_repo.finish(conn, row_id, self.ctx.owner, self.ctx.clock.now(), status)
