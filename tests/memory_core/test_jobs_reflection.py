"""Weekly reflections: gating (3 facts, 6 days, opt-out, private chat), content, persistence."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.errors import LLMError, NotFoundError
from memory_core.jobs import Digest, LLMWriter, Reflector, TemplateWriter
from memory_core.llm import ChatReply, ToolCall, ToolSpec, Usage
from memory_core.memory import Memory
from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.store import users
from memory_core.values import Category, NewFact, Status
from tests.factories import USER


def settings(memory: Memory, **fields: object) -> None:
    with memory.db.write() as conn:
        users.set_fields(conn, USER, memory.clock.now(), **fields)


async def learn(memory: Memory, *texts: str, **kw: object) -> None:
    for i, text in enumerate(texts):
        await memory.remember(
            USER,
            NewFact(key=f"k{i}_{len(text)}", value_text=text, **kw),  # type: ignore[arg-type]
        )


async def test_reflection_needs_three_new_facts_a_private_chat_and_consent(
    lexical: Memory, clock: ManualClock
) -> None:
    job = Reflector(lexical, TemplateWriter())
    await learn(lexical, "Ana lives in Lisbon.", "Ana likes tea.", "Ana has a cat.")
    clock.advance(days=6)  # her first week
    assert await job.due() == []  # no private chat known: never posted in a group
    settings(lexical, private_chat="dm-1")
    assert await job.due() == [USER]
    settings(lexical, reflections=False)
    assert await job.due() == []
    settings(lexical, reflections=True)
    clock.advance(days=2)  # the three facts are no longer new
    assert await job.due() == []
    await learn(lexical, "Ana runs.", "Ana reads.")
    assert await job.due() == []  # only two new facts
    await learn(lexical, "Ana paints.")
    assert await job.due() == [USER]


async def test_at_most_one_reflection_every_six_days(lexical: Memory, clock: ManualClock) -> None:
    settings(lexical, private_chat="dm-1")
    job = Reflector(lexical, TemplateWriter())
    await learn(lexical, "Ana lives in Lisbon.", "Ana likes tea.", "Ana has a cat.")
    clock.advance(days=6)
    assert await job.compose(USER) is not None
    assert await job.compose(USER) is None  # the gate is re-checked when saving
    clock.advance(days=5, hours=23)
    await learn(lexical, "Ana runs.", "Ana reads.", "Ana paints.")
    assert await job.due() == []
    clock.advance(hours=2)
    assert await job.due() == [USER]


async def test_reflection_is_saved_without_decay_and_without_sensitive_facts(
    lexical: Memory, clock: ManualClock
) -> None:
    settings(lexical, private_chat="dm-1")
    await learn(lexical, "Ana moved to Lisbon.", "Ana started learning Portuguese.")
    await learn(lexical, "Ana takes insulin daily.", category=Category.HEALTH)
    clock.advance(days=6)
    job = Reflector(lexical, TemplateWriter())
    post = await job.compose(USER)
    assert post is not None and post.posted_at is None
    assert "Lisbon" in post.text and "Portuguese" in post.text and "insulin" not in post.text
    fact = await lexical.get_fact(USER, post.fact_id)
    assert (fact.kind, fact.category, fact.decay_rate) == ("reflection", Category.REFLECTION, 0.0)
    assert fact.status == Status.ACTIVE
    assert [p.id for p in await job.unposted()] == [post.id]
    await job.mark_posted(post, "dm-1")
    assert await job.unposted() == []


async def test_a_new_users_first_reflection_waits_for_their_first_week_and_covers_only_it(
    lexical: Memory, clock: ManualClock
) -> None:
    """Told three things on their first morning, a user hears nothing that day; the first
    reflection comes six days later, the week it names starting the day they came."""
    settings(lexical, private_chat="dm-1")
    came = clock.now()
    await learn(lexical, "Ana keeps bees.", "Ana rows on Sundays.", "Ana speaks Dutch.")
    job = Reflector(lexical, TemplateWriter())
    assert await job.due() == [] and await job.compose(USER) is None
    clock.advance(days=5, hours=23)
    assert await job.due() == []
    clock.advance(hours=2)
    assert await job.due() == [USER]
    digest = await lexical.lanes.run(Lane.BACKGROUND, job._digest, USER, came - timedelta(days=1))
    assert digest.since == came and len(digest.new) == 3


class ChatLLM:
    """The LLM port with a scripted chat reply (or failure)."""

    def __init__(self, reply: str | None) -> None:
        self.reply = reply

    async def call_tool(
        self, *, system: str, messages: list[dict[str, Any]], tool: ToolSpec, max_tokens: int
    ) -> ToolCall:
        raise NotImplementedError

    async def chat(
        self, *, system: str, messages: list[dict[str, Any]], max_tokens: int
    ) -> ChatReply:
        if self.reply is None:
            raise LLMError("overloaded")
        return ChatReply(self.reply, Usage("fake", 1, 1))


async def test_llm_writer_is_bounded_and_falls_back_to_the_template(clock: ManualClock) -> None:
    digest = Digest(USER, clock.now(), clock.now(), new=("Ana moved to Lisbon.",))
    assert await LLMWriter(ChatLLM("Ana settled in Lisbon this week.")).write(digest) == (
        "Ana settled in Lisbon this week."
    )
    assert len(await LLMWriter(ChatLLM("word " * 400)).write(digest)) <= 600
    fallback = await LLMWriter(ChatLLM(None)).write(digest)
    assert fallback == await TemplateWriter().write(digest)
    assert "New: Ana moved to Lisbon." in fallback


class Reworded:
    """A writer that words every fact its own way (as the catalogue and an LLM do)."""

    async def write(self, digest: Digest) -> str:
        return "This week: " + "; ".join(f"something about {f.key}" for f in digest.new_facts)


async def test_forgetting_a_fact_forgets_the_reflection_that_names_it_however_worded(
    lexical: Memory, clock: ManualClock
) -> None:
    settings(lexical, private_chat="dm-1")
    await learn(lexical, "Ana's sister lives in Porto.", "Ana likes tea.", "Ana has a cat.")
    clock.advance(days=6)
    post = await Reflector(lexical, Reworded()).compose(USER)
    assert post is not None and "Porto" not in post.text  # no quote to match by text
    sister = next(f for f in await lexical.list_facts(USER) if "Porto" in f.value_text)
    await lexical.forget(USER, sister.id)
    with pytest.raises(NotFoundError):
        await lexical.get_fact(USER, post.fact_id)


async def test_a_reflection_behind_hundreds_of_newer_facts_is_forgotten_with_its_fact(
    lexical: Memory, clock: ManualClock
) -> None:
    """The search for reflections naming a forgotten fact reads every reflection, not the
    user's newest facts (a year of chat puts hundreds of facts after an old reflection)."""
    settings(lexical, private_chat="dm-1")
    await learn(lexical, "Ana's sister lives in Porto.", "Ana likes tea.", "Ana has a cat.")
    clock.advance(days=6)
    post = await Reflector(lexical, Reworded()).compose(USER)
    assert post is not None
    clock.advance(days=1)
    with lexical.db.write() as conn:
        for i in range(520):
            fact_repo.insert(
                conn, USER, NewFact(key=f"note.n{i}", value_text=f"Note {i}."), clock.now()
            )
    sister = next(f for f in await lexical.list_facts(USER, limit=1000) if "Porto" in f.value_text)
    await lexical.forget(USER, sister.id)
    with pytest.raises(NotFoundError):
        await lexical.get_fact(USER, post.fact_id)


async def test_a_delivered_reflection_counts_as_showing_the_facts_it_names(
    lexical: Memory, clock: ManualClock
) -> None:
    """Being shown counts as use (seed 003 §7): a reflection the user received marks the
    facts it names as used that day, so time fades them only from then on."""
    settings(lexical, private_chat="dm-1")
    await learn(lexical, "Ana keeps bees.", "Ana rows on Sundays.", "Ana speaks Dutch.")
    job = Reflector(lexical, TemplateWriter())
    clock.advance(days=6, hours=1)
    post = await job.compose(USER)
    assert post is not None
    named = (await lexical.get_fact(USER, post.fact_id)).value_json
    assert named is not None and len(named["mentions"]) == 3
    before = [await lexical.get_fact(USER, i) for i in named["mentions"]]
    assert all(f.last_accessed_at is None for f in before)
    await job.mark_posted(post, "dm-1")
    for i in named["mentions"]:
        fact = await lexical.get_fact(USER, i)
        assert fact.last_accessed_at == clock.now() and fact.access_count == 1
