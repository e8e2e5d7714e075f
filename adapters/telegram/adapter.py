"""The Telegram adapter: python-telegram-bot wiring around ``adapters.telegram.translate``.

Long polling by default, or a webhook server that rejects requests without the secret header.
Each callback is thin: bind log context, translate, await the bot, send. A chat answer from
the language model is shown while it is written (``adapters.streaming.Draft``): one message,
edited at most every ``stream_edit_interval_s``, continued in a new message past 4,096
characters; "message is not modified" is ignored and a 429 holds the edits. Updates from
different chats run concurrently, one chat's updates in order. Sends are retried on 429
(honouring ``retry_after``) and on 5xx/network errors. The bot token never reaches a log:
request URLs contain it, so Telegram and HTTP loggers get a filter that redacts it. Those
transport pieces live in ``adapters.telegram.transport``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import dataclasses
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import structlog
from telegram import InlineKeyboardMarkup, MenuButtonWebApp, Message, Update, User, WebAppInfo
from telegram.constants import ChatAction
from telegram.error import (
    BadRequest,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from adapters.ordering import ChatOrder
from adapters.streaming import DEFAULT_INTERVAL_S, Backoff, Draft
from adapters.telegram.translate import (
    HINTS,
    INTERRUPTED,
    PLATFORM,
    SORRY,
    BotIdentity,
    FileRef,
    Skip,
    command_menu,
    edit_text,
    notice_text,
    private_chat_hint,
    render_reply,
    split_text,
    too_big_text,
    translate_message,
    translate_press,
)
from adapters.telegram.transport import (
    PerChatUpdateProcessor,
    RedactToken,
    RetryingRateLimiter,
    install_log_filter,
    not_sent,
    remove_log_filter,
    retry_after_s,
)
from adapters.types import (
    N_,
    Attachment,
    DraftLog,
    Handler,
    IncomingMessage,
    PlatformHealth,
    Reply,
    Target,
    Words,
    edit_id,
    english,
)
from adapters.webhook import (
    AnswerWithheld,
    InboxDispatcher,
    UpdateInbox,
    WebhookReceiver,
    defer_update,
    delivered,
    may_send,
)

log = structlog.get_logger("adapters.telegram")
#: The name PTB 22 gives its polling task (``Updater.start_polling``).
_POLLING_TASK = "Updater:start_polling:polling_task"

#: Telegram's rule for ``secret_token``.
_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")


@dataclasses.dataclass(frozen=True, slots=True)
class TelegramConfig:
    """How to reach Telegram and receive updates (filled from settings by the runner)."""

    token: str = dataclasses.field(repr=False)
    base_url: str = "https://api.telegram.org/bot"
    base_file_url: str = "https://api.telegram.org/file/bot"
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_path: str = "telegram"
    webhook_secret: str | None = dataclasses.field(default=None, repr=False)
    poll_timeout: int = 30
    max_retries: int = 4
    retry_base_s: float = 0.5
    max_retry_after_s: float = 60.0
    max_concurrent_updates: int = 128
    connection_pool_size: int = 32  # httpx scans the pool on every request: keep it small
    pool_timeout_s: float = 10.0
    #: How long a Bot API call waits for Telegram's answer (python-telegram-bot's default): past
    #: it the call's outcome is unknown, and a send is not repeated (it may have got through).
    read_timeout_s: float = 5.0
    typing_delay_s: float = 0.3  # show "typing…" only when an answer takes longer
    #: Edits of a streamed answer at most this often; ``None``: answers are sent whole.
    stream_edit_interval_s: float | None = DEFAULT_INTERVAL_S
    #: The memory page as a Mini App: the chat's menu button opens it (``None``: no button).
    mini_app_url: str | None = None
    #: Other routes served on the webhook's port (the memory page, when it shares the port).
    webhook_routes: Callable[[Any], None] | None = dataclasses.field(default=None, repr=False)


#: The label of the chat's menu button that opens the memory page.
MENU_BUTTON = N_("Memory")

#: Set while a webhook update is handled again after the process that had it died.
_RESUMED: contextvars.ContextVar[bool] = contextvars.ContextVar("telegram_resumed", default=False)


class TelegramAdapter:
    """Receives Telegram updates for the bot and sends its replies (also its outbound sender)."""

    platform = PLATFORM

    def __init__(
        self,
        handler: Handler,
        config: TelegramConfig,
        *,
        now: Callable[[], datetime] | None = None,
        stream_clock: Callable[[], float] = time.monotonic,
        stream_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        inbox: UpdateInbox | None = None,
        words: Words = english,
        menu_languages: tuple[str, ...] = (),
        drafts: DraftLog | None = None,
    ) -> None:
        self.handler = handler
        self.config = config
        #: The adapter's own texts (apologies, hints) in the user's app language.
        self.words = words
        #: Languages whose users see the command menu in their own (Telegram's per-language
        #: menus: ``language_code`` on setMyCommands); others see the default one.
        self.menu_languages = menu_languages
        #: Streamed answers on screen, noted durably: a start finishes what a killed process
        #: left half-shown (``None``: not noted).
        self.drafts = drafts
        #: Webhook mode: where received updates wait, durable and in per-chat order, for
        #: whichever replica leases them.
        self.inbox = inbox
        self._receiver: WebhookReceiver | None = None
        self._dispatcher: InboxDispatcher | None = None
        self.now = now or (lambda: datetime.now(UTC))
        #: The pace of streamed edits (injectable: tests run it on a fake clock).
        self._stream_clock = stream_clock
        self._stream_sleep = stream_sleep
        self.me: BotIdentity | None = None
        self._app: Application[Any, Any, Any, Any, Any, Any] | None = None
        self._redact = RedactToken(config.token)
        self._filtered: list[logging.Logger] = []
        self.health = PlatformHealth()
        #: Updates whose half-shown streamed answer was already replaced by the apology.
        self._apologised: set[int] = set()
        #: What is sent unasked to a chat (a conflict question) goes after the answers being
        #: given there: the question never arrives above the reply that introduces it.
        self._order = ChatOrder()

    # ---- lifecycle -------------------------------------------------------------------------

    def build_application(self) -> Application[Any, Any, Any, Any, Any, Any]:
        """The PTB application: base URLs, retries, per-chat ordering, and the handlers."""
        cfg = self.config
        app = (
            ApplicationBuilder()
            .token(cfg.token)
            .base_url(cfg.base_url)
            .base_file_url(cfg.base_file_url)
            .rate_limiter(
                RetryingRateLimiter(
                    max_retries=cfg.max_retries,
                    base_delay=cfg.retry_base_s,
                    max_retry_after=cfg.max_retry_after_s,
                )
            )
            .concurrent_updates(PerChatUpdateProcessor(cfg.max_concurrent_updates))
            .connection_pool_size(cfg.connection_pool_size)
            .pool_timeout(cfg.pool_timeout_s)
            .read_timeout(cfg.read_timeout_s)
            .job_queue(None)
            .build()
        )
        app.add_handler(MessageHandler(filters.UpdateType.MESSAGE, self.on_message))
        app.add_handler(MessageHandler(filters.UpdateType.EDITED_MESSAGE, self.on_edited))
        app.add_handler(CallbackQueryHandler(self.on_press))
        app.add_handler(TypeHandler(Update, self.on_other))
        app.add_error_handler(self.on_error)
        return app

    async def start(self) -> None:
        """Connect (getMe), register the command menu, start polling or the webhook server."""
        cfg = self.config
        if cfg.mode == "webhook" and not cfg.webhook_url:
            raise ValueError("webhook mode needs MEMBOT_TELEGRAM_WEBHOOK_URL (the public URL)")
        if cfg.mode == "webhook" and not cfg.webhook_secret:
            # Without it anyone who reaches the port can post updates as any user.
            raise ValueError(
                "webhook mode needs MEMBOT_TELEGRAM_WEBHOOK_SECRET (Telegram sends it with "
                "every update; requests without it are refused)"
            )
        if cfg.webhook_secret is not None and not _SECRET.fullmatch(cfg.webhook_secret):
            raise ValueError("the webhook secret must be 1-256 characters of A-Z, a-z, 0-9, _ -")
        if cfg.mode == "webhook" and self.inbox is None:
            raise ValueError("webhook mode needs an update inbox (the runtime provides one)")
        self._install_log_filter()
        try:
            await self._start()
        except BaseException:
            await self.stop()
            raise

    async def _start(self) -> None:
        cfg = self.config
        app = self._app = self.build_application()
        try:
            await app.initialize()
        except InvalidToken:
            # PTB's message quotes the token; this one must not (it ends up in logs).
            raise InvalidToken("Telegram rejected the bot token (TELEGRAM_BOT_TOKEN)") from None
        self.me = BotIdentity(app.bot.id, app.bot.username)
        await self._finish_left_drafts()
        try:
            commands = self.handler.command_menu()
            await app.bot.set_my_commands(command_menu(commands))
            for lang in self.menu_languages:
                menu = command_menu(commands, self.words, lang)
                await app.bot.set_my_commands(menu, language_code=lang)
        except TelegramError as exc:
            log.warning("telegram_commands_not_set", error=str(exc))
        if cfg.mini_app_url:
            try:
                button = MenuButtonWebApp(self.words("", MENU_BUTTON), WebAppInfo(cfg.mini_app_url))
                await app.bot.set_chat_menu_button(menu_button=button)
            except TelegramError as exc:
                log.warning("telegram_menu_button_not_set", error=str(exc))
        assert app.updater is not None
        if cfg.mode == "webhook":
            await self._start_webhook(app)
        else:
            await app.updater.start_polling(
                timeout=timedelta(seconds=cfg.poll_timeout),
                allowed_updates=Update.ALL_TYPES,
                bootstrap_retries=3,
                error_callback=self._on_polling_error,
            )
            self._watch_polling()
        if not app.running:
            await app.start()
        log.info("telegram_started", mode=cfg.mode, bot=self.me.username)

    async def _start_webhook(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        """Listen, handle leased updates, then point Telegram at the public URL (every
        replica registers the same URL and secret: the proxy in front spreads the requests)."""
        cfg = self.config
        assert self.inbox is not None and cfg.webhook_url and cfg.webhook_secret
        await app.start()
        self._dispatcher = InboxDispatcher(
            self.inbox, self._handle_payload, concurrency=cfg.max_concurrent_updates
        )
        self._receiver = WebhookReceiver(
            self.inbox,
            listen=cfg.webhook_listen,
            port=cfg.webhook_port,
            path=cfg.webhook_path,
            secret=cfg.webhook_secret,
            on_received=self._dispatcher.wake,
            routes=cfg.webhook_routes,
        )
        self._dispatcher.start()
        dispatcher = self._dispatcher
        self.health.watch("update dispatcher", lambda: dispatcher.alive)
        await self._receiver.start()
        await app.bot.set_webhook(
            url=cfg.webhook_url,
            secret_token=cfg.webhook_secret,
            allowed_updates=Update.ALL_TYPES,
        )

    async def _handle_payload(self, payload: str, attempts: int) -> None:
        """One leased update, through PTB's handlers (their errors go to ``on_error``)."""
        update = Update.de_json(json.loads(payload), self.app.bot)
        token = _RESUMED.set(attempts > 1)
        try:
            await self.app.process_update(update)
        finally:
            _RESUMED.reset(token)

    async def idle(self, timeout: float | None = None) -> bool:
        """Wait until every update received so far has been handled — at most ``timeout``
        seconds when given: then ``False``, and a warning says how many were still queued
        (a slow machine is no crash; the caller decides what a wait too long means)."""
        if self._dispatcher is not None:
            waiting = self._dispatcher.drain()
        else:
            waiting = self.app.update_queue.join()
        try:
            await asyncio.wait_for(waiting, timeout)
        except TimeoutError:
            queued = self._app.update_queue.qsize() if self._app is not None else 0
            log.warning("telegram_idle_timed_out", timeout_s=timeout, queued=queued)
            return False
        return True

    async def stop(self) -> None:
        """Stop receiving, finish in-flight and already fetched updates, disconnect."""
        app = self._app
        if app is None:
            return
        try:
            if self._receiver is not None:  # no new update; the proxy sends to other replicas
                await self._receiver.stop()
                self._receiver = None
            if self._dispatcher is not None:  # updates in hand finish; the rest stay queued
                await self._dispatcher.stop()
                self._dispatcher = None
            if app.updater is not None and app.updater.running:
                try:
                    await app.updater.stop()
                except TelegramError as exc:  # polling had already died (a rejected token)
                    log.warning("telegram_updater_stop_failed", error_type=type(exc).__name__)
            if app.running:
                await app.stop()  # in-flight handlers still send through ``self.app``
            await app.shutdown()
        finally:
            self._app = None
            self._remove_log_filter()
        log.info("telegram_stopped")

    @property
    def app(self) -> Application[Any, Any, Any, Any, Any, Any]:
        """The running PTB application."""
        if self._app is None:
            raise RuntimeError("the Telegram adapter is not started")
        return self._app

    def _install_log_filter(self) -> None:
        self._filtered.extend(install_log_filter(self._redact))

    def _remove_log_filter(self) -> None:
        remove_log_filter(self._redact, self._filtered)
        self._filtered.clear()

    def _watch_polling(self) -> None:
        """PTB ends its polling task on a rejected token without telling anyone (the error
        callback is skipped): watch the task, so the bot does not stay up deaf."""
        task = next((t for t in asyncio.all_tasks() if t.get_name() == _POLLING_TASK), None)
        if task is None:
            log.warning("telegram_polling_unwatched", task=_POLLING_TASK)
            return

        def ended(done: asyncio.Task[Any]) -> None:
            if done.cancelled() or self._app is None or not self._app.running:
                return  # stopped by us
            exc = done.exception()
            if isinstance(exc, InvalidToken):
                self.health.fail("Telegram rejected the bot token while polling (401)")
            elif exc is not None:
                self.health.fail(f"Telegram polling stopped: {type(exc).__name__}")

        task.add_done_callback(ended)

    def _on_polling_error(self, exc: TelegramError) -> None:
        log.warning("telegram_polling_error", error_type=type(exc).__name__, error=str(exc))
        # PTB retries for ever: until it succeeds, doctor --running must not say all is well.
        self.health.trouble(f"Telegram polling failing ({type(exc).__name__}), retrying")
        if isinstance(exc, InvalidToken | Forbidden):
            # Polling does not recover from a revoked token: say so, so the runner can stop
            # (exit non-zero for a supervisor) instead of staying up deaf.
            self.health.fail("Telegram rejected the bot token while polling (401)")

    # ---- callbacks -------------------------------------------------------------------------

    async def on_message(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        """A new message: translate, fetch an attached file, await the bot, send the replies."""
        message = update.message
        if message is None or self.me is None:
            return
        with _bound(update):
            turn = translate_message(message, self.me)
            if isinstance(turn, Skip):
                log.info("update_ignored", reason=turn.reason)
                if turn.hint and turn.reason in HINTS:
                    hint = self.words(_app_language(message.from_user), HINTS[turn.reason])
                    await self._send(message.chat.id, Reply(hint))
                return
            incoming = turn.message
            if _RESUMED.get():
                incoming = dataclasses.replace(incoming, resumed=True)
            # Not addressed (a group message for someone else): no download, no typing, and
            # the bot stays silent. A file is read only in a private chat: /import (the one
            # command that takes one) is private-only, so a group's file is never fetched.
            if incoming.addressed and incoming.is_private and turn.file is not None:
                if turn.file.too_big:
                    log.info("upload_refused", size=turn.file.size)
                    refusal = too_big_text(turn.file.size or 0, self.words, incoming.language)
                    await self._send(message.chat.id, Reply(refusal))
                    return
                incoming = await self._attach(incoming, turn.file)
            thread_id = message.message_thread_id if message.is_topic_message else None
            if not incoming.is_private:
                incoming = dataclasses.replace(
                    incoming,
                    thread_id=None if thread_id is None else str(thread_id),
                    is_admin=self._admin_check(message.chat.id, int(incoming.user_id)),
                )
            reply_to = None if incoming.is_private else message.message_id
            draft = None
            if incoming.addressed and self.config.stream_edit_interval_s is not None:
                draft = self._draft(
                    message.chat.id,
                    thread_id=thread_id,
                    reply_to=reply_to,
                    on_sent=self._noting(incoming, message.chat.id),
                )
            try:
                async with self._order.answering(message.chat.id):
                    await self._answer(update, incoming, draft, thread_id, reply_to)
            finally:
                if draft is not None and draft.started and self.drafts is not None:
                    with contextlib.suppress(Exception):  # noting never fails a turn
                        await self.drafts.closed(incoming, str(message.chat.id))

    async def _answer(
        self,
        update: Update,
        incoming: IncomingMessage,
        draft: Draft[int] | None,
        thread_id: int | None,
        reply_to: int | None,
    ) -> None:
        """Ask the bot and deliver its replies (streamed through ``draft`` when given)."""
        message = update.effective_message
        assert message is not None
        async with self._typing_if_slow(message.chat.id, enabled=incoming.addressed):
            if draft is None:
                replies = await self.handler.on_message(incoming)
            else:
                try:
                    replies = await self.handler.on_message(incoming, stream=draft)
                except Exception:
                    # Part of the answer is on screen: the apology takes its place
                    # (``on_error`` still logs the failure, and sends nothing more).
                    if draft.started:
                        with contextlib.suppress(Exception):
                            await draft.finish(self.words(incoming.language, SORRY))
                            self._apologised.add(update.update_id)
                    raise
        await self._deliver(
            replies,
            message.chat.id,
            incoming.user_id,
            incoming.is_private,
            thread_id=thread_id,
            reply_to=reply_to,
            draft=draft,
            lang=incoming.language,
        )

    async def on_edited(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        """An edited message: the bot learns from the new text (each edit once)."""
        message = update.edited_message
        if message is None or self.me is None:
            return
        with _bound(update):
            turn = translate_message(message, self.me)
            if isinstance(turn, Skip) or not turn.message.addressed:
                return
            edited = message.edit_date or message.date
            incoming = dataclasses.replace(
                turn.message,
                message_id=edit_id(str(message.message_id), edited),
                time=edited if edited.tzinfo else edited.replace(tzinfo=UTC),
            )
            replies = await self.handler.on_edit(incoming)
            await self._deliver(
                replies, message.chat.id, incoming.user_id, incoming.is_private, reply_to=None
            )

    async def on_press(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        """A button press: await the bot, answer the query, edit the message, send followups."""
        query = update.callback_query
        if query is None:
            return
        with _bound(update):
            press = translate_press(query, self.now())
            if isinstance(press, Skip):
                log.info("update_ignored", reason=press.reason)
                await query.answer()
                return
            if not press.is_private and query.message is not None:
                pressed = query.message
                topic = getattr(pressed, "message_thread_id", None)
                press = dataclasses.replace(
                    press,
                    thread_id=None
                    if topic is None or not getattr(pressed, "is_topic_message", False)
                    else str(topic),
                    is_admin=self._admin_check(pressed.chat.id, query.from_user.id),
                )
            result = await self.handler.on_button(press)
            await query.answer(text=notice_text(result.notice))
            if result.edit is not None:
                await self._edit(query.message, int(press.chat_id), result.edit)
            private = query.message is None or query.message.chat.type == "private"
            await self._deliver(list(result.followups), int(press.chat_id), press.user_id, private)

    async def on_other(self, update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
        """Edited messages, channel posts, membership changes…: logged and ignored."""
        with _bound(update):
            kind = next((k for k in Update.ALL_TYPES if getattr(update, k, None)), "unknown")
            log.info("update_ignored", reason=kind)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The outermost guard: log with context, tell the user briefly when that can help."""
        error = context.error
        upd = update if isinstance(update, Update) else None
        if isinstance(error, AnswerWithheld):  # taken over mid-send: the taker answers
            return
        with _bound(upd):
            log.error(
                "telegram_update_failed",
                error_type=type(error).__name__,
                exc_info=(type(error), error, error.__traceback__) if error else None,
            )
            if upd is not None and error is not None and not_sent(error) and defer_update():
                # Telegram certainly did not take the answer (webhook mode): the update is
                # handled again — the turn is stored, so its answer is sent, by any replica.
                return
            if upd is None or not _worth_apologising(error):
                return
            if getattr(error, "retryable", False) and defer_update():
                return  # handled again in a moment (webhook mode): the real answer follows
            if upd.update_id in self._apologised:
                self._apologised.discard(upd.update_id)
                return
            # The apology must not fail the guard itself (Telegram refusing it, or the
            # database still away when its send is recorded).
            with contextlib.suppress(Exception):
                if upd.callback_query is not None:
                    lang = _app_language(upd.callback_query.from_user)
                    await upd.callback_query.answer(text=self.words(lang, SORRY))
                elif upd.message is not None and self._addressed(upd.message):
                    sorry = self.words(_app_language(upd.message.from_user), SORRY)
                    await self._send(upd.message.chat.id, Reply(sorry))

    def _admin_check(self, chat_id: int, user_id: int) -> Callable[[], Awaitable[bool]]:
        """Asks Telegram (getChatMember), when the bot needs to know, whether ``user_id`` is
        one of the group's admins."""

        async def check() -> bool:
            member = await self.app.bot.get_chat_member(chat_id, user_id)
            return member.status in ("creator", "administrator")

        return check

    def _addressed(self, message: Message) -> bool:
        if self.me is None:
            return False
        turn = translate_message(message, self.me)
        return not isinstance(turn, Skip) and turn.message.addressed

    # ---- sending ---------------------------------------------------------------------------

    async def send(self, target: Target, reply: Reply) -> None:
        """Outbound: deliver ``reply`` to ``target`` (its private chat if ``reply.private``)."""
        with structlog.contextvars.bound_contextvars(
            platform=PLATFORM, chat_id=target.chat_id, user_id=f"{PLATFORM}:{target.user_id}"
        ):
            chat_id = _chat_id(target.user_id if reply.private else target.chat_id)
            await self._order.after_answers(chat_id)
            await self._send(chat_id, reply)

    async def _send(self, chat_id: int | str, reply: Reply, **where: int | None) -> None:
        bot = self.app.bot
        for call in render_reply(reply, chat_id, **where):
            if not await may_send():  # webhook mode: taken over, or its answer already begun
                return
            sent = await getattr(bot, call.method)(**call.kwargs)
            await delivered(getattr(sent, "message_id", None))

    async def _deliver(
        self,
        replies: list[Reply],
        chat_id: int,
        user_id: str,
        is_private: bool,
        *,
        thread_id: int | None = None,
        reply_to: int | None = None,
        draft: Draft[int] | None = None,
        lang: str = "",
    ) -> None:
        """Send replies in order; private ones from a group go to the user's private chat.

        The final text of a streamed answer replaces the draft that showed it (when the draft
        showed anything). In a group the first answer replies to the asker's message, in its
        forum topic. A
        notice about a private answer is sent only once that answer got through; when the
        user has no private chat with the bot, the group is told how to open one instead.
        """
        refused = False
        for reply in replies:
            if reply.streamed and draft is not None and await draft.finish(reply.text):
                reply_to = None
                continue
            if reply.after_private:
                if is_private or refused:
                    continue
            elif reply.private and not is_private:
                try:
                    await self._send(_chat_id(user_id), reply)
                    continue
                except (Forbidden, BadRequest) as exc:
                    if isinstance(exc, BadRequest) and "chat not found" not in exc.message.lower():
                        raise
                    log.info("private_reply_refused", error=exc.message)
                    if refused or self.me is None:
                        refused = True
                        continue
                    refused, reply = True, Reply(private_chat_hint(self.me, self.words, lang))
            await self._send(chat_id, reply, thread_id=thread_id, reply_to=reply_to)
            reply_to = None

    def _draft(
        self,
        chat_id: int,
        *,
        thread_id: int | None,
        reply_to: int | None,
        on_sent: Callable[[list[int]], Awaitable[None]] | None = None,
    ) -> Draft[int]:
        """A streamed answer's messages in ``chat_id`` (the first replies to ``reply_to``);
        ``on_sent`` hears every message id shown so far, each time one is added."""
        bot = self.app.bot
        interval = self.config.stream_edit_interval_s
        assert interval is not None
        first = [reply_to]
        ids: list[int] = []

        async def send(text: str) -> int:
            if not await may_send():
                raise AnswerWithheld("this update's answer is not this process's to send")
            where = {"thread_id": thread_id, "reply_to": first[0] if first else None}
            (call,) = render_reply(Reply(text), chat_id, **where)
            try:
                sent: Message = await bot.send_message(**call.kwargs)
            except RetryAfter as exc:  # past the rate limiter's own retries
                raise Backoff(retry_after_s(exc)) from exc
            await delivered(sent.message_id)
            first.clear()  # only the first message replies to the asker
            ids.append(int(sent.message_id))
            if on_sent is not None:
                await on_sent(list(ids))
            return int(sent.message_id)

        async def edit(message_id: int, text: str) -> None:
            try:
                await bot.edit_message_text(chat_id=chat_id, message_id=message_id, text=text)
            except RetryAfter as exc:
                raise Backoff(retry_after_s(exc)) from exc
            except BadRequest as exc:
                if "not modified" not in exc.message.lower():
                    raise

        return Draft(
            send=send,
            edit=edit,
            split=split_text,
            interval_s=interval,
            clock=self._stream_clock,
            sleep=self._stream_sleep,
        )

    def _noting(
        self, incoming: IncomingMessage, chat_id: int
    ) -> Callable[[list[int]], Awaitable[None]] | None:
        """Notes a draft's messages in the draft log (never failing the stream)."""
        drafts = self.drafts
        if drafts is None or not incoming.message_id:
            return None

        async def note(ids: list[int]) -> None:
            try:
                await drafts.opened(incoming, str(chat_id), [str(i) for i in ids])
            except Exception as exc:  # the answer goes on; only its recovery is lost
                log.warning("draft_not_noted", error_type=type(exc).__name__)

        return note

    async def _finish_left_drafts(self) -> None:
        """Streamed answers a killed process left half-shown, with their "writing" marker:
        each shows the turn's committed answer, or says it was interrupted."""
        if self.drafts is None:
            return
        try:
            left = await self.drafts.left_open(PLATFORM)
        except Exception as exc:
            log.warning("drafts_not_read", error_type=type(exc).__name__)
            return
        for draft in left:
            parts = split_text(draft.answer) if draft.answer else [self.words("", INTERRUPTED)]
            for index, message_id in enumerate(draft.message_ids):
                text = parts[index] if index < len(parts) else "…"
                try:
                    await self.app.bot.edit_message_text(
                        chat_id=int(draft.chat_id), message_id=int(message_id), text=text
                    )
                except (TelegramError, ValueError) as exc:  # deleted, too old: leave it
                    log.info("draft_not_finished", error=str(exc)[:200])
            for part in parts[len(draft.message_ids) :]:
                with contextlib.suppress(TelegramError, ValueError):
                    await self._send(int(draft.chat_id), Reply(part))
            log.info("draft_finished", answered=draft.answer is not None)

    async def _edit(self, message: object, chat_id: int, text: str) -> None:
        """Show the outcome on the pressed message and remove its keyboard."""
        if not isinstance(message, Message):  # inaccessible or inline: say it anew
            await self._send(chat_id, Reply(text))
            return
        try:
            await self.app.bot.edit_message_text(
                chat_id=message.chat.id,
                message_id=message.message_id,
                text=edit_text(text),
                reply_markup=InlineKeyboardMarkup([]),
            )
        except BadRequest as exc:
            if "not modified" in exc.message.lower():
                return
            log.info("edit_failed", error=exc.message)
            await self._send(chat_id, Reply(text))

    @contextlib.asynccontextmanager
    async def _typing_if_slow(self, chat_id: int, *, enabled: bool) -> AsyncIterator[None]:
        """Show "typing…" when the block takes longer than ``typing_delay_s``: a quick answer
        needs no indicator, and it would cost a Bot API request per turn."""
        if not enabled:
            yield
            return
        started = asyncio.Event()

        async def typing() -> None:
            await asyncio.sleep(self.config.typing_delay_s)
            started.set()
            with contextlib.suppress(TelegramError):
                await self.app.bot.send_chat_action(chat_id, ChatAction.TYPING)

        task = asyncio.create_task(typing())
        try:
            yield
        finally:
            if not started.is_set():
                task.cancel()  # only while waiting: a cancelled request costs a connection
            await asyncio.gather(task, return_exceptions=True)

    async def _attach(self, incoming: IncomingMessage, file: FileRef) -> IncomingMessage:
        """Download the document (getFile) and hand it to the bot as an attachment."""
        tg_file = await self.app.bot.get_file(file.file_id)
        content = bytes(await tg_file.download_as_bytearray())
        log.info("upload_received", size=len(content))
        return dataclasses.replace(
            incoming, attachment=Attachment(file.filename, content, file.mime_type)
        )


def _chat_id(raw: str) -> int | str:
    return int(raw) if raw.lstrip("-").isdigit() else raw


def _worth_apologising(error: BaseException | None) -> bool:
    """Not when Telegram itself refused or failed: another message would fail too."""
    if isinstance(error, BadRequest):
        return True
    return not isinstance(error, Forbidden | RetryAfter | NetworkError)


@contextlib.contextmanager
def _bound(update: Update | None) -> Iterator[None]:
    """Bind platform/chat/user/update ids for this update only (PTB reuses one task)."""
    ids: dict[str, Any] = {"platform": PLATFORM}
    if update is not None:
        ids["update_id"] = update.update_id
        if update.effective_chat is not None:
            ids["chat_id"] = str(update.effective_chat.id)
        if update.effective_user is not None:
            ids["user_id"] = f"{PLATFORM}:{update.effective_user.id}"
    with structlog.contextvars.bound_contextvars(**ids):
        yield


def _app_language(user: User | None) -> str:
    """The language of a Telegram user's app (``""`` when Telegram does not say)."""
    return (user.language_code or "") if user is not None else ""
