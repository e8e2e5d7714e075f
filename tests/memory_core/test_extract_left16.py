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
