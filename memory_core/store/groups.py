"""Group memories' side tables: members' consent per chat, and who said each group fact
(``docs/group-memory.md``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts


@dataclass(frozen=True, slots=True)
class ConsentRow:
    """A member's answer for one chat, and the statement waiting for it."""

    state: str
    pending_text: str | None
    pending_turn: str | None
    pending_group: str | None
    pending_name: str | None
    pending_at: datetime | None


def consent(conn: Connection, member: str, chat: str) -> ConsentRow | None:
    """``member``'s consent row for ``chat`` (``None``: never asked)."""
    row = conn.execute(
        text(
            "SELECT state, pending_text, pending_turn, pending_group, pending_name, pending_at "
            "FROM group_consent WHERE user_id = :u AND chat = :c"
        ),
        {"u": member, "c": chat},
    ).first()
    if row is None:
        return None
    return ConsentRow(
        str(row[0]),
        row[1],
        row[2],
        row[3],
        row[4],
        None if row[5] is None else from_ts(float(row[5])),
    )


def put_consent(
    conn: Connection,
    member: str,
    chat: str,
    state: str,
    now: datetime,
    pending: tuple[str, str, str, str, datetime] | None = None,
) -> None:
    """Record ``member``'s state for ``chat`` (``pending``: text, turn, group, name, when —
    the statement kept until they answer; ``None`` clears it)."""
    text_, turn, group, name, at = pending if pending is not None else (None,) * 5
    conn.execute(
        text(
            "INSERT INTO group_consent (user_id, chat, state, pending_text, pending_turn, "
            "pending_group, pending_name, pending_at, updated_at) "
            "VALUES (:u, :c, :s, :pt, :pn, :pg, :pm, :pa, :ts) "
            "ON CONFLICT(user_id, chat) DO UPDATE SET state = excluded.state, "
            "pending_text = excluded.pending_text, pending_turn = excluded.pending_turn, "
            "pending_group = excluded.pending_group, pending_name = excluded.pending_name, "
            "pending_at = excluded.pending_at, updated_at = excluded.updated_at"
        ),
        {
            "u": member,
            "c": chat,
            "s": state,
            "pt": text_,
            "pn": turn,
            "pg": group,
            "pm": name,
            "pa": None if at is None else to_ts(at),
            "ts": to_ts(now),
        },
    )


def add_said(
    conn: Connection, member: str, group: str, fact_id: int, speaker: str, now: datetime
) -> None:
    """Record that ``member`` (shown as ``speaker``) said group fact ``fact_id``."""
    conn.execute(
        text(
            "INSERT INTO group_said (user_id, group_key, fact_id, speaker, said_at) "
            "VALUES (:u, :g, :f, :s, :ts)"
        ),
        {"u": member, "g": group, "f": fact_id, "s": speaker[:64], "ts": to_ts(now)},
    )


def speakers(conn: Connection, group: str) -> dict[int, list[tuple[str, str]]]:
    """Group fact id → ``(member, shown name)`` of each member who said it."""
    rows = conn.execute(
        text("SELECT fact_id, user_id, speaker FROM group_said WHERE group_key = :g ORDER BY id"),
        {"g": group},
    ).all()
    out: dict[int, list[tuple[str, str]]] = {}
    for fact_id, member, speaker in rows:
        out.setdefault(int(fact_id), []).append((str(member), str(speaker)))
    return out


def said_by(conn: Connection, member: str, chat: str | None = None) -> list[tuple[str, int]]:
    """``(group, fact id)`` of every group fact ``member`` said (in ``chat``'s groups only,
    when given)."""
    rows = conn.execute(
        text("SELECT group_key, fact_id FROM group_said WHERE user_id = :u ORDER BY id"),
        {"u": member},
    ).all()
    found = [(str(g), int(f)) for g, f in rows]
    if chat is None:
        return found
    return [(g, f) for g, f in found if g == chat or g.startswith(f"{chat}:")]


def drop_said(conn: Connection, group: str, fact_id: int) -> None:
    """Forget who said group fact ``fact_id`` (it is gone)."""
    conn.execute(
        text("DELETE FROM group_said WHERE group_key = :g AND fact_id = :f"),
        {"g": group, "f": fact_id},
    )


def drop_member_said(conn: Connection, member: str, group: str, fact_id: int) -> None:
    """Forget that ``member`` said group fact ``fact_id`` (others said it too)."""
    conn.execute(
        text("DELETE FROM group_said WHERE user_id = :u AND group_key = :g AND fact_id = :f"),
        {"u": member, "g": group, "f": fact_id},
    )


def conflict_group(conn: Connection, chat: str, conflict_id: int) -> str | None:
    """The group (of ``chat``, any topic) that owns conflict ``conflict_id``."""
    found = conn.execute(
        text("SELECT user_id FROM conflicts WHERE id = :id"), {"id": conflict_id}
    ).scalar()
    if found is None:
        return None
    group = str(found)
    return group if group == chat or group.startswith(f"{chat}:") else None
