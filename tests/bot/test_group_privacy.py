"""Group chats: memory belongs to each speaker; nothing personal or sensitive leaks to the group."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot import texts
from memory_core.clock import ManualClock
from tests.factories import START, group_message


async def test_each_speaker_learns_separately_and_nothing_leaks(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        bot = s.runtime.router
        await bot.on_message(
            group_message(
                "I live in Porto and I have asthma.", user="ana", at=clock.advance(minutes=1)
            )
        )
        await bot.on_message(
            group_message("I live in Oslo.", user="ben", at=clock.advance(minutes=1))
        )
        assert (
            await bot.on_message(
                group_message(
                    "just chatting", user="cid", at=clock.advance(minutes=1), addressed=False
                )
            )
            == []
        )
        await s.runtime.settle()
        ana = [f.value_text for f in await s.runtime.memory.list_facts("console:ana")]
        ben = [f.value_text for f in await s.runtime.memory.list_facts("console:ben")]
        assert any("Porto" in t for t in ana) and not any("Oslo" in t for t in ana)
        assert any("Oslo" in t for t in ben) and not any("Porto" in t for t in ben)
        assert await s.runtime.memory.list_facts("console:cid") == []

        # Ben asks about Ana: he must not get her memories.
        replies = await bot.on_message(
            group_message("where does Ana live?", user="ben", at=clock.advance(minutes=1))
        )
        assert all("Porto" not in r.text for r in replies)

        # Ana's sensitive health fact never reaches the group, even for Ana herself.
        replies = await bot.on_message(
            group_message("do I have asthma?", user="ana", at=clock.advance(minutes=1))
        )
        assert all("asthma" not in r.text.lower() for r in replies if not r.private)

        # Personal commands answer privately.
        replies = await bot.on_message(
            group_message("/profile", user="ana", at=clock.advance(minutes=1))
        )
        *answers, notice = replies
        assert notice.text == texts.PRIVATE_ONLY and notice.after_private and not notice.private
        assert answers and all(r.private for r in answers)
        assert any("Porto" in r.text for r in answers)


async def test_a_condition_said_in_another_language_stays_private_in_a_group(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Ich habe Diabetes." is a private health fact: never said to the group, and /profile
    answers privately."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        bot = s.runtime.router
        replies = await bot.on_message(
            group_message("Ich habe Diabetes.", user="ana", at=clock.advance(minutes=1))
        )
        assert all("diabetes" not in r.text.lower() for r in replies if not r.private)
        await s.runtime.settle()
        facts = await s.runtime.memory.list_facts("console:ana")
        health = [f for f in facts if f.key.startswith("health.")]
        assert health and all(f.sensitive for f in health)
        replies = await bot.on_message(
            group_message("Habe ich Diabetes?", user="ana", at=clock.advance(minutes=1))
        )
        assert all("diabetes" not in r.text.lower() for r in replies if not r.private)
        replies = await bot.on_message(
            group_message("/profile", user="ana", at=clock.advance(minutes=1))
        )
        assert all("diabetes" not in r.text.lower() for r in replies if not r.private)
