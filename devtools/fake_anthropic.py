"""A fake Anthropic Messages API on 127.0.0.1 that answers from a script, for the real SDK.

    async with FakeAnthropic() as fake:
        fake.tool_use({"facts": []})                       # a forced tool's structured output
        fake.tool_calls([("memory_query", {"query": "city", "top_k": 3})])
        fake.text("Lisbon it is.")
        fake.error(529, headers={"retry-after-ms": "10"})
        llm = AnthropicLLM(api_key="sk-test", base_url=fake.base_url)

Every ``POST /v1/messages`` body is recorded in ``fake.requests`` and answered by the next
scripted response (a tool_use, tool calls, text, a refusal, an error status with headers, a raw
body, each optionally after a delay). With an empty script it answers ``default_text`` after
``default_delay`` when one is set (the benchmark's steady fake), else a 400 (tests script
every call). Requests to any other path land in ``fake.unknown`` and get a 404; tests assert
there are none.

A request with ``"stream": true`` is answered with server-sent events as the service sends
them (``message_start``, per block ``content_block_start`` / ``content_block_delta`` /
``content_block_stop``, ``message_delta`` with the stop reason and output usage,
``message_stop``), so the real SDK's stream parser reads them: text arrives in
``chunk_chars``-character ``text_delta`` events ``chunk_delay`` seconds apart, a tool call's
input in ``input_json_delta`` pieces. ``fake.text(..., fail_after=n)`` sends an ``error``
event (overloaded) after ``n`` text deltas, as the service does when it fails mid-stream.

It checks what the real service checks and a bot could get wrong: no sampling parameter
(``temperature``, ``top_p``, ``top_k``: API version 2026-10-21 refuses them), every
``tool_use`` of an assistant message answered by a ``tool_result`` in the next user message,
tool names among the request's tools, no tool call while ``tool_choice`` is ``none``, at most
four ``cache_control`` breakpoints. Violations answer 400 and are counted in ``fake.invalid``.

Prompt caching is modelled like the service: the prompt is read as blocks in the order tools →
system → messages; each ``cache_control`` breakpoint writes the prefix up to it; a later
request reads the longest written prefix it starts with (looking back at most 20 blocks from
each breakpoint) and is billed ``cache_read_input_tokens`` for it, ``cache_creation_input_tokens``
for the newly written rest, and ``input_tokens`` for what follows the last breakpoint. A prefix
shorter than ``min_cache_tokens`` is not cached (the service's minimum is 1,024 tokens for
Sonnet models; tests use 0). ``tool_choice`` is part of the messages' prefix (changing it
invalidates cached messages, as on the service). Tokens are counted as 4 characters of JSON,
plus the service's own tool-use system prompt when tools are given (346 tokens with
``tool_choice`` auto or none, 313 with any or a named tool, as documented for Claude 4 models),
which is part of the cached prefix.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import json
import re
from collections import deque
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from aiohttp import web

#: The service looks back at most this many blocks from a breakpoint for a cached prefix.
LOOKBACK_BLOCKS = 20
MAX_BREAKPOINTS = 4
#: Tokens of the service's tool-use system prompt, by ``tool_choice`` type.
TOOL_SYSTEM_TOKENS = {"auto": 346, "none": 346, "any": 313, "tool": 313}


@dataclass
class Scripted:
    """One queued answer: ``body`` None means "build a message from ``content``"."""

    status: int = 200
    content: list[dict[str, Any]] = field(default_factory=list)
    stop_reason: str = "end_turn"
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    usage: dict[str, int] | None = None
    #: Streamed: an ``error`` event after this many text deltas (``None``: no failure).
    fail_after: int | None = None


def _tokens(obj: Any) -> int:
    """A rough token count (4 characters a token), enough for usage assertions."""
    return max(1, len(json.dumps(obj, ensure_ascii=False, sort_keys=True)) // 4)


@dataclass(frozen=True, slots=True)
class _Block:
    """One block of a prompt in cache order, its size and whether a breakpoint follows it."""

    digest: str  # of the whole prefix up to and including this block
    tokens: int
    breakpoint: bool


def _blocks(request: dict[str, Any]) -> list[_Block]:
    """The request's prompt as blocks in cache order (tools → system → messages)."""
    items: list[tuple[Any, bool]] = []
    tools = request.get("tools") or []
    choice = (request.get("tool_choice") or {"type": "auto"}).get("type", "auto")
    extra = TOOL_SYSTEM_TOKENS.get(choice, 346) if tools else 0
    for tool in tools:
        items.append((tool, bool(tool.get("cache_control"))))
    system = request.get("system")
    if isinstance(system, str):
        items.append((system, False))
    elif isinstance(system, list):
        items += [(b, bool(isinstance(b, dict) and b.get("cache_control"))) for b in system]
    first_message = True
    for message in request.get("messages") or []:
        content = message.get("content")
        blocks = [content] if isinstance(content, str) else list(content or [])
        for block in blocks:
            marked = isinstance(block, dict) and bool(block.get("cache_control"))
            # tool_choice belongs to the messages' prefix: changing it invalidates them.
            head = [request.get("tool_choice")] if first_message else []
            first_message = False
            items.append(([*head, message.get("role"), block], marked))
    out: list[_Block] = []
    running = hashlib.sha256()
    for n, (obj, marked) in enumerate(items):
        # A breakpoint's own marker is not part of the prefix it names.
        plain = (
            {k: v for k, v in obj.items() if k != "cache_control"} if isinstance(obj, dict) else obj
        )
        if isinstance(plain, list) and plain and isinstance(plain[-1], dict):
            plain = [*plain[:-1], {k: v for k, v in plain[-1].items() if k != "cache_control"}]
        running.update(json.dumps(plain, sort_keys=True, ensure_ascii=False).encode())
        size = _tokens(plain) + (extra if n == 0 else 0)  # the tool-use prompt comes first
        out.append(_Block(running.copy().hexdigest(), size, marked))
    return out


