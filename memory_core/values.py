"""Values that cross the memory engine's boundary: frozen, slotted, free of SQL."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal


class Status(StrEnum):
    """Lifecycle of a fact row."""

    ACTIVE = "active"
    SUPERSEDED = "superseded"
    EXPIRED = "expired"
    PENDING = "pending_confirmation"
    DELETED = "deleted"


#: Statuses that retrieval returns by default (seed 000, stage 1).
RETRIEVABLE: tuple[Status, ...] = (Status.ACTIVE, Status.PENDING)


class Audience(StrEnum):
    """Who will read what memory returns: the user alone, or a group chat."""

    PRIVATE = "private"
    GROUP = "group"


class Category(StrEnum):
    """What a fact is about; drives injection priority and privacy rules."""

    IDENTITY = "identity"
    HARD_PREFERENCE = "hard_preference"
    SOFT_PREFERENCE = "soft_preference"
    TASK_CONTEXT = "task_context"
    RELATIONSHIP = "relationship"
    HEALTH = "health"
    FINANCE = "finance"
    IDENTITY_DOCUMENT = "identity_document"
    CREDENTIAL = "credential"
    REFLECTION = "reflection"
    PROCEDURAL = "procedural"
    OTHER = "other"


#: Categories never shown or injected in a group chat.
SENSITIVE_CATEGORIES: frozenset[Category] = frozenset(
    {Category.HEALTH, Category.FINANCE, Category.IDENTITY_DOCUMENT, Category.CREDENTIAL}
)
#: Secrets (credentials, card/account numbers, document numbers): stored only on an explicit
#: remember (seed 001). Health is sensitive too, but learned normally and hidden in groups.
SECRET_CATEGORIES: frozenset[Category] = frozenset(
    {Category.CREDENTIAL, Category.FINANCE, Category.IDENTITY_DOCUMENT}
)


class Topic(StrEnum):
    """What makes a text private: a sensitive category's topic, or a special category
    (GDPR Art. 9/10) that has no fact category of its own. ``memory_core.extract.sensitivity``
    reads it; a fact with any topic is ``sensitive`` (never shown or used in a group)."""

    HEALTH = "health"
    SELF_HARM = "self_harm"
    FINANCE = "finance"
    IDENTITY_DOCUMENT = "identity_document"
    CREDENTIAL = "credential"
    SEX_LIFE = "sex_life"
    RELIGION = "religion"
    POLITICS = "politics"
    UNION = "union"
    CRIMINAL = "criminal"
    IMMIGRATION = "immigration"
    CONFIDED = "confided"


#: The fact category a topic files a plain ``other`` fact under (special categories keep theirs).
TOPIC_CATEGORY: dict[Topic, Category] = {
    Topic.HEALTH: Category.HEALTH,
    Topic.SELF_HARM: Category.HEALTH,
    Topic.FINANCE: Category.FINANCE,
    Topic.IDENTITY_DOCUMENT: Category.IDENTITY_DOCUMENT,
    Topic.CREDENTIAL: Category.CREDENTIAL,
}

#: Categories whose facts are never overwritten automatically below 0.90 confidence.
HIGH_RISK_CATEGORIES: frozenset[Category] = frozenset(
    {
        Category.IDENTITY,
        Category.HEALTH,
        Category.FINANCE,
        Category.IDENTITY_DOCUMENT,
        Category.CREDENTIAL,
    }
)

ItemKind = Literal["facts", "episodes"]
SearchMode = Literal["lexical", "vector", "hybrid"]
Fusion = Literal["weighted", "rrf"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One stored fact about one user (any status)."""

    id: int
    user_id: str
    key: str
    value_text: str
    category: Category
    confidence: float
    status: Status
    valid_from: datetime
    valid_to: datetime | None
    created_at: datetime
    updated_at: datetime
    last_mentioned_at: datetime
    kind: str = "fact"
    value_json: Any = None
    event_time: datetime | None = None
    source_turn_id: str | None = None
    source_chat_id: str | None = None
    source_excerpt: str | None = None
    supersedes_id: int | None = None
    importance: int = 2
    pinned: bool = False
    sensitive: bool = False
    mention_count: int = 1
    access_count: int = 0
    last_accessed_at: datetime | None = None
    decay_rate: float = 0.1
    #: When the fact faded (soft-deleted by time, seed 003 §7); ``None`` for a fact the user
    #: made us forget, or one not deleted.
    faded_at: datetime | None = None

    @property
    def faded(self) -> bool:
        """Deleted by time, not by the user: restorable, and learned again when told again."""
        return self.status == Status.DELETED and self.faded_at is not None

    def as_json(self) -> dict[str, Any]:
        """A JSON-friendly dict (ISO-8601 times), used by ``--json`` and exports."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, datetime):
                value = value.isoformat()
            elif isinstance(value, StrEnum):
                value = value.value
            out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class Episode:
    """One raw turn of conversation."""

    id: int
    user_id: str
    chat_id: str
    role: str
    text: str
    created_at: datetime
    session_id: str | None = None
    turn_id: str | None = None
    speaker: str | None = None
    language: str | None = None  # ISO 639-1, detected for the user's messages (None: unsure)


@dataclass(frozen=True, slots=True)
class NewFact:
    """What a caller wants stored; the store fills ids, times and bookkeeping."""

    key: str
    value_text: str
    category: Category = Category.OTHER
    confidence: float = 0.4
    value_json: Any = None
    event_time: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    status: Status = Status.ACTIVE
    source_turn_id: str | None = None
    source_chat_id: str | None = None
    source_excerpt: str | None = None
    importance: int = 2
    pinned: bool = False
    sensitive: bool = False
    decay_rate: float = 0.1
    kind: str = "fact"


@dataclass(frozen=True, slots=True)
class NewEpisode:
    """A raw turn to record."""

    chat_id: str
    role: str
    text: str
    created_at: datetime
    session_id: str | None = None
    turn_id: str | None = None
    speaker: str | None = None
    context: str = ""
    language: str | None = None  # None: detected when recorded (a user's message)


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """Narrow a search. ``statuses`` defaults to active + pending."""

    categories: tuple[Category, ...] = ()
    exclude_categories: tuple[Category, ...] = ()
    min_confidence: float | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    include_superseded: bool = False
    statuses: tuple[Status, ...] = ()
    #: Only these kinds ("fact", "insight", "reflection", …); empty: any.
    kinds: tuple[str, ...] = ()
    pinned: bool | None = None
    importance_min: int | None = None
    importance_max: int | None = None
    #: Only these facts (a person's, say); ``None``: any.
    fact_ids: tuple[int, ...] | None = None

    def effective_statuses(self) -> tuple[Status, ...]:
        """The statuses this filter admits."""
        if self.statuses:
            return self.statuses
        if self.include_superseded:
            return (*RETRIEVABLE, Status.SUPERSEDED, Status.EXPIRED)
        return RETRIEVABLE


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One ranked result, with the signals that produced its score."""

    kind: ItemKind
    id: int
    text: str
    score: float
    lexical: float = 0.0
    vector: float = 0.0
    recency: float = 0.0
    fact: Fact | None = None
    episode: Episode | None = None
    #: How far the item is about the same areas of life as the query (0–1,
    #: ``memory_core.text.domains``); 0 when not measured (only a question's search measures it).
    topic: float = 0.0
    #: How far the item's words name the areas of life the query is about (0–1,
    #: ``domains.area_words``); 0 when not measured.
    topic_words: float = 0.0


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One immutable audit record of a write to a fact."""

    id: int
    fact_id: int
    event: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    actor: str
    reason: str | None
    turn_id: str | None
    rev: int | None
    ts: datetime


@dataclass(frozen=True, slots=True)
class Change:
    """One entry of a user's change log (drives the delta header)."""

    rev: int
    fact_id: int | None
    event: str
    summary: str
    ts: datetime
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Reflection:
    """A saved weekly reflection waiting to reach its user: what the bot wrote about them
    (``fact_id``: the reflection as a memory, which the user's feedback updates)."""

    id: int
    user_id: str
    fact_id: int
    text: str
