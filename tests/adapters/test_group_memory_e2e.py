"""A group's own memory on the fake Telegram server (real PTB), on both stores: members agree,
the group's plan answers "when do we meet?" there and nowhere else, only admins (or whoever
said it) forget it, a changed plan asks the group's admins, and /forgetme takes a member's
words out of the group's memory."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot import i18n
from bot.app import build_runtime
from devtools.fake_telegram import FakeTelegram, TgChat, TgUser
from memory_core.clock import ManualClock
from memory_core.types import group_key
from tests.adapters.test_telegram_e2e import BOT, START, Harness, buttons_of, offline_settings
from tests.adapters.test_telegram_e2e import text_of as _text_of

GROUP_ID = -1005


@asynccontextmanager
async def running(store: Path | str) -> AsyncIterator[Harness]:
    """A started fake server, runtime (on ``store``) and adapter."""
    from adapters.telegram import TelegramAdapter, TelegramConfig

    clock = ManualClock(START)
    async with FakeTelegram(now=lambda: clock.now().timestamp()) as tg:
        runtime = build_runtime(offline_settings(), db=store, clock=clock)
        adapter = TelegramAdapter(
            runtime.handler,
            TelegramConfig(
                token=tg.token,
                base_url=tg.base_url,
                base_file_url=tg.base_file_url,
                poll_timeout=2,
                retry_base_s=0.01,
                typing_delay_s=0.0,
            ),
            now=clock.now,
            words=i18n.words(runtime.settings.default_language),
        )
        runtime.attach("telegram", adapter)
        await runtime.start()
        await adapter.start()
        try:
            yield Harness(tg, runtime, adapter, clock)
        finally:
            await adapter.stop()
            await runtime.stop()
        assert tg.unknown == []
        assert tg.unanswered_queries() == []


def text_of(messages: list[dict[str, Any]]) -> str:
    return _text_of(messages)


async def agree(h: Harness, user: TgUser, group: TgChat, statement: str) -> list[dict[str, Any]]:
    """``user`` says a group statement addressed to the bot and presses "Yes" on the one-time
    consent question; returns what the press sent."""
    sent = await h.say(user, f"@{BOT} {statement}", group)
    question = next(m for m in sent if buttons_of(m))
    assert "whole group" in question["text"]
    yes = next(d for label, d in buttons_of(question) if label.startswith("Yes"))
    before = len(h.tg.sent())
    query = await h.press(user, question, yes)
    assert h.answer(query).get("text") == "Done"
    return h.tg.sent()[before:]


async def test_a_group_keeps_its_plan_answers_it_there_only_and_admins_forget_it(
    store: Path | str,
) -> None:
    async with running(store) as h:
        ana, bob, cy = h.tg.user(201, "Ana"), h.tg.user(202, "Bob"), h.tg.user(203, "Cy")
        group = h.tg.group(GROUP_ID, "Book club")
        h.tg.admin(group, ana)
        # Three members agree on the meeting time; each agrees once to the group's memory.
        await agree(h, ana, group, "our book club meets on Thursdays at 7")
        edited = h.tg.edits[-1]["text"]
        assert "Kept for the group: Our book club meets on Thursdays at 7" in edited
        await agree(h, bob, group, "we meet on Thursdays at 7, agreed")
        await agree(h, cy, group, "we decided to go to Lisbon in May")
        # A member who never agreed is never quoted: Dee's plan is not kept, and a message
        # not for the bot gets no answer (no question either).
        dee = h.tg.user(204, "Dee")
        assert await h.say(dee, "we always bring snacks on Thursdays", group) == []
        # Once agreed, a quiet remark between members is learned, silently.
        await agree(h, dee, group, "we decided to bring cake in June")
        assert await h.say(dee, "we always bring snacks on Thursdays", group) == []
        shown = text_of(await h.say(bob, "/groupmemory", group))
        assert "Thursdays at 7" in shown and "Lisbon" in shown and "snacks" in shown
        # Bob said the same plan in other words: he is named beside it, nothing is asked.
        assert "Thursdays at 7. — Ana, Bob" in shown and "Cy" in shown

        answer = text_of(await h.say(cy, f"@{BOT} when do we meet?", group))
        assert "Thursdays at 7" in answer, answer
        # Asked in private, the group's plan is not there.
        private = text_of(await h.say(cy, "when do we meet?"))
        assert "Thursdays" not in private, private
        # Another group does not see it either.
        other = h.tg.group(-1009, "Other")
        elsewhere = text_of(await h.say(cy, f"@{BOT} when do we meet?", other))
        assert "Thursdays" not in elsewhere, elsewhere
        # Nothing of it went into a member's own memory.
        mine = await h.runtime.memory.list_facts("telegram:203", _all())
        assert not [f for f in mine if "Thursday" in f.value_text or "Lisbon" in f.value_text]

        key = group_key("telegram", str(GROUP_ID))
        facts = await h.runtime.memory.group_facts(key)
        meeting = next(f for f in facts if "Thursdays at 7" in f.fact.value_text)
        lisbon = next(f for f in facts if "Lisbon" in f.fact.value_text)
        # A non-admin who did not say it cannot forget it; Telegram was asked.
        refused = text_of(await h.say(cy, f"/groupmemory forget {meeting.fact.id}", group))
        assert "Only the group's admins" in refused
        assert h.tg.calls_of("getChatMember")
        # The member who said it can.
        said = text_of(await h.say(cy, f"/groupmemory forget {lisbon.fact.id}", group))
        assert "Forgotten" in said
        # An admin can.
        done = text_of(await h.say(ana, f"/groupmemory forget {meeting.fact.id}", group))
        assert "Forgotten" in done
        again = text_of(await h.say(bob, f"@{BOT} when do we meet?", group))
        assert "Thursdays at 7" not in again, again
        left = [f.fact.value_text for f in await h.runtime.memory.group_facts(key)]
        assert not [v for v in left if "Thursdays at 7" in v or "Lisbon" in v], left


async def test_a_moved_plan_asks_the_group_and_only_an_admin_settles_it(
    store: Path | str,
) -> None:
    async with running(store) as h:
        ana, bob = h.tg.user(201, "Ana"), h.tg.user(202, "Bob")
        group = h.tg.group(GROUP_ID, "Book club")
        h.tg.admin(group, ana)
        await agree(h, ana, group, "our book club meets on Thursdays at 7")
        await agree(h, bob, group, "we decided to go to Lisbon in May")
        sent = await h.say(bob, f"@{BOT} our book club meets on Fridays at 8 from now on", group)
        question = next(m for m in sent if "Which is right" in m.get("text", ""))
        assert question["chat"]["id"] == GROUP_ID
        friday = next(d for label, d in buttons_of(question) if "Friday" in label)
        refused = await h.press(bob, question, friday)  # Bob is no admin
        assert "admins" in h.answer(refused)["text"]
        query = await h.press(ana, question, friday)
        assert h.answer(query)["text"] == "Done"
        answer = text_of(await h.say(bob, f"@{BOT} when do we meet?", group))
        assert "Fridays at 8" in answer and "Thursdays" not in answer, answer


async def test_forgetme_takes_a_members_words_out_of_the_group_memory(
    store: Path | str,
) -> None:
    async with running(store) as h:
        ana, bob = h.tg.user(201, "Ana"), h.tg.user(202, "Bob")
        group = h.tg.group(GROUP_ID, "Book club")
        await agree(h, ana, group, "our book club meets on Thursdays at 7")
        await agree(h, bob, group, "we decided to go to Lisbon in May")
        # A secret or a sensitive fact about someone never enters it.
        await h.say(bob, f"@{BOT} our wifi password is hunter22 and we meet at 7", group)
        await h.say(bob, f"@{BOT} we all know Cy has HIV, we decided to help", group)
        key = group_key("telegram", str(GROUP_ID))
        kept = " ".join(f.fact.value_text for f in await h.runtime.memory.group_facts(key))
        assert "hunter22" not in kept and "HIV" not in kept
        sent = await h.say(bob, "/forgetme")
        yes = next(d for m in sent for label, d in buttons_of(m) if label.lower().startswith("yes"))
        await h.press(bob, next(m for m in sent if buttons_of(m)), yes)
        left = [f.fact.value_text for f in await h.runtime.memory.group_facts(key)]
        assert left == ["Our book club meets on Thursdays at 7."], left
        # /groupmemory off: what Ana said goes, and nothing more is kept from her.
        await h.say(ana, "/groupmemory off", group)
        assert await h.runtime.memory.group_facts(key) == []
        await h.say(ana, f"@{BOT} our book club meets on Mondays at 6", group)
        assert await h.runtime.memory.group_facts(key) == []


def _all() -> Any:
    from memory_core.values import SearchFilters

    return SearchFilters()


async def test_each_forum_topic_has_its_own_memory(tmp_path: Path) -> None:
    """A Telegram forum topic is a thread of its own: its plans answer there only."""
    async with running(tmp_path / "m.db") as h:
        ana = h.tg.user(201, "Ana")
        forum = h.tg.group(GROUP_ID, "Club")
        books = {"message_thread_id": 11, "is_topic_message": True}
        films = {"message_thread_id": 12, "is_topic_message": True}
        sent = await h.say(ana, f"@{BOT} our book club meets on Thursdays at 7", forum, **books)
        question = next(m for m in sent if buttons_of(m))
        assert question.get("message_thread_id") == 11  # asked in the topic it was said in
        yes = next(d for label, d in buttons_of(question) if label.startswith("Yes"))
        await h.press(ana, question, yes)
        here = text_of(await h.say(ana, f"@{BOT} when do we meet?", forum, **books))
        assert "Thursdays at 7" in here, here
        there = text_of(await h.say(ana, f"@{BOT} when do we meet?", forum, **films))
        assert "Thursdays" not in there, there
        assert await h.runtime.memory.group_facts(group_key("telegram", str(GROUP_ID), "11"))
        assert not await h.runtime.memory.group_facts(group_key("telegram", str(GROUP_ID)))
