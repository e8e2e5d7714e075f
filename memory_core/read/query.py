"""One read for the model (seed 003 §6): a query with categories, filters, a similarity
threshold, ``top_k``, a token budget and two return shapes, behind the categories allowlist.

:meth:`MemoryQuery.parse` reads the model's JSON once and refuses anything off (an unknown
field such as ``user_id`` or ``agent``, a budget past :data:`MAX_BUDGET_TOKENS`, a bad
date): a refusal is an error the model is told, never a quietly different query. The
categories are checked by :meth:`CategoryPolicy.check` for the consumer and audience
whatever the filters say (a category outside the allowlist refuses the whole query); every
other filter runs inside the search (SQL on the lexical side, the same predicate on the
vector side). ``person`` matches only the user's own people: another user's person is just
no one, the same answer as a made-up name.

Bullets are ``{id, category, text}`` with the text prefixed by ``[category]``; ``full``
adds validity, confidence, importance, pinned, source and the number of history entries. The
answer stops before ``budget_tokens`` (≈ 4 characters a token) and says how many it left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Connection

from memory_core.categories import Consumer
from memory_core.errors import InvalidInputError
from memory_core.read import disclosure, entities
from memory_core.read import faded as faded_read
from memory_core.read.answer import answering
from memory_core.read.people import find_people, people_of
from memory_core.read.recall import as_data, estimate_tokens
from memory_core.read.search import search_on_thread
from memory_core.store import entities as entity_repo
from memory_core.store import facts as fact_repo
from memory_core.values import Audience, Category, Fact, SearchFilters, SearchHit, Status

if TYPE_CHECKING:
    from memory_core.context import Context

MAX_TOP_K = 10
DEFAULT_TOP_K = 3
MIN_BUDGET_TOKENS = 20
MAX_BUDGET_TOKENS = 2000
DEFAULT_BUDGET_TOKENS = 300
#: The kinds a query may ask for ("note": a statement no rule read, kept in the user's words).
KINDS = ("fact", "note", "insight", "reflection", "procedural")
FILTER_KEYS = frozenset(
    {
        "kind",
        "person",
        "pinned",
        "importance_min",
        "importance_max",
        "updated_after",
        "updated_before",
        "confidence_min",
    }
)
QUERY_KEYS = frozenset(
    {"query", "categories", "filters", "threshold", "top_k", "budget_tokens", "return"}
)
ReturnMode = Literal["bullets", "full"]


@dataclass(frozen=True, slots=True)
class QueryFilters:
    """The optional filters of a query (all applied inside the search)."""

    kind: str | None = None
    person: str | None = None
    pinned: bool | None = None
    importance_min: int | None = None
    importance_max: int | None = None
    updated_after: datetime | None = None
    updated_before: datetime | None = None
    confidence_min: float | None = None


@dataclass(frozen=True, slots=True)
class MemoryQuery:
    """One ``memory_query`` call, validated."""

    query: str = ""
    categories: tuple[str, ...] = ()
    filters: QueryFilters = field(default_factory=QueryFilters)
    threshold: float | None = None
    top_k: int = DEFAULT_TOP_K
    budget_tokens: int = DEFAULT_BUDGET_TOKENS
    mode: ReturnMode = "bullets"

    @classmethod
    def parse(cls, data: dict[str, Any]) -> MemoryQuery:
        """The query the model's tool input asks for; ``InvalidInputError`` saying what is
        wrong with it (nothing is guessed)."""
        unknown = sorted(set(data) - QUERY_KEYS)
        if unknown:
            raise InvalidInputError(
                f"unknown field {unknown[0][:40]!r}: memory_query reads the current user's "
                f"memory only; its fields are {', '.join(sorted(QUERY_KEYS))}"
            )
        query = data.get("query", "")
        if not isinstance(query, str):
            raise InvalidInputError("query must be a string")
        categories = data.get("categories", [])
        if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
            raise InvalidInputError("categories must be a list of category names")
        if len(categories) > len(Category):
            raise InvalidInputError("too many categories")
        filters = _filters(data.get("filters") or {})
        threshold = _number(data, "threshold", 0.0, 1.0)
        top_k = _whole(data, "top_k", 1, MAX_TOP_K)
        budget = _whole(data, "budget_tokens", MIN_BUDGET_TOKENS, MAX_BUDGET_TOKENS)
        mode = data.get("return", "bullets")
        if mode not in ("bullets", "full"):
            raise InvalidInputError('return must be "bullets" or "full"')
        if threshold is not None and not query.strip():
            raise InvalidInputError("threshold needs a query (it is the similarity to it)")
        if not query.strip() and not categories and filters == QueryFilters():
            raise InvalidInputError("give a query, categories or a filter")
        return cls(
            query=" ".join(query.split())[:500],
            categories=tuple(dict.fromkeys(categories)),
            filters=filters,
            threshold=threshold,
            top_k=DEFAULT_TOP_K if top_k is None else int(top_k),
            budget_tokens=DEFAULT_BUDGET_TOKENS if budget is None else int(budget),
            mode=mode,
        )


def _number(data: dict[str, Any], name: str, low: float, high: float) -> float | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be a number from {low:g} to {high:g}")
    return float(value)


def _whole(data: dict[str, Any], name: str, low: int, high: int) -> int | None:
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInputError(f"{name} must be a whole number from {low} to {high}")
    return value


def _date(data: dict[str, Any], name: str) -> datetime | None:
    value = data.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be a date (YYYY-MM-DD) or an ISO time")
    try:
        when = datetime.fromisoformat(value.strip()[:40])
    except ValueError as exc:
        raise InvalidInputError(f"{name} must be a date (YYYY-MM-DD) or an ISO time") from exc
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _filters(data: Any) -> QueryFilters:
    if not isinstance(data, dict):
        raise InvalidInputError("filters must be an object")
    unknown = sorted(set(data) - FILTER_KEYS)
    if unknown:
        raise InvalidInputError(
            f"unknown filter {unknown[0][:40]!r} (the tools read the current user's memory "
            f"only); filters are {', '.join(sorted(FILTER_KEYS))}"
        )
    kind = data.get("kind")
    if kind is not None and kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}")
    person = data.get("person")
    if person is not None and (not isinstance(person, str) or not person.strip()):
        raise InvalidInputError("person must be a name or a relation (sister, boss)")
    pinned = data.get("pinned")
    if pinned is not None and not isinstance(pinned, bool):
        raise InvalidInputError("pinned must be true or false")
    low = _whole(data, "importance_min", 1, 5)
    high = _whole(data, "importance_max", 1, 5)
    if low is not None and high is not None and low > high:
        raise InvalidInputError("importance_min is above importance_max")
    return QueryFilters(
        kind=kind,
        person=" ".join(person.split())[:80] if person else None,
        pinned=pinned,
        importance_min=low,
        importance_max=high,
        updated_after=_date(data, "updated_after"),
        updated_before=_date(data, "updated_before"),
        confidence_min=_number(data, "confidence_min", 0.0, 1.0),
    )


@dataclass(frozen=True, slots=True)
class QueryResult:
    """What a query found, as its audience may see it, within its budget."""

    items: tuple[dict[str, Any], ...]
    facts: tuple[Fact, ...]
    #: Matches left out to stay within ``budget_tokens``.
    omitted: int
    tokens: int
    mode: ReturnMode

    def payload(self) -> dict[str, Any]:
        """The JSON the model is given."""
        out: dict[str, Any] = {"return": self.mode, "memories": list(self.items)}
        if self.omitted:
            out["omitted_over_budget"] = self.omitted
        return out


def _person_facts(conn: Connection, user_id: str, person: str) -> tuple[int, ...]:
    """The user's facts about ``person`` (a name or a relation): their people facts, and the
    facts linked to the name as an entity. Only this user's rows are read."""
    filters = SearchFilters(categories=(Category.RELATIONSHIP,), statuses=(Status.ACTIVE,))
    people = people_of(f for f in fact_repo.list_facts(conn, user_id, filters, 500))
    found = find_people(people, name=person) or find_people(people, relation=person)
    ids = [f.id for p in found for f in p.facts]
    names = [e.canonical for e in entities.extract(f"about {person}")] or [person.casefold()]
    ids += [i for i, _ in entity_repo.items_sharing(conn, user_id, "fact", names, 200)]
    return tuple(dict.fromkeys(ids))


