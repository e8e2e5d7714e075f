"""What a turn's commit reads before it writes, in one statement: whether the turn is already
committed, the chat's latest session, the chat's previous line, and (PostgreSQL) the ids its
episodes will take — so the commit's writes need no answer from the server and go out
together with the COMMIT (``Database.write(batch=True)``): two round trips in all."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

from memory_core.db.backends import of as backend_of
from memory_core.store.rows import sql
from memory_core.store.sessions import LATEST_SQL, Latest


@dataclass(frozen=True, slots=True)
class Head:
    """What :func:`head` found."""

    #: The turn is in the outbox already (a replay: nothing is written twice).
    committed: bool
    latest_session: Latest | None
    #: The chat's latest line (the bot's last reply, usually), ``None`` in a new chat.
    previous_text: str | None
    #: Ids reserved for the turn's episodes, in order (PostgreSQL); empty on SQLite, where
    #: the insert returns them at no cost (no server to wait for).
    episode_ids: tuple[int, ...]


def head(conn: Connection, turn_id: str, user_id: str, chat_id: str, episodes: int) -> Head:
    """Read what committing ``turn_id`` (``episodes`` lines of ``user_id`` in ``chat_id``)
    needs, in one statement; run it under the user's write lock."""
    reserve = backend_of(conn).reserve_ids_sql("episodes", "n")
    row = conn.execute(
        sql(
            "SELECT EXISTS (SELECT 1 FROM outbox WHERE turn_id = :t) AS committed, "
            "(SELECT text FROM episodes WHERE user_id = :u AND chat_id = :c "
            "ORDER BY id DESC LIMIT 1) AS previous, "
            f"s.id, s.last_seen, s.closed_at{reserve} "
            f"FROM (SELECT 1 AS one) AS o LEFT JOIN ({LATEST_SQL}) AS s ON 1 = 1"
        ),
        {"t": turn_id, "u": user_id, "c": chat_id, "n": episodes},
    ).one()
    m = row._mapping
    latest = (
        None
        if m["id"] is None
        else Latest(
            int(m["id"]),
            float(m["last_seen"]),
            None if m["closed_at"] is None else float(m["closed_at"]),
        )
    )
    ids = tuple(int(i) for i in m["ids"]) if "ids" in m else ()
    previous = None if m["previous"] is None else str(m["previous"])
    return Head(bool(m["committed"]), latest, previous, ids)
