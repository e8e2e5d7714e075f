"""Several processes on one database: leased learning jobs, scheduled runs and inbox updates.

Each "replica" here is a :class:`Memory` of its own (its own engine, pool and lease owner id)
on the same database, as two ``membot run`` processes would be. The store-level rules run on
both stores; what only several live processes can show (leases left by a replica that died)
runs on PostgreSQL, where several processes are allowed.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest

from memory_core.clock import ManualClock
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory, MemoryConfig
from memory_core.ops.operations import JobRuns
from memory_core.runtime.inbox import Inbox
from memory_core.store import inbox as inbox_repo
from memory_core.store import outbox
from memory_core.store.inbox import SEND_GRACE_S
from tests.conftest import HashEmbedder
from tests.factories import START
from tests.fakes.extractor import ScriptedExtractor
from tests.postgres import PgServer

USER = "telegram:7"
LEASE_S = 30.0


@pytest.fixture
async def replicas(store: str | Path, clock: ManualClock) -> AsyncIterator[tuple[Memory, Memory]]:
    """Two processes' worth of Memory on one database, on one clock, both alive (their lease
    keepers hold the liveness locks; nothing renews unless a test says so: the clock stands)."""
    config = MemoryConfig(lease_s=LEASE_S)
    a = Memory.open(store, None, clock=clock, config=config)
    b = Memory.open(store, None, clock=clock, config=config)
    assert a.owner != b.owner
    await a.leases.start()
    await b.leases.start()
    yield a, b
    await a.leases.aclose()
    await b.leases.aclose()
    a.close()
    b.close()


def a_turn(n: int, text: str, clock: ManualClock, user: str = USER) -> Turn:
    return Turn(f"t{n}", user, "c1", text, clock.now(), assistant_text="ok", user_name="Ana")


def observer(memory: Memory) -> Observer:
    return Observer(Learner(memory, ScriptedExtractor(), RulesAuditor()), poll_interval=0.02)


def claim(memory: Memory, user: str = USER) -> outbox.Job | None:
    with memory.db.write(serial=False) as conn:
        return outbox.claim_next(conn, user, memory.clock.now(), memory.owner, LEASE_S)


async def test_a_committed_turn_is_leased_to_the_replica_that_committed_it(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, b = replicas
    await observer(a).observe(a_turn(1, "home_city=Berlin", clock))
    assert claim(b) is None  # A learns it, unless A dies
    job = claim(a)
    assert job is not None and job.turn_id == "t1"
    clock.advance(seconds=LEASE_S + 1)  # A died: its lease ran out
    taken = claim(b)
    assert taken is not None and taken.turn_id == "t1"
    assert claim(a) is None  # now B's


async def test_one_users_jobs_are_claimed_in_order_one_at_a_time(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, b = replicas
    obs_b = observer(b)
    await obs_b.observe(a_turn(1, "home_city=Berlin", clock))
    await obs_b.observe(a_turn(2, "home_city=Lisbon", clock))
    clock.advance(seconds=LEASE_S + 1)  # B died holding both
    first = claim(a)
    assert first is not None and first.turn_id == "t1"
    assert claim(b) is None  # t2 waits behind t1, whoever holds t1
    assert claim(a) is not None  # A may take its own job again (a retry in A)
    with a.db.write() as conn:
        assert outbox.mark_done(conn, first.id, clock.now(), None)
    second = claim(a)
    assert second is not None and second.turn_id == "t2"


async def test_a_lease_renewed_by_its_holder_keeps_the_job(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, b = replicas
    await observer(a).observe(a_turn(1, "home_city=Berlin", clock))
    for _ in range(3):
        clock.advance(seconds=LEASE_S * 0.9)
        assert a.leases.renew() == 1
        assert claim(b) is None


async def test_a_scheduled_slot_runs_in_one_replica_and_is_owed_again_if_it_dies(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, b = replicas
    runs_a = JobRuns(a.db, a.owner, LEASE_S)
    runs_b = JobRuns(b.db, b.owner, LEASE_S)
    slot = START
    got = runs_a.claim("decay", slot, "schedule", clock.now())
    assert got.run_id is not None
    busy = runs_b.claim("decay", slot, "schedule", clock.now())
    assert busy.run_id is None and busy.elsewhere  # not finished: B looks again later
    clock.advance(seconds=LEASE_S + 1)  # A died mid-run
    again = runs_b.claim("decay", slot, "schedule", clock.now())
    assert again.run_id == got.run_id
    runs_b.finish(again.run_id, "done", clock.now(), {})
    late = runs_a.claim("decay", slot, "schedule", clock.now())
    assert late.run_id is None and not late.elsewhere  # finished: never again
    [run] = runs_a.recent("decay")
    assert (run.status, run.attempts) == ("done", 2)


async def test_inbox_drops_a_redelivered_update_and_hands_out_each_chats_updates_in_order(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, b = replicas
    inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
    assert await inbox_a.put(10, "chat:1", '{"n": 10}')
    assert await inbox_b.put(11, "chat:2", '{"n": 11}')
    assert await inbox_b.put(12, "chat:1", '{"n": 12}')
    assert not await inbox_b.put(10, "chat:1", '{"n": 10}')  # Telegram retried: once
    got_a = await inbox_a.claim(10)
    assert [u.update_id for u in got_a] == [10, 11]  # one update per chat, oldest first
    assert await inbox_b.claim(10) == []  # chat 1's next waits for update 10
    await inbox_a.finish(got_a[0])
    [next_b] = await inbox_b.claim(10)
    assert (next_b.update_id, next_b.payload, next_b.attempts) == (12, '{"n": 12}', 1)
    assert await inbox_a.claim(10) == []
    clock.advance(seconds=LEASE_S + 1)  # A died holding update 11, B holding 12
    retaken = await inbox_a.claim(10)
    assert [(u.update_id, u.attempts) for u in retaken] == [(11, 2), (12, 2)]
    assert not await inbox_a.put(12, "chat:1", "{}")  # handled or not, a redelivery is dropped


async def test_inbox_gives_up_an_update_that_keeps_killing_its_handler(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    a, _b = replicas
    inbox = Inbox(a, "telegram", max_attempts=2)
    await inbox.put(5, "chat:1", "{}")
    await inbox.put(6, "chat:1", '{"n": 6}')
    for _ in range(2):
        [u] = await inbox.claim(5)
        assert u.update_id == 5
        clock.advance(seconds=LEASE_S + 1)
    [after] = await inbox.claim(5)  # update 5 given up (logged), the chat goes on
    assert after.update_id == 6


async def test_two_running_replicas_learn_every_turn_once_in_order(pg_url: str) -> None:
    """Both observers run; turns alternate between them; the user's facts end where the
    user's last turn left them and every job is done once."""
    clock = ManualClock(START)
    a = Memory.open(pg_url, None, clock=clock)
    b = Memory.open(pg_url, None, clock=clock)
    obs_a, obs_b = observer(a), observer(b)
    await a.leases.start()
    await b.leases.start()
    obs_a.start()
    obs_b.start()
    try:
        colours = ["red", "blue", "green", "teal", "pink", "gold", "grey", "plum"]
        for n, colour in enumerate(colours):
            target = obs_a if n % 2 == 0 else obs_b
            await target.observe(a_turn(n, f"favourite_colour={colour}", clock))
            clock.advance(seconds=1)

        def pending() -> int:
            with a.db.read() as conn:
                return int(
                    conn.exec_driver_sql(
                        "SELECT COUNT(*) FROM outbox WHERE status = 'pending'"
                    ).scalar_one()
                )

        # A replica's drain does not wait for jobs leased to the other: wait on the table.
        async with asyncio.timeout(60):
            while pending():
                await asyncio.gather(obs_a.drain(), obs_b.drain())
                await asyncio.sleep(0.02)
    finally:
        await obs_a.aclose()
        await obs_b.aclose()
        await a.leases.aclose()
        await b.leases.aclose()
    facts = await a.list_facts(USER)
    assert [f.value_text for f in facts] == ["Ana's favourite colour is plum."]
    with a.db.read() as conn:
        statuses = conn.exec_driver_sql("SELECT status, COUNT(*) FROM outbox GROUP BY status")
        assert dict(statuses.all()) == {"done": len(colours)}
        applied = conn.exec_driver_sql("SELECT COUNT(*) FROM applied_actions").scalar_one()
        assert applied == len(colours)
        # Each value got its row when it was applied: in the user's order.
        rows = conn.exec_driver_sql("SELECT value_text FROM facts ORDER BY id").all()
        assert [r[0].split()[-1] for r in rows] == [f"{c}." for c in colours]
    a.close()
    b.close()


