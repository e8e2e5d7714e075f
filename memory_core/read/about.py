"""What one user's memory holds, read for the model's tools and the offline answers: everything
about one entity ("tell me everything about Marco", seed 002's ``get_entity_info``) and the
memory in numbers (``memory_stats``).

Both are read for one user and one audience: a group sees no sensitive fact, no count of
them, and no summary made of them (summaries never are, see ``store.entities``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection

from memory_core.clock import from_ts
from memory_core.read import entities
from memory_core.read.disclosure import is_private, shown
from memory_core.read.people import people_of
from memory_core.store import entities as entity_repo
from memory_core.store import facts as fact_repo
from memory_core.store import user_stats
from memory_core.values import RETRIEVABLE, Audience, Fact

#: At most this many facts about one entity are returned.
MAX_ENTITY_FACTS = 30


@dataclass(frozen=True, slots=True)
class EntityInfo:
    """One entity of the user's, as an audience may see it: its names, summary and facts."""

    name: str
    types: tuple[str, ...]
    aliases: tuple[str, ...]
    summary: str | None
    protected: bool
    mentions: int
    facts: tuple[Fact, ...] = ()
    #: For one of the user's people: their relation to the user ("brother").
    relation: str | None = None


@dataclass(frozen=True, slots=True)
class MemoryStats:
    """A user's memory in numbers, as an audience may see it."""

    by_kind: dict[str, int]
    by_category: dict[str, int]
    by_status: dict[str, int]
    episodes: int
    entities: int
    latest: datetime | None


def entity_info(conn: Connection, user_id: str, name: str, audience: Audience) -> EntityInfo | None:
    """Everything the user's memory holds about ``name`` (or one of its aliases), or ``None``
    when no entity of theirs is called that."""
    found = entity_repo.find(conn, user_id, entities.lookup_names(name))
    if not found:
        return None
    ids = entity_repo.linked_items(conn, user_id, [e.id for e in found])
    facts = [
        shown(f, audience)
        for f in fact_repo.get_many(conn, user_id, ids).values()
        if f.status in RETRIEVABLE
        and f.kind == "fact"
        and not (audience == Audience.GROUP and is_private(f))
    ]
    facts.sort(key=lambda f: f.id)
    people = [
        p for p in people_of(facts) if p.name and p.name.casefold() == found[0].canonical_name
    ]
    relation = people[0].relation.replace("_", " ") if people and people[0].relation else None
    aliases = tuple(dict.fromkeys(a for e in found for a in e.aliases))
    # Stored since the entity's last link; one from before summaries existed is made here, of
    # the same non-sensitive facts.
    summary = next((e.summary for e in found if e.summary), None) or _summary_of(facts)
    return EntityInfo(
        name=_display(found[0].canonical_name, facts),
        types=tuple(dict.fromkeys(e.type for e in found)),
        aliases=aliases,
        summary=summary,
        protected=any(e.protected for e in found),
        mentions=sum(e.mention_count for e in found),
        facts=tuple(facts[:MAX_ENTITY_FACTS]),
        relation=relation,
    )


def _summary_of(facts: Sequence[Fact]) -> str | None:
    plain = [f.value_text.strip() for f in facts if not is_private(f)][: entity_repo.SUMMARY_FACTS]
    text = " ".join(plain)
    if len(text) > entity_repo.MAX_SUMMARY:
        text = text[: entity_repo.MAX_SUMMARY - 1].rstrip() + "…"
    return text or None


def _display(canonical: str, facts: Sequence[Fact]) -> str:
    """The name as the user writes it ("marco" → "Marco" when a fact spells it so)."""
    for fact in facts:
        at = fact.value_text.casefold().find(canonical)
        if at >= 0:
            return fact.value_text[at : at + len(canonical)]
    return " ".join(w[:1].upper() + w[1:] for w in canonical.split())


def memory_stats(conn: Connection, user_id: str, audience: Audience) -> MemoryStats:
    """Counts by kind, category and status, episodes and entities, and the latest record's
    time (seed 002's ``memory_stats``); a group counts no sensitive fact."""
    found = user_stats.counts(conn, user_id, hide_private=audience == Audience.GROUP)
    return MemoryStats(
        by_kind=found.by_kind,
        by_category=found.by_category,
        by_status=found.by_status,
        episodes=found.episodes,
        entities=entity_repo.count(conn, user_id),
        latest=from_ts(found.latest) if found.latest is not None else None,
    )
