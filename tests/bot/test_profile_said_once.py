"""A pastime read from a line in another language and the note of the same line say the same
words: /profile showed them twice ("Was du magst • „ich singe im Chor“" and the note "Ich singe
im Chor"; the note begins with a capital, the message did not) and the overview named them
twice ("«люблю вязать по вечерам» и «люблю вязать по вечерам»"). Each is said once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START


@pytest.mark.parametrize(
    ("line", "overview", "words"),
    [
        ("ich töpfere gern am Wochenende", "was weißt du über mich?", "töpfere gern am wochenende"),
        (
            "обожаю рисовать акварелью",
            "что тебе про меня известно?",
            "обожаю рисовать акварелью",
        ),
    ],
)
async def test_a_line_kept_twice_is_shown_once(
    line: str, overview: str, words: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ida") as s:
        await s.say(line)
        profile = await s.say("/profile")
        told = await s.say(overview)
    assert profile.casefold().count(words) == 1, profile
    assert told.casefold().count(words) == 1, told
