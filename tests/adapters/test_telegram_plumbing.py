"""The Telegram adapter's plumbing: retries, per-chat ordering, token redaction, config."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from telegram import Update
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from adapters.telegram import TelegramAdapter, TelegramConfig
from adapters.telegram.transport import (
    PerChatUpdateProcessor,
    RedactToken,
    RetryingRateLimiter,
    not_sent,
)
from adapters.webhook import AnswerWithheld, InboxDispatcher, defer_update, delivered, may_send

TOKEN = "123456:SECRET-token"


def flaky(*errors: Exception) -> tuple[list[int], Any]:
    """A Bot API call that raises ``errors`` in turn, then succeeds."""
    calls: list[int] = []

    async def call() -> bool:
        calls.append(1)
        if len(calls) <= len(errors):
            raise errors[len(calls) - 1]
        return True

    return calls, call


async def run(limiter: RetryingRateLimiter, call: Any, endpoint: str = "sendMessage") -> Any:
    return await limiter.process_request(call, (), {}, endpoint, {}, None)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
async def test_rate_limits_and_server_errors_are_retried() -> None:
    limiter = RetryingRateLimiter(max_retries=3, base_delay=0.001)
    calls, call = flaky(RetryAfter(0), NetworkError("Internal Server Error"), NetworkError("x"))
    assert await run(limiter, call) is True
    assert len(calls) == 4


@pytest.mark.parametrize(
    "error", [BadRequest("bad"), TimedOut(), Forbidden("blocked")], ids=lambda e: type(e).__name__
)
async def test_refusals_and_timeouts_are_not_retried(error: Exception) -> None:
    limiter = RetryingRateLimiter(max_retries=3, base_delay=0.001)
    calls, call = flaky(error)
    with pytest.raises(type(error)):
        await run(limiter, call)
    assert len(calls) == 1


def _timed_out(cause: Exception) -> TimedOut:
    error = TimedOut()
    error.__cause__ = cause  # as PTB raises it: ``raise TimedOut from <httpx error>``
    return error


async def test_a_timeout_before_the_request_left_is_retried_one_after_is_not() -> None:
    """No connection (or no free one in the pool) within the timeout: Telegram never saw the
    request, so it is sent again; a read timeout may follow a delivered message: not again."""
    limiter = RetryingRateLimiter(max_retries=3, base_delay=0.001)
    unsent = [_timed_out(httpx.ConnectTimeout("connect")), _timed_out(httpx.PoolTimeout("pool"))]
    calls, call = flaky(*unsent)
    assert await run(limiter, call) is True
    assert len(calls) == 3
    calls, call = flaky(_timed_out(httpx.ReadTimeout("read")))
    with pytest.raises(TimedOut):
        await run(limiter, call)
    assert len(calls) == 1
    refused = NetworkError("httpx.ConnectError: refused")
    refused.__cause__ = httpx.ConnectError("refused")
    assert all(not_sent(e) for e in [*unsent, refused, RetryAfter(1)])
    unknown = [_timed_out(httpx.ReadTimeout("r")), NetworkError("Bad Gateway"), TimedOut()]
    assert not any(not_sent(e) for e in unknown)


async def test_retries_give_up_and_typing_is_never_retried() -> None:
    limiter = RetryingRateLimiter(max_retries=2, base_delay=0.001)
    calls, call = flaky(*[NetworkError("down")] * 5)
    with pytest.raises(NetworkError):
        await run(limiter, call)
    assert len(calls) == 3
    calls, call = flaky(NetworkError("down"))
    with pytest.raises(NetworkError):
        await run(limiter, call, "sendChatAction")
    assert len(calls) == 1


def _update(update_id: int, chat_id: int) -> Update:
    update = Update.de_json(
        {
            "update_id": update_id,
            "message": {
                "message_id": update_id,
                "date": 1,
                "chat": {"id": chat_id, "type": "private"},
                "from": {"id": chat_id, "is_bot": False, "first_name": "U"},
                "text": "hi",
            },
        },
        None,
    )
    assert update is not None
    return update


async def test_one_chat_in_order_different_chats_concurrently() -> None:
    processor = PerChatUpdateProcessor(16)
    log: list[str] = []
    gate = asyncio.Event()

    async def work(name: str, wait: bool) -> None:
        log.append(f"start {name}")
        if wait:
            await gate.wait()
        log.append(f"end {name}")

    tasks = [
        asyncio.create_task(processor.process_update(_update(1, 1), work("a1", True))),
        asyncio.create_task(processor.process_update(_update(2, 1), work("a2", False))),
        asyncio.create_task(processor.process_update(_update(3, 2), work("b1", False))),
    ]
    await asyncio.sleep(0.01)
    assert log == ["start a1", "start b1", "end b1"]  # a2 waits for a1; b1 does not
    gate.set()
    await asyncio.gather(*tasks)
    assert log[3:] == ["end a1", "start a2", "end a2"]
    assert processor._chats == {}


def test_the_token_is_redacted_from_log_records() -> None:
    record = logging.LogRecord(
        "httpx", logging.INFO, __file__, 1, "HTTP Request: %s %s", ("POST", f"/bot{TOKEN}/x"), None
    )
    assert RedactToken(TOKEN).filter(record)
    assert record.getMessage() == "HTTP Request: POST /bot[token]/x"


def test_the_config_never_shows_secrets() -> None:
    cfg = TelegramConfig(token=TOKEN, webhook_secret="hook-secret")
    assert TOKEN not in repr(cfg) and "hook-secret" not in repr(cfg)


async def test_webhook_mode_without_a_url_is_refused() -> None:
    adapter = TelegramAdapter(_Silent(), TelegramConfig(token=TOKEN, mode="webhook"))
    with pytest.raises(ValueError, match="WEBHOOK_URL"):
        await adapter.start()
    await adapter.stop()  # stopping a never-started adapter is harmless


class _Silent:
    def command_menu(self) -> tuple[Any, ...]:
        return ()

    async def on_message(self, message: Any, stream: Any = None) -> list[Any]:
        return []

    async def on_button(self, press: Any) -> Any:
        raise AssertionError


async def test_a_rejected_token_is_reported_without_the_token() -> None:
    from telegram.error import InvalidToken

    from devtools.fake_telegram import FakeTelegram

    async with FakeTelegram() as tg:
        wrong = "654321:WRONG-token_zzz"
        cfg = TelegramConfig(token=wrong, base_url=tg.base_url, base_file_url=tg.base_file_url)
        adapter = TelegramAdapter(_Silent(), cfg)
        with pytest.raises(InvalidToken) as caught:
            await adapter.start()
        assert wrong not in str(caught.value) and caught.value.__cause__ is None
        assert tg.unknown == []
    assert all(RedactToken not in {type(f) for f in lg.filters} for lg in _telegram_loggers())


def _telegram_loggers() -> list[logging.Logger]:
    return [
        logging.getLogger(n) for n in logging.root.manager.loggerDict if n.startswith("telegram")
    ]


async def test_a_malformed_webhook_secret_is_refused() -> None:
    cfg = TelegramConfig(
        token=TOKEN, mode="webhook", webhook_url="https://x.example/hook", webhook_secret="a b!"
    )
    with pytest.raises(ValueError, match="secret"):
        await TelegramAdapter(_Silent(), cfg).start()


async def test_typing_is_shown_only_when_an_answer_is_slow() -> None:
    from adapters.types import Reply
    from devtools.fake_telegram import FakeTelegram

    class Slow:
        delay = 0.0

        def command_menu(self) -> tuple[Any, ...]:
            return ()

        async def on_message(self, message: Any, stream: Any = None) -> list[Reply]:
            await asyncio.sleep(self.delay)
            return [Reply("ok")]

        async def on_button(self, press: Any) -> Any:
            raise AssertionError

    handler = Slow()
    async with FakeTelegram() as tg:
        cfg = TelegramConfig(
            token=tg.token, base_url=tg.base_url, base_file_url=tg.base_file_url, poll_timeout=1
        )
        adapter = TelegramAdapter(handler, dataclasses.replace(cfg, typing_delay_s=0.1))
        await adapter.start()
        try:
            alice = tg.user(101, "Alice")
            tg.send_text(alice, "quick")
            await tg.wait_for(lambda: tg.sent(101))
            handler.delay = 0.4
            tg.send_text(alice, "slow")
            await tg.wait_for(lambda: len(tg.sent(101)) == 2)
        finally:
            await adapter.stop()
    actions = tg.calls_of("sendChatAction")
    assert len(actions) == 1 and actions[0].params["action"] == "typing"


class _Inbox:
    """An inbox holding one update, recording how it was closed."""

    def __init__(self) -> None:
        self.update = SimpleNamespace(update_id=1, chat_key="chat:1", payload="{}", attempts=1)
        self.closed: list[str] = []
        self.accepted: list[str | None] = []
        self.begun = 0
        #: What ``still_sending`` answers (another replica took the send over: False).
        self.ours = True
        self.rechecks = 0
        #: ``still_sending`` fails (the database is away, for this process at least).
        self.unreachable = False
        #: Past a third of it the gate asks ``still_sending`` before a request.
        self.send_grace_s = 30.0

    async def put(self, update_id: int, chat_key: str, payload: str) -> bool:
        return True

    async def claim(self, limit: int) -> list[Any]:
        update, self.update = self.update, None
        return [] if update is None else [update]

    async def finish(self, update: Any, *, failed: bool = False) -> None:
        self.closed.append("failed" if failed else "done")

    async def begin_send(self, update: Any) -> bool:
        self.begun += 1
        return True

    async def still_sending(self, update: Any) -> bool:
        self.rechecks += 1
        if self.unreachable:
            raise RuntimeError("the database is away")
        return self.ours

    async def release(self, update: Any) -> None:
        self.closed.append("released")

    async def accept(self, update: Any, message_id: str | None) -> None:
        self.accepted.append(message_id)


@pytest.mark.parametrize("accepted", [False, True])
async def test_an_update_is_handed_back_only_while_nothing_of_its_answer_got_out(
    accepted: bool,
) -> None:
    """A refused answer hands its update back (its begun send is forgotten, the next holder
    sends); once Telegram accepted part of the answer the update is closed instead: handled
    again, it would be answered twice."""
    inbox = _Inbox()
    deferred: list[bool] = []

    async def handle(payload: str, attempts: int) -> None:
        assert await may_send()
        if accepted:
            await delivered(42)
        deferred.append(defer_update())

    dispatcher = InboxDispatcher(inbox, handle, poll_s=0.01)
    dispatcher.start()
    await dispatcher.drain(5)
    await dispatcher.stop()
    assert deferred == [not accepted]
    assert inbox.closed == (["done"] if accepted else ["released"])
    assert inbox.accepted == (["42"] if accepted else [])  # recorded before the close


async def test_the_dispatcher_says_whether_its_loop_runs() -> None:
    """Readiness asks the dispatcher whether its loop runs: not before start nor after stop,
    and not once its task ended without a stop (cancelled from outside, or an error it did
    not survive)."""

    async def handle(payload: str, attempts: int) -> None:
        return None

    dispatcher = InboxDispatcher(_Inbox(), handle, poll_s=0.01)
    assert not dispatcher.alive
    dispatcher.start()
    await asyncio.sleep(0)
    assert dispatcher.alive
    await dispatcher.stop()
    assert not dispatcher.alive

    dispatcher.start()
    await asyncio.sleep(0)
    task = dispatcher._task
    assert task is not None
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    assert not dispatcher.alive
    await dispatcher.stop()


async def _in_gate(inbox: _Inbox, handle: Callable[[], Awaitable[None]]) -> None:
    """Run ``handle`` as the handler of the inbox's one update (its send gate set)."""

    async def wrapped(payload: str, attempts: int) -> None:
        await handle()

    dispatcher = InboxDispatcher(inbox, wrapped, poll_s=0.01)
    dispatcher.start()
    await dispatcher.drain(5)
    await dispatcher.stop()


