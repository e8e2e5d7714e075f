"""Sessions: one user's conversation in one chat, ended by silence or ``/new``."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Connection, text

from memory_core.clock import to_ts


def current(
    conn: Connection,
    user_id: str,
    chat_id: str,
    now: datetime,
    silence: timedelta,
    *,
    force_new: bool = False,
) -> tuple[int, bool]:
    """The session this turn belongs to, opening a new one after ``silence`` or on request;
    returns (session id, whether it is new). Counts the turn."""
    ts = to_ts(now)
    row = conn.execute(
        text(
            "SELECT id, last_seen, closed_at FROM sessions WHERE user_id = :u AND chat_id = :c "
            "ORDER BY id DESC LIMIT 1"
        ),
        {"u": user_id, "c": chat_id},
    ).first()
    if (
        row is not None
        and not force_new
        and row[2] is None
        and ts - float(row[1]) <= silence.total_seconds()
    ):
        conn.execute(
            text("UPDATE sessions SET last_seen = :ts, turns = turns + 1 WHERE id = :id"),
            {"ts": max(ts, float(row[1])), "id": row[0]},
        )
        return int(row[0]), False
    if row is not None and row[2] is None:
        conn.execute(
            text("UPDATE sessions SET closed_at = :ts WHERE id = :id"), {"ts": ts, "id": row[0]}
        )
    sid = conn.execute(
        text(
            "INSERT INTO sessions (user_id, chat_id, first_seen, last_seen, turns) "
            "VALUES (:u, :c, :ts, :ts, 1) RETURNING id"
        ),
        {"u": user_id, "c": chat_id, "ts": ts},
    ).scalar_one()
    return int(sid), True


def close_current(conn: Connection, user_id: str, chat_id: str, now: datetime) -> None:
    """End the user's open session in this chat (``/new``)."""
    conn.execute(
        text(
            "UPDATE sessions SET closed_at = :ts WHERE user_id = :u AND chat_id = :c "
            "AND closed_at IS NULL"
        ),
        {"u": user_id, "c": chat_id, "ts": to_ts(now)},
    )
