"""Heavy operations are limited per user: one in flight and a rate per hour; a refusal says
why and starts nothing; other users are never affected."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest

from adapters.types import Attachment, ButtonPress
from bot.quotas import HeavyQuota
from memory_core.clock import ManualClock
from memory_core.user import imports
from tests.factories import START, message


def test_one_in_flight_and_a_rate_per_hour_per_user() -> None:
    clock = ManualClock(START)
    quota = HeavyQuota(in_flight=1, per_hour=3, now=clock.now)
    assert quota.begin("t:a", "import") is None
    busy = quota.begin("t:a", "export")
    assert busy is not None and "still working" in busy and "/export" in busy
    assert quota.begin("t:b", "export") is None  # another user is not held up
    quota.end("t:a")
    quota.end("t:b")
    for _ in range(2):
        assert quota.begin("t:a", "export") is None
        quota.end("t:a")
    limited = quota.begin("t:a", "export")
    assert limited is not None and "limit is 3" in limited and "60 minutes" in limited
    clock.advance(minutes=61)
    assert quota.begin("t:a", "export") is None


async def test_a_second_import_while_one_is_applying_is_refused(
    tmp_path: Path, console: Callable[..., AbstractAsyncContextManager[Any]]
) -> None:
    clock = ManualClock(START)
    # Every import goes to the background at once (answer_within 0) and stays there while
    # the test looks: its batches are tiny and rest long.
    async with console(
        tmp_path / "m.db",
        clock,
        import_answer_within_s=0,
        import_batch_rows=1,
        import_rest_ratio=50,
    ) as s:
        bot = s.runtime.router
        md = "## Other\n" + "\n".join(f"- Ana owns book {i}" for i in range(10)) + "\n"
        upload = message("/import", at=clock.advance(minutes=1), attachment=_doc(md))
        [plan] = await bot.on_message(upload)
        apply = next(b.data for row in plan.buttons for b in row if b.label == "Apply")
        press = ButtonPress("console", "console", "ana", "Ana", apply, clock.now(), None, True)
        started = await bot.on_button(press)
        assert started.edit is not None and "message you when it's done" in started.edit
        again = await bot.on_message(
            message("/import", at=clock.advance(minutes=1), attachment=_doc(md))
        )
        assert "still working on your last big request" in again[0].text
        export = await bot.on_message(message("/export", at=clock.advance(minutes=1)))
        assert "still working" in export[0].text and export[0].document is None
        other = await bot.on_message(message("/export", user="ben", at=clock.advance(minutes=1)))
        assert other[0].document is not None  # Ben is not held up by Ana's import
        await s.runtime.imports.drain()
        after = await bot.on_message(message("/export", at=clock.advance(minutes=1)))
        assert after[0].document is not None and "10 items" in after[0].text


async def test_a_second_import_while_the_first_is_being_planned_is_refused(
    tmp_path: Path,
    console: Callable[..., AbstractAsyncContextManager[Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planning a big file takes a while (it rests so others' replies go first): a second
    /import meanwhile gets the clear refusal, and the first one's preview still arrives."""
    clock = ManualClock(START)
    entered, release = threading.Event(), threading.Event()
    plan = imports.plan

    def slow_plan(*args: Any) -> Any:
        entered.set()
        assert release.wait(30)
        return plan(*args)

    monkeypatch.setattr(imports, "plan", slow_plan)
    async with console(tmp_path / "m.db", clock) as s:
        bot = s.runtime.router
        md = "## Other\n- Ana owns a kite\n"
        first = asyncio.create_task(
            bot.on_message(message("/import", at=clock.advance(minutes=1), attachment=_doc(md)))
        )
        assert await asyncio.to_thread(entered.wait, 30)
        again = await bot.on_message(
            message("/import", at=clock.advance(minutes=1), attachment=_doc(md))
        )
        assert (
            "still working on your last big request" in again[0].text and "/import" in again[0].text
        )
        release.set()
        [preview] = await first
        assert any(b.label == "Apply" for row in preview.buttons for b in row)


def _doc(md: str) -> Attachment:
    return Attachment("MEMORY.md", md.encode(), "text/markdown")
