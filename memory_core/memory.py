"""The memory facade: one object the bot talks to. Async methods run the store in threads.

It owns the database, the embedder and the vector cache; SQL stays in ``store``; ranking
stays in ``retrieve``. Writes commit first, vectors follow from the persisted queue.
"""

from __future__ import annotations

import asyncio
import re
import threading
import unicodedata
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TypeVar

import numpy as np
import structlog
from sqlalchemy import Connection, text

from memory_core import retrieve
from memory_core.clock import Clock, SystemClock
from memory_core.db.engine import Database
from memory_core.db.migrations import migrate
from memory_core.embed import Embedder, Vectors
from memory_core.errors import EmbedderError, InvalidInputError, NotFoundError
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import vectors as vec
from memory_core.values import (
    RETRIEVABLE,
    Change,
    Episode,
    Fact,
    HistoryEntry,
    ItemKind,
    NewEpisode,
    NewFact,
    SearchFilters,
    SearchHit,
    SearchMode,
    Status,
)
from memory_core.vector_worker import VectorWorker

log = structlog.get_logger("memory_core")
T = TypeVar("T")

MAX_FACT_CHARS = 1000
MAX_EPISODE_CHARS = 16000
MAX_EMBED_CHARS = 2000
EXPLICIT_CONFIDENCE = 0.95
# Control characters, and lone surrogates (JSON "\ud800" escapes decode to them; SQLite and
# the embedder cannot encode them to UTF-8, so they would raise UnicodeEncodeError).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def clean_text(value: str, *, limit: int) -> str:
    """Normalise user text for storage: NFC, no control characters, trimmed, bounded."""
    value = unicodedata.normalize("NFC", value)
    value = _CONTROL.sub("", value).strip()
    if not value:
        raise InvalidInputError("there is nothing to remember in an empty text")
    if len(value) > limit:
        raise InvalidInputError(f"that is too long to remember ({len(value)} > {limit} characters)")
    return value


def key_for(text_value: str) -> str:
    """A stable key for an explicit note with no key of its own: ``note.<first words>``."""
    words = re.findall(r"[^\W_]+", text_value.lower())[:6]
    return "note." + ("_".join(words) or "untitled")


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """Engine settings (filled from pydantic settings by the composition root)."""

    retrieval: retrieve.RetrievalConfig = field(default_factory=retrieve.RetrievalConfig)
    vector_cache_mb: int = 512
    # Small batches keep each vector-write transaction short (the reply path shares the lock).
    vector_batch: int = 16


