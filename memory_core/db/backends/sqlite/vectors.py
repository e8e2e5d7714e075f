"""The vector index on SQLite: sqlite-vec's vec0 tables, one partition per user, cosine
distance, status/role metadata; a user's whole matrix is read from vec0's chunks."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection
from sqlalchemy.exc import OperationalError

from memory_core.db.backend import Matrix, VectorTable
from memory_core.values import ItemKind

#: Matrix per vec0 chunk. vec0 allocates whole chunks per partition (user): the default
#: 1,024 made 200 one-fact users cost 320 MB on disk; 64 made it 20 MB. Big users are served
#: by the matrix cache, so the extra chunks do not slow their searches.
CHUNK_SIZE = 64


class _UnknownLayout(Exception):
    """vec0's shadow tables are not laid out as ``_read_chunks`` expects."""


#: The sqlite-vec release whose shadow-table layout ``_read_chunks`` reads (pinned in pyproject).
_CHUNK_LAYOUT = "v0.1.9"


def _read_chunks(
    conn: Connection, table: str, user_id: str, dim: int, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Matrix] | None:
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
    conn: Connection, vt: VectorTable, user_id: str, dim: int, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Matrix] | None:
    """The user's ids and vectors through the vec0 interface (slow; any sqlite-vec version)."""
    table, pk = vt.name, vt.pk
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


def create_tables(conn: Connection, tables: Sequence[VectorTable], dim: int) -> None:
    """Create the vec0 tables for vectors of ``dim`` dimensions (idempotent)."""
    for t in tables:
        conn.exec_driver_sql(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS {t.name} USING vec0("
            f"{t.pk} INTEGER PRIMARY KEY, user_id TEXT PARTITION KEY, {t.meta} TEXT, "
            f"embedding FLOAT[{dim}] distance_metric=cosine, chunk_size={CHUNK_SIZE})"
        )


def write(
    conn: Connection,
    table: VectorTable,
    user_id: str,
    item_id: int,
    vector: Matrix | None,
    meta: str,
) -> None:
    """Upsert (``vector`` given) or delete one item's vector."""
    name, pk = table.name, table.pk
    # vec0 has no UPSERT: delete then insert.
    conn.exec_driver_sql(f"DELETE FROM {name} WHERE {pk} = ?", (item_id,))
    if vector is not None:
        conn.exec_driver_sql(
            f"INSERT INTO {name} ({pk}, user_id, {table.meta}, embedding) VALUES (?, ?, ?, ?)",
            (item_id, user_id, meta, np.ascontiguousarray(vector, dtype=np.float32).tobytes()),
        )


def insert_many(
    conn: Connection,
    table: VectorTable,
    user_id: str,
    item_ids: Sequence[int],
    matrix: Matrix,
    meta: str,
) -> None:
    """Insert vectors of items that have none yet (bulk fill)."""
    conn.exec_driver_sql(
        f"INSERT INTO {table.name} ({table.pk}, user_id, {table.meta}, embedding) "
        "VALUES (?, ?, ?, ?)",
        [(int(i), user_id, meta, matrix[n].tobytes()) for n, i in enumerate(item_ids)],
    )


def version(conn: Connection, user_id: str, kind: ItemKind) -> int:
    """The user's vector version for ``kind`` (0 if never written)."""
    # Runs before every vector search: the driver-level call skips SQLAlchemy's text()
    # compilation (~45 → ~14 µs here).
    v = conn.exec_driver_sql(
        "SELECT version FROM vector_versions WHERE user_id = ? AND item_kind = ?",
        (user_id, kind),
    ).scalar()
    return int(v or 0)


def read_matrix(
    conn: Connection, table: VectorTable, user_id: str, max_bytes: int
) -> tuple[npt.NDArray[np.int64], Matrix] | None:
    """All of the user's ids and vectors; ``None`` when they would take over ``max_bytes``."""
    dim = _dim(conn, table.name)
    try:
        return _read_chunks(conn, table.name, user_id, dim, max_bytes)
    except (_UnknownLayout, OperationalError):
        return _read_rows(conn, table, user_id, dim, max_bytes)


def knn(
    conn: Connection, table: VectorTable, user_id: str, query: Matrix, k: int
) -> list[tuple[int, float]]:
    """The ``k`` nearest items of this user by vec0's own KNN, as (id, cosine similarity)."""
    rows = conn.exec_driver_sql(
        f"SELECT {table.pk}, distance FROM {table.name} WHERE embedding MATCH ? AND k = ? "
        "AND user_id = ? ORDER BY distance",
        (np.ascontiguousarray(query, dtype=np.float32).tobytes(), k, user_id),
    ).all()
    return [(int(r[0]), 1.0 - float(r[1])) for r in rows]


def stored_vector(conn: Connection, table: VectorTable, item_id: int) -> Matrix | None:
    """One item's stored vector (``None`` if it has none yet)."""
    blob = conn.exec_driver_sql(
        f"SELECT embedding FROM {table.name} WHERE {table.pk} = ?", (item_id,)
    ).scalar()
    if blob is None:
        return None
    out: Matrix = np.frombuffer(blob, dtype=np.float32).copy()
    return out


def _dim(conn: Connection, table: str) -> int:
    sql = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE name = ?", (table,)
    ).scalar_one()
    start = sql.upper().index("FLOAT[") + len("FLOAT[")
    return int(sql[start : sql.index("]", start)])
