"""``membot bench import-stall``: does one user's big import hold anyone else up?

User B sends a message every ``interval`` and waits for the reply, first alone (the baseline),
then while user A's import runs (planned, then applied), then for a while after it while the
vector writer embeds what A imported. The caller supplies both sides as callables (the bot
wires them through its router), so this module only paces, times and summarises.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_core.benchmarks.retrieval import Percentiles
from memory_core.db.maintenance import pg_scratch_database

_WORDS = (
    "garden roses morning coffee train Lisbon cello chess sister Eva dog Rex bakery "
    "mountains winter novel jazz cycling market neighbour recipe bread museum river"
).split()


@contextlib.contextmanager
def scratch_store(server: str | None) -> Iterator[str | Path]:
    """Where the benchmark's bot keeps its memory: a temporary SQLite file, or a scratch
    database on the PostgreSQL server ``server`` names (dropped afterwards)."""
    with tempfile.TemporaryDirectory(prefix="membot-stall-") as tmp:
        if server is None:
            yield Path(tmp) / "bench.db"
            return
        with pg_scratch_database(server, f"membot_bench_stall_{os.getpid()}") as url:
            yield url


def stall_file(lines: int, seed: int = 7) -> bytes:
    """A MEMORY.md of ``lines`` new memories (~60 bytes each, like the issue's 3 MB file of
    49,999 lines); some start alike, as real notes do."""
    rng = random.Random(seed)
    out = ["# Memory of Ann", "", "## Other"]
    for i in range(lines):
        lead = "I remember that" if i % 3 == 0 else rng.choice(("Ann likes", "Ann saw", "Ann has"))
        tail = " ".join(rng.choice(_WORDS) for _ in range(4))
        out.append(f"- {lead} {tail} number {i}.")
    return ("\n".join(out) + "\n").encode()


def load_average() -> float | None:
    """The machine's 1-minute load average (``None`` where ``/proc/loadavg`` is missing): the
    figures of a shared machine mean little without it."""
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@dataclass(frozen=True, slots=True)
class StallReport:
    """B's reply latency (ms) in each phase, how long A's import took (s), and the load."""

    lines: int
    plan_s: float
    apply_s: float
    baseline_ms: Percentiles
    during_ms: Percentiles
    after_ms: Percentiles
    during_samples: int
    during_max_ms: float
    #: B's replies while A's file was planned, then while it was applied.
    plan_ms: Percentiles
    apply_ms: Percentiles
    #: The machine's 1-minute load average at the start and at the end of the import.
    load: tuple[float | None, float | None] = (None, None)

    @property
    def import_s(self) -> float:
        """A's import from the upload to the last batch."""
        return self.plan_s + self.apply_s

    @property
    def meets_target(self) -> bool:
        """Whether B's p95 during the import is within the issue's 200 ms."""
        return self.during_ms.p95 <= TARGET_P95_MS

    def line(self) -> str:
        """The issue's figure in one line."""
        load = " → ".join("?" if x is None else f"{x:.1f}" for x in self.load)
        return (
            f"import-stall {self.lines:,} lines: B's reply during A's import "
            f"p50 {self.during_ms.p50:.0f} / p95 {self.during_ms.p95:.0f} / "
            f"max {self.during_max_ms:.0f} ms ({self.during_samples} replies; alone p95 "
            f"{self.baseline_ms.p95:.0f} ms); import {self.import_s:.1f} s (plan "
            f"{self.plan_s:.1f} s, apply {self.apply_s:.1f} s); load {load}; p95 "
            f"{'meets' if self.meets_target else 'MISSES'} ≤ {TARGET_P95_MS:.0f} ms"
        )

    def as_json(self) -> dict[str, Any]:
        """Machine-readable figures."""
        return {
            "lines": self.lines,
            "plan_s": round(self.plan_s, 3),
            "apply_s": round(self.apply_s, 3),
            "import_wall_s": round(self.import_s, 3),
            "b_baseline_ms": self.baseline_ms.as_json(),
            "b_during_import_ms": self.during_ms.as_json(),
            "b_during_plan_ms": self.plan_ms.as_json(),
            "b_during_apply_ms": self.apply_ms.as_json(),
            "b_after_import_ms": self.after_ms.as_json(),
            "b_during_samples": self.during_samples,
            "b_during_max_ms": round(self.during_max_ms, 3),
            "target_p95_ms": TARGET_P95_MS,
            "meets_target": self.meets_target,
            "load_before": self.load[0],
            "load_after": self.load[1],
        }


#: The issue's bound on another user's reply p95 while a 50,000-line import runs.
TARGET_P95_MS = 200.0

#: A's side: plan (returns what applying needs) and apply, each awaited to the end.
Plan = Callable[[], Awaitable[Any]]
Apply = Callable[[Any], Awaitable[None]]
#: B's side: send message number ``n`` and wait for the reply.
Reply = Callable[[int], Awaitable[None]]


async def measure_stall(
    *,
    lines: int,
    plan: Plan,
    apply: Apply,
    reply: Reply,
    interval_s: float = 0.2,
    baseline: int = 20,
    after_s: float = 10.0,
) -> StallReport:
    """Run A's import while B chats; B's latency is measured from send to reply."""
    counter = iter(range(1_000_000))

    async def one() -> float:
        started = time.perf_counter()
        await reply(next(counter))
        return (time.perf_counter() - started) * 1000

    base = []
    for _ in range(baseline):
        base.append(await one())
        await asyncio.sleep(interval_s)

    during: list[float] = []
    #: When each of B's replies during the import was sent.
    sent: list[float] = []
    done = asyncio.Event()

    async def chatter(into: list[float], until: asyncio.Event) -> None:
        while not until.is_set():
            sent.append(time.perf_counter())
            into.append(await one())
            await asyncio.sleep(interval_s)

    load_before = load_average()
    b = asyncio.create_task(chatter(during, done))
    started = time.perf_counter()
    taken = await plan()
    planned = time.perf_counter()
    await apply(taken)
    applied = time.perf_counter()
    done.set()
    await b
    load_after = load_average()

    after: list[float] = []
    stop = asyncio.Event()
    b = asyncio.create_task(chatter(after, stop))
    await asyncio.sleep(after_s)
    stop.set()
    await b
    # A reply sent while A's file was planned counts as planning's.
    while_planning = sum(1 for at in sent[: len(during)] if at < planned)
    return StallReport(
        lines=lines,
        plan_s=planned - started,
        apply_s=applied - planned,
        baseline_ms=Percentiles.of(base),
        during_ms=Percentiles.of(during),
        after_ms=Percentiles.of(after),
        during_samples=len(during),
        during_max_ms=max(during, default=0.0),
        plan_ms=Percentiles.of(during[:while_planning]),
        apply_ms=Percentiles.of(during[while_planning:]),
        load=(load_before, load_after),
    )
