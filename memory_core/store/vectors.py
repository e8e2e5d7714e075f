"""Vector SQL: vec0 tables (the durable index), the persisted sync queue, version counters.

On PostgreSQL the durable index is a pgvector table per kind (``vector(dim)`` column, a B-tree
on ``user_id`` and an HNSW index over every user's vectors): a user's nearest neighbours are an
exact scan of that user's rows through the B-tree below ``HNSW_MIN_ROWS`` rows, the HNSW index
(filtered to the user, iterative scan) above; a user's matrix is read with one binary COPY.

vec0 is the source of truth: one partition per user, cosine distance, status/role metadata.
The in-memory matrices searches scan live in ``memory_core.vectors.cache``; this module reads
a user's whole matrix for it (from vec0's chunks, see ``_read_chunks``), keeps the per-user
``vector_versions`` that tell it another writer changed them, and answers vec0 KNN when a
user's matrix would not fit the cache.
"""

from __future__ import annotations

import struct
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, bindparam, text
from sqlalchemy.exc import OperationalError

from memory_core.db.dialect import of as dialect_of
from memory_core.embed import Vectors
from memory_core.errors import StoreError
from memory_core.values import ItemKind

TABLES: dict[ItemKind, str] = {"facts": "vec_facts", "episodes": "vec_episodes"}
QUEUE_KIND: dict[ItemKind, str] = {"facts": "fact", "episodes": "episode"}
KIND_OF_QUEUE: dict[str, ItemKind] = {v: k for k, v in QUEUE_KIND.items()}


#: Vectors per vec0 chunk. vec0 allocates whole chunks per partition (user): the default
#: 1,024 made 200 one-fact users cost 320 MB on disk; 64 made it 20 MB. Big users are served
#: by the matrix cache, so the extra chunks do not slow their searches.
CHUNK_SIZE = 64


def _postgres(conn: Connection) -> bool:
    return dialect_of(conn).postgres


def _pk(kind: ItemKind) -> str:
    return "fact_id" if kind == "facts" else "episode_id"


def _meta_col(kind: ItemKind) -> str:
    return "status" if kind == "facts" else "role"


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


