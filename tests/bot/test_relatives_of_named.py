"""A question about a relative of someone the user named ("what's Liam's mother called?",
"Wie heißt Svens Vater?", "la hermana de Rubén", "le père de Mehdi") asks about that
relative, never about the one named: the ninth blind walk's users were answered with what they
had said of their partner when they asked after the partner's mother (issue 23)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.read.answer import relative_of_named
from tests.bot.conftest import ToldCache
from tests.factories import START

TOLD = (
    "My partner Liam repairs bikes for a living.",
    "Mein Kollege Sven fährt jeden Tag mit dem Rad.",
    "Mi cuñado Rubén trabaja de cartero.",
    "Mon voisin Mehdi est pompier volontaire.",
    "Мой друг Олег водит автобус.",
)


@pytest.mark.parametrize(
    ("question", "relation"),
    [
        ("what's Liam's mother called?", "mother"),
        ("who is the brother of Liam?", "brother"),
        ("Wie heißt Svens Vater?", "father"),
        ("Wie alt ist die Tochter von Sven?", "daughter"),
        ("¿Cómo se llama la hermana de Rubén?", "sister"),
        ("Comment s'appelle le père de Mehdi ?", "father"),
        ("Как зовут сестру Олега?", "sister"),
        ("Сколько лет брату Олегу?", None),  # the dative: Oleg himself
        # Asked about the one named, or about the user's own relative: none.
        ("what does Liam do?", None),
        ("Does mum know Liam?", None),
        ("Wie heißt die Mutter von meinen Kindern?", None),
        ("what's Noah's mother called?", None),  # nobody called Noah was told
    ],
)
def test_a_relative_of_someone_named_is_read(question: str, relation: str | None) -> None:
    assert relative_of_named(question, TOLD) == relation


@pytest.mark.parametrize(
    "question",
    [
        "what's Liam's mother called?",
        "who is Liam's brother?",
        "Wie heißt Svens Vater?",
        "¿Cómo se llama la hermana de Rubén?",
        "Comment s'appelle le père de Mehdi ?",
        "Как зовут сестру Олега?",
    ],
)
async def test_a_relative_never_told_is_not_answered_with_the_one_named(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache, question: str
) -> None:
    db = tmp_path / "m.db"
    await told(db, "noor", *TOLD)
    async with console(db, ManualClock(START), user="noor") as s:
        answer = await s.say(question)
    for said in ("bikes", "Rad", "cartero", "pompier", "автобус"):
        assert said not in answer, answer
