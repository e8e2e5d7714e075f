"""A stated change left unanswered stands after 7 days (``policy.STATED_CHANGE``): /why and
/undo then say what happened in the user's words, and /undo asks the question again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from tests.factories import START


async def test_why_and_undo_after_a_stated_change_stood_unanswered(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """/why said "updated" and "replaced by something newer" (by whom, why?); /undo said
    "… (not confirmed yet). (waiting for your answer)" and never asked again, so the move
    stayed "not confirmed yet" for good."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, user="kit", learning_wait_s=60) as s:
        assert s.runtime is not None
        await s.say("I live in Berlin.")
        clock.advance(hours=1)
        await s.say("We moved to Lisbon.")
        await s.runtime.settle()
        clock.advance(days=8)
        await s.runtime.jobs.run_expire()
        why = await s.say("/why 2")
        undone = await s.say("/undo")
    assert "you didn't answer" in why, why
    assert "). (" not in undone and ". (" not in undone, undone
    assert "Which is right?" in undone, undone  # asked again
