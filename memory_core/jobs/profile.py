"""The materialised profile (seed 000 stage 5): a projection of active, valid facts, stored.

Sections: identity, hard preferences, soft preferences, current tasks, recent changes and
sensitive topics (plus "other", so nothing known is hidden from /profile), each entry with its
confidence and timestamps. Rebuilt every N turns and at session end; ``/profile`` and prompt
injection read the stored copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection

from memory_core.read.disclosure import mask_secrets, private_text, shown
from memory_core.runtime.executors import Lane
from memory_core.store import facts as fact_repo
from memory_core.store import profiles as repo
from memory_core.values import (
    SENSITIVE_CATEGORIES,
    Audience,
    Category,
    Change,
    Fact,
    SearchFilters,
    Status,
)

if TYPE_CHECKING:
    from memory_core.context import Context

#: At most this many facts are projected (most recently updated first within a section).
MAX_FACTS = 120
RECENT_DAYS = 7
MAX_RECENT = 10

KEYED_SECTIONS = ("identity", "hard_preferences", "soft_preferences")
LIST_SECTIONS = ("current_tasks", "sensitive_topics", "notes", "other", "insights", "procedures")
#: Insights listed in the profile (the newest).
MAX_INSIGHTS = 5
_SECTION_OF: dict[Category, str] = {
    Category.IDENTITY: "identity",
    Category.RELATIONSHIP: "identity",
    Category.HARD_PREFERENCE: "hard_preferences",
    Category.SOFT_PREFERENCE: "soft_preferences",
    Category.TASK_CONTEXT: "current_tasks",
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One projected fact with its confidence and timestamps."""

    fact_id: int
    key: str
    value_text: str
    category: str
    confidence: float
    updated_at: str
    valid_from: str
    #: The slot's value as the user gave it ("Köln"), when the fact has one: the app says it
    #: inside its language's phrase ("du wohnst in Köln").
    slot_value: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The entry as JSON."""
        out: dict[str, Any] = {
            "id": self.fact_id,
            "key": self.key,
            "value": self.value_text,
            "category": self.category,
            "confidence": round(self.confidence, 4),
            "updated_at": self.updated_at,
            "valid_from": self.valid_from,
        }
        if self.slot_value is not None:
            out["slot_value"] = self.slot_value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        """Read an entry back."""
        return cls(
            int(data["id"]),
            str(data["key"]),
            str(data["value"]),
            str(data["category"]),
            float(data["confidence"]),
            str(data["updated_at"]),
            str(data["valid_from"]),
            str(data["slot_value"]) if data.get("slot_value") is not None else None,
        )


@dataclass(frozen=True, slots=True)
class Profile:
    """A user's materialised profile."""

    user_id: str
    built_at: datetime
    rev: int
    sections: dict[str, tuple[Entry, ...]]
    recent_changes: tuple[dict[str, Any], ...] = ()
    reflection: Entry | None = None

    @property
    def fact_ids(self) -> list[int]:
        """Every projected fact (and the latest reflection), for injection."""
        ids = [e.fact_id for entries in self.sections.values() for e in entries]
        return ids + ([self.reflection.fact_id] if self.reflection else [])

    @property
    def empty(self) -> bool:
        """True when no fact is projected."""
        return not any(self.sections.values())

    def as_json(self) -> dict[str, Any]:
        """Seed 000's shape: keyed sections are objects by fact key, the others lists."""
        out: dict[str, Any] = {"built_at": self.built_at.isoformat(), "rev": self.rev}
        for name in KEYED_SECTIONS:
            out[name] = {e.key: e.as_json() for e in self.sections.get(name, ())}
        for name in LIST_SECTIONS:
            out[name] = [e.as_json() for e in self.sections.get(name, ())]
        out["recent_changes"] = list(self.recent_changes)
        out["reflection"] = self.reflection.as_json() if self.reflection else None
        return out

    @classmethod
    def from_json(cls, user_id: str, data: dict[str, Any]) -> Profile:
        """Read a stored profile back."""
        sections: dict[str, tuple[Entry, ...]] = {}
        for name in KEYED_SECTIONS:
            sections[name] = tuple(Entry.from_json(v) for v in data.get(name, {}).values())
        for name in LIST_SECTIONS:
            sections[name] = tuple(Entry.from_json(v) for v in data.get(name, []))
        reflection = data.get("reflection")
        return cls(
            user_id,
            datetime.fromisoformat(str(data["built_at"])),
            int(data["rev"]),
            sections,
            tuple(data.get("recent_changes", [])),
            Entry.from_json(reflection) if reflection else None,
        )


def _entry(fact: Fact) -> Entry:
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return Entry(
        fact.id,
        fact.key,
        fact.value_text,
        fact.category.value,
        fact.confidence,
        fact.updated_at.isoformat(),
        fact.valid_from.isoformat(),
        str(value) if isinstance(value, str | int | float) and value != "" else None,
    )


def section_of(fact: Fact) -> str:
    """Which profile section a fact belongs to."""
    if fact.sensitive or fact.category in SENSITIVE_CATEGORIES or private_text(fact.value_text):
        return "sensitive_topics"
    if fact.key.startswith("note."):
        return "notes"  # what the user said in their own words, no rule read into a slot
    return _SECTION_OF.get(fact.category, "other")


