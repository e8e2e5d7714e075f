"""The scheduler: cron in a timezone, persisted slots across restarts, bounds, jitter, lanes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from memory_core.clock import ManualClock
from memory_core.cron import Cron
from memory_core.engine.scheduler import JobSpec, Scheduler
from memory_core.memory import Memory

BERLIN = ZoneInfo("Europe/Berlin")


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


# ---- cron ------------------------------------------------------------------------------------


def test_cron_fields_steps_ranges_and_aliases() -> None:
    cron = Cron.parse("*/15 9-17 * * 1-5")
    assert cron.next_after(at(2026, 3, 6, 17, 50), UTC) == at(2026, 3, 9, 9, 0)  # Fri → Mon
    assert cron.latest_at_or_before(at(2026, 3, 9, 9, 14), UTC) == at(2026, 3, 9, 9, 0)
    assert Cron.parse("@daily").next_after(at(2026, 3, 6, 0, 0), UTC) == at(2026, 3, 7)
    # Day of month and day of week both set: either matches (cron's rule).
    either = Cron.parse("0 0 1 * 1")
    assert either.next_after(at(2026, 3, 2, 1), UTC) == at(2026, 3, 9)  # a Monday
    assert either.next_after(at(2026, 3, 30, 1), UTC) == at(2026, 4, 1)  # the 1st
    for bad in ("61 * * * *", "* * *", "*/0 * * * *", "5-1 * * * *"):
        with pytest.raises(ValueError):
            Cron.parse(bad)


def test_cron_runs_in_the_configured_timezone_across_dst() -> None:
    nightly = Cron.parse("0 3 * * *")
    assert nightly.next_after(at(2026, 3, 2, 9, 30), BERLIN) == at(2026, 3, 3, 2, 0)  # CET
    assert nightly.next_after(at(2026, 3, 28, 9, 0), BERLIN) == at(2026, 3, 29, 1, 0)  # CEST
    assert nightly.latest_at_or_before(at(2026, 3, 29, 0, 59), BERLIN) == at(2026, 3, 28, 2, 0)


# ---- scheduled jobs --------------------------------------------------------------------------


@pytest.fixture
def db_memory(db_path: Path, clock: ManualClock) -> Iterator[Memory]:
    mem = Memory.open(db_path, None, clock=clock)
    yield mem
    mem.close()


class Recorder:
    """A job body that records each run's user; it can block until released."""

    def __init__(self, *, block: bool = False, sleep: float = 0.0) -> None:
        self.runs: list[str | None] = []
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        if not block:
            self.release.set()
        self.sleep = sleep

    async def __call__(self, user_id: str | None) -> dict[str, Any]:
        self.started.set()
        await self.release.wait()
        await asyncio.sleep(self.sleep)
        self.runs.append(user_id)
        return {"runs": len(self.runs)}


def scheduler(memory: Memory, clock: ManualClock, job: Recorder, cron: str, **kw: Any) -> Scheduler:
    timeout = kw.pop("timeout", 5.0)
    sched = Scheduler(memory, clock, tz=UTC, poll_interval=0.01, **kw)
    sched.add(JobSpec("nightly", Cron.parse(cron), job, timeout))
    return sched


def runs(memory: Memory) -> list[tuple[str, str, int]]:
    with memory.db.read() as conn:
        rows = conn.exec_driver_sql(
            "SELECT trigger, status, attempts FROM job_runs ORDER BY id"
        ).all()
    return [(r[0], r[1], r[2]) for r in rows]


async def test_restart_neither_repeats_nor_skips_a_run(
    db_memory: Memory, clock: ManualClock
) -> None:
    job = Recorder()
    first = scheduler(db_memory, clock, job, "0 10 * * *")  # clock starts at 09:30
    first.start()
    await first.drain()
    assert job.runs == []  # the first start only records a baseline
    clock.set(at(2026, 3, 2, 10, 5))
    await first.drain()
    await first.drain()
    assert job.runs == [None]
    await first.aclose()

    again = scheduler(db_memory, clock, job, "0 10 * * *")  # restart after the run
    again.start()
    await again.drain()
    assert job.runs == [None]  # not repeated
    await again.aclose()

    clock.set(at(2026, 3, 3, 11, 0))  # down over the next 10:00
    third = scheduler(db_memory, clock, job, "0 10 * * *")
    third.start()
    await third.drain()
    assert job.runs == [None, None]  # the missed slot is run once, not skipped
    await third.aclose()
    assert runs(db_memory) == [
        ("baseline", "done", 1),
        ("schedule", "done", 1),
        ("schedule", "done", 1),
    ]


