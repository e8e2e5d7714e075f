"""Short conversations with the offline bot, as a new user meets it in ``make chat``: what it
notes, what it answers about the user, small talk. Each conversation runs in a fresh runtime
and is asked about in a new one (what a restart keeps)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.bot.conftest import ToldCache
from tests.factories import START

INTRO = "Hi there! I'm Marta, I'm a software engineer at Spotify and I live in Stockholm."


async def _told(told: ToldCache, tmp_path: Path, *lines: str) -> Path:
    """Marta told ``lines`` (a conversation told once per session, copied for each test)."""
    db = tmp_path / "m.db"
    await told(db, "marta", *lines)
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
    tmp_path: Path,
    question: str,
    wanted: tuple[str, ...],
    console: Callable[..., Any],
    told: ToldCache,
) -> None:
    db = await _told(told, tmp_path, INTRO)
    answer = await _ask(console, db, question)
    assert all(w in answer for w in wanted), answer
    assert "don't know" not in answer


async def test_family_in_one_sentence_is_all_kept(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "I have two kids, Leo who is 7 and Ida who is 4")
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
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, INTRO)
    assert "I have nothing about pizza" in await _ask(console, db, "/why pizza")
    assert "I have nothing about zebra" in await _ask(console, db, "/memories zebra")
    profile = await _ask(console, db, "/profile")
    assert "Here's what I know about you" in profile and "not sure yet" not in profile
    assert "You live in Stockholm" in profile


# ---- the people around the user ---------------------------------------------------------------

FAMILY = ("My wife Ana is a nurse.", "my brother Marco lives in Rome", "Marco is a chef")


@pytest.mark.parametrize(
    ("question", "wanted", "unwanted"),
    [
        ("Who is Marco?", ("brother", "Rome", "chef"), ("nurse",)),
        ("who's marco", ("brother", "Rome", "chef"), ()),
        ("What does my wife do?", ("nurse",), ("chef",)),
        ("what's my wife's job?", ("nurse",), ()),
        ("Where does my brother live?", ("Rome",), ("nurse",)),
        ("Tell me about my brother", ("Rome", "chef"), ()),
        ("Who is my wife?", ("Ana",), ()),
        ("Where does my sister live?", ("haven't told me about your sister",), ("Rome",)),
        ("Who is Bob?", ("don't know anyone called Bob",), ()),
    ],
)
async def test_questions_about_the_users_people_are_answered_from_their_facts(
    tmp_path: Path,
    question: str,
    wanted: tuple[str, ...],
    unwanted: tuple[str, ...],
    console: Callable[..., Any],
    told: ToldCache,
) -> None:
    db = await _told(told, tmp_path, *FAMILY)
    answer = await _ask(console, db, question)
    assert all(w in answer for w in wanted), answer
    assert not any(u in answer for u in unwanted), answer


async def test_a_third_partys_job_never_becomes_the_users(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, *FAMILY, "My friend Julia lives in Paris and she's a lawyer")
    for question in ("What do I do for work?", "what do I do for a living?", "Where do I live?"):
        answer = await _ask(console, db, question)
        assert not any(w in answer for w in ("nurse", "chef", "lawyer", "Rome", "Paris")), answer
    profile = await _ask(console, db, "/profile")
    identity, _, people = profile.partition("People")
    assert "nurse" not in identity and "chef" not in identity and "Rome" not in identity
    assert "Ana, your wife" in people and "Marco, your brother" in people
    assert "Julia, your friend" in people and "lawyer" in people and "chef" in people


async def test_who_a_pronoun_means_is_kept_within_a_message(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "My friend Julia lives in Paris and she's a lawyer.")
    answer = await _ask(console, db, "who is Julia?")
    assert "friend" in answer and "Paris" in answer and "lawyer" in answer


async def test_two_brothers_stay_two_people(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(
        told, tmp_path, "My brother Marco lives in Rome.", "My brother Luca lives in Paris."
    )
    answer = await _ask(console, db, "where does my brother live?")
    assert "Rome" in answer and "Paris" in answer, answer
    assert "Which is right" not in answer
    assert "Paris" not in await _ask(console, db, "who is Marco?")


async def test_forgetting_someone_works_like_any_memory(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, *FAMILY)
    async with console(db, ManualClock(START), user="marta") as s:
        choices = await s.say("/forget chef")
        assert "Marco is a chef" in choices, choices
        assert "Forgotten" in await s.say("/tap 1")
    answer = await _ask(console, db, "who is Marco?")
    assert "Rome" in answer and "chef" not in answer, answer


# ---- however the user asks -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "wanted"),
    [
        ("What do I do for a living?", ("software engineer",)),
        ("what's my job?", ("software engineer",)),
        ("whats my job", ("software engineer",)),
        ("Where do I work?", ("Spotify",)),
        ("Where am I based?", ("Stockholm",)),
        ("what city do I live in?", ("Stockholm",)),
        ("What's my name?", ("Marta",)),
    ],
)
async def test_paraphrased_questions_find_the_right_fact(
    tmp_path: Path,
    question: str,
    wanted: tuple[str, ...],
    console: Callable[..., Any],
    told: ToldCache,
) -> None:
    db = await _told(told, tmp_path, INTRO, *FAMILY)
    answer = await _ask(console, db, question)
    assert all(w in answer for w in wanted), answer
    assert "nurse" not in answer and "chef" not in answer, answer


async def test_what_was_said_answers_when_no_fact_does(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(
        told, tmp_path, INTRO, "The trip to Norway was amazing, the hotel was right by a fjord."
    )
    answer = await _ask(console, db, "What did I say about the hotel?")
    assert "hotel was right by a fjord" in answer and "you said" in answer, answer
    assert "don't know" in await _ask(console, db, "what did I say about the zoo?")


# ---- dates -------------------------------------------------------------------------------------


async def test_a_move_last_month_is_dated_last_month(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "I moved to Lisbon last month.")
    answer = await _ask(console, db, "Where do I live?")
    assert "Lisbon" in answer and "since February 2026" in answer, answer


async def test_what_happened_yesterday_is_remembered_with_its_date(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "I went to Paris with my sister yesterday.")
    memories = await _ask(console, db, "/memories Paris")
    assert "1 March 2026" in memories and "yesterday" not in memories, memories


async def test_a_confirmed_move_keeps_the_date_it_happened(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="marta") as s:
        asked = await s.say("I live in Berlin.", "I moved to Lisbon last month.")
        assert "Which is right?" in asked
        assert "Updated" in await s.say("/tap 1")
    answer = await _ask(console, tmp_path / "m.db", "where am I based?")
    assert "Lisbon" in answer and "since February 2026" in answer, answer


async def test_when_something_began_is_answered_with_its_date(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "I started at Stripe two weeks ago.")
    answer = await _ask(console, db, "When did I start at Stripe?")
    assert "Stripe" in answer and "since February 2026" in answer, answer


async def test_questions_by_name_read_that_persons_facts(
    tmp_path: Path, console: Callable[..., Any], told: ToldCache
) -> None:
    db = await _told(told, tmp_path, "I have two kids, Leo who is 7 and Ida who is 4", *FAMILY)
    assert "Leo, one of your kids, is 7" in await _ask(console, db, "how old is Leo?")
    assert "Rome" in await _ask(console, db, "Where does Marco live?")
    assert "chef" in await _ask(console, db, "what does Marco do?")
    assert "don't know anyone called Bob" in await _ask(console, db, "where does Bob live?")


async def test_a_greeting_uses_the_name_the_user_told_not_the_platforms(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """After "My name is Omar." a hello and /start said "Hi Sam_k!" (the display name)."""
    async with console(tmp_path / "m.db", ManualClock(START), user="sam_k") as s:
        await s.say("My name is Omar.")
        await s.runtime.settle()
        assert "Hi Omar!" in await s.say("hello"), "greeting"
        assert "Hi Omar!" in await s.say("/start"), "/start"


async def test_start_shows_a_new_user_the_help_and_welcomes_a_known_one_back(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """/start from a user the bot knew repeated the whole help text after "Hi {name}!"."""
    async with console(tmp_path / "m.db", ManualClock(START), user="ines_r") as s:
        first = await s.say("/start")
        assert "/profile" in first and "/forget" in first, first
        await s.say("My name is Ines and I'm a glazier.")
        await s.runtime.settle()
        again = await s.say("/start")
    assert "Hi Ines!" in again and "Welcome back" in again and "/help" in again, again
    assert "/forget" not in again and len(again) < len(first) // 2, again


async def test_a_returning_user_is_welcomed_back_not_asked_to_introduce_themselves(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """A user the bot knows heard "Tell me about yourself…" at every hello."""
    async with console(tmp_path / "m.db", ManualClock(START), user="lena_p") as s:
        first = await s.say("hi")
        assert "Tell me about yourself" in first, first
        await s.say("My name is Jonas.")
        await s.say("I work as a baker.")
        await s.runtime.settle()
        again = await s.say("hello")
        assert "Hi Jonas!" in again, again
        assert "Good to see you again" in again, again
        assert "Tell me about yourself" not in again, again
