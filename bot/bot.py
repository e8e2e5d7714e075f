"""The platform-neutral bot: one chat turn, command dispatch, button presses, notifications.

Adapters call ``on_message`` / ``on_button``; the observer calls ``on_learned`` when a turn
has been learned from, and conflicts it raised are sent to the user as their own message.
"""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, replace
from typing import Protocol

import structlog

from adapters.types import ButtonPress, IncomingMessage, PressResult, Reply, Target
from bot import injection, texts
from bot.buttons import ButtonCodec
from bot.responder import Responder, TurnContext
from memory_core.clock import Clock
from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.jobs import profile as profile_job
from memory_core.learn import resolve
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import LearnResult
from memory_core.memory import Memory
from memory_core.store import facts as fact_repo
from memory_core.store import users
from memory_core.values import SENSITIVE_CATEGORIES, SearchFilters, SearchHit

log = structlog.get_logger("bot")


class Drainable(Protocol):
    """A background worker whose queued work can be awaited."""

    async def drain(self) -> None:
        """Return when the work queued so far is done."""
        ...


MAX_MESSAGE_CHARS = 8000


@dataclass(frozen=True, slots=True)
class BotConfig:
    """Conversation settings (filled from ``Settings`` by the composition root)."""

    memory_budget_tokens: int = 500
    search_k: int = 5
    history_turns: int = 12
    min_inject_confidence: float = 0.2


_REMEMBER_PREFIXES = ("remember that ", "please remember that ", "remember: ")


def _remember_prefix(text: str) -> str:
    """The "remember that …" lead-in that makes plain text a ``/remember``, or ``""``."""
    lowered = text.lower()
    return next((p for p in _REMEMBER_PREFIXES if lowered.startswith(p)), "")


def _is_chat_turn(text: str) -> bool:
    """Whether ``text`` (already stripped) is plain chat: not empty, a command, over-long
    or a "remember that …"; ``on_message`` handles every other case itself."""
    return (
        bool(text)
        and not text.startswith("/")
        and len(text) <= MAX_MESSAGE_CHARS
        and not _remember_prefix(text)
    )


@dataclass(frozen=True, slots=True)
class _TurnReads:
    """What one chat turn reads before answering."""

    settings: users.UserSettings
    hits: list[SearchHit]
    block: injection.MemoryBlock
    history: list[tuple[str, str]]


