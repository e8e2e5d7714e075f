"""An ending said in the user's language ends the told fact (session 13): the German, French,
Spanish and Russian user who says they no longer live or work somewhere is acknowledged with
the ending in their words ("du wohnst nicht mehr in …"), the old value is no longer shown in
/profile nor answered as true; the Spanish and Russian lines were read as the old value
said again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START

#: (told, ended, asked, the old value, the ending said back)
ENDED = {
    "de, home": (
        "Ich wohne in Erfurt.",
        "Ich wohne nicht mehr in Erfurt.",
        "Wo wohne ich?",
        "Erfurt",
        "nicht mehr in Erfurt",
    ),
    "es, job": (
        "Trabajo como cartero.",
        "Ya no trabajo de cartero.",
        "¿En qué trabajo?",
        "cartero",
        "ya no trabajas como cartero",
    ),
    "fr, employer": (
        "Je travaille chez Decathlon.",
        "Je ne travaille plus chez Decathlon.",
        "Où est-ce que je travaille ?",
        "Decathlon",
        "ne travailles plus chez Decathlon",
    ),
    "ru, home": (
        "Я живу в Рязани.",
        "Я больше не живу в Рязани.",
        "Где я живу?",
        "Рязан",
        "больше не живёшь",
    ),
}


@pytest.mark.parametrize("case", sorted(ENDED))
async def test_an_ending_abroad_ends_the_told_fact(
    case: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    told, ended, asked, old, said_back = ENDED[case]
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="eli") as s:
        await s.say(told)
        clock.advance(days=2)
        ack = await s.say(ended)
        clock.advance(days=1)
        answer = await s.say(asked)
        profile = await s.say("/profile")
    assert said_back.lower() in ack.lower(), ack
    # Never answered as true again: the ending quoted, or "I don't know yet".
    if old.lower() in answer.lower():
        assert said_back.split()[0].lower() in answer.lower() or "nicht mehr" in answer, answer
    assert old.lower() not in profile.lower(), profile


async def test_the_latest_word_on_it_is_quoted(tmp_path: Path, console: Callable[..., Any]) -> None:
    """No current fact answers "where do I live?" after "I no longer live in …": the user's
    latest message about it is quoted, not the first one (which said the opposite)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="eli") as s:
        await s.say("I live in Derby.")
        clock.advance(days=3)
        await s.say("I no longer live in Derby.")
        clock.advance(days=1)
        answer = await s.say("Where do I live?")
    assert "no longer" in answer, answer


#: Where the user is "now", said with no word of a move: a change of the told home, asked
#: about (it may be a trip: "only for now" is one of the choices); with no home told, a note.
NOW_IN = {
    "de": ("Ich wohne in Jena.", "Wir sind jetzt in Gera.", "Gera", "Jena"),
    "en": ("I live in Derby.", "We're now in Hull.", "Hull", "Derby"),
    "ru": ("Я живу в Самаре.", "Теперь мы в Уфе.", "Уф", "Самар"),
}


@pytest.mark.parametrize("lang", sorted(NOW_IN))
async def test_now_somewhere_else_asks_about_the_told_home(
    lang: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    told, now, new, old = NOW_IN[lang]
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="eli") as s:
        await s.say(told)
        clock.advance(days=5)
        asked = await s.say(now)
    assert new in asked and old in asked, asked  # the conflict question, both places named


async def test_now_somewhere_with_no_home_told_is_a_note(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="eli") as s:
        ack = await s.say("Wir sind jetzt in Gera.")
        profile = await s.say("/profile")
    assert "„Wir sind jetzt in Gera“" in ack, ack  # their words, no home claimed
    assert "wohnst" not in profile, profile
