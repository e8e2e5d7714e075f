"""The in-process asyncio scheduler: cron-like jobs with persisted runs, and per-user lanes.

Scheduled jobs run at cron times in the configured timezone, plus a deterministic jitter.
Each slot is recorded in ``job_runs``: a finished slot is never run again after a restart, a
missed one is run once on start (several missed slots collapse into the latest), and one left
``running`` by a crash is run again (jobs are idempotent). Every run is bounded by a timeout.
Keyed work (one user's consolidation, …) goes through lanes: one key's items run in order, at
most ``parallel`` keys at once. The owner keeps strong references to every task and exposes
``start()``, ``drain()`` and ``aclose()``; ``CancelledError`` is always re-raised.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any

import structlog

from memory_core.clock import Clock
from memory_core.cron import Cron
from memory_core.ops.operations import JobRuns, RunClaim
from memory_core.runtime.executors import Lane

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("bot.scheduler")

JobFn = Callable[[str | None], Awaitable[dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class JobSpec:
    """A scheduled job: its name, cron, body (taking an optional user) and time bound."""

    name: str
    cron: Cron
    run: JobFn
    timeout: float = 1800.0
    description: str = ""


@dataclass(slots=True)
class _JobState:
    spec: JobSpec
    last: datetime | None = None
    running: bool = False


@dataclass(slots=True)
class _Lane:
    items: deque[tuple[str, Callable[[], Awaitable[Any]], asyncio.Future[Any]]] = field(
        default_factory=deque
    )
    task: asyncio.Task[None] | None = None


class Scheduler:
    """Runs scheduled jobs and keyed lanes on the running event loop."""

    def __init__(
        self,
        ctx: Context,
        clock: Clock,
        *,
        tz: tzinfo,
        poll_interval: float = 30.0,
        jitter_s: float = 0.0,
        parallel: int = 2,
        lane_timeout: float = 1800.0,
    ) -> None:
        self.runs = JobRuns(ctx.db, ctx.owner, ctx.config.lease_s)
        self._ctx = ctx  # runs its store work on the background lane
        self.clock = clock
        self.tz = tz
        self.poll_interval = poll_interval
        self.jitter_s = jitter_s
        self.lane_timeout = lane_timeout
        self._jobs: dict[str, _JobState] = {}
        self._lanes: dict[str, _Lane] = {}
        self._tasks: set[asyncio.Task[Any]] = set()  # strong references to every task
        self._main: asyncio.Task[None] | None = None
        self._sem = asyncio.Semaphore(parallel)
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._loaded = False
        self._closing = False

    # ---- configuration ---------------------------------------------------------------------

    def add(self, spec: JobSpec) -> None:
        """Register a scheduled job (before ``start()``)."""
        if spec.name in self._jobs:
            raise ValueError(f"job {spec.name!r} is already scheduled")
        self._jobs[spec.name] = _JobState(spec)

    @property
    def specs(self) -> list[JobSpec]:
        """The registered jobs."""
        return [st.spec for st in self._jobs.values()]

    def spec(self, name: str) -> JobSpec:
        """One registered job by name (``KeyError`` if unknown)."""
        return self._jobs[name].spec

    def jitter(self, name: str, slot: datetime) -> timedelta:
        """A stable delay in [0, jitter_s) for one slot of one job (same after a restart)."""
        if self.jitter_s <= 0:
            return timedelta(0)
        digest = hashlib.sha256(f"{name}:{slot.isoformat()}".encode()).digest()
        return timedelta(
            seconds=int.from_bytes(digest[:4], "big") % int(self.jitter_s * 1000) / 1000
        )

    # ---- lifecycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the scheduling loop (state is loaded from ``job_runs`` first)."""
        if self._main is None:
            self._closing = False
            self._main = asyncio.create_task(self._run_main(), name="scheduler")

    @property
    def alive(self) -> bool:
        """Whether the scheduling loop runs (started and not ended by an error)."""
        return self._main is not None and not self._main.done()

    async def drain(self, timeout: float = 60.0) -> None:
        """Wait until no job is due or running and every lane is empty (tests, CLI)."""

        async def settled() -> None:
            while True:
                self._wake.set()
                await asyncio.sleep(0)
                if self._quiet():
                    return
                self._idle.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._idle.wait(), 0.02)

        await asyncio.wait_for(settled(), timeout)

    async def aclose(self, timeout: float = 10.0) -> None:
        """Stop taking work, let running work finish (up to ``timeout``), cancel the rest.

        A cancelled run stays ``running`` in ``job_runs`` and is run again after a restart.
        """
        self._closing = True
        self._wake.set()
        busy = [t for t in self._tasks if not t.done()]
        if busy:
            _done, pending = await asyncio.wait(busy, timeout=timeout)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        if self._main is not None:
            self._main.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._main
            self._main = None
        for lane in self._lanes.values():
            for _name, _factory, fut in lane.items:
                fut.cancel()
        self._lanes.clear()

    # ---- lanes -----------------------------------------------------------------------------

    def submit(
        self, key: str, name: str, factory: Callable[[], Awaitable[Any]]
    ) -> asyncio.Future[Any]:
        """Queue ``factory()`` in ``key``'s lane; a same-named item already queued (not yet
        running) is reused. The future resolves to its result (``None`` if it failed)."""
        loop = asyncio.get_running_loop()
        lane = self._lanes.setdefault(key, _Lane())
        for queued, _factory, waiting in lane.items:
            if queued == name:
                return waiting
        fut: asyncio.Future[Any] = loop.create_future()
        if self._closing:
            fut.cancel()
            return fut
        lane.items.append((name, factory, fut))
        if lane.task is None:
            lane.task = self._spawn(self._run_lane(key, lane), f"lane:{name}:{key}")
        self._idle.clear()
        return fut

    async def _run_lane(self, key: str, lane: _Lane) -> None:
        try:
            async with self._sem:
                while lane.items and not self._closing:
                    name, factory, fut = lane.items.popleft()
                    result: Any = None
                    with structlog.contextvars.bound_contextvars(job=name, key=key):
                        try:
                            result = await asyncio.wait_for(factory(), self.lane_timeout)
                        except asyncio.CancelledError:
                            fut.cancel()
                            raise
                        except Exception:  # the lane's one outermost guard
                            log.exception("lane_job_failed")
                    if not fut.done():
                        fut.set_result(result)
        finally:
            lane.task = None
            if self._closing:  # closing: queued work will not run; its waiters stop now
                for _name, _factory, waiting in lane.items:
                    waiting.cancel()
                lane.items.clear()
            if not lane.items and self._lanes.get(key) is lane:
                del self._lanes[key]
            self._signal()

    # ---- scheduled jobs --------------------------------------------------------------------

    async def run_now(self, name: str, user_id: str | None = None) -> tuple[str, dict[str, Any]]:
        """Run a job immediately (operators), recorded as a manual run; returns its outcome."""
        spec = self._jobs[name].spec
        now = self.clock.now()
        claim = await self._ctx.lanes.run(Lane.BACKGROUND, self._claim, name, now, "manual")
        status, detail = await self._execute(spec, user_id)
        if claim.run_id is not None:
            await self._ctx.lanes.run(Lane.BACKGROUND, self._finish, claim.run_id, status, detail)
        return status, detail

    def _due(self, st: _JobState, now: datetime) -> datetime | None:
        slot = st.spec.cron.latest_at_or_before(now, self.tz)
        if slot is None or (st.last is not None and slot <= st.last):
            return None
        if now < slot + self.jitter(st.spec.name, slot):
            return None
        return slot

    def _quiet(self) -> bool:
        if self._main is None:
            return not self._lanes
        if not self._loaded:
            return False
        now = self.clock.now()
        busy = any(st.running or self._due(st, now) is not None for st in self._jobs.values())
        return not busy and not self._lanes

    async def _run_main(self) -> None:
        await self._ctx.lanes.run_until_done(
            Lane.BACKGROUND, self._load, failure="scheduler_load_failed"
        )
        self._loaded = True
        while not self._closing:
            now = self.clock.now()
            for st in self._jobs.values():
                slot = None if st.running else self._due(st, now)
                if slot is not None:
                    st.running = True
                    self._spawn(self._run_slot(st, slot), f"job:{st.spec.name}")
            self._signal()
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_interval)

    def _load(self) -> None:
        found = self.runs.resume(self._jobs.keys(), self.clock.now())
        for name, (slot, status) in found.items():
            # A slot left running was interrupted by a crash or shutdown: it is owed again.
            self._jobs[name].last = (
                slot - timedelta(microseconds=1) if status == "running" else slot
            )

    async def _run_slot(self, st: _JobState, slot: datetime) -> None:
        settled = True
        try:
            claim = await self._ctx.lanes.run(
                Lane.BACKGROUND, self._claim, st.spec.name, slot, "schedule"
            )
            if claim.run_id is not None:
                status, detail = await self._execute(st.spec, None)
                await self._ctx.lanes.run(
                    Lane.BACKGROUND, self._finish, claim.run_id, status, detail
                )
            elif claim.elsewhere:
                # Another replica runs this slot: look again at the next poll (if it dies
                # mid-run its lease runs out and this process runs the slot).
                settled = False
                log.info("job_running_elsewhere", job=st.spec.name)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database is away: the slot is still owed, not done
            settled = False
            log.warning("job_claim_failed", job=st.spec.name, error_type=type(exc).__name__)
        finally:
            if settled:
                st.last = slot if st.last is None else max(st.last, slot)
            st.running = False
            if settled:
                self._wake.set()

    async def _execute(self, spec: JobSpec, user_id: str | None) -> tuple[str, dict[str, Any]]:
        with structlog.contextvars.bound_contextvars(job=spec.name, user_id=user_id):
            log.info("job_started")
            try:
                detail = await asyncio.wait_for(spec.run(user_id), spec.timeout)
            except asyncio.CancelledError:
                raise
            except TimeoutError:
                log.warning("job_timed_out", timeout_s=spec.timeout)
                return "failed", {"error": "timeout"}
            except Exception as exc:  # the scheduler's one outermost guard
                log.exception("job_failed")
                return "failed", {"error": type(exc).__name__}
            log.info("job_finished", **{k: v for k, v in detail.items() if k != "event"})
            return "done", detail

    def _claim(self, name: str, slot: datetime, trigger: str) -> RunClaim:
        if not self._ctx.leases.healthy:  # lost the database session: claim nothing yet
            return RunClaim(None, elsewhere=True)
        return self.runs.claim(name, slot, trigger, self.clock.now())

    def _finish(self, run_id: int, status: str, detail: dict[str, Any]) -> None:
        self.runs.finish(run_id, status, self.clock.now(), detail)

    # ---- helpers ---------------------------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _signal(self) -> None:
        if self._quiet():
            self._idle.set()