class FakeAnthropic:
    """A scripted Messages API server; use it function-scoped (one per test's event loop)."""

    def __init__(
        self,
        *,
        default_text: str | None = None,
        default_delay: float = 0.0,
        min_cache_tokens: int = 0,
        chunk_chars: int = 8,
        chunk_delay: float = 0.0,
        host: str = "127.0.0.1",
        recall_when_unsure: bool = False,
    ) -> None:
        self.script: deque[Scripted] = deque()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.usages: list[dict[str, int]] = []
        self.unknown: list[str] = []
        self.invalid: list[str] = []
        self.exhausted = 0
        self.default_text = default_text
        self.default_delay = default_delay
        self.min_cache_tokens = min_cache_tokens
        self.chunk_chars = chunk_chars
        self.chunk_delay = chunk_delay
        #: How many requests asked for a streamed answer.
        self.streamed = 0
        #: With ``default_text``: call ``memory_query`` first when a question's words are not
        #: in the memory shown (``recalls`` counts those calls, ``recalls_refused`` the ones
        #: the bot answered with an error, such as its on-demand cap).
        self.recall_when_unsure = recall_when_unsure
        self.recalls = 0
        self.recalls_refused = 0
        self.host = host
        self._ids = itertools.count(1)
        self._cached: set[str] = set()
        self._closing = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    # -- scripting -----------------------------------------------------------------------------

    def tool_use(
        self,
        tool_input: Any,
        *,
        name: str | None = None,
        delay: float = 0.0,
        usage: dict[str, int] | None = None,
    ) -> None:
        """Answer with one ``tool_use`` block (``name`` defaults to the forced tool's)."""
        block = {"type": "tool_use", "id": "", "name": name or "", "input": tool_input}
        self.script.append(
            Scripted(content=[block], stop_reason="tool_use", delay=delay, usage=usage)
        )

    def tool_calls(
        self, calls: list[tuple[str, dict[str, Any]]], *, text: str = "", delay: float = 0.0
    ) -> None:
        """Answer with (optional text and) one ``tool_use`` block per ``(name, input)``."""
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
        blocks += [{"type": "tool_use", "id": "", "name": n, "input": i} for n, i in calls]
        self.script.append(Scripted(content=blocks, stop_reason="tool_use", delay=delay))

    def text(self, text: str, *, delay: float = 0.0, fail_after: int | None = None) -> None:
        """Answer with a text block (streamed: fail with an ``error`` event after
        ``fail_after`` text deltas)."""
        self.script.append(
            Scripted(content=[{"type": "text", "text": text}], delay=delay, fail_after=fail_after)
        )

    def refusal(self) -> None:
        """Answer with ``stop_reason: refusal`` and no content."""
        self.script.append(Scripted(content=[], stop_reason="refusal"))

    def error(
        self,
        status: int,
        *,
        error_type: str = "api_error",
        headers: dict[str, str] | None = None,
        delay: float = 0.0,
    ) -> None:
        """Answer with an error status and an Anthropic-shaped error body."""
        body = {"type": "error", "error": {"type": error_type, "message": f"fake {status}"}}
        self.script.append(Scripted(status=status, body=body, headers=headers or {}, delay=delay))

    def overloaded(self, times: int = 1) -> None:
        """Answer ``times`` requests with 529 overloaded (retry after 10 ms)."""
        for _ in range(times):
            self.error(529, error_type="overloaded_error", headers={"retry-after-ms": "10"})

    def raw(self, body: Any, *, status: int = 200, delay: float = 0.0) -> None:
        """Answer with exactly ``body`` as JSON."""
        self.script.append(Scripted(status=status, body=body, delay=delay))

    # -- reading -------------------------------------------------------------------------------

    def cache_hit_rate(self) -> float | None:
        """Share of all prompt tokens answered so far that were read from the cache."""
        read = sum(u.get("cache_read_input_tokens", 0) for u in self.usages)
        total = sum(
            u.get("input_tokens", 0)
            + u.get("cache_read_input_tokens", 0)
            + u.get("cache_creation_input_tokens", 0)
            for u in self.usages
        )
        return read / total if total else None

    # -- lifecycle -----------------------------------------------------------------------------

    async def __aenter__(self) -> FakeAnthropic:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._closing.set()  # release handlers parked in a delay
        if self._runner is not None:
            await self._runner.cleanup()

    # -- handlers ------------------------------------------------------------------------------

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unknown.append(f"{request.method} {request.path}")
        return web.json_response(
            {"type": "error", "error": {"type": "not_found_error", "message": "fake: no route"}},
            status=404,
        )

    def _bad_request(self, message: str, request_id: str) -> web.Response:
        self.invalid.append(message)
        return web.json_response(
            {"type": "error", "error": {"type": "invalid_request_error", "message": message}},
            status=400,
            headers={"request-id": request_id},
        )

    async def _messages(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        request_id = f"req_fake_{next(self._ids)}"
        auth = request.headers.get("authorization", "")
        if not (auth.startswith("Bearer ") or request.headers.get("x-api-key")):
            return web.json_response(
                {"type": "error", "error": {"type": "authentication_error", "message": "no key"}},
                status=401,
                headers={"request-id": request_id},
            )
        problem = _invalid(body)
        if problem:
            return self._bad_request(problem, request_id)
        if self.script:
            step = self.script.popleft()
        elif self.default_text is not None:
            query = _unsure_question(body) if self.recall_when_unsure else None
            self._count_refused_recall(body)
            if query is not None:
                # An on-demand recall, as a model would make it when the memory shown does
                # not speak of what is asked (seed 003 §11's "supervisor confidence is low").
                self.recalls += 1
                call = {"query": query, "top_k": 3, "return": "bullets", "budget_tokens": 300}
                use = {"type": "tool_use", "id": "", "name": "memory_query", "input": call}
                step = Scripted(content=[use], stop_reason="tool_use", delay=self.default_delay)
            else:
                step = Scripted(
                    content=[{"type": "text", "text": self.default_text}], delay=self.default_delay
                )
        else:
            self.exhausted += 1
            return self._bad_request("fake: script exhausted", request_id)
        if step.delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), step.delay)
        headers = {"request-id": request_id, **step.headers}
        if step.body is not None:
            return web.json_response(step.body, status=step.status, headers=headers)
        choice = (body.get("tool_choice") or {}).get("type")
        if choice == "none" and any(b["type"] == "tool_use" for b in step.content):
            return self._bad_request("fake: tool_use scripted but tool_choice is none", request_id)
        if body.get("stream"):
            self.streamed += 1
            return await self._stream(request, self._message(body, step), step, headers)
        return web.json_response(self._message(body, step), headers=headers)

    async def _stream(
        self,
        request: web.Request,
        message: dict[str, Any],
        step: Scripted,
        headers: dict[str, str],
    ) -> web.StreamResponse:
        """``message`` as the service streams it (server-sent events)."""
        response = web.StreamResponse(
            headers={**headers, "content-type": "text/event-stream", "cache-control": "no-cache"}
        )
        await response.prepare(request)

        async def event(name: str, data: dict[str, Any]) -> None:
            payload = json.dumps({"type": name, **data}, ensure_ascii=False)
            await response.write(f"event: {name}\ndata: {payload}\n\n".encode())

        usage = message["usage"]
        start = {**message, "content": [], "stop_reason": None}
        start["usage"] = {**usage, "output_tokens": 1}
        await event("message_start", {"message": start})
        deltas = 0
        for index, block in enumerate(message["content"]):
            if block["type"] == "text":
                await event(
                    "content_block_start",
                    {"index": index, "content_block": {"type": "text", "text": ""}},
                )
                text = block["text"]
                for at in range(0, len(text), self.chunk_chars):
                    if step.fail_after is not None and deltas >= step.fail_after:
                        error = {"type": "overloaded_error", "message": "fake: overloaded"}
                        await event("error", {"error": error})
                        await response.write_eof()
                        return response
                    if self.chunk_delay and deltas:
                        await asyncio.sleep(self.chunk_delay)
                    piece = text[at : at + self.chunk_chars]
                    delta = {"type": "text_delta", "text": piece}
                    await event("content_block_delta", {"index": index, "delta": delta})
                    deltas += 1
            else:  # tool_use: its input arrives as partial JSON
                opened = {**block, "input": {}}
                await event("content_block_start", {"index": index, "content_block": opened})
                raw = json.dumps(block["input"], ensure_ascii=False)
                for at in range(0, len(raw), 16):
                    delta = {"type": "input_json_delta", "partial_json": raw[at : at + 16]}
                    await event("content_block_delta", {"index": index, "delta": delta})
            await event("content_block_stop", {"index": index})
        await event(
            "message_delta",
            {
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                "usage": dict(usage),  # cumulative, as the service sends it
            },
        )
        await event("message_stop", {})
        await response.write_eof()
        return response

    def _count_refused_recall(self, body: dict[str, Any]) -> None:
        """Count a ``memory_query`` result the bot answered with an error."""
        messages = body.get("messages") or []
        last = messages[-1].get("content") if messages else None
        if isinstance(last, list):
            self.recalls_refused += sum(
                1
                for b in last
                if isinstance(b, dict) and b.get("type") == "tool_result" and b.get("is_error")
            )

    def _message(self, request: dict[str, Any], step: Scripted) -> dict[str, Any]:
        forced = (request.get("tool_choice") or {}).get("name")
        tools = request.get("tools") or []
        content = []
        for block in step.content:
            if block["type"] == "tool_use":
                block = {
                    **block,
                    "id": f"toolu_fake_{next(self._ids)}",
                    "name": block["name"] or forced or (tools[0]["name"] if tools else "tool"),
                }
            content.append(block)
        usage = step.usage or self._usage(request, step)
        self.usages.append(usage)
        return {
            "id": f"msg_fake_{next(self._ids)}",
            "type": "message",
            "role": "assistant",
            "model": request.get("model", "unknown"),
            "content": content,
            "stop_reason": step.stop_reason,
            "stop_sequence": None,
            "usage": usage,
        }

    def _usage(self, request: dict[str, Any], step: Scripted) -> dict[str, int]:
        """Cache reads for the longest prefix written before, writes for new breakpoints."""
        blocks = _blocks(request)
        sizes = list(itertools.accumulate(b.tokens for b in blocks))
        marks = [i for i, b in enumerate(blocks) if b.breakpoint]
        read_to = -1  # index of the last block read from the cache
        for mark in marks:
            for i in range(mark, max(-1, mark - LOOKBACK_BLOCKS), -1):
                if blocks[i].digest in self._cached:
                    read_to = max(read_to, i)
                    break
        written_to = read_to
        for mark in marks:
            if sizes[mark] >= self.min_cache_tokens:
                self._cached.add(blocks[mark].digest)
                written_to = max(written_to, mark)
        total = sizes[-1] if sizes else 0
        read = sizes[read_to] if read_to >= 0 else 0
        written = (sizes[written_to] if written_to >= 0 else 0) - read
        return {
            "input_tokens": total - read - written,
            "output_tokens": _tokens(step.content),
            "cache_creation_input_tokens": written,
            "cache_read_input_tokens": read,
        }


