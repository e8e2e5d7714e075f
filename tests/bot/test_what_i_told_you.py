"""Asking the bot to recall what the user has told it ("remind me what I've told you") is the
overview question in every language, answered with what it holds — not "I don't know that
yet"; a recall of one particular thing ("… about my dog") is not the overview."""

from __future__ import annotations

import pytest

from bot.responder import asks_what_you_told


@pytest.mark.parametrize(
    "text",
    [
        "remind me what I've told you so far",
        "Could you remind me what I said to you?",
        "what did I tell you about myself?",
        "Erinnere mich bitte daran, was ich dir so erzählt hab",
        "Was habe ich dir alles erzählt?",
        "Recuérdame qué te he contado",
        "¿Qué te conté de mí?",
        "Rappelle-moi un peu ce que je t'ai raconté",
        "Qu'est-ce que je t'ai dit jusqu'ici ?",
        "Напомни-ка, что я тебе говорила",
        "Что я тебе рассказывал о себе?",
    ],
)
def test_a_recall_of_what_was_told_is_the_overview(text: str) -> None:
    assert asks_what_you_told(text), text


@pytest.mark.parametrize(
    "text",
    [
        "remind me what I told you about my landlord",
        "Was habe ich dir über meinen Hund erzählt?",
        "Recuérdame qué te dije de mi jefe",
        "Rappelle-moi ce que je t'ai dit sur ma voiture",
        "Что я тебе говорил про отпуск?",
        "I told you about the trip already",
    ],
)
def test_a_recall_of_one_thing_is_not_the_overview(text: str) -> None:
    assert not asks_what_you_told(text), text
