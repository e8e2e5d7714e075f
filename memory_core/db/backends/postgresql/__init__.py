"""The PostgreSQL backend: ``tsvector`` BM25 for words, pgvector for vectors, advisory locks
for the liveness of the processes that share it (psycopg 3 driver: the ``postgres`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text

from memory_core.db.backend import LexicalQuery, MatchExpression, Matrix, VectorTable
from memory_core.db.backends.postgresql import lexical, locks, schema, vectors
from memory_core.db.backends.postgresql.connect import open_server
from memory_core.db.connection import Opened
from memory_core.values import ItemKind


class PostgreSQLBackend:
    """PostgreSQL with pgvector, shared by several processes."""

    name = "postgresql"
    schemes: tuple[str, ...] = ("postgresql://", "postgres://", "postgresql+psycopg://")
    shared = True

    def open(self, target: str | Path) -> Opened:
        """The engine for ``target``."""
        return open_server(str(target))

    def ddl(self, statement: str) -> str:
        """Identity keys, ``DOUBLE PRECISION`` times, ``BIGINT`` integers."""
        return schema.ddl(statement)

    def migration_step(self, conn: Connection, version: int) -> None:
        """``tsvector`` columns, BM25 totals, helper functions (``schema.STEPS``)."""
        step = schema.STEPS.get(version)
        if step is not None:
            step(conn)

    def begin_migration(self, conn: Connection) -> None:
        """The role's statement_timeout (deploy/postgres-init.sql) is for stuck statements,
        not for a step that rebuilds a big table or index."""
        conn.exec_driver_sql("SET LOCAL statement_timeout = 0")

    def after_migrations(self, conn: Connection) -> None:
        """Nothing."""

    def table_names(self, conn: Connection) -> list[str]:
        """From ``information_schema``."""
        return schema.table_names(conn)

    def greatest(self, *exprs: str) -> str:
        """``GREATEST``."""
        return f"GREATEST({', '.join(exprs)})"

    def least(self, *exprs: str) -> str:
        """``LEAST``."""
        return f"LEAST({', '.join(exprs)})"

    def json_text(self, column: str, key: str) -> str:
        """``->>`` on the text cast to jsonb."""
        return f"(CAST({column} AS jsonb) ->> '{key}')"

    def json_real(self, column: str, key: str) -> str:
        """``->>`` cast to a double."""
        return f"CAST(CAST({column} AS jsonb) ->> '{key}' AS DOUBLE PRECISION)"

    def json_int(self, column: str, key: str) -> str:
        """``->>`` cast to a bigint."""
        return f"CAST(CAST({column} AS jsonb) ->> '{key}' AS BIGINT)"

    def shift_left(self, value: str, bits: str) -> str:
        """PostgreSQL shifts a BIGINT by an INTEGER only."""
        return f"CAST({value} AS BIGINT) << CAST({bits} AS INTEGER)"

    def by_id_hint(self) -> str:
        """None: the planner needs no hint."""
        return ""

    def reserve_ids_sql(self, table: str, count_param: str) -> str:
        """``nextval`` of the table's identity sequence, ``:count_param`` times."""
        return (
            f", ARRAY(SELECT nextval(pg_get_serial_sequence('{table}', 'id')) "
            f"FROM generate_series(1, :{count_param})) AS ids"
        )

    def integer_series_sql(self, first_param: str, last_param: str) -> str:
        """``generate_series``."""
        return (
            f"generate_series(CAST(:{first_param} AS BIGINT), CAST(:{last_param} AS BIGINT)) "
            "AS s(i)"
        )

    def insert_rows(
        self, conn: Connection, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """One executemany with named parameters."""
        names = [f"c{i}" for i in range(len(columns))]
        conn.execute(
            text(
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join(':' + n for n in names)})"
            ),
            [dict(zip(names, row, strict=True)) for row in rows],
        )

    def after_explicit_ids(self, conn: Connection, table: str) -> None:
        """Explicit ids leave the identity sequence behind: move it past them."""
        conn.exec_driver_sql(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
        )

    def bm25(self, conn: Connection, query: LexicalQuery) -> list[tuple[int, float]]:
        """BM25 computed over the ``tsvector`` columns (``lexical``)."""
        return lexical.bm25(
            conn,
            query.user_id,
            query.expr.terms,
            query.kind,
            query.k,
            query.weights,
            where=query.where,
            params=query.params,
        )

    def matching_all_terms(
        self, conn: Connection, user_id: str, expr: MatchExpression, limit: int
    ) -> list[int]:
        """Every term, ranked by the computed BM25."""
        found = lexical.bm25(
            conn,
            user_id,
            expr.terms,
            "facts",
            limit,
            (1.0, 1.0),
            all_terms=True,
            where=" AND f.status IN ('active','pending_confirmation')",
        )
        return [fid for fid, _ in found]

    def match_count(self, conn: Connection, user_id: str, expr: MatchExpression) -> int:
        """Through the GIN index."""
        return lexical.match_count(conn, user_id, expr.terms, all_terms=expr.all_terms)

    def create_vector_tables(
        self, conn: Connection, tables: Sequence[VectorTable], dim: int
    ) -> None:
        """pgvector tables (the extension created when the role may)."""
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
        """``INSERT … ON CONFLICT DO UPDATE`` or ``DELETE``."""
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
        """One binary COPY."""
        vectors.insert_many(conn, table, user_id, item_ids, matrix, meta)

    def vector_version(self, conn: Connection, user_id: str, kind: ItemKind) -> int:
        """One indexed read."""
        return vectors.version(conn, user_id, kind)

    def read_matrix(
        self, conn: Connection, table: VectorTable, user_id: str, max_bytes: int
    ) -> tuple[Any, Matrix] | None:
        """One binary COPY."""
        return vectors.read_matrix(conn, table, user_id, max_bytes)

    def knn(
        self, conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int
    ) -> list[tuple[int, float]]:
        """Exact below ``vectors.HNSW_MIN_ROWS`` rows of the user, HNSW above."""
        return vectors.knn(conn, table, user_id, query, k)

    def stored_vector(self, conn: Connection, table: VectorTable, item_id: int) -> Matrix | None:
        """``vector_send``'s binary form."""
        return vectors.stored_vector(conn, table, item_id)

    def drop_ann_indexes(self, conn: Connection) -> bool:
        """The HNSW indexes."""
        return vectors.drop_hnsw(conn)

    def has_ann_indexes(self, conn: Connection) -> bool:
        """The HNSW indexes."""
        return vectors.has_hnsw(conn)

    def build_ann_indexes(
        self, conn: Connection, tables: Sequence[VectorTable], memory_mb: int
    ) -> None:
        """The HNSW indexes."""
        vectors.build_hnsw(conn, tables, memory_mb)

    def lease_free_sql(self, prefix: str, *, mine: bool, alive_only: bool) -> str:
        """Also free when its holder lost its liveness lock (``locks``)."""
        return locks.free_sql(prefix, mine=mine, alive_only=alive_only)

    def skip_locked_sql(self) -> str:
        """Row locks: a row another session holds (a replica stopped mid-transaction keeps
        its locks until the server ends its session) is passed over, not waited for."""
        return " FOR UPDATE SKIP LOCKED"

    def not_sending_sql(self, prefix: str) -> str:
        """See ``locks.not_sending_sql``."""
        return locks.not_sending_sql(prefix)

    def resend_sql(self) -> str:
        """See ``locks.resend_sql``."""
        return locks.resend_sql()

    def hold_owner(self, conn: Connection, owner: str) -> None:
        """A session advisory lock."""
        locks.hold_owner(conn, owner)

    def release_owner(self, conn: Connection, owner: str) -> None:
        """The session advisory lock."""
        locks.release_owner(conn, owner)

    def owner_alive(self, conn: Connection, owner: str) -> bool:
        """Whether some session holds ``owner``'s advisory lock."""
        return locks.owner_alive(conn, owner)

    def user_tables(self, conn: Connection) -> list[str]:
        """From ``information_schema``."""
        return [
            str(r[0])
            for r in conn.exec_driver_sql(
                "SELECT c.table_name FROM information_schema.columns c "
                "JOIN information_schema.tables t ON t.table_schema = c.table_schema "
                "AND t.table_name = c.table_name WHERE c.table_schema = current_schema() "
                "AND t.table_type = 'BASE TABLE' AND c.column_name = 'user_id' "
                "AND c.table_name NOT IN ('vec_facts', 'vec_episodes') ORDER BY c.table_name"
            )
        ]

    def user_rows(self, conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
        """By ``id`` where the table has one, else in storage order; ``tsvector`` columns out."""
        result = conn.execute(text(f'SELECT * FROM "{table}" WHERE user_id = :u'), {"u": user_id})
        cols = [c for c in result.keys() if c not in ("fts", "fts_len")]  # noqa: SIM118
        found = [dict(zip(result.keys(), row, strict=True)) for row in result.all()]
        if "id" in cols:
            found.sort(key=lambda r: int(r["id"]))
        return [{c: r[c] for c in cols} for r in found]

    def index_leftovers(
        self, conn: Connection, user_id: str, token: str, vector_tables: Sequence[str]
    ) -> dict[str, int]:
        """Vector rows only: the ``tsvector`` index is a column of the rows themselves."""
        out: dict[str, int] = {}
        for vt in vector_tables:
            n = conn.execute(
                text(f"SELECT COUNT(*) FROM {vt} WHERE user_id = :u"), {"u": user_id}
            ).scalar_one()
            if n:
                out[vt] = int(n)
        return out
