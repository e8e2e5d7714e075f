"""One chat turn: recall, answer, commit the turn, then hand the reply back.

Nothing is lost: the turn is durable (observed) before the user sees the answer; learning
from it happens later, in the background.

A streamed answer (an adapter that shows it while it is written, a responder that streams) is
seen in part before it is complete, so its turn is committed in two steps: the user's message
(with the recall's metrics) before the model is asked — before any of the answer is on screen —
and the complete answer after the model finished, before the reply (the final text) is handed
back to the adapter. A crash mid-stream loses no turn (the user's words are stored and learned
from; the partial answer, which was never final, is not stored) and a replayed update applies
nothing twice (both steps are keyed by the turn id).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import structlog

from adapters.types import IncomingMessage, Reply, ReplyStream
from bot.i18n import t
from bot.responder import (
    GROUP_CARE_REPLY,
    Answer,
    OfflineResponder,
    Responder,
    TurnContext,
    asks,
    greets,
)
from bot.texts import HELP_POINTER, HELP_POINTER_SOMEONE
from bot.wording import knows_user, told_name
from memory_core import Extractor, Memory, Observer, Turn, asks_to_remember
from memory_core.types import (
    Candidate,
    TurnInput,
    asked_about,
    covers,
    group_key,
    is_note,
    is_sad,
    said_clauses,
    worries_about_someone,
)
from memory_core.values import Audience, Fact, SearchHit, Topic

REDACTED = "[redacted]"

log = structlog.get_logger("bot.turn")

#: How long a question waits for its user's in-flight learning (bounded: a slow learner, an
#: LLM extractor, delays the answer at most this much).
LEARNING_WAIT_S = 0.3
#: Asks the user about one of their conflicts (the question with buttons, for their chat).
AskConflict = Callable[[IncomingMessage, int], Awaitable[list[Reply]]]


class ChatTurn:
    """Answers plain chat: the memory block in, the reply out, the turn committed between."""

    def __init__(
        self,
        memory: Memory,
        observer: Observer,
        responder: Responder,
        preview: Extractor | None,
        ask_conflict: AskConflict | None = None,
        learning_wait_s: float = LEARNING_WAIT_S,
    ) -> None:
        self.memory = memory
        self.observer = observer
        self.responder = responder
        #: The offline responder acknowledges what it noted; the LLM needs no preview.
        self.preview = preview
        #: Conflicts a memory tool opened are asked right after the reply.
        self.ask_conflict = ask_conflict
        #: How long a question waits for the user's in-flight learning.
        self.learning_wait_s = learning_wait_s

    async def answer(
        self,
        msg: IncomingMessage,
        turn_id: str,
        text: str,
        stream: ReplyStream | None = None,
        *,
        group_statement: bool = False,
        group_noted: str = "",
    ) -> list[Reply]:
        """Recall, answer, commit the turn, then return the reply (and any question a memory
        tool raised); with ``stream``, the answer is shown while it is written (see above).
        ``group_statement``: the message was about the group (``bot.groups``), kept in the
        group's memory if anywhere, so not learned as the speaker's own."""
        group = not msg.is_private
        # "Can you remember that …?" is a statement to keep, not a question to answer.
        remembering = asks_to_remember(text)
        if self.learning_wait_s > 0 and asks(text) and not remembering:
            # Consistent right after telling: "my cat is Miso" then "what's my cat's name?"
            # is answered from the statement, not from whether learning won the race.
            await self.observer.settled(msg.user_key, self.learning_wait_s)
        # The one redaction of this turn's words on their way in: the model, the recall and
        # the logs see "[redacted]" where a secret was said; the observer gets the words as
        # said and stores them redacted (see Observer), keeping an explicit /remember's.
        said = self.memory.redact(text)
        mask = _masker(self.memory.secret_values(text))
        # One trip to a reply thread reads everything the answer needs (each trip waits for
        # a thread and the GIL: under load, six of them were most of a reply's tail); the
        # offline preview runs on the loop meanwhile, and the sensitivity model reads the
        # message (rules, then meaning: one embedding on another reply thread) — for a caring
        # reply to self-harm, and so that a group hears nothing of a private message back.
        # The offline preview reads the statement first (rules, well under a millisecond):
        # the recall's trip then also says whether its keys meet something told before.
        found = await self._candidates(msg, said)
        # The offline acknowledgement of a statement ("Got it — …") reads no search hits: its
        # facts are looked up by their words only, which spares the reply a query embedding
        # (~12 ms of CPU). A question, and any message the model answers, is searched in full.
        by_meaning = not (
            found
            and isinstance(self.responder, OfflineResponder)
            and (remembering or not asks(said))
        )
        reading = asyncio.ensure_future(self.memory.read_topic(said))
        recall, preview, topic = await asyncio.gather(
            self.memory.recall(
                msg.user_key,
                said,
                chat_id=msg.chat_id,
                group=group,
                private_chat=msg.is_private,
                turn_id=turn_id if msg.message_id else None,
                identity=msg.identity,
                group_key=group_key(msg.platform, msg.chat_id, msg.thread_id) if group else None,
                keys=[c.key for c in found],
                by_meaning=by_meaning,
            ),
            self._preview(msg, found, said, reading),
            reading,
        )
        care = topic == Topic.SELF_HARM
        # Someone else at risk gets the caring reply for those worried about them; sadness with
        # no risk in it (tears every morning, grief) a warm one, never the crisis reply.
        worry = care and worries_about_someone(said)
        sad = not care and is_sad(said)
        if recall.answered:
            if msg.resumed and recall.answer:
                # The process that answered died around sending it: better twice than never.
                log.info("turn_answer_resent")
                return [Reply(recall.answer)]
            # The platform delivered the same message again (Telegram retries a webhook that
            # was slow to answer): it was answered and stored once; nothing more is sent.
            log.info("turn_redelivered")
            return []
        noted, noted_private = _said_back(
            preview[:2],
            private=group and topic is not None,
            silent=recall.settings.paused or group_statement,
        )
        hits, block = recall.hits, recall.block
        turn = turn_of(
            msg,
            turn_id,
            text,
            learn=not recall.settings.paused and not group_statement,
            # Shown to the model (the block) or found for the answer: both count as use, so
            # what is in use never fades (recorded with the turn's commit, no extra write).
            accessed_fact_ids=tuple(dict.fromkeys([*block.fact_ids, *(h.id for h in hits)])),
            seen_rev=block.shown_rev,
            # For the event log (metrics), written with the turn's commit.
            memory_tokens=block.tokens,
            lexical_hits=_with_signal(hits, "lexical", not recall.trivial),
            vector_hits=_with_signal(
                hits, "vector", self.memory.vectors_enabled and not recall.trivial and by_meaning
            ),
            best_sim=max((h.vector for h in hits if h.vector > 0), default=None),
        )
        # Self-harm said in a group gets the short caring word only (in the message's language),
        # never the model's answer: a model may repeat the member's words to the whole chat.
        group_care = care and group
        streaming = (
            stream is not None and getattr(self.responder, "streams", False) and not group_care
        )
        waiting: list[tuple[Fact, Candidate]] = []
        early = streaming or bool(
            self.preview is not None
            and turn.learn
            and noted
            and self.learning_wait_s > 0
            # A statement that meets nothing told before is learned as the preview read it:
            # the acknowledgement need not wait for learning (the reply's own time stays short).
            and any(c.key in recall.known_keys for c in noted)
        )
        if streaming:
            # The user's words are durable before any of the answer is on screen.
            await self.observer.observe(turn)
        elif early:
            # The acknowledgement says what learning made of the statement, not what the
            # preview read: the words are committed first, and learning waited for (bounded).
            said_before = [
                *recall.block.facts,
                *(h.fact for h in (*recall.hits, *recall.candidates) if h.fact is not None),
            ]
            noted, waiting = await self._learned(turn, noted, said_before)
        show = None
        if streaming and stream is not None:
            show = _masked_stream(stream, mask)
        tools = self.memory.tools(
            msg.user_key,
            Audience.GROUP if group else Audience.PRIVATE,
            turn_id=turn_id,
            chat_id=msg.chat_id,
            user_name=msg.display_name,
            user_text=text,
        )
        audience = Audience.GROUP if group else Audience.PRIVATE
        # A greeting names the user as they asked to be called (a profile read, greetings only).
        view = self.memory.view(msg.user_key, audience)
        profile = await view.profile(fresh=True) if greets(said) else None
        told = told_name(profile)
        context = TurnContext(
            user_text=said,
            user_name=msg.display_name,
            memory_block=recall.block.text,
            hits=recall.hits,
            known=recall.block.facts,
            episodes=recall.episodes,
            candidates=recall.candidates,
            noted=noted,
            history=recall.history,
            group=group,
            user_id=msg.user_key,
            tools=tools,
            stream=show,
            care=care,
            worry=worry,
            sad=sad,
            language=msg.language or "en",
            noted_private=noted_private,
            # A secret said in passing ("my password is …") is kept only when asked:
            # the reply says so, in any language, whether or not a rule read a fact.
            held_back=(preview[2] or (said != text and not remembering))
            and not (recall.settings.paused or group_statement),
            waiting=waiting,
            procedure_topic=recall.procedure_topic,
            procedures=recall.procedures,
            asks_steps=recall.asks_steps,
            about=recall.about,
            group_hits=recall.group_hits,
            group_statement=group_statement,
            group_noted=group_noted,
            remember_request=remembering,
            # Only the offline reading says what this message saved: with a model,
            # learning decides later, and "nothing noted" is no "nothing saved".
            read_offline=self.preview is not None and turn.learn,
            told_name=told,
            known_user=knows_user(profile),
        )
        answer = (
            Answer(t(msg.language or "en", GROUP_CARE_REPLY), offline=True)
            if group_care
            else await self.responder.respond(context)
        )
        # The one redaction on the way out: a secret the model repeats is masked before the
        # answer is stored or shown; a message about self-harm always carries where to find help.
        reply_text = mask(self.memory.redact(answer.text), final=True)
        if care and not group:
            pointer = HELP_POINTER_SOMEONE if worry else HELP_POINTER
            reply_text = f"{reply_text}\n\n{t(msg.language or 'en', pointer)}"
        tools.finish()  # counted for the on-demand share (and its cap)
        answered = dataclasses.replace(
            turn,
            assistant_text=reply_text,
            memory_queries=tools.queries,
            memory_query_capped=tools.capped,
        )
        # Nothing lost: the turn is durable before the user sees the (final) answer.
        if early:
            await self.observer.observe_reply(answered)
        else:
            await self.observer.observe(answered)
        log.info(
            "turn_answered",
            memory_tokens=block.tokens,
            memory_facts=len(block.fact_ids),
            skipped_memory=recall.trivial,
            offline=answer.offline,
            streamed=streaming,
        )
        replies = [Reply(reply_text, streamed=streaming)]
        if self.ask_conflict is not None:
            for conflict_id in answer.conflict_ids:
                replies += await self.ask_conflict(msg, conflict_id)
        return replies

    async def _learned(
        self, turn: Turn, noted: list[Candidate], told: list[Fact]
    ) -> tuple[list[Candidate], list[tuple[Fact, Candidate]]]:
        """Commit the turn and wait (at most ``learning_wait_s``) for what learning did with
        it: of ``noted``, what was kept, and the changes that wait for the user's
        confirmation (the fact asked about in their private chat, and what would change
        it). Not learned in time (a busy machine): the preview with the policy's guess — a
        change of a ``told`` fact the policy asks about is not acknowledged as saved (it was:
        "Got it — you moved to Lisbon", then "Which is right?")."""
        learned = await self.observer.observe_learned(turn, self.learning_wait_s)
        if learned is not None:
            return learned.outcome(noted)
        kept: list[Candidate] = []
        waiting: dict[int, tuple[Fact, Candidate]] = {}
        for cand in noted:
            old = asked_about(cand, told)
            if old is None:
                kept.append(cand)
            else:
                waiting.setdefault(old.id, (old, cand))
        values = [v for old, new in waiting.values() for v in (_value(old), new.value) if v]
        said = [c for c in (_beside(c, values) for c in kept) if c is not None]
        return said, list(waiting.values())

    async def learn_edit(self, msg: IncomingMessage, turn_id: str, text: str) -> None:
        """Commit an edited message's new text to be learned from (once per edit)."""
        settings = await self.memory.settings(msg.user_key)
        await self.observer.observe(turn_of(msg, turn_id, text, learn=not settings.paused))

    async def _candidates(self, msg: IncomingMessage, text: str) -> list[Candidate]:
        """What the offline preview reads in the message (nothing without a preview, or when
        the message is not learned from); learning happens later."""
        if self.preview is None or not self.memory.learns_from(text):
            return []
        preview = TurnInput(user_text=text, time=msg.time, user_name=msg.display_name)
        # A home said only with "now" is a change asked about, or nothing: never "noted".
        found = [
            c for c in await self.preview.extract(preview) if not c.temporary and not c.changes
        ]
        # "Three cats, not two", days later: the told fact with the new words.
        return await self.memory.with_replacements(msg.user_key, text, found)

    async def _preview(
        self,
        msg: IncomingMessage,
        found: list[Candidate],
        said: str,
        reading: Awaitable[Topic | None],
    ) -> tuple[list[Candidate], bool, bool]:
        """What the offline acknowledgement ("Got it — …") names of the preview's ``found``,
        whether something sensitive was noted too (acknowledged without repeating it), and
        whether something was left out until the user asks (money, a secret: ``/remember``).
        ``reading``: the message's own topic (``said``'s), which a note of the whole message
        shares rather than being embedded a second time."""
        if not found:
            return [], False, False
        held_back = False
        if await reading in _KEPT_ONLY_WHEN_ASKED:
            # Learning leaves these out unless asked: never acknowledged as saved.
            held = await self.memory.kept_only_when_asked(found)
            held_back = any(held)
            found = [c for c, h in zip(found, held, strict=True) if not h]
        # A note in another language is private when it reads so by meaning (the sensitivity
        # model learning uses too): "C'est noté" then, never the words said back.
        notes = [c.value_text for c in found if is_note(c.key) and not c.sensitive]
        by_meaning = iter(await self._private_notes(notes, said, reading) if msg.is_private else [])

        # The words of a private fact ("allergisch gegen Nüsse"): a note of the same sentence
        # holding them is private too, never quoted back beside "I'll keep that private".
        secret_words = [c.value.casefold() for c in found if c.sensitive and c.value]

        # A group is never told back what a member said about something private.
        def is_private(c: Candidate) -> bool:
            if c.sensitive:
                return True
            # Private text is acknowledged as private in any chat ("Noted — I'll keep that
            # private"), never said back; a note in a private chat is also read by meaning.
            read = next(by_meaning) if msg.is_private and is_note(c.key) else False
            # In a group every note stays unsaid (read by meaning only in learning).
            unsaid = not msg.is_private and is_note(c.key)
            holds = is_note(c.key) and any(w in c.value_text.casefold() for w in secret_words)
            return read or unsaid or holds or self.memory.is_private_text(c.value_text)

        private = [is_private(c) for c in found]
        return [c for c, p in zip(found, private, strict=True) if not p], any(private), held_back

    async def _private_notes(
        self, notes: list[str], said: str, reading: Awaitable[Topic | None]
    ) -> list[bool]:
        """Whether each note reads as private by meaning; a note that is the whole message
        takes the message's topic (the same model on the same words: one embedding, not two)."""
        # Without the model, notes are not read by meaning (the rules' topic is no answer here).
        whole = said in notes and self.memory.sensitivity is not None
        others = [n for n in notes if not (whole and n == said)]
        read = iter(await self.memory.private_by_meaning(others) if others else [])
        private = (await reading) is not None if whole else False
        return [private if whole and n == said else next(read) for n in notes]


