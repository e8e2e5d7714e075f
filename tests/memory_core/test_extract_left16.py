"""Extraction leftovers of the blind walk (session 16, issue 23): a relative's job said by its
verb ("drives a lorry", "teaches maths", "nurses at …") is kept as the relative's job, narrowly
(a vehicle driven for a living, teaching, nursing). What learning keeps
(``evaluation.extraction.stored``) is checked, as the evals score it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def kept(text: str) -> dict[str, str | None]:
    """Key → value of what learning keeps from ``text`` (notes left out)."""
    found = stored(extract_rules(TurnInput(text, NOW)))
    return {c.key: c.value for c in found if not c.key.startswith("note.")}


@pytest.mark.parametrize(
    ("text", "key", "job"),
    [
        ("My uncle drives a lorry for a haulage firm.", "family.uncle.job", "lorry driver"),
        ("my grandad drives a taxi", "family.grandfather.job", "taxi driver"),
        ("My husband Raj drives buses around Leicester.", "family.husband.raj.job", "bus driver"),
        ("My aunt teaches chemistry.", "family.aunt.job", "chemistry teacher"),
        ("my cousin teaches at a secondary school", "family.cousin.job", "teacher"),
        ("My wife nurses on a cancer ward.", "family.wife.job", "nurse"),
    ],
)
def test_a_relatives_job_said_by_its_verb(text: str, key: str, job: str) -> None:
    assert kept(text).get(key) == job


@pytest.mark.parametrize(
    "text",
    [
        "My uncle drives a Volvo.",  # a car owned, no trade
        "my grandad drives me up the wall",
        "My aunt teaches me to crochet.",
        "My uncle drove a lorry.",  # said in the past: no job now
    ],
)
def test_no_job_from_an_ordinary_verb(text: str) -> None:
    assert not any(k.endswith(".job") for k in kept(text))


@pytest.mark.parametrize(
    ("text", "key", "job"),
    [
        ("Mein Onkel fährt Taxi.", "family.uncle.job", "Taxifahrer"),
        ("Meine Tante unterrichtet Latein.", "family.aunt.job", "Lehrerin"),
        ("Mi tío conduce un camión.", "family.uncle.job", "camionero"),
        ("Mi abuela enseña piano.", "family.grandmother.job", "profesora"),
        ("Mon oncle conduit un taxi.", "family.uncle.job", "chauffeur de taxi"),
        ("Ma tante enseigne la chimie.", "family.aunt.job", "enseignante"),
        ("Мой дядя водит грузовик.", "family.uncle.job", "водитель грузовика"),
        ("Моя тётя водит такси.", "family.aunt.job", "таксистка"),
    ],
)
def test_a_relatives_job_said_by_its_verb_in_other_languages(text: str, key: str, job: str) -> None:
    assert kept(text).get(key) == job


@pytest.mark.parametrize(
    "text",
    [
        "Mein Onkel fährt Bus zur Arbeit.",  # riding the bus
        "Mein Onkel fährt Fahrrad.",
        "Mon oncle conduit une Renault.",
        "Mi tío conduce un coche viejo.",
    ],
)
def test_no_job_from_what_is_driven_in_other_languages(text: str) -> None:
    assert not any(k.endswith(".job") for k in kept(text))


# -- a pastime with someone: the pastime, and the companion's name when said --------------


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("I play squash with my cousin", {"habit.play_squash"}),
        ("I go hiking with my uncle Jim", {"habit.go_hiking", "family.uncle.jim.name"}),
        ("i go bouldering with my mate sid", {"habit.go_bouldering", "people.mate.sid.name"}),
        ("I play darts with some mates", {"habit.play_darts"}),
    ],
)
def test_a_pastime_with_someone(text: str, keys: set[str]) -> None:
    assert set(kept(text)) == keys


# -- a partner named in a sentence about a trip, written in lower case ---------------------


def test_a_partner_named_in_lower_case_before_are() -> None:
    found = kept("me and my bf omar are flying to porto on friday")
    assert found.get("family.boyfriend.omar.name") == "Omar"


# -- a job just begun ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "employer"),
    [
        ("Started this week as head chef at Dishoom.", "head chef", "Dishoom"),
        ("just started as a receptionist at a dental clinic", "receptionist", "a dental clinic"),
        ("New job: cashier at Lidl!", "cashier", "Lidl"),
        ("I began last month as a paralegal at Clyde & Co", "paralegal", "Clyde & Co"),
    ],
)
def test_a_job_just_begun(text: str, title: str, employer: str | None) -> None:
    found = kept(text)
    assert found.get("job_title") == title
    assert found.get("employer") == employer


def test_something_begun_as_no_job() -> None:
    assert "job_title" not in kept("I started as a total beginner at pottery")
