"""What the engine's parts work with: one small object instead of the facade.

A :class:`Context` holds the database, its thread lanes (``lanes.run/read/write``), the clock,
the vector index, the settings, the embedder and this process's id. Every part below the
facade (search, learning, jobs, imports, links, groups) takes one; only the facade
(:class:`~memory_core.memory.Memory`) builds it, so no part names the class that calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import structlog

from memory_core.clock import Clock, SystemClock
from memory_core.config import MemoryConfig
from memory_core.db.engine import Database
from memory_core.embed import Embedder
from memory_core.errors import EmbedderError
from memory_core.extract.explicit import detect_explicit
from memory_core.runtime.executors import Executors, Lanes
from memory_core.runtime.leases import LeaseKeeper, process_id
from memory_core.store import meta
from memory_core.text.sensitivity_meaning import SensitivityModel
from memory_core.values import SENSITIVE_CATEGORIES, TOPIC_CATEGORY, Category, NewFact
from memory_core.vectors import VectorIndex

log = structlog.get_logger("memory_core")


@dataclass(eq=False, slots=True)
class Context:
    """The database, its lanes, the clock, the vectors and the settings of one engine."""

    db: Database
    lanes: Lanes
    clock: Clock
    config: MemoryConfig
    embedder: Embedder | None
    #: The sensitivity model's second reader (by meaning), when the embedder is the one its
    #: weights were trained on; None: the rules decide alone.
    sensitivity: SensitivityModel | None
    vectors: VectorIndex
    #: This process's id as the holder of leases (several replicas on one database).
    owner: str
    #: Called with a user id once that user is erased: whoever keeps something of a user
    #: in memory (the LLM usage meter) drops it, so nothing is written back later.
    erase_listeners: list[Callable[[str], None]] = field(default_factory=list)
    leases: LeaseKeeper = field(init=False)

    def __post_init__(self) -> None:
        self.leases = LeaseKeeper(self)

    @classmethod
    def build(
        cls,
        db: Database,
        embedder: Embedder | None,
        clock: Clock | None = None,
        config: MemoryConfig | None = None,
    ) -> Context:
        """The context of an engine on ``db``: its threads, its vector index, its id."""
        config = config or MemoryConfig()
        # The reply path and background work run on their own threads (see executors).
        executors = Executors(
            background_workers=config.background_threads, nice=config.background_nice
        )
        vectors = VectorIndex(
            db,
            embedder,
            executors,
            cache_bytes=config.vector_cache_mb * 1024 * 1024,
            batch=config.vector_batch,
        )
        return cls(
            db=db,
            lanes=Lanes(db, executors),
            clock=clock or SystemClock(),
            config=config,
            embedder=embedder,
            sensitivity=SensitivityModel.for_embedder(embedder),
            vectors=vectors,
            owner=process_id(),
        )

    def close(self) -> None:
        """Release the threads, the cached vector matrices and the database connections."""
        self.lanes.shutdown()
        self.vectors.close()
        self.db.dispose()

    def learns_from(self, text: str) -> bool:
        """Whether a user's message is learned from: every one with auto-extraction on, else
        only an explicit request ("remember that …", ``/remember …``)."""
        return self.config.auto_extract or detect_explicit(text.strip(), False)[0]

    def read_by_meaning(self, new: NewFact) -> NewFact:
        """``new`` marked sensitive when the sensitivity model reads it so by meaning (thread
        side, before the write transaction; unchanged without the model or when the embedder
        fails: the rules still read it on the write path)."""
        if self.sensitivity is None or new.sensitive or new.category in SENSITIVE_CATEGORIES:
            return new
        try:
            (topic,) = self.sensitivity.topics([new.value_text])
        except EmbedderError as exc:
            log.warning("sensitivity_meaning_failed", error=str(exc))
            return new
        if topic is None:
            return new
        filed = TOPIC_CATEGORY.get(topic)
        category = filed if filed and new.category == Category.OTHER else new.category
        return replace(new, sensitive=True, category=category)

    def installation_secret(self, name: str, factory: Callable[[], str]) -> str:
        """A per-installation secret kept in the database (made once by ``factory``)."""
        with self.db.read() as conn:
            made = meta.get(conn, name)
        if made is not None:
            return made
        # Made once per installation: only then the database-wide lock (one row every user
        # shares; two processes making it at once must agree on one).
        with self.db.write() as conn:
            return meta.get_or_create(conn, name, factory)
