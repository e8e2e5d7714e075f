"""``membot chat``: the bot on the console adapter, on one event loop."""

from __future__ import annotations

from pathlib import Path

from adapters.console import ConsoleAdapter
from bot import app
from bot.config import Settings


async def run_console(settings: Settings, user: str, db: Path | str | None = None) -> None:
    """Run a terminal chat until end of input; learning is drained before exit."""
    runtime = app.build_runtime(settings, db=db)
    adapter = ConsoleAdapter(
        runtime.handler,
        user=user,
        display_name=user.capitalize(),
        now=runtime.memory.clock.now,
        settle=runtime.settle,
        stream=settings.stream_replies,
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    try:
        await adapter.run()
        await runtime.settle()
    finally:
        await runtime.stop()
