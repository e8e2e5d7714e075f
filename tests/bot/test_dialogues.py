"""Short conversations with the offline bot, as a new user meets it in ``make chat``: what it
notes, what it answers about the user, small talk. Each conversation runs in a fresh runtime
and is asked about in a new one (what a restart keeps)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START

INTRO = "Hi there! I'm Marta, I'm a software engineer at Spotify and I live in Stockholm."


async def _told(console: Callable[..., Any], tmp_path: Path, *lines: str) -> Path:
    db = tmp_path / "m.db"
    async with console(db, ManualClock(START), user="marta") as s:
        await s.say(*lines)
    return db


async def _ask(console: Callable[..., Any], db: Path, line: str) -> str:
    async with console(db, ManualClock(START), user="marta") as s:
        return await s.say(line)


async def test_an_introduction_is_acknowledged_in_the_second_person(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="marta") as s:
        out = await s.say(INTRO)
    assert out.startswith("bot> Got it — ")
    for part in ("your name is Marta", "software engineer", "Spotify", "you live in Stockholm"):
        assert part in out, out
    assert "The user" not in out and "Noted:" not in out


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("What do you know about me?", ("Stockholm", "Spotify")),
        ("what do you remember about me", ("Stockholm",)),
        ("Where do I live?", ("Stockholm",)),
        ("What do I do for work?", ("software engineer",)),
    ],
)
async def test_questions_about_the_user_are_answered_after_a_restart(
    tmp_path: Path, question: str, wanted: tuple[str, ...], console: Callable[..., Any]
) -> None:
    db = await _told(console, tmp_path, INTRO)
    answer = await _ask(console, db, question)
    assert all(w in answer for w in wanted), answer
    assert "don't know" not in answer


async def test_family_in_one_sentence_is_all_kept(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    db = await _told(console, tmp_path, "I have two kids, Leo who is 7 and Ida who is 4")
    profile = await _ask(console, db, "/profile")
    assert "Leo" in profile and "Ida" in profile


@pytest.mark.parametrize(
    ("said", "wanted"),
    [("Thanks, bye!", "Bye for now"), ("thank you", "welcome"), ("hello", "Hi Marta")],
)
async def test_small_talk_gets_a_friendly_line(
    tmp_path: Path, said: str, wanted: str, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="marta") as s:
        out = await s.say(said)
    assert wanted in out and "offline" not in out


async def test_lookups_that_match_nothing_say_so(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    db = await _told(console, tmp_path, INTRO)
    assert "I have nothing about pizza" in await _ask(console, db, "/why pizza")
    assert "I have nothing about zebra" in await _ask(console, db, "/memories zebra")
    profile = await _ask(console, db, "/profile")
    assert "Here's what I know about you" in profile and "not sure yet" not in profile
    assert "You live in Stockholm" in profile