class Bot:
    """The bot every adapter talks to."""

    def __init__(
        self,
        *,
        memory: Memory,
        observer: Observer,
        responder: Responder,
        preview: Extractor | None,
        codec: ButtonCodec,
        clock: Clock,
        config: BotConfig | None = None,
    ) -> None:
        from bot.commands import Commands  # commands need the bot; built once here
        from bot.presses import Presses

        self.memory = memory
        self.observer = observer
        self.responder = responder
        self.preview = preview
        self.codec = codec
        self.clock = clock
        self.config = config or BotConfig()
        self.senders: dict[str, object] = {}
        self.outbound: dict[str, object] = {}
        #: Other background workers ``settle()`` waits for (the scheduler's user lanes).
        self.background: list[Drainable] = []
        self.commands = Commands(self)
        self.presses = Presses(self)

    # ---- adapter entry points --------------------------------------------------------------

    async def on_message(self, msg: IncomingMessage) -> list[Reply]:
        """Answer one incoming message."""
        turn_id = _turn_id(msg)
        with structlog.contextvars.bound_contextvars(
            platform=msg.platform, chat_id=msg.chat_id, user_id=msg.user_key, turn_id=turn_id
        ):
            text = (msg.text or "").strip()
            if not msg.is_private and not msg.addressed:
                return []
            if _is_chat_turn(text):
                return [await self.chat_turn(msg, turn_id, text)]  # records the private chat
            if msg.is_private:
                await self._remember_private_chat(msg)
            if text.startswith("/"):
                log.info("command_received", command=text.split()[0][:32])
                return await self.commands.dispatch(msg, turn_id)
            if not text:
                if msg.attachment is not None:
                    return [Reply(texts.USAGE["import"])]
                return [Reply("Say something, or try /help.")] if msg.is_private else []
            if len(text) > MAX_MESSAGE_CHARS:
                return [
                    Reply(
                        f"That message is too long for me ({len(text)} characters; the "
                        f"limit is {MAX_MESSAGE_CHARS}). Could you split it up?"
                    )
                ]
            prefix = _remember_prefix(text)
            assert prefix  # the one case _is_chat_turn leaves: "remember that …"
            return await self.commands.remember(msg, turn_id, text[len(prefix) :])

    async def on_button(self, press: ButtonPress) -> PressResult:
        """Act on a button press (ownership and signatures are checked first)."""
        with structlog.contextvars.bound_contextvars(
            platform=press.platform, chat_id=press.chat_id, user_id=press.user_key
        ):
            return await self.presses.handle(press)

    # ---- a chat turn -----------------------------------------------------------------------

    async def chat_turn(self, msg: IncomingMessage, turn_id: str, text: str) -> Reply:
        """Retrieve, build the memory block, answer, commit the turn, then return the reply."""
        uid = msg.user_key
        group = not msg.is_private
        trivial = injection.is_trivial(text)
        # One trip to a reply thread reads everything the answer needs (each trip waits for
        # a thread and the GIL: under load, six of them were most of a reply's tail); the
        # offline preview runs on the loop meanwhile.
        ready, noted = await asyncio.gather(
            self.memory.run_hot(self._read_for_turn, msg, text, trivial),
            self._preview(msg, text),
        )
        if ready.settings.paused:
            noted = []
        answer = await self.responder.respond(
            TurnContext(
                user_text=text,
                user_name=msg.display_name,
                memory_block=ready.block.text,
                hits=ready.hits,
                noted=noted,
                history=ready.history,
                group=group,
            )
        )
        hits, block = ready.hits, ready.block
        # Nothing lost: the turn is durable before the user sees the answer.
        await self.observer.observe(
            Turn(
                turn_id=turn_id,
                user_id=uid,
                chat_id=msg.chat_id,
                user_text=text,
                time=msg.time,
                assistant_text=answer,
                user_name=msg.display_name,
                learn=not ready.settings.paused,
                is_group=group,
                accessed_fact_ids=tuple(h.id for h in hits),
                seen_rev=block.shown_rev,
                # For the event log (metrics), written with the turn's commit.
                memory_tokens=block.tokens,
                lexical_hits=_with_signal(hits, "lexical", not trivial),
                vector_hits=_with_signal(
                    hits, "vector", self.memory.vectors_enabled and not trivial
                ),
                best_sim=max((h.vector for h in hits if h.vector > 0), default=None),
            )
        )
        log.info(
            "turn_answered",
            memory_tokens=block.tokens,
            memory_facts=len(block.fact_ids),
            skipped_memory=trivial,
        )
        return Reply(answer)

    async def _preview(self, msg: IncomingMessage, text: str) -> list[Candidate]:
        """What the offline acknowledgement ("Noted: …") names; learning happens later."""
        if self.preview is None:
            return []
        preview = TurnInput(user_text=text, time=msg.time, user_name=msg.display_name)
        return [
            c for c in await self.preview.extract(preview) if not c.temporary and not c.sensitive
        ]

    def _read_for_turn(self, msg: IncomingMessage, text: str, trivial: bool) -> _TurnReads:
        """Settings, hits, memory block and history of one turn (on a reply thread)."""
        uid = msg.user_key
        group = not msg.is_private
        settings = self._settings(uid)
        if msg.is_private and settings.private_chat != msg.chat_id:
            self._record_private_chat(msg)
        block = injection.MemoryBlock("", 0, ())
        hits: list[SearchHit] = []
        if not trivial:
            filters = SearchFilters(exclude_categories=tuple(SENSITIVE_CATEGORIES) if group else ())
            hits = self.memory.search_blocking(uid, text, k=self.config.search_k, filters=filters)
            block = self._memory_block(uid, hits, settings.seen_rev, group)
        history = [
            (e.role, e.text)
            for e in self.memory.recent_episodes_blocking(
                uid, chat_id=msg.chat_id, limit=self.config.history_turns
            )
        ]
        return _TurnReads(settings, hits, block, history)

    def _settings(self, user_id: str) -> users.UserSettings:
        with self.memory.db.read() as conn:
            return users.get(conn, user_id)

    def _memory_block(
        self, uid: str, hits: list[SearchHit], seen_rev: int, group: bool
    ) -> injection.MemoryBlock:
        with self.memory.db.read() as conn:
            # The materialised profile (memory_core.jobs.profile); before its first build,
            # the latest facts.
            profile = profile_job.profile_facts(conn, uid)
            if profile is None:
                profile = fact_repo.list_facts(conn, uid, SearchFilters(), limit=60)
            changes = fact_repo.changes_since(conn, uid, seen_rev, limit=10)
            rev = fact_repo.current_revision(conn, uid)
        reflection = next((f.value_text for f in profile if f.kind == "reflection"), None)
        block = injection.build(
            profile_facts=[f for f in profile if f.kind == "fact"],
            hits=hits,
            changes=changes,
            since_rev=seen_rev if changes else None,
            reflection=reflection,
            group=group,
            budget_tokens=self.config.memory_budget_tokens,
            now=self.clock.now(),
            min_confidence=self.config.min_inject_confidence,
        )
        # The revision this prompt showed is recorded with the turn's commit (no extra write).
        return replace(block, shown_rev=rev if rev != seen_rev and not group else None)

    async def _remember_private_chat(self, msg: IncomingMessage) -> None:
        settings = await self.memory.run_hot(self._settings, msg.user_key)
        if settings.private_chat != msg.chat_id:  # usually equal: no write on the reply path
            await self.memory.run_hot(self._record_private_chat, msg)

    def _record_private_chat(self, msg: IncomingMessage) -> None:
        with self.memory.db.write(hot=True) as conn:
            users.set_fields(conn, msg.user_key, self.clock.now(), private_chat=msg.chat_id)

    # ---- notifications ---------------------------------------------------------------------

    async def on_learned(self, result: LearnResult) -> None:
        """Observer callback: ask the user about conflicts the turn raised."""
        for applied in result.conflicts:
            assert applied.conflict_id is not None
            conflict = await resolve.get_conflict(self.memory, result.user_id, applied.conflict_id)
            if conflict is not None:
                await self.send_conflict(conflict)

    async def send_conflict(self, conflict: resolve.Conflict) -> None:
        """Send one conflict question with buttons to the user's private chat."""
        from bot.presses import conflict_reply

        target = await self.private_target(conflict.user_id, conflict.chat_id)
        if target is None:
            log.info("conflict_not_deliverable", conflict_id=conflict.id)
            return
        reply = await conflict_reply(self, conflict)
        if await self.deliver(target, reply):
            await resolve.mark_notified(self.memory, conflict.user_id, conflict.id)

    async def private_target(self, user_id: str, fallback_chat: str | None) -> Target | None:
        """Where to send the user something private (their private chat, if known)."""
        platform, _, local = user_id.partition(":")
        settings = await asyncio.to_thread(self._settings, user_id)
        # Telegram's private chat id is the user id, and Discord can DM any member by id, so
        # users who never wrote privately can still be asked (delivery may still be refused).
        chat = settings.private_chat or (
            fallback_chat if platform == "console" else local if local else None
        )
        if chat is None:
            return None
        return Target(platform, chat, local)

    async def deliver(self, target: Target, reply: Reply) -> bool:
        """Send an unsolicited message through the platform's sender; ``False`` if none."""
        sender = self.outbound.get(target.platform)
        if sender is None:
            return False
        try:
            await sender.send(target, reply)  # type: ignore[attr-defined]
        except asyncio.CancelledError:
            raise
        except Exception:  # a platform failure must not break learning
            log.exception("delivery_failed", platform=target.platform)
            return False
        return True

    async def settle(self) -> None:
        """Wait until background work for everything so far is done (console, tests): the
        observer's learning, then per-user background jobs it triggered (consolidation)."""
        await self.observer.drain()
        for worker in self.background:
            await worker.drain()
        await self.observer.drain()
        if self.memory.vector_worker is not None:
            await self.memory.vector_worker.drain()


def _with_signal(hits: list[SearchHit], signal: str, ran: bool) -> int | None:
    """How many hits a search channel contributed (``None`` when it did not run)."""
    return sum(1 for h in hits if getattr(h, signal) > 0) if ran else None


def _turn_id(msg: IncomingMessage) -> str:
    if msg.message_id:
        return f"{msg.platform}:{msg.chat_id}:{msg.message_id}"
    return f"{msg.platform}:{uuid.uuid4().hex}"
