"""Insights SQL: who is due one, and the recent words an insight is drawn from."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts


def due_users(
    conn: Connection,
    *,
    active_since: datetime,
    last_before: datetime,
    min_turns: int,
    limit: int,
    user_id: str | None = None,
) -> list[str]:
    """Users with at least ``min_turns`` turns of their own since ``active_since``, learning
    not paused, and no insight (in any status: a forgotten one counts) after ``last_before``."""
    cond = " AND e.user_id = :u" if user_id else ""
    rows = conn.execute(
        text(
            "SELECT e.user_id FROM episodes e WHERE e.role = 'user' "
            f"AND e.created_at >= :since{cond} "
            "AND NOT EXISTS (SELECT 1 FROM user_settings s WHERE s.user_id = e.user_id "
            "AND s.paused = 1) "
            "AND NOT EXISTS (SELECT 1 FROM facts f WHERE f.user_id = e.user_id "
            "AND f.kind = 'insight' AND f.created_at > :last) "
            "GROUP BY e.user_id HAVING COUNT(*) >= :min ORDER BY e.user_id LIMIT :lim"
        ),
        {
            "since": to_ts(active_since),
            "last": to_ts(last_before),
            "min": min_turns,
            "lim": limit,
            "u": user_id,
        },
    ).all()
    return [str(r[0]) for r in rows]


def recent_user_words(conn: Connection, user_id: str, since: datetime, limit: int) -> list[str]:
    """The user's own turns since ``since`` (stored redacted: no secret in them), oldest
    first, at most the latest ``limit``."""
    rows = conn.execute(
        text(
            "SELECT text FROM episodes WHERE user_id = :u AND role = 'user' "
            "AND created_at >= :since ORDER BY created_at DESC, id DESC LIMIT :lim"
        ),
        {"u": user_id, "since": to_ts(since), "lim": limit},
    ).all()
    return [str(r[0]) for r in reversed(rows)]
