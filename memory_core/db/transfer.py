"""Copy a whole SQLite database into a PostgreSQL one (``membot admin migrate --to``), resumably.

Every ordinary table is copied with its ids (the lexical index follows: it is a generated column
on PostgreSQL), then the vec0 vectors go into pgvector tables, the facts' ``supersedes_id``
links are set, identity sequences move past the copied ids, and the row counts of both sides
are compared. Rows go in batches in the source's ``rowid`` order; each batch commits together
with a row of ``transfer_progress`` in the target (the table, the last source ``rowid`` copied,
the rows so far and a SHA-256 of those rows as read from the source), so a copy that dies
anywhere (SIGKILL, a dropped connection, a full disk) leaves whole batches and an exact marker.

Run again, the same command resumes: it re-reads each table's copied prefix from the source and
compares its digest with the marker, so a target is only ever continued from the very rows it
holds — a prefix that changed (the bot ran on the file meanwhile), or a partial copy of another
file, is refused, never patched. Rows past a marker are copied from the source as it is now, so
the finished target equals the source at that moment. When everything is copied and verified
the ``*`` row is marked done; another run then re-checks the source against the digests and
changes nothing. A target with rows but no ``transfer_progress`` is refused as before.

Nothing may write to the source meanwhile: the caller holds the file's run lock exclusively
(a bot cannot start on it), and the copy holds the target's bot lock exclusively (no replica
starts on a half-copied database, and two copies never run at once).
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import structlog
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from memory_core.db import maintenance
from memory_core.db.backends.postgresql import vectors as pg_vectors
from memory_core.db.engine import Database
from memory_core.db.migrations import SCHEMA_VERSION, table_names
from memory_core.errors import InvalidInputError, StoreError
from memory_core.ops.admin import PG_BOT_LOCK_KEY
from memory_core.store import vectors as vector_repo

log = structlog.get_logger("memory_core.transfer")

#: Rows per batch: one INSERT and one progress update, committed together.
BATCH = 2000
#: The target's record of a copy in progress (created by the copy, on PostgreSQL only).
PROGRESS = "transfer_progress"
#: The ``PROGRESS`` row standing for the whole copy (``done`` once verified).
WHOLE = "*"
#: The facts' ``supersedes_id`` links, set once every fact is in (a link may point forward).
LINKS = "facts.supersedes_id"
#: Tables the migrations fill themselves (copied rows would collide with theirs).
_OWN_ROWS = ("schema_migrations", "fts_totals", PROGRESS)
_VECTOR_TABLES = {"vec_facts": "facts", "vec_episodes": "episodes"}

_PROGRESS_DDL = f"""
CREATE TABLE IF NOT EXISTS {PROGRESS} (
    item       TEXT PRIMARY KEY,
    source     TEXT NOT NULL,
    last_key   BIGINT NOT NULL DEFAULT 0,
    rows       BIGINT NOT NULL DEFAULT 0,
    digest     TEXT NOT NULL,
    done       BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at DOUBLE PRECISION NOT NULL
)"""


@dataclass(frozen=True, slots=True)
class Transfer:
    """Rows per table (vectors included), equal on both sides; ``resumed``: a partial copy
    was continued; ``already_done``: the target held a finished copy of this source, and
    nothing was written."""

    rows: dict[str, int]
    resumed: bool = False
    already_done: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    """Progress of one table, after each committed batch: ``done`` of ``total`` rows, the
    ``copied`` of them by this run in ``seconds``."""

    table: str
    done: int
    total: int
    copied: int
    seconds: float

    @property
    def rows_per_s(self) -> float:
        """This run's copy rate on the table."""
        return self.copied / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class _Mark:
    """A ``transfer_progress`` row."""

    source: str
    last_key: int
    rows: int
    digest: str
    done: bool


def _empty_digest() -> str:
    return hashlib.sha256().hexdigest()


def _sqlite_tables(conn: Connection) -> list[str]:
    """The source's ordinary tables: FTS5 and vec0 tables and their shadow tables left out."""
    virtual = {
        str(r[0])
        for r in conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND sql LIKE 'CREATE VIRTUAL TABLE%'"
        )
    }
    shadows = {n for n in table_names(conn) for v in virtual if n.startswith(f"{v}_")}
    return sorted(set(table_names(conn)) - virtual - shadows - set(_OWN_ROWS))


