"""Whole-file database operations: backup and restore copies, integrity checks, the SQLite build
probe, FTS merges and VACUUM; on PostgreSQL, VACUUM, REINDEX and the database's size.

Most of these need the driver itself rather than the pooled engine: SQLite's online backup API,
statements that cannot run inside a transaction (VACUUM), and files that may not be membot's
(a backup being checked before a restore). Driver errors leave as :class:`StoreError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pysqlite3.dbapi2 as sqlite_driver
import sqlite_vec
from sqlalchemy import Connection, Engine, make_url
from sqlalchemy.exc import DBAPIError

from memory_core.db.backends.sqlite.schema import FTS_TABLES
from memory_core.db.dialect import sqlalchemy_url
from memory_core.errors import StoreError


def connect(path: Path) -> Any:
    """A plain pysqlite3 connection in autocommit with sqlite-vec loaded (vec0 tables are in
    every copy, so the backup API and checks need the extension too)."""
    conn = sqlite_driver.connect(str(path), timeout=5.0)
    conn.isolation_level = None
    conn.enable_load_extension(True)
    sqlite_vec.load(conn)
    conn.enable_load_extension(False)
    return conn


def schema_version(conn: Any) -> int:
    """The highest applied migration of a raw connection's database (0: not membot's)."""
    found = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    ).fetchone()
    if found is None:
        return 0
    row = conn.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()
    return int(row[0])


def has_tables(path: Path) -> bool:
    """Whether a database file has any table of its own (a foreign file, when not membot's)."""
    try:
        conn = connect(path)
        try:
            row = conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            ).fetchone()
        finally:
            conn.close()
    except sqlite_driver.Error as exc:
        raise StoreError(str(exc)) from exc
    return row is not None


def _quick_check(conn: Any) -> str:
    return str(conn.execute("PRAGMA quick_check").fetchone()[0])


@dataclass(frozen=True, slots=True)
class FileCheck:
    """A database file's ``quick_check`` verdict (``"ok"`` when sound) and schema version."""

    integrity: str
    schema_version: int


def snapshot(db_path: Path, dest: Path) -> FileCheck:
    """Copy the database at ``db_path`` into ``dest`` in one step of the online backup API (one
    consistent snapshot even while the bot writes), as one self-contained file; check the copy."""
    src, dst = connect(db_path), connect(dest)
    try:
        src.backup(dst)
        # A backup is one self-contained file: no -wal beside it.
        dst.execute("PRAGMA journal_mode=DELETE")
        return FileCheck(_quick_check(dst), schema_version(dst))
    except sqlite_driver.Error as exc:
        raise StoreError(f"backup failed: {exc}") from exc
    finally:
        src.close()
        dst.close()


def check_file(path: Path) -> FileCheck:
    """``quick_check`` and the schema version of a database file (a backup about to be restored)."""
    conn = connect(path)
    try:
        return FileCheck(_quick_check(conn), schema_version(conn))
    finally:
        conn.close()


def copy_into(src: Path, db_path: Path) -> None:
    """Overwrite the database at ``db_path`` with ``src`` through the backup API, so readers never
    see a half-written file, and fold the WAL back in (the caller has stopped every writer)."""
    source, target = connect(src), connect(db_path)
    try:
        source.backup(target)
        target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    except sqlite_driver.Error as exc:
        raise StoreError(f"restore failed: {exc}") from exc
    finally:
        source.close()
        target.close()


def file_state(path: Path) -> tuple[int, dict[str, str]]:
    """A database file's schema version and its ``meta`` table (empty when not membot's)."""
    try:
        conn = connect(path)
        try:
            version = schema_version(conn)
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) if version else {}
        finally:
            conn.close()
    except sqlite_driver.Error as exc:
        raise StoreError(str(exc)) from exc
    return version, meta


@dataclass(frozen=True, slots=True)
class SqliteBuild:
    """The bundled SQLite: its version, and why FTS5 or sqlite-vec is missing (``None``: works)."""

    version: str
    fts5_error: str | None
    vec_version: str | None
    vec_error: str | None


