"""A fake Anthropic Messages API on 127.0.0.1 that answers from a script, for the real SDK.

    async with FakeAnthropic() as fake:
        fake.tool_use({"facts": []})
        fake.error(529, headers={"retry-after-ms": "10"})
        llm = AnthropicLLM(api_key="sk-test", base_url=fake.base_url)

Every ``POST /v1/messages`` body is recorded in ``fake.requests`` and answered by the next
scripted response (a tool_use, text, a refusal, an error status with headers, a raw body, each
optionally after a delay). Requests to any other path land in ``fake.unknown`` and get a 404;
tests assert there are none. Usage reports prompt-cache creation on the first request with a
given cached prefix (tools + system) and cache reads afterwards, like the real service.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections import deque
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any

from aiohttp import web


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


def _tokens(obj: Any) -> int:
    """A rough token count (4 characters a token), enough for usage assertions."""
    return max(1, len(json.dumps(obj, ensure_ascii=False)) // 4)


class FakeAnthropic:
    """A scripted Messages API server; use it function-scoped (one per test's event loop)."""

    def __init__(self) -> None:
        self.script: deque[Scripted] = deque()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.unknown: list[str] = []
        self.exhausted = 0
        self._ids = itertools.count(1)
        self._cached_prefixes: set[str] = set()
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

    def text(self, text: str, *, delay: float = 0.0) -> None:
        """Answer with a text block."""
        self.script.append(Scripted(content=[{"type": "text", "text": text}], delay=delay))

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

    def raw(self, body: Any, *, status: int = 200, delay: float = 0.0) -> None:
        """Answer with exactly ``body`` as JSON."""
        self.script.append(Scripted(status=status, body=body, delay=delay))

    # -- lifecycle -----------------------------------------------------------------------------

    async def __aenter__(self) -> FakeAnthropic:
        app = web.Application()
        app.router.add_post("/v1/messages", self._messages)
        app.router.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
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

    async def _messages(self, request: web.Request) -> web.Response:
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
        if not self.script:
            self.exhausted += 1
            return web.json_response(
                {
                    "type": "error",
                    "error": {"type": "invalid_request_error", "message": "fake: script exhausted"},
                },
                status=400,
                headers={"request-id": request_id},
            )
        step = self.script.popleft()
        if step.delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._closing.wait(), step.delay)
        headers = {"request-id": request_id, **step.headers}
        if step.body is not None:
            return web.json_response(step.body, status=step.status, headers=headers)
        return web.json_response(self._message(body, step), headers=headers)

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
        return {
            "id": f"msg_fake_{next(self._ids)}",
            "type": "message",
            "role": "assistant",
            "model": request.get("model", "unknown"),
            "content": content,
            "stop_reason": step.stop_reason,
            "stop_sequence": None,
            "usage": step.usage or self._usage(request, step),
        }

    def _usage(self, request: dict[str, Any], step: Scripted) -> dict[str, int]:
        """Cache creation the first time a cached prefix is seen, cache reads afterwards."""
        system = request.get("system")
        tools = request.get("tools") or []
        cached = any(
            isinstance(b, dict) and b.get("cache_control")
            for b in [*tools, *(system if isinstance(system, list) else [])]
        )
        prefix = json.dumps([tools, system], sort_keys=True)
        prefix_tokens = _tokens([tools, system])
        created = read = 0
        if cached and prefix in self._cached_prefixes:
            read = prefix_tokens
        elif cached:
            self._cached_prefixes.add(prefix)
            created = prefix_tokens
        rest = _tokens(request.get("messages", []))
        return {
            "input_tokens": rest if cached else rest + prefix_tokens,
            "output_tokens": _tokens(step.content),
            "cache_creation_input_tokens": created,
            "cache_read_input_tokens": read,
        }
