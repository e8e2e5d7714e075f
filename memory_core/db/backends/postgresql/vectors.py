"""The vector index on PostgreSQL: a pgvector table per kind (``vector(dim)`` column, a B-tree
on ``user_id`` and, opt-in, an HNSW index over every user's vectors).

A user's nearest neighbours are an exact scan of that user's rows through the B-tree below
``HNSW_MIN_ROWS`` rows, the HNSW index (filtered to the user, iterative scan) above; a user's
matrix is read, and a bulk fill written, with one binary COPY.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, text

from memory_core.db.backend import Matrix, VectorTable
from memory_core.errors import StoreError
from memory_core.values import ItemKind


def pg_literal(vector: npt.NDArray[np.float32]) -> str:
    """A vector as pgvector's text input (``[x,y,…]``); every float32 survives exactly."""
    return "[" + ",".join(map(str, np.asarray(vector, dtype=np.float32).tolist())) + "]"


#: PostgreSQL's binary COPY framing: signature, flags, header extension length; end marker.
_COPY_HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0)
_COPY_TRAILER = struct.pack(">h", -1)

#: Store-side KNN on PostgreSQL (the path when a user's matrix does not fit the cache).
#: Measured on 2 shared cores, 205k rows of 384-dim clustered unit vectors over 21 users
#: (``scripts/pg_vector_knn.py``; docs/scaling.md), 60 queries, p50 / p95 ms and recall@10:
#: a user with 10k rows: exact 5.5 / 8.7 (1.0); HNSW ef_search 100 relaxed 8.9 / 16.8 (0.95);
#: a user with 100k rows: exact 93 / 126 (1.0); HNSW ef_search 100 relaxed 3.2 / 7.4 (0.95).
#: So exact below this many rows of the user (faster or as fast, and complete), HNSW above.
HNSW_MIN_ROWS = 20_000
#: Candidates per HNSW scan step: recall@10 at 100k rows 0.80 with 40 (pgvector's default),
#: 0.95 with 100, 0.98 with 200 (p95 7.4 → 12 ms).
HNSW_EF_SEARCH = 100


def _pg_vectors(blobs: Sequence[bytes], dim: int) -> Matrix:
    """pgvector's binary output (``vector_send``: int16 dim, int16 unused, big-endian float4
    values) of several rows as one float32 matrix."""
    width = 4 + 4 * dim
    raw = np.frombuffer(b"".join(blobs), dtype=np.uint8).reshape(len(blobs), width)
    out: Matrix = raw[:, 4:].copy().view(">f4").astype(np.float32)
    return out


def hnsw_index_sql(table: str) -> str:
    """The DDL of ``table``'s HNSW index (cosine)."""
    return (
        f"CREATE INDEX IF NOT EXISTS ix_{table}_hnsw ON {table} "
        "USING hnsw (embedding vector_cosine_ops)"
    )


def drop_hnsw(conn: Connection) -> bool:
    """Drop the HNSW indexes before a bulk fill (PostgreSQL; each row inserted into a built
    index cost 4-6 ms at 200k rows, a build after the fill ~0.4 ms a row); whether there were
    any to drop."""
    had = conn.exec_driver_sql("SELECT to_regclass('ix_vec_facts_hnsw') IS NOT NULL").scalar()
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_vec_facts_hnsw, ix_vec_episodes_hnsw")
    return bool(had)


def has_hnsw(conn: Connection) -> bool:
    """Whether the HNSW indexes are built (opt-in: ``admin vector-index``)."""
    return bool(
        conn.exec_driver_sql("SELECT to_regclass('ix_vec_facts_hnsw') IS NOT NULL").scalar()
    )


