"""Erased text leaves PostgreSQL's write-ahead log on demand (issue 22, item 8): after rows
are deleted and ``VACUUM FULL`` the words are still in a ``pg_wal`` segment; ``membot admin
erase-wal`` (WAL switches with checkpoints) leaves them in none. An erasure that rewrites the
tables pushes the WAL itself (``admin delete-user``; the nightly rewrite after /forgetme)."""

from __future__ import annotations

import asyncio
import glob
import os

import psycopg
import pytest

from memory_core import Operations
from memory_core.clock import ManualClock
from memory_core.db import maintenance
from memory_core.errors import StoreError
from memory_core.memory import Memory
from memory_core.values import NewFact
from tests.factories import START
from tests.postgres import PgServer

MARKER = "Quorvexilian"


def _segments_with(server: PgServer, needle: bytes) -> list[str]:
    found = []
    for path in glob.glob(str(server.data / "pg_wal" / "*")):
        if os.path.isfile(path):
            with open(path, "rb") as f:
                if needle in f.read():
                    found.append(os.path.basename(path))
    return found


async def _remember_then_delete(memory: Memory, user: str, marker: str) -> None:
    """A fact holding ``marker``, then its rows deleted with no erasure recorded."""
    await memory.remember(user, NewFact(key="home", value_text=f"They live in {marker}."))
    with memory.db.write() as conn:
        conn.exec_driver_sql("DELETE FROM fact_history")
        conn.exec_driver_sql("DELETE FROM facts")


async def test_erase_wal_pushes_erased_text_out_of_the_wal(
    pg_server: PgServer, pg_url: str
) -> None:
    memory = Memory.open(pg_url, None, clock=ManualClock(START))
    try:
        # Text deleted by hand, not by an erasure (which pushes the WAL itself, below).
        await _remember_then_delete(memory, "console:ana", MARKER)
        # VACUUM FULL: the table and index files hold it no more
        maintenance.pg_scrub(memory.db.engine, ["facts", "fact_history"])
        assert _segments_with(pg_server, MARKER.encode()) != []  # the WAL still does
        done = Operations(memory.db).erase_wal()
        assert done.rounds >= 2
        assert _segments_with(pg_server, MARKER.encode()) == []
    finally:
        memory.close()


async def test_admin_delete_user_pushes_the_erased_text_out_of_the_wal_too(
    pg_server: PgServer, pg_url: str, isolated_cli: None
) -> None:
    """``admin delete-user`` rewrites the tables at once (``VACUUM FULL``) and, like the
    nightly rewrite after a /forgetme, pushes the WAL: before, the words stayed in ``pg_wal``
    until an operator also ran ``admin erase-wal``."""
    from typer.testing import CliRunner

    from bot.cli import cli

    marker = "Zelquorindax"
    memory = Memory.open(pg_url, None, clock=ManualClock(START))
    try:
        await memory.remember(
            "console:bea", NewFact(key="home", value_text=f"Bea lives in {marker}.")
        )
    finally:
        memory.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CHECKPOINT")  # the WAL written so far is on disk (no synchronous commit)
    assert _segments_with(pg_server, marker.encode()) != []
    result = await asyncio.to_thread(
        CliRunner().invoke,
        cli,
        ["admin", "delete-user", "--user", "console:bea", "--yes", "--db", pg_url],
    )
    assert result.exit_code == 0, result.output
    assert _segments_with(pg_server, marker.encode()) == []


async def test_admin_vacuum_of_a_forgetme_pushes_the_wal_as_the_nightly_rewrite_does(
    pg_server: PgServer, pg_url: str
) -> None:
    """A /forgetme leaves its tables due for a rewrite; ``admin vacuum`` (the operator's
    maintenance) does that rewrite like the nightly job, and pushes the WAL like it too."""
    marker = "Vorquelandrix"
    memory = Memory.open(pg_url, None, clock=ManualClock(START))
    try:
        await memory.remember(
            "console:cai", NewFact(key="home", value_text=f"Cai lives in {marker}.")
        )
        await memory.erase("console:cai", rewrite=False)  # /forgetme: no rewrite now
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")  # the WAL written so far is on disk
        assert _segments_with(pg_server, marker.encode()) != []
        Operations(memory.db).vacuum()
        assert _segments_with(pg_server, marker.encode()) == []
    finally:
        memory.close()


async def test_admin_vacuum_of_purged_facts_pushes_their_text_out_of_the_wal(
    pg_server: PgServer, pg_url: str
) -> None:
    """Text deleted with no erasure pending (purged facts, rows removed by hand): ``admin
    vacuum`` rewrites the tables and pushes the WAL too — before, its words stayed in
    ``pg_wal`` until the operator also ran ``admin erase-wal``."""
    marker = "Plorvantiquex"
    memory = Memory.open(pg_url, None, clock=ManualClock(START))
    try:
        await _remember_then_delete(memory, "console:dee", marker)
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("CHECKPOINT")  # the WAL written so far is on disk
        assert _segments_with(pg_server, marker.encode()) != []
        Operations(memory.db).vacuum()
        assert _segments_with(pg_server, marker.encode()) == []
    finally:
        memory.close()


def test_erase_wal_is_a_postgresql_command(db_path: object) -> None:
    memory = Memory.open(db_path, None, clock=ManualClock(START))  # type: ignore[arg-type]
    try:
        with pytest.raises(StoreError, match="vacuum"):
            Operations(memory.db).erase_wal()
    finally:
        memory.close()