def search_filters(
    conn: Connection | None, user_id: str, q: MemoryQuery, categories: frozenset[Category]
) -> SearchFilters:
    """The query's filters as the store applies them (inside the search); ``conn`` is
    needed only for a ``person`` filter."""
    f = q.filters
    person_ids = None
    if f.person:
        if conn is None:
            raise ValueError("a person filter needs a connection")
        person_ids = _person_facts(conn, user_id, f.person)
    kinds: tuple[str, ...] = ()
    if f.kind is not None:
        kinds = ("fact",) if f.kind == "note" else (f.kind,)
    return SearchFilters(
        categories=tuple(sorted(categories)),
        min_confidence=f.confidence_min,
        updated_after=f.updated_after,
        updated_before=f.updated_before,
        statuses=(Status.ACTIVE, Status.PENDING),
        kinds=kinds,
        pinned=f.pinned,
        importance_min=f.importance_min,
        importance_max=f.importance_max,
        fact_ids=person_ids,
    )


def _similarity(vector: float, lexical: float, vectors_on: bool) -> float:
    """How close a hit is to the query: its cosine similarity, or (vectors off) its
    normalised lexical score."""
    return vector if vectors_on and vector > 0 else lexical


def run_on_thread(
    ctx: Context,
    user_id: str,
    q: MemoryQuery,
    *,
    consumer: Consumer = Consumer.TOOLS,
    audience: Audience = Audience.PRIVATE,
) -> QueryResult:
    """``Memory.query`` on a worker thread."""
    categories = ctx.config.categories.check(consumer, q.categories, audience=audience)
    if q.filters.person is None:
        filters = search_filters(None, user_id, q, categories)
    else:  # a person is looked up in the user's own rows first
        with ctx.db.read() as conn:
            filters = search_filters(conn, user_id, q, categories)
    found = _matches(ctx, user_id, q, filters)
    group = audience == Audience.GROUP
    if q.query and q.filters == QueryFilters():
        found = [*_faded_matches(ctx, user_id, q, found, categories, group), *found]
    # The per-fact privacy rule stands beside the allowlist (a private note filed as other).
    found = [(f, s) for f, s in found if not (group and disclosure.is_private(f))][: q.top_k]
    return _within_budget(ctx, user_id, q, found, audience)


