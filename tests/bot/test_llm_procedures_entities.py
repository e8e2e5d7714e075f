"""Procedures, entity info and memory stats with the model: the real SDK against the fake
Messages API (the model's scripted tool calls and what the bot sends it)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot import app
from bot.config import Settings
from memory_core import RulesAuditor, RulesExtractor
from memory_core.clock import ManualClock
from memory_core.values import SearchFilters
from tests.factories import START, group_message, message
from tests.fakes.anthropic_server import FakeAnthropic

ANA = "console:ana"
REPORTS = "remember how I like my reports: 1. summary first 2. then the numbers 3. next steps"


@asynccontextmanager
async def llm_bot(tmp_path: Path, fake: FakeAnthropic, **ports: Any) -> AsyncIterator[Any]:
    """The bot wired with a key: the reply model is the fake (learning too, unless given)."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        anthropic_api_key="sk-test",
        anthropic_base_url=fake.base_url,
        anthropic_max_retries=0,
    )
    runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START), **ports)
    await runtime.start()
    try:
        yield runtime
    finally:
        await runtime.stop()


def _result(body: dict[str, Any]) -> dict[str, Any]:
    (block,) = [
        b
        for b in body["messages"][-1]["content"]
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]
    return block


def _user_text(body: dict[str, Any]) -> str:
    return json.dumps(body["messages"][-1]["content"])


async def test_a_procedure_is_learned_without_the_model_extractor_and_read_only_when_asked(
    tmp_path: Path,
) -> None:
    """The model extractor is configured (the fake), yet a procedure turn never reaches it:
    the same rules read it; the steps go to the model only on the turn that asks for them."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text("Noted, I'll write them that way.")
        await rt.router.on_message(message(REPORTS))
        await rt.settle()
        assert len(fake.requests) == 1  # the reply only: no extraction call for a procedure
        facts = await rt.memory.list_facts(ANA, SearchFilters())
        assert [(f.kind, f.key) for f in facts] == [("procedure", "procedure.report")]
        fake.text("Sure, here's a draft.")
        fake.tool_use({"facts": []})  # this turn's extraction, after the reply
        await rt.router.on_message(message("write a short note to my landlord"))
        await rt.settle()
        assert "summary first" not in _user_text(fake.requests[-2]).casefold()
        fake.text("Summary first, then the numbers, then next steps.")
        fake.tool_use({"facts": []})
        (reply,) = await rt.router.on_message(message("How do I like my reports done?"))
        await rt.settle()
        asked = fake.requests[-2]  # the reply's request (the extraction came after it)
        sent = _user_text(asked)
        assert "<user_procedures>" in sent and "1. Summary first." in sent
        assert "summary first" not in json.dumps(asked["system"]).casefold()
        assert reply.text.startswith("Summary first")
        assert fake.invalid == [] and fake.unknown == []


async def test_get_entity_info_and_memory_stats_tools(tmp_path: Path) -> None:
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, extractor=RulesExtractor(), auditor=RulesAuditor()) as rt,
    ):
        for line in (
            "/remember my brother Marco lives in Rome",
            "/remember I'm going to Marco's wedding in June",
            "/remember my brother Marco has diabetes",
            "/remember I live in Porto",
        ):
            await rt.router.on_message(message(line))
        await rt.settle()
        fake.tool_calls([("get_entity_info", {"name": "Marco"}), ("memory_stats", {})])
        fake.text("Marco is your brother in Rome.")
        (reply,) = await rt.router.on_message(message("tell me everything about Marco"))
        assert reply.text == "Marco is your brother in Rome."
        results = [
            b
            for b in fake.requests[-1]["messages"][-1]["content"]
            if b.get("type") == "tool_result"
        ]
        entity = json.loads(results[0]["content"])["entity"]
        texts = " ".join(f["text"] for f in entity["facts"])
        assert entity["name"] == "Marco" and entity["relation_to_user"] == "brother"
        assert "Rome" in texts and "wedding" in texts and "diabetes" in texts
        assert "Porto" not in texts
        stats = json.loads(results[1]["content"])["stats"]
        assert stats["facts_by_kind"]["fact"] >= 4 and stats["entities"] >= 1
        assert fake.invalid == [] and fake.unknown == []


async def test_hostile_entity_calls_get_nothing_of_another_user_or_the_private_in_a_group(
    tmp_path: Path,
) -> None:
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, extractor=RulesExtractor(), auditor=RulesAuditor()) as rt,
    ):
        await rt.router.on_message(message("/remember my brother Marco has diabetes"))
        await rt.router.on_message(message("/remember my brother Marco lives in Rome"))
        await rt.router.on_message(message("/remember my sister Eva is a nurse", user="bob"))
        await rt.settle()
        # In a group, Ana's model asks about Marco, and about Bob's sister.
        fake.tool_calls(
            [("get_entity_info", {"name": "Marco"}), ("get_entity_info", {"name": "Eva"})]
        )
        fake.tool_calls([("memory_stats", {}), ("get_entity_info", {"name": 12345})])
        fake.text("ok")
        await rt.router.on_message(group_message("tell me about Marco and Eva"))
        first = [
            b for b in fake.requests[1]["messages"][-1]["content"] if b.get("type") == "tool_result"
        ]
        marco = json.loads(first[0]["content"])["entity"]
        assert "Rome" in json.dumps(marco) and "diabetes" not in json.dumps(marco).casefold()
        assert first[1].get("is_error") and "nurse" not in json.dumps(first[1])
        second = [
            b for b in fake.requests[2]["messages"][-1]["content"] if b.get("type") == "tool_result"
        ]
        stats = json.loads(second[0]["content"])["stats"]
        assert "health" not in stats["facts_by_category"]
        assert second[1].get("is_error")
        assert fake.invalid == [] and fake.unknown == []


async def test_the_model_cannot_make_a_procedure_with_remember_fact(tmp_path: Path) -> None:
    """Only the user's own trigger creates a procedure: the tool is refused, nothing stored."""
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, extractor=RulesExtractor(), auditor=RulesAuditor()) as rt,
    ):
        fake.tool_calls(
            [("remember_fact", {"text": "how I like my reports: 1. summary first 2. numbers"})]
        )
        fake.text("ok")
        await rt.router.on_message(message("I wrote a report today"))
        result = _result(fake.requests[-1])
        assert result.get("is_error") and "only when the user asks" in result["content"]
        await rt.settle()
        facts = await rt.memory.list_facts(ANA, SearchFilters())
        assert not [f for f in facts if f.kind == "procedure"]
