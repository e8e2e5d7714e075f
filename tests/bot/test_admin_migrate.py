"""``membot admin migrate`` killed with SIGKILL in the middle of a copy: the same command run
again resumes it and ends with an exact copy (every row of every table compared)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from bot.cli import cli
from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.values import NewEpisode, NewFact
from tests.factories import START
from tests.transfer_checks import progress, snapshot_pg, snapshot_sqlite

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """Every test here runs the real CLI in isolation (see ``isolated_cli``)."""


async def many_rows(path: Path) -> None:
    """~1,300 rows without vectors: at one row per batch, a copy of a few seconds."""
    memory = Memory.open(path, None, clock=ManualClock(START))
    try:
        for u in range(4):
            user = f"console:u{u}"
            for i in range(5):
                await memory.remember(user, NewFact(key=f"k{i}", value_text=f"U{u} fact {i}"))
            await memory.record_episodes(
                user,
                [
                    NewEpisode(chat_id="c", role="user", text=f"line {t} of {u}", created_at=START)
                    for t in range(300)
                ],
            )
    finally:
        memory.close()


def wait_for(check: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def test_a_copy_killed_with_sigkill_resumes_with_the_same_command(
    pg_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "membot.db"
    asyncio.run(many_rows(path))
    expected = snapshot_sqlite(path)
    command = ["admin", "migrate", "--to", pg_url, "--db", str(path)]
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", *command, "--batch-rows", "1"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Killed once the episodes are part-way: earlier tables done, later ones not begun.
        wait_for(
            lambda: progress(pg_url).get("episodes", (0, 0, False))[1] >= 50,
            60,
            "the copy to reach the episodes",
        )
        child.send_signal(signal.SIGKILL)
    finally:
        child.kill()
        _out, err = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert "change_log: 20 / 20 rows (100%), done in" in err  # progress shown
    cut = progress(pg_url)
    assert cut["*"][2] is False and 50 <= cut["episodes"][1] < 1200
    assert "facts" not in cut  # not begun (tables go in name order)

    def released() -> bool:  # the killed session's lock goes with its backend
        with psycopg.connect(pg_url) as conn:
            row = conn.execute("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory'")
            found = row.fetchone()
            return found is not None and found[0] == 0

    wait_for(released, 60, "the killed copy's lock to go")
    resumed = CliRunner().invoke(cli, [*command, "--json"], catch_exceptions=False)
    assert resumed.exit_code == 0, resumed.output
    report = json.loads(resumed.stdout)
    assert report["resumed"] is True and report["rows"]["episodes"] == 1200
    assert snapshot_pg(pg_url, path) == expected

    again = CliRunner().invoke(cli, [*command, "--json"], catch_exceptions=False)
    assert json.loads(again.stdout)["already_done"] is True
