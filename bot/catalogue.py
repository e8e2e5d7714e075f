"""The command catalogue: the one table of slash commands. Each entry says who may see the
command's answer, whether it is heavy, how it is described and what it takes; from it come
``/help``, the Telegram menu (setMyCommands), Discord's slash commands and the dispatch
(``Commands.dispatch`` runs only what is declared here and enforces the declaration once, so a
new command cannot forget to say what a group may see). A new command is one entry here and
one handler (a ``cmd_<name>`` method of ``bot.commands.Commands``, or the entry's ``run``).

Audiences:

- ``PRIVATE_ONLY`` — runs only in the user's private chat. In a group the bot says "send that
  to me in a private chat" and reads nothing of the message (``/import``'s file is never
  opened there).
- ``PRIVATE_REPLY`` — runs anywhere, but its answer always goes to the user's private chat;
  the group only hears "I've sent that to you in a private chat".
- ``GROUP_FILTERED`` — answered where asked; in a group the user's memory is seen through the
  group's view (nothing sensitive, no secret in clear).
- ``ANY`` — shows no memory at all (help, switches).

Heavy commands (a whole memory at once: import, export, erasure) are limited per user: one in
flight, and a few per hour (``bot.quotas``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum

from adapters.types import CommandInfo, CommandOption, IncomingMessage, Reply
from bot.i18n import N_, t
from bot.wording import first_name
from memory_core import UserView


class Audience(Enum):
    """Where a command may run and where its answer goes."""

    PRIVATE_ONLY = "private_only"
    PRIVATE_REPLY = "private_reply"
    GROUP_FILTERED = "group_filtered"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class Call:
    """One command call: the message, its turn id, the argument, and the user's memory as
    the reply's audience may see it (a personal command's reply goes to the private chat)."""

    msg: IncomingMessage
    turn_id: str
    arg: str
    view: UserView

    @property
    def uid(self) -> str:
        """The caller as a memory owner."""
        return self.msg.user_key

    @property
    def lang(self) -> str:
        """The language to answer in."""
        return self.msg.language or "en"

    @property
    def who(self) -> str | None:
        """The caller's first name (how stored facts may name them)."""
        return first_name(self.msg.display_name)


