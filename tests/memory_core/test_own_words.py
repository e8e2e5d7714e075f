"""A fact told in another language than English is embedded as the user's own clause."""

from __future__ import annotations

import pytest

from memory_core.vectors.own_words import own_words


@pytest.mark.parametrize(
    ("value_text", "excerpt", "wanted"),
    [
        ("Camille lives in Lyon.", "J'habite à Lyon.", "J'habite à Lyon"),
        # The clause that says the fact, not the whole message.
        (
            "Jonas works as Architekt.",
            "Ich heiße Jonas, wohne in Bremen und arbeite als Architekt.",
            "arbeite als Architekt",
        ),
        (
            "Ivan's son is named Миша.",
            "Меня зовут Иван, и у нас есть сын Миша.",
            "у нас есть сын Миша",
        ),
        # No clause shares a word with the stored text: the whole message.
        ("Marta works as lawyer.", "Trabajo como abogada.", "Trabajo como abogada."),
    ],
)
def test_the_clause_saying_the_fact_is_embedded(value_text: str, excerpt: str, wanted: str) -> None:
    assert own_words(value_text, excerpt) == wanted


def test_an_english_sentence_keeps_the_stored_text() -> None:
    assert own_words("Grace lives in Leeds.", "I live in Leeds with my two cats.") is None


def test_a_note_keeps_its_whole_sentence() -> None:
    """A note is the user's sentence already: not cut to the clause sharing most words."""
    said = "Ich spiele Gitarre und singe im Chor."
    assert own_words(said, f"Hallo! {said} Und du?") is None
