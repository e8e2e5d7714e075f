"""Relations between one user's facts (seed 003 §2): read side for the retrieval boost."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, bindparam, text


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
