"""AnthropicLLM through the real ``anthropic`` client against a fake Messages API on 127.0.0.1."""

from __future__ import annotations

import json
import warnings
from collections.abc import AsyncIterator

import anthropic.resources.messages.messages as sdk_messages
import pytest
import structlog

from memory_core.errors import InvalidLLMOutputError, LLMError
from memory_core.llm import Prompt, ToolSpec, Usage, llm_scope
from memory_core.providers import DEFAULT_MODEL, AnthropicLLM
from tests.fakes.anthropic_server import FakeAnthropic

KEY = "sk-ant-test-SECRETKEY-0123456789"
SYSTEM = "You are a test system prompt that must stay out of logs."
PROMPT = "My secret hobby is SECRETHOBBY collecting."
TOOL = ToolSpec(
    name="record_thing",
    description="Record one thing.",
    input_schema={
        "type": "object",
        "properties": {"thing": {"type": "string"}},
        "required": ["thing"],
    },
)
FAST_RETRY = {"retry-after-ms": "10"}


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    """A fresh fake server; no request may hit an unknown path."""
    async with FakeAnthropic() as server:
        yield server
    assert server.unknown == []


def make_llm(fake: FakeAnthropic, **kwargs: object) -> AnthropicLLM:
    """An AnthropicLLM pointed at the fake."""
    options: dict[str, object] = {"api_key": KEY, "base_url": fake.base_url, "timeout": 5.0}
    options.update(kwargs)
    return AnthropicLLM(**options)  # type: ignore[arg-type]


async def call(llm: AnthropicLLM) -> dict[str, object]:
    """One forced tool call with the test prompt; returns the tool input."""
    result = await llm.call_tool(
        system=SYSTEM,
        messages=[{"role": "user", "content": PROMPT}],
        tool=TOOL,
        max_tokens=256,
    )
    return result.input


async def test_tool_call_returns_the_tool_input_and_forces_the_tool(fake: FakeAnthropic) -> None:
    """The request caches system + tool, forces the tool, and sends the key as a bearer token."""
    fake.tool_use({"thing": "tea"})
    async with make_llm(fake) as llm:
        assert await call(llm) == {"thing": "tea"}
    body = fake.requests[0]
    assert body["model"] == DEFAULT_MODEL
    assert body["tool_choice"] == {"type": "tool", "name": "record_thing"}
    assert body["system"] == [
        {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}
    ]
    assert body["tools"][0]["name"] == "record_thing"
    assert body["tools"][0]["cache_control"] == {"type": "ephemeral"}
    assert body["messages"] == [{"role": "user", "content": PROMPT}]
    headers = {k.lower(): v for k, v in fake.headers[0].items()}
    assert headers.get("authorization") == f"Bearer {KEY}" or headers.get("x-api-key") == KEY


async def test_usage_sink_receives_token_counts_including_cached_tokens(
    fake: FakeAnthropic,
) -> None:
    """The first call creates the prompt cache, the second reads it; both reach the sink."""
    seen: list[Usage] = []
    fake.tool_use({"thing": "a"})
    fake.tool_use({"thing": "b"})
    async with make_llm(fake, usage_sink=seen.append) as llm:
        await call(llm)
        await call(llm)
    first, second = seen
    assert first.model == DEFAULT_MODEL
    assert first.input_tokens > 0 and first.output_tokens > 0
    assert first.cache_creation_input_tokens > 0 and first.cache_read_input_tokens == 0
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens
    assert second.cache_creation_input_tokens == 0
    assert first.latency_ms >= 0


async def test_overload_and_server_error_are_retried_by_the_sdk(fake: FakeAnthropic) -> None:
    """529 then 500, then success: the SDK retries (honouring retry-after-ms) and we succeed."""
    fake.error(529, error_type="overloaded_error", headers=FAST_RETRY)
    fake.error(500, headers=FAST_RETRY)
    fake.tool_use({"thing": "ok"})
    async with make_llm(fake, max_retries=2) as llm:
        assert await call(llm) == {"thing": "ok"}
    assert len(fake.requests) == 3


async def test_final_overload_is_a_retryable_llm_error(fake: FakeAnthropic) -> None:
    """Once the SDK's retries are spent, a 529 becomes LLMError(retryable=True)."""
    for _ in range(3):
        fake.error(529, error_type="overloaded_error", headers=FAST_RETRY)
    async with make_llm(fake, max_retries=2) as llm:
        with pytest.raises(LLMError) as info:
            await call(llm)
    assert info.value.retryable is True
    assert not isinstance(info.value, InvalidLLMOutputError)
    assert len(fake.requests) == 3