async def test_restart_in_the_middle_of_a_run_runs_that_slot_again(
    db_memory: Memory, clock: ManualClock
) -> None:
    stuck = Recorder(block=True)
    first = scheduler(db_memory, clock, stuck, "0 10 * * *")
    first.start()
    await first.drain()
    clock.set(at(2026, 3, 2, 10, 1))
    await asyncio.wait_for(stuck.started.wait(), 30)
    await first.aclose(timeout=0.05)  # shutdown cancels the run mid-way
    assert stuck.runs == []
    assert runs(db_memory)[-1] == ("schedule", "running", 1)

    job = Recorder()
    again = scheduler(db_memory, clock, job, "0 10 * * *")
    again.start()
    await again.drain()
    await again.aclose()
    assert job.runs == [None]
    assert runs(db_memory)[-1] == ("schedule", "done", 2)


async def test_missed_slots_collapse_into_one_run(db_memory: Memory, clock: ManualClock) -> None:
    job = Recorder()
    sched = scheduler(db_memory, clock, job, "@hourly")
    sched.start()
    await sched.drain()
    clock.advance(hours=5)
    await sched.drain()
    assert job.runs == [None]
    clock.advance(hours=1)
    await sched.drain()
    await sched.aclose()
    assert job.runs == [None, None]


async def test_jitter_delays_each_run_by_a_stable_amount(
    db_memory: Memory, clock: ManualClock
) -> None:
    job = Recorder()
    sched = scheduler(db_memory, clock, job, "0 10 * * *", jitter_s=600)
    slot = at(2026, 3, 2, 10, 0)
    delay = sched.jitter("nightly", slot)
    assert timedelta(0) <= delay < timedelta(seconds=600) and delay == sched.jitter("nightly", slot)
    sched.start()
    await sched.drain()
    clock.set(slot + delay - timedelta(seconds=1))
    await sched.drain()
    assert job.runs == []
    clock.set(slot + delay)
    await sched.drain()
    await sched.aclose()
    assert job.runs == [None]


async def test_a_run_over_its_time_bound_fails_and_is_not_retried(
    db_memory: Memory, clock: ManualClock
) -> None:
    slow = Recorder(sleep=5)
    sched = scheduler(db_memory, clock, slow, "0 10 * * *", timeout=0.05)
    sched.start()
    await sched.drain()
    clock.set(at(2026, 3, 2, 10, 1))
    await sched.drain()
    await sched.drain()
    await sched.aclose()
    assert slow.runs == []
    with db_memory.db.read() as conn:
        last = conn.exec_driver_sql(
            "SELECT status, detail_json FROM job_runs ORDER BY id DESC LIMIT 1"
        ).one()
    assert last == ("failed", '{"error": "timeout"}')


async def test_run_now_is_recorded_as_manual_and_keeps_the_schedule(
    db_memory: Memory, clock: ManualClock
) -> None:
    job = Recorder()
    sched = scheduler(db_memory, clock, job, "0 10 * * *")
    sched.start()
    await sched.drain()
    assert await sched.run_now("nightly", "console:ana") == ("done", {"runs": 1})
    clock.set(at(2026, 3, 2, 10, 1))
    await sched.drain()
    await sched.aclose()
    assert job.runs == ["console:ana", None]
    assert [r[0] for r in runs(db_memory)] == ["baseline", "manual", "schedule"]


# ---- lanes -----------------------------------------------------------------------------------


