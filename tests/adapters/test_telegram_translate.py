"""Pure Telegram translation: updates → neutral messages, replies → send calls, text splitting."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from telegram import InlineKeyboardMarkup, Update

from adapters.telegram.translate import (
    MAX_TEXT,
    BotIdentity,
    Skip,
    Turn,
    command_menu,
    edit_text,
    notice_text,
    render_reply,
    split_text,
    translate_message,
    translate_press,
    utf16_len,
)
from adapters.types import Button, Document, Reply
from bot.catalogue import CATALOGUE
from bot.commands import Commands
from devtools.fake_telegram import FakeTelegram, TgChat

ME = BotIdentity(123456, "membot_test_bot")
NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.fixture
def tg() -> FakeTelegram:
    """The fake server as an update factory (not started: nothing is served)."""
    return FakeTelegram()


def last(tg: FakeTelegram) -> Update:
    update = Update.de_json(tg.pushed[-1][1], None)
    assert update is not None
    return update


def turn_of(tg: FakeTelegram) -> Turn | Skip:
    message = last(tg).message
    assert message is not None
    return translate_message(message, ME)


def incoming(tg: FakeTelegram) -> Any:
    turn = turn_of(tg)
    assert isinstance(turn, Turn), turn
    return turn.message


# ---- incoming messages ---------------------------------------------------------------------


def test_private_text_is_an_addressed_turn(tg: FakeTelegram) -> None:
    alice = tg.user(
        101,
        "Alice",
        "alice",
    )
    tg.send_text(alice, "I live in Paris")
    msg = incoming(tg)
    assert (msg.platform, msg.chat_id, msg.user_id, msg.user_key) == (
        "telegram",
        "101",
        "101",
        "telegram:101",
    )
    assert msg.is_private and msg.addressed and msg.text == "I live in Paris"
    assert msg.display_name == "Alice" and msg.message_id == "1"
    assert msg.time.tzinfo is not None


def test_group_messages_are_addressed_only_by_mention_reply_or_command(tg: FakeTelegram) -> None:
    bob, group = tg.user(102, "Bob"), tg.group()
    tg.send_text(bob, "I like tea", group)
    assert not incoming(tg).addressed and not incoming(tg).is_private
    tg.send_text(bob, "@MEMBOT_test_bot, I like tea", group)
    assert incoming(tg).addressed and incoming(tg).text == "I like tea"
    tg.send_text(bob, "I like tea @membot_test_bot", group)
    assert incoming(tg).addressed and incoming(tg).text == "I like tea"
    tg.send_text(bob, "@someone_else I like tea", group)
    assert not incoming(tg).addressed
    bot_msg = {
        "message_id": 50,
        "date": 1,
        "chat": group.as_json(),
        "from": tg.bot.as_json(),
        "text": "Noted.",
    }
    tg.send_text(bob, "and coffee", group, reply_to=bot_msg)
    assert incoming(tg).addressed
    other = {**bot_msg, "from": tg.user(7, "Eve").as_json()}
    tg.send_text(bob, "and coffee", group, reply_to=other)
    assert not incoming(tg).addressed
    for command, addressed in [
        ("/profile", True),
        ("/profile@membot_test_bot", True),
        ("/profile@other_bot", False),
    ]:
        tg.send_text(bob, command, group)
        assert incoming(tg).addressed is addressed, command
        assert incoming(tg).text == command


def test_a_text_mention_of_the_bot_addresses_it(tg: FakeTelegram) -> None:
    bob, group = tg.user(102, "Bob"), tg.group()
    mention = {"type": "text_mention", "offset": 0, "length": 6, "user": tg.bot.as_json()}
    tg.message(bob, group, text="membot, hi", entities=[mention])
    assert incoming(tg).addressed


def test_entity_offsets_are_utf16(tg: FakeTelegram) -> None:
    bob, group = tg.user(102, "Bob"), tg.group()
    tg.send_text(bob, "😀😀 @membot_test_bot hi", group)
    assert incoming(tg).addressed and incoming(tg).text == "😀😀 hi"


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        (
            {
                "sticker": {
                    "file_id": "s",
                    "file_unique_id": "s",
                    "type": "regular",
                    "width": 1,
                    "height": 1,
                    "is_animated": False,
                    "is_video": False,
                }
            },
            "unsupported_media",
        ),
        (
            {"photo": [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]},
            "unsupported_media",
        ),
        ({"voice": {"file_id": "v", "file_unique_id": "v", "duration": 1}}, "unsupported_media"),
        (
            {
                "text": "hi",
                "forward_origin": {"type": "hidden_user", "date": 1, "sender_user_name": "X"},
            },
            "forwarded",
        ),
        ({"new_chat_members": [{"id": 5, "is_bot": False, "first_name": "N"}]}, "service"),
        ({"left_chat_member": {"id": 5, "is_bot": False, "first_name": "N"}}, "service"),
        (
            {
                "pinned_message": {
                    "message_id": 3,
                    "date": 0,
                    "chat": {"id": 101, "type": "private"},
                }
            },
            "service",
        ),
    ],
)
def test_unreadable_messages_are_skipped_with_a_hint_only_in_private(
    tg: FakeTelegram, fields: dict[str, Any], reason: str
) -> None:
    alice, group = tg.user(101, "Alice"), tg.group()
    tg.message(alice, **fields)
    private = turn_of(tg)
    assert isinstance(private, Skip) and private.reason == reason
    assert private.hint is (reason != "service")
    tg.message(alice, group, **fields)
    in_group = turn_of(tg)
    assert isinstance(in_group, Skip) and in_group.reason == reason and not in_group.hint


def test_senders_that_are_not_people_are_skipped(tg: FakeTelegram) -> None:
    helper, group = tg.user(9, "Helper", "helper_bot", is_bot=True), tg.group()
    tg.send_text(helper, "@membot_test_bot hi", group)
    assert turn_of(tg) == Skip("from_bot")
    alice = tg.user(101, "Alice")
    tg.message(alice, group, text="as the group", sender_chat=group.as_json())
    assert turn_of(tg) == Skip("no_user_sender")


def test_a_photo_caption_is_the_text(tg: FakeTelegram) -> None:
    alice = tg.user(101, "Alice")
    photo = [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]
    tg.message(alice, caption="I live in Madrid", photo=photo)
    assert incoming(tg).text == "I live in Madrid"


def test_a_private_chat_that_is_not_the_senders_own_is_refused(tg: FakeTelegram) -> None:
    """A forged update: "from" Alice in a private chat whose id is not hers."""
    alice = tg.user(101, "Alice")
    tg.send_text(alice, "/memories", chat=TgChat(202, "private"))
    skip = turn_of(tg)
    assert isinstance(skip, Skip) and skip.reason == "private_chat_mismatch"


def test_import_replying_to_someone_elses_document_takes_no_file(tg: FakeTelegram) -> None:
    alice, bob = tg.user(101, "Alice"), tg.user(102, "Bob")
    group = tg.group()
    doc = tg.send_document(bob, "MEMORY.md", b"- Bob's things\n", chat=group)
    tg.send_text(alice, "/import@membot_test_bot", chat=group, reply_to=doc)
    turn = turn_of(tg)
    assert isinstance(turn, Turn) and turn.file is None


def test_documents_are_referenced_for_import(tg: FakeTelegram) -> None:
    alice = tg.user(101, "Alice")
    doc = tg.send_document(alice, "MEMORY.md", b"- x\n", caption="/import")
    turn = turn_of(tg)
    assert isinstance(turn, Turn) and turn.file is not None
    assert turn.message.text == "/import" and turn.file.filename == "MEMORY.md"
    assert not turn.file.too_big
    tg.send_document(alice, "big.md", b"", file_size=2 * 1024 * 1024)
    big = turn_of(tg)
    assert isinstance(big, Turn) and big.file is not None and big.file.too_big
    tg.send_text(alice, "/import", reply_to=doc)
    reply = turn_of(tg)
    assert isinstance(reply, Turn) and reply.file is not None
    assert reply.file.file_id == doc["document"]["file_id"]
    tg.send_text(alice, "what is this?", reply_to=doc)
    plain = turn_of(tg)
    assert isinstance(plain, Turn) and plain.file is None


def test_a_callback_query_becomes_a_button_press(tg: FakeTelegram) -> None:
    alice = tg.user(101, "Alice")
    bot_msg = {
        "message_id": 9,
        "date": 1,
        "chat": {"id": 101, "type": "private"},
        "from": tg.bot.as_json(),
        "text": "Which?",
    }
    tg.press(alice, bot_msg, "m1.c.1.update.2.abc.def")
    query = last(tg).callback_query
    assert query is not None
    press = translate_press(query, NOW)
    assert not isinstance(press, Skip)
    assert (press.chat_id, press.user_key, press.message_id, press.data, press.time) == (
        "101",
        "telegram:101",
        "9",
        "m1.c.1.update.2.abc.def",
        NOW,
    )
    tg.press(alice, bot_msg, None)
    query = last(tg).callback_query
    assert query is not None and translate_press(query, NOW) == Skip("no_callback_data")


# ---- outgoing ------------------------------------------------------------------------------


def test_a_reply_is_plain_text_with_its_buttons_on_the_last_part() -> None:
    buttons = ((Button("Yes", "m1.a"), Button("No", "m1.b")),)
    calls = render_reply(Reply("x " * 3000, buttons=buttons), 101)
    assert [c.method for c in calls] == ["send_message", "send_message"]
    assert all("parse_mode" not in c.kwargs for c in calls)
    assert "reply_markup" not in calls[0].kwargs
    markup = calls[-1].kwargs["reply_markup"]
    assert isinstance(markup, InlineKeyboardMarkup)
    assert [[b.callback_data for b in row] for row in markup.inline_keyboard] == [["m1.a", "m1.b"]]
    assert render_reply(Reply(""), 101) == []
    assert render_reply(Reply("  ", buttons=buttons), 101)[0].kwargs["text"]


def test_group_answers_stay_in_their_topic_and_reply_to_the_asker() -> None:
    calls = render_reply(Reply("y " * 3000), -1001, thread_id=7, reply_to=42)
    assert [c.kwargs["message_thread_id"] for c in calls] == [7, 7]
    assert calls[0].kwargs["reply_parameters"].message_id == 42
    assert "reply_parameters" not in calls[1].kwargs
    (plain,) = render_reply(Reply("hi"), 101)
    assert set(plain.kwargs) == {"chat_id", "text"}


def test_a_document_carries_the_text_as_caption_when_it_fits() -> None:
    doc = Document("MEMORY.md", b"# mem", "MEMORY.md")
    (call,) = render_reply(Reply("Your memory.", document=doc), "101")
    assert call.method == "send_document" and call.kwargs["caption"] == "Your memory."
    assert call.kwargs["document"].filename == "MEMORY.md"
    calls = render_reply(Reply("long " * 400, document=doc), "101")
    assert [c.method for c in calls] == ["send_message", "send_document"]
    assert calls[-1].kwargs["caption"] == "MEMORY.md"


def test_notices_and_edits_are_cut_to_telegram_limits() -> None:
    assert notice_text("") is None and notice_text("Done") == "Done"
    notice = notice_text("n" * 500)
    assert notice is not None and len(notice) == 200 and notice.endswith("…")
    assert utf16_len(edit_text("e" * 5000)) == MAX_TEXT
    assert edit_text("  ") == "…"


def test_the_command_menu_is_valid_and_known_to_the_bot() -> None:
    menu = command_menu(CATALOGUE.menu())
    names = [c.command for c in menu]
    assert len(names) == len(set(names)) == len(CATALOGUE.menu())
    for cmd in menu:
        assert re.fullmatch(r"[a-z0-9_]{1,32}", cmd.command)
        assert 1 <= len(cmd.description) <= 256 and "\n" not in cmd.description
        assert hasattr(Commands, f"cmd_{cmd.command}"), cmd.command


# ---- splitting -----------------------------------------------------------------------------


def test_short_text_is_one_part_and_empty_text_none() -> None:
    assert split_text("hello") == ["hello"]
    assert split_text("   ") == []
    assert split_text("x" * MAX_TEXT) == ["x" * MAX_TEXT]


def test_split_prefers_paragraphs_then_sentences_then_words() -> None:
    para = "A sentence here. " * 150  # ~2,550 characters
    parts = split_text(f"{para.strip()}\n\n{para.strip()}\n\n{para.strip()}")
    assert len(parts) == 3 and all(p == para.strip() for p in parts)
    sentences = "Short sentence number one. " * 300
    parts = split_text(sentences)
    assert all(p.endswith(".") for p in parts)
    assert all(utf16_len(p) <= MAX_TEXT for p in parts)
    words = "word " * 2000
    parts = split_text(words)
    assert all(p.endswith("word") for p in parts)
    assert " ".join(parts).split() == words.split()


def test_split_counts_utf16_and_hard_cuts_unbroken_text() -> None:
    emoji = "😀" * 3000  # 6,000 UTF-16 units, no boundaries
    parts = split_text(emoji)
    assert all(utf16_len(p) <= MAX_TEXT for p in parts) and "".join(parts) == emoji
    assert len(parts) == 2
    blob = "x" * 10000
    assert "".join(split_text(blob)) == blob
    assert [len(p) for p in split_text(blob)] == [4096, 4096, 1808]


def test_split_keeps_closing_quotes_with_their_sentence() -> None:
    text = ('He said "stop." ' * 400).strip()
    parts = split_text(text)
    assert all(p.endswith('stop."') for p in parts)