def _pg_vectors(blobs: Sequence[bytes], dim: int) -> Vectors:
    """pgvector's binary output (``vector_send``: int16 dim, int16 unused, big-endian float4
    values) of several rows as one float32 matrix."""
    width = 4 + 4 * dim
    raw = np.frombuffer(b"".join(blobs), dtype=np.uint8).reshape(len(blobs), width)
    out: Vectors = raw[:, 4:].copy().view(">f4").astype(np.float32)
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
    any to drop (SQLite: none)."""
    if not _postgres(conn):
        return False
    had = conn.exec_driver_sql("SELECT to_regclass('ix_vec_facts_hnsw') IS NOT NULL").scalar()
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_vec_facts_hnsw, ix_vec_episodes_hnsw")
    return bool(had)


def has_hnsw(conn: Connection) -> bool:
    """Whether the HNSW indexes are built (PostgreSQL; opt-in: ``admin vector-index``)."""
    if not _postgres(conn):
        return False
    return bool(
        conn.exec_driver_sql("SELECT to_regclass('ix_vec_facts_hnsw') IS NOT NULL").scalar()
    )


def build_hnsw(conn: Connection, memory_mb: int = 1024) -> None:
    """(Re)build the HNSW indexes of the vector tables that exist after a bulk fill, with
    ``memory_mb`` of maintenance memory: a graph that does not fit it is built far more slowly
    (PostgreSQL only)."""
    if not _postgres(conn):
        return
    conn.exec_driver_sql(f"SET LOCAL maintenance_work_mem = '{int(memory_mb)}MB'")
    conn.exec_driver_sql("SET LOCAL statement_timeout = 0")  # a build takes minutes
    for table in TABLES.values():
        if conn.exec_driver_sql(f"SELECT to_regclass('{table}') IS NOT NULL").scalar():
            conn.exec_driver_sql(hnsw_index_sql(table))


def _create_pg_tables(conn: Connection, dim: int) -> None:
    if conn.exec_driver_sql("SELECT 1 FROM pg_extension WHERE extname = 'vector'").first() is None:
        if not conn.exec_driver_sql(
            "SELECT rolsuper FROM pg_roles WHERE rolname = current_user"
        ).scalar():
            raise StoreError(
                "pgvector is not installed in this database: a superuser must run "
                "CREATE EXTENSION vector once (vector search stays off until then)"
            )
        conn.exec_driver_sql("CREATE EXTENSION IF NOT EXISTS vector")
    for table, pk, meta in (
        ("vec_facts", "fact_id", "status"),
        ("vec_episodes", "episode_id", "role"),
    ):
        conn.exec_driver_sql(
            f"CREATE TABLE IF NOT EXISTS {table} ({pk} BIGINT PRIMARY KEY, user_id TEXT NOT NULL, "
            f"{meta} TEXT NOT NULL DEFAULT '', embedding vector({int(dim)}) NOT NULL)"
        )
        conn.exec_driver_sql(f"CREATE INDEX IF NOT EXISTS ix_{table}_user ON {table} (user_id)")


def create_tables(conn: Connection, dim: int) -> None:
    """Create the vec0 tables for vectors of ``dim`` dimensions (idempotent)."""
    if _postgres(conn):
        _create_pg_tables(conn, dim)
        return
    conn.exec_driver_sql(
        "CREATE VIRTUAL TABLE IF NOT EXISTS vec_facts USING vec0("
        "fact_id INTEGER PRIMARY KEY, user_id TEXT PARTITION KEY, status TEXT, "
        f"embedding FLOAT[{dim}] distance_metric=cosine, chunk_size={CHUNK_SIZE})"
    )
    conn.exec_driver_sql(
        "CREATE VIRTUAL TABLE IF NOT EXISTS vec_episodes USING vec0("
        "episode_id INTEGER PRIMARY KEY, user_id TEXT PARTITION KEY, role TEXT, "
        f"embedding FLOAT[{dim}] distance_metric=cosine, chunk_size={CHUNK_SIZE})"
    )


def drop_tables(conn: Connection) -> None:
    """Drop both vec0 tables (reindex)."""
    conn.exec_driver_sql("DROP TABLE IF EXISTS vec_facts")
    conn.exec_driver_sql("DROP TABLE IF EXISTS vec_episodes")
    conn.exec_driver_sql("DELETE FROM vector_versions")


def enqueue(
    conn: Connection, kind: ItemKind, item_id: int, user_id: str, op: str, now_ts: float
) -> None:
    """Queue a vector upsert or delete; a newer request for the same item replaces the older."""
    qkind = QUEUE_KIND[kind]
    conn.execute(_UNQUEUE, {"k": qkind, "id": item_id})
    conn.execute(_QUEUE, {"k": qkind, "id": item_id, "u": user_id, "op": op, "ts": now_ts})


# Parsed once: every fact write queues its vector (an import writes thousands).
_UNQUEUE = text("DELETE FROM vector_queue WHERE item_kind = :k AND item_id = :id")
_QUEUE = text(
    "INSERT INTO vector_queue (item_kind, item_id, user_id, op, next_attempt_at, "
    "created_at) VALUES (:k, :id, :u, :op, :ts, :ts)"
)


def enqueue_new(
    conn: Connection, kind: ItemKind, item_ids: Sequence[int], user_id: str, now_ts: float
) -> None:
    """Queue upserts for items created in this transaction (nothing to replace: one
    statement for all of them, which keeps the reply path's commit short)."""
    if not item_ids:
        return
    conn.execute(
        text(
            "INSERT INTO vector_queue (item_kind, item_id, user_id, op, next_attempt_at, "
            "created_at) VALUES (:k, :id, :u, 'upsert', :ts, :ts)"
        ),
        [{"k": QUEUE_KIND[kind], "id": i, "u": user_id, "ts": now_ts} for i in item_ids],
    )


@dataclass(frozen=True, slots=True)
class QueueItem:
    """One pending vector job."""

    id: int
    kind: ItemKind
    item_id: int
    user_id: str
    op: str
    attempts: int


def due(conn: Connection, now_ts: float, limit: int) -> list[QueueItem]:
    """Queue rows whose time has come, oldest first."""
    rows = conn.execute(
        text(
            "SELECT id, item_kind, item_id, user_id, op, attempts FROM vector_queue "
            "WHERE next_attempt_at <= :now ORDER BY id LIMIT :lim"
        ),
        {"now": now_ts, "lim": limit},
    ).all()
    return [QueueItem(r[0], KIND_OF_QUEUE[r[1]], r[2], r[3], r[4], r[5]) for r in rows]


def backlog(conn: Connection) -> int:
    """How many vector jobs wait (due or not)."""
    return int(conn.execute(text("SELECT COUNT(*) FROM vector_queue")).scalar_one())


def still_queued(conn: Connection, ids: Sequence[int]) -> set[int]:
    """Which of these queue rows still exist (an erased user's rows are gone)."""
    if not ids:
        return set()
    stmt = text("SELECT id FROM vector_queue WHERE id IN :ids").bindparams(
        bindparam("ids", expanding=True)
    )
    return {int(r[0]) for r in conn.execute(stmt, {"ids": list(ids)})}


def dequeue(conn: Connection, ids: Sequence[int]) -> None:
    """Remove finished jobs from the queue."""
    if ids:
        conn.execute(text("DELETE FROM vector_queue WHERE id = :id"), [{"id": i} for i in ids])


def requeue_everything(conn: Connection, skip_roles: Sequence[str], now_ts: float) -> int:
    """Replace the queue with an upsert for every retrievable fact and every episode whose
    role is not in ``skip_roles`` (reindex); returns how many jobs wait."""
    conn.execute(text("DELETE FROM vector_queue"))
    conn.execute(
        text(
            "INSERT INTO vector_queue (item_kind, item_id, user_id, op, "
            "next_attempt_at, created_at) SELECT 'fact', id, user_id, 'upsert', :ts, :ts "
            "FROM facts WHERE status IN ('active','pending_confirmation')"
        ),
        {"ts": now_ts},
    )
    conn.execute(
        text(
            "INSERT INTO vector_queue (item_kind, item_id, user_id, op, "
            "next_attempt_at, created_at) SELECT 'episode', id, user_id, 'upsert', "
            ":ts, :ts FROM episodes WHERE role NOT IN :skip"
        ).bindparams(bindparam("skip", expanding=True)),
        {"ts": now_ts, "skip": sorted(skip_roles)},
    )
    return backlog(conn)


def postpone(conn: Connection, ids: Sequence[int], error: str, now_ts: float) -> None:
    """Record a failed attempt; retry with exponential backoff (2 s doubling, capped at 1 h)."""
    d = dialect_of(conn)
    shift = d.least("attempts", "11")
    # PostgreSQL shifts a BIGINT by an INTEGER only.
    shift = f"CAST(1 AS BIGINT) << CAST({shift} AS INTEGER)" if d.postgres else f"1 << {shift}"
    backoff = d.least("3600", f"2 * ({shift})")
    for qid in ids:
        conn.execute(
            text(
                "UPDATE vector_queue SET attempts = attempts + 1, last_error = :err, "
                f"next_attempt_at = :now + {backoff} WHERE id = :id"
            ),
            {"id": qid, "err": error[:500], "now": now_ts},
        )


def texts_for(conn: Connection, kind: ItemKind, ids: Sequence[int]) -> dict[int, tuple[str, str]]:
    """The text to embed and the metadata value (fact status / episode role) for each id.

    Items that no longer exist, or facts that are no longer retrievable, are absent.
    """
    if not ids:
        return {}
    marks = ",".join(str(int(i)) for i in ids)
    if kind == "facts":
        rows = conn.exec_driver_sql(
            f"SELECT id, key, value_text, status FROM facts WHERE id IN ({marks}) "
            "AND status IN ('active','pending_confirmation')"
        ).all()
        return {r[0]: (fact_vector_text(r[1], r[2]), r[3]) for r in rows}
    rows = conn.exec_driver_sql(
        f"SELECT id, speaker, text, context, role FROM episodes WHERE id IN ({marks})"
    ).all()
    return {r[0]: (episode_vector_text(r[1], r[2], r[3]), r[4]) for r in rows}


def fact_vector_text(key: str, value_text: str) -> str:
    """What a fact's vector encodes: its key in words, then its value."""
    return f"{key.replace('_', ' ')}: {value_text}"


def episode_vector_text(speaker: str | None, body: str, context: str) -> str:
    """What an episode's vector encodes: the speaker's words, after the turn they answer."""
    line = f"{speaker}: {body}" if speaker else body
    return f"{context}\n{line}" if context else line


def write(
    conn: Connection,
    kind: ItemKind,
    user_id: str,
    item_id: int,
    vector: npt.NDArray[np.float32] | None,
    meta: str = "",
) -> None:
    """Upsert (``vector`` given) or delete one item's vector and bump the user's version."""
    table = TABLES[kind]
    pk = "fact_id" if kind == "facts" else "episode_id"
    meta_col = "status" if kind == "facts" else "role"
    if _postgres(conn):
        if vector is None:
            conn.execute(text(f"DELETE FROM {table} WHERE {pk} = :id"), {"id": item_id})
        else:
            conn.execute(
                text(
                    f"INSERT INTO {table} ({pk}, user_id, {meta_col}, embedding) "
                    f"VALUES (:id, :u, :m, CAST(:v AS vector)) ON CONFLICT ({pk}) DO UPDATE SET "
                    f"user_id = excluded.user_id, {meta_col} = excluded.{meta_col}, "
                    "embedding = excluded.embedding"
                ),
                {"id": item_id, "u": user_id, "m": meta, "v": pg_literal(vector)},
            )
    else:
        # vec0 has no UPSERT: delete then insert.
        conn.exec_driver_sql(f"DELETE FROM {table} WHERE {pk} = ?", (item_id,))
        if vector is not None:
            conn.exec_driver_sql(
                f"INSERT INTO {table} ({pk}, user_id, {meta_col}, embedding) VALUES (?, ?, ?, ?)",
                (item_id, user_id, meta, np.ascontiguousarray(vector, dtype=np.float32).tobytes()),
            )
    conn.execute(
        text(
            "INSERT INTO vector_versions (user_id, item_kind, version) VALUES (:u, :k, 1) "
            "ON CONFLICT(user_id, item_kind) DO UPDATE SET version = vector_versions.version + 1"
        ),
        {"u": user_id, "k": kind},
    )


def insert_many(
    conn: Connection,
    kind: ItemKind,
    user_id: str,
    item_ids: Sequence[int],
    matrix: Vectors,
    meta: str = "",
) -> None:
    """Insert vectors of items that have none yet (bulk fill) and bump the version once."""
    if len(item_ids) != len(matrix):
        raise ValueError("one vector per item id is required")
    if not item_ids:
        return
    table = TABLES[kind]
    pk = "fact_id" if kind == "facts" else "episode_id"
    meta_col = "status" if kind == "facts" else "role"
    rows = np.ascontiguousarray(matrix, dtype=np.float32)
    if _postgres(conn):
        _copy_in(conn, table, (pk, "user_id", meta_col), item_ids, user_id, meta, rows)
    else:
        conn.exec_driver_sql(
            f"INSERT INTO {table} ({pk}, user_id, {meta_col}, embedding) VALUES (?, ?, ?, ?)",
            [(int(i), user_id, meta, rows[n].tobytes()) for n, i in enumerate(item_ids)],
        )
    conn.execute(
        text(
            "INSERT INTO vector_versions (user_id, item_kind, version) VALUES (:u, :k, 1) "
            "ON CONFLICT(user_id, item_kind) DO UPDATE SET version = vector_versions.version + 1"
        ),
        {"u": user_id, "k": kind},
    )


def set_fact_status(conn: Connection, fact_id: int, status: str) -> None:
    """Keep the vec0 status metadata in step with the fact (pending ↔ active)."""
    conn.execute(
        text("UPDATE vec_facts SET status = :s WHERE fact_id = :id"), {"s": status, "id": fact_id}
    )


def version(conn: Connection, user_id: str, kind: ItemKind) -> int:
    """The user's vector version for ``kind`` (0 if never written)."""
    # Runs before every vector search: the driver-level call skips SQLAlchemy's text()
    # compilation (~45 → ~14 µs here).
    if _postgres(conn):
        v = conn.execute(
            text("SELECT version FROM vector_versions WHERE user_id = :u AND item_kind = :k"),
            {"u": user_id, "k": kind},
        ).scalar()
    else:
        v = conn.exec_driver_sql(
            "SELECT version FROM vector_versions WHERE user_id = ? AND item_kind = ?",
            (user_id, kind),
        ).scalar()
    return int(v or 0)


def read_matrix(
    conn: Connection, kind: ItemKind, user_id: str, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Vectors] | None:
    """All of the user's ids and vectors of ``kind`` (for the matrix cache); ``None`` when
    they would take more than ``max_bytes``."""
    table = TABLES[kind]
    dim = _dim(conn, table)
    if _postgres(conn):
        return _read_pg_rows(conn, kind, user_id, dim, max_bytes)
    try:
        return _read_chunks(conn, table, user_id, dim, max_bytes)
    except (_UnknownLayout, OperationalError):
        return _read_rows(conn, kind, user_id, dim, max_bytes)


def vec0_knn(
    conn: Connection, user_id: str, kind: ItemKind, query: Vectors, k: int
) -> list[tuple[int, float]]:
    """The ``k`` nearest items of this user by vec0's own KNN, as (id, cosine similarity)."""
    table = TABLES[kind]
    pk = "fact_id" if kind == "facts" else "episode_id"
    if _postgres(conn):
        return _pg_knn(conn, kind, user_id, query, k)
    rows = conn.exec_driver_sql(
        f"SELECT {pk}, distance FROM {table} WHERE embedding MATCH ? AND k = ? "
        "AND user_id = ? ORDER BY distance",
        (np.ascontiguousarray(query, dtype=np.float32).tobytes(), k, user_id),
    ).all()
    return [(int(r[0]), 1.0 - float(r[1])) for r in rows]


def _pg_knn_sql(kind: ItemKind) -> str:
    return (
        f"SELECT {_pk(kind)}, embedding <=> CAST(:q AS vector) AS d FROM {TABLES[kind]} "
        "WHERE user_id = :u ORDER BY d LIMIT :k"
    )


def _pg_use_hnsw(conn: Connection, kind: ItemKind, user_id: str) -> bool:
    """Set this transaction up for the path ``HNSW_MIN_ROWS`` picks; whether it is HNSW."""
    table = TABLES[kind]
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


def _pg_knn(
    conn: Connection, kind: ItemKind, user_id: str, query: Vectors, k: int
) -> list[tuple[int, float]]:
    """This user's ``k`` nearest rows: exact below ``HNSW_MIN_ROWS`` rows, HNSW above (an exact
    scan when the index walk comes back short)."""
    params = {"q": pg_literal(query.reshape(-1)), "u": user_id, "k": k}
    try:
        if _pg_use_hnsw(conn, kind, user_id):
            found = conn.execute(text(_pg_knn_sql(kind)), params).all()
            if len(found) >= k:
                best = sorted((float(r[1]), int(r[0])) for r in found)
                return [(item, 1.0 - d) for d, item in best]
            # Short: the walk stopped at hnsw.max_scan_tuples first. Exact instead.
            _pg_plan_as_usual(conn)
            conn.exec_driver_sql("SET LOCAL enable_indexscan = off")
        found = conn.execute(text(_pg_knn_sql(kind)), params).all()
    finally:
        _pg_plan_as_usual(conn)
    return [(int(r[0]), 1.0 - float(r[1])) for r in found]


def pg_knn_plan(conn: Connection, kind: ItemKind, user_id: str, query: Vectors, k: int) -> str:
    """PostgreSQL's plan for the scan ``vec0_knn`` would run now (tests, diagnosis)."""
    params = {"q": pg_literal(query.reshape(-1)), "u": user_id, "k": k}
    try:
        _pg_use_hnsw(conn, kind, user_id)
        rows = conn.execute(text("EXPLAIN " + _pg_knn_sql(kind)), params).all()
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
    rows: Vectors,
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
    conn: Connection, kind: ItemKind, user_id: str, dim: int
) -> tuple[npt.NDArray[np.int64], Vectors]:
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
        f"COPY (SELECT {_pk(kind)}, embedding FROM {TABLES[kind]} WHERE user_id = %s) "
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
    matrix: Vectors = rec["vec"].astype(np.float32)
    return ids, matrix


