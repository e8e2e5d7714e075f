"""The names of the scheduled jobs, plain data with no imports, so ``membot jobs run --help``
lists every job without loading the engine (the engine's ``jobs.runner.SCHEDULE`` holds each
one's cron field and description; a test keeps the two in step).
"""

from __future__ import annotations

#: The scheduled jobs' names, in schedule order.
JOB_NAMES: tuple[str, ...] = (
    "consolidate",
    "expire",
    "decay",
    "dedup",
    "reflect",
    "insights",
    "enrich",
    "rewrite",
)


def job_names() -> list[str]:
    """Every scheduled job's name, in schedule order."""
    return list(JOB_NAMES)
