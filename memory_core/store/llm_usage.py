"""LLM usage per UTC day, user, purpose and model (cost reports and the daily token cap), and
the day each user was told their allowance is used up.

Rows are summed by upsert inside the caller's transaction (the turn's or the job's commit, like
the event log): recording usage never costs a transaction of its own on the reply path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.db.changes import Note, note

#: The counters of one row, in column order.
COUNTERS = ("calls", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens")


@dataclass(frozen=True, slots=True)
class UsageRow:
    """One (day, user, purpose, model) total; ``user_id`` ``""`` when no user was served."""

    day: str
    user_id: str
    purpose: str
    model: str
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int

    @property
    def tokens(self) -> int:
        """Every token billed (cached ones included)."""
        return (
            self.input_tokens
            + self.output_tokens
            + self.cache_read_tokens
            + self.cache_write_tokens
        )


def add(conn: Connection, rows: Sequence[UsageRow]) -> None:
    """Add ``rows`` to the stored totals (one upsert each, in the caller's transaction)."""
    if not rows:
        return
    for r in rows:
        note(conn, Note("llm_calls", (("model", r.model),), r.calls))
        for kind, n in (
            ("input", r.input_tokens),
            ("output", r.output_tokens),
            ("cache_read", r.cache_read_tokens),
            ("cache_write", r.cache_write_tokens),
        ):
            if n:
                note(conn, Note("llm_tokens", (("model", r.model), ("type", kind)), n))
    conn.execute(
        text(
            "INSERT INTO llm_usage (day, user_id, purpose, model, calls, input_tokens, "
            "output_tokens, cache_read_tokens, cache_write_tokens) "
            "VALUES (:day, :u, :p, :m, :calls, :inp, :out, :cr, :cw) "
            "ON CONFLICT (user_id, day, purpose, model) DO UPDATE SET "
            "calls = llm_usage.calls + excluded.calls, "
            "input_tokens = llm_usage.input_tokens + excluded.input_tokens, "
            "output_tokens = llm_usage.output_tokens + excluded.output_tokens, "
            "cache_read_tokens = llm_usage.cache_read_tokens + excluded.cache_read_tokens, "
            "cache_write_tokens = llm_usage.cache_write_tokens + excluded.cache_write_tokens"
        ),
        [
            {
                "day": r.day,
                "u": r.user_id,
                "p": r.purpose,
                "m": r.model,
                "calls": r.calls,
                "inp": r.input_tokens,
                "out": r.output_tokens,
                "cr": r.cache_read_tokens,
                "cw": r.cache_write_tokens,
            }
            for r in rows
        ],
    )


def tokens_on(conn: Connection, user_id: str, day: str) -> int:
    """Every token billed for ``user_id`` on ``day`` (all purposes and models)."""
    value = conn.execute(
        text(
            "SELECT COALESCE(SUM(input_tokens + output_tokens + cache_read_tokens "
            "+ cache_write_tokens), 0) FROM llm_usage WHERE user_id = :u AND day = :d"
        ),
        {"u": user_id, "d": day},
    ).scalar()
    return int(value or 0)


def between(conn: Connection, first_day: str, last_day: str) -> list[UsageRow]:
    """Rows of ``first_day <= day <= last_day`` (ISO dates), by day, user, purpose, model."""
    found = conn.execute(
        text(
            "SELECT day, user_id, purpose, model, calls, input_tokens, output_tokens, "
            "cache_read_tokens, cache_write_tokens FROM llm_usage "
            "WHERE day >= :a AND day <= :b ORDER BY day, user_id, purpose, model"
        ),
        {"a": first_day, "b": last_day},
    ).all()
    return [UsageRow(*r) for r in found]


def claim_notice(conn: Connection, user_id: str, day: str, now: datetime) -> bool:
    """Record that ``user_id`` is told today's allowance is used up; ``False`` when they were
    told already on ``day``."""
    result = conn.execute(
        text(
            "INSERT INTO llm_cap_notices (user_id, day, noticed_at) VALUES (:u, :d, :t) "
            "ON CONFLICT (user_id, day) DO NOTHING"
        ),
        {"u": user_id, "d": day, "t": to_ts(now)},
    )
    return bool(result.rowcount)
