"""The command catalogue: every slash command the bot answers, with who may see its answer and
whether it is heavy. ``Commands.dispatch`` runs only what is declared here and enforces the
declaration once, so a new command cannot forget to say what a group may see.

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

from dataclasses import dataclass
from enum import Enum


class Audience(Enum):
    """Where a command may run and where its answer goes."""

    PRIVATE_ONLY = "private_only"
    PRIVATE_REPLY = "private_reply"
    GROUP_FILTERED = "group_filtered"
    ANY = "any"


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: its name (no slash), audience, and whether it is heavy."""

    name: str
    audience: Audience
    heavy: bool = False
    #: Whether its answer can show the user's memory (the group-privacy test sends each one).
    shows_memory: bool = True


CATALOGUE: dict[str, CommandSpec] = {
    spec.name: spec
    for spec in (
        CommandSpec("start", Audience.ANY, shows_memory=False),
        CommandSpec("help", Audience.ANY, shows_memory=False),
        CommandSpec("remember", Audience.GROUP_FILTERED),
        CommandSpec("forget", Audience.PRIVATE_REPLY),  # lists matching memories as buttons
        CommandSpec("undo", Audience.GROUP_FILTERED),
        CommandSpec("restore", Audience.PRIVATE_REPLY),  # shows the restored memory
        CommandSpec("profile", Audience.PRIVATE_REPLY),
        CommandSpec("memories", Audience.PRIVATE_REPLY),
        CommandSpec("why", Audience.PRIVATE_REPLY),
        CommandSpec("export", Audience.PRIVATE_REPLY, heavy=True),
        CommandSpec("import", Audience.PRIVATE_ONLY, heavy=True),
        CommandSpec("forgetme", Audience.PRIVATE_REPLY, heavy=True),
        CommandSpec("pause", Audience.ANY, shows_memory=False),
        CommandSpec("resume", Audience.ANY, shows_memory=False),
        CommandSpec("reflections", Audience.ANY, shows_memory=False),
        CommandSpec("new", Audience.ANY, shows_memory=False),
        # Linking platforms: a code is shown and typed only in private chats.
        CommandSpec("link", Audience.PRIVATE_ONLY, shows_memory=False),
        CommandSpec("unlink", Audience.PRIVATE_ONLY, shows_memory=False),
    )
}


def spec_of(name: str) -> CommandSpec | None:
    """The declared command ``name`` (lower case, no slash), or ``None``."""
    return CATALOGUE.get(name)
