"""Edited and deleted messages revise memory: what a message taught is taken back (facts
it created retracted, facts it changed restored, its episodes and their vectors gone, its
queued learning cancelled), a later word from another message stands, and the history
says why."""

from __future__ import annotations

from datetime import timedelta

from memory_core.clock import ManualClock
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from memory_core.values import SearchFilters, Status
from tests.fakes.extractor import ScriptedExtractor

USER = "telegram:7"


def _observer(memory: Memory) -> Observer:
    return Observer(Learner(memory, ScriptedExtractor(), RulesAuditor()), poll_interval=0.05)


async def _say(memory: Memory, clock: ManualClock, turn_id: str, text: str) -> None:
    clock.advance(minutes=1)
    observer = _observer(memory)
    await observer.observe(
        Turn(turn_id, USER, "c1", text, clock.now(), assistant_text="Noted.", user_name="Ana")
    )
    observer.start()
    await observer.drain()
    await observer.aclose()


async def _active(memory: Memory) -> dict[str, str]:
    facts = await memory.list_facts(USER, SearchFilters(statuses=(Status.ACTIVE,)))
    return {f.key: f.value_text for f in facts}


async def test_a_deleted_message_takes_back_only_what_it_alone_taught(
    memory: Memory, clock: ManualClock, db_rows
) -> None:
    await _say(memory, clock, "tg:c1:1", "home_city=Lisbon")
    await _say(memory, clock, "tg:c1:2", "job=nurse;pet=a cat called Miso")
    await _say(memory, clock, "tg:c1:3", "home_city=Lisbon")  # said again elsewhere
    await _say(memory, clock, "tg:c1:4", "job=midwife")  # a later word on the job
    before = await _active(memory)
    assert before["home_city"].endswith("Lisbon.") and "midwife" in before["job"]
    clock.advance(minutes=5)
    revision = await memory.revise_message(USER, "tg:c1:2", deleted=True)
    after = await _active(memory)
    assert "pet" not in after  # taught by the deleted message alone: retracted
    assert "midwife" in after["job"]  # changed since by another message: stands
    assert after["home_city"] == before["home_city"]
    assert [f.key for f in revision.retracted] == ["pet"] and revision.episodes == 2
    (miso,) = revision.retracted
    history = await memory.history(USER, fact_id=miso.id)
    assert (history[-1].event, history[-1].reason) == ("retracted", "message deleted")
    assert db_rows(memory, "SELECT COUNT(*) FROM episodes WHERE turn_id = 'tg:c1:2'") == [(0,)]
    assert db_rows(memory, "SELECT user_text FROM outbox WHERE turn_id = 'tg:c1:2'") == [("",)]
    found = await memory.search(USER, "Miso the cat", kind="episodes")
    assert not [h for h in found if "Miso" in h.text]
    # What the deleted message said is not learned back from old material (a turn said
    # before the deletion, learned late)…
    observer = _observer(memory)
    old = clock.now() - timedelta(minutes=30)
    await observer.observe(Turn("tg:c1:0", USER, "c1", "pet=a cat called Miso", old))
    observer.start()
    await observer.drain()
    await observer.aclose()
    assert "pet" not in await _active(memory)
    # …but the user saying it anew is learned.
    await _say(memory, clock, "tg:c1:5", "pet=a cat called Miso")
    assert "pet" in await _active(memory)


async def test_an_edit_restores_what_the_original_changed_then_learns_the_new_text(
    memory: Memory, clock: ManualClock
) -> None:
    await _say(memory, clock, "tg:c1:1", "sport=chess")
    await _say(memory, clock, "tg:c1:2", "sport=golf")  # supersedes chess
    assert (await _active(memory))["sport"].endswith("golf.")
    clock.advance(minutes=1)
    edit = "tg:c1:2:edit:1"
    revision = await memory.revise_message(
        USER, "tg:c1:2", deleted=False, at=clock.now(), edit_turn_id=edit
    )
    assert [f.value_text for f in revision.restored] == ["Ana's sport is chess."]
    assert (await _active(memory))["sport"].endswith("chess.")
    await _say(memory, clock, edit, "sport=judo")
    assert (await _active(memory))["sport"].endswith("judo.")
    # The platform sends the same edit again: nothing is revised twice.
    again = await memory.revise_message(
        USER, "tg:c1:2", deleted=False, at=clock.now(), edit_turn_id=edit
    )
    assert not again.changed
    assert (await _active(memory))["sport"].endswith("judo.")


async def test_an_edit_before_the_original_was_learned_cancels_its_learning(
    memory: Memory, clock: ManualClock
) -> None:
    observer = _observer(memory)
    await observer.observe(Turn("tg:c1:1", USER, "c1", "pet=a dog called Rex", clock.now()))
    clock.advance(minutes=1)
    revision = await memory.revise_message(USER, "tg:c1:1", deleted=False, at=clock.now())
    assert revision.cancelled == 1
    observer.start()
    await observer.drain()
    await observer.aclose()
    assert await _active(memory) == {}
