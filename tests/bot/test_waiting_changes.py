"""A change that waits for the user's answer ("Which is right?"), as the user sees it: the
reply names both values, and the rest of the message is learned as usual (issue 23)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from tests.factories import START


async def test_the_waiting_reply_names_the_old_value_and_the_new(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "You told me before that you live in Berlin — I'll change that only once you
    confirm." named only the old home: the user sees what they said now beside it."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("I live in Berlin.")
        out = await s.say("I live in Lisbon.")
    assert (
        "You told me before that you live in Berlin, and now that you live in Lisbon — "
        "I'll change that only once you confirm."
    ) in out, out
