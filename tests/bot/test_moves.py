"""Moves in five languages, end to end on a manual clock: a move that stands (its button, or its
question left a week) leaves no old home behind in the answer — the old home's sentence kept
as a note goes with the slot it was said beside, and ``/undo`` brings both back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.values import Fact, SearchFilters, Status
from tests.factories import START

#: (the home said with more than the city, the move, the question, the new city, the old one)
MOVES = [
    (
        "Wir wohnen in Pankow, ziemlich eng aber gemütlich.",
        "Wir sind nach Erfurt umgezogen.",
        "Wo wohne ich jetzt?",
        "Erfurt",
        "Pankow",
    ),
    (
        "J'habite à Rennes, un quartier animé mais charmant.",
        "J'ai déménagé à Dijon.",
        "J'habite où maintenant ?",
        "Dijon",
        "Rennes",
    ),
    (
        "Я живу в Самаре, район шумный зато зелёный.",
        "Я переехала в Тверь.",
        "Где я сейчас живу?",
        "Тверь",
        "Самар",
    ),
    (
        "Vivo en Granada, el piso es pequeño pero luminoso.",
        "Me mudé a Oviedo.",
        "¿Dónde vivo ahora?",
        "Oviedo",
        "Granada",
    ),
    (
        "I live in Hull, it's windy but we like it.",
        "I moved to Exeter.",
        "so where am I based now?",
        "Exeter",
        "Hull",
    ),
]


async def _facts(s: Any) -> list[Fact]:
    """Every fact of Ana's, in any status."""
    facts: list[Fact] = await s.runtime.memory.list_facts(
        "console:ana", SearchFilters(statuses=tuple(Status)), limit=100
    )
    return facts


async def _statuses(s: Any, word: str) -> set[Status]:
    """The statuses of Ana's facts that say ``word``."""
    return {f.status for f in await _facts(s) if word in f.value_text}


@pytest.mark.parametrize("answered", [True, False], ids=["tapped", "lapsed"])
@pytest.mark.parametrize(("home", "move", "asked", "new", "old"), MOVES)
async def test_a_move_that_stands_leaves_no_old_home_in_the_answer(
    tmp_path: Path,
    console: Callable[..., Any],
    home: str,
    move: str,
    asked: str,
    new: str,
    old: str,
    answered: bool,
) -> None:
    """The old home's sentence kept as a note answered "where do I live now?" beside or
    instead of the new home after the move stood: it goes with its slot (history kept), and
    ``/undo`` of the move brings the slot and the note back."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(home)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(move)
        await s.runtime.settle()
        if answered:
            await s.say("/tap 1")
        else:
            clock.advance(days=8)
            await s.runtime.jobs.run_expire()
        out = await s.say(asked)
        assert new in out and old not in out, out
        assert await _statuses(s, old) == {Status.SUPERSEDED}
        # The note's history says what the slot's does: who ended it, and why.
        ended = [
            (e.actor, e.reason)
            for f in await _facts(s)
            if old in f.value_text
            for e in await s.runtime.memory.history("console:ana", fact_id=f.id)
            if e.event == "superseded"
        ]
        holding = [f for f in await _facts(s) if old in f.value_text]
        assert len(ended) == len(holding) and len(set(ended)) == 1, ended
        assert ended[0][0] == ("user" if answered else "system"), ended
        await s.say("/undo")
        assert Status.ACTIVE in await _statuses(s, old)
        assert Status.SUPERSEDED not in await _statuses(s, old)


@pytest.mark.parametrize(
    ("home", "move", "asked", "new"),
    [
        (
            "Ich wohne in Kassel.",
            "Umzug endlich erledigt, seit gestern sind wir in Suhl!",
            "Wo wohne ich?",
            "Suhl",
        ),
        ("J'habite à Tours.", "On vient de déménager à Niort !", "J'habite où ?", "Niort"),
        ("Я живу в Туле.", "Переехали наконец в Вологду", "Где я живу?", "Вологда"),
        ("Vivo en Soria.", "Nos mudamos por fin a Teruel!", "¿Dónde vivo?", "Teruel"),
        ("I live in Selby.", "we've moved out to Whitby", "where am I based?", "Whitby"),
        (
            "I live in Goole near the docks.",
            "Moved over to Beverley!",
            "where am I based?",
            "Beverley",
        ),
        # A town whose name has its article ("au Havre": Le Havre), a move just made said with
        # the pronoun on the verb, a German line with no subject (all read as nothing, or a note).
        ("J'habite à Albi.", "Nous avons déménagé au Havre cet été.", "J'habite où ?", "au Havre"),
        ("Vivo en Zamora.", "Acabo de mudarme a Cáceres.", "¿Dónde vivo?", "Cáceres"),
        ("Vivo en Zamora.", "¡Acabamos de mudarnos a Cáceres!", "¿Dónde vivo?", "Cáceres"),
        (
            "Ich wohne in Fulda.",
            "Sind letzte Woche nach Lübeck gezogen.",
            "Wo wohne ich?",
            "Lübeck",
        ),
        ("Я живу в Курске.", "Только что перебрались в Псков.", "Где я живу?", "Псков"),
        ("I live in Selby.", "we just relocated down to Truro", "where am I based?", "Truro"),
    ],
)
async def test_a_move_said_in_chat_stands_when_its_question_lapses(
    tmp_path: Path, console: Callable[..., Any], home: str, move: str, asked: str, new: str
) -> None:
    """A particle inside the verb, a move just made, or the move's noun beside a "now": read
    as the user's stated move (it used to be a note, nothing, or a "now" that may be a trip,
    and the old home stayed)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(home)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(move)
        await s.runtime.settle()
        clock.advance(days=8)
        await s.runtime.jobs.run_expire()
        out = await s.say(asked)
        assert new in out, out


