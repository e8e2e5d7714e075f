"""The observer's outbox: completed turns waiting to be learned from (durable, ordered).

Times (queued, due, finished) come from the caller's clock, like every other stored time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, bindparam, text

from memory_core.clock import from_ts, to_ts
from memory_core.store import leases as lease_repo
from memory_core.store.rows import sql


@dataclass(frozen=True, slots=True)
class Job:
    """One turn to learn from."""

    id: int
    turn_id: str
    user_id: str
    chat_id: str
    session_id: str | None
    user_name: str | None
    user_text: str
    assistant_text: str
    explicit: bool
    learn: bool
    is_group: bool
    turn_time: datetime
    attempts: int


_COLS = (
    "id, turn_id, user_id, chat_id, session_id, user_name, user_text, assistant_text, explicit, "
    "learn, is_group, turn_time, attempts"
)


def _job(r: object) -> Job:
    m = r._mapping  # type: ignore[attr-defined]
    when = from_ts(m["turn_time"])
    assert when
    return Job(
        m["id"],
        m["turn_id"],
        m["user_id"],
        m["chat_id"],
        m["session_id"],
        m["user_name"],
        m["user_text"],
        m["assistant_text"],
        bool(m["explicit"]),
        bool(m["learn"]),
        bool(m["is_group"]),
        when,
        m["attempts"],
    )


def add(conn: Connection, job: Job, now: datetime, owner: str, lease_s: float) -> bool:
    """Queue a turn, leased to ``owner`` (the process that committed it learns from it unless
    it dies first); ``False`` if this turn id was already queued (idempotent replay)."""
    result = conn.execute(
        sql(
            "INSERT INTO outbox (turn_id, user_id, chat_id, session_id, user_name, user_text, "
            "assistant_text, explicit, learn, is_group, turn_time, next_attempt_at, created_at, "
            "lease_owner, lease_until) "
            "VALUES (:turn, :u, :chat, :sess, :name, :ut, :at, :exp, :learn, :grp, :tt, :now, "
            ":now, :owner, :until) ON CONFLICT(turn_id) DO NOTHING"
        ),
        {
            "turn": job.turn_id,
            "u": job.user_id,
            "chat": job.chat_id,
            "sess": job.session_id,
            "name": job.user_name,
            "ut": job.user_text,
            "at": job.assistant_text,
            "exp": int(job.explicit),
            "learn": int(job.learn),
            "grp": int(job.is_group),
            "tt": to_ts(job.turn_time),
            "now": to_ts(now),
            "owner": owner,
            "until": to_ts(now) + lease_s,
        },
    )
    return bool(result.rowcount)


def exists(conn: Connection, turn_id: str) -> bool:
    """Whether this turn is already in the outbox (any status)."""
    return (
        conn.execute(text("SELECT 1 FROM outbox WHERE turn_id = :t"), {"t": turn_id}).first()
        is not None
    )


def owner_of(conn: Connection, turn_id: str) -> str | None:
    """The user whose turn this is (turn ids name a platform message: unguessable)."""
    value = conn.execute(
        text("SELECT user_id FROM outbox WHERE turn_id = :t"), {"t": turn_id}
    ).scalar()
    return None if value is None else str(value)


def is_pending(conn: Connection, job_id: int) -> bool:
    """Whether the job is still waiting to be applied (gone after its user was erased)."""
    row = conn.execute(
        text("SELECT 1 FROM outbox WHERE id = :id AND status = 'pending'"), {"id": job_id}
    ).first()
    return row is not None


def _free(conn: Connection) -> str:
    """A job ``:me`` may take: its own, never leased, or leased by a process that is gone or
    whose lease ran out."""
    return lease_repo.free_sql(conn)


def users_with_pending(conn: Connection, now: datetime, owner: str, limit: int = 200) -> list[str]:
    """Users whose oldest pending job is due and free for ``owner``, in arrival order."""
    rows = conn.execute(
        text(
            "SELECT user_id, MIN(id) AS first FROM outbox WHERE status = 'pending' "
            "GROUP BY user_id HAVING MIN(CASE WHEN next_attempt_at <= :now "
            f"AND {_free(conn)} THEN id END) = MIN(id) ORDER BY first LIMIT :lim"
        ),
        {"now": to_ts(now), "me": owner, "lim": limit},
    ).all()
    return [r[0] for r in rows]


def claim_next(
    conn: Connection, user_id: str, now: datetime, owner: str, lease_s: float
) -> Job | None:
    """Lease the user's oldest pending job to ``owner`` if it is due and free; ``None`` if it
    is not (postponed, or another process holds it). A postponed or leased job blocks the
    user's later ones: one user's turns are learned in order, by one process at a time.

    One conditional ``UPDATE``: on PostgreSQL the row lock makes a second claimer re-read the
    row after the first commits, and it then finds the lease taken (or the job done). Not
    ``FOR UPDATE SKIP LOCKED``: skipping the locked oldest row would hand out the user's next
    job, out of order. Runs outside the database-wide writer lock (``serial=False``).
    """
    r = conn.execute(
        text(
            f"UPDATE outbox SET lease_owner = :me, lease_until = :until WHERE id = ("
            "SELECT id FROM outbox WHERE user_id = :u AND status = 'pending' ORDER BY id LIMIT 1"
            f") AND status = 'pending' AND next_attempt_at <= :now AND {_free(conn)} "
            f"RETURNING {_COLS}"
        ),
        {"u": user_id, "now": to_ts(now), "me": owner, "until": to_ts(now) + lease_s},
    ).first()
    return None if r is None else _job(r)


def next_due_at(conn: Connection) -> float | None:
    """When the earliest pending job becomes due."""
    v = conn.execute(
        text("SELECT MIN(next_attempt_at) FROM outbox WHERE status = 'pending'")
    ).scalar()
    return None if v is None else float(v)


def mark_done(
    conn: Connection,
    job_id: int,
    now: datetime,
    result_json: str | None,
    user_text: str | None = None,
) -> bool:
    """Finish a job inside the transaction that applied it; ``False`` if it was not pending.
    ``user_text`` replaces the kept text (its redacted form, once the job no longer needs it)."""
    res = conn.execute(
        text(
            "UPDATE outbox SET status = 'done', finished_at = :now, result_json = :r, "
            "last_error = NULL, user_text = COALESCE(:ut, user_text) "
            "WHERE id = :id AND status = 'pending'"
        ),
        {"id": job_id, "now": to_ts(now), "r": result_json, "ut": user_text},
    )
    return bool(res.rowcount)


def postpone(
    conn: Connection, job_id: int, error: str, now: datetime, max_attempts: int, base_delay: float
) -> str:
    """Record a failure: retry later with exponential backoff, or mark failed; returns status."""
    attempts = int(
        conn.execute(
            text(
                "UPDATE outbox SET attempts = attempts + 1, last_error = :err, lease_owner = NULL, "
                "lease_until = NULL WHERE id = :id RETURNING attempts"
            ),
            {"id": job_id, "err": error[:1000]},
        ).scalar_one()
    )
    if attempts >= max_attempts:
        conn.execute(
            text("UPDATE outbox SET status = 'failed', finished_at = :now WHERE id = :id"),
            {"id": job_id, "now": to_ts(now)},
        )
        return "failed"
    delay = min(3600.0, base_delay * (2 ** (attempts - 1)))
    conn.execute(
        text("UPDATE outbox SET next_attempt_at = :t WHERE id = :id"),
        {"id": job_id, "t": to_ts(now) + delay},
    )
    return "pending"


def retry_failed(conn: Connection, now: datetime, user_id: str | None = None) -> int:
    """Put failed jobs back in the queue (operator action); returns how many."""
    cond = " AND user_id = :u" if user_id else ""
    res = conn.execute(
        text(
            "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = :now "
            f"WHERE status = 'failed'{cond}"
        ),
        {"now": to_ts(now), "u": user_id},
    )
    return int(res.rowcount)


def counts(conn: Connection) -> dict[str, int]:
    """Jobs by status."""
    rows = conn.execute(text("SELECT status, COUNT(*) FROM outbox GROUP BY status")).all()
    return {r[0]: int(r[1]) for r in rows}


def pending_for_user(conn: Connection, user_id: str) -> int:
    """How many of this user's turns are not yet learned from."""
    return int(
        conn.execute(
            text("SELECT COUNT(*) FROM outbox WHERE user_id = :u AND status = 'pending'"),
            {"u": user_id},
        ).scalar_one()
    )


def forget_turns(conn: Connection, user_id: str, turn_ids: Iterable[str], marker: str) -> None:
    """Blank the words of the user's learned (or failed) turns ``turn_ids``: a forgotten fact's
    turn keeps no copy of it here either (a pending job still needs its words to be learned)."""
    wanted = sorted(set(turn_ids))
    if wanted:
        stmt = text(
            "UPDATE outbox SET user_text = :f, assistant_text = '' WHERE user_id = :u "
            "AND turn_id IN :t AND status != 'pending'"
        ).bindparams(bindparam("t", expanding=True))
        conn.execute(stmt, {"u": user_id, "t": wanted, "f": marker})
