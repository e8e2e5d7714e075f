"""A fake Telegram Bot API server on 127.0.0.1, for tests and ``membot bench telegram``.

    async with FakeTelegram() as tg:
        app = ApplicationBuilder().token(tg.token).base_url(tg.base_url)...
        alice = tg.user(101, "Alice")
        tg.send_text(alice, "/start")                 # an update, served by getUpdates
        await tg.wait_for(lambda: tg.sent(alice.id))  # the bot's answer arrived

It serves ``/bot{token}/{method}`` like the real Bot API (form-encoded or JSON bodies,
multipart uploads, JSON strings inside form fields, case-insensitive method names) and
``/file/bot{token}/{path}`` downloads. Every call is recorded in ``calls``; helpers give the
sent messages, edits, callback answers, documents, chat actions and the command menu. Methods
it does not know are recorded in ``unknown`` and answered 400 (never 401/404, which PTB reads
as a bad token) so tests can fail on them. ``fault()`` scripts 429-with-retry_after, 5xx or
any other error for the next calls of a method. Long polls are released when the server stops.

Like Telegram, it refuses (403) to message a user's private chat before that user has written
to the bot, rejects empty or over-long texts and unparseable MarkdownV2, and refuses to edit a
message into the same text. In webhook mode (after ``setWebhook``) injected updates are POSTed
to the registered URL with the registered secret header instead of being served by polling,
one at a time, each once.

Telegram in front of a load balancer (several ``membot run`` replicas behind one public URL):

    tg.balance([url1, url2, url3], redeliver=0.1, seed=7)   # or FakeTelegram(webhook_targets=…)
    …                                                       # every replica calls setWebhook
    await tg.all_delivered()              # every injected update got a 2xx at least once
    tg.webhook_attempts                   # every request: update, target, status/error, times
    tg.timeline(chat_id)                  # the bot's messages to one chat, with their times

``setWebhook`` from any replica is accepted (the last one's URL and secret are used); the
deliveries go to the targets instead of the registered URL, the fake playing the proxy too.
Each update's requests follow a rotation over the targets (round-robin from the update id, or a
seeded permutation with ``spread="random"``), so where every request goes is reproducible.
Like Telegram, up to ``max_connections`` (a ``setWebhook`` parameter, default 40) requests
are in flight at once, so consecutive updates of one chat can reach different targets at the
same time; a request that fails (connection refused or reset, timeout, non-2xx) is retried
after a backoff on the next target of the rotation, up to ``max_attempts``; and with
``redeliver`` a seeded fraction of updates is sent once more, a little later and to the next
target, after the first delivery succeeded (Telegram does this when an answer is slow or lost).

aiohttp is a development dependency: it is imported only when the server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import itertools
import json
import random
import re
import time
import urllib.parse
from collections import Counter, deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Literal

from adapters.webhook import chat_key_of

MAX_TEXT = 4096  # UTF-16 code units, like Telegram
MAX_CAPTION = 1024
_JSON_FIELDS = frozenset(
    {
        "reply_markup",
        "menu_button",
        "allowed_updates",
        "commands",
        "entities",
        "caption_entities",
        "scope",
        "link_preview_options",
        "reply_parameters",
    }
)
_MDV2_RESERVED = re.compile(r"(?<!\\)[_*\[\]()~`>#+\-=|{}.!]")
_COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")
_MENTION = re.compile(r"(?<![\w@])@[A-Za-z0-9_]{3,32}")


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units (how Telegram measures texts and entity offsets)."""
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True, slots=True)
class TgUser:
    """A Telegram user who talks to the bot."""

    id: int
    first_name: str
    username: str | None = None
    last_name: str | None = None
    is_bot: bool = False
    #: The language of the user's Telegram app (an IETF tag, e.g. "de").
    language_code: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The Bot API ``User`` object."""
        out: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.language_code:
            out["language_code"] = self.language_code
        if self.last_name:
            out["last_name"] = self.last_name
        if self.username:
            out["username"] = self.username
        return out


@dataclass(frozen=True, slots=True)
class TgChat:
    """A chat: private (id = the user's id), group, supergroup or channel."""

    id: int
    type: str = "private"
    title: str | None = None
    first_name: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The Bot API ``Chat`` object."""
        out: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.title:
            out["title"] = self.title
        if self.first_name:
            out["first_name"] = self.first_name
        return out


@dataclass(slots=True)
class Call:
    """One recorded API call: method as sent, parameters (JSON fields decoded), uploaded files,
    answer status (0 until answered) and result."""

    method: str
    params: dict[str, Any]
    at: float
    status: int = 0  # 0 while the call is being answered
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    result: Any = None
    #: Which client made it, when it called through :meth:`FakeTelegram.caller_base_url`.
    caller: str | None = None


@dataclass(slots=True)
class Fault:
    """A scripted failure for the next call(s) of one method."""

    status: int
    description: str
    retry_after: int | None = None
    chat_id: int | None = None
    times: int = 1


@dataclass(frozen=True, slots=True)
class WebhookPolicy:
    """How webhook deliveries behave when the fake plays Telegram in front of a proxy."""

    #: Where each update's first request goes: ``round_robin`` (target ``update_id - 1 +
    #: seed`` modulo their number, then the next ones) or ``random`` (a seeded permutation of
    #: the targets per update).
    spread: Literal["round_robin", "random"] = "round_robin"
    seed: int = 0
    #: The fraction of updates (chosen by seed and update id) delivered a second time, after
    #: the first delivery succeeded.
    redeliver: float = 0.0
    #: The second delivery starts 0.5-1.5 × this (seeded) after the first one succeeded.
    redeliver_after_s: float = 0.05
    #: A failed request is retried after ``retry_base_s × 2^(n-1)``, at most ``retry_max_s``.
    retry_base_s: float = 0.05
    retry_max_s: float = 1.0
    #: Requests per delivery before the fake gives the update up (``given_up``).
    max_attempts: int = 30
    #: A request not answered in this time counts as failed (the target may still handle it).
    timeout_s: float = 10.0
    #: Like Telegram (telegram-bot-api's webhook queues per chat): a chat's next update is
    #: sent only once its previous one was acknowledged (or given up); different chats' go
    #: in parallel. ``False``: every update as soon as a connection is free.
    per_chat_order: bool = True

    def __post_init__(self) -> None:
        if self.spread not in ("round_robin", "random"):
            raise ValueError(f"unknown spread {self.spread!r}")
        if not 0.0 <= self.redeliver <= 1.0:
            raise ValueError("redeliver is a fraction (0-1)")
        if self.max_attempts < 1 or self.timeout_s <= 0:
            raise ValueError("max_attempts must be ≥ 1 and timeout_s > 0")


#: Without a policy: today's single-URL webhook, one request at a time, each update once.
_SINGLE = WebhookPolicy(max_attempts=1, timeout_s=60.0)


@dataclass(slots=True)
class WebhookAttempt:
    """One webhook request: which update, where, which copy (0: the delivery, 1: the deliberate
    redelivery) and which try of that copy, when (``perf_counter``) and how it ended."""

    update_id: int
    target: str
    copy: int
    attempt: int
    started: float
    finished: float = 0.0  # 0 while in flight
    status: int = 0  # the HTTP status; 0 when there was no answer (``error`` says why)
    error: str | None = None

    @property
    def ok(self) -> bool:
        """Answered 2xx."""
        return 200 <= self.status < 300


@dataclass(slots=True)
class _Delivery:
    """One copy of an update on its way to the targets (re-queued on failure)."""

    update: dict[str, Any]
    copy: int = 0
    attempt: int = 0

    @property
    def update_id(self) -> int:
        return int(self.update["update_id"])


class FakeTelegram:
    """A scripted Bot API server; use one per test (function scope, one event loop)."""

    def __init__(
        self,
        token: str = "123456:TEST-token_abcdefghijklmnopqrstuvwxyz",
        *,
        bot_username: str = "membot_test_bot",
        bot_name: str = "membot",
        now: Callable[[], float] = time.time,
        webhook_targets: Sequence[str] | None = None,
        webhook_policy: WebhookPolicy | None = None,
    ) -> None:
        self.token = token
        self.bot = TgUser(int(token.split(":", 1)[0]), bot_name, bot_username, is_bot=True)
        self.now = now
        self.calls: list[Call] = []
        self.unknown: list[str] = []
        self.downloads: list[str] = []
        self.pushed: list[tuple[float, dict[str, Any]]] = []
        self.webhook: dict[str, Any] | None = None
        #: The status of every webhook request (0: no answer), in the order they ended.
        self.webhook_statuses: list[int] = []
        #: Where deliveries go instead of the registered URL (the proxy's backends).
        self.webhook_targets: list[str] = list(webhook_targets or ())
        #: None: the single-URL webhook (one request at a time, no retry, no redelivery).
        self.webhook_policy: WebhookPolicy | None = webhook_policy or (
            WebhookPolicy() if webhook_targets else None
        )
        #: Every webhook request, in the order they started.
        self.webhook_attempts: list[WebhookAttempt] = []
        #: Updates delivered a second time on purpose (the second copy was sent).
        self.redelivered: set[int] = set()
        #: Updates whose delivery ran out of attempts without a 2xx.
        self.given_up: list[int] = []
        #: ``max_connections`` of the last ``setWebhook`` (Telegram's default is 40).
        self.max_connections = 40
        self.allowed_updates: list[str] | None = None
        self.started_private: set[int] = set()
        #: Highest update id a later getUpdates offset confirmed (the bot has queued it).
        self.confirmed_up_to = 0
        self._pending: list[dict[str, Any]] = []
        self._faults: dict[str, deque[Fault]] = {}
        self._delays: dict[str, deque[float]] = {}
        self._chats: dict[int, TgChat] = {}
        #: Group chat id → ids of its admins (``admin``); everyone else is a plain member.
        self.admins: dict[int, set[int]] = {}
        self._messages: dict[tuple[int, int], dict[str, Any]] = {}
        self._files: dict[str, tuple[str, bytes]] = {}
        self._queries: dict[str, bool] = {}
        self._watchers: dict[int, list[asyncio.Queue[tuple[float, dict[str, Any]]]]] = {}
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1)
        self._file_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._changed = asyncio.Event()
        self._closing = False
        self._runner: Any = None
        self._client: Any = None
        self._webhook_queue: asyncio.Queue[_Delivery] | None = None
        self._webhook_task: asyncio.Task[None] | None = None
        self._webhook_jobs: set[asyncio.Task[None]] = set()
        self._live: Counter[int] = Counter()  # update id → copies queued, in flight or waiting
        self._ok_ids: set[int] = set()
        self._routes: dict[int, list[int]] = {}
        self._requests: Counter[int] = Counter()  # update id → requests started
        self._in_flight = 0
        self._slot = asyncio.Event()
        #: Per-chat order: the update each chat has on its way, and the ones waiting behind it.
        self._chat_busy: dict[str, int] = {}
        self._chat_waiting: dict[str, deque[_Delivery]] = {}
        self.port = 0

    # ---- lifecycle -------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder().base_url(...)``."""
        return f"http://127.0.0.1:{self.port}/bot"

    def caller_base_url(self, caller: str) -> str:
        """A ``base_url`` whose calls are recorded with ``caller`` (several bot processes
        against one fake: which of them made a call)."""
        return f"http://127.0.0.1:{self.port}/r/{caller}/bot"

    @property
    def base_file_url(self) -> str:
        """For ``ApplicationBuilder().base_file_url(...)``."""
        return f"http://127.0.0.1:{self.port}/file/bot"

    async def start(self) -> None:
        """Listen on a random port of 127.0.0.1."""
        from aiohttp import web

        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._api)
        app.router.add_route("*", "/r/{caller}/bot{token}/{method}", self._api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        """Release parked long polls, stop webhook delivery, close the server."""
        self._closing = True
        self._pulse()
        tasks = [t for t in (self._webhook_task, *self._webhook_jobs) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._client is not None:
            await self._client.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    def _pulse(self) -> None:
        """Wake everything waiting for a change (polls, ``wait_for``)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every call and update)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError("condition not met; last calls: " + self._tail())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.5))

    def _tail(self) -> str:
        return ", ".join(f"{c.method}:{c.status}" for c in self.calls[-8:])

    # ---- scripting -------------------------------------------------------------------------

    def fault(
        self,
        method: str,
        status: int,
        *,
        retry_after: int | None = None,
        description: str | None = None,
        times: int = 1,
        chat_id: int | None = None,
    ) -> None:
        """Make the next ``times`` calls of ``method`` (optionally to one chat) fail."""
        default = {429: "Too Many Requests: retry after", 500: "Internal Server Error"}
        self._faults.setdefault(method.lower(), deque()).append(
            Fault(
                status,
                description or default.get(status, f"Error {status}"),
                retry_after if retry_after is not None else (1 if status == 429 else None),
                chat_id,
                times,
            )
        )

    def slow(self, method: str, seconds: float, *, times: int = 1) -> None:
        """Make the next ``times`` calls of ``method`` wait ``seconds`` before answering."""
        self._delays.setdefault(method.lower(), deque()).extend([seconds] * times)

    def balance(
        self, targets: Sequence[str], *, policy: WebhookPolicy | None = None, **options: Any
    ) -> None:
        """Play the load balancer too: webhook deliveries go to ``targets`` (an empty list: the
        registered URL), Telegram-like (concurrent, retried, some redelivered), per ``policy``
        with ``options`` (``WebhookPolicy`` fields: ``spread``, ``seed``, ``redeliver``…)."""
        self.webhook_targets = list(targets)
        self.webhook_policy = dataclasses.replace(policy or WebhookPolicy(), **options)
        self._routes.clear()

    # ---- actors and updates ----------------------------------------------------------------

    def user(
        self,
        user_id: int,
        first_name: str,
        username: str | None = None,
        *,
        is_bot: bool = False,
        language_code: str | None = None,
    ) -> TgUser:
        """A user; their private chat is registered too."""
        self._chats.setdefault(user_id, TgChat(user_id, "private", first_name=first_name))
        return TgUser(user_id, first_name, username, is_bot=is_bot, language_code=language_code)

    def group(
        self, chat_id: int = -1001, title: str = "Friends", kind: str = "supergroup"
    ) -> TgChat:
        """A group, supergroup or channel chat."""
        chat = TgChat(chat_id, kind, title=title)
        self._chats[chat_id] = chat
        return chat

    def admin(self, chat: TgChat, user: TgUser) -> None:
        """Make ``user`` an administrator of ``chat`` (getChatMember says so)."""
        self.admins.setdefault(chat.id, set()).add(user.id)

    @property
    def last_update_id(self) -> int:
        """The id of the most recently injected update (0 before any)."""
        return int(self.pushed[-1][1]["update_id"]) if self.pushed else 0

    def push(self, payload: dict[str, Any]) -> int:
        """Queue one update (``{"message": …}`` etc.); returns its ``update_id``."""
        update = {"update_id": next(self._update_ids), **payload}
        self.pushed.append((time.perf_counter(), update))
        if self.webhook is not None and self._webhook_queue is not None:
            self._enqueue(_Delivery(update))
        else:
            self._pending.append(update)
        self._pulse()
        return int(update["update_id"])

    def message(
        self,
        user: TgUser,
        chat: TgChat | None = None,
        *,
        text: str | None = None,
        caption: str | None = None,
        reply_to: dict[str, Any] | None = None,
        kind: str = "message",
        **extra: Any,
    ) -> dict[str, Any]:
        """Push a message from ``user`` (private chat unless ``chat``); returns its JSON.

        Commands (``/x`` at offset 0) and ``@usernames`` get their entities automatically.
        ``extra`` adds raw fields (``sticker``, ``photo``, ``forward_origin``…).
        """
        chat = chat or self._chats[user.id]
        msg: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(self.now()),
            "chat": chat.as_json(),
            "from": user.as_json(),
        }
        if text is not None:
            msg["text"] = text
            if entities := _entities(text):
                msg["entities"] = entities
        if caption is not None:
            msg["caption"] = caption
            if entities := _entities(caption):
                msg["caption_entities"] = entities
        if reply_to is not None:
            msg["reply_to_message"] = reply_to
        msg.update(extra)
        if chat.type == "private" and kind == "message":
            self.started_private.add(user.id)
        self._messages[(chat.id, msg["message_id"])] = msg
        self.push({kind: msg})
        return msg

    def send_text(
        self, user: TgUser, text: str, chat: TgChat | None = None, **extra: Any
    ) -> dict[str, Any]:
        """Push a text message."""
        return self.message(user, chat, text=text, **extra)

    def send_document(
        self,
        user: TgUser,
        filename: str,
        content: bytes,
        *,
        caption: str | None = None,
        chat: TgChat | None = None,
        file_size: int | None = None,
        mime_type: str = "text/markdown",
    ) -> dict[str, Any]:
        """Push a document upload (downloadable through getFile)."""
        file_id = f"doc{next(self._file_ids)}"
        self._files[file_id] = (f"documents/{file_id}_{filename}", content)
        document = {
            "file_id": file_id,
            "file_unique_id": f"u{file_id}",
            "file_name": filename,
            "mime_type": mime_type,
            "file_size": len(content) if file_size is None else file_size,
        }
        return self.message(user, chat, caption=caption, document=document)

    def press(self, user: TgUser, message: dict[str, Any], data: str | None) -> str:
        """Push a callback query: ``user`` pressed a button with ``data`` on ``message``."""
        query_id = f"q{next(self._query_ids)}"
        self._queries[query_id] = False
        query: dict[str, Any] = {
            "id": query_id,
            "from": user.as_json(),
            "chat_instance": f"ci{message['chat']['id']}",
            "message": message,
        }
        if data is not None:
            query["data"] = data
        self.push({"callback_query": query})
        return query_id

    def edit(self, message: dict[str, Any], text: str) -> dict[str, Any]:
        """Push an ``edited_message`` for a user's earlier message."""
        edited = {**message, "text": text, "edit_date": int(self.now())}
        self.push({"edited_message": edited})
        return edited

    def channel_post(self, chat: TgChat, text: str) -> dict[str, Any]:
        """Push a ``channel_post`` (no sender user)."""
        msg = {
            "message_id": next(self._message_ids),
            "date": int(self.now()),
            "chat": chat.as_json(),
            "sender_chat": chat.as_json(),
            "text": text,
        }
        self.push({"channel_post": msg})
        return msg

    # ---- what the bot did ------------------------------------------------------------------

    def calls_of(self, method: str) -> list[Call]:
        """Recorded calls of one method (case-insensitive), failed ones included."""
        return [c for c in self.calls if c.method.lower() == method.lower()]

    def _ok(self, method: str) -> list[Call]:
        return [c for c in self.calls_of(method) if c.status == 200]

    def sent(self, chat_id: int | None = None) -> list[dict[str, Any]]:
        """Messages the bot sent successfully (the stored message JSON), oldest first."""
        out = []
        for call in self._ok("sendMessage") + self._ok("sendDocument"):
            msg = call.result
            if chat_id is None or msg["chat"]["id"] == chat_id:
                out.append(msg)
        return sorted(out, key=lambda m: m["message_id"])

    def texts(self, chat_id: int | None = None) -> list[str]:
        """Texts (or captions) of the bot's successful messages."""
        return [m.get("text", m.get("caption", "")) for m in self.sent(chat_id)]

    def current(self, message: dict[str, Any]) -> dict[str, Any]:
        """The latest version of a bot message (after edits)."""
        return self._messages[(message["chat"]["id"], message["message_id"])]

    @property
    def edits(self) -> list[dict[str, Any]]:
        """Parameters of successful editMessageText calls."""
        return [c.params for c in self._ok("editMessageText")]

    @property
    def answers(self) -> list[dict[str, Any]]:
        """Parameters of successful answerCallbackQuery calls."""
        return [c.params for c in self._ok("answerCallbackQuery")]

    @property
    def documents(self) -> list[tuple[int, str, bytes, str]]:
        """Documents the bot sent: (chat id, filename, content, caption)."""
        out = []
        for call in self._ok("sendDocument"):
            filename, content = call.files["document"]
            out.append(
                (int(call.params["chat_id"]), filename, content, call.params.get("caption", ""))
            )
        return out

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The default command menu (the last setMyCommands without a language)."""
        return self.commands_for(None)

    def commands_for(self, language_code: str | None) -> list[dict[str, Any]]:
        """The command menu users whose app speaks ``language_code`` see (last set)."""
        calls = [
            c for c in self._ok("setMyCommands") if c.params.get("language_code") == language_code
        ]
        return list(calls[-1].params["commands"]) if calls else []

    def watch(self, chat_id: int) -> asyncio.Queue[tuple[float, dict[str, Any]]]:
        """A queue of ``(perf_counter time, message)`` for every message the bot sends to
        ``chat_id`` from now on (cheaper than ``wait_for`` with many simulated users)."""
        queue: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self._watchers.setdefault(chat_id, []).append(queue)
        return queue

    def unanswered_queries(self) -> list[str]:
        """Callback queries the bot never answered."""
        return [q for q, answered in self._queries.items() if not answered]

    def timeline(self, chat_id: int) -> list[tuple[float, str]]:
        """The bot's successful messages to ``chat_id`` in the order Telegram gave them ids:
        (``perf_counter`` time the call arrived, text or caption)."""
        out = []
        for call in self._ok("sendMessage") + self._ok("sendDocument"):
            msg = call.result
            if msg["chat"]["id"] == chat_id:
                out.append((msg["message_id"], call.at, msg.get("text", msg.get("caption", ""))))
        return [(at, text) for _id, at, text in sorted(out)]

    # ---- webhook deliveries ----------------------------------------------------------------

    def delivered(self, update_id: int) -> bool:
        """Whether a webhook request of this update was answered 2xx."""
        return update_id in self._ok_ids

    def undelivered(self) -> list[int]:
        """Injected updates no webhook request of which was answered 2xx (yet)."""
        return [int(u["update_id"]) for _t, u in self.pushed if u["update_id"] not in self._ok_ids]

    def attempts_of(self, update_id: int) -> list[WebhookAttempt]:
        """Every webhook request of one update, in the order they started."""
        return [a for a in self.webhook_attempts if a.update_id == update_id]

    def order_breaks(self) -> list[tuple[str, int, int]]:
        """Per-chat order broken by the fake itself: (chat, earlier, later) for each update
        whose first request started before its chat's previous update was acknowledged (or
        given up) — an order failure downstream is then the harness's, not the bot's."""
        started: dict[int, float] = {}
        through: dict[int, float] = {}
        for a in self.webhook_attempts:
            if a.copy == 0:
                started.setdefault(a.update_id, a.started)
                if a.ok:
                    through.setdefault(a.update_id, a.finished)
                elif a.finished and a.update_id in self.given_up:  # its last request
                    through[a.update_id] = a.finished
        last: dict[str, int] = {}
        breaks = []
        for _t, update in self.pushed:
            uid, chat = int(update["update_id"]), chat_key_of(update)
            before = last.get(chat)
            last[chat] = uid
            if before is None or uid not in started:
                continue
            if started[uid] < through.get(before, float("inf")):
                breaks.append((chat, before, uid))
        return breaks

    @property
    def webhook_idle(self) -> bool:
        """No webhook request queued, in flight or waiting (retry, redelivery)."""
        return not self._live

    async def all_delivered(self, timeout: float = 30.0) -> None:
        """Wait until every injected update got a 2xx at least once."""
        try:
            await self.wait_for(lambda: not self.undelivered(), timeout)
        except TimeoutError:
            raise TimeoutError(self._webhook_report()) from None

    async def webhooks_settled(self, timeout: float = 30.0) -> None:
        """Wait until every injected update got a 2xx and no request is left (no retry or
        redelivery still to come)."""
        try:
            await self.wait_for(lambda: self.webhook_idle and not self.undelivered(), timeout)
        except TimeoutError:
            raise TimeoutError(self._webhook_report()) from None

    def _webhook_report(self) -> str:
        tail = "; ".join(
            f"{a.update_id}→{a.target}:{a.status or a.error}" for a in self.webhook_attempts[-8:]
        )
        return (
            f"undelivered updates {self.undelivered()}, given up {self.given_up}, "
            f"{len(self._live)} in delivery; last requests: {tail}"
        )

    # ---- the API ---------------------------------------------------------------------------

    async def _params(self, request: Any) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
        params: dict[str, Any] = dict(request.query)
        files: dict[str, tuple[str, bytes]] = {}
        if request.content_type == "application/json":
            body = await request.json()
            params.update(body if isinstance(body, dict) else {})
        elif request.method == "POST" and request.can_read_body:
            form = await request.post()
            for key, value in form.items():
                if hasattr(value, "file"):
                    files[key] = (value.filename, value.file.read())
                else:
                    params[key] = value
        for key in _JSON_FIELDS & params.keys():
            if isinstance(params[key], str):
                with contextlib.suppress(ValueError):
                    params[key] = json.loads(params[key])
        return params, files

    async def _api(self, request: Any) -> Any:
        from aiohttp import web

        method = request.match_info["method"]
        params, files = await self._params(request)
        call = Call(
            method,
            params,
            time.perf_counter(),
            files=files,
            caller=request.match_info.get("caller"),
        )
        self.calls.append(call)
        if request.match_info["token"] != self.token:
            return self._answer(call, 401, "Unauthorized")
        name = method.lower()
        fault = self._take_fault(name, params)
        if fault is not None:
            extra = {"retry_after": fault.retry_after} if fault.retry_after else None
            return self._answer(call, fault.status, fault.description, extra)
        if self._delays.get(name):
            await asyncio.sleep(self._delays[name].popleft())
        handler = getattr(self, f"_m_{name}", None)
        if handler is None:
            self.unknown.append(method)
            return self._answer(call, 400, f"Bad Request: method {method} is not faked")
        try:
            result = (
                await handler(params, files) if name == "getupdates" else handler(params, files)
            )
        except _ApiError as exc:
            return self._answer(call, exc.status, exc.description)
        call.result, call.status = result, 200
        self._pulse()
        return web.json_response({"ok": True, "result": result})

    def _answer(
        self, call: Call, status: int, description: str, parameters: dict[str, Any] | None = None
    ) -> Any:
        from aiohttp import web

        call.status = status
        self._pulse()
        body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
        if parameters:
            body["parameters"] = parameters
        return web.json_response(body, status=status)

    def _take_fault(self, name: str, params: dict[str, Any]) -> Fault | None:
        queue = self._faults.get(name)
        if not queue:
            return None
        fault = queue[0]
        if fault.chat_id is not None and str(fault.chat_id) != str(params.get("chat_id")):
            return None
        fault.times -= 1
        if fault.times <= 0:
            queue.popleft()
        return fault

    async def _download(self, request: Any) -> Any:
        from aiohttp import web

        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        path = request.match_info["path"]
        self.downloads.append(path)
        for stored_path, content in self._files.values():
            if stored_path == path:
                return web.Response(body=content)
        return web.Response(status=404)

    # ---- methods ---------------------------------------------------------------------------

    def _m_getme(self, _p: dict[str, Any], _f: Any) -> dict[str, Any]:
        return {
            **self.bot.as_json(),
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def _m_getupdates(self, p: dict[str, Any], _f: Any) -> list[dict[str, Any]]:
        if self.webhook is not None:
            raise _ApiError(409, "Conflict: can't use getUpdates while webhook is active")
        offset = int(p.get("offset") or 0)
        limit = int(p.get("limit") or 100)
        timeout = float(p.get("timeout") or 0)
        if "allowed_updates" in p:
            self.allowed_updates = p["allowed_updates"]
        if offset:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
            self.confirmed_up_to = max(self.confirmed_up_to, offset - 1)
        deadline = asyncio.get_running_loop().time() + timeout
        while not self._pending and not self._closing:
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return [] if self._closing else self._pending[:limit]

    def _m_deletewebhook(self, p: dict[str, Any], _f: Any) -> bool:
        self.webhook = None
        if str(p.get("drop_pending_updates", "")).lower() == "true":
            self._pending.clear()
        return True

    def _m_setwebhook(self, p: dict[str, Any], _f: Any) -> bool:
        url = p.get("url") or ""
        if not url:
            return self._m_deletewebhook(p, _f)
        self.webhook = {"url": url, "secret_token": p.get("secret_token")}
        self.max_connections = min(100, max(1, int(p.get("max_connections") or 40)))
        if "allowed_updates" in p:
            self.allowed_updates = p["allowed_updates"]
        if self._webhook_queue is None:
            self._webhook_queue = asyncio.Queue()
            self._webhook_task = asyncio.create_task(self._deliver_webhooks())
        for update in self._pending:
            self._enqueue(_Delivery(update))
        self._pending.clear()
        self._slot.set()  # max_connections may have grown
        return True

    def _m_getwebhookinfo(self, _p: dict[str, Any], _f: Any) -> dict[str, Any]:
        waiting = sum(1 for uid in self._live if uid not in self._ok_ids)
        info: dict[str, Any] = {
            "url": (self.webhook or {}).get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._pending) + waiting,
            "max_connections": self.max_connections,
        }
        failed = [a for a in self.webhook_attempts if a.finished and not a.ok]
        if failed:
            info["last_error_date"] = int(self.now())
            info["last_error_message"] = failed[-1].error or f"Wrong response: {failed[-1].status}"
        return info

    def _enqueue(self, delivery: _Delivery) -> None:
        assert self._webhook_queue is not None
        self._live[delivery.update_id] += 1
        self._webhook_queue.put_nowait(delivery)

    def _done(self, delivery: _Delivery) -> None:
        self._live[delivery.update_id] -= 1
        if self._live[delivery.update_id] <= 0:
            del self._live[delivery.update_id]

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job)
        self._webhook_jobs.add(task)
        task.add_done_callback(self._webhook_jobs.discard)

    async def _deliver_webhooks(self) -> None:
        """Take queued deliveries in order; start each once a connection is free."""
        import aiohttp

        self._client = aiohttp.ClientSession()
        assert self._webhook_queue is not None
        while True:
            delivery = await self._webhook_queue.get()
            if self.webhook is None:  # deleted meanwhile: back to getUpdates
                if delivery.copy == 0 and not self.delivered(delivery.update_id):
                    self._pending.append(delivery.update)
                    self._pending.sort(key=lambda u: int(u["update_id"]))
                self._done(delivery)
                continue
            if self._held_for_chat(delivery):
                continue  # sent when the chat's previous update is through
            limit = 1 if self.webhook_policy is None else self.max_connections
            while self._in_flight >= limit:
                self._slot.clear()
                await self._slot.wait()
                limit = 1 if self.webhook_policy is None else self.max_connections
            self._in_flight += 1
            self._spawn(self._post(delivery, self._target(delivery)))

    def _held_for_chat(self, delivery: _Delivery) -> bool:
        """Per-chat order: park a first delivery while its chat has another on its way."""
        policy = self.webhook_policy
        if policy is None or not policy.per_chat_order or delivery.copy:
            return False
        chat = chat_key_of(delivery.update)
        busy = self._chat_busy.get(chat)
        if busy is None:
            self._chat_busy[chat] = delivery.update_id
            return False
        if busy == delivery.update_id:
            return False  # its own retry
        self._chat_waiting.setdefault(chat, deque()).append(delivery)
        return True

    def _chat_through(self, delivery: _Delivery) -> None:
        """The chat's update was acknowledged or given up: send the next one waiting.

        The chat passes to that one at once: it goes to the back of the queue, where a later
        update of the chat may already sit (pushed while the delivery loop waited for a free
        connection) — had the chat been left free, that later one would find it so and go
        first (issue 24: chat 6005's update 30 reached the replicas before its 22)."""
        chat = chat_key_of(delivery.update)
        if delivery.copy or self._chat_busy.get(chat) != delivery.update_id:
            return
        del self._chat_busy[chat]
        waiting = self._chat_waiting.get(chat)
        if waiting:
            after = waiting.popleft()
            if not waiting:
                del self._chat_waiting[chat]
            self._chat_busy[chat] = after.update_id
            assert self._webhook_queue is not None
            self._webhook_queue.put_nowait(after)  # still counted in ``_live``

    def _target(self, delivery: _Delivery) -> str:
        """The next target of this update's rotation (the registered URL without targets)."""
        hook = self.webhook
        assert hook is not None
        targets = self.webhook_targets or [hook["url"]]
        policy = self.webhook_policy or _SINGLE
        uid = delivery.update_id
        order = self._routes.get(uid)
        if order is None or len(order) != len(targets):
            if policy.spread == "random":
                order = random.Random(f"{policy.seed}:{uid}:spread").sample(
                    range(len(targets)), len(targets)
                )
            else:
                first = (uid - 1 + policy.seed) % len(targets)
                order = [(first + k) % len(targets) for k in range(len(targets))]
            self._routes[uid] = order
        return targets[order[self._requests[uid] % len(order)]]

    async def _post(self, delivery: _Delivery, target: str) -> None:
        """One request; then a retry, a deliberate redelivery, or nothing more."""
        import aiohttp

        policy = self.webhook_policy or _SINGLE
        uid = delivery.update_id
        delivery.attempt += 1
        attempt = WebhookAttempt(uid, target, delivery.copy, delivery.attempt, time.perf_counter())
        self.webhook_attempts.append(attempt)
        self._requests[uid] += 1
        if delivery.copy:
            self.redelivered.add(uid)
        headers = {}
        secret = (self.webhook or {}).get("secret_token")
        if secret:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        try:
            async with self._client.post(
                target,
                json=delivery.update,
                headers=headers,
                timeout=aiohttp.ClientTimeout(total=policy.timeout_s),
            ) as resp:
                attempt.status = resp.status
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            attempt.error = type(exc).__name__
        finally:
            attempt.finished = time.perf_counter()
            self._in_flight -= 1
            self._slot.set()
        self.webhook_statuses.append(attempt.status)
        if attempt.ok:
            self._ok_ids.add(uid)
            self._chat_through(delivery)
            rng = random.Random(f"{policy.seed}:{uid}:redeliver")
            if delivery.copy == 0 and rng.random() < policy.redeliver:
                again = _Delivery(delivery.update, copy=1)
                self._live[uid] += 1
                self._spawn(self._later(policy.redeliver_after_s * (0.5 + rng.random()), again))
        elif delivery.attempt < policy.max_attempts:
            backoff = min(policy.retry_max_s, policy.retry_base_s * 2 ** (delivery.attempt - 1))
            self._live[uid] += 1
            self._spawn(self._later(backoff, delivery))
        else:
            self.given_up.append(uid)
            self._chat_through(delivery)
        self._done(delivery)
        self._pulse()

    async def _later(self, delay: float, delivery: _Delivery) -> None:
        """Queue ``delivery`` again after ``delay`` seconds (a retry or a redelivery)."""
        await asyncio.sleep(delay)
        assert self._webhook_queue is not None
        self._webhook_queue.put_nowait(delivery)  # still counted in ``_live``

    def _m_setmycommands(self, p: dict[str, Any], _f: Any) -> bool:
        commands = p.get("commands")
        if not isinstance(commands, list) or not commands:
            raise _ApiError(400, "Bad Request: commands must be a non-empty list")
        for cmd in commands:
            if not _COMMAND_NAME.match(str(cmd.get("command", ""))):
                raise _ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(str(cmd.get("description", ""))) <= 256:
                raise _ApiError(400, "Bad Request: command description is invalid")
        return True

    def _m_getmycommands(self, _p: dict[str, Any], _f: Any) -> list[dict[str, Any]]:
        return self.commands

    def _m_getchatmember(self, p: dict[str, Any], _f: Any) -> dict[str, Any]:
        chat = self._chat(p)
        user_id = int(p.get("user_id", 0))
        status = "administrator" if user_id in self.admins.get(chat.id, set()) else "member"
        user = {"id": user_id, "is_bot": False, "first_name": str(user_id)}
        member: dict[str, Any] = {"status": status, "user": user}
        if status == "administrator":
            member.update(
                {
                    "can_be_edited": False,
                    "is_anonymous": False,
                    "can_manage_chat": True,
                    "can_delete_messages": True,
                    "can_manage_video_chats": True,
                    "can_restrict_members": True,
                    "can_promote_members": False,
                    "can_change_info": True,
                    "can_invite_users": True,
                    "can_post_stories": False,
                    "can_edit_stories": False,
                    "can_delete_stories": False,
                }
            )
        return member

    def _m_setchatmenubutton(self, p: dict[str, Any], _f: Any) -> bool:
        button = p.get("menu_button")
        if button is not None and not isinstance(button, dict):
            raise _ApiError(400, "Bad Request: menu_button must be an object")
        if isinstance(button, dict) and button.get("type") == "web_app":
            url = str((button.get("web_app") or {}).get("url", ""))
            if not url or not button.get("text"):
                raise _ApiError(400, "Bad Request: web app menu button needs text and url")
        return True

    def _m_getchatmenubutton(self, _p: dict[str, Any], _f: Any) -> dict[str, Any]:
        return self.menu_button or {"type": "default"}

    @property
    def menu_button(self) -> dict[str, Any] | None:
        """The bot's default menu button (the last setChatMenuButton without a chat)."""
        calls = [c for c in self._ok("setChatMenuButton") if "chat_id" not in c.params]
        return dict(calls[-1].params["menu_button"]) if calls else None

    def init_data(self, user: TgUser, *, auth_date: float | None = None, **fields: str) -> str:
        """A Mini App's ``initData`` for ``user``, signed as Telegram signs it: the
        data-check-string (every field but ``hash``, sorted, ``key=value`` lines) under
        HMAC-SHA256 keyed by HMAC-SHA256("WebAppData", bot token), as hex."""
        values = {
            "query_id": f"AAH{user.id}",
            "user": json.dumps(user.as_json(), separators=(",", ":")),
            "auth_date": str(int(self.now() if auth_date is None else auth_date)),
            **fields,
        }
        check = "\n".join(f"{k}={v}" for k, v in sorted(values.items()))
        secret = hmac.new(b"WebAppData", self.token.encode(), hashlib.sha256).digest()
        values["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
        return urllib.parse.urlencode(values, quote_via=urllib.parse.quote)

    def _m_sendchataction(self, p: dict[str, Any], _f: Any) -> bool:
        self._chat(p)
        return True

    def _chat(self, p: dict[str, Any]) -> TgChat:
        """The addressed chat, refusing private chats whose user never wrote to the bot."""
        try:
            chat_id = int(p.get("chat_id", ""))
        except ValueError as exc:
            raise _ApiError(400, "Bad Request: chat not found") from exc
        chat = self._chats.get(chat_id)
        if chat is None:
            raise _ApiError(400, "Bad Request: chat not found")
        if chat.type == "private" and chat_id not in self.started_private:
            raise _ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        return chat

    def _check_text(self, text: str, parse_mode: str | None, limit: int, what: str) -> None:
        if utf16_len(text) > limit:
            raise _ApiError(400, f"Bad Request: {what} is too long")
        if parse_mode and parse_mode.lower() == "markdownv2" and _MDV2_RESERVED.search(text):
            raise _ApiError(
                400, "Bad Request: can't parse entities: character is reserved and must be escaped"
            )

    def _store(self, chat: TgChat, p: dict[str, Any], **content: Any) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(self.now()),
            "chat": chat.as_json(),
            "from": self.bot.as_json(),
            **content,
        }
        markup = p.get("reply_markup")
        if isinstance(markup, dict) and markup.get("inline_keyboard"):
            msg["reply_markup"] = markup
        if p.get("message_thread_id"):
            msg["message_thread_id"] = int(p["message_thread_id"])
        reply = p.get("reply_parameters")
        if isinstance(reply, dict) and "message_id" in reply:
            original = self._messages.get((chat.id, int(reply["message_id"])))
            if original is None and not reply.get("allow_sending_without_reply"):
                raise _ApiError(400, "Bad Request: message to be replied not found")
            if original is not None:
                msg["reply_to_message"] = original
        self._messages[(chat.id, msg["message_id"])] = msg
        now = time.perf_counter()
        for queue in self._watchers.get(chat.id, ()):
            queue.put_nowait((now, msg))
        return msg

    def _m_sendmessage(self, p: dict[str, Any], _f: Any) -> dict[str, Any]:
        chat = self._chat(p)
        text = str(p.get("text", ""))
        if not text.strip():
            raise _ApiError(400, "Bad Request: message text is empty")
        self._check_text(text, p.get("parse_mode"), MAX_TEXT, "message")
        return self._store(chat, p, text=text)

    def _m_senddocument(self, p: dict[str, Any], files: dict[str, tuple[str, bytes]]) -> Any:
        chat = self._chat(p)
        if "document" not in files:
            raise _ApiError(400, "Bad Request: there is no document in the request")
        caption = str(p.get("caption", ""))
        self._check_text(caption, p.get("parse_mode"), MAX_CAPTION, "message caption")
        filename, content = files["document"]
        file_id = f"sent{next(self._file_ids)}"
        self._files[file_id] = (f"documents/{file_id}_{filename}", content)
        document = {
            "file_id": file_id,
            "file_unique_id": f"u{file_id}",
            "file_name": filename,
            "file_size": len(content),
        }
        extra = {"caption": caption} if caption else {}
        return self._store(chat, p, document=document, **extra)

    def _m_getfile(self, p: dict[str, Any], _f: Any) -> dict[str, Any]:
        file_id = str(p.get("file_id", ""))
        if file_id not in self._files:
            raise _ApiError(400, "Bad Request: invalid file_id")
        path, content = self._files[file_id]
        return {
            "file_id": file_id,
            "file_unique_id": f"u{file_id}",
            "file_size": len(content),
            "file_path": path,
        }

    def _m_editmessagetext(self, p: dict[str, Any], _f: Any) -> dict[str, Any]:
        key = (int(p.get("chat_id", 0)), int(p.get("message_id", 0)))
        msg = self._messages.get(key)
        if msg is None or msg["from"]["id"] != self.bot.id:
            raise _ApiError(400, "Bad Request: message to edit not found")
        text = str(p.get("text", ""))
        if not text.strip():
            raise _ApiError(400, "Bad Request: message text is empty")
        self._check_text(text, p.get("parse_mode"), MAX_TEXT, "message")
        markup = p.get("reply_markup")
        keyboard = markup.get("inline_keyboard") if isinstance(markup, dict) else None
        if msg.get("text") == text and msg.get("reply_markup", {}).get("inline_keyboard") == (
            keyboard or None
        ):
            raise _ApiError(400, "Bad Request: message is not modified")
        msg = {**msg, "text": text, "edit_date": int(self.now())}
        msg.pop("reply_markup", None)
        if keyboard:
            msg["reply_markup"] = markup
        self._messages[key] = msg
        return msg

    def _m_editmessagereplymarkup(self, p: dict[str, Any], _f: Any) -> dict[str, Any]:
        key = (int(p.get("chat_id", 0)), int(p.get("message_id", 0)))
        msg = self._messages.get(key)
        if msg is None:
            raise _ApiError(400, "Bad Request: message to edit not found")
        msg = {k: v for k, v in msg.items() if k != "reply_markup"}
        markup = p.get("reply_markup")
        if isinstance(markup, dict) and markup.get("inline_keyboard"):
            msg["reply_markup"] = markup
        self._messages[key] = msg
        return msg

    def _m_answercallbackquery(self, p: dict[str, Any], _f: Any) -> bool:
        query_id = str(p.get("callback_query_id", ""))
        if query_id not in self._queries:
            raise _ApiError(400, "Bad Request: query is too old and response timeout expired")
        if len(str(p.get("text", ""))) > 200:
            raise _ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        self._queries[query_id] = True
        return True


class _ApiError(Exception):
    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status = status
        self.description = description


def _entities(text: str) -> list[dict[str, Any]]:
    """``bot_command`` at offset 0 and ``mention`` entities, with UTF-16 offsets."""
    out: list[dict[str, Any]] = []
    if text.startswith("/"):
        head = text.split(maxsplit=1)[0]
        out.append({"type": "bot_command", "offset": 0, "length": utf16_len(head)})
    for match in _MENTION.finditer(text):
        out.append(
            {
                "type": "mention",
                "offset": utf16_len(text[: match.start()]),
                "length": utf16_len(match.group()),
            }
        )
    return out