#: What a message reads as when learning keeps its facts only on an explicit /remember.
_KEPT_ONLY_WHEN_ASKED = frozenset({Topic.FINANCE, Topic.CREDENTIAL, Topic.IDENTITY_DOCUMENT})


def _said_back(
    preview: tuple[list[Candidate], bool], *, private: bool, silent: bool
) -> tuple[list[Candidate], bool]:
    """What the acknowledgement may name of the preview: nothing when learning is off for the
    turn (``silent``); nothing but "kept private" when a group's message was read as private
    by meaning though no rule read a noted line so (``private``)."""
    noted, noted_private = preview
    if silent:
        return [], False
    if private and noted:
        return [], True
    return noted, noted_private


def turn_of(
    msg: IncomingMessage, turn_id: str, text: str, *, learn: bool = True, **extra: Any
) -> Turn:
    """The turn the observer commits for ``msg`` (``extra``: the answer and its metrics, or
    ``explicit`` for a ``/remember``)."""
    return Turn(
        turn_id=turn_id,
        user_id=msg.user_key,
        chat_id=msg.chat_id,
        user_text=text,
        time=msg.time,
        user_name=msg.display_name,
        learn=learn,
        is_group=not msg.is_private,
        **extra,
    )


class _Mask(Protocol):
    def __call__(self, text: str, *, final: bool = ...) -> str: ...


