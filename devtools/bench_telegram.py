"""``membot bench telegram``: simulated users chat with the real bot through the fake Bot API.

This process runs the bot as ``membot run`` would, on a temporary database with the offline
responder: python-telegram-bot long polling, the Telegram adapter, the bot, the observer, the
background jobs. The fake Bot API server and the simulated users run in a child process
(``devtools.telegram_load``): like Telegram and its users, they do not share the bot's
interpreter, only the machine's cores. Each simulated user sends its messages one after
another, pausing 0.5-1.5 × ``think_ms`` after each reply (0 turns the run into a saturation
test, where latency is mostly queueing). Reply latency is measured from the moment an update
is made available to the moment the bot's ``sendMessage`` reaches the fake; the fake answers
at once, so the figure excludes the real Bot API's own latency. It includes python-telegram-bot's
long poll and both HTTP requests, so the bot's own time is measured too, in this process
(``OwnTime``): from python-telegram-bot having the update (its poll hands it to the
application's queue) to the reply's ``sendMessage`` request leaving (the rate limiter, the last
step before HTTP) — what issue 23's "a reply's own time p95 ≤ 60 ms" is about.

``responder="llm"`` answers through the Anthropic reply path (real SDK, memory tools offered,
prompt caching) against a fake Messages API in the users' process that answers every call after
a fixed delay: both figures are also given less that delay. Learning stays
on the offline rules, so the fake answers replies only.

``minutes`` makes it a soak: the users go round their scripts until the time is up, and every
``sample_s`` seconds (60) the report gains a row — that interval's turns, reply p50/p95 and the
bot process's resident memory — so a leak or a latency drift shows as a trend, not a number.

Development tooling (not in the wheel): ``membot bench telegram`` imports it from a checkout.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import SecretStr
from rich.table import Table

from adapters.telegram import TelegramAdapter, TelegramConfig
from bot import app as composition
from bot.config import Settings
from bot.metrics_server import resident_bytes
from devtools.replicas import ReplicaSet, cpu_seconds
from memory_core import LearnResult, RulesAuditor, RulesExtractor
from memory_core.benchmarks import Percentiles, latency
from memory_core.db.engine import Database
from memory_core.db.maintenance import pg_backend_pid, pg_scratch_database
from memory_core.errors import MemoryCoreError
from memory_core.ops.admin import stats as admin_stats

TARGET_P95_MS = 100.0
#: A reply's own time (update in hand → its ``sendMessage`` leaving), offline, p95 (issue 23).
TARGET_OWN_P95_MS = 60.0
#: The users' process sends every latency of a run on one line: far past asyncio's 64 KiB
#: default for a stream line (100 users × 40 messages crashed the report).
STREAM_LIMIT = 64 * 1024 * 1024
#: The checkout's root: the simulated users' process runs ``-m devtools.telegram_load`` there.
CHECKOUT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True, slots=True)
class TelegramBench:
    """What to run: simulated users, messages each, pause after each reply (the defaults are
    the CLI's)."""

    users: int
    messages: int
    think_ms: float  # mean pause after each reply (0.5-1.5 × this)
    reply_timeout_s: float = 120.0
    learn_timeout_s: float = 1800.0
    responder: Literal["offline", "llm"] = "offline"
    #: The fake Messages API's fixed answer delay (``responder="llm"``).
    llm_delay_ms: float = 300.0
    #: A soak: run this long (``messages`` is then the script length users cycle through).
    minutes: float | None = None
    sample_s: float = 60.0
    #: A PostgreSQL server (``postgresql://`` URL of any database on it): the run gets a
    #: scratch database there, dropped afterwards (default: a temporary SQLite file).
    db: str | None = None
    #: Run the bot as this many ``membot run`` processes in webhook mode behind the fake (it
    #: plays the load balancer), instead of in this process with long polling (0).
    replicas: int = 0
    #: Replicas mode: they reach the database through a proxy adding this much to each round
    #: trip, as a database on another machine (0: directly).
    rtt_ms: float = 0.0


@dataclass(frozen=True, slots=True)
class Sample:
    """One sampling interval of a soak."""

    index: int
    turns: int
    latency: Percentiles
    rss_mb: float
    #: What the vector matrix cache holds then: memory that grows with the users' data (each
    #: turn's episodes are embedded and cached), not a leak.
    vector_cache_mb: float = 0.0
    #: The bot's own time of the replies sent in the interval (see ``OwnTime``).
    own: Percentiles | None = None

    def as_json(self) -> dict[str, Any]:
        """The row as JSON."""
        return {
            "sample": self.index,
            "turns": self.turns,
            "reply_latency_ms": self.latency.as_json(),
            "own_time_ms": self.own.as_json() if self.own is not None else None,
            "rss_mb": round(self.rss_mb, 1),
            "vector_cache_mb": round(self.vector_cache_mb, 1),
        }


class OwnTime:
    """The bot's own time per reply, measured in the bot's process: from python-telegram-bot
    having the update (its polling loop puts it on the application's queue, right after
    reading and parsing ``getUpdates``' answer) to the reply's ``sendMessage`` request leaving
    (the rate limiter is the last step before HTTP). Everything the bot does in between is
    in it — the queue, per-chat order, the handler, recall, the answer, the commit, a
    "typing…" request the reply waits for — and nothing of the poll or the HTTP around it.

    Matched per chat: each simulated user waits for the reply before writing again, so a
    chat has one update in flight; its first ``sendMessage`` is its reply.
    """

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._since: dict[str, float] = {}
        #: Milliseconds, one per reply, in the order the replies left.
        self.ms: list[float] = []
        self._taken = 0

    def received(self, chat_id: object) -> None:
        """An update of ``chat_id`` is in the bot's hands."""
        self._since[str(chat_id)] = self._clock()

    def sending(self, chat_id: object) -> None:
        """A ``sendMessage`` to ``chat_id`` is leaving: the first after an update is its reply."""
        since = self._since.pop(str(chat_id), None)
        if since is not None:
            self.ms.append((self._clock() - since) * 1000)

    def since_last(self) -> list[float]:
        """The replies timed since the previous call (a soak's interval)."""
        window, self._taken = self.ms[self._taken :], len(self.ms)
        return window

    def install(self, app: Any) -> None:
        """Time ``app`` (a python-telegram-bot ``Application`` with a rate limiter)."""
        queue = app.update_queue
        put = queue.put
        limiter = app.bot.rate_limiter
        process = limiter.process_request

        async def received(update: Any) -> None:
            chat = getattr(update, "effective_chat", None)
            if chat is not None:
                self.received(chat.id)
            await put(update)

        async def sending(**call: Any) -> Any:
            if call["endpoint"] == "sendMessage":
                self.sending(call["data"].get("chat_id"))
            return await process(**call)

        queue.put = received
        limiter.process_request = sending


class LoopLag:
    """How late the bot's event loop wakes a timer set every ``interval_s`` while the users
    talk: what a reply waits for the loop (python-telegram-bot, the handlers, learning's steps
    on the loop) beyond the work of its own."""

    def __init__(self, interval_s: float = 0.05) -> None:
        self.interval_s = interval_s
        #: Milliseconds late, one per wake-up.
        self.ms: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval_s
            await asyncio.sleep(self.interval_s)
            self.ms.append(max(0.0, (loop.time() - due) * 1000))

    def start(self) -> None:
        """Start watching (on the running loop)."""
        self._task = asyncio.create_task(self._watch())

    async def stop(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


def rss_mb() -> float:
    """This process's resident memory now, in MiB."""
    return resident_bytes() / 2**20


@dataclass(slots=True)
class TelegramBenchReport:
    """The figures of one run."""

    bench: TelegramBench
    embedder: str
    turns: int
    replies: int
    unexpected: int
    learned: int
    duration_s: float
    learn_drain_s: float
    latency_ms: list[float] = field(repr=False, default_factory=list)
    #: The fake Messages API's figures (``responder="llm"``): calls, cache hit rate, …
    llm: dict[str, Any] | None = None
    #: A soak's rows, one per sampling interval.
    samples: list[Sample] = field(default_factory=list)
    #: Replicas mode: CPU seconds each part used during the run (replicas, PostgreSQL's
    #: processes, the simulated users and fake Bot API), to show where the cores went.
    cpu_s: dict[str, float] = field(default_factory=dict)
    #: The bot's own time per reply (``OwnTime``); empty with replicas (other processes).
    own_ms: list[float] = field(repr=False, default_factory=list)
    #: How late the bot's event loop woke a 50 ms timer while the users talked (``LoopLag``).
    loop_lag_ms: list[float] = field(repr=False, default_factory=list)

    @property
    def drift(self) -> dict[str, float] | None:
        """A soak's trend: last interval's RSS and p95 against the first full one's (the
        first interval includes start-up and warm-up, so the second is the baseline)."""
        rows = self.samples[1:] if len(self.samples) > 2 else self.samples
        if len(rows) < 2:
            return None
        first, last = rows[0], rows[-1]
        return {
            "rss_mb_first": round(first.rss_mb, 1),
            "rss_mb_last": round(last.rss_mb, 1),
            "rss_growth_mb": round(last.rss_mb - first.rss_mb, 1),
            # The growth that is not the users' cached vectors (what a leak would show as).
            "rss_growth_besides_vector_cache_mb": round(
                (last.rss_mb - last.vector_cache_mb) - (first.rss_mb - first.vector_cache_mb), 1
            ),
            "p95_ms_first": round(first.latency.p95, 3),
            "p95_ms_last": round(last.latency.p95, 3),
            "p95_ratio": round(last.latency.p95 / first.latency.p95, 3)
            if first.latency.p95
            else 0.0,
        }

    @property
    def delay_ms(self) -> float:
        """The fake model's fixed delay inside each turn's latency (0 offline)."""
        return self.bench.llm_delay_ms if self.bench.responder == "llm" else 0.0

    @property
    def overhead(self) -> Percentiles:
        """Latency per turn minus the fake model's delay (the poll and HTTP still in it)."""
        return Percentiles.of([x - self.delay_ms for x in self.latency_ms])

    @property
    def throughput(self) -> float:
        """Answered turns per second of wall time."""
        return self.replies / self.duration_s if self.duration_s else 0.0

    @property
    def percentiles(self) -> Percentiles:
        """Reply latency p50/p95 in milliseconds."""
        return Percentiles.of(self.latency_ms)

    @property
    def all_delivered(self) -> bool:
        """Every turn got exactly one reply."""
        return self.replies == self.turns and self.unexpected == 0

    @property
    def all_learned(self) -> bool:
        """Every turn went through background learning."""
        return self.learned == self.turns

    @property
    def meets_target(self) -> bool:
        """p95 of the end-to-end latency (less the fake model's delay) within its target."""
        return self.overhead.p95 <= TARGET_P95_MS

    @property
    def own(self) -> Percentiles:
        """The bot's own time per reply p50/p95, less the fake model's delay (``OwnTime``)."""
        return Percentiles.of([x - self.delay_ms for x in self.own_ms])

    @property
    def meets_own_target(self) -> bool | None:
        """p95 of a reply's own time within issue 23's target (``None``: not measured)."""
        return self.own.p95 <= TARGET_OWN_P95_MS if self.own_ms else None

    def as_json(self) -> dict[str, Any]:
        """The stable JSON shape of ``membot bench telegram --json``."""
        return {
            "bench": "telegram",
            "users": self.bench.users,
            "messages_per_user": self.bench.messages,
            "think_ms": self.bench.think_ms,
            "embedder": self.embedder,
            "responder": self.bench.responder,
            "llm_delay_ms": self.delay_ms,
            "turns": self.turns,
            "replies_delivered": self.replies,
            "unexpected_messages": self.unexpected,
            "turns_learned": self.learned,
            "all_delivered": self.all_delivered,
            "all_learned": self.all_learned,
            "duration_s": round(self.duration_s, 3),
            "throughput_turns_per_s": round(self.throughput, 2),
            "reply_latency_ms": {
                **self.percentiles.as_json(),
                "max": round(max(self.latency_ms, default=0.0), 3),
            },
            "overhead_ms": self.overhead.as_json(),
            # The bot's own time, measured in its process (less the fake model's delay).
            "own_time_ms": {
                **self.own.as_json(),
                "max": round(max(self.own_ms, default=0.0) - self.delay_ms, 3),
                "replies": len(self.own_ms),
            }
            if self.own_ms
            else None,
            "target_own_p95_ms": TARGET_OWN_P95_MS,
            "loop_lag_ms": {
                **Percentiles.of(self.loop_lag_ms).as_json(),
                "max": round(max(self.loop_lag_ms), 3),
            }
            if self.loop_lag_ms
            else None,
            "meets_own_target": self.meets_own_target,
            "llm": self.llm,
            "learn_drain_s": round(self.learn_drain_s, 3),
            "target_p95_ms": TARGET_P95_MS,
            "meets_target": self.meets_target,
            "replicas": self.bench.replicas,
            "rtt_ms": self.bench.rtt_ms,
            "cpu_s": {k: round(v, 2) for k, v in self.cpu_s.items()},
            "soak_minutes": self.bench.minutes,
            "samples": [s.as_json() for s in self.samples],
            "drift": self.drift,
        }


class _LoadProcess:
    """The child process running the fake Bot API and the simulated users (one JSON line
    per message, see ``devtools.telegram_load``)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, bench: TelegramBench, targets: list[str] | None = None) -> _LoadProcess:
        return await cls.spawn(
            "-m",
            "devtools.telegram_load",
            "--users",
            str(bench.users),
            "--messages",
            str(bench.messages),
            "--think-ms",
            str(bench.think_ms),
            "--reply-timeout-s",
            str(bench.reply_timeout_s),
            *(["--llm-delay-ms", str(bench.llm_delay_ms)] if bench.responder == "llm" else []),
            *(
                ["--minutes", str(bench.minutes), "--sample-s", str(bench.sample_s)]
                if bench.minutes
                else []
            ),
            *(["--webhook-targets", ",".join(targets)] if targets else []),
        )

    @classmethod
    async def spawn(cls, *args: str) -> _LoadProcess:
        """``python *args`` in the checkout, its lines read past the 64 KiB default."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=CHECKOUT,
            limit=STREAM_LIMIT,
        )
        return cls(proc)

    async def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def receive(self, timeout: float) -> dict[str, Any]:
        assert self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        if not raw:
            raise MemoryCoreError("the simulated users' process ended early (see its stderr)")
        message: dict[str, Any] = json.loads(raw)
        if "error" in message:
            raise MemoryCoreError(f"simulated users: {message['error']}")
        return message

    async def close(self) -> None:
        if self.proc.returncode is None:
            if self.proc.stdin is not None and not self.proc.stdin.is_closing():
                self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def run_telegram_bench(
    bench: TelegramBench,
    settings: Settings,
    *,
    workdir: Path | None = None,
    progress: Callable[[str], None] = lambda _msg: None,
) -> TelegramBenchReport:
    """Run the simulation on a temporary database and report the figures."""
    settings = settings.model_copy(update={"anthropic_api_key": None})
    with contextlib.ExitStack() as stack:
        tmp = Path(
            stack.enter_context(tempfile.TemporaryDirectory(dir=workdir, prefix="membot-bench-tg-"))
        )
        db: str | Path = tmp / "bench.db"
        if bench.db is not None:
            name = f"membot_bench_{os.getpid()}_{bench.responder}"
            db = stack.enter_context(pg_scratch_database(bench.db, name))
        if bench.replicas:
            if not isinstance(db, str):
                raise MemoryCoreError("replicas share one PostgreSQL database: give --db")
            return await _run_replicas(bench, settings, db, tmp, progress)
        load = await _LoadProcess.start(bench)
        try:
            return await _run(bench, settings, load, db, progress)
        finally:
            await load.close()


async def _run(
    bench: TelegramBench,
    settings: Settings,
    load: _LoadProcess,
    db: str | Path,
    progress: Callable[[str], None],
) -> TelegramBenchReport:
    server = await load.receive(60)
    if bench.responder == "llm":
        settings = settings.model_copy(
            update={
                "anthropic_api_key": SecretStr("sk-bench"),
                "anthropic_base_url": server["anthropic_base_url"],
                "anthropic_max_retries": 0,
            }
        )
    progress("loading the embedder")
    # Learning on the offline rules in both modes: the fake model answers replies only.
    runtime = composition.build_runtime(
        settings,
        db=db,
        extractor=RulesExtractor(),
        auditor=RulesAuditor(),
    )
    learned: set[str] = set()
    notify = runtime.observer.on_result

    async def count(result: LearnResult) -> None:
        learned.add(result.turn_id)
        if notify is not None:
            await notify(result)

    runtime.observer.on_result = count
    embedder = runtime.memory.embedder
    adapter = TelegramAdapter(
        runtime.handler,
        TelegramConfig(
            token=server["token"],
            base_url=server["base_url"],
            base_file_url=server["base_file_url"],
            poll_timeout=10,
            # As ``membot run`` does: MEMBOT_STREAM_REPLIES / MEMBOT_STREAM_EDIT_INTERVAL_S.
            stream_edit_interval_s=(
                settings.stream_edit_interval_s if settings.stream_replies else None
            ),
        ),
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    await adapter.start()
    composition.freeze_start_up_heap()  # as `membot run` does once its platforms serve
    own = OwnTime()
    own.install(adapter.app)
    lag = LoopLag()
    try:
        what = f"{bench.minutes:g} min" if bench.minutes else f"{bench.messages} messages"
        progress(f"{bench.users} users × {what} ({bench.responder})")
        started = time.perf_counter()
        await load.send("go")
        lag.start()
        samples: list[Sample] = []
        budget = bench.reply_timeout_s * bench.messages + 60
        if bench.minutes:
            budget = bench.minutes * 60 + bench.reply_timeout_s + 60
        while "sample" in (ran := await load.receive(budget)):
            latencies = [float(x) for x in ran["latency_ms"]]
            cached = runtime.memory.vectors.cache.size_bytes / 2**20
            samples.append(
                Sample(
                    int(ran["sample"]),
                    len(latencies),
                    Percentiles.of(latencies),
                    rss_mb(),
                    cached,
                    Percentiles.of(own.since_last()),
                )
            )
            progress(f"soak: interval {ran['sample']}, {rss_mb():.0f} MB")
        duration = time.perf_counter() - started
        await lag.stop()
        progress("waiting for background learning")
        drain_start = time.perf_counter()
        await runtime.observer.drain(timeout=bench.learn_timeout_s)
        learn_drain = time.perf_counter() - drain_start
    finally:
        await lag.stop()
        await adapter.stop()
        await runtime.stop()
    await load.send("stop")
    final = await load.receive(60)
    replies = int(ran["replies"])
    latency = [float(x) for x in ran["latency_ms"]]
    return TelegramBenchReport(
        bench=bench,
        embedder=getattr(embedder, "model_id", None) or "none",
        # A soak sends as many turns as time allows; each waits for its reply.
        turns=len(latency) if bench.minutes else bench.users * bench.messages,
        replies=replies,
        unexpected=int(final["sent_total"]) - replies,
        learned=len(learned),
        duration_s=duration,
        learn_drain_s=learn_drain,
        latency_ms=latency,
        llm=final.get("llm"),
        samples=samples,
        own_ms=own.ms,
        loop_lag_ms=lag.ms,
    )


async def _run_replicas(
    bench: TelegramBench,
    settings: Settings,
    db: str,
    tmp: Path,
    progress: Callable[[str], None],
) -> TelegramBenchReport:
    """N ``membot run`` processes in webhook mode; the fake Bot API spreads the updates."""
    with contextlib.ExitStack() as stack:
        reach = db
        if bench.rtt_ms:
            reach, _proxy = stack.enter_context(latency.delayed(db, bench.rtt_ms))
        return await _run_replica_set(bench, settings, db, reach, tmp, progress)


async def _run_replica_set(
    bench: TelegramBench,
    settings: Settings,
    db: str,
    reach: str,
    tmp: Path,
    progress: Callable[[str], None],
) -> TelegramBenchReport:
    """:func:`_run_replicas` with the URL the replicas use (``reach``: through the proxy)."""
    replicas = ReplicaSet(
        bench.replicas,
        db=reach,
        token="",
        base_url="",
        base_file_url="",
        workdir=tmp,
        embedder=settings.embedder,
        lease_s=settings.lease_s,
    )
    load = await _LoadProcess.start(bench, replicas.urls)
    try:
        server = await load.receive(60)
        replicas.token = server["token"]
        replicas.base_url = server["base_url"]
        replicas.base_file_url = server["base_file_url"]
        progress(f"starting {bench.replicas} replicas")
        await replicas.start()
        try:
            await asyncio.sleep(1.0)  # each registers its webhook and settles
            cpu = _CpuMeter(replicas, load.proc.pid, db)
            progress(f"{bench.users} users × {bench.messages} messages, {bench.replicas} replicas")
            started = time.perf_counter()
            await load.send("go")
            budget = bench.reply_timeout_s * bench.messages + 60
            ran = await load.receive(budget)
            duration = time.perf_counter() - started
            progress("waiting for background learning")
            drain_start = time.perf_counter()
            turns = bench.users * bench.messages
            learned = await _learned(db, turns, bench.learn_timeout_s)
            learn_drain = time.perf_counter() - drain_start
            used = cpu.used()
        finally:
            codes = await replicas.stop()
        if any(code != 0 for code in codes):
            raise MemoryCoreError(f"a replica exited with {codes}: {replicas.log_tail(0)}")
        await load.send("stop")
        final = await load.receive(60)
    finally:
        await load.close()
    replies = int(ran["replies"])
    return TelegramBenchReport(
        bench=bench,
        embedder=settings.embedder,
        turns=turns,
        replies=replies,
        unexpected=int(final["sent_total"]) - replies,
        learned=learned,
        duration_s=duration,
        learn_drain_s=learn_drain,
        latency_ms=[float(x) for x in ran["latency_ms"]],
        cpu_s=used,
    )


async def _learned(db: str, turns: int, timeout: float) -> int:
    """Wait until ``turns`` turns are learned (the outbox says done), or the time is up."""
    deadline = time.perf_counter() + timeout
    database = Database(db)
    try:
        while True:
            done = admin_stats(database).counts.outbox.get("done", 0)
            if done >= turns or time.perf_counter() > deadline:
                return done
            await asyncio.sleep(0.2)
    finally:
        database.dispose()


class _CpuMeter:
    """CPU seconds used from now on by the replicas, PostgreSQL (when it runs on this machine:
    the postmaster and every backend, including those that exited meanwhile) and the load
    process."""

    def __init__(self, replicas: ReplicaSet, load_pid: int, db: str) -> None:
        self.replicas = replicas
        self.load_pid = load_pid
        self.postmaster = _parent(pg_backend_pid(db))
        self.start = self._read()

    def _read(self) -> dict[str, float]:
        parts = {f"replica {r.index}": r.cpu_seconds() for r in self.replicas.replicas}
        if self.postmaster is not None:
            children = [pid for pid in _pids() if _parent(pid) == self.postmaster]
            parts["postgresql"] = cpu_seconds(self.postmaster, reaped=True) + sum(
                cpu_seconds(pid) for pid in children
            )
        parts["users + fake Bot API"] = cpu_seconds(self.load_pid)
        return parts

    def used(self) -> dict[str, float]:
        end = self._read()
        return {k: max(0.0, end[k] - self.start.get(k, 0.0)) for k in end}


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _parent(pid: int) -> int | None:
    """The parent of a process on this machine (``None``: not here, or gone)."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def report_table(*reports: TelegramBenchReport) -> Table:
    """The figures as a rich table, one column per run (the CLI's human-readable output)."""
    first = reports[0].as_json()
    table = Table(
        title=f"membot bench telegram ({first['users']} users × "
        + (
            f"{first['soak_minutes']:g} min soak)"
            if first["soak_minutes"]
            else f"{first['messages_per_user']} messages)"
        ),
        caption=(
            f"embedder {first['embedder']}, {first['think_ms']:g} ms pause after each reply; "
            "latency = update available → sendMessage received by the fake Bot API (which "
            "answers at once, in a process of its own: the long poll and HTTP are in it); own "
            "time = the bot has the update → its sendMessage leaves, measured in the bot's "
            "process; both less the fake model's fixed delay"
        ),
    )
    table.add_column("figure")
    for report in reports:
        name: str = report.bench.responder
        if name == "llm":
            name += f" (fake model answers after {report.delay_ms:g} ms)"
        name += " responder"
        if report.bench.replicas:
            name = f"{report.bench.replicas} replica{'s' if report.bench.replicas > 1 else ''}"
        table.add_column(name, justify="right")

    def verdict(ok: bool) -> str:
        return "[green]yes[/green]" if ok else "[red]no[/red]"

    def row(label: str, cell: Callable[[TelegramBenchReport, dict[str, Any]], str]) -> None:
        table.add_row(label, *(cell(r, r.as_json()) for r in reports))

    row("turns", lambda r, f: str(f["turns"]))
    row(
        "replies delivered",
        lambda r, f: f"{f['replies_delivered']} ({verdict(r.all_delivered)})",
    )
    row("turns learned", lambda r, f: f"{f['turns_learned']} ({verdict(r.all_learned)})")
    row("wall time s", lambda r, f: f"{f['duration_s']:.2f}")
    row("throughput turns/s", lambda r, f: f"{f['throughput_turns_per_s']:.1f}")
    row(
        "reply latency p50 / p95 ms",
        lambda r, f: f"{f['reply_latency_ms']['p50']:.1f} / {f['reply_latency_ms']['p95']:.1f}",
    )
    row("reply latency max ms", lambda r, f: f"{f['reply_latency_ms']['max']:.1f}")
    row(
        "latency less the model's delay p50 / p95 ms",
        lambda r, f: f"{f['overhead_ms']['p50']:.1f} / {f['overhead_ms']['p95']:.1f}",
    )
    row("own time p50 / p95 ms (in the bot's process)", _own)
    row("event loop late p95 / max ms", _lag)
    row("learning backlog drained in s", lambda r, f: f"{f['learn_drain_s']:.2f}")
    parts = sorted({k for r in reports for k in r.cpu_s})

    def cpu(part: str) -> Callable[[TelegramBenchReport, dict[str, Any]], str]:
        return lambda r, _f: f"{r.cpu_s[part]:.1f}" if part in r.cpu_s else "–"

    for part in parts:
        row(f"CPU s: {part}", cpu(part))
    if any(r.llm for r in reports):
        row("model calls", lambda r, f: str(r.llm["calls"]) if r.llm else "–")
        row(
            "prompt tokens read from cache",
            lambda r, f: _pct(r.llm.get("cache_hit_rate")) if r.llm else "–",
        )
        row(
            "calls reading the cache",
            lambda r, f: f"{r.llm['calls_reading_cache']} of {r.llm['calls']}" if r.llm else "–",
        )
        row("on-demand recall (memory_query) of turns", _on_demand)

    def target(r: TelegramBenchReport, _f: dict[str, Any]) -> str:
        met = "[green]met[/green]" if r.meets_target else "[red]missed[/red]"
        return f"≤ {TARGET_P95_MS:g}: {met}"

    row("target: latency p95 ms", target)
    row("target: own time p95 ms", _own_target)
    if any(r.samples for r in reports):

        def trend(r: TelegramBenchReport, _f: dict[str, Any]) -> str:
            d = r.drift
            if d is None:
                return "–"
            return (
                f"RSS {d['rss_mb_first']:.0f} → {d['rss_mb_last']:.0f} MB, "
                f"p95 {d['p95_ms_first']:.0f} → {d['p95_ms_last']:.0f} ms"
            )

        row("soak drift (2nd → last interval)", trend)
    return table


def soak_table(report: TelegramBenchReport) -> Table:
    """A soak's intervals, one row each: turns, reply p50/p95, resident memory."""
    table = Table(title=f"soak: {report.bench.minutes:g} min, every {report.bench.sample_s:g} s")
    for name in ("interval", "turns", "reply p50 ms", "reply p95 ms", "RSS MB", "vector cache MB"):
        table.add_column(name, justify="right")
    for s in report.samples:
        table.add_row(
            str(s.index),
            str(s.turns),
            f"{s.latency.p50:.1f}",
            f"{s.latency.p95:.1f}",
            f"{s.rss_mb:.0f}",
            f"{s.vector_cache_mb:.1f}",
        )
    return table


def _own(report: TelegramBenchReport, _f: dict[str, Any]) -> str:
    """The bot's own time per reply, or a dash when it ran in other processes."""
    if not report.own_ms:
        return "–"
    return f"{report.own.p50:.1f} / {report.own.p95:.1f}"


def _lag(report: TelegramBenchReport, _f: dict[str, Any]) -> str:
    """How late the bot's event loop woke its timer, or a dash when not watched."""
    if not report.loop_lag_ms:
        return "–"
    return f"{Percentiles.of(report.loop_lag_ms).p95:.1f} / {max(report.loop_lag_ms):.1f}"


def _own_target(report: TelegramBenchReport, _f: dict[str, Any]) -> str:
    """Whether the own time's p95 meets issue 23's target (a dash when not measured)."""
    if report.meets_own_target is None:
        return "–"
    met = "[green]met[/green]" if report.meets_own_target else "[red]missed[/red]"
    return f"≤ {TARGET_OWN_P95_MS:g}: {met}"


def _on_demand(report: TelegramBenchReport, _f: dict[str, Any]) -> str:
    """The fake model's memory_query calls over the turns it answered, and the cap's refusals."""
    llm = report.llm or {}
    calls, replies = llm.get("memory_query_calls"), llm.get("replies")
    if calls is None or not replies:
        return "–"
    refused = llm.get("memory_query_refused", 0)
    return f"{_pct(calls / replies)} ({calls} of {replies}; {refused} refused by the cap)"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f} %"
