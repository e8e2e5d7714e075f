"""Discord test doubles: fake interactions for calling callbacks directly, gateway payload
builders, and a recorder that replaces discord.py's HTTP (REST, webhooks, CDN) so nothing
ever reaches Discord while discord.py's own parsers and senders run for real.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from adapters.types import (
    ButtonPress,
    CommandInfo,
    IncomingMessage,
    MessageDeleted,
    PressResult,
    Reply,
)
from tests.factories import START

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
DM_CHANNEL_ID = 930000000000000001
ALICE = 940000000000000001
BOB = 940000000000000002

_ids = itertools.count(1)


def snowflake(when: datetime = START) -> int:
    """A fresh, unique snowflake whose timestamp is ``when`` (plus a few ms)."""
    return discord.utils.time_snowflake(when) + next(_ids)


# ---- callback-level fakes ----------------------------------------------------------------------


@dataclass
class FakeUser:
    """Just what the adapter reads from a Discord user."""

    id: int
    display_name: str


@dataclass
class Sent:
    """One thing the adapter did to an interaction."""

    kind: str  # response, defer, edit, followup, edit_original
    content: str | None = None
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        """Whether it was sent ephemerally."""
        return bool(self.kwargs.get("ephemeral"))


class _FakeResponse:
    def __init__(self, log: list[Sent]) -> None:
        self._log = log
        self._done = False

    def is_done(self) -> bool:
        return self._done

    def _respond(self) -> None:
        if self._done:
            raise RuntimeError("interaction already responded to")
        self._done = True

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self._respond()
        self._log.append(Sent("response", content, kwargs))

    async def defer(self, **kwargs: Any) -> None:
        self._respond()
        self._log.append(Sent("defer", None, kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        self._respond()
        self._log.append(Sent("edit", kwargs.get("content"), kwargs))


class _FakeFollowup:
    def __init__(self, log: list[Sent]) -> None:
        self._log = log

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self._log.append(Sent("followup", content, kwargs))


class FakeInteraction:
    """Duck-types the parts of ``discord.Interaction`` the adapter uses; records everything."""

    def __init__(
        self,
        user: FakeUser,
        *,
        guild_id: int | None = GUILD_ID,
        channel_id: int = CHANNEL_ID,
        client: discord.Client | None = None,
        message_id: int | None = None,
    ) -> None:
        self.id = snowflake()
        self.user = user
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.created_at = START
        self.client = client
        self.command = None
        self.message = None if message_id is None else discord.Object(id=message_id)
        self.sent: list[Sent] = []
        self.response = _FakeResponse(self.sent)
        self.followup = _FakeFollowup(self.sent)

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.sent.append(Sent("edit_original", kwargs.get("content"), kwargs))

    def kinds(self) -> list[str]:
        """The kinds of everything sent, in order."""
        return [s.kind for s in self.sent]


class FakeAttachment:
    """A Discord attachment option whose download is counted."""

    def __init__(self, filename: str, content: bytes, *, size: int | None = None) -> None:
        self.filename = filename
        self.content = content
        self.size = len(content) if size is None else size
        self.content_type = "text/markdown"
        self.reads = 0

    async def read(self) -> bytes:
        """The file's bytes (a download, in real life)."""
        self.reads += 1
        return self.content


class FakeHandler:
    """A scripted bot: records what it was given, answers what it was told to, optionally
    slowly or by raising."""

    def __init__(
        self,
        replies: list[Reply] | None = None,
        result: PressResult | None = None,
        *,
        delay: float = 0.0,
        error: Exception | None = None,
    ) -> None:
        self.replies = replies if replies is not None else [Reply("ok")]
        self.result = result or PressResult("Done", edit="Done!")
        self.delay = delay
        self.error = error
        self.messages: list[IncomingMessage] = []
        self.presses: list[ButtonPress] = []
        self.deleted: list[MessageDeleted] = []

    def command_menu(self) -> tuple[CommandInfo, ...]:
        """The bot's real commands (the slash commands are built from them)."""
        from bot.catalogue import CATALOGUE

        return CATALOGUE.menu()

    async def on_message(self, message: IncomingMessage, stream: Any = None) -> list[Reply]:
        """Record and answer."""
        self.messages.append(message)
        await asyncio.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return self.replies

    async def on_button(self, press: ButtonPress) -> PressResult:
        """Record and answer."""
        self.presses.append(press)
        await asyncio.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return self.result

    async def on_edit(self, message: IncomingMessage) -> list[Reply]:
        """Record an edit; no answer."""
        self.messages.append(message)
        return []

    async def on_delete(self, deleted: MessageDeleted) -> None:
        """Record a deletion."""
        self.deleted.append(deleted)


