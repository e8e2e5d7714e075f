"""Bringing memory along from ChatGPT or Claude: their exports (fixtures built from the
published formats, no real data) go through /import's preview → Apply, and every fact says
where and when it came from."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest

from bot.buttons import ButtonCodec
from bot.i18n import day_text
from bot.page import render
from bot.questions import conflict_reply
from memory_core.clock import ManualClock
from memory_core.types import Conflict
from memory_core.user import foreign_memory
from memory_core.values import Category
from tests.factories import NOW, fact

DATA = Path(__file__).parent.parent / "memory_core" / "data" / "foreign"


def test_claude_memories_json_becomes_one_memory_per_sentence_by_section() -> None:
    found = foreign_memory.read((DATA / "claude_memories.json").read_text())
    assert found is not None and found.source == "claude"
    items = {i.text: i.category for i in found.items}
    # The export calls the user "Sam (Rivera)": the memory says "the user", and keeps the name.
    assert items["The user has a greyhound called Pixel."] == Category.IDENTITY
    assert items["The user is studying for a master's degree in public health."] == (
        Category.TASK_CONTEXT
    )
    assert items["The user's name is Sam Rivera."] == Category.IDENTITY
    assert items["Prefers short answers with bullet points."] == Category.SOFT_PREFERENCE
    # Project memory is kept too.
    assert any("dissertation" in t for t in items)
    assert not any(t.startswith("Sam") for t in items), items
    assert len(found.items) == 8


def test_a_name_that_is_not_the_users_is_left_alone() -> None:
    """One sentence about someone else ("Jo is a teacher.") is no owner: the user is the
    name most sentences are about, at least two of them."""
    prose = "Jo is a teacher. Likes hiking. Lives in York."
    found = foreign_memory.read(json.dumps([{"conversations_memory": prose}]))
    assert found is not None and found.items[0].text == "Jo is a teacher."


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
    ("fixture", "source", "shown", "expected"),
    [
        (
            "chatgpt_memories.txt",
            "ChatGPT",
            "You live in Lyon, France.",  # said to the user; stored as the fact's own text
            "The user lives in Lyon, France.",
        ),
        (
            "claude_memories.json",
            "Claude",
            "You have a greyhound called Pixel.",  # the export's "Sam" is the user
            "The user has a greyhound called Pixel.",
        ),
    ],
)
async def test_a_foreign_export_is_previewed_applied_once_and_says_where_it_came_from(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., AbstractAsyncContextManager[Any]],
    fixture: str,
    source: str,
    shown: str,
    expected: str,
) -> None:
    path = tmp_path / fixture
    shutil.copy(DATA / fixture, path)
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto")
        preview = await s.say(f"/import {path}")
        day = clock.now().date().isoformat()
        # The preview says the day as the user's language writes it (not 2026-…).
        said_day = day_text("en", clock.now().date())
        assert "memory export adds" in preview and f"from {source} on {said_day}" in preview
        assert shown in preview
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


async def test_secrets_in_a_foreign_export_are_not_stored_as_in_chat(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., AbstractAsyncContextManager[Any]],
) -> None:
    """A password or code inside another assistant's memory is kept as chat keeps one said in
    passing: not at all (only an explicit /remember stores a secret). The preview says how
    many lines were left out, and no trace of them reaches a fact or the stored plan."""
    path = tmp_path / "chatgpt.txt"
    path.write_text(
        "```\n"
        "[2025-01-02] - Lives in Lyon, France.\n"
        "[2025-01-03] - Wifi password is Xk29pQ7788\n"
        "[2025-01-04] - The root password hunter2-Xq9 opens the home server.\n"
        "[2025-01-05] - Door code is four seven seven one\n"
        "```\n"
    )
    async with console(tmp_path / "m.db", clock) as s:
        preview = await s.say(f"/import {path}")
        assert "Lyon" in preview and "Not added (3)" in preview
        assert "/tap 1" in preview or "Apply" in preview
        assert "added" in await s.say("/tap 1")
        facts = await s.runtime.memory.list_facts("console:ana")
        assert [f.value_text for f in facts] == ["The user lives in Lyon, France."]
        assert all(f.category != Category.CREDENTIAL for f in facts)
    stored = (tmp_path / "m.db").read_bytes()
    wal = tmp_path / "m.db-wal"
    stored += wal.read_bytes() if wal.exists() else b""
    for secret in (b"Xk29pQ7788", b"hunter2-Xq9", b"four seven seven one"):
        assert secret not in stored


def test_an_imported_facts_provenance_is_never_quoted_as_the_users_own_message() -> None:
    """Regression: the note an imported fact keeps ("imported from ChatGPT on 2026-03-01") was
    quoted as the user's words, English and with its raw ISO day, on the page ("from your
    message: …") and in a conflict question ("Earlier you told me imported from …")."""
    note = "imported from ChatGPT on 2026-03-01"
    old = fact(1, "The user lives in Lyon.", source_turn_id="import:chatgpt:7", source_excerpt=note)
    new = fact(2, "The user lives in Porto.", source_excerpt="I moved to Porto")
    story = render.fact_page(render.Ctx("de", "Ana", "x", "/memory"), old, [])
    assert note not in story and "aus ChatGPT importiert" in story
    conflict = Conflict(3, "console:ana", "console", old, new, NOW, NOW)
    question = conflict_reply(ButtonCodec(b"k" * 32), conflict, "en").text
    assert note not in question and "you live in Lyon" in question, question


async def test_an_export_of_secrets_only_says_they_were_left_out(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., AbstractAsyncContextManager[Any]],
) -> None:
    """Regression: a file whose only lines are secrets was answered "That file matches what I
    already have" — as if it held nothing new. It says the lines were left out as secrets."""
    path = tmp_path / "chatgpt.txt"
    path.write_text(
        "```\n"
        "[2025-01-03] - Wifi password is Xk29pQ7788\n"
        "[2025-01-05] - Door code is four seven seven one\n"
        "```\n"
    )
    async with console(tmp_path / "m.db", clock) as s:
        said = await s.say(f"/import {path}")
        assert "matches what I already have" not in said
        assert "Not added (2)" in said and "password, PIN or code" in said
        assert "Xk29pQ7788" not in said and "Apply" not in said
        assert await s.runtime.memory.list_facts("console:ana") == []
