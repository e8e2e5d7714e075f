"""The offline responder quotes the user's own words back in the second person."""

from __future__ import annotations

import pytest

from bot.responder import second_person


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("I live in Lisbon.", "you live in Lisbon"),
        ("My favourite colour is teal.", "your favourite colour is teal"),
        ("I'm vegetarian!", "you're vegetarian"),
        ("We moved to Oslo", "you moved to Oslo"),
        ("Our dog is called Rex", "your dog is called Rex"),
        ("Lisbon is my home", "Lisbon is your home"),
        ("Yesterday I met my sister", "Yesterday you met your sister"),
    ],
)
def test_second_person_reads_mid_sentence(said: str, quoted: str) -> None:
    assert second_person(said) == quoted
