"""Statements as people chat (session 12, issue 23): ages in words in every language, a
relative's age or job said after a dash or as an aside, a job with its firm or town, Russian
relatives and pets said without "my", and talk about the chat that is no fact. What learning
keeps (``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.text import numbers

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def kept(text: str) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out)."""
    found = stored(extract_rules(TurnInput(text, NOW)))
    return {c.key: c.value for c in found if not c.key.startswith("note.")}


def everything(text: str) -> dict[str, str | None]:
    """Key → value of all that learning keeps from ``text``, notes too."""
    return {c.key: c.value for c in stored(extract_rules(TurnInput(text, NOW)))}


def test_numbers_in_words_up_to_a_hundred_in_every_language() -> None:
    assert numbers.values("de", high=100)["einundvierzig"] == 41
    assert numbers.values("es", high=100)["treinta y ocho"] == 38
    assert numbers.values("es", high=100)["veintidos"] == 22
    assert numbers.values("fr", high=100)["quatre-vingt-dix-sept"] == 97
    assert numbers.values("fr", high=100)["soixante et onze"] == 71
    assert numbers.values("ru", high=100)["пятьдесят три"] == 53
    assert numbers.values("en", high=100)["sixty-four"] == 64
    # The default stays at twenty: counts read elsewhere are unchanged.
    assert max(numbers.values("de").values()) == 20


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Ich bin einundvierzig und wohne in Bremen.", "41"),
        ("Tengo treinta y ocho años.", "38"),
        ("J'ai quarante-deux ans.", "42"),
        ("Мне пятьдесят три года.", "53"),
    ],
)
def test_the_users_age_in_words(text: str, age: str) -> None:
    assert kept(text).get("age") == age


def test_an_age_in_words_alone_keeps_no_note_beside_it() -> None:
    assert everything("J'ai quarante-deux ans.") == {"age": "42"}


@pytest.mark.parametrize(
    ("text", "key", "age"),
    [
        # Said as an aside after the name, or with the recent day it was reached.
        ("Mi hijo Pedro, de ocho años, juega al fútbol.", "family.son.pedro.age", "8"),
        ("Mon fils Paul a eu neuf ans dimanche.", "family.son.paul.age", "9"),
        ("Mi gato Tom cumplió tres años el sábado.", "pet.cat.age", "3"),
    ],
)
def test_a_relatives_or_pets_age_said_by_the_way(text: str, key: str, age: str) -> None:
    assert kept(text).get(key) == age


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("У меня дочь Вера, ей шесть лет.",
         {"family.daughter.вера.name": "Вера", "family.daughter.age": "6"}),
        ("Брат Коля — сварщик.", {"family.brother.коля.name": "Коля",
                                  "family.brother.коля.job": "сварщик"}),
        ("Кошку зовут Муся.", {"pet.cat.name": "Муся"}),
        ("Я работаю крановщиком в Самаре.", {"job_title": "крановщик", "home_city": "Самара"}),
        ("Я учительница немецкого в Омске.",
         {"job_title": "учительница немецкого", "home_city": "Омск"}),
    ],
)  # fmt: skip
def test_russian_relatives_pets_and_jobs(text: str, expected: dict[str, str]) -> None:
    found = kept(text)
    assert {k: found.get(k) for k in expected} == expected


def test_a_doctor_named_after_a_dash_is_no_person_called_my() -> None:
    """ "Мой врач — Анна Сергеевна": the word for "my" is no one's name."""
    assert not any(k.startswith("person.") for k in kept("Мой врач — Анна Сергеевна."))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ich arbeite als Koch bei Lufthansa.", {"job_title": "Koch", "employer": "Lufthansa"}),
        ("Ich arbeite als Maler in Kiel.", {"job_title": "Maler", "home_city": "Kiel"}),
        (
            "Je travaille comme serveuse chez Flunch.",
            {"job_title": "serveuse", "employer": "Flunch"},
        ),
    ],
)
def test_a_job_with_its_firm_or_town(text: str, expected: dict[str, str]) -> None:
    found = kept(text)
    assert {k: found.get(k) for k in expected} == expected


def test_a_job_in_part_time_names_no_town() -> None:
    assert "home_city" not in kept("Ich arbeite als Lehrer in Teilzeit.")


@pytest.mark.parametrize(
    "text",
    [
        "So I've changed my mind about removing it.",
        "Please ignore my previous message, wrong thread.",
        "Like I said earlier, the buses here are hopeless.",
        "Wie gesagt, das Essen in der Kantine ist schlecht.",
        "Ich hab's mir anders überlegt.",
        "Comme je te l'ai dit, les loyers sont chers ici.",
        "Я передумал, не надо.",
    ],
)
def test_talk_about_the_chat_keeps_nothing(text: str) -> None:
    assert everything(text) == {}


def test_a_fact_after_as_i_said_is_read_without_the_lead_in() -> None:
    found = kept("Like I said earlier, Omar's a dentist.")
    assert found == {"person.omar.job": "dentist"}


def test_a_relatives_job_and_town_after_a_dash() -> None:
    found = kept("My cousin Leah – she's a nurse up in Inverness.")
    assert found == {
        "family.cousin.leah.name": "Leah",
        "family.cousin.leah.job": "nurse",
        "family.cousin.leah.home": "Inverness",
    }


