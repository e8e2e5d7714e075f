"""A fast regex entity extractor (seed 002's "fast" strategy) and the entity links store.

Mentions, hashtags, emails, URLs, dates and capitalised names; entity matches are a third
retrieval signal beside BM25 and vectors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, text

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("email", re.compile(r"\b[\w.+-]+@[\w-]+\.[\w.-]+\b")),
    ("url", re.compile(r"\bhttps?://[^\s<>\"']+", re.IGNORECASE)),
    ("mention", re.compile(r"(?<![\w@])@\w{2,32}\b")),
    ("hashtag", re.compile(r"(?<![\w#])#\w{2,64}\b")),
    (
        "date",
        re.compile(
            r"\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2} (?:jan|feb|mar|apr|may|jun|"
            r"jul|aug|sep|oct|nov|dec)[a-z]*(?: \d{4})?)\b",
            re.IGNORECASE,
        ),
    ),
    # Capitalised words not at the start of a sentence, in runs ("New York", "St Mary's").
    ("name", re.compile(r"(?<=[\w,;:] )(?:[A-Z][\w'’-]+)(?: [A-Z][\w'’-]+){0,3}")),
)
_NAME_STOP = frozenset({"I", "I'm", "I've", "I'll", "I'd", "OK", "The", "A", "An"})
MAX_ENTITIES = 12


@dataclass(frozen=True, slots=True)
class Entity:
    """A named thing found in text."""

    name: str
    type: str

    @property
    def canonical(self) -> str:
        """The lookup form: case-folded, single-spaced."""
        return " ".join(self.name.casefold().split())


def extract(text_value: str) -> list[Entity]:
    """Entities in ``text_value``, de-duplicated, at most ``MAX_ENTITIES``."""
    found: dict[tuple[str, str], Entity] = {}
    taken: list[tuple[int, int]] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text_value[:4000]):
            span = m.span()
            if any(s < span[1] and span[0] < e for s, e in taken):
                continue
            name = m.group(0).strip(".,;:!?")
            if kind == "name" and (name in _NAME_STOP or len(name) < 2):
                continue
            ent = Entity(name, kind)
            found.setdefault((ent.canonical, kind), ent)
            taken.append(span)
            if len(found) >= MAX_ENTITIES:
                return list(found.values())
    return list(found.values())


def link(
    conn: Connection, user_id: str, item_kind: str, item_id: int, entities: Sequence[Entity]
) -> None:
    """Create or count each entity for this user and link it to the item."""
    for ent in entities:
        entity_id = conn.execute(
            text(
                "INSERT INTO entities (user_id, canonical_name, type) VALUES (:u, :n, :t) "
                "ON CONFLICT(user_id, canonical_name, type) DO UPDATE SET "
                "mention_count = mention_count + 1 RETURNING id"
            ),
            {"u": user_id, "n": ent.canonical, "t": ent.type},
        ).scalar_one()
        conn.execute(
            text(
                "INSERT INTO memory_entities (item_kind, item_id, entity_id, user_id) "
                "VALUES (:k, :i, :e, :u) ON CONFLICT DO NOTHING"
            ),
            {"k": item_kind, "i": item_id, "e": entity_id, "u": user_id},
        )


def matching_items(
    conn: Connection, user_id: str, item_kind: str, query: str, limit: int = 20
) -> list[tuple[int, int]]:
    """Items of this user sharing entities with ``query``: (item id, shared entity count)."""
    names = [e.canonical for e in extract(query)]
    if not names:
        return []
    stmt = text(
        "SELECT me.item_id, COUNT(*) AS n FROM memory_entities me "
        "JOIN entities e ON e.id = me.entity_id "
        "WHERE e.user_id = :u AND me.user_id = :u AND me.item_kind = :k "
        "AND e.canonical_name IN :names GROUP BY me.item_id ORDER BY n DESC, me.item_id DESC "
        "LIMIT :lim"
    ).bindparams(bindparam("names", expanding=True))
    rows = conn.execute(stmt, {"u": user_id, "k": item_kind, "names": names, "lim": limit})
    return [(int(r[0]), int(r[1])) for r in rows]


def unlink_item(conn: Connection, user_id: str, item_kind: str, item_id: int) -> None:
    """Remove an item's entity links (forgetting, purging)."""
    conn.execute(
        text("DELETE FROM memory_entities WHERE user_id = :u AND item_kind = :k AND item_id = :i"),
        {"u": user_id, "k": item_kind, "i": item_id},
    )
