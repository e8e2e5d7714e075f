"""Group chats: memory belongs to each speaker; nothing personal or sensitive leaks to the group."""

from __future__ import annotations

from pathlib import Path

from adapters.types import IncomingMessage
from bot import texts
from memory_core.clock import ManualClock
from tests.bot.console_harness import ConsoleSession
from tests.factories import START


def group_msg(
    user: str, text: str, clock: ManualClock, *, addressed: bool = True
) -> IncomingMessage:
    clock.advance(minutes=1)
    return IncomingMessage(
        platform="console",
        chat_id="group-1",
        user_id=user,
        display_name=user.capitalize(),
        text=text,
        time=clock.now(),
        is_private=False,
        addressed=addressed,
    )


async def test_each_speaker_learns_separately_and_nothing_leaks(tmp_path: Path) -> None:
    clock = ManualClock(START)
    async with ConsoleSession(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        bot = s.runtime.router
        await bot.on_message(group_msg("ana", "I live in Porto and I have asthma.", clock))
        await bot.on_message(group_msg("ben", "I live in Oslo.", clock))
        assert await bot.on_message(group_msg("cid", "just chatting", clock, addressed=False)) == []
        await s.runtime.settle()
        ana = [f.value_text for f in await s.runtime.memory.list_facts("console:ana")]
        ben = [f.value_text for f in await s.runtime.memory.list_facts("console:ben")]
        assert any("Porto" in t for t in ana) and not any("Oslo" in t for t in ana)
        assert any("Oslo" in t for t in ben) and not any("Porto" in t for t in ben)
        assert await s.runtime.memory.list_facts("console:cid") == []

        # Ben asks about Ana: he must not get her memories.
        replies = await bot.on_message(group_msg("ben", "where does Ana live?", clock))
        assert all("Porto" not in r.text for r in replies)

        # Ana's sensitive health fact never reaches the group, even for Ana herself.
        replies = await bot.on_message(group_msg("ana", "do I have asthma?", clock))
        assert all("asthma" not in r.text.lower() for r in replies if not r.private)

        # Personal commands answer privately.
        replies = await bot.on_message(group_msg("ana", "/profile", clock))
        *answers, notice = replies
        assert notice.text == texts.PRIVATE_ONLY and notice.after_private and not notice.private
        assert answers and all(r.private for r in answers)
        assert any("Porto" in r.text for r in answers)
