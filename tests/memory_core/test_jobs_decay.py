"""Decay, TTL and purge: the curve, protections, "still true?" questions, every index cleaned."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest

from memory_core import entities
from memory_core.clock import ManualClock
from memory_core.jobs import DecayConfig, Lifecycle, questions
from memory_core.memory import Memory
from memory_core.store import facts as fact_repo
from memory_core.values import Category, Fact, NewFact, Status
from tests import stores
from tests.factories import USER


async def remember(memory: Memory, key: str, **kw: object) -> Fact:
    return await memory.remember(
        USER,
        NewFact(key=key, value_text=f"Ana's {key} fact.", **kw),  # type: ignore[arg-type]
    )


def set_fields(memory: Memory, fact_id: int, **fields: object) -> None:
    with memory.db.write() as conn:
        fact_repo.update(conn, USER, fact_id, memory.clock.now(), **fields)


async def test_decay_follows_the_curve_once_per_elapsed_day(
    lexical: Memory, clock: ManualClock
) -> None:
    fact = await remember(lexical, "hobby", confidence=0.8)
    job = Lifecycle(lexical)
    clock.advance(days=2)
    await job.run()
    conf = (await lexical.get_fact(USER, fact.id)).confidence
    assert conf == pytest.approx(0.8 * math.exp(-0.2), abs=1e-5)
    await job.run()  # the same day again: nothing compounds
    assert (await lexical.get_fact(USER, fact.id)).confidence == pytest.approx(conf)
    clock.advance(days=1)
    await job.run()
    assert (await lexical.get_fact(USER, fact.id)).confidence == pytest.approx(
        0.8 * math.exp(-0.3), abs=1e-5
    )


async def test_protected_pinned_pending_and_reflections_never_decay(
    lexical: Memory, clock: ManualClock
) -> None:
    kept = [
        await remember(lexical, "confirmed", confidence=1.0, decay_rate=0.0),
        await remember(lexical, "pinned", confidence=0.5, pinned=True),
        await remember(lexical, "pending", confidence=0.4, status=Status.PENDING),
        await remember(
            lexical,
            "reflection.weekly",
            confidence=1.0,
            decay_rate=0.0,
            kind="reflection",
            category=Category.REFLECTION,
        ),
    ]
    clock.advance(days=200)
    report = await Lifecycle(lexical).run()
    assert report.decayed == report.deleted == report.ttl_deleted == 0
    for before in kept:
        after = await lexical.get_fact(USER, before.id)
        assert (after.confidence, after.status) == (before.confidence, before.status)


async def test_decayed_fact_is_forgotten_then_purged_from_every_index(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    fact = await memory.remember(
        USER, NewFact(key="trip", value_text="Ana visited Bob Marley Museum in Kingston.")
    )
    with memory.db.write() as conn:
        entities.link(conn, USER, "fact", fact.id, entities.extract(fact.value_text))
    assert db_rows(memory, "SELECT COUNT(*) FROM vec_facts WHERE fact_id = ?", fact.id) == [(1,)]
    clock.advance(days=30)  # 0.4 · e^(−3) ≈ 0.02 < 0.05
    report = await Lifecycle(memory).run()
    assert report.deleted == 1
    gone = db_rows(memory, "SELECT status, purge_at FROM facts WHERE id = ?", fact.id)[0]
    assert gone[0] == "deleted"
    assert gone[1] == pytest.approx((clock.now() + timedelta(days=30)).timestamp())
    assert stores.fts_ids(memory, "facts", "kingston") == set()
    assert db_rows(memory, "SELECT COUNT(*) FROM vec_facts WHERE fact_id = ?", fact.id) == [(0,)]
    assert db_rows(memory, "SELECT COUNT(*) FROM memory_entities WHERE item_id = ?", fact.id) == [
        (0,)
    ]
    assert await memory.search(USER, "Kingston museum") == []

    clock.advance(days=31)
    assert (await Lifecycle(memory).run()).purged == 1
    for table in ("facts WHERE id", "fact_history WHERE fact_id", "change_log WHERE fact_id"):
        assert db_rows(memory, f"SELECT COUNT(*) FROM {table} = ?", fact.id) == [(0,)]
    assert db_rows(memory, "SELECT COUNT(*) FROM vector_queue WHERE item_id = ?", fact.id) == [(0,)]


async def test_ttl_soft_deletes_long_unused_low_importance_facts(
    lexical: Memory, clock: ManualClock, db_rows
) -> None:
    slow = {"confidence": 0.9, "decay_rate": 0.001}  # barely decays: only TTL can remove it
    stale = await remember(lexical, "old_hobby", **slow)
    important = await remember(lexical, "nickname", category=Category.IDENTITY, **slow)
    weighty = await remember(lexical, "project", importance=3, **slow)
    pinned = await remember(lexical, "motto", pinned=True, **slow)
    clock.advance(days=30)
    used = await remember(lexical, "recently_used", **slow)
    set_fields(lexical, used.id, last_accessed_at=clock.now())
    clock.advance(days=31)
    report = await Lifecycle(lexical, DecayConfig(ttl_days=60)).run()
    assert report.ttl_deleted == 1
    status = dict(db_rows(lexical, "SELECT id, status FROM facts"))
    assert status[stale.id] == "deleted"
    assert {status[f.id] for f in (important, weighty, pinned, used)} == {"active"}
    clock.advance(days=31)
    assert (await Lifecycle(lexical).run()).purged == 1
    assert db_rows(lexical, "SELECT COUNT(*) FROM facts WHERE id = ?", stale.id) == [(0,)]


async def test_important_fact_is_asked_about_never_deleted_silently(
    lexical: Memory, clock: ManualClock
) -> None:
    city = await remember(lexical, "home_city", category=Category.IDENTITY)
    diet = await remember(lexical, "diet", category=Category.HARD_PREFERENCE)
    clock.advance(days=40)  # far below both thresholds
    report = await Lifecycle(lexical).run()
    assert (report.asked, report.deleted) == (2, 0)
    due = await questions.due(lexical, USER, limit=5)
    assert [q.fact.id for q in due] == [city.id, diet.id]
    assert (await Lifecycle(lexical).run()).asked == 0  # one open question per fact

    outcome, kept = await questions.answer(lexical, USER, due[0].id, keep=True)
    assert outcome == questions.Answer.KEPT and kept is not None
    assert (kept.confidence, kept.decay_rate) == (1.0, 0.0)
    outcome, dropped = await questions.answer(lexical, USER, due[1].id, keep=False)
    assert outcome == questions.Answer.FORGOTTEN
    assert dropped is not None and dropped.status == Status.DELETED
    again, _ = await questions.answer(lexical, USER, due[0].id, keep=False)
    assert again == questions.Answer.ALREADY_SETTLED
    clock.advance(days=100)
    await Lifecycle(lexical).run()
    assert (await lexical.get_fact(USER, city.id)).confidence == 1.0
