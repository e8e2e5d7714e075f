"""A correction said plainly stands when its question goes unanswered (session 16): "tengo 26,
no 25", "meine Katze heißt Lina, nicht Luna", "actually I just turned 30" waited for a button,
lapsed after 7 days, and the old value stayed for good ("how old am I?" → 29 a month later).
A change that is not a correction (a second name said plainly) still keeps the old value."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START

CASES = [
    ("I'm 41.", "actually I just turned 42 last week", "how old am I?", "42", "41"),
    ("tengo 33 años", "perdona, tengo 34, no 33", "¿cuántos años tengo?", "34", "33"),
    (
        "Meine Katze heißt Mira.",
        "Korrektur: meine Katze heißt Mila, nicht Mira",
        "wie heißt meine Katze?",
        "Mila",
        "Mira",
    ),
]


@pytest.mark.parametrize(("first", "fix", "ask", "now", "before"), CASES)
async def test_an_unanswered_correction_stands(
    first: str,
    fix: str,
    ask: str,
    now: str,
    before: str,
    tmp_path: Path,
    console: Callable[..., Any],
) -> None:
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=60) as s:
        assert s.runtime is not None
        await s.say(first)
        await s.say(first)  # said twice: confident, so the change is asked about
        clock.advance(hours=1)
        await s.say(fix)
        await s.runtime.settle()
        clock.advance(days=8)
        await s.runtime.jobs.run_expire()
        answer = await s.say(ask)
    assert now in answer and before not in answer, answer


async def test_a_second_name_said_plainly_keeps_the_first_when_unanswered(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=60) as s:
        assert s.runtime is not None
        await s.say("My son is called Fergus.")
        clock.advance(hours=1)
        await s.say("My son is called Rory.")
        await s.runtime.settle()
        clock.advance(days=8)
        await s.runtime.jobs.run_expire()
        answer = await s.say("/profile")
    assert "Fergus" in answer, answer
