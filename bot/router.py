"""The entry point every adapter talks to: an incoming message goes to a chat turn, a
command or "remember that …"; a button press goes to the press table."""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Protocol

import structlog

from adapters.types import (
    EDIT_MARK,
    ButtonPress,
    CommandInfo,
    IncomingMessage,
    MessageDeleted,
    PressResult,
    Reply,
    ReplyStream,
)
from bot import texts
from bot.commands import Commands
from bot.i18n import Languages, supported, t
from bot.presses import Presses
from bot.responder import OfflineResponder
from bot.turn import ChatTurn
from memory_core import Memory
from memory_core.errors import InvalidInputError

log = structlog.get_logger("bot")

MAX_MESSAGE_CHARS = 8000
_REMEMBER_PREFIXES = ("remember that ", "please remember that ", "remember: ")
#: Finds the language of a message's text: a code ("de"), or ``None`` when unsure (too short,
#: mixed). The composition root wires memory_core's detector here.


class DetectLanguage(Protocol):
    """The language of a text (ISO 639-1), or ``None`` below ``min_confidence``."""

    def __call__(self, text: str, *, min_confidence: float = ...) -> str | None: ...


#: How sure a guess must be to decide a user's first message (their language is not known
#: yet, and the app's default is no better a guess): "On habite à Nantes." (French at 0.66)
#: was answered in English. Of 8,000 English MSC persona sentences none is guessed another
#: spoken language at 0.4 or more.
FIRST_MESSAGE_CONFIDENCE = 0.4
#: ... on a sentence, not a word or two ("ok", "merci") that any language may hold.
FIRST_MESSAGE_WORDS = 3


#: "Forget that …" in the languages the bot speaks: the ``/forget`` picker for the rest (it was
#: read as a statement: "I didn't save that", or kept as a note in the user's words).
_FORGET = re.compile(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)?forget\s+(?:that|about)\s+"
    r"|^(?:bitte\s+)?vergiss(?:\s+bitte)?,?\s+(?:dass|das\s+mit)\s+"
    r"|^(?:por\s+favor,?\s+)?(?:olvida|olvídate\s+de|olvidate\s+de)\s+(?:que|lo\s+de)\s+"
    r"|^(?:s'il\s+te\s+pla[iî]t,?\s+)?oublie\s+(?:que|qu['’]|ce\s+que)\s*"
    r"|^(?:пожалуйста,?\s+)?забудь,?\s+(?:что|про|о\s+том,?\s+что)\s+",
    re.IGNORECASE,
)


def _remember_prefix(text: str) -> str:
    """The "remember that …" lead-in that makes plain text a ``/remember``, or ``""``."""
    lowered = text.lower()
    return next((p for p in _REMEMBER_PREFIXES if lowered.startswith(p)), "")


def _forget_prefix(text: str) -> str:
    """The "forget that …" lead-in that makes plain text a ``/forget``, or ``""``."""
    m = _FORGET.match(text)
    return m.group(0) if m else ""


def _is_chat_turn(text: str) -> bool:
    """Whether ``text`` (already stripped) is plain chat: not empty, a command, over-long
    or a "remember that …"; ``on_message`` handles every other case itself."""
    return (
        bool(text)
        and not text.startswith("/")
        and len(text) <= MAX_MESSAGE_CHARS
        and not _remember_prefix(text)
    )


def _command_words(text: str) -> tuple[str, str]:
    """A command's name (lower case, no slash or bot name) and what follows it."""
    head, _, arg = text.partition(" ")
    return head[1:].split("@", 1)[0].lower(), arg.strip()


