"""Leases on work in hand, across the tables that have them (see ``memory_core.runtime.leases``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.db.backends import of as backend_of

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


def free_sql(
    conn: Connection, prefix: str = "", *, mine: bool = True, alive_only: bool = False
) -> str:
    """The condition under which a row's lease may be taken by ``:me`` at ``:now``: never
    leased, lapsed, (``mine``) its own — or, where several processes share the database
    (PostgreSQL), held by a process that is gone: a live owner holds a liveness lock keyed by
    its id (:func:`hold_owner`), and a process that died (SIGKILL, a lost machine) lost its
    session and that lock with it, so its work is taken over at once instead of when the lease
    runs out.

    With ``alive_only``, on a shared database ``:me`` takes nothing while it does not hold its
    own liveness lock: a server restart ends every session at once, and until each process has
    noticed and taken its lock back, every lease — its own in hand included — looks free.
    Received updates are claimed so (answers must not go out twice); learning jobs and
    scheduled runs are decided inside their applying transaction, and are also claimed by
    processes that keep no liveness lock (the CLI, evaluation)."""
    return backend_of(conn).lease_free_sql(prefix, mine=mine, alive_only=alive_only)


def hold_owner(conn: Connection, owner: str) -> None:
    """Take ``owner``'s liveness lock on this (autocommit, long-lived) connection."""
    backend_of(conn).hold_owner(conn, owner)


def release_owner(conn: Connection, owner: str) -> None:
    """Let go of ``owner``'s liveness lock."""
    backend_of(conn).release_owner(conn, owner)


def owner_alive(conn: Connection, owner: str) -> bool:
    """Whether the process ``owner`` still runs (PostgreSQL: it holds its liveness lock; on
    SQLite the run lock admits one process, so only the caller itself is alive)."""
    return backend_of(conn).owner_alive(conn, owner)


def session_alive(conn: Connection) -> bool:
    """Whether ``conn``'s database session still answers (its liveness lock with it)."""
    try:
        conn.execute(text("SELECT 1"))
    except Exception:  # any failure: the session, and the lock, may be gone
        return False
    return True
