"""The memory page attacked: a spent link replayed after /forgetme, an erasure from the page
stalling everyone (PostgreSQL's table rewrite)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.bot.page_harness import page_bot

pytestmark = pytest.mark.timeout(120)


async def test_a_spent_link_stays_spent_after_forgetme(tmp_path: Path, clock: ManualClock) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        link = await bot.link()
        async with bot.visitor() as page:
            assert (await page.open_link(link)).status == 200
        said = await bot.say("ana", "/forgetme")
        assert "delete" in said.lower()
        await bot.memory.erase("console:ana", rewrite=False)
        await bot.say("ana", "/remember I moved to Porto")
        async with bot.visitor() as thief:  # the same link, still within its 15 minutes
            assert (await thief.open_link(link)).status == 403
            assert (await thief.get("/"))[0] == 401


async def test_erasing_from_the_page_leaves_the_table_rewrite_to_the_scheduled_job(
    tmp_path: Path, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        calls: list[dict[str, Any]] = []
        erase = bot.memory.erase

        async def spy(user_id: str, **kw: Any) -> Any:
            calls.append(kw)
            return await erase(user_id, **kw)

        monkeypatch.setattr(bot.memory, "erase", spy)
        async with bot.signed_in() as page:
            _, html = await page.post("/erase", confirm="ERASE")
            assert "deleted everything" in html
        # Any user may erase: no VACUUM FULL that would lock every user's tables (as /forgetme).
        assert calls == [{"rewrite": False}]


async def test_forgetme_ends_the_users_other_page_sessions(
    tmp_path: Path, clock: ManualClock
) -> None:
    """A page left open elsewhere (another device, a shared computer) is signed out by the
    erasure: it would otherwise go on reading, for up to two hours, what the user tells the
    bot after starting over."""
    async with page_bot(tmp_path, clock) as bot:
        await bot.say("ana", "/remember I live in Lisbon")
        async with bot.signed_in() as elsewhere:
            assert (await elsewhere.get("/"))[0] == 200
            await bot.memory.erase("console:ana", rewrite=False)
            await bot.say("ana", "/remember I moved to Porto")
            status, html = await elsewhere.get("/")
            assert status == 401 and "Porto" not in html
        async with bot.signed_in() as again:  # a new sign-in works as before
            status, html = await again.get("/")
            assert status == 200 and "Porto" in html
