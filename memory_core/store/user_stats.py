"""One user's memory counted (seed 002's ``memory_stats``): facts by kind, category and status,
episodes, and the newest record's time."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, text

from memory_core.values import SENSITIVE_CATEGORIES


@dataclass(frozen=True, slots=True)
class UserCounts:
    """One user's rows, counted (``latest``: the newest fact change or turn, epoch seconds)."""

    by_kind: dict[str, int]
    by_category: dict[str, int]
    by_status: dict[str, int]
    episodes: int
    latest: float | None


def _grouped(conn: Connection, sql: str, user_id: str) -> dict[str, int]:
    return {str(r[0]): int(r[1]) for r in conn.execute(text(sql), {"u": user_id})}


def counts(conn: Connection, user_id: str, *, hide_private: bool) -> UserCounts:
    """This user's counts; ``hide_private``: no sensitive fact is counted (a group)."""
    hidden = ""
    if hide_private:
        cats = ", ".join(f"'{c.value}'" for c in sorted(SENSITIVE_CATEGORIES))
        hidden = f" AND sensitive = 0 AND category NOT IN ({cats})"
    live = f"user_id = :u AND status IN ('active', 'pending_confirmation'){hidden}"
    by_kind = _grouped(
        conn, f"SELECT kind, COUNT(*) FROM facts WHERE {live} GROUP BY kind", user_id
    )
    by_category = _grouped(
        conn, f"SELECT category, COUNT(*) FROM facts WHERE {live} GROUP BY category", user_id
    )
    by_status = _grouped(
        conn,
        f"SELECT status, COUNT(*) FROM facts WHERE user_id = :u{hidden} GROUP BY status",
        user_id,
    )
    params = {"u": user_id}
    episodes = int(
        conn.execute(text("SELECT COUNT(*) FROM episodes WHERE user_id = :u"), params).scalar_one()
    )
    stamps = [
        conn.execute(
            text(f"SELECT MAX(updated_at) FROM facts WHERE user_id = :u{hidden}"), params
        ).scalar_one(),
        conn.execute(
            text("SELECT MAX(created_at) FROM episodes WHERE user_id = :u"), params
        ).scalar_one(),
    ]
    found = [float(v) for v in stamps if v is not None]
    return UserCounts(by_kind, by_category, by_status, episodes, max(found) if found else None)
