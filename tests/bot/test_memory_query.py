"""memory_query through the real SDK against the fake Messages API: the model's scripted calls
exercise every filter and both return shapes; the allowlist refuses in a group; the on-demand
share reaches ``admin metrics`` and its cap refuses past it; auto-extraction can be switched off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot import app
from bot.config import ConfigError, Settings
from memory_core import Operations
from memory_core.categories import ContextMode
from memory_core.clock import ManualClock
from memory_core.values import Audience, Category, NewFact, SearchFilters
from tests.bot.test_memory_tools import ANA, llm_bot, tool_results
from tests.factories import START, group_message, message
from tests.fakes.anthropic_server import FakeAnthropic

DAY_S = 86400


def results(fake: FakeAnthropic) -> list[dict[str, Any]]:
    """The tool results the bot sent back in the last request, parsed (errors as text)."""
    out = []
    for r in tool_results(fake.requests[-1]):
        out.append({"error": r["content"]} if r.get("is_error") else json.loads(r["content"]))
    return out


def texts(result: dict[str, Any]) -> list[str]:
    return [m["text"] for m in result["memories"]]


async def teach(rt: Any, *lines: str) -> None:
    for line in lines:
        await rt.router.on_message(message(f"/remember {line}"))
    await rt.settle()


async def test_the_models_calls_exercise_every_filter_and_both_return_shapes(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await teach(
            rt,
            "I live in Lisbon",
            "my sister is called Mia",
            "I like green tea",
            "I'm allergic to peanuts",
        )
        hiking = await rt.memory.remember(
            ANA, NewFact("likes.hiking", "Ana might like hiking.", confidence=0.4, importance=1)
        )
        pinned = await rt.memory.remember(
            ANA, NewFact("motto", "Ana's motto is carpe diem.", confidence=0.9, pinned=True)
        )
        facts = {f.value_text: f for f in await rt.memory.list_facts(ANA, SearchFilters())}
        tea = facts["Ana likes green tea."]
        after = START.date().isoformat()
        fake.tool_calls(
            [
                ("memory_query", {"query": "sister", "categories": ["relationship"]}),
                ("memory_query", {"filters": {"person": "Mia"}, "return": "full"}),
                ("memory_query", {"filters": {"kind": "fact"}, "top_k": 10}),
                ("memory_query", {"filters": {"pinned": True}}),
                ("memory_query", {"filters": {"confidence_min": 0.5}, "top_k": 10}),
                (
                    "memory_query",
                    {"filters": {"importance_min": 2, "importance_max": 5}, "top_k": 10},
                ),
                ("memory_query", {"filters": {"updated_after": after, "updated_before": None}}),
                ("memory_query", {"query": "tea", "threshold": 0.0, "return": "full"}),
                ("memory_query", {"query": "tea", "budget_tokens": 20}),
            ]
        )
        fake.text("Here is what I know.")
        (reply,) = await rt.router.on_message(message("what do you know about me?"))
        assert reply.text == "Here is what I know."
        (by_category, person, kinds, pins, confident, important, recent, full, tight) = results(
            fake
        )
        assert texts(by_category) == ["[relationship] Ana's sister is named Mia."]
        ((mia,),) = [person["memories"]]
        assert mia["text"] == "Ana's sister is named Mia." and person["return"] == "full"
        assert {"valid_from", "confidence", "source", "history"} <= set(mia)
        assert len(kinds["memories"]) == 6
        assert [m["id"] for m in pins["memories"]] == [pinned.id]
        assert len(confident["memories"]) == 5
        assert hiking.id not in [m["id"] for m in confident["memories"] + important["memories"]]
        assert len(important["memories"]) == 5
        assert len(recent["memories"]) == 3  # top_k's default
        assert full["memories"][0]["id"] == tea.id and "similarity" in full["memories"][0]
        assert tight["memories"] == [] and tight["omitted_over_budget"] >= 1
        assert fake.invalid == [] and fake.unknown == []


async def test_in_a_group_the_allowlist_refuses_a_sensitive_category(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        await teach(rt, "I'm allergic to peanuts", "I like jazz")
        fake.tool_calls(
            [
                ("memory_query", {"query": "allergy", "categories": ["health"]}),
                ("memory_query", {"query": "allergy peanuts jazz", "top_k": 10}),
            ]
        )
        fake.text("You like jazz.")
        await rt.router.on_message(group_message("what do you know about me?"))
        refused, narrowed = results(fake)
        assert "not allowed for tools in a group: health" in refused["error"]
        assert texts(narrowed) == ["[soft_preference] Ana likes jazz."]
        assert "peanut" not in json.dumps(fake.requests[-1]["messages"][-1])


async def test_on_demand_share_is_in_admin_metrics_and_the_cap_refuses_past_it(
    tmp_path: Path,
) -> None:
    """A cap of one turn in twenty: the first turn's call runs, the second turn's is refused
    (the model is told to answer from what it was shown); metrics count both apart."""
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, on_demand_max_share=0.05, on_demand_window=20) as rt,
    ):
        await teach(rt, "I live in Lisbon")
        for line in ("hello", "how are you?"):
            fake.text("Hi!")
            await rt.router.on_message(message(line))
        fake.tool_calls([("memory_query", {"query": "home"})])
        fake.text("Lisbon.")
        await rt.router.on_message(message("where do I live again?"))
        assert "memories" in results(fake)[0]
        fake.tool_calls([("memory_query", {"query": "home"})])
        fake.text("Lisbon, I believe.")
        await rt.router.on_message(message("and where was that?"))
        (capped,) = results(fake)
        assert "capped" in capped["error"]
        await rt.settle()
        report = Operations(rt.memory.db).metrics(
            since=START.timestamp() - DAY_S, until=START.timestamp() + DAY_S
        )
    assert report.turns == 4  # /remember is no answered turn
    assert (report.on_demand_turns, report.on_demand_capped) == (1, 1)
    assert report.on_demand_share == 0.25
    assert report.as_json()["on_demand"] == {"turns": 1, "share": 0.25, "capped": 1}


async def test_with_auto_extraction_off_only_what_the_user_asks_is_learned(
    tmp_path: Path,
) -> None:
    """Seed 001's switch: a plain statement is not learned (nor acknowledged as noted), a
    "remember …" is; the model's remember_fact is refused unless the user asked."""
    settings = Settings(_env_file=None, auto_extract=False)  # type: ignore[call-arg]
    rt = app.build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START))
    await rt.start()
    try:
        (said,) = await rt.router.on_message(message("I live in Oslo"))
        await rt.router.on_message(message("remember that I'm allergic to peanuts"))
        await rt.settle()
        facts = [f.value_text for f in await rt.memory.list_facts(ANA, SearchFilters())]
        assert facts == ["Ana is allergic to peanuts."]
        assert "Oslo" not in said.text
        tools = rt.memory.tools(ANA, Audience.PRIVATE, turn_id="t9", user_text="I like tea")
        refused = await tools.run("remember_fact", {"text": "I like tea"})
        assert refused.is_error and "automatic learning is off" in refused.content
    finally:
        await rt.stop()


