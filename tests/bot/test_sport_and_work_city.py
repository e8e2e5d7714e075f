"""Sport asked in other words ("what do I do to keep fit?") is answered with the exercise the
user told, never a pastime that is no sport; a question of where one lives from a user who told only
where they work says that place honestly, never a home they did not give."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import ToldCache


async def _ask(
    console, told: ToldCache, tmp_path: Path, said: tuple[str, ...], question: str
) -> str:  # type: ignore[no-untyped-def]
    db = tmp_path / "m.db"
    clock = await told(db, "kit", *said)
    async with console(db, clock, user="kit") as session:
        assert session.runtime is not None
        await session.runtime.settle()
        return str(await session.say(question))


@pytest.mark.parametrize(
    ("said", "question", "wanted"),
    [
        ("Lately I've been really into bouldering.", "what do I do to keep fit?", "bouldering"),
        (
            "Lately I've been really into bouldering.",
            "which sport am I doing these days?",
            "bouldering",
        ),
        ("Each Monday night I play five-a-side.", "how do I keep myself in shape?", "five-a-side"),
        ("Sonntags gehe ich immer klettern.", "Was für Sport mache ich denn?", "lettern"),
        ("Los domingos salgo a nadar al río.", "¿Qué deporte practico?", "nadar"),
        ("Le mardi soir je cours avec ma voisine.", "Je fais quel sport ?", "cour"),
        ("Каждый вечер я бегаю в парке.", "Каким спортом я занимаюсь?", "бега"),
    ],
)
async def test_a_sport_asked_in_other_words_is_the_exercise_told(  # type: ignore[no-untyped-def]
    console, told: ToldCache, tmp_path: Path, said: str, question: str, wanted: str
) -> None:
    pastime = {"d": "Ich backe gern Kuchen.", "L": "Me encanta hacer pasteles."}
    bakes = pastime.get(said[0], "I love baking sourdough bread.")
    answer = await _ask(console, told, tmp_path, (bakes, said), question)
    assert wanted in answer, answer
    assert "bak" not in answer.lower() and "pastel" not in answer and "Kuchen" not in answer, answer


@pytest.mark.parametrize(
    ("said", "question", "wanted"),
    [
        ("I teach history at a primary school in York.", "In which town do I live?", "York"),
        ("Trabajo de cocinero en un restaurante de Málaga.", "¿En qué ciudad vivo?", "Málaga"),
    ],
)
async def test_the_city_of_ones_work_is_said_as_where_one_works(  # type: ignore[no-untyped-def]
    console, told: ToldCache, tmp_path: Path, said: str, question: str, wanted: str
) -> None:
    answer = await _ask(console, told, tmp_path, (said,), question)
    assert wanted in answer, answer
    assert "live in" not in answer, answer  # no home is invented


async def test_a_home_told_answers_before_the_city_of_ones_work(  # type: ignore[no-untyped-def]
    console, told: ToldCache, tmp_path: Path
) -> None:
    said = ("I teach history at a primary school in York.", "I live in Harrogate.")
    answer = await _ask(console, told, tmp_path, said, "In which town do I live, then?")
    assert "Harrogate" in answer and "York" not in answer, answer
