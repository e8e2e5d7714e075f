"""``memory_query`` attacked: FTS syntax, control and odd unicode characters in the query, a
person filter naming another user's contact (both stores)."""

from __future__ import annotations

from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.read.query import MemoryQuery
from memory_core.values import Category, NewFact
from tests.factories import USER
from tests.memory_core.test_query import facts

OTHER = "telegram:999"


HOSTILE = [
    '"',
    "Ana OR",
    "NEAR(Ana tea)",
    "*",
    "Ana*",
    "-Ana",
    "Ana AND NOT tea",
    "(((",
    "tea:green",
    "\x00Ana\x00",
    "Ana\u200b lives",
    "Лиссабон 🍵 ñ",
    "'; DROP TABLE facts; --",
    "%_%",
    "Ana " * 400,
]


async def test_fts_syntax_and_odd_characters_in_the_query_are_just_words(
    lexical: Memory, clock: ManualClock
) -> None:
    await facts(lexical, clock)
    for query in HOSTILE:
        found = await lexical.query(USER, MemoryQuery.parse({"query": query, "top_k": 10}))
        assert all(item["text"] for item in found.items), query
    found = await lexical.query(USER, MemoryQuery.parse({"query": "Ana* OR tea", "top_k": 10}))
    assert found.items


async def test_a_person_filter_naming_another_users_contact_finds_nothing(
    lexical: Memory, clock: ManualClock
) -> None:
    await facts(lexical, clock)
    await lexical.remember(
        OTHER,
        NewFact(
            "family.brother.name",
            "Eve's brother is called Bruno.",
            Category.RELATIONSHIP,
            0.9,
            value_json={"value": "Bruno"},
        ),
    )
    found = await lexical.query(
        USER, MemoryQuery.parse({"filters": {"person": "Bruno"}, "top_k": 10})
    )
    assert found.items == ()
    got = await lexical.query(USER, MemoryQuery.parse({"query": "Bruno brother"}))
    assert all("Bruno" not in str(item) for item in got.items)
