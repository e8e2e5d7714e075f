"""The pure Discord translation: splitting, button layout, custom_ids, mentions, messages."""

from __future__ import annotations

import discord
import pytest

from adapters.discord import translate as tr
from adapters.types import Button
from tests.factories import START
from tests.fakes.discord_fakes import (
    ALICE,
    BOB,
    BOT_ID,
    CHANNEL_ID,
    GUILD_ID,
    message_payload,
    user_payload,
)


def test_split_keeps_every_chunk_under_the_limit_and_prefers_line_breaks() -> None:
    text = "\n".join(f"line {i:04d} " + "x" * 40 for i in range(60))  # ~3,000 chars
    chunks = tr.split_text(text)
    assert len(chunks) == 2
    assert all(len(c) <= tr.MESSAGE_LIMIT for c in chunks)
    assert all(c.startswith("line ") for c in chunks)  # cut at a line break
    assert "\n".join(chunks) == text


def test_split_falls_back_to_spaces_then_a_hard_cut() -> None:
    words = "word " * 500  # 2,500 characters, no line breaks
    chunks = tr.split_text(words)
    assert [len(c) <= 2000 for c in chunks] == [True, True]
    assert " ".join(chunks).split() == words.split()
    solid = "x" * 4500
    assert [len(c) for c in tr.split_text(solid)] == [2000, 2000, 500]
    assert tr.split_text("   ") == []


def test_fit_and_label_truncate() -> None:
    assert len(tr.fit("y" * 2500)) == 2000
    assert tr.fit("short") == "short"
    assert len(tr.label("z" * 100)) == 80
    assert tr.label("  ") == "…"


def test_layout_fits_discord_five_by_five() -> None:
    b = [Button(f"b{i}", f"d{i}") for i in range(30)]
    # /forget: five picks and Cancel, one per row → the last two share row 5
    rows = tr.layout([(x,) for x in b[:6]])
    assert [[x.label for x in r] for r in rows] == [["b0"], ["b1"], ["b2"], ["b3"], ["b4", "b5"]]
    # a row of seven wraps
    assert [len(r) for r in tr.layout([tuple(b[:7])])] == [5, 2]
    # far too many: packed, at most 25 kept
    packed = tr.layout([(x,) for x in b])
    assert [len(r) for r in packed] == [5, 5, 5, 5, 5]


def test_custom_id_carries_the_signed_data() -> None:
    data = "m1.c.12.update.34.AbC-_9.sig_-xyz0123"
    assert tr.custom_id(data) == "mb:" + data
    with pytest.raises(ValueError):
        tr.custom_id("x" * 98)
    with pytest.raises(ValueError):
        tr.custom_id("has space")


def test_command_text() -> None:
    assert tr.command_text("remember", "  I like\n tea ") == "/remember I like tea"
    assert tr.command_text("profile") == "/profile"
    assert tr.command_text("memories", None) == "/memories"


def test_safe_mentions_never_ping_everyone_roles_or_users() -> None:
    data = tr.SAFE_MENTIONS.to_dict()
    assert data["parse"] == []
    assert "users" not in data and "roles" not in data


def _message(state: discord.state.ConnectionState, **kw: object) -> discord.Message:
    payload = message_payload(**kw)  # type: ignore[arg-type]
    guild_id = int(payload["guild_id"]) if "guild_id" in payload else None
    channel = discord.PartialMessageable(
        state=state, id=int(payload["channel_id"]), guild_id=guild_id
    )
    return discord.Message(state=state, channel=channel, data=payload)  # type: ignore[arg-type]


@pytest.fixture
def state() -> discord.state.ConnectionState:
    client = discord.Client(intents=discord.Intents.default())
    return client._connection


def test_guild_message_mentioning_the_bot_is_addressed_and_the_mention_removed(
    state: discord.state.ConnectionState,
) -> None:
    me = user_payload(BOT_ID, "membot", bot=True)
    bob = user_payload(BOB, "Bob")
    msg = _message(
        state,
        author=user_payload(ALICE, "Alice"),
        content=f"<@{BOT_ID}>  my friend <@!{BOB}> likes chess",
        guild_id=GUILD_ID,
        channel_id=CHANNEL_ID,
        mentions=[me, bob],
    )
    assert tr.is_addressed(msg, BOT_ID)
    incoming = tr.message_in(msg, BOT_ID)
    assert incoming.text == "my friend @Bob likes chess"
    assert incoming.user_id == str(ALICE) and incoming.chat_id == str(CHANNEL_ID)
    assert not incoming.is_private and incoming.addressed
    assert incoming.time == START
    assert incoming.user_key == f"discord:{ALICE}"


def test_guild_message_not_for_the_bot_is_not_addressed(
    state: discord.state.ConnectionState,
) -> None:
    msg = _message(
        state, author=user_payload(ALICE, "Alice"), content="hello all", guild_id=GUILD_ID
    )
    assert not tr.is_addressed(msg, BOT_ID)
    assert tr.message_in(msg, BOT_ID).addressed is False


def test_reply_to_the_bot_is_addressed(state: discord.state.ConnectionState) -> None:
    earlier = message_payload(author=user_payload(BOT_ID, "membot", bot=True), content="Hi")
    msg = _message(
        state,
        author=user_payload(ALICE, "Alice"),
        content="thanks",
        guild_id=GUILD_ID,
        referenced=earlier,
    )
    assert tr.is_addressed(msg, BOT_ID)
    assert tr.is_chat(msg)


def test_dm_is_private_and_addressed(state: discord.state.ConnectionState) -> None:
    msg = _message(state, author=user_payload(ALICE, "Alice"), content="hi")
    incoming = tr.message_in(msg, BOT_ID)
    assert incoming.is_private and incoming.addressed


def test_bots_are_not_chat(state: discord.state.ConnectionState) -> None:
    msg = _message(state, author=user_payload(BOB, "Otherbot", bot=True), content="beep")
    assert not tr.is_chat(msg)
