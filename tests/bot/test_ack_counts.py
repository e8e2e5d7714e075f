"""A count said with the names of the ones it counts (session 13): "Wir haben einen Kater, der
heißt …" was acknowledged with the name and the whole sentence quoted again, and stored as "The
user has 1 cats." ("You have 1 cats" in /profile); the names say it, once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START

#: (line, a name it gives, words the acknowledgement must not repeat)
CASES = [
    ("Wir haben einen Kater, der heißt Fips.", "Fips", "einen Kater"),
    ("Tenemos dos gatas, Mimi y Lola.", "Lola", "dos gatas"),
    ("Tengo tres hijos, Iker, Maialen y Jon.", "Maialen", "tres hijos"),
]


@pytest.mark.parametrize(("line", "name", "not_again"), CASES)
async def test_a_count_with_its_names_is_acknowledged_once(
    line: str, name: str, not_again: str, tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ida") as s:
        ack = await s.say(line)
        profile = await s.say("/profile")
    assert name in ack, ack
    assert not_again not in ack, ack
    assert "1 cats" not in profile and " 1 " not in profile, profile