def probe_build() -> SqliteBuild:
    """Try FTS5 and sqlite-vec on a throwaway in-memory database."""
    fts5_error = vec_version = vec_error = None
    conn = sqlite_driver.connect(":memory:")
    try:
        try:
            conn.execute("CREATE VIRTUAL TABLE doctor_fts USING fts5(body)")
        except sqlite_driver.Error as exc:
            fts5_error = str(exc)
        try:
            conn.enable_load_extension(True)
            sqlite_vec.load(conn)
            vec_version = str(conn.execute("SELECT vec_version()").fetchone()[0])
        except (sqlite_driver.Error, AttributeError, OSError) as exc:
            vec_error = str(exc)
    finally:
        conn.close()
    return SqliteBuild(sqlite_driver.sqlite_version, fts5_error, vec_version, vec_error)


def merge_fts(conn: Connection) -> None:
    """Merge the FTS5 index segments: a deleted row's tokens leave old segments only then."""
    for fts in FTS_TABLES:
        conn.exec_driver_sql(f"INSERT INTO {fts}({fts}) VALUES('optimize')")


def checkpoint(engine: Engine) -> bool:
    """Copy the write-ahead log into the database file and truncate it to zero bytes
    (``wal_checkpoint(TRUNCATE)``); ``False`` if a reader kept it from finishing.

    Erasure needs it: ``secure_delete`` zeroes deleted content in the database file, but the
    ``-wal`` file keeps the page images written before (holding the erased text) until a
    checkpoint resets it, which without this happens at the next checkpoint or at exit.
    """
    raw = engine.raw_connection()  # outside a transaction: a checkpoint cannot run in one
    try:
        cur = raw.cursor()
        busy = cur.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        cur.close()
    finally:
        raw.close()
    return not busy


def vacuum(engine: Engine) -> None:
    """Rewrite the file without its free pages (``VACUUM``), empty the WAL, refresh the planner's
    statistics (``PRAGMA optimize``)."""
    # VACUUM cannot run inside a transaction: a raw autocommit connection from the pool.
    raw = engine.raw_connection()
    try:
        cur = raw.cursor()
        cur.execute("VACUUM")
        cur.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        cur.execute("PRAGMA optimize")
        cur.close()
    finally:
        raw.close()


# ---- PostgreSQL ---------------------------------------------------------------------------------


def pg_size(engine: Engine) -> int:
    """Bytes the PostgreSQL database takes on the server (tables, indexes, TOAST)."""
    with engine.connect() as conn:
        return int(conn.exec_driver_sql("SELECT pg_database_size(current_database())").scalar_one())


@contextmanager
def unlimited(conn: Connection) -> Iterator[None]:
    """No statement timeout on this (autocommit) PostgreSQL session for the block, then the
    role's again: a table rewrite or VACUUM takes minutes on a big database, and the bot's role
    may carry a ``statement_timeout`` against stuck statements (deploy/postgres-init.sql). The
    connection goes back to the pool as it came."""
    conn.exec_driver_sql("SET statement_timeout = 0")
    try:
        yield
    finally:
        conn.exec_driver_sql("RESET statement_timeout")


def pg_scrub(engine: Engine, tables: Sequence[str]) -> None:
    """Make deleted rows of ``tables`` unreadable in PostgreSQL's files, as SQLite's
    ``secure_delete`` does for its file.

    A DELETE only marks a row dead. Plain ``VACUUM`` frees dead rows but does not overwrite
    them: measured on PostgreSQL 18, an erased user's id was still in a table page after
    ``VACUUM`` (the page was compacted around it), and the words of erased text stayed in GIN
    and B-tree index files until they were rebuilt. ``VACUUM FULL`` writes each table, its TOAST
    table and its indexes anew with live rows only and drops the old files. It locks the table
    while it runs (seconds at thousands of rows; at millions, batch erasures into a window, or
    move to per-user encryption keys). It cannot run inside a transaction block. The
    write-ahead log still holds the text until its segments are recycled (and so do WAL
    archives and base backups): see docs/postgresql.md, docs/privacy-erasure.md and
    ``pg_erase_wal``.
    """
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn, unlimited(conn):
        existing = {
            str(r[0])
            for r in conn.exec_driver_sql(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = current_schema()"
            )
        }
        for table in tables:
            if table in existing:
                conn.exec_driver_sql(f'VACUUM (FULL) "{table}"')


