"""Scheduled job runs: one row per (job, slot, trigger), so restarts neither repeat nor skip."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, text

from memory_core.clock import from_ts, to_ts
from memory_core.store import leases as lease_repo


@dataclass(frozen=True, slots=True)
class JobRun:
    """One recorded run of a job (``slot``: the scheduled time it stands for)."""

    id: int
    job: str
    slot: datetime
    trigger: str
    status: str
    attempts: int
    started_at: datetime
    finished_at: datetime | None
    detail: dict[str, Any]


_COLS = "id, job, slot, trigger, status, attempts, started_at, finished_at, detail_json"


def _run(r: Any) -> JobRun:
    slot, started = from_ts(r[2]), from_ts(r[6])
    assert slot and started
    detail = json.loads(r[8]) if r[8] else {}
    return JobRun(r[0], r[1], slot, r[3], r[4], int(r[5]), started, from_ts(r[7]), detail)


def last_slot(conn: Connection, job: str) -> tuple[datetime, str] | None:
    """The newest scheduled (or baseline) slot of ``job`` and its status; ``None`` if never."""
    row = conn.execute(
        text(
            "SELECT slot, status FROM job_runs WHERE job = :j AND trigger IN "
            "('schedule','baseline') ORDER BY slot DESC LIMIT 1"
        ),
        {"j": job},
    ).first()
    if row is None:
        return None
    slot = from_ts(row[0])
    assert slot
    return slot, str(row[1])


def record_baseline(conn: Connection, job: str, now: datetime) -> None:
    """Mark "scheduling starts now" for a job never seen before (earlier slots are not owed)."""
    ts = to_ts(now)
    conn.execute(
        text(
            "INSERT INTO job_runs (job, slot, trigger, status, started_at, finished_at) "
            "VALUES (:j, :ts, 'baseline', 'done', :ts, :ts) ON CONFLICT DO NOTHING"
        ),
        {"j": job, "ts": ts},
    )


def claim(
    conn: Connection,
    job: str,
    slot: datetime,
    trigger: str,
    now: datetime,
    owner: str,
    lease_s: float,
) -> int | None:
    """Start a run of ``slot`` leased to ``owner``; ``None`` when that slot already finished
    (done or failed) or another process is running it (see :func:`held_elsewhere`).

    A row left ``running`` whose lease ran out (its process died mid-run) is claimed again,
    attempts counted; so is one left by this process (a restart keeps no id, so only a run
    interrupted inside this process, e.g. cancelled at shutdown and retried).
    """
    row = conn.execute(
        text(
            "INSERT INTO job_runs (job, slot, trigger, status, started_at, lease_owner, "
            "lease_until) VALUES (:j, :slot, :tr, 'running', :now, :me, :until) "
            "ON CONFLICT(job, slot, trigger) DO UPDATE SET attempts = job_runs.attempts + 1, "
            "started_at = excluded.started_at, lease_owner = excluded.lease_owner, "
            "lease_until = excluded.lease_until WHERE job_runs.status = 'running' AND "
            f"{lease_repo.free_sql(conn, 'job_runs.')} RETURNING id"
        ),
        {
            "j": job,
            "slot": to_ts(slot),
            "tr": trigger,
            "now": to_ts(now),
            "me": owner,
            "until": to_ts(now) + lease_s,
        },
    ).first()
    return None if row is None else int(row[0])


def held_elsewhere(conn: Connection, job: str, slot: datetime, trigger: str) -> bool:
    """Whether the slot's run is still running (under another process's lease: a failed
    :func:`claim` of a running row means its lease is live)."""
    status = conn.execute(
        text("SELECT status FROM job_runs WHERE job = :j AND slot = :slot AND trigger = :tr"),
        {"j": job, "slot": to_ts(slot), "tr": trigger},
    ).scalar()
    return status == "running"


def finish(
    conn: Connection, run_id: int, status: str, now: datetime, detail: dict[str, Any]
) -> None:
    """Close a run as ``done`` or ``failed`` with a small JSON detail."""
    conn.execute(
        text(
            "UPDATE job_runs SET status = :st, finished_at = :now, detail_json = :d WHERE id = :id"
        ),
        {
            "st": status,
            "now": to_ts(now),
            "d": json.dumps(detail, default=str)[:4000],
            "id": run_id,
        },
    )


def recent(conn: Connection, job: str | None = None, limit: int = 20) -> list[JobRun]:
    """The latest runs (of one job, or all), newest first."""
    cond = "WHERE job = :j" if job else ""
    rows = conn.execute(
        text(f"SELECT {_COLS} FROM job_runs {cond} ORDER BY started_at DESC, id DESC LIMIT :lim"),
        {"j": job, "lim": limit},
    ).all()
    return [_run(r) for r in rows]