def project(
    user_id: str,
    facts: Sequence[Fact],
    changes: Sequence[Change],
    *,
    now: datetime,
    rev: int,
) -> Profile:
    """Pure: the profile of ``facts`` (only active, currently valid ones are projected)."""
    live = [
        f for f in facts if f.status == Status.ACTIVE and (f.valid_to is None or f.valid_to > now)
    ]
    live.sort(key=lambda f: (f.updated_at, f.id), reverse=True)
    reflection = next((f for f in live if f.kind == "reflection"), None)
    sections: dict[str, list[Entry]] = {name: [] for name in (*KEYED_SECTIONS, *LIST_SECTIONS)}
    taken = 0
    for fact in live:
        if fact.kind == "insight" and len(sections["insights"]) < MAX_INSIGHTS:
            sections["insights"].append(_entry(fact))
        if fact.kind == "procedure" and taken < MAX_FACTS:
            # How the user likes things done: a heading of its own (never in the block).
            name = "sensitive_topics" if section_of(fact) == "sensitive_topics" else "procedures"
            sections[name].append(_entry(fact))
            taken += 1
        if fact.kind != "fact" or taken >= MAX_FACTS:
            continue
        bucket = sections[section_of(fact)]
        if section_of(fact) in KEYED_SECTIONS and any(e.key == fact.key for e in bucket):
            continue  # one value per key: the most recent
        bucket.append(_entry(fact))
        taken += 1
    since = now - timedelta(days=RECENT_DAYS)
    recent = [
        {
            "rev": c.rev,
            "event": c.event,
            "fact_id": c.fact_id,
            "summary": c.summary,
            # Shown to the user alone: sensitive facts and the bot's insights.
            "sensitive": bool(c.meta.get("sensitive"))
            or c.meta.get("kind") == "insight"
            or private_text(c.summary),
            "ts": c.ts.isoformat(),
        }
        for c in changes
        if c.ts >= since
    ][:MAX_RECENT]
    return Profile(
        user_id,
        now,
        rev,
        {k: tuple(v) for k, v in sections.items()},
        tuple(recent),
        _entry(reflection) if reflection else None,
    )


def _build(conn: Connection, ctx: Context, user_id: str, turns: int) -> Profile:
    now = ctx.clock.now()
    # Stored for display and prompts: secrets masked, like everything the bot shows.
    facts = [
        shown(f, Audience.PRIVATE)
        for f in fact_repo.list_facts(
            conn, user_id, SearchFilters(statuses=(Status.ACTIVE,)), limit=MAX_FACTS * 3
        )
    ]
    rev = fact_repo.current_revision(conn, user_id)
    changes = [
        replace(c, summary=mask_secrets(c.summary))
        for c in fact_repo.changes_since(conn, user_id, max(0, rev - 50), limit=50)
    ]
    profile = project(user_id, facts, changes, now=now, rev=rev)
    # A user with no memory at all (never told anything, or just erased while a job of
    # theirs was in flight) gets no stored profile: nothing of them is written back.
    if facts or rev or turns or repo.get(conn, user_id) is not None:
        repo.save(conn, user_id, profile.as_json(), profile.fact_ids, rev, turns, now)
    return profile


def _rebuild(ctx: Context, user_id: str) -> Profile:
    with ctx.db.write(users=[user_id]) as conn:
        return _build(conn, ctx, user_id, repo.turn_count(conn, user_id))


async def rebuild(ctx: Context, user_id: str) -> Profile:
    """Build and store the profile now (session end, scheduled refreshes)."""
    return await ctx.lanes.run(Lane.BACKGROUND, _rebuild, ctx, user_id)


async def refresh_if_due(ctx: Context, user_id: str, every: int) -> Profile | None:
    """Rebuild when ``every`` turns passed since the last build (or none exists); else None."""
    return await ctx.lanes.run(Lane.BACKGROUND, _refresh_if_due, ctx, user_id, every)


def _refresh_if_due(ctx: Context, user_id: str, every: int) -> Profile | None:
    with ctx.db.read() as conn:
        stored = repo.get(conn, user_id)
        turns = repo.turn_count(conn, user_id)
    if stored is not None and turns - stored.turns < every:
        return None
    if stored is None and turns == 0:
        return None  # no conversation (a new user, or one just erased): nothing to build
    with ctx.db.write(users=[user_id]) as conn:
        # Counted again inside the write: an erasure between the two transactions leaves
        # no turns, and the stale count would store a profile row for an erased user.
        return _build(conn, ctx, user_id, repo.turn_count(conn, user_id))


async def load(ctx: Context, user_id: str, *, fresh: bool = False) -> Profile | None:
    """The stored profile; ``fresh``: rebuilt first when memory changed since it was built
    (``/profile``: a user is waiting)."""
    return await ctx.lanes.run(Lane.REPLY, _load, ctx, user_id, fresh)


def _load(ctx: Context, user_id: str, fresh: bool) -> Profile | None:
    with ctx.db.read() as conn:
        stored = repo.get(conn, user_id)
        rev = fact_repo.current_revision(conn, user_id)
    if stored is not None and not (fresh and stored.rev != rev):
        return Profile.from_json(user_id, stored.data)
    if stored is None and not fresh:
        return None
    return _rebuild(ctx, user_id)


def profile_facts(conn: Connection, user_id: str) -> list[Fact] | None:
    """The facts of the stored profile, current state, in profile order (``None``: never
    built). For prompt injection, inside the caller's read transaction."""
    stored = repo.get(conn, user_id)
    if stored is None:
        return None
    by_id = fact_repo.get_many(conn, user_id, stored.fact_ids)
    return [by_id[i] for i in stored.fact_ids if i in by_id]
