"""The episodes repository (raw turns), scoped to one ``user_id``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import to_ts
from memory_core.db.backends import of as backend_of
from memory_core.store.rows import (
    EPISODE_COLUMNS,
    episode_from_row,
    owner_token,
    sql,
    values_rows,
)
from memory_core.values import Episode, NewEpisode


def insert_many(
    conn: Connection, user_id: str, episodes: Sequence[NewEpisode], ids: Sequence[int] = ()
) -> list[int]:
    """Insert turns in order and return their ids. ``ids``: ids reserved for them beforehand
    (``turns.head`` on PostgreSQL): the rows are written blind, in one statement, with
    nothing to wait for in a batched write."""
    token = owner_token(user_id)
    rows = [
        {
            "u": user_id,
            "tok": token,
            "chat": ep.chat_id,
            "sess": ep.session_id,
            "turn": ep.turn_id,
            "role": ep.role,
            "speaker": ep.speaker,
            "text": ep.text,
            "ctx": ep.context,
            "ts": to_ts(ep.created_at),
            "lang": ep.language,
        }
        for ep in episodes
    ]
    if ids:
        if len(ids) != len(rows):
            raise ValueError(f"{len(ids)} ids reserved for {len(rows)} episodes")
        names = ("id", "u", "tok", "chat", "sess", "turn", "role", "speaker", "text", "ctx")
        for values, params in values_rows(
            (*names, "ts", "lang"), [{"id": i, **r} for i, r in zip(ids, rows, strict=True)]
        ):
            conn.execute(
                sql(
                    "INSERT INTO episodes (id, user_id, owner_token, chat_id, session_id, "
                    "turn_id, role, speaker, text, context, created_at, language) "
                    f"VALUES {values}"
                ),
                params,
            )
        return list(ids)
    stmt = text(
        "INSERT INTO episodes (user_id, owner_token, chat_id, session_id, turn_id, role, "
        "speaker, text, context, created_at, language) VALUES (:u, :tok, :chat, :sess, :turn, "
        ":role, :speaker, :text, :ctx, :ts, :lang) RETURNING id"
    )
    return [int(conn.execute(stmt, r).scalar_one()) for r in rows]


def get_many(conn: Connection, user_id: str, ids: Iterable[int]) -> dict[int, Episode]:
    """This user's episodes by id."""
    id_list = list(dict.fromkeys(ids))
    if not id_list:
        return {}
    # `+user_id`: look rows up by primary key, then check the owner (see facts.get_many).
    hint = backend_of(conn).by_id_hint()
    sql = f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE id IN :ids AND {hint}user_id = :u"
    stmt = text(sql).bindparams(bindparam("ids", expanding=True))
    return {
        r["id"]: episode_from_row(r)
        for r in conn.execute(stmt, {"u": user_id, "ids": id_list}).mappings()
    }


def recent(
    conn: Connection, user_id: str, *, chat_id: str | None = None, limit: int = 20
) -> list[Episode]:
    """The user's latest turns (optionally in one chat), oldest first."""
    cond = " AND chat_id = :chat" if chat_id is not None else ""
    rows = conn.execute(
        text(
            f"SELECT {EPISODE_COLUMNS} FROM episodes WHERE user_id = :u{cond} "
            "ORDER BY created_at DESC, id DESC LIMIT :lim"
        ),
        {"u": user_id, "chat": chat_id, "lim": limit},
    ).mappings()
    return [episode_from_row(r) for r in reversed(list(rows))]


def texts_of_turn(conn: Connection, user_id: str, turn_id: str) -> list[tuple[int, str]]:
    """The user's episodes recorded for one turn: (id, text)."""
    rows = conn.execute(
        text("SELECT id, text FROM episodes WHERE user_id = :u AND turn_id = :t ORDER BY id"),
        {"u": user_id, "t": turn_id},
    ).all()
    return [(int(r[0]), str(r[1])) for r in rows]


