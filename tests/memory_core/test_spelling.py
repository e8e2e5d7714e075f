"""Chat shorthand and Scots words said plainly before a message is read (issue 23: the fourth
blind walk's teenager and Scottish users kept and found little of what they said)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core import is_question
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.read.answer import plain_question
from memory_core.text.spelling import plainly

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("wat band do i like", "what band do i like"),
        ("whats my sister called", "what's my sister called"),
        ("can u tell me abt my job", "can you tell me about my job"),
        ("fav colour is teal", "favourite colour is teal"),
        ("lowkey hooked w anime", "hooked with anime"),
        ("tbh i love this song rn", "i love this song"),
        ("whit dae I drink", "what do I drink"),
        ("Does ma dug like walks?", "Does my dog like walks?"),
        ("Oor weans are at the school", "Oor kids are at the school"),
        ("I'm a plumber tae trade", "I'm a plumber by trade"),
        ("A big mug o' tea wi' milk", "A big mug of tea with milk"),
        ("I bide in Perth", "I live in Perth"),
        ("We've a wee cat", "We've a little cat"),
        ("Her pal's cried Shona", "Her pal's called Shona"),
    ],
)
def test_chat_and_scots_words_are_said_plainly(said: str, plain: str) -> None:
    assert plainly(said) == plain


@pytest.mark.parametrize(
    "said",
    [
        "I dug a hole in the garden.",
        "Ken is my brother.",
        "siete u ocho",
        "ma petite sœur s'appelle Lou",
        "Tae Kwon Do is my sport",
        "They cried at the wedding.",
        "I'm in Perth right now.",
        "Kim Dae-jung won the prize.",
        "Twa-Lake is a village.",
    ],
)
def test_words_that_mean_something_else_are_left(said: str) -> None:
    assert plainly(said) == said


@pytest.mark.parametrize(
    "asked", ["wat car do i drive", "wats my cat called", "whit dae I dae for work"]
)
def test_a_question_in_shorthand_is_a_question(asked: str) -> None:
    """ "wat car do i drive" (no "?") was small talk: the bot answered "I can't chat freely"."""
    assert is_question(asked)
    assert not plain_question(asked).lower().startswith(("wat ", "whit "))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("fav band is the arctic monkeys 🎸", "arctic monkeys"),
        ("ngl obsessed w formula 1 rn", "formula 1"),
        ("The missus is cried Ailsa.", "Ailsa"),
        ("We've three bairns, Rob, Kirsty and Ewan.", "Kirsty"),
    ],
)
def test_a_statement_in_shorthand_or_scots_is_kept(said: str, word: str) -> None:
    found = [c.value_text for c in extract_rules(TurnInput(said, NOW))]
    assert any(word.lower() in v.lower() for v in found), found
