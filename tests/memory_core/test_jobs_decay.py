"""Decay, TTL and purge: the curve, protections, "still true?" questions, every index cleaned."""

from __future__ import annotations

import math
from datetime import timedelta

import pytest

from memory_core.clock import ManualClock
from memory_core.jobs import DecayConfig, Lifecycle, questions
from memory_core.memory import Memory
from memory_core.read import entities
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
    assert report.decayed == report.faded == 0
    for before in kept:
        after = await lexical.get_fact(USER, before.id)
        assert (after.confidence, after.status) == (before.confidence, before.status)


async def test_decay_ranks_and_never_deletes_what_the_user_said(
    memory: Memory, clock: ManualClock
) -> None:
    fact = await memory.remember(
        USER,
        NewFact(
            key="trip", value_text="Ana visited Bob Marley Museum in Kingston.", confidence=0.4
        ),
    )
    clock.advance(days=30)  # 0.4 · e^(−3) ≈ 0.02: once deleted here, now floored
    report = await Lifecycle(memory).run()
    assert report.decayed == 1 and report.faded == 0
    kept = await memory.get_fact(USER, fact.id)
    assert kept.status == Status.ACTIVE and kept.confidence == pytest.approx(0.25)
    assert [h.id for h in await memory.search(USER, "Kingston museum")] == [fact.id]


