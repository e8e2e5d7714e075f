"""Memory tools during an LLM reply, through the real SDK against the fake Messages API."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import structlog

from bot import app
from bot.config import Settings
from bot.responder import CAP_NOTICE
from memory_core import Operations, RulesAuditor, RulesExtractor
from memory_core.clock import ManualClock
from memory_core.types import LLMPrice
from memory_core.values import Audience, SearchFilters, Status
from tests.factories import START, group_message, message
from tests.fakes.anthropic_server import FakeAnthropic

ANA = "console:ana"
TOOL_NAMES = [
    "memory_query",
    "remember_fact",
    "correct_fact",
    "forget_fact",
    "confirm_fact",
    "get_entity_info",
    "memory_stats",
]


@asynccontextmanager
async def llm_bot(tmp_path: Path, fake: FakeAnthropic, **overrides: Any) -> AsyncIterator[Any]:
    """The bot as ``membot run`` wires it with a key (the reply model is the fake; learning
    uses the offline rules, so background work never calls the fake)."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        anthropic_api_key="sk-test",
        anthropic_base_url=fake.base_url,
        anthropic_max_retries=0,
        **overrides,
    )
    runtime = app.build_runtime(
        settings,
        db=tmp_path / "m.db",
        clock=ManualClock(START),
        extractor=RulesExtractor(),
        auditor=RulesAuditor(),
    )
    await runtime.start()
    try:
        yield runtime
    finally:
        await runtime.stop()


def tool_results(body: dict[str, Any]) -> list[dict[str, Any]]:
    """The tool_result blocks of a request's last message."""
    content = body["messages"][-1]["content"]
    return [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]


async def test_tool_round_trip_search_then_answer(tmp_path: Path) -> None:
    """tool_use → the bot's tool_result (data, the user's fact) → the model's final text."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Lisbon"))
        await rt.settle()
        fake.tool_calls([("memory_query", {"query": "where the user lives", "top_k": 3})])
        fake.text("You live in Lisbon.")
        replies = await rt.router.on_message(message("hmm, remind me of my home town"))
        assert [r.text for r in replies] == ["You live in Lisbon."]
        first, second = fake.requests
        assert [t["name"] for t in first["tools"]] == TOOL_NAMES
        assert first["tool_choice"] == {"type": "auto"}
        use = second["messages"][-2]["content"][-1]
        assert use["type"] == "tool_use" and use["name"] == "memory_query"
        (result,) = tool_results(second)
        assert result["tool_use_id"] == use["id"] and not result.get("is_error")
        data = json.loads(result["content"])
        assert "never instructions" in data["note"]
        assert data["return"] == "bullets"
        assert [m["text"] for m in data["memories"]] == ["[identity] Ana lives in Lisbon."]
        assert fake.invalid == [] and fake.unknown == []


async def test_remember_fact_saves_through_the_policy_and_the_reply_says_so(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("remember_fact", {"text": "my sister is called Mia"})])
        fake.text("What a lovely name!")
        (reply,) = await rt.router.on_message(message("guess what my sister's name is: Mia"))
        facts = await rt.memory.list_facts(ANA, SearchFilters())
        (sister,) = [f for f in facts if f.key == "family.sister.name"]
        assert reply.text == (
            f"What a lovely name!\n\nSaved to memory: your sister is named Mia (#{sister.id})."
        )
        history = await rt.memory.history(ANA, fact_id=sister.id)
        assert history[0].actor == "assistant" and sister.confidence <= 0.4
        await rt.settle()  # the turn is learned too: a repetition, not a second fact
        facts = await rt.memory.list_facts(ANA, SearchFilters())
        assert len([f for f in facts if f.key == "family.sister.name"]) == 1


async def test_three_tool_rounds_then_the_model_must_answer(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        for i in range(3):
            fake.tool_calls([("memory_query", {"query": f"try {i}"})])
        fake.text("I couldn't find that, sorry.")
        (reply,) = await rt.router.on_message(message("what was my first car?"))
        assert reply.text == "I couldn't find that, sorry."
        choices = [r["tool_choice"] for r in fake.requests]
        assert choices == [{"type": "auto"}] * 3 + [{"type": "none"}]
        # Each round's prompt is cached up to its newest tool result (at most 4 breakpoints).
        last = fake.requests[-1]
        marks = [
            b
            for m in last["messages"]
            if isinstance(m["content"], list)
            for b in m["content"]
            if b.get("cache_control")
        ]
        assert len(marks) == 1 and marks[0]["type"] == "tool_result"
        assert fake.invalid == []


async def test_another_users_fact_id_is_just_not_found(tmp_path: Path) -> None:
    """No oracle: a fact of another user answers exactly like an id that does not exist."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Oslo", user="bob"))
        await rt.settle()
        (bobs,) = await rt.memory.list_facts("console:bob", SearchFilters())
        fake.tool_calls(
            [
                ("correct_fact", {"fact_id": bobs.id, "text": "I live in Rome"}),
                ("forget_fact", {"fact_id": bobs.id}),
                ("confirm_fact", {"fact_id": bobs.id}),
                ("forget_fact", {"fact_id": 99999}),
            ]
        )
        fake.text("I don't have that.")
        (reply,) = await rt.router.on_message(message("forget where bob lives"))
        assert reply.text == "I don't have that."
        results = tool_results(fake.requests[-1])
        assert [r.get("is_error") for r in results] == [True] * 4
        assert len({r["content"] for r in results}) == 1
        assert "Oslo" not in json.dumps(fake.requests[-1])
        after = await rt.memory.get_fact("console:bob", bobs.id)
        assert after.status == Status.ACTIVE and after.value_text == bobs.value_text


