"""Platform identities and the memory owner each one reads and writes; one-time link codes and
the record of redemption attempts (``docs/linking.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts


def owner_of(conn: Connection, identity: str) -> str:
    """The memory owner of ``identity`` (``platform:id``): its person's, or its own key."""
    found = conn.execute(
        text("SELECT user_id FROM identities WHERE identity = :i"), {"i": identity}
    ).scalar()
    return identity if found is None else str(found)


def owner_and_marks(
    conn: Connection, identity: str, owner_prefix: str, identity_key: str
) -> tuple[str, str | None, str | None]:
    """In one statement: the memory owner of ``identity``, the ``meta`` value keyed
    ``owner_prefix`` + that owner, and the one keyed ``identity_key`` (``None``: not set) —
    the door's read (an erasure of the owner, or of this identity, unfinished)."""
    row = conn.execute(
        text(
            "SELECT o.owner, "
            "(SELECT value FROM meta WHERE key = :p || o.owner), "
            "(SELECT value FROM meta WHERE key = :k) "
            "FROM (SELECT COALESCE((SELECT user_id FROM identities WHERE identity = :i), :i) "
            "AS owner) AS o"
        ),
        {"i": identity, "p": owner_prefix, "k": identity_key},
    ).one()
    return str(row[0]), _text(row[1]), _text(row[2])


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def of_owner(conn: Connection, user_id: str) -> list[tuple[str, datetime]]:
    """The identities mapped to ``user_id``, ``(identity, linked_at)``, oldest first."""
    rows = conn.execute(
        text(
            "SELECT identity, linked_at FROM identities WHERE user_id = :u "
            "ORDER BY linked_at, identity"
        ),
        {"u": user_id},
    ).all()
    return [(str(r[0]), _when(r[1])) for r in rows]


def put(conn: Connection, identity: str, user_id: str, now: datetime) -> None:
    """Map ``identity`` to ``user_id`` (replacing any earlier mapping)."""
    conn.execute(
        text(
            "INSERT INTO identities (identity, user_id, linked_at) VALUES (:i, :u, :ts) "
            "ON CONFLICT(identity) DO UPDATE SET user_id = excluded.user_id, "
            "linked_at = excluded.linked_at"
        ),
        {"i": identity, "u": user_id, "ts": to_ts(now)},
    )


def remove(conn: Connection, identity: str) -> None:
    """Drop ``identity``'s mapping (it owns the memory of its own key again)."""
    conn.execute(text("DELETE FROM identities WHERE identity = :i"), {"i": identity})


@dataclass(frozen=True, slots=True)
class CodeRow:
    """One link code as stored (never the code itself)."""

    id: int
    user_id: str
    issuer: str
    issuer_chat: str
    code_hash: str
    expires_at: datetime
    status: str
    claimed_by: str | None
    claimed_name: str | None
    claimed_at: datetime | None


_CODE_COLUMNS = (
    "id, user_id, issuer, issuer_chat, code_hash, expires_at, status, claimed_by, claimed_name, "
    "claimed_at"
)


def _when(ts: Any) -> datetime:
    when = from_ts(float(ts))
    assert when is not None
    return when


def _code(row: Any) -> CodeRow | None:
    if row is None:
        return None
    return CodeRow(
        int(row[0]),
        str(row[1]),
        str(row[2]),
        str(row[3]),
        str(row[4]),
        _when(row[5]),
        str(row[6]),
        None if row[7] is None else str(row[7]),
        None if row[8] is None else str(row[8]),
        None if row[9] is None else _when(row[9]),
    )


def add_code(
    conn: Connection,
    user_id: str,
    issuer: str,
    issuer_chat: str,
    code_hash: str,
    now: datetime,
    expires: datetime,
) -> int:
    """Store a new open code for ``issuer`` (earlier open ones of theirs are replaced)."""
    conn.execute(
        text("UPDATE link_codes SET status = 'replaced' WHERE issuer = :i AND status = 'open'"),
        {"i": issuer},
    )
    return int(
        conn.execute(
            text(
                "INSERT INTO link_codes (code_hash, user_id, issuer, issuer_chat, created_at, "
                "expires_at) VALUES (:h, :u, :i, :c, :ts, :exp) RETURNING id"
            ),
            {
                "h": code_hash,
                "u": user_id,
                "i": issuer,
                "c": issuer_chat,
                "ts": to_ts(now),
                "exp": to_ts(expires),
            },
        ).scalar_one()
    )


