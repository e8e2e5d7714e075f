"""Extraction classes the lead found walking new users in five languages (session 17, issue
23): an age said with the birthday still to come ("wird im Juni 5", "turns 9 in August") —
a year younger now, and the age holds after the day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 5, 11, 18, 0, tzinfo=UTC)


def kept(text: str) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out)."""
    found = stored(extract_rules(TurnInput(text, NOW)))
    return {c.key: c.value for c in found if not c.key.startswith("note.")}


@pytest.mark.parametrize(
    ("text", "key", "age"),
    [
        ("my son Rafi turns 9 in August", "family.son.rafi.age", "8"),
        ("my nan is turning 90 next month", "family.grandmother.age", "89"),
        ("unsere Tochter Ida wird im Juni 5", "family.daughter.ida.age", "4"),
        ("mein Opa wird bald 80", "family.grandfather.age", "79"),
        ("mi hijo Bruno cumple 7 en octubre", "family.son.bruno.age", "6"),
        ("ma nièce Inès aura dix ans en juillet", "family.niece.ines.age", "9"),
        ("моей дочке Варе в сентябре будет 6", "family.daughter.варя.age", "5"),
    ],
)
def test_an_age_with_the_birthday_still_to_come_is_a_year_less_now(
    text: str, key: str, age: str
) -> None:
    assert kept(text).get(key) == age


def test_an_age_with_its_birthday_days_away_does_not_lapse_after_the_day() -> None:
    found = [c for c in extract_rules(TurnInput("my daughter will be 6 on Friday", NOW))]
    ages = [c for c in found if c.key == "family.daughter.age"]
    assert [c.value for c in ages] == ["5"] and ages[0].valid_to is None


@pytest.mark.parametrize(
    "text", ["mi hijo cumple 5 años hoy", "meine Tochter Lea wird 1", "my son turns 1 in May"]
)
def test_a_birthday_today_or_a_first_one_says_no_age_a_year_less(text: str) -> None:
    assert not any(k.endswith(".age") for k in kept(text))


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("ich hab ne Erdnussallergie", "allergy.erdnuss", "Erdnuss"),
        ("wir haben nen Kater namens Socke", "pet.cat.name", "Socke"),
    ],
)
def test_spoken_german_short_articles_read_as_written_ones(text: str, key: str, value: str) -> None:
    assert kept(text).get(key) == value


@pytest.mark.parametrize(
    ("text", "key", "age"),
    [
        ("we've got a scruffy terrier called Pogo, he's 11", "pet.dog.age", "11"),
        ("we have a cat named Tinsel and she is 6 years old", "pet.cat.age", "6"),
    ],
)
def test_a_pets_age_said_by_a_pronoun_after_its_naming(text: str, key: str, age: str) -> None:
    assert kept(text).get(key) == age


@pytest.mark.parametrize(
    "text", ["my aunt has a pony called Bramble, he's 9", "my auntie Jo lives in Crewe, he is 9"]
)
def test_a_pronoun_is_never_a_relative_of_the_other_gender_or_someone_else_named(
    text: str,
) -> None:
    assert not any(k.startswith("family.") and k.endswith(".age") for k in kept(text))


@pytest.mark.parametrize(
    ("text", "name", "job", "town"),
    [
        ("salut, moi c'est Margaux, boulangère à Rouen", "Margaux", "boulangère", "Rouen"),
        ("ich bin Wiebke, Zahnärztin in Kiel", "Wiebke", "Zahnärztin", "Kiel"),
        ("soy Nerea, cocinera en Getafe", "Nerea", "cocinera", "Getafe"),
    ],
)
def test_a_name_said_with_its_verb_then_a_job_and_town(
    text: str, name: str, job: str, town: str
) -> None:
    found = kept(text)
    assert (found.get("name"), found.get("job_title"), found.get("home_city")) == (
        name,
        job,
        town,
    )


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("oh we're moving to Limerick in the autumn", "Limerick"),
        ("in June we're moving back to Dundee", "Dundee"),
        ("we are going to move to Tromsø next year", "Tromsø"),
    ],
)
def test_a_planned_move_is_kept_with_where_to(text: str, place: str) -> None:
    found = kept(text)
    assert [k for k in found if k.startswith("plan.moving_")] == [f"plan.moving_{place.lower()}"]


@pytest.mark.parametrize(
    "text", ["I'm moving to the next chapter", "we're moving to a bigger flat"]
)
def test_moving_to_something_that_is_no_place_is_no_move(text: str) -> None:
    assert not any(k.startswith("plan.moving_") for k in kept(text))


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("ich bin Ute, Ärztin aus Leidenschaft", "Ärztin"),
        ("ich bin Rolf, Lehrer in Rente", "Lehrer"),
    ],
)
def test_a_capitalised_word_after_a_job_that_is_no_place_names_no_town(text: str, job: str) -> None:
    found = kept(text)
    assert found.get("job_title") == job
    assert not {"home_city", "origin", "employer"} & set(found)
