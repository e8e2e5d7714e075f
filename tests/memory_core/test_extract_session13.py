"""Statements as people chat (session 13, issue 23): relatives and pets named with a verb
clause in German, Spanish, French and Russian ("…, die heißt …", "… que se llama …", "… qui
s'appelle …", "…, его зовут …") and "also/another" forms of them. What learning keeps
(``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
_PERSON = re.compile(r"^(family\.[^.]+|pet\.[^.]+)\.[^.]+\.(name|age|job|home)$")


def kept(text: str) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out), a name said beside
    the relation ("family.sister.lea.name") keyed as the relation's ("family.sister.name")."""
    found = stored(extract_rules(TurnInput(text, NOW)))
    return {_PERSON.sub(r"\1.\2", c.key): c.value for c in found if not c.key.startswith("note.")}


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("Ich habe eine Schwester, die heißt Marlene.", "family.sister.name", "Marlene"),
        ("Wir haben auch eine Tochter namens Ronja.", "family.daughter.name", "Ronja"),
        ("Ich hab 'ne Freundin, die heißt Jana.", "family.girlfriend.name", "Jana"),
        ("Außerdem haben wir einen Sohn, der heißt Levin.", "family.son.name", "Levin"),
        ("Mein Bruder, der Tobias, studiert in Jena.", "family.brother.name", "Tobias"),
        ("Ich hab einen Freund, Jannik, der arbeitet bei Aldi.", "family.boyfriend.name", "Jannik"),
        ("Tengo un hermano que se llama Álvaro.", "family.brother.name", "Álvaro"),
        ("Mi mujer, que se llama Pilar, es abogada.", "family.wife.name", "Pilar"),
        ("También tengo una hija, se llama Nerea.", "family.daughter.name", "Nerea"),
        ("J'ai une sœur qui s'appelle Clémence.", "family.sister.name", "Clémence"),
        ("Mon mari, qui s'appelle Thierry, est plombier.", "family.husband.name", "Thierry"),
        ("J'ai aussi un fils, il s'appelle Maël.", "family.son.name", "Maël"),
        ("У меня есть сестра, её зовут Дарья.", "family.sister.name", "Дарья"),
        ("Мой сын, его зовут Егор, ходит в садик.", "family.son.name", "Егор"),
        ("Ещё у меня есть брат, зовут Стас.", "family.brother.name", "Стас"),
    ],
)
def test_a_relative_named_with_a_verb_clause(text: str, key: str, name: str) -> None:
    assert kept(text).get(key) == name


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("Tenemos un conejo blanco que se llama Copo.", "pet.rabbit.name", "Copo"),
        ("On a une chatte tigrée qui s'appelle Moustache.", "pet.cat.name", "Moustache"),
        ("También hay un perro en casa, se llama Toby.", "pet.dog.name", "Toby"),
        ("Ещё есть кошка, её зовут Муся.", "pet.cat.name", "Муся"),
        ("У нас живёт попугай, зовут Кеша.", "pet.parrot.name", "Кеша"),
    ],
)
def test_a_pet_named_with_a_verb_clause(text: str, key: str, name: str) -> None:
    assert kept(text).get(key) == name


