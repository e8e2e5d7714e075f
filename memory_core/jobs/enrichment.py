"""Nightly entity enrichment (seed 002/003): re-read facts the regex found few entities in.

The regex extractor (``memory_core.read.entities``) sees capitalised names, dates, mentions and
links; "my brother works at the bakery on rue Cler" gives it little. Once a night, facts
changed in the last ``window_hours`` that have at most ``max_links`` entity links are read by
an :class:`EntityReader` (the language model; there is no offline one — the regex already ran)
in small numbered batches; the people, organisations, places and projects it names are linked
to the fact, so they become a retrieval signal. Secrets, money and identity documents are never
sent. A fact forgotten or erased while the model reads is left alone (checked in the write).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from itertools import groupby
from typing import TYPE_CHECKING, Protocol

import structlog

from memory_core.categories import Consumer
from memory_core.clock import to_ts
from memory_core.extract.sensitive import redact
from memory_core.read import entities
from memory_core.read.entities import Entity
from memory_core.runtime.executors import Lane
from memory_core.store import entities as entity_repo
from memory_core.store import facts as fact_repo
from memory_core.values import SECRET_CATEGORIES, Category, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.enrichment")

#: The kinds of entity an enrichment may link.
ENTITY_TYPES = ("person", "organization", "place", "project", "event", "other")


@dataclass(frozen=True, slots=True)
class EnrichmentConfig:
    """Which facts are re-read, and how many per call and per night."""

    window_hours: float = 26.0  # a nightly job, with room for a late run
    max_links: int = 1
    batch: int = 20
    max_facts: int = 2000


class EntityReader(Protocol):
    """Names the entities in each text."""

    async def entities(self, texts: Sequence[str]) -> list[list[Entity]]:
        """One list per text, in order."""
        ...


@dataclass(slots=True)
class EnrichmentReport:
    """What a run did (counts only: log-safe)."""

    facts: int = 0
    linked: int = 0
    users: int = 0

    def summary(self) -> dict[str, int]:
        """Counts for the job log."""
        return {"facts": self.facts, "linked": self.linked, "users": self.users}


class Enrichment:
    """Finds facts with few entities and links what the reader names in them."""

    def __init__(
        self, ctx: Context, reader: EntityReader, config: EnrichmentConfig | None = None
    ) -> None:
        self.ctx = ctx
        self.reader = reader
        self.config = config or EnrichmentConfig()

    def _candidates(self, user_id: str | None) -> list[tuple[str, int, str]]:
        since = self.ctx.clock.now() - timedelta(hours=self.config.window_hours)
        with self.ctx.db.read() as conn:
            return entity_repo.few_entity_facts(
                conn,
                since=to_ts(since),
                max_links=self.config.max_links,
                # What enrichment's allowlist leaves out (never narrower than the secrets).
                skip_categories=sorted(
                    c.value
                    for c in Category
                    if c not in self.ctx.config.categories.allowed(Consumer.ENRICHMENT)
                    or c in SECRET_CATEGORIES
                ),
                limit=self.config.max_facts,
                user_id=user_id,
            )

    async def users(self, user_id: str | None = None) -> dict[str, list[tuple[int, str]]]:
        """Per user, the facts to re-read: (fact id, text)."""
        rows = await self.ctx.lanes.run(Lane.BACKGROUND, self._candidates, user_id)
        return {
            # The model reads no secret: a value that holds one goes with it redacted.
            uid: [(fid, redact(value)) for _u, fid, value in items]
            for uid, items in groupby(rows, key=lambda r: r[0])
        }

    async def run_user(self, user_id: str, facts: Sequence[tuple[int, str]]) -> EnrichmentReport:
        """Re-read one user's facts in batches and link what is found."""
        report = EnrichmentReport(users=1)
        for start in range(0, len(facts), self.config.batch):
            chunk = facts[start : start + self.config.batch]
            found = await self.reader.entities([value for _id, value in chunk])
            linked = await self.ctx.lanes.run(
                Lane.BACKGROUND, self._link, user_id, [fid for fid, _v in chunk], found
            )
            report.facts += len(chunk)
            report.linked += linked
        log.info("entities_enriched", user_id=user_id, **report.summary())
        return report

    def _link(self, user_id: str, fact_ids: Sequence[int], found: Sequence[list[Entity]]) -> int:
        linked = 0
        with self.ctx.db.write(users=[user_id]) as conn:
            # Read again in the write: a fact forgotten (or a user erased) meanwhile is skipped.
            live = fact_repo.get_many(conn, user_id, fact_ids)
            for fact_id, names in zip(fact_ids, found, strict=True):
                fact = live.get(fact_id)
                if fact is None or fact.status != Status.ACTIVE or not names:
                    continue
                entities.link(conn, user_id, "fact", fact_id, names)
                linked += len(names)
        return linked
