"""Everything about one entity (seed 002's ``get_entity_info``) and the memory in numbers
(``memory_stats``): offline in the console, and through the view the model's tools use."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from memory_core.values import Audience
from tests.factories import START

MARCO = (
    "My brother Marco lives in Rome.",
    "Marco is a chef.",
    "I'm going to Marco's wedding in June.",
    "I live in Porto.",
    "I have asthma.",
)


async def test_tell_me_everything_about_a_person_gives_their_facts_not_one_quote(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(*MARCO)
        answer = await s.say("Tell me everything about Marco")
    assert "Marco is your brother" in answer, answer
    for part in ("Rome", "chef", "wedding"):
        assert part in answer, answer
    assert "Porto" not in answer


async def test_entity_info_has_aliases_a_summary_and_protection_and_hides_the_private(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(*MARCO, "My brother Marco has diabetes.")
        assert s.runtime is not None
        await s.runtime.observer.drain()
        memory = s.runtime.memory
        info = await memory.view("console:ana", Audience.PRIVATE).entity("Marco's")
        assert info is not None
        assert info.name == "Marco" and info.relation == "brother" and info.protected
        assert "Marco's" in info.aliases
        assert info.summary is not None and "Rome" in info.summary
        assert "diabetes" not in info.summary.casefold()  # nothing sensitive in a summary
        texts = [f.value_text for f in info.facts]
        assert any("diabetes" in t for t in texts)
        group = await memory.view("console:ana", Audience.GROUP).entity("marco")
        assert group is not None
        assert not any("diabetes" in f.value_text for f in group.facts)
        # Another user has no Marco.
        assert await memory.view("console:bob", Audience.PRIVATE).entity("Marco") is None
        # Forgotten means gone from the summary too.
        (rome,) = [f for f in info.facts if "Rome" in f.value_text]
        await memory.forget("console:ana", rome.id)
        again = await memory.view("console:ana", Audience.PRIVATE).entity("Marco")
        assert again is not None and "Rome" not in (again.summary or "")


async def test_memory_stats_counts_by_kind_and_category_and_a_group_counts_nothing_private(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(*MARCO, "remember how I like my reports: 1. summary first 2. bullets")
        assert s.runtime is not None
        await s.runtime.observer.drain()
        memory = s.runtime.memory
        mine = await memory.view("console:ana", Audience.PRIVATE).stats()
        group = await memory.view("console:ana", Audience.GROUP).stats()
    assert mine.by_kind["procedure"] == 1 and mine.by_kind["fact"] >= 4
    assert mine.by_category.get("health", 0) >= 1 and "health" not in group.by_category
    assert mine.episodes >= 12 and mine.entities >= 1 and mine.latest is not None
