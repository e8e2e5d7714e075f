"""The engine's assembly: :func:`open_engine` builds and owns everything memory needs to run.

One :class:`Engine` owns the facade (:class:`~memory_core.memory.Memory`), the learner and
its observer, the LLM usage meter and budget, the vector writer, the leases, the background
jobs and their scheduler, and the bot's run lock. The bot hands in its ports (the embedder,
the clock, an LLM factory) and an events protocol (:class:`Events`) that its notifier
implements: after each learned turn the engine sends one :class:`News` (conflicts to ask,
"still true?" questions), and reflections through ``reflection_ready``.

Start and stop order (the bot interleaves its own servers): ``hold_lock`` → ``start`` →
``resume`` … ``wind_down`` → ``close``; :func:`open_engine` does all of it for a caller with
nothing to interleave.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from memory_core.clock import Clock, SystemClock
from memory_core.config import MemoryConfig
from memory_core.embed import Embedder
from memory_core.engine.jobs import Events, Jobs, JobsConfig
from memory_core.engine.scheduler import Scheduler
from memory_core.extract.base import Extractor
from memory_core.extract.llm import LLMExtractor
from memory_core.extract.rules import RulesExtractor
from memory_core.jobs.dedup import PairJudge, RulesJudge
from memory_core.jobs.enrichment import EntityReader
from memory_core.jobs.insights import InsightWriter
from memory_core.jobs.llm_steps import LLMEntityReader, LLMInsightWriter, LLMJudge, LLMWriter
from memory_core.jobs.reflection import ReflectionWriter, TemplateWriter
from memory_core.learn.arbitrate import Auditor, RulesAuditor
from memory_core.learn.budgeted import BudgetedAuditor, BudgetedExtractor
from memory_core.learn.llm_auditor import LLMAuditor
from memory_core.learn.observer import Observer
from memory_core.learn.pipeline import Learner
from memory_core.llm import LLM, Usage
from memory_core.memory import Memory
from memory_core.ops.admin import RunLock
from memory_core.ops.usage import LLMBudget, UsageMeter
from memory_core.runtime.executors import Lane
from memory_core.runtime.inbox import Inbox
from memory_core.text.language import warm_up

#: Makes a model client for one model id, reporting its usage to the sink it is given.
LLMFactory = Callable[[str, Callable[[Usage], None]], LLM]


@dataclass(frozen=True, slots=True)
class EngineConfig:
    """Where the memory lives and how the engine runs (filled by the composition root)."""

    db: Path | str
    memory: MemoryConfig = field(default_factory=MemoryConfig)
    jobs: JobsConfig = field(default_factory=JobsConfig)
    #: The scheduler's timezone (cron times are read in it).
    timezone: str = "UTC"
    # Learning: worker tasks, retries, how often the outbox is polled, when a session ends.
    observer_workers: int = 4
    observer_max_attempts: int = 5
    observer_retry_base_s: float = 2.0
    observer_poll_s: float = 1.0
    session_silence: timedelta = timedelta(minutes=30)
    # Scheduled jobs: how often the schedule is looked at, jitter, parallel users.
    jobs_poll_s: float = 30.0
    jobs_jitter_s: float = 0.0
    jobs_parallel: int = 2
    #: The daily per-user token allowance of model calls (``None``: no cap).
    llm_daily_tokens_per_user: int | None = None
    #: The model learning and the jobs ask the LLM factory for.
    extract_model: str = ""


@dataclass(frozen=True, slots=True)
class Ports:
    """What the engine takes from outside: the embedder, the clock, the language model."""

    embedder: Embedder | None = None
    clock: Clock = field(default_factory=SystemClock)
    #: ``None``: the offline rules learn, and the jobs that need a model are off.
    llm: LLMFactory | None = None
    #: Given: learning uses these instead of the ones made from ``llm`` (tests, evaluation).
    extractor: Extractor | None = None
    auditor: Auditor | None = None
    #: Writes the weekly reflection offline (the app's, in the user's language; ``None``: the
    #: English template); with a model, it stands in when the model fails.
    reflection_writer: ReflectionWriter | None = None


class Engine:
    """One running memory engine and everything it owns."""

    def __init__(self, config: EngineConfig, ports: Ports, events: Events | None = None) -> None:
        self.config = config
        clock = ports.clock
        self.memory = Memory.open(config.db, ports.embedder, clock=clock, config=config.memory)
        # LLM usage, written to the event log and llm_usage with turn and learning transactions
        self.usage = UsageMeter(clock)
        self.memory.erase_listeners.append(self.usage.forget_user)
        self.budget = LLMBudget(self.memory.ctx, self.usage, config.llm_daily_tokens_per_user)
        self.extractor, self.auditor = self._learning(ports)
        self.observer = Observer(
            Learner(self.memory.ctx, self.extractor, self.auditor, self.usage),
            workers=config.observer_workers,
            max_attempts=config.observer_max_attempts,
            base_delay=config.observer_retry_base_s,
            poll_interval=config.observer_poll_s,
            session_silence=config.session_silence,
        )
        self.scheduler = Scheduler(
            self.memory.ctx,
            clock,
            tz=ZoneInfo(config.timezone),
            poll_interval=config.jobs_poll_s,
            jitter_s=config.jobs_jitter_s,
            parallel=config.jobs_parallel,
            lane_timeout=config.jobs.timeout_s,
        )
        self.jobs = self._jobs(ports, events)
        for spec in self.jobs.specs():
            self.scheduler.add(spec)
        self.observer.on_result = self.jobs.after_turn
        #: The bot's run lock (``hold_lock``): one bot per SQLite file.
        self.lock: RunLock | None = None

    def _learning(self, ports: Ports) -> tuple[Extractor, Auditor]:
        """The extractor and auditor: given, made from the model, or the offline rules."""
        extractor: Extractor = RulesExtractor()
        auditor: Auditor = RulesAuditor()
        if ports.llm is not None:
            small = ports.llm(self.config.extract_model, self.usage.record)
            extractor, auditor = LLMExtractor(small), LLMAuditor(small)
            if self.budget.limit:
                # The cap is on the user's spend: past it, their turns are learned by the rules.
                extractor = BudgetedExtractor(extractor, RulesExtractor(), self.budget)
                auditor = BudgetedAuditor(auditor, RulesAuditor(), self.budget)
        return ports.extractor or extractor, ports.auditor or auditor

    def _jobs(self, ports: Ports, events: Events | None) -> Jobs:
        """The background jobs, with their model steps when there is a model."""
        judge: PairJudge = RulesJudge()
        offline: ReflectionWriter = ports.reflection_writer or TemplateWriter()
        writer = offline
        # Insights are a judgement: no offline stand-in, the job is off without a model.
        insight_writer: InsightWriter | None = None
        entity_reader: EntityReader | None = None
        small: LLM | None = None
        if ports.llm is not None:
            small = ports.llm(self.config.extract_model, self.usage.record)
            judge, writer = LLMJudge(small), LLMWriter(small, fallback=offline)
            insight_writer = LLMInsightWriter(small)
            entity_reader = LLMEntityReader(small)
        return Jobs(
            self.memory,
            events,
            self.scheduler,
            extractor=self.extractor,
            auditor=self.auditor,
            judge=judge,
            writer=writer,
            insight_writer=insight_writer,
            entity_reader=entity_reader,
            config=self.config.jobs,
            llm=small,
        )

    @property
    def events(self) -> Events | None:
        """Who the engine tells about conflicts, questions and reflections."""
        return self.jobs.events

    @events.setter
    def events(self, events: Events | None) -> None:
        self.jobs.events = events

    def inbox(self, platform: str) -> Inbox:
        """The webhook inbox of ``platform`` (received updates, leased per chat in order)."""
        return Inbox(self.memory.ctx, platform)

    # ---- lifecycle -------------------------------------------------------------------------

    async def hold_lock(self) -> RunLock:
        """Take the bot's run lock (held until ``close``: ``membot admin restore`` refuses
        while it is), and keep it across a lost database session."""
        self.lock = self.lock or RunLock.for_database(self.memory.db)
        await asyncio.to_thread(self.lock.acquire_bot)
        return self.lock

    def release_lock(self) -> None:
        """Let go of the run lock (start-up failed after ``hold_lock``)."""
        if self.lock is not None:
            self.lock.release()

    async def start(self) -> None:
        """Start background work (unfinished work of an earlier run resumes), once the
        language model is loaded."""
        memory = self.memory
        # The event loop reads every message's language: a message taken before the model's
        # load (~2 s of CPU) is done waited for it on the loop, and every reply in flight
        # with it (loop stalls of 0.3-1 s at the start of `membot bench telegram`).
        await asyncio.to_thread(warm_up)
        # Work an earlier process left half done resumes now (SQLite: it was the only one).
        await memory.run(Lane.BACKGROUND, memory.leases.release_orphans)
        if self.lock is not None:
            # A lost database session (a PostgreSQL restart) takes the bot lock with it: it
            # is taken again with the liveness lock, before this process claims work again.
            memory.leases.on_reconnect.append(self.lock.reconnect)
        await memory.leases.start()
        self.observer.start()
        self.scheduler.start()
        memory.vectors.start_writer()  # catches up on vectors queued by an earlier run

    async def resume(self) -> None:
        """Finish what a dead process left half done after start (a link's merge, an
        erasure)."""
        await self.memory.resume_links()
        await self.memory.resume_erasures()

    def problems(self) -> list[str]:
        """Background loops that stopped (for readiness)."""
        return [
            f"{name} stopped"
            for name, alive in (
                ("learning", self.observer.alive),
                ("scheduler", self.scheduler.alive),
                ("lease keeper", self.memory.leases.alive),
            )
            if not alive
        ]

    async def run_job(self, name: str, user_id: str | None = None) -> tuple[str, dict[str, Any]]:
        """Run one scheduled job now (``KeyError`` for an unknown one, before anything runs)
        and wait for the per-user work it started; its status and summary."""
        self.scheduler.spec(name)
        result = await self.scheduler.run_now(name, user_id)
        await self.scheduler.drain()
        return result

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait until background work for everything so far is done: learning, then the
        per-user jobs it triggered (consolidation), then their vectors (learning and jobs
        each within ``timeout`` seconds, else ``TimeoutError``)."""
        await self.observer.drain(timeout)
        await self.scheduler.drain(timeout)
        await self.observer.drain(timeout)
        await self.memory.vectors.drain()

    async def wind_down(self) -> None:
        """Stop scheduled jobs and finish in-flight learning, then the leases."""
        # Scheduled jobs and learning wind down together, each within its own 10 s (in turn,
        # they added up under load: docs/deploy.md, "Stopping").
        await asyncio.gather(self.scheduler.aclose(), self.observer.aclose())
        await self.memory.leases.aclose()

    async def close(self) -> None:
        """Stop the vector writer, release the database, then the run lock."""
        await self.memory.vectors.stop_writer()
        self.memory.close()
        self.release_lock()


@asynccontextmanager
async def open_engine(
    config: EngineConfig, ports: Ports, events: Events | None = None, *, lock: bool = False
) -> AsyncIterator[Engine]:
    """Open the engine on ``config.db``, start its background work, and stop it on exit
    (``lock``: hold the bot's run lock meanwhile, as a running bot does)."""
    engine = Engine(config, ports, events)
    try:
        if lock:
            await engine.hold_lock()
        await engine.start()
        await engine.resume()
        yield engine
    finally:
        await engine.wind_down()
        await engine.close()
