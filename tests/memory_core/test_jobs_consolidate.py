"""Session consolidation: pages, two-level dedup, idempotency across crashes, newer facts win."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.base import Candidate, TurnInput
from memory_core.jobs import ConsolidateConfig, Consolidator
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer
from memory_core.memory import Memory
from memory_core.store import user_data as user_data_repo
from memory_core.values import NewFact, SearchFilters, Status
from tests.factories import USER
from tests.fakes.extractor import ScriptedExtractor


class PageExtractor(ScriptedExtractor):
    """The scripted extractor, recording each text it saw; can crash on chosen calls."""

    def __init__(self, crash_on: set[int] | None = None) -> None:
        super().__init__()
        self.crash_on = crash_on or set()
        self.texts: list[str] = []

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Parse ``key=value`` statements; raise on the calls listed in ``crash_on``."""
        self.texts.append(turn.user_text)
        if len(self.texts) in self.crash_on:
            raise RuntimeError("simulated crash mid consolidation")
        # One statement per line: the scripted grammar ends a value at ";".
        return await super().extract(replace(turn, user_text=turn.user_text.replace("\n", ";")))


def consolidator(memory: Memory, extractor: PageExtractor, page_size: int = 30) -> Consolidator:
    return Consolidator(memory, extractor, RulesAuditor(), ConsolidateConfig(page_size=page_size))


