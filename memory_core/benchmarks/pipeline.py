"""``membot bench pipeline``: the observer's hot-path cost and end-to-end learning latency.

Simulated users send scripted facts; we time ``observe()`` (the only learning work on the
reply path: one transaction writing the turn's episodes and outbox row), the time from
commit to "facts applied" (extract → arbitrate → apply → vectors), and throughput.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_core import Memory
from memory_core.clock import ManualClock
from memory_core.db.maintenance import pg_scratch_database
from memory_core.embed import Embedder
from memory_core.extract.base import Extractor
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner, LearnResult
from memory_core.store import events as event_log
from memory_core.store import stats as stats_repo

_CITIES = ["Lisbon", "Berlin", "Porto", "Madrid", "Paris", "Rome", "Oslo", "Vienna", "Prague"]
_JOBS = ["nurse", "teacher", "software engineer", "baker", "pilot", "designer", "lawyer"]
_PETS = ["Rex", "Tom", "Luna", "Milo", "Bella", "Kiwi"]
_LIKES = ["green tea", "jazz", "hiking", "sushi", "chess", "board games", "cycling"]
_CHAT = [
    "how are you?",
    "thanks!",
    "what's the weather like?",
    "tell me a joke",
    "I had a long day",
    "let's talk about books",
]


def _message(rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:
        return f"I live in {rng.choice(_CITIES)}."
    if kind == 1:
        return f"I work as a {rng.choice(_JOBS)}."
    if kind == 2:
        return f"My dog is called {rng.choice(_PETS)}."
    if kind == 3:
        return f"I love {rng.choice(_LIKES)}."
    return rng.choice(_CHAT)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass(frozen=True, slots=True)
class PipelineRun:
    """Figures of one benchmark run."""

    turns: int
    users: int
    enqueue_ms: dict[str, float]
    end_to_end_ms: dict[str, float]
    turns_per_s: float
    facts: int
    rss_mb: float
    #: Relation edges written while learning (seed 003 §2) and the milliseconds one took
    #: (``worker/link`` events): count, p50, p95.
    edge_ms: dict[str, float] | None = None

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` shape."""
        return {
            "turns": self.turns,
            "users": self.users,
            "enqueue_ms": self.enqueue_ms,
            "end_to_end_ms": self.end_to_end_ms,
            "turns_per_s": round(self.turns_per_s, 1),
            "facts": self.facts,
            "rss_mb": round(self.rss_mb, 1),
            "edge_ms": self.edge_ms,
        }


async def run_pipeline(
    *,
    turns: int,
    users: int,
    embedder: Embedder | None,
    extractor: Extractor | None = None,
    workers: int = 4,
    seed: int = 7,
    db_dir: Path | None = None,
    rate: float = 0.0,
    server: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PipelineRun:
    """Send ``turns`` messages from ``users`` users through a fresh observer and time it.

    ``extractor`` defaults to the offline rules extractor (what ``membot bench pipeline``
    measures). ``rate`` paces arrivals (turns per second; 0 sends as fast as possible, so
    end-to-end latency then includes queueing behind the whole burst). ``server``: a
    PostgreSQL server (``postgresql://`` URL) to run on, in a scratch database dropped after.
    ``progress(learned, turns)`` is told after each turn is learned.
    """
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(dir=db_dir))
        db: str | Path = Path(tmp) / "bench.db"
        if server is not None:
            name = f"membot_bench_pipeline_{os.getpid()}"
            db = stack.enter_context(pg_scratch_database(server, name))
        clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
        memory = Memory.open(db, embedder, clock=clock)
        committed: dict[str, float] = {}
        latencies: list[float] = []

        async def done(result: LearnResult) -> None:
            latencies.append((time.perf_counter() - committed[result.turn_id]) * 1000)
            if progress is not None:
                progress(len(latencies), turns)

        observer = Observer(
            Learner(memory.ctx, extractor or RulesExtractor(), RulesAuditor()),
            workers=workers,
            poll_interval=0.05,
            on_result=done,
        )
        observer.start()
        enqueue: list[float] = []
        start = time.perf_counter()
        for i in range(turns):
            turn_id = f"bench-{i}"
            clock.advance(seconds=30)
            turn = Turn(
                turn_id=turn_id,
                user_id=f"bench:{i % users}",
                chat_id=f"c{i % users}",
                user_text=_message(rng),
                time=clock.now(),
                assistant_text="Noted.",
                user_name=f"User{i % users}",
            )
            t0 = time.perf_counter()
            committed[turn_id] = t0
            await observer.observe(turn)
            enqueue.append((time.perf_counter() - t0) * 1000)
            # Let the workers run between messages (and pace arrivals when asked to).
            await asyncio.sleep(1.0 / rate if rate > 0 else 0)
        await observer.drain(timeout=600)
        elapsed = time.perf_counter() - start
        await observer.aclose()
        with memory.db.read() as conn:
            facts = sum(stats_repo.counts(conn).facts_by_status.values())
            edges = [
                e.value
                for e in event_log.rows(conn, 0.0, float("inf"), nodes=["worker"])
                if e.op == "link" and e.value is not None
            ]
        memory.close()
    return PipelineRun(
        turns=turns,
        users=users,
        enqueue_ms={
            "p50": round(statistics.median(enqueue), 3),
            "p95": round(_pct(enqueue, 0.95), 3),
        },
        end_to_end_ms={
            "p50": round(_pct(latencies, 0.5), 1),
            "p95": round(_pct(latencies, 0.95), 1),
        },
        turns_per_s=turns / elapsed if elapsed else 0.0,
        facts=facts,
        rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        edge_ms={
            "count": len(edges),
            "p50": round(_pct(edges, 0.5), 3),
            "p95": round(_pct(edges, 0.95), 3),
        },
    )