class _UnknownLayout(Exception):
    """vec0's shadow tables are not laid out as ``_read_chunks`` expects."""


#: The sqlite-vec release whose shadow-table layout ``_read_chunks`` reads (pinned in pyproject).
_CHUNK_LAYOUT = "v0.1.9"


def _read_chunks(
    conn: Connection, table: str, user_id: str, dim: int, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Vectors] | None:
    """The user's ids and vectors read chunk by chunk from vec0's shadow tables.

    vec0 keeps a partition's vectors in chunks of slots: ``<table>_chunks`` has each chunk's
    validity bitmap and rowids, ``<table>_vector_chunks00`` its vectors as one blob. The cache
    reloads a user's matrix after every write to their vectors, and reading through the
    virtual table one row at a time took ~4 s at 100k vectors (~250 ms at 10k); whole chunks
    take ~0.1 s. ``None`` when the matrix would not fit ``max_bytes``.
    """
    found = conn.exec_driver_sql("SELECT vec_version()").scalar()
    if found != _CHUNK_LAYOUT:
        raise _UnknownLayout(f"sqlite-vec {found}")
    chunks = conn.exec_driver_sql(
        f"SELECT chunk_id, size, validity, rowids FROM {table}_chunks "
        "WHERE partition00 = ? ORDER BY chunk_id",
        (user_id,),
    ).all()
    masks: list[npt.NDArray[np.bool_]] = []
    for _chunk_id, size, validity, rowids in chunks:
        if len(validity) * 8 < size or len(rowids) != size * 8:
            raise _UnknownLayout("chunk bookkeeping")
        bits = np.unpackbits(np.frombuffer(validity, dtype=np.uint8), bitorder="little")
        masks.append(bits[:size].astype(bool))
    count = sum(int(mask.sum()) for mask in masks)
    if count * (dim * 4 + 8) > max_bytes:
        return None
    ids = np.empty(count, dtype=np.int64)
    matrix = np.empty((count, dim), dtype=np.float32)
    at = 0
    for (chunk_id, size, _validity, rowids), mask in zip(chunks, masks, strict=True):
        n = int(mask.sum())
        if n == 0:
            continue
        blob = conn.exec_driver_sql(
            f"SELECT vectors FROM {table}_vector_chunks00 WHERE rowid = ?", (chunk_id,)
        ).scalar()
        if not isinstance(blob, bytes) or len(blob) != size * dim * 4:
            raise _UnknownLayout("vector chunk")
        ids[at : at + n] = np.frombuffer(rowids, dtype="<i8")[mask]
        matrix[at : at + n] = np.frombuffer(blob, dtype="<f4").reshape(size, dim)[mask]
        at += n
    return ids, matrix


