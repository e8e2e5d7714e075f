"""Nightly entity enrichment: which facts are re-read, what gets linked, and what never goes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import text

from memory_core.clock import ManualClock
from memory_core.jobs import Enrichment, LLMEntityReader
from memory_core.memory import Memory
from memory_core.read import entities
from memory_core.read.entities import Entity
from memory_core.values import Category, NewFact
from tests.factories import USER
from tests.memory_core.test_jobs_insights import FakeLLM

OTHER = "telegram:999"


class Reader:
    """Names what it is told to for each text containing the key; records what it read."""

    def __init__(self, names: dict[str, list[Entity]], before: Any = None) -> None:
        self.names = names
        self.read: list[str] = []
        self.before = before

    async def entities(self, texts: Sequence[str]) -> list[list[Entity]]:
        if self.before is not None:
            await self.before()
        self.read += texts
        return [next((v for k, v in self.names.items() if k in t), []) for t in texts]


def links(memory: Memory, fact_id: int) -> list[str]:
    with memory.db.read() as conn:
        rows = conn.execute(
            text(
                "SELECT e.canonical_name FROM memory_entities me JOIN entities e "
                "ON e.id = me.entity_id WHERE me.item_kind = 'fact' AND me.item_id = :f "
                "ORDER BY e.canonical_name"
            ),
            {"f": fact_id},
        ).all()
    return [str(r[0]) for r in rows]


async def remember(memory: Memory, text: str, user: str = USER, **kw: Any) -> int:
    """Store a fact with the regex's entity links, as learning does."""
    fact = await memory.remember(user, NewFact(key=f"k.{len(text)}", value_text=text, **kw))
    with memory.db.write() as conn:
        entities.link(conn, user, "fact", fact.id, entities.extract(text))
    return fact.id


BAKERY = "Ana's brother bakes bread at the bakery on rue cler."


async def test_facts_with_few_entities_get_the_names_the_reader_finds(
    lexical: Memory, clock: ManualClock
) -> None:
    bakery = await remember(lexical, BAKERY)
    rich = await remember(lexical, "Ana met Marco and Lucia in Rome on 3 May.")
    theirs = await remember(lexical, "Ben's sister works at the rue cler market.", user=OTHER)
    reader = Reader({"bakery": [Entity("rue cler", "place"), Entity("bakery", "organization")]})
    job = Enrichment(lexical, reader)
    todo = await job.users()
    assert todo == {
        USER: [(bakery, BAKERY)],
        OTHER: [(theirs, "Ben's sister works at the rue cler market.")],
    }
    report = await job.run_user(USER, todo[USER])
    assert (report.facts, report.linked) == (1, 2)
    assert links(lexical, bakery) == ["bakery", "rue cler"]
    assert len(links(lexical, rich)) >= 2  # the regex found enough: not re-read
    assert reader.read == [BAKERY]
    # The names are now a retrieval signal for the owner only.
    with lexical.db.read() as conn:
        assert entities.matching_items(conn, USER, "fact", "Who lives near Rue Cler?") == [
            (bakery, 1)
        ]
        assert entities.matching_items(conn, OTHER, "fact", "Who lives near Rue Cler?") == []


async def test_secrets_money_documents_and_old_facts_are_never_sent(
    lexical: Memory, clock: ManualClock
) -> None:
    await remember(lexical, "Ana's bank pin is 4821.", category=Category.CREDENTIAL)
    await remember(lexical, "Ana owes the landlord money.", category=Category.FINANCE)
    clock.advance(days=3)
    recent = await remember(lexical, "Ana's daughter plays the cello.")
    todo = await Enrichment(lexical, Reader({})).users()
    assert todo == {USER: [(recent, "Ana's daughter plays the cello.")]}


async def test_a_fact_forgotten_while_the_model_reads_is_not_linked(lexical: Memory) -> None:
    bakery = await remember(lexical, BAKERY)

    async def forget() -> None:
        await lexical.forget(USER, bakery)

    job = Enrichment(lexical, Reader({"bakery": [Entity("bakery", "organization")]}, forget))
    report = await job.run_user(USER, (await job.users())[USER])
    assert report.linked == 0 and links(lexical, bakery) == []


async def test_the_llm_reader_keeps_only_names_written_in_the_memory() -> None:
    llm = FakeLLM(
        {"memories": [{"memory": 1, "entities": [{"name": "bakery", "type": "organization"}]}]},
        {
            "memories": [
                {
                    "memory": 1,
                    "entities": [
                        {"name": "rue Cler", "type": "place"},
                        {"name": "Paris", "type": "place"},  # not in the text: dropped
                    ],
                },
                {"memory": 2, "entities": []},
            ]
        },
    )
    found = await LLMEntityReader(llm).entities([BAKERY, "Ana likes tea."])
    assert found == [[Entity("rue Cler", "place")], []]
    _first, second = llm.prompts
    assert "1..2" in second[-1]["content"]  # the first answer skipped memory 2: re-asked
