"""Copy a whole SQLite database into an empty PostgreSQL one (``membot admin migrate --to``).

Every ordinary table is copied row by row with its ids (the lexical index follows: it is a
generated column on PostgreSQL), the vec0 vectors go into pgvector tables, identity sequences
move past the copied ids, and the row counts of both sides are compared before the one
transaction commits: a failed or interrupted copy leaves the target empty, and running the
command again starts over. A target that holds any row is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
from sqlalchemy import Connection, text

from memory_core.db.engine import Database
from memory_core.db.migrations import SCHEMA_VERSION, table_names
from memory_core.errors import InvalidInputError, StoreError
from memory_core.store import vectors as vector_repo

#: Rows per INSERT batch.
BATCH = 2000
#: Tables the migrations fill themselves (copied rows would collide with theirs).
_OWN_ROWS = ("schema_migrations", "fts_totals")
_VECTOR_TABLES = {"vec_facts": "facts", "vec_episodes": "episodes"}


@dataclass(frozen=True, slots=True)
class Transfer:
    """Rows copied per table (vectors included), equal on both sides."""

    rows: dict[str, int]


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


def _batches(conn: Connection, table: str, columns: list[str]) -> Iterator[list[dict[str, Any]]]:
    cols = ", ".join(f'"{c}"' for c in columns)
    result = conn.exec_driver_sql(f'SELECT {cols} FROM "{table}" ORDER BY rowid')
    while rows := result.fetchmany(BATCH):
        yield [dict(zip(columns, row, strict=True)) for row in rows]


def _count(conn: Connection, table: str) -> int:
    return int(conn.exec_driver_sql(f'SELECT COUNT(*) FROM "{table}"').scalar_one())


def _target_rows(conn: Connection) -> dict[str, int]:
    return {t: n for t in table_names(conn) if t not in _OWN_ROWS and (n := _count(conn, t))}


def copy_sqlite_to_postgres(
    source: Database, target: Database, progress: Callable[[str, int], None] | None = None
) -> Transfer:
    """Copy every row and vector of ``source`` (SQLite, migrated to this membot's schema) into
    ``target`` (PostgreSQL, migrated and empty); ``progress(table, rows)`` after each table."""
    if source.postgres or not target.postgres:
        raise InvalidInputError("migrate copies an SQLite database into a PostgreSQL one")
    say = progress or (lambda _table, _rows: None)
    copied: dict[str, int] = {}
    with source.read() as src, target.write() as dst:
        found = int(src.exec_driver_sql("SELECT MAX(version) FROM schema_migrations").scalar_one())
        if found != SCHEMA_VERSION:
            raise StoreError(f"{source.location} has schema {found}, expected {SCHEMA_VERSION}")
        if left := _target_rows(dst):
            shown = ", ".join(f"{t} ({n})" for t, n in sorted(left.items()))
            raise InvalidInputError(
                f"{target.location} is not empty ({shown}): migrate copies into an empty "
                "database only"
            )
        pg_tables = set(table_names(dst))
        for table in _sqlite_tables(src):
            if table not in pg_tables:
                raise StoreError(f"{target.location} has no table {table}")
            copied[table] = _copy_table(src, dst, table)
            say(table, copied[table])
        copied.update(_copy_vectors(src, dst, say))
        for table, n in copied.items():
            if (got := _count(dst, table)) != n or (had := _count(src, table)) != n:
                raise StoreError(f"{table}: {had} rows in SQLite, {got} copied; nothing kept")
        for table in copied:
            if "id" in _columns(src, table) and table not in _VECTOR_TABLES:
                dst.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"GREATEST((SELECT MAX(id) FROM {table}), 1))"
                    )
                )
    return Transfer(copied)


def _copy_table(src: Connection, dst: Connection, table: str) -> int:
    columns = _columns(src, table)
    marks = ", ".join(f":{c}" for c in columns)
    insert = text(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})")
    n = 0
    # supersedes_id may point at a later row: set it once every fact is in.
    links: list[dict[str, Any]] = []
    for batch in _batches(src, table, columns):
        if table == "facts":
            links += [{"id": r["id"], "s": r["supersedes_id"]} for r in batch if r["supersedes_id"]]
            batch = [{**r, "supersedes_id": None} for r in batch]
        dst.execute(insert, batch)
        n += len(batch)
    if links:
        dst.execute(text("UPDATE facts SET supersedes_id = :s WHERE id = :id"), links)
    return n


def _copy_vectors(
    src: Connection, dst: Connection, say: Callable[[str, int], None]
) -> dict[str, int]:
    present = [t for t in _VECTOR_TABLES if t in set(table_names(src))]
    if not present:
        return {}
    dim = int(
        src.exec_driver_sql("SELECT value FROM meta WHERE key = 'embedding_dim'").scalar_one()
    )
    vector_repo.create_tables(dst, dim)
    out: dict[str, int] = {}
    for table in present:
        kind = _VECTOR_TABLES[table]
        pk, meta = ("fact_id", "status") if kind == "facts" else ("episode_id", "role")
        insert = text(
            f"INSERT INTO {table} ({pk}, user_id, {meta}, embedding) "
            "VALUES (:id, :u, :m, CAST(:v AS vector))"
        )
        result = src.exec_driver_sql(f"SELECT {pk}, user_id, {meta}, embedding FROM {table}")
        n = 0
        while rows := result.fetchmany(BATCH):
            dst.execute(
                insert,
                [
                    {
                        "id": int(r[0]),
                        "u": r[1],
                        "m": r[2] or "",
                        "v": vector_repo.pg_literal(np.frombuffer(r[3], dtype=np.float32)),
                    }
                    for r in rows
                ],
            )
            n += len(rows)
        out[table] = n
        say(table, n)
    return out
