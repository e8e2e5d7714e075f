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


#: Session 16's blind sets: chat questions told as statements ("Got it — …") or neither kept
#: nor answered, by an opening statements do not have (German "wie/wem/wo" with the verb right
#: after, French "c où", "qui c", "pourquoi", "comment il …", Spanish "cuál" anywhere or an
#: accented question word after a preposition, Russian "чё", "почему"), and a German request
#: with "bitte" before the noun.
CHAT_OPENINGS = [
    "wem schenk ich zu weihnachten immer socken",
    "wie fahr ich morgens zur arbeit",
    "wo kauf ich mein brot",
    "Zählen Sie bitte meine Enkel auf",
    "juego de delantero o de cuál posición",
    "trabajo para quién ahora",
    "c où qu'il bosse mon frère",
    "c qui mon coiffeur",
    "qui c mon voisin",
    "pourquoi je prends du fer",
    "comment elle s'appelle ma nièce",
    "чё у меня с давлением",
    "почему я не пью молоко",
]
#: ... and statements that open alike.
CHAT_OPENINGS_TOLD = [
    "Wie gesagt, ich fahre mit dem Rad zur Arbeit.",
    "Wie immer koche ich sonntags.",
    "C'est quand même ma sœur qui conduit.",
    "Pourquoi pas, je fais du vélo depuis mai.",
    "No sé cuál comprar, pero tengo un gato.",
    "Vivo en el piso del cual te hablé.",
    "Чё-то я устал, работаю на складе.",
    "Почему-то я обожаю шахматы.",
]


@pytest.mark.parametrize("text", CHAT_OPENINGS)
def test_a_chat_opening_asks(text: str) -> None:
    assert asks_unmarked(text)
    assert learner_question(text) and is_question(text) and notes.is_question(text)
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")
    assert extract_rules(said) == []


@pytest.mark.parametrize("text", CHAT_OPENINGS_TOLD)
def test_a_statement_opening_alike_tells(text: str) -> None:
    assert not asks_unmarked(text)


@pytest.mark.parametrize("text", ["wots my cousin's name", "whit's ma work", "wot's her job"])
def test_what_spelled_in_chat_or_scots_asks(text: str) -> None:
    """ "wots", "wot's", "whit's" are "what's" (they were kept as statements: "Got it — …")."""
    assert learner_question(text) and is_question(text)
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")
    assert extract_rules(said) == []


#: Session 17's blind sets: the topic named first and the question word after it, with no
#: comma or "?" (Spanish "mi abuela dónde nació", German "meine Tante wo wohnt die", Russian
#: "тётя где работает", "попугай у нас имеется" as a yes/no question), the question word last
#: in English and German ("my nephew studies where", "die Katze hieß wie"), and one of the
#: user's own people before a comma ("my niece, what's her name"). They were kept as notes.
TOPIC_FIRST = [
    "mi abuela dónde nació",
    "el loro cómo se llamaba",
    "nuestra perrita cuántos años tiene",
    "mi tío como se llama",
    "meine Tante wo wohnt die",
    "unsere Katze wie hieß die nochmal",
    "die Katze hieß wie",
    "тётя где работает",
    "попугай как зовут",
    "попугай у нас имеется",
    "внуки у меня есть",
    "my nephew studies where",
    "the parrot's name was what again",
    "my niece, what's her name",
    "ma nièce, c'est quoi son prénom",
]
#: ... and statements that look alike.
TOPIC_FIRST_TOLD = [
    "Mi pueblo donde nací es precioso.",
    "Mi padre no sabe dónde trabajo.",
    "Meine Oma wie immer im Garten.",
    "Mein Onkel, wie gesagt, ist Bäcker.",
    "Знаю где она работает.",
    "Тётя как всегда на даче.",
    "Внуки у меня есть, трое.",
    "Всё у меня есть.",
    "My hometown, where I grew up, is tiny.",
    "My nephew studies in Glasgow.",
    "Мой город, где я вырос, маленький.",
]


@pytest.mark.parametrize("text", TOPIC_FIRST)
def test_a_topic_named_first_then_asked_about_asks(text: str) -> None:
    assert asks_unmarked(text)
    assert learner_question(text) and is_question(text)
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")
    assert extract_rules(said) == []


@pytest.mark.parametrize("text", TOPIC_FIRST_TOLD)
def test_a_statement_naming_its_topic_first_tells(text: str) -> None:
    assert not asks_unmarked(text)


@pytest.mark.parametrize(
    "text",
    [
        "gibt es irgendwas, was ich gar nicht vertrage",
        "gibts jemanden, den ich Opa nenne",
        "als was hab ich früher gejobbt",
        "куда мы летали",
        "откуда я родом",
    ],
)
def test_a_short_opening_asks(text: str) -> None:
    """Lead's walks, session 17: such a line went to the crisis reader or was kept as a note."""
    assert is_question(text) and learner_question(text) and notes.is_question(text)
    assert extract_rules(TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")) == []


@pytest.mark.parametrize(
    "text",
    [
        "Es gibt was Neues: ich habe einen Hund",
        "Als was ich arbeite, weißt du ja",
        "где я живу, тихо",
    ],
)
def test_a_statement_with_such_words_tells(text: str) -> None:
    assert not asks_unmarked(text)
