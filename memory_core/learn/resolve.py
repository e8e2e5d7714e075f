"""Settling conflicts: the user's choice (update / keep / only for now, or both when the new
name is a second one's), and expiry.

Each resolution is one transaction: the conflict is closed only if it was still open, so a
second press of the same button changes nothing ("Already settled").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.learn import policy
from memory_core.learn.apply import (
    end_its_notes,
    kept_as_ex,
    parts_kept_beside,
    without_held,
    write_held_notes,
)
from memory_core.learn.arbitrate import partner_keys, second_one
from memory_core.runtime.executors import Lane
from memory_core.store import conflicts as conflict_repo
from memory_core.store import facts as fact_repo
from memory_core.store.conflicts import ConflictRow
from memory_core.values import RETRIEVABLE, Fact, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.resolve")


class Choice(StrEnum):
    """What the user picked."""

    UPDATE = "update"  # the new value is right
    KEEP = "keep"  # the old value is right
    ONLY_FOR_NOW = "now"  # the new value holds for a while, then the old one again
    BOTH = "both"  # both are right: a second son, sister or dog by another name


class Outcome(StrEnum):
    """How a resolution attempt ended."""

    RESOLVED = "resolved"
    ALREADY_SETTLED = "already_settled"
    NOT_FOUND = "not_found"


@dataclass(frozen=True, slots=True)
class Conflict:
    """An open conflict with both facts, for rendering a question with buttons."""

    id: int
    user_id: str
    chat_id: str | None
    old: Fact
    new: Fact
    created_at: datetime
    expires_at: datetime
    #: The new value says the old one ended ("Ana no longer lives in Berlin."): the choices
    #: are "no longer true" (update) and "still true" (keep), never "only for now".
    ending: bool = False
    #: Another name for one of the user's people or pets ("my son is called Sam" after Leo):
    #: "both" is an answer (a second one), "only for now" is not.
    several: bool = False


@dataclass(frozen=True, slots=True)
class Resolution:
    """The result of pressing a conflict button."""

    outcome: Outcome
    choice: Choice | None = None
    kept: Fact | None = None
    dropped: Fact | None = None


async def get_conflict(ctx: Context, user_id: str, conflict_id: int) -> Conflict | None:
    """One of this user's conflicts with its facts (any status)."""
    return await ctx.lanes.read(Lane.REPLY, _conflict, user_id, conflict_id)


def _conflict(conn: Connection, user_id: str, conflict_id: int) -> Conflict | None:
    row = conflict_repo.get(conn, user_id, conflict_id)
    return _hydrate(conn, row) if row else None


def _hydrate(conn: Connection, row: ConflictRow) -> Conflict | None:
    facts = fact_repo.get_many(conn, row.user_id, [row.old_fact_id, row.new_fact_id])
    old, new = facts.get(row.old_fact_id), facts.get(row.new_fact_id)
    if old is None or new is None:
        return None
    return Conflict(
        row.id,
        row.user_id,
        row.chat_id,
        old,
        new,
        row.created_at,
        row.expires_at,
        policy.is_ending(new),
        second_one(old.key, new.key),
    )


async def open_conflicts(
    ctx: Context, user_id: str, *, unnotified_only: bool = False, lane: Lane = Lane.REPLY
) -> list[Conflict]:
    """This user's open conflicts, oldest first (read on ``lane``: a user waits, by default)."""
    return await ctx.lanes.read(lane, _open_conflicts, user_id, unnotified_only)


def _open_conflicts(conn: Connection, user_id: str, unnotified_only: bool) -> list[Conflict]:
    rows = conflict_repo.open_for_user(conn, user_id, unnotified_only=unnotified_only)
    return [c for c in (_hydrate(conn, r) for r in rows) if c is not None]


async def mark_notified(ctx: Context, user_id: str, conflict_id: int) -> None:
    """Record that the question was delivered to the user."""
    now = ctx.clock.now()
    expires = now + timedelta(days=policy.CONFLICT_TTL_DAYS)
    await ctx.lanes.write_for(
        Lane.REPLY, conflict_repo.mark_notified, user_id, conflict_id, now, expires
    )


async def resolve(ctx: Context, user_id: str, conflict_id: int, choice: Choice) -> Resolution:
    """Apply the user's choice to one of their open conflicts."""
    result = await ctx.lanes.run(Lane.REPLY, _resolve, ctx, user_id, conflict_id, choice)
    if result.outcome == Outcome.RESOLVED:
        await ctx.vectors.settle()
    return result


