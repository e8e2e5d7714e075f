"""Lease liveness on PostgreSQL: a live process holds a session advisory lock keyed by its
owner id; a process that died lost its session and the lock with it."""

from __future__ import annotations

from sqlalchemy import Connection, text


def owner_key_sql(column: str) -> str:
    """The advisory-lock key a lease owner holds while alive, from its id."""
    return f"hashtextextended({column}, 0)"


def lock_held_sql(owner: str) -> str:
    """Whether the session advisory lock keyed by the lease owner ``owner`` (a column or a
    parameter) is held by some session now."""
    key = owner_key_sql(owner)
    return (
        "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
        f"AND l.objsubid = 1 AND l.classid::bigint = (({key} >> 32) & 4294967295) "
        f"AND l.objid::bigint = ({key} & 4294967295))"
    )


def free_sql(prefix: str, *, mine: bool, alive_only: bool) -> str:
    """Never leased, lapsed, (``mine``) its own, or held by a process that is gone; with
    ``alive_only`` only while ``:me`` holds its own liveness lock (see ``store.leases``)."""
    owner = f"{prefix}lease_owner"
    parts = [f"{owner} IS NULL", f"{prefix}lease_until <= :now"]
    if mine:
        parts.append(f"{owner} = :me")
    parts.append(f"NOT {lock_held_sql(owner)}")
    free = "(" + " OR ".join(parts) + ")"
    return f"({lock_held_sql(':me')} AND {free})" if alive_only else free


def not_sending_sql(prefix: str) -> str:
    """No process began sending the row's answer less than ``:grace`` seconds ago, alive or
    not: a process that lost its session (a server restart) may still be sending, and one that
    died is only known not to send late once the grace has passed (``resend_sql``)."""
    return f" AND ({prefix}sent_at IS NULL OR {prefix}sent_at <= :now - :grace)"


def resend_sql() -> str:
    """An answer begun before by another process may be begun again by ``:me``: its sender
    has not renewed the send for ``:grace`` seconds — it died, or it is stopped (SIGSTOP, a
    stalled VM), and a sender that wakes renews before each request and finds the send taken
    over (``store.inbox.renew_send``); one still working renews as it goes."""
    return "(sent_at <= :now - :grace AND sent_by <> :me)"


def hold_owner(conn: Connection, owner: str) -> None:
    """Take ``owner``'s liveness lock on this (autocommit, long-lived) connection."""
    conn.execute(text(f"SELECT pg_advisory_lock({owner_key_sql(':o')})"), {"o": owner})


def release_owner(conn: Connection, owner: str) -> None:
    """Let go of ``owner``'s liveness lock."""
    conn.execute(text(f"SELECT pg_advisory_unlock({owner_key_sql(':o')})"), {"o": owner})


def owner_alive(conn: Connection, owner: str) -> bool:
    """Whether the process ``owner`` still runs: it holds its liveness lock."""
    return bool(conn.execute(text(f"SELECT {lock_held_sql(':o')}"), {"o": owner}).scalar())
