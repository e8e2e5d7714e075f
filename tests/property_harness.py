"""The bot driven end to end for the stateful property test (``tests/test_properties.py``).

A real runtime (SQLite file, offline rules, no embedder, the scheduler and the observer
running) on a ``ManualClock``, three console users who talk in private and in one group, and
a record of everything the bot said during one step, with who could read it. The vocabulary
gives every user their own words (cities, pets, foods, illnesses, PINs, passwords), so a
leak is a substring search.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import structlog
from pydantic import SecretStr
from pysqlite3 import dbapi2 as sqlite3
from structlog.typing import Processor

from adapters.types import (
    Attachment,
    Button,
    ButtonPress,
    IncomingMessage,
    PressResult,
    Reply,
    Target,
)
from bot.app import Runtime, build_runtime
from bot.buttons import Action, ButtonCodec, Verdict
from bot.config import Settings
from memory_core.clock import ManualClock
from memory_core.values import Fact, SearchFilters, Status

T = TypeVar("T")

START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
PLATFORM = "console"
#: Every user also has an identity on a second platform, which they may link to their console
#: one (``/link``): apart, the two are two memories; linked, one.
SECOND = "telegram"
PRIVATE_CHAT = "console"
GROUP_CHAT = "group-1"
USERS = ("ana", "ben", "cid")
BUTTON_SECRET = "k" * 32

# ---- vocabulary ------------------------------------------------------------------------------

PLAIN, SENSITIVE, SECRET = "plain", "sensitive", "secret"


@dataclass(frozen=True, slots=True)
class Statement:
    """One thing a user can tell the bot: its text, the marker word in it, and its class."""

    kind: str
    text: str
    marker: str
    klass: str


_TEMPLATES = (
    ("city", "I live in {}", PLAIN),
    ("pet", "my cat is called {}", PLAIN),
    ("food", "I like {}", PLAIN),
    ("allergy", "I'm allergic to {}", SENSITIVE),
    ("condition", "I have {}", SENSITIVE),
    ("medication", "I take {}", SENSITIVE),
    ("pin", "my PIN is {}", SECRET),
    ("password", "my password is {}", SECRET),
    # Special categories (GDPR Art. 9/10) and secrets as people say them (issue 22).
    ("faith", "I'm a practising {}", SENSITIVE),
    ("vote", "I always vote {}", SENSITIVE),
    ("orientation", "I'm {} but my family doesn't know", SENSITIVE),
    ("record", "I was arrested for {} in 2018", SENSITIVE),
    ("webmail", "lol my gmail pw is {}, don't tell anyone", SECRET),
    ("door", "door code is {}", SECRET),
)
#: Each user's own words: nobody else ever says them, so finding one in what another user
#: sees is a leak. (No marker is a substring of another or of the bot's fixed texts.)
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "ana": {
        "city": ("Porto", "Lisbon"),
        "pet": ("Whiskers", "Pumpkin"),
        "food": ("sushi", "paella"),
        "allergy": ("peanuts",),
        "condition": ("asthma", "eczema"),
        "medication": ("insulin",),
        "pin": ("4821", "4930"),
        "password": ("Zebra7Quill", "Harbor5Lantern"),
        "faith": ("Buddhist",),
        "vote": ("Labour",),
        "orientation": ("bisexual",),
        "record": ("shoplifting",),
        "webmail": ("sunshine99",),
        "door": ("four seven seven one",),
    },
    "ben": {
        "city": ("Oslo", "Bergen"),
        "pet": ("Biscuit", "Marbles"),
        "food": ("ramen", "tacos"),
        "allergy": ("shellfish",),
        "condition": ("diabetes", "psoriasis"),
        "medication": (),
        "pin": ("7364", "7150"),
        "password": ("Mango3Tulip", "Glacier8Violin"),
        "faith": ("Lutheran",),
        "vote": ("Republican",),
        "orientation": ("pansexual",),
        "record": ("burglary",),
        "webmail": ("moonbeam42",),
        "door": ("two nine five eight",),
    },
    "cid": {
        "city": ("Kyoto", "Osaka"),
        "pet": ("Noodle", "Juniper"),
        "food": ("lasagna", "falafel"),
        "allergy": ("penicillin",),
        "condition": ("epilepsy", "insomnia"),
        "medication": (),
        "pin": ("5293", "5817"),
        "password": ("Cobalt9Fern", "Saffron4Kettle"),
        "faith": ("Hindu",),
        "vote": ("Democrat",),
        "orientation": ("demisexual",),
        "record": ("vandalism",),
        "webmail": ("stardust77",),
        "door": ("six one three zero",),
    },
}


def statements(user: str) -> list[Statement]:
    """Everything ``user`` can say about themselves."""
    return [
        Statement(kind, template.format(word), word, klass)
        for kind, template, klass in _TEMPLATES
        for word in WORDS[user][kind]
    ]


STATEMENTS = {u: statements(u) for u in USERS}
MARKERS = {u: frozenset(s.marker for s in STATEMENTS[u]) for u in USERS}
KLASS = {s.marker: s.klass for u in USERS for s in STATEMENTS[u]}
OWNER = {m: u for u in USERS for m in MARKERS[u]}
KIND = {s.marker: s.kind for u in USERS for s in STATEMENTS[u]}
ALL_MARKERS = frozenset(OWNER)
#: Words a user may hand to /forget besides their markers.
FORGET_WORDS = ("cat", "PIN", "password", "live", "allergic", "like")
QUESTIONS = (
    "where do I live?",
    "what do you know about me?",
    "what is my cat called?",
    "what am I allergic to?",
    "what is my PIN?",
    "what is my password?",
    "what is my door code?",
    "what do I like?",
    "where does Ben live?",
    "what do you know about Ana?",
    "what is Cid's PIN?",
)


def markers_in(text: str, among: Iterable[str] = ALL_MARKERS) -> set[str]:
    """The markers ``text`` contains (case-insensitive)."""
    low = text.casefold()
    return {m for m in among if m.casefold() in low}


def is_private(target: Target) -> bool:
    """A message to ``target`` is read by its user alone: the console's private chat, or a
    chat whose id is the user's own (a direct message where the private chat is not known
    yet, as Telegram's private chat id is the user id)."""
    return target.chat_id in (PRIVATE_CHAT, target.user_id)


