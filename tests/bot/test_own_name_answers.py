"""The user's own name answers only a question that asks it. A question the embedder places
near no area of life in particular lands nearest the name's area ("what's my Saturday
thing?", a partner or a child called by a word the bot does not know): it was answered with
"your name is …" — a wrong answer, worse than "I don't know"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import ToldCache

#: Per language: what a user told (their name first), questions that do not ask their name,
#: and two that do.
USERS = {
    "en": (
        "gwen",
        ("I'm Gwendolyn, a florist in Swansea.", "My husband Idris drives a taxi."),
        ("who's the apple of my eye?", "what's my thing?", "which crest is on my scarf?"),
        ("what's my name?", "which name did I give you when we met?"),
        "Gwendolyn",
    ),
    "de": (
        "petra",
        ("Ich heiße Petra und bin Floristin.", "Mein Mann Uwe ist Koch."),
        ("Wie heißt mein Herzbube?", "Was male ich sonntags?", "Wer ist bei mir im Garten?"),
        ("Wie heiße ich?", "wie heiß ich nochmal", "Unter welchem Namen kennst du mich?"),
        "Petra",
    ),
    "es": (
        "elena",
        ("Soy Elena y tengo una panadería en Burgos.", "Mi esposo, Julián, es bombero."),
        ("¿Quién es mi cariñito?", "¿Qué pinto yo?", "¿Cómo se llaman mis chiquitines?"),
        ("¿Cómo me llamo?", "¿Con qué nombre me presenté al principio?"),
        "Elena",
    ),
    "fr": (
        "lucie",
        ("Je m'appelle Lucie, je suis coiffeuse.", "Mon mari Paul est plombier."),
        ("C'est qui mon jules ?", "Je peins quoi le dimanche ?", "Qui garde mes loulous ?"),
        ("Comment je m'appelle ?", "Sous quel nom je me suis présentée ?"),
        "Lucie",
    ),
    "ru": (
        "inna",
        ("Меня зовут Инна, я врач.", "Муж Гоша работает водителем."),
        ("Кто у меня в Томске?", "Что я вышиваю по выходным?", "Кто мой ненаглядный?"),
        ("Как меня зовут?", "Под каким именем я тебе представилась?"),
        "Инна",
    ),
}


@pytest.mark.parametrize("lang", sorted(USERS))
async def test_the_own_name_answers_only_a_question_asking_it(  # type: ignore[no-untyped-def]
    console, told: ToldCache, tmp_path: Path, lang: str
) -> None:
    user, lines, others, asked, name = USERS[lang]
    db = tmp_path / "m.db"
    clock = await told(db, user, *lines)
    async with console(db, clock, user=user) as session:
        assert session.runtime is not None
        await session.runtime.settle()
        for question in others:
            said = await session.say(question)
            assert name not in said, (question, said)
        for question in asked:
            said = await session.say(question)
            assert name in said, (question, said)
