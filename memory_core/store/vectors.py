"""Vector SQL: the durable vector index, the persisted sync queue, version counters.

The index itself is the backend's (``memory_core.db.backends``: sqlite-vec's vec0 tables, one
partition per user; pgvector tables with an opt-in HNSW index): this module names its tables
and calls the backend of the connection for what differs. The in-memory matrices searches scan
live in ``memory_core.vectors.cache``; this module reads a user's whole matrix for it, keeps
the per-user ``vector_versions`` that tell it another writer changed them, and answers
store-side KNN when a user's matrix would not fit the cache.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, bindparam, text

from memory_core.db.backend import VectorTable
from memory_core.db.backends import of as backend_of
from memory_core.embed import Vectors
from memory_core.store.rows import sql, values_rows
from memory_core.values import ItemKind

TABLES: dict[ItemKind, str] = {"facts": "vec_facts", "episodes": "vec_episodes"}
QUEUE_KIND: dict[ItemKind, str] = {"facts": "fact", "episodes": "episode"}
KIND_OF_QUEUE: dict[str, ItemKind] = {v: k for k, v in QUEUE_KIND.items()}
VECTOR_TABLES: dict[ItemKind, VectorTable] = {
    "facts": VectorTable("vec_facts", "facts", "fact_id", "status"),
    "episodes": VectorTable("vec_episodes", "episodes", "episode_id", "role"),
}


def create_tables(conn: Connection, dim: int) -> None:
    """Create the vector tables for vectors of ``dim`` dimensions (idempotent)."""
    backend_of(conn).create_vector_tables(conn, list(VECTOR_TABLES.values()), dim)


def drop_hnsw(conn: Connection) -> bool:
    """Drop the approximate-neighbour indexes before a bulk fill (PostgreSQL's HNSW: each row
    inserted into a built index cost 4-6 ms at 200k rows); whether there were any to drop."""
    return backend_of(conn).drop_ann_indexes(conn)


def has_hnsw(conn: Connection) -> bool:
    """Whether the approximate-neighbour indexes are built (opt-in: ``admin vector-index``)."""
    return backend_of(conn).has_ann_indexes(conn)


def build_hnsw(conn: Connection, memory_mb: int = 1024) -> None:
    """(Re)build the approximate-neighbour indexes after a bulk fill, with ``memory_mb`` of
    working memory (a graph that does not fit it is built far more slowly)."""
    backend_of(conn).build_ann_indexes(conn, list(VECTOR_TABLES.values()), memory_mb)


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
    rows = [
        {"k": QUEUE_KIND[kind], "id": i, "u": user_id, "op": "upsert", "ts": now_ts}
        for i in item_ids
    ]
    for values, params in values_rows(("k", "id", "u", "op", "ts", "ts"), rows):
        conn.execute(
            sql(
                "INSERT INTO vector_queue (item_kind, item_id, user_id, op, next_attempt_at, "
                f"created_at) VALUES {values}"
            ),
            params,
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
    """Queue rows whose time has come: the newest half and the oldest rest of ``limit``.

    Oldest first alone put a user's new turn behind another user's whole import (50,000
    vectors: minutes before the new turn was searchable by meaning); the newest half keeps
    what was just said waiting one batch at most while the backlog still drains from its
    oldest end. One row per item (``UNIQUE``), so the order between rows never matters."""
    newest = _due_rows(conn, now_ts, (limit + 1) // 2, "DESC")
    oldest = _due_rows(conn, now_ts, limit, "ASC")
    rows = {r[0]: r for r in newest}
    for r in oldest:
        if len(rows) >= limit:
            break
        rows.setdefault(r[0], r)
    return [
        QueueItem(r[0], KIND_OF_QUEUE[r[1]], r[2], r[3], r[4], r[5])
        for r in sorted(rows.values(), key=lambda r: int(r[0]))
    ]


def _due_rows(conn: Connection, now_ts: float, limit: int, order: str) -> list[Any]:
    return list(
        conn.execute(
            sql(
                "SELECT id, item_kind, item_id, user_id, op, attempts FROM vector_queue "
                f"WHERE next_attempt_at <= :now ORDER BY id {order} LIMIT :lim"
            ),
            {"now": now_ts, "lim": limit},
        ).all()
    )


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
    b = backend_of(conn)
    backoff = b.least("3600", f"2 * ({b.shift_left('1', b.least('attempts', '11'))})")
    for qid in ids:
        conn.execute(
            text(
                "UPDATE vector_queue SET attempts = attempts + 1, last_error = :err, "
                f"next_attempt_at = :now + {backoff} WHERE id = :id"
            ),
            {"id": qid, "err": error[:500], "now": now_ts},
        )


#: The user's own words for a fact's vector, when they say it better than the stored text
#: (``value_text``, ``source_excerpt``) → the words, or None to embed the stored text.
OwnWords = Callable[[str, str], str | None]


def texts_for(
    conn: Connection, kind: ItemKind, ids: Sequence[int], own_words: OwnWords | None = None
) -> dict[int, tuple[str, str]]:
    """The text to embed and the metadata value (fact status / episode role) for each id.

    Items that no longer exist, or facts that are no longer retrievable, are absent. With
    ``own_words``, a fact's vector encodes what it returns for the fact's text and the words
    it was learned from, where it returns any.
    """
    if not ids:
        return {}
    marks = ",".join(str(int(i)) for i in ids)
    if kind == "facts":
        rows = conn.exec_driver_sql(
            f"SELECT id, key, value_text, status, source_excerpt FROM facts "
            f"WHERE id IN ({marks}) AND status IN ('active','pending_confirmation')"
        ).all()
        out: dict[int, tuple[str, str]] = {}
        for r in rows:
            said = own_words(r[2], r[4]) if own_words is not None and r[4] else None
            out[r[0]] = (fact_vector_text(r[1], said or r[2]), r[3])
        return out
    rows = conn.exec_driver_sql(
        f"SELECT id, speaker, text, context, role FROM episodes WHERE id IN ({marks})"
    ).all()
    return {r[0]: (episode_vector_text(r[1], r[2], r[3]), r[4]) for r in rows}


def fact_vector_text(key: str, value_text: str) -> str:
    """What a fact's vector encodes: its key in words, then its value; a note (``note.…``)
    its words alone."""
    if key.startswith("note."):
        # A note's key is its own first words, slugged ("note.fr.je joue de la harpe"): said
        # twice, and after "note", they moved the note's place among the areas of life (a
        # harp read as a hobby, a football club as religion), though they add no meaning.
        return value_text
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
    backend_of(conn).write_vector(conn, VECTOR_TABLES[kind], user_id, item_id, vector, meta)
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
    rows = np.ascontiguousarray(matrix, dtype=np.float32)
    backend_of(conn).insert_vectors(conn, VECTOR_TABLES[kind], user_id, item_ids, rows, meta)
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
    return backend_of(conn).vector_version(conn, user_id, kind)


def read_matrix(
    conn: Connection, kind: ItemKind, user_id: str, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Vectors] | None:
    """All of the user's ids and vectors of ``kind`` (for the matrix cache); ``None`` when
    they would take more than ``max_bytes``."""
    return backend_of(conn).read_matrix(conn, VECTOR_TABLES[kind], user_id, max_bytes)


def vec0_knn(
    conn: Connection, user_id: str, kind: ItemKind, query: Vectors, k: int
) -> list[tuple[int, float]]:
    """The ``k`` nearest items of this user by vec0's own KNN, as (id, cosine similarity)."""
    return backend_of(conn).knn(conn, VECTOR_TABLES[kind], user_id, query, k)


def stored_vector(conn: Connection, kind: ItemKind, item_id: int) -> Vectors | None:
    """One item's stored vector (``None`` if it has none yet)."""
    return backend_of(conn).stored_vector(conn, VECTOR_TABLES[kind], item_id)


def now_ts() -> float:
    """Wall-clock seconds for queue bookkeeping (not user-visible time)."""
    return time.time()
