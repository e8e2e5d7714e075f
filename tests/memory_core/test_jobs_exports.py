"""The public API of ``memory_core.jobs`` is pinned, and erasure leaves no job rows behind."""

from __future__ import annotations

import memory_core.jobs as jobs
from memory_core.clock import ManualClock
from memory_core.jobs import Reflector, TemplateWriter
from memory_core.jobs import profile as profile_job
from memory_core.memory import Memory
from memory_core.store import dedup_pairs, lifecycle, users
from memory_core.user import edits
from memory_core.values import NewFact
from tests.factories import USER

EXPORTED = [
    "Activity",
    "Answer",
    "ConsolidateConfig",
    "ConsolidationResult",
    "Consolidator",
    "DecayConfig",
    "DecayReport",
    "DedupConfig",
    "DedupReport",
    "Deduplicator",
    "Digest",
    "Enrichment",
    "EnrichmentConfig",
    "EnrichmentReport",
    "EntityReader",
    "InsightDraft",
    "InsightWriter",
    "Insights",
    "InsightsConfig",
    "LLMEntityReader",
    "LLMInsightWriter",
    "LLMJudge",
    "LLMWriter",
    "Lifecycle",
    "Pair",
    "PairJudge",
    "Profile",
    "Question",
    "ReflectionConfig",
    "ReflectionWriter",
    "Reflector",
    "RulesJudge",
    "TemplateWriter",
    "decayed_confidence",
]


def test_jobs_package_exports_exactly_its_public_api() -> None:
    assert sorted(jobs.__all__) == sorted(EXPORTED)
    assert all(hasattr(jobs, name) for name in EXPORTED)


async def test_erasing_a_user_removes_their_job_rows(lexical: Memory, clock: ManualClock) -> None:
    with lexical.db.write() as conn:
        users.set_fields(conn, USER, clock.now(), private_chat="dm-1")
    facts = [
        await lexical.remember(USER, NewFact(key=f"k{i}", value_text=f"Ana fact {i}."))
        for i in range(3)
    ]
    await profile_job.rebuild(lexical, USER)
    clock.advance(days=7)  # the first reflection waits for the user's first week
    assert await Reflector(lexical, TemplateWriter()).compose(USER) is not None
    with lexical.db.write() as conn:
        lifecycle.open_question(conn, USER, facts[0].id, clock.now())
        dedup_pairs.record_checks(conn, USER, [("fp", False)], clock.now())
    await edits.erase_user(lexical, USER)
    with lexical.db.read() as conn:
        for table in ("profiles", "reflection_posts", "fact_questions", "dedup_checks"):
            count = conn.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar_one()
            assert count == 0, table