async def test_rate_limit_is_a_retryable_llm_error(fake: FakeAnthropic) -> None:
    """A 429 with retries disabled is retryable later."""
    fake.error(429, error_type="rate_limit_error", headers=FAST_RETRY)
    async with make_llm(fake, max_retries=0) as llm:
        with pytest.raises(LLMError) as info:
            await call(llm)
    assert info.value.retryable is True


async def test_timeout_is_a_retryable_llm_error(fake: FakeAnthropic) -> None:
    """A reply slower than the client timeout becomes LLMError(retryable=True)."""
    fake.tool_use({"thing": "late"}, delay=5.0)
    async with make_llm(fake, max_retries=0, timeout=0.2) as llm:
        with pytest.raises(LLMError) as info:
            await call(llm)
    assert info.value.retryable is True
    assert "timed out" in str(info.value)


@pytest.mark.parametrize(
    ("status", "error_type"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
    ],
)
async def test_client_errors_are_not_retryable(
    fake: FakeAnthropic, status: int, error_type: str
) -> None:
    """Bad request, bad key and forbidden fail at once and are not worth retrying."""
    fake.error(status, error_type=error_type)
    async with make_llm(fake, max_retries=2) as llm:
        with pytest.raises(LLMError) as info:
            await call(llm)
    assert info.value.retryable is False
    assert str(status) in str(info.value)
    assert len(fake.requests) == 1


async def test_refusal_is_invalid_output(fake: FakeAnthropic) -> None:
    """stop_reason "refusal" is a failure, never an empty answer."""
    fake.refusal()
    async with make_llm(fake) as llm:
        with pytest.raises(InvalidLLMOutputError):
            await call(llm)


async def test_missing_tool_use_block_is_invalid_output(fake: FakeAnthropic) -> None:
    """A text answer where the tool was forced is invalid output."""
    fake.text("I would rather chat.")
    async with make_llm(fake) as llm:
        with pytest.raises(InvalidLLMOutputError):
            await call(llm)


async def test_chat_returns_the_text_and_usage(fake: FakeAnthropic) -> None:
    """Plain chat: the text blocks joined, no tools sent."""
    fake.text("Hello Alice.")
    async with make_llm(fake) as llm:
        reply = await llm.chat(
            system=SYSTEM, messages=[{"role": "user", "content": "hi"}], max_tokens=64
        )
    assert reply.text == "Hello Alice."
    assert reply.usage.output_tokens > 0
    assert "tools" not in fake.requests[0] and "tool_choice" not in fake.requests[0]


async def test_llm_call_log_has_counts_but_no_prompt_text_or_key(fake: FakeAnthropic) -> None:
    """One llm_call event per call (success and failure), without prompt, system text or key."""
    fake.tool_use({"thing": "SECRETTHING"})
    fake.error(401, error_type="authentication_error")
    async with make_llm(fake, max_retries=0) as llm:
        with structlog.testing.capture_logs() as logs:
            await call(llm)
            with pytest.raises(LLMError):
                await call(llm)
    calls = [e for e in logs if e["event"] == "llm_call"]
    assert [e["ok"] for e in calls] == [True, False]
    ok = calls[0]
    assert ok["model"] == DEFAULT_MODEL
    assert ok["input_tokens"] > 0 and ok["output_tokens"] > 0
    assert ok["cache_creation_input_tokens"] > 0
    assert "cache_read_input_tokens" in ok and "latency_ms" in ok
    dumped = json.dumps(logs, default=str)
    for secret in ("SECRETKEY", "SECRETHOBBY", "SECRETTHING", "stay out of logs"):
        assert secret not in dumped


async def test_default_model_triggers_no_deprecation_warning(fake: FakeAnthropic) -> None:
    """The default model id is current in the installed SDK (a deprecated one would warn)."""
    assert DEFAULT_MODEL not in sdk_messages.DEPRECATED_MODELS
    fake.tool_use({"thing": "x"})
    async with make_llm(fake) as llm:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            await call(llm)
    assert not [w for w in caught if issubclass(w.category, DeprecationWarning)]


async def test_a_deprecated_model_id_would_be_caught(fake: FakeAnthropic) -> None:
    """Control for the test above: the SDK does warn for a deprecated id."""
    fake.tool_use({"thing": "x"})
    async with make_llm(fake, model="claude-sonnet-4-5") as llm:
        with pytest.warns(DeprecationWarning):
            await call(llm)