def user_key(user: str, platform: str = PLATFORM) -> str:
    """The identity of a user on a platform (on the console: their memory owner id, always,
    as links are asked for there)."""
    return f"{platform}:{user}"


def private_chat(platform: str, user: str) -> str:
    """A user's private chat on ``platform`` (the second platform's is the user's id)."""
    return PRIVATE_CHAT if platform == PLATFORM else user


# ---- what the bot said ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Output:
    """Something the bot showed: to ``user`` (a private chat, or a group message answering
    them when ``group``), with where it came from."""

    user: str
    group: bool
    text: str
    source: str
    platform: str = PLATFORM


@dataclass(frozen=True, slots=True)
class HeldButton:
    """A button the bot gave a user (its data, label, whether it sat in a private chat, and
    the platform it was shown on)."""

    owner: str
    label: str
    data: str
    private: bool
    platform: str = PLATFORM


def reply_text(reply: Reply) -> str:
    """All the text a reply shows: body, button labels and an attached document."""
    parts = [reply.text]
    parts += [b.label for row in reply.buttons for b in row]
    if reply.document is not None:
        parts.append(reply.document.caption)
        parts.append(reply.document.content.decode("utf-8", "replace"))
    return "\n".join(parts)


class RecordingSender:
    """A platform's outbound side: records every unasked message."""

    def __init__(self, platform: str = PLATFORM, sent: list[tuple[Target, Reply]] | None = None):
        self.platform = platform
        self.sent: list[tuple[Target, Reply]] = [] if sent is None else sent

    async def send(self, target: Target, reply: Reply) -> None:
        """Record one message."""
        self.sent.append((target, reply))


@dataclass
class StepLog:
    """What one step showed and handed out."""

    outputs: list[Output] = field(default_factory=list)
    buttons: list[HeldButton] = field(default_factory=list)
    unasked: list[tuple[Target, Reply]] = field(default_factory=list)
    said: list[str] = field(default_factory=list)  # what users wrote (texts, files)


