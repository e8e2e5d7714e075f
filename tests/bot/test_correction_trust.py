"""A correction of a told fact waits for the user's answer (the write policy: a confident
fact's change is asked with buttons, never overwritten), and nothing else shows the new value
as a fact meanwhile: no note of the correction's words, no "Got it" — said again, it still
waits. A leading "no" is no name; the rejected value ends the told one (asked); a person's age
said again after "actually" is a correction of it; a note corrected is said whole, never
garbled. And ``/undo`` while ``/forget``'s choice is still open undoes nothing else.
(Session 14, found by hand in the five languages.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from memory_core.clock import ManualClock
from tests.factories import START

#: How long an acknowledgement waits for learning: it ends once learning did, and the first
#: note loads the embedding model (seconds on a loaded machine) — the words said depend on it.
_WAIT_S = 60

#: (told, corrected, the new value): the change waits, nothing shows it as a fact.
WAITING = {
    "en, no years": ("I'm 29 years old.", "Actually I'm 30, not 29.", "30"),
    "es, no años": ("Tengo 29 años.", "En realidad tengo 30, no 29.", "30"),
    "de, eigentlich": ("Ich bin 29 Jahre alt.", "Eigentlich bin ich 30 Jahre alt, nicht 29.", "30"),
    "de, nein": ("Ich bin 29 Jahre alt.", "Nein, ich bin 30, nicht 29.", "30"),
    "fr, non … et pas": ("J'ai 29 ans.", "Non, j'ai 30 ans et pas 29.", "30"),
    "ru, вообще-то": ("Мне 29 лет.", "Вообще-то мне 30 лет, а не 29.", "30"),
    "de, a job, the note": (
        "Ich arbeite als Lehrer an einer Grundschule.",
        "Nein, ich arbeite als Koch in einem Restaurant, nicht als Lehrer.",
        "Koch",
    ),
}


@pytest.mark.parametrize(("told", "corrected", "new"), WAITING.values(), ids=WAITING)
async def test_a_change_waiting_for_its_answer_shows_nowhere_as_a_fact(
    told: str,
    corrected: str,
    new: str,
    tmp_path: Path,
    console: Callable[..., Any],
    request: pytest.FixtureRequest,
) -> None:
    """The correction of a told fact is asked about; meanwhile /profile holds the told value
    only (no note of the correction's words, no name "Nein"), and the acknowledgement says
    the change waits, never "Got it — … 30"."""
    lang = request.node.callspec.id.split(",")[0]
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(told)
        clock.advance(days=1)
        ack = await s.say(corrected)
        profile = await s.say("/profile")
    assert new not in profile, profile
    # The reply names the new value only as waiting ("… and now that you're 30 — I'll change
    # that only once you confirm"), never as saved.
    assert not ack.splitlines()[0].startswith(_got_it(lang)), ack
    assert "Nein" not in profile and "Nein" not in ack, (ack, profile)


def _got_it(lang: str) -> str:
    """How an acknowledgement of something saved opens in ``lang`` ("Got it — ")."""
    return t(lang, "Got it — {noted}.").split("{noted}")[0]


#: (told, corrected): said a second time while the first still waits.
SAID_AGAIN = {
    "es": ("Tengo 29 años.", "En realidad tengo 30 años, no 29."),
    "en": ("I'm 29 years old.", "Actually I'm 30, not 29."),
    "fr": ("J'ai 29 ans.", "En fait j'ai 30 ans, pas 29."),
}


@pytest.mark.parametrize(("told", "corrected"), SAID_AGAIN.values(), ids=SAID_AGAIN)
async def test_a_waiting_correction_said_again_still_waits(
    told: str,
    corrected: str,
    tmp_path: Path,
    console: Callable[..., Any],
    request: pytest.FixtureRequest,
) -> None:
    """Said again before the user answered: the reply says it still waits (as the first
    time), never "Entendido: tienes 30 años" as if it were saved."""
    lang = request.node.callspec.id
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(told)
        first = await s.say(corrected)
        again = await s.say(corrected)
        profile = await s.say("/profile")
    # The same "… I'll change that only once you confirm" as the first time (the question
    # may go out before it), never "Got it — you're 30".
    assert again.splitlines()[0] in first.splitlines(), (first, again)
    assert not again.splitlines()[0].startswith(_got_it(lang)), again
    assert "30" not in profile, profile


#: (told, corrected, what it is now, the rejected one): the rejected fact does not stay.
REJECTED = {
    "en, learning": (
        "I'm learning Italian.",
        "Actually I'm learning Spanish, not Italian.",
        "Spanish",
        "Italian",
    ),
}


@pytest.mark.parametrize(("told", "corrected", "new", "old"), REJECTED.values(), ids=REJECTED)
async def test_the_rejected_value_does_not_stay_beside_the_new_one(
    told: str, corrected: str, new: str, old: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Actually I'm learning Spanish, not Italian" after "I'm learning Italian": one
    language in the end (asked first, as the policy says); chosen, only the new one."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(told)
        clock.advance(days=1)
        ack = await s.say(corrected)
        if "[1]" in ack:  # the question: the new value first
            await s.say("1")
        profile = await s.say("/profile")
    assert new in profile, (ack, profile)
    assert old not in profile, (ack, profile)


#: (told, corrected, the new age, the old age).
AGE_AGAIN = {
    "fr, en fait": ("Mon ami Julien a 41 ans.", "En fait Julien a 42 ans.", "42", "41"),
    "en, actually": ("My friend Julian is 41.", "Actually Julian is 42.", "42", "41"),
    "es, en realidad": (
        "Mi amigo Julián tiene 41 años.",
        "En realidad Julián tiene 42 años.",
        "42",
        "41",
    ),
}


@pytest.mark.parametrize(("told", "corrected", "new", "old"), AGE_AGAIN.values(), ids=AGE_AGAIN)
async def test_a_known_persons_age_said_after_actually_corrects_it(
    told: str, corrected: str, new: str, old: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "En fait Julien a 42 ans." of the friend Julien told 41: his age changes (or is
    asked about) — it was not saved at all ("I didn't save that")."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(told)
        clock.advance(days=1)
        ack = await s.say(corrected)
        if "[1]" in ack:
            await s.say("1")
        memories = await s.say("/memories")
    assert new in memories, (ack, memories)
    assert old not in memories.replace(new, ""), (ack, memories)


@pytest.mark.parametrize(
    ("told", "corrected", "garbled"),
    [
        (
            "Ich arbeite als Lehrer an einer Grundschule.",
            "Nein, ich arbeite als Koch in einem Restaurant, nicht als Lehrer.",
            "arbeite einem",
        ),
        (
            "Ich arbeite an einer Grundschule.",
            "Nein, ich arbeite in einem Restaurant, nicht an einer Grundschule.",
            "an einem Restaurant",
        ),
    ],
)
async def test_a_corrected_note_is_said_whole_never_garbled(
    told: str, corrected: str, garbled: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """A note corrected by a sentence that says the whole new statement becomes that
    statement (asked first), never the old note with words swapped in ("Ich arbeite einem
    Restaurant an einer Grundschule"); and the note of the rejected words is not kept."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(told)
        clock.advance(days=1)
        ack = await s.say(corrected)
        while "[1]" in ack:
            ack = await s.say("1")
        memories = await s.say("/memories")
    assert garbled not in memories, memories
    assert "Restaurant" in memories, memories
    assert "Grundschule" not in memories, memories


UNDO_WHILE_ASKED = {
    "en": ("I have a dog named Rex.", "I work as a nurse.", "/forget Rex", "nurse"),
    "fr": ("J'ai un chien qui s'appelle Rex.", "Je suis infirmière.", "/forget Rex", "infirmière"),
}


@pytest.mark.parametrize(
    ("one", "two", "forget", "last"), UNDO_WHILE_ASKED.values(), ids=UNDO_WHILE_ASKED
)
async def test_undo_while_forget_still_asks_undoes_nothing_else(
    one: str, two: str, forget: str, last: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """``/forget x`` shows its choice; ``/undo`` before any is made has nothing of the forget
    to undo — it says so, and the last thing learned stays (it was undone instead)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say(one)
        await s.say(two)
        picker = await s.say(forget)
        undo = await s.say("/undo")
        profile = await s.say("/profile")
    assert "[1]" in picker, picker
    assert last in profile, (undo, profile)
    assert last not in undo, undo


async def test_undo_after_the_forget_was_chosen_brings_it_back(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The forget chosen, /undo undoes it (as before)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        await s.say("I have a dog named Rex.")
        await s.say("I work as a nurse.")
        await s.say("/forget dog")
        await s.say("1")
        gone = await s.say("/profile")
        await s.say("/undo")
        profile = await s.say("/profile")
    assert "Rex" not in gone, gone
    assert "Rex" in profile and "nurse" in profile, profile


@pytest.mark.parametrize(
    ("told", "corrected", "new"),
    [
        (
            "J'habite à Liège.",
            "Changement d'adresse : j'habite à Mons depuis mardi, plus à Liège.",
            "Mons",
        ),
        ("Ich bin 29 Jahre alt.", "Nein, ich bin 30, nicht 29.", "30"),
    ],
)
async def test_a_consolidation_keeps_no_note_of_a_change_still_asked_about(
    told: str, corrected: str, new: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The session's lines read again at night: the correction's note is not written then
    either while the change still waits (it was, a day later, in /profile)."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=_WAIT_S) as s:
        assert s.runtime is not None
        await s.say(told)
        await s.say(corrected)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.runtime.jobs.run_consolidate()
        profile = await s.say("/profile")
    assert new not in profile, profile