@dataclass(frozen=True, slots=True)
class WalErase:
    """What ``pg_erase_wal`` did: WAL switches (each with a checkpoint), the segment size, and
    whether the server recycles old segments (renames them for reuse, their bytes intact)."""

    rounds: int
    segment_bytes: int
    recycle: bool


def pg_erase_wal(engine: Engine) -> WalErase:
    """Push erased text out of PostgreSQL's write-ahead log now, instead of when the segments
    holding it are recycled and written over (``checkpoint_timeout``/``max_wal_size``).

    One round is ``pg_switch_wal()`` (the current segment ends: its rest is written as
    zeros) and ``CHECKPOINT`` (segments before the new redo point are no longer needed).
    Measured on PostgreSQL 18 (see docs/privacy-erasure.md): with ``wal_recycle = off`` an
    unneeded segment is deleted, and two rounds leave no segment with the text; with the
    default ``wal_recycle = on`` it is renamed to a future segment with its old bytes, which
    are gone only once that segment is written — so rounds are repeated once per segment the
    server keeps (``min_wal_size`` / ``wal_segment_size``, or the files in ``pg_wal`` when the
    role may list them), plus two. Needs a superuser, or ``pg_checkpoint`` plus EXECUTE on
    ``pg_switch_wal``. WAL archives, standbys, replication slots and base backups keep their
    own copies: this cannot reach them."""
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:

        def setting(name: str) -> str:
            return str(conn.exec_driver_sql(f"SELECT current_setting('{name}')").scalar_one())

        segment = _pg_bytes(setting("wal_segment_size"))
        recycle = setting("wal_recycle") == "on"
        rounds = 2
        if recycle:
            kept = _pg_bytes(setting("min_wal_size")) // segment
            try:
                files = int(
                    conn.exec_driver_sql(
                        "SELECT count(*) FROM pg_ls_waldir() WHERE name ~ '^[0-9A-F]{24}$'"
                    ).scalar_one()
                )
            except DBAPIError:  # the role may not list pg_wal: the setting's bound
                files = 0
            rounds = max(kept, files) + 2
        for _ in range(rounds):
            conn.exec_driver_sql("SELECT pg_switch_wal()")
            conn.exec_driver_sql("CHECKPOINT")
    return WalErase(rounds, segment, recycle)


def _pg_bytes(value: str) -> int:
    """A PostgreSQL size setting ("16MB", "80MB", "1GB") in bytes."""
    units = {"kB": 1024, "MB": 1024**2, "GB": 1024**3, "TB": 1024**4}
    for unit, factor in units.items():
        if value.endswith(unit):
            return int(value[: -len(unit)]) * factor
    return int(value)


def analyze(engine: Engine, table: str) -> None:
    """Refresh the planner's statistics of ``table`` (both stores), without a vacuum."""
    with engine.begin() as conn:
        conn.exec_driver_sql(f'ANALYZE "{table}"')


def pg_vacuum(engine: Engine) -> None:
    """``VACUUM (ANALYZE)`` the whole database: dead rows go, the planner's statistics refresh."""
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn, unlimited(conn):
        conn.exec_driver_sql("VACUUM (ANALYZE)")


def pg_state(conn: Connection) -> tuple[str, int, str | None]:
    """The PostgreSQL server's version, the schema version (0: not migrated yet) and the
    installed pgvector version (``None``: not installed)."""
    server = str(conn.exec_driver_sql("SHOW server_version").scalar_one())
    has = conn.exec_driver_sql(
        "SELECT 1 FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_name = 'schema_migrations'"
    ).first()
    version = 0
    if has is not None:
        version = int(
            conn.exec_driver_sql(
                "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"
            ).scalar_one()
        )
    vector = conn.exec_driver_sql(
        "SELECT extversion FROM pg_extension WHERE extname = 'vector'"
    ).scalar()
    return f"PostgreSQL {server}", version, None if vector is None else str(vector)