class Router:
    """Routes what adapters receive; implements ``adapters.types.Handler``."""

    def __init__(
        self,
        memory: Memory,
        turn: ChatTurn,
        commands: Commands,
        presses: Presses,
        *,
        languages: Languages | None = None,
        detect_language: DetectLanguage | None = None,
    ) -> None:
        self.memory = memory
        self.turn = turn
        self.commands = commands
        self.presses = presses
        self.languages = languages or Languages()
        #: The hook for language detection (``None``: the platform's hint decides).
        self.detect_language = detect_language

    def command_menu(self) -> tuple[CommandInfo, ...]:
        """The commands the platforms offer in their menus (``bot.catalogue``)."""
        return self.commands.catalogue.menu()

    def own_words(self, text: str) -> str:
        """What of ``text`` (stripped) is the user's own words, whose language the reply
        follows: plain chat, what "remember that …" asks to keep, and what follows a command
        that takes words (``own_words`` in the catalogue: ``/remember <text>``, ``/forget …``)
        but not a memory's #id; ``""`` for anything else."""
        if _is_chat_turn(text):
            return text
        if prefix := _remember_prefix(text):
            return text[len(prefix) :]
        if text.startswith("/") and len(text) <= MAX_MESSAGE_CHARS:
            name, arg = _command_words(text)
            spec = self.commands.catalogue.get(name)
            if spec is not None and spec.own_words and not arg.lstrip("#").isdigit():
                return arg
        return ""

    async def known_language(self, user_key: str) -> bool:
        """Whether the user's language is known: noted in this process, else (a restart, or
        another replica) the language of their latest stored message, noted from now on —
        so a restart does not make a known user's next message a first one."""
        if self.languages.knows(user_key):
            return True
        stored = supported(await self.memory.user_language(user_key))
        if stored is not None:
            self.languages.note(user_key, stored)
        return stored is not None

    async def language_of(self, msg: IncomingMessage, text: str) -> str:
        """The language to answer ``msg`` in: the language of the user's own words when it is
        clear (plain chat, "remember that …", ``/remember <text>`` and the other commands that
        take words: ``own_words``), else the one the user last wrote in (this process's note,
        else their latest stored message's), else the platform's hint, else the default;
        remembered for the commands, presses and questions that follow."""
        found = None
        said = self.own_words(text)
        known = await self.known_language(msg.user_key)
        if self.detect_language is not None and said:
            first = not known
            if first and len(re.findall(r"[^\W\d_]+", said)) >= FIRST_MESSAGE_WORDS:
                found = supported(
                    self.detect_language(said, min_confidence=FIRST_MESSAGE_CONFIDENCE)
                )
            else:
                found = supported(self.detect_language(said))
        if found is not None:
            self.languages.note(msg.user_key, found)
            return found
        lang = self.languages.of(msg.user_key, msg.language)
        if not self.languages.knows(msg.user_key) and supported(msg.language) is not None:
            # Nothing written yet to go by: the app's language stands until the user writes.
            self.languages.note(msg.user_key, lang)
        return lang

    async def resolve(self, msg: IncomingMessage) -> IncomingMessage:
        """The message with its memory owner settled, once, at the door: a person linked
        across platforms reads and writes one memory whichever identity wrote."""
        return dataclasses.replace(msg, owner=await self.memory.owner_of(msg.identity))

    async def on_message(
        self, msg: IncomingMessage, stream: ReplyStream | None = None
    ) -> list[Reply]:
        """Answer one incoming message (a chat answer through ``stream`` when given)."""
        turn_id = turn_id_of(msg)
        msg = await self.resolve(msg)
        with structlog.contextvars.bound_contextvars(
            platform=msg.platform, chat_id=msg.chat_id, user_id=msg.user_key, turn_id=turn_id
        ):
            text = (msg.text or "").strip()
            if not msg.is_private and not msg.addressed:
                return await self._overheard(msg, turn_id, text)
            msg = dataclasses.replace(msg, language=await self.language_of(msg, text))
            lang = msg.language
            if _is_chat_turn(text) and not self._forget_said(msg, text):
                try:
                    return await self._chat(msg, turn_id, text, stream)
                except InvalidInputError:  # e.g. only control characters: nothing to read
                    return [Reply(t(lang, "Sorry — I couldn't read anything in that message."))]
            if msg.message_id and not await self.memory.first_delivery(msg.user_key, turn_id):
                # The platform delivered this message again: a command runs at most once.
                log.info("turn_redelivered")
                return []
            if msg.is_private:
                await self.memory.note_private_chat(msg.user_key, msg.chat_id, msg.identity)
            if text.startswith("/"):
                log.info("command_received", command=text.split()[0][:32])
                return await self.commands.dispatch(msg, turn_id)
            if not text:
                if msg.attachment is not None:
                    return [Reply(texts.usage(lang, "import"))]
                return [Reply(t(lang, "Say something, or try /help."))] if msg.is_private else []
            if len(text) > MAX_MESSAGE_CHARS:
                return [
                    Reply(
                        t(
                            lang,
                            "That message is too long for me ({length} characters; the limit "
                            "is {limit}). Could you split it up?",
                            length=len(text),
                            limit=MAX_MESSAGE_CHARS,
                        )
                    )
                ]
            return await self._remember_or_forget(msg, turn_id, text)

    def _forget_said(self, msg: IncomingMessage, text: str) -> str:
        """The "forget that …" lead-in of a private message answered offline, or ``""`` (a
        model reads a request to forget itself, with its tools' policy)."""
        offline = isinstance(self.turn.responder, OfflineResponder)
        return _forget_prefix(text) if offline and msg.is_private else ""

    async def _remember_or_forget(
        self, msg: IncomingMessage, turn_id: str, text: str
    ) -> list[Reply]:
        """ "Remember that …" is ``/remember``, "forget that …" the ``/forget`` picker."""
        forget = self._forget_said(msg, text)
        if forget:
            words = text[len(forget) :].strip().rstrip("?!. ")
            return await self.commands.dispatch(
                dataclasses.replace(msg, text=f"/forget {words}"), turn_id
            )
        prefix = _remember_prefix(text)
        assert prefix  # the other case left: "remember that …"
        return await self.commands.remember(msg, turn_id, text[len(prefix) :])

    async def _overheard(self, msg: IncomingMessage, turn_id: str, text: str) -> list[Reply]:
        """A group message not for the bot: silent, but the group's plans are the group's
        memory (once the speaker agreed) — quiet groups learn from every statement, with no
        batch to fill first. Only a changed plan speaks up: its question is the admins'."""
        if not _is_chat_turn(text):
            return []
        msg = dataclasses.replace(msg, language=await self.language_of(msg, text))
        return (await self.commands.groups.hear(msg, turn_id, text)).replies

    async def _chat(
        self, msg: IncomingMessage, turn_id: str, text: str, stream: ReplyStream | None
    ) -> list[Reply]:
        """Plain chat; in a group, a statement about the group goes to its memory first."""
        if msg.is_private:
            return await self.turn.answer(msg, turn_id, text, stream)
        heard = await self.commands.groups.hear(msg, turn_id, text)
        replies = await self.turn.answer(
            msg,
            turn_id,
            text,
            stream,
            group_statement=heard.statement,
            group_noted=heard.noted,
        )
        return [*replies, *heard.replies]

    async def on_edit(self, msg: IncomingMessage) -> list[Reply]:
        """An edited message: plain chat is learned from again (no new answer); an edited
        command is not run twice."""
        if not msg.is_private and not msg.addressed:
            return []
        text = (msg.text or "").strip()
        if not _is_chat_turn(text):
            log.info("update_ignored", reason="edited_command", platform=msg.platform)
            return []
        turn_id = turn_id_of(msg)
        msg = await self.resolve(msg)
        with structlog.contextvars.bound_contextvars(
            platform=msg.platform, chat_id=msg.chat_id, user_id=msg.user_key, turn_id=turn_id
        ):
            # What the message said before goes first (facts, episode), then the new text
            # is learned: memory follows the edit.
            original = turn_id.partition(EDIT_MARK)[0]
            await self.memory.revise_message(
                msg.user_key, original, deleted=False, at=msg.time, edit_turn_id=turn_id
            )
            try:
                await self.turn.learn_edit(msg, turn_id, text)
            except InvalidInputError:
                return []
            log.info("edit_learned")
            return []

    async def on_delete(self, deleted: MessageDeleted) -> None:
        """A deleted message: what was learned only from it is taken back (history says
        "message deleted")."""
        turn_id = f"{deleted.platform}:{deleted.chat_id}:{deleted.message_id}"
        user = (
            await self.memory.owner_of(f"{deleted.platform}:{deleted.user_id}")
            if deleted.user_id is not None
            else await self.memory.owner_of_turn(turn_id)
        )
        if user is None:
            log.info("update_ignored", reason="deleted_unknown_message", platform=deleted.platform)
            return
        with structlog.contextvars.bound_contextvars(
            platform=deleted.platform, chat_id=deleted.chat_id, user_id=user, turn_id=turn_id
        ):
            revision = await self.memory.revise_message(user, turn_id, deleted=True)
            log.info("delete_revised", changed=revision.changed)

    async def on_button(self, press: ButtonPress) -> PressResult:
        """Act on a button press (ownership and signatures are checked first)."""
        press = dataclasses.replace(press, owner=await self.memory.owner_of(press.identity))
        with structlog.contextvars.bound_contextvars(
            platform=press.platform, chat_id=press.chat_id, user_id=press.user_key
        ):
            await self.known_language(press.user_key)
            lang = self.languages.of(press.user_key, press.language)
            return await self.presses.handle(dataclasses.replace(press, language=lang))


def turn_id_of(msg: IncomingMessage) -> str:
    """The turn id of a message: stable for a platform message, so a redelivery is the
    same turn."""
    if msg.message_id:
        return f"{msg.platform}:{msg.chat_id}:{msg.message_id}"
    return f"{msg.platform}:{uuid.uuid4().hex}"
