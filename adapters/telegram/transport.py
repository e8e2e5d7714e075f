"""Transport plumbing for the Telegram adapter: how python-telegram-bot talks to the Bot API.

Holds the rate limiter that retries sends on 429 (honouring ``retry_after``) and on 5xx/network
errors, the update processor that runs different chats concurrently and each chat in order, and
the logging filter that keeps the bot token (it is part of every request URL) out of the logs.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Callable, Coroutine
from datetime import timedelta
from typing import Any

import httpx
import structlog
from telegram import Update
from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.ext import BaseRateLimiter, BaseUpdateProcessor

from adapters.webhook import AnswerWithheld, send_still_ours

# The adapter's logger name: retries are reported as the adapter's events.
log = structlog.get_logger("adapters.telegram")

#: Endpoints that are not worth a retry (a late "typing…" is useless).
_NO_RETRY = frozenset({"sendChatAction"})
#: Loggers whose records may contain request URLs (and so the token).
_LOGGER_PREFIXES = ("telegram", "httpx", "httpcore")


def not_sent(exc: BaseException) -> bool:
    """Whether a failed Bot API call certainly did not reach Telegram: a rate limit (429),
    no connection (refused, or its timeout), or no free connection in the pool. A timeout
    after the request went out, a dropped connection or a 5xx may have gone through."""
    if isinstance(exc, RetryAfter):
        return True
    cause = exc.__cause__
    return isinstance(exc, NetworkError) and isinstance(
        cause, httpx.ConnectError | httpx.ConnectTimeout | httpx.PoolTimeout
    )


class RetryingRateLimiter(BaseRateLimiter[int]):
    """Retries a Bot API call on 429 (after ``retry_after``) and on 5xx/network errors (with
    exponential backoff). Bad requests, refusals and timeouts after the request went out (the
    call may have gone through) are not retried; a connection that timed out is."""

    def __init__(
        self, *, max_retries: int = 4, base_delay: float = 0.5, max_retry_after: float = 60.0
    ) -> None:
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_retry_after = max_retry_after

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        """Call the Bot API, retrying what is worth retrying."""
        attempt = 0
        while True:
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as exc:
                delay = retry_after_s(exc)
                reason = "rate_limited"
                # Retrying early is punished with longer bans: give up on very long waits.
                too_long = delay > self.max_retry_after
                if attempt >= self.max_retries or endpoint in _NO_RETRY or too_long:
                    raise
            except BadRequest:
                raise
            except TimedOut as exc:
                if not not_sent(exc) or attempt >= self.max_retries or endpoint in _NO_RETRY:
                    raise
                delay = self.base_delay * 2**attempt
                reason = type(exc.__cause__).__name__
            except NetworkError as exc:
                delay = self.base_delay * 2**attempt
                reason = type(exc).__name__
                if attempt >= self.max_retries or endpoint in _NO_RETRY:
                    raise
            attempt += 1
            log.warning(
                "telegram_retry", method=endpoint, attempt=attempt, delay_s=delay, reason=reason
            )
            await asyncio.sleep(delay)
            if not await send_still_ours():
                # Webhook mode: the waits ran long and another replica took the answer over.
                raise AnswerWithheld("this update's answer was taken over") from None


def retry_after_s(exc: RetryAfter) -> float:
    """How long Telegram asked to wait, in seconds."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PTB warns that the type will become timedelta
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


class PerChatUpdateProcessor(BaseUpdateProcessor):
    """Processes updates of different chats concurrently and each chat's updates in order."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int, tuple[asyncio.Lock, int]] = {}

    async def do_process_update(self, update: object, coroutine: Any) -> None:
        """Run the handler after the chat's earlier updates (asyncio locks are FIFO).

        A waiting update holds one of the ``max_concurrent_updates`` slots (PTB takes the slot
        first), so one very busy chat can occupy several; the limit is set well above that.
        """
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock, waiting = self._chats.get(chat.id, (asyncio.Lock(), 0))
        self._chats[chat.id] = (lock, waiting + 1)
        try:
            async with lock:
                await coroutine
        finally:
            lock, waiting = self._chats[chat.id]
            if waiting <= 1:
                del self._chats[chat.id]
            else:
                self._chats[chat.id] = (lock, waiting - 1)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""


class RedactToken(logging.Filter):
    """Replaces the bot token in log records (request URLs contain it)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message without the token; never drops a record."""
        message = record.getMessage()
        if self.token in message:
            record.msg = message.replace(self.token, "[token]")
            record.args = ()
        return True


def install_log_filter(redact: logging.Filter) -> list[logging.Logger]:
    """Add ``redact`` to the Telegram and HTTP loggers (and their existing children); returns
    the loggers it was added to, for :func:`remove_log_filter`."""
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] in _LOGGER_PREFIXES]
    filtered: list[logging.Logger] = []
    for name in {*_LOGGER_PREFIXES, *names}:
        logger = logging.getLogger(name)
        logger.addFilter(redact)
        filtered.append(logger)
    return filtered


def remove_log_filter(redact: logging.Filter, loggers: list[logging.Logger]) -> None:
    """Take ``redact`` off the ``loggers`` that :func:`install_log_filter` returned."""
    for logger in loggers:
        logger.removeFilter(redact)