def build_hnsw(conn: Connection, tables: Sequence[VectorTable], memory_mb: int = 1024) -> None:
    """(Re)build the HNSW indexes of the vector tables that exist after a bulk fill, with
    ``memory_mb`` of maintenance memory: a graph that does not fit it is built far more slowly."""
    conn.exec_driver_sql(f"SET LOCAL maintenance_work_mem = '{int(memory_mb)}MB'")
    conn.exec_driver_sql("SET LOCAL statement_timeout = 0")  # a build takes minutes
    for table in tables:
        if conn.exec_driver_sql(f"SELECT to_regclass('{table.name}') IS NOT NULL").scalar():
            conn.exec_driver_sql(hnsw_index_sql(table.name))


def create_tables(conn: Connection, tables: Sequence[VectorTable], dim: int) -> None:
    """Create the pgvector tables for ``dim`` dimensions (idempotent)."""
    if conn.exec_driver_sql("SELECT 1 FROM pg_extension WHERE extname = 'vector'").first() is None:
        if not conn.exec_driver_sql(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        ).scalar():
            raise StoreError(
                "pgvector is not installed in this database: a superuser must run "
                "CREATE EXTENSION vector once (vector search stays off until then)"
            )
        conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS vector")
    for t in tables:
        conn.exec_driver_sql(
            f"CREATE TABLE IF NOT EXISTS {t.name} ({t.pk} BIGINT PRIMARY KEY, "
            f"user_id TEXT NOT NULL, {t.meta} TEXT NOT NULL DEFAULT '', "
            f"embedding vector({int(dim)}) NOT NULL)"
        )
        conn.exec_driver_sql(f"CREATE INDEX IF NOT EXISTS ix_{t.name}_user ON {t.name} (user_id)")


def _pg_knn_sql(table: VectorTable) -> str:
    return (
        f"SELECT {table.pk}, embedding <=> CAST(:q AS vector) AS d FROM {table.name} "
        "WHERE user_id = :u ORDER BY d LIMIT :k"
    )


def _pg_use_hnsw(conn: Connection, vt: VectorTable, user_id: str) -> bool:
    """Set this transaction up for the path ``HNSW_MIN_ROWS`` picks; whether it is HNSW."""
    table = vt.name
    # Whether the user has HNSW_MIN_ROWS rows, without counting them all (a COUNT of 100k
    # rows took ~7 ms): the B-tree walk stops at the threshold.
    many = conn.execute(
        text(
            f"SELECT to_regclass(:i) IS NOT NULL AND EXISTS (SELECT 1 FROM {table} "
            "WHERE user_id = :u OFFSET :n)"
        ),
        {"i": f"ix_{table}_hnsw", "u": user_id, "n": HNSW_MIN_ROWS - 1},
    ).scalar_one()
    if many:
        # Iterative scan: the index walk goes on until k rows pass the user filter (without
        # it a user with 5% of the rows got 1-5 of 10 results at ef_search 40-100).
        # relaxed_order may return them slightly out of order: re-sorted below.
        # The planner's row estimates lag behind writes (autovacuum analyzes later), and every
        # other plan sorts the user's rows: sorting off leaves the index walk. (One round trip.)
        conn.exec_driver_sql(
            "SET LOCAL hnsw.iterative_scan = relaxed_order; "
            f"SET LOCAL hnsw.ef_search = {HNSW_EF_SEARCH}; SET LOCAL enable_sort = off"
        )
        return True
    # The planner would take the HNSW index for a 10k-row user too (measured): plain index
    # scans off leaves the bitmap scan of the user's rows through the B-tree, then a top-k sort.
    conn.exec_driver_sql("SET LOCAL enable_indexscan = off")
    return False


def _pg_plan_as_usual(conn: Connection) -> None:
    """The rest of the caller's transaction plans as usual."""
    conn.exec_driver_sql("SET LOCAL enable_indexscan = on; SET LOCAL enable_sort = on")


