"""Sessions: one user's conversation in one chat, ended by silence or ``/new``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.store.rows import sql


@dataclass(frozen=True, slots=True)
class Latest:
    """A user's latest session in one chat, as a turn's commit finds it."""

    id: int
    last_seen: float
    closed_at: float | None


#: The latest session of ``:u`` in ``:c`` (a turn's commit reads it with its other reads).
LATEST_SQL = (
    "SELECT id, last_seen, closed_at FROM sessions WHERE user_id = :u AND chat_id = :c "
    "ORDER BY id DESC LIMIT 1"
)


def advance(
    conn: Connection,
    user_id: str,
    chat_id: str,
    latest: Latest | None,
    now: datetime,
    silence: timedelta,
    *,
    force_new: bool = False,
) -> int:
    """The session this turn belongs to, given the chat's ``latest``: it goes on, or (after
    ``silence``, on request, or when closed) it is closed and a new one opens. Counts the turn;
    returns the session's id. Going on writes blind (nothing to wait for in a batch)."""
    ts = to_ts(now)
    if (
        latest is not None
        and not force_new
        and latest.closed_at is None
        and ts - latest.last_seen <= silence.total_seconds()
    ):
        conn.execute(
            sql("UPDATE sessions SET last_seen = :ts, turns = turns + 1 WHERE id = :id"),
            {"ts": max(ts, latest.last_seen), "id": latest.id},
        )
        return latest.id
    if latest is not None and latest.closed_at is None:
        conn.execute(
            text("UPDATE sessions SET closed_at = :ts WHERE id = :id"), {"ts": ts, "id": latest.id}
        )
    sid = conn.execute(
        text(
            "INSERT INTO sessions (user_id, chat_id, first_seen, last_seen, turns) "
            "VALUES (:u, :c, :ts, :ts, 1) RETURNING id"
        ),
        {"u": user_id, "c": chat_id, "ts": ts},
    ).scalar_one()
    return int(sid)


def close_current(conn: Connection, user_id: str, chat_id: str, now: datetime) -> None:
    """End the user's open session in this chat (``/new``)."""
    conn.execute(
        text(
            "UPDATE sessions SET closed_at = :ts WHERE user_id = :u AND chat_id = :c "
            "AND closed_at IS NULL"
        ),
        {"u": user_id, "c": chat_id, "ts": to_ts(now)},
    )
