"""Reflection posts and "still true?" questions, end to end through the console adapter."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Protocol

from adapters.types import Reply
from bot import app
from memory_core.clock import ManualClock

THREE_FACTS = ("home_city=Lisbon", "employer=Acme", "pet.cat.name=Tom")


class Harness(Protocol):
    """What these tests use of the wired bot (the ``harness`` and ``wired`` fixtures)."""

    runtime: app.Runtime
    clock: ManualClock

    async def say(self, *lines: str, minutes: float = 1) -> str: ...

    async def in_group(self, text: str, user: str = "ana") -> list[Reply]: ...

    async def at(self, when: datetime) -> str: ...

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]: ...


def ten_am(h: Harness, days: int = 0) -> datetime:
    """The next 10:00 (the reflection job's default cron), ``days`` later."""
    now = h.clock.now()
    slot = now.replace(hour=10, minute=0, second=0, microsecond=0)
    return (slot if slot > now else slot + timedelta(days=1)) + timedelta(days=days)


async def test_weekly_reflection_is_posted_with_buttons_and_looks_right(harness: Harness) -> None:
    await harness.say(*THREE_FACTS)
    # Nothing on Ana's first day: her first reflection comes after her first week.
    assert await harness.at(ten_am(harness)) == ""
    posted = await harness.at(ten_am(harness, days=5))
    assert posted.startswith("bot> Here's my weekly reflection on what I learned about you:")
    # Said to Ana, not about her (issue 23: "Grace's name is Grace" was sent to Grace).
    assert "New: your home city is Lisbon; your employer is Acme" in posted, posted
    assert "Ana" not in posted
    assert "  [1] Looks right\n  [2] Fix something\n" in posted
    tapped = await harness.say("/tap 1")
    assert "bot> Thanks — glad I got that right." in tapped
    reflection = harness.rows("SELECT kind, decay_rate FROM facts WHERE kind = 'reflection'")
    assert reflection == [("reflection", 0.0)]


async def test_at_most_one_reflection_every_six_days(harness: Harness) -> None:
    await harness.say(*THREE_FACTS)
    assert "weekly reflection" in await harness.at(ten_am(harness, days=6))
    await harness.say("likes.tea=green", "likes.jazz=yes", "goal.run=10k")
    for day in range(1, 6):
        assert await harness.at(ten_am(harness)) == "", f"day {day}"
    sixth = await harness.at(ten_am(harness))
    assert "weekly reflection" in sixth and "likes.tea" in sixth
    fixed = await harness.say("/tap 2")
    assert "Let's fix it. Here's what I remember" in fixed
    assert "#1 Your home city is Lisbon." in fixed  # the memory list follows, said to Ana


async def test_no_reflection_with_fewer_than_three_new_facts(harness: Harness) -> None:
    await harness.say("home_city=Lisbon", "employer=Acme")
    assert await harness.at(ten_am(harness)) == ""


async def test_reflections_off_means_no_post(harness: Harness) -> None:
    assert "Weekly reflections are off." in await harness.say("/reflections off")
    await harness.say(*THREE_FACTS)
    assert await harness.at(ten_am(harness, days=6)) == ""
    await harness.say("/reflections on", "likes.tea=green", "likes.jazz=yes", "goal.run=10k")
    assert "weekly reflection" in await harness.at(ten_am(harness))


async def test_reflections_are_never_posted_in_a_group(harness: Harness) -> None:
    for text in THREE_FACTS:
        await harness.in_group(f"@membot {text}", user="bob")
    facts = harness.rows("SELECT COUNT(*) FROM facts WHERE user_id = 'console:bob'")
    assert facts == [(3,)]  # learned about bob in the group…
    assert await harness.at(ten_am(harness)) == ""
    assert harness.rows("SELECT COUNT(*) FROM reflection_posts") == [(0,)]  # …never posted


async def test_home_unmentioned_for_months_is_asked_about_at_the_next_conversation(
    harness: Harness,
) -> None:
    await harness.say("home_city=Lisbon", "hobby=chess")
    harness.clock.advance(days=121)
    assert harness.runtime.scheduler is not None
    status, _ = await harness.runtime.scheduler.run_now("decay")
    assert status == "done"
    # The home is asked about; the hobby, unused as long, faded (restorable, not asked). The
    # nightly run may also start on its own once the clock moved (the scheduler polls), and
    # the two runs share the work — so the outcome is read from the store, not one report.
    rows = dict(harness.rows("SELECT key, status FROM facts WHERE user_id = 'console:ana'"))
    assert rows == {"home_city": "active", "hobby": "deleted"}, rows
    asked = await harness.say("hi")
    assert asked.count("Is that still true?") == 1, asked
    # Said to Ana, not about her (issue 23's "one voice").
    assert "A while ago you told me: your home city is Lisbon. Is that still true?" in asked
    assert "  [1] Yes, keep it\n  [2] No, forget it\n" in asked
    assert "Kept: Your home city is Lisbon." in await harness.say("/tap 1")
    assert "still true" not in await harness.say("hi again")  # asked once only
    city = harness.rows("SELECT confidence, decay_rate FROM facts WHERE key = 'home_city'")
    assert city == [(1.0, 0.0)]


async def test_memories_shows_the_weekly_summary_apart_from_what_the_user_told(
    harness: Harness,
) -> None:
    """/memories listed the bot's weekly reflection as if the user had said it: it comes
    after their own memories, under a title saying it is the bot's summary."""
    await harness.say(*THREE_FACTS)
    assert "weekly reflection" in await harness.at(ten_am(harness, days=6))
    listed = await harness.say("/memories")
    own, title, summary = listed.partition("My weekly summaries")
    assert title, listed
    assert "Your home city is Lisbon." in own
    assert "reflection" not in own.lower() and "New:" not in own, listed
    assert "New: your home city is Lisbon" in summary, listed
