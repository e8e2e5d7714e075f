"""The user's own business said by its verb (session 17, issue 23: "I run a bakery", "ich führe
ein Café", "tengo una panadería", "je tiens un bar", "у меня своя пекарня"): read as the job an
owner has, which "what do I do for work?" answers; a flat, a car or a shop near them is not.
What learning keeps (``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def found(text: str) -> list[Candidate]:
    return stored(extract_rules(TurnInput(text, NOW)))


def job(text: str) -> str | None:
    return next((c.value for c in found(text) if c.key == "job_title"), None)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I run a small pottery shop in Cork", "pottery shop owner"),
        ("I own a tiny bookshop.", "bookshop owner"),
        ("I've got my own roofing business", "roofing business owner"),
        ("I’ve got my own bike shop", "bike shop owner"),
        ("I manage a pub in town", "pub manager"),
        ("I run the family farm", "farm owner"),
        ("ich hab eine eigene Schreinerei", "Inhaber von einer Schreinerei"),
        ("Ich führe ein kleines Café in Kiel.", "Inhaber von einem Café"),
        ("ich betreibe einen Fahrradladen", "Inhaber von einem Fahrradladen"),
        ("Tengo una librería en Sevilla.", "dueño de una librería"),
        ("tengo un taller", "dueño de un taller"),
        ("Je tiens un bar.", "propriétaire d’un bar"),
        ("j'ai ma propre entreprise", "propriétaire d’une entreprise"),
        ("У меня своя пекарня.", "владелец пекарни"),
        ("у меня свой магазинчик", "владелец магазинчика"),
        ("Я держу маленькое кафе", "владелец кафе"),
    ],
)
def test_own_business_is_the_users_work(text: str, title: str) -> None:
    assert job(text) == title


@pytest.mark.parametrize(
    "text",
    [
        "I run marathons",
        "I own a car",
        "I have a studio",
        "I run a lot of errands",
        "ich hab einen Laden um die Ecke",
        "у меня своя квартира",
        "tengo un perro",
    ],
)
def test_no_business_no_job(text: str) -> None:
    assert job(text) is None


@pytest.mark.parametrize(
    "text", ["ich hab eine eigene Schreinerei", "у меня своя пекарня", "Je tiens un bar"]
)
def test_the_owner_title_holds_the_whole_sentence(text: str) -> None:
    assert not [c for c in found(text) if c.key.startswith("note.")]


# ---- pets told with another verb ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("We keep three beagles", "pet.dog"),
        ("I keep two rabbits.", "pet.rabbit"),
    ],
)
def test_pets_kept_are_had(text: str, key: str) -> None:
    assert key in {c.key for c in found(text)}


@pytest.mark.parametrize("text", ["I keep a diary", "I keep my keys in a bowl"])
def test_things_kept_are_no_pets(text: str) -> None:
    assert not [c for c in found(text) if c.key.startswith("pet.")]


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("Со мною живёт кот Пушок", "pet.cat.name", "Пушок"),
        ("со мной живёт собака Жучка", "pet.dog.name", "Жучка"),
    ],
)
def test_a_pet_living_with_the_user_is_theirs(text: str, key: str, name: str) -> None:
    assert {c.key: c.value for c in found(text)}.get(key) == name


def test_a_pet_living_with_someone_else_is_not_the_users() -> None:
    assert not [c for c in found("с соседом живёт кот Барсик") if c.key.startswith("pet.")]


# ---- a Russian condition said by its verb, "я" left out ----------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Страдаю астмой", "health.asthma"),
        ("Я страдаю астмой.", "health.asthma"),
        ("Болею диабетом", "health.diabetes"),
        ("Давно страдаю болезнью Крона", "health.crohn_s_disease"),
        ("Страдаю сахарным диабетом с детства", "health.diabetes"),
    ],
)
def test_a_russian_condition_by_its_verb_is_the_users(text: str, key: str) -> None:
    assert key in {c.key for c in found(text)}
    assert not [c for c in found(text) if c.key.startswith("note.") and "детства" not in text]


@pytest.mark.parametrize("text", ["Мама страдает астмой", "Страдаю от жары"])
def test_someone_elses_or_no_condition_is_not_the_users(text: str) -> None:
    assert not [c for c in found(text) if c.key.startswith("health.")]
