"""Introductions said over a short chat, and the noise around them (issue 23, session 9):
what someone else says or just did, threats and tiredness no one means, a comment on what was
just said, chat's sign-offs — none of it a fact; the facts beside it kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def values(text: str) -> dict[str, str]:
    """What the learner would keep from ``text``, key → value (or the fact's text)."""
    return {c.key: (c.value or c.value_text) for c in stored(extract_rules(TurnInput(text, NOW)))}


def texts(text: str) -> str:
    """Every kept fact's text, joined (to look for words no fact may hold)."""
    return " ".join(c.value_text for c in stored(extract_rules(TurnInput(text, NOW)))).lower()


@pytest.mark.parametrize(
    "line",
    [
        "this commute is gonna kill me",
        "the stairs in our building will be the death of me",
        "long week, we were dead on our feet",
        "a cousin of mine who's a mechanic says diesel cars are finished",
        "my neighbour reckons the council will close the library",
        "my flatmate just burnt toast and set off the alarm",
        "Priya just knocked over the plant",
    ],
)
def test_noise_about_the_day_and_other_peoples_words_keeps_nothing(line: str) -> None:
    assert values(line) == {}


def test_what_someone_says_of_the_user_is_theirs_but_the_person_is_kept() -> None:
    """ "my husband Ike says I hum in my sleep, which is true": Ike is kept, the joke is not."""
    kept = values("my husband Ike says I hum in my sleep, which is true")
    assert kept == {"family.husband.ike.name": "Ike"}


def test_a_doctors_word_on_the_user_and_a_life_event_just_had_stay() -> None:
    assert values("my GP says I'm anaemic")
    assert values("my sister just moved to Cork") == {"family.sister.home": "Cork"}


def test_a_comment_after_a_fact_is_cut_off() -> None:
    kept = values("my sister Noor is a surgeon which is way scarier than my job")
    assert "family.sister.noor.job" in kept
    assert "scarier" not in texts("my sister Noor is a surgeon which is way scarier than my job")
    assert values("I live in Galway, which is lovely") == {"home_city": "Galway"}


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        ("I grew up in Derry tho", "origin", "Derry"),
        ("I'm from Quito originally", "origin", "Quito"),
    ],
)
def test_a_chat_sign_off_is_no_part_of_the_place(line: str, key: str, value: str) -> None:
    assert values(line)[key] == value


def test_a_superlative_fan_is_a_big_fan() -> None:
    """ "the biggest Raiders fan on the planet, ngl": a fan of the Raiders, nothing more."""
    said = texts("I'm the biggest Raiders fan on the planet, ngl")
    assert "raiders" in said and "planet" not in said and "ngl" not in said
    assert "god" not in texts("three kids under five, god help me")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("We've got three cats: Tig, Tog and Pixie.", {"tig", "tog", "pixie"}),
        ("I have two labradors called Ash and Birch.", {"ash", "birch"}),
        ("our two rabbits, Clover and Moss", {"clover", "moss"}),
    ],
)
def test_several_pets_named_are_each_kept_by_name(line: str, expected: set[str]) -> None:
    kept = values(line)
    assert {k.split(".")[2] for k in kept if k.endswith(".name")} == expected
    assert all(k.startswith("pet.") for k in kept)


def test_a_breed_said_of_the_pet_names_it() -> None:
    assert values("The cat is a Siamese called Sukie.") == {"pet.cat.name": "Sukie"}


def test_an_age_before_a_relative_and_twins_name_the_children() -> None:
    assert values("I have a 9-year-old son called Omar.") == {"family.son.name": "Omar"}
    kept = values("We have twin boys, Rory and Finn.")
    assert kept == {"family.son.rory.name": "Rory", "family.son.finn.name": "Finn"}


