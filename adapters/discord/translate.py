"""Pure Discord translation: discord.py objects to neutral types, neutral replies to send shapes.

No I/O happens here: nothing is sent, fetched or awaited. ``adapters.discord`` does the wiring
(client, command tree, persistent buttons) and calls these functions on the way in and out.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime

import discord

from adapters.types import (
    N_,
    Attachment,
    Button,
    ButtonPress,
    IncomingMessage,
    MessageDeleted,
    edit_id,
)

PLATFORM = "discord"

#: Discord refuses message content longer than this.
MESSAGE_LIMIT = 2000
#: Discord allows at most 5 action rows of 5 buttons each; labels up to 80 characters.
MAX_ROWS = 5
MAX_PER_ROW = 5
LABEL_LIMIT = 80
#: The largest attachment downloaded for ``/import`` (checked before downloading).
MAX_ATTACHMENT_BYTES = 1_000_000
TOO_BIG = N_("That file is too big — the limit is 1 MB. Send a smaller MEMORY.md.")

#: The bot's signed button data becomes the custom_id behind this prefix (limit 100 chars).
CUSTOM_ID_PREFIX = "mb:"
CUSTOM_ID_LIMIT = 100
CUSTOM_ID_TEMPLATE = r"mb:(?P<data>[A-Za-z0-9_.\-]{1,97})"

#: Mentions in anything the bot sends can never ping @everyone/@here, roles or other users;
#: replying to the person who asked may notify them.
SAFE_MENTIONS = discord.AllowedMentions(everyone=False, users=False, roles=False, replied_user=True)

#: Message types that are people talking (joins, pins, calls and the like are not).
CHAT_TYPES = frozenset({discord.MessageType.default, discord.MessageType.reply})


# ---- outgoing ----------------------------------------------------------------------------------


def split_text(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Split ``text`` into chunks of at most ``limit`` characters, preferring line breaks,
    then spaces, then a hard cut. Empty or blank text gives no chunks."""
    if limit < 2:
        raise ValueError("limit must be at least 2")
    chunks: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        cut = rest.rfind("\n", 0, limit + 1)
        if cut < limit // 2:
            cut = rest.rfind(" ", 0, limit + 1)
        if cut < limit // 2:
            cut = limit
        head = rest[:cut].rstrip()
        if head:
            chunks.append(head)
        rest = rest[cut:].lstrip()
    if rest:
        chunks.append(rest)
    return chunks


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` shortened to one message (an edit cannot be split)."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def label(text: str) -> str:
    """A button label Discord accepts (1-80 characters)."""
    return fit(" ".join(text.split()) or "…", LABEL_LIMIT)


def custom_id(data: str) -> str:
    """The Discord ``custom_id`` carrying the bot's button data."""
    value = CUSTOM_ID_PREFIX + data
    if len(value) > CUSTOM_ID_LIMIT or not re.fullmatch(CUSTOM_ID_TEMPLATE, value):
        raise ValueError("button data does not fit a Discord custom_id")
    return value


def layout(rows: Sequence[Sequence[Button]]) -> list[list[Button]]:
    """Fit the bot's button rows into Discord's 5 rows of 5.

    Rows longer than 5 wrap; with more than 5 rows the trailing rows share the last row when
    they fit there, otherwise every button is packed 5 per row (at most 25 are kept)."""
    out: list[list[Button]] = []
    for row in rows:
        out += [list(row[i : i + MAX_PER_ROW]) for i in range(0, len(row), MAX_PER_ROW)]
    if len(out) <= MAX_ROWS:
        return out
    tail = [b for row in out[MAX_ROWS - 1 :] for b in row]
    if len(tail) <= MAX_PER_ROW:
        return [*out[: MAX_ROWS - 1], tail]
    flat = [b for row in out for b in row][: MAX_ROWS * MAX_PER_ROW]
    return [flat[i : i + MAX_PER_ROW] for i in range(0, len(flat), MAX_PER_ROW)]


# ---- incoming ----------------------------------------------------------------------------------


def is_chat(message: discord.Message) -> bool:
    """A person's chat message (not a bot, webhook or system message)."""
    return not message.author.bot and message.type in CHAT_TYPES


def is_private(message: discord.Message) -> bool:
    """A DM (a message in a server whose guild is not cached yet still counts as a server)."""
    return message.guild is None and getattr(message.channel, "guild_id", None) is None


def is_addressed(message: discord.Message, me_id: int) -> bool:
    """Private, mentioning the bot, or replying to one of the bot's messages."""
    if is_private(message):
        return True
    if any(user.id == me_id for user in message.mentions):
        return True
    ref = message.reference
    resolved = ref.resolved if ref is not None else None
    return isinstance(resolved, discord.Message) and resolved.author.id == me_id


def chat_text(message: discord.Message, me_id: int) -> str:
    """The message text without the bot's own mention, other mentions shown as ``@name``."""
    text = re.sub(rf"<@!?{me_id}>", " ", message.content)
    for user in message.mentions:
        text = re.sub(rf"<@!?{user.id}>", f"@{user.display_name}", text)
    for role in message.role_mentions:
        text = text.replace(f"<@&{role.id}>", f"@{role.name}")
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def first_attachment(message: discord.Message) -> discord.Attachment | None:
    """The file sent with the message, or with the user's own message it replies to."""
    if message.attachments:
        return message.attachments[0]
    ref = message.reference
    resolved = ref.resolved if ref is not None else None
    if (
        isinstance(resolved, discord.Message)
        and resolved.author.id == message.author.id
        and resolved.attachments
    ):
        return resolved.attachments[0]
    return None


def attachment_too_big(size: int) -> bool:
    """Whether a file is over the download limit."""
    return size > MAX_ATTACHMENT_BYTES


def to_attachment(file: discord.Attachment, content: bytes) -> Attachment:
    """A downloaded Discord attachment as a neutral one."""
    return Attachment(filename=file.filename, content=content, mime_type=file.content_type)


def message_in(
    message: discord.Message, me_id: int, attachment: Attachment | None = None
) -> IncomingMessage:
    """A chat message as a neutral incoming message."""
    return IncomingMessage(
        platform=PLATFORM,
        chat_id=str(message.channel.id),
        user_id=str(message.author.id),
        display_name=message.author.display_name,
        text=chat_text(message, me_id),
        time=message.created_at,
        is_private=is_private(message),
        addressed=is_addressed(message, me_id),
        message_id=str(message.id),
        attachment=attachment,
        is_admin=None if is_private(message) else _admin_of(message.author),
    )


def _admin_of(who: object) -> Callable[[], Awaitable[bool]]:
    """Whether a server member may run the group's memory (Manage Server or Administrator)."""
    perms = getattr(who, "guild_permissions", None)
    allowed = bool(perms is not None and (perms.administrator or perms.manage_guild))

    async def check() -> bool:
        return allowed

    return check


def edit_in(message: discord.Message, me_id: int) -> IncomingMessage | None:
    """An edited chat message as a neutral incoming message named for this edit (``None``:
    not a person's edit of their text — a bot's own streaming edits, embeds unfurling)."""
    if not is_chat(message) or message.edited_at is None:
        return None
    incoming = message_in(message, me_id)
    return replace(
        incoming, message_id=edit_id(str(message.id), message.edited_at), time=message.edited_at
    )


def deleted_in(payload: discord.RawMessageDeleteEvent, now: datetime) -> MessageDeleted | None:
    """A deleted message as a neutral event (``None``: a bot's message; the author is known
    only while the message is cached)."""
    cached = payload.cached_message
    if cached is not None and not is_chat(cached):
        return None
    return MessageDeleted(
        platform=PLATFORM,
        chat_id=str(payload.channel_id),
        message_id=str(payload.message_id),
        time=now,
        user_id=str(cached.author.id) if cached is not None else None,
    )


def command_text(name: str, arg: str | None = None) -> str:
    """The ``/name args`` text the bot's command dispatcher understands."""
    arg = " ".join((arg or "").split())
    return f"/{name} {arg}" if arg else f"/{name}"


def command_in(
    interaction: discord.Interaction[discord.Client],
    name: str,
    arg: str | None = None,
    attachment: Attachment | None = None,
) -> IncomingMessage:
    """A slash command as a neutral incoming message.

    Its answers are seen by the user alone (ephemeral in a server, the DM itself otherwise),
    so it counts as private: nothing needs moving to another chat — except ``/groupmemory``
    in a server, which is about the channel's group (its answer is still seen by the user alone)."""
    in_group = name == "groupmemory" and interaction.guild_id is not None
    return IncomingMessage(
        platform=PLATFORM,
        chat_id=str(interaction.channel_id),
        user_id=str(interaction.user.id),
        display_name=interaction.user.display_name,
        text=command_text(name, arg),
        time=interaction.created_at,
        is_private=not in_group,
        is_admin=_admin_of(interaction.user) if in_group else None,
        addressed=True,
        message_id=str(interaction.id),
        attachment=attachment,
        language=locale_of(interaction),
    )


def press_in(interaction: discord.Interaction[discord.Client], data: str) -> ButtonPress:
    """A button click as a neutral button press."""
    message = interaction.message
    return ButtonPress(
        platform=PLATFORM,
        chat_id=str(interaction.channel_id),
        user_id=str(interaction.user.id),
        display_name=interaction.user.display_name,
        data=data,
        time=interaction.created_at,
        message_id=str(message.id) if message is not None else None,
        is_private=interaction.guild_id is None,
        language=locale_of(interaction),
    )


def locale_of(interaction: discord.Interaction[discord.Client]) -> str:
    """The language of the user's Discord client ("de", "en-US"), or ``""``."""
    locale = getattr(interaction, "locale", None)
    return str(getattr(locale, "value", "") or "")


def ephemeral_for(interaction: discord.Interaction[discord.Client]) -> bool:
    """Answers in a server are ephemeral (personal); in a DM they are ordinary messages."""
    return interaction.guild_id is not None
