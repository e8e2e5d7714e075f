"""Nightly lifecycle: Ebbinghaus decay (for ranking), fading (seed 003 §7), "still true?"
questions, and the purge of expired deletions.

Decay (seed 002): ``confidence × exp(−decay_rate × days)`` for the days since the later of last
access, last mention and last decay, so a nightly run never compounds. It ranks and never
deletes: a fact's confidence does not fall below ``floor`` (above the injection threshold), so
what the user said stays findable. Protected facts (``decay_rate`` 0: confirmed, explicit,
restored, reflections), pinned and pending facts never decay.
Fading (seed 003 §7): a fact not accessed (shown in a prompt, the profile or an answer, or
mentioned) for ``ttl_days``, of importance below ``ttl_importance``, unpinned and not of a
kind that never fades by time alone (identity, family and people, pets, health, hard
preferences) is soft-deleted as *faded*: listed, restorable, learned again when told again.
"Still true?" (``questions``): only about facts that naturally change (home, job, plans), not
mentioned for ``ask_after_days``; at most one opened per user per ``ask_every_days``.
Deletions are purged after their ``purge_at`` (faded ones after ``faded_purge_days``): rows,
history, links and vectors go — but not while the user has a session begun before the
deletion still to consolidate (the deleted row is what stops consolidation re-learning a
forgotten fact).
Work is done in small batches, one short write transaction each.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import structlog
from sqlalchemy import Connection

from memory_core.clock import to_ts
from memory_core.runtime.executors import Lane
from memory_core.store import applied_actions as applied_repo
from memory_core.store import entities as entity_repo
from memory_core.store import events as event_log
from memory_core.store import facts as fact_repo
from memory_core.store import inbox as inbox_repo
from memory_core.store import lifecycle as repo
from memory_core.values import Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.decay")


#: Handled webhook updates deleted per transaction by the lifecycle run.
_INBOX_BATCH = 5000


@dataclass(frozen=True, slots=True)
class DecayConfig:
    """Thresholds, TTL policy, and per-run bounds."""

    #: Decay never takes a fact's confidence below this (above the 0.2 injection threshold).
    floor: float = 0.25
    ttl_days: float = 60.0
    ttl_importance: int = 3
    purge_after_days: float = 30.0
    #: A faded fact stays restorable this long before it is purged.
    faded_purge_days: float = 180.0
    #: "Still true?" only about a changeable fact not mentioned for this long…
    ask_after_days: float = 120.0
    #: …and at most one question opened (and asked) per user in this many days.
    ask_every_days: float = 7.0
    #: Handled webhook updates and delivery marks are kept this long (the redelivery check),
    #: then deleted.
    inbox_keep_hours: float = 48.0
    batch: int = 500
    max_facts: int = 200_000


@dataclass(slots=True)
class DecayReport:
    """What a lifecycle run changed (``users``: whose memory changed, for profile rebuilds)."""

    decayed: int = 0
    asked: int = 0
    faded: int = 0
    purged: int = 0
    #: Past their purge date but held back: their user has a session, begun before the
    #: deletion, still to consolidate (purged the night after it is).
    purge_deferred: int = 0
    #: Handled webhook updates past the redelivery window, deleted (all users' runs only).
    inbox_forgotten: int = 0
    deliveries_forgotten: int = 0
    users: set[str] = field(default_factory=set)

    def summary(self) -> dict[str, object]:
        """Counts only (log-safe)."""
        return {
            "decayed": self.decayed,
            "asked": self.asked,
            "faded": self.faded,
            "purged": self.purged,
            "purge_deferred": self.purge_deferred,
            "inbox_forgotten": self.inbox_forgotten,
            "deliveries_forgotten": self.deliveries_forgotten,
            "users": len(self.users),
        }


def decayed_confidence(confidence: float, decay_rate: float, days: float) -> float:
    """Seed 002's Ebbinghaus curve for ``days`` elapsed."""
    return confidence * math.exp(-decay_rate * max(0.0, days))


def soft_delete(
    conn: Connection,
    ctx: Context,
    user_id: str,
    fact_id: int,
    *,
    reason: str,
    purge_at: datetime | None,
    faded: bool = False,
) -> bool:
    """Soft-delete one active fact as the system: history, FTS and vectors follow.
    ``faded``: deleted by time (restorable, learned again when told again), not forgotten."""
    now = ctx.clock.now()
    before = fact_repo.get(conn, user_id, fact_id)
    if before is None or before.status != Status.ACTIVE:
        return False
    after = fact_repo.delete(
        conn,
        user_id,
        before,
        now,
        actor="system",
        reason=reason,
        event="faded" if faded else "deleted",
        purge_at=purge_at,
        faded_at=now if faded else None,
    )
    entity_repo.unlink_item(conn, user_id, "fact", fact_id)
    ctx.vectors.queue_fact(conn, after)
    return True