_WORD = re.compile(r"[^\W\d_]{4,}")


def _unsure_question(body: dict[str, Any]) -> str | None:
    """The user's question when the request offers ``memory_query`` and none of the
    question's longer words is in the memory block it shows (``None`` otherwise, and after a
    tool round: one recall a turn)."""
    tools = {t.get("name") for t in body.get("tools") or []}
    choice = (body.get("tool_choice") or {}).get("type", "auto")
    messages = body.get("messages") or []
    if "memory_query" not in tools or choice != "auto" or not messages:
        return None
    content = messages[-1].get("content")
    if messages[-1].get("role") != "user" or not isinstance(content, list):
        return None
    texts = [
        str(b.get("text", "")) for b in content if isinstance(b, dict) and b.get("type") == "text"
    ]
    if not texts or any(b.get("type") == "tool_result" for b in content if isinstance(b, dict)):
        return None
    question = texts[-1].strip()
    if not question.endswith("?"):
        return None
    memory = " ".join(t for t in texts if t.startswith("<user_memory>")).casefold()
    words = {w.casefold() for w in _WORD.findall(question)}
    if words and not any(w in memory for w in words):
        return question[:200]
    return None


def _invalid(body: dict[str, Any]) -> str:
    """What the real service would reject in this request ("" when it is well-formed)."""
    # API version 2026-10-21 (the SDK's default) removed the sampling parameters.
    for name in ("temperature", "top_p", "top_k"):
        if name in body:
            return f"{name}: Extra inputs are not permitted"
    names = {t.get("name") for t in body.get("tools") or []}
    messages = body.get("messages") or []
    marks = sum(1 for t in body.get("tools") or [] if t.get("cache_control"))
    system = body.get("system")
    if isinstance(system, list):
        marks += sum(1 for b in system if isinstance(b, dict) and b.get("cache_control"))
    for i, message in enumerate(messages):
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        marks += sum(1 for b in blocks if isinstance(b, dict) and b.get("cache_control"))
        uses = [b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_use"]
        if message.get("role") == "assistant" and uses:
            if any(u.get("name") not in names for u in uses):
                return "tool_use of a tool that is not in tools"
            following = messages[i + 1] if i + 1 < len(messages) else None
            answered = {
                b.get("tool_use_id")
                for b in (following or {}).get("content") or []
                if isinstance(b, dict) and b.get("type") == "tool_result"
            }
            if following is None or following.get("role") != "user":
                return "tool_use without a following user message"
            if {u.get("id") for u in uses} - answered:
                return "tool_use ids without a tool_result in the next message"
    if marks > MAX_BREAKPOINTS:
        return f"at most {MAX_BREAKPOINTS} cache_control blocks, got {marks}"
    return ""
