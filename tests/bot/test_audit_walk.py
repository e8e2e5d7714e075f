"""Failures found walking issues 22/23 as a user (docs/audit.md), each pinned through the real
console adapter: what the bot says is what it kept, in one grammatical second-person voice."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.sensitive import find_sensitive, redact
from tests.bot.conftest import ConsoleSession
from tests.bot.test_casual_secrets import _file_bytes
from tests.bot.test_long_horizon import _live_until, _noon
from tests.bot.test_memory_tools import llm_bot
from tests.factories import START, message
from tests.fakes.anthropic_server import FakeAnthropic


async def test_money_said_in_passing_is_not_acknowledged_as_saved(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """Learning keeps money details only on /remember: the reply says so, never "Got it"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        for said in ("I owe about 20k on my credit card.", "I earn 45k a year."):
            out = await s.say(said)
            assert "Got it" not in out and "keep that private" not in out, out
            assert "/remember" in out, out
        out = await s.say("I live in Leeds and I owe 20k on my credit card.")
        assert "you live in Leeds" in out and "owe" not in out, out
        assert "/remember" in out, out
        assert "owe" not in await s.say("/memories")


async def test_facts_about_the_user_read_in_the_second_person_throughout(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """No "Grace … when they were 12", no "Most mornings Grace walks" in what Grace reads."""
    async with console(tmp_path / "m.db", ManualClock(START), user="grace") as s:
        await s.say("I moved here when I was 12.", "Most mornings I walk the dog before work.")
        await s.say("On Sundays I usually visit my gran.")
        out = await s.say("/profile")
        assert "when you were 12" in out, out
        # Filed as a habit, said with its "when" last ("You walk the dog … most mornings").
        assert "you walk the dog" in out.lower() and "most mornings" in out.lower(), out
        assert "On Sundays you usually visit your gran" in out, out
        assert "Grace" not in out and "they" not in out and "their" not in out, out


async def test_the_users_words_are_quoted_back_without_their_lead_in(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Actually …", "Fun fact: …", "Something I don't tell many people: …" are how it was
    said, not what: an answer or a question quoting the message drops them."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("We moved to Galway last year.", "Actually we moved in 2024, not last year.")
        out = await s.say("when did we move?")
        assert "2024" in out and "Actually" not in out and "actually" not in out, out
        await s.say("Something I don't tell many people: I'm terrified of heights.")
        out = await s.say("what am I afraid of?")
        assert "heights" in out and "tell many people" not in out, out
        out = await s.say("I moved to Leeds in 2021.")
        assert "Earlier you told me you moved in 2024" in out, out


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("fyi wifi pass is BlueMoon#77", "BlueMoon#77"),
        ("the wifi pass is sunnyday2024", "sunnyday2024"),
        ("our house alarm is 3 3 0 9 if you ever need it", "3 3 0 9"),
        ("the alarm is four four one two", "four four one two"),
        ("my gym pass: 88123", "88123"),
    ],
)
def test_a_pass_or_an_alarm_said_casually_is_a_secret(text: str, secret: str) -> None:
    assert [s.text_in(text) for s in find_sensitive(text)] == [secret]


@pytest.mark.parametrize(
    "text",
    [
        "my bus pass is expired",
        "the boarding pass is in my bag",
        "my season pass is great value",
        "my alarm is set for 7",
        "my alarm is at 6 30 every day",
        "the fire alarm is broken again",
        "my bus pass 2024 edition arrived",
    ],
)
def test_a_pass_or_an_alarm_that_is_no_secret_is_left_alone(text: str) -> None:
    assert find_sensitive(text) == []