class Lifecycle:
    """Runs decay, fading, questions and purge for every user (or one)."""

    def __init__(self, ctx: Context, config: DecayConfig | None = None) -> None:
        self.ctx = ctx
        self.config = config or DecayConfig()

    async def run(self, user_id: str | None = None) -> DecayReport:
        """One nightly pass: decay, then fading, questions and purge."""
        report = DecayReport()
        after, seen = 0, 0
        while seen < self.config.max_facts:
            after, n = await self.ctx.lanes.run(
                Lane.BACKGROUND, self._decay_batch, after, user_id, report
            )
            seen += n
            if n < self.config.batch:
                break
        for step in (self._ttl_batch, self._question_batch, self._purge_batch):
            done = 0
            while done < self.config.max_facts:
                n = await self.ctx.lanes.run(Lane.BACKGROUND, step, user_id, report)
                done += n
                if n < self.config.batch:
                    break
        if user_id is None:
            report.inbox_forgotten = await self._in_batches(self._forget_inbox)
            report.deliveries_forgotten = await self._in_batches(self._forget_deliveries)
        if self.ctx.vectors.enabled and report.faded:
            await self.ctx.vectors.settle()
        log.info("lifecycle_done", **report.summary())
        return report

    def _decay_batch(self, after: int, user_id: str | None, report: DecayReport) -> tuple[int, int]:
        cfg = self.config
        now = self.ctx.clock.now()
        with self.ctx.db.write() as conn:
            rows = repo.decay_batch(conn, after, cfg.batch, user_id)
            for row in rows:
                days = (now - row.reference).total_seconds() / 86400
                if days <= 0:
                    continue
                # Ranks, never deletes: what the user said stays above the floor.
                new = max(
                    decayed_confidence(row.confidence, row.decay_rate, days),
                    min(row.confidence, cfg.floor),
                )
                repo.set_confidence(conn, row.user_id, row.id, round(new, 6), now)
                report.decayed += 1
        return (rows[-1].id if rows else after), len(rows)

    async def _in_batches(self, step: Callable[[], int]) -> int:
        """Run a retention ``step`` until it deletes less than a batch; how many in all. In
        batches, each its own short transaction: a day of a busy bot's updates is millions of
        rows, never one long DELETE."""
        total = 0
        while n := await self.ctx.lanes.run(Lane.BACKGROUND, step):
            total += n
            if n < _INBOX_BATCH:
                break
        return total

    def _forget_inbox(self) -> int:
        before = self.ctx.clock.now() - timedelta(hours=self.config.inbox_keep_hours)
        with self.ctx.db.write(serial=False) as conn:
            return inbox_repo.forget_before(conn, before, _INBOX_BATCH)

    def _forget_deliveries(self) -> int:
        # Kept as long as handled updates, for the same reason (a platform's redelivery); a
        # page link (15 minutes) or page session (2 hours) mark is long past its use by then.
        before = self.ctx.clock.now() - timedelta(hours=self.config.inbox_keep_hours)
        with self.ctx.db.write(serial=False) as conn:
            return applied_repo.forget_deliveries_before(conn, before, _INBOX_BATCH)

    def _ttl_batch(self, user_id: str | None, report: DecayReport) -> int:
        cfg = self.config
        now = self.ctx.clock.now()
        with self.ctx.db.write() as conn:
            due = repo.ttl_candidates(
                conn, now - timedelta(days=cfg.ttl_days), cfg.ttl_importance, cfg.batch, user_id
            )
            faded: list[event_log.Event] = []
            for uid, fid in due:
                if soft_delete(
                    conn,
                    self.ctx,
                    uid,
                    fid,
                    reason=f"faded: not used for {cfg.ttl_days:g} days",
                    purge_at=now + timedelta(days=cfg.faded_purge_days),
                    faded=True,
                ):
                    report.faded += 1
                    report.users.add(uid)
                    faded.append(event_log.Event("worker", "ttl", user_id=uid, memory_id=fid))
            # Seed 003 §14's worker/ttl events (one per fact faded), in the same transaction.
            event_log.add(conn, faded, to_ts(now))
        return len(due)

    def _question_batch(self, user_id: str | None, report: DecayReport) -> int:
        cfg = self.config
        now = self.ctx.clock.now()
        with self.ctx.db.write() as conn:
            due = repo.question_candidates(
                conn,
                mentioned_before=now - timedelta(days=cfg.ask_after_days),
                asked_since=now - timedelta(days=cfg.ask_every_days),
                limit=cfg.batch,
                user_id=user_id,
            )
            for uid, fid in due:
                if repo.open_question(conn, uid, fid, now):
                    report.asked += 1
                    report.users.add(uid)
        return len(due)

    def _purge_batch(self, user_id: str | None, report: DecayReport) -> int:
        now = self.ctx.clock.now()
        with self.ctx.db.write() as conn:
            due = repo.purge_due(conn, now, self.config.batch, user_id)
            purged = []
            for uid, fid in due:
                repo.purge(conn, uid, fid, vectors=self.ctx.embedder is not None)
                report.purged += 1
                purged.append(event_log.Event("worker", "purge", user_id=uid, memory_id=fid))
            event_log.add(conn, purged, to_ts(now))
            if len(due) < self.config.batch:
                report.purge_deferred = repo.purge_deferred(conn, now, user_id)
        return len(due)
