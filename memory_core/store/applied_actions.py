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
