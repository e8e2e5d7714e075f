"""Everything the bot sends unasked: conflict questions, "still true?" questions and weekly
reflections. All of it goes only to the user's private chat, never to a group."""

from __future__ import annotations

import asyncio

import structlog

from adapters.types import Outbound, Reply, Target
from bot import questions
from bot.buttons import ButtonCodec
from bot.i18n import Languages, supported
from bot.wording import first_name
from memory_core import Delivered, Memory, News
from memory_core.types import Conflict
from memory_core.values import Reflection

log = structlog.get_logger("bot.notifier")


class Notifier:
    """Delivers unsolicited messages through the platforms' senders: the engine's events
    (:class:`memory_core.Events`) land here."""

    def __init__(
        self, memory: Memory, codec: ButtonCodec, languages: Languages | None = None
    ) -> None:
        self.memory = memory
        self.codec = codec
        #: The language each user last wrote in (shared with the router).
        self.languages = languages or Languages()
        self.outbound: dict[str, Outbound] = {}

    def attach(self, platform: str, sender: Outbound) -> None:
        """Send unsolicited messages for ``platform`` through ``sender``."""
        self.outbound[platform] = sender

    async def language(self, user_id: str) -> str:
        """The language to speak to a user unasked: the one they last wrote in here, else
        (after a restart) the one their stored messages are in — the weekly reflection was
        written in it — else the default."""
        if not self.languages.knows(user_id):
            stored = supported(await self.memory.user_language(user_id))
            if stored is not None:
                return stored
        return self.languages.of(user_id)

    async def private_target(self, user_id: str) -> Target | None:
        """Where to send the user something private (their private chat, if known): a person
        linked across platforms is reached where they last wrote privately."""
        settings = await self.memory.settings(user_id)
        identity = settings.private_identity
        chat = settings.private_chat if identity is not None or settings.private_chat else None
        if identity is None:
            linked = await self.memory.linked_identities(user_id)
            if chat is not None and any(i.identity == user_id for i in linked):
                identity = user_id  # a chat noted before identities were recorded: its own
            elif linked:
                identity, chat = linked[0].identity, None
        if identity is None:
            return None
        platform, _, local = identity.partition(":")
        # Telegram's private chat id is the user id, and Discord can DM any member by id, so
        # users who never wrote privately can still be asked (delivery may still be refused).
        # Never the chat a turn came from: it may be a group.
        chat = chat or local or None
        if chat is None:
            return None
        return Target(platform, chat, local)

    async def to_identity(self, identity: str, chat_id: str, reply: Reply) -> bool:
        """Send ``reply`` to one identity's private chat (a link confirmation goes to the
        identity that asked for the code, on its own platform)."""
        platform, _, local = identity.partition(":")
        return await self.deliver(Target(platform, chat_id, local), reply)

    async def deliver(self, target: Target, reply: Reply) -> bool:
        """Send through the platform's sender; ``False`` if there is none or it failed."""
        sender = self.outbound.get(target.platform)
        if sender is None:
            return False
        try:
            await sender.send(target, reply)
        except asyncio.CancelledError:
            raise
        except Exception:  # a platform failure must not break learning
            log.exception("delivery_failed", platform=target.platform)
            return False
        return True

    async def news(self, news: News) -> Delivered:
        """Ask the user the engine's news in their private chat: each conflict, then the
        "still true?" questions (stopping at the first that cannot go); what got through."""
        asked = [c.id for c in news.conflicts if await self.ask_conflict(c)]
        return Delivered(tuple(asked), await self._ask_still_true(news))

    async def ask_conflict(self, conflict: Conflict) -> bool:
        """Send one conflict question with buttons to the user's private chat; whether it
        went (the engine records it as asked)."""
        target = await self.private_target(conflict.user_id)
        if target is None:
            log.info("conflict_not_deliverable", conflict_id=conflict.id)
            return False
        speaker = await self.memory.user_speaker(conflict.user_id)
        who = first_name(speaker) if speaker else None
        lang = self.languages.of(conflict.user_id)
        return await self.deliver(
            target, questions.conflict_reply(self.codec, conflict, lang, who=who)
        )

    async def _ask_still_true(self, news: News) -> tuple[int, ...]:
        """Ask the user's pending "still true?" questions (their next conversation)."""
        if not news.questions:
            return ()
        target = await self.private_target(news.user_id)
        if target is None:
            return ()
        asked: list[int] = []
        lang = await self.language(news.user_id)
        speaker = await self.memory.user_speaker(news.user_id)
        who = first_name(speaker) if speaker else None
        for question in news.questions:
            if not await self.deliver(
                target, questions.still_true_reply(self.codec, question, lang, who)
            ):
                break
            asked.append(question.id)
        return tuple(asked)

    async def reflection_ready(self, post: Reflection) -> str | None:
        """Send a saved reflection to the user's private chat: the chat it reached, or
        ``None`` if it cannot go yet (the engine records where it went)."""
        target = await self.private_target(post.user_id)
        if target is None:
            log.info("reflection_not_deliverable", post_id=post.id, reason="no private chat")
            return None
        if not await self.deliver(
            target, questions.reflection_reply(self.codec, post, await self.language(post.user_id))
        ):
            return None
        return target.chat_id
