"""The webhook side of a platform: receive updates over HTTP into a durable inbox, then handle
them one chat at a time, in order, on whichever replica leases them.

:class:`WebhookReceiver` answers the platform only after the update is committed to the
inbox, and refuses (403) a request without the shared secret, in every replica. A redelivered
update (the platform retries when an answer was slow or lost) is acknowledged and dropped. So is
a body with the secret that is no update (not JSON, too deep, too large, no usable
``update_id``): the platform retries every answer but a 2xx, so a refusal would come back
forever — it is logged and acknowledged (200). Only a store failure answers 503, to be retried.
:class:`InboxDispatcher` leases pending updates — a chat's oldest only, so a chat's updates
are handled in order even when consecutive ones reached different replicas — and hands each
to the platform's handler, then closes it. A replica that dies leaves its leased updates to
the others once the leases run out; nothing acknowledged is lost.

Answers go out once per update: before each request of a handled update's answer the platform
adapter asks :func:`may_send`. The first time it records the send in the inbox — refused when
the update was taken over meanwhile (this process was frozen or cut off from the database) or
when a process before it began sending and may still send. Once recorded, the recorder sends
whatever its lease says (a process frozen for a moment sends when it resumes: the update stays
its own for the send grace); a refusal that proves nothing reached the platform
(:func:`defer_update` before any :func:`delivered`) hands the update back with the record
cleared. A recorder that died, or stayed stopped past the grace, is replaced by the process that
takes the update over — unless the platform accepted the answer: each accepted message is
recorded at once (:func:`delivered`, with the id the platform gave it), and an accepted answer is
never sent again. A recorder that resumes after long asks again before its next request (and
the rate limiter before each retry: :func:`send_still_ours`) and sends nothing once its send was
taken over. What remains is the moment between the platform's answer and that record's commit:
a process that dies exactly then has its answer sent twice; and a request whose fate is unknown
(a timeout after it was sent) is not repeated.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import hmac
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import structlog

log = structlog.get_logger("adapters.webhook")

#: Telegram sends the secret given to ``setWebhook`` in this header with every update.
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
#: Larger bodies are dropped: a Telegram update is a few kilobytes.
MAX_BODY = 1024 * 1024
#: An ``update_id`` outside a signed 64-bit integer cannot be stored (nor come from Telegram).
_MAX_UPDATE_ID = 2**63 - 1
#: First and longest pause before recording a handled update again when the database is away.
_FINISH_RETRY_S = 0.25
_FINISH_RETRY_MAX_S = 5.0


class InboxUpdate(Protocol):
    """One leased update, as the inbox hands it out."""

    @property
    def update_id(self) -> int: ...

    @property
    def chat_key(self) -> str: ...

    @property
    def payload(self) -> str: ...

    @property
    def attempts(self) -> int: ...


class UpdateInbox(Protocol):
    """Where received updates wait (``memory_core.Inbox``): durable, leased, per-chat order."""

    async def put(self, update_id: int, chat_key: str, payload: str) -> bool:
        """Commit a received update; ``False`` for a redelivery."""
        ...

    async def claim(self, limit: int) -> Sequence[InboxUpdate]:
        """Lease up to ``limit`` updates, each of a different chat."""
        ...

    async def finish(self, update: Any, *, failed: bool = False) -> None:
        """Close a leased update (one ``claim`` returned: the inbox's own type)."""
        ...

    async def begin_send(self, update: Any) -> bool:
        """Record that the update's answer is being sent; ``False``: send nothing."""
        ...

    async def release(self, update: Any) -> None:
        """Hand back a leased update not handled for now (it is handled again)."""
        ...

    async def accept(self, update: Any, message_id: str | None) -> None:
        """Record that the platform accepted a message of the update's answer."""
        ...

    async def still_sending(self, update: Any) -> bool:
        """Whether a send begun long ago is still this process's (renewed if so)."""
        ...

    @property
    def send_grace_s(self) -> float:
        """How long a begun send stays this process's unrenewed (then it may be taken over)."""
        ...


class AnswerWithheld(Exception):
    """A streamed answer was about to start for an update this process may not answer."""


#: The send gate of the update the current task handles (none: polling mode, or no update).
_GATE: contextvars.ContextVar[_SendGate | None] = contextvars.ContextVar("send_gate", default=None)


#: Before a request of an answer begun (or last renewed) longer ago than this share of the
#: inbox's send grace (``MEMBOT_SEND_GRACE_S``, 30 s: after it a stopped sender's send may be
#: taken over), the send gate asks the inbox again whether the send is still this process's
#: (10 s by default), leaving the rest for clock skew between replicas. A quicker answer, the
#: common case, asks nothing more.
RECHECK_SHARE = 1 / 3


class _SendGate:
    """Asks the inbox before an update's first send (and again before a later request when
    the send began long ago: this process may have been stopped and the send taken over);
    remembers the answer. Also where the handler says the update could not be handled for
    now (``deferred``)."""

    def __init__(self, inbox: UpdateInbox, update: InboxUpdate) -> None:
        self._inbox = inbox
        self._update = update
        self._allowed: bool | None = None
        self._renewed = 0.0
        self.deferred = False
        #: Something of the answer reached the platform (it cannot be handed back then).
        self.accepted = False

    async def accepted_now(self, message_id: object) -> None:
        """The platform accepted a message of the answer: recorded at once, in a write of its
        own, so a process taking the update over does not send the answer again — what is
        left is a death between the platform's answer and this write's commit."""
        self.accepted = True
        mid = None if message_id is None else str(message_id)
        try:
            await self._inbox.accept(self._update, mid)
        except Exception as exc:  # delivered all the same; the update's close records it too
            log.warning("answer_accept_unrecorded", error_type=type(exc).__name__)

    @property
    def begun(self) -> bool:
        """Whether the inbox was asked already (the send is recorded, or was refused)."""
        return self._allowed is not None

    async def allowed(self) -> bool:
        if self._allowed is None:
            self._allowed = await self._inbox.begin_send(self._update)
            self._renewed = time.monotonic()
            if not self._allowed:
                log.info("answer_withheld", reason="taken over or already sent")
        elif self._allowed and time.monotonic() - self._renewed > self._recheck_s():
            await self._recheck()
        return self._allowed

    def _recheck_s(self) -> float:
        return self._inbox.send_grace_s * RECHECK_SHARE

    async def _recheck(self) -> None:
        """The send began long ago (this process was stopped, or its requests retried): still
        this process's? A process taking the update over past the grace sends the answer
        itself, so this one must not. The monotonic clock runs on while a process is stopped."""
        try:
            self._allowed = await self._inbox.still_sending(self._update)
        except Exception as exc:
            # Not known, and sending could answer twice: this process was stopped (or its
            # requests retried) past a third of the grace, and another replica may have taken
            # the send over and answered meanwhile — the database being away now (for this
            # process at least) says nothing of before. Withheld; the update handed back
            # unless part of the answer got out: its next holder (another replica, or this
            # one once the database is back) sends it, unless it was sent.
            log.warning("send_recheck_failed", error_type=type(exc).__name__)
            self._allowed = False
            self.deferred = not self.accepted
            log.info("answer_withheld", reason="could not check the send is still this process's")
            return
        self._renewed = time.monotonic()
        if not self._allowed:
            log.info("answer_withheld", reason="send taken over while this process was stopped")


def defer_update() -> bool:
    """The update being handled failed for a passing reason (its database went away, the
    platform refused the answer): hand it back to be handled again instead of closing it
    unanswered — with its begun send forgotten, so the next holder sends. ``False`` in polling
    mode (nothing to hand back to: the caller apologises as usual), and once part of the
    answer reached the platform (handled again, it would be answered twice)."""
    gate = _GATE.get()
    if gate is None or gate.accepted:
        return False
    gate.deferred = True
    return True


async def delivered(message_id: object = None) -> None:
    """The platform accepted a message of the answer of the update being handled now (and
    gave it ``message_id``): in webhook mode recorded in the inbox before anything else."""
    gate = _GATE.get()
    if gate is not None:
        await gate.accepted_now(message_id)


async def may_send() -> bool:
    """Whether the platform adapter may send (a request of) the answer of the update being
    handled now: always in polling mode; in webhook mode once the inbox recorded the send and
    while it is still this process's (see the module). Ask before every request."""
    gate = _GATE.get()
    return True if gate is None else await gate.allowed()


async def send_still_ours() -> bool:
    """Before a request is retried: ``False`` only when this process began sending the answer
    of the update being handled and another has taken the send over since (the retries' waits
    ran past the send grace). Begins nothing: a retried call that is no send stays a call."""
    gate = _GATE.get()
    return gate is None or not gate.begun or await gate.allowed()


def chat_key_of(update: dict[str, Any]) -> str:
    """The chat whose updates must be handled in order: the chat of the update's message
    (or of the message a pressed button sits under), else its user, else the update alone."""
    for value in update.values():
        if not isinstance(value, dict):
            continue
        chat = value.get("chat")
        if not isinstance(chat, dict):
            message = value.get("message")
            chat = message.get("chat") if isinstance(message, dict) else None
        if isinstance(chat, dict) and "id" in chat:
            return f"chat:{chat['id']}"
        sender = value.get("from")
        if isinstance(sender, dict) and "id" in sender:
            return f"user:{sender['id']}"
    return f"update:{update.get('update_id')}"


class WebhookReceiver:
    """An HTTP server (aiohttp) taking updates at ``path`` into an :class:`UpdateInbox`."""

    def __init__(
        self,
        inbox: UpdateInbox,
        *,
        listen: str,
        port: int,
        path: str,
        secret: str,
        on_received: Callable[[], None] = lambda: None,
        routes: Callable[[Any], None] | None = None,
    ) -> None:
        self.inbox = inbox
        #: Adds other routes to the same server (the bot's memory page shares the port).
        self.routes = routes
        self.listen = listen
        self.port = port
        self.path = "/" + path.lstrip("/")
        self._secret = secret.encode()
        self._on_received = on_received
        self._runner: Any = None

    async def start(self) -> None:
        """Listen (an ``OSError`` when the port is taken)."""
        from aiohttp import web

        app = web.Application(client_max_size=MAX_BODY)
        app.router.add_post(self.path, self._receive)
        if self.routes is not None:
            self.routes(app)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.listen, self.port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner

    async def stop(self) -> None:
        """Stop listening (requests in flight finish first)."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @staticmethod
    def _dropped(reason: str) -> Any:
        """Acknowledge a body that is no update (logged; never handled, never retried)."""
        from aiohttp import web

        log.warning("webhook_dropped", reason=reason)
        return web.Response(status=200)

    async def _receive(self, request: Any) -> Any:
        from aiohttp import web

        given = request.headers.get(SECRET_HEADER, "").encode()
        if not hmac.compare_digest(given, self._secret):
            log.warning("webhook_refused", reason="secret", remote=request.remote)
            return web.Response(status=403)
        # From here on the sender has the secret: whatever it sent is answered 200, or the
        # platform would send it again forever; what is no update is logged and dropped.
        try:
            body = await request.read()
            update = json.loads(body)
        except web.HTTPRequestEntityTooLarge:
            return self._dropped("too_large")
        except (ValueError, UnicodeDecodeError):
            return self._dropped("not_json")
        except RecursionError:  # nested deeper than the parser goes
            return self._dropped("too_deep")
        update_id = update.get("update_id") if isinstance(update, dict) else None
        if not isinstance(update_id, int) or isinstance(update_id, bool):
            return self._dropped("no_update_id")
        if not 0 <= update_id <= _MAX_UPDATE_ID:
            return self._dropped("bad_update_id")
        try:
            payload = json.dumps(update)  # ASCII: a lone surrogate stays an escape
            fresh = await self.inbox.put(update_id, chat_key_of(update), payload)
        except Exception as exc:  # not committed: the platform must retry, so no 200
            log.error("webhook_store_failed", update_id=update_id, error_type=type(exc).__name__)
            return web.Response(status=503)
        if fresh:
            self._on_received()
        else:
            log.info("update_redelivered", update_id=update_id)
        return web.Response(status=200)


class InboxDispatcher:
    """Leases updates from the inbox and runs ``handle(payload, attempts)`` for each, at most
    ``concurrency`` at once (one per chat)."""

    def __init__(
        self,
        inbox: UpdateInbox,
        handle: Callable[[str, int], Awaitable[None]],
        *,
        concurrency: int = 64,
        poll_s: float = 0.25,
    ) -> None:
        self.inbox = inbox
        self.handle = handle
        self.concurrency = concurrency
        #: How soon an update another replica received, or a chat's next update after
        #: another replica finished the one before, is picked up when nothing wakes us.
        self.poll_s = poll_s
        self._active: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False

    def start(self) -> None:
        """Start leasing and handling."""
        if self._task is None:
            self._stopping = False
            self._task = asyncio.create_task(self._run(), name="inbox-dispatcher")

    @property
    def alive(self) -> bool:
        """Whether its leasing loop runs (started, not stopped, not ended by an error)."""
        return self._task is not None and not self._task.done()

    def wake(self) -> None:
        """Look for work now (an update was received, or one was finished)."""
        self._wake.set()

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait until no update is in hand and none is ready to lease (tests, shutdown)."""

        async def quiet() -> None:
            while True:
                self._idle.clear()
                self.wake()
                await self._idle.wait()
                if not self._active:
                    return

        await asyncio.wait_for(quiet(), timeout)

    async def stop(self, timeout: float = 10.0) -> None:
        """Lease nothing more; let updates in hand finish (up to ``timeout``). One cut short
        keeps its lease, which runs out: another replica (or the next start) handles it."""
        self._stopping = True
        self.wake()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._active:
            _done, pending = await asyncio.wait(set(self._active), timeout=timeout)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

    async def _run(self) -> None:
        while not self._stopping:
            self._wake.clear()
            free = self.concurrency - len(self._active)
            claimed: Sequence[InboxUpdate] = []
            if free > 0:
                try:
                    claimed = await self.inbox.claim(free)
                except Exception as exc:  # the database is away: try again after a pause
                    log.warning("inbox_claim_failed", error_type=type(exc).__name__)
            for update in claimed:
                task = asyncio.create_task(self._handle(update), name="inbox-update")
                self._active.add(task)
                task.add_done_callback(self._active.discard)
            if not claimed and not self._active:
                self._idle.set()
            if claimed and len(claimed) == free:
                continue  # maybe more ready: look again at once
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_s)

    async def _handle(self, update: InboxUpdate) -> None:
        failed = False
        with structlog.contextvars.bound_contextvars(update_id=update.update_id):
            if update.attempts > 1:
                log.info("update_resumed", attempts=update.attempts)
            handling = _SendGate(self.inbox, update)
            gate = _GATE.set(handling)
            try:
                await self.handle(update.payload, update.attempts)
            except asyncio.CancelledError:
                raise
            except Exception:  # the handler's own guard missed it: do not retry forever
                log.exception("inbox_update_failed")
                failed = True
            finally:
                _GATE.reset(gate)
            if handling.deferred and not failed:
                log.info("update_deferred")
                await self._close(update, self.inbox.release)
            else:
                await self._close(update, functools.partial(self.inbox.finish, failed=failed))
        self.wake()  # the chat's next update may be ready now

    async def _close(
        self, update: InboxUpdate, close: Callable[[InboxUpdate], Awaitable[None]]
    ) -> None:
        """Record the update as handled (or hand it back), trying again while the database is
        away: it was answered, and an update left pending would be handled — answered — again
        once its lease ran out. The lease stays this process's meanwhile (renewed once its
        session is back). Only a stop gives up: then its lease runs out and another replica
        handles it."""
        pause = _FINISH_RETRY_S
        while True:
            try:
                await close(update)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database is away: try again after a pause
                log.warning("inbox_finish_failed", error_type=type(exc).__name__)
                if self._stopping:
                    return
                await asyncio.sleep(pause)
                pause = min(pause * 2, _FINISH_RETRY_MAX_S)