async def test_only_ended_sessions_followed_by_a_new_one_are_pending(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    await say(obs, clock, 1, "hello")
    job = consolidator(lexical, PageExtractor())
    assert await job.pending(user_id=USER, followed_only=True) == []
    clock.advance(minutes=45)  # silence: the next turn opens a new session
    await say(obs, clock, 2, "back again")
    pending = await job.pending(user_id=USER, followed_only=True)
    assert len(pending) == 1 and pending[0].user_id == USER
    # The new session is live: not pending even for the nightly sweep (no followed_only).
    assert [s.id for s in await job.pending(user_id=USER)] == [pending[0].id]


async def test_consolidation_reads_pages_and_learns_what_per_turn_missed(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)  # never started: no per-turn learning happened
    for i, text in enumerate(["home_city=Lisbon", "small talk", "employer=Acme", "more talk"]):
        await say(obs, clock, i, text)
    clock.advance(hours=1)
    extractor = PageExtractor()
    job = consolidator(lexical, extractor, page_size=3)
    [session] = await job.pending(user_id=USER)
    result = await job.run(session.id)
    assert result.pages == 2
    assert extractor.texts == ["home_city=Lisbon\nsmall talk\nemployer=Acme", "more talk"]
    values = sorted(f.value_text for f in await lexical.list_facts(USER))
    assert values == ["Ana's employer is Acme.", "Ana's home city is Lisbon."]
    assert {f.source_turn_id for f in await lexical.list_facts(USER)} == {
        f"consolidate:{session.id}:0"
    }
    assert await job.pending(user_id=USER) == []
    assert (await job.run(session.id)).already


@pytest.mark.sqlite_only  # the reading happens before the store is touched
async def test_consolidation_reads_what_it_learns_by_meaning_too(
    memory: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    """A fact consolidation learns goes through the one sensitivity model, as per-turn
    learning does: one only the reader by meaning finds private (self-harm said with no
    keyword) is stored sensitive, kept from every group."""
    obs = observer_for(memory)
    await say(obs, clock, 1, "note=thinks her family would be fine without her around")
    await say(obs, clock, 2, "employer=Acme")
    clock.advance(hours=1)
    job = consolidator(memory, PageExtractor())
    [session] = await job.pending(user_id=USER)
    await job.run(session.id)
    facts = {f.key: f for f in await memory.list_facts(USER)}
    assert facts["note"].sensitive
    assert not facts["employer"].sensitive


async def test_crash_mid_consolidation_reruns_without_duplicates(
    lexical: Memory,
    clock: ManualClock,
    db_rows,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    for i, text in enumerate(["home_city=Lisbon", "employer=Acme", "pet.cat.name=Tom"]):
        await say(obs, clock, i, text)
    clock.advance(hours=1)
    crashing = consolidator(lexical, PageExtractor(crash_on={2}), page_size=1)
    [session] = await crashing.pending(user_id=USER)
    with pytest.raises(RuntimeError, match="simulated crash"):
        await crashing.run(session.id)
    assert len(await lexical.list_facts(USER)) == 1  # page 0 applied, then the crash
    assert await crashing.pending(user_id=USER) != []  # not marked: it will run again

    result = await consolidator(lexical, PageExtractor(), page_size=1).run(session.id)
    assert result.pages == 3
    facts = await lexical.list_facts(USER)
    assert sorted(f.key for f in facts) == ["employer", "home_city", "pet.cat.name"]
    created = db_rows(lexical, "SELECT fact_id FROM fact_history WHERE event = 'created'")
    assert len(created) == 3  # each fact created exactly once
    assert db_rows(lexical, "SELECT COUNT(*) FROM sessions WHERE consolidated_at IS NULL") == [(0,)]


async def test_crash_before_marking_replays_every_page_as_a_noop(
    lexical: Memory,
    clock: ManualClock,
    db_rows,
    monkeypatch: pytest.MonkeyPatch,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    await say(obs, clock, 1, "home_city=Lisbon")
    clock.advance(hours=1)
    job = consolidator(lexical, PageExtractor())
    [session] = await job.pending(user_id=USER)

    def crash(_session_id: int) -> None:
        raise RuntimeError("killed before marking")

    monkeypatch.setattr(job, "_mark", crash)
    with pytest.raises(RuntimeError):
        await job.run(session.id)
    monkeypatch.undo()
    again = await job.run(session.id)
    assert again.summary()["written"] == 0
    assert len(db_rows(lexical, "SELECT id FROM facts")) == 1


async def test_two_level_dedup_and_forgotten_facts_are_not_relearned(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    forgotten = await lexical.remember(
        USER, NewFact(key="employer", value_text="Ana's employer is Acme.")
    )
    await lexical.forget(USER, forgotten.id)
    await lexical.remember(
        USER, NewFact(key="note.city", value_text="Ana's home city is Lisbon indeed.")
    )
    clock.advance(minutes=5)
    obs = observer_for(lexical)
    await say(obs, clock, 1, "home_city=Lisbon")  # Jaccard ≥ 0.75 with a stored fact
    await say(obs, clock, 2, "pet.cat.name=Tom")
    await say(obs, clock, 3, "pet.cat.name=Tom")  # exact duplicate within the batch
    await say(obs, clock, 4, "employer=Acme")  # forgotten: never learned again
    clock.advance(hours=1)
    job = consolidator(lexical, PageExtractor())
    [session] = await job.pending(user_id=USER)
    result = await job.run(session.id)
    facts = await lexical.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE,)))
    assert sorted(f.key for f in facts) == ["note.city", "pet.cat.name"]
    assert result.candidates == 4 and result.dropped == 3
    # Seed 003 §14's episodic events: the cat created; Lisbon and Acme merged into what the
    # store held (the in-batch repetition never reached it).
    with lexical.db.read() as conn:
        rows = conn.exec_driver_sql(
            "SELECT op, status, category, value FROM events WHERE node = 'episodic' ORDER BY id"
        ).all()
    assert [tuple(r) for r in rows] == [
        ("create", "ok", "other", None),
        ("merge", "ok", None, 2.0),
    ]


async def test_facts_changed_after_the_session_are_not_overwritten(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    await say(obs, clock, 1, "employer=Acme")
    clock.advance(hours=2)
    # Learned later (e.g. in the next session): the store knows newer things about the key.
    await lexical.remember(
        USER, NewFact(key="employer", value_text="Ana's employer is Globex.", confidence=0.5)
    )
    job = consolidator(lexical, PageExtractor())
    [session] = await job.pending(user_id=USER)
    await job.run(session.id)
    assert [f.value_text for f in await lexical.list_facts(USER)] == ["Ana's employer is Globex."]


async def test_turns_observed_while_paused_are_not_consolidated(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    obs = observer_for(lexical)
    await say(obs, clock, 1, "employer=Acme", learn=False)
    await say(obs, clock, 2, "home_city=Lisbon")
    clock.advance(hours=1)
    extractor = PageExtractor()
    job = consolidator(lexical, extractor)
    [session] = await job.pending(user_id=USER)
    await job.run(session.id)
    assert extractor.texts == ["home_city=Lisbon"]


class ErasingExtractor(PageExtractor):
    """Reads a page, then the user's /forgetme lands before the page is applied."""

    def __init__(self, memory: Memory) -> None:
        super().__init__()
        self.memory = memory

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        found = await super().extract(turn)
        await self.memory.erase(USER)
        return found


async def test_an_erasure_mid_consolidation_writes_nothing_back_and_fails_nothing(
    lexical: Memory,
    clock: ManualClock,
    observer_for: Callable[[Memory], Observer],
    say: Callable[..., Awaitable[None]],
) -> None:
    """/forgetme while the user's session is being consolidated: the page read before the
    erasure is not applied, the vanished session is not an error, nothing of the user is
    left; a later run of the same session id (the sweep's list was made before) is quiet."""
    obs = observer_for(lexical)
    for i, text in enumerate(["home_city=Lisbon", "employer=Acme"]):
        await say(obs, clock, i, text)
    clock.advance(hours=1)
    job = consolidator(lexical, ErasingExtractor(lexical), page_size=1)
    [session] = await job.pending(user_id=USER)
    result = await job.run(session.id)
    assert result.applied == () and result.gone
    again = await job.run(session.id)
    assert again.gone and again.applied == ()
    with lexical.db.read() as conn:
        assert user_data_repo.leftovers(conn, USER) == {}
