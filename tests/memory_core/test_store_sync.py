"""FTS5 and vec0 mirrors follow every insert, update, supersede and delete; history is immutable."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

import pytest
from sqlalchemy import text

from memory_core.clock import ManualClock
from memory_core.errors import NotFoundError, StoreError
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.values import (
    Category,
    NewEpisode,
    NewFact,
    SearchFilters,
    SearchMode,
    Status,
)
from tests import stores

ALICE = "console:alice"
BOB = "console:bob"
MODES: tuple[SearchMode, ...] = ("lexical", "vector", "hybrid")
Rows = Callable[..., list[tuple[Any, ...]]]


def fts_fact_ids(db_rows: Rows, memory: Memory, word: str) -> set[int]:
    """Ids the lexical index (not the content table) holds for ``word``."""
    return stores.fts_ids(memory, "facts", word)


def fts_owner_ids(db_rows: Rows, memory: Memory, user: str) -> set[int]:
    """Every fact id indexed for ``user`` (SQLite: through the owner token column)."""
    return stores.fts_owner_ids(memory, "facts", user)


def vec_facts(db_rows: Rows, memory: Memory) -> dict[int, tuple[str, str]]:
    """fact_id → (user_id, status) of every stored fact vector."""
    return {
        r[0]: (r[1], r[2])
        for r in db_rows(memory, "SELECT fact_id, user_id, status FROM vec_facts")
    }


async def remember(memory: Memory, text: str, key: str = "", user: str = ALICE) -> int:
    fact = await memory.remember(user, NewFact(key=key, value_text=text, confidence=0.9))
    return fact.id


async def test_remember_indexes_the_fact_in_fts_and_vectors(memory: Memory, db_rows: Rows) -> None:
    fact_id = await remember(memory, "Alice lives in Lisbon", key="home.city")

    assert fts_fact_ids(db_rows, memory, "lisbon") == {fact_id}
    assert fts_fact_ids(db_rows, memory, "home") == {fact_id}  # the key is indexed too
    assert fts_owner_ids(db_rows, memory, ALICE) == {fact_id}
    assert vec_facts(db_rows, memory) == {fact_id: (ALICE, "active")}
    assert stores.vector_dims(memory, "vec_facts", "fact_id", fact_id) == 384
    assert db_rows(memory, "SELECT COUNT(*) FROM vector_queue") == [(0,)]


async def test_updating_a_value_reindexes_fts(
    memory: Memory, db_rows: Rows, clock: ManualClock
) -> None:
    """Regression: two AFTER UPDATE triggers fired newest first and wiped the shared tokens."""
    fact_id = await remember(memory, "Alice drinks green tea", key="drink")
    with memory.db.write() as conn:
        fact_repo.update(conn, ALICE, fact_id, clock.now(), value_text="Alice drinks black coffee")

    assert fts_fact_ids(db_rows, memory, "tea") == set()
    assert fts_fact_ids(db_rows, memory, "coffee") == {fact_id}
    hits = await memory.search(ALICE, "coffee", mode="lexical")
    assert [h.id for h in hits] == [fact_id]
    assert await memory.search(ALICE, "tea", mode="lexical") == []


async def test_forget_removes_the_fact_from_every_index_and_search(
    memory: Memory, db_rows: Rows, clock: ManualClock
) -> None:
    kept = await remember(memory, "Alice plays the violin", key="hobby")
    gone = await remember(memory, "Alice lives in Lisbon", key="home.city")
    clock.advance(minutes=5)

    forgotten = await memory.forget(ALICE, gone)

    assert forgotten.status == Status.DELETED
    assert forgotten.valid_to == clock.now()
    row = db_rows(memory, "SELECT status, deleted_at FROM facts WHERE id = ?", gone)[0]
    assert row[0] == "deleted" and row[1] is not None
    assert fts_fact_ids(db_rows, memory, "lisbon") == set()
    assert fts_owner_ids(db_rows, memory, ALICE) == {kept}
    assert set(vec_facts(db_rows, memory)) == {kept}
    assert db_rows(memory, "SELECT COUNT(*) FROM vector_queue") == [(0,)]

    history = await memory.history(ALICE, fact_id=gone)
    assert [e.event for e in history] == ["created", "deleted"]
    assert history[-1].before is not None and history[-1].before["status"] == "active"
    assert history[-1].after is not None and history[-1].after["status"] == "deleted"

    every_status = SearchFilters(statuses=tuple(Status))
    for mode in MODES:
        for filters in (None, SearchFilters(include_superseded=True), every_status):
            hits = await memory.search(ALICE, "Alice lives in Lisbon", mode=mode, filters=filters)
            assert gone not in [h.id for h in hits], (mode, filters)
    assert [f.id for f in await memory.list_facts(ALICE)] == [kept]
    assert gone not in [
        f.id for f in await memory.list_facts(ALICE, SearchFilters(include_superseded=True))
    ]
    with pytest.raises(NotFoundError):
        await memory.get_fact(ALICE, gone)
    with pytest.raises(NotFoundError):
        await memory.forget(ALICE, gone)


async def test_superseded_fact_stays_in_fts_but_leaves_the_vector_index(
    memory: Memory, db_rows: Rows
) -> None:
    old = await remember(memory, "Alice works as a nurse", key="job")
    new = await remember(memory, "Alice works as a surgeon", key="job")

    await memory.set_status(ALICE, old, Status.SUPERSEDED, reason="promoted")

    assert fts_fact_ids(db_rows, memory, "nurse") == {old}
    assert set(vec_facts(db_rows, memory)) == {new}
    assert (await memory.get_fact(ALICE, old)).status == Status.SUPERSEDED
    assert await memory.search(ALICE, "nurse", mode="lexical") == []
    with_history = SearchFilters(include_superseded=True)
    hits = await memory.search(ALICE, "nurse", mode="lexical", filters=with_history)
    assert [h.id for h in hits] == [old]
    vector_hits = await memory.search(ALICE, "nurse", mode="vector", filters=with_history)
    assert old not in [h.id for h in vector_hits]
    assert [e.event for e in await memory.history(ALICE, fact_id=old)] == ["created", "superseded"]


async def test_reactivating_a_superseded_fact_restores_its_vector(
    memory: Memory, db_rows: Rows
) -> None:
    fact_id = await remember(memory, "Alice works as a nurse", key="job")
    await memory.set_status(ALICE, fact_id, Status.SUPERSEDED)
    assert vec_facts(db_rows, memory) == {}

    await memory.set_status(ALICE, fact_id, Status.ACTIVE)

    assert vec_facts(db_rows, memory) == {fact_id: (ALICE, "active")}
    hits = await memory.search(ALICE, "what is her job", mode="vector")
    assert [h.id for h in hits] == [fact_id]


async def test_pending_status_is_mirrored_in_vector_metadata(memory: Memory, db_rows: Rows) -> None:
    fact_id = await remember(memory, "Alice is allergic to peanuts", key="allergy")

    await memory.set_status(ALICE, fact_id, Status.PENDING)
    assert vec_facts(db_rows, memory) == {fact_id: (ALICE, "pending_confirmation")}
    # A status change keeps every FTS token, the owner token included (pending is retrievable).
    assert fts_owner_ids(db_rows, memory, ALICE) == {fact_id}
    assert [h.id for h in await memory.search(ALICE, "peanuts", mode="lexical")] == [fact_id]
    await memory.set_status(ALICE, fact_id, Status.ACTIVE)
    assert vec_facts(db_rows, memory) == {fact_id: (ALICE, "active")}


async def test_fact_history_rows_cannot_be_updated(memory: Memory) -> None:
    fact_id = await remember(memory, "Alice lives in Lisbon")
    with pytest.raises(StoreError, match="immutable"), memory.db.write() as conn:
        conn.execute(
            text("UPDATE fact_history SET actor = 'mallory' WHERE fact_id = :f"), {"f": fact_id}
        )
    assert {e.actor for e in await memory.history(ALICE, fact_id=fact_id)} == {"user"}


async def test_each_change_bumps_the_revision_by_one(memory: Memory, clock: ManualClock) -> None:
    created = await remember(memory, "Alice lives in Lisbon", key="home.city")
    clock.advance(hours=1)
    again = await remember(memory, "alice lives in lisbon", key="home.city")  # a re-mention
    clock.advance(hours=1)
    await memory.set_status(ALICE, created, Status.SUPERSEDED)
    clock.advance(hours=1)
    await memory.forget(ALICE, created)
    await remember(memory, "Bob lives in Porto", user=BOB)

    assert again == created
    changes = await memory.changes_since(ALICE, 0)
    assert [c.rev for c in changes] == [4, 3, 2, 1]
    assert [c.event for c in changes] == ["deleted", "superseded", "mentioned", "created"]
    assert [c.ts for c in changes] == sorted((c.ts for c in changes), reverse=True)
    assert all(c.fact_id == created for c in changes)
    assert changes[-1].meta == {"key": "home.city", "sensitive": False}
    assert [c.rev for c in await memory.changes_since(ALICE, 2)] == [4, 3]
    assert await memory.changes_since(ALICE, 4) == []
    assert [c.rev for c in await memory.changes_since(BOB, 0)] == [1]
    assert [e.rev for e in await memory.history(ALICE, fact_id=created)] == [1, 2, 3, 4]


async def test_explicit_remember_of_same_text_refreshes_instead_of_duplicating(
    memory: Memory, clock: ManualClock, db_rows: Rows
) -> None:
    first = await memory.remember(
        ALICE, NewFact(key="k", value_text="Alice likes jazz", confidence=0.5)
    )
    clock.advance(days=1)
    second = await memory.remember(
        ALICE, NewFact(key="k", value_text="ALICE LIKES JAZZ", confidence=0.8)
    )

    assert second.id == first.id
    assert second.mention_count == 2
    assert second.confidence == 0.8
    assert second.last_mentioned_at == clock.now()
    assert second.value_text == "Alice likes jazz"
    assert db_rows(memory, "SELECT COUNT(*) FROM facts") == [(1,)]
    assert fts_fact_ids(db_rows, memory, "jazz") == {first.id}


async def test_episodes_are_indexed_after_vector_sync(
    memory: Memory, db_rows: Rows, clock: ManualClock
) -> None:
    ids = await memory.record_episodes(
        ALICE,
        [
            NewEpisode(
                chat_id="c1",
                role="user",
                text="I adopted a kitten called Miso",
                created_at=clock.now(),
            ),
            NewEpisode(
                chat_id="c1",
                role="assistant",
                text="Congratulations on Miso!",
                created_at=clock.now(),
            ),
        ],
    )

    fts = stores.fts_ids(memory, "episodes", "miso")
    assert fts == set(ids)
    # Vectors follow the commit from the persisted queue, not inside it; the bot's own
    # reply gets none (it stays in the lexical index).
    assert db_rows(memory, "SELECT COUNT(*) FROM vec_episodes") == [(0,)]
    assert db_rows(memory, "SELECT item_id FROM vector_queue") == [(ids[0],)]

    assert await memory.run(Lane.BACKGROUND, memory.vectors.sync) == 1

    stored = db_rows(
        memory, "SELECT episode_id, user_id, role FROM vec_episodes ORDER BY episode_id"
    )
    assert stored == [(ids[0], ALICE, "user")]
    for mode in MODES:
        hits = await memory.search(ALICE, "kitten", mode=mode, kind="episodes")
        assert ids[0] in [h.id for h in hits], mode
        assert all(h.kind == "episodes" and h.episode is not None for h in hits)
    lexical = await memory.search(ALICE, "congratulations", mode="lexical", kind="episodes")
    # The matching reply, then the turn it answered (an adjacent turn of a best candidate).
    assert [h.id for h in lexical] == [ids[1], ids[0]]
    assert [h.lexical > 0 for h in lexical] == [True, False]

    # A reindex re-embeds the same set: the user's line, not the reply.
    assert await asyncio.to_thread(memory.reindex_blocking) == 1
    assert db_rows(memory, "SELECT episode_id FROM vec_episodes") == [(ids[0],)]


async def test_category_is_kept_through_the_round_trip(memory: Memory) -> None:
    fact = await memory.remember(
        ALICE,
        NewFact(key="diet", value_text="Alice is vegetarian", category=Category.HARD_PREFERENCE),
    )
    stored = await memory.get_fact(ALICE, fact.id)
    assert stored.category == Category.HARD_PREFERENCE
    assert isinstance(stored.valid_from, datetime) and stored.valid_to is None