async def test_base_url_defaults_to_the_sdk_environment_variable(
    fake: FakeAnthropic, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without base_url, the SDK's own ANTHROPIC_BASE_URL decides where requests go."""
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.base_url)
    fake.tool_use({"thing": "env"})
    async with make_llm(fake, base_url=None) as llm:
        assert await call(llm) == {"thing": "env"}
    assert len(fake.requests) == 1


async def test_converse_returns_tool_calls_and_a_round_needs_every_tool_result(
    fake: FakeAnthropic,
) -> None:
    """The fake rejects what the service rejects: a tool_use left without its tool_result."""
    llm = AnthropicLLM(api_key=KEY, base_url=fake.base_url, max_retries=0)
    fake.tool_calls([("record_thing", {"thing": "a"}), ("record_thing", {"thing": "b"})])
    prompt = Prompt(SYSTEM, [{"role": "user", "content": PROMPT}], (TOOL,))
    with llm_scope(user_id="console:ana"):
        turn = await llm.converse(prompt, max_tokens=64)
    assert [u.input for u in turn.tool_uses] == [{"thing": "a"}, {"thing": "b"}]
    assert turn.stop_reason == "tool_use" and turn.usage is not None
    assert (turn.usage.user_id, turn.usage.purpose) == ("console:ana", "reply")
    assert fake.requests[0]["tool_choice"] == {"type": "auto"}
    first_only = [
        {"type": "tool_result", "tool_use_id": turn.tool_uses[0].id, "content": "{}"},
    ]
    messages = [*prompt.messages, {"role": "assistant", "content": turn.content}]
    with pytest.raises(LLMError) as err:
        await llm.converse(
            Prompt(SYSTEM, [*messages, {"role": "user", "content": first_only}], (TOOL,)),
            max_tokens=64,
            tool_choice="none",
        )
    assert not err.value.retryable and fake.invalid == [
        "tool_use ids without a tool_result in the next message"
    ]
    fake.text("done")
    both = [
        *first_only,
        {"type": "tool_result", "tool_use_id": turn.tool_uses[1].id, "content": "{}"},
    ]
    final = await llm.converse(
        Prompt(SYSTEM, [*messages, {"role": "user", "content": both}], (TOOL,)),
        max_tokens=64,
        tool_choice="none",
        purpose="tools",
    )
    assert final.text == "done" and final.tool_uses == ()
    assert fake.requests[-1]["tool_choice"] == {"type": "none"}
    await llm.aclose()


async def test_a_streamed_turn_passes_text_pieces_and_returns_the_whole_message(
    fake: FakeAnthropic,
) -> None:
    """Server-sent events parsed by the real SDK: pieces in order, tool calls and usage intact."""
    fake.tool_calls([("search_memory", {"query": "city", "top_k": 3})], text="Let me look.")
    usages: list[Usage] = []
    pieces: list[str] = []

    async def on_text(piece: str) -> None:
        pieces.append(piece)

    llm = make_llm(fake, usage_sink=usages.append)
    tool = ToolSpec("search_memory", "Search.", {"type": "object", "properties": {}})
    with llm_scope(user_id="console:ana"):
        turn = await llm.converse(
            Prompt(SYSTEM, [{"role": "user", "content": PROMPT}], [tool]),
            max_tokens=256,
            purpose="reply",
            on_text=on_text,
        )
    await llm.aclose()
    assert fake.requests[0]["stream"] is True
    assert "".join(pieces) == "Let me look." == turn.text and len(pieces) == 2
    assert [(u.name, u.input) for u in turn.tool_uses] == [
        ("search_memory", {"query": "city", "top_k": 3})
    ]
    assert turn.stop_reason == "tool_use"
    (usage,) = usages
    assert usage.output_tokens == fake.usages[0]["output_tokens"] > 1
    assert usage.cache_creation_input_tokens == fake.usages[0]["cache_creation_input_tokens"]
    assert (usage.user_id, usage.purpose) == ("console:ana", "reply")


async def test_a_stream_failing_midway_is_a_retryable_llm_error(fake: FakeAnthropic) -> None:
    fake.text("This answer will not finish.", fail_after=2)
    pieces: list[str] = []

    async def on_text(piece: str) -> None:
        pieces.append(piece)

    llm = make_llm(fake)
    with pytest.raises(LLMError) as caught:
        await llm.converse(
            Prompt(SYSTEM, [{"role": "user", "content": PROMPT}]), max_tokens=64, on_text=on_text
        )
    await llm.aclose()
    assert caught.value.retryable and "overloaded_error" in str(caught.value)
    assert pieces == ["This ans", "wer will"]  # two 8-character deltas, then the error event
