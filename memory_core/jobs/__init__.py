"""Background jobs of the memory engine: consolidation, profile, decay, dedup, reflections,
insights, entity enrichment.

Each job is plain engine work on a :class:`~memory_core.context.Context` (short write
transactions, bounded per run and per user); scheduling them is the bot's business.
"""

from memory_core.jobs.consolidate import ConsolidateConfig, ConsolidationResult, Consolidator
from memory_core.jobs.decay import DecayConfig, DecayReport, Lifecycle, decayed_confidence
from memory_core.jobs.dedup import (
    DedupConfig,
    Deduplicator,
    DedupReport,
    Pair,
    PairJudge,
    RulesJudge,
)
from memory_core.jobs.enrichment import (
    Enrichment,
    EnrichmentConfig,
    EnrichmentReport,
    EntityReader,
)
from memory_core.jobs.insights import (
    Activity,
    InsightDraft,
    Insights,
    InsightsConfig,
    InsightWriter,
)
from memory_core.jobs.llm_steps import LLMEntityReader, LLMInsightWriter, LLMJudge, LLMWriter
from memory_core.jobs.profile import Profile
from memory_core.jobs.questions import Answer, Question
from memory_core.jobs.reflection import (
    Digest,
    ReflectionConfig,
    ReflectionWriter,
    Reflector,
    TemplateWriter,
)

__all__ = [
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
