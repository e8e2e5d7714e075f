"""Neutral message types shared by the bot and every platform adapter.

Adapters translate platform events into these and render these natively; the bot never sees
a Telegram or Discord object. Buttons carry an opaque ``data`` string the bot signs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Protocol

#: Puts one of an adapter's own texts (an English msgid marked with :func:`N_`) into a
#: language: ``words(lang, text)``, ``lang`` the user's app language or ``""``. The composition
#: root passes the bot's message catalogue; the default keeps the English.
Words = Callable[[str, str], str]


def english(_lang: str, text: str) -> str:
    """The default :data:`Words`: the text as written."""
    return text


def N_(text: str) -> str:
    """Marks an adapter's text for the bot's message catalogue (translated where shown)."""
    return text


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file the user sent (e.g. an edited MEMORY.md)."""

    filename: str
    content: bytes
    mime_type: str | None = None


@dataclass(frozen=True, slots=True)
class IncomingMessage:
    """One user message, platform-neutral."""

    platform: str
    chat_id: str
    user_id: str  # platform-local id; the bot scopes memory by ``platform:user_id``
    display_name: str
    text: str
    time: datetime
    is_private: bool = True
    addressed: bool = True  # mentioned, replied to, or a command (always true in private)
    message_id: str | None = None
    attachment: Attachment | None = None
    #: Delivered again because the process handling it before died mid-way (webhook inbox):
    #: if its answer was committed, that process may have died before sending it, so the
    #: stored answer is sent again rather than lost (a platform's own redelivery is not).
    resumed: bool = False
    #: The user's language as a code ("de"): the platform's hint (their app's language) or
    #: ``""``; the bot settles it (the message's own language first) before anything answers.
    language: str = ""
    #: The memory owner the bot resolved this identity to (a person linked across platforms
    #: shares one); ``""`` until the bot settled it: the identity owns its own memory.
    owner: str = ""
    #: The forum topic (Telegram's message thread) a group message was written in, or ``None``.
    thread_id: str | None = None
    #: In a group: asks the platform whether the sender is one of its admins (Telegram's
    #: getChatMember, Discord's permissions); ``None``: not known (private chats, the console).
    is_admin: Callable[[], Awaitable[bool]] | None = field(default=None, compare=False)

    @property
    def identity(self) -> str:
        """Who sent it on its platform: ``platform:id``."""
        return f"{self.platform}:{self.user_id}"

    @property
    def user_key(self) -> str:
        """The memory owner: the resolved ``owner``, else the identity ``platform:id``."""
        return self.owner or self.identity


@dataclass(frozen=True, slots=True)
class MessageDeleted:
    """The user deleted one of their messages (Discord tells bots; Telegram does not).
    ``user_id`` is ``None`` when the platform no longer says whose it was."""

    platform: str
    chat_id: str
    message_id: str
    time: datetime
    user_id: str | None = None


#: In an edit's ``message_id``: ``<message id>:edit:<unix time>`` names one edit of a message.
EDIT_MARK = ":edit:"


def edit_id(message_id: str, edited: datetime) -> str:
    """The ``message_id`` of one edit of a message (each edit is learned once)."""
    return f"{message_id}{EDIT_MARK}{int(edited.timestamp())}"


@dataclass(frozen=True, slots=True)
class Button:
    """One button: a label and opaque data handed back when it is pressed; with ``web_app``
    (a URL) it opens that page as a Telegram Mini App instead (Telegram only)."""

    label: str
    data: str
    web_app: str = ""


@dataclass(frozen=True, slots=True)
class Document:
    """A file the bot sends."""

    filename: str
    content: bytes
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Reply:
    """One message from the bot. ``private`` asks the adapter to deliver it to the user's
    private chat instead of the group it was asked in. ``after_private`` marks a notice for
    the group ("I've sent that to you privately"): sent only when the private replies
    before it were delivered (otherwise the adapter explains how to open a private chat)."""

    text: str
    buttons: tuple[tuple[Button, ...], ...] = ()
    document: Document | None = None
    private: bool = False
    after_private: bool = False
    #: The final text of the answer that went through the turn's :class:`ReplyStream`: an
    #: adapter that showed some of it replaces what it showed with this text (edits); one
    #: that showed nothing sends it like any reply.
    streamed: bool = False


class ReplyStream(Protocol):
    """Where an adapter shows an answer while the model is still writing it (Telegram and
    Discord edit one message, the console prints as it comes). The bot passes each longer
    version of the answer; the adapter decides how often to show it."""

    async def update(self, text: str) -> None:
        """The answer so far: the whole text, not a piece (a later one may also replace an
        earlier one, e.g. a fallback after a failure). Never raises for a failed display."""
        ...


@dataclass(frozen=True, slots=True)
class ButtonPress:
    """A user pressed a button on one of the bot's messages."""

    platform: str
    chat_id: str
    user_id: str
    display_name: str
    data: str
    time: datetime
    message_id: str | None = None
    #: Whether the pressed message is in the user's private chat (its edit is seen only by
    #: them); ``False``, the safe default, means a group may see the result.
    is_private: bool = False
    #: Where long work the press starts (applying a large import) reports ``(done, total)``,
    #: from any thread; ``None`` on platforms that show only the final answer.
    progress: Callable[[int, int], None] | None = field(default=None, compare=False)
    #: The presser's app language as a code ("de"), or ``""``: a hint; the language they
    #: last wrote in comes first.
    language: str = ""
    #: The memory owner the bot resolved the presser to (see ``IncomingMessage.owner``).
    owner: str = ""
    #: The forum topic of the pressed message, and whether the presser is one of the group's
    #: admins (see ``IncomingMessage``).
    thread_id: str | None = None
    is_admin: Callable[[], Awaitable[bool]] | None = field(default=None, compare=False)

    @property
    def identity(self) -> str:
        """Who pressed on their platform: ``platform:id``."""
        return f"{self.platform}:{self.user_id}"

    @property
    def user_key(self) -> str:
        """The presser as a memory owner: the resolved ``owner``, else ``platform:id``."""
        return self.owner or self.identity


