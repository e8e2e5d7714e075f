"""Fact lifecycle SQL: decay candidates, TTL candidates, the purge, and "still true?" questions.

Cross-user selections return (user id, fact id) pairs; every change is then made scoped to
the fact's own user.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts
from memory_core.db.backends import of as backend_of
from memory_core.store import vectors as vectors_repo


@dataclass(frozen=True, slots=True)
class DecayRow:
    """What decay needs to know about one unprotected active fact."""

    id: int
    user_id: str
    confidence: float
    decay_rate: float
    reference: datetime  # the later of last access, last mention and last decay


#: A fact linked to a protected entity (one of the user's people, under any of its types:
#: "Marco" the person and "Marco" the name mentioned) does not decay (seed 002).
_ABOUT_PROTECTED = (
    "SELECT 1 FROM memory_entities me JOIN entities e ON e.id = me.entity_id "
    "JOIN entities p ON p.user_id = e.user_id AND p.canonical_name = e.canonical_name "
    "AND p.protected = 1 WHERE me.user_id = f.user_id AND me.item_kind = 'fact' "
    "AND me.item_id = f.id"
)


def decay_batch(
    conn: Connection, after_id: int, limit: int, user_id: str | None = None
) -> list[DecayRow]:
    """The next unprotected active facts (keyset on id): not pending, not pinned, decaying."""
    cond = " AND f.user_id = :u" if user_id else ""
    reference = backend_of(conn).greatest(
        "COALESCE(f.last_accessed_at, 0)", "f.last_mentioned_at", "COALESCE(f.decayed_at, 0)"
    )
    rows = conn.execute(
        text(
            f"SELECT f.id, f.user_id, f.confidence, f.decay_rate, {reference} FROM facts f "
            "WHERE f.status = 'active' AND f.kind = 'fact' AND f.decay_rate > 0 "
            f"AND f.pinned = 0 AND f.id > :after{cond} AND NOT EXISTS ({_ABOUT_PROTECTED}) "
            "ORDER BY f.id LIMIT :lim"
        ),
        {"after": after_id, "lim": limit, "u": user_id},
    ).all()
    out = []
    for r in rows:
        ref = from_ts(float(r[4]))
        assert ref
        out.append(DecayRow(int(r[0]), str(r[1]), float(r[2]), float(r[3]), ref))
    return out


def set_confidence(
    conn: Connection, user_id: str, fact_id: int, confidence: float, now: datetime
) -> None:
    """Store decayed confidence silently (no history: decay is bookkeeping, not a change the
    user made; ``updated_at`` is kept so lists keep their order)."""
    conn.execute(
        text("UPDATE facts SET confidence = :c, decayed_at = :now WHERE user_id = :u AND id = :id"),
        {"c": confidence, "now": to_ts(now), "u": user_id, "id": fact_id},
    )


#: What never fades by time alone: stated identity, family and the user's people, pets,
#: health, hard preferences (and what the user marked sensitive).
NEVER_FADE = (
    "category IN ('identity','hard_preference','relationship','health') OR sensitive = 1 "
    "OR key = 'name' OR key LIKE 'family.%' OR key LIKE 'pet.%' OR key LIKE 'person.%' "
    "OR key LIKE 'allergy%' OR key LIKE 'diet%'"
)
#: What naturally changes, and so may be asked about ("still true?"): home, job, plans.
CHANGEABLE = (
    "(key LIKE 'home%' OR key IN ('job_title','employer','workplace','work') "
    "OR key LIKE 'job.%' OR key LIKE 'work.%' OR key LIKE 'plan.%' OR key LIKE 'project.%')"
)


def question_candidates(
    conn: Connection,
    *,
    mentioned_before: datetime,
    asked_since: datetime,
    limit: int,
    user_id: str | None = None,
) -> list[tuple[str, int]]:
    """At most one fact per user to ask "still true?" about: an active fact of a kind that
    naturally changes (``CHANGEABLE``; never the user's name), not confirmed or pinned, not
    mentioned since ``mentioned_before``, never asked about in that time, of a user with no
    question opened or asked since ``asked_since`` (and none open)."""
    cond = " AND f.user_id = :u" if user_id else ""
    rows = conn.execute(
        text(
            "SELECT f.user_id, MIN(f.id) FROM facts f WHERE f.status = 'active' "
            "AND f.kind = 'fact' AND f.pinned = 0 AND f.decay_rate > 0 "
            f"AND f.key <> 'name' AND {CHANGEABLE.replace('key', 'f.key')} "
            f"AND f.last_mentioned_at <= :before{cond} "
            "AND NOT EXISTS (SELECT 1 FROM fact_questions q WHERE q.fact_id = f.id "
            "AND q.created_at > :before) "
            "AND NOT EXISTS (SELECT 1 FROM fact_questions q WHERE q.user_id = f.user_id "
            "AND (q.status = 'open' OR q.created_at > :since OR q.asked_at > :since)) "
            "GROUP BY f.user_id ORDER BY f.user_id LIMIT :lim"
        ),
        {
            "before": to_ts(mentioned_before),
            "since": to_ts(asked_since),
            "lim": limit,
            "u": user_id,
        },
    ).all()
    return [(str(r[0]), int(r[1])) for r in rows]


def ttl_candidates(
    conn: Connection,
    accessed_before: datetime,
    importance_below: int,
    limit: int,
    user_id: str | None = None,
) -> list[tuple[str, int]]:
    """Facts that fade (seed 003 §7): active, unaccessed and unmentioned since
    ``accessed_before``, unpinned, unprotected, of low importance, and of no kind that never
    fades by time alone (``NEVER_FADE``)."""
    cond = " AND user_id = :u" if user_id else ""
    used = backend_of(conn).greatest("COALESCE(last_accessed_at, 0)", "last_mentioned_at")
    rows = conn.execute(
        text(
            "SELECT user_id, id FROM facts WHERE status = 'active' AND kind = 'fact' "
            "AND pinned = 0 AND decay_rate > 0 AND importance < :imp "
            f"AND NOT ({NEVER_FADE}) AND {used} <= :before"
            f"{cond} ORDER BY id LIMIT :lim"
        ),
        {"imp": importance_below, "before": to_ts(accessed_before), "lim": limit, "u": user_id},
    ).all()
    return [(str(r[0]), int(r[1])) for r in rows]


def purge_due(
    conn: Connection, now: datetime, limit: int, user_id: str | None = None
) -> list[tuple[str, int]]:
    """Soft-deleted facts whose ``purge_at`` has passed and that nothing can re-learn.

    The deleted row is what stops consolidation re-learning a forgotten fact from the
    session it was told in, so a fact is not purged while its user still has a session
    begun before the deletion waiting to be consolidated (a bot down for a month, or a
    backlog): it goes on the first night after that session is consolidated."""
    rows = conn.execute(
        text(
            f"SELECT f.user_id, f.id FROM facts f WHERE {_past_purge(user_id)} "
            f"AND NOT EXISTS ({_BACKLOG}) ORDER BY f.id LIMIT :lim"
        ),
        {"now": to_ts(now), "lim": limit, "u": user_id},
    ).all()
    return [(str(r[0]), int(r[1])) for r in rows]


def purge_deferred(conn: Connection, now: datetime, user_id: str | None = None) -> int:
    """Deleted facts past ``purge_at`` held back by an unconsolidated session (see
    ``purge_due``): a count for the job's report, so a stuck backlog shows."""
    return int(
        conn.execute(
            text(
                f"SELECT COUNT(*) FROM facts f WHERE {_past_purge(user_id)} AND EXISTS ({_BACKLOG})"
            ),
            {"now": to_ts(now), "u": user_id},
        ).scalar_one()
    )


def _past_purge(user_id: str | None) -> str:
    """Deleted facts (of ``:u`` when given) whose ``purge_at`` is at or before ``:now``."""
    cond = " AND f.user_id = :u" if user_id else ""
    return f"f.status = 'deleted' AND f.purge_at IS NOT NULL AND f.purge_at <= :now{cond}"


#: An unconsolidated session of the fact's user that began before the fact was deleted.
_BACKLOG = (
    "SELECT 1 FROM sessions s WHERE s.user_id = f.user_id AND s.consolidated_at IS NULL "
    "AND s.first_seen <= f.updated_at"
)


def purge(conn: Connection, user_id: str, fact_id: int, *, vectors: bool) -> None:
    """Remove one soft-deleted fact for good: its row, history, change log entries, links,
    questions, conflicts and vector. Its FTS entry left with the soft delete (the FTS
    triggers index only non-deleted rows)."""
    params = {"u": user_id, "id": fact_id}
    if vectors:
        # Deletes the vector and bumps the user's vector version (cached matrices reload).
        vectors_repo.write(conn, "facts", user_id, fact_id, None)
    for stmt in (
        "DELETE FROM vector_queue WHERE item_kind = 'fact' AND item_id = :id AND user_id = :u",
        "DELETE FROM memory_entities WHERE item_kind = 'fact' AND item_id = :id AND user_id = :u",
        "DELETE FROM relations WHERE user_id = :u AND (from_id = :id OR to_id = :id)",
        "DELETE FROM fact_questions WHERE user_id = :u AND fact_id = :id",
        "DELETE FROM conflicts WHERE user_id = :u AND (old_fact_id = :id OR new_fact_id = :id)",
        "DELETE FROM change_log WHERE user_id = :u AND fact_id = :id",
        "DELETE FROM fact_history WHERE user_id = :u AND fact_id = :id",
        "UPDATE facts SET supersedes_id = NULL WHERE user_id = :u AND supersedes_id = :id",
        "DELETE FROM facts WHERE user_id = :u AND id = :id AND status = 'deleted'",
    ):
        conn.execute(text(stmt), params)


# ---- "still true?" questions --------------------------------------------------------------


def open_question(conn: Connection, user_id: str, fact_id: int, now: datetime) -> bool:
    """Open a question about a fact; ``False`` if one is already open."""
    result = conn.execute(
        text(
            "INSERT INTO fact_questions (user_id, fact_id, created_at) VALUES (:u, :f, :now) "
            "ON CONFLICT DO NOTHING"
        ),
        {"u": user_id, "f": fact_id, "now": to_ts(now)},
    )
    return bool(result.rowcount)


def asked_since(conn: Connection, user_id: str, since: datetime) -> bool:
    """Whether a question reached this user after ``since``."""
    return (
        conn.execute(
            text("SELECT 1 FROM fact_questions WHERE user_id = :u AND asked_at > :since LIMIT 1"),
            {"u": user_id, "since": to_ts(since)},
        ).first()
        is not None
    )


def unasked(conn: Connection, user_id: str, limit: int) -> list[tuple[int, int]]:
    """This user's open questions not yet asked: (question id, fact id), oldest first."""
    rows = conn.execute(
        text(
            "SELECT id, fact_id FROM fact_questions WHERE user_id = :u AND status = 'open' "
            "AND asked_at IS NULL ORDER BY id LIMIT :lim"
        ),
        {"u": user_id, "lim": limit},
    ).all()
    return [(int(r[0]), int(r[1])) for r in rows]


def mark_asked(conn: Connection, user_id: str, question_id: int, now: datetime) -> None:
    """Record that the question was delivered."""
    conn.execute(
        text("UPDATE fact_questions SET asked_at = :now WHERE user_id = :u AND id = :id"),
        {"u": user_id, "id": question_id, "now": to_ts(now)},
    )


def question_fact(conn: Connection, user_id: str, question_id: int) -> tuple[int, str] | None:
    """(fact id, status) of one of this user's questions."""
    row = conn.execute(
        text("SELECT fact_id, status FROM fact_questions WHERE user_id = :u AND id = :id"),
        {"u": user_id, "id": question_id},
    ).first()
    return None if row is None else (int(row[0]), str(row[1]))


def close_question(
    conn: Connection, user_id: str, question_id: int, status: str, now: datetime
) -> bool:
    """Answer an open question; ``False`` if it was already answered."""
    result = conn.execute(
        text(
            "UPDATE fact_questions SET status = :st, answered_at = :now "
            "WHERE user_id = :u AND id = :id AND status = 'open'"
        ),
        {"u": user_id, "id": question_id, "st": status, "now": to_ts(now)},
    )
    return bool(result.rowcount)
