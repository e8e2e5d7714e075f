"""The lived loop once, end to end: facts (a procedure and a person among them) told on
Telegram, Discord linked, asked weeks later in other words on Discord with the nightly jobs in
between, then one forgotten on the memory page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adapters.types import ButtonPress, IncomingMessage
from memory_core.clock import ManualClock
from tests.bot.page_harness import page_bot

pytestmark = pytest.mark.timeout(180)


async def test_told_on_telegram_asked_on_discord_weeks_later_forgotten_on_the_page(
    tmp_path: Path, clock: ManualClock
) -> None:
    async with page_bot(tmp_path, clock) as bot:
        runtime = bot.session.runtime
        assert runtime is not None

        async def say(platform: str, user: str, text: str) -> str:
            clock.advance(minutes=1)
            replies = await runtime.router.on_message(
                IncomingMessage(platform, user, user, "Ana", text, clock.now(), is_private=True)
            )
            await runtime.settle()
            return "\n".join(r.text for r in replies)

        for line in (
            "I live in Lisbon and I work as a nurse.",
            "My sister Marta lives in Porto.",
            "remember how I like my reports: 1. a summary first 2. numbers in a table 3. no jargon",
            "I'm allergic to peanuts.",
        ):
            await say("telegram", "111", line)
        code = re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}", await say("telegram", "111", "/link"))
        assert code is not None
        sent: list[object] = []

        class Box:
            async def send(self, target: object, reply: object) -> None:
                sent.append(reply)

        runtime.attach("telegram", Box())
        assert "confirm" in await say("discord", "222", f"/link {code.group(0)}")
        question = sent[-1]
        yes = question.buttons[0][0]  # type: ignore[attr-defined]
        await runtime.router.on_button(
            ButtonPress("telegram", "111", "111", "Ana", yes.data, clock.now(), is_private=True)
        )
        await runtime.settle()
        # Three weeks of nights (consolidation, decay, reflection …).
        for _ in range(21):
            clock.advance(days=1)
            await runtime.settle()
            if runtime.scheduler is not None:
                await runtime.scheduler.drain()
        where = await say("discord", "222", "which city is my home these days?")
        assert "Lisbon" in where, where
        sister = await say("discord", "222", "tell me about Marta")
        assert "Porto" in sister, sister
        reports = await say("discord", "222", "how do I like my reports?")
        assert "table" in reports, reports
        # Forget the sister on the page, signed in from Discord.
        async with bot.visitor() as page:
            assert (await page.open_link(bot.page.link("discord:222", "Ana"))).status == 200
            status, html = await page.get("/")
            assert status == 200 and "Porto" in html
            row = re.search(r'data-id="(\d+)"[^>]*>(?:(?!data-id).)*Porto', html, re.S)
            assert row is not None
            status, html = await page.post("/forget", id=row.group(1))
            assert status == 200
        clock.advance(minutes=5)
        assert "Porto" not in await say("telegram", "111", "/memories")
        assert "Porto" not in await say("discord", "222", "where does my sister live?")