def _columns(conn: Connection, table: str) -> list[str]:
    return [str(r[1]) for r in conn.exec_driver_sql(f'PRAGMA table_info("{table}")')]


def _count(conn: Connection, table: str) -> int:
    return int(conn.exec_driver_sql(f'SELECT COUNT(*) FROM "{table}"').scalar_one())


def _target_rows(conn: Connection) -> dict[str, int]:
    return {t: n for t in table_names(conn) if t not in _OWN_ROWS and (n := _count(conn, t))}


class _Source:
    """How one source table is read: its key column, the columns copied, in key order."""

    def __init__(self, conn: Connection, table: str) -> None:
        self.table = table
        if table in _VECTOR_TABLES:
            pk, meta = ("fact_id", "status") if table == "vec_facts" else ("episode_id", "role")
            self.key, self.columns = pk, [pk, "user_id", meta, "embedding"]
        else:
            self.key, self.columns = "rowid", _columns(conn, table)
        cols = ", ".join(f'"{c}"' for c in self.columns)
        self._select = f'SELECT {self.key}, {cols} FROM "{table}"'

    def rows(
        self, conn: Connection, *, after: int = 0, upto: int | None = None
    ) -> Iterator[Sequence[Sequence[Any]]]:
        """Batches of ``(key, *columns)`` rows with ``after < key <= upto``, in key order."""
        where = f"{self.key} > {int(after)}" + (
            "" if upto is None else f" AND {self.key} <= {int(upto)}"
        )
        result = conn.exec_driver_sql(f"{self._select} WHERE {where} ORDER BY {self.key}")
        while batch := result.fetchmany(BATCH):
            yield batch

    def digest(self, conn: Connection, upto: int) -> tuple[str, int]:
        """SHA-256 of the rows with ``key <= upto`` (what a marker says was copied), and their
        count."""
        h, n = hashlib.sha256(), 0
        for batch in self.rows(conn, upto=upto):
            _hash(h, batch)
            n += len(batch)
        return h.hexdigest(), n


def _hash(h: Any, batch: Sequence[Sequence[Any]]) -> None:
    for row in batch:
        h.update(repr(tuple(row)).encode())


def copy_sqlite_to_postgres(
    source: Database,
    target: Database,
    progress: Callable[[Step], None] | None = None,
    *,
    batch: int = BATCH,
) -> Transfer:
    """Copy every row and vector of ``source`` (SQLite, migrated to this membot's schema) into
    ``target`` (PostgreSQL, migrated; empty, or holding a partial copy of this source), or
    resume that copy; ``progress(step)`` after each committed batch."""
    if source.postgres or not target.postgres:
        raise InvalidInputError("migrate copies an SQLite database into a PostgreSQL one")
    if batch < 1:
        raise InvalidInputError("the batch size must be at least 1")
    say = progress or (lambda _step: None)
    name = source.location
    with _exclusive(target), source.read() as src:
        found = int(src.exec_driver_sql("SELECT MAX(version) FROM schema_migrations").scalar_one())
        if found != SCHEMA_VERSION:
            raise StoreError(f"{name} has schema {found}, expected {SCHEMA_VERSION}")
        tables = _sqlite_tables(src)
        vectors = [t for t in _VECTOR_TABLES if t in set(table_names(src))]
        with target.write() as dst:
            marks = _start(dst, name, tables)
        resumed = bool(marks) and not marks[WHOLE].done
        if marks:
            _check_prefixes(src, marks, name, target.location)
        if marks and marks[WHOLE].done:
            with target.read() as dst:
                rows = _verify(src, dst, [*tables, *vectors])
            log.info("transfer_already_done", source=name, tables=len(rows))
            return Transfer(rows, already_done=True)
        if resumed:
            log.info(
                "transfer_resumed",
                source=name,
                tables_done=sum(1 for k, m in marks.items() if m.done and k != WHOLE),
                rows_done=sum(m.rows for k, m in marks.items() if k != WHOLE),
            )
        with target.read() as dst:
            pg_tables = set(table_names(dst))
        for table in tables:
            if table not in pg_tables:
                raise StoreError(f"{target.location} has no table {table}")
        if vectors:
            dim = int(
                src.exec_driver_sql(
                    "SELECT value FROM meta WHERE key = 'embedding_dim'"
                ).scalar_one()
            )
            with target.write() as dst:
                vector_repo.create_tables(dst, dim)
        for table in [*tables, *vectors]:
            _copy_table(src, target, _Source(src, table), marks.get(table), name, batch, say)
        if "facts" in tables and not (LINKS in marks and marks[LINKS].done):
            _copy_links(src, target, name)
        with target.write() as dst:
            for table in tables:
                if "id" in _columns(src, table):
                    dst.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                            f"GREATEST((SELECT MAX(id) FROM {table}), 1))"
                        )
                    )
            rows = _verify(src, dst, [*tables, *vectors])
            _mark(dst, WHOLE, _Mark(name, 0, sum(rows.values()), _empty_digest(), True))
    log.info("transfer_finished", source=name, rows=sum(rows.values()), resumed=resumed)
    return Transfer(rows, resumed=resumed)