async def test_faded_fact_is_soft_listed_restorable_then_purged_from_every_index(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    fact = await memory.remember(
        USER, NewFact(key="trip", value_text="Ana visited Bob Marley Museum in Kingston.")
    )
    with memory.db.write() as conn:
        entities.link(conn, USER, "fact", fact.id, entities.extract(fact.value_text))
    assert db_rows(memory, "SELECT COUNT(*) FROM vec_facts WHERE fact_id = ?", fact.id) == [(1,)]
    clock.advance(days=59)
    assert (await Lifecycle(memory).run()).faded == 0  # not yet 60 days unused
    clock.advance(days=2)
    report = await Lifecycle(memory).run()
    assert report.faded == 1
    gone = db_rows(memory, "SELECT status, purge_at, faded_at FROM facts WHERE id = ?", fact.id)[0]
    assert gone[0] == "deleted" and gone[2] == pytest.approx(clock.now().timestamp())
    assert gone[1] == pytest.approx((clock.now() + timedelta(days=180)).timestamp())
    assert stores.fts_ids(memory, "facts", "kingston") == set()
    assert db_rows(memory, "SELECT COUNT(*) FROM vec_facts WHERE fact_id = ?", fact.id) == [(0,)]
    assert db_rows(memory, "SELECT COUNT(*) FROM memory_entities WHERE item_id = ?", fact.id) == [
        (0,)
    ]
    assert await memory.search(USER, "Kingston museum") == []
    assert [f.id for f in await memory.faded(USER)] == [fact.id]
    history = await memory.history(USER, fact_id=fact.id)
    assert history[-1].event == "faded" and history[-1].actor == "system"
    assert "forget" not in (history[-1].reason or "")
    # Seed 003 §14: the fade is a worker/ttl event.
    ttl = "SELECT node, op, status, user_id, memory_id FROM events WHERE op = 'ttl'"
    assert db_rows(memory, ttl) == [("worker", "ttl", "ok", USER, fact.id)]

    clock.advance(days=181)
    assert (await Lifecycle(memory).run()).purged == 1
    for table in ("facts WHERE id", "fact_history WHERE fact_id", "change_log WHERE fact_id"):
        assert db_rows(memory, f"SELECT COUNT(*) FROM {table} = ?", fact.id) == [(0,)]
    assert db_rows(memory, "SELECT COUNT(*) FROM vector_queue WHERE item_id = ?", fact.id) == [(0,)]
    assert db_rows(memory, "SELECT memory_id FROM events WHERE op = 'purge'") == [(fact.id,)]


async def test_what_never_fades_by_time_alone(memory: Memory, clock: ManualClock, db_rows) -> None:
    slow = {"confidence": 0.9, "decay_rate": 0.001}
    stale = await remember(memory, "old_hobby", **slow)
    never = [
        await remember(memory, "nickname", category=Category.IDENTITY, **slow),
        await remember(memory, "family.sister.name", category=Category.RELATIONSHIP, **slow),
        await remember(memory, "pet.cat.name", **slow),
        await remember(memory, "allergy.penicillin", category=Category.HEALTH, **slow),
        await remember(memory, "diet", category=Category.HARD_PREFERENCE, **slow),
        await remember(memory, "project", importance=3, **slow),
        await remember(memory, "motto", pinned=True, **slow),
    ]
    clock.advance(days=30)
    used = await remember(memory, "recently_used", **slow)
    set_fields(memory, used.id, last_accessed_at=clock.now())
    clock.advance(days=31)
    report = await Lifecycle(memory, DecayConfig(ttl_days=60)).run()
    assert report.faded == 1
    status = dict(db_rows(memory, "SELECT id, status FROM facts"))
    assert status[stale.id] == "deleted"
    assert {status[f.id] for f in (*never, used)} == {"active"}


async def test_a_restore_sticks_and_an_undone_fade_too(lexical: Memory, clock: ManualClock) -> None:
    first = await remember(lexical, "hobby.chess")
    second = await remember(lexical, "hobby.kites")
    clock.advance(days=61)
    assert (await Lifecycle(lexical).run()).faded == 2
    back = await lexical.restore(USER, first.id)
    assert back.status == Status.ACTIVE and back.decay_rate == 0.0
    undone = await lexical.undo(USER)  # the night's fading, both facts
    assert {f.id for f in undone.reverted} == {first.id, second.id}
    assert {(f.status, f.decay_rate) for f in undone.reverted} == {(Status.ACTIVE, 0.0)}
    for _night in range(3):
        clock.advance(days=1)
        await Lifecycle(lexical).run()
    clock.advance(days=90)
    await Lifecycle(lexical).run()
    for fact in (first, second):
        assert (await lexical.get_fact(USER, fact.id)).status == Status.ACTIVE
    assert await lexical.faded(USER) == []


async def test_still_true_only_about_what_changes_after_months_one_a_week(
    memory: Memory, clock: ManualClock
) -> None:
    await remember(memory, "name", category=Category.IDENTITY)
    await remember(memory, "diet", category=Category.HARD_PREFERENCE)
    city = await remember(memory, "home_city", category=Category.IDENTITY)
    job = await remember(memory, "job_title", category=Category.IDENTITY)
    clock.advance(days=100)
    assert (await Lifecycle(memory).run()).asked == 0  # months, not days
    clock.advance(days=21)
    assert (await Lifecycle(memory).run()).asked == 1  # one at a time
    due = await questions.due(memory, USER, limit=5)
    assert [q.fact.id for q in due] == [city.id]
    await questions.mark_asked(memory, USER, due[0].id)
    outcome, kept = await questions.answer(memory, USER, due[0].id, keep=True)
    assert outcome == questions.Answer.KEPT and kept is not None
    assert (kept.confidence, kept.decay_rate) == (1.0, 0.0)
    again, _ = await questions.answer(memory, USER, due[0].id, keep=False)
    assert again == questions.Answer.ALREADY_SETTLED
    clock.advance(days=1)
    assert (await Lifecycle(memory).run()).asked == 0  # one a week
    clock.advance(days=7)
    assert (await Lifecycle(memory).run()).asked == 1
    due = await questions.due(memory, USER)
    assert [q.fact.id for q in due] == [job.id]
    outcome, dropped = await questions.answer(memory, USER, due[0].id, keep=False)
    assert outcome == questions.Answer.FORGOTTEN
    assert dropped is not None and dropped.status == Status.DELETED
    for _week in range(20):
        clock.advance(days=7)
        assert (await Lifecycle(memory).run()).asked == 0  # never the name, nor the diet


async def test_facts_about_a_protected_entity_never_decay(
    lexical: Memory, clock: ManualClock
) -> None:
    """Seed 002: an entity's protected flag (the user's own people) means no decay for the
    facts linked to it, under any of its types (the person, and the name said in passing)."""
    wedding = await lexical.remember(
        USER, NewFact(key="plan.wedding", value_text="Ana is going to Marco's wedding.")
    )
    gym = await lexical.remember(USER, NewFact(key="plan.gym", value_text="Ana goes to the gym."))
    brother = await lexical.remember(
        USER, NewFact(key="family.brother.marco.name", value_text="Ana's brother is Marco.")
    )
    with lexical.db.write() as conn:
        entities.link(conn, USER, "fact", wedding.id, entities.extract(wedding.value_text))
        entities.link(
            conn, USER, "fact", brother.id, [entities.Entity("Marco", "person", protected=True)]
        )
    clock.advance(days=10)
    await Lifecycle(lexical).run()
    assert (await lexical.get_fact(USER, wedding.id)).confidence == wedding.confidence
    assert (await lexical.get_fact(USER, gym.id)).confidence < gym.confidence


async def test_handled_webhook_updates_are_pruned_after_the_retention_in_batches(
    lexical: Memory, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Handled updates are kept ``inbox_keep_hours`` (the redelivery check), then the nightly
    run deletes them, a batch per transaction; pending ones are never touched."""
    from memory_core.jobs import decay
    from memory_core.runtime.inbox import Inbox

    monkeypatch.setattr(decay, "_INBOX_BATCH", 2)
    inbox = Inbox(lexical, "telegram")
    for update_id in range(5):
        await inbox.put(update_id, f"chat:{update_id}", "{}")
    for update in await inbox.claim(4):
        await inbox.finish(update)
    job = Lifecycle(lexical, DecayConfig(inbox_keep_hours=24))
    clock.advance(hours=23)
    assert (await job.run()).inbox_forgotten == 0  # still inside the redelivery window
    clock.advance(hours=2)
    assert (await job.run()).inbox_forgotten == 4  # two batches of 2
    assert not await inbox.put(4, "chat:4", "{}")  # the pending one is still known
    assert await inbox.put(1, "chat:1", "{}")  # a pruned one is new again


async def test_delivery_marks_are_pruned_with_handled_updates_in_batches(
    lexical: Memory, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spent page links, page sessions and commands' delivery marks (``first_delivery``) are
    kept as long as handled updates, then deleted by the nightly run; a fact's applied
    decision (another kind of mark) stays."""
    from memory_core.jobs import decay
    from memory_core.store import applied_actions

    monkeypatch.setattr(decay, "_INBOX_BATCH", 2)
    for mark in ("page-link:n1", "page-link:n2", "page-session:s1"):
        assert await lexical.first_delivery("page-links", mark)
    with lexical.db.write() as conn:
        applied_actions.claim(conn, USER, "t1", "food.likes", "h1", clock.now())
    job = Lifecycle(lexical, DecayConfig(inbox_keep_hours=24))
    clock.advance(hours=23)
    assert (await job.run()).deliveries_forgotten == 0
    assert await lexical.delivered("page-link:n1")
    clock.advance(hours=2)
    assert (await job.run()).deliveries_forgotten == 3  # two batches
    assert not await lexical.delivered("page-link:n1")
    assert not await lexical.delivered("page-session:s1")
    with lexical.db.read() as conn:
        kept = conn.exec_driver_sql("SELECT turn_id FROM applied_actions").all()
    assert kept == [("t1",)]
