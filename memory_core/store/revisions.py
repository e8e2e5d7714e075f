"""SQL for revising a message's memory (``memory_core.user.revisions``): a message's turns are
its own turn id and its edits' (``<turn id>:edit:<stamp>``), always of one user."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import to_ts
from memory_core.store import vectors as vec

#: Between a message's turn id and an edit's stamp in the edit's turn id.
EDIT_MARK = ":edit:"
_OF_MESSAGE = "(turn_id = :t OR turn_id LIKE :prefix ESCAPE '\\')"


def _params(user_id: str, turn_id: str) -> dict[str, Any]:
    escaped = turn_id.replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_")
    return {"u": user_id, "t": turn_id, "prefix": escaped + EDIT_MARK + "%"}


def cancel_learning(
    conn: Connection, user_id: str, turn_id: str, now: datetime, reason: str
) -> int:
    """Cancel the message's learning still queued (the learner checks in its own
    transaction) and drop the words every job of it kept; returns how many were cancelled."""
    params = _params(user_id, turn_id)
    cancelled = conn.execute(
        text(
            "UPDATE outbox SET status = 'done', finished_at = :now, result_json = :r "
            f"WHERE user_id = :u AND {_OF_MESSAGE} AND status = 'pending'"
        ),
        params | {"now": to_ts(now), "r": json.dumps({"cancelled": reason})},
    ).rowcount
    conn.execute(
        text(
            "UPDATE outbox SET user_text = '', assistant_text = '' "
            f"WHERE user_id = :u AND {_OF_MESSAGE}"
        ),
        params,
    )
    return int(cancelled)


def taught(conn: Connection, user_id: str, turn_id: str) -> tuple[set[str], list[int]]:
    """The message's turns that changed facts, and the facts they changed (by id)."""
    rows = conn.execute(
        text(
            "SELECT DISTINCT turn_id, fact_id FROM fact_history "
            f"WHERE user_id = :u AND {_OF_MESSAGE}"
        ),
        _params(user_id, turn_id),
    ).all()
    return {str(r[0]) for r in rows}, sorted({int(r[1]) for r in rows})


def drop_episodes(conn: Connection, user_id: str, turn_id: str, *, vectors: bool) -> int:
    """Delete the message's episodes (both sides of its turns) and their vectors (now, not
    queued: a new episode may take a deleted one's id); returns how many went."""
    ids = [
        int(r[0])
        for r in conn.execute(
            text(f"SELECT id FROM episodes WHERE user_id = :u AND {_OF_MESSAGE}"),
            _params(user_id, turn_id),
        ).all()
    ]
    if not ids:
        return 0
    queued = text(
        "DELETE FROM vector_queue WHERE item_kind = :k AND item_id IN :ids AND user_id = :u"
    ).bindparams(bindparam("ids", expanding=True))
    conn.execute(queued, {"k": vec.QUEUE_KIND["episodes"], "ids": ids, "u": user_id})
    if vectors:
        for episode_id in ids:
            vec.write(conn, "episodes", user_id, episode_id, None)
    stmt = text("DELETE FROM episodes WHERE user_id = :u AND id IN :ids").bindparams(
        bindparam("ids", expanding=True)
    )
    conn.execute(stmt, {"u": user_id, "ids": ids})
    return len(ids)