@contextmanager
def _exclusive(target: Database) -> Iterator[None]:
    """Hold the target's bot lock alone: no replica runs on it and no other copy into it."""
    with target.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        if not maintenance.pg_try_session_lock(conn, PG_BOT_LOCK_KEY):
            raise StoreError(
                f"{target.location} is in use (a bot runs on it, or another migrate copies "
                "into it): stop it first"
            )
        try:
            yield
        finally:
            # A lost connection has released the lock with its session already.
            with contextlib.suppress(DBAPIError):
                maintenance.pg_session_unlock(conn, PG_BOT_LOCK_KEY)


def _start(dst: Connection, name: str, tables: list[str]) -> dict[str, _Mark]:
    """The target's progress rows (none for a new copy, then the progress table is made);
    refuses a target holding rows that no progress row accounts for."""
    has_progress = PROGRESS in set(table_names(dst))
    marks: dict[str, _Mark] = {}
    if has_progress:
        for r in dst.execute(
            text(f"SELECT item, source, last_key, rows, digest, done FROM {PROGRESS}")
        ):
            marks[str(r[0])] = _Mark(str(r[1]), int(r[2]), int(r[3]), str(r[4]), bool(r[5]))
    if WHOLE not in marks:
        if left := _target_rows(dst):
            shown = ", ".join(f"{t} ({n})" for t, n in sorted(left.items()))
            raise InvalidInputError(
                f"the target is not empty ({shown}) and holds no partial copy: migrate copies "
                "into an empty database, or resumes its own interrupted copy"
            )
        dst.exec_driver_sql(_PROGRESS_DDL)
        marks.clear()
        _mark(dst, WHOLE, _Mark(name, 0, 0, _empty_digest(), False))
        return {}
    return marks


def _check_prefixes(src: Connection, marks: dict[str, _Mark], name: str, where: str) -> None:
    """Every table's copied rows must be the source's rows up to the marker, unchanged, and a
    finished table must have no row past it: otherwise the target is not a copy of this file."""
    present = set(table_names(src))
    copied_from = marks[WHOLE].source
    for item, mark in sorted(marks.items()):
        if item in (WHOLE, LINKS):
            continue
        if item not in present:
            raise _foreign(where, copied_from, name, f"{item} is not in the source")
        table = _Source(src, item)
        digest, n = table.digest(src, mark.last_key)
        if digest != mark.digest or n != mark.rows:
            raise _foreign(
                where, copied_from, name, f"its first {mark.rows:,} rows of {item} differ"
            )
        if mark.done and next(table.rows(src, after=mark.last_key), None):
            raise _foreign(where, copied_from, name, f"{item} has rows added since")


def _foreign(where: str, copied_from: str, name: str, why: str) -> InvalidInputError:
    return InvalidInputError(
        f"{where} holds a copy of {copied_from} that this source ({name}) does not match: {why}. "
        "Refusing to mix them: if the bot ran on the file since, or this is another file, "
        "recreate the target database (DROP DATABASE, CREATE DATABASE, CREATE EXTENSION "
        "vector) and run migrate again"
    )


def _mark(dst: Connection, item: str, mark: _Mark) -> None:
    dst.execute(
        text(
            f"INSERT INTO {PROGRESS} (item, source, last_key, rows, digest, done, updated_at) "
            "VALUES (:i, :s, :k, :n, :d, :done, :t) ON CONFLICT (item) DO UPDATE SET "
            "source = EXCLUDED.source, last_key = EXCLUDED.last_key, rows = EXCLUDED.rows, "
            "digest = EXCLUDED.digest, done = EXCLUDED.done, updated_at = EXCLUDED.updated_at"
        ),
        {
            "i": item,
            "s": mark.source,
            "k": mark.last_key,
            "n": mark.rows,
            "d": mark.digest,
            "done": mark.done,
            "t": time.time(),
        },
    )


