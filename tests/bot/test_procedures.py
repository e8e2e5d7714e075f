"""Procedural memory in the console (offline): told with an explicit trigger or /remember,
answered when asked, never in the memory block, shown in /profile, exported, forgettable."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memory_core.clock import ManualClock
from memory_core.values import Audience, Category
from tests.factories import START

REPORTS = (
    "remember how I like my reports: 1. start with a one-line summary 2. then use bullet "
    "points 3. keep it under one page"
)


async def test_a_procedure_is_told_then_answered_with_its_steps(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        told = await s.say(REPORTS)
        assert "how you like your reports done" in told, told
        assert "1. Start with a one-line summary." in told
        asked = await s.say("How do I like my reports done?")
    assert "Here's how you like your reports done:" in asked, asked
    for i, step in enumerate(
        ("Start with a one-line summary.", "Use bullet points.", "Keep it under one page."), 1
    ):
        assert f"{i}. {step}" in asked, asked


async def test_a_procedure_stays_out_of_the_memory_block_and_of_search(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(REPORTS, "I live in Porto.")
        assert s.runtime is not None
        memory = s.runtime.memory
        await s.runtime.observer.drain()
        facts = await memory.list_facts("console:ana", limit=50)
        procedures = [f for f in facts if f.category == Category.PROCEDURAL]
        assert [(f.kind, f.key) for f in procedures] == [("procedure", "procedure.report")]
        # Only the procedure: its steps are no facts of their own.
        assert not any("bullet" in f.value_text for f in facts if f.kind == "fact")
        recall = await memory.recall(
            "console:ana", "write my reports please", chat_id="c", group=False
        )
        assert "bullet" not in recall.block.text
        assert all(h.fact is None or h.fact.kind != "procedure" for h in recall.candidates)
        hits = await memory.view("console:ana", Audience.PRIVATE).search("reports bullet", k=5)
        assert not [h for h in hits if h.fact is not None and h.fact.kind == "procedure"]


async def test_remember_command_with_steps_profile_export_and_forget(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        out = await s.say("/remember my packing routine: laptop; charger; two books")
        assert "I'll remember" in out, out
        profile = await s.say("/profile")
        assert "How you like things done" in profile, profile
        lines = [line.strip() for line in profile.splitlines()]
        at = lines.index("• Packing:")
        assert lines[at + 1 : at + 4] == ["1. Laptop.", "2. Charger.", "3. Two books."], profile
        assert s.runtime is not None
        export = await s.runtime.memory.view("console:ana", Audience.PRIVATE).export("Ana")
        assert "## How I like things done" in export.markdown
        assert "1. Laptop. 2. Charger. 3. Two books." in export.markdown
        forgot = await s.say("/forget packing")
        assert "Forget: You like your packing done this way" in forgot, forgot
        memory = s.runtime.memory
        (procedure,) = [
            f for f in await memory.list_facts("console:ana", limit=10) if f.kind == "procedure"
        ]
        await memory.forget("console:ana", procedure.id)
        asked = await s.say("What's my packing routine?")
        assert "You haven't told me how you like your packing done yet" in asked, asked
        assert "Laptop" not in asked and "laptop" not in asked  # the turn that told it is gone
        coffee = await s.say("how do I like my coffee?")  # a plain preference question
        assert "coffee done" not in coffee, coffee


async def test_a_procedure_reads_in_a_group_only_when_nothing_in_it_is_private(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say(
            "/remember my packing routine: laptop; charger; two books",
            "/remember how I like my mornings: take my insulin; then coffee",
        )
        assert s.runtime is not None
        memory = s.runtime.memory
        group = await memory.recall(
            "console:ana", "what is my packing routine?", chat_id="g", group=True
        )
        assert [p.key for p in group.procedures] == ["procedure.packing"]
        health = await memory.recall(
            "console:ana", "how do I like my mornings done?", chat_id="g", group=True
        )
        assert health.procedure_topic == "mornings" and health.procedures == []
        mine = await memory.recall(
            "console:ana", "how do I like my mornings done?", chat_id="c", group=False
        )
        assert [p.key for p in mine.procedures] == ["procedure.morning"]


async def test_memory_md_round_trip_edits_and_adds_procedures(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        await s.say("/" + REPORTS)  # /remember …: learned before the export
        await s.say("/export")
        md = (tmp_path / "MEMORY.md").read_text()
        assert "## How I like things done" in md
        edited = md.replace("3. Keep it under one page.", "3. Add a chart.")
        edited = edited.replace(
            "## How I like things done\n",
            "## How I like things done\n- My emails: 1. short 2. friendly\n",
        )
        path = tmp_path / "edited.md"
        path.write_text(edited)
        await s.say(f"/import {path}")
        applied = await s.say("/tap 1")
        assert "1 added" in applied and "1 changed" in applied, applied
        reports = await s.say("How do I like my reports done?")
        assert "3. Add a chart." in reports and "under one page" not in reports, reports
        emails = await s.say("how do I like my emails done?")
        assert "1. Short." in emails and "2. Friendly." in emails, emails
        assert s.runtime is not None
        keys = {
            f.key
            for f in await s.runtime.memory.list_facts("console:ana", limit=20)
            if f.kind == "procedure"
        }
        assert keys == {"procedure.report", "procedure.email"}


async def test_a_sensitive_procedure_is_kept_without_being_said_back(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        told = await s.say("remember how I like my mornings: take my insulin; then coffee")
        assert "private" in told and "insulin" not in told, told
        assert s.runtime is not None
        await s.runtime.observer.drain()
        (morning,) = await s.runtime.memory.list_facts("console:ana", limit=5)
        assert morning.kind == "procedure" and morning.sensitive


async def test_a_detected_procedure_without_remember_is_acknowledged(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The phrase, a colon and numbered steps: high-confidence detection (it starts like a
    question, "how …", and is still no question)."""
    async with console(tmp_path / "m.db", ManualClock(START), user="ana") as s:
        told = await s.say("how I like my code reviewed: 1. tests first 2. naming second")
        assert "how you like your code done (1. Tests first. 2. Naming second.)" in told, told
        plain = await s.say("how I like my coffee: strong")
        assert "done" not in plain, plain