def _matches(
    ctx: Context, user_id: str, q: MemoryQuery, filters: SearchFilters
) -> list[tuple[Fact, float | None]]:
    """The filtered facts best first (by the query when there is one, else newest first),
    each with its similarity; the threshold and the note/fact split applied."""
    found: list[tuple[Fact, float | None]] = []
    if q.query:
        # Read deeper than top_k: the threshold and the note/kind split drop some.
        hits = search_on_thread(ctx, user_id, q.query, k=min(4 * q.top_k, 40), filters=filters)
        vectors_on = ctx.vectors.enabled
        for h in hits:
            if h.fact is None:
                continue
            close = _similarity(h.vector, h.lexical, vectors_on)
            if q.threshold is None or close >= q.threshold:
                found.append((h.fact, round(close, 3)))
    else:
        with ctx.db.read() as conn:
            listed = fact_repo.list_facts(conn, user_id, filters, limit=4 * q.top_k)
        found = [(f, None) for f in listed]
    if q.filters.kind == "note":
        found = [(f, s) for f, s in found if f.key.startswith("note.")]
    elif q.filters.kind == "fact":
        found = [(f, s) for f, s in found if not f.key.startswith("note.")]
    return found


def _faded_matches(
    ctx: Context,
    user_id: str,
    q: MemoryQuery,
    found: list[tuple[Fact, float | None]],
    categories: frozenset[Category],
    group: bool,
) -> list[tuple[Fact, float | None]]:
    """A faded memory that answers the query when none found does (``read.faded``: brought
    back by use), each with its similarity; only for a query with no filter but categories."""
    hits = [
        SearchHit("facts", f.id, f.value_text, s or 0.0, 0.0, s or 0.0, fact=f) for f, s in found
    ]
    if answering(hits, question=q.query):
        return []
    excluded = set(Category) - categories
    back = faded_read.answer_from_faded(ctx, user_id, q.query, hits, group=group, excluded=excluded)
    return [
        (h.fact, round(h.vector, 3))
        for h in back
        if h.fact is not None and (q.threshold is None or h.vector >= q.threshold)
    ]


