"""What consolidation reads and marks: ended sessions, their user turns in pages, known values."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts
from memory_core.store.episodes import FORGOTTEN


@dataclass(frozen=True, slots=True)
class SessionRef:
    """One conversation of one user in one chat."""

    id: int
    user_id: str
    chat_id: str
    first_seen: datetime
    last_seen: datetime
    consolidated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class UserTurn:
    """One user episode of a session (what consolidation reads)."""

    id: int
    text: str
    time: datetime
    speaker: str | None


_SESSION_COLS = "id, user_id, chat_id, first_seen, last_seen, consolidated_at"


def _session(r: object) -> SessionRef:
    m = r._mapping  # type: ignore[attr-defined]
    first, last = from_ts(m["first_seen"]), from_ts(m["last_seen"])
    assert first and last
    return SessionRef(
        m["id"], m["user_id"], m["chat_id"], first, last, from_ts(m["consolidated_at"])
    )


def pending(
    conn: Connection,
    ended_before: datetime,
    *,
    user_id: str | None = None,
    followed_only: bool = False,
    limit: int = 100,
) -> list[SessionRef]:
    """Unconsolidated sessions that have ended (closed, or silent since ``ended_before``),
    oldest first; ``followed_only``: only those the user has since started a newer one after."""
    conds = ["s.consolidated_at IS NULL", "(s.closed_at IS NOT NULL OR s.last_seen <= :ended)"]
    if user_id is not None:
        conds.append("s.user_id = :u")
    if followed_only:
        conds.append(
            "EXISTS (SELECT 1 FROM sessions n WHERE n.user_id = s.user_id AND n.id > s.id)"
        )
    rows = conn.execute(
        text(
            f"SELECT {_SESSION_COLS} FROM sessions s WHERE {' AND '.join(conds)} "
            "ORDER BY s.id LIMIT :lim"
        ),
        {"ended": to_ts(ended_before), "u": user_id, "lim": limit},
    ).all()
    return [_session(r) for r in rows]


def get(conn: Connection, session_id: int) -> SessionRef | None:
    """One session by id."""
    row = conn.execute(
        text(f"SELECT {_SESSION_COLS} FROM sessions WHERE id = :id"), {"id": session_id}
    ).first()
    return _session(row) if row else None


def user_turns(conn: Connection, session: SessionRef, after_id: int, limit: int) -> list[UserTurn]:
    """The next page of the session's user turns (keyset on episode id); turns observed while
    learning was paused, and turns blanked by a forget, are left out."""
    rows = conn.execute(
        text(
            "SELECT e.id, e.text, e.created_at, e.speaker FROM episodes e "
            "LEFT JOIN outbox o ON o.turn_id = e.turn_id "
            "WHERE e.user_id = :u AND e.session_id = :s AND e.role = 'user' AND e.id > :after "
            "AND e.text != :forgotten AND COALESCE(o.learn, 1) = 1 ORDER BY e.id LIMIT :lim"
        ),
        {
            "u": session.user_id,
            "s": str(session.id),
            "after": after_id,
            "lim": limit,
            "forgotten": FORGOTTEN,
        },
    ).all()
    out = []
    for r in rows:
        when = from_ts(r[2])
        assert when
        out.append(UserTurn(int(r[0]), str(r[1]), when, r[3]))
    return out


def mark_consolidated(conn: Connection, session_id: int, now: datetime) -> bool:
    """Record completion; ``False`` if it was already marked (a concurrent or earlier run)."""
    result = conn.execute(
        text(
            "UPDATE sessions SET consolidated_at = :now WHERE id = :id AND consolidated_at IS NULL"
        ),
        {"id": session_id, "now": to_ts(now)},
    )
    return bool(result.rowcount)


def keys_changed_since(conn: Connection, user_id: str, since: datetime) -> set[str]:
    """Keys of this user's facts changed after ``since`` by anyone but a consolidation (the
    observer, the user, a job): the store knows newer things about them."""
    rows = conn.execute(
        text(
            "SELECT DISTINCT f.key FROM fact_history h JOIN facts f ON f.id = h.fact_id "
            "WHERE h.user_id = :u AND h.ts > :ts AND h.actor != 'consolidator'"
        ),
        {"u": user_id, "ts": to_ts(since)},
    ).all()
    return {str(r[0]) for r in rows}


def values_by_key(
    conn: Connection, user_id: str, keys: list[str]
) -> dict[str, list[tuple[str, str]]]:
    """(status, value_text) of every fact of this user with one of ``keys``, any status."""
    out: dict[str, list[tuple[str, str]]] = {k: [] for k in keys}
    for key in keys:
        rows = conn.execute(
            text("SELECT status, value_text FROM facts WHERE user_id = :u AND key = :k"),
            {"u": user_id, "k": key},
        ).all()
        out[key] = [(str(r[0]), str(r[1])) for r in rows]
    return out


def live_texts(conn: Connection, user_id: str, limit: int = 5000) -> list[str]:
    """The texts of this user's retrievable facts (for near-duplicate checks)."""
    rows = conn.execute(
        text(
            "SELECT value_text FROM facts WHERE user_id = :u AND kind = 'fact' "
            "AND status IN ('active','pending_confirmation') ORDER BY id DESC LIMIT :lim"
        ),
        {"u": user_id, "lim": limit},
    ).all()
    return [str(r[0]) for r in rows]