def pg_try_session_lock(conn: Connection, key: int, *, shared: bool = False) -> bool:
    """Take the session advisory lock ``key`` on this connection (``shared``: beside other
    shared holders); ``False`` when another session holds it in a conflicting mode (held until
    unlocked or the session ends)."""
    fn = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
    return bool(conn.exec_driver_sql(f"SELECT {fn}({int(key)})").scalar())


def pg_lock_holders(conn: Connection, key: int) -> int:
    """How many sessions hold the advisory lock ``key`` (any mode) now."""
    return int(
        conn.exec_driver_sql(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
            f"AND classid = {(int(key) >> 32) & 0xFFFFFFFF} AND objid = {int(key) & 0xFFFFFFFF} "
            "AND objsubid = 1"
        ).scalar_one()
    )


def pg_try_pair_lock(conn: Connection, family: int, member: int, *, shared: bool) -> bool:
    """Take the session advisory lock ``(family, member)`` (two 31-bit keys) on this
    connection; ``False`` when another session holds it in a conflicting mode."""
    fn = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
    return bool(conn.exec_driver_sql(f"SELECT {fn}({int(family)}, {int(member)})").scalar())


def pg_pair_unlock(conn: Connection, family: int, member: int, *, shared: bool) -> None:
    """Release the session advisory lock ``(family, member)`` held on this connection."""
    fn = "pg_advisory_unlock_shared" if shared else "pg_advisory_unlock"
    conn.exec_driver_sql(f"SELECT {fn}({int(family)}, {int(member)})")


def pg_pair_lock_members(conn: Connection, family: int) -> set[int]:
    """The members of every ``(family, member)`` advisory lock some session holds now."""
    rows = conn.exec_driver_sql(
        "SELECT DISTINCT objid FROM pg_locks WHERE locktype = 'advisory' AND granted "
        f"AND objsubid = 2 AND classid = {int(family)}"
    )
    return {int(r[0]) for r in rows}


def pg_session_unlock(conn: Connection, key: int, *, shared: bool = False) -> None:
    """Release the session advisory lock ``key`` held on this connection."""
    fn = "pg_advisory_unlock_shared" if shared else "pg_advisory_unlock"
    conn.exec_driver_sql(f"SELECT {fn}({int(key)})")


def pg_session_unlock_all(conn: Connection) -> None:
    """Release every session advisory lock held on this connection (any key, any mode): the
    server ends a closed session's backend — and frees its locks — only a moment later."""
    conn.exec_driver_sql("SELECT pg_advisory_unlock_all()")


@contextmanager
def pg_scratch_database(url: str, name: str) -> Iterator[str]:
    """A new, empty database ``name`` (pgvector installed) on the server ``url`` points at,
    dropped afterwards (benchmarks: each run starts empty). Needs the right to create
    databases, and to create the ``vector`` extension (a superuser, or pgvector trusted)."""
    from memory_core.db.backends.postgresql.connect import open_pg_engine

    if not name.replace("_", "").isalnum():
        raise StoreError(f"not a database name: {name!r}")
    server = open_pg_engine(url)
    target = make_url(sqlalchemy_url(url)).set(database=name)
    try:
        with server.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            conn.exec_driver_sql(f"CREATE DATABASE {name}")
        scratch = open_pg_engine(target.render_as_string(hide_password=False))
        try:
            with scratch.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS vector")
        finally:
            scratch.dispose()
        yield "postgresql://" + target.render_as_string(hide_password=False).split("://", 1)[1]
    finally:
        with server.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        server.dispose()


def pg_backend_pid(url: str) -> int:
    """The process id of a server backend serving a new connection to ``url`` (benchmarks
    find the server's processes from it when it runs on this machine)."""
    from memory_core.db.backends.postgresql.connect import open_pg_engine

    engine = open_pg_engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())
    finally:
        engine.dispose()