@dataclass(frozen=True, slots=True)
class PressResult:
    """What to show after a press: ``edit`` replaces the message text (buttons removed);
    ``notice`` is a short toast/ephemeral answer; ``followups`` are new messages."""

    notice: str
    edit: str | None = None
    followups: tuple[Reply, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Target:
    """Where an unsolicited message goes (a user's private chat on a platform)."""

    platform: str
    chat_id: str
    user_id: str


@dataclass(frozen=True, slots=True)
class CommandOption:
    """One argument of a command, typed for the platforms that ask for it (Discord's slash
    command options): free ``text`` or an attached ``file``; ``choices`` limits the text."""

    name: str
    #: What to type there (an English msgid, translated with the adapter's ``Words``).
    description: str
    kind: Literal["text", "file"] = "text"
    required: bool = True
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CommandInfo:
    """A command as a platform's menu shows it: its name (no slash), a one-line description
    (an English msgid of at most 100 characters) and its options."""

    name: str
    description: str
    options: tuple[CommandOption, ...] = ()


class Handler(Protocol):
    """What an adapter calls: the bot."""

    def command_menu(self) -> Sequence[CommandInfo]:
        """The commands to offer in the platform's menu (Telegram's setMyCommands, Discord's
        slash commands), in menu order."""
        ...

    async def on_message(
        self, message: IncomingMessage, stream: ReplyStream | None = None
    ) -> list[Reply]:
        """Answer one message (an empty list: stay silent). With ``stream`` a chat answer may
        be shown while it is written; its final text is the reply marked ``streamed``."""
        ...

    async def on_button(self, press: ButtonPress) -> PressResult:
        """Act on a button press."""
        ...

    async def on_edit(self, message: IncomingMessage) -> list[Reply]:
        """A message the user edited (``message_id`` names this edit, see ``edit_id``): what
        the original taught is revised to the new text, without answering it again."""
        ...

    async def on_delete(self, deleted: MessageDeleted) -> None:
        """A message the user deleted: what was learned only from it is taken back."""
        ...


@dataclass(frozen=True, slots=True)
class OpenDraft:
    """A streamed answer a process left half-shown (it died mid-stream): the messages that
    show it and, when the turn's answer was committed, that answer (``None``: it never was)."""

    chat_id: str
    message_ids: tuple[str, ...]
    answer: str | None


class DraftLog(Protocol):
    """A durable note of the streamed answers on screen, so the next start can finish or
    replace what a killed process left with its "writing" marker."""

    async def opened(self, message: IncomingMessage, chat_id: str, ids: Sequence[str]) -> None:
        """The answer to ``message`` is being shown in these messages of ``chat_id``."""
        ...

    async def closed(self, message: IncomingMessage, chat_id: str) -> None:
        """Its final text (or the apology) is shown: nothing left to fix."""
        ...

    async def left_open(self, platform: str) -> list[OpenDraft]:
        """The drafts of ``platform`` never closed (each handed out once)."""
        ...


#: Sends an unsolicited message; adapters provide one per platform.
Sender = Callable[[Target, Reply], Awaitable[None]]


class Outbound(Protocol):
    """An adapter's ability to send unsolicited messages (conflicts, reflections)."""

    platform: str

    async def send(self, target: Target, reply: Reply) -> None:
        """Deliver ``reply`` to ``target``."""
        ...


class PlatformHealth:
    """Whether a platform adapter is still serving: set once when it stopped for good (a
    revoked token, a login refused), with the reason; the runner watches it. A platform can
    also be in trouble without having stopped (polling that keeps failing while the library
    retries): :meth:`trouble` says so each time, and it counts as current for
    :attr:`trouble_window_s` after the last time (the runner records it for ``doctor``)."""

    def __init__(self, trouble_window_s: float = 90.0) -> None:
        self.failed = asyncio.Event()
        self.failure: str | None = None
        self.trouble_window_s = trouble_window_s
        self._trouble: tuple[str, float] | None = None
        self._loops: dict[str, Callable[[], bool]] = {}

    def watch(self, name: str, alive: Callable[[], bool]) -> None:
        """Have readiness ask ``alive()`` whether the adapter's loop ``name`` still runs (a
        webhook's update dispatcher): while it does not, the process is not ready."""
        self._loops[name] = alive

    def stopped_loops(self) -> list[str]:
        """The watched loops that do not run now."""
        return [name for name, alive in self._loops.items() if not alive()]

    def trouble(self, reason: str) -> None:
        """Record a transient failure (the platform is retrying)."""
        self._trouble = (reason, time.monotonic())

    def troubled(self) -> str | None:
        """The reason of the latest trouble while it is current, else ``None``."""
        if self._trouble is None:
            return None
        reason, at = self._trouble
        return reason if time.monotonic() - at < self.trouble_window_s else None

    def fail(self, reason: str) -> None:
        """Record that the platform stopped for good (the first reason wins)."""
        if self.failure is None:
            self.failure = reason
        self.failed.set()
