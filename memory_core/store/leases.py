"""Leases on work in hand, across the tables that have them (see ``memory_core.leases``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts

#: Each leased table and the status of its rows that are work in hand.
LEASED = (("outbox", "pending"), ("job_runs", "running"), ("inbox", "pending"))


def renew(conn: Connection, owner: str, now: datetime, lease_s: float) -> int:
    """Extend every lease ``owner`` holds on work in hand; returns how many."""
    renewed = 0
    for table, status in LEASED:
        res = conn.execute(
            text(
                f"UPDATE {table} SET lease_until = :until "
                f"WHERE lease_owner = :me AND status = '{status}'"
            ),
            {"me": owner, "until": to_ts(now) + lease_s},
        )
        renewed += int(res.rowcount)
    return renewed


def release_all(conn: Connection, tables: tuple[str, ...] = ("outbox", "job_runs", "inbox")) -> int:
    """Drop every lease on work in hand in ``tables`` (their holders are known to be dead);
    returns how many."""
    released = 0
    for table, status in LEASED:
        if table in tables:
            res = conn.execute(
                text(
                    f"UPDATE {table} SET lease_owner = NULL, lease_until = NULL "
                    f"WHERE lease_owner IS NOT NULL AND status = '{status}'"
                )
            )
            released += int(res.rowcount)
    return released