def _read_rows(
    conn: Connection, kind: ItemKind, user_id: str, dim: int, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Vectors] | None:
    """The user's ids and vectors through the vec0 interface (slow; any sqlite-vec version)."""
    table = TABLES[kind]
    pk = "fact_id" if kind == "facts" else "episode_id"
    count = int(
        conn.exec_driver_sql(
            f"SELECT COUNT(*) FROM {table} WHERE user_id = ?", (user_id,)
        ).scalar_one()
    )
    if count * (dim * 4 + 8) > max_bytes:
        return None
    rows = conn.exec_driver_sql(
        f"SELECT {pk}, embedding FROM {table} WHERE user_id = ?", (user_id,)
    ).all()
    ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    blob = b"".join(r[1] for r in rows)
    return ids, np.frombuffer(blob, dtype=np.float32).reshape(len(rows), dim).copy()


def _read_pg_rows(
    conn: Connection, kind: ItemKind, user_id: str, dim: int, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Vectors] | None:
    """The user's ids and vectors from pgvector, in its binary form (no text parsing)."""
    table = TABLES[kind]
    count = int(
        conn.execute(
            text(f"SELECT COUNT(*) FROM {table} WHERE user_id = :u"), {"u": user_id}
        ).scalar_one()
    )
    if count * (dim * 4 + 8) > max_bytes:
        return None
    # One binary COPY, parsed by numpy: 10k rows took ~174 ms through vector_send row by row
    # (bytea comes back hex-encoded in text mode); see docs/scaling.md for the figures.
    return _copy_out(conn, kind, user_id, dim)