def _resolve(ctx: Context, user_id: str, conflict_id: int, choice: Choice) -> Resolution:
    now = ctx.clock.now()
    with ctx.db.write(users=[user_id]) as conn:
        row = conflict_repo.get(conn, user_id, conflict_id)
        if row is None or not _offered(conn, row, choice):
            return Resolution(Outcome.NOT_FOUND)
        if row.status != "open" or not conflict_repo.close(
            conn, user_id, conflict_id, "resolved", choice.value, now
        ):
            return Resolution(Outcome.ALREADY_SETTLED)
        facts = fact_repo.get_many(conn, user_id, [row.old_fact_id, row.new_fact_id])
        old, new = facts.get(row.old_fact_id), facts.get(row.new_fact_id)
        if old is None or new is None or new.status != Status.PENDING:
            return Resolution(Outcome.ALREADY_SETTLED)
        reason = f"user chose {choice.value}"
        match choice:
            case Choice.UPDATE:
                # The user's button: the new value confirmed, from when the user said it held.
                confirmed = {"confidence": policy.CONFIRMED, "decay_rate": 0.0}
                kept, dropped = _stands(ctx, conn, old, new, now, "user", reason, **confirmed)
            case Choice.KEEP:
                dropped = _rejected(ctx, conn, new, now, reason)
                kept = _confirmed(conn, user_id, old, now, reason)
            case Choice.BOTH:
                # A second one beside the first (a second son by another name): both stay,
                # confirmed; the old one is queued like a dropped one, never reported so.
                kept = _accepted(conn, user_id, new, now, reason, status=Status.ACTIVE)
                dropped = _confirmed(conn, user_id, old, now, reason)
            case Choice.ONLY_FOR_NOW:
                kept, dropped = _for_now(ctx, conn, new, now), old
        ctx.vectors.queue_fact(conn, kept)
        if dropped is not None:
            ctx.vectors.queue_fact(conn, dropped)
    log.info("conflict_resolved", user_id=user_id, conflict_id=conflict_id, choice=choice.value)
    if choice == Choice.BOTH:
        return Resolution(Outcome.RESOLVED, choice, kept)  # nothing dropped
    return Resolution(Outcome.RESOLVED, choice, kept, dropped)


def _stands(
    ctx: Context,
    conn: Connection,
    old: Fact | None,
    new: Fact,
    now: datetime,
    actor: str,
    reason: str,
    **confirmed: Any,
) -> tuple[Fact, Fact | None]:
    """The pending ``new`` value stands (the user's button, or a stated change left
    unanswered: ``actor``): ``old`` is superseded — with the notes said beside it that hold
    its value — and ``new`` takes its place from when it was said; an ending ("no longer
    true") ends ``old`` and is kept as its record. ``confirmed``: what the button adds to the
    new fact (confidence 1.0, no decay). Returns (kept, dropped)."""
    ending = policy.is_ending(new)
    dropped = old
    if old is not None and old.status in RETRIEVABLE:
        how: dict[str, Any] = {
            "event": "expired" if ending else "superseded",
            "actor": actor,
            "reason": reason,
        }
        ended = Status.EXPIRED if ending else Status.SUPERSEDED
        dropped = fact_repo.transition(
            conn, new.user_id, old, now, status=ended, valid_to=now, **how
        )
        end_its_notes(conn, new.user_id, old, dropped, now, queue=ctx.vectors.queue_fact, **how)
        if not ending and partner_keys(new.key):
            # "Single again.", "Divorciada desde …": the partner stays, as an ex.
            kept_as_ex(
                conn,
                new.user_id,
                old,
                now,
                queue=ctx.vectors.queue_fact,
                actor=actor,
                reason=reason,
            )
    settled: dict[str, Any] = (
        {"status": Status.EXPIRED, "valid_to": now}
        if ending
        # From when the user said it held ("I moved last month"), never later than now.
        else {"replaces": old, "status": Status.ACTIVE, "valid_from": min(new.valid_from, now)}
    )
    kept = fact_repo.transition(
        conn,
        new.user_id,
        new,
        now,
        event="updated",
        actor=actor,
        reason=reason,
        value_json=without_held(new),
        **settled,
        **confirmed,
    )
    if not ending:
        # The line's own words, held back while the question waited (see
        # ``arbitrate.held_with_pending``): the new value's note, from now on.
        write_held_notes(
            conn, new.user_id, new, now, queue=ctx.vectors.queue_fact, actor=actor, reason=reason
        )
    return kept, dropped


def _rejected(ctx: Context, conn: Connection, new: Fact, now: datetime, reason: str) -> Fact:
    """The user keeps the old value: the pending ``new`` is rejected, and what its line said
    beside it goes with it ("el piso tiene vistas al puerto" was about the home the user did
    not move to). Returns the rejected fact."""
    for part in parts_kept_beside(conn, new.user_id, new):
        gone = fact_repo.delete(
            conn, new.user_id, part, now, actor="user", reason=reason, event="rejected"
        )
        ctx.vectors.queue_fact(conn, gone)
    return fact_repo.delete(
        conn, new.user_id, new, now, actor="user", reason=reason, event="rejected"
    )


