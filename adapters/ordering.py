"""The order of a chat's messages: what the bot sends unasked waits for the answers being given
in that chat.

A statement that changes a memory gets two messages: the reply ("You told me before that …
I'll change that only once you confirm.") and, once learning is done, the question with its
buttons ("Earlier you told me … Which is right?"), sent by the bot's notifier through the
adapter's outbound ``send``. Learning may end while the reply is still being written or sent,
and the question then arrived first, above the reply that introduces it. An adapter wraps the
handling of each incoming message in :meth:`ChatOrder.answering` and awaits
:meth:`ChatOrder.after_answers` before an unasked send to the same chat: the question goes once
the reply went (bounded: a handler that hangs does not hold the question back for good).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Hashable

import structlog

log = structlog.get_logger("adapters.ordering")

#: How long an unasked message waits for the answers in flight in its chat (an answer from the
#: language model, streamed, takes seconds; past this the message goes anyway).
ANSWER_WAIT_S = 30.0


class ChatOrder:
    """Per chat, how many incoming messages are being answered, and a wait for none."""

    def __init__(self, wait_s: float = ANSWER_WAIT_S) -> None:
        self.wait_s = wait_s
        self._busy: dict[Hashable, int] = {}
        self._idle: dict[Hashable, asyncio.Event] = {}
        #: The tasks answering in each chat: a send from one of them never waits for itself
        #: (a task it starts is another task, and waits).
        self._answerers: dict[Hashable, set[asyncio.Task[object]]] = {}

    @contextlib.asynccontextmanager
    async def answering(self, chat: Hashable) -> AsyncIterator[None]:
        """Around the handling of one incoming message in ``chat``, up to its last reply
        sent."""
        self._busy[chat] = self._busy.get(chat, 0) + 1
        self._idle.setdefault(chat, asyncio.Event()).clear()
        task = asyncio.current_task()
        answerers = self._answerers.setdefault(chat, set())
        if task is not None:
            answerers.add(task)
        try:
            yield
        finally:
            answerers.discard(task)
            if not answerers:
                self._answerers.pop(chat, None)
            left = self._busy[chat] - 1
            if left:
                self._busy[chat] = left
            else:
                del self._busy[chat]
                self._idle.pop(chat).set()

    async def after_answers(self, chat: Hashable) -> None:
        """Return once no message of ``chat`` is being answered (at most ``wait_s``)."""
        idle = self._idle.get(chat)
        if idle is None or asyncio.current_task() in self._answerers.get(chat, ()):
            return
        try:
            await asyncio.wait_for(idle.wait(), self.wait_s)
        except TimeoutError:
            log.warning("unasked_send_waited", wait_s=self.wait_s)
