"""A reply in German, Spanish, French or Russian says each value in that language or quotes it:
a value told in English is never spliced into the other language's grammar ("у тебя asthma",
"du arbeitest als nurse"); the gender of one of the user's people is not read from a plural
that names either ("Tenemos dos niños, Unai y Leire" → "tu hijo se llama Unai"); a relative
of untold gender is named without slashes or brackets ("dein(e) Freund(in)"); a French
condition is said with its preposition ("tu as asthme")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.slots import slot_words
from memory_core.clock import ManualClock
from memory_core.types import gender_said, your_relation
from tests.factories import START

WAIT: dict[str, Any] = {"learning_wait_s": 120.0}


# ---- the gender of one of the user's people ---------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "Tenemos dos niños pequeños, Iker y Maialen.",
        "Nous avons deux gamins, Noé et Lou.",
    ],
)
def test_a_plural_that_names_either_tells_no_gender(said: str) -> None:
    """Spanish "niños", French "gamins" name boys and girls together: no "m" read from them."""
    assert gender_said("child", said) is None


def test_a_feminine_plural_still_tells_the_gender() -> None:
    assert gender_said("child", "Tenemos dos niñas pequeñas, Maialen y Ane.") == "f"


def test_a_child_told_in_a_mixed_plural_is_not_named_a_son() -> None:
    said = slot_words(
        "es",
        "family.child.maialen.name",
        "Maialen",
        "The user's child is named Maialen.",
        said="Tenemos dos niños pequeños, Iker y Maialen.",
    )
    assert said == "tu hijo o hija se llama Maialen", said


# ---- either gender, without slashes or brackets ------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "relation", "said"),
    [
        ("de", "friend", "dein Freund oder deine Freundin"),
        ("de", "best friend", "dein bester Freund oder deine beste Freundin"),
        ("de", "cousin", "dein Cousin oder deine Cousine"),
        ("de", "colleague", "dein Kollege oder deine Kollegin"),
        ("de", "spouse", "dein Ehepartner oder deine Ehepartnerin"),
        ("de", "teacher", "dein Lehrer oder deine Lehrerin"),
        ("fr", "cousin", "ton cousin ou ta cousine"),
        ("fr", "best friend", "ton meilleur ami ou ta meilleure amie"),
        ("fr", "colleague", "ton ou ta collègue"),
        ("fr", "spouse", "ton conjoint ou ta conjointe"),
        ("ru", "sibling", "твой брат или твоя сестра"),
        ("ru", "colleague", "твой или твоя коллега"),
        ("es", "cousin", "tu primo o prima"),
        ("es", "child", "tu hijo o hija"),
    ],
)
def test_a_relative_of_untold_gender_is_named_without_slashes(
    lang: str, relation: str, said: str
) -> None:
    assert your_relation(lang, relation) == said
    assert not set("()/") & set(said)


# ---- values told in another language -----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "key", "value", "stored", "excerpt", "said"),
    [
        # A condition is vocabulary: said in the reply's own word.
        ("ru", "health.asthma", "asthma", "The user has asthma.", "I have asthma.", "астма"),
        (
            "de",
            "health.epilepsy",
            "epilepsy",
            "The user has epilepsy.",
            "I have epilepsy.",
            "Epilepsie",
        ),
        ("es", "health.asthma", "asthme", "The user has asthma.", "J'ai de l'asthme.", "asma"),
        (
            "ru",
            "allergy.penicillin",
            "penicillin",
            "The user is allergic to penicillin.",
            "Turns out I'm allergic to penicillin.",
            "на пенициллин",
        ),
        # A language's name too.
        (
            "fr",
            "language.portuguese",
            "Portuguese",
            "The user speaks Portuguese.",
            "I can speak Portuguese fairly well.",
            "portugais",
        ),
    ],
)
def test_vocabulary_told_in_english_is_said_in_the_replys_language(
    lang: str, key: str, value: str, stored: str, excerpt: str, said: str
) -> None:
    words = slot_words(lang, key, value, stored, said=excerpt)
    assert words is not None and said in words, words
    assert value not in words, words


@pytest.mark.parametrize(
    ("lang", "quoted"),
    [("de", "„paramedic“"), ("es", "«paramedic»"), ("fr", "« paramedic »"), ("ru", "«paramedic»")],
)
def test_a_word_told_in_english_is_quoted_not_spliced(lang: str, quoted: str) -> None:
    """ "du arbeitest als paramedic": the English word is quoted, as the user's own."""
    words = slot_words(
        lang,
        "job_title",
        "paramedic",
        "The user works as a paramedic.",
        said="These days I work as a paramedic up north.",
    )
    assert words is not None and quoted in words, words


@pytest.mark.parametrize(
    ("lang", "key", "value", "excerpt"),
    [
        ("de", "health.diabetes", "Zuckerkrankheit", "Seit Jahren habe ich Zuckerkrankheit."),
        ("ru", "language.english", "английском", "Я свободно говорю по-английски."),
    ],
)
def test_vocabulary_told_in_the_replys_language_keeps_the_users_word(
    lang: str, key: str, value: str, excerpt: str
) -> None:
    words = slot_words(lang, key, value, "The user said so.", said=excerpt)
    assert words is not None and value in words, words


def test_a_value_the_rules_made_of_english_words_is_quoted_too() -> None:
    """ "pregnancy" is not in "I'm pregnant with twins!", but it was read from English."""
    words = slot_words(
        "de", "health.pregnancy", "pregnancy", "The user is pregnant.",
        said="Guess what, I'm pregnant with twins!",
    )  # fmt: skip
    assert words is not None and "„pregnancy“" in words, words


def test_a_short_english_line_the_detector_misreads_is_still_english() -> None:
    """ "I am a janitor." reads as Portuguese (0.47): its "I" says English."""
    words = slot_words(
        "fr", "job_title", "janitor", "The user is a janitor.", said="I am a janitor."
    )
    assert words is not None and "« janitor »" in words, words


def test_a_word_told_in_the_replys_language_is_said_as_told() -> None:
    words = slot_words(
        "de",
        "job_title",
        "Sanitäter",
        "The user works as a Sanitäter.",
        said="Ich arbeite seit Jahren als Sanitäter.",
    )
    assert words == "du arbeitest als Sanitäter", words


# ---- French conditions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "excerpt", "said"),
    [
        ("asthme", "Depuis l'enfance j'ai de l'asthme.", "tu as de l'asthme"),
        ("diabète", "Moi, j'ai du diabète depuis longtemps.", "tu as du diabète"),
        ("asthma", "I have had asthma since school.", "tu as de l'asthme"),
    ],
)
def test_a_french_condition_is_said_with_its_preposition(
    value: str, excerpt: str, said: str
) -> None:
    """Was "tu as asthme": French says a condition with its article."""
    key = "health.asthma" if "asthm" in value else "health.diabetes"
    words = slot_words("fr", key, value, "The user has it.", said=excerpt)
    assert words is not None and said in words, words
    assert "tu as asthme" not in words and "tu as diabète" not in words, words


async def test_an_english_condition_asked_in_russian_is_said_in_russian(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), **WAIT) as s:
        await s.say("I have asthma, sadly.")
        out = await s.say("Какие болезни у меня есть?")
        assert "астма" in out and "asthma" not in out, out
