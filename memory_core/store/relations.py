"""Relations between one user's facts (seed 003 §2): added when a fact is learned, read for the
retrieval boost."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import to_ts


def add(
    conn: Connection, user_id: str, from_id: int, to_id: int, strength: float, now: datetime
) -> None:
    """Relate two of this user's facts (an existing edge is kept as it is)."""
    conn.execute(
        text(
            "INSERT INTO relations (user_id, from_id, to_id, strength, created_at) "
            "VALUES (:u, :a, :b, :s, :ts) ON CONFLICT DO NOTHING"
        ),
        {"u": user_id, "a": from_id, "b": to_id, "s": strength, "ts": to_ts(now)},
    )


def strongest_within(conn: Connection, user_id: str, ids: Sequence[int]) -> dict[int, float]:
    """For each of ``ids``, the strongest relation it has to another of ``ids``."""
    if len(ids) < 2:
        return {}
    stmt = text(
        "SELECT from_id, to_id, strength FROM relations WHERE user_id = :u "
        "AND from_id IN :ids AND to_id IN :ids"
    ).bindparams(bindparam("ids", expanding=True))
    best: dict[int, float] = {}
    for a, b, strength in conn.execute(stmt, {"u": user_id, "ids": list(ids)}):
        for item in (int(a), int(b)):
            best[item] = max(best.get(item, 0.0), float(strength))
    return best
