"""The SQLite backend: one file, FTS5 for words, sqlite-vec's vec0 for vectors, one process."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from memory_core.db.backend import LexicalQuery, MatchExpression, Matrix, VectorTable
from memory_core.db.backends.sqlite import lexical, schema, vectors
from memory_core.db.backends.sqlite.connect import open_file
from memory_core.db.backends.sqlite.schema import FTS_TABLES
from memory_core.db.connection import Opened
from memory_core.values import ItemKind


class SQLiteBackend:
    """SQLite through pysqlite3 with sqlite-vec loaded (``memory_core.db.engine``)."""

    name = "sqlite"
    schemes: tuple[str, ...] = ()
    shared = False

    def open(self, target: str | Path) -> Opened:
        """The engine for ``target``."""
        return open_file(target)

    def ddl(self, statement: str) -> str:
        """The common DDL is written in SQLite's spelling."""
        return statement

    def migration_step(self, conn: Connection, version: int) -> None:
        """FTS5 tables and triggers, CHECK changes (``schema.STEPS``)."""
        step = schema.STEPS.get(version)
        if step is not None:
            step(conn)

    def begin_migration(self, conn: Connection) -> None:
        """Nothing: no statement timeout to lift."""

    def after_migrations(self, conn: Connection) -> None:
        """FTS5's secure-delete on every index."""
        schema.secure_fts(conn)

    def table_names(self, conn: Connection) -> list[str]:
        """From ``sqlite_master``."""
        return schema.table_names(conn)

    def greatest(self, *exprs: str) -> str:
        """SQLite's scalar ``MAX``."""
        return f"MAX({', '.join(exprs)})"

    def least(self, *exprs: str) -> str:
        """SQLite's scalar ``MIN``."""
        return f"MIN({', '.join(exprs)})"

    def json_text(self, column: str, key: str) -> str:
        """``json_extract`` of a top-level key."""
        return f"json_extract({column}, '$.{key}')"

    json_real = json_text
    json_int = json_text

    def shift_left(self, value: str, bits: str) -> str:
        """SQLite's integers are 64-bit already."""
        return f"{value} << {bits}"

    def by_id_hint(self) -> str:
        """``+``: with the (user_id, …) index the planner scanned every row of the user
        (~10 ms at 100k facts) instead of looking ids up by primary key."""
        return "+"

    def reserve_ids_sql(self, table: str, count_param: str) -> str:
        """Nothing: the insert returns the ids at no cost (no server to wait for)."""
        return ""

    def integer_series_sql(self, first_param: str, last_param: str) -> str:
        """A recursive CTE."""
        return (
            f"(WITH RECURSIVE s(i) AS (SELECT :{first_param} UNION ALL SELECT i + 1 FROM s "
            f"WHERE i < :{last_param}) SELECT i FROM s) AS s"
        )

    def insert_rows(
        self, conn: Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """One driver-level executemany (no SQLAlchemy compilation per row)."""
        marks = ", ".join("?" for _ in columns)
        conn.exec_driver_sql(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", list(rows)
        )

    def after_explicit_ids(self, conn: Connection, table: str) -> None:
        """Nothing: rowids follow the largest id by themselves."""

    def bm25(self, conn: Connection, query: LexicalQuery) -> list[tuple[int, float]]:
        """FTS5's ``bm25()``."""
        return lexical.bm25(conn, query)

    def matching_all_terms(
        self, conn: Connection, user_id: str, expr: MatchExpression, limit: int
    ) -> list[int]:
        """FTS5, ranked by ``bm25()``."""
        return lexical.matching_all_terms(conn, user_id, expr, limit)

    def match_count(self, conn: Connection, user_id: str, expr: MatchExpression) -> int:
        """FTS5 (the expression names the user)."""
        return lexical.match_count(conn, expr)

    def create_vector_tables(
        self, conn: Connection, tables: Sequence[VectorTable], dim: int
    ) -> None:
        """vec0 tables."""
        vectors.create_tables(conn, tables, dim)

    def write_vector(
        self,
        conn: Connection,
        table: VectorTable,
        user_id: str,
        item_id: int,
        vector: Matrix | None,
        meta: str,
    ) -> None:
        """Delete then insert (vec0 has no upsert)."""
        vectors.write(conn, table, user_id, item_id, vector, meta)

    def insert_vectors(
        self,
        conn: Connection,
        table: VectorTable,
        user_id: str,
        item_ids: Sequence[int],
        matrix: Matrix,
        meta: str,
    ) -> None:
        """One executemany."""
        vectors.insert_many(conn, table, user_id, item_ids, matrix, meta)

    def vector_version(self, conn: Connection, user_id: str, kind: ItemKind) -> int:
        """A driver-level read."""
        return vectors.version(conn, user_id, kind)

    def read_matrix(
        self, conn: Connection, table: VectorTable, user_id: str, max_bytes: int
    ) -> tuple[Any, Matrix] | None:
        """vec0's chunks, read whole."""
        return vectors.read_matrix(conn, table, user_id, max_bytes)

    def knn(
        self, conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int
    ) -> list[tuple[int, float]]:
        """vec0's KNN inside the user's partition."""
        return vectors.knn(conn, table, user_id, query, k)

    def stored_vector(self, conn: Connection, table: VectorTable, item_id: int) -> Matrix | None:
        """The vec0 row's blob."""
        return vectors.stored_vector(conn, table, item_id)

    def drop_ann_indexes(self, conn: Connection) -> bool:
        """None to drop (vec0 scans exactly)."""
        return False

    def has_ann_indexes(self, conn: Connection) -> bool:
        """None (vec0 scans exactly)."""
        return False

    def build_ann_indexes(
        self, conn: Connection, tables: Sequence[VectorTable], memory_mb: int
    ) -> None:
        """Nothing to build (vec0 scans exactly)."""

    def lease_free_sql(self, prefix: str, *, mine: bool, alive_only: bool) -> str:
        """Never leased, lapsed, or (``mine``) its own: the run lock admits one process."""
        owner = f"{prefix}lease_owner"
        parts = [f"{owner} IS NULL", f"{prefix}lease_until <= :now"]
        if mine:
            parts.append(f"{owner} = :me")
        return "(" + " OR ".join(parts) + ")"

    def skip_locked_sql(self) -> str:
        """None: a write transaction holds the whole file (one writer at a time), so no row of
        a claim's is held by another open transaction — a stalled writer holds every claim up
        for the busy timeout, whatever the query says."""
        return ""

    def not_sending_sql(self, prefix: str) -> str:
        """This process did not begin sending the row's answer less than ``:grace`` seconds
        ago (one that began before a restart is gone: the run lock admits one process)."""
        return (
            f" AND ({prefix}sent_at IS NULL OR {prefix}sent_at <= :now - :grace "
            f"OR {prefix}sent_by IS NULL OR {prefix}sent_by <> :me)"
        )

    def resend_sql(self) -> str:
        """Begun by another process: it is gone (the run lock admits one process at a time),
        so it cannot send late."""
        return "(sent_by IS NULL OR sent_by <> :me)"

    def hold_owner(self, conn: Connection, owner: str) -> None:
        """Nothing: the run lock (a file lock) is the liveness."""

    def release_owner(self, conn: Connection, owner: str) -> None:
        """Nothing (see ``hold_owner``)."""

    def owner_alive(self, conn: Connection, owner: str) -> bool:
        """The run lock admits one process, so only the caller itself is alive."""
        return False

    def user_tables(self, conn: Connection) -> list[str]:
        """From ``sqlite_master`` and ``PRAGMA table_info``."""
        names = [
            r[0]
            for r in conn.exec_driver_sql(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
                "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
            ).all()
        ]
        out = []
        for name in names:
            cols = {r[1] for r in conn.exec_driver_sql(f'PRAGMA table_info("{name}")').all()}
            if "user_id" in cols:
                out.append(name)
        return out

    def user_rows(self, conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
        """In rowid order."""
        result = conn.exec_driver_sql(
            f'SELECT * FROM "{table}" WHERE user_id = ? ORDER BY rowid', (user_id,)
        )
        cols = list(result.keys())
        return [dict(zip(cols, row, strict=True)) for row in result.all()]

    def index_leftovers(
        self, conn: Connection, user_id: str, token: str, vector_tables: Sequence[str]
    ) -> dict[str, int]:
        """FTS5 index entries by owner token; vec0 rows and the user's partition chunks."""
        out: dict[str, int] = {}
        # The FTS index itself (not the content table): a stale entry would still match.
        query = f'owner_token : "{token}"'
        for fts in FTS_TABLES:
            n = conn.exec_driver_sql(
                f"SELECT COUNT(*) FROM {fts} WHERE {fts} MATCH ?", (query,)
            ).scalar_one()
            if n:
                out[fts] = int(n)
        for vt in vector_tables:
            n = conn.exec_driver_sql(
                f"SELECT COUNT(*) FROM {vt} WHERE user_id = ?", (user_id,)
            ).scalar_one()
            # vec0 keeps vectors in per-user chunks; an emptied partition's chunks are dropped.
            chunks = conn.exec_driver_sql(
                f"SELECT COUNT(*) FROM {vt}_chunks WHERE partition00 = ?", (user_id,)
            ).scalar_one()
            if n or chunks:
                out[vt] = int(n) + int(chunks)
        return out
