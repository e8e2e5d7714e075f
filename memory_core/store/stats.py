"""Read-only aggregate queries for operators: store counts and the rows metrics are made of.

Every query here reads across users (operator views); nothing here is shown to a user.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, text

from memory_core.db.backends import of as backend_of
from memory_core.store import meta


@dataclass(frozen=True, slots=True)
class StoreCounts:
    """What the database holds, counted."""

    users: int
    facts_by_status: dict[str, int]
    active_facts_by_category: dict[str, int]
    episodes: int
    sessions: int
    pending_conflicts: int
    outbox: dict[str, int]
    failed_jobs: dict[str, int]
    vector_queue: int
    vector_queue_retrying: int
    events: int
    schema_version: int
    embedding_model: str | None
    embedding_dim: int | None = None


def _grouped(conn: Connection, sql: str) -> dict[str, int]:
    return {str(r[0]): int(r[1]) for r in conn.execute(text(sql)).all()}


def _count(conn: Connection, sql: str) -> int:
    return int(conn.execute(text(sql)).scalar_one())


def counts(conn: Connection) -> StoreCounts:
    """Users, facts by status and category, episodes, conflicts, queues, failed jobs."""
    failed = {"observer": _count(conn, "SELECT COUNT(*) FROM outbox WHERE status = 'failed'")}
    failed.update(
        _grouped(
            conn,
            "SELECT job, COUNT(*) FROM job_runs WHERE status = 'failed' GROUP BY job ORDER BY job",
        )
    )
    dim = meta.get(conn, "embedding_dim")
    return StoreCounts(
        users=_count(
            conn,
            "SELECT COUNT(*) FROM (SELECT user_id FROM facts UNION SELECT user_id FROM episodes "
            "UNION SELECT user_id FROM user_settings)",
        ),
        facts_by_status=_grouped(
            conn, "SELECT status, COUNT(*) FROM facts GROUP BY status ORDER BY status"
        ),
        active_facts_by_category=_grouped(
            conn,
            "SELECT category, COUNT(*) FROM facts WHERE status = 'active' GROUP BY category "
            "ORDER BY COUNT(*) DESC, category",
        ),
        episodes=_count(conn, "SELECT COUNT(*) FROM episodes"),
        sessions=_count(conn, "SELECT COUNT(*) FROM sessions"),
        pending_conflicts=_count(conn, "SELECT COUNT(*) FROM conflicts WHERE status = 'open'"),
        outbox=_grouped(conn, "SELECT status, COUNT(*) FROM outbox GROUP BY status"),
        failed_jobs=failed,
        vector_queue=_count(conn, "SELECT COUNT(*) FROM vector_queue"),
        vector_queue_retrying=_count(conn, "SELECT COUNT(*) FROM vector_queue WHERE attempts > 0"),
        events=_count(conn, "SELECT COUNT(*) FROM events"),
        schema_version=_count(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"),
        embedding_model=meta.get(conn, "embedding_model"),
        embedding_dim=int(dim) if dim else None,
    )


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One audit row, reduced to what the wrong-overwrite metric needs."""

    fact_id: int
    user_id: str
    key: str | None
    event: str
    actor: str
    reason: str | None
    before_id: int | None
    ts: float


def history_rows(conn: Connection, since: float, until: float) -> list[HistoryRow]:
    """Observer and user audit rows with ``since <= ts < until``, oldest first."""
    d = backend_of(conn)
    key = d.json_text("COALESCE(after_json, before_json)", "key")
    before_id = d.json_int("before_json", "id")
    result = conn.execute(
        text(
            f"SELECT fact_id, user_id, {key}, "
            f"event, actor, reason, {before_id}, ts FROM fact_history "
            "WHERE ts >= :since AND ts < :until AND actor IN ('observer', 'user') "
            "ORDER BY ts, id"
        ),
        {"since": since, "until": until},
    ).all()
    return [
        HistoryRow(
            int(r[0]),
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            None if r[6] is None else int(r[6]),
            float(r[7]),
        )
        for r in result
    ]


@dataclass(frozen=True, slots=True)
class ConflictRow:
    """One pending confirmation, reduced to its outcome."""

    status: str
    resolution: str | None
    created_at: float
    resolved_at: float | None


def conflict_rows(conn: Connection, since: float, until: float) -> list[ConflictRow]:
    """Conflicts opened with ``since <= created_at < until``."""
    result = conn.execute(
        text(
            "SELECT status, resolution, created_at, resolved_at FROM conflicts "
            "WHERE created_at >= :since AND created_at < :until ORDER BY id"
        ),
        {"since": since, "until": until},
    ).all()
    return [ConflictRow(r[0], r[1], float(r[2]), r[3]) for r in result]


def outbox_lags(conn: Connection, since: float, until: float) -> list[float]:
    """Seconds from a turn's commit to its learning, for jobs finished in the window."""
    result = conn.execute(
        text(
            "SELECT finished_at - created_at FROM outbox WHERE status = 'done' "
            "AND finished_at >= :since AND finished_at < :until"
        ),
        {"since": since, "until": until},
    ).all()
    return [max(0.0, float(r[0])) for r in result]
