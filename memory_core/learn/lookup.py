"""Look-up: each candidate → the user's facts it could touch, for arbitration to decide against.

For each candidate: its key's facts in every status but purged (a forgotten value must be seen
to be never re-learned), plus the best hybrid matches of its text; the matches similar enough
become relation edges if the candidate is stored (seed 003 §2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memory_core import people
from memory_core.extract.base import Candidate
from memory_core.search import search_on_thread
from memory_core.store import facts as fact_repo
from memory_core.values import RETRIEVABLE, Category, Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.memory import Memory

#: Facts at least this similar (vector) to a new fact are linked to it (seed 003 §2).
RELATION_MIN_SIMILARITY = 0.86
RELATED_PER_CANDIDATE = 5


@dataclass(frozen=True, slots=True)
class Related:
    """What the look-up found: facts per candidate key, all of them by id, relation edges per
    candidate key (fact id, similarity)."""

    by_key: dict[str, list[Fact]]
    known: dict[int, Fact]
    links: dict[str, list[tuple[int, float]]]


def related_facts(memory: Memory, user_id: str, candidates: Sequence[Candidate]) -> Related:
    """Same-key facts plus the best hybrid matches for each candidate (runs in a thread)."""
    by_key: dict[str, list[Fact]] = {}
    known: dict[int, Fact] = {}
    links: dict[str, list[tuple[int, float]]] = {}
    for cand in candidates:
        with memory.db.read() as conn:
            # Deleted ones too: what the user made us forget must not be re-learned.
            same = fact_repo.by_key(conn, user_id, cand.key, (*RETRIEVABLE, Status.DELETED))
        hits = search_on_thread(
            memory,
            user_id,
            cand.value_text,
            k=RELATED_PER_CANDIDATE,
            mode="hybrid",
            filters=SearchFilters(),
        )
        facts = {f.id: f for f in same}
        for h in hits:
            if h.fact is not None:
                facts.setdefault(h.fact.id, h.fact)
        by_key[cand.key] = list(facts.values())
        known.update(facts)
        links[cand.key] = [(h.id, h.vector) for h in hits if h.vector >= RELATION_MIN_SIMILARITY]
    return Related(by_key, known, links)


def file_people(memory: Memory, user_id: str, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates about a person filed under the person the user already told us about
    ("Marco is a chef" → the brother Marco's facts; see ``memory_core.people.rekey``)."""
    if not any(people.parse_key(c.key) for c in candidates):
        return candidates
    with memory.db.read() as conn:
        known = fact_repo.list_facts(
            conn, user_id, SearchFilters(categories=(Category.RELATIONSHIP,)), limit=1000
        )
    return people.rekey(candidates, known)
