"""Weekly reflection posts: who is due one, what was saved, and what still waits to be posted."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Row, text

from memory_core.clock import from_ts, to_ts


@dataclass(frozen=True, slots=True)
class PostRow:
    """One saved reflection and its delivery state."""

    id: int
    user_id: str
    fact_id: int
    text: str
    chat_id: str | None
    created_at: datetime
    posted_at: datetime | None
    feedback: str | None


def due_users(
    conn: Connection,
    *,
    new_since: datetime,
    last_before: datetime,
    min_facts: int,
    limit: int,
    user_id: str | None = None,
    settled_before: datetime | None = None,
) -> list[str]:
    """Users with reflections on and a private chat, at least ``min_facts`` facts created since
    ``new_since`` and since their last reflection (what it said was new is not new again),
    no reflection saved after ``last_before``, and (with ``settled_before``) whose first fact
    was told by then: a new user's first reflection waits for their first full week."""
    settled = (
        "AND (SELECT MIN(f0.created_at) FROM facts f0 WHERE f0.user_id = s.user_id "
        "AND f0.kind = 'fact') <= :settled "
        if settled_before is not None
        else ""
    )
    cond = " AND s.user_id = :u" if user_id else ""
    rows = conn.execute(
        text(
            "SELECT s.user_id FROM user_settings s WHERE s.reflections = 1 "
            f"AND s.private_chat IS NOT NULL{cond} {settled}"
            "AND (SELECT COUNT(*) FROM facts f WHERE f.user_id = s.user_id AND f.kind = 'fact' "
            "AND f.status != 'deleted' AND f.created_at >= :since AND f.created_at >= "
            "COALESCE((SELECT MAX(p.created_at) FROM reflection_posts p "
            "WHERE p.user_id = s.user_id), 0)) >= :min "
            "AND NOT EXISTS (SELECT 1 FROM reflection_posts p WHERE p.user_id = s.user_id "
            "AND p.created_at > :last) ORDER BY s.user_id LIMIT :lim"
        ),
        {
            "since": to_ts(new_since),
            "last": to_ts(last_before),
            "settled": to_ts(settled_before) if settled_before is not None else None,
            "min": min_facts,
            "lim": limit,
            "u": user_id,
        },
    ).all()
    return [str(r[0]) for r in rows]


def last_saved(conn: Connection, user_id: str) -> datetime | None:
    """When this user's last reflection was saved (``None``: never)."""
    value = conn.execute(
        text("SELECT MAX(created_at) FROM reflection_posts WHERE user_id = :u"), {"u": user_id}
    ).scalar_one()
    return from_ts(value)


def first_fact_at(conn: Connection, user_id: str) -> datetime | None:
    """When this user's first fact was told (``None``: none yet): the start of what their
    first reflection may cover."""
    value = conn.execute(
        text("SELECT MIN(created_at) FROM facts WHERE user_id = :u AND kind = 'fact'"),
        {"u": user_id},
    ).scalar_one()
    return from_ts(value)


def add(conn: Connection, user_id: str, fact_id: int, chat_id: str | None, now: datetime) -> int:
    """Record a saved reflection (not posted yet); returns the post id."""
    return int(
        conn.execute(
            text(
                "INSERT INTO reflection_posts (user_id, fact_id, chat_id, created_at) "
                "VALUES (:u, :f, :c, :ts) RETURNING id"
            ),
            {"u": user_id, "f": fact_id, "c": chat_id, "ts": to_ts(now)},
        ).scalar_one()
    )


_COLS = "p.id, p.user_id, p.fact_id, f.value_text, p.chat_id, p.created_at, p.posted_at, p.feedback"


def _row(r: Row[Any]) -> PostRow:
    m = tuple(r)
    created = from_ts(m[5])
    assert created
    return PostRow(m[0], m[1], m[2], m[3], m[4], created, from_ts(m[6]), m[7])


def unposted(
    conn: Connection, since: datetime, limit: int, user_id: str | None = None
) -> list[PostRow]:
    """Reflections saved after ``since`` and not posted yet, whose fact still exists."""
    cond = " AND p.user_id = :u" if user_id else ""
    rows = conn.execute(
        text(
            f"SELECT {_COLS} FROM reflection_posts p JOIN facts f ON f.id = p.fact_id "
            f"AND f.user_id = p.user_id WHERE p.posted_at IS NULL AND p.created_at > :since"
            f" AND f.status = 'active'{cond} ORDER BY p.id LIMIT :lim"
        ),
        {"since": to_ts(since), "lim": limit, "u": user_id},
    ).all()
    return [_row(r) for r in rows]


def get(conn: Connection, user_id: str, post_id: int) -> PostRow | None:
    """One of this user's posts."""
    row = conn.execute(
        text(
            f"SELECT {_COLS} FROM reflection_posts p JOIN facts f ON f.id = p.fact_id "
            "AND f.user_id = p.user_id WHERE p.user_id = :u AND p.id = :id"
        ),
        {"u": user_id, "id": post_id},
    ).first()
    return _row(row) if row else None


def mark_posted(conn: Connection, user_id: str, post_id: int, chat_id: str, now: datetime) -> None:
    """Record the delivery."""
    conn.execute(
        text(
            "UPDATE reflection_posts SET posted_at = :ts, chat_id = :c "
            "WHERE user_id = :u AND id = :id"
        ),
        {"u": user_id, "id": post_id, "c": chat_id, "ts": to_ts(now)},
    )


def set_feedback(conn: Connection, user_id: str, post_id: int, feedback: str) -> bool:
    """Record the user's button answer once; ``False`` if already answered."""
    result = conn.execute(
        text(
            "UPDATE reflection_posts SET feedback = :fb WHERE user_id = :u AND id = :id "
            "AND feedback IS NULL"
        ),
        {"u": user_id, "id": post_id, "fb": feedback},
    )
    return bool(result.rowcount)
