"""Vectors: vec0 tables (the durable index), the persisted sync queue, and a matrix cache.

vec0 is the source of truth: one partition per user, cosine distance, status/role metadata.
Brute-force vec0 KNN costs ~62 ms at 100k vectors on these machines, a numpy scan ~7 ms
(DESIGN.md), so searches use a per-user float32 matrix cached in memory (bounded LRU), rebuilt
(from vec0's chunks, see ``_read_chunks``) when ``vector_versions`` says another writer changed
that user's vectors, and fall back to vec0 KNN when a user's matrix would not fit the cache.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, text
from sqlalchemy.exc import OperationalError

from memory_core.embed import Vectors
from memory_core.values import ItemKind

TABLES: dict[ItemKind, str] = {"facts": "vec_facts", "episodes": "vec_episodes"}
QUEUE_KIND: dict[ItemKind, str] = {"facts": "fact", "episodes": "episode"}
KIND_OF_QUEUE: dict[str, ItemKind] = {v: k for k, v in QUEUE_KIND.items()}


#: Vectors per vec0 chunk. vec0 allocates whole chunks per partition (user): the default
#: 1,024 made 200 one-fact users cost 320 MB on disk; 64 made it 20 MB. Big users are served
#: by the matrix cache, so the extra chunks do not slow their searches.
CHUNK_SIZE = 64


def create_tables(conn: Connection, dim: int) -> None:
    """Create the vec0 tables for vectors of ``dim`` dimensions (idempotent)."""
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
    conn.execute(
        text("DELETE FROM vector_queue WHERE item_kind = :k AND item_id = :id"),
        {"k": qkind, "id": item_id},
    )
    conn.execute(
        text(
            "INSERT INTO vector_queue (item_kind, item_id, user_id, op, next_attempt_at, "
            "created_at) VALUES (:k, :id, :u, :op, :ts, :ts)"
        ),
        {"k": qkind, "id": item_id, "u": user_id, "op": op, "ts": now_ts},
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


def postpone(conn: Connection, ids: Sequence[int], error: str, now_ts: float) -> None:
    """Record a failed attempt; retry with exponential backoff (2 s doubling, capped at 1 h)."""
    for qid in ids:
        conn.execute(
            text(
                "UPDATE vector_queue SET attempts = attempts + 1, last_error = :err, "
                "next_attempt_at = :now + MIN(3600, 2 * (1 << MIN(attempts, 11))) WHERE id = :id"
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
            "ON CONFLICT(user_id, item_kind) DO UPDATE SET version = version + 1"
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
    conn.exec_driver_sql(
        f"INSERT INTO {table} ({pk}, user_id, {meta_col}, embedding) VALUES (?, ?, ?, ?)",
        [(int(i), user_id, meta, rows[n].tobytes()) for n, i in enumerate(item_ids)],
    )
    conn.execute(
        text(
            "INSERT INTO vector_versions (user_id, item_kind, version) VALUES (:u, :k, 1) "
            "ON CONFLICT(user_id, item_kind) DO UPDATE SET version = version + 1"
        ),
        {"u": user_id, "k": kind},
    )


def set_fact_status(conn: Connection, fact_id: int, status: str) -> None:
    """Keep the vec0 status metadata in step with the fact (pending ↔ active)."""
    conn.exec_driver_sql("UPDATE vec_facts SET status = ? WHERE fact_id = ?", (status, fact_id))


def version(conn: Connection, user_id: str, kind: ItemKind) -> int:
    """The user's vector version for ``kind`` (0 if never written)."""
    # Runs before every vector search: the driver-level call skips SQLAlchemy's text()
    # compilation (~45 → ~14 µs here).
    v = conn.exec_driver_sql(
        "SELECT version FROM vector_versions WHERE user_id = ? AND item_kind = ?",
        (user_id, kind),
    ).scalar()
    return int(v or 0)


#: Matrices with at least this many rows are scanned on two cores (~13 → ~7 ms at 100k rows).
_SPLIT_ROWS = 20_000


@dataclass(slots=True)
class _Entry:
    version: int
    ids: npt.NDArray[np.int64]
    matrix: Vectors

    @property
    def nbytes(self) -> int:
        return int(self.ids.nbytes + self.matrix.nbytes)


