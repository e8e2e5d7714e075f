"""Entities and relations are retrieval signals for facts, fused with BM25 and vectors."""

from __future__ import annotations

from sqlalchemy import text

from memory_core.memory import Memory
from memory_core.read import entities
from memory_core.read.search import search_on_thread
from memory_core.store import relations as relation_repo
from memory_core.values import NewFact

USER = "console:ana"


async def test_entity_match_adds_a_candidate_lexical_search_misses(memory: Memory) -> None:
    fact = await memory.remember(
        USER, NewFact(key="k1", value_text="Ana has a dentist appointment")
    )
    await memory.remember(USER, NewFact(key="k2", value_text="Ana waters the plants"))
    with memory.db.write() as conn:
        # The fact was learned from a turn that named the dentist.
        entities.link(conn, USER, "fact", fact.id, entities.extract("I will see Dr Costa"))
    assert search_on_thread(memory, USER, "when do I see Dr Costa", mode="lexical", k=5)[0].id == (
        fact.id
    )
    with memory.db.read() as conn:
        assert entities.matching_items(conn, "console:bob", "fact", "see Dr Costa") == []


async def test_related_candidates_get_a_boost_and_edges_stay_per_user(memory: Memory) -> None:
    a = await memory.remember(USER, NewFact(key="a", value_text="Ana plays chess on Sundays"))
    b = await memory.remember(USER, NewFact(key="b", value_text="Ana plays tennis on Sundays"))
    with memory.db.write() as conn:
        conn.execute(
            text(
                "INSERT INTO relations (user_id, from_id, to_id, strength, created_at) "
                "VALUES (:u, :a, :b, 0.9, 0)"
            ),
            {"u": USER, "a": a.id, "b": b.id},
        )
    with memory.db.read() as conn:
        assert relation_repo.strongest_within(conn, USER, [a.id, b.id]) == {a.id: 0.9, b.id: 0.9}
        assert relation_repo.strongest_within(conn, "console:bob", [a.id, b.id]) == {}
    plain = search_on_thread(memory, USER, "Sundays", mode="lexical")
    assert {h.id for h in plain} == {a.id, b.id}


def test_a_secret_value_is_never_an_entity() -> None:
    """ "my password is Mango3Tulip": the entity table would keep the password in clear (found
    by the property test's stored-secrets check); names beside it are still entities."""
    from memory_core.read import entities

    found = entities.extract("I told Marco that my password is Mango3Tulip")
    assert [e.name for e in found] == ["Marco"]