def code_by_hash(conn: Connection, code_hash: str) -> CodeRow | None:
    """The code stored under ``code_hash``, whatever its state."""
    row = conn.execute(
        text(f"SELECT {_CODE_COLUMNS} FROM link_codes WHERE code_hash = :h"), {"h": code_hash}
    ).first()
    return _code(row)


def code_by_id(conn: Connection, user_id: str, code_id: int) -> CodeRow | None:
    """One of ``user_id``'s codes by id."""
    row = conn.execute(
        text(f"SELECT {_CODE_COLUMNS} FROM link_codes WHERE id = :id AND user_id = :u"),
        {"id": code_id, "u": user_id},
    ).first()
    return _code(row)


def codes_issued_since(conn: Connection, issuer: str, since: datetime) -> int:
    """How many codes ``issuer`` asked for since ``since``."""
    return int(
        conn.execute(
            text("SELECT COUNT(*) FROM link_codes WHERE issuer = :i AND created_at >= :s"),
            {"i": issuer, "s": to_ts(since)},
        ).scalar_one()
    )


def claim_code(conn: Connection, code_id: int, by: str, name: str, now: datetime) -> bool:
    """Move an open code to ``claimed`` by ``by``; ``False`` when it was not open (single use:
    the first claim wins, under the write lock)."""
    return (
        conn.execute(
            text(
                "UPDATE link_codes SET status = 'claimed', claimed_by = :b, claimed_name = :n, "
                "claimed_at = :ts WHERE id = :id AND status = 'open'"
            ),
            {"id": code_id, "b": by, "n": name, "ts": to_ts(now)},
        ).rowcount
        == 1
    )


def settle_code(conn: Connection, code_id: int, status: str) -> bool:
    """Close a claimed code (``linked`` or ``refused``) once; ``False`` when not claimed."""
    return (
        conn.execute(
            text("UPDATE link_codes SET status = :st WHERE id = :id AND status = 'claimed'"),
            {"id": code_id, "st": status},
        ).rowcount
        == 1
    )


def void_code(conn: Connection, code_hash: str) -> bool:
    """Make an open code unusable (it was shown where others could read it)."""
    return (
        conn.execute(
            text("UPDATE link_codes SET status = 'void' WHERE code_hash = :h AND status = 'open'"),
            {"h": code_hash},
        ).rowcount
        == 1
    )


def drop_codes_of(conn: Connection, identity: str) -> int:
    """Delete every code ``identity`` issued or claimed, and its attempts (it is being
    erased: its ids and name go)."""
    conn.execute(text("DELETE FROM link_attempts WHERE identity = :i"), {"i": identity})
    return conn.execute(
        text("DELETE FROM link_codes WHERE issuer = :i OR claimed_by = :i"), {"i": identity}
    ).rowcount


def add_attempt(conn: Connection, user_id: str, identity: str, now: datetime, ok: bool) -> None:
    """Record one redemption attempt."""
    conn.execute(
        text("INSERT INTO link_attempts (user_id, identity, at, ok) VALUES (:u, :i, :ts, :ok)"),
        {"u": user_id, "i": identity, "ts": to_ts(now), "ok": int(ok)},
    )


def failures_since(conn: Connection, since: datetime, identity: str | None = None) -> int:
    """Failed attempts since ``since``: by ``identity``, or by anyone (``None``)."""
    sql = "SELECT COUNT(*) FROM link_attempts WHERE at >= :s AND ok = 0"
    params: dict[str, object] = {"s": to_ts(since)}
    if identity is not None:
        sql += " AND identity = :i"
        params["i"] = identity
    return int(conn.execute(text(sql), params).scalar_one())


def prune_attempts(conn: Connection, before: datetime) -> int:
    """Forget attempts older than ``before`` (they no longer count for any limit)."""
    return conn.execute(
        text("DELETE FROM link_attempts WHERE at < :s"), {"s": to_ts(before)}
    ).rowcount