def _masker(secrets: tuple[str, ...]) -> _Mask:
    """Masks the secret values of this turn's message wherever an answer repeats them; on a
    partial answer (``final`` False) also holds back an ending that may be a secret's start."""
    secrets = tuple(sorted({s for s in secrets if len(s) >= 3}, key=len, reverse=True))

    def mask(text: str, *, final: bool = False) -> str:
        for secret in secrets:
            text = text.replace(secret, REDACTED)
        if not final:
            for secret in secrets:
                for size in range(min(len(secret) - 1, len(text)), 1, -1):
                    if text.endswith(secret[:size]):
                        return text[:-size]
        return text

    return mask


def _masked_stream(stream: ReplyStream, mask: _Mask) -> Callable[[str], Awaitable[None]]:
    """``stream.update`` with every version redacted before it is shown."""
    redact = Memory.redact

    async def update(text: str) -> None:
        shown = mask(redact(text)).rstrip()
        if shown:
            await stream.update(shown)

    return update


def _with_signal(hits: list[SearchHit], signal: str, ran: bool) -> int | None:
    """How many hits a search channel contributed (``None`` when it did not run)."""
    return sum(1 for h in hits if getattr(h, signal) > 0) if ran else None


def _value(fact: Fact) -> str | None:
    """A fact's slot value ("Berlin"), when it has one."""
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return value if isinstance(value, str) else None


def _beside(cand: Candidate, values: list[str]) -> Candidate | None:
    """A note of a line that also says a change asked about (``values``: its two sides), as
    learning keeps it: without the clauses that say the change ("Wir sind nach Lyon gezogen
    und ich habe dort als Bäcker angefangen" → "ich habe dort als Bäcker angefangen");
    ``None`` when every clause says it (learning holds such a note back)."""
    if not values or not is_note(cand.key):
        return cand
    words = (cand.source_excerpt or cand.value_text).strip().rstrip(".!")
    parts = said_clauses(words)
    rest = [p for p in parts if not any(covers(v, p) for v in values)]
    if not rest:
        return None
    if len(rest) == len(parts):
        return cand  # another sentence of the message
    return dataclasses.replace(cand, source_excerpt=", ".join(rest))
