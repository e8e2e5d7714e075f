"""The LLM port on Anthropic's Messages API; the only module that imports ``anthropic``.

The SDK does the retrying (408/409/429/5xx/529, connection errors, timeouts, honouring
``retry-after-ms``); this module translates what is left into ``memory_core.errors``, caches the
stable system prompt and tool definition, and logs one ``llm_call`` event per call — token counts
and latency only, never prompt text or the key. A conversation turn can be streamed
(``messages.stream``): its text pieces go to a callback as they arrive, the SDK accumulates the
final message and its usage, and a failure midway (an ``error`` event, a lost connection) is an
``LLMError`` like a failed call.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal, cast

import anthropic
import httpx
import structlog
from anthropic.types import (
    Message,
    MessageParam,
    TextBlockParam,
    ToolChoiceParam,
    ToolParam,
)

from memory_core.errors import InvalidLLMOutputError, LLMError
from memory_core.llm import (
    ChatReply,
    ModelTurn,
    Prompt,
    TextSink,
    ToolCall,
    ToolSpec,
    ToolUse,
    Usage,
    attribution,
)

log = structlog.get_logger("memory_core.llm")

#: A current model id of the installed SDK (``claude-sonnet-4-5`` is deprecated in anthropic 2.12
#: and makes the SDK warn on every call); configurable through the constructor.
DEFAULT_MODEL = "claude-sonnet-5-5"
DEFAULT_TIMEOUT_S = 60.0

#: Statuses worth retrying later (the SDK already retried them ``max_retries`` times).
_RETRYABLE_STATUS = frozenset({408, 409, 429})
_RETRYABLE_ERROR_TYPES = frozenset({"overloaded_error", "api_error", "rate_limit_error"})
_EPHEMERAL: dict[str, Any] = {"type": "ephemeral"}


def _usage(model: str, message: Message, latency_ms: float, call_purpose: str) -> Usage:
    u = message.usage
    user_id, purpose = attribution(call_purpose)
    return Usage(
        model=message.model or model,
        input_tokens=u.input_tokens,
        output_tokens=u.output_tokens,
        cache_creation_input_tokens=u.cache_creation_input_tokens or 0,
        cache_read_input_tokens=u.cache_read_input_tokens or 0,
        latency_ms=round(latency_ms, 1),
        user_id=user_id,
        purpose=purpose,
    )


def _tool_params(tools: list[ToolSpec]) -> list[ToolParam]:
    """Tool definitions; they sit before the system prompt's breakpoint, which caches them."""
    return [
        {"name": t.name, "description": t.description, "input_schema": t.input_schema}
        for t in tools
    ]


def translate_error(exc: anthropic.AnthropicError) -> LLMError:
    """Our error for an SDK error: overload, rate limits, 5xx, timeouts and lost connections are
    retryable; bad requests, authentication and permission errors are not."""
    if isinstance(exc, anthropic.APITimeoutError):
        return LLMError("LLM request timed out", retryable=True)
    if isinstance(exc, anthropic.APIConnectionError):
        return LLMError("LLM connection failed", retryable=True)
    if isinstance(exc, anthropic.APIStatusError):
        status = exc.status_code
        # A failure mid-stream arrives as an ``error`` event of a 200 response: its type says.
        retryable = (
            status in _RETRYABLE_STATUS or status >= 500 or exc.type in _RETRYABLE_ERROR_TYPES
        )
        detail = f"LLM API error {status} ({exc.type or 'unknown'}), request_id={exc.request_id}"
        return LLMError(detail, retryable=retryable)
    return LLMError(f"LLM client error: {type(exc).__name__}", retryable=False)