def answer_of(conn: Connection, user_id: str, turn_id: str) -> str | None:
    """The bot's committed answer to this turn (as stored: secrets masked), ``None`` if it was
    not answered yet (a redelivered update finds it)."""
    row = conn.execute(
        text(
            "SELECT text FROM episodes WHERE user_id = :u AND turn_id = :t AND role = 'assistant' "
            "ORDER BY id LIMIT 1"
        ),
        {"u": user_id, "t": turn_id},
    ).first()
    return None if row is None else str(row[0])


def latest_language(conn: Connection, user_id: str, *, within: int = 20) -> str | None:
    """The language of the user's latest message whose language is known (among the last
    ``within`` of their messages), or None."""
    row = conn.execute(
        text(
            "SELECT language FROM (SELECT language, id FROM episodes WHERE user_id = :u "
            "AND role = 'user' ORDER BY id DESC LIMIT :n) recent "
            "WHERE language IS NOT NULL ORDER BY id DESC LIMIT 1"
        ),
        {"u": user_id, "n": within},
    ).first()
    return None if row is None else str(row[0])


def latest_speaker(conn: Connection, user_id: str) -> str | None:
    """The name the user's latest message came with (the platform's display name), or
    None."""
    row = conn.execute(
        text(
            "SELECT speaker FROM episodes WHERE user_id = :u AND role = 'user' "
            "AND speaker IS NOT NULL ORDER BY id DESC LIMIT 1"
        ),
        {"u": user_id},
    ).first()
    return None if row is None else str(row[0])


#: What a turn whose fact the user made us forget says from then on (never sent to a model).
FORGOTTEN = "(forgotten at the user's request)"


def forget_turns(conn: Connection, user_id: str, turn_ids: Iterable[str]) -> list[int]:
    """Blank the words of the user's turns ``turn_ids`` (what they said, the bot's answer and
    the context each carries) and the context the next turn of each chat quotes from them;
    returns the ids of the episodes blanked (their vectors must go too). The FTS triggers
    re-index the rows; secure-delete leaves no old text in the file."""
    wanted = sorted(set(turn_ids))
    if not wanted:
        return []
    stmt = text(
        "SELECT id, chat_id FROM episodes WHERE user_id = :u AND turn_id IN :t AND text != :f"
    ).bindparams(bindparam("t", expanding=True))
    rows = conn.execute(stmt, {"u": user_id, "t": wanted, "f": FORGOTTEN}).all()
    ids = [int(r[0]) for r in rows]
    if not ids:
        return []
    blank = text(
        "UPDATE episodes SET text = :f, context = '' WHERE user_id = :u AND id IN :ids"
    ).bindparams(bindparam("ids", expanding=True))
    conn.execute(blank, {"u": user_id, "ids": ids, "f": FORGOTTEN})
    # The next turn of the chat may quote the bot's question from a blanked turn.
    for chat_id, last in {
        str(r[1]): max(int(x[0]) for x in rows if x[1] == r[1]) for r in rows
    }.items():
        conn.execute(
            text(
                "UPDATE episodes SET context = '' WHERE id = (SELECT MIN(id) FROM episodes "
                "WHERE user_id = :u AND chat_id = :c AND id > :last AND text != :f) "
                "AND user_id = :u"
            ),
            {"u": user_id, "c": chat_id, "last": last, "f": FORGOTTEN},
        )
    return ids


def turns_from(conn: Connection, user_id: str, platform: str) -> list[str]:
    """The ids of the user's turns held on ``platform`` (turn ids start ``platform:``)."""
    rows = conn.execute(
        text(
            "SELECT DISTINCT turn_id FROM episodes WHERE user_id = :u "
            "AND substr(turn_id, 1, length(:p)) = :p"
        ),
        {"u": user_id, "p": f"{platform}:"},
    ).all()
    return [str(r[0]) for r in rows]
