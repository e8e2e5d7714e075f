"""The event log is written with the transactions that already commit, and metrics read it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.base import Candidate, TurnInput
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.llm import Usage
from memory_core.memory import Memory
from memory_core.ops import admin
from memory_core.store.events import UsageBuffer
from memory_core.user.edits import undo_last
from tests.fakes.extractor import ScriptedExtractor

USER = "console:ana"


class MeteredExtractor(ScriptedExtractor):
    """The scripted extractor, reporting a model call per turn like a provider's sink would."""

    def __init__(self, sink: UsageBuffer, **kw: Any) -> None:
        super().__init__(**kw)
        self.sink = sink

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Report usage, then parse."""
        self.sink.record(
            Usage("claude-haiku-5-5", 1000, 200, cache_creation_input_tokens=800, latency_ms=350.0)
        )
        return await super().extract(turn)


def observer_with(memory: Memory, extractor: ScriptedExtractor, usage: UsageBuffer) -> Observer:
    return Observer(Learner(memory, extractor, RulesAuditor(), usage), poll_interval=0.02)


def turn(n: int, text: str, clock: ManualClock, **kw: Any) -> Turn:
    return Turn(f"t{n}", USER, "c1", text, clock.now(), assistant_text="ok", **kw)


async def test_turn_and_job_events_ride_in_the_existing_transactions(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    usage = UsageBuffer()
    obs = observer_with(memory, MeteredExtractor(usage), usage)
    obs.start()
    try:
        await obs.observe(
            turn(1, "pet.cat.name=Tom", clock, memory_tokens=42, lexical_hits=1, vector_hits=0)
        )
        # Committed with the turn, before any learning happened:
        rows = db_rows(memory, "SELECT node, op, status, value FROM events ORDER BY id")
        assert rows == [
            ("hotpath", "lexical", "hit", 1.0),
            ("hotpath", "vector", "miss", 0.0),
            ("context", "inject", "ok", 42.0),
        ]
        await obs.drain()
    finally:
        await obs.aclose()
    worker = db_rows(
        memory,
        "SELECT op, status, memory_id IS NOT NULL, category FROM events WHERE node = 'worker'",
    )
    assert ("insert", "ok", 1, "other") in worker
    # Seed 003 §14's hotpath/classify: what the turn was read as, with the job's events.
    classify = db_rows(memory, "SELECT status, category, value FROM events WHERE op='classify'")
    assert classify == [("ok", "other", 1.0)]
    latency = db_rows(memory, "SELECT value FROM events WHERE op = 'observe'")
    assert len(latency) == 1 and latency[0][0] > 0
    llm = dict(db_rows(memory, "SELECT op, value FROM events WHERE node = 'llm'"))
    assert llm["calls"] == 1 and llm["input_tokens"] == 1000
    assert llm["cache_write_tokens"] == 800
    assert not usage.pending()


async def test_a_turn_without_retrieval_figures_records_no_search_events(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    usage = UsageBuffer()
    obs = observer_with(memory, ScriptedExtractor(), usage)
    await obs.observe(turn(1, "hello there", clock))  # e.g. an explicit /remember
    assert db_rows(memory, "SELECT COUNT(*) FROM events WHERE node != 'worker'") == [(0,)]


async def test_a_failed_attempt_is_an_error_event(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    usage = UsageBuffer()
    obs = Observer(
        Learner(memory, ScriptedExtractor(fail_times=1), RulesAuditor(), usage),
        poll_interval=0.02,
        base_delay=0.01,
    )
    obs.start()
    try:
        await obs.observe(turn(1, "FAIL pet.cat.name=Tom", clock))
        done = "SELECT COUNT(*) FROM events WHERE status = 'ok' AND op = 'observe'"
        deadline = time.monotonic() + 60
        while db_rows(memory, done) == [(0,)]:
            assert time.monotonic() < deadline
            await obs.drain()
            clock.advance(seconds=1)  # the retry becomes due (backoff on the memory's clock)
    finally:
        await obs.aclose()
    assert db_rows(memory, "SELECT status FROM events WHERE op = 'observe' ORDER BY id") == [
        ("error",),
        ("ok",),
    ]


async def test_usage_left_over_is_written_when_the_observer_closes(memory: Memory, db_rows) -> None:
    usage = UsageBuffer()
    obs = observer_with(memory, ScriptedExtractor(), usage)
    obs.start()
    usage.record(Usage("claude-sonnet-5-5", 10, 5))  # e.g. a scheduled job's call
    await obs.aclose()
    assert dict(db_rows(memory, "SELECT op, value FROM events WHERE node = 'llm'")) == {
        "calls": 1.0,
        "input_tokens": 10.0,
        "output_tokens": 5.0,
    }


def test_usage_survives_a_failed_flush() -> None:
    usage = UsageBuffer()
    usage.record(Usage("m", 10, 5))

    class Broken:
        def execute(self, *_: object) -> None:
            raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        usage.flush(Broken(), 0.0)  # type: ignore[arg-type]
    usage.record(Usage("m", 1, 1))
    written: dict[str, Any] = {}

    class Recorder:  # the rows go in one multi-row INSERT: op_0, val_0, op_1, …
        def execute(self, _stmt: object, params: dict[str, Any]) -> None:
            written.update(params)

    usage.flush(Recorder(), 0.0)  # type: ignore[arg-type]
    rows = sum(1 for k in written if k.startswith("op_"))
    sums = {written[f"op_{i}"]: written[f"val_{i}"] for i in range(rows)}
    assert sums["calls"] == 2 and sums["input_tokens"] == 11


async def test_undoing_an_automatic_overwrite_counts_as_wrong(
    memory: Memory, clock: ManualClock
) -> None:
    usage = UsageBuffer()
    obs = observer_with(memory, ScriptedExtractor(), usage)
    obs.start()
    try:
        # (Another name for a pet is asked about now — it may be a second one — so the
        # automatic overwrite is of a single-valued favourite.)
        await obs.observe(turn(1, "favorite.color=blue", clock))
        await obs.drain()
        clock.advance(minutes=5)
        await obs.observe(turn(2, "favorite.color=green", clock))
        await obs.drain()
    finally:
        await obs.aclose()
    # Events, history and conflicts all carry the memory's clock (here: the manual one).
    now = clock.now().timestamp()
    before = admin.compute_metrics(memory.db, since=now - 86400, until=now + 3600)
    assert before.automatic_overwrites == 1
    assert before.wrong_overwrite_rate == 0.0
    clock.advance(minutes=1)
    assert (await undo_last(memory, USER)).reverted
    after = admin.compute_metrics(memory.db, since=now - 86400, until=now + 3600)
    assert after.corrected_overwrites == 1
    assert after.wrong_overwrite_rate == 1.0
    assert after.decisions["insert"] == 1
    assert after.observer_latency_ms.count == 2
