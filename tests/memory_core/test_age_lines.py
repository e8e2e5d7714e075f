"""A line that says nothing but an age is read as no secret, money or health by meaning.

Age corrections in Spanish ("disculpa, tengo 54, no 53"-like) were read by meaning as a
credential: the reply added "Money details and passwords I keep only when you ask" and the
age was held back.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
import pytest

from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.text.ages import tells_only_an_age
from memory_core.text.sensitivity_meaning import (
    CLASSES,
    LOOK_ALIKE,
    MeaningWeights,
    SensitivityModel,
    is_look_alike,
    read_by_meaning,
)
from memory_core.values import Category, Topic

AGES = [
    "sorry, I'm 47, not 46",
    "oops I'm 19 actually",
    "Pardon, j'ai 63 ans, pas 62",
    "en fait j'ai 38 ans",
    "disculpa, tengo 54, no 53",
    "perdón, tengo 31 años",
    "Entschuldigung, ich bin 44, nicht 45",
    "eigentlich bin ich 70",
    "ой, мне 58, а не 57",
    "вообще-то мне 23 года",
    "Lou is 47.",
]
NOT_ONLY_AN_AGE = [
    "sorry, my pin is 4432",
    "I'm 47 weeks behind on rent",
    "tengo 54 euros en la cuenta",
    "ich bin 44 und habe Schulden",
    "j'ai 2500 euros de dettes",
    "мне 23 года и у меня диабет",
    "I owe 40",
    "the code is 19",
]


@pytest.mark.parametrize("text", AGES)
def test_an_age_told_or_corrected_is_only_an_age(text: str) -> None:
    assert tells_only_an_age(text)
    assert is_look_alike(LOOK_ALIKE["tells_an_age"], text)


@pytest.mark.parametrize("text", NOT_ONLY_AN_AGE)
def test_a_line_with_more_than_an_age_is_not(text: str) -> None:
    assert not tells_only_an_age(text)


class _AllSecret:
    """An embedder whose every vector the weights below read as a credential."""

    model_id = "all-secret"
    dim = 1

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 1), np.float32)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 1), np.float32)


def test_an_age_correction_is_not_held_back_as_a_secret_by_meaning() -> None:
    """A reader that takes every line for a credential leaves an age correction plain (so it
    is saved and acknowledged), and still reads a line with more in it."""
    weights = np.zeros((1, len(CLASSES)))
    weights[0, CLASSES.index(Topic.CREDENTIAL)] = 10.0
    model = SensitivityModel(
        _AllSecret(),
        MeaningWeights("all-secret", np.zeros(1), np.ones(1), weights, np.zeros(len(CLASSES)), 0.5),
    )
    age = Candidate(
        "age",
        "Lou is 47.",
        Category.IDENTITY,
        0.9,
        "47",
        source_excerpt="disculpa, tengo 47, no 46",
    )
    note = Candidate(
        "note.es.disculpa_tengo_47",
        "Disculpa, tengo 47.",
        Category.OTHER,
        0.6,
        source_excerpt="disculpa, tengo 47, no 46",
    )
    other = Candidate(
        "note.en.code", "The gate opens with 4432.", Category.OTHER, 0.6, source_excerpt="gate"
    )
    out = read_by_meaning(model, [age, note, other])
    assert [c.sensitive for c in out] == [False, False, True]


@pytest.mark.parametrize(
    "text",
    ["disculpa, tengo 54, no 53", "ой, мне 58, а не 57", "perdón, tengo 31 años, no 30"],
)
def test_an_apology_and_the_replaced_age_keep_no_note_beside_the_age(text: str) -> None:
    """The apology and the age it replaces say nothing the age does not: no note beside it
    (one was kept, "Disculpa, tengo 54.", and quoted back as "«disculpa, no 53»")."""
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Lou")
    assert [c.key for c in extract_rules(said)] == ["age"]
