"""A command with the user's own words (``/remember …``, "remember that …", ``/forget …``,
``/why …``) is answered in the language of those words where it is clear, as plain chat is —
not in the language the user last wrote in, nor their app's; a short or unclear argument leaves
the user's language as it was."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import app
from bot.catalogue import HELP_INTRO
from bot.config import Settings
from bot.i18n import t
from memory_core.clock import ManualClock
from tests.factories import START, message

REMEMBERED = "Got it — I'll remember: {fact} (#{id})"
NO_MATCH = "I don't have a memory matching that."
NOTHING_ABOUT = "I have nothing about {topic}."


def _head(lang: str, msgid: str) -> str:
    """The catalogue's text for ``msgid`` in ``lang`` up to its first placeholder."""
    return t(lang, msgid, fact="\0", id="\0", topic="\0").split("\0", 1)[0]


@pytest.fixture
async def runtime(tmp_path: Path) -> AsyncIterator[app.Runtime]:
    settings = Settings(_env_file=None, embedder="none")  # type: ignore[call-arg]
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START))
    await runtime.start()
    try:
        yield runtime
    finally:
        await runtime.settle()
        await runtime.stop()


async def _said(runtime: app.Runtime, text: str, minutes: int, **extra: object) -> str:
    clock = runtime.memory.clock
    assert isinstance(clock, ManualClock)
    replies = await runtime.router.on_message(
        message(text, at=clock.advance(minutes=minutes), **extra)
    )
    return " ".join(r.text for r in replies)


#: What a user whose app is in English asks to be remembered, in each of the bot's languages.
TO_REMEMBER = {
    "de": "/remember Meine Schwester wohnt seit zwei Jahren in Hamburg und ist dort Ärztin",
    "es": "remember that mi hermano vive en Valencia y trabaja de profesor en un instituto",
    "fr": "/remember Ma fille apprend le violon depuis trois ans au conservatoire de Lyon",
    "ru": "/remember Мой брат живёт в Казани и работает инженером на заводе",
}


@pytest.mark.parametrize(("lang", "said"), sorted(TO_REMEMBER.items()))
async def test_remember_is_answered_in_the_language_of_what_is_remembered(
    runtime: app.Runtime, lang: str, said: str
) -> None:
    head = _head(lang, REMEMBERED)
    assert head != _head("en", REMEMBERED)
    # The user has written English before, and their app is in English.
    await _said(runtime, "I had a quiet day at home today", 1, language="en")
    reply = await _said(runtime, said, 1, language="en")
    assert reply.startswith(head), reply
    # And the conversation goes on in that language: the user wrote in it last.
    assert t(lang, HELP_INTRO) in await _said(runtime, "/help", 1, language="en")


async def test_forget_and_why_follow_the_words_they_are_given(runtime: app.Runtime) -> None:
    await _said(runtime, "I had a quiet day at home today", 1, language="en")
    reply = await _said(
        runtime, "/forget die alte Wohnung meiner Großmutter in der Nähe vom Bahnhof", 1
    )
    assert _head("de", NO_MATCH) in reply, reply
    reply = await _said(runtime, "/why mi hermano vive en Valencia con su mujer y sus hijos", 1)
    assert reply.startswith(_head("es", NOTHING_ABOUT)), reply
    assert _head("es", NOTHING_ABOUT) != _head("en", NOTHING_ABOUT)


async def test_a_short_argument_keeps_the_users_language(runtime: app.Runtime) -> None:
    """ "/forget Berlin" says nothing of a language: the reply stays in the one last written."""
    await _said(runtime, "Ich hatte heute einen ruhigen Tag zu Hause", 1, language="en")
    reply = await _said(runtime, "/forget Paris", 1, language="en")
    assert _head("de", NO_MATCH) in reply, reply
