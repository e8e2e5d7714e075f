"""Remember one fact inside the caller's write transaction: the write ``/remember`` and an
import share (an identical active fact is refreshed instead of duplicated)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

import structlog
from sqlalchemy import Connection

from memory_core.db.changes import log_key
from memory_core.extract.sensitive import redact
from memory_core.extract.sensitivity import classified
from memory_core.store import facts as fact_repo
from memory_core.text import procedures
from memory_core.text.cleaning import MAX_FACT_CHARS, clean_text, key_for
from memory_core.values import RETRIEVABLE, SENSITIVE_CATEGORIES, Category, Fact, NewFact

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core")


def remember_in(
    ctx: Context,
    conn: Connection,
    user_id: str,
    new: NewFact,
    actor: str,
    reason: str | None,
    now: datetime,
    same: Callable[[str, str], Sequence[Fact]] | None = None,
) -> Fact:
    """``Memory.remember`` inside the caller's write transaction. ``same(key, value)``: the
    retrievable facts that may hold the same value (default: every one with the key; an
    import passes an index it keeps, since a key shared by thousands of lines made that
    query quadratic)."""
    value = clean_text(new.value_text, limit=MAX_FACT_CHARS)
    key = new.key.strip() or (
        procedures.key_for(redact(value))  # a procedure line of an edited MEMORY.md
        if new.category == Category.PROCEDURAL
        else key_for(redact(value))  # a key never spells a secret
    )
    category, sensitive = classified(new.category, new.sensitive, value)
    new = replace(new, category=category, sensitive=sensitive)
    candidates = (
        same(key, value) if same is not None else fact_repo.by_key(conn, user_id, key, RETRIEVABLE)
    )
    for existing in candidates:
        if existing.value_text.casefold() == value.casefold():
            return fact_repo.transition(
                conn,
                user_id,
                existing,
                now,
                event="mentioned",
                actor=actor,
                reason=reason,
                turn_id=new.source_turn_id,
                confidence=max(existing.confidence, new.confidence),
                last_mentioned_at=now,
                mention_count=existing.mention_count + 1,
            )
    fact = fact_repo.create(
        conn,
        user_id,
        replace(new, key=key, value_text=value),
        now,
        actor=actor,
        reason=reason,
        turn_id=new.source_turn_id,
    )
    ctx.vectors.queue_fact(conn, fact)
    log.info(
        "fact_created",
        user_id=user_id,
        fact_id=fact.id,
        key=log_key(fact.key, private=fact.sensitive or fact.category in SENSITIVE_CATEGORIES),
        category=fact.category.value,
        actor=actor,
    )
    return fact