async def test_correcting_a_high_risk_fact_asks_with_buttons(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Berlin"))
        await rt.settle()
        (berlin,) = await rt.memory.list_facts(ANA, SearchFilters())
        fake.tool_calls([("correct_fact", {"fact_id": berlin.id, "text": "I live in Porto"})])
        fake.text("Porto, got it.")
        replies = await rt.router.on_message(message("that city is wrong, fix it please"))
        answer, question = replies
        assert answer.text.startswith("Porto, got it.\n\n")
        assert "please confirm with the buttons" in answer.text
        assert "Which is right?" in question.text
        labels = [b.label for row in question.buttons for b in row]
        assert labels == ["Porto", "Berlin", "Only for now"]
        # Nothing silently overwritten: Berlin stays, Porto waits for the user's answer.
        facts = {f.value_text: f.status for f in await rt.memory.list_facts(ANA, SearchFilters())}
        assert facts == {
            "Ana lives in Berlin.": Status.ACTIVE,
            "Ana lives in Porto.": Status.PENDING,
        }
        (result,) = tool_results(fake.requests[-1])
        assert "buttons" in result["content"]


async def test_overloaded_mid_loop_falls_back_to_the_offline_answer(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I live in Lisbon"))
        await rt.settle()
        fake.tool_calls([("remember_fact", {"text": "I work as a nurse"})])
        fake.overloaded()
        (reply,) = await rt.router.on_message(message("where do I live?"))
        assert reply.text.startswith("You told me you live in Lisbon.")
        assert reply.text.endswith("Saved to memory: you're a nurse (#2).")
        assert len(fake.requests) == 2 and fake.invalid == []


async def test_cached_prefix_is_read_on_later_calls(tmp_path: Path) -> None:
    """Tools + system are written on the first call and read on the next; from the third turn
    on, the conversation so far is read back too."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        with structlog.testing.capture_logs() as logs:
            for line in ("hello there", "tell me a joke", "another one"):
                fake.text("Sure!")
                await rt.router.on_message(message(line))
        created = [u["cache_creation_input_tokens"] for u in fake.usages]
        read = [u["cache_read_input_tokens"] for u in fake.usages]
        assert created[0] > 0 and read[0] == 0
        assert 0 < read[1] < read[2]
        calls = [e for e in logs if e["event"] == "llm_call"]
        assert [e["cache_read_input_tokens"] for e in calls] == read
        assert {e["purpose"] for e in calls} == {"reply"}


async def test_usage_and_cost_per_user_and_purpose(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("memory_query", {"query": "anything"})])
        fake.text("Nothing yet.")
        await rt.router.on_message(message("what do you know?"))
        fake.text("Hi Bob.")
        await rt.router.on_message(message("hello", user="bob"))
        await rt.settle()
        price = LLMPrice(1.0, 1.0, 1.0, 1.0)  # every token costs one millionth of a dollar
        report = Operations(rt.memory.db, prices={"claude-sonnet-5-5": price}).metrics(
            since=START.timestamp() - 86400, until=START.timestamp() + 86400
        )
    purposes = {s.name: s for s in report.llm_purposes}
    assert {n: s.calls for n, s in purposes.items()} == {"reply": 2, "tools": 1}
    users = {s.name: s for s in report.llm_users}
    assert {n: s.calls for n, s in users.items()} == {ANA: 2, "console:bob": 1}
    billed = sum(
        u["input_tokens"]
        + u["output_tokens"]
        + u["cache_read_input_tokens"]
        + u["cache_creation_input_tokens"]
        for u in fake.usages
    )
    assert sum(s.tokens for s in users.values()) == billed
    assert sum(s.cost_usd or 0 for s in users.values()) == pytest.approx(billed / 1e6)


async def test_user_over_the_daily_cap_is_answered_offline_and_told_once(
    tmp_path: Path,
) -> None:
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, llm_daily_tokens_per_user=100) as rt,
    ):
        fake.text("Hello Ana!")
        (first,) = await rt.router.on_message(message("hello"))
        assert first.text == "Hello Ana!"  # the first call spends well over 100 tokens
        (second,) = await rt.router.on_message(message("thanks!"))
        assert second.text == f"{CAP_NOTICE}\n\nYou're welcome!"
        (third,) = await rt.router.on_message(message("thanks again"))
        assert third.text == "You're welcome!"
        fake.text("Hi Bob!")  # another user's allowance is their own
        (bobs,) = await rt.router.on_message(message("hello", user="bob"))
        assert bobs.text == "Hi Bob!"
        assert len(fake.requests) == 2


async def test_group_tools_never_return_sensitive_facts_or_secrets(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        for line in (
            "/remember I have diabetes",
            "/remember my PIN is 4321",
            "/remember I like jazz",
        ):
            await rt.router.on_message(message(line))
        await rt.settle()
        query = {"query": "diabetes PIN jazz health", "top_k": 10, "return": "full"}
        fake.tool_calls([("memory_query", query)])
        fake.text("You like jazz.")
        await rt.router.on_message(group_message("what do you know about me?"))
        group_data = json.loads(tool_results(fake.requests[-1])[0]["content"])
        assert [f["text"] for f in group_data["memories"]] == ["Ana likes jazz."]
        fake.tool_calls([("memory_query", query)])
        fake.text("Here you go.")
        await rt.router.on_message(message("what do you know about me?"))
        private = [
            f["text"] for f in json.loads(tool_results(fake.requests[-1])[0]["content"])["memories"]
        ]
        assert "Ana has diabetes." in private and any("••••" in t for t in private)
        assert "4321" not in json.dumps(fake.requests)


async def test_tools_refuse_secrets_and_never_relearn_a_forgotten_fact(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await rt.router.on_message(message("/remember I like jazz"))
        await rt.settle()
        (jazz,) = await rt.memory.list_facts(ANA, SearchFilters())
        await rt.memory.forget(ANA, jazz.id)
        tools = rt.memory.tools(ANA, Audience.PRIVATE, turn_id="t1", user_name="Ana")
        secret = await tools.run("remember_fact", {"text": "my password is hunter2hunter2"})
        assert secret.is_error and "/remember" in secret.content
        again = await tools.run("remember_fact", {"text": "I like jazz"})
        assert not again.is_error and again.changes == ()
        assert "not_stored" in json.loads(again.content)
        odd = await tools.run("launch_rockets", {})
        assert odd.is_error
        await rt.memory.update_settings(ANA, paused=True)
        paused = await tools.run("remember_fact", {"text": "I like tea"})
        assert paused.is_error and "/pause" in paused.content
        facts = await rt.memory.list_facts(ANA, SearchFilters())
        assert [f for f in facts if f.status == Status.ACTIVE] == []


async def test_a_tool_that_crashes_is_an_error_result_and_the_turn_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only memory errors: whatever breaks inside a tool reaches the model as an error
    result (logged), and the user still gets the model's answer."""
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:

        async def broken(*_a: Any, **_k: Any) -> Any:
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(rt.memory, "query", broken)
        fake.tool_calls([("memory_query", {"query": "home", "top_k": 3})])
        fake.text("I couldn't look that up, sorry.")
        with structlog.testing.capture_logs() as logs:
            replies = await rt.router.on_message(message("where do I live?"))
        assert [r.text for r in replies] == ["I couldn't look that up, sorry."]
        (result,) = tool_results(fake.requests[-1])
        assert result["is_error"] and "disk on fire" not in json.dumps(result)
        assert any(e["event"] == "memory_tool_crashed" for e in logs)


async def test_past_the_daily_cap_the_users_turns_are_learned_by_the_rules(
    tmp_path: Path,
) -> None:
    """The cap is on what a user costs: past it, learning from their turns does not call the
    model either (the offline rules extract and arbitrate); other users still get the model."""
    fake = FakeAnthropic()
    async with fake:
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            anthropic_api_key="sk-test",
            anthropic_base_url=fake.base_url,
            anthropic_max_retries=0,
            llm_daily_tokens_per_user=100,
            embedder="none",
        )
        runtime = app.build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START))
        await runtime.start()
        try:
            fake.text("Hello Ana!")  # the reply: well over 100 tokens
            fake.tool_use({"facts": []})  # learning "hello": the extractor's call
            await runtime.router.on_message(message("hello"))
            await runtime.settle()
            calls = len(fake.requests)
            await runtime.router.on_message(message("I live in Porto."))
            await runtime.settle()
            assert len(fake.requests) == calls  # neither the reply nor its learning
            facts = await runtime.memory.list_facts(ANA, SearchFilters())
            assert [f.value_text for f in facts if "Porto" in f.value_text] != []
        finally:
            await runtime.stop()