class AnthropicLLM:
    """Claude through ``anthropic.AsyncAnthropic``: forced tool calls and plain chat."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str = DEFAULT_MODEL,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float = DEFAULT_TIMEOUT_S,
        usage_sink: Callable[[Usage], None] | None = None,
    ) -> None:
        # base_url None: the SDK reads ANTHROPIC_BASE_URL itself (tests point it at a fake).
        self.model = model
        self._usage_sink = usage_sink
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key, base_url=base_url, max_retries=max_retries, timeout=timeout
        )

    async def aclose(self) -> None:
        """Close the HTTP connection pool."""
        await self._client.close()

    async def __aenter__(self) -> AnthropicLLM:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def call_tool(
        self, *, system: str, messages: list[dict[str, Any]], tool: ToolSpec, max_tokens: int
    ) -> ToolCall:
        """Force one call of ``tool``; its ``input`` is the structured output."""
        tool_param: ToolParam = {
            "name": tool.name,
            "description": tool.description,
            "input_schema": tool.input_schema,
            "cache_control": cast(Any, _EPHEMERAL),
        }
        choice: ToolChoiceParam = {"type": "tool", "name": tool.name}
        message, usage = await self._create(
            system=system,
            messages=messages,
            max_tokens=max_tokens,
            purpose=tool.name,
            tools=[tool_param],
            tool_choice=choice,
        )
        for block in message.content:
            if block.type == "tool_use" and block.name == tool.name:
                if not isinstance(block.input, dict):
                    raise InvalidLLMOutputError(f"{tool.name} input is not an object")
                return ToolCall(input=dict(block.input), usage=usage)
        raise InvalidLLMOutputError(f"no {tool.name} tool_use block (stop={message.stop_reason})")

    async def chat(
        self, *, system: str, messages: list[dict[str, Any]], max_tokens: int
    ) -> ChatReply:
        """A plain text reply."""
        message, usage = await self._create(
            system=system, messages=messages, max_tokens=max_tokens, purpose="chat"
        )
        text = "".join(block.text for block in message.content if block.type == "text")
        return ChatReply(text=text, usage=usage)

    async def converse(
        self,
        prompt: Prompt,
        *,
        max_tokens: int,
        tool_choice: Literal["auto", "none"] = "auto",
        purpose: str = "chat",
        on_text: TextSink | None = None,
    ) -> ModelTurn:
        """One assistant message of a conversation with tools (the caller runs the tools and
        sends their results back in the next call); with ``on_text``, streamed (its text
        pieces go to ``on_text`` as they arrive)."""
        tools = _tool_params(list(prompt.tools)) if prompt.tools else anthropic.omit
        choice: ToolChoiceParam | anthropic.Omit = anthropic.omit
        if prompt.tools:
            choice = {"type": "none"} if tool_choice == "none" else {"type": "auto"}
        message, usage = await self._create(
            system=prompt.system,
            messages=prompt.messages,
            max_tokens=max_tokens,
            purpose=purpose,
            tools=tools,
            tool_choice=choice,
            on_text=on_text,
        )
        text = "".join(block.text for block in message.content if block.type == "text")
        uses = tuple(
            ToolUse(
                block.id, block.name, dict(block.input) if isinstance(block.input, dict) else {}
            )
            for block in message.content
            if block.type == "tool_use"
        )
        content = [block.model_dump(mode="json", exclude_none=True) for block in message.content]
        return ModelTurn(
            text=text, tool_uses=uses, stop_reason=message.stop_reason, content=content, usage=usage
        )

    async def _create(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        max_tokens: int,
        purpose: str,
        tools: list[ToolParam] | anthropic.Omit = anthropic.omit,
        tool_choice: ToolChoiceParam | anthropic.Omit = anthropic.omit,
        on_text: TextSink | None = None,
    ) -> tuple[Message, Usage]:
        """One Messages API call, translated, logged and reported to the usage sink; with
        ``on_text`` a streamed one (``messages.stream``: the SDK parses the server-sent events
        and accumulates the final message, usage included)."""
        # The system prompt is stable per purpose: one cache breakpoint after it (and the tool).
        system_blocks: list[TextBlockParam] = [
            {"type": "text", "text": system, "cache_control": cast(Any, _EPHEMERAL)}
        ]
        started = time.perf_counter()
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "system": system_blocks,
            "messages": cast("list[MessageParam]", messages),
            "tools": tools,
            "tool_choice": tool_choice,
        }
        try:
            if on_text is None:
                message = await self._client.messages.create(**params)
            else:
                async with self._client.messages.stream(**params) as stream:
                    async for piece in stream.text_stream:
                        await on_text(piece)
                    message = await stream.get_final_message()
        except (anthropic.AnthropicError, httpx.HTTPError) as exc:
            error = (
                translate_error(exc)
                if isinstance(exc, anthropic.AnthropicError)
                # A connection lost mid-stream surfaces from httpx, past the SDK's retries.
                else LLMError("LLM stream interrupted", retryable=True)
            )
            log.warning(
                "llm_call",
                purpose=attribution(purpose)[1],
                model=self.model,
                ok=False,
                error=type(exc).__name__,
                status=getattr(exc, "status_code", None),
                retryable=error.retryable,
                latency_ms=round((time.perf_counter() - started) * 1000, 1),
            )
            raise error from exc
        usage = _usage(self.model, message, (time.perf_counter() - started) * 1000, purpose)
        refused = message.stop_reason == "refusal"
        log.info(
            "llm_call",
            purpose=usage.purpose,
            model=usage.model,
            ok=not refused,
            streamed=on_text is not None,
            stop_reason=message.stop_reason,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_creation_input_tokens=usage.cache_creation_input_tokens,
            cache_read_input_tokens=usage.cache_read_input_tokens,
            latency_ms=usage.latency_ms,
        )
        if self._usage_sink is not None:
            self._usage_sink(usage)
        if refused:
            raise InvalidLLMOutputError("the model refused to answer", retryable=False)
        return message, usage
