"""The offline answerer's last fallbacks quote what the user said before: only what answers
the question — never a greeting, small talk or a remark about the chat itself — and a request
the user made of the bot ("bear with me") is no fact about them to turn around."""

from __future__ import annotations

import pytest

from bot.responder import OfflineResponder, TurnContext
from bot.wording import about_the_chat, second_person
from memory_core.values import Episode, SearchHit
from tests.factories import NOW


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        # A request to the bot beside a fact: the fact alone.
        ("I'm a glazier by trade, so go easy on me", "you're a glazier by trade"),
        ("Please be patient with me, my spelling is awful", "your spelling is awful"),
        ("My shift starts at six so bear with me 🙏 I type slowly", "your shift starts at six"),
        # Someone else telling the user something is about the user: turned.
        ("My granny tells me stories about the war", "your granny tells you stories about the war"),
    ],
)
def test_a_request_to_the_bot_is_not_turned_around(said: str, quoted: str) -> None:
    out = second_person(said)
    assert out.startswith(quoted), out
    for wrong in ("bear with you", "easy on you", "patient with you", "remind you", "help you"):
        assert wrong not in out, out


@pytest.mark.parametrize(
    "said",
    ["just bear with me", "Remind me later, ok?", "can you help me with this"],
)
def test_a_request_alone_is_left_as_said(said: str) -> None:
    out = second_person(said)
    assert " you" not in f" {out.lower()}" or "can you" in out.lower(), out
    assert "me" in out.split() or "me," in out.split(), out


@pytest.mark.parametrize(
    "line",
    [
        "hey hey, never used a bot like this before so go easy on me",
        "Hello! Just testing this thing out",
        "first time using one of these apps, be gentle",
        "Hallo, ich probiere das zum ersten Mal aus",
        "hola, es la primera vez que uso esto, ten paciencia conmigo",
        "Coucou, c'est la première fois que j'essaie ce truc",
        "Привет, первый раз пользуюсь таким ботом",
    ],
)
def test_a_line_about_the_chat_is_no_answer(line: str) -> None:
    assert about_the_chat(line)


@pytest.mark.parametrize(
    "line",
    [
        "hi, I'm a glazier and I live in Hull",
        "first time trying sushi was last week and I loved it",
        "I'm allergic to sesame",
        "Hallo, ich bin Lehrerin in Graz",
        "Bear with me: my sister is called Ana",
    ],
)
def test_a_line_with_a_fact_in_it_is_not_about_the_chat(line: str) -> None:
    assert not about_the_chat(line)


def _ctx(question: str, hits: list[SearchHit], episodes: tuple[SearchHit, ...] = ()) -> TurnContext:
    return TurnContext(
        user_text=question,
        user_name="Ana",
        memory_block="",
        hits=[],
        noted=[],
        history=[],
        group=False,
        candidates=hits,
        episodes=episodes,
    )


async def test_an_earlier_message_about_the_chat_is_not_quoted() -> None:
    said = Episode(1, "u", "c", "user", "hi there, first time using this app, go easy on me", NOW)
    episodes = (SearchHit("episodes", 1, said.text, 0.5, 0.5, 0.0, episode=said),)
    answer = (
        await OfflineResponder().respond(_ctx("what did I tell you about the app?", [], episodes))
    ).text
    assert "you said" not in answer and "first time" not in answer, answer


async def test_an_earlier_message_that_answers_is_still_quoted() -> None:
    said = Episode(1, "u", "c", "user", "hi, my allotment flooded again last winter", NOW)
    episodes = (SearchHit("episodes", 1, said.text, 0.5, 0.5, 0.0, episode=said),)
    answer = (
        await OfflineResponder().respond(
            _ctx("what did I tell you about the allotment?", [], episodes)
        )
    ).text
    assert "allotment flooded" in answer, answer


async def test_a_greeting_told_beside_a_fact_never_answers_a_question(console, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The greeting of a first message, kept beside the fact it held, is near any question
    by meaning: it is no answer (the job still is)."""
    from datetime import timedelta

    from memory_core.clock import ManualClock
    from tests.factories import START

    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="pat") as session:
        said = await session.say(
            "heya, never done one of these chats before so bear with me 🙈 I work as a paramedic, "
            "been at it ten years"
        )
        assert "bear with you" not in said, said
        clock.set(START + timedelta(days=4))
        await session.say("sent my curry back, anything with sesame and I come out in hives")
        clock.set(START + timedelta(days=40))
        for question in ("which foods should I keep away from?", "what should I not eat?"):
            said = await session.say(question)
            assert "chats before" not in said and "bear with" not in said, said
        said = await session.say("what's my job?")
        assert "paramedic" in said and "bear with" not in said, said


def test_a_stored_request_to_the_bot_is_not_said_back() -> None:
    from bot.wording import yours

    out = yours("Pat is new at the depot so go easy on Pat.", "Pat")
    assert out == "you're new at the depot" or out == "you are new at the depot", out
