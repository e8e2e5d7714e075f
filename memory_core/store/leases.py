"""Leases on work in hand, across the tables that have them (see ``memory_core.runtime.leases``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.db.dialect import of as dialect_of

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


def owner_key_sql(column: str) -> str:
    """The advisory-lock key a lease owner holds while alive (PostgreSQL), from its id."""
    return f"hashtextextended({column}, 0)"


def _lock_held_sql(owner: str) -> str:
    """Whether the session advisory lock keyed by the lease owner ``owner`` (a column or a
    parameter) is held by some session now."""
    key = owner_key_sql(owner)
    return (
        "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
        f"AND l.objsubid = 1 AND l.classid::bigint = (({key} >> 32) & 4294967295) "
        f"AND l.objid::bigint = ({key} & 4294967295))"
    )


def alive_sql(owner: str) -> str:
    """PostgreSQL: whether the process named by ``owner`` (a column or a parameter) is alive —
    it holds its liveness lock (:func:`hold_owner`)."""
    return _lock_held_sql(owner)


def free_sql(
    postgres: bool, prefix: str = "", *, mine: bool = True, alive_only: bool = False
) -> str:
    """The condition under which a row's lease may be taken by ``:me`` at ``:now``: never
    leased, lapsed, (``mine``) its own — or, on PostgreSQL, held by a process that is gone: a
    live owner holds a session advisory lock keyed by its id (:func:`hold_owner`), and a
    process that died (SIGKILL, a lost machine) lost its session and that lock with it, so its
    work is taken over at once instead of when the lease runs out.

    With ``alive_only``, on PostgreSQL ``:me`` takes nothing while it does not hold its own
    liveness lock: a server restart ends every session at once, and until each process has
    noticed and taken its lock back, every lease — its own in hand included — looks free.
    Received updates are claimed so (answers must not go out twice); learning jobs and
    scheduled runs are decided inside their applying transaction, and are also claimed by
    processes that keep no liveness lock (the CLI, evaluation)."""
    owner = f"{prefix}lease_owner"
    parts = [f"{owner} IS NULL", f"{prefix}lease_until <= :now"]
    if mine:
        parts.append(f"{owner} = :me")
    if not postgres:
        return "(" + " OR ".join(parts) + ")"
    parts.append(f"NOT {_lock_held_sql(owner)}")
    free = "(" + " OR ".join(parts) + ")"
    return f"({_lock_held_sql(':me')} AND {free})" if alive_only else free


def hold_owner(conn: Connection, owner: str) -> None:
    """Take ``owner``'s liveness lock on this (autocommit, long-lived) connection."""
    conn.execute(text(f"SELECT pg_advisory_lock({owner_key_sql(':o')})"), {"o": owner})


def release_owner(conn: Connection, owner: str) -> None:
    """Let go of ``owner``'s liveness lock."""
    conn.execute(text(f"SELECT pg_advisory_unlock({owner_key_sql(':o')})"), {"o": owner})


def owner_alive(conn: Connection, owner: str) -> bool:
    """Whether the process ``owner`` still runs (PostgreSQL: it holds its liveness lock; on
    SQLite the run lock admits one process, so only the caller itself is alive)."""
    if not dialect_of(conn).postgres:
        return False
    key = owner_key_sql(":o")
    return bool(
        conn.execute(
            text(
                "SELECT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' "
                f"AND l.granted AND l.objsubid = 1 AND l.classid::bigint = (({key} >> 32) "
                f"& 4294967295) AND l.objid::bigint = ({key} & 4294967295))"
            ),
            {"o": owner},
        ).scalar()
    )


def session_alive(conn: Connection) -> bool:
    """Whether ``conn``'s database session still answers (its liveness lock with it)."""
    try:
        conn.execute(text("SELECT 1"))
    except Exception:  # any failure: the session, and the lock, may be gone
        return False
    return True