async def test_lanes_keep_one_keys_order_and_coalesce_queued_duplicates(
    db_memory: Memory, clock: ManualClock
) -> None:
    sched = Scheduler(db_memory, clock, tz=UTC, parallel=2)
    order: list[str] = []
    gate = asyncio.Event()

    def work(label: str, wait: bool = False) -> Any:
        async def run() -> str:
            if wait:
                await gate.wait()
            order.append(label)
            return label

        return run

    first = sched.submit("ana", "consolidate", work("ana-1", wait=True))
    second = sched.submit("ana", "profile", work("ana-2"))
    dup = sched.submit("ana", "profile", work("ana-2-dup"))
    other = sched.submit("bob", "consolidate", work("bob-1"))
    await asyncio.wait_for(other, 30)
    assert order == ["bob-1"]  # another user's lane is not held up
    gate.set()
    assert await asyncio.gather(first, second, dup) == ["ana-1", "ana-2", "ana-2"]
    assert order == ["bob-1", "ana-1", "ana-2"]
    await sched.drain()


async def test_a_failing_lane_item_does_not_stop_the_lane(
    db_memory: Memory, clock: ManualClock
) -> None:
    sched = Scheduler(db_memory, clock, tz=UTC)

    async def boom() -> None:
        raise RuntimeError("bad user data")

    async def fine() -> str:
        return "ok"

    failed = sched.submit("ana", "a", boom)
    ok = sched.submit("ana", "b", fine)
    assert await failed is None and await ok == "ok"


async def test_aclose_cancels_unfinished_lane_work(db_memory: Memory, clock: ManualClock) -> None:
    sched = Scheduler(db_memory, clock, tz=UTC)
    started = asyncio.Event()

    async def forever() -> None:
        started.set()
        await asyncio.Event().wait()

    running = sched.submit("ana", "stuck", forever)
    queued = sched.submit("ana", "next", forever)
    await started.wait()
    await sched.aclose(timeout=0.01)
    assert running.cancelled() and queued.cancelled()
    assert sched.submit("ana", "late", forever).cancelled()  # closed: takes no more work


async def test_two_replicas_run_a_slot_once_and_the_survivor_runs_it_if_the_other_dies(
    pg_url: str,
) -> None:
    """A replica that finds a slot running under another's live lease waits and then finds
    it done. A replica that dies mid-run leaves a lease that runs out: then the other
    runs the slot (once more, not twice more)."""
    clock = ManualClock(at(2026, 3, 2, 9, 30))
    a = Memory.open(pg_url, None, clock=clock)
    b = Memory.open(pg_url, None, clock=clock)
    await a.leases.start()  # alive (the runtime starts it; a test has no runtime)
    await b.leases.start()
    job_a, job_b = Recorder(block=True), Recorder()
    first, second = (
        scheduler(a, clock, job_a, "0 10 * * *"),
        scheduler(b, clock, job_b, "0 10 * * *"),
    )
    try:
        first.start()
        await first.drain()
        clock.set(at(2026, 3, 2, 10, 1))
        await asyncio.wait_for(job_a.started.wait(), 30)
        second.start()  # B finds the slot due and running: A's, under a live lease
        await asyncio.sleep(0.2)  # B polls meanwhile
        assert job_b.runs == [] and not job_b.started.is_set()
        job_a.release.set()
        await asyncio.gather(first.drain(), second.drain())
        assert (job_a.runs, job_b.runs) == ([None], [])
        # The next night A runs the slot alone (B is restarting) and dies mid-run: its lease
        # is left, and nothing renews it.
        await second.aclose()
        job_a.release.clear()
        job_a.started.clear()
        clock.set(at(2026, 3, 3, 10, 1))
        await asyncio.wait_for(job_a.started.wait(), 30)
        await first.aclose(timeout=0.01)  # A hangs (alive, renewing nothing)
        second = scheduler(b, clock, job_b, "0 10 * * *")
        second.start()
        await asyncio.sleep(0.2)
        assert job_b.runs == []  # the lease is live: B waits
        clock.advance(seconds=a.config.lease_s + 1)  # A's lease lapses
        await second.drain()
        assert job_b.runs == [None]
        assert runs(b)[-1][1:] == ("done", 2)
    finally:
        await first.aclose()
        await second.aclose()
        await a.leases.aclose()
        await b.leases.aclose()
        a.close()
        b.close()