async def test_a_replicas_cached_vectors_see_another_replicas_writes(pg_url: str) -> None:
    clock = ManualClock(START)
    embedder = HashEmbedder()
    a = Memory.open(pg_url, embedder, clock=clock)
    b = Memory.open(pg_url, embedder, clock=clock)
    try:
        from memory_core.values import NewFact

        await a.remember(USER, NewFact("pet.dog.name", "My dog is called Rex."))
        first = await b.search(USER, "dog", mode="vector")
        assert [h.text for h in first] == ["My dog is called Rex."]  # B's matrix now cached
        await a.remember(USER, NewFact("pet.cat.name", "My cat is called Tom."))
        second = await b.search(USER, "cat", mode="vector")
        assert {h.text for h in second} == {"My dog is called Rex.", "My cat is called Tom."}
    finally:
        a.close()
        b.close()


async def test_two_replicas_settling_one_conflict_settle_it_once(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    """The same button pressed twice, the presses handled by two replicas at the same time."""
    from memory_core.learn.resolve import Choice, Outcome

    a, b = replicas
    obs = observer(a)
    obs.start()
    try:
        await obs.observe(a_turn(1, "home_city=Berlin", clock))
        clock.advance(seconds=60)
        await obs.observe(a_turn(2, "home_city=Lisbon", clock))
        await obs.drain()
    finally:
        await obs.aclose()
    with a.db.read() as conn:
        [conflict_id] = [r[0] for r in conn.exec_driver_sql("SELECT id FROM conflicts").all()]
    results = await asyncio.gather(
        a.settle_conflict(USER, conflict_id, Choice.UPDATE),
        b.settle_conflict(USER, conflict_id, Choice.KEEP),
    )
    outcomes = sorted(r.outcome for r in results)
    assert outcomes == sorted([Outcome.RESOLVED, Outcome.ALREADY_SETTLED])
    winner = next(r for r in results if r.outcome == Outcome.RESOLVED)
    facts = [f.value_text for f in await b.list_facts(USER)]
    expected = "Lisbon" if winner is results[0] else "Berlin"
    assert len(facts) == 1 and expected in facts[0]


async def test_inbox_hands_out_a_chats_updates_by_update_id_whatever_order_they_came_in(
    replicas: tuple[Memory, Memory],
) -> None:
    a, b = replicas
    inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
    assert await inbox_b.put(21, "chat:1", '{"n": 21}')  # a retry brought 20 in late
    assert await inbox_a.put(20, "chat:1", '{"n": 20}')
    [first] = await inbox_a.claim(5)
    assert first.update_id == 20
    assert await inbox_b.claim(5) == []
    await inbox_a.finish(first)
    [second] = await inbox_b.claim(5)
    assert second.update_id == 21


async def test_a_dead_replicas_work_is_taken_over_at_once_on_postgresql(pg_url: str) -> None:
    """A process that died lost its session and its liveness lock with it: its leases are
    taken over now, not when they run out (the clock does not move here)."""
    clock = ManualClock(START)
    config = MemoryConfig(lease_s=LEASE_S)
    a = Memory.open(pg_url, None, clock=clock, config=config)
    b = Memory.open(pg_url, None, clock=clock, config=config)
    await a.leases.start()
    await b.leases.start()
    try:
        await observer(a).observe(a_turn(1, "home_city=Berlin", clock))
        inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
        await inbox_a.put(30, "chat:1", "{}")
        assert [u.update_id for u in await inbox_a.claim(5)] == [30]
        runs_a = JobRuns(a.db, a.owner, LEASE_S)
        assert runs_a.claim("decay", START, "schedule", clock.now()).run_id is not None
        runs_b = JobRuns(b.db, b.owner, LEASE_S)
        assert claim(b) is None and await inbox_b.claim(5) == []
        assert runs_b.claim("decay", START, "schedule", clock.now()).elsewhere
        await a.leases.aclose()  # A is gone: its session and liveness lock with it
        taken = claim(b)
        assert taken is not None and taken.turn_id == "t1"
        assert [(u.update_id, u.attempts) for u in await inbox_b.claim(5)] == [(30, 2)]
        assert runs_b.claim("decay", START, "schedule", clock.now()).run_id is not None
    finally:
        await a.leases.aclose()
        await b.leases.aclose()
        a.close()
        b.close()


async def _until(condition: Callable[[], bool], timeout: float) -> None:
    for _ in range(int(timeout / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"not within {timeout} s")


@pytest.mark.parametrize("fault", ["terminate_backends", "restart_server"])
async def test_a_replica_that_lost_its_session_stops_claiming_until_its_locks_are_back(
    pg_server: PgServer, pg_url: str, fault: str
) -> None:
    """After a server restart (or its backends being ended) every lease looks free, so a
    replica must not claim until it holds its liveness lock again and the others had time to
    take theirs back; then its own and the others' leases are theirs again."""
    clock = ManualClock(START)
    config = MemoryConfig(lease_s=LEASE_S)
    a = Memory.open(pg_url, None, clock=clock, config=config)
    b = Memory.open(pg_url, None, clock=clock, config=config)
    await a.leases.start()
    await b.leases.start()
    try:
        inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
        await inbox_a.put(40, "chat:1", "{}")
        await inbox_a.put(41, "chat:2", "{}")
        assert [u.update_id for u in await inbox_a.claim(1)] == [40]
        if fault == "restart_server":
            await asyncio.to_thread(pg_server.restart)
        else:
            with pg_server.admin() as conn:
                conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    (pg_url.split("?", 1)[0].rsplit("/", 1)[1],),
                )
        await _until(lambda: not a.leases.healthy and not b.leases.healthy, 30)
        # Lock-less now, each would take the other's update (A's 40) and more: neither claims.
        assert await inbox_b.claim(5) == [] and await inbox_a.claim(5) == []
        await _until(lambda: a.leases.healthy and b.leases.healthy, 60)
        assert a.leases.reconnects == 1 and b.leases.reconnects == 1
        # A's liveness lock is back: its update stays its own; the free one is B's to take.
        assert [u.update_id for u in await inbox_b.claim(5)] == [41]
    finally:
        await a.leases.aclose()
        await b.leases.aclose()
        a.close()
        b.close()


async def test_an_update_is_answered_at_most_once_across_a_takeover(
    replicas: tuple[Memory, Memory], clock: ManualClock
) -> None:
    """A frozen process whose update was taken over sends nothing when it wakes; a process
    taking over an update whose answer its predecessor began and stopped renewing for the
    grace sends it, and the predecessor, woken, sends nothing."""
    a, b = replicas
    inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
    await inbox_a.put(50, "chat:1", "{}")
    await inbox_a.put(51, "chat:2", "{}")
    [frozen] = await inbox_a.claim(1)
    clock.advance(seconds=LEASE_S + 1)  # A froze (SIGSTOP) past its lease: B takes over
    [taken] = await inbox_b.claim(1)
    assert taken.update_id == 50 and taken.attempts == 2
    assert await inbox_b.begin_send(taken)
    assert not await inbox_a.begin_send(frozen)  # woken: no longer A's to answer
    await inbox_a.finish(frozen)  # and A's finish does not close B's update
    assert _inbox_status(b, 50) == "pending"
    await inbox_b.finish(taken)
    assert _inbox_status(b, 50) == "done"
    # A begins sending 51's answer, then stops past its lease and the send grace.
    [sending] = await inbox_a.claim(1)
    assert sending.update_id == 51 and await inbox_a.begin_send(sending)
    clock.advance(seconds=LEASE_S + 1)
    [again] = await inbox_b.claim(1)
    assert again.update_id == 51
    # B takes the send over (nothing was accepted: had A's request got out, A would have
    # recorded it); A, woken, asks before its request and sends nothing.
    assert await inbox_b.begin_send(again)
    assert not await inbox_a.still_sending(sending)
    assert await inbox_b.still_sending(again)
    await inbox_b.finish(again)
    assert await inbox_b.claim(5) == []


def _inbox_status(memory: Memory, update_id: int) -> str:
    with memory.db.read() as conn:
        return str(
            conn.exec_driver_sql(
                "SELECT status FROM inbox WHERE update_id = %(u)s"
                if memory.db.postgres
                else "SELECT status FROM inbox WHERE update_id = :u",
                {"u": update_id},
            ).scalar_one()
        )


def _inbox_accepted(memory: Memory, update_id: int) -> str | None:
    with memory.db.read() as conn:
        return conn.exec_driver_sql(
            "SELECT accepted_message FROM inbox WHERE update_id = %(u)s", {"u": update_id}
        ).scalar_one()


async def test_a_chats_later_updates_wait_while_a_live_replica_is_sending_an_answer(
    pg_url: str,
) -> None:
    """A replica stopped between recording a send and the platform receiving it sends when it
    resumes: had its update been taken over meanwhile, the chat's next answer would go first.
    So its update stays its own for ``SEND_GRACE_S`` and the chat's later updates wait; past
    it, a replica taking the update over sends the answer unless the platform accepted it,
    and the stopped sender, woken, finds its send taken over and sends nothing."""
    clock = ManualClock(START)
    lease_s = 2.0
    config = MemoryConfig(lease_s=lease_s)
    a = Memory.open(pg_url, None, clock=clock, config=config)
    b = Memory.open(pg_url, None, clock=clock, config=config)
    await a.leases.start()
    await b.leases.start()
    try:
        inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
        for update_id, chat in ((60, "chat:1"), (61, "chat:1"), (62, "chat:2"), (63, "chat:3")):
            await inbox_a.put(update_id, chat, "{}")
        [sending] = await inbox_a.claim(1)
        assert sending.update_id == 60 and await inbox_a.begin_send(sending)
        clock.advance(seconds=lease_s + 1)  # A froze mid-send (SIGSTOP) past its lease
        claimed = await inbox_b.claim(1)
        assert [u.update_id for u in claimed] == [62]  # not 60, nor chat 1's 61 behind it
        await inbox_a.finish(sending)  # A woke: its answer went out, the update is closed
        assert _inbox_status(a, 60) == "done"
        claimed += await inbox_b.claim(5)
        assert [u.update_id for u in claimed] == [62, 61, 63]
        for update in claimed:
            await inbox_b.finish(update)
        # A sender stalled past the grace loses its update (the residual: its answer, if it
        # ever resumes, comes after the chat's later ones), and it is not sent twice.
        await inbox_a.put(64, "chat:4", "{}")
        [stalled] = await inbox_a.claim(1)
        assert await inbox_a.begin_send(stalled)
        clock.advance(seconds=lease_s + 1)
        assert await inbox_b.claim(1) == []
        clock.advance(seconds=SEND_GRACE_S)
        [taken] = await inbox_b.claim(1)
        assert (taken.update_id, taken.attempts) == (64, 2)
        # A lives but renewed nothing for the grace (stopped): B sends; A, if it resumes,
        # asks before its request (its send began over a third of the grace ago): sends nothing.
        assert await inbox_b.begin_send(taken)
        assert not await inbox_a.still_sending(stalled)
        await inbox_b.finish(taken)
        # A sender that died, perhaps before its request left: the update waits out the
        # grace (a sender only cut off from the database may still be sending), then the
        # replica taking it over sends the answer — before, it was taken at once and sent
        # by nobody.
        await inbox_a.put(65, "chat:5", "{}")
        [dying] = await inbox_a.claim(1)
        assert await inbox_a.begin_send(dying)
        await a.leases.aclose()  # A is gone: its session and liveness lock with it
        assert await inbox_b.claim(1) == []
        clock.advance(seconds=SEND_GRACE_S + 1)
        [orphan] = await inbox_b.claim(1)
        assert (orphan.update_id, orphan.attempts) == (65, 2)
        assert await inbox_b.begin_send(orphan)
        # A sender whose message the platform accepted, then died before closing the update:
        # recorded at once, so the replica taking it over sends nothing (before: sent twice).
        await inbox_b.finish(orphan)
        await inbox_b.put(66, "chat:6", "{}")
        [accepted] = await inbox_b.claim(1)
        assert await inbox_b.begin_send(accepted)
        await inbox_b.accept(accepted, "4711")
        await b.leases.aclose()  # B dies before the close
        c = Memory.open(pg_url, None, clock=clock, config=config)
        await c.leases.start()
        try:
            clock.advance(seconds=SEND_GRACE_S + 1)
            inbox_c = Inbox(c, "telegram")
            [late] = await inbox_c.claim(1)
            assert (late.update_id, late.attempts) == (66, 2)
            assert not await inbox_c.begin_send(late)
            await inbox_c.finish(late)
            assert _inbox_accepted(c, 66) == "4711"
        finally:
            await c.leases.aclose()
            c.close()
    finally:
        await a.leases.aclose()
        await b.leases.aclose()
        a.close()
        b.close()


async def test_an_answer_whose_send_was_refused_is_sent_by_the_next_holder(
    pg_url: str,
) -> None:
    """A send recorded as begun whose request the platform refused (nothing delivered) is
    handed back with the record cleared: the next holder sends it at once, whoever it is
    (before, every later holder found the send begun and sent nothing: the answer was lost).
    The same process taking its own begun update again (a lease that ran out while it was
    sending) sends nothing a second time."""
    clock = ManualClock(START)
    config = MemoryConfig(lease_s=2.0)
    a = Memory.open(pg_url, None, clock=clock, config=config)
    b = Memory.open(pg_url, None, clock=clock, config=config)
    await a.leases.start()
    await b.leases.start()
    try:
        inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
        await inbox_a.put(70, "chat:1", "{}")
        await inbox_a.put(71, "chat:2", "{}")
        [refused] = await inbox_a.claim(1)
        assert await inbox_a.begin_send(refused)
        await inbox_a.release(refused)  # the platform refused it: nothing reached the chat
        [again] = await inbox_b.claim(1)
        assert (again.update_id, again.attempts) == (70, 2)
        assert await inbox_b.begin_send(again)
        await inbox_b.finish(again)
        [slow] = await inbox_a.claim(1)
        assert slow.update_id == 71 and await inbox_a.begin_send(slow)
        clock.advance(seconds=3.0)  # A's lease ran out while its request was under way
        assert await inbox_a.claim(1) == [] and await inbox_b.claim(1) == []
        clock.advance(seconds=SEND_GRACE_S)
        [own] = await inbox_a.claim(1)  # past the grace: A's own send stands, not sent twice
        assert not await inbox_a.begin_send(own)
    finally:
        await a.leases.aclose()
        await b.leases.aclose()
        a.close()
        b.close()


async def test_a_claim_that_waited_for_row_locks_leases_from_when_it_got_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A claim that waited on a frozen process's row locks counts its leases from when it got
    the rows, not from before the wait: leases that had already run out would let another
    replica (or this one) lease the same update again while it is being answered."""
    clock = ManualClock(START)
    config = MemoryConfig(lease_s=LEASE_S)
    a = Memory.open(tmp_path / "m.db", None, clock=clock, config=config)
    b = Memory.open(tmp_path / "m.db", None, clock=clock, config=config)
    try:
        inbox_a, inbox_b = Inbox(a, "telegram"), Inbox(b, "telegram")
        await inbox_a.put(80, "chat:1", "{}")
        claim = inbox_repo.claim

        def waiting_claim(*args: Any, **kwargs: Any) -> list[inbox_repo.Update]:
            got = claim(*args, **kwargs)
            clock.advance(seconds=LEASE_S)  # the rows were held by a frozen transaction
            return got

        monkeypatch.setattr(inbox_repo, "claim", waiting_claim)
        [update] = await inbox_a.claim(1)
        monkeypatch.setattr(inbox_repo, "claim", claim)
        clock.advance(seconds=LEASE_S / 2)
        assert await inbox_b.claim(1) == []  # still A's: its lease runs from the wait's end
        clock.advance(seconds=LEASE_S)
        assert [u.update_id for u in await inbox_b.claim(1)] == [update.update_id]
    finally:
        a.close()
        b.close()


def test_a_server_that_accepts_but_never_answers_fails_the_connection_in_bounded_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hung database host (the TCP handshake done by the kernel, nothing more: a frozen
    server, a half-open proxy) fails a replica's connection after the connect timeout with a
    StoreError naming the server, instead of blocking its start (no log line, no exit) and
    every worker thread forever."""
    from memory_core.db.backends.postgresql import connect
    from memory_core.db.engine import Database
    from memory_core.errors import StoreError

    monkeypatch.setattr(connect, "CONNECT_TIMEOUT_S", 2)
    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(4)  # the kernel completes handshakes; nobody ever reads or answers
        url = f"postgresql://membot:pw@127.0.0.1:{hung.getsockname()[1]}/membot"
        db = Database(url)
        started = time.monotonic()
        try:
            with pytest.raises(StoreError, match=r"127\.0\.0\.1") as caught, db.read() as conn:
                conn.exec_driver_sql("SELECT 1")
        finally:
            db.dispose()
    assert time.monotonic() - started < 15, "the connection waited past its timeout"
    assert "pw" not in str(caught.value).replace("pwd", "")


def test_the_claim_bench_times_a_backlog_behind_handled_updates_before_and_after_pruning() -> None:
    """``bench claim --handled``: the handled history is really there (a claim hands out only
    the backlog's chat heads), and is timed again once the retention job deleted it."""
    from memory_core.benchmarks.writes import run_claim_bench

    kept, pruned = run_claim_bench(None, [40], per_chat=4, rounds=2, handled=120)
    assert (kept.handled, kept.pruned, pruned.pruned) == (120, False, True)
    assert kept.claimed == pruned.claimed == 10  # one head per chat, no handled update


def test_handled_updates_are_recorded_done_and_the_retention_deletes_them(tmp_path: Path) -> None:
    from datetime import timedelta

    from sqlalchemy import text

    from memory_core.db.engine import Database
    from memory_core.db.migrations import migrate

    db = Database(tmp_path / "m.db")
    try:
        migrate(db)
        with db.write(serial=False) as conn:
            inbox_repo.put_handled(conn, "telegram", [(1, "c:1"), (2, "c:2")], START)
            inbox_repo.put(conn, "telegram", 3, "c:1", "{}", START)
        count = "SELECT status, COUNT(*) FROM inbox GROUP BY status ORDER BY status"
        with db.read() as conn:
            assert [tuple(r) for r in conn.execute(text(count))] == [("done", 2), ("pending", 1)]
        with db.write(serial=False) as conn:
            assert inbox_repo.forget_before(conn, START + timedelta(seconds=1), 5000) == 2
    finally:
        db.dispose()


async def test_a_claim_passes_over_a_row_another_open_transaction_holds_but_not_its_chat(
    pg_url: str,
) -> None:
    """A replica stopped (SIGSTOP) mid-transaction on an inbox row — in its own claim, before
    the commit — keeps that row's lock until the server ends its session (20 s idle in
    transaction). Every other replica's claim used to wait on it (5 s lock timeout, again and
    again): no chat was answered meanwhile. Now the claim passes the held row over and leases
    the other chats' heads; the held row's chat waits — its next update is not leased past it —
    and is claimed once the holder lets go."""
    clock = ManualClock(START)
    config = MemoryConfig(lease_s=LEASE_S)
    b = Memory.open(pg_url, None, clock=clock, config=config)
    await b.leases.start()
    inbox_b = Inbox(b, "telegram")
    try:
        for uid, chat in ((40, "chat:1"), (41, "chat:1"), (42, "chat:2"), (43, "chat:3")):
            assert await inbox_b.put(uid, chat, f'{{"n": {uid}}}')
        with psycopg.connect(pg_url) as frozen:  # a replica stopped mid-claim
            frozen.execute(
                "UPDATE inbox SET attempts = attempts + 1, lease_owner = 'stopped:1' "
                "WHERE update_id = 40"
            )
            got = await inbox_b.claim(10)
            assert [u.update_id for u in got] == [42, 43]  # not 41: chat 1 waits for 40
            assert await inbox_b.claim(10) == []
            frozen.rollback()  # the server ended the stopped session: its claim undone
        assert [u.update_id for u in await inbox_b.claim(10)] == [40]
    finally:
        await b.leases.aclose()
        b.close()
