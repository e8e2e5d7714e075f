"""A note said without its "I" is said back with "you" (it read "Got it — Still living with
your parents." and "You told me … that been vegan …")."""

from __future__ import annotations

import pytest

from bot.responder import OfflineResponder, TurnContext, told_words
from bot.subjects import with_subject
from tests.factories import candidate, fact

FRAGMENTS = [
    ("Still renting a flat near your office.", "you're still renting a flat near your office."),
    ("Been teetotal since March", "you've been teetotal since March"),
    ("Quit smoking last spring", "you quit smoking last spring"),
    ("Hate early starts", "you hate early starts"),
    ("Intolerant to oat milk", "you're intolerant to oat milk"),
    ("Huge fan of old westerns", "you're a huge fan of old westerns"),
    ("just startin at the bakery", "you're just startin at the bakery"),
]
WHOLE = [
    "Swimming is your favourite sport",
    "Your nephew rents a flat",
    "you work at the depot",
    "Nothing beats cold pizza",
    "The bakery opens at six",
]


@pytest.mark.parametrize(("said", "expected"), FRAGMENTS)
def test_a_fragment_gets_its_subject(said: str, expected: str) -> None:
    assert with_subject(said) == expected


@pytest.mark.parametrize("said", WHOLE)
def test_a_sentence_with_a_subject_is_left(said: str) -> None:
    assert with_subject(said) == said


async def test_an_acknowledgement_of_a_fragment_reads_as_a_sentence() -> None:
    noted = [candidate("note.en.renting", "Still renting a flat near my office.")]
    ctx = TurnContext("still renting a flat near my office", "Bo", "", (), noted, (), False)
    text = (await OfflineResponder().respond(ctx)).text
    assert text == "Got it — you're still renting a flat near your office."


def test_an_answer_quoting_a_fragment_reads_as_a_sentence() -> None:
    told = fact(1, "Been teetotal for years.", source_excerpt="been teetotal for years")
    assert told_words(told, "Bo", quote_first=True) == "you've been teetotal for years"
