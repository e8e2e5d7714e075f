"""LLMExtractor and LLMAuditor via AnthropicLLM and the real SDK against the fake Messages API."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

import pytest

from memory_core.errors import InvalidLLMOutputError
from memory_core.extract.base import TurnInput
from memory_core.extract.llm import LLMExtractor
from memory_core.learn import policy
from memory_core.learn.arbitrate import enforce
from memory_core.learn.decisions import Expire, Insert, Noop, Pending, Supersede, Update
from memory_core.learn.llm_auditor import LLMAuditor
from memory_core.providers import AnthropicLLM
from memory_core.values import Category
from tests import factories
from tests.fakes.anthropic_server import FakeAnthropic

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.fixture
async def fake() -> AsyncIterator[FakeAnthropic]:
    """A fresh fake server; no request may hit an unknown path."""
    async with FakeAnthropic() as server:
        yield server
    assert server.unknown == []


@pytest.fixture
async def llm(fake: FakeAnthropic) -> AsyncIterator[AnthropicLLM]:
    """The real provider pointed at the fake."""
    async with AnthropicLLM(api_key="sk-test", base_url=fake.base_url, timeout=5.0) as client:
        yield client


def turn(text: str, *, explicit: bool = False) -> TurnInput:
    """A user turn at ``NOW``."""
    return TurnInput(user_text=text, time=NOW, user_name="Alice", explicit=explicit)


def fact_item(key: str, text: str, **extra: Any) -> dict[str, Any]:
    """One record_facts item."""
    return {"key": key, "value_text": text, "category": "other", "confidence": 0.8, **extra}


def last_user_text(body: dict[str, Any]) -> str:
    """The text of the last user message in a recorded request."""
    content = body["messages"][-1]["content"]
    return content if isinstance(content, str) else json.dumps(content)


#: This file's defaults: Alice's facts, stored a month ago at first-mention confidence, as the
#: pipeline passes them to the auditor; candidates as the extractor produces them.
fact = partial(factories.fact, user="console:alice", confidence=0.4, at=NOW - timedelta(days=30))
candidate = partial(factories.candidate, confidence=0.8)


# -- extractor -----------------------------------------------------------------------------------


async def test_extractor_turns_valid_tool_output_into_candidates(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Valid facts become normalised candidates; multi-valued keys and times are understood."""
    fake.tool_use(
        {
            "facts": [
                fact_item(
                    "home_city", "Alice lives in Berlin", value="Berlin", category="identity"
                ),
                fact_item(
                    "likes.green_tea",
                    "Alice likes green tea.",
                    category="soft_preference",
                    source_excerpt="I love green tea",
                ),
                fact_item("job.title", "Alice is a nurse.", valid_from="2025-09-01T00:00:00"),
            ]
        }
    )
    got = await LLMExtractor(llm).extract(
        turn("I live in Berlin, love green tea, and I've been a nurse since September.")
    )
    assert [c.key for c in got] == ["home_city", "likes.green_tea", "job.title"]
    assert got[0].value_text == "Alice lives in Berlin."
    assert got[0].value == "Berlin" and got[0].category is Category.IDENTITY
    assert got[1].multi_valued and got[1].source_excerpt == "I love green tea"
    assert got[2].valid_from == datetime(2025, 9, 1, tzinfo=UTC)
    body = fake.requests[0]
    assert body["tool_choice"] == {"type": "tool", "name": "record_facts"}
    schema = body["tools"][0]["input_schema"]["properties"]["facts"]
    assert "reflection" not in schema["items"]["properties"]["category"]["enum"]
    assert schema["maxItems"] == 5
    assert "third person" in body["system"][0]["text"]
    assert "<user>I live in Berlin" in last_user_text(body)