#: A command's handler when it is not a ``Commands.cmd_<name>`` method.
Run = Callable[[Call], Awaitable[list[Reply]]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: its name (no slash), audience, whether it is heavy, and how the menus and
    ``/help`` show it (``summary`` and ``args`` are msgids, translated where shown)."""

    name: str
    audience: Audience
    #: One line for /help, the Telegram menu and Discord (at most 100 characters).
    summary: str = ""
    #: /help's hint of what follows the command ("<text>"); empty: nothing.
    args: str = ""
    #: What the command takes, typed (Discord asks for each in its own field).
    options: tuple[CommandOption, ...] = ()
    heavy: bool = False
    #: Whether its answer can show the user's memory (the group-privacy test sends each one).
    shows_memory: bool = True
    #: Offered in /help and the platforms' menus (/start is not: the platforms send it).
    listed: bool = True
    #: The handler; ``None``: the ``cmd_<name>`` method of ``bot.commands.Commands``.
    run: Run | None = None
    #: What its handler says when it is used wrongly (``texts.usage``); empty: nothing.
    usage: str = ""
    #: Whether what follows it is the user's own words (``/remember <text>``): the reply is in
    #: their language where it is clear, as plain chat's is (``bot.router``).
    own_words: bool = False

    @property
    def info(self) -> CommandInfo:
        """The command as the platforms' menus show it."""
        return CommandInfo(self.name, self.summary, self.options)

    def help_line(self, lang: str) -> str:
        """Its line in /help, in ``lang`` (a private-only one says so)."""
        head = f"/{self.name} {t(lang, self.args)}" if self.args else f"/{self.name}"
        line = f"{head} — {t(lang, self.summary)}"
        if self.audience == Audience.PRIVATE_ONLY:
            line += " " + t(lang, PRIVATE_CHAT)
        return line


#: Said after a private-only command in /help.
PRIVATE_CHAT = N_("(in a private chat)")
#: /help's first lines, before the command list.
HELP_INTRO = N_(
    "I'm membot — I remember what you tell me, across conversations.\n\n"
    "Talk to me normally, or use:"
)


class Catalogue:
    """The commands in menu order: looked up by name, listed for /help and the menus; a
    command can be added (a plug-in, or a test) and removed again."""

    def __init__(self, specs: Iterable[CommandSpec]) -> None:
        self._specs: dict[str, CommandSpec] = {}
        for spec in specs:
            self.add(spec)

    def add(self, spec: CommandSpec) -> None:
        """Declare ``spec`` (a name is declared once; a listed one needs a summary)."""
        if spec.name in self._specs:
            raise ValueError(f"/{spec.name} is declared twice")
        if spec.name != spec.name.lower() or not spec.name.isidentifier():
            raise ValueError(f"bad command name {spec.name!r} (lower-case letters, digits, _)")
        if spec.listed and not 0 < len(spec.summary) <= 100:
            raise ValueError(f"/{spec.name} needs a summary of 1-100 characters")
        for option in spec.options:  # Discord's limits
            if not option.name.isidentifier() or option.name != option.name.lower():
                raise ValueError(f"/{spec.name}: bad option name {option.name!r}")
            if not 0 < len(option.description) <= 100:
                raise ValueError(f"/{spec.name} {option.name}: a description of 1-100 characters")
        self._specs[spec.name] = spec

    def remove(self, name: str) -> None:
        """Forget the command ``name``."""
        del self._specs[name]

    def get(self, name: str) -> CommandSpec | None:
        """The declared command ``name`` (lower case, no slash), or ``None``."""
        return self._specs.get(name)

    def __iter__(self) -> Iterator[CommandSpec]:
        return iter(self._specs.values())

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def names(self) -> list[str]:
        """Every declared name, in menu order."""
        return list(self._specs)

    def menu(self) -> tuple[CommandInfo, ...]:
        """The listed commands as the platforms' menus show them."""
        return tuple(spec.info for spec in self if spec.listed)

    def help_text(self, lang: str) -> str:
        """/help: the introduction and one line per listed command, in ``lang``."""
        lines = [spec.help_line(lang) for spec in self if spec.listed]
        return "\n".join([t(lang, HELP_INTRO), *lines])


def _text(name: str, description: str, *, required: bool = True) -> CommandOption:
    return CommandOption(name, description, required=required)


CATALOGUE = Catalogue(
    (
        CommandSpec("start", Audience.ANY, shows_memory=False, listed=False),
        CommandSpec("help", Audience.ANY, N_("What I can do"), shows_memory=False),
        CommandSpec(
            "remember",
            Audience.GROUP_FILTERED,
            N_("Remember something exactly as you say it"),
            N_("<text>"),
            (_text("text", N_("What I should remember")),),
            usage=N_("Usage: /remember <what I should remember>"),
            own_words=True,
        ),
        CommandSpec(  # lists matching memories as buttons
            "forget",
            Audience.PRIVATE_REPLY,
            N_("Pick memories to forget"),
            N_("<text or #id>"),
            (_text("what", N_("Words from the memory, or its #id")),),
            usage=N_("Usage: /forget <words from the memory, or its #id>"),
            own_words=True,
        ),
        CommandSpec("profile", Audience.PRIVATE_REPLY, N_("What I know about you")),
        CommandSpec(
            "memories",
            Audience.PRIVATE_REPLY,
            N_("List or search your memories"),
            N_("[search]"),
            (
                _text(
                    "search",
                    N_("Words to search for, or web for a link to your memory page"),
                    required=False,
                ),
            ),
            own_words=True,
        ),
        CommandSpec(
            "why",
            Audience.PRIVATE_REPLY,
            N_("When and where I learned something"),
            N_("<topic>"),
            (_text("topic", N_("What you want to know about, or a memory's #id")),),
            usage=N_("Usage: /why <what you want to know about>"),
            own_words=True,
        ),
        # Private reply: what was undone may be private, and a group that heard "(private)
        # (removed)" learned there was something (and how much); it hears the same words always.
        CommandSpec("undo", Audience.PRIVATE_REPLY, N_("Revert my last change to your memory")),
        CommandSpec(  # shows the restored memory
            "restore",
            Audience.PRIVATE_REPLY,
            N_("Bring back a memory that faded"),
            "<#id>",
            (_text("memory", N_("The #id of a faded memory (/memories lists them)")),),
            usage=N_("Usage: /restore <#id of a faded memory> (/memories lists them under Faded)"),
        ),
        CommandSpec(
            "export", Audience.PRIVATE_REPLY, N_("Download your memory as MEMORY.md"), heavy=True
        ),
        CommandSpec(
            "import",
            Audience.PRIVATE_ONLY,
            N_("Send back an edited MEMORY.md"),
            options=(
                CommandOption("file", N_("Your edited MEMORY.md (at most 1 MB)"), kind="file"),
            ),
            heavy=True,
            usage=N_(
                "Attach your edited MEMORY.md to /import (Telegram: send the file with the "
                "caption /import; Discord: the file option; console: /import PATH)."
            ),
        ),
        CommandSpec("pause", Audience.ANY, N_("Stop learning from our chat"), shows_memory=False),
        CommandSpec("resume", Audience.ANY, N_("Start learning again"), shows_memory=False),
        CommandSpec("new", Audience.ANY, N_("Start a new conversation"), shows_memory=False),
        CommandSpec(
            "reflections",
            Audience.ANY,
            N_("Weekly summaries on or off"),
            "on|off",
            (CommandOption("state", N_("Turn them on or off"), choices=("on", "off")),),
            shows_memory=False,
            usage=N_("Usage: /reflections on|off"),
        ),
        # Linking platforms: a code is shown and typed only in private chats.
        CommandSpec(
            "link",
            Audience.PRIVATE_ONLY,
            N_("Use one memory on Telegram and Discord"),
            options=(
                _text(
                    "code",
                    N_("The code I gave you on your other platform (empty: get a code)"),
                    required=False,
                ),
            ),
            shows_memory=False,
            usage=N_(
                "Usage: /link gives you a code; send /link CODE to me in a private chat on "
                "your other platform."
            ),
        ),
        CommandSpec(
            "unlink",
            Audience.PRIVATE_ONLY,
            N_("Stop sharing memory with your other platforms"),
            shows_memory=False,
        ),
        # The group's own memory: shown in its chat only, never a person's memory.
        CommandSpec(
            "groupmemory",
            Audience.GROUP_FILTERED,
            N_("In a group: what the group asked me to keep"),
            options=(
                _text(
                    "action",
                    N_("Empty: show it; forget <#id>; on or off (your consent)"),
                    required=False,
                ),
            ),
        ),
        CommandSpec(
            "forgetme",
            Audience.PRIVATE_REPLY,
            N_("Delete everything I know about you"),
            heavy=True,
        ),
    )
)


def spec_of(name: str) -> CommandSpec | None:
    """The declared command ``name`` (lower case, no slash), or ``None``."""
    return CATALOGUE.get(name)
