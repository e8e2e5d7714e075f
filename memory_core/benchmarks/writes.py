"""``membot bench writes``, ``bench claim`` and ``bench erasure``: how writes scale with
processes, how fast a backlog of received updates is claimed, and how long erasing a big user
holds the others up.

Each figure is measured on a scratch database (a temporary SQLite file, or a database made on
the PostgreSQL server named and dropped afterwards), so nothing here touches the bot's own.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from memory_core import Memory
from memory_core.benchmarks import latency
from memory_core.clock import SystemClock
from memory_core.db import maintenance
from memory_core.db.engine import Database
from memory_core.db.maintenance import pg_scratch_database
from memory_core.db.migrations import migrate
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.decisions import Insert, Proposal
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.store import bulk, meta
from memory_core.store import inbox as inbox_repo
from memory_core.store import outbox as outbox_repo
from memory_core.values import Category


@contextmanager
def scratch(server: str | None, name: str) -> Iterator[str | Path]:
    """A migrated scratch store: a temporary SQLite file, or a database on ``server``."""
    with tempfile.TemporaryDirectory(prefix="membot-bench-") as tmp:
        if server is None:
            target: str | Path = Path(tmp) / "bench.db"
            _migrated(target)
            yield target
            return
        with pg_scratch_database(server, f"membot_bench_{name}_{os.getpid()}") as url:
            _migrated(url)
            yield url


def _migrated(target: str | Path) -> None:
    db = Database(target)
    try:
        migrate(db)
    finally:
        db.dispose()


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"p50": round(statistics.median(ordered), 3), "p95": round(p95, 3)}


# ---- commits/s with 1, 2, 3 processes -------------------------------------------------------


class _HashEmbedder:
    """Vectors from a hash of the text: the turn commit queues the message's vector as with a
    real model, without spending the benchmark's CPU on embedding (nothing embeds here)."""

    model_id = "bench-hash"
    dim = 8

    def _embed(self, texts: Sequence[str]) -> Any:
        rows = np.array([[hash((t, i)) % 997 + 1 for i in range(self.dim)] for t in texts])
        vectors = rows.astype(np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def embed_queries(self, texts: Sequence[str]) -> Any:
        """Embed search queries."""
        return self._embed(texts)

    def embed_passages(self, texts: Sequence[str]) -> Any:
        """Embed stored text."""
        return self._embed(texts)


#: Each writer's users (a turn goes to user ``n % USERS``).
USERS = 50


def _turn(worker: str, n: int, tag: str = "t") -> Turn:
    user = f"bench:{worker}-{n % USERS}"  # each writer its own users, as replicas' chats are
    # What the reply path hands over: the answer, the revision shown, what retrieval found
    # (written as events with the commit).
    return Turn(
        f"{worker}-{tag}{n}",
        user,
        f"chat-{user}",
        f"I went to the market number {n} and bought bread and roses",
        datetime.now(UTC),
        assistant_text="Nice, noted.",
        seen_rev=n,
        memory_tokens=120,
        lexical_hits=2,
        vector_hits=1,
        best_sim=0.8,
    )


def _commit_worker(
    target: str,
    name: str,
    threads: int,
    seconds: float,
    one_lock: bool,
    learn: bool,
    ready: Any,
    results: Any,
) -> None:
    """One process: opens the store, waits for every process at ``ready``, then ``threads``
    writers commit turns (the reply path's commit: outbox row, episodes, session, vector
    queue) for ``seconds``; puts how many on ``results``. ``one_lock``: every write takes the
    database-wide lock (the design before per-user locks). ``learn``: each turn is then
    learned too — its job taken and one new fact applied, as learning's apply writes it (fact,
    history, revision, change log, claim, vector queue, entities, events, the job's end)."""
    memory = Memory.open(target, _HashEmbedder(), clock=SystemClock())
    memory.db.per_user_locks = not one_lock
    learner = Learner(memory.ctx, RulesExtractor(), RulesAuditor())
    observer = Observer(learner)
    counts = [0] * threads
    took: list[float] = []  # ms per commit, every thread's (list.append is atomic)

    def run(i: int, until: float) -> None:
        worker = f"{name}.{i}"
        n = 0
        while time.monotonic() < until:
            started = time.perf_counter()
            turn = _turn(worker, n)
            memory.db.retrying(observer._commit, turn)
            if learn:
                _learn(memory, learner, turn, n)
            took.append((time.perf_counter() - started) * 1000)
            n += 1
        counts[i] = n

    try:
        # Connected, warm, and every user's conversation open: the measured turns go on one
        # (a turn that opens a conversation costs one round trip more).
        for i in range(threads):
            for n in range(USERS):
                turn = _turn(f"{name}.{i}", n, "w")
                memory.db.retrying(observer._commit, turn)
                if learn:
                    _learn(memory, learner, turn, n)
        ready.wait()
        until = time.monotonic() + seconds
        pool = [threading.Thread(target=run, args=(i, until)) for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
    finally:
        memory.close()
    results.put((sum(counts), took))


def _learn(memory: Memory, learner: Learner, turn: Turn, n: int) -> None:
    """Learn ``turn`` as the observer does once its facts are decided: take its job, apply one
    new fact (extraction and arbitration are the model's time, not the database's)."""
    with memory.db.write(serial=False) as conn:
        job = outbox_repo.claim_next(conn, turn.user_id, memory.clock.now(), "bench", 60.0)
    if job is None:
        return
    fact = Proposal(
        key=f"shopping.market_{n}",
        value_text=f"Went to the market number {n} with Eva and bought bread",
        category=Category.OTHER,
        confidence=0.8,
    )
    memory.db.retrying(learner._apply, job, [Insert(fact)], {})


@dataclass(frozen=True, slots=True)
class CommitFigure:
    """Turn commits per second with ``processes`` processes of ``threads`` writers each;
    ``flights``: the round trips to the server they took (``None``: not counted, no proxy)."""

    processes: int
    threads: int
    commits: int
    seconds: float
    flights: int | None = None
    #: One commit's time, p50 and p95 (ms), every process's together.
    commit_ms: dict[str, float] | None = None

    @property
    def round_trips(self) -> float | None:
        """Round trips per commit (connection checks included), when counted."""
        if self.flights is None or not self.commits:
            return None
        return self.flights / self.commits

    @property
    def per_s(self) -> float:
        """Commits per second, all processes together."""
        return self.commits / self.seconds

    def as_json(self) -> dict[str, Any]:
        """Machine-readable figures."""
        return {
            "processes": self.processes,
            "threads": self.threads,
            "commits": self.commits,
            "seconds": self.seconds,
            "commits_per_s": round(self.per_s, 1),
            "commit_ms": self.commit_ms,
            "round_trips_per_commit": None
            if self.round_trips is None
            else round(self.round_trips, 2),
        }


def run_commit_bench(
    target: str | Path,
    processes: list[int],
    *,
    threads: int = 1,
    seconds: float = 10.0,
    rtt_ms: float = 0.0,
    one_lock: bool = False,
    learn: bool = False,
    progress: Callable[[str], None] | None = None,
) -> list[CommitFigure]:
    """Commits/s of the turn commit with each number of ``processes`` writing at once (separate
    OS processes, as replicas are), on the migrated store ``target``. PostgreSQL: the processes
    reach the server through a :class:`~memory_core.benchmarks.latency.DelayProxy` adding
    ``rtt_ms`` to each round trip (as a database on another machine does) and counting them."""
    if isinstance(target, Path) or not target.startswith("postgresql"):
        return _commit_runs(
            str(target), processes, threads, seconds, (one_lock, learn), None, progress
        )
    with latency.delayed(target, rtt_ms) as (url, proxy):
        return _commit_runs(url, processes, threads, seconds, (one_lock, learn), proxy, progress)


def _commit_runs(
    target: str,
    processes: list[int],
    threads: int,
    seconds: float,
    modes: tuple[bool, bool],
    proxy: latency.DelayProxy | None,
    progress: Callable[[str], None] | None,
) -> list[CommitFigure]:
    ctx = multiprocessing.get_context("spawn")
    out = []
    for n in processes:
        if progress is not None:
            progress(f"{n} process(es) committing for {seconds:g} s")
        # The processes and this one: the round trips are counted from when all are warm.
        ready, results = ctx.Barrier(n + 1), ctx.Queue()
        procs = [
            ctx.Process(
                target=_commit_worker,
                args=(
                    target,
                    f"p{n}.{i}",
                    threads,
                    seconds,
                    *modes,
                    ready,
                    results,
                ),
            )
            for i in range(n)
        ]
        for proc in procs:
            proc.start()
        ready.wait(timeout=300)
        start = proxy.flights if proxy is not None else 0
        got = [results.get(timeout=seconds + 300) for _ in procs]
        counts = [c for c, _ in got]
        took = [ms for _, t in got for ms in t]
        flights = proxy.flights - start if proxy is not None else None
        for proc in procs:
            proc.join()
        out.append(CommitFigure(n, threads, sum(counts), seconds, flights, _ms(took or [0.0])))
    return out


# ---- claiming a backlog of received updates -------------------------------------------------


@dataclass(frozen=True, slots=True)
class ClaimFigure:
    """One ``claim(limit)`` at ``pending`` received updates spread over ``chats`` chats."""

    pending: int
    chats: int
    limit: int
    claimed: int
    ms: dict[str, float]
    #: This process's CPU per claim (SQLite: the whole claim; PostgreSQL: the client's part),
    #: which a loaded machine's waits for a core do not inflate.
    cpu_ms: dict[str, float] | None = None
    #: Handled updates that came before the backlog (each pending, then finished: on
    #: PostgreSQL a dead entry in the pending indexes until a vacuum), and whether the
    #: retention job had deleted them (in its batches, no vacuum after) when claims were timed.
    handled: int = 0
    pruned: bool = False

    def as_json(self) -> dict[str, Any]:
        """Machine-readable figures."""
        return {
            "handled": self.handled,
            "pruned": self.pruned,
            "pending": self.pending,
            "chats": self.chats,
            "limit": self.limit,
            "claimed": self.claimed,
            "claim_ms": self.ms,
            "claim_cpu_ms": self.cpu_ms,
        }


def run_claim_bench(
    server: str | None,
    backlogs: list[int],
    *,
    per_chat: int = 10,
    limit: int = 64,
    rounds: int = 30,
    handled: int = 0,
) -> list[ClaimFigure]:
    """Time one claim of ``limit`` updates at each backlog (``per_chat`` updates per chat,
    interleaved as they arrive), each on a fresh scratch store (``server``: a PostgreSQL URL,
    else SQLite); each claim is rolled back, so every round sees the whole backlog. With
    ``handled``, that many updates were received and finished before the backlog, and the
    claims are timed twice: with them kept, then after the retention job deleted them."""
    out = []
    for pending in sorted(backlogs):
        chats = max(1, pending // per_chat)
        with scratch(server, "claim") as target:
            db = Database(target)
            try:
                now = datetime.now(UTC)
                _handled_updates(db, handled, chats, now)
                with db.write(serial=False) as conn:
                    for u in range(handled, handled + pending):
                        inbox_repo.put(conn, "telegram", u, f"chat:{u % chats}", "{}", now)
                # Fresh planner statistics, but no vacuum: a backlog is new rows (on
                # PostgreSQL their pages are not all-visible yet, so index-only scans still
                # visit the table — the state the issue measured 372 ms in).
                maintenance.analyze(db.engine, "inbox")
                for pruned in (False, True) if handled else (False,):
                    if pruned:
                        _prune_handled(db, now)
                    times, cpu, claimed = _time_claims(db, now, limit, rounds)
                    out.append(
                        ClaimFigure(
                            pending, chats, limit, claimed, _ms(times), _ms(cpu), handled, pruned
                        )
                    )
            finally:
                db.dispose()
    return out


def _handled_updates(db: Database, count: int, chats: int, now: datetime) -> None:
    """``count`` updates received, then finished, the way a running bot leaves them."""
    step = 5000
    for first in range(0, count, step):
        batch = [(u, f"chat:{u % chats}") for u in range(first, min(count, first + step))]
        with db.write(serial=False) as conn:
            inbox_repo.put_handled(conn, "telegram", batch, now - timedelta(hours=1))


def _prune_handled(db: Database, now: datetime) -> None:
    """What the nightly retention does to handled updates: batches of 5,000, no vacuum."""
    while True:
        with db.write(serial=False) as conn:
            if inbox_repo.forget_before(conn, now, 5000) < 5000:
                return


def _time_claims(
    db: Database, now: datetime, limit: int, rounds: int
) -> tuple[list[float], list[float], int]:
    times, cpu, claimed = [], [], 0
    for n in range(rounds + 1):
        with db.engine.connect() as conn:
            trans = conn.begin()
            started, used = time.perf_counter(), time.thread_time()
            got = inbox_repo.claim(conn, "telegram", "bench", now, 30.0, limit)
            if n:  # the first round warms the connection and the caches
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.thread_time() - used) * 1000)
            trans.rollback()
        claimed = len(got)
    return times, cpu, claimed


# ---- how long erasing a big user holds the others up ---------------------------------------


@dataclass(frozen=True, slots=True)
class ErasureFigure:
    """Other users' turn commits while one user with ``episodes`` episodes is erased."""

    episodes: int
    rewrite: bool
    erase_s: float
    baseline_ms: dict[str, float]
    during_ms: dict[str, float]
    during_max_ms: float
    commits_during: int
    #: Commits that took longer than 100 ms, during the erasure and before it (of 60).
    slow_during: int = 0
    slow_before: int = 0
    baseline_max_ms: float = 0.0
    #: Cross-user writes during the erasure, and the longest of them (waiting included).
    cross_user_during: int = 0
    cross_user_max_ms: float = 0.0
    #: How long the cross-user write the slowest commit overlapped took (0: it overlapped
    #: none): a commit queued behind a cross-user writer waiting for the exclusive lock.
    slowest_overlapped_cross_user_ms: float = 0.0
    #: Commits over 100 ms during the erasure that overlapped a write holding (or waiting
    #: for) the database-wide lock exclusively: the bench's, or the erasure's own.
    slow_overlapping_global: int = 0
    #: The longest of the erasure's writes that hold the database-wide lock shared (its last
    #: transaction, its bookkeeping): a cross-user writer asking meanwhile waits for it, and
    #: everyone else behind that writer.
    erased_user_shared_max_ms: float = 0.0

    def as_json(self) -> dict[str, Any]:
        """Machine-readable figures."""
        return {
            "episodes": self.episodes,
            "rewrite": self.rewrite,
            "erase_s": round(self.erase_s, 3),
            "others_commit_baseline_ms": self.baseline_ms,
            "others_commit_during_ms": self.during_ms,
            "others_commit_during_max_ms": round(self.during_max_ms, 3),
            "others_commits_during": self.commits_during,
            "others_commit_baseline_max_ms": round(self.baseline_max_ms, 3),
            "others_commits_over_100ms_before": self.slow_before,
            "others_commits_over_100ms_during": self.slow_during,
            "cross_user_writes_during": self.cross_user_during,
            "cross_user_write_max_ms": round(self.cross_user_max_ms, 3),
            "slowest_commit_overlapped_cross_user_ms": round(
                self.slowest_overlapped_cross_user_ms, 3
            ),
            "slow_commits_overlapping_a_global_write": self.slow_overlapping_global,
            "erasure_shared_lock_write_max_ms": round(self.erased_user_shared_max_ms, 3),
        }


def _load_user(
    memory: Memory,
    user_id: str,
    episodes: int,
    batch: int = 100_000,
    progress: Callable[[str], None] | None = None,
) -> None:
    """``episodes`` lines of ``user_id``, generated by the server in transactions of ``batch``
    rows (inserting them one statement each took over 8 minutes per 100k)."""
    ts = time.time() - episodes
    for start in range(0, episodes, batch):
        end = min(episodes, start + batch)
        with memory.db.write(users=[user_id]) as conn:
            bulk.generate_episodes(conn, user_id, start, end - 1, ts)
        if progress is not None:
            progress(f"loaded {end:,} of {episodes:,} episodes")


def _cross_user_writes(memory: Memory, every_s: float, stop: threading.Event) -> None:
    """A cross-user write (the database-wide lock, exclusively) every ``every_s``, as a running
    bot's jobs and flushes make them, until ``stop``."""
    n = 0
    while not stop.wait(every_s):
        with memory.db.write() as conn:
            meta.put(conn, "bench_cross_user_tick", str(n))
        n += 1


def _trace_global_writes(
    db: Database,
    spans: list[tuple[float, float]],
    erased: str = "",
    shared: list[float] | None = None,
) -> None:
    """Record the (start, end) of every write on ``db`` that takes the database-wide lock
    exclusively (waiting included), whoever makes it: the bench's or the erasure's own; and in
    ``shared`` the ms of each write of the user ``erased`` that holds it shared (not a piece)."""
    write = db.write

    @contextmanager
    def traced(**kwargs: Any) -> Iterator[Any]:
        started = time.perf_counter()
        try:
            with write(**kwargs) as conn:
                yield conn
        finally:
            users = kwargs.get("users")
            if not users and kwargs.get("serial", True):
                spans.append((started, time.perf_counter()))
            elif shared is not None and users == [erased] and not kwargs.get("erasing"):
                shared.append((time.perf_counter() - started) * 1000)

    db.write = traced  # type: ignore[method-assign]


def _overlapping(span: tuple[float, float], spans: list[tuple[float, float]]) -> float:
    """The longest of ``spans`` that overlaps ``span``, in ms (0: none does)."""
    return max(((e - s) * 1000 for s, e in spans if s < span[1] and e > span[0]), default=0.0)


async def _erasure_run(
    target: str | Path,
    episodes: int,
    rewrite: bool,
    cross_user_s: float,
    progress: Callable[[str], None] | None,
) -> ErasureFigure:
    memory = Memory.open(target, None, clock=SystemClock())
    observer = Observer(Learner(memory.ctx, RulesExtractor(), RulesAuditor()))
    cross: list[tuple[float, float]] = []
    big = f"bench:big-{int(rewrite)}"
    shared: list[float] = []
    _trace_global_writes(memory.db, cross, big, shared)
    try:
        if progress is not None:
            progress(f"loading {episodes} episodes")
        await asyncio.to_thread(_load_user, memory, big, episodes, progress=progress)
        if memory.db.postgres:
            await asyncio.to_thread(maintenance.pg_vacuum, memory.db.engine)
        counter = iter(range(10**9))

        commit_spans: list[tuple[float, float]] = []

        def commit() -> float:
            n = next(counter)
            started = time.perf_counter()
            memory.db.retrying(observer._commit, _turn(f"other{int(rewrite)}", n))
            commit_spans.append((started, time.perf_counter()))
            return (time.perf_counter() - started) * 1000

        ticking = threading.Event()
        if cross_user_s > 0:
            threading.Thread(
                target=_cross_user_writes,
                args=(memory, cross_user_s, ticking),
                daemon=True,
            ).start()
        baseline = [await asyncio.to_thread(commit) for _ in range(60)]
        del commit_spans[:]
        during: list[float] = []
        done = asyncio.Event()

        async def others() -> None:
            while not done.is_set():
                during.append(await asyncio.to_thread(commit))
                await asyncio.sleep(0.005)

        if progress is not None:
            progress(f"erasing {episodes} episodes ({'rewrite' if rewrite else 'no rewrite'})")
        task = asyncio.create_task(others())
        await asyncio.sleep(0.2)
        started = time.perf_counter()
        del shared[:]  # the load's writes of the user
        await memory.erase(big, rewrite=rewrite)
        ended = time.perf_counter()
        erase_s = ended - started
        done.set()
        await task
        ticking.set()
        cross_during = [c for c in cross if c[0] < ended and c[1] > started]
        slowest = max(commit_spans, key=lambda c: c[1] - c[0], default=(0.0, 0.0))
        return ErasureFigure(
            episodes,
            rewrite,
            erase_s,
            _ms(baseline),
            _ms(during),
            max(during, default=0.0),
            len(during),
            sum(1 for ms in during if ms > 100),
            sum(1 for ms in baseline if ms > 100),
            max(baseline),
            len(cross_during),
            max(((e - s) * 1000 for s, e in cross_during), default=0.0),
            _overlapping(slowest, cross),
            sum(
                1
                for c in commit_spans
                if c[1] - c[0] > 0.1 and c[0] < ended and _overlapping(c, cross) > 0
            ),
            max(shared, default=0.0),
        )
    finally:
        memory.close()


def run_erasure_bench(
    server: str | None,
    episodes: int,
    *,
    rewrites: tuple[bool, ...] = (False, True),
    cross_user_s: float = 1.0,
    progress: Callable[[str], None] | None = None,
) -> list[ErasureFigure]:
    """Erase a user with ``episodes`` episodes while another user commits turns back to back
    (and, every ``cross_user_s``, a cross-user write goes in, as a running bot's jobs make
    them; 0: none), without and with the table rewrite (``VACUUM FULL``, the old /forgetme),
    each on a fresh scratch store: the other user's commit latency before and during."""
    out = []
    for rewrite in rewrites:
        with scratch(server, "erase") as target:
            run = _erasure_run(target, episodes, rewrite, cross_user_s, progress)
            out.append(asyncio.run(run))
    return out
