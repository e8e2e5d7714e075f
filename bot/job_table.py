"""The table of scheduled jobs: each job's name, the ``JobsConfig`` field holding its cron, and
what it does. Plain data with no imports, so ``membot jobs run --help`` lists every job without
loading the engine; ``bot.jobs`` maps each name to what it runs.
"""

from __future__ import annotations

#: The scheduled jobs: name, the ``JobsConfig`` field with its cron, and what it does.
SCHEDULE: tuple[tuple[str, str, str], ...] = (
    ("consolidate", "consolidate_cron", "consolidate ended sessions (nightly sweep)"),
    ("expire", "expire_cron", "expire unanswered conflicts and 'only for now' values"),
    ("decay", "decay_cron", "decay, TTL soft-delete, purge"),
    ("dedup", "dedup_cron", "merge near-duplicate facts"),
    ("reflect", "reflection_cron", "weekly reflection posts"),
    ("insights", "insights_cron", "insights into active users (with a language model)"),
    ("enrich", "enrich_cron", "link entities in facts with few (with a language model)"),
    ("rewrite", "rewrite_cron", "rewrite the tables /forgetme erasures left (PostgreSQL)"),
)


def job_names() -> list[str]:
    """Every scheduled job's name, in schedule order."""
    return [name for name, _field, _about in SCHEDULE]