def _copy_table(
    src: Connection,
    target: Database,
    table: _Source,
    mark: _Mark | None,
    name: str,
    batch: int,
    say: Callable[[Step], None],
) -> None:
    """Copy the rows past the table's marker, ``batch`` at a time, each batch committed with
    the moved marker (the digest continues over the rows already checked)."""
    if mark is not None and mark.done:
        return
    mark = mark or _Mark(name, 0, 0, _empty_digest(), False)
    h = hashlib.sha256()
    if mark.rows:  # the prefix was checked against this digest: hash it again to go on
        for rows in table.rows(src, upto=mark.last_key):
            _hash(h, rows)
    total = _count(src, table.table)
    started, copied = time.perf_counter(), 0
    pending: list[Sequence[Any]] = []

    def flush() -> None:
        nonlocal copied
        with target.write() as dst:
            _write_rows(dst, table, pending)
            _hash(h, pending)
            mark.last_key = int(pending[-1][0])
            mark.rows += len(pending)
            mark.digest = h.hexdigest()
            _mark(dst, table.table, mark)
        copied += len(pending)
        pending.clear()
        say(Step(table.table, mark.rows, total, copied, time.perf_counter() - started))

    for rows in table.rows(src, after=mark.last_key):
        for row in rows:
            pending.append(row)
            if len(pending) >= batch:
                flush()
    if pending:
        flush()
    with target.write() as dst:
        mark.done = True
        _mark(dst, table.table, mark)
    if not copied:  # else the last batch's step said it
        say(Step(table.table, mark.rows, total, copied, time.perf_counter() - started))


def _write_rows(dst: Connection, table: _Source, rows: Sequence[Sequence[Any]]) -> None:
    """Insert source rows ``(key, *columns)`` with COPY (several times faster than INSERTs),
    in the transaction of ``dst``."""
    if table.table in _VECTOR_TABLES:
        pk, _user, meta, _emb = table.columns
        columns = [pk, "user_id", meta, "embedding"]
    else:
        columns = table.columns
    links = table.columns.index("supersedes_id") if table.table == "facts" else -1
    raw = dst.connection.driver_connection
    assert raw is not None
    try:
        with (
            raw.cursor() as cursor,
            cursor.copy(f"COPY {table.table} ({', '.join(columns)}) FROM STDIN") as copy,
        ):
            for row in rows:
                values = list(row[1:])
                if table.table in _VECTOR_TABLES:
                    vector = np.frombuffer(values[3], dtype=np.float32)
                    values[2] = values[2] or ""
                    values[3] = pg_vectors.pg_literal(vector)
                elif links >= 0:
                    values[links] = None  # may point at a later row: set by _copy_links
                copy.write_row(values)
    except Exception as exc:
        # The driver's own errors (COPY bypasses SQLAlchemy): one clear line, never a traceback.
        if type(exc).__module__.startswith("psycopg"):
            raise StoreError(
                f"copying {table.table} failed: {str(exc).strip()}; run migrate again to resume"
            ) from exc
        raise


def _copy_links(src: Connection, target: Database, name: str) -> None:
    """Set every fact's ``supersedes_id`` (idempotent: run again after a failure)."""
    links = [
        {"id": int(r[0]), "s": int(r[1])}
        for r in src.exec_driver_sql(
            "SELECT id, supersedes_id FROM facts WHERE supersedes_id IS NOT NULL ORDER BY id"
        )
    ]
    with target.write() as dst:
        if links:
            dst.execute(text("UPDATE facts SET supersedes_id = :s WHERE id = :id"), links)
        _mark(dst, LINKS, _Mark(name, 0, len(links), _empty_digest(), True))


def _verify(src: Connection, dst: Connection, tables: list[str]) -> dict[str, int]:
    """Rows per table, the same on both sides (:class:`StoreError` otherwise)."""
    rows: dict[str, int] = {}
    for table in tables:
        had, got = _count(src, table), _count(dst, table)
        if had != got:
            raise StoreError(
                f"{table}: {had} rows in SQLite, {got} in PostgreSQL; run migrate again to "
                "resume, or recreate the target"
            )
        rows[table] = had
    return rows
