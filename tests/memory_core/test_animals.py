"""One vocabulary of the user's animals (``memory_core.text.animals``) and of numbers said as
words (``memory_core.text.numbers``), read by the statement rules of every language, the
answer side and the responder alike."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.responder import _named
from memory_core.extract import lexicon
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.text import animals, kin, numbers
from memory_core.values import Category, Fact
from tests.factories import fact

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def slots_of(text: str) -> dict[str, str | None]:
    return {c.key: c.value for c in extract_rules(TurnInput(text, NOW)) if "note." not in c.key}


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("what's my puppy called?", "dog"),
        ("¿Cómo se llama mi perrita?", "dog"),
        ("Wie heißt mein Wellensittich?", "bird"),  # a budgie is asked as a bird
        ("как зовут мою морскую свинку?", "guinea_pig"),  # a phrase, not its words
        ("what's my guinea pig called?", "guinea_pig"),
        ("what python version do I use?", None),  # a word that names other things too
        ("do I like chicken?", None),
        ("do I have any pets?", None),
        # Pet words of chat: "toutou" was no animal, so a name question took the husband.
        ("Quel est le nom de mon toutou ?", "dog"),
        ("what's the pooch called again?", "dog"),
        ("¿cómo se llama el chucho?", "dog"),
        ("как зовут нашего пёсика?", "dog"),
        ("is the moggy still fussy?", "cat"),
    ],
)
def test_the_animal_a_question_asks_about(question: str, kind: str | None) -> None:
    assert animals.kind_asked(question) == kind


def test_a_species_key_says_its_kind() -> None:
    assert animals.kind_of("guinea_pig") == "guinea_pig"
    assert animals.kind_of("parrot") == "bird"
    assert animals.kind_of("pig") == "pig"  # a key is an animal, even where the word is shared
    assert animals.kind_of("pet") is None  # "a pet": no kind to set it apart by


def test_the_english_rules_read_the_english_words() -> None:
    assert {"dog", "guinea pig", "python", "hermit crab"} <= lexicon.PET_SPECIES
    assert lexicon.PET_CANONICAL["puppy"] == "dog"
    assert lexicon.PET_CANONICAL["budgie"] == "parrot"
    assert "dog" not in lexicon.PET_CANONICAL


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        # Species the question side knew but the statements did not.
        ("Ich habe einen Wellensittich namens Pepe", {"pet.parrot.name": "Pepe"}),
        ("У меня есть канарейка Кеша", {"pet.canary.name": "Кеша"}),
        ("Tengo dos peces, Nemo y Dory", {"pet.fish.nemo.name": "Nemo",
                                          "pet.fish.dory.name": "Dory"}),
        # "Our" before a relative in a card's field, as "my" is.
        ("Notre fille s'appelle Léa", {"family.daughter.name": "Léa"}),
    ],
)  # fmt: skip
def test_statements_read_the_shared_species(text: str, slots: dict[str, str | None]) -> None:
    assert slots.items() <= slots_of(text).items()


def _pet(id: int, key: str, text: str) -> Fact:
    return fact(id, text, Category.RELATIONSHIP, key=key, value=text.split()[-1].rstrip("."))


def test_a_question_about_one_animal_is_not_answered_with_another() -> None:
    cat = _pet(1, "pet.cat.name", "Ana's cat is named Miso.")
    dog = _pet(2, "pet.dog.name", "Ana's dog is named Rex.")
    # It answered "what's my hamster called?" with the cat: only dog and cat were animals.
    assert _named("what's my hamster called?", [cat]) == []
    # "puppy" names no key, but its kind does.
    assert _named("what's my puppy called?", [cat, dog]) == [dog]
    assert _named("do I have any pets?", [cat, dog]) == [cat, dog]


def test_one_possessive_vocabulary_by_case() -> None:
    assert kin.possessive("ru", "nom") == kin.possessive("ru")
    assert "мою" not in kin.possessive("ru", "nom")
    assert "мою" in kin.possessive("ru", "acc")
    assert "meinem" in kin.possessive("de", "dat") and "meinem" not in kin.possessive("de")


def test_numbers_said_as_words() -> None:
    assert numbers.values("de")["sieben"] == 7
    assert numbers.values("ru", collective=True)["двое"] == 2
    assert "двое" not in numbers.values("ru")
    assert numbers.values("fr", low=1, high=3) == {"un": 1, "une": 1, "deux": 2, "trois": 3}
    # Thirteen weeks read in Spanish as in digits (the table stopped at twelve).
    assert slots_of("Estoy embarazada de trece semanas")["health.weeks_pregnant"] == "13"
