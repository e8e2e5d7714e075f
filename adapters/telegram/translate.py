"""Pure Telegram translation: updates → neutral types, neutral replies → Bot API send calls.

No I/O here. ``translate_message`` decides whether a message is a turn (and whether it is
addressed to the bot in a group), ``translate_press`` turns a callback query into a
``ButtonPress``, ``render_reply`` turns a ``Reply`` into ``sendMessage`` / ``sendDocument``
keyword arguments, and ``split_text`` cuts long texts under Telegram's 4,096-unit limit at
paragraph, line, sentence or word boundaries. Texts go out as plain text (no ``parse_mode``),
so user text containing ``_*[]()~>#+-=|{}.!`` can never cause "can't parse entities". The
adapter's own wording (hints, apologies, the command menu) lives here too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    MessageEntity,
    ReplyParameters,
    WebAppInfo,
)

from adapters.types import N_, ButtonPress, CommandInfo, IncomingMessage, Reply, Words, english

PLATFORM = "telegram"
#: Telegram measures message length in UTF-16 code units.
MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_NOTICE = 200  # answerCallbackQuery text
#: Uploads bigger than this are refused before downloading (the bot checks its own limit).
MAX_UPLOAD_BYTES = 1024 * 1024

#: What the user is told when their message can't be read (private chats only).
HINTS = {
    "forwarded": N_("I don't learn from forwarded messages — tell me in your own words."),
    "unsupported_media": N_("I can only read text (and a MEMORY.md file sent with /import)."),
}
SORRY = N_("Sorry — something went wrong on my side. Please try again.")
TOO_BIG = N_("That file is too big ({size} KB; the limit is {limit} MB).")
PRIVATE_CHAT_HINT = N_("Please start a private chat with me first: {link}")
#: What a streamed answer a restart found half-shown says when its turn was never answered.
INTERRUPTED = N_("Sorry — I was interrupted while writing this answer. Please ask again.")

#: Message kinds the bot cannot read: answered with a hint in private, ignored in groups.
_MEDIA = (
    "sticker",
    "photo",
    "voice",
    "video",
    "video_note",
    "audio",
    "animation",
    "contact",
    "location",
    "venue",
    "poll",
    "dice",
    "game",
    "story",
    "paid_media",
)


@dataclass(frozen=True, slots=True)
class BotIdentity:
    """Who the bot is on Telegram (from getMe)."""

    id: int
    username: str


@dataclass(frozen=True, slots=True)
class FileRef:
    """A document to download before the message is handed to the bot."""

    file_id: str
    filename: str
    size: int | None
    mime_type: str | None = None

    @property
    def too_big(self) -> bool:
        """Over the upload limit (refused without downloading)."""
        return self.size is not None and self.size > MAX_UPLOAD_BYTES


@dataclass(frozen=True, slots=True)
class Turn:
    """A message for the bot, with a file to fetch first if it carries one."""

    message: IncomingMessage
    file: FileRef | None = None


@dataclass(frozen=True, slots=True)
class Skip:
    """A message the bot does not see; ``hint`` asks the adapter to say it can't read it."""

    reason: str
    hint: bool = False


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One Bot API call: ``send_message`` or ``send_document`` with its keyword arguments."""

    method: Literal["send_message", "send_document"]
    kwargs: dict[str, Any] = field(default_factory=dict)


# ---- incoming ------------------------------------------------------------------------------


def translate_message(message: Message, me: BotIdentity) -> Turn | Skip:
    """A user's message as a neutral turn, or why it is skipped."""
    user = message.from_user
    if user is None or message.sender_chat is not None:
        return Skip("no_user_sender")  # channel posts, anonymous admins, linked-channel forwards
    if user.is_bot:
        return Skip("from_bot")
    private = message.chat.type == "private"
    if private and message.chat.id != user.id:
        # A private chat's id is its user's id: anything else is a forged update (webhook).
        return Skip("private_chat_mismatch")
    if message.forward_origin is not None or message.is_automatic_forward:
        return Skip("forwarded", hint=private)
    raw = message.text if message.text is not None else (message.caption or "")
    entities = (
        message.parse_entities() if message.text is not None else (message.parse_caption_entities())
    )
    file = _file_ref(message, user.id)
    if not raw.strip() and file is None:
        if any(getattr(message, kind, None) for kind in _MEDIA):
            return Skip("unsupported_media", hint=private)
        return Skip("service")
    addressed = private or is_addressed(message, entities, me)
    text = _strip_mention(raw, me) if not private else raw
    return Turn(
        IncomingMessage(
            platform=PLATFORM,
            chat_id=str(message.chat.id),
            user_id=str(user.id),
            display_name=user.full_name or user.username or str(user.id),
            text=text,
            time=_aware(message.date),
            is_private=private,
            addressed=addressed,
            message_id=str(message.message_id),
            # The user's app language: a hint until the bot knows the language they write in.
            language=user.language_code or "",
        ),
        file,
    )