def stored_vector(conn: Connection, kind: ItemKind, item_id: int) -> Vectors | None:
    """One item's stored vector (``None`` if it has none yet)."""
    table, pk = TABLES[kind], _pk(kind)
    if _postgres(conn):
        blob = conn.execute(
            text(f"SELECT vector_send(embedding) FROM {table} WHERE {pk} = :id"), {"id": item_id}
        ).scalar()
        if blob is None:
            return None
        one: Vectors = _pg_vectors([bytes(blob)], (len(blob) - 4) // 4)[0]
        return one
    blob = conn.exec_driver_sql(
        f"SELECT embedding FROM {table} WHERE {pk} = ?", (item_id,)
    ).scalar()
    if blob is None:
        return None
    out: Vectors = np.frombuffer(blob, dtype=np.float32).copy()
    return out


def _dim(conn: Connection, table: str) -> int:
    if _postgres(conn):
        return int(
            conn.execute(
                text(
                    "SELECT atttypmod FROM pg_attribute WHERE attrelid = CAST(:t AS regclass) "
                    "AND attname = 'embedding'"
                ),
                {"t": table},
            ).scalar_one()
        )
    sql = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE name = ?", (table,)
    ).scalar_one()
    start = sql.upper().index("FLOAT[") + len("FLOAT[")
    return int(sql[start : sql.index("]", start)])


def now_ts() -> float:
    """Wall-clock seconds for queue bookkeeping (not user-visible time)."""
    return time.time()
