"""Extraction leftovers (session 16, issue 23), by class, in the five languages: a status said
after the time it began ("Seit Mai wieder Single"); Russian children named with an order
word ("Младшего сына зовут …") and a name said in the dative beside an age; the town of a
workplace, which is no home; climbing stairs, which is no sport; a pastime called a passion,
"my thing", "mon truc", "mein Ding"; a pet that "answers to" its name; a pet got at a time
said (the date on the fact, not in its words). What learning keeps
(``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.text.domains import AREAS, told_areas
from tests.memory_core.stored_facts import NOW, facts, kept, stored_from

# -- a status said after the time it began ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("Seit April wieder Single.", "single"),
        ("Seit Juli bin ich wieder Single.", "single"),
        ("Seit Herbst bin ich geschieden.", "divorced"),
        ("Desde junio, soltero otra vez.", "single"),
        ("Depuis l'été, je suis célibataire.", "single"),
        ("С лета снова один.", "single"),
        ("С апреля я опять холост.", "single"),
        ("С осени я разведён.", "divorced"),
        ("Since the summer I'm single again.", "single"),
        ("Since autumn, single again.", "single"),
    ],
)
def test_a_status_said_after_when_it_began(text: str, state: str) -> None:
    assert f"relationship.{state}" in kept(text)


@pytest.mark.parametrize(
    "text",
    [
        "Seit April wohnt meine Schwester allein.",
        "С лета снова один дома сижу.",
        "Since the summer my brother has been single.",
    ],
)
def test_no_status_of_the_user_where_none_is_said(text: str) -> None:
    assert not any(k.startswith("relationship.") for k in kept(text))


def test_since_a_season_dates_the_status_from_that_season() -> None:
    found = [c for c in facts("Since the summer I'm single again.") if c.key.startswith("rel")]
    assert found and found[0].valid_from == datetime(2025, 6, 1, tzinfo=UTC)


# -- Russian children named with an order word, a name in the dative beside an age -----------


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("Младшего сына зовут Гоша.", "family.son.name", "Гоша"),
        ("Старшую дочь зовут Варвара.", "family.daughter.name", "Варвара"),
        ("Мою младшую дочку зовут Ксюша.", "family.daughter.name", "Ксюша"),
        ("Нашего среднего внука зовут Пётр.", "family.grandson.name", "Пётр"),
        ("Mein ältester Sohn heißt Jannik.", "family.son.name", "Jannik"),
        ("Meine jüngste Tochter heißt Frieda.", "family.daughter.name", "Frieda"),
        ("Mi hijo mayor se llama Iker.", "family.son.name", "Iker"),
        ("Mi hermana pequeña se llama Noa.", "family.sister.name", "Noa"),
        ("Mon fils aîné s'appelle Gaspard.", "family.son.name", "Gaspard"),
        ("Mon petit frère s'appelle Basile.", "family.brother.name", "Basile"),
    ],
)
def test_a_relative_named_with_an_order_word(text: str, key: str, name: str) -> None:
    assert kept(text).get(key) == name


def test_an_age_said_with_a_name_in_the_dative_keeps_the_name_in_its_words() -> None:
    found = {c.key: c for c in facts("Моему сыну Лёве 6 лет.")}
    assert found["family.son.лева.name"].value == "Лёва"
    # The age's own words name him as he is called, so he is said back so ("Лёва", not "Лева").
    assert "Лёва" in found["family.son.лева.age"].value_text


# -- the town of a workplace is no home ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Я работаю медсестрой в поликлинике в Самаре.",
        "Работаю инженером на заводе в Тольятти.",
        "Я хирург в больнице в Твери.",
        "Ich arbeite als Pfleger in einem Altenheim in Kassel.",
        "Ich bin Lehrerin an einer Grundschule in Fulda.",
        "Trabajo de cocinero en un restaurante de Gijón.",
        "Soy profesora en un instituto en Badajoz.",
        "Je travaille comme serveur dans un café à Nancy.",
        "Je suis pharmacienne dans une clinique à Pau.",
    ],
)
def test_the_town_of_a_workplace_is_no_home(text: str) -> None:
    found = kept(text)
    assert "job_title" in found
    assert "home_city" not in found


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Работаю сварщиком в Череповце.", "Череповец"),
        ("Ich arbeite als Glaserin in Passau.", "Passau"),
    ],
)
def test_a_town_said_right_after_the_job_is_still_where_the_user_lives(
    text: str, town: str
) -> None:
    assert kept(text).get("home_city") == town


# -- climbing stairs is no sport ---------------------------------------------------------------


def test_climbing_stairs_is_no_sport() -> None:
    sport = next(i for i, a in enumerate(AREAS) if a.description.startswith("sport"))
    assert sport not in told_areas("The user climbs the stairs to the fourth floor every day.")
    assert sport not in told_areas("I climb up the steps to the flat twice a day.")
    assert sport not in told_areas("The user climbs the ladder to clean the gutters.")
    assert sport in told_areas("The user climbs at the bouldering wall every week.")
    assert sport in told_areas("I go climbing on Sundays.")
    assert sport in told_areas("I climb twice a week.")


# -- a pastime called a passion, "my thing" ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("J'adore la poterie, c'est ma passion.", "likes.poterie", "poterie"),
        ("J'aime la poterie et c'est ma passion.", "likes.poterie", "poterie"),
        ("La poterie, c'est mon truc.", "likes.poterie", "la poterie"),
        ("Töpfern ist mein Ding.", "likes.topfern", "Töpfern"),
        ("Ich liebe Töpfern und das ist meine Leidenschaft.", "likes.topfern", "Töpfern"),
        ("El ajedrez es lo mío.", "likes.ajedrez", "el ajedrez"),
        ("Me encanta el ajedrez y es mi pasión.", "likes.ajedrez", "ajedrez"),
        ("Pottery is my thing.", "likes.pottery", "pottery"),
        ("Origami is totally my jam.", "likes.origami", "origami"),
        ("Chess is my biggest passion.", "likes.chess", "chess"),
    ],
)
def test_a_pastime_called_a_passion_or_my_thing(text: str, key: str, value: str) -> None:
    found = kept(text)
    assert found.get(key) == value
    # No taste is the clause that calls it one ("c'est ma passion" is no pastime).
    assert not any("passion" in k or "truc" in k or "thing" in k for k in found)


@pytest.mark.parametrize(
    "text",
    [
        "J'aime la poterie et c'est ma passion.",
        "Ich liebe Töpfern und das ist meine Leidenschaft.",
        "Me encanta el ajedrez y es mi pasión.",
    ],
)
def test_the_clause_calling_a_taste_a_passion_leaves_no_note_to_quote(text: str) -> None:
    # (the acknowledgement quoted the note's rest: "tu aimes … et « c'est ma passion »")
    assert not any(c.key.startswith("note.") for c in stored_from(text))


@pytest.mark.parametrize(
    "text", ["My wife is my thing.", "This is my thing.", "Mon fils, c'est mon truc."]
)
def test_a_person_or_a_pronoun_is_no_pastime(text: str) -> None:
    assert not any(k.startswith("likes.") for k in kept(text))


# -- a pet that answers to its name -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("We have a tabby, she answers to Clementine.", "pet.cat.name", "Clementine"),
        ("I've got a spaniel, he answers to Nugget.", "pet.dog.name", "Nugget"),
        ("We've a rabbit and it answers to Bramble.", "pet.rabbit.name", "Bramble"),
        ("Our parrot answers to the name of Captain.", "pet.parrot.name", "Captain"),
    ],
)
def test_a_pet_that_answers_to_its_name(text: str, key: str, name: str) -> None:
    assert kept(text).get(key) == name


# -- a pet got at a time said -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "since"),
    [
        ("we got a rescue whippet last month", "pet.dog", datetime(2026, 2, 1, tzinfo=UTC)),
        ("We adopted two kittens three weeks ago.", "pet.cat", None),
        ("I got a hamster in 2023.", "pet.hamster", datetime(2023, 1, 1, tzinfo=UTC)),
        ("We rescued a lurcher last year.", "pet.dog", datetime(2025, 1, 1, tzinfo=UTC)),
    ],
)
def test_a_pet_got_at_a_time_keeps_the_time_on_the_fact(
    text: str, key: str, since: datetime | None
) -> None:
    found = {c.key: c for c in facts(text)}
    assert key in found, found
    pet = found[key]
    # Said as the user has it ("The user has a rescue whippet."), the day it came on the fact.
    assert not any(m in pet.value_text for m in ("February", "2023", "2025", "week of"))
    assert pet.valid_from is not None and pet.valid_from < NOW
    if since is not None:
        assert pet.valid_from == since
