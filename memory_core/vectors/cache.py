"""The matrix cache: per-user float32 vector matrices held in memory for fast searches.

Brute-force vec0 KNN costs ~62 ms at 100k vectors on these machines, a numpy scan ~7 ms
(DESIGN.md), so searches scan a per-(user, kind) matrix cached here (bounded LRU). A matrix is
reloaded (``store.vectors.read_matrix``) when ``vector_versions`` says another writer changed
that user's vectors, brought forward in place by the vector writer's own commits (``apply``),
and searches fall back to vec0 KNN when a user's matrix would not fit the cache.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

from memory_core.embed import Vectors
from memory_core.store import vectors as vec
from memory_core.values import ItemKind

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
        # (user, kind) → the vector version whose matrix did not fit: searches at that version
        # go straight to the store's KNN instead of counting the rows again (a COUNT of a
        # 100k-row user took ~7 ms on PostgreSQL, on every search).
        self._too_big: dict[tuple[str, ItemKind], int] = {}

    @property
    def size_bytes(self) -> int:
        """What the cached matrices hold now (ids and vectors)."""
        return self._bytes

    def knn(
        self, conn: Connection, user_id: str, kind: ItemKind, query: Vectors, k: int
    ) -> list[tuple[int, float]]:
        """The ``k`` nearest items of this user as (id, cosine similarity), best first."""
        current = vec.version(conn, user_id, kind)
        if current == 0:
            return []
        entry = self._get(user_id, kind, current)
        if entry is None and self._too_big.get((user_id, kind)) != current:
            entry = self._load(conn, user_id, kind, current)
        if entry is None:
            return vec.vec0_knn(conn, user_id, kind, query, k)
        if entry.ids.size == 0:
            return []
        sims = self._similarities(entry.matrix, np.asarray(query, dtype=np.float32))
        k = min(k, sims.size)
        top = np.argpartition(sims, sims.size - k)[sims.size - k :]
        top = top[np.argsort(-sims[top])]
        return [(int(entry.ids[i]), float(sims[i])) for i in top]

    def vectors_of(
        self, conn: Connection, user_id: str, kind: ItemKind, ids: Sequence[int]
    ) -> dict[int, Vectors]:
        """The stored vectors of a few of this user's items (from the cached matrix when it is
        current, else from the store); items without a vector are absent."""
        if not ids:
            return {}
        entry = self._get(user_id, kind, vec.version(conn, user_id, kind))
        if entry is None:
            found = {i: vec.stored_vector(conn, kind, i) for i in dict.fromkeys(ids)}
            return {i: v for i, v in found.items() if v is not None}
        rows = np.flatnonzero(np.isin(entry.ids, np.fromiter(ids, dtype=np.int64)))
        return {int(entry.ids[r]): entry.matrix[r] for r in rows}

    def _get(self, user_id: str, kind: ItemKind, current: int) -> _Entry | None:
        with self._lock:
            entry = self._entries.get((user_id, kind))
            if entry is None or entry.version != current:
                return None
            self._entries.move_to_end((user_id, kind))
            return entry

    def _load(self, conn: Connection, user_id: str, kind: ItemKind, current: int) -> _Entry | None:
        loaded = vec.read_matrix(conn, kind, user_id, self.max_bytes)
        with self._lock:
            if loaded is None:
                self._too_big[(user_id, kind)] = current
                return None
            self._too_big.pop((user_id, kind), None)
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
            self._too_big.clear()
            self._bytes = 0

    def close(self) -> None:
        """Forget every matrix and stop the helper thread."""
        self.clear()
        if self._helper is not None:
            self._helper.shutdown()
            self._helper = None
