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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import structlog
from sqlalchemy import text

from memory_core import retrieve
from memory_core.clock import Clock, SystemClock
from memory_core.db.engine import Database
from memory_core.db.migrations import migrate
from memory_core.embed import Embedder, Vectors
from memory_core.errors import InvalidInputError, NotFoundError
from memory_core.executors import Executors
from memory_core.memory_vectors import VectorsMixin
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
    # Added to the nice value of the background threads (learning, vector writes): replies
    # get the CPU first. 0 keeps them at the process's priority.
    background_nice: int = 10
    # Threads for background work: learner lanes, the vector writer, scheduled jobs.
    background_threads: int = 8


class Memory(VectorsMixin):
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
        # The reply path and background work run on their own threads (see executors).
        self.executors = Executors(
            background_workers=self.config.background_threads, nice=self.config.background_nice
        )
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

    def close(self) -> None:
        """Release the database connections and the reply-path threads."""
        self.executors.shutdown()
        self.cache.close()
        self.db.dispose()

    async def run_hot(self, fn: Callable[..., T], *args: object, **kwargs: object) -> T:
        """Run blocking reply-path work on the reply-path threads."""
        return await self.executors.run_hot(fn, *args, **kwargs)

    async def run_background(self, fn: Callable[..., T], *args: object, **kwargs: object) -> T:
        """Run blocking background work (learning, vectors) on the low-priority threads."""
        return await self.executors.run_background(fn, *args, **kwargs)

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
                    return fact_repo.transition(
                        conn,
                        user_id,
                        existing,
                        now,
                        event="mentioned",
                        actor=actor,
                        reason=reason,
                        turn_id=new.source_turn_id,
                        confidence=max(existing.confidence, new.confidence),
                        last_mentioned_at=now,
                        mention_count=existing.mention_count + 1,
                    )
            fact = fact_repo.create(
                conn,
                user_id,
                replace(new, key=key, value_text=value),
                now,
                actor=actor,
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
            fields: dict[str, Any] = {"status": status}
            if status in (Status.SUPERSEDED, Status.EXPIRED, Status.DELETED):
                fields["valid_to"] = now
            if status == Status.DELETED:
                fields["deleted_at"] = now
            name = event or {
                Status.DELETED: "deleted",
                Status.EXPIRED: "expired",
                Status.SUPERSEDED: "superseded",
            }.get(status, "updated")
            after = fact_repo.transition(
                conn, user_id, before, now, event=name, actor=actor, reason=reason, **fields
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
            self.queue_episode_vectors(conn, user_id, ids, episodes)
        return ids

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
        return await self.run_hot(
            self.recent_episodes_blocking, user_id, chat_id=chat_id, limit=limit
        )

    def recent_episodes_blocking(
        self, user_id: str, *, chat_id: str | None = None, limit: int = 20
    ) -> list[Episode]:
        """``recent_episodes`` for callers already on a worker thread."""
        with self.db.read() as conn:
            return episode_repo.recent(conn, user_id, chat_id=chat_id, limit=limit)