def is_addressed(message: Message, entities: dict[MessageEntity, str], me: BotIdentity) -> bool:
    """In a group: the bot is mentioned, replied to, or given a command (not another bot's)."""
    reply = message.reply_to_message
    if reply is not None and reply.from_user is not None and reply.from_user.id == me.id:
        return True
    name = me.username.casefold()
    for entity, value in entities.items():
        if entity.type == MessageEntity.MENTION and value[1:].casefold() == name:
            return True
        if (
            entity.type == MessageEntity.TEXT_MENTION
            and entity.user is not None
            and entity.user.id == me.id
        ):
            return True
        if entity.type == MessageEntity.BOT_COMMAND:
            _, at, target = value.partition("@")
            if not at or target.casefold() == name:
                return True
    return False


def _strip_mention(text: str, me: BotIdentity) -> str:
    """``@membot, what's my name?`` → ``what's my name?`` (commands keep their ``@bot``)."""
    pattern = rf"(?<![\w/@])@{re.escape(me.username)}\b[,:]?\s*"
    return re.sub(pattern, "", text, flags=re.IGNORECASE).strip() or text.strip()


def _file_ref(message: Message, sender_id: int) -> FileRef | None:
    """The document on the message, or on the sender's own message an ``/import`` replies to
    (never someone else's file)."""
    doc = message.document
    reply = message.reply_to_message
    if doc is None and reply is not None:
        doc = reply.document
        own = reply.from_user is not None and reply.from_user.id == sender_id
        if doc is not None and not (own and (message.text or "").lstrip().startswith("/import")):
            doc = None
    if doc is None:
        return None
    return FileRef(doc.file_id, doc.file_name or "document", doc.file_size, doc.mime_type)


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def translate_press(query: CallbackQuery, now: datetime) -> ButtonPress | Skip:
    """A button press at ``now`` (queries carry no date) as a neutral ``ButtonPress``; game
    and data-less queries are skipped."""
    if query.data is None:
        return Skip("no_callback_data")
    user = query.from_user
    chat_id = query.message.chat.id if query.message is not None else user.id
    return ButtonPress(
        platform=PLATFORM,
        chat_id=str(chat_id),
        user_id=str(user.id),
        display_name=user.full_name or user.username or str(user.id),
        data=query.data,
        time=now,
        message_id=str(query.message.message_id) if query.message is not None else None,
        is_private=query.message is not None and query.message.chat.type == "private",
        language=user.language_code or "",
    )


# ---- outgoing ------------------------------------------------------------------------------


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """The reply's buttons as an inline keyboard (``None`` without buttons)."""
    if not reply.buttons:
        return None
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(b.label, web_app=WebAppInfo(b.web_app))
                if b.web_app
                else InlineKeyboardButton(b.label, callback_data=b.data)
                for b in row
            ]
            for row in reply.buttons
        ]
    )


