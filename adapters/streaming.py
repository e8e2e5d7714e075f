"""Showing an answer while it is written: one message, edited at a bounded pace.

:class:`Draft` is the platform-neutral part of a :class:`~adapters.types.ReplyStream`: the first
text is sent as a message, later text edits it at most once every ``interval_s`` (Telegram and
Discord both throttle edits; about one a second stays well inside their limits), and text past
a message's limit continues in a new message. While the answer is still being written its last
message ends with a marker (" …"); :meth:`Draft.finish` shows the final text (after waiting out
the interval) without it. Nothing is shown before the answer has been coming for
``start_after_s`` (by default one interval): a short answer that is complete by then is sent
whole, like any reply, with no edit at all. An adapter gives it three callables: send a new
message (returning a handle), edit a message, and split a text into message-sized parts.

A failed display never fails the turn: a platform's "slow down" (:class:`Backoff`) holds the
edits for the time it asks, any other error stops the live updates (the final text is still
shown by :meth:`finish`, or sent anew when nothing was shown).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

import structlog

log = structlog.get_logger("adapters.streaming")

H = TypeVar("H")
#: Appended to the text while the answer is still being written.
WRITING = " …"
#: About one edit a second (Telegram allows ~1 message a second per chat, Discord 5 edits per
#: 5 s per channel); ``MEMBOT_STREAM_EDIT_INTERVAL_S`` sets it.
DEFAULT_INTERVAL_S = 1.0


class Backoff(Exception):
    """Raised by a send/edit callable when the platform asked to slow down for ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"retry after {seconds} s")
        self.seconds = seconds


class Draft(Generic[H]):
    """A streamed answer shown as message(s) edited at most every ``interval_s`` seconds."""

    def __init__(
        self,
        *,
        send: Callable[[str], Awaitable[H]],
        edit: Callable[[H, str], Awaitable[None]],
        split: Callable[[str], list[str]],
        interval_s: float = DEFAULT_INTERVAL_S,
        start_after_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._send = send
        self._edit = edit
        self._split = split
        self.interval_s = interval_s
        self.start_after_s = interval_s if start_after_s is None else start_after_s
        self._began: float | None = None
        self._clock = clock
        self._sleep = sleep
        #: The messages shown so far, and the text each shows.
        self.shown: list[tuple[H, str]] = []
        #: Clock times of every send and edit (the pace, for logs and tests).
        self.requests: list[float] = []
        self._next_at = float("-inf")
        self._stopped = False
        self._finished = False

    @property
    def started(self) -> bool:
        """Whether any of the answer is on screen."""
        return bool(self.shown)

    async def update(self, text: str) -> None:
        """Show ``text`` (the answer so far) if the interval has passed, else skip it: a
        later, longer text follows (and :meth:`finish` shows the last one)."""
        if self._stopped or self._finished or not text.strip():
            return
        now = self._clock()
        if self._began is None:
            self._began = now
        if now < self._next_at or now < self._began + self.start_after_s:
            return
        try:
            await self._show(text, final=False)
        except Backoff as exc:
            self._next_at = self._clock() + max(exc.seconds, self.interval_s)
            log.info("stream_backoff", delay_s=exc.seconds)
        except Exception as exc:  # a failed display must not fail the answer
            self._stopped = True
            log.warning("stream_update_failed", error_type=type(exc).__name__)

    async def finish(self, text: str) -> bool:
        """Show the final ``text`` in place of the draft; ``False`` when nothing was shown
        (the caller sends ``text`` as a normal reply)."""
        self._finished = True
        if not self.shown:
            return False
        wait = self._next_at - self._clock()
        if wait > 0:
            await self._sleep(wait)
        for attempt in range(3):
            try:
                await self._show(text, final=True)
                break
            except Backoff as exc:
                if attempt == 2:
                    raise
                await self._sleep(exc.seconds)
        log.info("stream_finished", messages=len(self.shown), requests=len(self.requests))
        return True

    async def _show(self, text: str, *, final: bool) -> None:
        parts = self._split(text) or ["…"]
        if not final:
            parts[-1] = self._marked(parts[-1])
        for index, part in enumerate(parts):
            if index < len(self.shown):
                handle, was = self.shown[index]
                if was == part:
                    continue
                self._mark_request()
                await self._edit(handle, part)
                self.shown[index] = (handle, part)
            else:
                self._mark_request()
                self.shown.append((await self._send(part), part))
        for index in range(len(parts), len(self.shown)):
            # A shorter text replaced a longer one (a fallback): a message it no longer
            # needs keeps a placeholder (messages are not deleted).
            handle, was = self.shown[index]
            if was != "…":
                self._mark_request()
                await self._edit(handle, "…")
                self.shown[index] = (handle, "…")

    def _marked(self, part: str) -> str:
        """``part`` with the writing marker, unless that would overflow its message."""
        marked = part + WRITING
        return marked if len(self._split(marked)) == 1 else part

    def _mark_request(self) -> None:
        now = self._clock()
        self.requests.append(now)
        self._next_at = now + self.interval_s
