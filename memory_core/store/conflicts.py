"""Conflicts waiting for the user's decision, scoped to one ``user_id``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts
from memory_core.db.changes import Note, note


@dataclass(frozen=True, slots=True)
class ConflictRow:
    """One conflict between a stored fact and a newer, pending value."""

    id: int
    user_id: str
    chat_id: str | None
    old_fact_id: int
    new_fact_id: int
    status: str
    resolution: str | None
    created_at: datetime
    expires_at: datetime
    notified_at: datetime | None


_COLS = (
    "id, user_id, chat_id, old_fact_id, new_fact_id, status, resolution, created_at, "
    "expires_at, notified_at"
)


def _row(r: object) -> ConflictRow:
    m = r._mapping  # type: ignore[attr-defined]
    created, expires = from_ts(m["created_at"]), from_ts(m["expires_at"])
    assert created and expires
    return ConflictRow(
        m["id"],
        m["user_id"],
        m["chat_id"],
        m["old_fact_id"],
        m["new_fact_id"],
        m["status"],
        m["resolution"],
        created,
        expires,
        from_ts(m["notified_at"]),
    )


def open_conflict(
    conn: Connection,
    user_id: str,
    chat_id: str | None,
    old_id: int,
    new_id: int,
    now: datetime,
    expires: datetime,
) -> int:
    """Record a new open conflict and return its id."""
    note(conn, Note("conflicts_asked"))
    return int(
        conn.execute(
            text(
                "INSERT INTO conflicts (user_id, chat_id, old_fact_id, new_fact_id, created_at, "
                "expires_at) VALUES (:u, :c, :o, :n, :now, :exp) RETURNING id"
            ),
            {
                "u": user_id,
                "c": chat_id,
                "o": old_id,
                "n": new_id,
                "now": to_ts(now),
                "exp": to_ts(expires),
            },
        ).scalar_one()
    )


def get(conn: Connection, user_id: str, conflict_id: int) -> ConflictRow | None:
    """One of this user's conflicts."""
    r = conn.execute(
        text(f"SELECT {_COLS} FROM conflicts WHERE user_id = :u AND id = :id"),
        {"u": user_id, "id": conflict_id},
    ).first()
    return _row(r) if r else None


def open_for_user(
    conn: Connection, user_id: str, *, unnotified_only: bool = False
) -> list[ConflictRow]:
    """This user's open conflicts, oldest first."""
    cond = " AND notified_at IS NULL" if unnotified_only else ""
    rows = conn.execute(
        text(
            f"SELECT {_COLS} FROM conflicts WHERE user_id = :u AND status = 'open'{cond} "
            "ORDER BY id"
        ),
        {"u": user_id},
    ).all()
    return [_row(r) for r in rows]


def mark_notified(
    conn: Connection, user_id: str, conflict_id: int, now: datetime, expires_at: datetime
) -> None:
    """Remember that the user has been asked about this conflict: its time to answer starts
    now (a question that never reached them does not expire)."""
    conn.execute(
        text(
            "UPDATE conflicts SET notified_at = :now, expires_at = :exp "
            "WHERE user_id = :u AND id = :id AND notified_at IS NULL"
        ),
        {"u": user_id, "id": conflict_id, "now": to_ts(now), "exp": to_ts(expires_at)},
    )


def close(
    conn: Connection, user_id: str, conflict_id: int, status: str, resolution: str, now: datetime
) -> bool:
    """Close an open conflict; ``False`` if it was not open (already settled)."""
    result = conn.execute(
        text(
            "UPDATE conflicts SET status = :st, resolution = :res, resolved_at = :now "
            "WHERE user_id = :u AND id = :id AND status = 'open'"
        ),
        {"u": user_id, "id": conflict_id, "st": status, "res": resolution, "now": to_ts(now)},
    )
    if not result.rowcount:
        return False
    if status == "resolved":  # the user answered (expired ones were not)
        note(conn, Note("conflicts_answered", (("choice", resolution),)))
    return True


def expired_open(conn: Connection, now: datetime, limit: int = 500) -> list[ConflictRow]:
    """Open conflicts asked and unanswered past their expiry, across users (for the expiry
    job, which then acts on each one scoped to its own user)."""
    rows = conn.execute(
        text(
            f"SELECT {_COLS} FROM conflicts WHERE status = 'open' AND expires_at <= :now "
            "AND notified_at IS NOT NULL "
            "ORDER BY id LIMIT :lim"
        ),
        {"now": to_ts(now), "lim": limit},
    ).all()
    return [_row(r) for r in rows]


def reopen_resolved_at(conn: Connection, user_id: str, resolved_ts: float) -> int | None:
    """Re-open the user's conflict settled at ``resolved_ts`` (epoch seconds; its choice was
    undone, or what its expiry did), to be asked again; returns its id, or ``None`` when none
    was settled then."""
    row = conn.execute(
        text(
            "UPDATE conflicts SET status = 'open', resolution = NULL, resolved_at = NULL, "
            "notified_at = NULL WHERE user_id = :u AND status IN ('resolved', 'expired') "
            "AND resolved_at = :ts RETURNING id"
        ),
        {"u": user_id, "ts": resolved_ts},
    ).first()
    return None if row is None else int(row[0])