def test_names_after_a_count_in_a_card_are_each_one_of_them() -> None:
    """ "…, two girls, Ada and Bea": both daughters; "…, two greyhounds, Flit and Dart":
    both dogs."""
    kept = values("I'm Wyn, 52, nurse in Hull, two girls, Ada and Bea")
    assert kept["family.daughter.ada.name"] == "Ada" and kept["family.daughter.bea.name"] == "Bea"
    kept = values("Jo, 33, plumber. Two greyhounds, Flit and Dart.")
    assert {"pet.dog.flit.name", "pet.dog.dart.name"} <= kept.keys()


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Name's Ife. 38yo. Data engineer. Abuja born, Glasgow based.",
            {"origin.birthplace": "Abuja", "home_city": "Glasgow", "age": "38"},
        ),
        (
            "Hi! Bo, 29, chemist. Porto born and raised, now in Ghent for work",
            {"origin": "Porto", "home_city": "Ghent"},
        ),
        ("I'm Vic, 50. originally from Tampere", {"origin": "Tampere"}),
        ("I've lived in Malmo for the past six years", {"home_city": "Malmo"}),
    ],
)
def test_a_place_said_the_short_way_is_where_the_user_is_from_or_lives(
    line: str, expected: dict[str, str]
) -> None:
    assert expected.items() <= values(line).items()


@pytest.mark.parametrize(
    ("line", "decade"),
    [
        ("I'm Rhod, mid-sixties, joiner in Swansea", "sixties"),
        ("hey, I'm Tess. in my early forties, working as a paramedic in Bath", "forties"),
        ("Ceri, late 30s, tiler, Wrexham", "30s"),
    ],
)
def test_an_age_by_its_decade_is_kept_beside_the_card(line: str, decade: str) -> None:
    kept = values(line)
    assert any(
        decade in (v or "") or decade in k for k, v in kept.items() if k.startswith("trait.")
    )
    assert "job_title" in kept


def test_a_widower_is_a_marriage_not_a_job() -> None:
    kept = values("I am Bernt, a 72-year-old widower from Tromso.")
    assert "job_title" not in kept
    assert kept["age"] == "72" and kept["origin"] == "Tromso"
    assert any(k.startswith("relationship.") for k in kept)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "what's up, I'm Nell, 19, lifeguard in Brighton",
            {"name": "Nell", "age": "19", "home_city": "Brighton"},
        ),
        ("hey hey, joão, 31, baker in Braga", {"name": "João", "age": "31"}),
        (
            "hello from Kigali! I'm Aline, 27",
            {"home_city": "Kigali", "name": "Aline", "age": "27"},
        ),
        ("Rey here, they/them, 24, sous chef, Dundee.", {"job_title": "sous chef", "age": "24"}),
        ("hiya im mo, 22, barista + music student in york", {"job_title": "barista"}),
    ],
)
def test_chat_openers_pronouns_and_a_plus_leave_the_card_readable(
    line: str, expected: dict[str, str]
) -> None:
    assert expected.items() <= values(line).items()


def test_a_greeting_asked_alone_and_a_greeting_from_somewhere_that_is_no_town() -> None:
    assert values("what's up?") == {}
    assert "home_city" not in values("hello from the train! running late again")


@pytest.mark.parametrize(
    "line",
    [
        "My grandad just built a shed for the hens.",
        "my mum said no to a trampoline.",
        "My aunt thinks my paintings are lovely.",
    ],
)
def test_what_people_did_or_decided_that_lasts_is_still_read(line: str) -> None:
    """Only a small moment ("just reheated curry") or words about the user are dropped."""
    assert values(line)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("originally from Tuam but I live in Sligo now", {"origin": "Tuam", "home_city": "Sligo"}),
        ("originally from Rabat", {"origin": "Rabat"}),
        ("married to Ade, we've got a son called Obi", {"family.spouse.name": "Ade"}),
        ("speak dutch and a little german", {"language.dutch": "Dutch"}),
        ("We have two kids and a very scruffy terrier named Alf.", {"pet.dog.name": "Alf"}),
    ],
)
def test_a_statement_said_without_its_subject_is_the_users(
    line: str, expected: dict[str, str]
) -> None:
    assert expected.items() <= values(line).items()


def test_married_to_someone_before_a_cards_fields_stays_a_card() -> None:
    kept = values("I'm Al, 41. Married to Sue, one son, a cat (Mog)")
    assert kept["pet.cat.name"] == "Mog" and kept["family.spouse.name"] == "Sue"


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("holaaa!! soy Inés", "Inés"),
        ("hiii im Rufus", "Rufus"),
        ("heyyy i'm Priya", "Priya"),
        ("coucouuu c'est Maëlle", "Maëlle"),
        ("приветик, я Гоша", "Гоша"),
    ],
)
def test_a_greeting_drawn_out_still_leads_to_the_name(line: str, name: str) -> None:
    found = {c.key: c.value for c in extract_rules(TurnInput(line, NOW))}
    assert found.get("name") == name, found
