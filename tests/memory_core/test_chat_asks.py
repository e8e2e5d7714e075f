"""Chat questions without "?" that were neither kept nor answered: the learner refused them as
questions while the reader did not answer them (the bot said "I didn't save that"), or the
learner kept them as a note while the reader would have answered them ("Got it — …" to a
question). Both sides now read them alike, in the five languages."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract import notes
from memory_core.extract.base import TurnInput
from memory_core.extract.filters import is_question as learner_question
from memory_core.extract.rules import extract_rules
from memory_core.read.recall import is_question
from memory_core.text.asking import asks_unmarked

CHAT_QUESTIONS = [
    # Russian: a question word statements do not open with, the one asked about first, the
    # naming verb last.
    "откуда родом мой зять",
    "какую музыку я слушаю",
    "скока лет моей дочке",
    "кому я одалживал дрель",
    "сестра моя где учится",
    "дядю моего как звать",
    "моя тётя кем работает",
    "как тёщу мою зовут",
    # A bare noun phrase: no verb, no statement.
    "the age of my goddaughter",
    "der Vorname meiner Schwägerin",
    "el cumpleaños de mi cuñada",
    "le prénom de mon filleul",
    "имя моей крёстной",
    # A yes/no question by its tail.
    "do we own a caravan or what",
    "Hab ich Enkel oder nicht",
    "tengo sobrinos o no",
    "дача у нас есть или нет",
    # English chat spelling of "when".
    "wen is my dentist appointment",
]

#: ... and statements that look like them.
CHAT_STATEMENTS = [
    "Куда бы я ни поехал, везде пробки.",
    "Кому только я не звонил сегодня.",
    "Моя тётя работает в аптеке.",
    "Как я уже говорил, тёщу зовут Нина.",
    "The name of my boat is Sally.",
    "Ich weiß nicht, ob ich Enkel will oder nicht.",
    "No sé si quiero ir o no.",
    "Мы не знаем, поедем ли на дачу или нет.",
    "Что касается работы, я теперь бухгалтер.",
    "Как же я устала сегодня",
]


@pytest.mark.parametrize("text", CHAT_QUESTIONS)
def test_a_chat_question_is_answered_and_not_kept(text: str) -> None:
    assert asks_unmarked(text)
    assert is_question(text)
    assert notes.is_question(text)
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")
    assert extract_rules(said) == []


@pytest.mark.parametrize("text", CHAT_STATEMENTS)
def test_a_chat_statement_stays_one(text: str) -> None:
    assert not asks_unmarked(text)
    assert not is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        # Refused by the learner as questions (a question word first, an inverted verb), and
        # so answered by the reader.
        "как мою крёстную зовут",
        "как сестру её звать",
        "have i got a bike or wat",
        "Wie heißt die Tochter meiner Schwester",
        "qué coche tengo yo",
        "comment s'appelle mon filleul",
    ],
)
def test_what_the_learner_refuses_as_a_question_is_answered(text: str) -> None:
    assert learner_question(text) or notes.is_question(text)
    assert is_question(text)