async def test_a_sender_stopped_past_the_recheck_asks_again_and_withholds_if_taken_over() -> None:
    """A quick answer asks the inbox once (the send's record); a request of an answer begun
    longer ago than a third of the send grace (the process was stopped, or its requests were
    retried) asks again, and sends nothing once another replica took the send over."""
    inbox = _Inbox()
    said: list[bool] = []

    async def handle() -> None:
        said.extend([await may_send(), await may_send()])  # a two-message answer, at once
        assert inbox.rechecks == 0
        inbox.send_grace_s = 0.0  # as if stopped for a third of the grace and more
        said.append(await may_send())  # still its own: renewed
        inbox.ours = False  # past the grace, a replica taking the update over sent it
        said.extend([await may_send(), await may_send()])

    await _in_gate(inbox, handle)
    assert said == [True, True, True, False, False]
    assert (inbox.begun, inbox.rechecks) == (1, 2)


@pytest.mark.parametrize("accepted", [False, True])
async def test_a_sender_that_cannot_recheck_sends_nothing_and_hands_the_update_back(
    accepted: bool,
) -> None:
    """A sender stopped past a third of the grace that cannot ask the inbox whether the send
    is still its own (the database is away, or only its session) does not send: another
    replica may have taken the send over and answered meanwhile. Nothing of the answer out
    yet: the update is handed back (the next holder — another replica, or this one once the
    database is back — sends it); part of it out: closed, as when taken over."""
    inbox = _Inbox()
    said: list[bool] = []

    async def handle() -> None:
        said.append(await may_send())
        if accepted:
            await delivered(7)
        inbox.send_grace_s = 0.0  # stopped past a third of the grace
        inbox.unreachable = True
        said.extend([await may_send(), await may_send()])

    await _in_gate(inbox, handle)
    assert said == [True, False, False]
    assert inbox.closed == (["done"] if accepted else ["released"])


async def test_a_retried_request_begins_nothing_and_stops_once_the_send_was_taken_over() -> None:
    """The rate limiter asks before each retry: a call that is no send (an edit, a button's
    answer) begins no send record; a send whose retries waited past the grace while another
    replica took it over is not made again (``AnswerWithheld``, which the adapter's error
    guard passes over quietly: the other replica answers)."""
    inbox = _Inbox()
    limiter = RetryingRateLimiter(max_retries=3, base_delay=0.001)
    outcome: list[Any] = []

    async def handle() -> None:
        calls, call = flaky(NetworkError("Bad Gateway"))
        outcome.append(await run(limiter, call, "answerCallbackQuery"))
        assert inbox.begun == 0 and len(calls) == 2
        assert await may_send()  # the answer's first message: the send is recorded
        inbox.send_grace_s = 0.0
        inbox.ours = False
        calls, call = flaky(RetryAfter(0))
        with pytest.raises(AnswerWithheld):
            await run(limiter, call)
        outcome.append(len(calls))

    await _in_gate(inbox, handle)
    assert outcome == [True, 1]
    assert inbox.closed == ["done"]
