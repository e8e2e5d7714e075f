"""Relations between one user's facts (seed 003 §2): added when a fact is learned, read for the
retrieval boost."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import to_ts


def add(
    conn: Connection, user_id: str, from_id: int, to_id: int, strength: float, now: datetime
) -> bool:
    """Relate two of this user's facts (an existing edge is kept as it is); True when the
    edge is new."""
    result = conn.execute(
        text(
            "INSERT INTO relations (user_id, from_id, to_id, strength, created_at) "
            # RETURNING, not the row count: in a batched write a blind INSERT has none.
            "VALUES (:u, :a, :b, :s, :ts) ON CONFLICT DO NOTHING RETURNING id"
        ),
        {"u": user_id, "a": from_id, "b": to_id, "s": strength, "ts": to_ts(now)},
    )
    return result.first() is not None


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


def related(
    conn: Connection, user_id: str, ids: Sequence[int], min_strength: float, per_item: int
) -> dict[int, list[tuple[int, float]]]:
    """For each of ``ids``, its strongest relations (either direction) to any of the user's
    facts — not only to ``ids`` — at ``min_strength`` or more, at most ``per_item``:
    ``{id: [(other id, strength), …]}``, strongest first."""
    if not ids:
        return {}
    stmt = text(
        "SELECT from_id, to_id, strength FROM relations WHERE user_id = :u "
        "AND strength >= :s AND (from_id IN :ids OR to_id IN :ids) "
        "ORDER BY strength DESC, from_id, to_id"
    ).bindparams(bindparam("ids", expanding=True))
    wanted = set(ids)
    out: dict[int, list[tuple[int, float]]] = {}
    for a, b, strength in conn.execute(stmt, {"u": user_id, "s": min_strength, "ids": list(ids)}):
        for item, other in ((int(a), int(b)), (int(b), int(a))):
            if item not in wanted:
                continue
            mine = out.setdefault(item, [])
            if len(mine) < per_item and all(o != other for o, _ in mine):
                mine.append((other, float(strength)))
    return out