@pytest.mark.parametrize(
    "text",
    [
        # Someone else's relative, a job or a town after the comma: no name.
        "Meine Schwester, die Ärztin ist, wohnt in Ulm.",
        "Mein Mann, Lehrer von Beruf, ist oft müde.",
        "La hermana de mi vecina se llama Rocío.",
        "Le fils de ma collègue s'appelle Enzo.",
        "Ich habe eine Schwester, die in Bonn wohnt.",
    ],
)
def test_lookalikes_name_no_relative(text: str) -> None:
    found = kept(text)
    assert not any(k.endswith(".name") for k in found), found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have a sister, she's called Maud.", {"family.sister.name": "Maud"}),
        ("I've got a nephew, his name is Arlo.", {"family.nephew.name": "Arlo"}),
        (
            "My husband's a roofer, his name's Declan.",
            {"family.husband.name": "Declan", "family.husband.job": "roofer"},
        ),
        (
            "We got a beagle in May, her name's Pixie, she's 2.",
            {"pet.dog.name": "Pixie", "pet.dog.age": "2"},
        ),
        (
            "My dad's a welder and mum's a florist.",
            {"family.father.job": "welder", "family.mother.job": "florist"},
        ),
        ("Honestly, my wife's called Tamsin.", {"family.wife.name": "Tamsin"}),
        ("We also have a ginger cat we named Marmalade.", {"pet.cat.name": "Marmalade"}),
        ("Our collie answers to Moss.", {"pet.dog.name": "Moss"}),
        ("Meet Pudding, my guinea pig!", {"pet.guinea_pig.name": "Pudding"}),
        ("My mrs Philippa is a dentist.", {"family.wife.name": "Philippa"}),
        ("My fella Ronan works in IT.", {"family.partner.name": "Ronan"}),
    ],
)
def test_english_names_said_in_a_clause_of_their_own(text: str, expected: dict[str, str]) -> None:
    found = kept(text)
    assert {k: found.get(k) for k in expected} == expected, found


@pytest.mark.parametrize(
    "text",
    [
        # The name is someone else's, or no relative is named.
        "My sister has a neighbour, she's called Ivy.",
        "I met a woman at the gym, her name is Nell.",
    ],
)
def test_a_name_in_a_clause_of_its_own_is_not_a_relatives_when_it_is_not(text: str) -> None:
    found = kept(text)
    assert not any(k.startswith("family.sister") and k.endswith(".name") for k in found), found
    assert not any(k.startswith("pet.") for k in found), found


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I do lates as a hotel receptionist.", "hotel receptionist"),
        ("I work night shifts as a carer.", "carer"),
        ("Thought about quitting, but I'm remaining a welder.", "welder"),
        ("I used to be a postman, now I'm a gardener.", "gardener"),
        ("Trabajo de noche como vigilante.", "vigilante"),
        ("Je travaille de nuit comme infirmière.", "infirmière"),
        ("Ich arbeite nachts als Taxifahrer.", "Taxifahrer"),
        ("Früher war ich Koch, heute bin ich Busfahrer.", "Busfahrer"),
        ("Работаю по ночам охранником.", "охранник"),
    ],
)
def test_a_job_said_with_its_shift_or_after_the_one_before(text: str, job: str) -> None:
    assert kept(text).get("job_title") == job


@pytest.mark.parametrize(
    "text", ["I'm staying a week in Rome.", "Heute bin ich müde.", "I work nights."]
)
def test_a_stay_or_a_shift_alone_is_no_job(text: str) -> None:
    assert "job_title" not in kept(text)


@pytest.mark.parametrize(
    ("text", "pastimes"),
    [
        ("Me encanta pintar y hacer senderismo.", {"hobby.pintar", "hobby.hacer_senderismo"}),
        ("J'aime beaucoup courir.", {"hobby.courir"}),
        ("Обожаю рисовать и петь.", {"hobby.рисовать", "hobby.петь"}),
        ("Abends koche ich gern.", {"hobby.kochen"}),
        ("Sonntags gehe ich gern angeln.", {"hobby.angeln"}),
    ],
)
def test_a_pastime_said_as_a_verb(text: str, pastimes: set[str]) -> None:
    assert pastimes <= set(kept(text)), kept(text)


def test_a_favourite_said_with_am_liebsten() -> None:
    assert kept("Am liebsten trinke ich Apfelschorle.").get("favorite.drink") == "Apfelschorle"