async def test_max_facts_per_turn_caps_what_one_turn_infers(tmp_path: Path) -> None:
    """MEMBOT_MAX_FACTS_PER_TURN bounds the inferred writes of one turn (the statements a
    user plainly makes are bounded apart)."""
    from memory_core.learn.arbitrate import cap_writes, proposal_of
    from memory_core.learn.decisions import Insert
    from tests.factories import candidate

    settings = Settings(_env_file=None, max_facts_per_turn=1)  # type: ignore[call-arg]
    config = app.memory_config(settings)
    assert config.max_facts_per_turn == 1
    inserts = [
        Insert(proposal_of(candidate(f"k{i}", f"v{i}"), explicit=False), "new") for i in range(3)
    ]
    assert len(cap_writes(inserts, frozenset(), config.max_facts_per_turn)) == 1


async def test_the_benchmarks_fake_recalls_only_when_the_block_misses_the_question(
    tmp_path: Path,
) -> None:
    """The fake-LLM bench's model calls memory_query when none of a question's words is in
    the memory shown; the bot answers it and the share lands in the metrics."""
    async with (
        FakeAnthropic(default_text="OK.", recall_when_unsure=True) as fake,
        llm_bot(tmp_path, fake) as rt,
    ):
        await teach(rt, "I live in Lisbon")
        await rt.router.on_message(message("where do I live?"))  # "live" is in the block
        await rt.router.on_message(message("what is my favourite colour?"))
        await rt.router.on_message(message("nice weather today"))  # no question
        await rt.settle()
        assert (fake.recalls, fake.recalls_refused) == (1, 0)
        (call,) = [
            b
            for r in fake.requests
            for m in r["messages"]
            if m["role"] == "assistant" and isinstance(m["content"], list)
            for b in m["content"]
            if b.get("type") == "tool_use"
        ]
        assert call["name"] == "memory_query" and "colour" in call["input"]["query"]
        report = Operations(rt.memory.db).metrics(
            since=START.timestamp() - DAY_S, until=START.timestamp() + DAY_S
        )
    assert report.on_demand_turns == 1 and report.turns == 3


def test_the_new_settings_reach_the_engine(tmp_path: Path) -> None:
    """Seed 001's settings and the categories file, from MEMBOT_* to the engine's config; a
    categories file that widens the privacy rules stops the start with the variable named."""
    path = tmp_path / "categories.toml"
    path.write_text('[categories.other]\ncontext = "all"\n', encoding="utf-8")
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        min_inject_confidence=0.5,
        max_facts_per_turn=2,
        auto_extract=False,
        on_demand_max_share=0.2,
        on_demand_window=50,
        categories_file=path,
    )
    config = app.memory_config(settings)
    assert config.recall.min_inject_confidence == 0.5
    assert (config.max_facts_per_turn, config.auto_extract) == (2, False)
    assert (config.on_demand_max_share, config.on_demand_window) == (0.2, 50)
    assert config.categories.mode(Category.OTHER) == ContextMode.ALL
    path.write_text('[allowlists]\ngroup = ["health"]\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"MEMBOT_CATEGORIES_FILE: .*group may not grant health"):
        app.memory_config(settings)


async def test_min_inject_confidence_keeps_an_unsure_fact_out_of_the_block(
    tmp_path: Path,
) -> None:
    settings = Settings(_env_file=None, min_inject_confidence=0.7)  # type: ignore[call-arg]
    rt = app.build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START))
    await rt.start()
    try:
        await rt.memory.remember(ANA, NewFact("likes.tea", "Ana likes tea.", confidence=0.6))
        await rt.memory.remember(ANA, NewFact("likes.jazz", "Ana likes jazz.", confidence=0.8))
        recall = await rt.memory.recall(ANA, "tea or jazz tonight?", chat_id="c", group=False)
        sections = recall.block.text.split("\n\n## ", 1)[-1]
        assert "jazz" in sections and "tea" not in sections
    finally:
        await rt.stop()