def _within_budget(
    ctx: Context,
    user_id: str,
    q: MemoryQuery,
    found: list[tuple[Fact, float | None]],
    audience: Audience,
) -> QueryResult:
    """The matches rendered as ``q`` asks, as ``audience`` may see them, until the budget."""
    group = audience == Audience.GROUP
    history: dict[int, int] = {}
    if q.mode == "full" and found:
        with ctx.db.read() as conn:
            history = {f.id: len(fact_repo.history(conn, user_id, key=f.key)) for f, _ in found}
    items: list[dict[str, Any]] = []
    kept: list[Fact] = []
    spent = estimate_tokens('{"return": "bullets", "memories": []}')
    for fact, sim in found:
        # For the model: a secret masked whole, even in the user's private chat.
        shown = disclosure.shown(fact, audience, tail=False)
        item = _bullet(shown) if q.mode == "bullets" else _full(shown, sim, history[fact.id], group)
        cost = estimate_tokens(json.dumps(item, ensure_ascii=False))
        if spent + cost > q.budget_tokens:
            break
        spent += cost
        items.append(item)
        kept.append(shown)
    return QueryResult(tuple(items), tuple(kept), len(found) - len(items), spent, q.mode)


def _bullet(fact: Fact) -> dict[str, Any]:
    category = fact.category.value
    # Marked like the memory block marks it (the system prompt says what it means).
    flag = " (unconfirmed)" if fact.status == Status.PENDING else ""
    text = f"[{category}] {as_data(fact.value_text)}{flag}"
    return {"id": fact.id, "category": category, "text": text}


def _full(fact: Fact, sim: float | None, history: int, group: bool) -> dict[str, Any]:
    return {
        "id": fact.id,
        "category": fact.category.value,
        "kind": "note" if fact.key.startswith("note.") else fact.kind,
        "text": as_data(fact.value_text),
        "status": "unconfirmed" if fact.status == Status.PENDING else fact.status.value,
        "valid_from": fact.valid_from.date().isoformat(),
        "valid_to": fact.valid_to.date().isoformat() if fact.valid_to else None,
        "updated": fact.updated_at.date().isoformat(),
        "confidence": round(fact.confidence, 2),
        "importance": fact.importance,
        "pinned": fact.pinned,
        "source": _source(fact, group),
        "history": history,
        "similarity": sim,
    }


def _source(fact: Fact, group: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"told": fact.created_at.date().isoformat()}
    excerpt = fact.source_excerpt
    # The user's own words, when the audience may read them (a group never reads a private
    # clause that sat beside a shareable fact).
    if excerpt and not (group and disclosure.private_text(excerpt)):
        out["excerpt"] = as_data(excerpt[:200])
    return out
