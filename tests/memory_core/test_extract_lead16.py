"""Extraction classes the lead found walking new users in five languages (session 16, issue
23): a name said after a greeting the way a caller says it ("Moin, hier ist …"), a child's age
just reached ("vient d'avoir six ans") or said once for a list of children, twins named in a
list (the user's children, not the user's twin), a German pastime noun after "gern", and an
English line that leaves out "I'm" before what the user is doing these months."""

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
    ("text", "name"),
    [
        ("Moin, hier ist Hauke", "Hauke"),
        ("Servus! Hier spricht Vroni.", "Vroni"),
        ("Hola, aquí Itziar", "Itziar"),
        ("Привет, это Гоша", "Гоша"),
    ],
)
def test_a_name_said_after_a_greeting_like_a_caller(text: str, name: str) -> None:
    assert kept(text).get("name") == name


@pytest.mark.parametrize(
    "text", ["Hallo, hier ist es heute richtig kalt", "Привет, это был странный вечер"]
)
def test_a_greeting_then_something_else_names_no_one(text: str) -> None:
    assert "name" not in kept(text)


@pytest.mark.parametrize(
    ("text", "key", "age"),
    [
        ("mon fils Gaspard vient d'avoir 9 ans", "family.son.gaspard.age", "9"),
        ("ma nièce vient de fêter ses 12 ans", "family.niece.age", "12"),
        ("mi sobrina Olaia acaba de cumplir 3 años", "family.niece.olaia.age", "3"),
        ("mein Enkel Mats ist gerade 2 geworden", "family.grandchild.mats.age", "2"),
    ],
)
def test_an_age_just_reached(text: str, key: str, age: str) -> None:
    assert kept(text).get(key) == age


@pytest.mark.parametrize(
    ("text", "names", "age"),
    [
        ("unsere Zwillinge Jale und Timo sind jetzt 6", ("jale", "timo"), "6"),
        ("mis gemelas Ainhoa y Nerea tienen 11 años", ("ainhoa", "nerea"), "11"),
        ("mes jumeaux, Basile et Côme, ont 8 ans", ("basile", "come"), "8"),
    ],
)
def test_twins_in_a_list_are_children_with_one_age(
    text: str, names: tuple[str, ...], age: str
) -> None:
    facts = kept(text)
    assert not any(k.startswith("family.twin.") for k in facts)
    for name in names:
        assert facts.get(f"family.child.{name}.name") is not None
        assert facts.get(f"family.child.{name}.age") == age


def test_a_twin_of_ones_own_stays_a_twin() -> None:
    assert kept("mein Zwilling Hannes wohnt in Kassel").get("family.twin.hannes.name") == "Hannes"


@pytest.mark.parametrize(
    ("text", "hobby"),
    [
        ("im Sommer gehe ich gern Segelfliegen", "Segelfliegen"),
        ("ich gehe gern klettern", "klettern"),
    ],
)
def test_a_german_pastime_after_gern(text: str, hobby: str) -> None:
    assert hobby in kept(text).values()


@pytest.mark.parametrize("text", ["ich male gern Landschaften", "ich gehe gern Essen"])
def test_a_thing_after_gern_is_no_pastime_of_its_own(text: str) -> None:
    assert not any(v in ("Landschaften", "Essen") for v in kept(text).values())


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("training for the Leith 10k in April", "project.leith_10k"),
        ("learning Welsh on the side", "language.welsh"),
        ("saving up for a campervan", "goal.saving_up_campervan"),
    ],
)
def test_what_the_user_is_doing_without_im(text: str, key: str) -> None:
    assert key in kept(text)


def test_a_doing_word_as_the_subject_is_not_the_user() -> None:
    assert "language.welsh" not in kept("Learning Welsh is harder than it looks")


def test_a_partner_named_in_passing_with_a_job_word_for_a_name() -> None:
    facts = kept("I live in Derby with my husband Dev and our dog Pip")
    assert facts.get("family.husband.dev.name") == "Dev"
    assert facts.get("pet.dog.name") == "Pip"
    assert not any(k.startswith("work.") for k in kept("with my husband Dev and our dog Pip"))


@pytest.mark.parametrize(
    ("text", "key", "job"),
    [
        ("Dev's a radiographer btw", "person.dev.job", "radiographer"),
        ("Mason is a roofer", "person.mason.job", "roofer"),
    ],
)
def test_a_job_word_named_with_a_job_of_their_own(text: str, key: str, job: str) -> None:
    assert kept(text).get(key) == job


@pytest.mark.parametrize("text", ["Nurse is coming round at six", "Everyone's a critic"])
def test_a_word_said_first_is_no_person(text: str) -> None:
    assert not any(k.startswith("person.") for k in kept(text))


def test_spanish_slang_for_work() -> None:
    assert kept("curro de fontanero en una empresa pequeña").get("job_title") == "fontanero"


@pytest.mark.parametrize(
    "text", ["el curro de hoy fue agotador", "el trabajo de esta semana fue una locura"]
)
def test_a_day_at_work_is_no_job(text: str) -> None:
    assert "job_title" not in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "oops, typo before, the rabbit's name is Clover not Clove",
        "the rabbit is called Clover not Clove",
        "my rabbit's name is Clover not Clove",
    ],
)
def test_a_name_for_a_name_needs_no_comma(text: str) -> None:
    found = stored(extract_rules(TurnInput(text, NOW)))
    named = [c for c in found if c.key == "pet.rabbit.name"]
    assert [c.value for c in named] == ["Clover"]
    assert named[0].corrects and named[0].rejected == "Clove"


def test_not_after_a_plain_word_rejects_no_name() -> None:
    assert not any(c.corrects for c in stored(extract_rules(TurnInput("I like it not Clove", NOW))))


@pytest.mark.parametrize("text", ["yo, Dariusz here", "Dariusz here", "hey all, Dariusz here!"])
def test_a_name_signed_on_with_here(text: str) -> None:
    assert kept(text).get("name") == "Dariusz"


@pytest.mark.parametrize("text", ["Nobody here", "Mum here", "Sunday here", "ok here"])
def test_here_after_no_name(text: str) -> None:
    assert "name" not in kept(text)


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("ich bin Schreiner bei den Verkehrsbetrieben", "Verkehrsbetrieben"),
        ("soy maestra en el colegio", "el colegio"),
        ("soy administrativa en un ambulatorio del barrio", "un ambulatorio"),
    ],
)
def test_a_workplace_after_the_job(text: str, employer: str) -> None:
    assert kept(text).get("employer") == employer


def test_a_place_that_is_no_workplace() -> None:
    assert "employer" not in kept("soy socorrista en la playa")
