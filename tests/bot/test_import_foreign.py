"""Bringing memory along from ChatGPT or Claude: their exports (fixtures built from the
published formats, no real data) go through /import's preview → Apply, and every fact says
where and when it came from."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.user import foreign_memory
from memory_core.values import Category

DATA = Path(__file__).parent.parent / "memory_core" / "data" / "foreign"


def test_claude_memories_json_becomes_one_memory_per_sentence_by_section() -> None:
    found = foreign_memory.read((DATA / "claude_memories.json").read_text())
    assert found is not None and found.source == "claude"
    items = {i.text: i.category for i in found.items}
    assert items["Sam has a greyhound called Pixel."] == Category.IDENTITY
    assert items["Sam is studying for a master's degree in public health."] == (
        Category.TASK_CONTEXT
    )
    assert items["Prefers short answers with bullet points."] == Category.SOFT_PREFERENCE
    # Project memory is kept too.
    assert any("dissertation" in t for t in items)
    assert len(found.items) == 7


def test_chatgpt_memory_list_keeps_each_entry_and_its_date() -> None:
    found = foreign_memory.read((DATA / "chatgpt_memories.txt").read_text())
    assert found is not None and found.source == "chatgpt"
    assert [i.text for i in found.items][:2] == [
        "Is vegetarian and allergic to peanuts.",
        "Lives in Lyon, France.",
    ]
    assert len(found.items) == 5
    assert found.items[0].saved is not None and found.items[0].saved.year == 2025
    assert found.items[3].saved is None  # "[unknown]"


@pytest.mark.parametrize(
    "text",
    [
        "# Memory of Ana\n\n## Identity\n- Ana lives in Porto. [#1]\n",
        '{"facts": []}',
        '[{"title": "a chat", "mapping": {}}]',  # ChatGPT conversations.json: not a memory
        "just some notes",
    ],
)
def test_other_files_are_not_taken_for_a_foreign_memory(text: str) -> None:
    assert foreign_memory.read(text) is None


def test_an_assistants_note_about_the_user_is_stored_as_a_statement() -> None:
    assert foreign_memory.as_statement("User prefers tea") == "The user prefers tea."
    assert foreign_memory.as_statement("Lives in Lyon") == "The user lives in Lyon."
    assert foreign_memory.as_statement("Sam has a dog.") == "Sam has a dog."


@pytest.mark.parametrize(
    ("fixture", "source", "expected"),
    [
        ("chatgpt_memories.txt", "ChatGPT", "The user lives in Lyon, France."),
        ("claude_memories.json", "Claude", "Sam has a greyhound called Pixel."),
    ],
)
async def test_a_foreign_export_is_previewed_applied_once_and_says_where_it_came_from(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., AbstractAsyncContextManager[Any]],
    fixture: str,
    source: str,
    expected: str,
) -> None:
    path = tmp_path / fixture
    shutil.copy(DATA / fixture, path)
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto")
        preview = await s.say(f"/import {path}")
        day = clock.now().date().isoformat()
        assert "memory export adds" in preview and f"imported from {source} on {day}" in preview
        assert expected in preview
        # Nothing is written before Apply, and nothing of ours is up for removal.
        assert "Forget" not in preview
        memory = s.runtime.memory
        assert len(await memory.list_facts("console:ana")) == 1
        assert "added" in await s.say("/tap 1")
        facts = await memory.list_facts("console:ana")
        imported = [f for f in facts if f.source_turn_id and f.source_turn_id.startswith("import:")]
        assert expected in {f.value_text for f in imported}
        assert len(imported) == len(facts) - 1
        # Every imported fact carries its provenance, in the fact and in its history.
        assert {f.source_excerpt for f in imported} == {f"imported from {source} on {day}"}
        for fact in imported:
            history = await memory.history("console:ana", fact_id=fact.id)
            assert history[0].reason == f"imported from {source} on {day}"
        why = await s.say(f"/why #{imported[0].id}")
        assert f"Imported from {source} on" in why
        # The same export again: nothing new.
        assert "matches what I already have" in await s.say(f"/import {path}")
        # Porto (ours) is untouched.
        assert any("Porto" in f.value_text for f in await memory.list_facts("console:ana"))
