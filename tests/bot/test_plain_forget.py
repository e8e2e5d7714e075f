"""Asking in plain words to forget something ("please forget that I play the cello") opens
the ``/forget`` picker, as "remember that …" is ``/remember``; it was read as a statement and
answered "I didn't save that — … send /remember"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import t
from memory_core.clock import ManualClock
from tests.factories import START


@pytest.mark.parametrize(
    ("told", "asked", "lang", "word"),
    [
        ("I play the cello.", "please forget that I play the cello", "en", "cello"),
        ("Toco el violonchelo.", "Olvida que toco el violonchelo.", "es", "violonchelo"),
    ],
)
async def test_a_plain_request_to_forget_opens_the_picker(
    console,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    told: str,
    asked: str,
    lang: str,
    word: str,
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(told)
        picker = await s.say(asked)
        assert t(lang, "Which one should I forget?") in picker and word in picker, picker
        gone = await s.say("1")
        assert word in gone, gone
        profile = await s.say("/profile")
    assert word not in profile, profile
