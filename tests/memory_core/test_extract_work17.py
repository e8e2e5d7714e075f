"""Extraction leftovers of the lead's walk with new users (session 17, issue 23), by class and in
every language the class exists in: the user's own job said by its verb, a workplace or a work
town read as the home, tastes and pets said in passing, and an apology before a statement.
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


def kept(text: str) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out)."""
    return {c.key: c.value for c in found(text) if not c.key.startswith("note.")}


def notes(text: str) -> list[str]:
    return [c.value_text for c in found(text) if c.key.startswith("note.")]


# ---- the user's own job, said by its verb ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I drive a bus for the city", "bus driver"),
        ("I drive taxis for a living.", "taxi driver"),
        ("i drive a tram around Sheffield", "tram driver"),
        ("I teach biology in Swindon.", "biology teacher"),
        ("Ich fahre Taxi.", "Taxifahrer"),
        ("ich fahre LKW in Hamburg", "Lkw-Fahrer"),
        ("Conduzco un camión.", "camionero"),
        ("conduzco un taxi en Madrid", "taxista"),
        ("Je conduis un bus.", "chauffeur de bus"),
        ("je conduis des taxis depuis 2015", "chauffeur de taxi"),
        ("Я вожу такси.", "таксист"),
        ("вожу автобус", "водитель автобуса"),
        ("Ich unterrichte Mathe an einer Gesamtschule.", "Lehrer"),
        ("Enseño piano.", "profesor"),
        ("J'enseigne l'histoire au collège.", "enseignant"),
        ("Я преподаю в школе.", "преподаватель"),
    ],
)
def test_the_users_own_job_said_by_its_verb(text: str, job: str) -> None:
    assert kept(text).get("job_title") == job


@pytest.mark.parametrize(
    "text",
    [
        "I drive a Volvo.",
        "I drive my kids to school every morning.",
        "I drove a bus for ten years.",  # the past: no job now
        "I'd drive a taxi if I had to.",
        "Ich fahre Bus zur Arbeit.",  # riding a bus
        "Je conduis une Clio.",
        "Conduzco al trabajo.",
        "Я вожу машину.",
        "I teach my dog tricks.",
    ],
)
def test_no_job_from_an_ordinary_verb_of_ones_own(text: str) -> None:
    assert "job_title" not in kept(text)


@pytest.mark.parametrize(
    ("text", "key", "job"),
    [
        ("муж водит автобус", "family.husband.job", "водитель автобуса"),
        ("Жена преподаёт в школе.", "family.wife.job", "преподавательница"),
        ("Брат водит такси.", "family.brother.job", "таксист"),
        ("муж работает врачом", "family.husband.job", "врач"),
    ],
)
def test_a_russian_relatives_job_without_my(text: str, key: str, job: str) -> None:
    """ "Муж водит автобус": Russian says the user's husband without "мой"."""
    assert kept(text).get(key) == job


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("Je bosse dans une banque à Bordeaux.", "une banque"),
        ("je travaille dans un hôpital", "un hôpital"),
        ("Ich arbeite in einer Bank.", "einer Bank"),
        ("Trabajo en un hospital.", "un hospital"),
        ("Я работаю в банке.", "банк"),
    ],
)
def test_a_workplace_said_by_its_kind(text: str, employer: str) -> None:
    """ "I work at a bank" is kept as where the user works; said in other languages it was
    only a note."""
    assert (kept(text).get("employer") or "").lower() == employer.lower()


# ---- a workplace is no home ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("Soy cocinera en Hotel Sol.", {"job_title": "cocinera", "employer": "Hotel Sol"}),
        ("soy camarero en Restaurante Casa Pepe", {"job_title": "camarero"}),
        ("Je suis serveuse à Hôtel Lutetia.", {"job_title": "serveuse"}),
        ("I'm a chef in Hotel Sol.", {"job_title": "chef", "employer": "Hotel Sol"}),
        ("I work as a porter in Kingsway Hospital", {"employer": "Kingsway Hospital"}),
    ],
)
def test_a_workplace_after_the_job_is_no_home(text: str, slots: dict[str, str]) -> None:
    """ "Soy cocinera en Hotel Sol" stored the home "Hotel Sol"."""
    got = kept(text)
    assert "home_city" not in got
    assert {k: got.get(k) for k in slots} == slots


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # The town after the workplace said by its kind or the firm: the home, as "I work at
        # Zara in Madrid" is read (the town after a job is the home in every language).
        (
            "Je bosse dans une banque à Bordeaux.",
            {"employer": "une banque", "home_city": "Bordeaux"},
        ),
        ("ich jobbe bei Bosch in Reutlingen", {"employer": "Bosch", "home_city": "Reutlingen"}),
        ("Trabajo en Inditex en Arteixo.", {"employer": "Inditex", "home_city": "Arteixo"}),
    ],
)
def test_a_town_after_the_workplace_is_read(text: str, slots: dict[str, str]) -> None:
    got = kept(text)
    assert {k: got.get(k) for k in slots} == slots


def test_a_home_said_beside_the_job_stays_the_home() -> None:
    got = kept("Soy enfermera y vivo en Sevilla.")
    assert got.get("home_city") == "Sevilla"
    assert got.get("job_title") == "enfermera"


# ---- tastes, pets and trips said in passing ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("I'm more of a tea person", "preference.tea"),
        ("I'm a coffee person, honestly.", "preference.coffee"),
        ("Been listening to loads of jazz.", "likes.jazz"),
        ("I've been listening to a lot of Bowie lately.", "likes.bowie"),
    ],
)
def test_a_taste_said_in_passing(text: str, key: str) -> None:
    assert key in kept(text)


@pytest.mark.parametrize(
    "text",
    ["We adopted a greyhound.", "we adopted a rescue dog", "We adopted two kittens."],
)
def test_an_adopted_pet_without_a_time(text: str) -> None:
    assert any(k.startswith("pet.") for k in kept(text))


@pytest.mark.parametrize(
    "text",
    [
        "летом едем в Турцию",
        "В июле летим в Испанию.",
        "En julio vamos a Italia.",
        "Este verano voy a Lisboa.",
    ],
)
def test_a_trip_said_without_its_subject_is_kept(text: str) -> None:
    assert notes(text) or kept(text)


# ---- an apology before a statement ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Entschuldigung, ich bin 26", "26"),
        ("perdón, tengo 26", "26"),
        ("Perdona, tengo 31 años.", "31"),
        ("pardon, j'ai 26 ans", "26"),
        ("Désolée, j'ai 44 ans.", "44"),
        ("sorry, I'm 26", "26"),
        ("извини, мне 26", "26"),
        ("Простите, мне 52 года.", "52"),
    ],
)
def test_an_apology_before_the_age_is_no_part_of_it(text: str, age: str) -> None:
    got = found(text)
    assert {c.key: c.value for c in got}.get("age") == age
    assert not [c for c in got if c.key.startswith("note.") or c.key == "name"]


@pytest.mark.parametrize(
    "text",
    [
        "Entschuldigung, ich wohne in Köln.",
        "Perdona, vivo en Sevilla.",
        "Извините, я живу в Казани.",
    ],
)
def test_an_apology_before_the_home_leaves_no_note(text: str) -> None:
    got = found(text)
    assert any(c.key == "home_city" for c in got)
    assert not [c for c in got if c.key.startswith("note.")]
