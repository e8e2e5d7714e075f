"""The language-model port: forced tool calls and plain chat, plus validated structured calls.

Providers (``memory_core.providers``) implement :class:`LLM`; the extractor and the auditor use
:func:`call_validated` so that a reply that does not fit the schema is re-prompted a bounded
number of times and then fails loudly, never turning into "no facts".
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from pydantic import ValidationError

from memory_core.errors import InvalidLLMOutputError

T = TypeVar("T")

#: A reply that fails validation is re-prompted at most this many more times.
MAX_REPROMPTS = 2


@dataclass(frozen=True, slots=True)
class Usage:
    """What one model call cost and how long it took."""

    model: str
    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    latency_ms: float = 0.0
    #: Whose turn or job the call served (``None``: no user, e.g. a global sweep).
    user_id: str | None = None
    #: What it was for: reply, tools, extraction, audit, consolidation, dedup, reflection.
    purpose: str = ""

    @property
    def total_tokens(self) -> int:
        """Every token the call was billed for (cached ones included)."""
        return (
            self.input_tokens
            + self.output_tokens
            + self.cache_creation_input_tokens
            + self.cache_read_input_tokens
        )


#: Purposes of the provider's calls when no scope names one: the forced tool's name → purpose.
TOOL_PURPOSES = {
    "record_facts": "extraction",
    "record_actions": "audit",
    "judge_duplicates": "dedup",
    "record_insights": "insight",
    "record_entities": "enrichment",
    "chat": "reply",
}
_SCOPE: ContextVar[tuple[str | None, str | None]] = ContextVar("llm_scope", default=(None, None))


@contextlib.contextmanager
def llm_scope(*, user_id: str | None = None, purpose: str | None = None) -> Iterator[None]:
    """Attribute the model calls made inside this block (this task and the tasks it starts)
    to ``user_id`` and ``purpose``; an unset field keeps the enclosing scope's value."""
    outer_user, outer_purpose = _SCOPE.get()
    token = _SCOPE.set((user_id or outer_user, purpose or outer_purpose))
    try:
        yield
    finally:
        _SCOPE.reset(token)


def scoped_user() -> str | None:
    """The user the model calls made here are attributed to (``llm_scope``), if any."""
    return _SCOPE.get()[0]


def attribution(call_purpose: str) -> tuple[str | None, str]:
    """(user, purpose) for a call the provider is about to make; ``call_purpose`` (the forced
    tool's name, or ``chat``) decides the purpose unless a scope named one."""
    user_id, purpose = _SCOPE.get()
    return user_id, purpose or TOOL_PURPOSES.get(call_purpose, call_purpose)


@dataclass(frozen=True, slots=True)
class ToolSpec:
    """A tool the model is forced to call; its ``input_schema`` is the output we want."""

    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ToolCall:
    """The forced tool call's ``input`` (the structured output) and its usage."""

    input: dict[str, Any]
    usage: Usage


@dataclass(frozen=True, slots=True)
class ChatReply:
    """A plain text answer and its usage."""

    text: str
    usage: Usage


@dataclass(frozen=True, slots=True)
class ToolUse:
    """One tool call the model asked for during a conversation."""

    id: str
    name: str
    input: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ModelTurn:
    """One assistant message of a conversation with tools: its text, the tool calls it asked
    for, why it stopped, and the raw content blocks (sent back verbatim in the next round)."""

    text: str
    tool_uses: tuple[ToolUse, ...]
    stop_reason: str | None
    content: list[dict[str, Any]] = field(default_factory=list)
    usage: Usage | None = None


@dataclass(frozen=True, slots=True)
class Prompt:
    """A conversation's prompt in cache order: ``system`` and ``tools`` are stable across turns
    (cached up to a breakpoint after them); ``messages`` carry their own breakpoints."""

    system: str
    messages: list[dict[str, Any]]
    tools: Sequence[ToolSpec] = ()


class LLM(Protocol):
    """A language model: structured output through a forced tool, or a plain chat reply."""

    async def call_tool(
        self, *, system: str, messages: list[dict[str, Any]], tool: ToolSpec, max_tokens: int
    ) -> ToolCall:
        """Make the model call ``tool`` once and return that call's input."""
        ...

    async def chat(
        self, *, system: str, messages: list[dict[str, Any]], max_tokens: int
    ) -> ChatReply:
        """A text reply to ``messages``."""
        ...


#: Receives a streamed message's text as it arrives, one piece (a delta) at a time.
TextSink = Callable[[str], Awaitable[None]]


class ConversationLLM(Protocol):
    """A language model that can converse with tools (the reply path's loop)."""

    async def converse(
        self,
        prompt: Prompt,
        *,
        max_tokens: int,
        tool_choice: Literal["auto", "none"] = "auto",
        purpose: str = "chat",
        on_text: TextSink | None = None,
    ) -> ModelTurn:
        """One assistant message for ``prompt``; with ``tool_choice="none"`` it must answer.
        With ``on_text`` the message is streamed: its text pieces go to ``on_text`` as they
        arrive, and the whole message is still returned at the end (a failure midway raises
        :class:`~memory_core.errors.LLMError` like a failed call)."""
        ...


class OutputRejected(ValueError):
    """Raised by a ``parse`` callback: the tool input is unusable, and why (shown to the model)."""


def rejection(exc: ValidationError) -> OutputRejected:
    """A pydantic error as an :class:`OutputRejected`: field paths and messages, never the
    offending values (they may be the user's words, and the error can reach a log)."""
    lines = []
    for err in exc.errors(include_url=False, include_input=False):
        where = ".".join(str(part) for part in err["loc"]) or "(root)"
        lines.append(f"- {where}: {err['msg']}")
    return OutputRejected("\n".join(lines))


async def call_validated(
    llm: LLM,
    *,
    system: str,
    prompt: str,
    tool: ToolSpec,
    parse: Callable[[dict[str, Any]], T],
    max_tokens: int,
) -> T:
    """Call ``tool`` and ``parse`` its input; on :class:`OutputRejected` re-prompt with the error
    (at most ``MAX_REPROMPTS`` more times), then raise :class:`InvalidLLMOutputError`."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    error = ""
    for _ in range(1 + MAX_REPROMPTS):
        call = await llm.call_tool(
            system=system, messages=messages, tool=tool, max_tokens=max_tokens
        )
        try:
            return parse(call.input)
        except OutputRejected as exc:
            error = str(exc)
        # The model must see what it sent and why it was rejected to correct itself.
        messages = [
            *messages,
            {
                "role": "assistant",
                "content": f"{tool.name} input: {json.dumps(call.input, ensure_ascii=False)}",
            },
            {
                "role": "user",
                "content": (
                    f"That {tool.name} input was rejected:\n{error}\n"
                    f"Call {tool.name} again with corrected input that follows the schema."
                ),
            },
        ]
    raise InvalidLLMOutputError(
        f"{tool.name} output invalid after {1 + MAX_REPROMPTS} attempts: {error[:500]}",
        retryable=False,
    )