def _for_now(ctx: Context, conn: Connection, new: Fact, now: datetime) -> Fact:
    """The pending ``new`` value holds only for now (``ONLY_FOR_NOW_HOURS``), the notes of its
    line with it; then the old value again."""
    until = now + timedelta(hours=policy.ONLY_FOR_NOW_HOURS)
    reason = f"only for now, until {until.isoformat()}"
    kept = fact_repo.transition(
        conn,
        new.user_id,
        new,
        now,
        event="updated",
        actor="user",
        reason=reason,
        status=Status.ACTIVE,
        valid_to=until,
        decay_rate=0.0,
        value_json=without_held(new),
    )
    queue = ctx.vectors.queue_fact
    write_held_notes(
        conn, new.user_id, new, now, queue=queue, actor="user", reason=reason, valid_to=until
    )
    return kept


def _accepted(
    conn: Connection, user_id: str, new: Fact, now: datetime, reason: str, **settled: Any
) -> Fact:
    """The pending ``new`` fact taken by the user's button: confidence 1.0, protected from
    decay (``settled``: its status and what it replaces)."""
    return fact_repo.transition(
        conn,
        user_id,
        new,
        now,
        event="updated",
        actor="user",
        reason=reason,
        confidence=policy.CONFIRMED,
        decay_rate=0.0,
        **settled,
    )


def _confirmed(conn: Connection, user_id: str, fact: Fact, now: datetime, reason: str) -> Fact:
    """``fact`` confirmed by the user's button: confidence 1.0, protected from decay."""
    return fact_repo.transition(
        conn,
        user_id,
        fact,
        now,
        event="confirmed",
        actor="user",
        reason=reason,
        confidence=policy.CONFIRMED,
        decay_rate=0.0,
        last_mentioned_at=now,
    )


def _offered(conn: Connection, row: ConflictRow, choice: Choice) -> bool:
    """Whether the question offered ``choice``: never "only for now" for an ending or a second
    name, "both" only for a second name (a forged button gets "not found")."""
    pending = fact_repo.get(conn, row.user_id, row.new_fact_id)
    old = fact_repo.get(conn, row.user_id, row.old_fact_id)
    if pending is None or old is None:
        return True  # settled already: what follows says so
    several = second_one(old.key, pending.key)
    if choice == Choice.ONLY_FOR_NOW:
        return not (policy.is_ending(pending) or several)
    return several or choice != Choice.BOTH


def _said_as_a_change(conn: Connection, pending: Fact) -> bool:
    """Whether ``pending`` was asked about as a change the user said of something that
    naturally changes (``policy.STATED_CHANGE``), not an inference, a "now" or a second name."""
    return any(
        h.event == "pending" and h.reason == policy.STATED_CHANGE
        for h in fact_repo.history(conn, pending.user_id, fact_id=pending.id)
    )


def expire_due(ctx: Context) -> int:
    """Close conflicts unanswered past their expiry (the old value stays, but a change the
    user said of their home, job or plans stands: ``policy.STATED_CHANGE``) and end
    "only for now" values whose time is up; returns how many facts changed."""
    now = ctx.clock.now()
    changed = 0
    with ctx.db.write() as conn:
        for row in conflict_repo.expired_open(conn, now):
            conflict_repo.close(conn, row.user_id, row.id, "expired", "expired", now)
            new = fact_repo.get(conn, row.user_id, row.new_fact_id)
            if new is not None and new.status == Status.PENDING and _said_as_a_change(conn, new):
                # "I moved to Lisbon", unanswered: what the user said last stands (at the
                # confidence it was said with: nobody confirmed it).
                old = fact_repo.get(conn, row.user_id, row.old_fact_id)
                reason = "unanswered for 7 days: the newer statement stands"
                kept, dropped = _stands(ctx, conn, old, new, now, "system", reason)
                ctx.vectors.queue_fact(conn, kept)
                if dropped is not None:
                    ctx.vectors.queue_fact(conn, dropped)
                changed += 1
            elif new is not None and new.status == Status.PENDING:
                after = fact_repo.transition(
                    conn,
                    row.user_id,
                    new,
                    now,
                    event="expired",
                    actor="system",
                    reason="conflict unanswered for 7 days",
                    status=Status.EXPIRED,
                    valid_to=now,
                )
                ctx.vectors.queue_fact(conn, after)
                changed += 1
        for fact in fact_repo.lapsed(conn, now):
            after = fact_repo.transition(
                conn,
                fact.user_id,
                fact,
                now,
                event="expired",
                actor="system",
                reason="valid_to reached",
                status=Status.EXPIRED,
            )
            ctx.vectors.queue_fact(conn, after)
            changed += 1
    return changed