class MatrixCache:
    """Per-(user, kind) matrices of unit vectors, least recently used evicted first."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple[str, ItemKind], _Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self._helper: ThreadPoolExecutor | None = None  # second core for big scans, lazily

    def knn(
        self, conn: Connection, user_id: str, kind: ItemKind, query: Vectors, k: int
    ) -> list[tuple[int, float]]:
        """The ``k`` nearest items of this user as (id, cosine similarity), best first."""
        current = version(conn, user_id, kind)
        if current == 0:
            return []
        entry = self._get(user_id, kind, current)
        if entry is None:
            entry = self._load(conn, user_id, kind, current)
        if entry is None:
            return _vec0_knn(conn, user_id, kind, query, k)
        if entry.ids.size == 0:
            return []
        sims = self._similarities(entry.matrix, np.asarray(query, dtype=np.float32))
        k = min(k, sims.size)
        top = np.argpartition(sims, sims.size - k)[sims.size - k :]
        top = top[np.argsort(-sims[top])]
        return [(int(entry.ids[i]), float(sims[i])) for i in top]

    def _get(self, user_id: str, kind: ItemKind, current: int) -> _Entry | None:
        with self._lock:
            entry = self._entries.get((user_id, kind))
            if entry is None or entry.version != current:
                return None
            self._entries.move_to_end((user_id, kind))
            return entry

    def _load(self, conn: Connection, user_id: str, kind: ItemKind, current: int) -> _Entry | None:
        table = TABLES[kind]
        dim = _dim(conn, table)
        try:
            loaded = _read_chunks(conn, table, user_id, dim, self.max_bytes)
        except (_UnknownLayout, OperationalError):
            loaded = _read_rows(conn, kind, user_id, dim, self.max_bytes)
        if loaded is None:
            return None
        ids, matrix = loaded
        entry = _Entry(current, ids, matrix)
        with self._lock:
            old = self._entries.pop((user_id, kind), None)
            if old is not None:
                self._bytes -= old.nbytes
            self._entries[(user_id, kind)] = entry
            self._bytes += entry.nbytes
            while self._bytes > self.max_bytes and len(self._entries) > 1:
                _, evicted = self._entries.popitem(last=False)
                self._bytes -= evicted.nbytes
        return entry

    def apply(
        self,
        user_id: str,
        kind: ItemKind,
        before: int,
        after: int,
        upserts: dict[int, Vectors],
        deletes: Sequence[int] = (),
    ) -> bool:
        """Bring a cached matrix from version ``before`` to ``after`` with one committed
        transaction's changes instead of reloading it at the next search (~0.2-0.6 s at 100k
        vectors). A matrix at any other version is left alone (the next search reloads it).
        The new matrix is a copy: searches running on the old one are not disturbed."""
        with self._lock:
            entry = self._entries.get((user_id, kind))
            if entry is None or entry.version != before:
                return False
        changed = np.fromiter((*upserts, *deletes), dtype=np.int64)
        keep = ~np.isin(entry.ids, changed)
        kept = int(keep.sum())
        # One new allocation (a big matrix is ~150 MB at 100k rows): kept rows, then new ones.
        ids = np.empty(kept + len(upserts), dtype=np.int64)
        matrix = np.empty((kept + len(upserts), entry.matrix.shape[1]), dtype=np.float32)
        if kept == len(entry.ids):  # only new rows (the usual case)
            ids[:kept] = entry.ids
            matrix[:kept] = entry.matrix
        else:  # mode="clip": with the default, numpy buffers ``out`` (one more full copy)
            rows = np.flatnonzero(keep)
            np.take(entry.ids, rows, out=ids[:kept], mode="clip")
            np.take(entry.matrix, rows, axis=0, out=matrix[:kept], mode="clip")
        for row, (item_id, vector) in enumerate(upserts.items(), start=kept):
            ids[row] = item_id
            matrix[row] = vector
        updated = _Entry(after, ids, matrix)
        with self._lock:
            if self._entries.get((user_id, kind)) is not entry:
                return False  # a search reloaded it meanwhile
            self._entries[(user_id, kind)] = updated
            self._bytes += updated.nbytes - entry.nbytes
        return True

    def _similarities(self, matrix: Vectors, query: Vectors) -> Vectors:
        # Row-wise dot products, not ``matrix @ query``: that goes to OpenBLAS, whose helper
        # threads spin after each call and slowed everything else on these 2-core machines
        # (the query embedding ran 2-5x slower beside them). A big matrix is split with one
        # plain worker thread instead (numpy releases the GIL): as fast, and idle when idle.
        if len(matrix) < _SPLIT_ROWS:
            sims: Vectors = np.vecdot(matrix, query)
            return sims
        if self._helper is None:
            self._helper = ThreadPoolExecutor(1, thread_name_prefix="membot-knn")
        half = len(matrix) // 2
        out = np.empty(len(matrix), dtype=np.float32)
        other = self._helper.submit(np.vecdot, matrix[half:], query, out=out[half:])
        np.vecdot(matrix[:half], query, out=out[:half])
        other.result()
        return out

    def clear(self) -> None:
        """Forget every cached matrix."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def close(self) -> None:
        """Forget every matrix and stop the helper thread."""
        self.clear()
        if self._helper is not None:
            self._helper.shutdown()
            self._helper = None


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


def _dim(conn: Connection, table: str) -> int:
    sql = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE name = ?", (table,)
    ).scalar_one()
    start = sql.upper().index("FLOAT[") + len("FLOAT[")
    return int(sql[start : sql.index("]", start)])


def _vec0_knn(
    conn: Connection, user_id: str, kind: ItemKind, query: Vectors, k: int
) -> list[tuple[int, float]]:
    table = TABLES[kind]
    pk = "fact_id" if kind == "facts" else "episode_id"
    rows = conn.exec_driver_sql(
        f"SELECT {pk}, distance FROM {table} WHERE embedding MATCH ? AND k = ? "
        "AND user_id = ? ORDER BY distance",
        (np.ascontiguousarray(query, dtype=np.float32).tobytes(), k, user_id),
    ).all()
    return [(int(r[0]), 1.0 - float(r[1])) for r in rows]


def now_ts() -> float:
    """Wall-clock seconds for queue bookkeeping (not user-visible time)."""
    return time.time()