async def test_extractor_reprompts_with_the_validation_error(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Invalid input, then valid input on the re-prompt, which carries the error."""
    fake.tool_use({"facts": [fact_item("home_city", "Alice lives in Berlin.", confidence=7)]})
    fake.tool_use({"facts": [fact_item("home_city", "Alice lives in Berlin.")]})
    got = await LLMExtractor(llm).extract(turn("I live in Berlin."))
    assert [c.key for c in got] == ["home_city"]
    assert len(fake.requests) == 2
    reprompt = fake.requests[1]["messages"]
    assert [m["role"] for m in reprompt] == ["user", "assistant", "user"]
    assert "facts.0.confidence" in last_user_text(fake.requests[1])
    assert "less than or equal to 1" in last_user_text(fake.requests[1])


async def test_extractor_gives_up_after_three_invalid_answers(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Three invalid answers raise InvalidLLMOutputError: never an empty "no facts"."""
    fake.tool_use({"facts": "none"})
    fake.tool_use({"facts": [{"key": "Home City!", "value_text": "x"}]})
    fake.tool_use({"facts": [fact_item("x", "Alice is here.", category="reflection")]})
    with pytest.raises(InvalidLLMOutputError):
        await LLMExtractor(llm).extract(turn("I live in Berlin."))
    assert len(fake.requests) == 3
    assert fake.exhausted == 0


async def test_extractor_drops_sensitive_facts_unless_explicit(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Model-flagged and pattern-flagged secrets are kept only on an explicit remember."""
    facts = {
        "facts": [
            fact_item("wifi_password", "Alice's wifi password is hunter2.", sensitive=True),
            fact_item(
                "bank.card",
                "Alice's card number is 4111 1111 1111 1111.",
                source_excerpt="my card is 4111 1111 1111 1111",
            ),
            fact_item("home_city", "Alice lives in Berlin."),
        ]
    }
    fake.tool_use(facts)
    fake.tool_use(facts)
    plain = await LLMExtractor(llm).extract(turn("..."))
    assert [c.key for c in plain] == ["home_city"]
    explicit = await LLMExtractor(llm).extract(turn("remember ...", explicit=True))
    assert [c.key for c in explicit] == ["wifi_password", "bank.card", "home_city"]
    assert explicit[0].sensitive and explicit[1].sensitive and not explicit[2].sensitive
    assert "4111" not in explicit[1].source_excerpt  # excerpts are redacted


async def test_extractor_applies_writing_constraints_and_the_cap(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """First-person texts are dropped; at most five candidates survive."""
    items = [fact_item("home_city", "I live in Berlin.")]
    items += [fact_item(f"likes.item_{i}", f"Alice likes item {i}.") for i in range(7)]
    fake.tool_use({"facts": items})
    got = await LLMExtractor(llm).extract(turn("..."))
    assert [c.key for c in got] == [f"likes.item_{i}" for i in range(5)]


async def test_extractor_skips_empty_turns_without_calling_the_model(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Nothing said, nothing asked."""
    assert await LLMExtractor(llm).extract(turn("   ")) == []
    assert fake.requests == []


# -- auditor -------------------------------------------------------------------------------------


async def test_auditor_maps_actions_onto_decisions(fake: FakeAnthropic, llm: AnthropicLLM) -> None:
    """insert / supersede / noop / expire / update / pending become the matching decisions."""
    city = fact(1, "Alice lives in Paris.", key="home_city")
    tea = fact(2, "Alice likes green tea.", key="likes.green_tea", confidence=0.58)
    job = fact(3, "Alice is a nurse.", key="job.title")
    pet = fact(4, "Alice's cat is called Tom.", key="pet.cat.name")
    gym = fact(5, "Alice goes to the gym.", key="goal.gym")
    candidates = [
        candidate("home_city", "Alice lives in Berlin.", value="Berlin"),
        candidate("likes.green_tea", "Alice likes green tea."),
        candidate("job.title", "Alice no longer works as a nurse.", valid_to=NOW),
        candidate("pet.cat.name", "Alice's cat is called Tommy."),
        candidate("sport", "Alice plays tennis."),
    ]
    fake.tool_use(
        {
            "actions": [
                {
                    "type": "supersede",
                    "key": "home_city",
                    "target_fact_id": 1,
                    "new_value_text": "Alice lives in Berlin.",
                    "reason": "moved",
                },
                {"type": "noop", "key": "likes.green_tea", "target_fact_id": 2, "reason": "rep"},
                {"type": "expire", "key": "job.title", "target_fact_id": 3, "reason": "quit"},
                {
                    "type": "update",
                    "key": "pet.cat.name",
                    "target_fact_id": 4,
                    "new_value_text": "Alice's cat is called Tommy",
                    "reason": "nickname",
                },
                {
                    "type": "insert",
                    "key": "sport",
                    "new_value_text": "Alice plays tennis.",
                    "reason": "new",
                },
                {
                    "type": "mark_pending_confirmation",
                    "key": "sport",
                    "target_fact_id": 5,
                    "reason": "unsure",
                },
            ]
        }
    )
    related = {
        "home_city": [city],
        "likes.green_tea": [tea],
        "job.title": [job],
        "pet.cat.name": [pet],
        "sport": [gym],
    }
    got = await LLMAuditor(llm).decide(turn("..."), candidates, related)
    supersede, noop, expire, update, insert, pending = got
    assert isinstance(supersede, Supersede) and supersede.target_id == 1
    assert supersede.proposal.value == "Berlin"
    assert supersede.proposal.confidence == policy.FIRST_MENTION  # same policy as the rules
    assert isinstance(noop, Noop) and noop.target_id == 2
    assert noop.confidence_delta == policy.repetition_delta(0.58, explicit=False)
    assert isinstance(expire, Expire) and expire.target_id == 3 and expire.valid_to == NOW
    assert isinstance(update, Update) and update.proposal.value_text.endswith("Tommy.")
    assert isinstance(insert, Insert) and insert.proposal.key == "sport"
    assert isinstance(pending, Pending) and pending.target_id == 5
    assert pending.proposal.value_text == "Alice plays tennis."
    prompt = last_user_text(fake.requests[0])
    assert "Old facts:" in prompt and "New user input:" in prompt and "Candidates:" in prompt
    assert '"id": 1' in prompt and '"status": "active"' in prompt and '"confidence": 0.58' in prompt
    assert fake.requests[0]["tool_choice"] == {"type": "tool", "name": "record_actions"}


async def test_auditor_reprompts_on_unknown_target_then_accepts(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """A target id outside the old facts is rejected with a reason the model can act on."""
    city = fact(1, "Alice lives in Paris.", key="home_city")
    action = {
        "type": "supersede",
        "key": "home_city",
        "new_value_text": "Alice lives in Berlin.",
        "reason": "moved",
    }
    fake.tool_use({"actions": [{**action, "target_fact_id": 99}]})
    fake.tool_use({"actions": [{**action, "target_fact_id": 1}]})
    got = await LLMAuditor(llm).decide(
        turn("I moved to Berlin."),
        [candidate("home_city", "Alice lives in Berlin.")],
        {"home_city": [city]},
    )
    assert len(got) == 1 and isinstance(got[0], Supersede)
    assert "target_fact_id 99 is not one of the old facts" in last_user_text(fake.requests[1])


async def test_auditor_gives_up_after_three_semantically_invalid_answers(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """Missing text, unknown key, first-person text: three strikes raise InvalidLLMOutputError."""
    fake.tool_use({"actions": [{"type": "insert", "key": "home_city", "reason": "new"}]})
    fake.tool_use(
        {"actions": [{"type": "insert", "key": "x", "new_value_text": "A b.", "reason": "new"}]}
    )
    fake.tool_use(
        {
            "actions": [
                {
                    "type": "insert",
                    "key": "home_city",
                    "new_value_text": "I live here.",
                    "reason": "n",
                }
            ]
        }
    )
    with pytest.raises(InvalidLLMOutputError):
        await LLMAuditor(llm).decide(
            turn("..."), [candidate("home_city", "Alice lives in Berlin.")], {}
        )
    assert len(fake.requests) == 3
    assert "insert needs new_value_text" in last_user_text(fake.requests[1])
    assert "key must be one of the candidates' keys" in last_user_text(fake.requests[2])


async def test_auditor_decisions_still_pass_the_guardrails(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """The auditor does not guard: enforce turns its supersede of a confident fact into Pending."""
    city = fact(1, "Alice lives in Paris.", key="home_city", confidence=0.95)
    fake.tool_use(
        {
            "actions": [
                {
                    "type": "supersede",
                    "key": "home_city",
                    "target_fact_id": 1,
                    "new_value_text": "Alice lives in Berlin.",
                    "reason": "moved",
                }
            ]
        }
    )
    (decision,) = await LLMAuditor(llm).decide(
        turn("..."), [candidate("home_city", "Alice lives in Berlin.")], {"home_city": [city]}
    )
    assert isinstance(decision, Supersede)
    assert isinstance(enforce(decision, {1: city}), Pending)


async def test_auditor_without_candidates_does_not_call_the_model(
    fake: FakeAnthropic, llm: AnthropicLLM
) -> None:
    """No candidates, no decisions, no request."""
    assert await LLMAuditor(llm).decide(turn("..."), [], {}) == []
    assert fake.requests == []