@pytest.mark.parametrize(
    "text",
    ["Me encanta estar aquí contigo.", "J'aime bien être tranquille.", "Ich esse gern Nudeln."],
)
def test_a_state_or_a_food_said_with_a_verb_is_no_pastime(text: str) -> None:
    assert not any(k.startswith("hobby.") for k in kept(text)), kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm ironing shirts.",
        "I'm just doing the dishes.",
        "I'm at the vet with the cat.",
        "My landlord is so generous, said no one ever.",
        "Mein Chef bringt mich noch um.",
        "Estoy muerto de sueño, llevo mil horas sin dormir.",
        "Super, encore une panne, j'adore les pannes.",
        "Toll, schon wieder Stau.",
        "On est en train de ranger le garage.",
        "Ich bin gerade beim Kochen.",
        "Я сейчас сижу в очереди.",
    ],
)
def test_a_chore_a_place_right_now_hyperbole_or_sarcasm_keeps_nothing(text: str) -> None:
    assert stored(extract_rules(TurnInput(text, NOW))) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a vet.", {"job_title": "vet"}),
        ("I'm at the gym most mornings.", None),
        ("Ich arbeite gerade als Kellner.", {"job_title": "Kellner"}),
    ],
)
def test_lookalikes_of_a_moment_are_kept(text: str, expected: dict[str, str] | None) -> None:
    found = kept(text)
    if expected is None:
        assert found
    else:
        assert {k: found.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Tengo alergia a los cacahuetes.", "allergy.cacahuetes", "cacahuetes"),
        ("J'ai une allergie aux crevettes.", "allergy.crevettes", "crevettes"),
        ("Ich habe eine Allergie gegen Hausstaub.", "allergy.hausstaub", "Hausstaub"),
        ("На арахис у меня аллергия.", "allergy.арахис", "арахис"),
        ("Mi equipo es el Sevilla.", "likes.sevilla", "Sevilla"),
        ("Je suis supporter du Stade Rennais.", "likes.stade_rennais", "Stade Rennais"),
        ("Union Berlin ist mein Verein.", "likes.union_berlin", "Union Berlin"),
        ("Я болею за ЦСКА.", "likes.цска", "ЦСКА"),
        ("My partner Ross is a plasterer.", "family.partner.job", "plasterer"),
        ("I'm a joiner.", "job_title", "joiner"),
    ],
)
def test_allergies_said_with_the_noun_teams_and_trades(text: str, key: str, value: str) -> None:
    assert kept(text).get(key) == value, kept(text)


def test_a_team_word_with_no_team_is_no_liking() -> None:
    assert not any(k.startswith("likes.") for k in kept("Mi equipo es pequeño."))


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Hey it's Niamh here", "Niamh"),
        ("Good morning, it's Ottilie.", "Ottilie"),
        ("It's Bartek, by the way.", "Bartek"),
    ],
)
def test_a_greeting_that_says_the_name_keeps_it(text: str, name: str) -> None:
    assert everything_of(text) == {"name": name}


@pytest.mark.parametrize("text", ["It's Friday!", "Hi, it's raining.", "Hiya, it's Niamh again."])
def test_a_greeting_or_a_remark_without_a_name_keeps_none(text: str) -> None:
    assert "name" not in everything_of(text)


def everything_of(text: str) -> dict[str, str | None]:
    """Key → value of all that learning keeps from ``text``, notes too."""
    return {c.key: c.value for c in stored(extract_rules(TurnInput(text, NOW)))}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Stuff I'm into: chess, running and jazz.",
            {"likes.chess": "chess", "likes.running": "running", "likes.jazz": "jazz"},
        ),
        ("Mussels and mango, I'm allergic to both.", {"allergy.mussels": None}),
        ("I'm coeliac so no pasta for me.", {"health.celiac_disease": "celiac disease"}),
        (
            "Two kids – Milo is eleven and Bea is six.",
            {"family.child.name": "Bea", "family.child.age": "6"},
        ),
        ("We have two girls: Isla is 7 and Mae is 4.", {"family.daughter.age": "4"}),
    ],
)
def test_lists_an_allergy_of_both_and_children_with_ages(
    text: str, expected: dict[str, str | None]
) -> None:
    found = kept(text)
    for key, value in expected.items():
        assert key in found and (value is None or found[key] == value), found
