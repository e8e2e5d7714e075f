"""``membot chat``: the bot on the console adapter, on one event loop."""

from __future__ import annotations

from pathlib import Path

from adapters.console import ConsoleAdapter
from bot import app, i18n
from bot.config import Settings
from memory_core import Memory
from memory_core.errors import MemoryCoreError


def save_dir(memory: Memory) -> Path:
    """Where the console saves the files the bot sends (``/export``): beside the database (its
    data folder, not whichever folder the chat was started in); ``data/`` on PostgreSQL."""
    try:
        return memory.operations().path.parent.resolve()
    except MemoryCoreError:  # PostgreSQL: no file to sit beside
        return Path("data").resolve()


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
        save_dir=str(save_dir(runtime.memory)),
        words=i18n.words(settings.default_language),
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    try:
        await adapter.run()
        await runtime.settle()
    finally:
        await runtime.stop()