def knn(
    conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int
) -> list[tuple[int, float]]:
    """This user's ``k`` nearest rows: exact below ``HNSW_MIN_ROWS`` rows, HNSW above (an exact
    scan when the index walk comes back short)."""
    params = {"q": pg_literal(query.reshape(-1)), "u": user_id, "k": k}
    try:
        if _pg_use_hnsw(conn, table, user_id):
            found = conn.execute(text(_pg_knn_sql(table)), params).all()
            if len(found) >= k:
                best = sorted((float(r[1]), int(r[0])) for r in found)
                return [(item, 1.0 - d) for d, item in best]
            # Short: the walk stopped at hnsw.max_scan_tuples first. Exact instead.
            _pg_plan_as_usual(conn)
            conn.exec_driver_sql("SET LOCAL enable_indexscan = off")
        found = conn.execute(text(_pg_knn_sql(table)), params).all()
    finally:
        _pg_plan_as_usual(conn)
    return [(int(r[0]), 1.0 - float(r[1])) for r in found]


def knn_plan(conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int) -> str:
    """PostgreSQL's plan for the scan ``knn`` would run now (tests, diagnosis)."""
    params = {"q": pg_literal(query.reshape(-1)), "u": user_id, "k": k}
    try:
        _pg_use_hnsw(conn, table, user_id)
        rows = conn.execute(text("EXPLAIN " + _pg_knn_sql(table)), params).all()
    finally:
        _pg_plan_as_usual(conn)
    return "\n".join(str(r[0]) for r in rows)


def _driver_cursor(conn: Connection) -> Any:
    """A psycopg cursor on the connection's own transaction (COPY has no SQLAlchemy form)."""
    raw: Any = conn.connection.driver_connection
    return raw.cursor()


def _copy_in(
    conn: Connection,
    table: str,
    columns: tuple[str, str, str],
    ids: Sequence[int],
    user_id: str,
    meta: str,
    rows: Matrix,
) -> None:
    """Rows (id, user, meta, vector) into a pgvector table with one binary COPY: every row is
    the same width, so numpy lays the whole stream out (insert statements with text vectors
    took ~0.3 ms a row)."""
    user, tag, dim = user_id.encode(), meta.encode(), rows.shape[1]
    layout = np.dtype(
        [
            ("fields", ">i2"),
            ("id_len", ">i4"),
            ("id", ">i8"),
            ("user_len", ">i4"),
            ("user", f"V{len(user)}"),
            ("meta_len", ">i4"),
            ("meta", f"V{len(tag)}"),
            ("vec_len", ">i4"),
            ("dim", ">i2"),
            ("unused", ">i2"),
            ("vec", ">f4", (dim,)),
        ]
    )
    out = np.zeros(len(ids), dtype=layout)
    out["fields"], out["id_len"], out["id"] = 4, 8, np.asarray(ids, dtype=np.int64)
    out["user_len"], out["meta_len"], out["vec_len"] = len(user), len(tag), 4 + 4 * dim
    if user:
        out["user"] = np.void(user)
    if tag:
        out["meta"] = np.void(tag)
    out["dim"], out["vec"] = dim, rows
    statement = f"COPY {table} ({', '.join(columns)}, embedding) FROM STDIN (FORMAT BINARY)"
    with _driver_cursor(conn) as cur, cur.copy(statement) as cp:
        cp.write(_COPY_HEADER + out.tobytes() + _COPY_TRAILER)


def _copy_out(
    conn: Connection, table: VectorTable, user_id: str, dim: int
) -> tuple[npt.NDArray[np.int64], Matrix]:
    """The user's ids and vectors with one binary COPY, parsed by numpy (fixed-width rows)."""
    layout = np.dtype(
        [
            ("fields", ">i2"),
            ("id_len", ">i4"),
            ("id", ">i8"),
            ("vec_len", ">i4"),
            ("dim", ">i2"),
            ("unused", ">i2"),
            ("vec", ">f4", (dim,)),
        ]
    )
    buf = bytearray()
    # No ORDER BY: sorting ~1.5 kB rows spilled to disk at the default work_mem (10k rows:
    # 63 → 35 ms without it); the cache does not need any order.
    statement = (
        f"COPY (SELECT {table.pk}, embedding FROM {table.name} WHERE user_id = %s) "
        "TO STDOUT (FORMAT BINARY)"
    )
    with _driver_cursor(conn) as cur, cur.copy(statement, (user_id,)) as cp:
        for chunk in cp:
            buf += chunk
    head, tail = len(_COPY_HEADER), len(_COPY_TRAILER)
    body = memoryview(buf)[head : len(buf) - tail]
    if bytes(buf[:head]) != _COPY_HEADER or len(body) % layout.itemsize:
        raise StoreError("unexpected binary COPY framing from PostgreSQL")
    rec = np.frombuffer(body, dtype=layout)
    if rec.size and (
        (rec["fields"] != 2).any()
        or (rec["vec_len"] != 4 + 4 * dim).any()
        or (rec["dim"] != dim).any()
    ):
        raise StoreError("unexpected vector rows in binary COPY from PostgreSQL")
    ids: npt.NDArray[np.int64] = rec["id"].astype(np.int64)
    matrix: Matrix = rec["vec"].astype(np.float32)
    return ids, matrix


