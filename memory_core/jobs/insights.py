"""Insights (seed 003 § 3): a few observations drawn from a user's recent talk, said to them.

Once a day at most per user (none within ``every_hours`` of the last, a forgotten one
included), for users who talked at least ``min_turns`` times in the last ``window_days`` and
have learning on. An :class:`InsightWriter` (the language model; there is no offline one: an
insight is a judgement, not a pattern) reads their recent turns and their non-sensitive facts
and proposes at most three insights, each ≤ 280 characters, with tags and an importance.

An insight is shown to the user (/insights, /profile) and to nobody else, so it is written to
them: in the second person and in the language they last wrote in ("You take pride in doing
things by hand", "Du machst Dinge gern selbst"), never about "the user" and never as the
assistant's own opinion ("I think…"). Seed 003's third person is for facts the model reads,
not for words the user reads; the model's memory block marks an insight as said to the user.

What is stored: each insight is a fact of kind ``insight`` (its own profile heading, a low
retrieval weight, never shown or used in a group, forgettable like any fact). An insight that
touches a sensitive topic is dropped, not stored: health, money or identity documents are
things the user says, never things the bot infers. One nearly the same as a live insight is
dropped too. The gate is checked again inside the write, so two runs never store twice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

import structlog
from sqlalchemy import Connection

from memory_core.categories import Consumer
from memory_core.errors import EmbedderError
from memory_core.extract.sensitivity import classified
from memory_core.jobs.reflection import clip
from memory_core.learn.arbitrate import NEAR_DUPLICATE_JACCARD
from memory_core.read.disclosure import is_private
from memory_core.runtime.executors import Lane
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import fts
from memory_core.store import insights as repo
from memory_core.values import Category, Fact, NewFact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.insights")

#: Seed 003: at most this long.
MAX_CHARS = 280
MAX_INSIGHTS = 3
MAX_TAGS = 5
#: Insights are impressions, not things the user said: stored tentative.
CONFIDENCE = 0.5
#: The assistant speaking as itself ("I think…", "ich glaube…", "я думаю…"): an insight is
#: about the user, not the assistant's opinion.
FIRST_PERSON = re.compile(
    r"(?-i:\bI\b)|\b(?:I'm|I've|I'd|my|mine|we|our|ours|ich|yo)\b|\bje\b|\bj['’]"
    r"|(?<![а-яё])я(?![а-яё])",
    re.IGNORECASE,
)
#: The user spoken of, not to ("the user", "der Nutzer", "l'utilisateur", "пользователь").
THIRD_PERSON = re.compile(
    r"\b(?:the\s+user|user's|(?:der|die|den|dem|des)\s+(?:Be)?[Nn]utzer\w*)\b"
    r"|\bl['’]utilisat|\b(?:el|al|del)\s+usuario|пользовател",
    re.IGNORECASE,
)
#: The user addressed, in English ("you", "your").
SECOND_PERSON_EN = re.compile(r"\b(?:you|your|yours|yourself|you're|you've|you'd)\b", re.I)


@dataclass(frozen=True, slots=True)
class InsightsConfig:
    """Gating and bounds."""

    every_hours: float = 24.0
    window_days: int = 7
    min_turns: int = 5
    max_turns: int = 60
    max_facts: int = 40
    max_users: int = 200


@dataclass(frozen=True, slots=True)
class InsightDraft:
    """One proposed insight."""

    summary: str
    tags: tuple[str, ...] = ()
    importance: int = 2


@dataclass(frozen=True, slots=True)
class Activity:
    """What an insight may be drawn from: the user's recent turns and what is known (never
    a sensitive fact), and the language they last wrote in (ISO 639-1, ``None``: unknown)."""

    user_id: str
    turns: tuple[str, ...]
    known: tuple[str, ...]
    language: str | None = None


class InsightWriter(Protocol):
    """Proposes insights from recent activity."""

    async def insights(self, activity: Activity) -> list[InsightDraft]:
        """At most ``MAX_INSIGHTS`` drafts (none when nothing stands out)."""
        ...


def speaks_to_the_user(summary: str, language: str | None = None) -> bool:
    """Said to the user: never about "the user", never as the assistant's own opinion; in
    English, with "you" in it (other languages may leave the pronoun out: "Disfrutas…")."""
    if FIRST_PERSON.search(summary) or THIRD_PERSON.search(summary):
        return False
    return language not in (None, "en") or SECOND_PERSON_EN.search(summary) is not None


class Insights:
    """Finds users due an insight, asks the writer, stores what passes."""

    def __init__(
        self, ctx: Context, writer: InsightWriter, config: InsightsConfig | None = None
    ) -> None:
        self.ctx = ctx
        self.writer = writer
        self.config = config or InsightsConfig()

    def _gate(self) -> tuple[datetime, datetime]:
        now = self.ctx.clock.now()
        return (
            now - timedelta(days=self.config.window_days),
            now - timedelta(hours=self.config.every_hours),
        )

    def _due_users(self, conn: Connection, user_id: str | None, limit: int) -> list[str]:
        active_since, last_before = self._gate()
        return repo.due_users(
            conn,
            active_since=active_since,
            last_before=last_before,
            min_turns=self.config.min_turns,
            limit=limit,
            user_id=user_id,
        )

    def _due(self, user_id: str | None, limit: int) -> list[str]:
        with self.ctx.db.read() as conn:
            return self._due_users(conn, user_id, limit)

    async def due(self, user_id: str | None = None) -> list[str]:
        """Users due an insight now."""
        return await self.ctx.lanes.run(Lane.BACKGROUND, self._due, user_id, self.config.max_users)

    async def run_user(self, user_id: str) -> list[Fact]:
        """Draw and store this user's insights (nothing if not due); the stored facts."""
        activity = await self.ctx.lanes.run(Lane.BACKGROUND, self._activity, user_id)
        if activity is None:
            return []
        drafts = await self.writer.insights(activity)
        if drafts and self.ctx.sensitivity is not None:
            drafts = await self.ctx.lanes.run(Lane.BACKGROUND, self._plain, user_id, drafts)
        if not drafts:
            return []
        return await self.ctx.lanes.run(
            Lane.BACKGROUND, self._save, user_id, drafts, activity.language
        )

    def _activity(self, user_id: str) -> Activity | None:
        active_since, _ = self._gate()
        with self.ctx.db.read() as conn:
            if not self._due_users(conn, user_id, 1):
                return None
            turns = repo.recent_user_words(conn, user_id, active_since, self.config.max_turns)
            scope = self.ctx.config.categories.scoped(
                Consumer.INSIGHTS, SearchFilters(statuses=(Status.ACTIVE,))
            )
            facts = fact_repo.list_facts(conn, user_id, scope, limit=200)
            language = episode_repo.latest_language(conn, user_id)
        known = [f.value_text for f in facts if f.kind == "fact" and not is_private(f)]
        return Activity(user_id, tuple(turns), tuple(known[: self.config.max_facts]), language)

    def _plain(self, user_id: str, drafts: Sequence[InsightDraft]) -> list[InsightDraft]:
        """The drafts the sensitivity model does not read as private by meaning (the rules
        check them again in :meth:`_save`); all of them when the embedder fails."""
        model = self.ctx.sensitivity
        if model is None:
            return list(drafts)
        try:
            topics = model.topics([clip(d.summary, MAX_CHARS) for d in drafts])
        except EmbedderError as exc:
            log.warning("sensitivity_meaning_failed", user_id=user_id, error=str(exc))
            return list(drafts)
        for topic in topics:
            if topic is not None:
                log.info("insight_dropped", user_id=user_id, reason="sensitive")
        return [d for d, topic in zip(drafts, topics, strict=True) if topic is None]

    def _save(
        self, user_id: str, drafts: Sequence[InsightDraft], language: str | None = None
    ) -> list[Fact]:
        now = self.ctx.clock.now()
        saved: list[Fact] = []
        with self.ctx.db.write(users=[user_id]) as conn:
            # Re-checked inside the writer: two runs never store twice, and a user erased or
            # paused since the activity was read gets nothing.
            if not self._due_users(conn, user_id, 1):
                return []
            live = fact_repo.list_facts(
                conn, user_id, SearchFilters(statuses=(Status.ACTIVE,)), limit=500
            )
            seen = [fts.tokens(f.value_text) for f in live if f.kind == "insight"]
            for i, draft in enumerate(drafts[:MAX_INSIGHTS]):
                summary = clip(draft.summary, MAX_CHARS)
                terms = fts.tokens(summary)
                if not summary or not speaks_to_the_user(summary, language):
                    continue
                if classified(Category.OTHER, False, summary, *draft.tags)[1]:
                    log.info("insight_dropped", user_id=user_id, reason="sensitive")
                    continue
                if any(fts.jaccard(terms, t) >= NEAR_DUPLICATE_JACCARD for t in seen):
                    continue
                fact = fact_repo.create(
                    conn,
                    user_id,
                    NewFact(
                        key=f"insight.{now:%Y_%m_%d}.{i + 1}",
                        value_text=summary,
                        value_json={"tags": list(draft.tags[:MAX_TAGS])},
                        confidence=CONFIDENCE,
                        importance=min(3, max(1, draft.importance)),
                        source_turn_id=f"insight:{now:%Y-%m-%d}",
                        kind="insight",
                    ),
                    now,
                    actor="insights",
                    reason="insight from recent activity",
                )
                self.ctx.vectors.queue_fact(conn, fact)
                seen.append(terms)
                saved.append(fact)
        log.info("insights_saved", user_id=user_id, proposed=len(drafts), saved=len(saved))
        return saved
