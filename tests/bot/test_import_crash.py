"""kill -9 during an import's apply: Apply is the commit point, each batch commits with its
journal entry, and the next start finishes the import — every line exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pysqlite3.dbapi2 as sqlite

from bot import app
from bot.config import Settings
from memory_core import Memory
from memory_core.clock import ManualClock
from memory_core.values import SearchFilters
from tests.factories import START

LINES = 1500
_CHILD = """
import asyncio, sys
from memory_core import Memory
from memory_core.config import ImportLimits, MemoryConfig

async def main(path):
    config = MemoryConfig(import_limits=ImportLimits(batch_rows=20, batch_seconds=5))
    memory = Memory.open(path, None, config=config)
    lines = "\\n".join(f"- Ana owns the record number {i}." for i in range(LINES))
    pending = await memory.plan_import("telegram:1", ("## Other\\n" + lines).encode(), owner="Ana")
    print("planned", pending.import_id, flush=True)
    if sys.argv[2] == "apply":
        await memory.begin_import("telegram:1", pending.import_id)
        print("applying", flush=True)
        await memory.apply_import("telegram:1", pending.import_id)
        print("done", flush=True)
    await asyncio.sleep(3600)  # killed before this ends

asyncio.run(main(sys.argv[1]))
""".replace("LINES", str(LINES))


def _run_and_kill(db: Path, mode: str, until: str, journal_rows: int = 0) -> None:
    """Run the child until it printed ``until`` (and, applying, until at least
    ``journal_rows`` rows are committed), then SIGKILL it."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(db), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith(until):
                break
        if journal_rows:
            _wait_for_journal(db, journal_rows)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)


def _wait_for_journal(db: Path, rows: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        conn = sqlite.connect(db, timeout=5)
        try:
            found = conn.execute(
                "SELECT value FROM meta WHERE key LIKE 'import_journal:%'"
            ).fetchone()
        finally:
            conn.close()
        if found and json.loads(found[0])["done"] >= rows:
            return
        time.sleep(0.05)
    raise AssertionError("the child never committed a batch")


async def _records(db: Path) -> list[str]:
    memory = Memory.open(db, None)
    try:
        facts = await memory.list_facts("telegram:1", SearchFilters(), limit=10 * LINES)
        return [f.value_text for f in facts]
    finally:
        memory.close()


async def test_killed_mid_apply_the_next_start_finishes_the_import_once(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _run_and_kill(db, "apply", "applying", journal_rows=100)
    partial = await _records(db)
    assert 100 <= len(partial) < LINES  # batches committed before the kill: the place is kept

    settings = Settings(_env_file=None, db=db, embedder="none")  # type: ignore[call-arg]
    runtime = app.build_runtime(settings, clock=ManualClock(START))
    await runtime.start()  # resumes the import in the background
    try:
        await runtime.imports.drain()
        assert await runtime.memory.import_progress("telegram:1", 1) is None
        assert not await runtime.memory.begin_import("telegram:1", 1)  # pressed again: no-op
    finally:
        await runtime.stop()
    records = await _records(db)
    assert sorted(records) == sorted(f"Ana owns the record number {i}." for i in range(LINES))


async def test_killed_before_apply_nothing_is_imported(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _run_and_kill(db, "plan", "planned")
    settings = Settings(_env_file=None, db=db, embedder="none")  # type: ignore[call-arg]
    runtime = app.build_runtime(settings, clock=ManualClock(START))
    await runtime.start()
    try:
        assert await runtime.imports.resume() == 0
    finally:
        await runtime.stop()
    assert await _records(db) == []
