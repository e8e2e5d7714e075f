"""What the bot reads of the engine beyond the door's names: result values, the decisions a
learned turn made, the model port's message types, the settings of each job, and small pure
helpers on them.

A public namespace, like the vocabulary modules ``values``, ``errors``, ``clock`` and
``cron``: ``bot`` imports ``from memory_core.types import …`` and nothing deeper (the
architecture test checks every name it takes is listed here). Nothing here opens the store.
"""

from memory_core.config import ImportLimits, LinkLimits, RecallConfig, RetrievalConfig
from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.patterns_intl_health import condition_name
from memory_core.extract.russian import in_case as russian_case
from memory_core.extract.russian import name_in as russian_name
from memory_core.extract.when import as_dated
from memory_core.jobs import (
    ConsolidateConfig,
    DecayConfig,
    DedupConfig,
    InsightsConfig,
    Profile,
    Question,
    ReflectionConfig,
)
from memory_core.jobs.profile import Entry as ProfileEntry
from memory_core.jobs.questions import Answer as QuestionAnswer
from memory_core.jobs.reflection import Digest as ReflectionDigest
from memory_core.learn.arbitrate import asked_about
from memory_core.learn.decisions import Expire, Insert, Noop, Pending, Supersede, Update
from memory_core.learn.resolve import Choice as ConflictChoice
from memory_core.learn.resolve import Conflict, Resolution
from memory_core.learn.resolve import Outcome as ConflictOutcome
from memory_core.llm import ConversationLLM, ModelTurn, Prompt, TextSink, ToolUse, Usage
from memory_core.ops.metrics import LLMShare
from memory_core.ops.metrics import Price as LLMPrice
from memory_core.ops.operations import (
    HealthCheck,
    MetricsReport,
    StoreStats,
    TransferStep,
)
from memory_core.ops.usage import LLMBudget
from memory_core.read.answer import (
    asked_relation,
    asks_two_things,
    message_of,
    plain_question,
    relations_named,
    relative_of_named,
)
from memory_core.read.people import (
    Person,
    find_people,
    is_person_key,
    names_someone_told,
    people_of,
)
from memory_core.read.recall import MemoryBlock, Recall
from memory_core.text.animals import kind_asked as animal_asked
from memory_core.text.animals import kind_of as animal_kind
from memory_core.text.cleaning import MAX_FACT_CHARS as MAX_REMEMBER_CHARS
from memory_core.text.crisis import is_sad, tells_of_a_death, worries_about_someone
from memory_core.text.kin import (
    gender_said,
    names_a_relative,
    names_my_people,
    names_the_user,
    relation_noun,
    relation_plural,
    says_i,
    your_relation,
)
from memory_core.text.notes import covers, is_note, note_language, said_clauses
from memory_core.text.numbers import values as number_words
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
from memory_core.user.tools import ToolChange, ToolResult

__all__ = [
    "MAX_IMPORT_LINES",
    "MAX_REMEMBER_CHARS",
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
    "MemoryBlock",
    "MetricsReport",
    "ModelTurn",
    "Noop",
    "Pending",
    "PendingImport",
    "Person",
    "Profile",
    "ProfileEntry",
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
    "animal_asked",
    "animal_kind",
    "as_dated",
    "asked_about",
    "asked_relation",
    "asks_two_things",
    "chat_of",
    "condition_name",
    "covers",
    "find_people",
    "gender_said",
    "group_key",
    "is_note",
    "is_person_key",
    "is_sad",
    "message_of",
    "names_a_relative",
    "names_my_people",
    "names_someone_told",
    "names_the_user",
    "note_language",
    "number_words",
    "people_of",
    "plain_question",
    "procedure_steps",
    "procedure_topic",
    "relation_noun",
    "relation_plural",
    "relations_named",
    "relative_of_named",
    "russian_case",
    "russian_name",
    "said_clauses",
    "says_i",
    "tells_of_a_death",
    "worries_about_someone",
    "your_relation",
]
