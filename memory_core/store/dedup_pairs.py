"""Daily dedup SQL: users with candidates, stored fact vectors, and pair fingerprints."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import to_ts
from memory_core.embed import Vectors
from memory_core.store import vectors as vector_repo


def users_with_candidates(
    conn: Connection, recent_since: datetime, limit: int, user_id: str | None = None
) -> list[str]:
    """Users with recent, important or retrieved active facts (the candidate pool's owners)."""
    cond = " AND user_id = :u" if user_id else ""
    rows = conn.execute(
        text(
            "SELECT DISTINCT user_id FROM facts WHERE status = 'active' AND kind = 'fact' "
            f"AND (updated_at >= :since OR importance >= 3 OR access_count > 0){cond} "
            "ORDER BY user_id LIMIT :lim"
        ),
        {"since": to_ts(recent_since), "lim": limit, "u": user_id},
    ).all()
    return [str(r[0]) for r in rows]


def access_decile(conn: Connection, user_id: str) -> int:
    """The access count that puts an active fact in this user's top decile (≥ 1)."""
    total = int(
        conn.execute(
            text("SELECT COUNT(*) FROM facts WHERE user_id = :u AND status = 'active'"),
            {"u": user_id},
        ).scalar_one()
    )
    value = conn.execute(
        text(
            "SELECT access_count FROM facts WHERE user_id = :u AND status = 'active' "
            "ORDER BY access_count DESC LIMIT 1 OFFSET :off"
        ),
        {"u": user_id, "off": total // 10},
    ).scalar()
    return max(1, int(value or 0))


def fact_vector(conn: Connection, fact_id: int) -> Vectors | None:
    """One fact's stored vector (``None`` if it has none yet)."""
    return vector_repo.stored_vector(conn, "facts", fact_id)


def recently_checked(
    conn: Connection, user_id: str, fingerprints: Iterable[str], since: datetime
) -> set[str]:
    """Which of these pair fingerprints were checked after ``since``."""
    fps = list(dict.fromkeys(fingerprints))
    if not fps:
        return set()
    stmt = text(
        "SELECT fingerprint FROM dedup_checks WHERE user_id = :u AND checked_at > :since "
        "AND fingerprint IN :fps"
    ).bindparams(bindparam("fps", expanding=True))
    rows = conn.execute(stmt, {"u": user_id, "since": to_ts(since), "fps": fps}).all()
    return {str(r[0]) for r in rows}


def record_checks(
    conn: Connection, user_id: str, verdicts: Sequence[tuple[str, bool]], now: datetime
) -> None:
    """Remember each checked pair's fingerprint and verdict (replacing an older check)."""
    for fingerprint, same in verdicts:
        conn.execute(
            text(
                "INSERT INTO dedup_checks (user_id, fingerprint, verdict, checked_at) "
                "VALUES (:u, :f, :v, :ts) ON CONFLICT(user_id, fingerprint) DO UPDATE SET "
                "verdict = excluded.verdict, checked_at = excluded.checked_at"
            ),
            {
                "u": user_id,
                "f": fingerprint,
                "v": "same" if same else "different",
                "ts": to_ts(now),
            },
        )