class Memory:
    """Store, search and audit one bot's memories; every method is scoped to one user."""

    def __init__(
        self,
        db: Database,
        embedder: Embedder | None,
        clock: Clock | None = None,
        config: MemoryConfig | None = None,
    ) -> None:
        self.db = db
        self.embedder = embedder
        self.clock = clock or SystemClock()
        self.config = config or MemoryConfig()
        self.cache = vec.MatrixCache(self.config.vector_cache_mb * 1024 * 1024)
        self.vectors_enabled = False
        self.vector_problem: str | None = None
        self._embed_failing = False
        self._sync_lock = threading.Lock()
        # The reply path runs on its own threads: background learning and embedding can
        # occupy the default executor without delaying a search or a turn's commit.
        self._hot = ThreadPoolExecutor(max_workers=4, thread_name_prefix="membot-hot")
        self.vector_worker: VectorWorker | None = None

    # ---- lifecycle -------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | str,
        embedder: Embedder | None,
        clock: Clock | None = None,
        config: MemoryConfig | None = None,
    ) -> Memory:
        """Open (creating and migrating) the database and check the embedding model lock."""
        db = Database(path)
        try:
            applied = migrate(db)
        except Exception:
            db.dispose()
            raise
        if applied:
            log.info("schema_migrated", path=str(db.path), applied=applied)
        memory = cls(db, embedder, clock, config)
        memory._check_model_lock()
        return memory

    def _check_model_lock(self) -> None:
        if self.embedder is None:
            self.vector_problem = "no embedder configured"
            return
        with self.db.write() as conn:
            meta: dict[str, str] = {
                r[0]: r[1] for r in conn.execute(text("SELECT key, value FROM meta")).all()
            }
            model, dim = meta.get("embedding_model"), meta.get("embedding_dim")
            if model is None:
                vec.create_tables(conn, self.embedder.dim)
                conn.execute(
                    text(
                        "INSERT INTO meta(key, value) VALUES ('embedding_model', :m), "
                        "('embedding_dim', :d)"
                    ),
                    {"m": self.embedder.model_id, "d": str(self.embedder.dim)},
                )
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

    def close(self) -> None:
        """Release the database connections and the reply-path threads."""
        self._hot.shutdown(wait=True)
        self.cache.close()
        self.db.dispose()

    async def run_hot(self, fn: Callable[..., T], *args: object, **kwargs: object) -> T:
        """Run blocking reply-path work on the reply-path threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._hot, partial(fn, *args, **kwargs))

    def start_vector_worker(self) -> None:
        """Write vectors in the background from now on (long-running processes)."""
        if self.vector_worker is None:
            self.vector_worker = VectorWorker(self.sync_vectors_blocking)
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

    # ---- writes ----------------------------------------------------------------------------

    async def remember(
        self,
        user_id: str,
        new: NewFact,
        *,
        actor: str = "user",
        reason: str | None = "explicit remember",
    ) -> Fact:
        """Store a fact; an identical active fact is refreshed instead of duplicated."""
        fact = await asyncio.to_thread(self._remember, user_id, new, actor, reason)
        await self.vectors_settled()
        return fact

    def _remember(self, user_id: str, new: NewFact, actor: str, reason: str | None) -> Fact:
        value = clean_text(new.value_text, limit=MAX_FACT_CHARS)
        key = new.key.strip() or key_for(value)
        now = self.clock.now()
        with self.db.write() as conn:
            for existing in fact_repo.by_key(conn, user_id, key, RETRIEVABLE):
                if existing.value_text.casefold() == value.casefold():
                    after = fact_repo.update(
                        conn,
                        user_id,
                        existing.id,
                        now,
                        confidence=max(existing.confidence, new.confidence),
                        last_mentioned_at=now,
                        mention_count=existing.mention_count + 1,
                    )
                    fact_repo.record_change(
                        conn,
                        user_id,
                        event="mentioned",
                        before=existing,
                        after=after,
                        actor=actor,
                        now=now,
                        reason=reason,
                        turn_id=new.source_turn_id,
                    )
                    return after
            fact = fact_repo.insert(
                conn,
                user_id,
                replace(new, key=key, value_text=value),
                now,
            )
            fact_repo.record_change(
                conn,
                user_id,
                event="created",
                before=None,
                after=fact,
                actor=actor,
                now=now,
                reason=reason,
                turn_id=new.source_turn_id,
            )
            self.queue_fact_vector(conn, fact)
        log.info(
            "fact_created",
            user_id=user_id,
            fact_id=fact.id,
            key=fact.key,
            category=fact.category.value,
            actor=actor,
        )
        return fact

    def queue_fact_vector(self, conn: Connection, fact: Fact) -> None:
        """Queue the fact's vector write (upsert while retrievable, else delete) inside the
        caller's transaction. Jobs are queued even while vectors are disabled by a model
        mismatch, so going back to the locked model loses nothing."""
        if self.embedder is None:
            return
        op = "upsert" if fact.status in RETRIEVABLE else "delete"
        vec.enqueue(conn, "facts", fact.id, fact.user_id, op, vec.now_ts())

    def queue_episode_vectors(self, conn: Connection, user_id: str, ids: Sequence[int]) -> None:
        """Queue vector writes for new episodes inside the caller's transaction."""
        if self.embedder is None:
            return
        vec.enqueue_new(conn, "episodes", ids, user_id, vec.now_ts())

    async def set_status(
        self,
        user_id: str,
        fact_id: int,
        status: Status,
        *,
        actor: str = "user",
        reason: str | None = None,
        event: str | None = None,
    ) -> Fact:
        """Move one of the user's facts to ``status`` (history, revision, vectors follow)."""
        fact = await asyncio.to_thread(
            self._set_status, user_id, fact_id, status, actor, reason, event
        )
        await self.vectors_settled()
        return fact

    def _set_status(
        self,
        user_id: str,
        fact_id: int,
        status: Status,
        actor: str,
        reason: str | None,
        event: str | None,
    ) -> Fact:
        now = self.clock.now()
        with self.db.write() as conn:
            before = fact_repo.get(conn, user_id, fact_id)
            if before is None or before.status == Status.DELETED:
                raise NotFoundError(f"no memory #{fact_id}")
            fields: dict[str, object] = {"status": status}
            if status in (Status.SUPERSEDED, Status.EXPIRED, Status.DELETED):
                fields["valid_to"] = now
            if status == Status.DELETED:
                fields["deleted_at"] = now
            after = fact_repo.update(conn, user_id, fact_id, now, **fields)
            name = event or {
                Status.DELETED: "deleted",
                Status.EXPIRED: "expired",
                Status.SUPERSEDED: "superseded",
            }.get(status, "updated")
            fact_repo.record_change(
                conn,
                user_id,
                event=name,
                before=before,
                after=after,
                actor=actor,
                now=now,
                reason=reason,
            )
            if (before.status in RETRIEVABLE) != (after.status in RETRIEVABLE):
                self.queue_fact_vector(conn, after)
            elif self.vectors_enabled and after.status in RETRIEVABLE:
                vec.set_fact_status(conn, after.id, after.status.value)
        log.info(f"fact_{name}", user_id=user_id, fact_id=fact_id, actor=actor)
        return after

    async def forget(self, user_id: str, fact_id: int, *, actor: str = "user") -> Fact:
        """Soft-delete one fact: status deleted, history row, gone from FTS and vectors."""
        return await self.set_status(user_id, fact_id, Status.DELETED, actor=actor, reason="forget")

    async def forget_matching(self, user_id: str, query: str, *, limit: int = 20) -> list[Fact]:
        """Forget every retrievable fact that contains all the words of ``query``."""
        ids = await asyncio.to_thread(self._all_terms_matches, user_id, query, limit)
        return [await self.forget(user_id, fid) for fid in ids]

    def _all_terms_matches(self, user_id: str, query: str, limit: int) -> list[int]:
        from memory_core import fts
        from memory_core.store.rows import owner_token

        expr = fts.match_expression(query, owner_token(user_id), all_terms=True)
        if expr is None:
            return []
        with self.db.read() as conn:
            rows = conn.execute(
                text(
                    "SELECT f.id FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid "
                    "WHERE facts_fts MATCH :q AND f.user_id = :u "
                    "AND f.status IN ('active','pending_confirmation') "
                    "ORDER BY bm25(facts_fts) LIMIT :lim"
                ),
                {"q": expr, "u": user_id, "lim": limit},
            ).all()
        return [int(r[0]) for r in rows]

    async def record_episodes(self, user_id: str, episodes: Sequence[NewEpisode]) -> list[int]:
        """Record raw turns (text cleaned and bounded); vectors are queued."""
        cleaned = [replace(e, text=clean_text(e.text, limit=MAX_EPISODE_CHARS)) for e in episodes]
        return await asyncio.to_thread(self._record_episodes, user_id, cleaned)

    def _record_episodes(self, user_id: str, episodes: Sequence[NewEpisode]) -> list[int]:
        with self.db.write() as conn:
            ids = episode_repo.insert_many(conn, user_id, episodes)
            self.queue_episode_vectors(conn, user_id, ids)
        return ids

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
        with self.db.write() as conn:
            for q in batch:
                vector = by_key.get((q.kind, q.item_id))
                meta = texts.get((q.kind, q.item_id), ("", ""))[1]
                vec.write(conn, q.kind, q.user_id, q.item_id, vector, meta)
                conn.execute(text("DELETE FROM vector_queue WHERE id = :id"), {"id": q.id})
        return len(batch)

    def _embedder_failed(self, exc: Exception) -> None:
        if not self._embed_failing:
            log.warning("embedder_failed", error=str(exc), fallback="lexical")
        self._embed_failing = True

    def _embedder_ok(self) -> None:
        if self._embed_failing:
            log.info("embedder_recovered")
        self._embed_failing = False

    # ---- reads -----------------------------------------------------------------------------

    async def search(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        kind: ItemKind = "facts",
        filters: SearchFilters | None = None,
        touch: bool = False,
    ) -> list[SearchHit]:
        """Ranked facts or episodes of this user for ``query`` (never raises on odd text)."""
        return await self.run_hot(
            self.search_blocking,
            user_id,
            query,
            k=k,
            mode=mode,
            kind=kind,
            filters=filters,
            touch=touch,
        )

    def search_blocking(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        kind: ItemKind = "facts",
        filters: SearchFilters | None = None,
        touch: bool = False,
        query_vec: Vectors | None = None,
    ) -> list[SearchHit]:
        """The thread-side body of ``search`` (also used by benchmarks and evaluation)."""
        filters = filters or SearchFilters()
        # Cleaned exactly like stored text, so "Lis\x00bon" finds what was stored as "Lisbon".
        query = _CONTROL.sub("", unicodedata.normalize("NFC", query))[:MAX_EPISODE_CHARS]
        if k <= 0 or not query.strip():
            return []
        if query_vec is None and mode != "lexical":
            query_vec = self.embed_query(query)
        if query_vec is None and mode == "vector":
            return []
        with self.db.read() as conn:
            hits = retrieve.search(
                conn,
                self.cache,
                user_id,
                query,
                k=k,
                mode=mode,
                kind=kind,
                filters=filters,
                query_vec=query_vec,
                now=self.clock.now(),
                config=self.config.retrieval,
            )
        if touch and kind == "facts" and hits:
            with self.db.write() as conn:
                fact_repo.touch_accessed(conn, user_id, [h.id for h in hits], self.clock.now())
        return hits

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

    async def get_fact(self, user_id: str, fact_id: int) -> Fact:
        """One of this user's facts (any status but deleted)."""

        def run() -> Fact:
            with self.db.read() as conn:
                fact = fact_repo.get(conn, user_id, fact_id)
            if fact is None or fact.status == Status.DELETED:
                raise NotFoundError(f"no memory #{fact_id}")
            return fact

        return await asyncio.to_thread(run)

    async def list_facts(
        self,
        user_id: str,
        filters: SearchFilters | None = None,
        *,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Fact]:
        """This user's facts, newest first."""

        def run() -> list[Fact]:
            with self.db.read() as conn:
                return fact_repo.list_facts(
                    conn, user_id, filters or SearchFilters(), limit, offset
                )

        return await asyncio.to_thread(run)

    async def history(
        self, user_id: str, *, fact_id: int | None = None, key: str | None = None
    ) -> list[HistoryEntry]:
        """The audit trail of one fact (by id) or of a key, oldest first."""

        def run() -> list[HistoryEntry]:
            with self.db.read() as conn:
                return fact_repo.history(conn, user_id, fact_id=fact_id, key=key)

        return await asyncio.to_thread(run)

    async def changes_since(self, user_id: str, rev: int, limit: int = 50) -> list[Change]:
        """This user's change log entries after ``rev``, newest first."""

        def run() -> list[Change]:
            with self.db.read() as conn:
                return fact_repo.changes_since(conn, user_id, rev, limit)

        return await asyncio.to_thread(run)

    async def recent_episodes(
        self, user_id: str, *, chat_id: str | None = None, limit: int = 20
    ) -> list[Episode]:
        """The user's latest turns, oldest first."""

        def run() -> list[Episode]:
            with self.db.read() as conn:
                return episode_repo.recent(conn, user_id, chat_id=chat_id, limit=limit)

        return await self.run_hot(run)

    # ---- maintenance -----------------------------------------------------------------------

    def reindex_blocking(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Drop every vector, lock the configured model, re-embed all retrievable items."""
        if self.embedder is None:
            raise InvalidInputError("no embedder is configured")
        with self.db.write() as conn:
            vec.drop_tables(conn)
            vec.create_tables(conn, self.embedder.dim)
            conn.execute(text("DELETE FROM vector_queue"))
            conn.execute(
                text(
                    "INSERT INTO meta(key, value) VALUES ('embedding_model', :m), "
                    "('embedding_dim', :d) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                ),
                {"m": self.embedder.model_id, "d": str(self.embedder.dim)},
            )
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
                    ":ts, :ts FROM episodes"
                ),
                {"ts": ts},
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
