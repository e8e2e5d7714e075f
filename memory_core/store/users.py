"""Per-user switches (learning paused, reflections), the last revision shown, pending imports."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from memory_core.clock import to_ts
from memory_core.store.rows import sql


@dataclass(frozen=True, slots=True)
class UserSettings:
    """One user's switches."""

    paused: bool = False
    reflections: bool = True
    seen_rev: int = 0
    private_chat: str | None = None
    #: The identity (``platform:id``) whose private chat ``private_chat`` is (a linked person
    #: has several); ``None`` for rows written before linking existed: the owner's own.
    private_identity: str | None = None


def get(conn: Connection, user_id: str) -> UserSettings:
    """This user's settings (defaults when never set)."""
    row = conn.execute(
        text(
            "SELECT paused, reflections, seen_rev, private_chat, private_identity "
            "FROM user_settings "
            "WHERE user_id = :u"
        ),
        {"u": user_id},
    ).first()
    if row is None:
        return UserSettings()
    return UserSettings(bool(row[0]), bool(row[1]), int(row[2]), row[3], row[4])


def set_fields(conn: Connection, user_id: str, now: datetime, /, **fields: Any) -> None:
    """Change some of this user's settings."""
    allowed = {"paused", "reflections", "seen_rev", "private_chat", "private_identity"}
    if set(fields) - allowed:
        raise ValueError(f"unknown settings: {sorted(set(fields) - allowed)}")
    cols = ", ".join(fields)
    vals = ", ".join(f":{k}" for k in fields)
    sets = ", ".join(f"{k} = excluded.{k}" for k in fields)
    params = {k: int(v) if isinstance(v, bool) else v for k, v in fields.items()}
    conn.execute(
        sql(
            f"INSERT INTO user_settings (user_id, updated_at, {cols}) VALUES (:u, :ts, {vals}) "
            f"ON CONFLICT(user_id) DO UPDATE SET updated_at = excluded.updated_at, {sets}"
        ),
        {"u": user_id, "ts": to_ts(now), **params},
    )


def add_import(conn: Connection, user_id: str, plan: dict[str, Any], now: datetime) -> int:
    """Store an import plan awaiting confirmation; returns its id."""
    return int(
        conn.execute(
            text(
                "INSERT INTO imports (user_id, plan_json, created_at) VALUES (:u, :p, :ts) "
                "RETURNING id"
            ),
            {"u": user_id, "p": json.dumps(plan, ensure_ascii=False), "ts": to_ts(now)},
        ).scalar_one()
    )


def take_import(
    conn: Connection, user_id: str, import_id: int, status: str
) -> dict[str, Any] | None:
    """Close a pending import (applied/cancelled) and return its plan; ``None`` if settled."""
    row = conn.execute(
        text(
            "UPDATE imports SET status = :st WHERE user_id = :u AND id = :id "
            "AND status = 'pending' RETURNING plan_json"
        ),
        {"u": user_id, "id": import_id, "st": status},
    ).first()
    return None if row is None else dict(json.loads(row[0]))


#: Meta keys of imports being applied (``import_journal:<id>``), valued as their progress.
_JOURNAL = "import_journal:"


def import_plan(conn: Connection, user_id: str, import_id: int) -> dict[str, Any] | None:
    """The plan of one of the user's imports, whatever its status; ``None`` if it is gone."""
    row = conn.execute(
        text("SELECT plan_json FROM imports WHERE user_id = :u AND id = :id"),
        {"u": user_id, "id": import_id},
    ).first()
    return None if row is None else dict(json.loads(row[0]))


def has_import(conn: Connection, user_id: str, import_id: int) -> bool:
    """Whether the user has this import (in any status), without reading its plan."""
    found = conn.execute(
        text("SELECT 1 FROM imports WHERE user_id = :u AND id = :id"),
        {"u": user_id, "id": import_id},
    ).first()
    return found is not None


def journal(conn: Connection, import_id: int) -> dict[str, int] | None:
    """How far an import being applied got (rows done and what they did), or ``None`` when
    it is not being applied (never started, finished, or cancelled)."""
    raw = conn.execute(
        text("SELECT value FROM meta WHERE key = :k"), {"k": f"{_JOURNAL}{import_id}"}
    ).scalar()
    return None if raw is None else {k: int(v) for k, v in json.loads(str(raw)).items()}


def put_journal(conn: Connection, import_id: int, progress: dict[str, int]) -> None:
    """Record an import's progress (in the transaction that applied those rows)."""
    conn.execute(
        text(
            "INSERT INTO meta(key, value) VALUES (:k, :v) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value"
        ),
        {"k": f"{_JOURNAL}{import_id}", "v": json.dumps(progress)},
    )


def end_journal(conn: Connection, import_id: int) -> None:
    """The import is fully applied (or its user erased): forget its progress."""
    conn.execute(text("DELETE FROM meta WHERE key = :k"), {"k": f"{_JOURNAL}{import_id}"})


def drop_plan(conn: Connection, import_id: int) -> None:
    """An import was applied or cancelled: its plan (the file's lines, secrets included) is
    not kept any longer; the row stays as the record that it was settled."""
    conn.execute(text("UPDATE imports SET plan_json = '{}' WHERE id = :id"), {"id": import_id})


def unfinished_imports(conn: Connection) -> list[tuple[str, int]]:
    """``(user_id, import_id)`` of every import whose apply was started and not finished (a
    process died during it); journal entries whose import is gone are dropped."""
    rows = conn.execute(
        text("SELECT key FROM meta WHERE substr(key, 1, length(:p)) = :p"), {"p": _JOURNAL}
    ).all()
    found: list[tuple[str, int]] = []
    for (key,) in rows:
        import_id = int(str(key)[len(_JOURNAL) :])
        owner = conn.execute(
            text("SELECT user_id FROM imports WHERE id = :id"), {"id": import_id}
        ).scalar()
        if owner is None:
            end_journal(conn, import_id)
        else:
            found.append((str(owner), import_id))
    return found
