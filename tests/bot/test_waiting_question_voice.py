"""The question the bot waits on ("Earlier you told me … Just now: … Which is right?") speaks
to the user in one voice: their earlier words turned to the second person, or quoted in
quotation marks — never their raw first-person words inside the bot's sentence, in any of
the five languages."""

from __future__ import annotations

import re

import pytest

from bot.buttons import ButtonCodec
from bot.questions import conflict_reply
from bot.wording import second_person
from memory_core.types import Conflict
from memory_core.values import Category, Fact
from tests.factories import NOW, fact

CODEC = ButtonCodec(b"v" * 32)
LANGS = ("en", "de", "es", "fr", "ru")


def _asked(old: Fact, new: Fact, lang: str) -> str:
    return conflict_reply(CODEC, Conflict(9, "console:ana", None, old, new, NOW, NOW), lang).text


@pytest.mark.parametrize(
    ("said", "turned"),
    [
        ("I'm 31", "you're 31"),
        ("I am 47.", "you are 47"),
        ("my 40", "your 40"),
    ],
)
def test_a_short_statement_of_only_numbers_is_turned(said: str, turned: str) -> None:
    """ "I'm 25" was taken for a request alone (every word a filler) and left as said."""
    assert second_person(said) == turned


def test_an_age_said_again_differently_is_asked_in_the_second_person() -> None:
    old = fact(1, "Ana is 31.", Category.IDENTITY, key="age", value="31", source_excerpt="I'm 31.")
    new = fact(2, "Ana is 32.", Category.IDENTITY, key="age", value="32", source_excerpt="I'm 32.")
    asked = _asked(old, new, "en")
    assert asked == "Earlier you told me you're 31. Just now: you're 32. Which is right?", asked


_RAW_FIRST_PERSON = {
    "en": r"\b(?:I|I'm|my|me)\b",
    "de": r"\b(?:[Ii]ch|[Mm]ein\w*)\b",
    "es": r"\b(?:[Yy]o|[Mm]is?)\b",
    "fr": r"\b(?:[Jj]e|[Jj]'|[Mm]on|[Mm]a|[Mm]es)\b",
    "ru": r"(?<!\w)(?:[Яя]|[Мм]ой|[Мм]оя|[Мм]не)(?!\w)",
}
_NOTES = {
    "en": ("I keep bees behind the shed.", "I keep bees beside the pond."),
    "de": ("Ich halte Bienen hinter dem Schuppen.", "Ich halte Bienen neben dem Teich."),
    "es": ("Yo crío abejas detrás del cobertizo.", "Yo crío abejas junto al estanque."),
    "fr": ("Je garde des abeilles derrière la remise.", "Je garde des abeilles près de la mare."),
    "ru": ("Я держу пчёл за сараем.", "Я держу пчёл у пруда."),
}


@pytest.mark.parametrize("lang", LANGS)
def test_words_without_a_phrase_are_turned_or_quoted(lang: str) -> None:
    """A note has no slot phrase: its words are said back in the second person (English)
    or quoted in the language's quotation marks, never pasted bare into the question."""
    first, second = _NOTES[lang]
    old = fact(1, "Ana keeps bees.", key="note:1", source_excerpt=first)
    new = fact(2, "Ana keeps bees too.", key="note:2", source_excerpt=second)
    asked = _asked(old, new, lang)
    words = first.rstrip(".")
    quoted_or_turned = any(
        mark + words in asked or mark + words[:1].lower() + words[1:] in asked
        for mark in ("“", "„", "«", "« ")
    ) or (lang == "en" and "you keep bees" in asked)
    assert quoted_or_turned, asked
    bare = re.sub(r"[“„«][^”“»]*[”“»]", "", asked).replace("you told me", "")
    assert not re.search(_RAW_FIRST_PERSON[lang], bare), asked