def render_reply(
    reply: Reply,
    chat_id: int | str,
    *,
    thread_id: int | None = None,
    reply_to: int | None = None,
) -> list[Outgoing]:
    """The Bot API calls that deliver ``reply`` to ``chat_id`` (buttons on the last one).

    In groups, ``thread_id`` keeps the answer in the forum topic it was asked in and
    ``reply_to`` makes the first part a reply to the asker's message (who "you" is).
    """
    markup = keyboard(reply)
    text = reply.text.strip()
    where: dict[str, Any] = {"chat_id": chat_id}
    if thread_id is not None:
        where["message_thread_id"] = thread_id
    out: list[Outgoing] = []
    if reply.document is not None:
        caption = text if utf16_len(text) <= MAX_CAPTION else reply.document.caption
        if caption != text:
            out.extend(Outgoing("send_message", {**where, "text": t}) for t in split_text(text))
        document = InputFile(reply.document.content, filename=reply.document.filename)
        out.append(
            Outgoing(
                "send_document",
                {**where, "document": document, "caption": _cut(caption, MAX_CAPTION) or None},
            )
        )
    else:
        chunks = split_text(text) if text else (["…"] if markup else [])
        out.extend(Outgoing("send_message", {**where, "text": t}) for t in chunks)
    if out and reply_to is not None:
        out[0].kwargs["reply_parameters"] = ReplyParameters(
            reply_to, allow_sending_without_reply=True
        )
    if out and markup is not None:
        out[-1].kwargs["reply_markup"] = markup
    return out


def notice_text(notice: str) -> str | None:
    """A callback answer's toast text (``None`` for a silent answer)."""
    notice = notice.strip()
    return _cut(notice, MAX_NOTICE) if notice else None


def edit_text(text: str) -> str:
    """Text for editMessageText (one message: cut, not split)."""
    return _cut(text.strip() or "…", MAX_TEXT)


def command_menu(
    commands: Sequence[CommandInfo], words: Words = english, lang: str = ""
) -> list[BotCommand]:
    """The setMyCommands payload: the bot's commands, described in ``lang``."""
    return [BotCommand(c.name, words(lang, c.description)[:256]) for c in commands]


def too_big_text(size: int, words: Words = english, lang: str = "") -> str:
    """Told when an upload is refused without downloading it."""
    limit = MAX_UPLOAD_BYTES // (1024 * 1024)
    return words(lang, TOO_BIG).format(size=size // 1024, limit=limit)


def private_chat_hint(me: BotIdentity, words: Words = english, lang: str = "") -> str:
    """Told in a group when a private answer cannot be delivered."""
    return words(lang, PRIVATE_CHAT_HINT).format(link=f"t.me/{me.username}")


# ---- text splitting -----------------------------------------------------------------------


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units (Telegram's measure)."""
    return len(text.encode("utf-16-le")) // 2


#: Boundaries from strongest to weakest; group 1 is the separator dropped at the cut.
_BREAKS = (
    re.compile(r"(\n[ \t]*\n\s*)"),  # paragraphs
    re.compile(r"(\n\s*)"),  # lines
    re.compile(r"[.!?…。][\"'”’)\]]*(\s+)"),  # sentences (after closing quotes/brackets)
    re.compile(r"(\s+)"),  # words
)


def split_text(text: str, limit: int = MAX_TEXT) -> list[str]:
    """Cut ``text`` into chunks of at most ``limit`` UTF-16 units, at the strongest boundary
    (paragraph, line, sentence, word) in the last 70 % of each chunk; hard cut as a last
    resort. Whitespace at the cuts is dropped; empty text gives no chunks."""
    chunks: list[str] = []
    rest = text.strip()
    while rest:
        if utf16_len(rest) <= limit:
            chunks.append(rest)
            break
        window = _prefix(rest, limit)
        cut = _best_cut(window, floor=int(len(window) * 0.3))
        head, rest = rest[: cut[0]].rstrip(), rest[cut[1] :].lstrip()
        chunks.append(head)
    return chunks


def _prefix(text: str, limit: int) -> str:
    """The longest prefix of ``text`` within ``limit`` UTF-16 units."""
    units = 0
    for i, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            return text[:i]
    return text


def _best_cut(window: str, floor: int) -> tuple[int, int]:
    """(end of the chunk, start of the rest) for the strongest boundary past ``floor``."""
    for pattern in _BREAKS:
        last = None
        for match in pattern.finditer(window):
            if match.start(1) > floor:
                last = match
        if last is not None:
            return last.start(1), last.end(1)
    return len(window), len(window)


def _cut(text: str, limit: int) -> str:
    if utf16_len(text) <= limit:
        return text
    return _prefix(text, limit - 1).rstrip() + "…"
