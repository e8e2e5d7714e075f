"""Cached vector matrices take committed vector writes without a reload, and stay exact."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from memory_core.benchmarks.corpus import random_unit_vectors
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.store import vectors as vec
from memory_core.values import NewFact

USER = "console:ana"


def _knn(memory: Memory, query: np.ndarray[Any, Any]) -> tuple[list[tuple[int, float]], ...]:
    with memory.db.read() as conn:
        cached = memory.vectors.cache.knn(conn, USER, "facts", query, 50)
        direct = vec.vec0_knn(conn, USER, "facts", query, 50)
    return cached, direct


def _same(cached: list[tuple[int, float]], direct: list[tuple[int, float]]) -> None:
    assert sorted(i for i, _ in cached) == sorted(i for i, _ in direct)
    assert np.allclose(sorted(s for _, s in cached), sorted(s for _, s in direct), atol=1e-5)


async def test_writes_update_the_cached_matrix_instead_of_reloading_it(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, text in (
        ("home_city", "Ana lives in Porto"),
        ("pet.cat.name", "Ana has a cat called Miso"),
        ("instrument", "Ana plays the cello"),
    ):
        await memory.remember(USER, NewFact(key=key, value_text=text, confidence=0.9))
    await memory.run(Lane.BACKGROUND, memory.vectors.sync)
    query = memory.vectors.embed_query("where does Ana live?")
    assert query is not None
    _same(*_knn(memory, query))  # the first search loads the matrix

    def no_reload(*_args: object) -> None:
        raise AssertionError("the matrix was reloaded")

    monkeypatch.setattr(memory.vectors.cache, "_load", no_reload)
    added = await memory.remember(
        USER, NewFact(key="hobby", value_text="Ana sails on weekends", confidence=0.9)
    )
    gone = next(f for f in await memory.list_facts(USER) if f.key == "instrument")
    await memory.forget(USER, gone.id)
    await memory.run(Lane.BACKGROUND, memory.vectors.sync)

    cached, direct = _knn(memory, query)
    _same(cached, direct)
    ids = {i for i, _ in cached}
    assert added.id in ids and gone.id not in ids
    with memory.db.read() as conn:
        current = vec.version(conn, USER, "facts")
    assert memory.vectors.cache._entries[(USER, "facts")].version == current


def test_a_matrix_at_another_version_is_left_for_the_next_search_to_reload(
    memory: Memory,
) -> None:
    rng = np.random.default_rng(7)
    with memory.db.write() as conn:
        vec.insert_many(conn, "facts", USER, [1, 2, 3], random_unit_vectors(rng, 3, 384), "active")
    query = random_unit_vectors(rng, 1, 384)[0]
    _same(*_knn(memory, query))
    entry = memory.vectors.cache._entries[(USER, "facts")]
    stray = {9: random_unit_vectors(rng, 1, 384)[0]}
    # Another writer's change in between: not applied on top of a stale matrix.
    assert not memory.vectors.cache.apply(
        USER, "facts", entry.version + 1, entry.version + 2, stray
    )
    assert memory.vectors.cache._entries[(USER, "facts")] is entry
    assert memory.vectors.cache.apply(USER, "facts", entry.version, entry.version + 1, stray, [2])
    updated = memory.vectors.cache._entries[(USER, "facts")]
    assert sorted(updated.ids.tolist()) == [1, 3, 9] and updated.matrix.shape == (3, 384)
    assert updated.matrix.flags.c_contiguous
    with memory.db.read() as conn:  # the database never had fact 9: the search reloads
        assert vec.version(conn, USER, "facts") != updated.version
    _same(*_knn(memory, query))


def test_a_matrix_too_big_for_the_cache_is_not_counted_again_at_the_same_version(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = np.random.default_rng(9)
    with memory.db.write() as conn:
        vec.insert_many(conn, "facts", USER, [1, 2, 3], random_unit_vectors(rng, 3, 384), "active")
    cache = memory.vectors.cache
    monkeypatch.setattr(cache, "max_bytes", 100)  # three vectors do not fit
    reads: list[str] = []
    real_read = vec.read_matrix

    def counted(*args: Any) -> Any:
        reads.append(args[2])
        return real_read(*args)

    monkeypatch.setattr(vec, "read_matrix", counted)
    query = random_unit_vectors(rng, 1, 384)[0]
    first, direct = _knn(memory, query)
    again, _ = _knn(memory, query)
    assert reads == [USER]  # the second search went straight to the store
    assert first == again == direct and len(first) == 3
    with memory.db.write() as conn:  # a new version: worth trying the cache again
        vec.write(conn, "facts", USER, 4, random_unit_vectors(rng, 1, 384)[0], "active")
    monkeypatch.setattr(cache, "max_bytes", 1 << 20)
    cached, direct = _knn(memory, query)
    _same(cached, direct)
    assert reads == [USER, USER] and len(cached) == 4
    assert (USER, "facts") in cache._entries


def test_a_new_item_is_due_in_the_next_batch_behind_another_users_big_backlog(
    memory: Memory,
) -> None:
    """Another user's import queues thousands of vectors; the newest half of every batch
    keeps what was just said searchable by meaning one batch later, and the rest still
    drains the backlog from its oldest end."""
    with memory.db.write() as conn:
        for i in range(1, 201):
            vec.enqueue(conn, "facts", i, "console:importer", "upsert", 1.0)
        vec.enqueue(conn, "episodes", 7, USER, "upsert", 2.0)
    with memory.db.read() as conn:
        batch = vec.due(conn, 10.0, 16)
    assert len(batch) == 16
    assert (batch[-1].user_id, batch[-1].item_id) == (USER, 7)  # in the first batch
    assert [q.item_id for q in batch[:8]] == list(range(1, 9))  # the oldest still go
    assert [q.id for q in batch] == sorted({q.id for q in batch})
