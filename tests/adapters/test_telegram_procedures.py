"""Procedures and "everything about someone" on Telegram: a real PTB Application against the
fake Bot API server, offline, in a private chat and in a group."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.adapters.test_telegram_e2e import BOT, Harness, running, text_of


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    """A running bot in long-polling mode."""
    async with running(tmp_path) as harness:
        yield harness


async def test_procedure_told_asked_and_shown_in_profile(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    told = await h.say(
        alice, "remember how I like my reports: 1. summary first 2. then the numbers"
    )
    assert "how you like your reports done" in text_of(told)
    await h.say(alice, "/remember my packing routine: laptop; charger; two books")
    await h.settle()
    asked = text_of(await h.say(alice, "How do I like my reports done?"))
    assert "Here's how you like your reports done:\n1. Summary first.\n2. The numbers." in asked
    profile = text_of(await h.say(alice, "/profile"))
    assert "How you like things done" in profile and "1. Laptop." in profile


async def test_everything_about_someone_and_procedures_in_a_group(h: Harness) -> None:
    group = h.tg.group(-1001, "Friends")
    bob = h.tg.user(102, "Bob")
    await h.say(bob, "/start")
    for line in (
        "My brother Marco lives in Rome.",
        "My brother Marco has diabetes.",
        "I'm going to Marco's wedding in June.",
        "/remember my packing routine: laptop; charger; two books",
        "/remember how I like my mornings: take my insulin; then coffee",
    ):
        await h.say(bob, line)
    await h.settle()
    private = text_of(await h.say(bob, "Tell me everything about Marco"))
    assert "Marco is your brother" in private
    assert "Rome" in private and "wedding" in private and "diabetes" in private
    in_group = text_of(await h.say(bob, f"@{BOT} tell me everything about Marco", group))
    assert "Rome" in in_group and "diabetes" not in in_group
    packing = text_of(await h.say(bob, f"@{BOT} what's my packing routine?", group))
    assert "1. Laptop." in packing
    mornings = text_of(await h.say(bob, f"@{BOT} how do I like my mornings done?", group))
    assert "insulin" not in mornings
