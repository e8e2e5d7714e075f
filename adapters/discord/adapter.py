"""The Discord adapter: wires a discord.py client, its slash-command tree and persistent buttons
to the bot.

Every callback is thin — bind log context, translate (``adapters.discord.translate``), await the
bot, send. Slash commands become ``/name args`` messages for the bot's dispatcher; buttons carry
the bot's signed data in their ``custom_id`` and are routed by a ``DynamicItem`` template, so
buttons sent before a restart still work. Answers slower than ``defer_after`` seconds are
deferred (Discord drops interactions not answered within 3 s) and sent as follow-ups. A chat
answer from the language model is shown while it is written (``adapters.streaming.Draft``): one
message edited at most every ``stream_edit_interval_s`` (discord.py waits out 429s itself),
continued in a new message past 2,000 characters. Slash commands never carry a chat turn, so
their answers are not streamed. The
commands, the button and the client and tree classes are declared in ``adapters.discord.commands``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

import discord
import structlog

from adapters.discord import translate as tr
from adapters.discord.commands import (
    AdapterTree,
    DescriptionTranslator,
    Interaction,
    PressButton,
    build_client,
    build_commands,
    build_view,
)
from adapters.ordering import ChatOrder
from adapters.streaming import DEFAULT_INTERVAL_S, Draft
from adapters.types import (
    N_,
    DraftLog,
    Handler,
    IncomingMessage,
    PlatformHealth,
    PressResult,
    Reply,
    Target,
    Words,
    english,
)

log = structlog.get_logger("adapters.discord")
T = TypeVar("T")

#: Discord drops an interaction not answered within 3 s; defer before that.
DEFER_AFTER_S = 2.0
SORRY = N_("Sorry — something went wrong on my side. Please try again in a moment.")
#: What a streamed answer a restart found half-shown says when its turn was never answered.
INTERRUPTED = N_("Sorry — I was interrupted while writing this answer. Please ask again.")
DONE = N_("Done.")
DMS_CLOSED = N_(
    "I wanted to send you that privately, but I can't DM you. Allow direct messages from "
    "server members, or use the slash command (only you see its answer)."
)


@dataclass(frozen=True, slots=True)
class DiscordConfig:
    """How to connect: the bot token, a guild to sync commands to instantly (testing), and
    this process's shards (``shard_ids`` of ``shard_count``; ids unset: all of them; count
    unset: no sharding)."""

    token: str
    test_guild: int | None = None
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None

    @property
    def syncs_commands(self) -> bool:
        """Slash commands are registered by one process only: the one that runs shard 0
        (which also receives every DM), or the only one."""
        return self.shard_ids is None or 0 in self.shard_ids


class DiscordAdapter:
    """Runs the Discord client on the shared event loop and is Discord's outbound sender."""

    platform = tr.PLATFORM

    def __init__(
        self,
        handler: Handler,
        config: DiscordConfig,
        *,
        defer_after: float = DEFER_AFTER_S,
        stream_edit_interval_s: float | None = DEFAULT_INTERVAL_S,
        stream_clock: Callable[[], float] = time.monotonic,
        stream_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        words: Words = english,
        menu_languages: tuple[str, ...] = (),
        drafts: DraftLog | None = None,
    ) -> None:
        self.handler = handler
        self.config = config
        #: The adapter's own texts (apologies, refusals) in the user's client language.
        self.words = words
        #: Languages whose users see the slash commands described in their own (Discord's
        #: per-locale descriptions); others see the English ones.
        self.menu_languages = menu_languages
        #: Streamed answers on screen, noted durably (see ``adapters.types.DraftLog``).
        self.drafts = drafts
        self.defer_after = defer_after
        #: Edits of a streamed answer at most this often; ``None``: answers are sent whole.
        self.stream_edit_interval_s = stream_edit_interval_s
        #: What is sent unasked to a DM (a conflict question) goes after the answers being
        #: given there: never above the reply that introduces it.
        self._order = ChatOrder()
        self._stream_clock = stream_clock
        self._stream_sleep = stream_sleep
        self.client = build_client(self, config.shard_count, config.shard_ids)
        self.tree = AdapterTree(self.client)
        for command in build_commands(self.run_command, handler.command_menu()):
            self.tree.add_command(command)
        self.client.add_dynamic_items(PressButton)
        self._task: asyncio.Task[None] | None = None
        self._synced = asyncio.Event()
        self._inflight: set[asyncio.Task[Any]] = set()
        self._accepting = True
        self.health = PlatformHealth()

    # ---- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Log in, sync commands, and connect in a background task; returns once logged in
        (a bad token raises here)."""
        self._task = asyncio.create_task(self._run(), name="discord-client")
        synced = asyncio.create_task(self._synced.wait())
        await asyncio.wait({self._task, synced}, return_when=asyncio.FIRST_COMPLETED)
        if self._task.done():
            synced.cancel()
            self._task.result()
            return
        self._task.add_done_callback(self._client_ended)

    async def _run(self) -> None:
        async with self.client:
            await self.client.start(self.config.token)

    def _client_ended(self, task: asyncio.Task[None]) -> None:
        """The client task ended: unless we are stopping, Discord is gone for good."""
        reason = _log_client_end(task)
        if self._accepting:
            self.health.fail(reason or "the Discord connection ended")

    async def stop(self) -> None:
        """Stop taking events, let in-flight turns finish, then close the client."""
        self._accepting = False
        try:
            await self.drain()
        finally:  # even when the caller's shutdown timeout cuts the drain short
            await self.client.close()
            if self._task is not None:
                if not self._task.done():  # e.g. sleeping before a reconnect attempt
                    self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._task

    async def drain(self) -> None:
        """Wait until every event being handled has been answered."""
        while self._inflight:
            await asyncio.wait(set(self._inflight))

    async def sync_commands(self) -> None:
        """Register the slash commands: instantly in the test guild when one is set, else
        globally (Discord may take up to an hour to show global changes). With shards over
        several processes, only the one running shard 0 does."""
        guild = discord.Object(id=self.config.test_guild) if self.config.test_guild else None
        if not self.config.syncs_commands:
            log.info("discord_commands_sync_skipped", shards=list(self.config.shard_ids or ()))
            self._synced.set()
            return
        try:
            await self.tree.set_translator(DescriptionTranslator(self.words, self.menu_languages))
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("discord_commands_synced", count=len(synced), guild=self.config.test_guild)
        except discord.HTTPException as exc:
            log.error(
                "discord_commands_sync_failed",
                status=exc.status,
                error=exc.text[:200],
                hint="invite the bot with the applications.commands scope",
            )
        finally:
            self._synced.set()

    @contextlib.contextmanager
    def _handling(self, **ids: object) -> Iterator[None]:
        """Log context and in-flight tracking for one event."""
        task = asyncio.current_task()
        if task is not None:
            self._inflight.add(task)
        try:
            with structlog.contextvars.bound_contextvars(platform=self.platform, **ids):
                yield
        finally:
            if task is not None:
                self._inflight.discard(task)

    # ---- chat ----------------------------------------------------------------------------------

    async def on_message(self, message: discord.Message) -> None:
        """A DM, or a server message (the bot answers when mentioned or replied to)."""
        me = self.client.user
        if me is None or not self._accepting or not tr.is_chat(message):
            return
        with self._handling(
            chat_id=str(message.channel.id),
            user_id=str(message.author.id),
            message_id=str(message.id),
        ):
            async with self._order.answering(message.channel.id):
                draft: Draft[discord.Message] | None = None
                noted: list[IncomingMessage] = []
                try:
                    # In a server the first answer replies to the message; private ones go to DMs.
                    in_server = not tr.is_private(message)
                    reference = message if in_server else None
                    if self.stream_edit_interval_s is not None and tr.is_addressed(message, me.id):
                        draft = self._draft(
                            message.channel,
                            reference,
                            self.stream_edit_interval_s,
                            self._noting(tr.message_in(message, me.id, None), noted),
                        )
                    replies = await self._within_deadline(
                        self._chat(message, me.id, draft), message.channel.typing
                    )
                    refused = False
                    for reply in replies:
                        if reply.streamed and draft is not None and await draft.finish(reply.text):
                            reference = None
                            continue
                        if reply.after_private and (refused or not in_server):
                            continue  # the private answer did not get through (or was no DM)
                        if reply.private and in_server:
                            refused = refused or not await self._send_dm(message, reply, refused)
                            continue
                        await self._send(message.channel, reply, reference=reference)
                        reference = None
                except Exception as exc:  # the outermost guard of a platform handler
                    log.exception("discord_message_failed", error_type=type(exc).__name__)
                    with contextlib.suppress(discord.HTTPException):
                        # Part of the answer on screen: the apology takes its place.
                        sorry = self.words("", SORRY)
                        if draft is None or not draft.started or not await draft.finish(sorry):
                            await message.channel.send(sorry, allowed_mentions=tr.SAFE_MENTIONS)

                finally:
                    if noted and self.drafts is not None:
                        with contextlib.suppress(Exception):  # noting never fails a turn
                            await self.drafts.closed(noted[0], str(message.channel.id))

    def _noting(
        self, incoming: IncomingMessage, noted: list[IncomingMessage]
    ) -> Callable[[str, list[discord.Message]], Awaitable[None]] | None:
        """Notes a draft's messages in the draft log (never failing the stream)."""
        drafts = self.drafts
        if drafts is None or not incoming.message_id:
            return None

        async def note(chat_id: str, sent: list[discord.Message]) -> None:
            try:
                await drafts.opened(incoming, chat_id, [str(m.id) for m in sent])
                noted[:] = [incoming]
            except Exception as exc:  # the answer goes on; only its recovery is lost
                log.warning("draft_not_noted", error_type=type(exc).__name__)

        return note

    async def finish_left_drafts(self) -> None:
        """Streamed answers a killed process left half-shown, with their "writing" marker:
        each shows the turn's committed answer, or says it was interrupted."""
        if self.drafts is None:
            return
        try:
            left = await self.drafts.left_open(self.platform)
        except Exception as exc:
            log.warning("drafts_not_read", error_type=type(exc).__name__)
            return
        for draft in left:
            parts = tr.split_text(draft.answer) if draft.answer else [self.words("", INTERRUPTED)]
            channel = self.client.get_partial_messageable(int(draft.chat_id))
            for index, message_id in enumerate(draft.message_ids):
                text = parts[index] if index < len(parts) else "…"
                try:
                    await channel.get_partial_message(int(message_id)).edit(
                        content=text, allowed_mentions=tr.SAFE_MENTIONS
                    )
                except (discord.HTTPException, ValueError) as exc:  # deleted: leave it
                    log.info("draft_not_finished", error=str(exc)[:200])
            for part in parts[len(draft.message_ids) :]:
                with contextlib.suppress(discord.HTTPException, ValueError):
                    await channel.send(part, allowed_mentions=tr.SAFE_MENTIONS)
            log.info("draft_finished", answered=draft.answer is not None)

    async def on_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """A person edited a message the bot learned from: memory follows the new text (no
        new answer; each edit once)."""
        me = self.client.user
        if me is None or not self._accepting:
            return
        incoming = tr.edit_in(payload.message, me.id)
        if incoming is None:
            return
        with self._handling(
            chat_id=incoming.chat_id, user_id=incoming.user_id, message_id=incoming.message_id
        ):
            try:
                await self.handler.on_edit(incoming)
            except Exception as exc:  # the outermost guard of a platform handler
                log.exception("discord_edit_failed", error_type=type(exc).__name__)

    async def on_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A message was deleted: what was learned only from it is taken back."""
        if not self._accepting:
            return
        deleted = tr.deleted_in(payload, datetime.now(UTC))
        if deleted is None:
            return
        with self._handling(chat_id=deleted.chat_id, message_id=deleted.message_id):
            try:
                await self.handler.on_delete(deleted)
            except Exception as exc:  # the outermost guard of a platform handler
                log.exception("discord_delete_failed", error_type=type(exc).__name__)

    async def _send_dm(self, message: discord.Message, reply: Reply, told: bool) -> bool:
        """DM ``reply``; when DMs are closed, say so in the channel (once: ``told``)."""
        try:
            await self._send(message.author, reply)
        except discord.Forbidden:
            log.info("discord_dm_refused")
            if not told:
                closed = Reply(self.words("", DMS_CLOSED))
                await self._send(message.channel, closed, reference=message)
            return False
        return True

    async def _chat(
        self, message: discord.Message, me_id: int, draft: Draft[discord.Message] | None = None
    ) -> list[Reply]:
        attachment = None
        # A file is read only in a DM: /import (the one command that takes one) is
        # private-only, and a server's file is nobody's business here.
        readable = tr.is_addressed(message, me_id) and tr.is_private(message)
        file = tr.first_attachment(message) if readable else None
        if file is not None and tr.attachment_too_big(file.size):
            if tr.chat_text(message, me_id).startswith("/import"):
                return [Reply(self.words("", tr.TOO_BIG))]
        elif file is not None:
            attachment = tr.to_attachment(file, await file.read())
        incoming = tr.message_in(message, me_id, attachment)
        if draft is None:
            return await self.handler.on_message(incoming)
        return await self.handler.on_message(incoming, stream=draft)

    def _draft(
        self,
        channel: discord.abc.Messageable,
        reference: discord.Message | None,
        interval_s: float,
        on_sent: Callable[[str, list[discord.Message]], Awaitable[None]] | None = None,
    ) -> Draft[discord.Message]:
        """A streamed answer's messages in ``channel`` (the first replies to ``reference``);
        ``on_sent`` hears every message shown so far, each time one is added."""
        first = [reference]
        shown: list[discord.Message] = []

        async def send(text: str) -> discord.Message:
            kwargs: dict[str, Any] = {"reference": first[0]} if first and first[0] else {}
            sent = await channel.send(text, allowed_mentions=tr.SAFE_MENTIONS, **kwargs)
            first.clear()
            shown.append(sent)
            if on_sent is not None:
                await on_sent(str(sent.channel.id), list(shown))
            return sent

        async def edit(sent: discord.Message, text: str) -> None:
            await sent.edit(content=text, allowed_mentions=tr.SAFE_MENTIONS)

        return Draft(
            send=send,
            edit=edit,
            split=tr.split_text,
            interval_s=interval_s,
            clock=self._stream_clock,
            sleep=self._stream_sleep,
        )

    # ---- slash commands ------------------------------------------------------------------------

    async def run_command(
        self,
        interaction: Interaction,
        name: str,
        arg: str | None,
        file: discord.Attachment | None,
    ) -> None:
        """One slash command: the bot answers it as ``/name arg`` (ephemeral in a server)."""
        with self._handling(**_ids(interaction), command=name):
            try:
                ephemeral = tr.ephemeral_for(interaction)
                if file is not None and tr.attachment_too_big(file.size):
                    refusal = Reply(self.words(tr.locale_of(interaction), tr.TOO_BIG))
                    await self._answer(interaction, [refusal], ephemeral)
                    return

                async def work() -> list[Reply]:
                    attachment = None
                    if file is not None:
                        attachment = tr.to_attachment(file, await file.read())
                    return await self.handler.on_message(
                        tr.command_in(interaction, name, arg, attachment)
                    )

                replies = await self._within_deadline(
                    work(), lambda: _deferred(interaction, ephemeral=ephemeral, thinking=True)
                )
                await self._answer(interaction, replies, ephemeral)
            except Exception as exc:  # the outermost guard of a platform handler
                await self.report_error(interaction, exc)

    async def _answer(
        self, interaction: Interaction, replies: list[Reply], ephemeral: bool
    ) -> None:
        sent = False
        for reply in replies:
            sent = await self._send_interaction(interaction, reply, ephemeral) or sent
        if not sent:
            done = Reply(self.words(tr.locale_of(interaction), DONE))
            await self._send_interaction(interaction, done, ephemeral)

    # ---- buttons -------------------------------------------------------------------------------

    async def on_press(self, interaction: Interaction, data: str) -> None:
        """A button click: the bot decides (and refuses anyone but the owner); the message is
        edited to show the outcome, a refusal is answered only to the presser."""
        with self._handling(**_ids(interaction)):
            try:
                result = await self._within_deadline(
                    self.handler.on_button(tr.press_in(interaction, data)),
                    lambda: _deferred(interaction),
                )
                await self._show_press(interaction, result)
            except Exception as exc:  # the outermost guard of a platform handler
                await self.report_error(interaction, exc)

    async def _show_press(self, interaction: Interaction, result: PressResult) -> None:
        done = interaction.response.is_done()
        if result.edit is not None:
            text = tr.fit(result.edit)
            if done:
                await interaction.edit_original_response(
                    content=text, view=None, allowed_mentions=tr.SAFE_MENTIONS
                )
            else:
                await interaction.response.edit_message(
                    content=text, view=None, allowed_mentions=tr.SAFE_MENTIONS
                )
        elif result.notice:
            await self._send_interaction(interaction, Reply(result.notice), ephemeral=True)
        elif not done:
            await interaction.response.defer()
        ephemeral = tr.ephemeral_for(interaction)
        for reply in result.followups:
            await self._send_interaction(interaction, reply, ephemeral)

    # ---- errors --------------------------------------------------------------------------------

    async def report_error(self, interaction: Interaction, error: Exception) -> None:
        """The one handler for failures in commands and buttons: log with context, answer
        the user briefly and only to them."""
        original = getattr(error, "original", error)
        command = getattr(interaction.command, "name", None)
        with structlog.contextvars.bound_contextvars(
            platform=self.platform, **_ids(interaction), **({"command": command} if command else {})
        ):
            log.error(
                "discord_interaction_failed", error_type=type(original).__name__, exc_info=original
            )
            try:
                sorry = self.words(tr.locale_of(interaction), SORRY)
                await self._send_interaction(interaction, Reply(sorry), ephemeral=True)
            except discord.HTTPException as exc:
                log.warning("discord_error_reply_failed", status=exc.status)

    # ---- sending -------------------------------------------------------------------------------

    async def send(self, target: Target, reply: Reply) -> None:
        """An unsolicited message (a conflict question, a reflection): a DM to the user."""
        with structlog.contextvars.bound_contextvars(
            platform=self.platform, user_id=target.user_id, chat_id=target.chat_id
        ):
            channel = await self.client.create_dm(discord.Object(id=int(target.user_id)))
            await self._order.after_answers(channel.id)
            await self._send(channel, reply)

    async def _send(
        self,
        dest: discord.abc.Messageable,
        reply: Reply,
        *,
        reference: discord.Message | None = None,
    ) -> None:
        """Send one reply as one or more messages; buttons and file go on the last one."""
        chunks = _chunks(reply)
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            kwargs = _extras(reply) if last else {}
            if index == 0 and reference is not None:
                kwargs["reference"] = reference
            await dest.send(chunk or None, allowed_mentions=tr.SAFE_MENTIONS, **kwargs)

    async def _send_interaction(
        self, interaction: Interaction, reply: Reply, ephemeral: bool
    ) -> bool:
        """Answer an interaction: the first message is the response, the rest follow-ups."""
        chunks = _chunks(reply)
        for index, chunk in enumerate(chunks):
            last = index == len(chunks) - 1
            kwargs = _extras(reply) if last else {}
            if not interaction.response.is_done():
                await interaction.response.send_message(
                    chunk or None, ephemeral=ephemeral, allowed_mentions=tr.SAFE_MENTIONS, **kwargs
                )
            else:
                await interaction.followup.send(
                    chunk, ephemeral=ephemeral, allowed_mentions=tr.SAFE_MENTIONS, **kwargs
                )
        return bool(chunks)

    async def _within_deadline(
        self,
        work: Awaitable[T],
        slow: Callable[[], contextlib.AbstractAsyncContextManager[Any]],
    ) -> T:
        """Await ``work``; when it takes longer than ``defer_after``, finish it inside
        ``slow()`` (a deferral, or a typing indicator)."""
        task = asyncio.ensure_future(work)
        try:
            return await asyncio.wait_for(asyncio.shield(task), self.defer_after)
        except TimeoutError:
            async with slow():
                return await task


def _chunks(reply: Reply) -> list[str]:
    chunks = tr.split_text(reply.text)
    if not chunks and (reply.buttons or reply.document is not None):
        return [""]
    return chunks


def _extras(reply: Reply) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    view = build_view(reply.buttons)
    if view is not None:
        extras["view"] = view
    if reply.document is not None:
        extras["file"] = discord.File(
            io.BytesIO(reply.document.content), filename=reply.document.filename
        )
    return extras


@contextlib.asynccontextmanager
async def _deferred(
    interaction: Interaction, *, ephemeral: bool = False, thinking: bool = False
) -> AsyncIterator[None]:
    """Acknowledge the interaction now; the answer follows as a follow-up or an edit."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    yield


def _ids(interaction: Interaction) -> dict[str, str]:
    return {
        "chat_id": str(interaction.channel_id),
        "user_id": str(interaction.user.id),
        "interaction_id": str(interaction.id),
    }


def _log_client_end(task: asyncio.Task[None]) -> str | None:
    """Log why the client task ended; returns the reason when it failed."""
    if task.cancelled():
        return None
    exc = task.exception()
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        log.error(
            "discord_stopped",
            error_type=type(exc).__name__,
            hint="enable the Message Content intent in the Developer Portal (Bot page)",
        )
    elif exc is not None:
        log.error("discord_stopped", error_type=type(exc).__name__, error=str(exc)[:200])
    return None if exc is None else f"Discord stopped: {type(exc).__name__}"
