"""Fixtures for the bot tests: a scripted console session (``console``) and the bot wired like
``build_runtime`` with real jobs and scheduler and fakes for the ports (``wired``, ``harness``)."""

from __future__ import annotations

import contextlib
import io
import shutil
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from adapters.console import ConsoleAdapter
from adapters.types import Reply
from bot import app
from bot.config import Settings
from bot.router import Router
from memory_core.clock import ManualClock
from memory_core.embed import Embedder
from memory_core.extract.base import Candidate, TurnInput
from memory_core.memory import Memory
from memory_core.runtime.executors import on_background_thread
from tests.factories import START, group_message
from tests.fakes.extractor import ScriptedExtractor


class ConsoleSession:
    """Feed lines, read what the bot printed since the last call."""

    def __init__(
        self,
        db: Path,
        clock: ManualClock,
        user: str = "ana",
        *,
        learning_wait_s: float | None = None,
        **settings: object,
    ) -> None:
        self.db = db
        self.clock = clock
        self.user = user
        #: How long a statement's acknowledgement waits for learning (``None``: the setting's,
        #: at most 5 s): a wait that ends once learning did, given past what a loaded machine
        #: takes where the acknowledgement's words depend on it.
        self.learning_wait_s = learning_wait_s
        self.settings = Settings(_env_file=None, db=db, **settings)  # type: ignore[call-arg]
        self.out = io.StringIO()
        self._seen = 0
        self.runtime: app.Runtime | None = None
        self.adapter: ConsoleAdapter | None = None

    async def __aenter__(self) -> ConsoleSession:
        self.runtime = app.build_runtime(self.settings, clock=self.clock)
        if self.learning_wait_s is not None:
            self.runtime.router.turn.learning_wait_s = self.learning_wait_s
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


class SpyExtractor(ScriptedExtractor):
    """The scripted extractor; remembers each text (consolidation pages join lines)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Record the text, then parse one statement per line."""
        self.texts.append(turn.user_text)
        lines = turn.user_text.replace("\n", ";")
        return await super().extract(TurnInput(lines, turn.time, user_name=turn.user_name))

    @property
    def pages(self) -> list[str]:
        """Texts that were whole dialogues (consolidation), not single turns."""
        return [t for t in self.texts if "\n" in t]


@dataclass
class Harness:
    """The wired bot, its console, and the clock."""

    runtime: app.Runtime
    adapter: ConsoleAdapter
    out: io.StringIO
    clock: ManualClock
    extractor: SpyExtractor

    @property
    def memory(self) -> Memory:
        return self.runtime.memory

    @property
    def bot(self) -> Router:
        return self.runtime.router

    async def settle(self) -> None:
        """Learning, then background jobs, until both are idle."""
        for _ in range(3):
            await self.runtime.observer.drain()
            assert self.runtime.scheduler is not None
            await self.runtime.scheduler.drain()

    async def say(self, *lines: str, minutes: float = 1) -> str:
        """Type lines in the console (one minute apart); returns what the bot printed."""
        start = self.out.tell()
        for line in lines:
            await self.adapter.handle_line(line)
            self.clock.advance(minutes=minutes)
        await self.settle()
        self.out.seek(start)
        printed = self.out.read()
        self.out.seek(0, io.SEEK_END)
        return printed

    async def in_group(self, text: str, user: str = "ana") -> list[Reply]:
        """A message in a group chat, addressed to the bot."""
        replies = await self.bot.on_message(group_message(text, user=user, at=self.clock.now()))
        self.clock.advance(minutes=1)
        await self.settle()
        return replies

    async def at(self, when: datetime) -> str:
        """Move the clock and let due jobs run; returns what was posted meanwhile."""
        start = self.out.tell()
        self.clock.set(when)
        await self.settle()
        self.out.seek(start)
        printed = self.out.read()
        self.out.seek(0, io.SEEK_END)
        return printed

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Raw SQL, for assertions."""
        with self.memory.db.read() as conn:
            return [tuple(r) for r in conn.exec_driver_sql(sql, params).all()]


@contextlib.asynccontextmanager
async def _wired(
    db_path: Path, clock: ManualClock, embedder: Embedder | None = None
) -> AsyncIterator[Harness]:
    """The bot with jobs and scheduler (tiny poll, no jitter), started; stopped afterwards."""
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None,
        embedder="none",
        jobs_poll_s=0.01,
        jobs_jitter_s=0,
        button_secret="k" * 32,
    )
    extractor = SpyExtractor()
    runtime = app.build_runtime(
        settings,
        db=db_path,
        clock=clock,
        embedder=embedder,
        extractor=extractor,
        observer_poll_s=0.01,
    )
    out = io.StringIO()
    adapter = ConsoleAdapter(
        runtime.handler, user="ana", display_name="Ana", now=clock.now, out=out
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    h = Harness(runtime, adapter, out, clock, extractor)
    adapter.settle = h.settle
    try:
        yield h
    finally:
        await runtime.stop()


class ToldCache:
    """Databases in which one console user told the bot some lines (at ``START``, a minute
    apart), each made once per session by a real runtime and handed out as copies: tests that
    ask different questions about the same conversation share its learning, not its file."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._made: dict[tuple[str, tuple[str, ...]], Path] = {}

    async def __call__(self, db: Path, user: str, *lines: str) -> ManualClock:
        """Put at ``db`` a copy of the database in which ``user`` told ``lines``; returns a
        clock at the time the telling ended."""
        key = (user, lines)
        made = self._made.get(key)
        if made is None:
            made = self._folder / f"told-{len(self._made)}" / "m.db"
            async with ConsoleSession(made, ManualClock(START), user=user) as session:
                await session.say(*lines)
            self._made[key] = made
        for suffix in ("", "-wal"):  # the runtime checkpoints on close: no WAL is left
            if made.with_name(made.name + suffix).exists():
                shutil.copyfile(made.with_name(made.name + suffix), db.with_name(db.name + suffix))
        return ManualClock(START + timedelta(minutes=len(lines)))


@pytest.fixture(scope="session")
def told(tmp_path_factory: pytest.TempPathFactory) -> ToldCache:
    """``clock = await told(db, user, *lines)``: ``db`` becomes a copy of a database in which
    ``user`` told ``lines`` in a console session (made once per session and reused)."""
    return ToldCache(tmp_path_factory.mktemp("told"))


@pytest.fixture
def console() -> type[ConsoleSession]:
    """``async with console(db, clock, user="ana", **settings) as s``: a scripted console
    session against a real runtime; ``await s.say(*lines)`` returns what the bot printed."""
    return ConsoleSession


@pytest.fixture
def wired() -> Callable[..., contextlib.AbstractAsyncContextManager[Harness]]:
    """``async with wired(db_path, clock, embedder=None) as h``: the bot with jobs and
    scheduler (tiny poll, no jitter), started; stopped afterwards."""
    return _wired


@pytest.fixture
async def harness(db_path: Path, clock: ManualClock) -> AsyncIterator[Harness]:
    """The wired bot on a lexical-only memory."""
    async with _wired(db_path, clock) as h:
        yield h


def reply_side_texts(embedder: Embedder, method: str) -> list[str]:
    """The texts ``embedder.<method>`` ("embed_queries", "embed_passages") embeds from now on
    on the reply side (not on a background lane's thread), in order."""
    texts: list[str] = []
    embed = getattr(embedder, method)

    def counting(batch: Sequence[str]) -> Any:
        if not on_background_thread():
            texts.extend(batch)
        return embed(batch)

    setattr(embedder, method, counting)
    return texts
