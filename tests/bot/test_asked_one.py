"""A question about one of the user's people or animals, or about where they come from, is
answered with that one — never with another they told of (the cat for the dog, the brother for
the sister, their own job for their sister's, the home for the birthplace); when that one was
never told, the bot says it does not know."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bot.conftest import ToldCache

#: (what the user told, a question about someone or something never told, the words the
#: reply to it must not hold, a question about what was told, the word its answer holds)
CASES = {
    "en animal": (
        ("We have a parrot called Rio.",),
        "what's my rabbit called?",
        ("Rio",),
        "what's my parrot called?",
        "Rio",
    ),
    "en pet template": (
        ("Our cat is named Pebble.",),
        "what's my dog's name?",
        ("Pebble",),
        "what's my cat's name?",
        "Pebble",
    ),
    "en sibling's job": (
        ("My sister is called Ffion.", "I work as a welder."),
        "what's Ffion's job?",
        ("welder",),
        "what's my job?",
        "welder",
    ),
    "en birthplace": (
        ("I live in Cardiff.",),
        "where was I born?",
        ("Cardiff",),
        "where do I live?",
        "Cardiff",
    ),
    "de relation": (
        ("Mein Bruder heißt Malte.",),
        "Wie heißt meine Schwester?",
        ("Malte",),
        "Wie heißt mein Bruder?",
        "Malte",
    ),
    "de birthplace": (
        ("Ich wohne in Graz.",),
        "Wo bin ich geboren?",
        ("Graz",),
        "Wo wohne ich?",
        "Graz",
    ),
    "es relation": (
        ("Mi hermano se llama Iker.",),
        "¿Cómo se llama mi hermana?",
        ("Iker",),
        "¿Cómo se llama mi hermano?",
        "Iker",
    ),
    "fr relation": (
        ("Ma fille s'appelle Inès.",),
        "Comment s'appelle mon fils ?",
        ("Inès",),
        "Comment s'appelle ma fille ?",
        "Inès",
    ),
    "ru animal": (
        ("У меня есть собака Жучка.",),
        "Как зовут моего кота?",
        ("Жучк",),
        "Как зовут мою собаку?",
        "Жучк",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
async def test_a_question_about_one_is_not_answered_with_another(
    case: str, tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    said, other, never, asked, wanted = CASES[case]
    db = tmp_path / "m.db"
    clock = await told(db, "rhi", *said)
    async with console(db, clock, user="rhi") as s:
        reply = await s.say(other)
        assert not any(w in reply for w in never), (other, reply)
        reply = await s.say(asked)
        assert wanted in reply, (asked, reply)