async def test_an_ending_said_plainly_ends_the_note_said_with_the_home(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Ich wohne nicht mehr in …" ends the home at once (no question): the sentence kept
    beside it ends too, and ``/undo`` brings both back."""
    async with console(tmp_path / "m.db", ManualClock(START), learning_wait_s=120.0) as s:
        await s.say("Ich wohne in Marburg, schön ruhig hier.")
        await s.runtime.settle()
        await s.say("Ich wohne nicht mehr in Marburg.")
        await s.runtime.settle()
        assert Status.ACTIVE not in await _statuses(s, "Marburg")
        await s.say("/undo")
        facts = await s.runtime.memory.list_facts("console:ana", limit=100)
        said = {f.key.split(".")[0] for f in facts if "Marburg" in f.value_text}
        assert said == {"home_city", "note"}, said


async def test_a_job_change_that_stands_ends_the_old_jobs_note(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The same for a job: the old job's sentence is not said beside the new job."""
    async with console(tmp_path / "m.db", ManualClock(START), learning_wait_s=120.0) as s:
        await s.say("Soy fisioterapeuta en una clínica, turnos largos pero me gusta.")
        await s.runtime.settle()
        await s.say("Ahora trabajo como profesora.")
        await s.runtime.settle()
        await s.say("/tap 1")
        out = await s.say("¿En qué trabajo?")
        assert "profesora" in out and "fisioterapeuta" not in out, out


#: (the home, a move said with more than the town, the question, the new town, a word of the
#: move line besides the town)
MOVES_SAID_WITH_MORE = [
    (
        "Ich wohne in Gotha.",
        "Wir sind nach Jena gezogen, die Wohnung hat einen winzigen Balkon.",
        "Wo wohne ich?",
        "Jena",
        "Balkon",
    ),
    (
        "J'habite à Vannes.",
        "On a déménagé à Lorient, le quartier est plein de mouettes.",
        "J'habite où ?",
        "Lorient",
        "mouettes",
    ),
    (
        "Vivo en Lugo.",
        "Nos mudamos a Gijón, el piso tiene vistas al puerto.",
        "¿Dónde vivo?",
        "Gijón",
        "puerto",
    ),
    (
        "Я живу в Ижевске.",
        "Я переехала в Псков, квартира маленькая, зато с видом на реку.",
        "Где я живу?",
        "Псков",
        "реку",
    ),
]


async def _active_saying(s: Any, word: str) -> list[Fact]:
    """Ana's active notes that say ``word``."""
    return [
        f
        for f in await _facts(s)
        if f.status == Status.ACTIVE and f.key.startswith("note.") and word in f.value_text
    ]


@pytest.mark.parametrize("answered", [True, False], ids=["tapped", "lapsed"])
@pytest.mark.parametrize(("home", "move", "asked", "new", "more"), MOVES_SAID_WITH_MORE)
async def test_a_move_that_stands_keeps_the_move_lines_own_words(
    tmp_path: Path,
    console: Callable[..., Any],
    home: str,
    move: str,
    asked: str,
    new: str,
    more: str,
    answered: bool,
) -> None:
    """The move line's note was held back while its question waited and never written after:
    once the move stands the new home keeps the user's own sentence as its note (one note, no
    second question about it), and ``/undo`` takes the sentence back with the move."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(home)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(move)
        await s.runtime.settle()
        assert not [f for f in await _active_saying(s, new)], "shown while its question waits"
        if answered:
            await s.say("/tap 1")
        else:
            clock.advance(days=8)
            await s.runtime.jobs.run_expire()
        await s.runtime.settle()
        out = await s.say(asked)
        assert new in out, out
        kept = await _active_saying(s, more)
        assert len(kept) == 1 and new in kept[0].value_text, kept
        assert more in await s.say("/profile")
        clock.advance(days=2)
        await s.runtime.jobs.run_consolidate()  # the line read again: no second question
        await s.runtime.settle()
        assert not [f for f in await _facts(s) if f.status == Status.PENDING]
        assert len(await _active_saying(s, more)) == 1
        await s.say("/undo")
        assert not await _active_saying(s, new)


@pytest.mark.parametrize(("home", "move", "asked", "new", "more"), MOVES_SAID_WITH_MORE)
async def test_keeping_the_old_home_leaves_no_note_of_the_move_line(
    tmp_path: Path,
    console: Callable[..., Any],
    home: str,
    move: str,
    asked: str,
    new: str,
    more: str,
) -> None:
    """The user says the old home is right: nothing the move line said of the new home stays
    active — the part said beside the town ("el piso tiene vistas al puerto") was about the
    rejected home (what the user said of themselves beside it stays:
    ``test_waiting_changes``)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(home)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(move)
        await s.runtime.settle()
        await s.say("/tap 2")
        await s.runtime.settle()
        assert not await _active_saying(s, more)
        assert not await _active_saying(s, new)
        assert new not in await s.say(asked)
        # The session's consolidation reads the line again later: nothing of it comes back.
        clock.advance(days=2)
        await s.runtime.jobs.run_consolidate()
        await s.runtime.settle()
        assert not await _active_saying(s, more)
        assert not [f for f in await _facts(s) if f.status == Status.PENDING]


@pytest.mark.parametrize(
    ("home", "again", "move", "asked", "old"),
    [
        (
            "Ich wohne in Gera.",
            "Wir leben in Gera, gleich am Stadtpark mit den alten Linden.",
            "Wir sind nach Zwickau umgezogen.",
            "Wo wohne ich?",
            "Gera",
        ),
        (
            "Vivo en Huesca.",
            "Vivimos en Huesca, cerca de la estación de autobuses.",
            "Nos mudamos a Palencia.",
            "¿Dónde vivo?",
            "Huesca",
        ),
    ],
)
async def test_a_move_ends_the_note_of_a_home_said_again_in_other_words(
    tmp_path: Path,
    console: Callable[..., Any],
    home: str,
    again: str,
    move: str,
    asked: str,
    old: str,
) -> None:
    """The home said again later in new words (the slot only mentioned again) left that
    line's note active after a move: notes were looked up by the slot's first line only."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(home)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(again)
        await s.runtime.settle()
        assert await _active_saying(s, old), "the restated home's note"
        clock.advance(days=1)
        await s.say(move)
        await s.runtime.settle()
        await s.say("/tap 1")
        assert old not in await s.say(asked)
        assert not await _active_saying(s, old)
        await s.say("/undo")
        assert await _active_saying(s, old)
