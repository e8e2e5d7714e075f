"""Materialised profiles, one row per user, and the turn counter that schedules their rebuild."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """A stored profile: its JSON, the facts it projects, and when/at which state it was built."""

    data: dict[str, Any]
    fact_ids: tuple[int, ...]
    rev: int
    turns: int
    built_at: datetime


def get(conn: Connection, user_id: str) -> ProfileRow | None:
    """This user's stored profile, if one was built."""
    row = conn.execute(
        text(
            "SELECT profile_json, fact_ids, rev, turns, built_at FROM profiles WHERE user_id = :u"
        ),
        {"u": user_id},
    ).first()
    if row is None:
        return None
    built = from_ts(row[4])
    assert built
    ids = tuple(int(i) for i in json.loads(row[1]))
    return ProfileRow(dict(json.loads(row[0])), ids, int(row[2]), int(row[3]), built)


def save(
    conn: Connection,
    user_id: str,
    data: dict[str, Any],
    fact_ids: list[int],
    rev: int,
    turns: int,
    now: datetime,
) -> None:
    """Store (replace) this user's profile."""
    conn.execute(
        text(
            "INSERT INTO profiles (user_id, profile_json, fact_ids, rev, turns, built_at) "
            "VALUES (:u, :p, :ids, :rev, :turns, :ts) ON CONFLICT(user_id) DO UPDATE SET "
            "profile_json = excluded.profile_json, fact_ids = excluded.fact_ids, "
            "rev = excluded.rev, turns = excluded.turns, built_at = excluded.built_at"
        ),
        {
            "u": user_id,
            "p": json.dumps(data, ensure_ascii=False),
            "ids": json.dumps(fact_ids),
            "rev": rev,
            "turns": turns,
            "ts": to_ts(now),
        },
    )


def turn_count(conn: Connection, user_id: str) -> int:
    """How many turns of this user were ever observed (the outbox keeps one row per turn)."""
    return int(
        conn.execute(
            text("SELECT COUNT(*) FROM outbox WHERE user_id = :u"), {"u": user_id}
        ).scalar_one()
    )