def read_matrix(
    conn: Connection, vt: VectorTable, user_id: str, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Matrix] | None:
    """The user's ids and vectors from pgvector, in its binary form (no text parsing)."""
    table, dim = vt.name, _dim(conn, vt.name)
    count = int(
        conn.execute(
            text(f"SELECT COUNT(*) FROM {table} WHERE user_id = :u"), {"u": user_id}
        ).scalar_one()
    )
    if count * (dim * 4 + 8) > max_bytes:
        return None
    # One binary COPY, parsed by numpy: 10k rows took ~174 ms through vector_send row by row
    # (bytea comes back hex-encoded in text mode); see docs/scaling.md for the figures.
    return _copy_out(conn, vt, user_id, dim)


def write(
    conn: Connection,
    table: VectorTable,
    user_id: str,
    item_id: int,
    vector: Matrix | None,
    meta: str,
) -> None:
    """Upsert (``vector`` given) or delete one item's vector."""
    name, pk, meta_col = table.name, table.pk, table.meta
    if vector is None:
        conn.execute(text(f"DELETE FROM {name} WHERE {pk} = :id"), {"id": item_id})
        return
    conn.execute(
        text(
            f"INSERT INTO {name} ({pk}, user_id, {meta_col}, embedding) "
            f"VALUES (:id, :u, :m, CAST(:v AS vector)) ON CONFLICT ({pk}) DO UPDATE SET "
            f"user_id = excluded.user_id, {meta_col} = excluded.{meta_col}, "
            "embedding = excluded.embedding"
        ),
        {"id": item_id, "u": user_id, "m": meta, "v": pg_literal(vector)},
    )


def insert_many(
    conn: Connection,
    table: VectorTable,
    user_id: str,
    item_ids: Sequence[int],
    matrix: Matrix,
    meta: str,
) -> None:
    """Insert vectors of items that have none yet, with one binary COPY."""
    _copy_in(conn, table.name, (table.pk, "user_id", table.meta), item_ids, user_id, meta, matrix)


def version(conn: Connection, user_id: str, kind: ItemKind) -> int:
    """The user's vector version for ``kind`` (0 if never written)."""
    v = conn.execute(
        text("SELECT version FROM vector_versions WHERE user_id = :u AND item_kind = :k"),
        {"u": user_id, "k": kind},
    ).scalar()
    return int(v or 0)


def stored_vector(conn: Connection, table: VectorTable, item_id: int) -> Matrix | None:
    """One item's stored vector (``None`` if it has none yet)."""
    blob = conn.execute(
        text(f"SELECT vector_send(embedding) FROM {table.name} WHERE {table.pk} = :id"),
        {"id": item_id},
    ).scalar()
    if blob is None:
        return None
    one: Matrix = _pg_vectors([bytes(blob)], (len(blob) - 4) // 4)[0]
    return one


def _dim(conn: Connection, table: str) -> int:
    return int(
        conn.execute(
            text(
                "SELECT atttypmod FROM pg_attribute WHERE attrelid = CAST(:t AS regclass) "
                "AND attname = 'embedding'"
            ),
            {"t": table},
        ).scalar_one()
    )
