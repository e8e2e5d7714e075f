"""Idempotency keys of applied decisions: ``(turn_id, key, action_hash)``, claimed once."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts


def claim(
    conn: Connection, user_id: str, turn_id: str, key: str, action_hash: str, now: datetime
) -> bool:
    """Record that this action is applied; ``False`` if it already was (a replayed turn)."""
    result = conn.execute(
        text(
            "INSERT INTO applied_actions (turn_id, key, action_hash, user_id, ts) "
            "VALUES (:t, :k, :h, :u, :ts) ON CONFLICT DO NOTHING"
        ),
        {"t": turn_id, "k": key, "h": action_hash, "u": user_id, "ts": to_ts(now)},
    )
    return bool(result.rowcount)


def claimed(conn: Connection, turn_id: str) -> set[tuple[str, str]]:
    """The ``(key, action_hash)`` of every action of this turn applied already (read once, so
    each claim after it is a blind write: the caller holds the user's write lock)."""
    rows = conn.execute(
        # The turn's every claim, whoever's: a key taken is taken (as the insert's conflict).
        text("SELECT key, action_hash FROM applied_actions WHERE turn_id = :t"),
        {"t": turn_id},
    )
    return {(str(k), str(h)) for k, h in rows}


def record(
    conn: Connection, user_id: str, turn_id: str, key: str, action_hash: str, now: datetime
) -> None:
    """Record an action as applied, known not to be yet (:func:`claimed`): no result to wait
    for, so a batched write sends it with the commit."""
    conn.execute(
        text(
            "INSERT INTO applied_actions (turn_id, key, action_hash, user_id, ts) "
            "VALUES (:t, :k, :h, :u, :ts) ON CONFLICT DO NOTHING"
        ),
        {"t": turn_id, "k": key, "h": action_hash, "u": user_id, "ts": to_ts(now)},
    )


def delivered(conn: Connection, turn_id: str) -> bool:
    """Whether a delivery mark (``claim(..., "delivery", "command", ...)``) for ``turn_id`` is
    kept."""
    row = conn.execute(
        text(
            "SELECT 1 FROM applied_actions WHERE turn_id = :t AND key = 'delivery' "
            "AND action_hash = 'command'"
        ),
        {"t": turn_id},
    ).first()
    return row is not None


def forget_deliveries_before(conn: Connection, before: datetime, limit: int) -> int:
    """Delete up to ``limit`` delivery marks made before ``before`` (past any redelivery by
    the platform, past any page link's or page session's life), oldest first; how many."""
    res = conn.execute(
        text(
            "DELETE FROM applied_actions WHERE key = 'delivery' AND action_hash = 'command' "
            "AND turn_id IN (SELECT turn_id FROM applied_actions WHERE key = 'delivery' "
            "AND action_hash = 'command' AND ts < :t ORDER BY ts LIMIT :lim)"
        ),
        {"t": to_ts(before), "lim": limit},
    )
    return int(res.rowcount)