def test_a_step_ending_in_a_number_keeps_it_when_read_back() -> None:
    # "boil the water for 5" was stored as "1. Boil the water for 5. 2. …" and read back as
    # "Boil the water for." (the "5." taken for the next step's number).
    from memory_core.text.procedures import detect, steps_in, steps_of

    found = detect(
        "remember how I like my tea: 1. boil the water for 5 2. steep 3 minutes 3. add milk",
        explicit=False,
    )
    assert found is not None
    expected = ["Boil the water for 5.", "Steep 3 minutes.", "Add milk."]
    assert steps_in(found.value_text) == expected
    assert steps_of("1. Call room 2. 2. Ask for Bob. 3. Leave.") == [
        "Call room 2.",
        "Ask for Bob.",
        "Leave.",
    ]


def test_any_participle_after_the_topic_is_no_part_of_it() -> None:
    """ "how I want the server deployed: …" is about the server (read back "how you like your
    server done", never "your server deployed done"), and asking in the same words finds it."""
    from memory_core.text.procedures import asked_topic, detect, topic_of

    for said, topic in (
        ("remember how I want the server deployed: 1. run the tests 2. tag it", "server"),
        ("remember how I like my shirts ironed: 1. collar 2. sleeves", "shirts"),
        ("remember how I want the lawn mown: 1. edges 2. stripes", "lawn"),
        ("remember how I like my steak: 1. salt 2. sear", "steak"),
    ):
        found = detect(said, explicit=False)
        assert found is not None, said
        assert topic_of(found.key, found.value_text) == topic, found.value_text
    assert asked_topic("how do I want the server deployed?") == "server"
