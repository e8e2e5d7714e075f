"""Statements that say two things at once or the place first, read by class (session 10):
a parent's children listed after "mum of two", a card's bare fragment when the card says the
town in words too, a town said before "is where", "I've been at <firm> since <year>"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def slots_of(text: str) -> dict[str, str | None]:
    return {c.key: c.value for c in extract_rules(TurnInput(text, NOW)) if "note." not in c.key}


def _holds(text: str, slots: dict[str, str | None], never: set[str]) -> None:
    """``text`` fills ``slots`` and none of the keys in ``never``."""
    found = slots_of(text)
    assert slots.items() <= found.items(), found
    assert not never & set(found), found


@pytest.mark.parametrize(
    ("text", "slots", "never"),
    [
        # The names after "mum of two" are the children's: it gave the user the name "Lea".
        ("I'm a mum of two, Lea and Paul.",
         {"family.children": None, "family.child.lea.name": "Lea",
          "family.child.paul.name": "Paul"},
         {"name"}),
        ("Proud father of three boys: Sam, Joe and Ben",
         {"family.son.sam.name": "Sam", "family.son.ben.name": "Ben"}, {"name"}),
        ("Stay-at-home mum to twins, Ada and Rosa",
         {"family.child.ada.name": "Ada", "family.child.rosa.name": "Rosa"}, {"name"}),
        ("I'm a nurse, Lea.", {"job_title": "nurse"}, {"name"}),  # no name after a comma
        ("Ich bin Vater von drei Kindern, Emil, Ida und Jan",
         {"family.child.emil.name": "Emil", "family.child.jan.name": "Jan"}, set()),
        # Names in the genitive after a Russian parent word are not what they are called.
        ("Я папа двух сыновей, Пети и Коли.", {}, {"family.son.пети.name", "family.son.коли.name",
                                                   "family.child.пети.name"}),
        ("У нас двое детей: Миша и Оля.",
         {"family.child.миша.name": "Миша", "family.child.оля.name": "Оля"}, set()),
        # A card's bare fragment is no town when the card says the town in words.
        ("Barista, Halcyon Coffee, living in Bristol.",
         {"job_title": "barista", "home_city": "Bristol"}, set()),
        ("Tom, 52, plumber, Derby, living in York.", {"home_city": "York"}, {"employer"}),
        ("Alex, 30, UX designer, Berlin.", {"home_city": "Berlin"}, set()),  # the town last
        # The place said first.
        ("Truro's where I was actually born.", {"origin.birthplace": "Truro"}, {"home_city"}),
        ("Penzance is the town where I grew up.", {"origin": "Penzance"}, {"home_city"}),
        ("Cork is where I was raised, to be fair.", {"origin": "Cork"}, set()),
        ("This is the place where I was actually born.", {}, {"origin", "origin.birthplace"}),
        # Since when: still there; "I've been at the gym since 6am" is no job.
        ("I've been at Unilever since 2018.", {"employer": "Unilever"}, set()),
        ("I've worked for Greggs for six years.", {"employer": "Greggs"}, set()),
        ("I've worked at Atkins since 2016 as a surveyor.",
         {"employer": "Atkins", "job_title": "surveyor"}, set()),
        ("I've been at the gym since 6am.", {}, {"employer"}),
        ("I've been with Tom since 2015.", {}, {"employer"}),
        ("I've worked at Tesco.", {}, {"employer"}),  # something done, not the job now
    ],
)  # fmt: skip
def test_read_by_class(text: str, slots: dict[str, str | None], never: set[str]) -> None:
    _holds(text, slots, never)


@pytest.mark.parametrize(
    ("text", "slots", "never"),
    [
        # A relative's job keeps the job as its value, as the other languages' rules do.
        ("My sister Ruth is a roofer.", {"family.sister.ruth.job": "roofer"}, set()),
        ("My dad works as a baker at the Co-op.", {"family.father.job": "baker"}, set()),
        # "my <relative>" after "de", "von" or a relation word is someone else's relative.
        ("Der Sohn meines Chefs heißt Tim.", {}, {"people.boss.name", "family.son.name"}),
        ("El hermano de mi vecina trabaja en Zara.", {}, {"people.neighbor.employer"}),
        ("Le fils de ma voisine s'appelle Hugo.", {}, {"people.neighbor.name"}),
        ("Meine Schwester heißt Jana.", {"family.sister.name": "Jana"}, set()),
        # A Russian name beside the relation, keyed as the person is called.
        ("Мой брат Олег работает механиком.",
         {"family.brother.олег.name": "Олег", "family.brother.олег.job": "механик"}, set()),
        ("Мы живём в Туле с мужем Антоном.", {"family.husband.антон.name": "Антон"},
         {"family.husband.антоном.name"}),
        ("Моему сыну Пете семь лет.", {"family.son.петя.age": "7"}, {"family.son.пете.age"}),
        ("Мы живём в Омске с мужем Тимуром и дочкой Катей.",
         {"family.husband.тимур.name": "Тимур", "family.daughter.катя.name": "Катя"}, set()),
    ],
)  # fmt: skip
def test_whose_and_as_called(text: str, slots: dict[str, str | None], never: set[str]) -> None:
    _holds(text, slots, never)


@pytest.mark.parametrize(
    ("text", "slots", "never"),
    [
        # A pet's age beside its name, in every language (the name too).
        ("Our dog Bramble is nine.", {"pet.dog.name": "Bramble", "pet.dog.age": "9"}, set()),
        ("My cat Tofu is almost 3.", {"pet.cat.name": "Tofu"}, {"pet.cat.age"}),  # not sure
        ("Mein Hund Bello ist sieben Jahre alt.", {"pet.dog.age": "7", "pet.dog.name": "Bello"},
         set()),
        ("Mi gata Luna tiene dos años.", {"pet.cat.age": "2", "pet.cat.name": "Luna"}, set()),
        ("Mon chien Rex a six ans.", {"pet.dog.age": "6"}, set()),
        # A Russian pet's name in the dative, as it is called (never "Тузику").
        ("Моему псу Тузику пять лет.", {"pet.dog.age": "5", "pet.dog.name": "Тузик"}, set()),
        # A relative's age after their naming or with "and" going on.
        ("Meine Tochter heißt Emma und ist fünf.", {"family.daughter.age": "5"}, set()),
        ("Mein Bruder Lars ist zwölf und spielt Tennis.", {"family.brother.lars.age": "12"},
         set()),
        ("Ma nièce s'appelle Zoé et a neuf ans.", {"family.niece.age": "9"}, set()),
    ],
)  # fmt: skip
def test_ages_said_beside_a_name(text: str, slots: dict[str, str | None], never: set[str]) -> None:
    _holds(text, slots, never)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        # Words that describe the animals name no slot: it stored pet.dog.rescue.
        ("We have three rescue beagles.", "pet.dog"),
        ("I have a rescue cat.", "pet.cat"),
    ],
)
def test_what_describes_a_pet_is_no_key(text: str, key: str) -> None:
    found = slots_of(text)
    assert key in found and not any(k.startswith(f"{key}.rescue") for k in found), found


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Ich bin in Kiel geboren und wohne in Hamburg.", "Kiel"),
        ("Nací en Sevilla.", "Sevilla"),
        ("Je suis née à Nantes.", "Nantes"),
        ("Я родился в Твери.", "Тверь"),  # in the nominative
        ("Nací en 1990.", None),  # a year, no place
    ],
)
def test_where_one_was_born_in_every_language(text: str, place: str | None) -> None:
    assert slots_of(text).get("origin.birthplace") == place
