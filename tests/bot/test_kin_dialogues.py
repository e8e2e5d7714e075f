"""The relations of the shared vocabulary (``memory_core.text.kin``) end to end, in each of
the bot's languages: told once, asked after in other words, and grouped under the user's
people in /profile, named in the user's language."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.bot.conftest import ToldCache
from tests.factories import START

#: (told, asked, what the answer holds, what /profile's people section holds)
CASES = {
    "en": (
        ("My twin Rosalind is a paramedic.", "My granddaughter Wren is 5."),
        ("What does my twin do?", "How old is my granddaughter?"),
        ("paramedic", "5"),
        ("Rosalind, your twin", "Wren, your granddaughter"),
    ),
    "de": (
        ("Meine Zwillingsschwester heißt Henrike.", "Mein Schwager heißt Detlef."),
        ("Wie heißt meine Zwillingsschwester?", "Wie heißt mein Schwager?"),
        ("Henrike", "Detlef"),
        ("Henrike, dein Zwilling", "Detlef, dein Schwager"),
    ),
    "es": (
        ("Mi gemela se llama Maite.", "Mi madrina se llama Remedios."),
        ("¿Cómo se llama mi gemela?", "¿Cómo se llama mi madrina?"),
        ("Maite", "Remedios"),
        ("Maite, tu gemelo(a)", "Remedios, tu madrina"),
    ),
    "fr": (
        ("Mon demi-frère s'appelle Gaspard.", "Ma petite-fille s'appelle Apolline."),
        ("Comment s'appelle mon demi-frère ?", "Comment s'appelle ma petite-fille ?"),
        ("Gaspard", "Apolline"),
        ("Gaspard, ton demi-frère", "Apolline, ta petite-fille"),
    ),
    "ru": (
        ("Моего внука зовут Ярослав.", "Мою свекровь зовут Зинаида."),
        ("Как зовут моего внука?", "Как зовут мою свекровь?"),
        ("Ярослав", "Зинаида"),
        ("Ярослав, твой внук", "Зинаида, твоя свекровь или тёща"),
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
async def test_a_new_relation_told_is_answered_and_listed_with_the_users_people(
    lang: str, tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    said, asked, wanted, listed = CASES[lang]
    db = tmp_path / "m.db"
    await told(db, "kit", *said)
    async with console(db, ManualClock(START), user="kit") as s:
        for question, answer in zip(asked, wanted, strict=True):
            reply = await s.say(question)
            assert answer in reply, (question, reply)
        profile = await s.say("/profile")
    people = profile.split("\n\n")[-1]
    for line in listed:
        assert line in people, profile
