"""Secrets are stored in clear nowhere but in a fact the user explicitly asked for: not in the
episodes, their FTS index, the outbox or the delta header; erased text is not left readable
in the file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import build_runtime
from bot.config import Settings
from memory_core import RulesExtractor, Turn
from memory_core.clock import ManualClock
from memory_core.types import Candidate, TurnInput
from tests.factories import START

PLAIN_SECRET = "hunter2xyzzy"
KEPT_PIN = "4921"


def _where(db: Path, needle: str) -> set[str]:
    """Tables (FTS included) with a text cell containing ``needle``."""
    conn = sqlite3.connect(db)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        found = set()
        for table in tables:
            if table.endswith(("_data", "_idx", "_docsize", "_config", "_content")):
                continue  # FTS shadow tables: covered through their FTS table
            try:
                rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
            except sqlite3.Error:
                continue  # vec0 tables need the extension
            if any(isinstance(v, str) and needle in v for row in rows for v in row):
                found.add(table)
        return found
    finally:
        conn.close()


async def test_a_secret_said_in_chat_or_remembered_is_kept_only_in_the_fact(
    tmp_path: Path,
    console: Callable[..., Any],
) -> None:
    db = tmp_path / "m.db"
    async with console(db, ManualClock(START)) as s:
        assert s.runtime is not None
        await s.say(f"my wifi password is {PLAIN_SECRET}")
        await s.say(f"/remember my bank card PIN is {KEPT_PIN}")
        await s.say("what's new?")
        await s.runtime.settle()
        recall = await s.runtime.memory.recall(
            "console:ana", "bank card", chat_id="console", group=False
        )
        assert KEPT_PIN not in recall.block.text
    assert _where(db, PLAIN_SECRET) == set()
    assert _where(db, KEPT_PIN) <= {"facts", "facts_fts", "fact_history", "change_log"}
    assert "facts" in _where(db, KEPT_PIN)


async def test_forgetme_leaves_no_readable_trace_in_the_file(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    db = tmp_path / "m.db"
    marker = "Zanzibarquux"
    async with console(db, ManualClock(START)) as s:
        await s.say(f"/remember I live in {marker}", f"I love {marker} in spring.")
        await s.say("/forgetme")
        assert "deleted everything" in await s.say("/tap 1")
    data = db.read_bytes() + (
        db.with_name(db.name + "-wal").read_bytes()
        if db.with_name(db.name + "-wal").exists()
        else b""
    )
    assert marker.encode() not in data


async def test_forgetme_empties_the_wal_at_once_not_at_exit(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """While the bot keeps running, the erased words are gone from the ``-wal`` file too (it
    held the page images written before the erasure until the next checkpoint)."""
    db = tmp_path / "m.db"
    wal = db.with_name(db.name + "-wal")
    marker = "Zanzibarquux"
    async with console(db, ManualClock(START)) as s:
        await s.say(f"/remember I live in {marker}", f"I love {marker} in spring.")
        assert marker.encode() in wal.read_bytes()  # the premise: the WAL holds the words
        await s.say("/forgetme")
        assert "deleted everything" in await s.say("/tap 1")
        assert marker.encode() not in wal.read_bytes() + db.read_bytes()


class _HeldExtractor:
    """The rules extractor, held at a gate until the test lets it go."""

    def __init__(self) -> None:
        self.inner = RulesExtractor()
        self.entered = asyncio.Event()
        self.gate = asyncio.Event()

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        self.entered.set()
        await self.gate.wait()
        return await self.inner.extract(turn)


async def test_erasure_while_a_turn_is_being_learned_is_final(tmp_path: Path) -> None:
    """/forgetme lands while the learner is mid-turn: what it decided is never written."""
    held = _HeldExtractor()
    settings = Settings(_env_file=None, embedder="none", button_secret="k" * 32)  # type: ignore[call-arg]
    runtime = build_runtime(
        settings,
        db=tmp_path / "m.db",
        clock=ManualClock(START),
        extractor=held,
        observer_poll_s=0.01,
    )
    await runtime.start()
    try:
        turn = Turn("t1", "console:ana", "console", "I live in Porto.", START, "Ok.")
        assert await runtime.observer.observe(turn)
        await asyncio.wait_for(held.entered.wait(), 30)
        erasure = await runtime.memory.erase("console:ana")
        assert not erasure.left
        held.gate.set()
        await runtime.settle()
        assert await runtime.memory.list_facts("console:ana") == []
        assert await runtime.memory.search("console:ana", "Porto", mode="lexical") == []
    finally:
        held.gate.set()
        await runtime.stop()
