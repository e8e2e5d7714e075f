"""A change that waits for the user's answer ("Which is right?"), as the user sees it: the
reply names both values, and the rest of the message is learned as usual (issue 23)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START


async def test_the_waiting_reply_names_the_old_value_and_the_new(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "You told me before that you live in Berlin — I'll change that only once you
    confirm." named only the old home: the user sees what they said now beside it."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("I live in Berlin.")
        out = await s.say("I live in Lisbon.")
    assert (
        "You told me before that you live in Berlin, and now that you live in Lisbon — "
        "I'll change that only once you confirm."
    ) in out, out


#: (told, a change said with another statement, a word of the other statement, the new home).
BESIDE = {
    "de": (
        "Ich wohne in Berlin.",
        "Wir sind nach Lyon gezogen und ich habe dort als Bäcker angefangen.",
        "Bäcker",
        "Lyon",
    ),
    "fr": (
        "J'habite à Berlin.",
        "On a déménagé à Lyon et j'ai commencé comme boulanger là-bas.",
        "boulanger",
        "Lyon",
    ),
    "es": (
        "Vivo en Berlín.",
        "Nos mudamos a Lyon y empecé a trabajar de panadero allí.",
        "panadero",
        "Lyon",
    ),
    "ru": (
        "Я живу в Берлине.",
        "Мы переехали в Лион, и я начал работать там пекарем.",
        "пекарем",
        "Лион",
    ),
}


@pytest.mark.parametrize(("told", "said", "other", "new"), BESIDE.values(), ids=BESIDE)
async def test_a_statement_said_with_a_waiting_change_is_learned(
    told: str, said: str, other: str, new: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The sentence's note was dropped whole beside the change asked about (it would have
    shown the new home as told), and with it the other statement — though the reply said
    "Alles klar — „… als Bäcker angefangen“". Now the clauses that do not say the change
    are kept (and acknowledged) while the change waits; the new home shows nowhere."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=60) as s:
        await s.say(told)
        clock.advance(days=1)
        ack = await s.say(said)
        memories = await s.say("/memories")
        await s.say("2")  # the old home is right: the other statement stays
        after = await s.say("/memories")
    assert other in ack.splitlines()[0], ack
    assert other in memories and other in after, (memories, after)
    kept = [line for line in memories.splitlines() if other in line]
    assert all(new not in line for line in kept), memories


async def test_a_late_acknowledgement_names_only_what_is_said_beside_the_change(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """Learning not done when the reply is due (a busy machine): the preview's note of the
    line is named as learning keeps it, without the clause of the change."""
    async with console(tmp_path / "m.db", ManualClock(START), learning_wait_s=60) as s:
        await s.say("Ich wohne in Berlin.")
        s.runtime.router.turn.learning_wait_s = 1e-9
        out = await s.say("Wir sind nach Lyon gezogen und ich habe dort als Bäcker angefangen.")
    ack = out.splitlines()[0]
    assert "Bäcker" in ack and "gezogen" not in ack, ack


#: (told, the change the user then rejects with the button, the rejected value).
REJECTED = {
    "en, a move": ("I live in Berlin.", "We moved to Lisbon last week.", "Lisbon"),
    "en, a job and more": (
        "I work as a teacher.",
        "Actually I'm a nurse now, and I love the night shifts.",
        "nurse",
    ),
    "de, nein": ("Ich bin 29 Jahre alt.", "Nein, ich bin 30, nicht 29.", "30"),
    "de, a move and more": (
        "Ich wohne in Berlin.",
        "Wir sind nach Lyon gezogen und ich habe dort als Bäcker angefangen.",
        "Lyon",
    ),
    "fr, a move and more": (
        "J'habite à Liège.",
        "On a déménagé à Mons et j'ai commencé comme boulanger là-bas.",
        "Mons",
    ),
    "es, en realidad": ("Tengo 29 años.", "En realidad tengo 30 años, no 29.", "30"),
}


@pytest.mark.parametrize(("told", "change", "rejected"), REJECTED.values(), ids=REJECTED)
async def test_a_value_rejected_with_the_button_never_comes_back(
    told: str, change: str, rejected: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The user keeps the old value ("2"): the session's consolidation read the line again and
    wrote the rejected value back as a note (or a fact). Every nightly job over two weeks on a
    ManualClock: it shows nowhere, and the told value stands."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=60) as s:
        assert s.runtime is not None
        await s.say(told)
        clock.advance(hours=1)
        asked = await s.say(change)
        assert "[2]" in asked, asked
        await s.say("2")
        await s.runtime.settle()
        jobs = s.runtime.jobs
        for _ in range(14):
            clock.advance(days=1)
            for run in (
                jobs.run_consolidate,
                jobs.run_expire,
                jobs.run_decay,
                jobs.run_dedup,
                jobs.run_reflect,
                jobs.run_insights,
                jobs.run_enrich,
            ):
                await run()
            await s.runtime.settle()
        profile = await s.say("/profile")
        memories = await s.say("/memories")
    assert rejected not in profile and rejected not in memories, (profile, memories)
