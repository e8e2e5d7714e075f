"""What the seventh blind walk and the voice leftovers of issue 23 showed, pinned: the user's
own words decide who a stored "they" is, a Russian value takes the case its phrase governs,
an abbreviation keeps its capitals, a Spanish "we" is answered in Spanish."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.slots import slot_words
from bot.wording import as_written, yours
from memory_core.clock import ManualClock
from memory_core.text.language import detect_language
from memory_core.types import russian_case
from tests.factories import START


@pytest.mark.parametrize(
    ("stored", "words", "shown"),
    [
        (
            "The user's cousin lends them a bike whenever they visit Porto.",
            "My cousin lends me a bike whenever I visit Porto.",
            "your cousin lends you a bike whenever you visit Porto",
        ),
        (
            "The user's landlord never fixes their boiler.",
            "My landlord never fixes my boiler.",
            "your landlord never fixes your boiler",
        ),
        (
            "Baking is something the user does when they are restless.",
            "Baking is something I do when I'm restless.",
            "Baking is something you do when you are restless",
        ),
    ],
)
def test_a_they_the_users_words_say_as_i_is_you(stored: str, words: str, shown: str) -> None:
    """ "your landlord never fixes their boiler": whose boiler the stored sentence cannot
    tell, the user's own words can ("my boiler")."""
    assert yours(stored, None) != shown  # the sentence alone leaves a "they"
    assert yours(stored, None, words) == shown


def test_a_they_the_user_said_of_others_stays() -> None:
    """ "… wave when they pass" is the neighbours in the user's words too: it stays "they"."""
    stored = "The user's neighbours wave when they walk past their gate."
    words = "My neighbours wave when they walk past my gate."
    assert yours(stored, None, words) == "your neighbours wave when they walk past your gate"


def test_one_person_with_a_plural_verb_is_the_user_and_them() -> None:
    """ "your fiancée Lena are moving to Graz" dropped the user who said "Me and my
    fiancée Lena": the user is put back; a plural noun is left as it is."""
    assert (
        yours("The user's fiancée Lena are moving to Graz.", None)
        == "you and your fiancée Lena are moving to Graz"
    )
    assert yours("The user's twins Ava and Mia are six.", None) == (
        "your twins Ava and Mia are six"
    )
    assert yours("The user's aunt Rosa is a pilot.", None) == "your aunt Rosa is a pilot"


@pytest.mark.parametrize(
    ("value", "accusative"),
    [
        ("пыльца", "пыльцу"),
        ("кошачья шерсть", "кошачью шерсть"),
        ("домашние кошки", "домашних кошек"),
        ("цветение берёзы", "цветение берёзы"),
        ("penicillin", "penicillin"),
    ],
)
def test_a_russian_value_takes_the_case_its_phrase_governs(value: str, accusative: str) -> None:
    """ "у тебя аллергия на пыльца": the value is stored as named; "на" wants it in the
    accusative (its adjectives agreeing, the words of whom it is as said)."""
    assert russian_case(value, "accs") == accusative
    assert slot_words("ru", "allergy", value, "") == f"у тебя аллергия на {accusative}"


def test_a_russian_food_the_user_does_not_eat_is_in_the_accusative() -> None:
    """ "ты не ешь свинина" was the nominative after a verb that governs the accusative."""
    assert slot_words("ru", "food_restriction", "свинина", "") == "ты не ешь свинину"


def test_an_abbreviation_keeps_its_capitals() -> None:
    """The key's "gp" is the user's "GP"; a capital a sentence's start gave is not kept."""
    assert as_written("gp", "Our GP retired in May.") == "GP"
    assert as_written("boss", "Boss is away today.") == "boss"


async def test_a_profile_says_an_abbreviated_relation_as_written(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Your gp: …" in /profile: the relation is said as the user wrote it."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("My PT is called Dario.")
        out = await s.say("/profile")
        assert "Your PT" in out and "Your pt" not in out, out


@pytest.mark.parametrize("line", ["Tenemos dos perros.", "Vivimos en Cádiz."])
def test_a_spanish_statement_in_the_first_person_plural_is_spanish(line: str) -> None:
    """ "Tenemos dos perros." was no language at all (Portuguese at 0.53), so it was
    acknowledged in English."""
    assert detect_language(line) == "es"


async def test_a_spanish_we_statement_is_acknowledged_in_spanish(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The acknowledgement of a first message in Spanish is in Spanish."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say("Tenemos dos conejos.")
        assert "Got it" not in out and "Entendido" in out, out


async def test_a_sentence_said_inside_another_keeps_no_capital_its_start_gave(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Got it — With your tea you …": a word capitalised only because it opened the
    user's sentence is said in lower case inside the acknowledgement."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say("With my lunch I always read the sports pages.")
        assert "Got it" in out and "— With" not in out, out
