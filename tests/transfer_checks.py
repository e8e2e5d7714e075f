"""For ``membot admin migrate`` tests: an SQLite source with rows in many tables, and every row
of every table read from both sides, to compare a copy with its source exactly."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import psycopg

from memory_core.clock import ManualClock
from memory_core.db.engine import Database
from memory_core.db.maintenance import connect
from memory_core.embed import Embedder
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.values import NewEpisode, NewFact, Status
from tests.factories import START

Snapshot = dict[str, list[tuple[Any, ...]]]
VECTORS = {"vec_facts": ("fact_id", "status"), "vec_episodes": ("episode_id", "role")}
#: Rows the migrations write themselves on each side (not copied).
_OWN = {"schema_migrations", "fts_totals"}


async def build_source(
    path: Path, embedder: Embedder | None, *, users: int = 3, facts: int = 6, turns: int = 8
) -> None:
    """A database with facts (some superseded: forward ``supersedes_id`` links), history,
    episodes, change log, sessions and, with an embedder, vectors of both kinds."""
    clock = ManualClock(START)
    memory = Memory.open(path, embedder, clock=clock)
    links: list[tuple[int, int]] = []
    try:
        for u in range(users):
            user = f"console:user{u}"
            first = None
            for i in range(facts):
                fact = await memory.remember(
                    user, NewFact(key=f"topic.{i}", value_text=f"User {u} likes topic {i} a lot")
                )
                first = first or fact
                clock.advance(minutes=1)
            newer = await memory.remember(
                user, NewFact(key="topic.0", value_text=f"User {u} now prefers topic 99")
            )
            assert first is not None and newer.id > first.id
            await memory.set_status(user, first.id, Status.SUPERSEDED)
            links.append((newer.id, first.id))
            await memory.record_episodes(
                user,
                [
                    NewEpisode(
                        chat_id=f"c{u}",
                        role="user" if t % 2 == 0 else "assistant",
                        text=f"turn {t} of user {u} about the weather in Porto",
                        created_at=START + timedelta(minutes=t),
                    )
                    for t in range(turns)
                ],
            )
        if embedder is not None:
            await memory.run(Lane.BACKGROUND, memory.vectors.sync)
    finally:
        memory.close()
    # The newer fact names the one it superseded; one old row points forward (a link the copy
    # must set only once every fact is in).
    db = Database(path)
    try:
        with db.engine.begin() as conn:
            for newer_id, old_id in links:
                conn.exec_driver_sql(
                    f"UPDATE facts SET supersedes_id = {old_id} WHERE id = {newer_id}"
                )
            conn.exec_driver_sql(f"UPDATE facts SET supersedes_id = {links[-1][0]} WHERE id = 2")
    finally:
        db.dispose()


def source_tables(path: Path) -> list[str]:
    """The ordinary tables of an SQLite source (virtual tables and their shadows left out)."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall()
    finally:
        conn.close()
    virtual = {n for n, sql in rows if str(sql or "").startswith("CREATE VIRTUAL TABLE")}
    return sorted(
        n
        for n, _ in rows
        if n not in virtual
        and n not in _OWN
        and not n.startswith("sqlite_")
        and not any(n.startswith(f"{v}_") for v in virtual)
    )


def _columns(path: Path, table: str) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [str(r[1]) for r in conn.execute(f'PRAGMA table_info("{table}")')]
    finally:
        conn.close()


def snapshot_sqlite(path: Path) -> Snapshot:
    """Every row of every copied table of the SQLite file (vectors as float32 bytes), sorted."""
    conn = connect(path)
    try:
        out: Snapshot = {}
        for table in source_tables(path):
            cols = ", ".join(f'"{c}"' for c in _columns(path, table))
            out[table] = sorted(conn.execute(f'SELECT {cols} FROM "{table}"'), key=repr)
        for table, (pk, meta) in VECTORS.items():
            if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone():
                continue
            rows = conn.execute(f"SELECT {pk}, user_id, {meta}, embedding FROM {table}")
            out[table] = sorted(
                (
                    (int(k), u, m or "", np.frombuffer(e, dtype=np.float32).tobytes())
                    for k, u, m, e in rows
                ),
                key=repr,
            )
        return out
    finally:
        conn.close()


def snapshot_pg(url: str, like: Path) -> Snapshot:
    """The same rows read from PostgreSQL (the columns the SQLite file ``like`` has)."""
    out: Snapshot = {}
    with psycopg.connect(url) as conn:
        for table in source_tables(like):
            cols = ", ".join(f'"{c}"' for c in _columns(like, table))
            rows = conn.execute(f'SELECT {cols} FROM "{table}"').fetchall()
            out[table] = sorted((tuple(r) for r in rows), key=repr)
        for table, (pk, meta) in VECTORS.items():
            found = conn.execute("SELECT to_regclass(%s)", (table,)).fetchone()
            if found is None or found[0] is None:
                continue
            rows = conn.execute(
                f"SELECT {pk}, user_id, {meta}, embedding::real[] FROM {table}"
            ).fetchall()
            # float4 arrives as its shortest text: back to float32, bit for bit.
            out[table] = sorted(
                ((int(k), u, m, np.asarray(e, dtype=np.float32).tobytes()) for k, u, m, e in rows),
                key=repr,
            )
    return out


def progress(url: str) -> dict[str, tuple[int, int, bool]]:
    """The target's ``transfer_progress``: item → (last key, rows, done); {} when none."""
    with psycopg.connect(url) as conn:
        exists = conn.execute("SELECT to_regclass('transfer_progress')").fetchone()
        if exists is None or exists[0] is None:
            return {}
        rows = conn.execute("SELECT item, last_key, rows, done FROM transfer_progress")
        return {str(i): (int(k), int(n), bool(d)) for i, k, n, d in rows}
