"""A move's notes on both stores (SQLite, PostgreSQL), learned through the real pipeline with
the offline rules: the notes of a line are found by its turn (plain SQL), the old home's go
with it, and the move line's own words are written once the change stands."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.learn.resolve import Choice, open_conflicts
from memory_core.memory import Memory
from memory_core.store import facts as fact_repo
from memory_core.values import Fact, SearchFilters, Status
from tests.factories import USER

HOME = "Wir wohnen in Pankow, ziemlich eng aber gemütlich."
MOVE = "Wir sind nach Erfurt gezogen, die Altstadt hat schiefe Fachwerkhäuser."


async def _learn(memory: Memory, clock: ManualClock, *turns: tuple[str, str]) -> None:
    obs = Observer(Learner(memory, RulesExtractor(), RulesAuditor()), poll_interval=0.02)
    obs.start()
    try:
        for turn_id, line in turns:
            await obs.observe(Turn(turn_id, USER, "c1", line, clock.now()))
            clock.advance(minutes=1)
        await obs.drain()
    finally:
        await obs.aclose()


async def _notes(memory: Memory) -> list[Fact]:
    facts = await memory.list_facts(USER, SearchFilters(statuses=tuple(Status)), limit=50)
    return [f for f in facts if f.key.startswith("note.")]


async def test_notes_of_a_turn_are_read_by_plain_sql_on_both_stores(
    lexical: Memory, clock: ManualClock
) -> None:
    await _learn(lexical, clock, ("t-home", HOME))
    with lexical.db.read() as conn:
        active = fact_repo.notes_of_turn(conn, USER, "t-home")
        either = fact_repo.notes_of_turn(conn, USER, "t-home", (Status.ACTIVE, Status.EXPIRED))
        other = fact_repo.notes_of_turn(conn, USER, "t-none")
    assert [n.value_text for n in active] == [HOME]
    assert [n.id for n in either] == [n.id for n in active]
    assert other == []


async def test_a_confirmed_move_swaps_the_homes_notes_on_both_stores(
    lexical: Memory, clock: ManualClock
) -> None:
    await _learn(lexical, clock, ("t-home", HOME))
    clock.advance(days=1)
    await _learn(lexical, clock, ("t-move", MOVE))
    asked = await open_conflicts(lexical.ctx, USER)
    assert len(asked) == 1
    await lexical.settle_conflict(USER, asked[0].id, Choice.UPDATE)
    notes = {n.value_text: n.status for n in await _notes(lexical)}
    assert notes == {HOME: Status.SUPERSEDED, MOVE: Status.ACTIVE}, notes