def test_someone_elses_job_is_not_the_users() -> None:
    found = kept("Kim's a nurse and I'm a plumber.")
    assert found.get("job_title") == "plumber"
    assert found.get("person.kim.job") == "nurse"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A fan of what is named before "fan" (no sport named): what the user likes.
        ("I'm a massive Coldplay fan.", {"likes.coldplay": "Coldplay"}),
        ("Lifelong Everton fan, sadly.", {"likes.everton": "Everton"}),
        # Who is talking, said with "here"; a status, then the rest.
        ("Retired plumber here, based in Hull now.",
         {"job_title": "retired plumber", "home_city": "Hull"}),
        ("Widowed now, live in Ripon.", {"home_city": "Ripon"}),
        # An age reached in a month of the year past; after a dash in a card.
        ("I turned sixty in April.", {"age": "60"}),
        ("I'm Priyanka, a pharmacist in Derby – 44 years old.",
         {"name": "Priyanka", "job_title": "pharmacist", "home_city": "Derby", "age": "44"}),
        # The speaker's aside after the statement is no part of it.
        ("I'm left-handed, for what it's worth.", {"trait.left_handed": None}),
        # Several of one relation, then their names.
        ("We have three grandkids, Ivy, Otis and Maud.",
         {"family.grandchild.ivy.name": "Ivy", "family.grandchild.otis.name": "Otis",
          "family.grandchild.maud.name": "Maud"}),
        ("My grandsons are Reuben and Alfie.",
         {"family.grandson.reuben.name": "Reuben", "family.grandson.alfie.name": "Alfie"}),
        # A name, then who they are to the user.
        ("Dev, my brother, is a plumber.",
         {"family.brother.dev.name": "Dev", "family.brother.dev.job": "plumber"}),
    ],
)  # fmt: skip
def test_english_said_as_people_chat(text: str, expected: dict[str, str | None]) -> None:
    found = kept(text)
    assert {k: found.get(k, "missing") for k in expected} == expected


@pytest.mark.parametrize(
    "text",
    [
        "My daughters are clever and kind.",  # what they are, not their names
        "Honestly, my brother, is a legend.",  # a filler, no name
        "Long time lurker here.",  # no job, no trait
        "I turned 30 in 2015.",  # no age today
    ],
)
def test_english_lookalikes_keep_no_name_or_age(text: str) -> None:
    found = kept(text)
    assert not any(k.endswith(".name") or k == "age" or k.startswith("trait.") for k in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An injury is the user's health (private), never a habit.
        ("I ruptured my achilles playing squash.",
         {"health.ruptured_achilles": "ruptured achilles"}),
        ("I've sprained my right wrist.", {"health.sprained_right_wrist": "sprained right wrist"}),
        # What the user told someone of themselves, in passing.
        ("So I told the barista I'm allergic to kiwi, so she swapped it.",
         {"allergy.kiwi": "kiwi"}),
        # The German, Spanish and French loves, each item after "and" with its article.
        ("J'adore le tennis et la natation.",
         {"likes.tennis": "tennis", "likes.natation": "natation"}),
    ],
)  # fmt: skip
def test_leftovers_said_in_passing(text: str, expected: dict[str, str]) -> None:
    found = kept(text)
    assert {k: found.get(k, "missing") for k in expected} == expected
    assert not any(k.startswith(("habit.", "trait.", "past.")) for k in found)


@pytest.mark.parametrize(
    "text",
    [
        "Im Sommer bin ich lieber draußen.",  # "lieber" is no "liebe"
        "Jonas, 38, ist mein Kollege.",  # a colleague's name and age, not the user's
        "I broke my laptop.",  # no injury
    ],
)
def test_lookalikes_of_a_taste_a_card_or_an_injury(text: str) -> None:
    found = kept(text)
    assert not any(k in ("name", "age") or k.startswith(("likes.", "health.")) for k in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A town ends where "but" starts; "lebe aber seit …" after a comma is where one lives.
        ("Vivo en Sevilla pero soy de Cádiz.", {"home_city": "Sevilla", "origin": "Cádiz"}),
        ("Ich komme aus Italien, lebe aber seit zehn Jahren in Bonn.",
         {"home_city": "Bonn", "origin": "Italien"}),
        # The German verb first after a lead-in or an object ("… bin ich …").
        ("Übrigens bin ich Veganerin.", {"diet": "vegan"}),
        ("Gegen Nüsse bin ich allergisch.", {"allergy.nusse": "Nüsse"}),
    ],
)  # fmt: skip
def test_german_and_spanish_word_order(text: str, expected: dict[str, str]) -> None:
    found = kept(text)
    assert {k: found.get(k, "missing") for k in expected} == expected


def test_a_relatives_past_job_names_no_home() -> None:
    found = kept("My aunt was a librarian in Leeds.")
    assert found.get("family.aunt.job") == "librarian"
    assert "family.aunt.home" not in found


def test_an_injury_keeps_when_in_life_and_dates_a_time_from_today() -> None:
    """ "when I was ten" stays in the words; "a few weeks ago" becomes the fact's date."""
    young = stored(extract_rules(TurnInput("I broke my nose when I was ten.", NOW)))
    assert [c.value_text for c in young] == ["The user broke their nose when they were ten."]
    lately = stored(extract_rules(TurnInput("I sprained my ankle a few weeks ago.", NOW)))
    assert [c.value_text for c in lately] == ["The user sprained their ankle."]
    assert lately[0].event_time is not None and lately[0].event_time < NOW
