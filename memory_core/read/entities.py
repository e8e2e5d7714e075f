"""A fast regex entity extractor (seed 002's "fast" strategy), and linking what it finds.

Mentions, hashtags, emails, URLs, dates and capitalised names; entity matches are a third
retrieval signal beside BM25 and vectors. The links are stored by ``store.entities``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection

from memory_core.extract.sensitive import find_sensitive
from memory_core.read.people import entity_name
from memory_core.store import entities as entity_repo
from memory_core.values import Fact

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
    #: How the text said it when that differs from the name ("Aoife's" for Aoife).
    alias: str | None = None
    #: One of the user's own people (facts about them never decay).
    protected: bool = False

    @property
    def canonical(self) -> str:
        """The lookup form: case-folded, single-spaced."""
        return " ".join(self.name.casefold().split())


def extract(text_value: str) -> list[Entity]:
    """Entities in ``text_value``, de-duplicated, at most ``MAX_ENTITIES``; a secret value
    ("my password is Mango3Tulip") is never one (the entity table would keep it in clear)."""
    found: dict[tuple[str, str], Entity] = {}
    text_value = text_value[:4000]
    taken: list[tuple[int, int]] = [(s.start, s.end) for s in find_sensitive(text_value)]
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(text_value):
            span = m.span()
            if any(s < span[1] and span[0] < e for s, e in taken):
                continue
            name = m.group(0).strip(".,;:!?")
            said = name
            if kind == "name":
                # "Aoife's birthday": the person is Aoife (one entity, not "Aoife's").
                name = re.sub(r"['’]s$", "", name)
            if kind == "name" and (name in _NAME_STOP or len(name) < 2):
                continue
            ent = Entity(name, kind, said if said != name else None)
            found.setdefault((ent.canonical, kind), ent)
            taken.append(span)
            if len(found) >= MAX_ENTITIES:
                return list(found.values())
    return list(found.values())


def link(
    conn: Connection, user_id: str, item_kind: str, item_id: int, entities: Sequence[Entity]
) -> None:
    """Create or count each entity for this user and link it to the item (with the alias it
    was said by, and protected when it is one of the user's people)."""
    entity_repo.link(
        conn,
        user_id,
        item_kind,
        item_id,
        [(e.canonical, e.type, e.alias, e.protected) for e in entities],
    )


def link_fact(conn: Connection, user_id: str, fact: Fact) -> None:
    """Link a written or restored fact to the entities it names (its words and the excerpt it
    was learned from name who and where too), one of the user's people protected (facts about
    them never decay)."""
    found = extract(f"{fact.value_text}\n{fact.source_excerpt or ''}")
    who = entity_name(fact)
    if who is not None:
        found.append(Entity(who, "person", protected=True))
    link(conn, user_id, "fact", fact.id, found)


def lookup_names(name: str) -> list[str]:
    """The forms an entity asked for by ``name`` may be stored under: "Aoife's" is Aoife."""
    said = " ".join(name.casefold().split()).strip(".,;:!?")
    bare = re.sub(r"['’]s$", "", said)
    return list(dict.fromkeys([said, bare]))


def matching_items(
    conn: Connection, user_id: str, item_kind: str, query: str, limit: int = 20
) -> list[tuple[int, int]]:
    """Items of this user sharing entities with ``query``: (item id, shared entity count)."""
    names = [e.canonical for e in extract(query)]
    return entity_repo.items_sharing(conn, user_id, item_kind, names, limit)
