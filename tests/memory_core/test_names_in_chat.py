"""A name chat writes in lower case ("meine cousine heißt mara") or after a French elided
article ("le taf d'Inès") is still one of the user's people: a question naming them is about
them, not about the world ("I can't look that up")."""

from __future__ import annotations

import pytest

from memory_core.read.people import names_someone_told, names_told_in


@pytest.mark.parametrize(
    ("told", "question"),
    [
        ("my cat's called pip and she's three", "how old is Pip?"),
        ("meine cousine heißt mara und is friseurin", "Was arbeitet Mara?"),
        ("mi primo se llama nacho, vive en Cádiz", "¿Dónde vive Nacho?"),
        ("mon pote s'appelle karim, il bosse chez Decathlon", "c'est quoi le taf de Karim ?"),
        ("Ma nièce s'appelle Inaya.", "c'est quand l'anniversaire d'Inaya ?"),
        ("жену зовут оля, она учительница", "кем работает Оля?"),
    ],
)
def test_a_name_told_in_chat_is_one_of_the_users_people(told: str, question: str) -> None:
    assert names_someone_told(question, [told])
    assert names_told_in(question, told) or "'" in question


@pytest.mark.parametrize(
    ("told", "question"),
    [
        ("my cat's called pip and she's three", "how old is Rex?"),
        ("mon pote s'appelle karim", "c'est quoi le taf d'Omar ?"),
        ("I live in the old mill", "who is called Mill?"),
    ],
)
def test_another_name_is_not_theirs(told: str, question: str) -> None:
    assert not names_someone_told(question, [told])