# ---- gateway payloads --------------------------------------------------------------------------


def user_payload(uid: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(uid),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


def member_payload(uid: int | None = None, name: str = "", **extra: Any) -> dict[str, Any]:
    """A guild member object (with ``flags``, which discord.py requires)."""
    data: dict[str, Any] = {
        "roles": [],
        "joined_at": START.isoformat(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        **extra,
    }
    if uid is not None:
        data["user"] = user_payload(uid, name)
    return data


def message_payload(
    *,
    author: dict[str, Any],
    content: str = "",
    channel_id: int = DM_CHANNEL_ID,
    guild_id: int | None = None,
    mentions: list[dict[str, Any]] | None = None,
    referenced: dict[str, Any] | None = None,
    attachments: list[dict[str, Any]] | None = None,
    components: list[Any] | None = None,
    flags: int = 0,
    message_id: int | None = None,
    when: datetime = START,
) -> dict[str, Any]:
    """A MESSAGE_CREATE payload (also the message inside a component interaction)."""
    data: dict[str, Any] = {
        "id": str(message_id or snowflake(when)),
        "channel_id": str(channel_id),
        "author": author,
        "content": content,
        "timestamp": when.isoformat(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": mentions or [],
        "mention_roles": [],
        "attachments": attachments or [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": flags,
        "components": components or [],
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
        data["member"] = member_payload()
    if referenced is not None:
        data["type"] = 19
        data["referenced_message"] = referenced
        data["message_reference"] = {
            "message_id": referenced["id"],
            "channel_id": str(channel_id),
            **({"guild_id": str(guild_id)} if guild_id else {}),
        }
    return data


def attachment_payload(filename: str, size: int, *, att_id: int | None = None) -> dict[str, Any]:
    """An attachment object (its bytes are served by the recorder's fake CDN)."""
    att_id = att_id or snowflake()
    return {
        "id": str(att_id),
        "filename": filename,
        "size": size,
        "url": f"https://cdn.example.invalid/{att_id}/{filename}",
        "proxy_url": f"https://media.example.invalid/{att_id}/{filename}",
        "content_type": "text/markdown",
    }


def _interaction_base(
    kind: int, uid: int, name: str, guild_id: int | None, channel_id: int
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": str(snowflake()),
        "application_id": str(APP_ID),
        "type": kind,
        "token": f"tok-{next(_ids)}",
        "version": 1,
        "locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "attachment_size_limit": 10 * 1024 * 1024,
        "channel_id": str(channel_id),
        "channel": {"id": str(channel_id), "type": 0 if guild_id else 1},
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
        data["guild_locale"] = "en-US"
        data["channel"].update(guild_id=str(guild_id), name="general", position=0)
        data["member"] = member_payload(uid, name, permissions="0")
    else:
        data["user"] = user_payload(uid, name)
        data["channel"]["recipients"] = [user_payload(uid, name)]
    return data


def slash_payload(
    name: str,
    options: dict[str, Any] | None = None,
    *,
    uid: int = ALICE,
    user_name: str = "Alice",
    guild_id: int | None = GUILD_ID,
    channel_id: int = CHANNEL_ID,
    attachments: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """An INTERACTION_CREATE for a slash command (type 2). String options are type 3,
    attachment options (``{"file": attachment_payload}``) type 11."""
    data = _interaction_base(2, uid, user_name, guild_id, channel_id)
    opts: list[dict[str, Any]] = []
    resolved: dict[str, Any] = {}
    for key, value in (options or {}).items():
        if isinstance(value, dict):
            resolved.setdefault("attachments", {})[value["id"]] = value
            opts.append({"name": key, "type": 11, "value": value["id"]})
        else:
            opts.append({"name": key, "type": 3, "value": value})
    data["data"] = {"id": str(snowflake()), "name": name, "type": 1, "options": opts}
    if resolved:
        data["data"]["resolved"] = resolved
    return data


def component_payload(
    custom_id: str,
    message: dict[str, Any],
    *,
    uid: int = ALICE,
    user_name: str = "Alice",
    guild_id: int | None = None,
    channel_id: int = DM_CHANNEL_ID,
) -> dict[str, Any]:
    """An INTERACTION_CREATE for a button click (type 3) on ``message``."""
    data = _interaction_base(3, uid, user_name, guild_id, channel_id)
    data["data"] = {"custom_id": custom_id, "component_type": 2}
    data["message"] = message
    return data


def custom_ids(payload: dict[str, Any]) -> list[str]:
    """Every button custom_id in a sent message payload."""
    return [
        c["custom_id"]
        for row in payload.get("components") or []
        for c in row.get("components", [])
        if "custom_id" in c
    ]


# ---- the HTTP recorder -------------------------------------------------------------------------


@dataclass
class Call:
    """One request discord.py tried to make."""

    method: str
    path: str
    json: Any = None
    files: dict[str, bytes] = field(default_factory=dict)

    @property
    def content(self) -> str:
        """The message text in the request (interaction callbacks nest it under ``data``)."""
        body = self.body
        return str(body.get("content") or "")

    @property
    def body(self) -> dict[str, Any]:
        """The message part of the request."""
        if not isinstance(self.json, dict):
            return {}
        if self.path.endswith("/callback"):
            return dict(self.json.get("data") or {})
        return self.json

    @property
    def ephemeral(self) -> bool:
        """Whether the message was flagged ephemeral (64)."""
        return bool(int(self.body.get("flags") or 0) & 64)


def _split_multipart(parts: Any) -> tuple[Any, dict[str, bytes]]:
    payload: Any = None
    files: dict[str, bytes] = {}
    for part in parts or []:
        if part.get("name") == "payload_json":
            payload = json.loads(part["value"])
        elif "filename" in part:
            value = part["value"]
            files[part["filename"]] = value.getvalue() if isinstance(value, io.BytesIO) else b""
    return payload, files


class DiscordRecorder:
    """Replaces the client's REST ``request``, its CDN download and the webhook adapter
    (interaction responses and follow-ups) with a recorder that answers plausibly."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.calls: list[Call] = []
        self.cdn: dict[str, bytes] = {}
        self.cdn_reads: list[str] = []
        self.login_fails = False
        self._changed = asyncio.Event()
        self._reset: contextvars.Token[AsyncWebhookAdapter] | None = None

    def install(self) -> None:
        """Route every request of ``client`` (and of interaction webhooks) here."""
        recorder = self

        class _Webhooks(AsyncWebhookAdapter):
            async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:
                payload = kwargs.get("payload")
                files: dict[str, bytes] = {}
                if kwargs.get("multipart"):
                    payload, files = _split_multipart(kwargs["multipart"])
                return recorder.record(route.method, _path_for_test(route), payload, files)

        async def request(route: Any, *, files: Any = None, form: Any = None, **kw: Any) -> Any:
            payload = kw.get("json")
            found: dict[str, bytes] = {}
            if form:
                payload, found = _split_multipart(form)
            return self.record(route.method, _path_for_test(route), payload, found)

        async def get_from_cdn(url: str) -> bytes:
            self.cdn_reads.append(url)
            return self.cdn[url]

        async def ws_connect(url: str, **_kw: Any) -> Any:
            self.calls.append(Call("WS", url))
            self._changed.set()
            await asyncio.Event().wait()  # a gateway that never answers (until cancelled)

        self.client.http.request = request  # type: ignore[method-assign]
        self.client.http.ws_connect = ws_connect  # type: ignore[method-assign]
        self.client.http.get_from_cdn = get_from_cdn  # type: ignore[method-assign]
        self._reset = async_context.set(_Webhooks())  # type: ignore[no-untyped-call]  # d.py

    def uninstall(self) -> None:
        """Put the default webhook adapter back."""
        if self._reset is not None:
            with contextlib.suppress(ValueError):  # set in another context: nothing to undo here
                async_context.reset(self._reset)
            self._reset = None

    def record(self, method: str, path: str, payload: Any, files: dict[str, bytes]) -> Any:
        """Remember the call and answer like Discord would."""
        call = Call(method, path, payload, files)
        self.calls.append(call)
        self._changed.set()
        return self._answer(call)

    def _answer(self, call: Call) -> Any:
        path = call.path
        if path == "/users/@me":
            if self.login_fails:
                raise discord.LoginFailure("Improper token has been passed.")
            return user_payload(BOT_ID, "membot", bot=True)
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "membot",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(ALICE, "Alice"),
                "verify_key": "00",
                "flags": 0,
            }
        if match := re.fullmatch(r"/interactions/(\d+)/[^/]+/callback", path):
            return {"interaction": {"id": match[1], "type": 2}}
        if re.fullmatch(r"/channels/\d+/typing", path):
            return None
        if path == "/users/@me/channels":
            uid = int(call.json["recipient_id"])
            return {
                "id": str(DM_CHANNEL_ID),
                "type": 1,
                "last_message_id": None,
                "recipients": [user_payload(uid, "Someone")],
            }
        if re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path):
            return [
                {**cmd, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1"}
                for cmd in call.json
            ]
        if match := re.fullmatch(r"/channels/(\d+)/messages", path):
            return self._message(call, int(match[1]))
        if call.method == "PATCH" and (
            match := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path)
        ):
            return self._message(call, int(match[1]), message_id=int(match[2]))
        if path.startswith("/webhooks/"):
            return self._message(call, CHANNEL_ID)
        return {}

    def _message(
        self, call: Call, channel_id: int, message_id: int | None = None
    ) -> dict[str, Any]:
        body = call.body
        return message_payload(
            message_id=message_id,
            author=user_payload(BOT_ID, "membot", bot=True),
            content=str(body.get("content") or ""),
            channel_id=channel_id,
            components=body.get("components"),
            flags=int(body.get("flags") or 0),
        )

    def where(self, method: str, pattern: str) -> list[Call]:
        """Calls whose method matches and whose path matches the regex ``pattern``."""
        return [c for c in self.calls if c.method == method and re.fullmatch(pattern, c.path)]

    async def wait_for(
        self, predicate: Callable[[list[Call]], bool], timeout: float = 30.0
    ) -> list[Call]:
        """Wait until ``predicate(calls)`` holds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate(self.calls):
            self._changed.clear()
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"timed out; calls so far: {self.calls!r}")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                continue
        return self.calls


def _path_for_test(route: Any) -> str:
    """The route's path with its parameters filled in (``/channels/1/messages``)."""
    return str(route.url).removeprefix(discord.http.Route.BASE)


async def connect(client: discord.Client, *, name: str = "membot") -> DiscordRecorder:
    """Prepare ``client`` as if logged in (inside the test's loop), with HTTP recorded."""
    await client._async_setup_hook()
    state = client._connection
    state.user = discord.ClientUser(
        state=state,
        data=user_payload(BOT_ID, name, bot=True),  # type: ignore[arg-type]  # a payload dict
    )
    state.application_id = APP_ID
    recorder = DiscordRecorder(client)
    recorder.install()
    return recorder


def at(minutes: float) -> datetime:
    """``START`` plus some minutes (message timestamps)."""
    return START + timedelta(minutes=minutes)


class FakeGatewaySocket:
    """One gateway connection, as discord.py's ``DiscordWebSocket`` uses it: sends HELLO,
    records what the client sends (heartbeats, IDENTIFY), then stays silent until closed."""

    def __init__(self, sent: list[dict[str, Any]], changed: asyncio.Event) -> None:
        self.sent = sent
        self.changed = changed
        self.closed = False
        self.close_code: int | None = None
        self._inbox: asyncio.Queue[aiohttp.WSMessage] = asyncio.Queue()
        hello = {"op": 10, "d": {"heartbeat_interval": 45000}, "s": None, "t": None}
        self._inbox.put_nowait(aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, json.dumps(hello), None))

    async def receive(self, timeout: float | None = None) -> aiohttp.WSMessage:
        """The next gateway message (HELLO, then nothing until closed)."""
        return await self._inbox.get()

    async def send_str(self, data: str) -> None:
        """A payload from the client."""
        self.sent.append(json.loads(data))
        self.changed.set()

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        """Closed by the client: the pending receive sees the close."""
        if not self.closed:
            self.closed, self.close_code = True, code
            self._inbox.put_nowait(aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None))
        return True


class FakeGateway:
    """Stands in for ``client.http.ws_connect``: every connection is a ``FakeGatewaySocket``;
    ``identified`` lists the ``[shard_id, shard_count]`` of each IDENTIFY (``None``: unsharded)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.sockets: list[FakeGatewaySocket] = []
        self._changed = asyncio.Event()

    async def ws_connect(self, url: str, **_kw: Any) -> FakeGatewaySocket:
        """Open one connection."""
        socket = FakeGatewaySocket(self.sent, self._changed)
        self.sockets.append(socket)
        return socket

    @property
    def identified(self) -> list[list[int] | None]:
        """The shard of every IDENTIFY sent so far."""
        return [p["d"].get("shard") for p in self.sent if p["op"] == 2]

    async def wait_for_identifies(self, n: int, timeout: float = 30.0) -> None:
        """Wait until ``n`` IDENTIFY payloads arrived."""

        async def enough() -> None:
            while len(self.identified) < n:
                self._changed.clear()
                await self._changed.wait()

        await asyncio.wait_for(enough(), timeout)