class Harness:
    """One fresh bot on a temp directory, driven synchronously from a hypothesis machine."""

    def __init__(self, processors: Sequence[Processor] = ()) -> None:
        # Logs go to ``processors`` only (quiet and cheap); restored by ``close``.
        self._log_config = structlog.get_config()
        structlog.configure(processors=[structlog.contextvars.merge_contextvars, *processors])
        self.dir = Path(tempfile.mkdtemp(prefix="membot-prop-"))
        self.db = self.dir / "membot.db"
        self.clock = ManualClock(START)
        self.loop = asyncio.new_event_loop()
        self.sender = RecordingSender()
        self.codec = ButtonCodec(BUTTON_SECRET.encode(), now=self.clock.now)
        self._msg = 0
        #: Everything sent to the bot so far, one line each (failures quote it: a race that
        #: does not replay can still be read).
        self.trail: list[str] = []
        settings = Settings(  # type: ignore[call-arg]
            _env_file=None,
            db=self.db,
            embedder="none",
            jobs_poll_s=0.01,
            jobs_jitter_s=0,
            button_secret=SecretStr(BUTTON_SECRET),
            background_nice=0,  # the test waits for background work: no lower priority
        )
        self.runtime: Runtime = build_runtime(
            settings, db=self.db, clock=self.clock, embedder=None, observer_poll_s=0.01
        )
        self.runtime.attach(PLATFORM, self.sender)
        # The second platform's unasked messages land in the same record.
        self.runtime.attach(SECOND, RecordingSender(SECOND, self.sender.sent))
        self.run(self.runtime.start())
        self.raw = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        self.log = StepLog()

    # ---- plumbing ----------------------------------------------------------------------------

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on this harness's loop."""
        return self.loop.run_until_complete(coro)

    def close(self) -> None:
        """Stop the bot, close the loop, remove the files."""
        try:
            self.raw.close()
            self.run(self.runtime.stop())
        finally:
            self.loop.close()
            shutil.rmtree(self.dir, ignore_errors=True)
            structlog.configure(**self._log_config)

    def begin(self) -> StepLog:
        """Start recording a new step."""
        self.log = StepLog()
        self.sender.sent.clear()
        return self.log

    def settle(self) -> None:
        """Let background work finish, then collect what was sent unasked meanwhile."""
        self.run(self.runtime.settle())
        for target, reply in self.sender.sent:
            user = target.user_id
            group = not is_private(target)
            self.log.unasked.append((target, reply))
            self._record(user, group, reply, "unasked", target.platform)
        self.sender.sent.clear()

    def _record(
        self, user: str, group: bool, reply: Reply, source: str, platform: str = PLATFORM
    ) -> None:
        self.log.outputs.append(Output(user, group, reply_text(reply), source, platform))
        for row in reply.buttons:
            for b in row:
                self.log.buttons.append(HeldButton(user, b.label, b.data, not group, platform))

    # ---- talking -------------------------------------------------------------------------------

    def message(
        self,
        user: str,
        text: str,
        *,
        group: bool = False,
        addressed: bool = True,
        attachment: Attachment | None = None,
        platform: str = PLATFORM,
    ) -> tuple[str, list[Reply]]:
        """Send one message (the clock moves a minute); returns its turn id and the replies."""
        self.clock.advance(minutes=1)
        self._msg += 1
        self.log.said.append(text)
        if attachment is not None:
            self.log.said.append(attachment.content.decode("utf-8", "replace"))
        chat = GROUP_CHAT if group else private_chat(platform, user)
        where = "private" if not group else "group" if addressed else "group, unaddressed"
        on = "" if platform == PLATFORM else f" on {platform}"
        self.trail.append(
            f"{user}{on} ({where}): {text!r}" + (" + MEMORY.md" if attachment else "")
        )
        msg = IncomingMessage(
            platform=platform,
            chat_id=chat,
            user_id=user,
            display_name=user.capitalize(),
            text=text,
            time=self.clock.now(),
            is_private=not group,
            addressed=addressed,
            message_id=str(self._msg),
            attachment=attachment,
        )
        replies = self.run(self.runtime.router.on_message(msg))
        for reply in replies:
            self._record(user, group and not reply.private, reply, f"reply to {text!r}", platform)
        return f"{platform}:{chat}:{self._msg}", replies

    def press(
        self,
        user: str,
        button: Button | HeldButton,
        *,
        private: bool,
        platform: str | None = None,
    ) -> PressResult:
        """Press a button as ``user`` (the clock moves a few seconds), on the platform it was
        shown on unless told."""
        self.clock.advance(seconds=5)
        platform = platform or str(getattr(button, "platform", PLATFORM))
        press = ButtonPress(
            platform=platform,
            chat_id=private_chat(platform, user) if private else GROUP_CHAT,
            user_id=user,
            display_name=user.capitalize(),
            data=button.data,
            time=self.clock.now(),
            is_private=private,
        )
        on = "" if platform == PLATFORM else f" on {platform}"
        self.trail.append(
            f"{user}{on} presses {button.label!r} ({'private' if private else 'group'})"
        )
        result: PressResult = self.run(self.runtime.router.on_button(press))
        shown = "\n".join(x for x in (result.notice, result.edit or "") if x)
        self.log.outputs.append(
            Output(user, not private, shown, f"press {button.label!r}", platform)
        )
        for follow in result.followups:
            group = not private and not follow.private
            self._record(user, group, follow, "press followup", platform)
        return result

    def decode(self, owner: str, data: str) -> Action | None:
        """The action behind a button its owner holds (``None`` if it does not verify): sent
        for their console memory, or their second platform's own."""
        for key in (user_key(owner), user_key(owner, SECOND)):
            verdict, action = self.codec.decode(key, data)
            if verdict in (Verdict.OK, Verdict.EXPIRED) or action:
                return action
        return None

    def owner_of(self, user: str, platform: str) -> str:
        """The memory owner the bot resolves ``user``'s identity on ``platform`` to."""
        return self.run(self.runtime.memory.owner_of(user_key(user, platform)))

    # ---- reading the store ---------------------------------------------------------------------

    def facts(self, user: str) -> list[Fact]:
        """Every fact of ``user`` (any status but purged), newest first."""
        filters = SearchFilters(statuses=tuple(Status))
        return self.run(self.runtime.memory.list_facts(user_key(user), filters, limit=10000))

    def sql(self, query: str, *args: object) -> list[tuple[object, ...]]:
        """A read-only query on the database file. (Through the bot's own SQLite library: a
        second copy of SQLite in the process, like the stdlib's, does not share its POSIX
        locks, and closing its file descriptor drops the bot's locks — the file corrupts.)"""
        rows: list[tuple[object, ...]] = self.raw.execute(query, args).fetchall()
        return rows