async def test_a_wifi_pass_and_an_alarm_code_said_in_chat_leave_no_trace(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    db = tmp_path / "m.db"
    async with console(db, ManualClock(START)) as s:
        out = await s.say("fyi wifi pass is BlueMoon#77", "our house alarm is 3 3 0 9")
        out += await s.say("/memories", "/profile")
        assert "BlueMoon" not in out and "3 3 0 9" not in out, out
    raw = _file_bytes(db)
    assert b"BlueMoon#77" not in raw and b"3 3 0 9" not in raw


def test_what_was_redacted_once_is_not_redacted_again_with_the_words_after_it() -> None:
    said = "your bank login is [redacted] and your cat is named Tom"
    assert redact(said) == said


async def test_a_redacted_login_does_not_swallow_the_rest_of_an_answer(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("my bank login is ana.k / Passw0rd!", "I have a cat named Tom.")
        await s.say("my pin is 4821")
        out = await s.say("what do you know about me?")
        # Was "your bank login is [redacted] pin is [redacted]": "and your" taken as a login.
        assert "[redacted] pin" not in out and "[redacted] cat" not in out, out
        assert "Passw0rd" not in out and "4821" not in out, out


async def test_how_are_you_is_small_talk_not_a_question_about_the_user(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "How are you today?" got "I don't know that yet. Tell me and I'll remember it"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("My cat is called Tom.")
        for said in ("How are you today?", "how's it going?", "How have you been?", "what's up?"):
            out = await s.say(said)
            assert "I don't know that yet" not in out and "Tom" not in out, (said, out)
            assert "doing well" in out, (said, out)
        out = await s.say("how old is my cat?")  # a question that starts alike still is one
        assert "doing well" not in out, out


async def test_a_weekly_reflection_never_repeats_what_the_last_one_said_was_new(
    tmp_path: Path,
) -> None:
    """Facts told on day 0 were "New:" in the reflection of day 1 and again in day 7's (the
    window is 7 days, the interval 6): a second reflection needs facts newer than the first."""
    clock = ManualClock(_noon(0))
    settings = {"jobs_poll_s": 0.01, "jobs_jitter_s": 0}
    async with ConsoleSession(tmp_path / "m.db", clock, user="grace", **settings) as s:
        await s.say("I work as an electrician.", "We have a cat named Mochi.", "I play the fiddle.")
        await _live_until(s, clock, 15)
        assert s.out.getvalue().count("weekly reflection") == 1, s.out.getvalue()
        await s.say("I love hiking.", "I support Leeds United.", "I'm learning Spanish.")
        await _live_until(s, clock, 30)
        out = s.out.getvalue()
        assert out.count("weekly reflection") == 2, out
        second = out.rsplit("weekly reflection", 1)[1]
        assert "hiking" in second and "electrician" not in second, second


async def test_a_conflict_question_about_a_private_fact_speaks_to_the_user(
    tmp_path: Path,
) -> None:
    """A sensitive fact is never quoted from the message: its stored words were shown as they
    are ("Earlier you told me Ana is allergic to shellfish. Just now: Ana is no longer …")."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I'm allergic to shellfish"))
        await rt.settle()
        fake.tool_calls([("remember_fact", {"text": "I'm not allergic to shellfish anymore"})])
        fake.text("Okay.")
        replies = await rt.router.on_message(message("what's for dinner?"))
        await rt.settle()
        asked = " ".join(r.text for r in replies)
        assert "Earlier you told me you're allergic to shellfish" in asked, asked
        assert "Ana" not in asked, asked


async def test_who_am_i_married_to_is_answered_not_summarised(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "who am I married to?" matched "who am I" and got the whole summary."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("My wife's name is Sara.", "I don't eat pork.", "Morning!")
        out = await s.say("who am I married to?")
        assert "Sara" in out and "pork" not in out and "Here's what I know" not in out, out
        out = await s.say("who am I?")  # still the summary (whatever it holds)
        assert "Here's what I know" in out or "anything about you" in out, out
        out = await s.say("Morning!")
        assert "offline" not in out and "Hi" in out, out


async def test_a_special_category_said_privately_is_acknowledged_as_private(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "I'm gay and only my sister knows" got "Got it — you're gay and only your sister
    knows." while "I'm HIV positive" got "Noted — I'll keep that private."."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        for said in ("I'm gay and only my sister knows", "I did six months in prison"):
            out = await s.say(said)
            assert "Noted — I'll keep that private." in out and "Got it" not in out, out
        out = await s.say("I'm a devout Catholic and I love hiking.")
        assert "you love hiking" in out and "Catholic" not in out, out
        assert "gay" in await s.say("/profile")  # kept all the same
